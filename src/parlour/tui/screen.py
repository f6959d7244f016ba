"""The card table: one screen for every game, driven by the game's :class:`Table`.

The person is player 0 and sees only the view the games service answers with.
Keys: arrows (or a game's number keys) move the cursor, Enter or a click picks
a source and then a destination, with the legal destinations highlighted;
``u``/``r`` undo and redo, ``h`` hint, ``n`` new game, ``?`` rules, ``q`` quit.
Every move is written to the store as it is played, so quitting loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..errors import ParlourError
from .canvas import Canvas
from .dialogs import ChoiceScreen, ColourScreen, EndScreen, RulesScreen
from .messages import pretty
from .tables import Table, table_for

if TYPE_CHECKING:
    from .app import ParlourApp

__all__ = ["TableScreen", "TableView"]

CURSOR = Style(reverse=True, bold=True)
SELECTED = Style(bgcolor="dark_cyan")
TARGET = Style(bgcolor="green3", color="black")
TITLE = Style(color="black", bgcolor="grey85", bold=True)
COMMON_KEYS = "u undo  r redo  h hint  n new  ? rules  esc games  q quit"


class TableView(Widget, can_focus=True):
    """Draws the table on a canvas the size of the widget; clicks pick regions."""

    DEFAULT_CSS = "TableView { height: 1fr; }"

    def __init__(self, owner: TableScreen) -> None:
        super().__init__()
        self.owner = owner
        self.canvas = Canvas(80, 20)

    def render(self) -> Text:
        width = max(80, self.size.width)
        height = max(16, self.size.height)
        self.canvas = self.owner.paint(width, height)
        return self.canvas.to_text()

    def on_click(self, event: events.Click) -> None:
        name = self.canvas.at(event.x, event.y)
        if name is not None:
            self.owner.click(name)


class TableScreen(Screen[None]):
    """A game in play (or just finished) at the card table."""

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #message { height: 2; background: $panel; color: $text; padding: 0 1; }
    #keys { height: 1; background: $boost; color: $text-muted; padding: 0 1; }
    """

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__()
        self.answer = answer
        self.view: dict[str, Any] = answer["view"]
        self.table: Table = table_for(answer["game"])
        self.cursor: str | None = None
        self.selected: str | None = None
        self.busy = False
        self.ended_shown = answer["outcome"] is not None
        self.hand_seen = self.view.get("hand_number")
        self.message = ""
        self.pending_move: str | None = None  # Chinese Patience 'M' key sequence
        self.resign_armed = False
        self.skip = asyncio.Event()

    @property
    def parlour(self) -> ParlourApp:
        from .app import ParlourApp

        app = self.app
        assert isinstance(app, ParlourApp)
        return app

    @property
    def game_id(self) -> str:
        return str(self.answer["id"])

    def compose(self) -> ComposeResult:
        yield TableView(self)
        yield Static("", id="message")
        yield Static("", id="keys")

    def on_mount(self) -> None:
        self.query_one(TableView).focus()
        keys = self.table.key_help
        self.query_one("#keys", Static).update(f"{keys}\n{COMMON_KEYS}" if keys else COMMON_KEYS)
        self.query_one("#keys", Static).styles.height = 2 if keys else 1
        computer = self.answer.get("computer_moves") or []
        if computer:
            self.show_steps(computer, self.answer)
        else:
            self.say(self.opening_text())
            self.after_move()

    def opening_text(self) -> str:
        if self.answer["outcome"] is not None:
            return f"This game is over: {self.outcome_text(self.answer)}"
        moves = self.answer.get("moves_played", 0)
        if moves:
            return f"Resumed after {moves} moves. Your move." if self.your_turn() else "Resumed."
        return "Your move." if self.your_turn() else ""

    # --- drawing ----------------------------------------------------------------

    def paint(self, width: int, height: int) -> Canvas:
        canvas = Canvas(width, height)
        self.table.actions.clear()
        self.table.fallback.clear()
        self.table.draw(canvas, self.view, self.answer)
        title = f" {self.answer.get('title', '')}"
        opponent = self.answer.get("opponent")
        if opponent:
            title += f"  you vs computer ({opponent})"
        status = self.table.status(self.view, self.answer).strip()
        series = self.answer.get("series")
        if series:
            totals = series["totals"]
            status += f"  series: you {totals[0]}, computer {totals[1]}"
        canvas.put(0, 0, " " * width, TITLE)
        canvas.put(0, 0, title, TITLE)
        canvas.put(width - len(status) - 1, 0, status, TITLE)
        if self.cursor not in canvas.regions:
            self.cursor = self._first_stop(canvas)
        if self.selected is not None:
            canvas.tint(self.selected, SELECTED)
            for target in self.targets(self.selected):
                canvas.tint(target, TARGET)
        if self.cursor is not None and not self.busy:
            canvas.tint(self.cursor, CURSOR)
        return canvas

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

    def redraw(self) -> None:
        self.query_one(TableView).refresh()

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        room = 2 * max(40, self.size.width - 2) - 4
        if len(text) > room:
            text = "…" + text[len(text) - room :]
        shown = Text(pretty(text), style="bold red" if error else "")
        self.query_one("#message", Static).update(shown)
        if error:
            self.app.bell()

    # --- the rules of the table -------------------------------------------------

    def legal(self) -> list[str]:
        if self.busy:
            return []
        return list(self.view.get("legal_moves") or [])

    def your_turn(self) -> bool:
        return bool(self.answer.get("your_turn"))

    def sources(self) -> set[str]:
        found = set()
        for move in self.legal():
            pair = self.table.split(move)
            if pair:
                found.add(pair[0])
        return found

    def targets(self, source: str) -> list[str]:
        found = []
        for move in self.legal():
            pair = self.table.split(move)
            if pair and pair[0] == source and pair[1] not in found:
                found.append(pair[1])
        return found

    # --- input --------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        key = event.key
        event.stop()
        if key == "q":
            self.parlour.quit_saved()
            return
        if self.busy:
            self.skip.set()  # any key: show the rest of the computer's turn at once
            return
        if key != "x":
            self.resign_armed = False
        if self.table.game == "chinese-patience" and self._patience_keys(key):
            return
        common = {
            "u": self.undo,
            "r": self.redo,
            "h": self.hint,
            "n": self.new_game,
            "question_mark": self.rules,
            "x": self.resign,
        }
        if key in common:
            common[key]()
        elif key in ("up", "down", "left", "right"):
            self.move_cursor(key)
        elif key == "enter":
            if self.cursor is not None:
                self.activate(self.cursor)
        elif key == "space":
            move = self.table.space(self.cursor, self.view)
            if move is not None:
                self.selected = None
                self.submit(move)
            elif self.cursor is not None:
                self.activate(self.cursor)
        elif key == "escape":
            if self.selected is not None:
                self.selected = None
                self.say("Selection cancelled.")
                self.redraw()
            else:
                self.app.pop_screen()
        elif key in self.table.keys:
            target = self.table.keys[key]
            self.cursor = target
            self.activate(target)

    def _patience_keys(self, key: str) -> bool:
        """The Spectrum original's keys: T twist, Z end, M [P] source target."""
        if key == "m":
            self.pending_move = "M"
            self.selected = None
            self.say("M: type the source pile (P first for a whole pile), then the target.")
            self.redraw()
            return True
        if self.pending_move is not None:
            if key == "escape":
                self.pending_move = None
                self.say("Move cancelled.")
                return True
            if key == "p" and self.pending_move == "M":
                self.pending_move = "M P"
                self.say("M P: type the pile to move (5-8), then the target pile.")
                return True
            if key.isdigit():
                self.pending_move += f" {key}"
                digits = [t for t in self.pending_move.split(" ") if t.isdigit()]
                if len(digits) == 2:
                    text, self.pending_move = self.pending_move, None
                    self.submit(text)
                else:
                    self.say(f"{self.pending_move}: now the target pile (0-9).")
                return True
            self.pending_move = None
            return False
        if key == "t":
            self.submit("twist")
            return True
        if key == "z":
            self.submit("end")
            return True
        return False

    def move_cursor(self, key: str) -> None:
        canvas = self.query_one(TableView).canvas
        grid = self.table.nav()
        if grid:
            self.cursor = _grid_step(grid, self.cursor, key, canvas)
        else:
            self.cursor = _nearest(canvas, self.cursor, key)
        self.redraw()

    def click(self, name: str) -> None:
        if self.busy:
            return
        self.cursor = name
        self.activate(name)

    def activate(self, name: str) -> None:
        """Enter (or a click) on a region: act, select a source, or play to a target."""
        table = self.table
        if name in table.actions:
            self.selected = None
            candidates = table.actions[name]
            if candidates:
                self.choose(candidates)
            elif name in table.fallback:
                self.submit(table.fallback[name])
            else:
                self.say(f"Nothing to do at {table.label(name)} now.", error=True)
                self.redraw()
            return
        if self.selected is None:
            if self.answer.get("outcome") is not None:
                self.say("The game is over: n for a new game, q to quit.", error=True)
            elif not self.your_turn():
                self.say("It is not your turn.", error=True)
            elif name in self.sources():
                self.selected = name
                targets = ", ".join(table.label(t) for t in self.targets(name))
                self.say(f"From {table.label(name)} to: {targets} (escape cancels).")
            else:
                self.say(f"No legal move starts at {table.label(name)}.", error=True)
            self.redraw()
            return
        source, self.selected = self.selected, None
        if source == name:
            self.say("Selection cancelled.")
            self.redraw()
            return
        candidates = [
            m for m in self.legal() if (pair := table.split(m)) and pair == (source, name)
        ]
        if candidates:
            self.choose(candidates)
        else:
            self.submit(table.compose(source, name))

    def choose(self, candidates: list[str]) -> None:
        """Play the one candidate, or ask: a colour for a Wild, else which move."""
        if len(candidates) == 1:
            self.submit(candidates[0])
            return
        colours = sorted({m.split(":")[1][:1] for m in candidates if ":" in m})
        if colours and all(":" in m for m in candidates):

            def picked(colour: str | None) -> None:
                if colour is None:
                    self.say("Cancelled.")
                    return
                self.choose([m for m in candidates if m.split(":")[1][:1] == colour])

            self.app.push_screen(ColourScreen(colours), picked)
            return
        choices = [(m, self.table.choice_label(m, self.view)) for m in candidates]

        def chosen(move: str | None) -> None:
            if move is None:
                self.say("Cancelled.")
            else:
                self.submit(move)

        self.app.push_screen(ChoiceScreen("Which move?", choices), chosen)

    # --- talking to the games service -----------------------------------------------

    def submit(self, move: str) -> None:
        """Send a move; a rejected one shows the engine's message and changes nothing."""
        self.selected = None
        try:
            answer = self.parlour.backend.play(self.game_id, move)
        except ParlourError as exc:
            self.say(str(exc), error=True)
            self.redraw()
            return
        played = answer.get("played") or {}
        text = str(played.get("text") or f"You play {move}.")
        steps = answer.get("computer_moves") or []
        if steps:
            self.show_steps(steps, answer, text)
        else:
            self.settle(answer, text)

    def show_steps(
        self, steps: list[dict[str, Any]], answer: dict[str, Any], first: str = ""
    ) -> None:
        """Show the computer's moves one at a time, with a short pause between them."""
        pause = self.parlour.pause
        if pause <= 0:
            told = first
            for step in steps:
                told = _step_text(step, told)
            self.settle(answer, told)
            return
        self.busy = True
        self.skip.clear()

        async def animate() -> None:
            if first:
                self.say(first)
                self.redraw()
                await self._nap(pause)
            told = first
            for step in steps:
                told = _step_text(step, told)
                if self.skip.is_set():
                    continue
                self.view = step["view"]
                self.say(told)
                self.redraw()
                await self._nap(pause)
            self.message = told
            self.busy = False
            self.settle(answer, self.message)

        self.run_worker(animate(), exclusive=True, group="computer")

    async def _nap(self, seconds: float) -> None:
        """Pause between the computer's moves, cut short by a key press."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.skip.wait(), seconds)

    def settle(self, answer: dict[str, Any], text: str) -> None:
        """Take a new answer as the table, then tell what happened."""
        self.answer = answer
        self.view = answer["view"]
        self.busy = False
        hand = self.view.get("hand_number")
        if hand is not None and hand != self.hand_seen and self.view.get("last_hand"):
            text = f"{text} {_hand_summary(self.view['last_hand'])}".strip()
        self.hand_seen = hand
        self.say(text)
        self.redraw()
        self.after_move()

    def after_move(self) -> None:
        outcome = self.answer.get("outcome")
        if outcome is None:
            self.ended_shown = False
            if self.view.get("legal_moves") and all(
                str(m).startswith("colour:") for m in self.view["legal_moves"]
            ):
                self.choose(list(self.view["legal_moves"]))
            return
        if self.ended_shown:
            return
        self.ended_shown = True
        self.parlour.game_ended(self)

    def outcome_text(self, answer: dict[str, Any]) -> str:
        """The end of the game as the service words it, with totals where there are."""
        end = answer.get("end") or {}
        text = f"{end.get('headline', '')} {end.get('detail', '')}".strip()
        if end.get("score") is not None and answer.get("players") == 2:
            text += f" Score: {end['score']}."
        totals = end.get("totals")
        if totals:
            kind = "Series" if answer.get("series") else "Match"
            text += f"\n{kind}: you {totals[0]}, the computer {totals[1]}."
        if end.get("deal") is not None:
            text += f"\nThis was deal {end['deal']}."
        return text

    def undo(self) -> None:
        self._service_call(self.parlour.backend.undo)

    def redo(self) -> None:
        self._service_call(self.parlour.backend.redo)

    def _service_call(self, call: Any) -> None:
        self.selected = None
        try:
            answer = call(self.game_id)
        except ParlourError as exc:
            self.say(str(exc), error=True)
            return
        self.ended_shown = answer["outcome"] is not None and self.ended_shown
        self.settle(answer, str(answer.get("message") or "").capitalize())

    def hint(self) -> None:
        try:
            found = self.parlour.backend.hint(self.game_id)
        except ParlourError as exc:
            self.say(str(exc), error=True)
            return
        move = str(found["move"])
        pair = self.table.split(move)
        if pair is not None:
            self.selected, self.cursor = pair
            self.say(f"Hint: {move} ({found['reason']}). Enter plays it.")
        else:
            for name, moves in self.table.actions.items():
                if move in moves:
                    self.cursor = name
            self.say(f"Hint: {move} ({found['reason']}).")
        self.redraw()

    def resign(self) -> None:
        if self.answer.get("outcome") is not None:
            self.say("The game is already over.", error=True)
            return
        if not self.resign_armed:
            self.resign_armed = True
            self.say("Resign this game? Press x again to resign.")
            return
        self.resign_armed = False
        self._service_call(self.parlour.backend.resign)

    def new_game(self) -> None:
        self.parlour.start_like(self)

    def rules(self) -> None:
        self.app.push_screen(RulesScreen(self.answer["game"]))

    def show_end(self, text: str, choices: dict[str, str]) -> None:
        def done(choice: str | None) -> None:
            self.parlour.end_choice(self, choice or "close")

        self.app.push_screen(EndScreen(text, choices), done)


def _step_text(step: dict[str, Any], before: str) -> str:
    text = str(step.get("text") or f"The computer plays {step.get('move', '')}.")
    return f"{before} {text}".strip() if before else text


def _hand_summary(last: dict[str, Any]) -> str:
    winner = last.get("winner")
    if last.get("blocked") or winner is None:
        return f"Hand {last.get('hand')} was blocked: no score."
    who = "You" if winner == 0 else "The computer"
    cards = " ".join(last.get("loser_hand") or [])
    return f"{who} won hand {last.get('hand')} for {last.get('points')} points ({cards})."


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
