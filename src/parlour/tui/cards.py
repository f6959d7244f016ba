"""How cards look on the terminal table: Unicode suits, red and black, UNO colours.

Cards arrive as the notation's strings (``"QH"``, ``"R7"``, ``"W4"``) because the
table only ever sees a player's view. A French card takes two cells, rank then
suit symbol (``Q♥``), on a white face; a face-down card is a blue back.
"""

from __future__ import annotations

from rich.style import Style

from ..cards import SUIT_SYMBOLS, SUITS

__all__ = [
    "card_face",
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


def card_face(card: str) -> str:
    """``"QH"`` -> ``"Q♥"``: two cells, rank then suit symbol."""
    if len(card) != 2:
        return card[:2].ljust(2)
    suit = SUITS.find(card[1])
    return card[0] + (SUIT_SYMBOLS[suit] if suit >= 0 else card[1])


def card_style(card: str) -> Style:
    """Red for hearts and diamonds, black for clubs and spades, on a white face."""
    return _RED if card[-1:] in ("H", "D") else _BLACK


def back_style() -> Style:
    return _BACK


def empty_style() -> Style:
    return _EMPTY


_UNO_BG = {"R": "red3", "G": "green4", "Y": "gold1", "B": "blue3"}
_UNO_FG = {"R": "bright_white", "G": "bright_white", "Y": "black", "B": "bright_white"}


def uno_face(card: str) -> str:
    """The short face of an UNO card: ``7``, ``S`` (skip), ``+2``, ``W``, ``+4``."""
    if card == "W":
        return "W"
    if card == "W4":
        return "W+4"
    value = card[1:]
    return "+2" if value == "D" else value


def uno_style(card: str, colour: str | None = None) -> Style:
    """A coloured card (white text on red, ...); a Wild is black, or the colour it named."""
    key = card[0] if card[0] in _UNO_BG and not card.startswith("W") else colour
    if key in _UNO_BG:
        return Style(color=_UNO_FG[key], bgcolor=_UNO_BG[key], bold=True)
    return Style(color="bright_white", bgcolor="grey11", bold=True)
