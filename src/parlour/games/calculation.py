"""Calculation (Broken Intervals): one-player patience, rules in ``rules/calculation.md``.

Four foundations are built up by one, two, three and four ranks at a time, from
a stock whose top card is always face up, through four waste piles.

The state is kept tiny because simulations copy it millions of times: the
stock is a tuple shared by every copy (it never changes) with an index to the
current card, each foundation is a tuple of its cards (also shared until a card
lands on it) plus the next rank it needs, and the waste piles are four short
lists. A move is ``(source, target)``: source 0 is the stock and 1-4 are
``W1``-``W4``; target 0-3 is ``F1``-``F4`` and 4-7 is ``W1``-``W4``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, TypedDict, cast

from ..cards import (
    EMPTY_PILE,
    RANKS,
    card,
    card_pretty,
    card_str,
    cards_str,
    french_deck,
    parse_card,
    rank,
    rank_pretty,
    rank_words,
)
from ..core.events import PATIENCE_LOST, PATIENCE_WON, Event
from ..core.options import OptionSpec
from ..core.protocol import BaseView, GameState, MoveParts, Outcome, home_run
from ..core.registry import register
from ..errors import InvalidDeckError, InvalidMoveError, quoted
from ..notation import cards_count, check_pack, read_deck
from ..rng import Rng

__all__ = ["Calculation", "CalculationView", "CalculatorRow", "SEQUENCES"]

Move = tuple[int, int]

STOCK = 0
#: Target numbers of the waste piles: W1 is 4, ..., W4 is 7.
WASTE_TARGET = 4

#: The cards that start F1-F4 in a seeded deal (as in the original program).
DEFAULT_BASES: tuple[int, ...] = (card(1, 2), card(2, 1), card(3, 3), card(4, 0))  # AH 2D 3S 4C


def _sequence(n: int) -> tuple[int, ...]:
    """The twelve ranks foundation ``n`` takes after its base: steps of n, wrapping K to A."""
    return tuple((n * k - 1) % 13 + 1 for k in range(2, 14))


#: Per foundation, the twelve ranks it takes in order (the rules page's table).
SEQUENCES: tuple[tuple[int, ...], ...] = tuple(_sequence(n) for n in range(1, 5))


def _after(n: int, r: int) -> int:
    """The rank foundation ``n`` needs once rank ``r`` is on it; 0 once a King tops it.

    Steps of 1-4 are prime to 13, so a King is reached only as the twelfth card.
    """
    return 0 if r == 13 else (r + n - 1) % 13 + 1


#: _AFTER[i][r]: what F(i+1) needs next after a card of rank r is played on it.
_AFTER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_after(n, r) if r else 0 for r in range(14)) for n in range(1, 5)
)

_S_TO_F: tuple[Move, ...] = tuple((STOCK, f) for f in range(4))
_S_TO_W: tuple[Move, ...] = tuple((STOCK, WASTE_TARGET + w) for w in range(4))
_W_TO_F: tuple[tuple[Move, ...], ...] = tuple(tuple((w + 1, f) for f in range(4)) for w in range(4))
#: _W_TO_W[w][e]: the top of W(w+1) onto W(e+1). The diagonal is never legal (the
#: source holds cards, the target must be empty) but keeps the table a plain 4 x 4.
_W_TO_W: tuple[tuple[Move, ...], ...] = tuple(
    tuple((w + 1, WASTE_TARGET + e) for e in range(4)) for w in range(4)
)

#: _ONTO_EMPTY[w][mask]: the empty-pile moves from W(w+1) when ``mask`` has bit e set
#: for each empty W(e+1), in target order.
_ONTO_EMPTY: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(_W_TO_W[w][e] for e in range(4) if mask >> e & 1) for mask in range(16))
    for w in range(4)
)


def _source_name(src: int) -> str:
    return "S" if src == STOCK else f"W{src}"


def _target_name(dst: int) -> str:
    return f"F{dst + 1}" if dst < WASTE_TARGET else f"W{dst - WASTE_TARGET + 1}"


_ALL_MOVES = [
    *_S_TO_F,
    *_S_TO_W,
    *(m for row in _W_TO_F for m in row),
    *(m for w, row in enumerate(_W_TO_W) for e, m in enumerate(row) if e != w),
]
#: Canonical strings of every move the game can ever have, and back.
_MOVE_STR: dict[Move, str] = {m: f"{_source_name(m[0])} {_target_name(m[1])}" for m in _ALL_MOVES}
_STR_MOVE: dict[str, Move] = {text: m for m, text in _MOVE_STR.items()}

_WON = Outcome("won", "all four foundations topped by Kings")
_LOST = Outcome("lost", "no legal move left")

_FORMS = (
    "moves are 'S Fn' (current card to a foundation), 'S Wn' (current card to a waste "
    "pile), 'Wn Fm' (top of a waste pile to a foundation) and 'Wn Wm' (top of a waste "
    "pile onto an empty one), with n and m from 1 to 4; 'F' alone means the first "
    "foundation the card fits"
)


def _rank_char(r: int) -> str:
    return RANKS[r - 1]


class CalculatorRow(TypedDict):
    """One foundation's row of the calculator (the original program's help)."""

    foundation: str
    base: str
    sequence: list[str]
    played: int
    next: str | None


class CalculationView(BaseView):
    """What ``Calculation.view`` returns: every card is face up but the stock's."""

    to_move: int
    foundations: dict[str, list[str]]  # F1-F4, bottom first
    waste: dict[str, list[str]]  # W1-W4, bottom first
    current: str | None  # the stock's top card, None once it is used up
    stock_count: int  # cards left in the stock, the current card included
    calculator: list[CalculatorRow]


