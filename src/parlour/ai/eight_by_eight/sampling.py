"""The 8 x 8 strong player: the fair player, then lines searched on what it knows.

What the player cannot see is the face-down cards and, in the first pass, the order
of the talon; from the last card of the first pass on it knows the talon's order,
since the talon is the waste it watched being built, turned over. It knows *which*
cards are hidden: every card of the two packs that is not face up, on the waste,
pending or on a foundation (or, later, in the remembered talon).

* **First pass** (the talon unknown): the fair player's moves.
* **Talon known**: a search (:class:`parlour.ai.eight_by_eight.search.RevealSearch`,
  the solver's search with another goal) on what the player sees, the face-down
  cards as blanks that never build nor fit, for a line that turns up a face-down
  card; the player follows it (it counts on no hidden card, so it goes as planned)
  and searches again from what comes up. Of the lines it finds it prefers the one
  that turns up most cards (up to :data:`REVEAL_DEPTH`, the cards it turns up blanks
  too, so the line is sure to turn them up whatever they are): a line that turns up
  one card and spends what the next would need is passed over. Where no such line
  is found it plays the fair player's move. Seen as the solver sees the game: the
  solver, from the very positions the fair player reaches at the start of the second
  pass, turns up most of the face-down cards in that pass; the fair player, not
  planning with the talon it knows, few.
* **Nothing hidden** (every card face up and the talon remembered): the solver plays
  the game out exactly, like The Gate's player once its stock is out; when it proves
  that no line wins, the player says that no move leads anywhere.

Tried and dropped (docs/results.md, "Tried for 8 x 8 and dropped"): judging the
first pass's moves by play-outs or by the solver on sampled deals, lines of table
moves in the first pass, lines that spend the fewest talon cards. The solver, seeing
each sample whole, rates moves that pay only when the hidden cards are known.

The searches' work per decision is a number of nodes, so a seeded player makes the
same choices on every machine (the cap on a decision's CPU time, ``seconds``, chooses
how much work a decision does, never when it stops: :data:`DEEP_MIN_SECONDS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import parse_card
from ..base import register_player
from ..hints import NO_WAY
from ..solver import Budget
from .moves import turn_options
from .player import (
    EightByEightFairPlayer,
    _move_text,
    _view_position,
    foundation_heights,
    turn_words,
)
from .position import (
    BLANK,
    GAME,
    PARENTS,
    Mv,
    Pos,
    apply_moves,
)
from .search import RevealSearch, Search

__all__ = ["EightByEightStrongPlayer", "hidden_cards", "line_texts", "sample_position"]

#: Search nodes for a line that turns up a face-down card once the talon is known.
REVEAL_NODES = 5_000
#: Face-down cards a line turns up at most: the player looks for the line that turns
#: up most (each card, once up, a blank: the line counts on none of them) and plays it
#: to the first card turned up, then searches again. On tuning seeds 20,000-20,299 at
#: 1 s a decision: 44 wins with 1 (one card, the first line found), 51 with 3 (+12 /
#: -5); 10,000-10,099: 14, 15 with 2, 16 with 3 or 4 (4: twelve times the time).
REVEAL_DEPTH = 3
#: Search nodes for a line that turns up more than one card (``_deepest``).
DEEP_NODES = 2_000
#: The least ``seconds`` a decision at which the player looks for lines that turn up
#: more than one card (at most ``REVEAL_DEPTH - 1`` searches of ``DEEP_NODES``, 0.6 s
#: of CPU at most on the reporting deals); below it (the simulations' 0.05 s) it takes
#: the first line found. A rule on the budget, not a clock, so that a seeded run makes
#: the same moves on every machine.
DEEP_MIN_SECONDS = 0.25
#: Solver nodes once nothing is hidden.
ENDGAME_NODES = 20_000
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05

#: Every card of the two packs (Aces to Kings of each suit, twice).
_DECK = tuple(c for c in range(4, 56) for _ in range(2))


def _cards(names: Sequence[str]) -> list[int]:
    return [parse_card(c) for c in names]


def hidden_cards(view: Mapping[str, Any], talon: Sequence[int]) -> list[int]:
    """The cards the player cannot see (as a sorted list): the two packs less every
    card face up, on the waste, pending, on a foundation or in the known ``talon``."""
    left = list(_DECK)
    seen = []
    for row in view["rows"]:
        seen += _cards(row["face_up"])
    seen += _cards(view["waste"])
    if view["pending"]:
        seen.append(parse_card(view["pending"]))
    f = foundation_heights(view)
    for s in range(4):
        for h in f[2 * s : 2 * s + 2]:
            seen += [r * 4 + s for r in range(1, h + 1)]
    seen += talon
    for c in seen:
        left.remove(c)
    return left


def sample_position(view: Mapping[str, Any], talon: Sequence[int], cards: Sequence[int]) -> Pos:
    """The solver position of ``view`` with its hidden places filled by ``cards`` (face
    down row by row from T1's bottom, then the unknown talon, top first), ``talon``
    the talon's known cards (top first). A pending card is put back on the talon top,
    where the solver's turn takes it from."""
    rows = []
    down = []
    k = 0
    for row in view["rows"]:
        d = int(row["face_down"])
        rows.append(tuple(cards[k : k + d]) + tuple(_cards(row["face_up"])))
        down.append(d)
        k += d
    waste = tuple(_cards(view["waste"]))
    rest = tuple(cards[k:]) + tuple(talon)
    pending = (parse_card(view["pending"]),) if view["pending"] else ()
    seq = waste + pending + rest
    return (tuple(rows), tuple(down), foundation_heights(view), seq, len(waste), int(view["pass"]))


def _children(p: Pos, text: str) -> list[Pos]:
    """The positions a legal move string leads to in the sample ``p`` (several for a
    turn or a pending card: the card may go to more than one place)."""
    parts = text.split()
    rows, down, seq, ptr = p[0], p[1], p[3], p[4]
    if parts[0] == "turn":
        if ptr < len(seq):
            return [apply_moves(p, [mv]) for mv in turn_options(p)]
        return [apply_moves(p, [("o",)])]
    src, dst = parts[0], parts[1]
    if src == "P":
        if dst.startswith("F"):
            return [apply_moves(p, [("t", "F")])]
        if dst == "W":
            return [apply_moves(p, [("t", "W")])]
        return [apply_moves(p, [("t", "R", int(dst[1:]) - 1)])]
    if src == "W":
        if dst.startswith("F"):
            return [apply_moves(p, [("f",)])]
        return [apply_moves(p, [("w", int(dst[1:]) - 1)])]
    n = int(src[1:]) - 1
    if dst.startswith("F"):
        return [apply_moves(p, [("F", n)])]
    m = int(dst[1:]) - 1
    return [apply_moves(p, [("R", n, m, _run_length(rows, down, n, m, parts))])]


def _run_length(
    rows: Sequence[Sequence[int]], down: Sequence[int], n: int, m: int, parts: Sequence[str]
) -> int:
    """How many cards ``Tn Tm [k]`` moves: ``k`` if written, all the face-up cards into
    an empty row, else the part of the run whose bottom card builds on row m's top."""
    if len(parts) > 2:
        return int(parts[2])
    row = rows[n]
    if rows[m]:
        top = rows[m][-1]
        for i in range(down[n], len(row)):
            if top in PARENTS[row[i]]:
                return len(row) - i
    return len(row) - down[n]


@register_player(GAME, "strong")
class EightByEightStrongPlayer(EightByEightFairPlayer):
    """The fair player's moves while the talon is unknown, then lines that turn up
    face-down cards counting on none, then the solver's line once nothing is hidden
    (see the module text). ``seconds`` sets how much a decision may search."""

    level = "strong"

    def __init__(self, seed: int = 0, seconds: float = SECONDS) -> None:
        super().__init__(seed)
        self.seconds = seconds

    def _reset(self) -> None:
        super()._reset()
        #: The talon as it was turned over last (first card to come first).
        self._flipped: tuple[int, ...] = ()
        self._last_pass = 0
        self._last_waste: tuple[int, ...] = ()
        self._line: list[str] = []  # the winning line once nothing is hidden
        self._line_at: tuple[Pos, bool] | None = None  # the position it goes on from
        self._line_why = ""  # why the line is followed
        #: positions (face-down cards as blanks) a line was planned from
        self._planned: set[Pos] = set()
        #: face-down cards left when a search proved that none can come up any more
        self._no_reveal = -1

    def _track(self, view: Mapping[str, Any]) -> None:
        """Remember the waste as it is turned over: the next pass's talon."""
        passes = int(view["pass"])
        if passes == self._last_pass + 1:
            self._flipped = self._last_waste
        self._last_pass = passes
        self._last_waste = tuple(_cards(view["waste"]))

    def known_talon(self, view: Mapping[str, Any]) -> tuple[int, ...]:
        """The talon's cards, top first, when they are known (from the second pass)."""
        if int(view["pass"]) < 2:
            return ()
        left = int(view["stock_count"])
        return self._flipped[len(self._flipped) - left :] if left else ()

    def observe(self, view: Mapping[str, Any], move: str) -> None:
        super().observe(view, move)
        self._track(view)

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        self._follow_deal(view)
        self._track(view)
        talon = self.known_talon(view)
        hidden = hidden_cards(view, talon)
        if not hidden and legal:
            found = self._endgame(view, legal, talon)
            if found is not None:
                return found
        if legal and (int(view["pass"]) >= 2 or not view["stock_count"]):  # the talon is known
            found = self._reveal(view, legal, talon, len(hidden))
            if found is not None:
                self._seen.add(_view_position(view))
                self._plan = []
                return found
        return super().explain(view, legal)

    def _reveal(
        self, view: Mapping[str, Any], legal: Sequence[str], talon: Sequence[int], down: int
    ) -> tuple[str, str] | None:
        """The talon is known: follow a line that turns up a face-down card without
        counting on any (:class:`RevealSearch`), or None if none was found."""
        seen = sample_position(view, talon, [BLANK] * down)
        key = (seen, bool(view["pending"]))
        if self._line and self._line_at == key and self._line[0] in legal:
            return self._follow(seen, key)
        self._line = []
        if down == self._no_reveal:
            return None
        if view["pending"]:  # the card must be placed first: one search per place
            branches = [(m, child) for m in legal for child in _children(seen, m)]
        else:
            branches = [("", seen)]
        complete = True
        for first, start in branches:
            search = RevealSearch(Budget(nodes=REVEAL_NODES), down)
            line = search.run(start)
            if line is not None:
                line, goal = self._deepest(start, down, line)
                self._planned.add(start)
                self._line = ([first] if first else []) + line_texts(start, line)
                self._line_why = "the talon is known, and this line turns up a face-down card"
                if goal > 1:
                    self._line_why += f" (and {goal - 1} more whatever they are)"
                return self._follow(seen, key)
            complete = complete and not search.out_of_budget
        if complete:
            self._no_reveal = down
        return None

    def _deepest(self, start: Pos, down: int, line: list[Mv]) -> tuple[list[Mv], int]:
        """The line from ``start`` that turns up the most face-down cards (at most
        ``REVEAL_DEPTH``) counting on none of them, and how many; ``line`` turns up one."""
        goal = 1
        if start in self._planned:
            # planned from here before and back again: longer lines from two positions
            # can each begin by undoing the other's first move, so take the first line
            return line, goal
        depth = REVEAL_DEPTH if self.seconds >= DEEP_MIN_SECONDS else 1
        while goal < min(depth, down):
            longer = RevealSearch(Budget(nodes=DEEP_NODES), down, goal + 1).run(start)
            if longer is None:
                break
            line, goal = longer, goal + 1
        return line, goal

    def _endgame(
        self, view: Mapping[str, Any], legal: Sequence[str], talon: Sequence[int]
    ) -> tuple[str, str] | None:
        """Nothing is hidden: follow the solver's winning line, or say that none is left."""
        exact = sample_position(view, talon, [])
        key = (exact, bool(view["pending"]))
        if self._line and self._line_at == key and self._line[0] in legal:
            return self._follow(exact, key)
        if view["pending"]:  # the card must be placed first: one search per place
            branches = [(m, child) for m in legal for child in _children(exact, m)]
        else:
            branches = [("", exact)]
        undecided = False
        for first, start in branches:
            search = Search(Budget(nodes=ENDGAME_NODES))
            line = search.run(start)
            if line is not None:
                self._line = ([first] if first else []) + line_texts(start, line)
                self._line_why = "nothing is hidden any more, and this line wins"
                return self._follow(exact, key)
            undecided = undecided or search.out_of_budget or not search.complete
        if undecided:
            return None
        self.stuck = True
        return legal[0], NO_WAY

    def _follow(self, exact: Pos, key: tuple[Pos, bool]) -> tuple[str, str]:
        """The next move of the winning line, remembering where it leads, and why: the
        line's reason (the table names the move from its parts, in words; a turn,
        which has no card to name, is told here)."""
        move = self._line.pop(0)
        talon_left = exact[4] < len(exact[3])
        if move == "turn" and talon_left:
            self._line_at = (exact, True)  # the turned card is pending, nothing else moved
        else:
            self._line_at = (_children(exact, move)[0], False)
        if move == "turn":
            return move, f"{turn_words(talon_left)}: {self._line_why}"
        return move, self._line_why


def line_texts(p: Pos, line: Sequence[Mv]) -> list[str]:
    """The move strings of a solver line from ``p`` (a turn and its placement are two)."""
    out: list[str] = []
    for mv in line:
        if mv[0] == "t":
            out.append("turn")
            how = mv[1]
            out.append("P F" if how == "F" else "P W" if how == "W" else f"P T{mv[2] + 1}")
        elif mv[0] == "o":
            out.append("turn")
        else:
            out.append(_move_text(p, mv))
        p = apply_moves(p, [mv])
    return out
