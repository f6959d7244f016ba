"""The card table: one screen for every game, driven by the game's :class:`Table`.

The screen shows what the table service answers for the person's seat: the view,
drawn by the game's table; the status line (``answer["status"]``) and, below it,
the game's log in the service's sentences, as long as the screen has room for
(``l`` opens all of it); then the keys that work at this table.

Keys: arrows (or a game's own keys) move the cursor, Enter or a click picks a
source and then a destination, with the legal destinations highlighted. Where
numbers pick cards (``answer["numbered"]``: UNO's hand, numbered as ``parlour play``
numbers it), digits play card 1, 2, ...: a hand of ten or more waits a moment
(:data:`NUMBER_WAIT`) after a digit that can begin a longer number, so ``1`` ``2``
is card 12; Enter takes the number at once, esc drops it. ``u``
and ``r`` undo and redo, ``h`` hint, ``x`` resign (a patience's deal or a game of
two), ``n`` new game, ``l`` the log, ``?`` rules, ``esc`` the games, ``q`` quit.
Letters work in either case.
Every move is written to the store as it is played, so quitting loses nothing.

The solver's winning line is replayed on the table with keys of its own (see
:mod:`.replay`): ``space`` play or pause, ``←`` ``→`` a step, ``end`` the last move,
``+`` ``-`` the speed, ``esc`` back to the end panel.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ..errors import ParlourError
from ..service.ending import deal_words, pair_words
from ..service.policy import numbered
from ..service.words import (
    PREPARING,
    as_sentence,
    command_words,
    no_card_words,
    uncapitalised,
    with_symbols,
)
from .canvas import Canvas, kept_whole
from .dialogs import (
    ChoiceScreen,
    ColourScreen,
    ConfirmScreen,
    EndScreen,
    LogScreen,
    NoticeScreen,
    RulesScreen,
)
from .replay import LineReplay
from .tables import Table, table_for
from .tables.base import Part

if TYPE_CHECKING:
    from .app import ParlourApp

T = TypeVar("T")

__all__ = ["COMMON_KEYS", "NUMBER_WAIT", "PREPARING", "TableScreen", "TableView", "key_name"]

CURSOR = Style(reverse=True, bold=True)
SELECTED = Style(bgcolor="dark_cyan")
TARGET = Style(bgcolor="green3", color="black")
TITLE = Style(color="black", bgcolor="grey85", bold=True)
#: The terminal table's own keys, after the service's commands (``answer["commands"]``):
#: ``esc`` back to the games (the web table's link has no key), ``q`` quit.
OWN_KEYS = {"games": "esc"}
#: The key bar's padding, on its left only: the most common keys (a match's, "n new
#: match" among them) take 79 columns of an 80-column terminal.
KEYS_PADDING = 1
#: The commands in the key bar's order: the game's first, then the pages.
KEY_BAR_ORDER = ("undo", "redo", "hint", "resign", "new", "log", "keys", "games")
QUIT_KEY = "q quit"
#: How the log shows who did what.
WHO_STYLES = {"you": Style(color="bright_white"), "computer": Style(color="cyan")}
TABLE_STYLE = Style(color="grey70")
#: Lines the status and message may take under the table (the CSS's ``max-height`` of
#: ``#status``: Textual cuts the rest).
STATUS_LINES = 3
#: Rows the table leaves at least for the log.
LOG_ROOM = 2
#: Seconds a call to the service may take before the status line says it is working
#: (a patience's move answers at once: no flicker).
THINKING_AFTER = 0.2
#: Keys that still work while the service thinks: they only open a page to read.
READING_KEYS = ("l", "question_mark")
#: Seconds the table waits for a card number's next digit (a hand of ten cards or
#: more: ``1`` may be card 1 or the start of 12) before it takes the digits typed.
NUMBER_WAIT = 1.2


def key_name(event: events.Key) -> str:
    """A key as the tables name it: a letter in lower case whichever case was typed
    (``T`` and ``t`` are the same key), else Textual's name (``enter``, ``up``)."""
    char = event.character
    if char is not None and len(char) == 1 and char.isalnum():
        return char.lower()
    return event.key


class TableView(Widget, can_focus=True):
    """Draws the table on a canvas the size of the widget; clicks pick regions."""

    DEFAULT_CSS = "TableView { height: 20; }"

    def __init__(self, owner: TableScreen) -> None:
        super().__init__()
        self.owner = owner
        self.canvas = Canvas(80, 20)

    def render(self) -> Text:
        self.canvas = self.owner.paint(max(40, self.size.width), max(1, self.size.height))
        return self.canvas.to_text()

    def on_click(self, event: events.Click) -> None:
        name = self.canvas.at(event.x, event.y)
        if name is not None:
            self.owner.click(name)