@register
class Calculation(GameState):
    """A position of Calculation, stock order included."""

    name: ClassVar[str] = "calculation"
    title: ClassVar[str] = "Calculation"
    summary: ClassVar[str] = (
        "Broken Intervals: build four foundations up by ones, twos, threes and fours"
    )
    players: ClassVar[int] = 1
    rules_file: ClassVar[str] = "calculation.md"
    progress_label: ClassVar[str | None] = "cards on the foundations"
    pile_names: ClassVar[Mapping[str, str]] = {"S": "the stock"}
    pile_legend: ClassVar[Mapping[str, str]] = {
        "F1": "foundation 1, built up by ones",
        "F2": "foundation 2, built up by twos",
        "F3": "foundation 3, built up by threes",
        "F4": "foundation 4, built up by fours",
        **{f"W{i}": f"waste pile {i}" for i in range(1, 5)},
        "S": "the current card, on top of the stock",
    }
    progress_total: ClassVar[int | None] = 52
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "classic",
            bool,
            False,
            "traditional rules: no moving a waste pile's top card onto an empty waste pile",
            label="Classic rules (no move onto an empty waste pile)",
        ),
    )
    help_text: ClassVar[str] = """\
Foundations F1-F4 start with an Ace, a Two, a Three and a Four and are built up,
regardless of suit, by 1, 2, 3 and 4 ranks at a time (wrapping past the King to the
Ace) until each is topped by a King. The top card of the stock S is the current card.

Moves (lower case and extra spaces are fine):
  S F2    play the current card to foundation F2
  S W3    put the current card on waste pile W3 (any card may go on any waste pile)
  W1 F3   play the top card of W1 to F3
  W2 W4   empty-pile move: the top card of a waste pile holding two or more cards
          onto an empty waste pile (off with the option 'classic')
  S F, W1 F   'F' alone means the lowest-numbered foundation the card fits
The calculator shows, for each foundation, its twelve ranks in order: played ranks
marked, the next one needed in [brackets].

Decisions this version makes where the source is silent:
  - A current card that fits a foundation may still go to a waste pile.
  - Moving a lone card to another empty waste pile is not a move (it changes
    nothing, and this keeps every game finite).
  - An empty waste pile does not keep the game alive: the game is lost when no
    legal move is left.
  - Moves that look alike are distinct (S W3 and S W4 onto two empty piles).

Tips: earmark one waste pile for Kings; build descending runs on the waste piles
that match a foundation's sequence; avoid covering a card of the same rank.
"""

    __slots__ = ("options", "_classic", "_stock", "_top", "_need", "_found", "_waste", "_last")

    def __init__(self, bases: list[int], stock: list[int], options: dict[str, Any]) -> None:
        self.options = options
        self._classic: bool = bool(options.get("classic", False))
        self._stock: tuple[int, ...] = tuple(stock)
        self._top = 0
        self._need: list[int] = [_AFTER[i][rank(bases[i])] for i in range(4)]
        self._found: list[tuple[int, ...]] = [(c,) for c in bases]
        self._waste: list[list[int]] = [[], [], [], []]
        self._last: Hashable = None  # the last move applied, for ``last_events``

    # --- creation -----------------------------------------------------------

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string of the rules page's grammar, in a fixed order (the
        reinforcement-learning action space; a test plays many games and checks that
        every legal move is among them)."""
        moves = [f"S F{f}" for f in range(1, 5)] + [f"S W{w}" for w in range(1, 5)]
        moves += [f"W{w} F{f}" for w in range(1, 5) for f in range(1, 5)]
        moves += [f"W{w} W{e}" for w in range(1, 5) for e in range(1, 5) if e != w]
        return tuple(moves)

    @classmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> Calculation:
        if deck is not None:
            bases, stock = _read_deal(deck)
        else:
            bases = list(DEFAULT_BASES)
            stock = [c for c in french_deck() if c not in DEFAULT_BASES]
            Rng(seed).shuffle(stock)
        return cls(bases, stock, options)

    def deal_str(self) -> str:
        """The 52-card form: F1-F4's starting cards, then the whole stock top first."""
        return cards_str([f[0] for f in self._found] + list(self._stock))

    # --- playing --------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return 0

    def legal_moves(self) -> list[Hashable]:
        """Stock moves (foundations, then wastes), waste to foundation, empty-pile moves."""
        need = self._need
        waste = self._waste
        moves: list[Hashable] = []
        top = self._top
        if top < len(self._stock):
            r = self._stock[top] >> 2
            if r in need:
                for f in range(4):
                    if need[f] == r:
                        moves.append(_S_TO_F[f])
            moves.extend(_S_TO_W)
        for pile, row in zip(waste, _W_TO_F, strict=True):
            if pile:
                r = pile[-1] >> 2
                if r in need:
                    for f in range(4):
                        if need[f] == r:
                            moves.append(row[f])
        if not self._classic and [] in waste:
            w0, w1, w2, w3 = waste
            empty = (not w0) | (not w1) << 1 | (not w2) << 2 | (not w3) << 3
            for pile, onto in zip(waste, _ONTO_EMPTY, strict=True):
                if len(pile) >= 2:
                    moves.extend(onto[empty])
        return moves

    def move_str(self, move: Hashable) -> str:
        return _MOVE_STR[move]  # type: ignore[index]

    def apply(self, move: Hashable) -> None:
        src: int
        dst: int
        src, dst = move  # type: ignore[misc]
        self._last = move
        if src == STOCK:
            c = self._stock[self._top]
            self._top += 1
        else:
            c = self._waste[src - 1].pop()
        if dst < WASTE_TARGET:
            self._found[dst] += (c,)
            self._need[dst] = _AFTER[dst][c >> 2]
        else:
            self._waste[dst - WASTE_TARGET].append(c)

    @property
    def outcome(self) -> Outcome | None:
        need = self._need
        if not any(need):
            return _WON
        if self._top < len(self._stock):
            return None  # the current card can always go to a waste pile
        waste = self._waste
        for pile in waste:
            if pile and (pile[-1] >> 2) in need:
                return None
        if not self._classic and any(not p for p in waste) and any(len(p) >= 2 for p in waste):
            return None
        return _LOST

    # --- move text ------------------------------------------------------------

    def canonicalize(self, text: str) -> str:
        parts = text.split(" ")
        if len(parts) != 2:
            raise InvalidMoveError(f"{quoted(text)} is not a Calculation move: {_FORMS}")
        src_text, dst_text = parts
        src = _parse_source(src_text, text)
        if dst_text == "F":
            fits = self._fits(self._card_at(src))
            return f"{src_text} F{fits[0] + 1}" if fits else text
        dst = _parse_target(dst_text, text)
        if src != STOCK and dst == WASTE_TARGET + src - 1:
            raise InvalidMoveError(
                f"{quoted(text)} is not a Calculation move: a card cannot move onto its own pile; "
                + _FORMS
            )
        return text

    def why_illegal(self, canonical: str) -> str:
        move = _STR_MOVE.get(canonical)
        if move is None:  # an 'F' alias that fits nowhere
            src = _parse_source(canonical.split(" ")[0], canonical)
            return self._no_fit_reason(src)
        src, dst = move
        c = self._card_at(src)
        if c is None:
            return ": the stock is empty" if src == STOCK else f": W{src} is empty"
        if dst < WASTE_TARGET:
            return self._foundation_reason(c, src, dst)
        if src == STOCK:
            return ""
        if self._classic:
            return ": the empty-pile move is off (classic)"
        target = dst - WASTE_TARGET + 1
        if self._waste[target - 1]:
            return f": W{target} is not empty (only an empty waste pile takes a card from another)"
        return f": W{src} holds only one card (moving a lone card to an empty pile changes nothing)"

    def _foundation_reason(self, c: int, src: int, dst: int) -> str:
        need = self._need[dst]
        if not need:
            return f": F{dst + 1} is complete (topped by a King)"
        where = "the current card" if src == STOCK else f"the top of W{src}"
        return f": F{dst + 1} needs {rank_words(need)} next, and {where} is {card_str(c)}"

    def _no_fit_reason(self, src: int) -> str:
        c = self._card_at(src)
        if c is None:
            return ": the stock is empty" if src == STOCK else f": W{src} is empty"
        needs = ", ".join(
            f"F{f + 1} {'is complete' if not n else 'needs ' + rank_words(n)}"
            for f, n in enumerate(self._need)
        )
        return f": {card_str(c)} fits no foundation ({needs})"

    def _card_at(self, src: int) -> int | None:
        if src == STOCK:
            return self._stock[self._top] if self._top < len(self._stock) else None
        pile = self._waste[src - 1]
        return pile[-1] if pile else None

    def _fits(self, c: int | None) -> list[int]:
        if c is None:
            return []
        r = c >> 2
        return [f for f in range(4) if self._need[f] == r]

    def prompt(self, player: int) -> Event | None:
        """Place the current card; once the stock is used up, play the waste piles'
        cards home (was no prompt then: the status line said only "Your turn.")."""
        if player != 0 or self.outcome is not None:
            return None
        if self._top >= len(self._stock):
            return Event("prompt", 0, value="from_waste")
        card = self._stock[self._top]
        code = "place" if self._fits(card) else "place_on_waste"
        return Event("prompt", 0, (card_str(card),), value=code)

    def move_parts(self, move: Hashable) -> MoveParts:
        src, dst = cast(Move, move)
        c = self._card_at(src)
        return {
            "move": _MOVE_STR[(src, dst)],
            "source": _source_name(src),
            "target": _target_name(dst),
            "count": 1,
            "card": None if c is None else card_str(c),
        }

    def last_events(self, viewer: int) -> list[Event]:
        """The card played and where to; after a stock card, the new current card
        (face up for everyone) or the stock running out; the end of the game."""
        if self._last is None:
            return []
        src, dst = cast(Move, self._last)
        pile = self._found[dst] if dst < WASTE_TARGET else self._waste[dst - WASTE_TARGET]
        events = [
            Event(
                "play",
                0,
                (card_str(pile[-1]),),
                source=_source_name(src),
                target=_target_name(dst),
            )
        ]
        if src == STOCK:
            if self._top < len(self._stock):
                current = card_str(self._stock[self._top])
                events.append(Event("current", cards=(current,), source="S"))
            else:
                events.append(Event("empty", source="S"))
        outcome = self.outcome
        if outcome is not None:
            events.append(PATIENCE_WON if outcome is _WON else PATIENCE_LOST)
        return events

    def progress(self) -> int:
        return sum(len(pile) for pile in self._found)

    @classmethod
    def progress_in(cls, view: Mapping[str, Any]) -> int:
        return sum(len(pile) for pile in view["foundations"].values())

    def all_seen(self) -> bool:
        """The stock has no card below the current one: the only face-down cards."""
        return self._top + 1 >= len(self._stock)

    def finishing_line(self) -> list[Hashable]:
        """Once nothing is hidden, the cards home in turn, if that wins (see
        ``GameState.finishing_line``). Any card of a rank fits, so the order matters
        (which of two Sevens, or which of two foundations wanting a Seven, takes it):
        ``home_run`` searches the orders, the rest of the stock being at most the
        current card."""
        if not self.all_seen():
            return []
        return home_run(self, lambda move: cast(Move, move)[1] < WASTE_TARGET)

    # --- the calculator -------------------------------------------------------

    def calculator(self) -> list[CalculatorRow]:
        """Per foundation: its twelve ranks in order, how many are played, the next one needed."""
        rows: list[CalculatorRow] = []
        for f in range(4):
            need = self._need[f]
            rows.append(
                {
                    "foundation": f"F{f + 1}",
                    "base": _rank_char(f + 1),
                    "sequence": [_rank_char(r) for r in SEQUENCES[f]],
                    "played": len(self._found[f]) - 1,
                    "next": _rank_char(need) if need else None,
                }
            )
        return rows

    # --- showing --------------------------------------------------------------

    def render(self, colour: bool = False) -> str:
        return self._board(colour, end=True)

    def render_for(
        self,
        player: int,
        colour: bool = False,
        *,
        other: str = "the opponent",
        resigned_by: int | None = None,
        end: bool = True,
        scores: bool = True,
        you: str = "you",
    ) -> str:
        """The whole board (one player, nothing hidden, no scores); "Game over: ..."
        only with ``end``."""
        return self._board(colour, end=end)

    def _board(self, colour: bool, *, end: bool) -> str:
        lines = ["Calculation" + ("  (classic: no empty-pile move)" if self._classic else "")]
        lines.append("Foundations   calculator: played ranks ticked, next needed in [ ]")
        for row, pile in zip(self.calculator(), self._found, strict=True):
            # right-aligned in three columns, so that a Ten's 10 keeps the rows aligned
            top = " " * (3 - len(card_pretty(pile[-1]))) + card_pretty(pile[-1], colour)
            lines.append(f"  {row['foundation']}  {top} {_calculator_cells(row)}")
        lines.append("Waste piles")
        for w, waste in enumerate(self._waste, start=1):
            shown = " ".join(card_pretty(c, colour) for c in waste) if waste else EMPTY_PILE
            lines.append(f"  W{w}  {shown}")
        left = len(self._stock) - self._top
        if left:
            current = card_pretty(self._stock[self._top], colour)
            lines.append(f"Stock S: current card {current}, {left} card{'s' * (left != 1)} left")
        else:
            lines.append("Stock S: empty")
        outcome = self.outcome
        if outcome is not None and end:
            # "Game over: lost, no legal move left" (was "lost: no ...", two colons)
            lines.append(f"Game over: {outcome.result}, {outcome.reason}")
        return "\n".join(lines)

    def view(self, player: int) -> CalculationView:
        left = len(self._stock) - self._top
        legal, parts = self.view_moves(player)
        return {
            "game": self.name,
            "player": player,
            "to_move": 0,
            "legal_moves": legal,
            "moves": parts,
            "options": dict(self.options),
            "foundations": {
                f"F{f + 1}": [card_str(c) for c in p] for f, p in enumerate(self._found)
            },
            "waste": {f"W{w + 1}": [card_str(c) for c in p] for w, p in enumerate(self._waste)},
            "current": card_str(self._stock[self._top]) if left else None,
            "stock_count": left,
            "calculator": self.calculator(),
        }

    # --- hidden cards -----------------------------------------------------------

    def _resample(self, player: int, rng: Rng) -> Calculation:
        """The stock below the current card shuffled: every other card is face up or
        played. The stock's cards seen (played, and the current one) keep their
        places, so the sample's ``deal_str`` deals it and replays its moves."""
        other = self.copy()
        if self.all_seen():
            return other
        seen = self._top + 1
        rest = list(self._stock[seen:])
        rng.shuffle(rest)
        other._stock = self._stock[:seen] + tuple(rest)
        return other

    # --- bookkeeping ------------------------------------------------------------

    def copy(self) -> Calculation:
        other = Calculation.__new__(Calculation)
        other.options = self.options
        other._classic = self._classic
        other._stock = self._stock
        other._top = self._top
        other._need = self._need[:]
        other._found = self._found[:]
        w = self._waste
        other._waste = [w[0][:], w[1][:], w[2][:], w[3][:]]
        other._last = self._last
        return other

    def all_cards(self) -> list[int]:
        cards: list[int] = []
        for f in self._found:
            cards.extend(f)
        for w in self._waste:
            cards.extend(w)
        cards.extend(self._stock[self._top :])
        return cards

    def key(self) -> Hashable:
        return (
            tuple(self._found),
            tuple(tuple(w) for w in self._waste),
            self._stock[self._top :],
        )


