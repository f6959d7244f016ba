"""8 x 8 (Eight Times Eight): a two-pack patience with eight rows and three passes.

The rules page (``rules/eight-by-eight.md``) is the specification. The state is
kept as flat, mostly immutable pieces (rows as tuples, the talon and the waste
as tuples, foundations as their top cards) so that ``copy`` only duplicates
three short lists: simulations copy positions millions of times.

A foundation is stored as its top card alone (0 when empty): it is built up in
suit from the Ace, so the top card says everything about it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, TypedDict, cast

from ..cards import EMPTY_PILE, card_pretty, card_str, french_deck, parse_card
from ..core.events import PATIENCE_LOST, PATIENCE_WON, Event
from ..core.protocol import BaseView, GameState, Move, MoveKey, MoveParts, Outcome, home_run
from ..core.registry import register
from ..errors import InvalidDeckError, InvalidMoveError, quoted
from ..notation import check_pack, read_deck
from ..rng import Rng

__all__ = ["EightByEight", "EightByEightView", "FoundationView", "RowView"]

Tup = tuple[int, ...]

# Move kinds; the tuples are (kind, ...) with pile indices counted from 0.
ROW_ROW = 0  # (0, source row, target row, number of cards)
ROW_F = 1  # (1, source row, foundation)
TURN = 2  # (2,)
P_ROW = 3  # (3, target row)
P_F = 4  # (4, foundation)
P_W = 5  # (5,)
W_ROW = 6  # (6, target row)
W_F = 7  # (7, foundation)
#: The kinds of move that put a card on a foundation.
_HOME = (ROW_F, P_F, W_F)

ROWS = 8
FOUNDATIONS = 8
PASSES = 3
DOWN_PER_ROW = 7
DECK_SIZE = 104
TALON_SIZE = DECK_SIZE - ROWS * (DOWN_PER_ROW + 1)

_RED = tuple((c & 3) in (1, 2) for c in range(56))
_RANK_WORDS = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")

_FORMS = (
    "accepted moves are 'Tn Tm' (a run onto another row), 'Tn Tm k' (the top k cards into "
    "an empty row), 'Tn F', 'turn', 'P Tn', 'P F', 'P W', 'W Tn' and 'W F' "
    "(rows T1-T8; F1-F8 are accepted for F where that foundation fits the card)"
)

_HELP = """\
8 x 8: one player, two packs (104 cards). Put all cards on the eight foundations,
each built up in suit from Ace to King.

Piles: rows T1-T8 (7 face down, 1 face up at the start), talon S (40 cards),
pending card P (a talon card just turned up), waste W, foundations F1-F8.

