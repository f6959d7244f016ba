"""Calculation's fair player: plans each current card's placement from the view."""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ...cards import rank_words
from ...errors import NoLegalMoveError
from ..base import Player, register_player
from .position import (
    GAME,
    NEXT,
    ON_WASTE,
    POS,
    RANKS,
    STOCK,
    Line,
    Move,
    Need,
    Piles,
    info,
    move_text,
)
from .search import score


def _wanted_by(need: Need, r: int) -> int:
    """How many foundations still want rank r (now or later)."""
    return sum(1 for f in range(4) if need[f] and POS[f][r] >= POS[f][need[f]])


# --- moves on the rank-only position ----------------------------------------


def _moves(need: Need, piles: Piles, cur: int, classic: bool) -> list[Move]:
    """The legal moves, leaving out those that only differ by identical waste piles."""
    out: list[Move] = []
    if cur:
        for f in range(4):
            if need[f] == cur:
                out.append((STOCK, f))
    seen: list[tuple[int, ...]] = []
    for w in range(4):
        pile = piles[w]
        if pile and pile not in seen:
            r = pile[-1]
            for f in range(4):
                if need[f] == r:
                    out.append((w + 1, f))
        seen.append(pile)
    if cur:
        seen = []
        for w in range(4):
            if piles[w] not in seen:
                out.append((STOCK, ON_WASTE + w))
                seen.append(piles[w])
    if not classic and () in piles:
        empty = piles.index(())
        seen = []
        for w in range(4):
            pile = piles[w]
            if len(pile) >= 2 and pile not in seen:
                out.append((w + 1, ON_WASTE + empty))
                seen.append(pile)
    return out


def _apply(need: Need, piles: Piles, cur: int, move: Move) -> tuple[Need, Piles, int]:
    """The position after ``move``; the card taken from the stock is ``cur``."""
    src, dst = move
    pl = list(piles)
    if src == STOCK:
        c = cur
    else:
        pile = pl[src - 1]
        c = pile[-1]
        pl[src - 1] = pile[:-1]
    if dst < ON_WASTE:
        nd = list(need)
        nd[dst] = NEXT[dst][c]
        need = (nd[0], nd[1], nd[2], nd[3])
    else:
        pl[dst - ON_WASTE] = pl[dst - ON_WASTE] + (c,)
    return need, tuple(pl), c


# --- evaluation -----------------------------------------------------------------


# --- the fair player's plan ---------------------------------------------------

#: A safety net on the positions searched for one current card.
_MAX_STATES = 4000


def _canon(need: Need, piles: Piles, placed: bool) -> Hashable:
    return (need, tuple(sorted(piles)), placed)


def _reachable(need: Need, piles: Piles, cur: int, classic: bool) -> list[tuple[Need, Piles, Line]]:
    """Every position reachable with ``cur`` placed (or, with no current card, at all),
    each with one line reaching it; the position itself is first when ``cur`` is 0."""
    out: list[tuple[Need, Piles, Line]] = []
    seen: set[Hashable] = set()
    # breadth first, so the first line to reach a position is a shortest one
    queue: deque[tuple[Need, Piles, bool, Line]] = deque([(need, piles, not cur, ())])
    while queue and len(seen) < _MAX_STATES:
        nd, pl, placed, line = queue.popleft()
        key = _canon(nd, pl, placed)
        if key in seen:
            continue
        seen.add(key)
        if placed:
            out.append((nd, pl, line))
        for mv in _moves(nd, pl, 0 if placed else cur, classic):
            nd2, pl2, _ = _apply(nd, pl, cur, mv)
            queue.append((nd2, pl2, placed or mv[0] == STOCK, (*line, mv)))
    return out


#: How many of the best positions get the one-card look-ahead.
_LOOK = 4
_LOOK_WEIGHT = 1.0


def _look_ahead(need: Need, piles: Piles, unseen: Sequence[int], classic: bool) -> float:
    """Expected best score once the next stock card comes (averaged over unseen ranks)."""
    total = sum(unseen)
    if not total:
        return score(need, piles, unseen, total)
    value = 0.0
    rest = list(unseen)
    for r in range(1, 14):
        k = unseen[r]
        if not k:
            continue
        rest[r] -= 1
        left = total - 1
        best = max(score(nd, pl, rest, left) for nd, pl, _ in _reachable(need, piles, r, classic))
        rest[r] += 1
        value += k * best
    return value / total


def _plan(
    need: Need, piles: Piles, cur: int, unseen: Sequence[int], classic: bool
) -> tuple[Line, float]:
    """The best line before the next stock card and its value."""
    options = _reachable(need, piles, cur, classic)
    if not cur:
        options = [o for o in options if o[2]] or options
    total = sum(unseen)
    ranked = sorted(options, key=lambda o: -score(o[0], o[1], unseen, total))
    best: tuple[float, Line] | None = None
    for nd, pl, line in ranked[:_LOOK]:
        if cur and any(unseen):
            value = _look_ahead(nd, pl, unseen, classic)
        else:
            value = score(nd, pl, unseen, total)
        if best is None or value > best[0] + 1e-9:
            best = (value, line)
    assert best is not None
    return best[1], best[0]


