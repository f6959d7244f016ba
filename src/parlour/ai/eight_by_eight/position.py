"""8 x 8 positions as the solver and the fair player see them.

Cards, the compact position (rows, face-down counts, foundations, talon and waste as
one sequence), applying solver moves, the class key of a position (see the package
text on layers and regimes) and the safe foundation moves played at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...games.eight_by_eight import EightByEight

GAME = "eight-by-eight"

# --- cards -----------------------------------------------------------------

RED = tuple((c & 3) in (1, 2) for c in range(56))
#: _BUILDS[c][t]: card c may lie on card t in a row (one lower, other colour, never an Ace).
_BUILDS = tuple(
    tuple((c >> 2) == (t >> 2) - 1 and RED[c] != RED[t] and c >= 8 for t in range(56))
    for c in range(56)
)
#: A card the player cannot see in a plan (a face-down card, or one a plan turns up):
#: rank 0, so it never builds, nothing builds on it and it fits no foundation, but it
#: is not 0 (an empty row's top) and, once turned up, may go into an empty row.
BLANK = 1
#: The two suits of the other colour.
_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))


def fits_foundation(c: int, f: Sequence[int]) -> bool:
    """Whether card ``c`` fits a foundation; ``f`` holds two heights per suit, higher first."""
    r = (c >> 2) - 1
    s = 2 * (c & 3)
    return f[s] == r or f[s + 1] == r


def is_safe_up(c: int, f: Sequence[int]) -> bool:
    """Whether putting ``c`` up can never cost anything: nothing left could lie on it."""
    r = c >> 2
    if r <= 2:
        return True
    a, b = _OPPOSITE[c & 3]
    return f[2 * a + 1] >= r - 1 and f[2 * b + 1] >= r - 1


def place_up(f: list[int], c: int) -> None:
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
            place_up(self.f, self._cut(mv[1], 1)[0])
        elif kind == "w":
            self.rows[mv[1]] += (self._take(),)
        elif kind == "f":
            place_up(self.f, self._take())
        elif kind == "t":
            how = mv[1]
            if how == "W":
                self.ptr += 1
                return
            seq = self.seq
            c = seq[self.ptr]
            self.seq = seq[: self.ptr] + seq[self.ptr + 1 :]
            if how == "F":
                place_up(self.f, c)
            else:
                self.rows[mv[2]] += (c,)
        else:  # "o"
            self.ptr = 0
            self.passes += 1


def apply_moves(p: Pos, moves: Sequence[Mv]) -> Pos:
    m = _Mut(p)
    for mv in moves:
        m.do(mv)
    return m.freeze()


#: The two cards each card may lie on in a row (rank one higher, other colour); none
#: for Aces (which never lie in a row) and Kings.
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(4, 56) if _BUILDS[c][t]) for c in range(56)
)


def build_target(c: int, tops: list[int], skip: int = -1) -> int:
    """A row (not ``skip``) whose top ``c`` builds on, or -1."""
    best = 8
    for v in PARENTS[c]:
        if v in tops:
            i = tops.index(v)
            if i == skip:
                if v not in tops[i + 1 :]:
                    continue
                i = tops.index(v, i + 1)
            if i < best:
                best = i
    return best if best < 8 else -1


def row_tops(rows: Sequence[Sequence[int]]) -> list[int]:
    return [row[-1] if row else 0 for row in rows]


_NEED: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}


def needed_cards(f: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """The cards that fit a foundation, and those of them that are safe to put up."""
    got = _NEED.get(f)
    if got is None:
        fit = frozenset(
            (f[2 * s + j] + 1) * 4 + s for s in range(4) for j in (0, 1) if f[2 * s + j] < 13
        )
        got = (fit, frozenset(c for c in fit if is_safe_up(c, f)))
        if len(_NEED) > 200_000:
            _NEED.clear()
        _NEED[f] = got
    return got


def is_open_regime(rows: Sequence[Sequence[int]], down: Sequence[int], tops: list[int]) -> bool:
    """Whether a row is empty or a row without face-down cards could be emptied."""
    if 0 in tops:
        return True
    return any(not down[n] and build_target(rows[n][0], tops, n) >= 0 for n in range(8))


def class_key(p: Pos, is_open: bool) -> tuple[Any, ...]:
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


def uncover(
    rows: Sequence[Sequence[int]], tops: list[int], n: int, i: int, is_open: bool
) -> Mv | None:
    """A shift that moves everything above rows[n][i] away (None if impossible)."""
    row = rows[n]
    m = build_target(row[i + 1], tops, n)
    if m < 0 and is_open and 0 in tops:
        m = tops.index(0)
    return None if m < 0 else ("R", n, m, len(row) - i - 1)


def find_face_up(
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


def settle(p: Pos) -> tuple[list[Mv], Pos, bool, tuple[Any, ...]]:
    """Play every safe foundation move (uncovering the card if one shift does it)."""
    moves: list[Mv] = []
    while True:
        rows, down, f, seq, ptr = p[0], p[1], p[2], p[3], p[4]
        tops = row_tops(rows)
        is_open = is_open_regime(rows, down, tops)
        safe = needed_cards(f)[1]
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
                        shift = uncover(rows, tops, n, i, is_open)
                        if shift is not None:
                            step = [shift, ("F", n)]
                            break
                if step:
                    break
        if not step:
            return moves, p, is_open, class_key(p, is_open)
        moves += step
        p = apply_moves(p, step)


def position_of(state: EightByEight) -> Pos:
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