Moves:
  T3 T6      move T3's face-up card that builds on T6 (one lower, other colour) with
             all cards on top of it; onto an empty T6: all of T3's face-up cards
  T3 T6 2    only the top 2 face-up cards of T3 into the empty row T6 (the count is
             written only when it is smaller than all of T3's face-up cards)
  T3 F       T3's top card to its foundation
  turn       turn the top talon card up as the pending card P; on an empty talon,
             turn the waste over as the new talon (twice at most: three passes)
  P T4, P F, P W   place the pending card (nothing else is legal until it is placed)
  W T2, W F  play the waste top to a row (building or empty) or to a foundation
'F' is canonical: the card goes to the lowest-numbered foundation it fits (an Ace to
the lowest-numbered empty one). 'F1'-'F8' are accepted where that foundation fits the
card; when two foundations fit they hold the very same cards, so the move is the same
and the card still goes to the lower-numbered one.

Decisions (rules page):
- Deal: cards 1-8 form T1 (seven face down from the bottom up, the eighth face up on
  top), 9-16 T2, ... 57-64 T8; the last 40 are the talon, top first. A seeded deal
  shuffles two copies of the 52-card order (clubs A-K, diamonds, hearts, spades), one
  after the other.
- Eight foundations, two per suit; a foundation takes its suit from its Ace.
- Cards never leave a foundation.
- An Ace goes only to a foundation: never onto a row, an empty row or the waste.
- A face-down card that becomes a row's top is turned face up at once.
- A pending card that builds on a row must go onto such a row or to a foundation.
- An empty row does not make the tableau compulsory: only building on a card does.
- 'turn' on an empty talon only turns the waste over (it turns up no card).
- Won when all 104 cards are on the foundations; lost when no legal move is left.
  Runs can shuttle between rows for ever: if nothing leads anywhere, undo or resign.

Tips (from the leaflet): play to the foundations with care, a card put up too early
may be missing later for building in the tableau. Use empty rows to untangle long
face-down rows first.
"""


def _builds(c: int, t: int) -> bool:
    """Whether ``c`` may lie on ``t`` in a row: one rank lower, other colour, never an Ace."""
    return (c >> 2) == (t >> 2) - 1 and _RED[c] != _RED[t] and c >= 8


def _pile_token(word: str, text: str) -> tuple[str, int]:
    """('T', row) / ('F', foundation or -1) / ('P', -1) / ('W', -1) for one word of a move."""
    if word in ("P", "W", "F"):
        return word, -1
    if len(word) == 2 and word[0] in "TF" and word[1].isdigit():
        number = int(word[1])
        if 1 <= number <= 8:
            return word[0], number - 1
        kind = "row" if word[0] == "T" else "foundation"
        # what would be taken in brackets, kept by the one-sentence refusal (brief_refusal)
        raise InvalidMoveError(
            f"{quoted(text)}: there is no {kind} {word} (the {kind}s are "
            f"{word[0]}1-{word[0]}8); " + _FORMS
        )
    if word == "S":
        raise InvalidMoveError(f"{quoted(text)}: the talon S is played with 'turn'; {_FORMS}")
    raise InvalidMoveError(
        f"{quoted(text)} is not a move of 8 x 8: {quoted(word)} names no pile (T1-T8, P, W or F); "
        + _FORMS
    )


class RowView(TypedDict):
    """One row of the tableau: its face-down cards are a count."""

    name: str  # T1-T8
    face_down: int
    face_up: list[str]  # bottom first


class FoundationView(TypedDict):
    """One foundation as a view shows it."""

    name: str  # F1-F8
    top: str | None  # None while empty
    count: int  # cards on it


# "pass" is a keyword, so these two keys are declared the functional way.
_Passes = TypedDict("_Passes", {"pass": int, "passes": int})


class EightByEightView(BaseView, _Passes):
    """What ``EightByEight.view`` returns (``pass``: the pass through the talon now
    under way, of ``passes``); the talon and face-down cards are counts."""

    to_move: int
    rows: list[RowView]
    foundations: list[FoundationView]
    pending: str | None  # the talon card turned up, to be placed first
    waste: list[str]  # bottom first
    stock_count: int  # cards left in the talon, face down
    talon: int  # deprecated alias of stock_count (BaseView says why it stays)
    on_foundations: int


@register
class EightByEight(GameState):
    """One position of 8 x 8, talon order and face-down cards included."""

    name: ClassVar[str] = "eight-by-eight"
    aliases: ClassVar[tuple[str, ...]] = ("8x8", "8-x-8")
    title: ClassVar[str] = "8 x 8"
    summary: ClassVar[str] = (
        "Two-pack patience: eight rows built down in alternating colours, "
        "empty rows take any run, three passes through the talon"
    )
    players: ClassVar[int] = 1
    rules_file: ClassVar[str] = "eight-by-eight.md"
    progress_label: ClassVar[str | None] = "cards on the foundations"
    pile_names: ClassVar[Mapping[str, str]] = {
        "S": "the talon",
        "W": "the waste",
        "P": "the talon",
    }
    pile_legend: ClassVar[Mapping[str, str]] = {
        **{f"T{i}": f"row {i} of the tableau" for i in range(1, 9)},
        "S": "the talon",
        "P": "the pending card, turned from the talon",
        "W": "the waste pile",
        **{f"F{i}": f"foundation {i}" for i in range(1, 9)},
    }
    progress_total: ClassVar[int | None] = DECK_SIZE
    help_text: ClassVar[str] = _HELP
    move_keys: ClassVar[tuple[MoveKey, ...]] = (MoveKey("turn", "t", "turn"),)

    __slots__ = (
        "rows",
        "down",
        "talon",
        "waste",
        "pending",
        "found",
        "passes",
        "_deal",
        "_last",
        "_move",
    )

    rows: list[tuple[int, ...]]  # bottom first
    down: list[int]  # face-down cards at the bottom of each row
    talon: tuple[int, ...]  # top last
    waste: tuple[int, ...]  # top last
    pending: int  # 0 when no card is pending
    found: list[int]  # top card of each foundation, 0 when empty
    passes: int  # the pass through the talon now under way, 1-3
    _deal: tuple[int, ...]
    _last: tuple[int, int, int]  # what the last move revealed, for ``events``
    _move: Tup  # the last move applied, () before the first, for ``last_events``

    # --- creation ---------------------------------------------------------

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string of the rules page's grammar, in a fixed order (the
        reinforcement-learning action space; a test plays many games and checks that
        every legal move is among them)."""
        rows = [f"T{i}" for i in range(1, 9)]
        moves = [f"{r} F" for r in rows]
        moves += [f"{r} {t}" for r in rows for t in rows if r != t]
        # A count is written only when moving part of a row into an empty row; a face-up
        # run is at most King to Two (Aces never lie on a row), so at most 11 are split off.
        moves += [f"{r} {t} {k}" for r in rows for t in rows if r != t for k in range(1, 12)]
        moves += ["turn", "P F", "P W", "W F"] + [f"P {t}" for t in rows]
        return (*moves, *(f"W {t}" for t in rows))

    @classmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> EightByEight:
        if deck is None:
            cards = french_deck() * 2
            Rng(seed).shuffle(cards)
        else:
            cards = _read_deck(deck)
        state = cls.__new__(cls)
        state.options = dict(options)
        state._deal = tuple(cards)
        state.rows = [tuple(cards[8 * i : 8 * i + 8]) for i in range(ROWS)]
        state.down = [DOWN_PER_ROW] * ROWS
        state.talon = tuple(reversed(cards[ROWS * 8 :]))
        state.waste = ()
        state.pending = 0
        state.found = [0] * FOUNDATIONS
        state.passes = 1
        state._last = (0, 0, 0)
        state._move = ()
        return state

    def deal_str(self) -> str:
        return " ".join(card_str(c) for c in self._deal)

    # --- rules helpers ----------------------------------------------------

    def _fit(self, c: int) -> int:
        """The foundation ``c`` goes to (the lowest-numbered that fits), or -1."""
        want = 0 if c < 8 else c - 4
        found = self.found
        for i in range(FOUNDATIONS):
            if found[i] == want:
                return i
        return -1

    def _fits_on(self, c: int, f: int) -> bool:
        return self.found[f] == (0 if c < 8 else c - 4)

    def _build_count(self, n: int, m: int) -> int:
        """How many cards of row ``n`` build onto the non-empty row ``m`` (0: none)."""
        src = self.rows[n]
        d = self.down[n]
        if len(src) == d:
            return 0
        t = self.rows[m][-1]
        i = (src[d] >> 2) - ((t >> 2) - 1)
        up = len(src) - d
        if 0 <= i < up and _builds(src[d + i], t):
            return up - i
        return 0

    def _can_turn(self) -> bool:
        return bool(self.talon) or (bool(self.waste) and self.passes < PASSES)

    def _build_targets(self, c: int) -> list[int]:
        rows = self.rows
        return [m for m in range(ROWS) if rows[m] and _builds(c, rows[m][-1])]

    # --- playing ----------------------------------------------------------

    @property
    def to_move(self) -> int:
        return 0

    def legal_moves(self) -> list[Move]:
        if self.pending:
            return self._pending_moves()
        rows, down = self.rows, self.down
        moves: list[Move] = []
        for n in range(ROWS):
            src = rows[n]
            size = len(src)
            if not size:
                continue
            d = down[n]
            up = size - d
            brank = src[d] >> 2
            for m in range(ROWS):
                if m == n:
                    continue
                dst = rows[m]
                if dst:
                    t = dst[-1]
                    i = brank - ((t >> 2) - 1)
                    if 0 <= i < up and _builds(src[d + i], t):
                        moves.append((ROW_ROW, n, m, up - i))
                else:
                    for k in range(up, 0, -1):
                        if src[size - k] >= 8:
                            moves.append((ROW_ROW, n, m, k))
        for n in range(ROWS):
            if rows[n]:
                f = self._fit(rows[n][-1])
                if f >= 0:
                    moves.append((ROW_F, n, f))
        if self._can_turn():
            moves.append((TURN,))
        if self.waste:
            c = self.waste[-1]
            if c >= 8:
                for m in range(ROWS):
                    if not rows[m] or _builds(c, rows[m][-1]):
                        moves.append((W_ROW, m))
            f = self._fit(c)
            if f >= 0:
                moves.append((W_F, f))
        return moves

    def _pending_moves(self) -> list[Move]:
        p = self.pending
        f = self._fit(p)
        if p < 8:  # an Ace: only to a foundation, and one is always free for it
            return [(P_F, f)]
        targets = self._build_targets(p)
        if targets:
            moves: list[Move] = [(P_ROW, m) for m in targets]
            if f >= 0:
                moves.append((P_F, f))
            return moves
        moves = [(P_ROW, m) for m in range(ROWS) if not self.rows[m]]
        if f >= 0:
            moves.append((P_F, f))
        moves.append((P_W,))
        return moves

    def move_str(self, move: Move) -> str:
        move = cast(Tup, move)
        kind = move[0]
        if kind == ROW_ROW:
            _, n, m, k = move
            if not self.rows[m] and k < len(self.rows[n]) - self.down[n]:
                return f"T{n + 1} T{m + 1} {k}"
            return f"T{n + 1} T{m + 1}"
        if kind == ROW_F:
            return f"T{move[1] + 1} F"
        if kind == TURN:
            return "turn"
        if kind == P_ROW:
            return f"P T{move[1] + 1}"
        if kind == P_F:
            return "P F"
        if kind == P_W:
            return "P W"
        if kind == W_ROW:
            return f"W T{move[1] + 1}"
        if kind == W_F:
            return "W F"
        raise ValueError(f"not a move of 8 x 8: {quoted(move)}")

    def apply(self, move: Move) -> None:
        move = cast(Tup, move)
        kind = move[0]
        self._last = (0, 0, 0)
        self._move = move
        if kind == ROW_ROW:
            _, n, m, k = move
            src = self.rows[n]
            self.rows[m] = self.rows[m] + src[-k:]
            self.rows[n] = src[:-k]
            self._expose(n)
        elif kind == ROW_F:
            n, f = move[1], move[2]
            src = self.rows[n]
            self.found[f] = src[-1]
            self.rows[n] = src[:-1]
            self._expose(n)
        elif kind == TURN:
            if self.talon:
                self.pending = self.talon[-1]
                self.talon = self.talon[:-1]
                self._last = (1, self.pending, 0)
            else:
                self.talon = self.waste[::-1]
                self.waste = ()
                self.passes += 1
                self._last = (2, self.passes, 0)
        elif kind == P_ROW:
            self.rows[move[1]] = self.rows[move[1]] + (self.pending,)
            self.pending = 0
        elif kind == P_F:
            self.found[move[1]] = self.pending
            self.pending = 0
        elif kind == P_W:
            self.waste = self.waste + (self.pending,)
            self.pending = 0
        elif kind == W_ROW:
            self.rows[move[1]] = self.rows[move[1]] + self.waste[-1:]
            self.waste = self.waste[:-1]
        elif kind == W_F:
            self.found[move[1]] = self.waste[-1]
            self.waste = self.waste[:-1]
        else:
            raise ValueError(f"not a move of 8 x 8: {quoted(move)}")

    def _expose(self, n: int) -> None:
        """Turn up a face-down card that has become the row's top (automatic, Decision)."""
        d = self.down[n]
        if d and len(self.rows[n]) == d:
            self.down[n] = d - 1
            self._last = (3, n, self.rows[n][-1])

    @property
    def outcome(self) -> Outcome | None:
        if self.pending or self._can_turn():
            return None
        found = self.found
        if all(f >= 52 for f in found):
            return Outcome("won", "all 104 cards are on the foundations")
        if self.legal_moves():
            return None
        return Outcome("lost", "no legal move left")

    # --- reading moves ----------------------------------------------------

    def canonicalize(self, text: str) -> str:
        words = text.split()
        if words == ["TURN"]:
            return "turn"
        if len(words) not in (2, 3):
            raise InvalidMoveError(f"{quoted(text)} is not a move of 8 x 8; {_FORMS}")
        skind, s = _pile_token(words[0], text)
        dkind, d = _pile_token(words[1], text)
        if skind == "F":
            raise InvalidMoveError(f"{quoted(text)}: cards never leave a foundation; {_FORMS}")
        if skind == "T" and dkind == "T":
            return self._canonical_row_move(s, d, words[2:], text)
        if len(words) == 3:
            raise InvalidMoveError(
                f"{quoted(text)}: a count is written only for a move from row to row; {_FORMS}"
            )
        if dkind == "W":
            if skind != "P":
                raise InvalidMoveError(
                    f"{quoted(text)}: only the pending card P can be put on the waste W; {_FORMS}"
                )
            return "P W"
        if dkind == "P":
            raise InvalidMoveError(
                f"{quoted(text)}: nothing can be put on the pending card P; {_FORMS}"
            )
        source = words[0]
        if dkind == "T":
            return f"{source} {words[1]}"
        c = self._source_card(skind, s)
        if d >= 0 and c and self._fits_on(c, d):
            return f"{source} F"
        return f"{source} {words[1]}"

    def _canonical_row_move(self, n: int, m: int, rest: list[str], text: str) -> str:
        base = f"T{n + 1} T{m + 1}"
        if not rest:
            return base
        if not rest[0].isdigit() or int(rest[0]) < 1:
            raise InvalidMoveError(
                f"{quoted(text)}: the count after the rows is a number of cards, 1 or more; "
                f"{_FORMS}"
            )
        k = int(rest[0])
        if n == m:
            return f"{base} {k}"
        up = len(self.rows[n]) - self.down[n]
        if self.rows[m]:
            implied = self._build_count(n, m)
            return base if k == implied else f"{base} {k}"
        return base if k == up else f"{base} {k}"

    def _source_card(self, kind: str, index: int) -> int:
        """The card a move from this pile would play (0 when there is none)."""
        if kind == "T":
            return self.rows[index][-1] if self.rows[index] else 0
        if kind == "P":
            return self.pending
        return self.waste[-1] if self.waste else 0

    def why_illegal(self, canonical: str) -> str:
        reason = self._reason(canonical)
        return f": {reason}" if reason else ""

    def _reason(self, canonical: str) -> str:
        p = self.pending
        if canonical == "turn":
            if p:
                return f"the pending card {card_str(p)} must be placed first"
            if not self.waste:
                return "the talon and the waste are both empty"
            return "the talon is empty and the waste has already been turned over twice"
        words = canonical.split()
        skind, s = _pile_token(words[0], canonical)
        dkind, d = _pile_token(words[1], canonical)
        if p and skind != "P":
            return f"the pending card {card_str(p)} must be placed before anything else"
        if skind == "P" and not p:
            return "no card is pending ('turn' turns one up from the talon)"
        if skind == "W" and not self.waste:
            return "the waste is empty"
        if skind == "T" and not self.rows[s]:
            return f"T{s + 1} is empty"
        if skind == "T" and dkind == "T":
            return self._row_reason(s, d, int(words[2]) if len(words) == 3 else 0)
        c = self._source_card(skind, s)
        if dkind == "F":
            return self._foundation_reason(c, d)
        if c < 8:
            return "an Ace goes only to a foundation"
        if skind == "P":
            targets = self._build_targets(c)
            if targets:
                names = ", ".join(f"T{m + 1}" for m in targets)
                return (
                    f"{card_str(c)} builds on {names}, so it must go there "
                    "(or to a foundation where it fits)"
                )
        if dkind == "T" and self.rows[d]:
            t = self.rows[d][-1]
            return f"{card_str(c)} does not build on {card_str(t)} (one lower, other colour)"
        return ""

    def _row_reason(self, n: int, m: int, k: int) -> str:
        if n == m:
            return "a row cannot move onto itself"
        up = len(self.rows[n]) - self.down[n]
        if self.rows[m]:
            if k:
                return (
                    f"a count is written only for a move into an empty row; onto T{m + 1} "
                    "the number of cards follows from the two rows"
                )
            t = self.rows[m][-1]
            return (
                f"no face-up card of T{n + 1} builds on T{m + 1}'s {card_str(t)} "
                "(one lower, other colour; never an Ace)"
            )
        if k > up:
            return f"T{n + 1} has only {up} face-up card{'s' if up > 1 else ''}"
        if self.rows[n][-(k or up)] < 8:
            return "an Ace goes only to a foundation"
        return ""

    def _foundation_reason(self, c: int, f: int) -> str:
        if f < 0:
            if c < 8:
                return ""  # an Ace always has an empty foundation
            return (
                f"{card_str(c)} fits no foundation (it needs the "
                f"{_RANK_WORDS[(c >> 2) - 1]} of its suit on top)"
            )
        top = self.found[f]
        where = f"F{f + 1} ({card_str(top)} on top)" if top else f"the empty F{f + 1}"
        return f"{card_str(c)} does not fit on {where}"

    def prompt(self, player: int) -> Event | None:
        """Place the pending card first; otherwise move cards or turn, saying what a
        turn does (the next talon card up, or the waste turned over for the next pass,
        ``count``), only the turn when no card can move, no turn once the passes are
        used up."""
        if player != 0 or self.outcome is not None:
            return None
        if self.pending:
            return Event("prompt", 0, (card_str(self.pending),), value="pending")
        if not self._can_turn():
            return Event("prompt", 0, value="move")
        only = len(self.legal_moves()) == 1
        if self.talon:
            return Event("prompt", 0, value="turn" if only else "move_or_turn")
        return Event(
            "prompt", 0, count=self.passes + 1, value="redeal" if only else "move_or_redeal"
        )

    def move_parts(self, move: Move) -> MoveParts:
        """Foundation moves name the foundation the card goes to (``F3``); a run
        names its deepest card; ``turn`` is one button (count: the cards it turns)."""
        move = cast(Tup, move)
        kind = move[0]
        text = self.move_str(move)
        if kind == TURN:
            count = 1 if self.talon else len(self.waste)
            return {"move": text, "source": None, "target": None, "count": count, "card": None}
        count = 1
        if kind in (ROW_ROW, ROW_F):
            row = self.rows[move[1]]
            source = f"T{move[1] + 1}"
            if kind == ROW_ROW:
                count = move[3]
            c = row[-count]
        elif kind in (P_ROW, P_F, P_W):
            source, c = "P", self.pending
        else:
            source, c = "W", self.waste[-1]
        if kind in (ROW_F, P_F, W_F):
            target = f"F{move[-1] + 1}"
        elif kind == P_W:
            target = "W"
        else:
            target = f"T{move[-2 if kind == ROW_ROW else 1] + 1}"
        return {
            "move": text,
            "source": source,
            "target": target,
            "count": count,
            "card": card_str(c),
        }

    def last_events(self, viewer: int) -> list[Event]:
        """The card or run moved and where to, a card turned up (from the talon, or
        a row's face-down card), the waste turned over, the talon used up, the end."""
        move = self._move
        if not move:
            return []
        kind = move[0]
        events: list[Event] = []
        if kind == TURN:
            what, a, _ = self._last
            if what == 1:
                events.append(Event("turn_up", 0, (card_str(a),), source="S", target="P"))
                if not self.talon:
                    events.append(Event("empty", source="S"))
            else:
                events.append(Event("turnover", 0, (), PASSES, "W", "S", a))
        elif kind == ROW_ROW:
            _, n, m, k = move
            moved = tuple(card_str(c) for c in self.rows[m][-k:])
            if k > 1:
                events.append(Event("move", 0, moved, k, f"T{n + 1}", f"T{m + 1}"))
            else:
                events.append(Event("play", 0, moved, source=f"T{n + 1}", target=f"T{m + 1}"))
        else:
            source = "T" if kind == ROW_F else "P" if kind <= P_W else "W"
            if kind == ROW_F:
                source += str(move[1] + 1)
            if kind in (ROW_F, P_F, W_F):
                f = move[-1]
                c, target = self.found[f], f"F{f + 1}"
            elif kind == P_W:
                c, target = self.waste[-1], "W"
            else:
                m = move[1]
                c, target = self.rows[m][-1], f"T{m + 1}"
            events.append(Event("play", 0, (card_str(c),), source=source, target=target))
        what, n, c = self._last
        if what == 3:
            events.append(Event("turn_up", None, (card_str(c),), target=f"T{n + 1}"))
        outcome = self.outcome
        if outcome is not None:
            events.append(PATIENCE_WON if outcome.result == "won" else PATIENCE_LOST)
        return events

    def progress(self) -> int:
        return sum(f >> 2 for f in self.found)

    @classmethod
    def progress_in(cls, view: Mapping[str, Any]) -> int:
        return int(view["on_foundations"])

    def all_seen(self) -> bool:
        """No row has a card face down, and the talon, if any is left, is the waste
        turned over (from the second pass), which the player watched being built."""
        return not any(self.down) and not self._talon_hidden()

    def _talon_hidden(self) -> bool:
        """The talon is still the end of the deal, never seen: the first pass."""
        return self.passes == 1 and bool(self.talon)

    def finishing_line(self) -> list[Move]:
        """Once nothing is hidden, the cards home in turn, if that wins (a talon left
        needs turning, which is no move home, so no line is searched for then; see
        ``GameState.finishing_line``)."""
        if not self.all_seen() or self.talon:
            return []
        return home_run(self, lambda move: cast(tuple[int, ...], move)[0] in _HOME, _sure_home)

    # --- showing ----------------------------------------------------------

    def render(self, colour: bool = False) -> str:
        on_found = sum(f >> 2 for f in self.found)
        lines = [
            f"8 x 8   pass {self.passes} of {PASSES}   talon S: {len(self.talon)}   "
            f"on the foundations: {on_found} of {DECK_SIZE}",
            "  ".join(
                f"F{i + 1} {card_pretty(f, colour) if f else EMPTY_PILE}"
                for i, f in enumerate(self.found)
            ),
            "",
        ]
        for n, row in enumerate(self.rows):
            d = self.down[n]
            cells = ["##"] * d + [card_pretty(c, colour) for c in row[d:]]
            lines.append(f"T{n + 1}  " + (" ".join(cells) if cells else EMPTY_PILE))
        lines.append("")
        if self.pending:
            lines.append(f"P   {card_pretty(self.pending, colour)}   (pending: place it first)")
        shown = self.waste[-12:]
        more = f"({len(self.waste) - len(shown)} more) " if len(self.waste) > len(shown) else ""
        waste = " ".join(card_pretty(c, colour) for c in shown)
        lines.append(f"W   {more}{waste}" + ("   (top on the right)" if shown else EMPTY_PILE))
        return "\n".join(lines)

    def view(self, player: int) -> EightByEightView:
        legal, parts = self.view_moves(player)
        return {
            "game": self.name,
            "player": player,
            "to_move": 0,
            "legal_moves": legal,
            "moves": parts,
            "options": dict(self.options),
            "rows": [
                {
                    "name": f"T{n + 1}",
                    "face_down": self.down[n],
                    "face_up": [card_str(c) for c in row[self.down[n] :]],
                }
                for n, row in enumerate(self.rows)
            ],
            "foundations": [
                {"name": f"F{i + 1}", "top": card_str(f) if f else None, "count": f >> 2}
                for i, f in enumerate(self.found)
            ],
            "pending": card_str(self.pending) if self.pending else None,
            "waste": [card_str(c) for c in self.waste],
            "stock_count": len(self.talon),
            "talon": len(self.talon),
            "pass": self.passes,
            "passes": PASSES,
            "on_foundations": sum(f >> 2 for f in self.found),
        }

    # --- hidden cards -----------------------------------------------------

    def _resample(self, player: int, rng: Rng) -> EightByEight:
        """The face-down cards and, in the first pass, the talon dealt again among
        themselves. From the second pass the talon is the waste turned over, which the
        player watched being built, so its order is kept. The face-down cards of a row
        are still the ones dealt there and the talon the end of the deal, so the deal
        is rewritten to match: the sample's ``deal_str`` deals it and replays its moves."""
        other = self.copy()
        if self.all_seen():
            return other
        talon_hidden = self._talon_hidden()
        hidden = [c for n in range(ROWS) for c in self.rows[n][: self.down[n]]]
        if talon_hidden:
            hidden += self.talon
        rng.shuffle(hidden)
        deal = list(self._deal)
        at = 0
        for n in range(ROWS):
            d = self.down[n]
            if d:
                fresh = hidden[at : at + d]
                at += d
                other.rows[n] = tuple(fresh) + self.rows[n][d:]
                deal[8 * n : 8 * n + d] = fresh
        if talon_hidden:
            talon = tuple(hidden[at:])
            other.talon = talon
            # the talon is the end of the deal, its top (last here) turned first
            deal[DECK_SIZE - len(talon) :] = talon[::-1]
        other._deal = tuple(deal)
        return other

    # --- bookkeeping ------------------------------------------------------

    def copy(self) -> EightByEight:
        other = EightByEight.__new__(EightByEight)
        other.options = self.options
        other.rows = self.rows[:]
        other.down = self.down[:]
        other.talon = self.talon
        other.waste = self.waste
        other.pending = self.pending
        other.found = self.found[:]
        other.passes = self.passes
        other._deal = self._deal
        other._last = self._last
        other._move = self._move
        return other

    def all_cards(self) -> list[int]:
        cards: list[int] = []
        for row in self.rows:
            cards.extend(row)
        cards.extend(self.talon)
        cards.extend(self.waste)
        if self.pending:
            cards.append(self.pending)
        for f in self.found:
            cards.extend(range(f & 3 | 4, f + 1, 4) if f else ())
        return cards

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.rows),
            tuple(self.down),
            self.talon,
            self.waste,
            self.pending,
            tuple(self.found),
            self.passes,
        )


