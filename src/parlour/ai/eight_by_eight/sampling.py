"""The 8 x 8 strong player: moves judged by the solver on sampled deals.

What the player cannot see is the face-down cards and, in the first pass, the order
of the talon; from the second pass on it knows the talon's order, since the talon is
the waste it watched being built, turned over. It knows *which* cards are hidden:
every card of the two packs that is not face up, on the waste, pending or on a
foundation (or, later, in the remembered talon).

For a decision it takes the fair player's move, the first moves of the other
progress moves it considers, and ``turn``; it fills the hidden places with the same
sampled arrangements of the hidden cards for each, plays the move and asks the solver
(:class:`parlour.ai.eight_by_eight.search.Search`, which then sees the sample) for a
win within a few hundred nodes. The move that wins on the most samples is played
if it wins clearly more often than the fair player's (:data:`MARGIN`; ties and near
ties: the fair player's choice). Moves that fall behind are dropped after
each round of samples (successive halving). Once nothing is hidden any more (every
card face up and the talon remembered) the solver plays the game out exactly, like
The Gate's player once its stock is out; when it proves that no line wins, the
player says that no move leads anywhere new.

**Off by default** (:data:`SAMPLED_MOVES`): on unseen seeds the sampled judgement lost
deals the fair player won and won none it lost (with or without the margin; see
docs/results.md), since the solver, seeing each sample whole, rates moves such as
``turn`` that pay only when the hidden cards are known, and a second of CPU buys only
four samples a move. The player so plays the fair player's moves until nothing is
hidden, then the solver's exact line.

The samples come from the player's own random stream, so a seeded player makes the
same choices on every machine; the time budget only stops a decision early (after
its first round) on a machine too slow for the whole schedule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import parse_card
from ..base import register_player
from ..halving import halve
from ..hints import NO_WAY
from ..solver import Budget
from .moves import progress_moves
from .player import EightByEightFairPlayer, _move_text, _view_position
from .position import (
    GAME,
    Mv,
    Pos,
    apply_moves,
    build_target,
    fits_foundation,
    is_open_regime,
    is_safe_up,
    row_tops,
)
from .search import Search

__all__ = ["EightByEightStrongPlayer", "hidden_cards", "line_texts", "sample_position"]

#: Moves compared on samples at most (the fair player's first).
CANDIDATES = 4
#: Samples per move in the first round of successive halving (then doubled).
FIRST_ROUND = 4
#: Solver nodes per sample (an undecided sample counts as UNDECIDED of a win).
SAMPLE_NODES = 300
UNDECIDED = 0.4
#: How much more often (share of samples) another move must win than the fair
#: player's to be played instead: the samples are few and the solver, seeing them
#: whole, flatters moves such as ``turn`` that only pay when the hidden cards are
#: known (on seeds 1,000,000-1,000,024 the player without this margin won 4 deals,
#: the fair player 6, none of them lost by the fair player).
MARGIN = 0.15
#: Whether moves are judged on sampled deals at all (see the module text).
SAMPLED_MOVES = False
#: Samples a second of budget buys (calibrated on the project's machine: the work per
#: decision is fixed by the budget, so a seeded player is reproducible).
SAMPLES_PER_SECOND = 40
#: Solver nodes once nothing is hidden.
ENDGAME_NODES = 20_000
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05

#: Every card of the two packs (Aces to Kings of each suit, twice).
_DECK = tuple(c for c in range(4, 56) for _ in range(2))


def _cards(names: Sequence[str]) -> list[int]:
    return [parse_card(c) for c in names]


def _foundation_heights(view: Mapping[str, Any]) -> tuple[int, ...]:
    heights = [[0, 0] for _ in range(4)]
    for found in view["foundations"]:
        if found["top"]:
            c = parse_card(found["top"])
            pair = heights[c & 3]
            pair[0 if not pair[0] else 1] = c >> 2
    f: list[int] = []
    for pair in heights:
        f.extend(sorted(pair, reverse=True))
    return tuple(f)


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
    f = _foundation_heights(view)
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
    return (tuple(rows), tuple(down), _foundation_heights(view), seq, len(waste), int(view["pass"]))


def _turn_options(p: Pos) -> list[Mv]:
    """Where the talon's top card may go once turned (the rules' duty to build)."""
    q = p[3][p[4]]
    tops = row_tops(p[0])
    fits = fits_foundation(q, p[2])
    if q < 8:
        return [("t", "F")]
    builds = [m for m in range(8) if tops[m] and build_target(q, tops[m : m + 1]) == 0]
    if builds:
        return [("t", "R", m) for m in builds] + ([("t", "F")] if fits else [])
    out: list[Mv] = [("t", "F")] if fits else []
    if 0 in tops:
        out.append(("t", "R", tops.index(0)))
    out.append(("t", "W"))
    return out


def _children(p: Pos, text: str) -> list[Pos]:
    """The positions a legal move string leads to in the sample ``p`` (several for a
    turn or a pending card: the card may go to more than one place)."""
    parts = text.split()
    rows, down, seq, ptr = p[0], p[1], p[3], p[4]
    if parts[0] == "turn":
        if ptr < len(seq):
            return [apply_moves(p, [mv]) for mv in _turn_options(p)]
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
    k = int(parts[2]) if len(parts) > 2 else len(rows[n]) - down[n]
    return [apply_moves(p, [("R", n, int(dst[1:]) - 1, k)])]


def _judge(children: Sequence[Pos], nodes: int) -> float:
    """1 if the solver wins from one of ``children`` within ``nodes`` each, 0 if it
    proves them all lost, else ``UNDECIDED``."""
    value = 0.0
    for child in children:
        search = Search(Budget(nodes=nodes))
        if search.run(child) is not None:
            return 1.0
        if search.out_of_budget or not search.complete:
            value = UNDECIDED
    return value


@register_player(GAME, "strong")
class EightByEightStrongPlayer(EightByEightFairPlayer):
    """The fair player's candidate moves judged by the solver on sampled deals (see
    the module text). ``seconds`` caps the time of one decision."""

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
        left = int(view["talon"])
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
        here = _view_position(view)
        planned = bool(self._plan) and self._expect == here
        move, reason = super().explain(view, legal)
        if self.stuck or len(legal) < 2 or planned or _safe_up(here, move):
            # nothing to weigh: one move, the rest of a plan weighed at its start, or a
            # card up that nothing can need (the solver plays those at once too)
            return move, reason
        if not SAMPLED_MOVES:
            return move, reason
        return self._sampled(view, legal, talon, hidden, move, reason)

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
                return self._follow(exact, key)
            undecided = undecided or search.out_of_budget or not search.complete
        if undecided:
            return None
        self.stuck = True
        return legal[0], NO_WAY

    def _follow(self, exact: Pos, key: tuple[Pos, bool]) -> tuple[str, str]:
        """The next move of the winning line, remembering where it leads."""
        move = self._line.pop(0)
        if move == "turn" and exact[4] < len(exact[3]):
            self._line_at = (exact, True)  # the turned card is pending, nothing else moved
        else:
            self._line_at = (_children(exact, move)[0], False)
        return move, f"{move}: nothing is hidden any more, and this line wins"

    def _sampled(
        self,
        view: Mapping[str, Any],
        legal: Sequence[str],
        talon: Sequence[int],
        hidden: list[int],
        fair: str,
        reason: str,
    ) -> tuple[str, str]:
        here = _view_position(view)
        options = [fair]
        if not view["pending"]:
            regime = is_open_regime(here[0], here[1], row_tops(here[0]))
            for _, mvs in progress_moves(here, regime):
                text = _move_text(here, mvs[0])
                if text in legal and text not in options:
                    options.append(text)
            if "turn" in legal and "turn" not in options:
                options.append("turn")
        else:
            options += [m for m in legal if m != fair]
        options = [m for m in options if _fresh(here, m, self._seen)][:CANDIDATES]
        if len(options) < 2:
            return fair, reason
        budget = int(self.seconds * SAMPLES_PER_SECOND)
        if budget < 2 * FIRST_ROUND:  # too little to compare two candidates
            return fair, reason
        options = options[: min(CANDIDATES, budget // FIRST_ROUND)]

        def sample(alive: Sequence[int], k: int) -> list[float]:
            wins = [0.0] * len(alive)
            for _ in range(k):
                self.rng.shuffle(hidden)
                deal = sample_position(view, talon, hidden)
                for i, a in enumerate(alive):
                    wins[i] += _judge(_children(deal, options[a]), SAMPLE_NODES)
            return wins

        got = halve(len(options), budget, FIRST_ROUND, sample, self.seconds)
        if got.best != 0 and got.means[got.best] - got.means[0] < MARGIN:
            note = f" (on sampled deals no other move wins clearly more often: {got.means[0]:.0%})"
            return fair, reason + note
        best = options[got.best]
        if best != fair:
            self._plan = []
            reason = f"{best}: better than {fair} on sampled deals"
        note = f" (the solver wins {got.score:g} of {got.samples} sampled deals after it"
        if got.runner >= 0:
            note += f", {got.runner_score:g} after {options[got.runner]}"
        return best, reason + note + ")"


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


def _safe_up(p: Pos, move: str) -> bool:
    """Whether ``move`` puts up a row's or the waste's top card that nothing can need."""
    src, _, dst = move.partition(" ")
    if not dst.startswith("F") or src not in ("W",) + tuple(f"T{n}" for n in range(1, 9)):
        return False
    card = p[3][p[4] - 1] if src == "W" else p[0][int(src[1:]) - 1][-1]
    return is_safe_up(card, p[2])


def _fresh(p: Pos, move: str, seen: set[Pos]) -> bool:
    """Whether ``move`` (a table move) leads to a position not seen before."""
    if move == "turn" or move.startswith("P"):
        return True
    return _children(p, move)[0] not in seen
