"""What every game's table tells the generic table screen.

A table draws a player's view onto a :class:`Canvas`, naming a region for each
pile, card or button. The screen does the rest the same way for every game:
it moves the cursor between regions, selects a source, highlights the legal
destinations (read from the view's legal move strings), and sends the move.
So a table only says how its piles appear in move strings.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.style import Style

from ..canvas import Canvas
from ..cards import back_style, card_face, card_style, empty_style

__all__ = ["Table", "draw_card", "draw_fan", "draw_empty", "LABEL", "DIM", "plural"]

LABEL = Style(color="bright_white", bold=True)
DIM = Style(color="grey70")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def draw_card(canvas: Canvas, x: int, y: int, card: str | None, dim: bool = False) -> int:
    """One card (two cells) at (x, y); ``None`` is an empty place. Returns the next column."""
    if card is None:
        return draw_empty(canvas, x, y)
    style = card_style(card)
    if dim:
        style = style + Style(bold=False, bgcolor="grey66")
    return canvas.put(x, y, card_face(card), style)


def draw_empty(canvas: Canvas, x: int, y: int, text: str = "··") -> int:
    return canvas.put(x, y, text, empty_style())


def draw_back(canvas: Canvas, x: int, y: int, count: int) -> int:
    """A face-down stack: a card back with the count beside it."""
    canvas.put(x, y, "▒▒", back_style())
    return canvas.put(x + 3, y, str(count), LABEL)


def draw_fan(
    canvas: Canvas,
    x: int,
    y: int,
    cards: list[str],
    width: int,
    lines: int = 1,
    empty: str = "··",
) -> None:
    """Cards side by side (three cells each), bottom card first, wrapping onto up to
    ``lines`` lines; when they do not fit, the bottom ones give way to ``+n``."""
    if not cards:
        draw_empty(canvas, x, y, empty)
        return
    per_line = max(1, width // 3)
    room = per_line * lines
    shown = cards
    hidden = 0
    if len(cards) > room:
        hidden = len(cards) - (room - 1)
        shown = cards[hidden:]
    position = 0
    if hidden:
        canvas.put(x, y, f"+{hidden}", DIM)
        position = 1
    for card in shown:
        row, col = divmod(position, per_line)
        draw_card(canvas, x + 3 * col, y + row, card)
        position += 1


class Table:
    """The lay-out of one game's table (subclasses: one per game)."""

    #: The registry name of the game this table shows.
    game: ClassVar[str]
    #: Keys that put the cursor on a region and act on it, like pressing Enter there.
    keys: ClassVar[dict[str, str]] = {}
    #: Where the cursor starts (else the first region of ``nav`` or of the drawing).
    first_stop: ClassVar[str | None] = None
    #: One line of the keys this game adds to the common ones.
    key_help: ClassVar[str] = ""

    def __init__(self) -> None:
        #: Regions that act by themselves (a button, an UNO card): their candidate moves.
        self.actions: dict[str, list[str]] = {}
        #: What to send for an action region with no legal move, so the engine explains.
        self.fallback: dict[str, str] = {}
        self.labels: dict[str, str] = {}

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        """Draw the table below the title line (row 0 is the screen's)."""
        raise NotImplementedError

    def nav(self) -> list[list[str]] | None:
        """Columns of regions for the arrow keys; None moves to the nearest region."""
        return None

    def split(self, move: str) -> tuple[str, str] | None:
        """The source and destination regions of a two-pile move, else None."""
        parts = move.split(" ")
        if len(parts) >= 2:
            return parts[0], parts[1]
        return None

    def compose(self, source: str, target: str) -> str:
        """The move text for a source and a target (sent even when illegal, so the
        engine can say why)."""
        return f"{source} {target}"

    def choice_label(self, move: str, view: dict[str, Any]) -> str:
        """How a move reads in a list of choices."""
        return move

    def space(self, cursor: str | None, view: dict[str, Any]) -> str | None:
        """A move for the space bar with the cursor here, or None to act like Enter."""
        return None

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        """Right-hand side of the title line."""
        return ""

    def label(self, region: str) -> str:
        """How a region is named in messages."""
        return self.labels.get(region, region)