def _sure_home(state: GameState, move: Move) -> bool:
    """Whether a card going home loses nothing, so that ``home_run`` tries no other
    order (every winning line can begin with it): its twin is on a foundation already
    (the one foundation that needs it takes no other card), or both foundations of
    its suit need it now (which one takes which copy is all one). Otherwise the other
    copy may be the one this foundation should take, the card waiting for the
    foundation behind (``test_finishing_line``'s 8 x 8 deal)."""
    game = cast(EightByEight, state)
    parts = cast(tuple[int, ...], move)
    if parts[0] == ROW_F:
        c = game.rows[parts[1]][-1]
    else:
        c = game.waste[-1] if parts[0] == W_F else game.pending
    if game.found.count(0 if c < 8 else c - 4) >= 2:
        return True
    left = sum(row.count(c) for row in game.rows) + game.waste.count(c) + (game.pending == c)
    return left == 1


def _read_deck(text: str) -> list[int]:
    """Parse and check an explicit deck: exactly two of each of the 52 cards."""
    cards = read_deck(text, parse_card, card_str)
    pack = french_deck() * 2
    try:
        check_pack(cards, pack, card_str, "8 x 8 (two 52-card packs)")
    except InvalidDeckError as exc:
        if len(cards) != DECK_SIZE:
            raise
        missing = Counter(pack) - Counter(cards)
        names = " ".join(card_str(c) for c in sorted(missing.elements()))
        raise InvalidDeckError(f"{exc}; missing: {names}") from None
    return cards