class TableScreen(Screen[None]):
    """A game in play (or just finished) at the card table."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #status { height: auto; max-height: 3; background: $panel; color: $text; padding: 0 1; }
    #log { height: 1fr; min-height: 1; background: $surface; padding: 0 1;
        overflow-y: auto; scrollbar-size-vertical: 1; }
    #keys { height: auto; background: $boost; color: $text-muted; padding: 0 0 0 1; }
    """

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__()
        self.answer = answer
        self.view: dict[str, Any] = answer["view"]
        self.table: Table = table_for(answer["game"])
        self.cursor: str | None = None
        self.selected: str | None = None
        #: The move the last hint named, played by Enter (or its source and target).
        self.hint_move: str | None = None
        self.busy = False
        self._thinking_shown = False
        #: What the service is working on in a worker thread ("" when nothing): keys
        #: wait for it (but ``q`` and the pages to read), the screen keeps drawing.
        self.thinking = ""
        self.ended_shown = answer["outcome"] is not None
        #: The message line: the service's error or word, or a label of the table's.
        self.flash = ""
        self.flash_error = False
        #: The game's log as told so far, and how much of it is on screen (the
        #: computer's moves appear one at a time).
        self.entries: list[dict[str, Any]] = []
        self.shown = 0
        self._logged: list[str] = []
        self.skip = asyncio.Event()
        #: The solver's winning line while it is replayed on the table.
        self.line: LineReplay | None = None
        self._line_timer: Timer | None = None
        #: The solver's verdict on this deal, once asked for at the end.
        self.verdict: dict[str, Any] | None = None
        #: The digits of a card's number typed so far ("" when none), and the timer
        #: that takes them when no further digit comes.
        self.number = ""
        self._number_timer: Timer | None = None

    @property
    def parlour(self) -> ParlourApp:
        from .app import ParlourApp

        app = self.app
        assert isinstance(app, ParlourApp)
        return app

    @property
    def replaying(self) -> int | None:
        """The number of the winning line's step on the table while it is replayed
        (0: the deal), else None."""
        return None if self.line is None else int(self.line.step["number"])

    @property
    def game_id(self) -> str:
        return str(self.answer["id"])

    def compose(self) -> ComposeResult:
        yield TableView(self)
        yield Static("", id="status")
        yield RichLog(id="log", wrap=True, min_width=20, auto_scroll=True)
        yield Static("", id="keys")

    def on_mount(self) -> None:
        self.query_one(TableView).focus()
        self.take(self.answer)
        # a game opened where nothing is left to choose (left during its finish, or
        # saved there): its last cards go home as after a move
        self.send_home(self.answer)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()
        self.show_keys()

    # --- what the screen shows ------------------------------------------------------

    def moves(self) -> list[Part]:
        """The legal moves, as the service describes them (none while it is busy)."""
        if self.busy or self.thinking:
            return []
        return self.table.parts(self.answer)

    def legal(self) -> list[str]:
        return [str(p["move"]) for p in self.moves()]

    def your_turn(self) -> bool:
        return bool(self.answer.get("your_turn"))

    def _drawn_answer(self) -> dict[str, Any]:
        """The answer as the table draws it: with the view on the table (a computer's
        move, while they are shown one at a time), its numbered cards too."""
        drawn = {**self.answer, "view": self.view, "moves": self.moves()}
        if self.view is not self.answer["view"]:
            drawn["numbered"] = numbered(self.view)
        return drawn

    def paint(self, width: int, height: int) -> Canvas:
        canvas = Canvas(width, height)
        self.table.reset()
        self.table.draw(canvas, self.view, self._drawn_answer())
        shown = self.answer
        if self.replaying is not None:  # the winning line's move, not the game's last
            shown = {**shown, "moves_played": self.replaying}
        facts = self.table.status(self.view, shown).strip()
        series = self.answer.get("series")
        if series:
            facts += f"  series: {pair_words(self.answer, series['totals'])}"
        canvas.put(0, 0, " " * width, TITLE)
        canvas.put(0, 0, self._title(width - len(facts) - 3), TITLE)
        canvas.put(width - len(facts) - 1, 0, facts, TITLE)
        if self.cursor not in canvas.regions:
            self.cursor = self._first_stop(canvas)
        if self.selected is not None:
            canvas.tint(self.selected, SELECTED)
            for target in self.targets(self.selected):
                canvas.tint(target, TARGET)
        if self.cursor is not None and not self.busy and not self.thinking:
            canvas.tint(self.cursor, CURSOR)
        return canvas

    def _title(self, room: int) -> str:
        """The title line's left side in ``room`` cells, so that it never runs into the
        facts on its right: the game, who plays it, the deal. The deal is left out first
        (a deal number shows only where it was chosen, or on the end panel once the game
        is final), then the rest is cut."""
        game = f" {self.answer.get('title', '')}"
        opponent = self.answer.get("opponent")
        who = ""
        if opponent == "human":
            who = "  two people at one table"
        elif opponent:
            who = f"  you vs computer ({opponent})"
        deal = ""
        if self.answer.get("deal"):  # a deal of the day or a winnable deal says so
            deal = f"  {deal_words(self.answer)}"
        for title in (game + who + deal, game + who):
            if len(title) <= room:
                return title
        return title[: max(0, room - 1)] + "…"

    def _first_stop(self, canvas: Canvas) -> str | None:
        if self.table.first_stop in canvas.regions:
            return self.table.first_stop
        grid = self.table.nav()
        if grid:
            for column in grid:
                for name in column:
                    if name in canvas.regions:
                        return name
        names = [n for n in canvas.regions if not n.startswith("_")]
        return names[0] if names else None

    def fit(self) -> None:
        """Give the table the rows its drawing needs and the log the rest."""
        if not self.is_mounted:
            return
        width, height = max(40, self.size.width), self.size.height
        probe = Canvas(width, 80)
        self.table.reset()
        self.table.draw(probe, self.view, self._drawn_answer())
        keys = self.query_one("#keys", Static)
        room = height - 1 - LOG_ROOM - max(1, keys.size.height or 1)
        wanted = probe.used_height() + 1  # a row of felt under the cards
        self.query_one(TableView).styles.height = max(4, min(wanted, room))

    def redraw(self) -> None:
        self.query_one(TableView).refresh()
        self.show_status()

    def tell(self, text: str, error: bool = False) -> None:
        """Put text on the message line: the service's words, or a table's label."""
        self.flash = as_sentence(with_symbols(text)) if error else text
        self.flash_error = error
        self.show_status()
        if error:
            self.app.bell()

    def show_status(self) -> None:
        line = Text()
        waiting = [self.thinking if self._thinking_shown else "", ""]
        if self.parlour.preparing:
            waiting[1] = PREPARING
        notes = "   ".join(note for note in waiting if note)
        status = "" if self.busy else str(self.answer.get("status") or "")
        room = STATUS_LINES - (1 if notes else 0)
        width = self.size.width - 2  # the padding's; 0 and less before it is laid out
        if (
            status
            and self.flash
            and width > 0
            and not _fits(f"{status}   {self.flash}", width, room)
        ):
            # the message alone where both would run past the lines the status has (a
            # hint at 80 columns lost its "(enter plays it)"); the status is the
            # turn's, and comes back with the next answer
            status = ""
        if status:
            line.append(status, Style(bold=True))
        if self.flash:
            if line:
                line.append("   ")
            line.append(self.flash, Style(color="red", bold=True) if self.flash_error else None)
        if notes:  # on a line of its own, so that it is never broken in two
            line.append(("\n" if line else "") + notes, Style(color="yellow", italic=True))
        self.query_one("#status", Static).update(kept_whole(line, width))

    def show_log(self) -> None:
        """The log on screen: new sentences added, or all again after an undo."""
        told = [e for e in self.entries[: self.shown] if e.get("text")]
        texts = [str(e["text"]) for e in told]
        panel = self.query_one("#log", RichLog)
        if texts[: len(self._logged)] != self._logged:
            panel.clear()
            self._logged = []
        width = panel.scrollable_content_region.width
        for entry in told[len(self._logged) :]:
            style = WHO_STYLES.get(str(entry.get("who")), TABLE_STYLE)
            panel.write(kept_whole(Text(str(entry["text"]), style), width))
        self._logged = texts

    def log_texts(self) -> list[str]:
        """The sentences of the log now on screen (for tests and the log screen)."""
        return list(self._logged)

    def show_keys(self) -> None:
        """The keys that work now: the table's own while the game is in play, then the
        common ones (:func:`common_keys`); the winning line's own while it is replayed."""
        if self.line is not None:
            self.query_one("#keys", Static).update(self.line.key_bar())
            return
        own = self.own_keys()
        common = common_keys(self.answer)
        width = max(40, self.size.width) - KEYS_PADDING
        if not own:
            text = common
        elif len(own) + 4 + len(common) <= width:
            text = f"{own}    {common}"
        else:
            text = f"{own}\n{common}"
        self.query_one("#keys", Static).update(text)

    def own_keys(self) -> str:
        """The keys of this table that work now, as the key bar shows them: the cards'
        numbers, then the table's own (none once the game is over)."""
        if self.answer.get("outcome") is not None:
            return ""
        keys = (number_keys(self.answer), self.table.help_line(self.view), self.move_keys())
        return "  ".join(k for k in keys if k)

    def move_keys(self) -> str:
        """The keys of the game's one-word moves drawn now, as the key bar shows them
        ("d draw  p play drawn"): the game's keys and words (``answer["move_keys"]``),
        the same ``parlour play``'s help lists."""
        offered = self.move_shortcuts()
        keys = self.answer.get("move_keys") or []
        return "  ".join(f"{k['key']} {k['short']}" for k in keys if k["key"] in offered)

    def move_shortcuts(self) -> dict[str, str]:
        """The keys of the game's one-word moves (key -> the region drawn now that plays
        the move): a key does nothing while its move's button is not on the table."""
        found = {}
        for k in self.answer.get("move_keys") or []:
            region = self.table.move_region(str(k["move"]))
            if region is not None:
                found[str(k["key"])] = region
        return found

    def shortcuts(self) -> dict[str, str]:
        """Every key that takes the cursor to a region and acts there, now: the table's
        own (its piles) and the game's one-word moves'."""
        return {**self.table.shortcuts(self.view), **self.move_shortcuts()}

    # --- new answers from the service -------------------------------------------------

    def take(self, answer: dict[str, Any]) -> None:
        """Take an answer: its log joins the one on screen (from ``log_start``), the
        computer's moves are shown one at a time, then the table settles."""
        self.selected = None
        self.hint_move = None
        self._number_off()
        start = int(answer.get("log_start") or 0)
        self.entries = [e for e in self.entries if int(e["n"]) < start] + list(answer["log"])
        self.answer = answer
        # at one table, the keyboard just taken: what the other did meanwhile
        self.flash = str(answer.get("message") or answer.get("meanwhile") or "")
        self.flash_error = False
        steps = list(answer.get("computer_moves") or [])
        pause = self.parlour.pause
        if not steps or pause <= 0:
            self.settle()
            return
        self.busy = True
        self.skip.clear()
        self.shown = max(0, len(self.entries) - len(steps))
        played = answer.get("played")
        self.view = (played or steps[0])["view"]

        async def animate() -> None:
            self.show_log()
            self.redraw()
            await self._nap(pause)
            for step in steps:
                if self.skip.is_set():
                    break
                self.view = step["view"]
                self.shown += 1
                self.show_log()
                self.redraw()
                await self._nap(pause)
            self.settle()

        self.run_worker(animate(), exclusive=True, group="computer")

    async def _nap(self, seconds: float) -> None:
        """Pause between the computer's moves, cut short by a key press."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.skip.wait(), seconds)

    def settle(self) -> None:
        """Show the answer as it is: the table, the whole log, the status and keys."""
        self.busy = False
        self.view = self.answer["view"]
        self.shown = len(self.entries)
        self.show_log()
        self.fit()  # draws the table: the keys it offers now
        self.show_keys()
        self.fit()
        self.redraw()
        self.after_move()

    def after_move(self) -> None:
        if self.answer.get("outcome") is None:
            self.ended_shown = False
            if self.answer.get("hand_over"):  # the service's: a turn passed, a new game or hand
                self.hand_over()
                return
            moves = self.moves()
            if moves and all(p.get("colour") and p.get("source") is None for p in moves):
                self.choose(moves)  # UNO: name the colour of a Wild turned up
            return
        if self.ended_shown:
            return
        self.ended_shown = True
        self.parlour.game_ended(self)

    def hand_over(self) -> None:
        """Two people at one table: the one to move takes the keyboard, then sees the
        table from their seat. The notice is the table service's words, as the web's
        cover and ``parlour play`` say them ("Player 2's turn: pass the screen to
        Player 2."), not the status line; ``u`` first takes the move back instead,
        offered where the one undo rule allows."""
        notice = self.answer["hand_over"]
        seat = notice["seat"]

        def ready(key: str | None) -> None:
            if key == "u":
                self.undo()
                return
            try:
                answer = self.parlour.backend.get(self.game_id, seat)
            except ParlourError as exc:
                self.tell(str(exc), error=True)
                return
            self.take(answer)

        # the service's words, as the notice's other lines read them ("u: take your move
        # back   any other key: show Player 2's cards")
        back = {"u": uncapitalised(notice["take_back"])} if self.answer.get("can_undo") else {}
        shown = NoticeScreen(str(notice["text"]), back, go_on=uncapitalised(notice["show"]))
        self.app.push_screen(shown, ready)

    # --- the rules of the table -------------------------------------------------------

    def sources(self) -> set[str]:
        return {ends[0] for p in self.moves() if (ends := self.table.ends(p))}

    def targets(self, source: str) -> list[str]:
        found: list[str] = []
        for part in self.moves():
            ends = self.table.ends(part)
            if ends and ends[0] == source and ends[1] not in found:
                found.append(ends[1])
        return found

    # --- input ------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        key = key_name(event)
        event.stop()
        if key == "q":
            self.parlour.quit_saved()
            return
        if self.thinking:
            if key in READING_KEYS:
                (self.full_log if key == "l" else self.rules)()
            else:
                self._thinking_shown = True  # a key waits: say why at once
                self.show_status()
            return
        if self.line is not None:
            self.line_key(key)
            return
        if self.busy:
            self.skip.set()  # any key: show the rest of the computer's turn at once
            return
        if self.number_key(key):
            return
        if key == "enter" and self.answer.get("end") is not None:
            # the end panel again (put away with escape, or after the winning line):
            # what may come next is never more than a key away
            self.parlour.game_ended(self)
            return
        typed = self.table.typed(key)
        if typed is not None:
            self.selected = None
            self.hint_move = None
            if typed.move is not None:
                self.submit(typed.move)
            else:
                self.tell(typed.prompt or "")
                self.redraw()
            return
        common: dict[str, Callable[[], None]] = {
            "u": self.undo,
            "r": self.redo,
            "h": self.hint,
            "n": self.new_game,
            "x": self.resign,
            "l": self.full_log,
            "question_mark": self.rules,
        }
        shortcuts = self.shortcuts()
        if key in common:
            common[key]()
        elif key in ("up", "down", "left", "right"):
            self.move_cursor(key)
        elif key == "enter":
            if self.cursor is not None:
                self.activate(self.cursor)
        elif key == "space":
            pair = self.table.space(self.cursor)
            if pair is not None:
                self.selected = None
                self.gesture(*pair)
            elif self.cursor is not None:
                self.activate(self.cursor)
        elif key == "escape":
            if self.selected is not None:
                self.selected = None
                self.hint_move = None
                self.tell("")
                self.redraw()
            else:
                self.app.pop_screen()
        elif key in shortcuts:
            target = shortcuts[key]
            self.cursor = target
            self.activate(target)

    # --- cards by number ----------------------------------------------------------

    def number_key(self, key: str) -> bool:
        """A key while numbers pick cards (``answer["numbered"]``, the numbers drawn
        over the cards and ``parlour play``'s): a digit, or Enter or esc after one.
        True if the key was taken; any other key drops the digits typed and goes on."""
        hand = self.answer.get("numbered") or []
        if not hand or self.answer.get("outcome") is not None:
            return False
        if len(key) == 1 and key.isdigit():
            typed = self.number + key
            self._number_off()
            if int(typed) == 0 or int(typed) * 10 > len(hand):
                self.pick_number(int(typed))  # no further digit makes a card's number
                return True
            self.number = typed
            more = f"{typed}0-{min(len(hand), int(typed) * 10 + 9)}"
            self.tell(f"card {typed}_   (next digit: {more}; enter: card {typed}; esc cancels)")
            self._number_timer = self.set_timer(NUMBER_WAIT, self._number_waited)
            return True
        if not self.number:
            return False
        typed = self.number
        self._number_off()
        if key == "enter":
            self.pick_number(int(typed))
            return True
        self.tell("")
        return key == "escape"

    def _number_off(self) -> None:
        self.number = ""
        if self._number_timer is not None:
            self._number_timer.stop()
            self._number_timer = None

    def _number_waited(self) -> None:
        self._number_timer = None
        typed, self.number = self.number, ""
        if typed and not (self.busy or self.thinking or self.line is not None):
            self.pick_number(int(typed))

    def pick_number(self, number: int) -> None:
        """Card ``number`` of the hand, as Enter on it would (the service's reason if
        it cannot be played now); a number past the hand says how they are numbered."""
        hand = self.answer.get("numbered") or []
        self.selected = None
        self.hint_move = None
        if not 1 <= number <= len(hand):
            self.tell(no_card_words(number, len(hand)), error=True)
            self.redraw()
            return
        self.tell("")
        name = self.table.card_region(number)
        self.cursor = name
        self.activate(name, typed=str(number))

    def move_cursor(self, key: str) -> None:
        canvas = self.query_one(TableView).canvas
        grid = self.table.nav()
        if grid:
            self.cursor = _grid_step(grid, self.cursor, key, canvas)
        else:
            self.cursor = _nearest(canvas, self.cursor, key)
        self.redraw()

    def click(self, name: str) -> None:
        if self.busy or self.thinking:
            return
        if self.number:
            self._number_off()
            self.tell("")
        self.cursor = name
        self.activate(name)

    def activate(self, name: str, typed: str = "") -> None:
        """Enter (or a click, or a key) on a region: act, select a source, or play to
        a target. ``typed``: the card's number where a digit key picked it, which a
        refusal quotes ("“1” is red 4: ..."); a card pointed at is named in words."""
        table = self.table
        if name in table.actions:
            self.selected = None
            candidates = table.actions[name]
            hinted = [p for p in candidates if p.get("move") == self.hint_move]
            if hinted or candidates:
                self.choose(hinted or candidates)
            elif name in table.fallback:
                self.submit(table.fallback[name], self._picked_by(name, typed))
            else:
                self.tell(f"{table.label(name)}: no move", error=True)
                self.redraw()
            return
        if self.selected is None:
            if not self.your_turn():
                self.tell(str(self.answer.get("status") or ""), error=True)
            elif name in self.sources():
                self.select(name)
            else:
                self.tell(f"{table.label(name)}: no move from here", error=True)
            self.redraw()
            return
        if name == self.selected:
            if self.hint_move is None:  # the same pile again puts it down ...
                self.selected = None
                self.tell("")
            self.redraw()  # ... but typing the hinted source keeps the hint's selection
            return
        source, self.selected = self.selected, None
        self.gesture(source, name)

    def select(self, name: str) -> None:
        self.selected = name
        targets = ", ".join(self.table.label(t) for t in self.targets(name))
        self.tell(f"{self.table.label(name)} → {targets}   (esc cancels)")

    def gesture(self, source: str, target: str) -> None:
        """A source and a target picked: the legal moves between them, else the
        service's reason why none goes there."""
        candidates = [p for p in self.moves() if self.table.ends(p) == (source, target)]
        hinted = [p for p in candidates if p.get("move") == self.hint_move]
        if hinted or candidates:
            self.choose(hinted or candidates)
            return
        try:
            found = self.parlour.backend.check(self.game_id, source, target)
        except ParlourError as exc:
            found = {"reason": str(exc)}
        self.tell(str(found.get("reason") or ""), error=True)
        self.redraw()

    def choose(self, candidates: list[Part]) -> None:
        """Play the one candidate, or ask: a colour for a Wild, else which move."""
        if len(candidates) == 1:
            self.submit(str(candidates[0]["move"]))
            return
        colours = sorted({str(p["colour"]) for p in candidates if p.get("colour")})
        if colours and all(p.get("colour") for p in candidates):

            def picked(colour: str | None) -> None:
                if colour is not None:
                    self.choose([p for p in candidates if p.get("colour") == colour])

            notes = dict.fromkeys(str(p["note"]) for p in candidates if p.get("note"))
            self.app.push_screen(ColourScreen(colours, " ".join(notes)), picked)
            return
        choices = [(str(p["move"]), self.table.choice_label(p)) for p in candidates]

        def chosen(move: str | None) -> None:
            if move is not None:
                self.submit(move)

        self.app.push_screen(ChoiceScreen("Which move?", choices), chosen)

    # --- talking to the table service -------------------------------------------------

    def ask(self, job: Callable[[], T], done: Callable[[T], None], note: str) -> None:
        """Call the service in a worker thread (it may run a computer player: seconds,
        or a minute the first time after an install while its code compiles), keeping
        the screen drawing; ``note`` goes on the status line if the answer is slow (the
        service's words, the answer's ``working``, as the web app says them).
        A refusal shows the service's reason and changes nothing."""
        self.thinking = note
        self._thinking_shown = False
        self.redraw()

        def slow() -> None:
            if self.thinking:
                self._thinking_shown = True
                self.show_status()

        timer = self.set_timer(THINKING_AFTER, slow)

        def finish() -> None:
            timer.stop()
            self.thinking = ""
            self._thinking_shown = False

        def answered(result: T) -> None:
            finish()
            done(result)

        def refused(message: str) -> None:
            finish()
            self.tell(message, error=True)
            self.redraw()

        self.parlour.in_background(job, answered, refused)

    def submit(self, move: str, picked_by: str | None = None) -> None:
        """Send a move; a rejected one shows the service's reason and changes nothing.
        ``picked_by``: the service's, for a card of the hand picked by its number or
        pointed at (None: a move as such, a button's)."""
        self.selected = None
        self.hint_move = None
        backend, game_id = self.parlour.backend, self.game_id
        # "The computer is thinking…" where it plays a seat, else "Working…"
        note = self.answer["working"]["call"]

        def played(answer: dict[str, Any]) -> None:
            self.take(answer)
            self.send_home(answer)

        self.ask(lambda: backend.play(game_id, move, picked_by), played, note)

    def send_home(self, answer: dict[str, Any]) -> None:
        """Nothing left to choose or to find out (the answer offers a ``finish``): the
        last cards go home by themselves, as the web table sends them, each a move in
        the log."""
        if answer["finish"]:
            backend, game_id = self.parlour.backend, self.game_id
            note = answer["working"]["call"]
            self.ask(lambda: backend.send_home(game_id), self.take, note)

    def _picked_by(self, name: str, typed: str) -> str | None:
        """How the card region ``name`` was picked, for the service's refusal: its
        number as typed, "" pointed at; None for a region that is no card of the
        numbered hand (a button, whose move is named as it is)."""
        hand = self.answer.get("numbered") or []
        cards = {self.table.card_region(n) for n in range(1, len(hand) + 1)}
        return typed if name in cards else None

    def undo(self) -> None:
        self._service_call(self.parlour.backend.undo)

    def redo(self) -> None:
        self._service_call(self.parlour.backend.redo)

    def give_up(self) -> None:
        self._service_call(self.parlour.backend.resign)

    def _service_call(self, call: Callable[[str, int | None], dict[str, Any]]) -> None:
        """Undo, redo or resign for the person whose table this is (at a table of two
        people, the one the screen shows)."""
        self.selected = None
        game_id, seat = self.game_id, self.answer.get("seat")

        def answered(answer: dict[str, Any]) -> None:
            self.ended_shown = False
            self.take(answer)

        self.ask(lambda: call(game_id, seat), answered, self.answer["working"]["call"])

    def hint(self) -> None:
        """``h``: the strongest fair player's move, found in a worker thread."""
        backend, game_id = self.parlour.backend, self.game_id

        def found() -> dict[str, Any]:
            hinted: dict[str, Any] = dict(backend.hint(game_id))
            if hinted["stuck"]:  # the game's status says so now too: take it
                hinted["status"] = backend.get(game_id)["status"]
            return hinted

        self.ask(found, self._hinted, self.answer["working"]["hint"])

    def _hinted(self, found: dict[str, Any]) -> None:
        move = str(found["move"])
        if not move:  # no move leads anywhere: the hint suggests none
            self.hint_move = None
            if "status" in found:
                self.answer = {**self.answer, "status": found["status"]}
            self.tell(found["text"])
            self.redraw()
            return
        # The table was last drawn while the service worked, with no moves (see
        # moves()): draw it again first, so that its piles and buttons hold the moves
        # of this answer, the hinted one among them (UNO's cards, a twist, a deal).
        view = self.query_one(TableView)
        view.canvas = self.paint(max(40, view.size.width), max(1, view.size.height))
        part = next((p for p in self.moves() if p.get("move") == move), None)
        ends = None if part is None else self.table.ends(part)
        self.hint_move = move
        if ends is not None:
            self.selected, self.cursor = ends
        else:
            self.selected = None
            for name, moves in self.table.actions.items():
                if any(p.get("move") == move for p in moves):
                    self.cursor = name
        self.tell(f"{found['text']}   (enter plays it)")
        self.redraw()

    def resign(self) -> None:
        """``x``: resign a patience (in play or lost) or a two-player game, once
        confirmed, in the service's words ("Resign this deal?", "Resign this game?")."""
        if self.answer.get("final"):
            self.give_up()  # the service says why not
            return
        words = self.answer["give_up"]
        detail = str(words["detail"]).rstrip(".")  # "(it counts as a loss)", as notes read
        note = uncapitalised(detail)

        def answered(yes: bool | None) -> None:
            if yes:
                self.give_up()

        self.app.push_screen(ConfirmScreen(words["question"], note), answered)

    def new_game(self) -> None:
        """``n``: a new game like this one; a game in play is left only once confirmed
        (it stays among the saved games)."""
        if self.answer["outcome"] is not None:
            self.parlour.start_like(self)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.parlour.start_like(self)

        question = self.answer["commands"]["new"]["question"]  # "Start a new deal?"
        self.app.push_screen(
            ConfirmScreen(question, "this one stays in your saved games"), answered
        )

    def ask_verdict(self) -> None:
        """The solver's verdict on a final patience (seconds of work: a worker thread),
        then the end panel again with it."""
        self.tell(self.answer["working"]["verdict"])
        backend, game_id = self.parlour.backend, self.game_id

        def work() -> None:
            try:
                found = backend.verdict(game_id)
            except ParlourError as exc:
                self.app.call_from_thread(self.tell, str(exc), True)
                return
            self.app.call_from_thread(self._verdict_found, found)

        self.run_worker(work, thread=True, group="solver", exclusive=True)

    def _verdict_found(self, found: dict[str, Any]) -> None:
        self.verdict = found
        self.tell("")
        self.parlour.game_ended(self)

    def watch_line(self) -> None:
        """The solver's winning line, played on the table from the deal's start, under
        the person's control (:meth:`line_key`) until ``esc`` brings back the end panel.
        Without a pause between moves (``pause=0``) it goes straight to its last move."""
        try:
            steps = self.parlour.backend.winning_line(self.game_id)
        except ParlourError as exc:
            self.tell(str(exc), error=True)
            return
        if not steps:
            return
        self.busy = True  # no move of the game is offered while the line is on the table
        self.selected = None
        self.line = LineReplay(steps)
        if self.parlour.pause <= 0:
            self.line.jump(self.line.last)
        else:
            self.line.toggle()
        self.show_line_step()
        self._line_on()

    def line_key(self, key: str) -> None:
        """A key while the winning line is on the table: the web app's line bar's keys."""
        line = self.line
        assert line is not None
        if key == "escape":
            self.leave_line()
            return
        if key == "space":
            line.toggle()
            self.show_line_step()
            self._line_on()
            return
        moves = {"right": line.at + 1, "left": line.at - 1, "end": line.last}
        if key in moves:
            self._line_off()
            line.jump(moves[key])
            self.show_line_step()
        elif line.set_speed(key):
            self.show_keys()

    def show_line_step(self) -> None:
        """The line's step on the table, with the service's counter and words as they
        are ("Move 12 of 280"), as the web app's line bar shows them: the terminal
        counts in no words of its own."""
        line = self.line
        assert line is not None
        step = line.step
        self.view = step["view"]
        self.tell(f"Winning line   {step['counter']}   {step['text']}")
        self.show_line_log()
        self.show_keys()
        self.fit()
        self.redraw()

    def show_line_log(self) -> None:
        """The log follows the winning line: its moves up to the one on the table, the
        first the deal's "before the solver's first move" (it kept the game's own, "You
        resign.", under the solver's moves), as the web app's log does. Leaving the
        line (:meth:`settle`) brings the game's own log back: it differs from these."""
        line = self.line
        assert line is not None
        told = [str(step["text"]) for step in line.steps[: line.at + 1]]
        panel = self.query_one("#log", RichLog)
        kept = len(self._logged)
        if told[:kept] != self._logged:  # a step back, or the game's log before
            panel.clear()
            kept = 0
        width = panel.scrollable_content_region.width
        for number, text in enumerate(told[kept:], start=kept):
            style = WHO_STYLES["computer"] if number else TABLE_STYLE
            panel.write(kept_whole(Text(text, style), width))
        self._logged = told

    def _line_on(self) -> None:
        """While the line plays, its next move after the computer's pause (shortened by
        the speed)."""
        self._line_off()
        line = self.line
        if line is not None and line.playing:
            self._line_timer = self.set_timer(self.parlour.pause / line.speed, self._line_tick)

    def _line_off(self) -> None:
        if self._line_timer is not None:
            self._line_timer.stop()
            self._line_timer = None

    def _line_tick(self) -> None:
        self._line_timer = None
        line = self.line
        if line is None:
            return
        if line.advance():
            self.show_line_step()
        elif not line.playing:
            self.show_keys()  # the end reached: space plays it again
        self._line_on()

    def leave_line(self) -> None:
        """``esc``: back from the winning line to the end of the person's own game,
        its end panel again, as the web app's Esc."""
        self._line_off()
        self.line = None
        self.tell("")
        self.settle()
        self.parlour.game_ended(self)

    def full_log(self) -> None:
        self.app.push_screen(LogScreen(self.answer.get("title", ""), self.log_texts()))

    def rules(self) -> None:
        """The rules page with the keys that work here now (and, while the game is in
        play, the one-word moves' keys that work once their move can be played, so
        the page lists every key ``parlour play``'s help does), and the piles drawn on
        this table with their long names (the service's ``piles``, the web table's
        tooltips)."""
        later = ""
        if self.answer.get("outcome") is None:
            offered = self.move_shortcuts()
            waiting = [k for k in self.answer.get("move_keys") or [] if k["key"] not in offered]
            if waiting:
                later = "  ".join(f"{k['key']} {k['short']}" for k in waiting)
                later += "  (once they can be played)"
        lines = (self.own_keys(), later, common_keys(self.answer))
        keys = "\n".join(k for k in lines if k)
        by_number = bool(self.answer.get("numbered"))
        drawn = self.query_one(TableView).canvas.regions
        piles = {
            name: str(words)
            for name, words in (self.answer.get("piles") or {}).items()
            if self.table.region(name) in drawn
        }
        self.app.push_screen(RulesScreen(self.answer["game"], keys, by_number, piles))

    def show_end(self, text: str, choices: dict[str, str]) -> None:
        def done(choice: str | None) -> None:
            self.parlour.end_choice(self, choice or "close")

        self.app.push_screen(EndScreen(text, choices), done)


def _fits(text: str, width: int, lines: int) -> bool:
    """Whether ``text`` wrapped between words to ``width`` columns, as the status line
    wraps it (:func:`kept_whole`), takes ``lines`` or fewer."""
    return len(kept_whole(Text(text), max(1, width)).plain.split("\n")) <= lines


def common_keys(answer: dict[str, Any]) -> str:
    """The common keys that work now (the key bar offers no others), in the service's
    words for each command (``answer["commands"]``, the web table's labels): undo and
    redo when the service allows them, a hint when it allows one (never against a
    person), resigning while the game is in play or a lost patience may still be left."""
    commands = answer["commands"]
    in_play = answer.get("outcome") is None
    offered = {
        "undo": answer.get("can_undo"),
        "redo": answer.get("can_redo"),
        "hint": answer.get("can_hint"),
        "resign": in_play or not answer.get("final"),
    }
    keys = ["" if answer.get("end") is None else "enter what next"]
    for name in KEY_BAR_ORDER:
        if offered.get(name, True):
            keys.append(command_key(name, commands[name]))
    return "  ".join([k for k in keys if k] + [QUIT_KEY])


def command_key(name: str, words: Mapping[str, Any]) -> str:
    """A command's entry in the key bar: its key and the service's words for it ("u
    undo", "n new deal"), the key being the terminal table's own where the service
    names none ("esc games")."""
    key = words["key"] or OWN_KEYS[name]
    return f"{key.lower()} {words['short']}"


#: Every common key, the most a key bar shows (the longest words: a match's "new
#: match"), as an 80-column terminal must fit them.
COMMON_KEYS = common_keys(
    {
        "commands": command_words(2, match=True, series=False),
        **{"can_undo": True, "can_redo": True, "can_hint": True},
    }
)


def number_keys(answer: dict[str, Any]) -> str:
    """The digits' entry of the key bar where numbers pick cards: "1-7 card", "1-12
    card" (two digits from 10), "1 card"; "" where they do not."""
    count = len(answer.get("numbered") or [])
    if not count:
        return ""
    return "1 card" if count == 1 else f"1-{count} card"


def _grid_step(grid: list[list[str]], cursor: str | None, key: str, canvas: Canvas) -> str | None:
    """Arrow keys on columns of regions: up and down wrap, left and right change column."""
    columns = [[n for n in column if n in canvas.regions] for column in grid]
    columns = [c for c in columns if c]
    if not columns:
        return cursor
    where = [(ci, col.index(cursor)) for ci, col in enumerate(columns) if cursor in col]
    if not where:
        return columns[0][0]
    ci, ri = where[0]
    column = columns[ci]
    if key == "up":
        return column[(ri - 1) % len(column)]
    if key == "down":
        return column[(ri + 1) % len(column)]
    ci = max(0, ci - 1) if key == "left" else min(len(columns) - 1, ci + 1)
    target = columns[ci]
    return target[min(ri, len(target) - 1)]


def _nearest(canvas: Canvas, cursor: str | None, key: str) -> str | None:
    """The closest region in the arrow's direction (straight lines preferred)."""
    regions = {n: r for n, r in canvas.regions.items() if not n.startswith("_")}
    if cursor not in regions:
        return next(iter(regions), None)
    cx, cy = regions[cursor].centre
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[key]
    best: tuple[float, str] | None = None
    here = regions[cursor]
    for name, region in regions.items():
        if name == cursor:
            continue
        x, y = region.centre
        along = (x - cx) * dx + (y - cy) * dy
        if dx:  # horizontal: must lie beyond the current region's side
            if (dx > 0 and region.x < here.x + here.width) or (
                dx < 0 and region.x + region.width > here.x
            ):
                continue
            across = abs(y - cy)
        else:
            if (dy > 0 and region.y < here.y + here.height) or (
                dy < 0 and region.y + region.height > here.y
            ):
                continue
            across = abs(x - cx) / 3
        if along <= 0:
            continue
        score = along + 3 * across
        if best is None or score < best[0]:
            best = (score, name)
    return cursor if best is None else best[1]
