"""Cards and their notation (see the rules README's "Shared notation").

Cards are small integers so that game states stay compact and fast to copy:

* a French card is ``rank * 4 + suit`` with rank 1-13 (Ace to King) and suit
  0-3 in the order clubs, diamonds, hearts, spades; the two copies of a card in
  a 104-card game are the same integer, since they are equal in play;
* an UNO card is ``colour * 16 + value`` with colour 0-3 (red, green, yellow,
  blue) and value 0-9, 10 for Skip and 11 for Draw Two; Wild is 64 and Wild Draw
  Four is 65.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidCardError, quoted

__all__ = [
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "card",
    "rank",
    "suit",
    "is_red",
    "card_str",
    "card_pretty",
    "EMPTY_PILE",
    "rank_pretty",
    "rank_words",
    "parse_card",
    "parse_cards",
    "cards_str",
    "french_deck",
    "UNO_COLOURS",
    "UNO_WILD",
    "UNO_WILD4",
    "UNO_SKIP",
    "UNO_DRAW2",
    "uno_card",
    "uno_colour",
    "uno_value",
    "uno_is_wild",
    "uno_str",
    "uno_pretty",
    "parse_uno_card",
    "parse_uno_cards",
    "uno_deck",
]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "",
    "Ace",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def card(rank_: int, suit_: int) -> int:
    """The card of rank 1-13 and suit 0-3 (clubs, diamonds, hearts, spades)."""
    return rank_ * 4 + suit_


def rank(c: int) -> int:
    """The rank of a card number, 1 (Ace) to 13 (King)."""
    return c >> 2


def suit(c: int) -> int:
    """The suit of a card number, 0-3 in the order of ``SUITS`` (C D H S)."""
    return c & 3


def is_red(c: int) -> bool:
    """Diamonds and hearts are red."""
    return (c & 3) in (1, 2)


def card_str(c: int) -> str:
    """Canonical two-character form: ``AS``, ``TD``, ``QH``."""
    return RANKS[(c >> 2) - 1] + SUITS[c & 3]


def rank_pretty(rank_: int) -> str:
    """A rank (1-13) as people write it: ``A``, ``2``-``10``, ``J``, ``Q``, ``K`` (the
    notation's ``T`` for a Ten is for typing)."""
    return "10" if rank_ == 10 else RANKS[rank_ - 1]


def rank_words(rank_: int) -> str:
    """A rank as a sentence says it, with its article: "an Ace", "a 7", "an 8", "a 10",
    "a King" (the one rule for "a" or "an" before a rank; the web app's ``cards.js``
    says it the same way)."""
    name = RANK_NAMES[rank_] if rank_ in (1, 11, 12, 13) else rank_pretty(rank_)
    return ("an " if name[0] in "A8" else "a ") + name


def card_pretty(c: int, colour: bool = False) -> str:
    """Rank and Unicode suit, as people write a card: ``10♦`` for a Ten (the notation's
    ``T`` is for typing)."""
    text = rank_pretty(c >> 2) + SUIT_SYMBOLS[c & 3]
    if colour and is_red(c):
        return f"\x1b[31m{text}\x1b[0m"
    return text


#: An empty pile on a board as text (``parlour play``'s, every game's): one way for
#: all, where Calculation wrote "-", 8 x 8 "(empty)" and The Gate "--" or "(space)".
#: Two cells, as wide as most cards, so a row of foundations stays in columns.
EMPTY_PILE = "--"


def card_name(c: int) -> str:
    return f"{RANK_NAMES[c >> 2]} of {SUIT_NAMES[c & 3]}"


#: Suit symbols a person may type for the suit letters, as the table shows them
#: (``7♦`` for ``7D``), the outline ones too.
_TYPED_SUITS = str.maketrans("♣♦♥♠♧♢♡♤", "CDHSCDHS")


def _check_text(text: object, what: str, example: str) -> None:
    """Refuse what is not text (``parse_card(None)``, ``parse_cards(["AS"])``) with
    ``InvalidCardError``, as any other card that cannot be read, not AttributeError."""
    if not isinstance(text, str):
        raise InvalidCardError(f"{what} is text such as {example!r}, got {quoted(text)}")


def parse_card(text: str) -> int:
    """Read one card: case-insensitive, ``10`` accepted for ``T``, and a suit symbol
    for its letter (``10♦``: cards are shown so, and a person copies what they see)."""
    _check_text(text, "a card", "AS")
    t = text.strip().upper().translate(_TYPED_SUITS)
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) == 2 and t[0] in RANKS and t[1] in SUITS:
        return card(RANKS.index(t[0]) + 1, SUITS.index(t[1]))
    raise InvalidCardError(
        f"{quoted(text)} is not a card: expected a rank (A 2-9 T/10 J Q K) then a suit "
        "(C D H S, or ♣ ♦ ♥ ♠), for example 'AS', 'TD' or '10♥'"
    )


