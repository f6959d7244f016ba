"""How cards look on the terminal table: Unicode suits, red and black, UNO colours.

Cards arrive as the notation's strings (``"QH"``, ``"R7"``, ``"W4"``) because the
table only ever sees a player's view. A French card is drawn as people write it
(the service's :func:`~parlour.service.words.card_words`, as in the log and the web
app): a Ten is ``10♦``, not the notation's ``T`` that is for typing. So every
French card takes three cells, rank right-aligned then suit symbol (`` Q♥``,
``10♦``), on a white face, and the suits of a pile line up; a face-down card is a
blue back and an empty place a dotted one, each as wide as a card.
"""

from __future__ import annotations

from rich.style import Style

from ..cards import RANKS, rank_pretty
from ..service.words import card_words

__all__ = [
    "CARD_BACK",
    "CARD_WIDTH",
    "EMPTY_PLACE",
    "card_face",
    "rank_face",
    "card_style",
    "back_style",
    "empty_style",
    "uno_face",
    "uno_style",
]

_RED = Style(color="red3", bgcolor="grey93", bold=True)
_BLACK = Style(color="black", bgcolor="grey93", bold=True)
_BACK = Style(color="blue", bgcolor="navy_blue")
_EMPTY = Style(color="grey50", dim=False)


#: Cells a French card takes on the table: a Ten's two-digit rank and its suit.
CARD_WIDTH = 3
#: A face-down card, and an empty place where a card may go.
CARD_BACK = "▒" * CARD_WIDTH
EMPTY_PLACE = "·" * CARD_WIDTH


def card_face(card: str) -> str:
    """``"QH"`` -> ``" Q♥"``, ``"TD"`` -> ``"10♦"``: ``CARD_WIDTH`` cells, the rank
    right-aligned so that the suit symbols of cards drawn one above another line up."""
    return card_words(card).rjust(CARD_WIDTH)[:CARD_WIDTH]


def rank_face(rank: str) -> str:
    """A rank of the notation (``"T"``, ``"Q"``) as people write it (``"10"``, ``"Q"``)."""
    return rank_pretty(RANKS.index(rank) + 1) if len(rank) == 1 and rank in RANKS else rank


def card_style(card: str) -> Style:
    """Red for hearts and diamonds, black for clubs and spades, on a white face."""
    return _RED if card[-1:] in ("H", "D") else _BLACK


def back_style() -> Style:
    return _BACK


def empty_style() -> Style:
    return _EMPTY


_UNO_BG = {"R": "red3", "G": "green4", "Y": "gold1", "B": "blue3"}
_UNO_FG = {"R": "bright_white", "G": "bright_white", "Y": "black", "B": "bright_white"}


#: What an UNO card's value shows on its face, as the web app's card shows it
#: (``cards.js``'s ``unoFace``): a Skip's ⊘ (was "S": "GS" where the web's card shows
#: ⊘), a Draw Two's +2; a number is itself. (The pack has no Reverse.) ⊘, U+2298, is
#: one cell wide everywhere (East Asian width N) and is in DejaVu Sans Mono, most
#: Linux terminals' font; terminals draw it from another font where theirs lacks it.
UNO_VALUE_FACES = {"S": "⊘", "D": "+2"}


def uno_face(card: str) -> str:
    """The short face of an UNO card, drawn on its colour as the web app draws its
    faces: its colour's letter first, the terminal's mark of the colour where the web's
    face has a shape, so that a card reads the same without its colour (a terminal
    without colours, NO_COLOR, a colour-blind player), then what the web's face shows:
    ``R7``, ``G⊘`` (Skip), ``B+2``, ``W``, ``W+4`` (a Wild's letter where a colour's
    is, then the web's +4). A face is a picture of the card; wherever a card is named
    in words (the log, the labels, ``parlour play``'s board) it is "red 7", "Wild Draw
    Four"."""
    if card == "W":
        return "W"
    if card == "W4":
        return "W+4"
    value = card[1:]
    return card[0] + UNO_VALUE_FACES.get(value, value)


def uno_style(card: str, colour: str | None = None) -> Style:
    """A coloured card (white text on red, ...); a Wild is black, or the colour it named."""
    key = card[0] if card[0] in _UNO_BG and not card.startswith("W") else colour
    if key in _UNO_BG:
        return Style(color=_UNO_FG[key], bgcolor=_UNO_BG[key], bold=True)
    return Style(color="bright_white", bgcolor="grey11", bold=True)
