"""The 8 x 8 solver's search: depth-first runs with restarts, discrepancy phases,
talon-walk dominance and the dead-deal test (see the package text)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...rng import Rng
from ..solver import Budget
from .moves import search_moves
from .position import PARENTS, Mv, Pos, apply_moves, build_target, row_tops, settle
from .proof import Relaxation

#: The styles of the search's runs, used in turn: the reveal order (see ``progress_moves``) and
#: whether a fitting talon card goes up before onto a row (see ``search_moves``).
RUN_STYLES: tuple[tuple[int, bool], ...] = ((-1, True), (1, True))
#: Random spread added to priorities after the first run (ties and near ties reorder).
SHUFFLE = 8
#: Nodes in the first run, and the growth of the limit from run to run.
FIRST_LIMIT = 1000
GROWTH = 1.3
#: Limited discrepancy search (``Search._lds``) between the depth-first runs, once a
#: run's limit reaches ``LDS_FROM`` nodes, for half as many nodes as that run: it
#: finds wins whose line strays a little from the move order in many places.
LDS = True
LDS_FROM = 10_000
#: Discrepancy allowances: 0, 1, ..., LDS_STEP, then growing by LDS_GROWTH.
LDS_STEP = 8
LDS_GROWTH = 1.25
LDS_MAX_DEPTH = 500


class Search:
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
        #: turning talon cards to the waste (``walk_dominated``); off in the main search
        self.walks = walks
        self.lds = LDS if lds is None else lds
        self.growth = GROWTH
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
        self.relax = Relaxation(budget) if relax else None

    #: Whether ``run`` first checks that every face-down card could still come up.
    prove_dead = True
    #: The styles of the runs, in turn (``RUN_STYLES``).
    styles: tuple[tuple[int, bool], ...] = RUN_STYLES

    def reached(self, p: Pos) -> bool:
        """Whether ``p`` is what the search looks for: a won position."""
        return sum(p[2]) == 104

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
        return self.walks and walk_dominated(entries, p)

    def _forget(self, key: tuple[Any, ...], p: Pos) -> None:
        entries = self.table[key]
        entries.remove((p[4], p[5]))
        if not entries:
            del self.table[key]

    def run(self, p: Pos) -> list[Mv] | None:
        """A winning line from ``p`` (solver moves), or None."""
        head, p, is_open, key = settle(p)
        if self.reached(p):
            return head
        if self.prove_dead and never_turned_up(p):
            return None
        if is_open and self.relax is not None and self._dead_open(p):
            return None
        limit = FIRST_LIMIT
        shuffle = 0
        runs = 0
        self.partial = {}
        self.allow = 0
        while True:
            self.reveal, self.up_first = self.styles[runs % len(self.styles)]
            runs += 1
            line, finished = self._dfs(p, is_open, key, limit, shuffle)
            if line is not None:
                return head + line
            if finished or self.out_of_budget:
                return None
            if self.lds and limit >= LDS_FROM:
                self.reveal, self.up_first = RUN_STYLES[0]
                line, finished = self.lds_phase(p, is_open, limit // 2)
                if line is not None:
                    return head + line
                if finished or self.out_of_budget:
                    return None
            limit = int(limit * self.growth)
            shuffle = SHUFFLE

    def lds_phase(self, p: Pos, is_open: bool, limit: int) -> tuple[list[Mv] | None, bool]:
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
            self.allow = a + 1 if a < LDS_STEP else int(a * LDS_GROWTH)

    def _lds(
        self, p: Pos, is_open: bool, allow: int, depth: int = 0
    ) -> tuple[list[Mv] | None, bool]:
        """A winning line from ``p`` within ``allow`` discrepancies (None if none was
        found), and whether the subtree was searched to the end."""
        self.nodes += 1
        if depth > LDS_MAX_DEPTH:
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
        for i, (_, moves) in enumerate(search_moves(p, is_open, self.reveal, self.up_first)):
            if i > allow:
                exhaustive = False
                break
            child = apply_moves(p, moves)
            auto, child, c_open, key = settle(child)
            if self.reached(child):
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
        limit = RELAX_LIMIT
        if self.budget.nodes is not None:
            limit = min(limit, self.budget.nodes - self.nodes)
        dead = self.relax.proves_dead(p, limit)
        self.nodes += self.relax.nodes
        return dead

    def _finished(self, key: tuple[Any, ...], p: Pos) -> bool:
        entries = self.table.get(key)
        return entries is not None and self._covered(entries, p)

    def _order(self, p: Pos, is_open: bool, shuffle: int) -> Iterator[tuple[int, list[Mv]]]:
        children = search_moves(p, is_open, self.reveal, self.up_first)
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
            child = apply_moves(parent, moves)
            auto, child, is_open, key = settle(child)
            if self._seen(key, child):
                continue
            if is_open and self.relax is not None and self._dead_open(child):
                continue  # its table entry stays: finished, and exactly so
            self.nodes += 1
            path.append(moves + auto)
            if self.reached(child):
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


class RevealSearch(Search):
    """A search for a line that turns up a face-down card (or wins), not a win.

    The strong player runs it on what it sees once the talon is known (from the
    second pass on): face-down cards are placeholders that never build or fit, so
    the line found never counts on a hidden card, and it ends where a card comes up
    and the player sees more. With ``goal`` above 1 it looks for a line that turns up
    that many cards, each one a blank once up (:data:`position.BLANK`): a line that
    turns them all up whatever they are. Safe foundation moves are played on the way,
    as in the solver.
    """

    prove_dead = False
    #: Rows with most face-down cards first, and a talon card that may go onto a row or
    #: up goes onto the row first: on tuning seeds 10,000-10,199 and 20,000-20,299 the
    #: player won 64 of 500 deals so, against 51 with the solver's order and 46 for the
    #: fair player alone.
    styles = ((1, False),)

    def __init__(self, budget: Budget, down: int, goal: int = 1) -> None:
        super().__init__(budget, lds=False)
        #: the face-down cards of the start position
        self.down = down
        #: how many face-down cards the line must turn up (each one, once up, a blank
        #: that never builds and fits nowhere: the line counts on none of them)
        self.goal = goal

    def reached(self, p: Pos) -> bool:
        return sum(p[1]) <= self.down - self.goal or sum(p[2]) == 104


def walk_dominated(entries: Sequence[tuple[int, int]], p: Pos) -> bool:
    """Whether one of ``entries`` (talon places of ``p``'s class) reaches ``p`` by turns alone.

    From talon place (ptr2, passes2) the position with place (ptr, passes) is reached,
    table unchanged, by turning each card from ptr2 on onto the waste (and turning the
    waste over between passes) if every such card may go to the waste: no Ace and
    nothing that builds on a row top (in the settled regime that is a property of the
    class: it depends only on which layers have a parent on top). The search from
    ``ptr2`` covers every line that begins with those turns (the talon walks of
    ``search_moves``), so a finished entry there means no line from ``p`` wins either.
    """
    seq, ptr, passes = p[3], p[4], p[5]
    tops = row_tops(p[0])
    lo = ptr  # seq[lo:ptr] may all go to the waste
    while lo and seq[lo - 1] >= 8 and build_target(seq[lo - 1], tops) < 0:
        lo -= 1
    hi = -1  # seq[hi:] may all go to the waste (computed on demand)
    for ptr2, passes2 in entries:
        if passes2 == passes:
            if lo <= ptr2 < ptr:
                return True
        elif passes2 < passes and lo == 0 and seq:
            if hi < 0:
                hi = len(seq)
                while hi and seq[hi - 1] >= 8 and build_target(seq[hi - 1], tops) < 0:
                    hi -= 1
            if ptr2 >= hi:
                return True
    return False


def never_turned_up(p: Pos) -> bool:
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
        return empty or can_go_up(c) or (c >> 2 != 13 and any(v in in_rows for v in PARENTS[c]))

    empty = any(not rows[n] or (not down[n] and can_leave(rows[n][0], False)) for n in range(8))
    changed = True
    while changed:
        changed = False
        for c in seq:
            if c not in in_rows and c >= 8 and (empty or any(v in in_rows for v in PARENTS[c])):
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


#: Relaxed states one check of an open position may search (``Search._dead_open``).
RELAX_LIMIT = 100_000
