"""What every game's table tells the generic table screen.

A table draws a person's view onto a :class:`Canvas`, naming a region for each
pile, card or button, and says which region each legal move starts and ends at.
It reads the moves the table service gives with every answer (``answer["moves"]``:
each move's ``source``, ``target``, ``count`` and ``card``, from the engine's
``move_parts``), never the move strings themselves. The screen does the rest the
same way for every game: it moves the cursor between regions, selects a source,
highlights the legal destinations and sends the move the person picked.

A table adds labels (pile names, key help, the facts on the title line); every
sentence a person reads comes from the service. The keys of the one-word moves
(``deal``, ``draw``) are the game's, in every answer (``answer["move_keys"]``): a
table draws each such move's region (a button, the stock) and the screen gives the
region its key, as ``parlour play`` takes the same letter for the same move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.style import Style

from ...service.words import card_words, counted
from ..canvas import Canvas
from ..cards import (
    CARD_BACK,
    CARD_WIDTH,
    EMPTY_PLACE,
    back_style,
    card_face,
    card_style,
    empty_style,
)

__all__ = [
    "DIM",
    "LABEL",
    "PITCH",
    "Button",
    "Part",
    "Table",
    "Typed",
    "draw_back",
    "draw_card",
    "draw_empty",
    "draw_fan",
    "move_button",
    "move_buttons",
    "seat_name",
    "whose",
]

LABEL = Style(color="bright_white", bold=True)
DIM = Style(color="grey70")

#: One legal move as the service describes it (``answer["moves"]``).
Part = Mapping[str, Any]
#: Cells from one card of a fan to the next: a card and a cell of felt.
PITCH = CARD_WIDTH + 1


def seat_name(answer: Mapping[str, Any], seat: int) -> str:
    """A seat as the service names it for this reader (``answer["names"]``): "you",
    "the computer", or "Player 2" when two people share the table."""
    return str(answer["names"][seat]["name"])


def whose(answer: Mapping[str, Any], seat: int) -> str:
    """A seat's things as the service names them for this reader (``answer["names"]``):
    "your", "the computer's", or "Player 1's" when two people share the table."""
    return str(answer["names"][seat]["whose"])


def draw_card(canvas: Canvas, x: int, y: int, card: str | None, dim: bool = False) -> int:
    """One card (``CARD_WIDTH`` cells) at (x, y); ``None`` is an empty place. Returns
    the next column."""
    if card is None:
        return draw_empty(canvas, x, y)
    style = card_style(card)
    if dim:
        style = style + Style(bold=False, bgcolor="grey66")
    return canvas.put(x, y, card_face(card), style)


def draw_empty(canvas: Canvas, x: int, y: int) -> int:
    """An empty pile, the one way every table draws it (``EMPTY_PLACE``, dotted, as
    wide as a card): a row, a bar or a pile with no card was drawn as nothing in some
    tables and dotted in others, and a blank place did not look like a place."""
    return canvas.put(x, y, EMPTY_PLACE, empty_style())


def draw_back(canvas: Canvas, x: int, y: int, count: int) -> int:
    """A face-down stack: a card back with the count beside it."""
    canvas.put(x, y, CARD_BACK, back_style())
    return canvas.put(x + PITCH, y, str(count), LABEL)


def draw_fan(
    canvas: Canvas,
    x: int,
    y: int,
    cards: list[str],
    width: int,
    lines: int = 1,
) -> None:
    """Cards side by side (a card and a cell of felt each) within ``width`` cells,
    bottom card first, wrapping onto up to ``lines`` lines; when they do not fit, the
    bottom ones give way to ``+n``."""
    if not cards:
        draw_empty(canvas, x, y)
        return
    per_line = max(1, (width + 1) // PITCH)
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
        draw_card(canvas, x + PITCH * col, y + row, card)
        position += 1


@dataclass(frozen=True)
class Button:
    """A one-word move drawn as ``[K] text``: its move, its key, its label, and the
    shorter label the key bar gives it (the game's, from ``answer["move_keys"]``)."""

    move: str
    key: str
    text: str
    short: str = ""

    @property
    def label(self) -> str:
        return f"[{self.key.upper()}] {self.text}"


def move_buttons(answer: Mapping[str, Any]) -> list[Button]:
    """The game's one-word moves with their keys and labels, as this table's options
    have them (``answer["move_keys"]``, the service's, from the game's ``move_keys``);
    none once the game is over, as the web table hides its game's buttons then: no move
    is left to play (Chinese Patience's "[T] twist  [Z] end turn" stayed, greyed, under
    a game already won or lost)."""
    if answer.get("outcome") is not None:
        return []
    return [
        Button(str(k["move"]), str(k["key"]), str(k["label"]), str(k["short"]))
        for k in answer.get("move_keys") or []
    ]


def move_button(answer: Mapping[str, Any], move: str) -> Button | None:
    """The button of one one-word move (None where the game has none by that name)."""
    return next((b for b in move_buttons(answer) if b.move == move), None)


@dataclass(frozen=True)
class Typed:
    """What a table makes of a key of its own (a key sequence like the original's
    ``M 9 5``): a move to send, or what has been typed so far (a label)."""

    move: str | None = None
    prompt: str | None = None


class Table:
    """The lay-out of one game's table (subclasses: one per game)."""

    #: The registry name of the game this table shows.
    game: ClassVar[str]
    #: Keys that put the cursor on a region and act on it, like pressing Enter there
    #: (lower case: the screen accepts either case of every letter).
    keys: ClassVar[dict[str, str]] = {}
    #: Where the cursor starts (else the first region of ``nav`` or of the drawing).
    first_stop: ClassVar[str | None] = None
    #: One line of the keys this game adds to the common ones.
    key_help: ClassVar[str] = ""
    #: Pile names in the moves that the table draws as one region (``F3`` -> ``F``).
    places: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        #: Regions that act by themselves (a button, an UNO card): their legal moves.
        self.actions: dict[str, list[Part]] = {}
        #: What to send for an action region with no legal move, so the engine explains.
        self.fallback: dict[str, str] = {}
        self.labels: dict[str, str] = {}

    def reset(self) -> None:
        """Forget the regions of the last drawing (the screen paints afresh)."""
        self.actions.clear()
        self.fallback.clear()

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        """Draw the table below the title line (row 0 is the screen's)."""
        raise NotImplementedError

    # --- moves, from the service's parts -----------------------------------------

    @staticmethod
    def parts(answer: Mapping[str, Any]) -> list[Part]:
        """The legal moves of an answer, each with its source, target, count, card."""
        return list(answer.get("moves") or [])

    @staticmethod
    def named(parts: Sequence[Part], move: str) -> list[Part]:
        """The legal moves that are the one-word move ``move`` (``deal``, ``twist``),
        or a form of it (the parts' ``word``: UNO's ``play:R`` of the card drawn)."""
        return [p for p in parts if (p.get("word") or p.get("move")) == move]

    @staticmethod
    def card_region(number: int) -> str:
        """The region that draws card ``number`` (1 the first) of the cards a number
        picks (``answer["numbered"]``): the screen's digit keys act on it."""
        return f"c{number - 1}"

    def region(self, pile: str | None) -> str | None:
        """The region that draws a pile named in the moves."""
        if pile is None:
            return None
        return self.places.get(pile, pile)

    def ends(self, part: Part) -> tuple[str, str] | None:
        """The regions a move goes from and to; None for a move that is one region
        (a button, a card in a hand)."""
        source, target = self.region(part.get("source")), self.region(part.get("target"))
        if source is None or target is None:
            return None
        return source, target

    def choice_label(self, part: Part) -> str:
        """How a move reads in a list of moves that share a source and a target."""
        count = int(part.get("count") or 0)
        card = part.get("card")
        if count > 1 and card:
            return f"{counted(count, 'card')}, from {card_words(str(card))} down"
        if card:
            return card_words(str(card))
        return str(part.get("move", ""))

    def button(
        self,
        canvas: Canvas,
        x: int,
        y: int,
        button: Button,
        candidates: Sequence[Part],
        region: str | None = None,
    ) -> int:
        """Draw a one-word move's button (bright when it has a legal move) and name its
        region; returns the column after it."""
        name = region or button.move
        canvas.put(x, y, button.label, LABEL if candidates else DIM)
        canvas.region(name, x - 1, y, len(button.label) + 2)
        self.actions[name] = list(candidates)
        self.fallback[name] = button.move
        self.labels.setdefault(name, button.text)
        return x + len(button.label)

    # --- keys ---------------------------------------------------------------------

    def shortcuts(self, view: Mapping[str, Any]) -> dict[str, str]:
        """The table's own keys that work now (key -> region): its piles'. (The keys
        of the one-word moves are the game's: see :meth:`move_region`.)"""
        return dict(self.keys)

    def help_line(self, view: Mapping[str, Any]) -> str:
        """The table's own keys, as the key bar shows them."""
        return self.key_help

    def move_region(self, move: str) -> str | None:
        """The region drawn now that plays the one-word move ``move`` (its button, or
        a pile that acts: The Gate's stock deals), where its key takes the cursor;
        None while the table draws none (UNO's Pass, while it cannot be played)."""
        return next((name for name, does in self.fallback.items() if does == move), None)

    def typed(self, key: str) -> Typed | None:
        """A key this table reads itself (before the common keys), else None."""
        return None

    def space(self, cursor: str | None) -> tuple[str, str] | None:
        """A source and target for the space bar with the cursor here, or None to act
        like Enter."""
        return None

    # --- the rest -----------------------------------------------------------------

    def nav(self) -> list[list[str]] | None:
        """Columns of regions for the arrow keys; None moves to the nearest region."""
        return None

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        """Right-hand side of the title line (labels: the move number, the scores)."""
        return ""

    def label(self, region: str) -> str:
        """How a region is named on the message line."""
        return self.labels.get(region, region)
