"""Hints: the best computer player's move for the player to move, with a reason.

A hint is computed from the player's view only, like any computer player's
choice, so asking for one never leaks a hidden card. Its player's random stream (the
strong players sample hidden cards) is seeded from that view too, not from the deal's
seed: two deals that look the same give the same hint.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from ..core.protocol import GameState
from ..core.session import Game
from ..errors import GameOverError, InvalidOptionError, WrongGameError, quoted
from ..kernels import warm
from ..rng import derived_seed
from .base import caught_up, make_player, own_levels

__all__ = ["Hint", "hint", "best_level", "HINT_SECONDS", "NO_WAY"]

#: What a patience player says (as its reason) once it has found that no move leads
#: to a position it has not been in, nor anywhere a win is left: a person undoes or
#: resigns (the table service's hint says so, in the rules pages' words: "no move
#: leads anywhere: undo or resign"), a demo stops, a simulation counts the game lost.
NO_WAY = "no move leads anywhere"


@dataclass(frozen=True)
class Hint:
    """A suggested move (canonical string) and a one-line reason; ``stuck`` when the
    player found that no move leads anywhere (the reason is then :data:`NO_WAY`,
    and the move only some legal move: a table suggests none, see
    :meth:`parlour.service.TableService.hint`)."""

    move: str
    reason: str
    stuck: bool = False

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def best_level(game_name: str) -> str:
    """The strongest of parlour's own levels for a game (levels are registered weakest
    first). A level registered by a user's code (``register_player``, to simulate a
    player of one's own) is never taken: it made every hint that player's choice."""
    return own_levels(game_name)[-1]


#: The time a hint may take to think (seconds of CPU per decision for the players
#: that sample hidden cards; the simulations give them less).
HINT_SECONDS = 1.0


def hint(game: Game, seconds: float = HINT_SECONDS) -> Hint:
    """The suggested move for the player to move in ``game``, from the strongest
    player, given ``seconds`` to think where it takes a budget.

    ``game`` is a :class:`~parlour.Game` (not its engine state: a hint recalls the game
    so far, which only the Game keeps); anything else is a ``WrongGameError``, and
    ``seconds`` that is not a number from 0 up an ``InvalidOptionError``."""
    if not isinstance(game, Game):
        what = (
            f"a {type(game).__name__} engine state (a hint recalls the game so far, which "
            "only the Game keeps: pass the game itself, not game.state)"
            if isinstance(game, GameState)
            else quoted(game)
        )
        raise WrongGameError(
            f"hint takes a game from parlour.new_game or parlour.load_game, got {what}"
        )
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 <= seconds < math.inf
    ):
        raise InvalidOptionError(
            f"a hint's seconds to think are a number from 0 up (0: no sampling), got "
            f"{quoted(seconds)}"
        )
    outcome = game.outcome
    if outcome is not None:
        raise GameOverError(f"the game is over ({outcome}): there is nothing to hint")
    seat = game.to_move
    view = game.view(seat)
    seed = derived_seed(0, "hint " + json.dumps(view, sort_keys=True, default=str))
    player = make_player(game.name, best_level(game.name), seed=seed, seat=seat)
    if hasattr(player, "seconds"):
        player.seconds = seconds
    # compiled code loaded before the clock starts (a cold first hint ran out of time)
    warm(game.name, f"{game.name} strong player")
    caught_up(player, game, seat)  # so a player with a memory recalls the game so far
    move, reason = player.explain(view, game.legal_moves())
    return Hint(move, reason, stuck=player.stuck)
