"""8 x 8: a fair player (hints, demo play, simulations) and a solver.

The solver may see everything (face-down cards, talon order). Its search rests on
three observations about the game:

* **Layers.** A face-up card of rank r can only ever lie on a face-up card of rank
  r + 1 and the other colour. Call the cards of one rank and colour a *layer*
  and the cards they can lie on its *parents*. Moves that only shift face-up runs
  (no card turned up, no row emptied) never change, for any layer, the number of
  parents that are row tops: they only swap which parent is free. While no row is
  empty and no row without face-down cards could be emptied (the *settled*
  regime), everything that can happen later -- which card can reach a
  foundation, which face-down card can be turned up, whether a talon card must
  be built -- depends only on those counts, that is on the face-down stacks with
  the card on each, the cards at the foot of the rows without face-down cards,
  and the multiset of the other face-up cards. Positions that agree on these are
  equivalent, so they share one entry in the transposition table and their
  rearrangements are never searched: the search moves from one *progress* move
  (a card to a foundation, a face-down card turned up, a talon or waste card
  placed) to the next, with at most one shift to uncover the card it needs.
* **Talon walks.** Turning a talon card that can only go to the waste changes
  nothing but the talon; a tableau move can always be made before such turns
  unless it changes what the turned card may do. So runs of such turns are one
  macro move, and a tableau move is tried between them only where it matters.
* **Safe foundation moves.** A card of rank r may go up without loss once all
  four cards that could lie on it (rank r - 1, other colour: two suits, two
  packs) are on the foundations; Aces and Twos always. These are played at once.

With an empty row (the *open* regime) positions are keyed by their face-down
stacks and face-up multiset as well, which is exact for what can be rearranged
but lets the search miss a rare line; a search that went there never reports a
deal unwinnable, only winnable or undecided. When a search ends that way (everything
searched, but through the open regime), the solver runs a *proof pass* with the rest
of the budget: the tail's search below, which first checks each new open position
with a relaxation of the game that forgets how the face-up cards are arranged
(``_Relaxation``). A position the relaxation proves dead is finished exactly, so a
pass that meets only such open positions proves the deal unwinnable.

Node budgets above ``_TAIL_FROM`` (600,000) add a *tail*: if the search above is
still undecided after that many nodes, a fresh search with the rest of the budget,
which also merges talon places one reaches from another by turning cards onto the
waste (``_walk_dominated``) and runs no discrepancy phases (fewer nodes to a proof
and to most wins on deals decided between 250,000 and 600,000 nodes).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..cards import card_str, parse_card
from ..core.protocol import GameState
from ..errors import ParlourError
from ..games.eight_by_eight import EightByEight
from ..rng import Rng
from .base import Player, register_player
from .solver import Budget, SolveResult, register_solver

__all__ = ["EightByEightFairPlayer", "solve_eight_by_eight"]

GAME = "eight-by-eight"

# --- cards -----------------------------------------------------------------

_RED = tuple((c & 3) in (1, 2) for c in range(56))
#: _BUILDS[c][t]: card c may lie on card t in a row (one lower, other colour, never an Ace).
_BUILDS = tuple(
    tuple((c >> 2) == (t >> 2) - 1 and _RED[c] != _RED[t] and c >= 8 for t in range(56))
    for c in range(56)
)
#: The two suits of the other colour.
_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))


def _fits(c: int, f: Sequence[int]) -> bool:
    """Whether card ``c`` fits a foundation; ``f`` holds two heights per suit, higher first."""
    r = (c >> 2) - 1
    s = 2 * (c & 3)
    return f[s] == r or f[s + 1] == r


def _safe(c: int, f: Sequence[int]) -> bool:
    """Whether putting ``c`` up can never cost anything: nothing left could lie on it."""
    r = c >> 2
    if r <= 2:
        return True
    a, b = _OPPOSITE[c & 3]
    return f[2 * a + 1] >= r - 1 and f[2 * b + 1] >= r - 1


def _place(f: list[int], c: int) -> None:
    r = c >> 2
    s = 2 * (c & 3)
    if f[s] == r - 1:
        f[s] = r
    else:
        f[s + 1] = r


# --- solver state ----------------------------------------------------------
#
# A position is (rows, down, f, seq, ptr, passes): rows as tuples (bottom first),
# face-down counts, foundation heights (two per suit, higher first), and the talon
# and waste as one sequence ``seq`` in dealing order: seq[:ptr] is the waste
# (bottom first), seq[ptr:] the talon (top first). Turning the waste over keeps
# that order, so the sequence only ever loses cards.

Pos = tuple[
    tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int
]
Mv = tuple[Any, ...]

# Solver moves: ("R", n, m, k) row n's top k cards to row m; ("F", n) row top up;
# ("w", m) waste top to row m; ("f",) waste top up; ("t", how, m) turn and place
# the card (how: "W" waste, "F" foundation, "R" row m); ("o",) turn the waste over.


class _Mut:
    """A position being changed by a few moves (the solver's own, unchecked)."""

    __slots__ = ("rows", "down", "f", "seq", "ptr", "passes")

    def __init__(self, p: Pos) -> None:
        self.rows = list(p[0])
        self.down = list(p[1])
        self.f = list(p[2])
        self.seq = p[3]
        self.ptr = p[4]
        self.passes = p[5]

    def freeze(self) -> Pos:
        return (tuple(self.rows), tuple(self.down), tuple(self.f), self.seq, self.ptr, self.passes)

    def _cut(self, n: int, k: int) -> tuple[int, ...]:
        """Take the top ``k`` cards off row ``n``, turning up a face-down card left on top."""
        src = self.rows[n]
        cut = len(src) - k
        self.rows[n] = src[:cut]
        d = self.down[n]
        if d and cut == d:
            self.down[n] = d - 1
        return src[cut:]

    def _take(self) -> int:
        """Take the waste top off."""
        seq = self.seq
        self.ptr -= 1
        c = seq[self.ptr]
        self.seq = seq[: self.ptr] + seq[self.ptr + 1 :]
        return c

    def do(self, mv: Mv) -> None:
        kind = mv[0]
        if kind == "R":
            self.rows[mv[2]] += self._cut(mv[1], mv[3])
        elif kind == "F":
            _place(self.f, self._cut(mv[1], 1)[0])
        elif kind == "w":
            self.rows[mv[1]] += (self._take(),)
        elif kind == "f":
            _place(self.f, self._take())
        elif kind == "t":
            how = mv[1]
            if how == "W":
                self.ptr += 1
                return
            seq = self.seq
            c = seq[self.ptr]
            self.seq = seq[: self.ptr] + seq[self.ptr + 1 :]
            if how == "F":
                _place(self.f, c)
            else:
                self.rows[mv[2]] += (c,)
        else:  # "o"
            self.ptr = 0
            self.passes += 1


def _after(p: Pos, moves: Sequence[Mv]) -> Pos:
    m = _Mut(p)
    for mv in moves:
        m.do(mv)
    return m.freeze()


#: The two cards each card may lie on in a row (rank one higher, other colour); none
#: for Aces (which never lie in a row) and Kings.
_PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(4, 56) if _BUILDS[c][t]) for c in range(56)
)