def _calculator_cells(row: CalculatorRow) -> str:
    """'  2✓  3✓ [4]  5   6 ...', or 'complete' once the King is on: four columns a rank,
    as people write it (a Ten is 10), so the four rows line up."""
    if row["next"] is None:
        return "complete"
    cells = []
    for i, r in enumerate(row["sequence"]):
        shown = rank_pretty(RANKS.index(r) + 1)
        if i < row["played"]:
            cells.append(f"{shown:>3}✓")
        elif i == row["played"]:
            cells.append(f"[{shown}]".rjust(4))
        else:
            cells.append(f"{shown:>3} ")
    return "".join(cells).rstrip()


def _parse_source(text: str, move: str) -> int:
    if text == "S":
        return STOCK
    if len(text) == 2 and text[0] == "W" and text[1] in "1234":
        return int(text[1])
    if len(text) == 2 and text[0] == "F" and text[1] in "1234":
        raise InvalidMoveError(
            f"{quoted(move)} is not a Calculation move: cards never leave a foundation; {_FORMS}"
        )
    raise InvalidMoveError(
        f"{quoted(move)} is not a Calculation move: {quoted(text)} is no source pile (S or "
        f"W1-W4); {_FORMS}"
    )


def _parse_target(text: str, move: str) -> int:
    if len(text) == 2 and text[1] in "1234":
        if text[0] == "F":
            return int(text[1]) - 1
        if text[0] == "W":
            return WASTE_TARGET + int(text[1]) - 1
    raise InvalidMoveError(
        f"{quoted(move)} is not a Calculation move: {quoted(text)} is no target pile (F, F1-F4 "
        "or W1-W4); "
        f"{_FORMS}"
    )


