"""Hints: the best computer player's move for the player to move, with a reason.

A hint is computed from the player's view only, like any computer player's
choice, so asking for one never leaks a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.session import Game
from ..errors import GameOverError
from .base import caught_up, make_player, player_levels

__all__ = ["Hint", "hint", "best_level", "HINT_SECONDS", "NO_WAY"]

#: What a patience player says (as its reason) once it has found that no move leads
#: to a position it has not been in, nor anywhere a win is left: a person undoes or
#: resigns, a demo stops, a simulation counts the game lost.
NO_WAY = "no move leads anywhere new: undo or resign"


@dataclass(frozen=True)
class Hint:
    """A suggested move (canonical string) and a one-line reason."""

    move: str
    reason: str

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def best_level(game_name: str) -> str:
    """The strongest registered level for a game (levels are registered weakest first)."""
    return player_levels(game_name)[-1]


#: The time a hint may take to think (seconds of CPU per decision for the players
#: that sample hidden cards; the simulations give them less).
HINT_SECONDS = 1.0


def hint(game: Game, seconds: float = HINT_SECONDS) -> Hint:
    """The suggested move for the player to move in ``game``, from the strongest
    player, given ``seconds`` to think where it takes a budget."""
    outcome = game.outcome
    if outcome is not None:
        raise GameOverError(f"the game is over ({outcome}): there is nothing to hint")
    seat = game.to_move
    player = make_player(game.name, best_level(game.name), seed=game.seed, seat=seat)
    if hasattr(player, "seconds"):
        player.seconds = seconds
    caught_up(player, game, seat)  # so a player with a memory recalls the game so far
    move, reason = player.explain(game.view(seat), game.legal_moves())
    return Hint(move, reason)
