"""The Calculation solver: it sees the whole deal and answers "was this deal winnable?".

Suits never matter, so a position is the rank each foundation needs next (0 once a
King tops it), the four waste piles as tuples of ranks (bottom first) and how many
stock cards are used. Cards of one rank are interchangeable and the waste piles are
too, so positions are keyed by the sorted piles.

**Steps.** The search steps from the position before one stock card to the
positions before the next: every way of placing the current card (on a foundation
or a waste pile), with foundation plays and empty-pile moves before and after it.
Every move uses up a stock card, puts a card up or fills an empty pile (the
empty-pile move needs a pile of two or more cards, so empty piles decrease), so a
position never repeats.

**Safe moves** are played at once: a card that fits a foundation when no other
foundation still wants its rank (any winning line can be replayed with that card
up early: the rest of its pile, the other foundations and every other move are as
before). A card two foundations want is not safe: which one gets it can matter.

**Search.** Beams over stock cards of doubling width (8, 32, 128, ...), the
positions of each layer ordered by a score (cards up, cards lying on a card wanted
sooner, empty piles, room for the stock cards still to come). A beam that never
had to drop a position has searched every line: if it finds no win, that is a
proof. Under classic rules a position is dropped as dead when some waste-pile
cards can provably never go up (a fixpoint relaxation, see :func:`stuck`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..games.calculation import SEQUENCES
from .solver import Budget

Need = tuple[int, int, int, int]
Piles = tuple[tuple[int, ...], ...]
#: (source, target) as the engine numbers them: source 0 stock, 1-4 W1-W4;
#: target 0-3 F1-F4, 4-7 W1-W4.
Move = tuple[int, int]
Line = tuple[Move, ...]

STOCK = 0
ON_WASTE = 4
NEVER = 99

#: POS[f][r]: where rank r stands in F(f+1)'s sequence (0-11), -1 for its base rank.
POS: tuple[tuple[int, ...], ...] = tuple(
    tuple(seq.index(r) if r in seq else -1 for r in range(14)) for seq in SEQUENCES
)
#: NEXT[f][r]: what F(f+1) wants once rank r is on it (0: complete); for its base
#: rank, the first of its sequence.
NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if POS[f][r] == 11 else SEQUENCES[f][POS[f][r] + 1] for r in range(14))
    for f in range(4)
)


def progress(f: int, need: int) -> int:
    """Cards F(f+1) holds beyond its base (12 once complete)."""
    return 12 if need == 0 else POS[f][need]


class _Info:
    """What a need vector implies, computed once per vector."""

    __slots__ = ("times", "fits", "wanted", "up")

    def __init__(self, need: Need) -> None:
        t = [NEVER] * 14
        wanted = [0] * 14
        for f in range(4):
            if need[f]:
                seq = SEQUENCES[f]
                p = POS[f][need[f]]
                for k in range(p, 12):
                    r = seq[k]
                    wanted[r] += 1
                    if k - p < t[r]:
                        t[r] = k - p
        self.times = tuple(t)
        self.wanted = tuple(wanted)
        self.fits = tuple(tuple(f for f in range(4) if need[f] == r) for r in range(14))
        self.up = sum(progress(f, need[f]) for f in range(4))


_INFO: dict[Need, _Info] = {}


def info(need: Need) -> _Info:
    got = _INFO.get(need)
    if got is None:
        got = _INFO[need] = _Info(need)
    return got


def _to_foundation(need: Need, f: int, r: int) -> Need:
    nd = list(need)
    nd[f] = NEXT[f][r]
    return (nd[0], nd[1], nd[2], nd[3])


def settle(
    need: Need, piles: Piles, stock: tuple[int, ...], i: int
) -> tuple[Need, Piles, int, Line]:
    """Play every safe move; the position before stock card ``i`` and the moves made."""
    line: list[Move] = []
    n = len(stock)
    while True:
        inf = info(need)
        wanted = inf.wanted
        fits = inf.fits
        if i < n:
            c = stock[i]
            if wanted[c] == 1 and fits[c]:
                f = fits[c][0]
                need = _to_foundation(need, f, c)
                i += 1
                line.append((STOCK, f))
                continue
        for w in range(4):
            pile = piles[w]
            if pile:
                r = pile[-1]
                if wanted[r] == 1 and fits[r]:
                    f = fits[r][0]
                    need = _to_foundation(need, f, r)
                    pl = list(piles)
                    pl[w] = pile[:-1]
                    piles = tuple(pl)
                    line.append((w + 1, f))
                    break
        else:
            return need, piles, i, tuple(line)


#: The score's weights (the fair player's, tuned on its win rate; the solver shares them).
W_UP = 10.0
W_BLOCK = 4.0
W_DEPTH = 0.6
W_EMPTY = 1.5
W_FUTURE = 3.0


def score(need: Need, piles: Piles, counts: Sequence[int], total: int) -> float:
    """Higher is better: cards up, few cards on cards wanted sooner, room for the stock.

    ``counts`` holds the ranks of the stock still to come, ``total`` their number.
    """
    inf = info(need)
    if inf.up == 48:
        return 1e6
    t = inf.times
    blocks = 0
    depth = 0
    room = -1
    empties = 0
    for pile in piles:
        if not pile:
            empties += 1
            room = NEVER + 1
            continue
        m = NEVER + 1
        for r in pile:
            tr = t[r]
            if tr > m:
                blocks += 1
                depth += tr - m if tr - m < 12 else 12
            else:
                m = tr
        if m > room:
            room = m
    future = 0.0
    if total:
        bad = 0
        for r in range(1, 14):
            tr = t[r]
            if counts[r] and tr > room and tr > 0:
                bad += counts[r]
        future = bad / total
    return (
        W_UP * inf.up - W_BLOCK * blocks - W_DEPTH * depth + W_EMPTY * empties - W_FUTURE * future
    )


def reachable(need: Need, piles: Piles, cur: int, classic: bool) -> list[tuple[Need, Piles, Line]]:
    """Every position reachable with ``cur`` placed (with no current card: every one
    reachable at all, the position itself first), each with one line reaching it.

    An empty-pile move (X from pile P to the empty pile E) is only ever followed at
    once by a move that touches P or E: the card under X going up or to another
    empty pile, or the current card onto P or E. Any winning line can be put in
    that form: a move touching neither P nor E can swap with the empty-pile move
    before it (the later move is still legal, as P and E are unchanged), and X going
    up straight from E is the same as X going up from P without the move. So a
    position reached with an empty-pile move not yet followed by such a move is
    not a result, and only such moves follow it."""
    out: list[tuple[Need, Piles, Line]] = []
    seen: set[Hashable] = set()
    todo: list[tuple[Need, Piles, bool, tuple[int, ...], Line]] = [(need, piles, not cur, (), ())]
    k = 0
    while k < len(todo):
        nd, pl, placed, pend, line = todo[k]
        k += 1
        if pend:
            key: Hashable = (nd, tuple(sorted(pl)), placed, pl[pend[0]], pl[pend[1]])
        else:
            key = (nd, tuple(sorted(pl)), placed)
        if key in seen:
            continue
        seen.add(key)
        if placed and not pend:
            out.append((nd, pl, line))
        fits = info(nd).fits
        if not placed:
            if not pend:
                for f in fits[cur]:
                    todo.append((_to_foundation(nd, f, cur), pl, True, (), (*line, (STOCK, f))))
            done: list[tuple[int, ...]] = []
            for w in pend or range(4):
                pile = pl[w]
                if pile not in done:
                    done.append(pile)
                    p2 = list(pl)
                    p2[w] = pile + (cur,)
                    todo.append((nd, tuple(p2), True, (), (*line, (STOCK, ON_WASTE + w))))
        done = []
        for w in pend[:1] or range(4):
            pile = pl[w]
            if pile and pile not in done:
                done.append(pile)
                r = pile[-1]
                for f in fits[r]:
                    p2 = list(pl)
                    p2[w] = pile[:-1]
                    todo.append(
                        (_to_foundation(nd, f, r), tuple(p2), placed, (), (*line, (w + 1, f)))
                    )
        if not classic and () in pl:
            e = pl.index(())
            done = []
            for w in pend[:1] or range(4):
                pile = pl[w]
                if len(pile) >= 2 and pile not in done:
                    done.append(pile)
                    p2 = list(pl)
                    p2[w] = pile[:-1]
                    p2[e] = (pile[-1],)
                    todo.append((nd, tuple(p2), placed, (w, e), (*line, (w + 1, ON_WASTE + e))))
    return out


def stuck(need: Need, piles: Piles) -> bool:
    """Classic rules only: whether some waste-pile cards can provably never go up.

    Start with C = every waste-pile card and drop, until nothing changes, each card
    that could be the first of C to go up: no card of C lies above it, and some
    foundation wanting its rank could reach it with cards outside C (every rank that
    foundation needs first has a card outside C). If C is still not empty, its first
    card to go up would have been dropped: none ever goes up, and the deal is lost.
    """
    inside = [0] * 14
    for pile in piles:
        for r in pile:
            inside[r] += 1
    if not any(inside):
        return False
    total = list(info(need).wanted)  # cards of each rank not yet up
    depth = [len(p) for p in piles]
    changed = True
    while changed:
        changed = False
        for w in range(4):
            while depth[w]:
                r = piles[w][depth[w] - 1]
                if not _reachable_rank(need, r, inside, total):
                    break
                depth[w] -= 1
                inside[r] -= 1
                changed = True
    return any(depth)


def _reachable_rank(need: Need, r: int, inside: list[int], total: list[int]) -> bool:
    """Whether a foundation wanting rank r could get there with cards outside C."""
    for f in range(4):
        n = need[f]
        if not n:
            continue
        k, target = POS[f][n], POS[f][r]
        if target < k:
            continue
        seq = SEQUENCES[f]
        for j in range(k, target):
            t = seq[j]
            if total[t] - inside[t] <= 0:
                break
        else:
            return True
    return False


#: A position before stock card i, and the moves that reached it from its parent.
Node = tuple[Need, Piles, int, Line]


class Search:
    """Beams of growing width over the stock cards (see the module text)."""

    def __init__(self, stock: tuple[int, ...], classic: bool, budget: Budget) -> None:
        self.stock = stock
        self.classic = classic
        self.budget = budget
        self.nodes = 0
        self.out_of_budget = False
        self.dead: set[Hashable] = set()
        n = len(stock)
        self._counts: list[list[int]] = []
        counts = [0] * 14
        for j in range(n, -1, -1):
            if j < n:
                counts[stock[j]] += 1
            self._counts.append(list(counts))
        self._counts.reverse()

    def children(self, need: Need, piles: Piles, i: int) -> list[tuple[float, Node]]:
        """The positions before the next stock card (or the end), best first."""
        self.nodes += 1
        stock = self.stock
        n = len(stock)
        cur = stock[i] if i < n else 0
        out: list[tuple[float, Node]] = []
        seen: set[Hashable] = set()
        classic = self.classic
        for nd, pl, line in reachable(need, piles, cur, classic):
            if not line:
                continue
            nd, pl, ni, safe = settle(nd, pl, stock, i + (cur > 0))
            key = (ni, nd, tuple(sorted(pl)))
            if key in seen or key in self.dead:
                continue
            seen.add(key)
            if classic and stuck(nd, pl):
                self.dead.add(key)
                continue
            out.append((score(nd, pl, self._counts[ni], n - ni), (nd, pl, ni, line + safe)))
        out.sort(key=lambda c: -c[0])
        return out

    def beam(self, start: Node, width: int) -> tuple[list[Move] | None, bool]:
        """Keep the ``width`` best positions per stock card: a winning line or None,
        and whether every position was kept (then None is a proof)."""
        complete = True
        layer: list[tuple[float, Node, list[Move]]] = [(0.0, start, list(start[3]))]
        n = len(self.stock)
        while layer:
            nxt: dict[Hashable, tuple[float, Node, list[Move]]] = {}
            for _, (need, piles, i, _line), moves in layer:
                if not any(need):
                    return moves, complete
                if self.nodes & 15 == 0 and self.budget.exhausted(self.nodes):
                    self.out_of_budget = True
                    return None, False
                for sc, child in self.children(need, piles, i):
                    nd, pl, ni, line = child
                    if not any(nd):
                        return moves + list(line), complete
                    if ni >= n and len(reachable(nd, pl, 0, self.classic)) < 2:
                        continue  # stock gone and nothing moves: lost
                    key = (ni, nd, tuple(sorted(pl)))
                    old = nxt.get(key)
                    if old is None or old[0] < sc:
                        nxt[key] = (sc, child, moves + list(line))
            ranked = sorted(nxt.values(), key=lambda e: -e[0])
            if len(ranked) > width:
                complete = False
                ranked = ranked[:width]
            layer = ranked
        return None, complete


def solve(
    need: Need, piles: Piles, stock: tuple[int, ...], classic: bool, budget: Budget
) -> tuple[str, Line | None, int]:
    """("solved", line, nodes), ("unwinnable", None, nodes) or ("unknown", None, nodes)."""
    search = Search(stock, classic, budget)
    first = settle(need, piles, stock, 0)
    if not any(first[0]):
        return "solved", first[3], 0
    width = 8
    while True:
        line, complete = search.beam(first, width)
        if line is not None:
            return "solved", tuple(line), search.nodes
        if complete:
            return "unwinnable", None, search.nodes
        if search.out_of_budget:
            return "unknown", None, search.nodes
        width *= 4