def parse_cards(text: str) -> list[int]:
    """Read cards separated by spaces (or commas)."""
    _check_text(text, "a list of cards", "AS TD 7H")
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def cards_str(cards: Iterable[int]) -> str:
    """Card numbers in the notation, separated by spaces (``"AS TD 7H"``)."""
    return " ".join(card_str(c) for c in cards)


def french_deck() -> list[int]:
    """The 52-card pack in a fixed order (clubs A-K, diamonds, hearts, spades).

    Seeded deals shuffle this order, so it is part of what golden tests pin.
    """
    return [card(r, s) for s in range(4) for r in range(1, 14)]


# --- UNO -------------------------------------------------------------------

UNO_COLOURS = "RGYB"
UNO_COLOUR_NAMES = ("red", "green", "yellow", "blue")
UNO_SKIP = 10
UNO_DRAW2 = 11
UNO_WILD = 64
UNO_WILD4 = 65
_UNO_VALUE_CHARS = "0123456789SD"


def uno_card(colour: int, value: int) -> int:
    """The UNO card number of a colour (0-3: R G Y B) and a value (0-9, then Skip and
    Draw Two)."""
    return colour * 16 + value


def uno_colour(c: int) -> int:
    """Colour 0-3 of a coloured card; -1 for a Wild."""
    return -1 if c >= UNO_WILD else c >> 4


def uno_value(c: int) -> int:
    """Value 0-11 of a coloured card (10 Skip, 11 Draw Two); the card itself for Wilds."""
    return c if c >= UNO_WILD else c & 15


def uno_is_wild(c: int) -> bool:
    """Whether an UNO card number is a Wild or a Wild Draw Four."""
    return c >= UNO_WILD


def uno_str(c: int) -> str:
    """An UNO card number in the notation: ``R7``, ``GS``, ``BD``, ``W``, ``W4``."""
    if c == UNO_WILD:
        return "W"
    if c == UNO_WILD4:
        return "W4"
    return UNO_COLOURS[c >> 4] + _UNO_VALUE_CHARS[c & 15]


_UNO_VALUE_NAMES = {10: "Skip", 11: "Draw Two"}


def uno_pretty(c: int) -> str:
    """An UNO card as people read it, the web app's ``cardName`` and every sentence's
    way: ``red 7``, ``green Skip``, ``blue Draw Two``, ``Wild``, ``Wild Draw Four``
    (the notation's ``R7``, ``GS``, ``BD``, ``W``, ``W4`` are for typing)."""
    if c == UNO_WILD:
        return "Wild"
    if c == UNO_WILD4:
        return "Wild Draw Four"
    value = c & 15
    return f"{UNO_COLOUR_NAMES[c >> 4]} {_UNO_VALUE_NAMES.get(value, str(value))}"


def parse_uno_card(text: str) -> int:
    """The UNO card number that ``text`` names (``uno_str`` read back, any case);
    ``InvalidCardError`` if it names none."""
    _check_text(text, "an UNO card", "R7")
    t = text.strip().upper()
    if t == "W":
        return UNO_WILD
    if t == "W4":
        return UNO_WILD4
    if len(t) == 2 and t[0] in UNO_COLOURS and t[1] in _UNO_VALUE_CHARS:
        return uno_card(UNO_COLOURS.index(t[0]), _UNO_VALUE_CHARS.index(t[1]))
    raise InvalidCardError(
        f"{quoted(text)} is not an UNO card: expected a colour (R G Y B) then 0-9, S (Skip) "
        "or D (Draw Two), or W / W4, for example 'R7', 'GS', 'YD', 'W4'"
    )


def parse_uno_cards(text: str) -> list[int]:
    """UNO card numbers from text separated by spaces or commas."""
    _check_text(text, "a list of UNO cards", "R7 GS W4")
    return [parse_uno_card(tok) for tok in text.replace(",", " ").split()]


def uno_deck() -> list[int]:
    """The 108-card pack of the 1991 two-player edition, in a fixed order.

    Per colour: one 0, two each of 1-9, two Draw Two, four Skip (no Reverse);
    then four Wild and four Wild Draw Four.
    """
    deck: list[int] = []
    for colour in range(4):
        deck.append(uno_card(colour, 0))
        for value in range(1, 10):
            deck += [uno_card(colour, value)] * 2
        deck += [uno_card(colour, UNO_DRAW2)] * 2
        deck += [uno_card(colour, UNO_SKIP)] * 4
    deck += [UNO_WILD] * 4 + [UNO_WILD4] * 4
    return deck
