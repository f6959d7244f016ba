"""Chinese Patience's ``greedy`` player, and the phase memory both players share.

Both players decide from the player's view alone: they rebuild it as an engine state
whose hidden hand cards are placeholders (:mod:`.position`), so the engine's own rules
generate and apply their moves but no hidden card can reach a decision.

A turn splits into *phases* at each twist: between two twists everything is visible
and deterministic. Both players remember the positions of the current phase and never
return to one, since a top card can shuttle between two tableau piles for ever, and
replay a plan (``strong``'s) while the position is the one they expected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import NoLegalMoveError
from ...games.chinese_patience import (
    CARD,
    END,
    END_MOVE,
    MOVE_STRS,
    PILE,
    TWIST,
    TWIST_MOVE,
    ChinesePatience,
)
from ..base import Player, register_player
from ..renamed import renamed_attribute
from .position import (
    GAME,
    MOVE_OF,
    PILE_NAMES,
    Move3,
    applied,
    describe,
    next_card,
    phase_key,
    rebuild,
)

__all__ = ["ChinesePatienceGreedyPlayer", "PhasePlayer"]


# --- turn memory and plans ---------------------------------------------------------


class PhasePlayer(Player):
    """Remembers the positions of the current phase and replays a plan.

    A phase ends at each twist or end, and a position seen earlier in the same
    phase is never entered again, so no turn can loop. ``_expect`` is the
    position our last move should have produced: anything else (a twist, the
    opponent's turn, another game) starts a new phase.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._seen: set[tuple[Any, ...]] = set()
        self._expect: tuple[Any, ...] | None = None
        self._plan: list[Move3] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        if not legal:
            raise NoLegalMoveError()
        s = rebuild(view)
        key = phase_key(s)
        if key != self._expect:
            self._seen = set()
            self._plan = []
        self._seen.add(key)
        if self._plan and MOVE_STRS[self._plan[0]] in legal:
            move, reason = self._plan.pop(0), "continues the plan"
        elif len(legal) == 1:
            move, reason = MOVE_OF[legal[0]], "the only legal move"
        else:
            move, reason = self.decide(s, legal)
        text = MOVE_STRS[move]
        if text not in legal:  # pragma: no cover - a bug guard, never a wrong move
            move, text, reason = MOVE_OF[legal[0]], legal[0], "fallback"
        if move[0] == END or (move[0] == TWIST and next_card(s, s.turn) is None):
            self._expect = None
            self._plan = []
        else:
            self._expect = phase_key(applied(s, move))
        return text, f"{describe(s, move)}: {reason}"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        """The move to play now (may set ``self._plan`` for the moves after it)."""
        raise NotImplementedError


# --- greedy ----------------------------------------------------------------------


def _greedy_rank(s: ChinesePatience, move: Move3) -> tuple[int, str]:
    """How useful a move is at first sight (higher first) and why."""
    kind, src, dst = move
    if kind == TWIST:
        return 10, "nothing better to do: twist"
    if kind == END:
        return 0, "the twisted card cannot move: end the turn"
    if kind == PILE:
        if s.discards[s.turn]:
            return 20, f"makes a space for the top of {PILE_NAMES['0']}"
        return -1, ""
    if 1 <= dst <= 4:
        return (61 if src == 0 else 60), "a card to a foundation"
    if src == 0:
        if dst == 9:
            return 50, f"loads {PILE_NAMES['9']}"
        if s.tab[dst - 5]:
            return 45, "gets rid of a card onto the tableau"
        return 40, "gets rid of a card into a space"
    if dst == 9:
        return 30, f"loads {PILE_NAMES['9']} from the tableau"
    if len(s.tab[src - 5]) == 1 and s.discards[s.turn]:
        return 20, f"makes a space for the top of {PILE_NAMES['0']}"
    return -1, ""


@register_player(GAME, "greedy")
class ChinesePatienceGreedyPlayer(PhasePlayer):
    """Foundations first, then getting rid of its own cards, then loading, then twisting.

    It looks one move ahead only; tableau moves are made only to open a space
    its discard pile can fill.
    """

    level = "greedy"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        best: tuple[int, str] | None = None
        best_move = MOVE_OF[legal[0]]
        for text in legal:
            move = MOVE_OF[text]
            rank, why = _greedy_rank(s, move)
            if rank < 0 or (best is not None and rank <= best[0]):
                continue
            if move[0] in (CARD, PILE) and phase_key(applied(s, move)) in self._seen:
                continue
            best, best_move = (rank, why), move
        if best is None:  # only tableau shuffles left: leave the phase
            for exit_move in (TWIST_MOVE, END_MOVE):
                if MOVE_STRS[exit_move] in legal:
                    return exit_move, "nothing useful left"
            return best_move, "the first legal move"
        return best_move, best[1]


#: Former names, still importable (with a ``DeprecationWarning``): the classes are now
#: named after their game, like every other game's players (``UnoStrongPlayer``).
_RENAMED = {"GreedyPlayer": "ChinesePatienceGreedyPlayer"}


def __getattr__(name: str) -> Any:
    return renamed_attribute(__name__, globals(), _RENAMED, name)
