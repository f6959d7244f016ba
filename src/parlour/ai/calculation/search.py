"""The Calculation solver's search: it sees the whole deal and answers "was this deal winnable?".

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
proof. Once the 8,192-wide beam has failed, *diversity beams* run (8,192 wide,
keeping at most 4, then 1, positions per group of positions with the same need vector
and stock index: the same cards in the piles, differently arranged), so the beam
cannot fill up with rearrangements of one line; then the widening goes on. Once the
32,768-wide beam has failed, *noise beams* run (8,192 wide, some group-capped): a
pseudo-random part of the score reorders near ties, and some use the known stock order
(how long the waste-pile cards wait in a relaxed play-out of the stock), so they
follow other lines than every beam before; then the widening goes on again. Under
classic rules a position is dropped as dead when some waste-pile cards can provably
never go up (a fixpoint relaxation, see :func:`stuck`).

**Kernel.** Each beam step (expanding a layer, scoring, de-duplicating by a hash
that ignores the order of the piles, keeping the best) runs in
:mod:`parlour.ai.calculation.kernel`, compiled by numba when it is installed; the
functions here (:func:`reachable`, :func:`settle`, :func:`score`, :func:`stuck`) are
the readable reference it follows (and the fair player uses ``score``); without
numba, :class:`ReferenceSearch` runs the same beams on them instead. Positions
are de-duplicated by 62-bit hashes: a collision could in principle drop a position,
with odds far below one in a million per deal.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ...errors import InvalidOptionError
from ...games.calculation import SEQUENCES
from ..solver import Budget, SolveStatus
from . import kernel as K
from .position import (
    NEVER,
    NEXT,
    ON_WASTE,
    POS,
    STOCK,
    Line,
    Move,
    Need,
    Piles,
    info,
    to_foundation,
)


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
                need = to_foundation(need, f, c)
                i += 1
                line.append((STOCK, f))
                continue
        for w in range(4):
            pile = piles[w]
            if pile:
                r = pile[-1]
                if wanted[r] == 1 and fits[r]:
                    f = fits[r][0]
                    need = to_foundation(need, f, r)
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
                    todo.append((to_foundation(nd, f, cur), pl, True, (), (*line, (STOCK, f))))
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
                        (to_foundation(nd, f, r), tuple(p2), placed, (), (*line, (w + 1, f)))
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


#: The beam's score weights (cards up, blocks, block depth, empty piles, future).
SOLVER_WEIGHTS = (W_UP, W_BLOCK, W_DEPTH, W_EMPTY, W_FUTURE)


def kernel_row(need: Need, piles: Piles, i: int) -> list[int]:
    """A position as a kernel row."""
    row = [0] * K.S
    row[K.NEED : K.NEED + 4] = need
    for w in range(4):
        row[K.LEN + w] = len(piles[w])
        row[K.PILE + w * K.MAXL : K.PILE + w * K.MAXL + len(piles[w])] = piles[w]
    row[K.IDX] = i
    return row


class Search:
    """Beams of growing width over the stock cards, each step run by the kernel."""

    def __init__(
        self, stock: tuple[int, ...], classic: bool, budget: Budget, plain: bool = False
    ) -> None:
        self.k = kern = K.Kernel(plain)
        self.stock_t = stock
        self.n = n = len(stock)
        self.classic = int(classic)
        self.budget = budget
        self.nodes = 0
        self.stock = kern.array(0, values=[*stock, 0])
        self.seq = kern.array(0, values=[r for f in range(4) for r in SEQUENCES[f]])
        self.pos = kern.array(0, values=[POS[f][r] for f in range(4) for r in range(14)])
        self.nxt = kern.array(0, values=[NEXT[f][r] for f in range(4) for r in range(14)])
        counts = [0] * (14 * (n + 1))
        for j in range(n - 1, -1, -1):
            for r in range(14):
                counts[j * 14 + r] = counts[(j + 1) * 14 + r]
            counts[j * 14 + stock[j]] += 1
        self.counts = kern.array(0, values=counts)
        self.work = kern.array(K.WORK * K.S, "i1")
        self.wmeta = kern.array(K.WORK * 5)
        self.table = kern.array(3 * K.WORK)
        self.out = kern.array(K.OUT * K.S, "i1")
        self.okeys = kern.array(K.OUT)
        self.omoves = kern.array(K.OUT * K.MAXMOVES)
        self.onm = kern.array(K.OUT)
        self.wanted = kern.array(14)
        self.times = kern.array(14)
        self.inside = kern.array(24)  # [16:24]: the rollout's foundations and piles
        self.res = kern.array(8)
        # [5]: the noise weight, [6]: the rollout's (both 0 but in the new phase)
        self.wts = kern.array(0, "f8", (*SOLVER_WEIGHTS, 0.0, 0.0))
        self.ncount: Any = None  # the diversity beams' group counts, made when needed
        self.no_count = kern.array(1)

    def expand(self, row: Any) -> list[tuple[list[int], Line]]:
        """The children of a row (as the beam numbers them), each with its moves."""
        buf = self.k.array(0, "i1", row)
        count = self.k._expand(
            buf, 0, self.stock, self.n, self.classic, self.seq, self.pos, self.nxt,
            self.work, self.wmeta, self.table, self.out, self.okeys, self.omoves, self.onm,
            self.wanted, self.times, self.inside, 1,
        )  # fmt: skip
        if count < 0:
            count = -1 - count
        out = []
        for c in range(count):
            nm = int(self.onm[c])
            codes = [int(x) for x in self.omoves[c * K.MAXMOVES : c * K.MAXMOVES + nm]]
            child = [int(x) for x in self.out[c * K.S : (c + 1) * K.S]]
            out.append((child, tuple((m // 8, m % 8) for m in codes)))
        return out

    def beam(
        self,
        start: list[int],
        width: int,
        gcap: int = 0,
        salt: int = 0,
        noise: float = 0.0,
        fix: bool = False,
        roll: float = 0.0,
    ) -> tuple[Line | None, bool]:
        """Keep the ``width`` best positions per step: a winning line or None, and
        whether every position was kept (then None is a proof). ``gcap`` > 0 keeps at
        most that many positions per group (need vector and stock index); ``salt`` > 0
        adds up to ``noise`` of pseudo-random score per position (drawn from its key and
        the salt); ``fix`` lowers the cut-off when a capped compaction keeps too few;
        ``roll`` > 0 takes that much per unit of the stock-order rollout off the score."""
        kern = self.k
        self.wts[5] = noise if salt > 0 else 0.0
        self.wts[6] = roll
        if gcap > 0 and self.ncount is None:
            self.ncount = kern.array(K.GROUPS)
        ncount = self.ncount if gcap > 0 else self.no_count
        cap = max(16 * width, 1024)
        size = 1
        while size < 2 * cap:
            size *= 2
        layer = kern.array(cap * K.S, "i1")
        layer[0 : K.S] = kern.array(0, "i1", start)
        cand = kern.array(cap * K.S, "i1")  # the next layer, then swapped with it
        cscore = kern.array(cap, "f8")
        cpar = kern.array(cap)
        cord = kern.array(cap)
        ckey = kern.array(cap)
        order = kern.array(cap)
        spare = kern.array(cap)
        htab = kern.array(size)
        nlayer = 1
        gens: list[tuple[Any, Any]] = []
        complete = True
        res = self.res
        limit = self.budget.nodes if self.budget.nodes is not None else 1 << 62
        while nlayer:
            if self.budget.exhausted(self.nodes):
                return None, False
            kern.clear(htab)
            self.k._step(
                layer, nlayer, self.stock, self.n, self.classic, self.seq, self.pos,
                self.nxt, self.counts, self.work, self.wmeta, self.table, self.out,
                self.okeys, self.omoves, self.onm, self.wanted, self.times, self.inside,
                cand, cscore, cpar, cord, ckey, order, htab, spare, width, limit,
                self.nodes, res, self.wts, gcap, ncount, salt, int(fix),
            )  # fmt: skip
            self.nodes = int(res[1])
            if res[3]:
                return self._line(start, gens, int(res[4]), int(res[5])), complete
            if res[6]:  # the node budget ran out (a time budget is checked per layer)
                return None, False
            if res[2]:
                complete = False
            nlayer = int(res[0])
            gens.append((kern.head(cpar, nlayer), kern.head(cord, nlayer)))
            layer, cand = cand, layer
        return None, complete

    def _line(self, start: list[int], gens: list[tuple[Any, Any]], p: int, c: int) -> Line:
        ords = [c]
        for par, ordn in reversed(gens):
            ords.append(int(ordn[p]))
            p = int(par[p])
        ords.reverse()
        row = start
        line: list[Move] = []
        for o in ords:
            row, moves = self.expand(row)[o]
            line.extend(moves)
        return tuple(line)


#: A position before stock card i, and the moves that reached it from its parent.
Node = tuple[Need, Piles, int, Line]


class ReferenceSearch:
    """The same beams in plain Python on tuples: the search without numba.

    Run as plain Python, the kernel's flat rows are about ten times slower than these
    tuples, so without numba :func:`solve` uses this class (a test holds its answers
    and node counts equal to the kernel's)."""

    def __init__(self, stock: tuple[int, ...], classic: bool, budget: Budget) -> None:
        self.stock = stock
        self.classic = classic
        self.budget = budget
        self.nodes = 0
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

    def beam(self, start: Node, width: int) -> tuple[Line | None, bool]:
        """Keep the ``width`` best positions per stock card: a winning line from
        ``start`` or None, and whether every position was kept (then None is a proof)."""
        complete = True
        layer: list[tuple[float, Node, list[Move]]] = [(0.0, start, [])]
        n = len(self.stock)
        while layer:
            nxt: dict[Hashable, tuple[float, Node, list[Move]]] = {}
            for _, (need, piles, i, _line), moves in layer:
                if not any(need):
                    return tuple(moves), complete
                if self.nodes & 15 == 0 and self.budget.exhausted(self.nodes):
                    return None, False
                for sc, child in self.children(need, piles, i):
                    nd, pl, ni, line = child
                    if not any(nd):
                        return (*moves, *line), complete
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
    need: Need,
    piles: Piles,
    stock: tuple[int, ...],
    classic: bool,
    budget: Budget,
    engine: str = "auto",
) -> tuple[SolveStatus, Line | None, int]:
    """("solved", line, nodes), ("unwinnable", None, nodes) or ("unknown", None, nodes).

    ``engine``: "kernel" (compiled when numba is installed), "plain" (the kernel as
    plain Python even then), "reference" (:class:`ReferenceSearch`), or "auto": the
    compiled kernel, or the reference search without numba."""
    if engine == "auto":
        engine = "kernel" if K.compiled() else "reference"
    first = settle(need, piles, stock, 0)
    if not any(first[0]):
        return "solved", first[3], 0
    search: Search | ReferenceSearch
    start: list[int] | Node
    if engine == "reference":
        search, start = ReferenceSearch(stock, classic, budget), first
    elif engine in ("kernel", "plain"):
        if max(len(p) for p in first[1]) > K.MAXL:
            return "unknown", None, 0
        search = Search(stock, classic, budget, plain=engine == "plain")
        start = kernel_row(first[0], first[1], first[2])
    else:
        raise InvalidOptionError(
            f"unknown engine {engine!r}: the engines are auto, kernel, plain and reference"
        )
    width = 8
    while True:
        line, complete = search.beam(start, width)  # type: ignore[arg-type]
        if line is not None:
            return "solved", first[3] + line, search.nodes
        if complete:
            return "unwinnable", None, search.nodes
        if budget.exhausted(search.nodes):
            return "unknown", None, search.nodes
        if width in (DIVERSE_AFTER, NOISY_AFTER):  # each once: the widths only grow
            kernel = search if isinstance(search, Search) else _plain_search(search, first)
            if kernel is not None:
                row = kernel_row(first[0], first[1], first[2])
                if width == DIVERSE_AFTER:
                    beams = [(w, gcap, 0, 0.0, 0.0, False) for w, gcap in DIVERSE]
                else:
                    beams = [(*beam, True) for beam in NOISY]
                for w, gcap, salt, noise, roll, fix in beams:
                    line, _ = kernel.beam(row, w, gcap, salt, noise, fix, roll)
                    search.nodes = kernel.nodes
                    if line is not None:
                        return "solved", first[3] + line, search.nodes
                    if budget.exhausted(search.nodes):
                        return "unknown", None, search.nodes
        width *= 4