_DECK_FORMS = (
    "Calculation deals from either 48 cards (the stock, top first; the four cards left "
    "out must be one Ace, one Two, one Three and one Four, and start F1-F4) or all 52 "
    "cards (the first Ace, Two, Three and Four listed start F1-F4, the other 48 are the "
    "stock in the order given)"
)


def _by_rank(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (rank(c), c & 3))


def _read_deal(text: str) -> tuple[list[int], list[int]]:
    """The starting cards of F1-F4 and the stock (top first) of an explicit deck."""
    cards = read_deck(text, parse_card, card_str)
    if len(cards) not in (48, 52):
        raise InvalidDeckError(f"the deck has {cards_count(len(cards))}; {_DECK_FORMS}")
    pack = french_deck()
    missing = _by_rank([c for c in pack if c not in set(cards)])
    try:
        check_pack(cards, pack, card_str, "a 52-card pack", sizes=[len(cards)])
    except InvalidDeckError as exc:
        shown = cards_str(missing[:12]) + (
            f" ... ({len(missing)} in all)" if len(missing) > 12 else ""
        )
        raise InvalidDeckError(f"{exc}; missing: {shown}") from None
    if len(cards) == 48:
        if sorted(rank(c) for c in missing) != [1, 2, 3, 4]:
            raise InvalidDeckError(
                "the four cards missing from a 48-card deck must be one Ace, one Two, one "
                f"Three and one Four (they start F1-F4), but they are {cards_str(missing)}"
            )
        return missing, cards
    bases = [next(c for c in cards if rank(c) == r) for r in range(1, 5)]
    return bases, [c for c in cards if c not in bases]