# --- reading the view -----------------------------------------------------------


def _rank_of(card: str) -> int:
    return RANKS.index(card[0]) + 1


def _read_view(view: Mapping[str, Any]) -> tuple[Need, Piles, int, list[int], bool]:
    """need, waste piles, current rank (0: none), unseen rank counts, classic."""
    rows = view["calculator"]
    need_list = [0 if row["next"] is None else RANKS.index(row["next"]) + 1 for row in rows]
    need: Need = (need_list[0], need_list[1], need_list[2], need_list[3])
    piles = tuple(tuple(_rank_of(c) for c in view["waste"][f"W{w}"]) for w in range(1, 5))
    cur = _rank_of(view["current"]) if view["current"] else 0
    unseen = [0] + [4] * 13
    for pile in view["foundations"].values():
        for c in pile:
            unseen[_rank_of(c)] -= 1
    for pile in piles:
        for r in pile:
            unseen[r] -= 1
    if cur:
        unseen[cur] -= 1
    classic = bool(view["options"].get("classic", False))
    return need, piles, cur, unseen, classic


def _run_note(r: int, below: int, need: Need) -> int:
    """The foundation (1-4) that wants rank ``r`` just before ``below``, or 0."""
    for f in range(4):
        if need[f] and POS[f][r] >= POS[f][need[f]] and NEXT[f][r] == below:
            return f + 1
    return 0


def _reason(view: Mapping[str, Any], need: Need, piles: Piles, cur: int, line: Line) -> str:
    """A one-line reason for the first move of ``line`` (cards named as the view shows them)."""
    src, dst = line[0]
    r = cur if src == STOCK else piles[src - 1][-1]
    name = view["current"] if src == STOCK else view["waste"][f"W{src}"][-1]
    where = "" if src == STOCK else f" from W{src}"
    if dst < ON_WASTE:
        if _wanted_by(need, r) == 1:
            why = "next needed there, and no other foundation still wants " + rank_words(r)
        else:
            why = "next needed there"
        return f"plays {name}{where} to F{dst + 1}: {why}"
    w = dst - ON_WASTE
    pile = piles[w]
    if src != STOCK:
        below = view["waste"][f"W{src}"][-2]
        return f"moves {name} from W{src} to the empty W{w + 1}: it frees {below} under it"
    if not pile:
        if r == 13:
            return f"puts {name} on the empty W{w + 1}: Kings are wanted last, keep them apart"
        return f"puts {name} on the empty W{w + 1}: it blocks no card there"
    top = view["waste"][f"W{w + 1}"][-1]
    note = _run_note(r, pile[-1], need)
    if note:
        return (
            f"puts {name} on {top} on W{w + 1}: F{note} takes {rank_words(r)} just before "
            f"{rank_words(pile[-1])} (a run in its order)"
        )
    t = info(need).times
    if t[r] <= min(t[c] for c in pile):
        steps = "needed now" if t[r] == 0 else f"{t[r]} step{'s' * (t[r] > 1)} away"
        return f"puts {name} on W{w + 1}: wanted before every card there ({steps}), it blocks none"
    return f"puts {name} on {top} on W{w + 1}: the least harmful place for it"


@register_player(GAME, "fair")
class CalculationFairPlayer(Player):
    """Plans each current card's placement from the view alone (see the module text).

    It keeps the line it planned and follows it while the view is the one it
    expected; otherwise (a new deal, an undo, a hint on a fresh position) it plans
    again, so its choice depends on the view and nothing else.
    """

    level = "fair"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._line: list[Move] = []
        self._expect: Hashable | None = None
        self._why = ""  # what the plan's reason adds (the stronger player's evidence)

    def plan(
        self, need: Need, piles: Piles, cur: int, unseen: Sequence[int], classic: bool
    ) -> tuple[Line, str]:
        """The line to follow until the next stock card, and words to add to its reason."""
        return _plan(need, piles, cur, unseen, classic)[0], ""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        if not legal:
            raise NoLegalMoveError()
        need, piles, cur, unseen, classic = _read_view(view)
        here = (need, piles, cur, view["stock_count"])
        if self._line and self._expect == here:
            line: Line = tuple(self._line)
        else:
            line, self._why = self.plan(need, piles, cur, unseen, classic)
        text = move_text(line[0]) if line else ""
        if text not in legal:  # cannot happen with a sound plan; stay legal regardless
            return legal[0], "no better move found"
        reason = _reason(view, need, piles, cur, line) + self._why
        nd, pl, _ = _apply(need, piles, cur, line[0])
        left = view["stock_count"] - (line[0][0] == STOCK)
        self._line = list(line[1:])
        self._expect = (nd, pl, 0 if line[0][0] == STOCK else cur, left)
        if line[0][0] == STOCK:
            self._line = []  # the next current card is unknown: plan afresh
        return text, reason