#: Once the widening beam DIVERSE_AFTER wide has failed, the diversity beams run (width,
#: positions kept per group), then the widening goes on. Everything before is unchanged,
#: so a deal decided by then gets the same answer, line and nodes as without them.
DIVERSE_AFTER = 8192
DIVERSE: tuple[tuple[int, int], ...] = ((8192, 4), (8192, 1))
#: Once the widening beam NOISY_AFTER wide has failed, the *noise beams* run: (width,
#: positions kept per group or 0, salt, noise weight, rollout weight). A salt > 0 adds
#: to every position's score a pseudo-random number in [0, noise) drawn from its key
#: and the salt, which reorders near ties and so follows other lines than the beams
#: before; a rollout weight > 0 takes off that much per stock card the waste-pile cards
#: wait in a relaxed play-out of the known stock order (see
#: :func:`parlour.ai.calculation.kernel.rollout`). Their capped compactions lower the
#: cut-off when they keep fewer than ``width`` positions (the diversity beams above do
#: not). Each starts from the deal. Then the widening goes on.
NOISY_AFTER = 32768
NOISY: tuple[tuple[int, int, int, float, float], ...] = (
    (8192, 4, 2, 3.0, 0.15),
    (8192, 0, 0, 0.0, 0.15),
    (8192, 4, 1, 3.0, 0.0),
    (8192, 0, 1, 5.0, 0.0),
)


def _plain_search(ref: ReferenceSearch, first: Node) -> Search | None:
    """The reference engine runs the diversity beams with the kernel as plain Python
    (they exist only there), carrying on its node count."""
    if max(len(p) for p in first[1]) > K.MAXL:
        return None
    search = Search(ref.stock, ref.classic, ref.budget, plain=True)
    search.nodes = ref.nodes
    return search