def _target(c: int, tops: list[int], skip: int = -1) -> int:
    """A row (not ``skip``) whose top ``c`` builds on, or -1."""
    best = 8
    for v in _PARENTS[c]:
        if v in tops:
            i = tops.index(v)
            if i == skip:
                if v not in tops[i + 1 :]:
                    continue
                i = tops.index(v, i + 1)
            if i < best:
                best = i
    return best if best < 8 else -1


def _tops(rows: Sequence[Sequence[int]]) -> list[int]:
    return [row[-1] if row else 0 for row in rows]


_NEED: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}


def _needed(f: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """The cards that fit a foundation, and those of them that are safe to put up."""
    got = _NEED.get(f)
    if got is None:
        fit = frozenset(
            (f[2 * s + j] + 1) * 4 + s for s in range(4) for j in (0, 1) if f[2 * s + j] < 13
        )
        got = (fit, frozenset(c for c in fit if _safe(c, f)))
        if len(_NEED) > 200_000:
            _NEED.clear()
        _NEED[f] = got
    return got


def _open(rows: Sequence[Sequence[int]], down: Sequence[int], tops: list[int]) -> bool:
    """Whether a row is empty or a row without face-down cards could be emptied."""
    if 0 in tops:
        return True
    return any(not down[n] and _target(rows[n][0], tops, n) >= 0 for n in range(8))


def _key(p: Pos, is_open: bool) -> tuple[Any, ...]:
    """The class of a position: what its futures depend on (talon pointer and pass apart)."""
    rows, down = p[0], p[1]
    stacks = []
    feet = []
    rest: list[int] = []
    for n in range(8):
        row = rows[n]
        d = down[n]
        if d:
            stacks.append(row[: d + 1])
            rest += row[d + 1 :]
        elif row:
            feet.append(row[0])
            rest += row[1:]
    stacks.sort()
    if is_open:
        rest += feet
        rest.sort()
        return (True, tuple(stacks), tuple(rest), p[2], p[3])
    feet.sort()
    rest.sort()
    return (False, tuple(stacks), tuple(feet), tuple(rest), p[2], p[3])


def _uncover(
    rows: Sequence[Sequence[int]], tops: list[int], n: int, i: int, is_open: bool
) -> Mv | None:
    """A shift that moves everything above rows[n][i] away (None if impossible)."""
    row = rows[n]
    m = _target(row[i + 1], tops, n)
    if m < 0 and is_open and 0 in tops:
        m = tops.index(0)
    return None if m < 0 else ("R", n, m, len(row) - i - 1)


def _find(
    rows: Sequence[Sequence[int]], down: Sequence[int], cards: frozenset[int]
) -> Iterator[tuple[int, int]]:
    """Positions (row, index) of the face-up cards among ``cards``, tops first."""
    for n in range(8):
        row = rows[n]
        if cards.isdisjoint(row):
            continue
        for i in range(len(row) - 1, down[n] - 1, -1):
            if row[i] in cards:
                yield n, i


def _settle(p: Pos) -> tuple[list[Mv], Pos, bool, tuple[Any, ...]]:
    """Play every safe foundation move (uncovering the card if one shift does it)."""
    moves: list[Mv] = []
    while True:
        rows, down, f, seq, ptr = p[0], p[1], p[2], p[3], p[4]
        tops = _tops(rows)
        is_open = _open(rows, down, tops)
        safe = _needed(f)[1]
        step: list[Mv] = []
        if ptr and seq[ptr - 1] in safe:
            step = [("f",)]
        elif safe:
            for n in range(8):
                row = rows[n]
                if safe.isdisjoint(row):
                    continue
                top = len(row) - 1
                for i in range(top, down[n] - 1, -1):
                    if row[i] in safe:
                        if i == top:
                            step = [("F", n)]
                            break
                        shift = _uncover(rows, tops, n, i, is_open)
                        if shift is not None:
                            step = [shift, ("F", n)]
                            break
                if step:
                    break
        if not step:
            return moves, p, is_open, _key(p, is_open)
        moves += step
        p = _after(p, step)


# Priorities of progress moves (higher first): how the search orders its tries.
_PRI_REVEAL = 40  # plus the number of face-down cards in the row
#: The styles of the search's runs, used in turn: the reveal order (see ``_exits``) and
#: whether a fitting talon card goes up before onto a row (see ``_children``).
_RUN_STYLES: tuple[tuple[int, bool], ...] = ((-1, True), (1, True))
_PRI_UP_REVEALS = 36
_PRI_WASTE_ROW = 20
_PRI_EMPTY = 18
_PRI_WASTE_UP = 9
_PRI_UP = 8
_PRI_UP_SHIFT = 7
_PRI_TURN = 5
_PRI_TURN_LATER = 2
_PRI_BETWEEN = 0
#: Random spread added to priorities after the first run (ties and near ties reorder).
_SHUFFLE = 8
#: Nodes in the first run, and the growth of the limit from run to run.
_FIRST_LIMIT = 1000
_GROWTH = 1.3
#: Limited discrepancy search (``_Search._lds``) between the depth-first runs, once a
#: run's limit reaches ``_LDS_FROM`` nodes, for half as many nodes as that run: it
#: finds wins whose line strays a little from the move order in many places.
_LDS = True
_LDS_FROM = 10_000
#: Discrepancy allowances: 0, 1, ..., _LDS_STEP, then growing by _LDS_GROWTH.
_LDS_STEP = 8
_LDS_GROWTH = 1.25
_LDS_MAX_DEPTH = 500


def _exits(
    p: Pos, is_open: bool, via_empty: bool = False, reveal: int = 1
) -> list[tuple[int, list[Mv]]]:
    """Progress moves of the tableau and waste (the talon comes from ``_children``).

    ``via_empty``: only the moves that need the empty row (no row top would do).
    ``reveal``: 1 to try turning up cards in the rows with most face-down cards first,
    -1 in those with fewest first.
    """
    rows, down, f, seq, ptr = p[0], p[1], p[2], p[3], p[4]
    out: list[tuple[int, list[Mv]]] = []
    tops = _tops(rows)
    empty = tops.index(0) if 0 in tops else -1
    fit = _needed(f)[0]
    # a face-up card to its foundation, uncovering it first if one shift does it
    for n, i in _find(rows, down, fit):
        if i == len(rows[n]) - 1:
            if not via_empty:
                d = down[n]
                out.append((_PRI_UP_REVEALS if (d and i == d) else _PRI_UP, [("F", n)]))
        else:
            shift = _uncover(rows, tops, n, i, is_open)
            if shift is not None and (not via_empty or rows[shift[2]] == ()):
                out.append((_PRI_UP_SHIFT, [shift, ("F", n)]))
    for n in range(8):
        row = rows[n]
        d = down[n]
        if d:
            # turn a face-down card up: the run on it onto a row top, or into an empty row
            root = row[d]
            m = _target(root, tops, n)
            if m >= 0:
                if not via_empty:
                    out.append((_PRI_REVEAL + reveal * d, [("R", n, m, len(row) - d)]))
            elif empty >= 0 and root >= 8:
                out.append((_PRI_REVEAL + reveal * d - 1, [("R", n, empty, len(row) - d)]))
    if ptr:
        w = seq[ptr - 1]
        if w >= 8:
            m = _target(w, tops)
            if m >= 0:
                if not via_empty:
                    out.append((_PRI_WASTE_ROW, [("w", m)]))
            elif empty >= 0:
                out.append((_PRI_WASTE_ROW - 1, [("w", empty)]))
        if w in fit and not via_empty:
            out.append((_PRI_WASTE_UP, [("f",)]))
    if is_open and empty < 0 and not via_empty:
        # no empty row yet, but a row can be emptied: the moves that need one
        for n in range(8):
            if not down[n] and rows[n]:
                m = _target(rows[n][0], tops, n)
                if m >= 0:
                    prefix: list[Mv] = [("R", n, m, len(rows[n]))]
                    for pri, mvs in _exits(_after(p, prefix), True, True, reveal):
                        out.append((pri - 1, prefix + mvs))
                    break
    return out


_T_UP: Mv = ("t", "F")


def _children(
    p: Pos, is_open: bool, reveal: int = 1, up_first: bool = True
) -> list[tuple[int, list[Mv]]]:
    """Every progress move and talon macro from ``p``, best first.

    The talon is walked card by card while a turned card could only go to the
    waste; each card that allows more ends a macro (one per placement). A tableau
    move is offered between turns only right after a card whose options it changes.
    """
    exits = _exits(p, is_open, False, reveal)
    out = list(exits)
    rows, _, f, seq, ptr, passes = p
    tops = _tops(rows)
    fit, safe = _needed(f)
    # tableau moves (not waste moves) with what they change for a turned card
    effects: list[tuple[list[Mv], list[int], bool, frozenset[int], frozenset[int]]] | None = None
    cur, pas = ptr, passes
    has_empty = 0 in tops
    empty = tops.index(0) if has_empty else -1
    walk: list[Mv] = []
    first = True
    while True:
        if cur < len(seq):
            q = seq[cur]
            pri = _PRI_TURN if first else _PRI_TURN_LATER
            first = False
            # what may be done with q if it were turned now; a fitting card is tried up
            # before onto a row when up_first: winning lines often take a fitting talon
            # card up to avoid the compulsory build (seeds 0-99 at 20,000 nodes: 86
            # solved instead of 85)
            if q < 8 or q in safe:
                out.append((pri, walk + [_T_UP]))
                break
            m = _target(q, tops)
            if m >= 0:
                if q in fit and up_first:
                    out.append((pri, walk + [_T_UP]))
                out.append((pri, walk + [("t", "R", m)]))
                if q in fit and not up_first:
                    out.append((pri, walk + [_T_UP]))
                break
            if q in fit and up_first:
                out.append((pri, walk + [_T_UP]))
            if has_empty:
                out.append((pri, walk + [("t", "R", empty)]))
            if q in fit and not up_first:
                out.append((pri, walk + [_T_UP]))
            walk = walk + [("t", "W")]
            cur += 1
            if effects is None:
                effects = []
                for _, mvs in exits:
                    if mvs[-1][0] not in "wf":
                        q_after = _after(p, mvs)
                        t2 = _tops(q_after[0])
                        fit2, safe2 = _needed(q_after[2])
                        effects.append((mvs, t2, 0 in t2, fit2, safe2))
            if effects:
                before = (_target(q, tops) >= 0, 0 in tops, q in fit, q in safe)
                for mvs, t2, e2, fit2, safe2 in effects:
                    if (_target(q, t2) >= 0, e2, q in fit2, q in safe2) != before:
                        out.append((_PRI_BETWEEN, walk + mvs))
        elif cur and pas < 3:
            walk = walk + [("o",)]
            cur = 0
            pas += 1
        else:
            break
    out.sort(key=lambda x: -x[0])
    return out


class _Search:
    """Depth-first search over progress moves with a transposition table and restarts.

    Every macro move makes irreversible progress (a card up, a card turned up, a
    talon or waste card placed, or a pass used), so the graph has no cycles and a
    table entry means "searched to the end, no win" once its node is finished.
    Depth-first search is fast at finding wins but can sink its time into a bad
    early choice, so it restarts with a growing node limit and shuffled ties;
    finished nodes stay in the table, so no finished work is repeated and the
    final run still proves a deal unwinnable.

    Once the runs are long, each is followed by a phase of limited discrepancy
    search (``_lds``) from the root with the plain move order: the i-th best child
    of a node costs i discrepancies, and the allowance grows from phase to phase.
    It finds lines that follow the move order nearly everywhere, which the shuffled
    restarts meet only by chance. It shares the table (a subtree it searched to the
    end is finished for both searches) and remembers in ``partial`` the allowance
    each unfinished node was searched with; if it searches the root to the end, that
    too proves the deal unwinnable.
    """

    def __init__(
        self,
        budget: Budget,
        walks: bool = False,
        seed: int = 0x88,
        lds: bool | None = None,
        relax: bool = False,
    ) -> None:
        self.budget = budget
        #: also count a position as seen when a table entry of its class reaches it by
        #: turning talon cards to the waste (``_walk_dominated``); off in the main search
        self.walks = walks
        self.lds = _LDS if lds is None else lds
        self.growth = _GROWTH
        self.nodes = 0
        self.table: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
        self.complete = True
        self.out_of_budget = False
        self.rng = Rng(seed)
        self.reveal = 1
        self.up_first = True
        # limited discrepancy search: allowance searched so far per unfinished node,
        # the allowance of the current phase, its node limit, and whether to stop
        self.partial: dict[tuple[Any, ...], int] = {}
        self.allow = 0
        self.phase_end = 0
        self.stop = False
        #: check each new open position with the relaxation first (``_dead_open``);
        #: only with ``lds`` off: the discrepancy search does not use it
        self.relax = _Relaxation(budget) if relax else None

    def _seen(self, key: tuple[Any, ...], p: Pos) -> bool:
        entries = self.table.get(key)
        if entries is None:
            self.table[key] = [(p[4], p[5])]
            return False
        if self._covered(entries, p):
            return True
        entries.append((p[4], p[5]))
        return False

    def _covered(self, entries: Sequence[tuple[int, int]], p: Pos) -> bool:
        """Whether a table entry of ``p``'s class stands for ``p``: the same talon place
        with no fewer passes left, or (``walks``) one that reaches it by waste turns."""
        ptr, passes = p[4], p[5]
        for ptr2, passes2 in entries:
            if ptr2 == ptr and passes2 <= passes:
                return True
        return self.walks and _walk_dominated(entries, p)

    def _forget(self, key: tuple[Any, ...], p: Pos) -> None:
        entries = self.table[key]
        entries.remove((p[4], p[5]))
        if not entries:
            del self.table[key]

    def run(self, p: Pos) -> list[Mv] | None:
        """A winning line from ``p`` (solver moves), or None."""
        head, p, is_open, key = _settle(p)
        if sum(p[2]) == 104:
            return head
        if _never_turned_up(p):
            return None
        if is_open and self.relax is not None and self._dead_open(p):
            return None
        limit = _FIRST_LIMIT
        shuffle = 0
        runs = 0
        self.partial = {}
        self.allow = 0
        while True:
            self.reveal, self.up_first = _RUN_STYLES[runs % len(_RUN_STYLES)]
            runs += 1
            line, finished = self._dfs(p, is_open, key, limit, shuffle)
            if line is not None:
                return head + line
            if finished or self.out_of_budget:
                return None
            if self.lds and limit >= _LDS_FROM:
                self.reveal, self.up_first = _RUN_STYLES[0]
                line, finished = self._lds_phase(p, is_open, limit // 2)
                if line is not None:
                    return head + line
                if finished or self.out_of_budget:
                    return None
            limit = int(limit * self.growth)
            shuffle = _SHUFFLE

    def _lds_phase(self, p: Pos, is_open: bool, limit: int) -> tuple[list[Mv] | None, bool]:
        """Limited discrepancy search for about ``limit`` nodes, from the allowance reached."""
        self.stop = False
        self.phase_end = self.nodes + limit
        while True:
            line, exhaustive = self._lds(p, is_open, self.allow)
            if line is not None or exhaustive:
                return line, exhaustive
            if self.stop:
                return None, False
            a = self.allow
            self.allow = a + 1 if a < _LDS_STEP else int(a * _LDS_GROWTH)

    def _lds(
        self, p: Pos, is_open: bool, allow: int, depth: int = 0
    ) -> tuple[list[Mv] | None, bool]:
        """A winning line from ``p`` within ``allow`` discrepancies (None if none was
        found), and whether the subtree was searched to the end."""
        self.nodes += 1
        if depth > _LDS_MAX_DEPTH:
            return None, False  # never reached (lines are shorter): keeps the stack small
        if not self.nodes & 63:
            if self.budget.exhausted(self.nodes):
                self.out_of_budget = True
                self.stop = True
            elif self.nodes >= self.phase_end:
                self.stop = True
        if self.stop:
            return None, False
        exhaustive = True
        partial = self.partial
        for i, (_, moves) in enumerate(_children(p, is_open, self.reveal, self.up_first)):
            if i > allow:
                exhaustive = False
                break
            child = _after(p, moves)
            auto, child, c_open, key = _settle(child)
            if sum(child[2]) == 104:
                return moves + auto, True
            if self._finished(key, child):
                continue
            left = allow - i
            pk = (key, child[4], child[5])
            if partial.get(pk, -1) >= left:
                exhaustive = False
                continue
            if c_open:
                self.complete = False
            line, ex = self._lds(child, c_open, left, depth + 1)
            if line is not None:
                return moves + auto + line, True
            if self.stop:
                return None, False
            if ex:
                self._seen(key, child)
                partial.pop(pk, None)
            else:
                partial[pk] = left
                exhaustive = False
        return None, exhaustive

    def _dead_open(self, p: Pos) -> bool:
        """Whether the relaxation proves the open position ``p`` dead. Its relaxed states
        count as nodes. A proof holds for every position with ``p``'s open key (the key
        is the relaxed state) and, by the relaxed talon turns, for the places
        ``_covered`` lets the entry stand for, so the entry counts as finished."""
        assert self.relax is not None
        limit = _RELAX_LIMIT
        if self.budget.nodes is not None:
            limit = min(limit, self.budget.nodes - self.nodes)
        dead = self.relax.proves_dead(p, limit)
        self.nodes += self.relax.nodes
        return dead

    def _finished(self, key: tuple[Any, ...], p: Pos) -> bool:
        entries = self.table.get(key)
        return entries is not None and self._covered(entries, p)

    def _order(self, p: Pos, is_open: bool, shuffle: int) -> Iterator[tuple[int, list[Mv]]]:
        children = _children(p, is_open, self.reveal, self.up_first)
        if shuffle:
            rand = self.rng.randbelow
            children.sort(key=lambda x: -x[0] - rand(shuffle))
        return iter(children)

    def _dfs(
        self, p: Pos, is_open: bool, key: tuple[Any, ...], limit: int, shuffle: int
    ) -> tuple[list[Mv] | None, bool]:
        """One run of at most ``limit`` new nodes: (a winning line or None, whether it finished)."""
        self._seen(key, p)
        if is_open:
            self.complete = False
        stack: list[tuple[Pos, tuple[Any, ...], Iterator[tuple[int, list[Mv]]]]] = [
            (p, key, self._order(p, is_open, shuffle))
        ]
        path: list[list[Mv]] = []
        budget = self.budget
        start = self.nodes
        while stack:
            parent, _, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            moves = nxt[1]
            child = _after(parent, moves)
            auto, child, is_open, key = _settle(child)
            if self._seen(key, child):
                continue
            if is_open and self.relax is not None and self._dead_open(child):
                continue  # its table entry stays: finished, and exactly so
            self.nodes += 1
            path.append(moves + auto)
            if sum(child[2]) == 104:
                return [mv for step in path for mv in step], True
            if is_open:
                self.complete = False
            stack.append((child, key, self._order(child, is_open, shuffle)))
            if not self.nodes & 63:
                if budget.exhausted(self.nodes):
                    self.out_of_budget = True
                elif self.nodes - start < limit:
                    continue
                # abandon this run: the nodes on the stack are not finished
                for q, k, _ in stack:
                    self._forget(k, q)
                return None, False
        return None, True


def _walk_dominated(entries: Sequence[tuple[int, int]], p: Pos) -> bool:
    """Whether one of ``entries`` (talon places of ``p``'s class) reaches ``p`` by turns alone.

    From talon place (ptr2, passes2) the position with place (ptr, passes) is reached,
    table unchanged, by turning each card from ptr2 on onto the waste (and turning the
    waste over between passes) if every such card may go to the waste: no Ace and
    nothing that builds on a row top (in the settled regime that is a property of the
    class: it depends only on which layers have a parent on top). The search from
    ``ptr2`` covers every line that begins with those turns (the talon walks of
    ``_children``), so a finished entry there means no line from ``p`` wins either.
    """
    seq, ptr, passes = p[3], p[4], p[5]
    tops = _tops(p[0])
    lo = ptr  # seq[lo:ptr] may all go to the waste
    while lo and seq[lo - 1] >= 8 and _target(seq[lo - 1], tops) < 0:
        lo -= 1
    hi = -1  # seq[hi:] may all go to the waste (computed on demand)
    for ptr2, passes2 in entries:
        if passes2 == passes:
            if lo <= ptr2 < ptr:
                return True
        elif passes2 < passes and lo == 0 and seq:
            if hi < 0:
                hi = len(seq)
                while hi and seq[hi - 1] >= 8 and _target(seq[hi - 1], tops) < 0:
                    hi -= 1
            if ptr2 >= hi:
                return True
    return False


def _never_turned_up(p: Pos) -> bool:
    """Whether some face-down card can never be turned up, so the deal cannot be won.

    A relaxation that only over-estimates what is possible: every card that is not
    face down counts as available at once, a row's top face-down card counts as
    turned up as soon as the card on it could go anywhere (onto a card that is or
    could be in a row, into an empty row, or up, with the lower cards of its suit
    available), and an empty row as soon as some row could be turned up entirely
    and its bottom card could leave. Kings go only up or into an empty row. If even
    so some card stays face down, no real line turns it up.
    """
    rows, down, f, seq = p[0], p[1], p[2], p[3]
    in_rows: set[int] = set()  # cards that are, or could be put, in a row
    count: dict[int, int] = {}  # cards that are neither face down nor up, by value
    for c in seq:
        count[c] = count.get(c, 0) + 1
    roots = []  # index of each row's lowest card that is face up so far (0: none face down)
    for n in range(8):
        row = rows[n]
        for c in row[down[n] :]:
            in_rows.add(c)
            count[c] = count.get(c, 0) + 1
        roots.append(down[n] if row else 0)
    heights = [f[2 * s] for s in range(4)]

    def can_go_up(c: int) -> bool:
        s = c & 3
        return all(count.get(4 * r + s, 0) for r in range(heights[s] + 1, c >> 2))

    def can_leave(c: int, empty: bool) -> bool:
        return empty or can_go_up(c) or (c >> 2 != 13 and any(v in in_rows for v in _PARENTS[c]))

    empty = any(not rows[n] or (not down[n] and can_leave(rows[n][0], False)) for n in range(8))
    changed = True
    while changed:
        changed = False
        for c in seq:
            if c not in in_rows and c >= 8 and (empty or any(v in in_rows for v in _PARENTS[c])):
                in_rows.add(c)
                changed = True
        for n in range(8):
            i = roots[n]
            if i and can_leave(rows[n][i], empty):
                c = rows[n][i - 1]
                in_rows.add(c)
                count[c] = count.get(c, 0) + 1
                roots[n] = i - 1
                changed = True
                if i == 1 and not empty and can_leave(c, False):
                    empty = True
    return any(roots)


# --- the open regime's relaxation -------------------------------------------
#
# The open regime's key and moves are inexact, so the search cannot prove a deal
# unwinnable through it. What it lacks is a way to say "no line from here wins" for
# an open position; the relaxation below gives one by forgetting how the face-up
# cards are arranged. Its state keeps what is exact (the face-down stacks with the
# card on each, the foundations, the talon and waste) and only the *multiset* of the
# other face-up cards. A multiset can be laid out in rows exactly when its cards,
# each on a card one higher of the other colour (another face-up card or a stack's
# top) or at the foot of a row without face-down cards, need no more such rows than
# there are; since the cards of a layer may lie on any card of their parent layer,
# the fewest rows needed is a count per layer (``_rows_needed``). Every real move
# either keeps the relaxed state (a shift) or makes one of its moves (a card up, a
# stack's top card away, a talon or waste card into a row or up, a talon card to
# the waste, the waste turned over) to a state that can be laid out. So the relaxed
# moves are a superset of the real ones, and if no relaxed line wins, no real one
# does. The relaxation also ignores the duty to build a talon card, and where a
# card lies in its row, so it may find wins that do not exist: then the search
# explores the position as before, without a proof.

#: _LAYER[c]: the layer of card c (rank and colour); _PARENT_LAYER[l]: the layer
#: its cards lie on (one rank higher, other colour), or -1 (Aces and Kings: none).
_LAYER = tuple((c >> 2) * 2 + _RED[c] for c in range(56))
_PARENT_LAYER = tuple(
    -1 if (layer >> 1) in (0, 1, 13) else layer + 2 + (1 - 2 * (layer & 1)) for layer in range(28)
)
#: Separates the parts of a relaxed state's key.
_SEP = 255
#: The talon pointer of a relaxed state whose talon and waste are taken in any order.
_ANY_ORDER = -1


def _rows_needed(rest: Sequence[int], roots: Sequence[int]) -> int:
    """The fewest rows without face-down cards that can hold the face-up cards ``rest``
    when the stacks' top cards ``roots`` may hold them too."""
    below = [0] * 28
    lying = [0] * 28
    for c in rest:
        layer = _LAYER[c]
        below[layer] += 1
        lying[layer] += 1
    for c in roots:
        below[_LAYER[c]] += 1
    need = 0
    for layer in range(2, 28):
        k = lying[layer]
        if k:
            parent = _PARENT_LAYER[layer]
            need += k if parent < 0 else max(0, k - below[parent])
    return need


class _Relaxation:
    """Proves open positions dead by a depth-first search of the relaxed game.

    Each check first relaxes the talon and waste further, to cards that may be taken
    in any order (fewer states: the talon's place and pass drop out), and only if that
    does not prove the position dead searches them in their order. ``dead`` (relaxed
    states searched to the end without a win, of both kinds) is shared by every check
    of one solver search, so later checks of similar positions are cheap.
    """

    __slots__ = ("dead", "nodes", "limit", "budget")

    def __init__(self, budget: Budget | None = None) -> None:
        self.dead: set[bytes] = set()
        self.nodes = 0
        self.limit = 0
        #: a time limit is checked every 256 relaxed states (a node limit by the caller)
        self.budget = budget

    def proves_dead(self, p: Pos, limit: int) -> bool:
        """Whether no line from ``p`` can win; False when a relaxed line wins, after
        ``limit`` relaxed states or when the time is up (``nodes`` says how many were
        searched)."""
        _, stacks, rest, f, seq = _key(p, True)  # the open key is the relaxed state
        key = (stacks, rest, f)
        self.nodes = 0
        # first with the talon and waste as cards to take in any order (smaller, and
        # still sound: it only allows more), then in their order
        self.limit = limit // 2
        try:
            if not self._wins(*key, tuple(sorted(seq)), _ANY_ORDER, 0):
                return True
        except _OverLimit:
            pass
        self.limit = limit
        try:
            return not self._wins(*key, seq, p[4], p[5])
        except _OverLimit:
            return False

    def _wins(
        self,
        stacks: tuple[tuple[int, ...], ...],
        rest: tuple[int, ...],
        f: tuple[int, ...],
        seq: tuple[int, ...],
        ptr: int,
        passes: int,
    ) -> bool:
        rest, f = _relaxed_safe_ups(rest, f)
        if sum(f) == 104:
            return True
        parts = [b for s in stacks for b in (*s, _SEP)]
        key = bytes((*parts, _SEP, *rest, _SEP, *f, *seq, _SEP, ptr & 255, passes))
        if key in self.dead:
            return False
        if ptr >= 0:
            loose = bytes((*parts, _SEP, *rest, _SEP, *f, *sorted(seq), _SEP, 255, 0))
            if loose in self.dead:
                return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OverLimit
        if not self.nodes & 255 and self.budget is not None and self.budget.exhausted(0):
            raise _OverLimit
        fit = _needed(f)[0]
        roots = [s[-1] for s in stacks]

        def fits_rows(stacks2: tuple[tuple[int, ...], ...], rest2: tuple[int, ...]) -> bool:
            return _rows_needed(rest2, [s[-1] for s in stacks2]) <= 8 - len(stacks2)

        children: list[tuple[Any, ...]] = []

        def take(c: int, seq2: tuple[int, ...], ptr2: int) -> None:
            """A talon or waste card up, or into a row."""
            if c in fit:
                children.append((stacks, rest, _raised(f, c), seq2, ptr2, passes))
            if c >= 8:
                rest2 = _with(rest, c)
                if _rows_needed(rest2, roots) <= 8 - len(stacks):
                    children.append((stacks, rest2, f, seq2, ptr2, passes))

        for i, stack in enumerate(stacks):
            if i and stack == stacks[i - 1]:
                continue
            top = stack[-1]
            left, rest2 = _turn_up(stacks, i, rest)
            if top in fit and fits_rows(left, rest2):
                children.append((left, rest2, _raised(f, top), seq, ptr, passes))
            if top >= 8:
                rest3 = _with(rest2, top)
                if fits_rows(left, rest3):
                    children.append((left, rest3, f, seq, ptr, passes))
        if ptr > 0:
            take(seq[ptr - 1], seq[: ptr - 1] + seq[ptr:], ptr - 1)
        last = -1
        for c in rest:
            if c != last and c in fit:
                rest2 = _without(rest, c)
                if _rows_needed(rest2, roots) <= 8 - len(stacks):
                    children.append((stacks, rest2, _raised(f, c), seq, ptr, passes))
            last = c
        if ptr < 0:
            last = -1
            for c in seq:
                if c != last:
                    take(c, _without(seq, c), ptr)
                last = c
        elif ptr < len(seq):
            q = seq[ptr]
            take(q, seq[:ptr] + seq[ptr + 1 :], ptr)
            if q >= 8:
                children.append((stacks, rest, f, seq, ptr + 1, passes))
        elif ptr and passes < 3:
            children.append((stacks, rest, f, seq, 0, passes + 1))
        for child in children:
            if self._wins(*child):
                return True
        self.dead.add(key)
        return False


class _OverLimit(Exception):
    """The relaxation's search passed its limit."""


def _relaxed_safe_ups(
    rest: tuple[int, ...], f: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Put up every face-up card (no Ace) that fits and is safe. In the relaxed game
    that loses nothing: a line that later puts up a card of the same value from
    elsewhere can move that card into a row instead, and no card needs it to lie on."""
    while True:
        safe = _needed(f)[1]
        for c in rest:
            if c >= 8 and c in safe:
                rest = _without(rest, c)
                f = _raised(f, c)
                break
        else:
            return rest, f


def _turn_up(
    stacks: tuple[tuple[int, ...], ...], i: int, rest: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The stacks and face-up cards once stack ``i``'s top card has gone: the next card
    turns up (a row left without face-down cards joins the face-up cards)."""
    stack = stacks[i][:-1]
    others = stacks[:i] + stacks[i + 1 :]
    if len(stack) == 1:
        return others, _with(rest, stack[0])
    return tuple(sorted((*others, stack))), rest


def _with(cards: tuple[int, ...], c: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, c)))


def _without(cards: tuple[int, ...], c: int) -> tuple[int, ...]:
    i = cards.index(c)
    return cards[:i] + cards[i + 1 :]


def _raised(f: tuple[int, ...], c: int) -> tuple[int, ...]:
    g = list(f)
    _place(g, c)
    return tuple(g)


def _position(state: EightByEight) -> Pos:
    heights = [[0, 0] for _ in range(4)]
    for top in state.found:
        if top:
            pair = heights[top & 3]
            pair[0 if not pair[0] else 1] = top >> 2
    f: list[int] = []
    for pair in heights:
        f.extend(sorted(pair, reverse=True))
    return (
        tuple(state.rows),
        tuple(state.down),
        tuple(f),
        tuple(state.waste) + tuple(reversed(state.talon)),
        len(state.waste),
        state.passes,
    )


def _engine_move(state: EightByEight, mv: Mv) -> tuple[int, ...]:
    """The engine's move for one solver move (a turn is split by the caller)."""
    kind = mv[0]
    if kind == "R":
        return (0, mv[1], mv[2], mv[3])
    if kind == "F":
        return (1, mv[1], state._fit(state.rows[mv[1]][-1]))
    if kind == "w":
        return (6, mv[1])
    if kind == "f":
        return (7, state._fit(state.waste[-1]))
    if kind == "o":
        return (2,)
    how = mv[1]
    if how == "W":
        return (5,)
    if how == "F":
        return (4, state._fit(state.pending))
    return (3, mv[2])


def _replay(state: EightByEight, line: Sequence[Mv]) -> list[str]:
    """Canonical move strings for a solver line, checked move by move on a copy."""
    state = state.copy()
    out: list[str] = []

    def play(move: tuple[int, ...]) -> None:
        if move not in state.legal_moves():
            raise AssertionError(f"solver line is illegal at {state.move_str(move)!r}")
        out.append(state.move_str(move))
        state.apply(move)

    for mv in line:
        if mv[0] == "t":
            play((2,))
        play(_engine_move(state, mv))
    outcome = state.outcome
    if outcome is None or outcome.result != "won":
        raise AssertionError("solver line does not win")
    return out


#: A node budget above this runs the search as it is up to this many nodes and then,
#: if the deal is still undecided, a second search (the *tail*) with the rest of the
#: budget: fresh, with talon-walk dominance (``_walk_dominated``). Up to this budget
#: the solver is node for node the search measured in runs 1-5 of docs/benchmarks.md.
_TAIL_FROM = 600_000
#: The tail's random seed (its shuffled restarts differ from the main search's).
_TAIL_SEED = 0x8888
#: Relaxed states one check of an open position may search (``_Search._dead_open``).
_RELAX_LIMIT = 100_000


@register_solver(GAME)
def solve_eight_by_eight(state: GameState, budget: Budget) -> SolveResult:
    """Search the deal for a win; see the module docstring for the method."""
    if not isinstance(state, EightByEight):
        raise ParlourError(f"the 8 x 8 solver cannot solve {state.name}")
    started = time.perf_counter()
    total = budget.nodes
    if total is None or total <= _TAIL_FROM:
        search = _Search(budget)
    else:
        search = _Search(Budget(_TAIL_FROM, budget.seconds, budget.started))
    result = _solve_with(state, search, started)
    if result.status != "unknown" or budget.exhausted(result.nodes):
        return result
    if search.out_of_budget:
        if total is None or total <= _TAIL_FROM:
            return result
        search = _tail_search(_left(budget, result.nodes))
        result = _after_stage(result, _solve_with(state, search, started))
        if result.status != "unknown" or budget.exhausted(result.nodes) or search.out_of_budget:
            return result
    # searched to the end, but through the open regime: the proof pass
    search = _tail_search(_left(budget, result.nodes), relax=True)
    return _after_stage(result, _solve_with(state, search, started))


def _left(budget: Budget, used: int) -> Budget:
    return Budget(
        None if budget.nodes is None else budget.nodes - used, budget.seconds, budget.started
    )


def _after_stage(before: SolveResult, stage: SolveResult) -> SolveResult:
    """A later stage's answer with the nodes of every stage so far."""
    return SolveResult(stage.status, stage.moves, before.nodes + stage.nodes, stage.seconds)


def _tail_search(budget: Budget, relax: bool = False) -> _Search:
    """The tail's search: talon walks merged, no discrepancy phases, its own seed."""
    return _Search(budget, True, _TAIL_SEED, False, relax)


def solve_tail(state: EightByEight, budget: Budget) -> SolveResult:
    """The tail search alone (what the solver runs after ``_TAIL_FROM`` nodes)."""
    return _solve_with(state, _tail_search(budget), time.perf_counter())


def solve_proof_pass(state: EightByEight, budget: Budget) -> SolveResult:
    """The proof pass alone (what the solver runs once a search ends through the
    open regime): the tail's search, checking open positions with the relaxation."""
    return _solve_with(state, _tail_search(budget, relax=True), time.perf_counter())


def _solve_with(state: EightByEight, search: _Search, started: float) -> SolveResult:
    if state.pending:
        # the pending card must be placed first: one search per placement, one table
        for move in state.legal_moves():
            branch = state.copy()
            branch.apply(move)
            line = search.run(_position(branch))
            if line is not None:
                moves = [state.move_str(move)] + _replay(branch, line)
                return SolveResult("solved", tuple(moves), search.nodes, _since(started))
            if search.out_of_budget:
                break
    else:
        line = search.run(_position(state))
        if line is not None:
            moves = _replay(state, line)
            return SolveResult("solved", tuple(moves), search.nodes, _since(started))
    if search.out_of_budget or not search.complete:
        return SolveResult("unknown", None, search.nodes, _since(started))
    return SolveResult("unwinnable", None, search.nodes, _since(started))


def _since(started: float) -> float:
    return time.perf_counter() - started


# --- the fair player -------------------------------------------------------
#
# The player rebuilds what it can see as a solver position: face-down cards become
# the placeholder card 0 (rank 0: it never builds and never fits), the talon is
# unknown, the waste is seen. It then looks a few progress moves ahead (the same
# progress moves the solver uses, stopping at any move that turns a card up, since
# what comes up is unknown) and plays the first move of the best plan.

_HIDDEN = 0
_PLAN_DEPTH = 3
#: What a plan is worth: a face-down card turned up, an empty row made, a card
#: taken out of the waste, a card put up that nothing can need, any other card up.
_W_REVEAL = 10.0
_W_EMPTY = 4.0
_W_WASTE = 2.0
_W_SAFE_UP = 3.0
_W_UP = 2.0
_W_CLEARED = 4.0
#: A plan must be worth this much to be played before turning the talon.
_WORTH_BEFORE_TURN = 1.0


def _view_position(view: Mapping[str, Any]) -> Pos:
    """The visible part of the position, face-down cards as placeholders, no talon."""
    rows = []
    down = []
    for row in view["rows"]:
        d = int(row["face_down"])
        rows.append((_HIDDEN,) * d + tuple(parse_card(c) for c in row["face_up"]))
        down.append(d)
    heights = [[0, 0] for _ in range(4)]
    for found in view["foundations"]:
        if found["top"]:
            c = parse_card(found["top"])
            pair = heights[c & 3]
            pair[0 if not pair[0] else 1] = c >> 2
    f: list[int] = []
    for pair in heights:
        f.extend(sorted(pair, reverse=True))
    waste = tuple(parse_card(c) for c in view["waste"])
    return (tuple(rows), tuple(down), tuple(f), waste, len(waste), int(view["pass"]))


def _worth(before: Pos, after: Pos, safe_ups: int) -> float:
    """The value of going from ``before`` to ``after``; ``safe_ups`` cards went up safely."""
    reveals = sum(before[1]) - sum(after[1])
    # rows close to empty are worth more: an empty row is the game's main resource
    cleared = sum(1 for d in after[1] if d == 0) - sum(1 for d in before[1] if d == 0)
    empties = after[0].count(()) - before[0].count(())
    ups = sum(after[2]) - sum(before[2])
    from_waste = len(before[3]) - len(after[3])  # waste cards placed (up or on a row)
    return (
        _W_REVEAL * reveals
        + _W_CLEARED * cleared
        + _W_EMPTY * empties
        + _W_WASTE * from_waste
        + _W_SAFE_UP * safe_ups
        + _W_UP * (ups - safe_ups)
    )


def _player_moves(p: Pos) -> list[list[Mv]]:
    """Progress moves the player considers (the solver's, plus emptying a row)."""
    moves = [mvs for _, mvs in _exits(p, _open(p[0], p[1], _tops(p[0])))]
    rows, down = p[0], p[1]
    tops = _tops(rows)
    if 0 not in tops:
        for n in range(8):
            if not down[n] and rows[n]:
                m = _target(rows[n][0], tops, n)
                if m >= 0:
                    moves.append([("R", n, m, len(rows[n]))])
    return moves


def _safe_count(p: Pos, moves: Sequence[Mv]) -> int:
    """How many of the cards ``moves`` put up are safe to put up when they go."""
    count = 0
    for mv in moves:
        if mv[0] in ("F", "f"):
            c = p[0][mv[1]][-1] if mv[0] == "F" else p[3][p[4] - 1]
            count += _safe(c, p[2])
        p = _after(p, [mv])
    return count


def _best_plan(
    p: Pos, depth: int, seen: set[Pos] | frozenset[Pos] = frozenset()
) -> tuple[float, list[Mv]]:
    """The best plan of up to ``depth`` progress moves from ``p`` (value, moves) whose
    first move does not lead back to a position in ``seen``."""
    best: tuple[float, list[Mv]] = (0.0, [])
    for mvs in _player_moves(p):
        if seen and _after(p, mvs[:1]) in seen:
            continue
        child = _after(p, mvs)
        value = _worth(p, child, _safe_count(p, mvs))
        if depth > 1 and sum(child[1]) == sum(p[1]):
            more, rest = _best_plan(child, depth - 1)
            if more > 0:
                value += more * 0.9
                mvs = mvs + rest
        if value > best[0] + 1e-9:
            best = (value, mvs)
    return best


def _move_text(p: Pos, mv: Mv) -> str:
    """The canonical move string of one player move in position ``p``."""
    kind = mv[0]
    if kind == "R":
        _, n, m, k = mv
        up = len(p[0][n]) - p[1][n]
        if not p[0][m] and k < up:
            return f"T{n + 1} T{m + 1} {k}"
        return f"T{n + 1} T{m + 1}"
    if kind == "F":
        return f"T{mv[1] + 1} F"
    if kind == "w":
        return f"W T{mv[1] + 1}"
    if kind == "f":
        return "W F"
    raise ValueError(f"not a table move: {mv!r}")


def _reason(p: Pos, plan: Sequence[Mv]) -> str:
    """A one-line reason for the first move of ``plan``."""
    mv = plan[0]
    rows, down = p[0], p[1]
    kind = mv[0]
    if kind == "F":
        c = rows[mv[1]][-1]
        why = "no card left could need it" if _safe(c, p[2]) else "next needed there"
        if down[mv[1]] and len(rows[mv[1]]) - 1 == down[mv[1]]:
            why += "; turns up a face-down card"
        return f"plays {card_str(c)} to its foundation: {why}"
    if kind == "f":
        c = p[3][p[4] - 1]
        why = "no card left could need it" if _safe(c, p[2]) else "next needed there"
        return f"plays {card_str(c)} from the waste to its foundation: {why}"
    if kind == "w":
        c = p[3][p[4] - 1]
        where = "an empty row" if not rows[mv[1]] else f"T{mv[1] + 1}"
        return f"builds {card_str(c)} from the waste on {where}: the waste gives up a card"
    _, n, m, k = mv
    cards = " ".join(card_str(c) for c in rows[n][-k:])
    where = f"the empty row T{m + 1}" if not rows[m] else f"T{m + 1}"
    if down[n] and len(rows[n]) - k == down[n]:
        why = f"turns up a face-down card of T{n + 1} ({down[n]} face down)"
    elif len(rows[n]) == k:
        why = f"empties T{n + 1}: an empty row takes any run"
    elif len(plan) > 1 and plan[1][0] == "F":
        why = f"frees {card_str(rows[n][-k - 1])} for its foundation"
    else:
        why = "prepares the next move"
    return f"moves {cards} from T{n + 1} to {where}: {why}"


@register_player(GAME, "fair")
class EightByEightFairPlayer(Player):
    """Plays progress moves looking a few moves ahead, from the player's view only.

    It turns face-down cards up (longest face-down rows first), empties rows, puts
    up cards no longer needed in the rows, takes cards out of the waste, and turns
    the talon when the table offers nothing worth doing; cards that other cards
    might still need go up only when nothing else is left. A plan of several moves
    is remembered and followed while the position is the one it expected. It never
    returns to a position it has already seen in the game.
    """

    level = "fair"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._reset()

    def _reset(self) -> None:
        self._seen: set[Pos] = set()
        self._plan: list[Mv] = []
        self._expect: Pos | None = None
        self._last: tuple[int, int, int] | None = None
        self.stuck = False

    def _follow_deal(self, view: Mapping[str, Any]) -> None:
        """Forget everything when the view belongs to another deal (or an undone move)."""
        mark = (
            sum(r["face_down"] for r in view["rows"]),
            int(view["on_foundations"]),
            int(view["pass"]),
        )
        last = self._last
        if last is not None and (mark[0] > last[0] or mark[1] < last[1] or mark[2] < last[2]):
            self._reset()
        self._last = mark

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def observe(self, view: Mapping[str, Any], move: str) -> None:
        self._follow_deal(view)
        self._seen.add(_view_position(view))

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        if not legal:
            raise ParlourError("no legal move to choose from")
        self._follow_deal(view)
        self.stuck = False
        p = _view_position(view)
        self._seen.add(p)
        if view["pending"]:
            return self._place_pending(view, p, legal)
        if self._plan and self._expect == p:
            mv = self._plan.pop(0)
            text = _move_text(p, mv)
            if text in legal and _after(p, [mv]) not in self._seen:
                self._expect = _after(p, [mv])
                return text, _reason(p, [mv] + self._plan)
        self._plan = []
        value, plan = _best_plan(p, _PLAN_DEPTH, self._seen)
        can_turn = "turn" in legal
        if plan and (value >= _WORTH_BEFORE_TURN or not can_turn):
            text = _move_text(p, plan[0])
            if text in legal:
                self._plan = plan[1:]
                self._expect = _after(p, plan[:1])
                return text, _reason(p, plan)
        if can_turn:
            if view["talon"]:
                return "turn", "turns up the next talon card: nothing better on the table"
            return "turn", "turns the waste over for the next pass: nothing better on the table"
        self.stuck = True
        return self._any_new(view, legal), "no move leads anywhere: undo or resign"

    def _place_pending(
        self, view: Mapping[str, Any], p: Pos, legal: Sequence[str]
    ) -> tuple[str, str]:
        card = parse_card(view["pending"])
        best: tuple[float, str, str] | None = None
        for text in legal:
            dest = text.split()[1]
            rows = list(p[0])
            f = list(p[2])
            seq = p[3]
            if dest == "F":
                _place(f, card)
                bonus = _W_SAFE_UP if _safe(card, p[2]) else _W_UP
                why = "it goes to its foundation"
            elif dest == "W":
                seq = seq + (card,)
                bonus = 0.0
                why = "nothing to build it on; the waste keeps it"
            else:
                m = int(dest[1:]) - 1
                empty = not rows[m]
                rows[m] = rows[m] + (card,)
                bonus = -_W_EMPTY + (2.0 if card >> 2 == 13 else 0.0) if empty else 0.5
                why = "a King starts the empty row" if empty else "it must be built on a row"
            q = (tuple(rows), p[1], tuple(f), seq, len(seq), p[5])
            value = bonus + _best_plan(q, 2)[0]
            if best is None or value > best[0] + 1e-9:
                best = (value, text, why)
        assert best is not None
        return best[1], f"places the turned {card_str(card)}: {best[2]}"

    def _any_new(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """Some legal move (the game asks for one even when nothing helps)."""
        return legal[0]
