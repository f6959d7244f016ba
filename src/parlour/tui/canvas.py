"""A character grid that card tables are drawn on, with named clickable regions.

Every table is drawn cell by cell rather than assembled from many widgets, so
that a game's lay-out fits an 80x24 terminal exactly, and so that one generic
piece of code can find what was clicked and highlight the cursor, the selected
pile and the legal destinations on any game's table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..service.words import cards_kept_whole

__all__ = ["Canvas", "Region", "FELT", "kept_whole"]

#: The table's background: a dark green card-table felt.
FELT = Style(color="bright_white", bgcolor="#0f3d1f")


@dataclass(frozen=True)
class Region:
    """A named rectangle of the table (a pile, a card, a button)."""

    name: str
    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + (self.width - 1) / 2, self.y + (self.height - 1) / 2)


class Canvas:
    """``width`` x ``height`` cells of text and style; writes past the edge are clipped."""

    def __init__(self, width: int, height: int, background: Style = FELT) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._styles = [[background] * width for _ in range(height)]
        self.regions: dict[str, Region] = {}
        #: Writes that ran off the right edge, as (x, y, text): a lay-out too wide for
        #: the terminal loses what it draws there, so the tests ask for none.
        self.overflow: list[tuple[int, int, str]] = []

    def put(self, x: int, y: int, text: str, style: Style | str | None = None) -> int:
        """Write ``text`` at (x, y) over the felt; return the column after it."""
        if isinstance(style, str):
            style = Style.parse(style)
        if x + len(text) > self.width and text[max(0, self.width - x) :].strip():
            self.overflow.append((x, y, text))
        if 0 <= y < self.height:
            row_chars, row_styles = self._chars[y], self._styles[y]
            for i, char in enumerate(text):
                col = x + i
                if 0 <= col < self.width:
                    row_chars[col] = char
                    if style is not None:
                        row_styles[col] = row_styles[col] + style
        return x + len(text)

    def put_parts(self, x: int, y: int, parts: list[tuple[str, Style | str | None]]) -> int:
        """Write several differently styled pieces one after the other."""
        for text, style in parts:
            x = self.put(x, y, text, style)
        return x

    def region(self, name: str, x: int, y: int, width: int, height: int = 1) -> Region:
        """Name a rectangle (clipped to the canvas) so it can be clicked and highlighted;
        one wholly off the canvas (a table taller than the screen's room for it: an
        UNO hand of forty cards at 80x24) is not named, so nothing tints or picks it."""
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + width), min(self.height, y + height)
        found = Region(name, x0, y0, max(1, x1 - x0), max(1, y1 - y0))
        if x0 < self.width and y0 < self.height:
            self.regions[name] = found
        return found

    def at(self, x: int, y: int) -> str | None:
        """The name of the region under a cell (the smallest, if they nest)."""
        hits = [r for r in self.regions.values() if r.contains(x, y)]
        if not hits:
            return None
        return min(hits, key=lambda r: r.width * r.height).name

    def tint(self, name: str, style: Style | str) -> None:
        """Lay a style over every cell of a region (cursor, selection, destination)."""
        region = self.regions.get(name)
        if region is None:
            return
        if isinstance(style, str):
            style = Style.parse(style)
        for y in range(region.y, region.y + region.height):
            row = self._styles[y]
            for x in range(region.x, region.x + region.width):
                row[x] = row[x] + style

    def used_height(self) -> int:
        """How many rows the drawing takes: the last row with text or a region, plus one."""
        last = max((r.y + r.height - 1 for r in self.regions.values()), default=-1)
        for y in range(self.height - 1, last, -1):
            if self.text_at(y).strip():
                last = y
                break
        return last + 1

    def text_at(self, y: int) -> str:
        """One row as plain text (for tests and screen dumps)."""
        return "".join(self._chars[y]).rstrip()

    def plain(self) -> str:
        return "\n".join(self.text_at(y) for y in range(self.height))

    def to_text(self) -> Text:
        """The whole grid as Rich text, runs of equal style joined."""
        text = Text(no_wrap=True, overflow="crop", end="")
        for y in range(self.height):
            chars, styles = self._chars[y], self._styles[y]
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or styles[x] != styles[start]:
                    text.append("".join(chars[start:x]), styles[start])
                    start = x
            if y < self.height - 1:
                text.append("\n")
        return text


def kept_whole(line: Text, width: int) -> Text:
    """``line`` broken between words into lines of ``width`` columns at most, never
    inside a card's name (the service's :func:`~parlour.service.words.cards_kept_whole`:
    "blue Draw Two", "red 4"): Textual wraps a status or a log's sentence at any space,
    its unbreakable one too, and "the computer held red" / "4, ..." read as two things.
    Its own line breaks are kept; a ``width`` below 1 (not laid out yet) leaves the
    line to Textual."""
    if width < 1:
        return line
    plain = cards_kept_whole(line.plain)  # the same length: a space for a space
    cuts: list[tuple[int, int]] = []  # (end of a line's last word, start of the next)
    column, end = 0, 0
    for word in re.finditer(r"[^ \n]+", plain):
        gap = plain[end : word.start()]
        size = cell_len(word.group())
        if "\n" in gap:
            column = size
        elif column and column + len(gap) + size > width:
            cuts.append((end, word.start()))
            column = size
        else:
            column += len(gap) + size
        end = word.end()
    if not cuts:
        return line
    out, start = Text(), 0
    for stop, resume in cuts:
        out.append_text(line[start:stop])
        out.append("\n")
        start = resume
    out.append_text(line[start:])
    return out
