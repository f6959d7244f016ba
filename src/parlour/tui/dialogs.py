"""Pop-up screens over the table: the rules, a choice between moves, the UNO
colour prompt, a yes-or-no question, the whole log, and the end of a game.

Letter keys work in either case, as on the table."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from importlib.resources import files

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ..cards import UNO_COLOURS
from ..core.registry import game_class
from ..service.words import colour_words, fitted
from .canvas import kept_whole

__all__ = [
    "ChoiceScreen",
    "ColourScreen",
    "ConfirmScreen",
    "EndScreen",
    "LogScreen",
    "NoticeScreen",
    "RulesScreen",
    "rules_markdown",
]


#: What the rules page says of the keys at a table, before the keys that work there now.
KEYS_INTRO = (
    "Arrows move the cursor; enter (or a click) picks a pile or a card, then where it "
    "goes. The keys that work at this table now:"
)
#: And where numbers pick cards (``answer["numbered"]``).
NUMBERS_NOTE = (
    "A card's number is drawn over it, the number `parlour play` gives it. From ten "
    "cards on, type two digits (1 then 2: card 12), or a digit then enter."
)
#: What the list of the table's piles says first.
PILES_INTRO = "The piles' names, as moves and the table write them, and what each pile is:"
#: What the help text after it is: ``parlour play``'s, where moves are typed.
HELP_NOTE = "As `parlour play` prints it at `?` (or `help`): there a move is typed as written here."
#: Where the rules page begins on the page ``?`` opens at a table, after the help.
RULES_NOTE = "The game's rules page, as `parlour rules` prints it."


#: Columns the help page's borders, margins and a code block's indent take from the
#: screen's width (at 80 columns a code line showed 70 characters, then was cut).
PAGE_MARGINS = 12


def rules_markdown(
    name: str,
    keys: str = "",
    numbered: bool = False,
    piles: Mapping[str, str] | None = None,
    width: int | None = None,
) -> str:
    """From the games list, the game's rules page followed by its help text (controls
    and Decisions). At a table, what ``?`` opens: help first, as ``?`` gives it in
    ``parlour play`` and on the web table, since a person who presses it in play
    wants to know what to press: the keys that work there (``keys``: the key bar's),
    the table's piles by name with their long names (``piles``: the service's, as the
    web table's tooltips give them), the help text, then the rules page below (its
    headings a level down, under "Rules"). ``width``: the columns a code block shows,
    to which its lines are wrapped (they are not wrapped on screen, but cut)."""
    cls = game_class(name)
    page = files("parlour").joinpath("rules", cls.rules_file).read_text(encoding="utf-8")

    def fit(text: str) -> str:
        return text if width is None else fitted(text, width)

    help_text = fit(cls.help_text)
    if not keys:
        return f"{page}\n\n## Help\n\n```\n{help_text}\n```\n"
    title, _, body = page.partition("\n")
    body = "\n".join(f"#{line}" if line.startswith("#") else line for line in body.split("\n"))
    note = f"\n\n{NUMBERS_NOTE}" if numbered else ""
    keys = keys if width is None else _entries_fitted(keys, width)
    at_table = f"\n\n## Keys at this table\n\n{KEYS_INTRO}\n\n```\n{keys}\n```{note}"
    if piles:
        wide = max(len(pile) for pile in piles)
        # each pile's row on its own, its words wrapped under their column
        named = "\n".join(
            f"{pile:<{wide}}  {words}"
            if width is None
            else "\n".join(
                textwrap.wrap(
                    words,
                    max(width, wide + 12),
                    initial_indent=f"{pile:<{wide}}  ",
                    subsequent_indent=" " * (wide + 2),
                    break_on_hyphens=False,
                )
            )
            for pile, words in piles.items()
        )
        at_table += f"\n\n## Piles at this table\n\n{PILES_INTRO}\n\n```\n{named}\n```"
    return (
        f"{title}{at_table}\n\n## Help\n\n{HELP_NOTE}\n\n```\n{help_text}\n```\n\n"
        f"## Rules\n\n{RULES_NOTE}\n{body.rstrip()}\n"
    )


def _entries_fitted(keys: str, width: int) -> str:
    """The keys' lines (entries two spaces apart: "h hint  x resign") for ``width``
    columns, each line on its own and broken only between entries. Wrapped as one
    paragraph, the three lines ran together and split an entry ("0 stock 1-4" / "F
    5-8 W h hint")."""
    out: list[str] = []
    for line in keys.split("\n"):
        row = ""
        for entry in (e.strip() for e in line.split("  ") if e.strip()):
            if row and len(row) + 2 + len(entry) > width:
                out.append(row)
                row = entry
            else:
                row = f"{row}  {entry}" if row else entry
        out.append(row)
    return "\n".join(out)


class _Page(ModalScreen[None]):
    """A page to read: scrolled with the arrows, closed by escape, q or its own key."""

    #: The key that opened the page closes it too.
    CLOSE_KEY = ""

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def on_key(self, event: events.Key) -> None:
        if event.key.lower() in ("escape", "q", self.CLOSE_KEY):
            event.stop()
            self.dismiss(None)


class RulesScreen(_Page):
    """The rules page, scrollable; any of escape, q or ? closes it. At a table (with
    ``keys``) it is the help page: help first, the rules below."""

    CLOSE_KEY = "question_mark"
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll { width: 100%; height: 100%; border: round $accent;
        background: $surface; }
    """

    def __init__(
        self,
        name: str,
        keys: str = "",
        numbered: bool = False,
        piles: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__()
        self.game_name = name
        self.keys = keys
        self.numbered = numbered
        self.piles = dict(piles or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            what = "Help and rules" if self.keys else "Rules"
            scroll.border_title = f"{what}: escape to close, arrows to scroll"
            width = max(self.app.size.width - PAGE_MARGINS, 40)
            page = rules_markdown(self.game_name, self.keys, self.numbered, self.piles, width)
            yield Markdown(page)


class StatsScreen(_Page):
    """Your statistics (the web app's page and ``parlour stats``, in the same words):
    a line per game, the deal of the day's line, the total; any of escape, q or s
    closes it."""

    CLOSE_KEY = "s"
    TITLE = "Your statistics: escape to close"
    DEFAULT_CSS = """
    StatsScreen { align: center middle; }
    StatsScreen > VerticalScroll { max-width: 100%; max-height: 100%; border: round $accent;
        background: $surface; padding: 0 1; }
    StatsScreen #stats { width: auto; }
    """

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.TITLE
            # A scrolling box sized "auto" measures nothing and draws empty: it is
            # given the size of its lines (and title), border and padding included.
            widest = max([len(self.TITLE) + 2, *(len(line) for line in self.lines)])
            scroll.styles.width = widest + 4
            scroll.styles.height = len(self.lines) + 2
            yield Static("\n".join(self.lines), id="stats")


class ChoiceScreen(ModalScreen[str | None]):
    """Pick one of several moves that share a source and a target (8 x 8 counts,
    an UNO call); escape cancels."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical { width: 60; height: auto; max-height: 20; border: round $accent;
        background: $surface; padding: 0 1; }
    ChoiceScreen OptionList { height: auto; max-height: 14; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield OptionList(
                *[
                    Option(f"{i + 1}. {label}", id=move)
                    for i, (move, label) in enumerate(self.choices)
                ]
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        key = event.key
        if key.isdigit() and 1 <= int(key) <= len(self.choices):
            self.dismiss(self.choices[int(key) - 1][0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ColourScreen(ModalScreen[str | None]):
    """UNO: name the colour for a Wild, each in words beside the letter that names it
    (as the web's colour picker and ``parlour play`` name them); escape cancels.
    ``note``: the service's warning of the move (a wrong Wild Draw Four), read before
    the colour is named, which is the second step of playing it."""

    DEFAULT_CSS = """
    ColourScreen { align: center middle; }
    ColourScreen > Vertical { width: 44; height: auto; border: round $accent;
        background: $surface; padding: 0 1; }
    ColourScreen OptionList { height: auto; }
    ColourScreen .note { color: $warning; margin-bottom: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, allowed: list[str] | None = None, note: str = "") -> None:
        super().__init__()
        self.allowed = allowed or list(UNO_COLOURS)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            if self.note:
                yield Static(self.note, classes="note", markup=False)
            # the letters were said bare above the list ("R, G, Y or B"), and the list
            # lost its own, "[R] Red" read as markup: each colour's letter is beside
            # its word (as text), and a letter names it
            yield Static("Name the colour (press its letter):")
            yield OptionList(
                *[
                    Option(Text(f"[{c}] {colour_words(c)}"), id=c)
                    for c in UNO_COLOURS
                    if c in self.allowed
                ]
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        key = event.key.upper()
        if key in self.allowed:
            self.dismiss(key)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question (a new game over one in play, resigning): Y or Enter says
    yes, N or escape no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 52; height: auto; border: round $warning;
        background: $surface; padding: 1 2; }
    """

    def __init__(self, question: str, note: str = "") -> None:
        super().__init__()
        self.question = question
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question)
            if self.note:
                yield Static(f"({self.note})")
            yield Static("")
            yield Static("Y: yes   N: no")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        key = event.key.lower()
        if key in ("y", "enter"):
            self.dismiss(True)
        elif key in ("n", "escape"):
            self.dismiss(False)


class NoticeScreen(ModalScreen[str | None]):
    """A line to read before going on (two people at one table: whose turn it is, so
    the other looks away): one of ``keys`` answers that key, any other goes on."""

    DEFAULT_CSS = """
    NoticeScreen { align: center middle; background: $background; }
    NoticeScreen > Vertical { width: 52; height: auto; border: round $accent;
        background: $surface; padding: 1 2; }
    """

    def __init__(self, text: str, keys: dict[str, str] | None = None, go_on: str = "go on") -> None:
        super().__init__()
        self.text = text
        self.keys = keys or {}
        #: What any other key does, in words ("show Player 2's cards").
        self.go_on = go_on

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text)
            yield Static("")
            shown = [f"{k.upper()}: {what}" for k, what in self.keys.items()]
            yield Static("   ".join([*shown, f"any other key: {self.go_on}"]))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        key = event.key.lower()
        self.dismiss(key if key in self.keys else None)


#: The columns of the log page that its sentences do not take: its border, padding
#: and scroll bar.
LOG_MARGIN = 6


class LogScreen(ModalScreen[None]):
    """The whole log of the game, scrollable; escape, q or l closes it."""

    DEFAULT_CSS = """
    LogScreen { align: center middle; }
    LogScreen > VerticalScroll { width: 100%; height: 100%; border: round $accent;
        background: $surface; padding: 0 1; }
    """

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        # each sentence broken between words, never inside a card's name: within the
        # border, its padding and a scroll bar
        width = self.app.size.width - LOG_MARGIN
        with VerticalScroll() as scroll:
            scroll.border_title = f"{self.title_text}: the log (escape closes, arrows scroll)"
            for line in self.lines or ["(nothing yet)"]:
                yield Static(kept_whole(Text(line), width))

    def on_mount(self) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.focus()
        scroll.scroll_end(animate=False)

    def on_key(self, event: events.Key) -> None:
        if event.key.lower() in ("escape", "q", "l"):
            event.stop()
            self.dismiss(None)


def _lines(items: list[str], width: int) -> list[str]:
    """Items three spaces apart, a new line rather than one broken in two."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += "   " + item
        else:
            lines.append(item)
    return lines


#: The width of the end panel.
WIDTH = 64


class EndScreen(ModalScreen[str]):
    """The message at the end of a game, with what can come next."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 64; max-width: 100%; height: auto; border: double $success;
        background: $surface; padding: 1 2; }
    """

    def __init__(self, text: str, choices: dict[str, str]) -> None:
        super().__init__()
        self.text = text
        self.choices = choices

    def compose(self) -> ComposeResult:
        keys = [f"{k.upper()}: {what}" for k, what in self.choices.items()]
        keys.append("escape: look at the table")
        with Vertical():
            yield Static(self.text)
            yield Static("")
            yield Static("\n".join(_lines(keys, WIDTH - 6)))

    def on_key(self, event: events.Key) -> None:
        key = event.key.lower()
        if key in self.choices:
            self.dismiss(key)
        elif key in ("escape", "enter"):
            self.dismiss("close")
