"""The first screen: pick a game (and variant) to start, or a saved game to resume.

Saved games are the unfinished ones in the store shared with the web app, so a
game left in the browser shows up here too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..ai import player_levels
from ..ai.deals import offers_winnable
from ..core.registry import game_class, game_names
from ..service.words import counted
from .screen import PREPARING, key_name

if TYPE_CHECKING:
    from .app import ParlourApp

__all__ = ["ChooserScreen", "Choice", "choices"]


@dataclass(frozen=True)
class Choice:
    """A game to start: its name, options and how the list shows it."""

    game: str
    options: tuple[tuple[str, Any], ...]
    label: str
    deal: str = "random"


def choices() -> list[Choice]:
    """Every game, then a line for each variant its options offer (a true flag, or
    each other value of a choice), except who sits where; options by their labels;
    and the deals a patience offers besides a random one."""
    found: list[Choice] = []
    for name in game_names():
        cls = game_class(name)
        found.append(Choice(name, (), cls.title))
        for deal in offered_deals(name):
            found.append(Choice(name, (), f"{cls.title}: {DEAL_LABELS[deal]}", deal))
        for spec in cls.option_specs:
            if spec.seats:
                continue
            if spec.kind is bool and spec.default is False:
                found.append(Choice(name, ((spec.name, True),), f"{cls.title}: {spec.title}"))
            elif spec.choices:
                for value in spec.choices:
                    if value != spec.default:
                        label = f"{cls.title}: {spec.title} {value}"
                        found.append(Choice(name, ((spec.name, value),), label))
    return found


#: The deals a patience offers besides a random one, as the games list names them.
DEAL_LABELS = {"winnable": "a deal proved winnable", "daily": "the deal of the day"}


def offered_deals(name: str) -> list[str]:
    """``winnable`` and ``daily`` where the game has them (the one-player patiences)."""
    return list(DEAL_LABELS) if offers_winnable(name) else []


#: The games list's keys, in the table's style (one line in 80 columns).
HELP = "enter play or resume  tab other list  l level  s statistics  ? rules  q quit"


def _ago(then: float) -> str:
    minutes = int(max(0.0, time.time() - then) // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    if minutes < 60 * 24:
        return f"{minutes // 60} h ago"
    return f"{minutes // (60 * 24)} days ago"


class ChooserScreen(Screen[None]):
    """New game on the left, saved games on the right; Tab switches, Enter picks."""

    DEFAULT_CSS = """
    ChooserScreen { layout: vertical; }
    #title { height: 3; content-align: center middle; text-style: bold;
        background: #0f3d1f; color: white; }
    #lists { height: 1fr; }
    #lists > Vertical { width: 1fr; }
    .heading { height: 1; padding: 0 1; text-style: bold; }
    ChooserScreen OptionList { height: 1fr; border: round $panel-lighten-2; }
    ChooserScreen OptionList:focus { border: round $accent; }
    #note { height: auto; padding: 0 1; color: $warning; }
    #note.-empty { display: none; }
    #help { height: auto; background: $boost; color: $text-muted; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.levels: dict[str, str] = {}
        self.entries = choices()
        #: What the list is waiting for (a game it is opening), if anything.
        self.opening = ""

    @property
    def parlour(self) -> ParlourApp:
        from .app import ParlourApp

        app = self.app
        assert isinstance(app, ParlourApp)
        return app

    def compose(self) -> ComposeResult:
        yield Static("parlour: five classic card games\n♠ ♥ ♦ ♣", id="title")
        with Horizontal(id="lists"):
            with Vertical():
                yield Static("New game", classes="heading")
                yield OptionList(id="new")
            with Vertical():
                yield Static("Resume a saved game", classes="heading")
                yield OptionList(id="saved")
        yield Static("", id="note", classes="-empty")
        yield Static("", id="help")

    def on_mount(self) -> None:
        self.refill()
        self.show_note()
        self.query_one("#new", OptionList).focus()

    def show_note(self, opening: str | None = None) -> None:
        """The line over the keys: the game being opened, and the computer players
        while they load (see :meth:`ParlourApp._warm`); hidden when there is neither."""
        if opening is not None:
            self.opening = opening
        found = self.query("#note").results(Static)
        note = next(found, None)
        if note is None:
            return  # not composed yet: on_mount shows it
        parts = [self.opening, PREPARING if self.parlour.preparing else ""]
        text = "   ".join(part for part in parts if part)
        note.update(text)
        note.set_class(not text, "-empty")

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        new = self.query_one("#new", OptionList)
        highlighted = new.highlighted
        new.clear_options()
        for i, entry in enumerate(self.entries):
            text = entry.label
            if game_class(entry.game).players == 2:
                text += f"  (vs {self.level(entry.game)})"
            new.add_option(Option(text, id=f"new-{i}"))
        new.highlighted = highlighted if highlighted is not None else 0
        saved = self.query_one("#saved", OptionList)
        saved.clear_options()
        games = self.parlour.backend.saved()
        for game in games:
            opponent = f" vs {game['opponent']}" if game.get("opponent") else ""
            text = (
                f"{game['title']}{opponent}: {counted(int(game['moves_played']), 'move')}, "
                f"{_ago(float(game['updated']))}"
            )
            saved.add_option(Option(text, id=f"saved-{game['id']}"))
        if games:
            saved.highlighted = 0
        else:
            saved.add_option(Option("(none yet)", id="none", disabled=True))
        self.query_one("#help", Static).update(HELP)

    def level(self, game: str) -> str:
        if game not in self.levels:
            levels = player_levels(game)
            self.levels[game] = "strong" if "strong" in levels else levels[-1]
        return self.levels[game]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id or ""
        if ident.startswith("new-"):
            entry = self.entries[int(ident[4:])]
            opponent = self.level(entry.game) if game_class(entry.game).players == 2 else None
            self.parlour.start_game(entry.game, dict(entry.options), opponent, deal=entry.deal)
        elif ident.startswith("saved-"):
            self.parlour.resume_game(ident[6:])

    def _current_entry(self) -> Choice | None:
        new = self.query_one("#new", OptionList)
        if new.highlighted is None:
            return None
        return self.entries[new.highlighted]

    def on_key(self, event: events.Key) -> None:
        key = key_name(event)
        if key == "q":
            event.stop()
            self.app.exit()
        elif key == "l":
            event.stop()
            entry = self._current_entry()
            if entry is None or game_class(entry.game).players != 2:
                return
            levels = player_levels(entry.game)
            now = self.level(entry.game)
            self.levels[entry.game] = levels[(levels.index(now) + 1) % len(levels)]
            self.refill()
        elif key == "s":
            event.stop()
            from .dialogs import StatsScreen

            self.app.push_screen(StatsScreen(self.parlour.backend.stats()))
        elif key == "question_mark":
            event.stop()
            entry = self._current_entry()
            if entry is not None:
                from .dialogs import RulesScreen

                self.app.push_screen(RulesScreen(entry.game))
