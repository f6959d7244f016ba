"""The terminal card table, driven by Textual's pilot: every game opens at 80x24
and 120x40, legal moves play, illegal ones change nothing, undo by the service's
one rule, the log and status in the service's words, the end of a game, saving and
resuming through the store the web app shares, and each terminal item of issue 20."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import re
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual", reason="the terminal table needs the 'tui' extra (Textual)")

from rich.console import Console  # noqa: E402
from rich.text import Text  # noqa: E402
from textual.containers import VerticalScroll  # noqa: E402
from textual.widgets import OptionList, RichLog, Static  # noqa: E402

import parlour  # noqa: E402
from cheap_deals import make_deals_cheap  # noqa: E402
from parlour.core.registry import game_class  # noqa: E402
from parlour.service.ending import stats_lines  # noqa: E402
from parlour.service.words import card_words, line_counter  # noqa: E402
from parlour.tui.app import ParlourApp  # noqa: E402
from parlour.tui.backend import Backend, open_service  # noqa: E402
from parlour.tui.canvas import kept_whole  # noqa: E402
from parlour.tui.chooser import ChooserScreen  # noqa: E402
from parlour.tui.dialogs import (  # noqa: E402
    ChoiceScreen,
    ColourScreen,
    ConfirmScreen,
    EndScreen,
    LogScreen,
    NoticeScreen,
    RulesScreen,
    StatsScreen,
)
from parlour.tui.screen import TableScreen, TableView  # noqa: E402

GAMES = ["calculation", "gate", "eight-by-eight", "uno", "chinese-patience"]
Pilot = Any


def drive(
    script: Callable[[ParlourApp, Pilot], Awaitable[None]],
    db: str = ":memory:",
    game: str | None = None,
    size: tuple[int, int] = (80, 24),
    **kwargs: Any,
) -> ParlourApp:
    """Run the app headless with a pilot script; computer moves without pauses, and
    the computer players not warmed as the app starts (see the tests that do)."""
    kwargs.setdefault("pause", 0)
    kwargs.setdefault("warm_players", False)
    app = ParlourApp(db, game, **kwargs)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await answered(pilot)
            await script(app, pilot)

    asyncio.run(run())
    return app


def table(app: ParlourApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), f"expected the table, got {type(screen).__name__}"
    return screen


async def take_the_screen(app: ParlourApp, pilot: Pilot) -> TableScreen:
    """Two people at one table: a new game is handed over first (the service's
    ``hand_over``), nothing of the table shown; the one to move takes the keyboard."""
    assert isinstance(app.screen, NoticeScreen), "a new game's table showed a hand first"
    await keys(pilot, "enter")
    screen = table(app)
    assert screen.your_turn() and screen.answer["hand_over"] is None
    return screen


def screen_text(app: ParlourApp) -> str:
    """The table's drawing as plain text."""
    return table(app).query_one(TableView).canvas.plain()


def rendered(app: ParlourApp) -> str:
    """The whole terminal as a person sees it (Textual's screenshot, as text)."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, force_terminal=True
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def status_line(app: ParlourApp) -> str:
    """The status line's words (the lines it is broken into joined again)."""
    return status_lines(app).replace("\n", " ")


def status_lines(app: ParlourApp) -> str:
    """The status line as broken into lines to fit the screen."""
    return str(table(app).query_one("#status", Static).render())


def key_bar(app: ParlourApp) -> str:
    return str(table(app).query_one("#keys", Static).render())


def said(screen: TableScreen) -> str:
    """The message line and the last sentences of the log."""
    return " ".join([screen.flash, *screen.log_texts()[-6:]])


async def answered(pilot: Pilot) -> None:
    """Wait for the service's answers (worked out in worker threads) to be shown."""
    while any(w.group == "service" and not w.is_finished for w in pilot.app.workers):
        await asyncio.sleep(0.005)
    await pilot.pause()


async def keys(pilot: Pilot, *pressed: str) -> None:
    """Press keys one by one, each answered before the next."""
    for key in pressed:
        await pilot.press(key)
        await answered(pilot)


def part_to(screen: TableScreen, source: str | None = None, target: str | None = None) -> Any:
    """The first legal move (as the service describes it) with this source and target."""
    for part in screen.moves():
        if source is not None and part["source"] != source:
            continue
        if target is not None and not str(part["target"] or "").startswith(target):
            continue
        return part
    return None


# --- every game ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_game_opens_at_its_table(name: str, size: tuple[int, int]) -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        view = screen.query_one(TableView)
        canvas = view.canvas
        assert view.size.width == size[0] and canvas.width == size[0]
        assert canvas.height <= size[1] - 4  # the status, the log and the keys fit below
        assert canvas.regions, "the table names its piles"
        assert canvas.overflow == [], "nothing runs off the right edge"
        for region in canvas.regions.values():
            assert region.x + region.width <= canvas.width
            assert region.y + region.height <= canvas.height
        title = parlour.core.game_class(name).title
        assert canvas.text_at(0).strip().startswith(title)
        assert screen.answer["game"] == name
        assert any(ch in canvas.plain() for ch in "♣♦♥♠") or name == "uno"
        # The status line is the service's, and every line of the key bar fits.
        assert screen.answer["status"] in status_line(app)
        assert all(len(line) <= size[0] - 2 for line in key_bar(app).splitlines())
        shown = rendered(app)
        assert not re.search(r"player [01]\b", shown, re.IGNORECASE), shown

    drive(script, game=name, seed=3, size=size)


@pytest.mark.parametrize(
    ("name", "seed", "facts"),
    [("uno", 2**53 - 1, "to 500"), ("chinese-patience", 3, "series: you 0, the computer 0")],
)
def test_the_title_line_never_runs_into_its_facts(name: str, seed: int, facts: str) -> None:
    """Was: at 80 columns the facts on the right were written over the title ("UNO  you
    vs computer (strong)  deal 90071hand 1 ...", "Chinese Patience  you vs computer
    (strong)  dea  series: ..."). The deal number gives way first, whole."""
    for size in [(80, 24), (160, 30)]:

        async def script(app: ParlourApp, pilot: Pilot, size: tuple[int, int] = size) -> None:
            line = table(app).query_one(TableView).canvas.text_at(0)
            assert "you vs computer (strong)  " in line, line
            assert line.rstrip().endswith(f"  {facts}"), line
            wide = size[0] > 100
            assert (f"deal {seed}  " in line) == wide and ("deal" in line) == wide, line

        drive(script, game=name, seed=seed, size=size)


def test_tables_show_what_the_rules_page_lays_out() -> None:
    expected = {
        "calculation": ["F1", "F4", "W1", "W4", "Current card (", "by 3"],
        "gate": ["L", "R", "T1", "B4", "Top bar", "Second bar", "S ▒▒▒ 34"],
        "eight-by-eight": ["T1 ▒▒▒▒▒▒▒", "T8", "Pass 1 of 3", "S ▒▒▒ 40"],
        "uno": ["The computer ▒", "Colour in play", "Your hand (", "[D] draw", "UNO"],
        "chinese-patience": [
            "Foundations",
            "the computer's discard pile",
            "your discard pile",
            "[T] twist",
            "[Z] end",
        ],
    }
    for name, pieces in expected.items():

        async def script(app: ParlourApp, pilot: Pilot, pieces: list[str] = pieces) -> None:
            text = screen_text(app)
            for piece in pieces:
                assert piece in text, f"{piece!r} missing from\n{text}"

        drive(script, game=name, seed=3)


def test_the_terminal_table_names_no_game_outside_its_table_modules() -> None:
    """Front ends never branch on a game's name: only tui/tables/ knows the games."""
    root = Path(parlour.__file__).parent / "tui"
    names = [*GAMES, "chinese_patience", "eight_by_eight"]
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path.name, name)


def test_the_terminal_tables_name_no_seat_themselves() -> None:
    """The seats are named by the service (answer["names"]), one wording for every
    front end: no table keeps words of its own for them (base.other_side said
    "computer" or "opponent")."""
    root = Path(parlour.__file__).parent / "tui" / "tables"
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        code = re.sub(r'""".*?"""|#[^\n]*', "", text, flags=re.S)  # no docstring, no comment
        strings = re.findall(r'"[^"\n]*"|\'[^\'\n]*\'', code)
        for word in ("computer", "opponent", "your", "you", "player 1", "player 2"):
            found = [t for t in strings if re.search(rf"\b{word}\b", t, re.IGNORECASE)]
            assert not found, (path.name, found)


# --- Calculation: moves, the original's keys, undo, the end --------------------


def test_calculation_legal_and_illegal_moves_by_number_keys() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        current = screen.view["current"]
        await keys(pilot, "0")  # the stock
        assert screen.selected == "S"
        await keys(pilot, "5")  # onto W1
        assert screen.answer["moves_played"] == 1
        assert screen.view["waste"]["W1"] == [current]
        assert screen.log_texts()[-1].startswith(f"You play {card_words(current)}")
        # An illegal move: the stock's card onto a foundation it does not fit.
        fits = {str(p["target"]) for p in screen.moves() if p["source"] == "S"}
        wrong = next(f for f in ("F1", "F2", "F3", "F4") if f not in fits)
        before = dict(screen.view)
        await keys(pilot, "0", wrong[1])
        reason = app.backend.check(screen.game_id, "S", wrong)["reason"]
        assert f"{wrong} needs " in reason  # the rules' reason, in the service's words
        assert screen.flash == reason and screen.flash_error
        assert screen.answer["moves_played"] == 1
        assert screen.view == before
        # A pile with no move from it.
        await keys(pilot, "1")
        assert screen.flash == "Foundation F1: no move from here."
        assert screen.selected is None

    drive(script, game="calculation", seed=1)


def test_calculation_cursor_like_the_coco() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert screen.cursor == "F1"
        await keys(pilot, "up")
        assert screen.cursor == "F4"  # up and down wrap around
        await keys(pilot, "down", "down")
        assert screen.cursor == "F2"
        await keys(pilot, "right")
        assert screen.cursor == "W2"  # right goes to the waste piles
        first = screen.view["current"]
        await keys(pilot, "space")  # SPACE plays the current card where the cursor is
        assert screen.view["waste"]["W2"] == [first]
        second = screen.view["current"]
        await keys(pilot, "space")
        assert screen.view["waste"]["W2"] == [first, second]
        await keys(pilot, "enter")  # ENTER on a waste pile selects it ...
        assert screen.selected == "W2"
        assert "W3" in screen.targets("W2")  # the empty-pile move
        await keys(pilot, "down", "enter")  # ... ENTER on the target moves its top card
        assert screen.view["waste"]["W3"] == [second]
        await keys(pilot, "left")
        assert screen.cursor is not None and screen.cursor.startswith("F")

    drive(script, game="calculation", seed=1)


def test_mouse_picks_source_and_target_with_destinations_highlighted() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        canvas = screen.query_one(TableView).canvas
        stock = canvas.regions["S"]
        await pilot.click(TableView, offset=(stock.x + 1, stock.y))
        await pilot.pause()
        assert screen.selected == "S"
        assert set(screen.targets("S")) >= {"W1", "W2", "W3", "W4"}
        w3 = screen.query_one(TableView).canvas.regions["W3"]
        await pilot.click(TableView, offset=(w3.x + 2, w3.y))
        await answered(pilot)
        assert screen.answer["moves_played"] == 1
        assert len(screen.view["waste"]["W3"]) == 1

    drive(script, game="calculation", seed=1)


def test_undo_and_redo() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        start = screen.view
        await keys(pilot, "0", "5", "0", "6")
        assert screen.answer["moves_played"] == 2
        assert len(screen.log_texts()) == 2
        await keys(pilot, "u")
        assert screen.answer["moves_played"] == 1
        # which move, in the service's words (was "Took back 1 move.")
        took = r"Took back 1 move: you played \S+ from the stock to W2\."
        assert re.fullmatch(took, screen.flash)
        assert len(screen.log_texts()) == 1  # the log forgets the move taken back
        await keys(pilot, "u")
        assert screen.view == start
        await keys(pilot, "u")
        assert "nothing to undo" in screen.flash.lower()
        await keys(pilot, "r")
        assert screen.answer["moves_played"] == 1
        assert re.fullmatch(r"Replayed 1 move: you play \S+ from the stock to W1\.", screen.flash)

    drive(script, game="calculation", seed=1)


async def play_calculation_to_the_end(pilot: Pilot, screen: TableScreen) -> None:
    """Foundations first, else the current card to a waste pile, by the number keys."""
    digits = {"S": "0", "F1": "1", "F2": "2", "F3": "3", "F4": "4"}
    digits.update({f"W{i}": str(4 + i) for i in range(1, 5)})
    for _ in range(200):
        moves = screen.moves()
        if not moves:
            break
        part = part_to(screen, target="F") or moves[0]
        await pilot.press(digits[part["source"]], digits[part["target"]])  # one move
        await answered(pilot)


async def settled(app: ParlourApp, pilot: Pilot) -> None:
    """Wait for the app's worker threads (the solver) and what they hand back."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def test_a_lost_patience_ends_with_undo_resign_the_verdict_and_a_winning_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The end panel words the end as the service does and offers its next steps: a
    lost patience can be taken back (``u``) or resigned for good (``x``), and only
    then is its deal number shown, and the solver's verdict (``v``) and its winning
    line (``w``) offered. One game played to its end by keys, for all of it (playing
    it took 8 s)."""
    make_deals_cheap(monkeypatch)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await play_calculation_to_the_end(pilot, screen)
        assert screen.answer["result"] == "lost" and not screen.answer["final"]
        panel = app.screen
        assert isinstance(panel, EndScreen)
        end = screen.answer["end"]
        assert panel.text.startswith(f"{end['headline']}\n{end['detail']}")
        assert "Cards on the foundations:" in panel.text
        assert "Deal number" not in panel.text
        assert set(panel.choices) == {"u", "x", "n", "o", "q"}
        assert "v" not in panel.choices  # no verdict while the deal can be played on
        # U (either case) takes the last move back: the game is in play again.
        played = screen.answer["moves_played"]
        await keys(pilot, "U")
        assert table(app) is screen
        assert screen.answer["outcome"] is None
        assert screen.answer["moves_played"] == played - 1
        # The same move loses again; this time X resigns the deal: it is final.
        await play_calculation_to_the_end(pilot, screen)
        assert isinstance(app.screen, EndScreen)
        await keys(pilot, "x")
        assert screen.answer["final"]
        panel = app.screen
        assert isinstance(panel, EndScreen)
        assert f"Deal number: {screen.answer['end']['deal']}" in panel.text
        assert "u" not in panel.choices and "d" in panel.choices
        # The solver's verdict, and its winning line played on the table to its end.
        assert "v" in panel.choices
        await keys(pilot, "v")
        await settled(app, pilot)
        panel = app.screen
        assert isinstance(panel, EndScreen)
        verdict = screen.verdict
        assert verdict is not None and verdict["text"] in panel.text
        if verdict["moves"]:
            assert "w" in panel.choices
            await keys(pilot, "w")
            await settled(app, pilot)
            assert screen.busy and screen.line is not None and screen.line.at_end
            await keys(pilot, "escape")  # back to the end of the game
            assert not screen.busy and screen.replaying is None
            assert screen.view == screen.answer["view"]  # and the table as it was after it
        await keys(pilot, "escape")
        assert table(app) is screen
        await keys(pilot, "0")  # the table is over: the status says so
        assert screen.flash == screen.answer["status"]
        await keys(pilot, "u")  # and undo is refused by the service
        assert "cannot be taken back" in screen.flash
        record = app.backend.store.get(screen.game_id)
        assert record is not None and record.finished
        app.end_choice(screen, "d")  # the end panel's d: this deal again
        await pilot.pause()
        replay = table(app)
        assert replay is not screen and replay.answer["seed"] == 1
        assert replay.answer["deal"] == "random"

    drive(script, game="calculation", seed=1)


def test_the_end_panel_comes_back_after_escape_and_after_the_winning_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Was: once the end panel was put away (escape: "look at the table"), or once the
    winning line had been played, nothing brought it back: its D (replay this deal), V
    and W could no longer be reached, and the key bar offered only ``n new``. Enter at
    a finished table shows the panel again, and the winning line's escape ends on it."""
    make_deals_cheap(monkeypatch)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "x", "y")
        assert isinstance(app.screen, EndScreen) and "d" in app.screen.choices
        await keys(pilot, "escape")
        assert table(app) is screen
        assert "enter what next" in key_bar(app)
        await keys(pilot, "enter")
        assert isinstance(app.screen, EndScreen) and "v" in app.screen.choices
        await keys(pilot, "v")
        await settled(app, pilot)
        assert isinstance(app.screen, EndScreen)
        if not (screen.verdict or {}).get("moves"):
            return
        await keys(pilot, "w")  # the winning line, played on the table ...
        await settled(app, pilot)
        assert table(app) is screen and screen.line is not None and screen.line.at_end
        await keys(pilot, "escape")
        assert screen.replaying is None and not screen.busy
        panel = app.screen  # ... then the end panel again, to watch it again or go on
        assert isinstance(panel, EndScreen), type(panel).__name__
        assert {"w", "d", "n"} <= set(panel.choices)

    drive(script, game="calculation", seed=1)


def test_the_games_list_offers_the_patiences_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    make_deals_cheap(monkeypatch)
    from parlour.tui.chooser import choices

    labels = [c.label for c in choices()]
    assert "Calculation: the deal of the day" in labels
    assert "The Gate: a deal proved winnable" in labels
    assert not any(label.startswith("UNO: the deal") for label in labels)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        index = next(i for i, c in enumerate(chooser.entries) if c.deal == "daily")
        app.start_game("calculation", {}, deal="daily")
        await settled(app, pilot)
        assert table(app).answer["game"] == chooser.entries[index].game
        assert "seed" not in table(app).answer  # the deal number stays hidden in play

    drive(script)


def test_hint_resign_and_rules() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        first = screen.game_id
        await keys(pilot, "h")
        assert screen.flash.startswith("Hint: ")
        assert screen.hint_move in screen.legal()
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        await keys(pilot, "escape")
        assert table(app) is screen
        await keys(pilot, "x")  # resigning asks first; N keeps playing
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Resign this deal?"
        await keys(pilot, "n")
        assert table(app) is screen and screen.answer["outcome"] is None
        await keys(pilot, "x", "y")
        assert screen.answer["result"] == "resigned"  # the engine's word stays
        assert isinstance(app.screen, EndScreen)
        assert app.screen.text.startswith("You resigned.")
        await keys(pilot, "n")  # a finished game: a new one without a question
        assert table(app).game_id != first
        assert table(app).answer["game"] == "gate"

    drive(script, game="gate", seed=2)


# --- issue 20, terminal table ---------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_eight_by_eight_labels_do_not_run_into_each_other(size: tuple[int, int]) -> None:
    """Was: "pass 1 of 3must be placed" under the talon and the pending card; and both
    in lower case, where the other tables' captions start with a capital."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t")  # turn a talon card: it is pending
        assert screen.view["pending"]
        line = next(row for row in screen_text(app).splitlines() if "Pass 1 of 3" in row)
        assert re.search(r"Pass 1 of 3 {2,}Must be placed", line), line
        await keys(pilot, "p", "w", "t")  # to the waste, and the next one pending
        assert screen.view["waste"] and screen.view["pending"]
        line = next(row for row in screen_text(app).splitlines() if "Pass 1 of 3" in row)
        assert re.search(r"Pass 1 of 3 {2,}Must be placed {2,}1 card, top card last", line)

    drive(script, game="eight-by-eight", seed=4, size=size)


def test_a_stuck_hint_selects_no_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no move leads anywhere the hint says so, in the rules pages' words, the
    status too, and it selects nothing for Enter."""
    from parlour.ai.hints import NO_WAY, Hint
    from parlour.service import table as table_module

    def stuck(game: parlour.Game) -> Hint:
        return Hint(game.legal_moves()[0], NO_WAY, stuck=True)

    monkeypatch.setattr(table_module, "ai_hint", stuck)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "h")
        assert screen.flash == "Hint: no move leads anywhere: undo or resign."
        # the status says so too (it said "Move cards, or turn up the next talon card")
        assert screen.answer["status"] == "No move leads anywhere: undo or resign."
        assert status_line(app).startswith("No move leads anywhere: undo or resign.")
        assert screen.hint_move is None and screen.selected is None
        await keys(pilot, "enter")
        assert screen.answer["moves_played"] == 0

    drive(script, game="eight-by-eight", seed=3)


def test_a_long_hint_at_80_columns_keeps_enter_plays_it_in_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Was: at 80x24 The Gate's status and a hint of 140 characters ran to four lines
    of the status's three, and the last, "(enter plays it)", was cut off. Now the hint
    stands alone there when both do not fit; the status is back with the next move."""
    from parlour.ai.hints import Hint
    from parlour.service import table as table_module

    reason = (
        "moves it onto the next bar: opens a place for the next deal, and dealing from "
        "there keeps the most deals winnable (always)"
    )

    def long(game: parlour.Game) -> Hint:
        return Hint(game.legal_moves()[0], reason)

    monkeypatch.setattr(table_module, "ai_hint", long)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        status = screen.answer["status"]
        await keys(pilot, "h")
        assert screen.flash.endswith("(enter plays it)")
        shown = rendered(app)
        assert "(enter plays it)" in " ".join(shown.split()), shown
        assert status not in status_line(app)
        await keys(pilot, "enter")
        assert screen.answer["moves_played"] == 1
        assert screen.answer["status"] in status_line(app)

    drive(script, game="gate", seed=3)


def test_the_status_and_the_log_never_break_a_cards_name() -> None:
    """Was: Textual wraps at any space, the unbreakable one too, and a line of the log
    or the status ended "the computer held red" over "4, green 6, ...", or "for the
    Draw" over "Two" (UNO's hints and log at 80 columns). Both are now broken between
    words to their width, each card's name kept whole, as ``parlour play`` keeps it."""
    card = "blue Draw Two"

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        status = str(screen.answer["status"])
        width = screen.size.width - 2
        # a message that puts the card's name across the end of the status's first line
        # where any space may be broken (as Textual breaks)
        pad = next(
            n
            for n in range(60)
            if textwrap.wrap(f"{status}   {'so ' * n}the top card {card}.", width)[0].endswith(
                "blue"
            )
        )
        message = f"{'so ' * pad}the top card {card}."
        screen.tell(message, error=True)
        await pilot.pause()
        shown = status_lines(app).split("\n")
        assert any(line.rstrip().endswith("the top card") for line in shown), shown
        assert any(line.startswith(f"{card}.") for line in shown), shown
        # a sentence of the log with cards across the ends of its lines
        panel = screen.query_one(RichLog)
        for n in range(12):
            sentence = f"{'so ' * n}The computer held {card} and red 4 and {card} and red 4."
            screen.entries.append({"n": 1000 + n, "who": "computer", "text": sentence})
        screen.shown = len(screen.entries)
        screen.show_log()
        await pilot.pause()
        lines = [strip.text.rstrip() for strip in panel.lines]
        assert len(lines) > 12 and all(len(line) < 80 for line in lines), lines
        assert not any(line.endswith(("blue", "Draw", "red")) for line in lines), lines

    drive(script, game="uno", seed=13)


def test_kept_whole_breaks_between_words_keeping_styles_and_line_breaks() -> None:
    text = Text("You draw red 4 and blue Draw Two.", style="bold")
    text.append("\nPreparing", style="italic")
    wrapped = kept_whole(text, 20)
    assert wrapped.plain == "You draw red 4 and\nblue Draw Two.\nPreparing"
    assert wrapped.spans[-1].style == "italic" and wrapped.spans[0].style == "bold"
    assert kept_whole(text, 0) is text  # not laid out yet: Textual's to wrap


def test_chinese_patience_typing_the_hinted_move_plays_it() -> None:
    """Was: after a hint selected pile 5, typing 5 then 4 (the hinted move) dropped the
    selection and tried a move from 4."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t")
        await keys(pilot, "h")
        hinted = screen.hint_move
        assert hinted is not None
        part = next(p for p in screen.moves() if p["move"] == hinted)
        assert screen.selected == part["source"]
        await keys(pilot, part["source"])  # typing the source keeps the hint's selection
        assert screen.selected == part["source"]
        before = screen.answer["moves_played"]
        await keys(pilot, part["target"])
        assert screen.answer["moves_played"] == before + 1
        assert not screen.flash_error
        assert screen.log_texts()[-1].startswith(f"You play {card_words(part['card'])}")
        # Enter plays a hint too, and so does typing just its target.
        await keys(pilot, "u", "h", "enter")
        assert screen.answer["moves_played"] == before + 1
        await keys(pilot, "u", "h", part["target"])
        assert screen.answer["moves_played"] == before + 1

    drive(script, game="chinese-patience", seed=2, opponent="random")


@pytest.mark.parametrize(
    ("name", "seed", "said_first"),
    [("uno", 5, "You play blue 3"), ("chinese-patience", 3, "You twist")],
)
def test_enter_plays_a_hinted_card_or_button(name: str, seed: int, said_first: str) -> None:
    """Was: the table drawn while the hint was worked out had no moves, so a hinted move
    of a card in the hand or a button (UNO's B3, Chinese Patience's twist) found no
    place to put the cursor on; "(enter plays it)" then played the card under the
    cursor (UNO: "'R0' is not legal now") or said "Pile 0: no move from here"."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        before = screen.answer["moves_played"]
        await keys(pilot, "h")
        hinted = screen.hint_move
        assert hinted is not None and "(enter plays it)" in screen.flash
        assert any(p.get("move") == hinted for p in screen.table.actions[screen.cursor])
        await keys(pilot, "enter")
        assert not screen.flash_error, screen.flash
        assert screen.answer["moves_played"] > before
        mine = [t for t in screen.log_texts() if t.startswith("You ")]
        assert mine and mine[0].startswith(said_first), mine

    drive(script, game=name, seed=seed)


def test_the_log_tells_a_hand_in_full_and_the_status_line_is_the_services() -> None:
    """Was: a two-line message area cut "You win hand 1 and score ..." short. The log
    panel keeps every sentence (``l`` shows them all), and grows with the room."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert screen.query_one("#log", RichLog).size.height >= 3
        for _ in range(400):
            if any(" hand 1 and score" in line for line in screen.log_texts()):
                break
            cards = [p for p in screen.moves() if p["source"] and not p.get("uno")]
            pick = cards[0] if cards else screen.moves()[0]
            screen.submit(str(pick["move"]))
            await answered(pilot)
        told = [line for line in screen.log_texts() if " hand 1 and score" in line]
        assert told, screen.log_texts()
        sentence = told[0]
        won = r"(You win|The computer wins) hand 1 and scores? \d+ points \(.+ held [^)]+\)\."
        assert re.search(won, sentence), sentence
        logs = [e["text"] for e in screen.entries if e["text"]]
        assert screen.log_texts() == logs  # exactly the service's sentences
        assert screen.answer["status"] in status_line(app)
        await keys(pilot, "l")
        assert isinstance(app.screen, LogScreen)
        assert sentence in app.screen.lines
        await keys(pilot, "escape")
        assert table(app) is screen

    drive(script, game="uno", seed=13, opponent="random", size=(80, 24))


def test_the_log_gets_the_rows_the_table_does_not_need() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        rows = screen.query_one("#log", RichLog).size.height
        assert rows >= (5 if app.size[1] == 24 else 15)

    drive(script, game="eight-by-eight", seed=3, size=(80, 24))
    drive(script, game="eight-by-eight", seed=3, size=(120, 40))


def test_letter_keys_work_in_either_case() -> None:
    """Was: the screen showed ``[T] twist`` but only lower-case ``t`` worked."""

    async def patience(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "T")  # twist
        assert screen.answer["moves_played"] == 1
        await keys(pilot, "H")
        assert screen.flash.startswith("Hint: ")
        await keys(pilot, "Z")  # end the turn: the computer plays
        assert screen.answer["moves_played"] > 2
        await keys(pilot, "M", "P", "escape")
        assert screen.table.typed("5") is None  # the M sequence was cancelled

    drive(patience, game="chinese-patience", seed=5, opponent="random")

    async def gate(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "D")  # deal (or the engine's reason why not)
        assert screen.answer["moves_played"] == 1 or screen.flash_error
        await keys(pilot, "U")
        assert screen.answer["moves_played"] == 0
        await keys(pilot, "X")
        assert isinstance(app.screen, ConfirmScreen)
        await keys(pilot, "N")
        await keys(pilot, "Q")
        assert app.return_value is None

    drive(gate, game="gate", seed=11)


#: The buttons of the UNO table drawn only while their move is legal, as the key bar
#: names them.
WHILE_LEGAL_WORDS = ["challenge", "accept", "catch", "p play drawn", "k keep", "s pass"]


@pytest.mark.parametrize(
    "options",
    [{}, {"w4_challenge": True}, {"uno_call": True}, {"w4_challenge": True, "uno_call": True}],
)
def test_uno_key_bar_shows_only_keys_that_work(options: dict[str, Any]) -> None:
    """Was: the key bar offered ``c challenge  a accept`` at a table without them; then,
    at a table with them, ``[C] challenge  [A] accept`` and ``[G] catch`` were drawn
    greyed out and offered on every turn, their keys doing nothing. Now only what can
    be done now is drawn and offered (as the web table does, and the best card sites):
    at the first turn, Draw alone, which stays greyed while it cannot be played."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert set(screen.legal()).isdisjoint({"challenge", "accept", "catch"})
        bar = key_bar(app)
        text = screen_text(app)
        assert "d draw" in bar and "[D] draw" in text, bar
        for piece in WHILE_LEGAL_WORDS:
            assert piece not in bar, bar
            assert piece not in text.lower(), text
        # Every letter the bar offers is a key of a button on the table.
        shortcuts = screen.shortcuts()
        own = bar.splitlines()[0].split("    ")[0]  # the table's keys, before the common ones
        for letter in re.findall(r"(?:^|  )([a-z]) ", own):
            assert shortcuts[letter] in screen.query_one(TableView).canvas.regions, letter
        before = screen.answer["moves_played"]  # a key that is not offered does nothing
        await keys(pilot, "c", "a", "g")
        assert screen.answer["moves_played"] == before and not screen.flash

    drive(script, game="uno", seed=13, opponent="random", options=options)


def test_uno_challenge_and_accept_appear_when_a_wild_draw_four_can_be_challenged() -> None:
    """The buttons drawn only while legal appear where the row ends, after Draw (greyed:
    it cannot be played now), so nothing drawn before them moves; their keys work."""

    def button_row(app: ParlourApp) -> tuple[str, int]:
        line = next(line for line in screen_text(app).splitlines() if "[D] draw" in line)
        return line, line.index("[D] draw")

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = await take_the_screen(app, pilot)
        _, draw_at = button_row(app)
        for move in ("W:Y", "W4:R"):  # seed 13: both seats (two people at one table)
            screen.submit(move)
            await answered(pilot)
            assert isinstance(app.screen, NoticeScreen)  # the other person's turn
            await keys(pilot, "enter")
        assert screen.legal() == ["challenge", "accept"]
        line, now = button_row(app)
        assert now == draw_at and now < line.index("[C] challenge") < line.index("[A] accept")
        assert "catch" not in line
        assert "c challenge  a accept" in key_bar(app), key_bar(app)
        await keys(pilot, "a", "enter")  # and the other person's turn
        assert screen.answer["moves_played"] == 3, "the key played the accept"
        assert "[C] challenge" not in screen_text(app)

    drive(
        script,
        game="uno",
        seed=13,
        opponent="human",
        options={"w4_challenge": True, "uno_call": True},
    )


def test_new_game_asks_before_leaving_a_game_in_play(tmp_path: Path) -> None:
    """Was: ``n`` left a game in play at once. Now it asks; the game stays saved."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        first = screen.game_id
        await keys(pilot, "0", "5")
        await keys(pilot, "n")
        assert isinstance(app.screen, ConfirmScreen)
        await keys(pilot, "escape")  # no: the same game goes on
        assert table(app) is screen
        await keys(pilot, "N", "n")
        assert table(app) is screen
        await keys(pilot, "n", "y")
        fresh = table(app)
        assert fresh.game_id != first and fresh.answer["moves_played"] == 0
        assert first in {g["id"] for g in app.backend.saved()}

    drive(script, db=str(tmp_path / "p.db"), game="calculation", seed=1)


# --- the one undo rule, through the terminal table --------------------------------------


def test_undo_refuses_a_move_that_showed_a_card_against_the_computer() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        hand = list(screen.view["hand"])
        await keys(pilot, "d")  # draw: a new card is seen
        assert len(screen.view["hand"]) >= len(hand)
        played = screen.answer["moves_played"]
        assert not screen.answer["can_undo"]
        await keys(pilot, "u")
        assert screen.flash_error
        assert screen.flash == str(screen.answer["undo_refusal"]).capitalize() + "."
        assert "showed you a card" in screen.flash
        assert screen.answer["moves_played"] == played

    drive(script, game="uno", seed=13, opponent="random")

    async def twist(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t")  # the twist turns up a card of the hand
        await keys(pilot, "u")
        assert "showed you a card" in screen.flash
        assert screen.answer["moves_played"] == 1

    drive(twist, game="chinese-patience", seed=5, opponent="random")


def test_undo_takes_back_a_patience_move_that_showed_a_card() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        first = screen.view["current"]
        await keys(pilot, "0", "5")  # the stock's card played: the next one is shown
        assert screen.view["current"] != first
        await keys(pilot, "u")
        assert not screen.flash_error
        assert screen.view["current"] == first
        assert screen.answer["moves_played"] == 0

    drive(script, game="calculation", seed=1)


# --- words: the service's sentences, cards with suit symbols ------------------------------


def test_every_sentence_on_screen_is_the_services() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t", "z")  # twist, end the turn: the computer plays
        await keys(pilot, "u")  # refused: the service's reason
        texts = screen.log_texts()
        service = app.backend.get(screen.game_id)
        assert texts == [e["text"] for e in service["log"] if e["text"]]
        assert any(symbol in " ".join(texts) for symbol in "♣♦♥♠")
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", " ".join(texts))  # no card codes
        assert screen.answer["status"] in status_line(app)
        shown = rendered(app)
        assert not re.search(r"player [01]\b", shown, re.IGNORECASE), shown

    drive(script, game="chinese-patience", seed=5, opponent="random")


# --- saving and resuming ------------------------------------------------------------


def test_save_quit_and_resume_from_the_chooser(tmp_path: Path) -> None:
    db = str(tmp_path / "parlour.db")
    seen: dict[str, Any] = {}

    async def first(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "0", "5", "0", "8")
        seen["id"], seen["view"] = screen.game_id, screen.view
        seen["log"] = screen.log_texts()
        await keys(pilot, "q")

    drive(first, db=db, game="calculation", seed=4)

    async def second(app: ParlourApp, pilot: Pilot) -> None:
        assert isinstance(app.screen, ChooserScreen)
        await keys(pilot, "tab", "enter")
        screen = table(app)
        assert screen.game_id == seen["id"]
        assert screen.view == seen["view"]
        assert screen.answer["moves_played"] == 2
        assert screen.log_texts() == seen["log"]  # the log is told again
        assert screen.answer["status"] in status_line(app)

    drive(second, db=db)


def test_quitting_says_whether_the_games_were_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Was: ``q`` said "your games are saved; 'parlour tui' resumes them." with --db
    :memory:, which keeps nothing."""
    said: list[str] = []
    exit_app = ParlourApp.exit

    def exit(app: ParlourApp, *args: Any, message: Any = None, **kwargs: Any) -> None:
        said.append(str(message))
        exit_app(app, *args, message=message, **kwargs)

    monkeypatch.setattr(ParlourApp, "exit", exit)

    async def quit(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "q")

    drive(quit, db=":memory:", game="gate", seed=2)
    drive(quit, db=str(tmp_path / "kept.db"), game="gate", seed=2)
    assert said == [
        "parlour: with --db :memory: nothing was kept.",
        "parlour: your games are saved; 'parlour tui' resumes them.",
    ]


def test_games_cross_between_the_web_service_and_the_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "parlour.db")
    # A game started by the web app's service for a browser player ...
    web = open_service(db)
    started = web.start("browser-player", "gate", 11, {}, None)
    move = started["view"]["legal_moves"][0]
    web.play("browser-player", started["id"], move)
    web.store.close()

    async def resume(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "tab", "enter")
        screen = table(app)
        assert screen.game_id == started["id"]
        assert screen.answer["moves_played"] == 1
        legal = screen.legal()
        await keys(pilot, "d")  # deal, or the engine's reason why not
        assert screen.answer["moves_played"] == (2 if "deal" in legal else 1)

    app = drive(resume, db=db)
    # ... the terminal took the browser's player as the local person ...
    assert app.backend.player == "browser-player"
    # ... and a game the terminal starts belongs to that person in the web's service.
    backend = Backend(db)
    answer = backend.start("calculation", 5)
    backend.close()
    web = open_service(db)
    again = web.get("browser-player", answer["id"])
    assert again["view"] == answer["view"]
    web.store.close()


# --- two-player games ----------------------------------------------------------------


def test_chinese_patience_original_keys_and_computer_turns() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert screen.your_turn()
        assert screen.view["first_turn"]
        await keys(pilot, "m", "9")
        assert screen.flash.startswith("M 9 _")  # what has been typed so far
        await keys(pilot, "5")  # M 9 5 before the first twist
        assert "first move must be a twist" in screen.flash
        assert screen.answer["moves_played"] == 0
        await keys(pilot, "5")  # a card move before the first twist is illegal
        assert screen.selected is None
        assert screen.flash == "Pile 5: no move from here."
        await keys(pilot, "t")  # T: twist
        assert screen.answer["moves_played"] == 1
        assert len(screen.view["pile_0"]) == 1
        assert screen.log_texts()[-1].startswith("You twist")
        await keys(pilot, "m", "9", "5")  # M 9 5: nothing moves from pile 9
        assert "never moves from pile 9" in screen.flash
        assert screen.answer["moves_played"] == 1
        await keys(pilot, "z")  # Z: end the turn; the computer plays its turn
        assert screen.answer["moves_played"] > 2
        assert any(line.startswith("The computer") for line in screen.log_texts())
        assert screen.your_turn() or screen.answer["outcome"] is not None
        await keys(pilot, "m", "p", "8", "6")  # M P 8 6: a whole-pile move, legal or not
        assert screen.flash or screen.answer["moves_played"] > 3

    drive(script, game="chinese-patience", seed=5, opponent="random")


def test_computer_moves_are_shown_one_at_a_time() -> None:
    shown: list[str] = []
    told: list[int] = []

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        original = screen.redraw

        def counting() -> None:
            if screen.busy:
                shown.append(json.dumps(screen.view, sort_keys=True))
                told.append(len(screen.log_texts()))
            original()

        screen.redraw = counting  # type: ignore[method-assign]
        await keys(pilot, "t")
        screen.busy = True
        await keys(pilot, "z")  # ignored while the computer plays
        assert screen.answer["moves_played"] == 1
        screen.busy = False
        await keys(pilot, "z")
        for _ in range(200):
            if not screen.busy:
                break
            await pilot.pause(0.02)
        assert not screen.busy
        assert screen.your_turn() or screen.answer["outcome"] is not None

    drive(script, game="chinese-patience", seed=5, opponent="random", pause=0.05)
    assert len(set(shown)) >= 2, "each computer move is drawn before the next"
    assert told == sorted(told) and told[-1] > told[0], "and its sentence joins the log"


def test_chinese_patience_series_totals_at_the_end() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t", "x", "y")  # resign: the computer wins the cards left
        assert isinstance(app.screen, EndScreen)
        assert "Series after game 1: you 0, the computer " in app.screen.text
        assert {"n", "s"} <= set(app.screen.choices)
        assert "d" not in app.screen.choices  # no replay of a deal shared with the computer
        first = screen.view["first"]
        await keys(pilot, "N")  # N: the next game of the series, the other player first
        nxt = table(app)
        assert nxt is not screen
        assert nxt.answer["options"]["first"] == 1 - first
        assert nxt.answer["series"]["number"] == 2
        assert nxt.answer["series"]["totals"][0] == 0
        assert "series: you 0, the computer " in screen_text(app)

    drive(script, game="chinese-patience", seed=5, opponent="random")


def test_two_people_at_one_table_hand_over_the_keyboard() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        notice = app.screen
        assert isinstance(notice, NoticeScreen)
        # the service's words, as the web's cover and parlour play say them (it was the
        # status line, "Player 1's turn: match the ...", which asks the wrong person)
        assert notice.text == "Player 1's turn: pass the screen to Player 1."
        assert notice.go_on == "show Player 1's cards" and notice.keys == {}  # no undo yet
        screen = await take_the_screen(app, pilot)
        assert screen.answer["seat"] == screen.answer["to_move"]
        first = screen.answer["seat"]
        assert "two people at one table" in screen_text(app)
        # the other seat as the service names it (the table had its own "Opponent")
        assert f"Player {2 - first} ▒" in screen_text(app)
        # the scores name the seats as the service does, the near one first (was
        # "you 0  opponent 0": nobody at one table is "you")
        scores = f"hand 1  Player {first + 1} (0), Player {2 - first} (0)  to 500"
        assert scores in screen_text(app)
        await keys(pilot, "d")  # draw, and keep it if it may be played
        if screen.your_turn():
            await keys(pilot, "k")
        notice = app.screen
        assert isinstance(notice, NoticeScreen)
        other = f"Player {2 - first}"
        assert screen.answer["hand_over"]["text"] == notice.text
        assert notice.text == f"{other}'s turn: pass the screen to {other}."
        assert notice.go_on == f"show {other}'s cards"
        await keys(pilot, "enter")
        assert table(app) is screen
        assert screen.answer["seat"] == 1 - first and screen.your_turn()
        # told what the other did meanwhile, the drawn card not named (the service's)
        told = screen.answer["meanwhile"]
        assert told.startswith(f"Player {first + 1} draws a card.") and screen.flash == told
        shown = rendered(app)
        assert not re.search(r"player 0\b", shown, re.IGNORECASE), shown
        # the hand is the seat's the screen shows, named as the service names it (it
        # said "Your hand" at one table, where nobody is "you")
        assert f"Player {2 - first}'s hand (" in shown and "Your hand" not in shown, shown
        assert screen.table.labels["c0"].startswith(f"Player {2 - first}'s ")

    drive(script, game="uno", seed=13, opponent="human")


def test_two_people_at_one_table_undo_by_the_one_rule() -> None:
    """A move can be taken back before the other person moves, not after."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = await take_the_screen(app, pilot)
        first = screen.answer["seat"]
        await keys(pilot, "t", "z")  # twist, end the turn: the other person's turn
        assert isinstance(app.screen, NoticeScreen)
        await keys(pilot, "u")  # the mover takes the end of the turn back first
        assert table(app) is screen and not screen.flash_error
        assert screen.answer["moves_played"] == 1 and screen.your_turn()
        assert screen.answer["seat"] == first
        await keys(pilot, "z", "enter")
        assert screen.answer["seat"] == 1 - first
        # both discard piles are named as the service names the seats, from the side
        # of the seat shown (they were "your" and "opponent's")
        assert f"Player {2 - first}'s discard pile" in screen_text(app)
        assert f"Player {first + 1}'s discard pile" in screen_text(app)
        assert "your discard" not in screen_text(app) and "opponent" not in screen_text(app)
        await keys(pilot, "t", "z", "enter")
        assert screen.answer["seat"] == first
        await keys(pilot, "u")  # the other person has moved since
        assert screen.flash_error and "the other player has moved since" in screen.flash
        assert screen.answer["moves_played"] == 4

    drive(script, game="chinese-patience", seed=5, opponent="human")


def test_uno_cards_colour_prompt_and_counts() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        text = screen_text(app)
        assert "Your hand (7 cards)" in text
        hand = screen.table.hand
        # An illegal card changes nothing and says why.
        playable = {p["source"] for p in screen.moves()}
        wrong = next(i for i, c in enumerate(hand) if c not in playable)
        await keys(pilot, str(wrong + 1))
        assert screen.flash.startswith(f"“{wrong + 1}” is {card_words(hand[wrong])}: it does not")
        assert screen.answer["moves_played"] == 0
        # The Wild asks for the colour: each in words beside its letter, as the web's
        # picker names them (it said "Name the colour: R, G, Y or B" above a list of
        # "Red", "Green", ...: their "[R]" was taken for markup and not shown)
        wild = hand.index("W")
        await keys(pilot, str(wild + 1))
        assert isinstance(app.screen, ColourScreen)
        shown = rendered(app)
        rows = ["[R] red", "[G] green", "[Y] yellow", "[B] blue"]
        assert all(row in shown for row in rows), shown
        assert "R, G, Y or B" not in shown
        await keys(pilot, "g")
        assert table(app) is screen
        assert screen.answer["moves_played"] >= 1
        assert "You play a Wild and choose green." in screen.log_texts()

    drive(script, game="uno", seed=13, opponent="random")


def test_uno_cards_name_their_colour_in_letters_too() -> None:
    """Was: an UNO card was drawn as its value on its colour ("7", "+2"): without
    colours (NO_COLOR, a monochrome terminal) or to a colour-blind player, red 7 and
    green 7 looked alike, where the web app marks each colour with a shape. Each card
    now starts with its colour's letter, as the notation and parlour play write it."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        text = screen_text(app)
        faces = {"G8", "G9", "Y7", "B3", "B6", "W+4"}  # the hand of deal 13
        assert set(screen.table.hand) == {"G8", "G9", "Y7", "B3", "B6", "W4", "W"}
        hand_row = next(line for line in text.splitlines() if "W+4" in line)
        assert faces <= set(hand_row.split()), hand_row
        assert "Y9    Colour in play: yellow" in text  # the discard pile's top card

    drive(script, game="uno", seed=13)


def test_a_choice_between_moves() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        moves = [p for p in screen.moves() if p["source"] == "S"]
        screen.choose(moves[:2])
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await keys(pilot, "2")
        assert table(app).answer["moves_played"] == 1
        assert screen.view["waste"][moves[1]["target"]]

    drive(script, game="calculation", seed=1)


def test_choice_labels_come_from_the_moves_parts() -> None:
    from parlour.tui.tables import table_for

    run = {"move": "T2 T4 3", "source": "T2", "target": "T4", "count": 3, "card": "JS"}
    assert table_for("eight-by-eight").choice_label(run) == "3 cards, from J♠ down"
    pile = {"move": "P5 6", "source": "5", "target": "6", "count": 3, "card": "9H"}
    assert table_for("chinese-patience").choice_label(pile) == "the whole pile (3 cards)"
    wild = {"move": "W4:B uno", "source": "W4", "target": "discard", "count": 1}
    wild |= {"card": "W4", "colour": "B", "uno": True}
    assert table_for("uno").choice_label(wild) == "Wild Draw Four: blue, calling UNO"


# --- the command line and optional packages -----------------------------------------------


def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_cli_without_textual_says_what_to_install() -> None:
    result = _run_python(
        "import sys; sys.modules['textual'] = None\n"
        "from parlour.cli import main\n"
        "sys.exit(main(['tui', 'gate', '--db', ':memory:']))"
    )
    assert result.returncode == 2
    assert 'pip install "parlour[tui]"' in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr


NO_TERMINAL = (
    "parlour: error: parlour tui needs a terminal: use 'parlour play' to play line by line\n"
)


def test_tui_without_a_terminal_refuses_in_one_line(tmp_path: Path) -> None:
    """Was: ``parlour tui gate < /dev/null > out`` wrote the screen's escape codes into
    the file and never ended, waiting for keys. Without a terminal it now says so in
    one line and exits 2, writing nothing else (the real check, in a subprocess)."""
    out = tmp_path / "out"
    with out.open("w") as written:
        result = subprocess.run(
            [sys.executable, "-m", "parlour", "tui", "gate", "--db", ":memory:"],
            stdin=subprocess.DEVNULL,
            stdout=written,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.returncode == 2, result.stderr
    assert result.stderr == NO_TERMINAL
    assert out.read_text() == ""


def test_tui_checks_for_a_terminal_after_its_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A wrong argument is still named as such; right ones without a terminal are
    refused before the table opens (or the store is touched)."""
    from parlour import cli

    started: list[Any] = []
    monkeypatch.setattr(ParlourApp, "run", lambda app: started.append(app))
    monkeypatch.setattr(cli, "_has_terminal", lambda: False)
    assert cli.main(["tui", "nosuch"]) == 2
    assert "unknown game 'nosuch'" in capsys.readouterr().err
    db = tmp_path / "games.db"
    assert cli.main(["tui", "gate", "--db", str(db)]) == 2
    assert capsys.readouterr() == ("", NO_TERMINAL)
    assert not started and not db.exists()
    monkeypatch.setattr(cli, "_has_terminal", lambda: True)
    assert cli.main(["tui", "gate", "--db", ":memory:"]) == 0
    assert len(started) == 1


def test_store_works_without_fastapi() -> None:
    result = _run_python(
        "import sys; sys.modules['fastapi'] = None\n"
        "from parlour.tui.backend import Backend\n"
        "b = Backend(':memory:')\n"
        "a = b.start('gate', 3)\n"
        "a = b.play(a['id'], a['view']['legal_moves'][0])\n"
        "print(a['moves_played'], len(b.saved()))"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1", "1"]


def test_cli_rejects_bad_tui_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["tui", "nosuch"]) == 2
    assert "unknown game 'nosuch'" in capsys.readouterr().err
    assert main(["tui", "gate", "bars=9"]) == 2
    assert main(["tui", "uno", "--opponent", "genius"]) == 2
    assert main(["tui", "--seed", "3"]) == 2


def test_cli_seats_two_people_at_the_terminal_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``parlour tui uno --opponent human`` opens the table for two people, as the README
    says and the games list offers (the command refused it: 'unknown opponent')."""
    from parlour.cli import main

    started: list[Any] = []
    monkeypatch.setattr(ParlourApp, "run", lambda app: started.append(app._first))
    for game in ("uno", "chinese-patience"):
        assert main(["tui", game, "--opponent", "human", "--db", ":memory:"]) == 0
    assert [first[3] for first in started] == ["human", "human"]
    assert main(["tui", "gate", "--opponent", "strong"]) == 2  # was opened, then refused
    assert capsys.readouterr().err.strip() == (
        "parlour: error: gate is a one-player game: it takes no opponent"
    )
    assert len(started) == 2


def test_cli_deals_a_winnable_deal_or_the_deal_of_the_day_at_the_terminal_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``parlour tui gate --winnable`` / ``--daily``, as ``parlour play`` takes them; a
    two-player game, a seed beside them, or no game is refused in the table's words
    before the screen opens."""
    from parlour.cli import main

    started: list[Any] = []
    monkeypatch.setattr(ParlourApp, "run", lambda app: started.append(app._first))
    assert main(["tui", "gate", "--winnable", "--db", ":memory:"]) == 0
    assert main(["tui", "eight-by-eight", "--daily", "--db", ":memory:"]) == 0
    assert [first[5] for first in started] == ["winnable", "daily"]
    capsys.readouterr()
    assert main(["tui", "uno", "--daily"]) == 2
    assert capsys.readouterr().err.strip() == (
        "parlour: error: uno has no winnable deals or deal of the day: only the one-player "
        "patiences do"
    )
    assert main(["tui", "gate", "--winnable", "--seed", "3"]) == 2
    assert "chosen by the table: give no seed or deck" in capsys.readouterr().err
    assert main(["tui", "--daily"]) == 2
    assert len(started) == 2


def test_the_title_names_the_deal_of_the_day() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        await pilot.pause()
        await answered(pilot)
        top = screen_text(app).splitlines()[0]
        assert "The Gate  the deal of the day, " in top, top

    drive(script, game="gate", deal="daily")


def test_a_key_shows_the_rest_of_the_computers_turn_at_once() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t", "z")
        assert screen.busy  # a five-second pause between the computer's moves
        await keys(pilot, "space")
        for _ in range(50):
            if not screen.busy:
                break
            await pilot.pause(0.02)
        assert not screen.busy
        assert screen.your_turn() or screen.answer["outcome"] is not None
        assert any(line.startswith("The computer") for line in screen.log_texts())

    drive(script, game="chinese-patience", seed=5, opponent="random", pause=5)


def test_key_help_fits_an_80_column_terminal() -> None:
    from parlour.tui.screen import COMMON_KEYS, KEYS_PADDING
    from parlour.tui.tables import TABLES

    assert set(TABLES) == set(GAMES)
    everything = {"options": {"w4_challenge": True, "uno_call": True}}
    for cls in TABLES.values():
        moves = [f"{k.key} {k.short or k.label}" for k in game_class(cls.game).move_keys]
        assert len("  ".join([cls().help_line(everything), *moves])) <= 78, cls.game
    # the key bar's padding is on its left only: 79 columns (UNO's "n new match")
    assert len(COMMON_KEYS) <= 80 - KEYS_PADDING


def test_clicking_an_uno_card_plays_it() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        card = next(c for c in screen.table.hand if c in screen.legal())
        name = f"c{screen.table.hand.index(card)}"
        region = screen.query_one(TableView).canvas.regions[name]
        await pilot.click(TableView, offset=(region.x + 1, region.y))
        await answered(pilot)
        assert screen.answer["moves_played"] >= 1
        assert card in screen.view["discard"]
        assert f"You play {card_words(card)}." in screen.log_texts()

    drive(script, game="uno", seed=13, opponent="random")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_statistics_from_the_games_list(tmp_path: Path, size: tuple[int, int]) -> None:
    """``s`` on the games list shows the statistics in ``parlour stats``'s words, the
    deal of the day's line included; escape closes them. Was: the screen drew an
    empty 4x2 box (a scrolling box sized "auto" measured nothing)."""
    db = str(tmp_path / "parlour.db")
    service = open_service(db)
    player = service.local_player()
    answer = service.start(player, "gate", deal="daily")
    service.resign(player, answer["id"])
    answer = service.start(player, "calculation", seed=3)
    service.resign(player, answer["id"])
    expected = stats_lines(service.stats(player))
    service.store.close()

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        assert isinstance(app.screen, ChooserScreen)
        await keys(pilot, "s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.lines == expected
        text = "\n".join(app.screen.lines)
        assert "The Gate" in text and "deal of the day" in text and "All games" in text
        drawn = rendered(app)
        for line in expected:  # every line is drawn, whole, on the screen
            assert line in drawn, drawn
        await keys(pilot, "escape")
        assert isinstance(app.screen, ChooserScreen)

    drive(script, db=db, size=size)


# --- a new user's trial: no frozen screen ----------------------------------------------


def _held(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> threading.Event:
    """Make ``owner.name`` wait (in its worker thread) until the returned event is set,
    as a computer player compiling its code the first time would."""
    release = threading.Event()
    original = getattr(owner, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        release.wait(20)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, held)
    return release


def test_the_computer_players_warm_as_the_app_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: the first hint froze the screen for a minute, and opening UNO ignored Enter
    for 15 s, while numba compiled the computer players. They are warmed in a thread as
    the app starts; the status lines say so, and the keys work meanwhile."""
    import parlour.tui.app as tui_app
    from parlour.tui.screen import PREPARING

    release = threading.Event()
    warmed: list[bool] = []

    def slow_warm() -> dict[str, float]:
        release.wait(20)
        warmed.append(True)
        return {}

    monkeypatch.setattr(tui_app, "compiled", lambda: True)
    monkeypatch.setattr(tui_app, "warm", slow_warm)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        try:
            chooser = app.screen
            assert isinstance(chooser, ChooserScreen) and app.preparing
            assert PREPARING in rendered(app)
            new = chooser.query_one("#new", OptionList)
            await keys(pilot, "down")
            assert new.highlighted == 1  # the list answers keys meanwhile
            await keys(pilot, "up", "enter")
            screen = table(app)  # and a game opens
            assert PREPARING in status_line(app) and PREPARING in rendered(app)
            await keys(pilot, "0", "5")  # and plays
            assert screen.answer["moves_played"] == 1
        finally:
            release.set()
        for _ in range(200):
            if not app.preparing:
                break
            await pilot.pause(0.02)
        assert warmed and not app.preparing
        assert PREPARING not in status_line(app) and PREPARING not in rendered(app)

    drive(script, warm_players=True)


def test_a_slow_hint_says_thinking_and_the_screen_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint is worked out in a worker thread: after a moment the status line says
    "Thinking…"; the pages to read still open, moves wait, then the hint shows."""
    release = _held(monkeypatch, Backend, "hint")

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        try:
            await pilot.press("h")
            await pilot.pause(0.4)
            assert screen.thinking
            assert "Thinking…" in status_line(app) and "Thinking…" in rendered(app)
            await pilot.press("question_mark")  # the screen answers keys
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("0")  # a move waits for the hint
            await pilot.pause()
            assert screen.selected is None and screen.answer["moves_played"] == 0
        finally:
            release.set()
        await answered(pilot)
        assert not screen.thinking and screen.flash.startswith("Hint: ")
        assert "Thinking…" not in rendered(app)

    drive(script, game="calculation", seed=1)


def test_the_computers_reply_is_worked_out_off_the_screens_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = _held(monkeypatch, Backend, "play")

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        card = next(c for c in screen.table.hand if c in screen.legal())
        try:
            screen.submit(card)
            await pilot.pause(0.4)
            # a sentence, in the web app's words (was "the computer is thinking…")
            assert "The computer is thinking…" in status_line(app)
            assert "The computer is thinking…" in rendered(app)
            assert screen.moves() == []  # nothing to pick meanwhile
        finally:
            release.set()
        await answered(pilot)
        assert f"You play {card_words(card)}." in screen.log_texts()
        assert "thinking…" not in status_line(app)

    drive(script, game="uno", seed=13, opponent="random")


def test_a_slow_move_where_no_computer_plays_says_working(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A patience's move, slow to answer, says "Working…", the service's words for a
    table where nobody thinks, as the web app says (it said "Thinking…")."""
    release = _held(monkeypatch, Backend, "play")

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        try:
            screen.submit(screen.legal()[0])
            await pilot.pause(0.4)
            assert screen.answer["working"]["call"] == "Working…"
            assert "Working…" in status_line(app) and "thinking" not in status_line(app)
        finally:
            release.set()
        await answered(pilot)
        assert "Working…" not in status_line(app)

    drive(script, game="calculation", seed=1)


# --- a new user's trial: small things --------------------------------------------------


def test_uno_offers_play_and_keep_only_after_drawing_a_playable_card() -> None:
    """Was: ``[P] play the drawn card  [K] keep it  [S] pass`` were always drawn and in
    the key bar, legal or not."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        for _ in range(30):
            drawn = rendered(app)
            legal = screen.legal()
            playable = any(move.split(":")[0] == "play" for move in legal)
            assert playable == ("[P] play the drawn card" in drawn), drawn
            assert ("keep" in legal) == ("p play drawn  k keep" in key_bar(app)), key_bar(app)
            assert ("pass" in legal) == ("[S] pass" in drawn)
            if "keep" in legal:
                return
            await keys(pilot, "d")
        raise AssertionError("no playable card drawn in 30 draws")

    drive(script, game="uno", seed=13, opponent="random")


def test_the_key_bar_after_the_end_offers_only_keys_that_work() -> None:
    """Was: a finished game's key bar still offered ``u undo  h hint  x resign``."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert "h hint" in key_bar(app) and "x resign" in key_bar(app)
        assert "u undo" not in key_bar(app)  # nothing to undo yet
        await keys(pilot, "x", "y", "escape")
        assert screen.answer["outcome"] is not None and table(app) is screen
        bar = key_bar(app)
        for gone in ("u undo", "h hint", "x resign", "d deal"):
            assert gone not in bar and gone not in rendered(app), bar
        assert "n new deal" in bar and "q quit" in bar

    drive(script, game="gate", seed=2)


@pytest.mark.parametrize(
    ("game", "key", "question", "headline"),
    [
        ("calculation", "x resign", "Resign this deal?", "You resigned."),
        ("uno", "x resign", "Resign this game?", "You resigned."),
    ],
)
def test_the_key_bar_resigns_a_patiences_deal_and_an_uno_game(
    game: str, key: str, question: str, headline: str
) -> None:
    """Resigning in every game, as the rules pages name it (was: ``x give up``, "Give
    up this deal?" and "You gave up." at a patience); the question names what is
    resigned, a patience's deal or a two-player game (the service's ``give_up``
    words)."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        bar = key_bar(app)
        assert key in bar, bar
        assert "give up" not in bar, bar
        await keys(pilot, "x")
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question == question
        await keys(pilot, "y")
        assert isinstance(app.screen, EndScreen) and app.screen.text.startswith(headline)
        assert screen.answer["result"] == "resigned"

    drive(script, game=game, seed=3)


def test_small_words_of_the_games_list_and_the_message_line(tmp_path: Path) -> None:
    """Was: "8 x 8: 1 moves, just now"; "it cannot be taken back" with no full stop; the
    games list's key bar broken in two at 80 columns (``q:`` / ``quit``)."""
    db = str(tmp_path / "parlour.db")
    service = open_service(db)
    answer = service.start(service.local_player(), "eight-by-eight", seed=1)
    service.play(service.local_player(), answer["id"], answer["legal_moves"][0])
    service.store.close()

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        drawn = rendered(app)
        assert "8 x 8: 1 move, just now" in drawn, drawn
        assert "q quit" in drawn.splitlines()[-2:][0] + drawn.splitlines()[-1]
        help_line = [line for line in drawn.splitlines() if "enter play or resume" in line]
        assert help_line and "q quit" in help_line[0], drawn
        await keys(pilot, "tab", "enter")
        screen = table(app)
        screen.tell("the game is over for good: it cannot be taken back", error=True)
        assert screen.flash == "The game is over for good: it cannot be taken back."

    drive(script, db=db)


def test_the_winning_lines_header_counts_its_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: the title line stayed at "move 1" while the winning line played. The
    message line shows the service's counter as it is (it re-cased it, "winning line,
    move 2 of 3"), the terminal adding no words of its own but the label."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        view = screen.view
        steps = [
            {"view": view, "text": f"step {n}", "number": n, "counter": line_counter(n, 3)}
            for n in range(4)
        ]
        monkeypatch.setattr(Backend, "winning_line", lambda self, game_id: steps)
        screen.watch_line()
        for _ in range(200):
            if screen.replaying == 2:
                break
            await pilot.pause(0.01)
        await keys(pilot, "space")  # paused, so that the line holds still to be read
        await pilot.pause()
        shown = screen.replaying  # 2, or 3 on a loaded machine (0.3 s a step)
        assert shown in (2, 3)
        title = rendered(app).splitlines()[0]
        assert title.rstrip().endswith(f"move {shown}"), title
        assert f"Winning line   Move {shown} of 3   step {shown}" in status_line(app)
        await keys(pilot, "escape")  # esc ends the line (space pauses it)
        await settled(app, pilot)
        assert screen.replaying is None
        assert rendered(app).splitlines()[0].rstrip().endswith("move 0")

    drive(script, game="calculation", seed=1, pause=0.3)


async def until(pilot: Pilot, check: Callable[[], bool], seconds: float = 5) -> None:
    """Wait until ``check()`` holds, for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds} s")
        await pilot.pause(0.01)


def test_the_winning_line_can_be_paused_stepped_and_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Was: the winning line played at the computer's pace and any key ended it, so
    the winning position was never seen and a line of 280 moves took two minutes.
    As in the web app: space pauses (the counter holds still) and plays on, → and ←
    step (pausing), end goes to the last move, + and - (or 1, 2, 4) set the speed,
    the key bar shows these keys, and esc goes back to the end panel."""
    total = 30

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "x", "y")  # the deal given up: the end panel
        assert isinstance(app.screen, EndScreen)
        await keys(pilot, "escape")
        game_view = screen.view
        steps = [
            {
                "view": game_view,
                "text": f"step {n}",
                "number": n,
                "total": total,
                "counter": line_counter(n, total),
            }
            for n in range(total + 1)
        ]
        monkeypatch.setattr(Backend, "winning_line", lambda self, game_id: steps)
        screen.watch_line()
        line = screen.line
        assert line is not None and line.playing and screen.replaying == 0
        assert "Winning line   The deal   step 0" in status_line(app)
        # the log follows the line, as the web app's does (it kept "You resign.")
        assert screen.log_texts() == ["step 0"]
        bar = key_bar(app)
        for shown in ("space pause", "←/→ step", "end last move", "+/- speed 1×", "esc back"):
            assert shown in bar, bar
        assert len(bar) <= 78
        await until(pilot, lambda: (screen.replaying or 0) >= 1)
        await keys(pilot, "space")  # pause: the counter holds still
        assert not line.playing and "space play" in key_bar(app)
        held = screen.replaying
        assert held is not None and held < total
        await pilot.pause(0.5)  # more than two moves' time
        assert screen.replaying == held
        assert f"Winning line   {line_counter(held, total)}   step {held}" in status_line(app)
        assert screen.log_texts() == [f"step {n}" for n in range(held + 1)]
        await keys(pilot, "space")  # and play on
        await until(pilot, lambda: screen.replaying != held)
        await keys(pilot, "left")  # a step back pauses the line
        assert not line.playing
        at = screen.replaying
        assert at is not None
        await keys(pilot, "right")
        assert screen.replaying == at + 1 and not line.playing
        await keys(pilot, "left", "left")
        assert screen.replaying == at - 1
        assert screen.log_texts()[-1] == f"step {at - 1}"  # a step back: its moves only
        await pilot.pause(0.3)
        assert screen.replaying == at - 1  # still paused
        await keys(pilot, "end")  # the winning position, and it stays there
        assert screen.replaying == total
        assert f"Winning line   Move {total} of {total}   step {total}" in status_line(app)
        assert "space play again" in key_bar(app)
        await keys(pilot, "right")  # nothing beyond the end
        assert screen.replaying == total
        await pilot.pause(0.3)
        assert screen.replaying == total and table(app) is screen
        rendered_top = rendered(app).splitlines()[0].rstrip()
        assert rendered_top.endswith(f"move {total}"), rendered_top
        await keys(pilot, "plus", "plus", "plus")  # faster, up to 4×
        assert line.speed == 4 and "+/- speed 4×" in key_bar(app)
        await keys(pilot, "minus")
        assert line.speed == 2
        await keys(pilot, "1")
        assert line.speed == 1
        # played again from the deal (its moves slowed, so that a loaded machine does
        # not see it step on before the check: it saw move 1, once move 4)
        screen.parlour.pause = 30.0
        await keys(pilot, "space")
        assert line.playing and screen.replaying == 0
        await keys(pilot, "escape")  # back to the end of the game: its panel
        assert screen.line is None and screen.replaying is None and not screen.busy
        assert screen.view == game_view
        assert "step 0" not in screen.log_texts()  # the game's own log again
        assert screen.log_texts()[-1].startswith("You resign"), screen.log_texts()
        panel = app.screen
        assert isinstance(panel, EndScreen), type(panel).__name__
        assert "d" in panel.choices
        await pilot.pause(0.3)  # the line plays no more
        assert screen.view == game_view and app.screen is panel

    drive(script, game="calculation", seed=1, pause=0.1)


def test_the_winning_line_at_speed_reaches_its_end_and_waits_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Played through, the line stops on its last move (the winning position) until
    esc; at 4× a line that takes 8 seconds at 1× is over in about 2."""
    total = 8

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        steps = [
            {"view": screen.view, "text": "", "number": n, "counter": line_counter(n, total)}
            for n in range(total + 1)
        ]
        monkeypatch.setattr(Backend, "winning_line", lambda self, game_id: steps)
        screen.watch_line()
        await keys(pilot, "4")
        await until(pilot, lambda: screen.replaying == total, seconds=5)
        assert screen.line is not None and not screen.line.playing
        await pilot.pause(0.6)
        assert screen.replaying == total
        await keys(pilot, "escape")
        assert screen.replaying is None

    drive(script, game="calculation", seed=1, pause=1.0)


# --- how cards look: a Ten is "10", and every board fits 80 columns -----------------

#: A Ten as the notation types it, drawn as a card ("T♦"): never on a board.
NOTATION_TEN = re.compile(r"T[♣♦♥♠]")
#: The longest run a bar, a row or a pile may hold: King down to Ace, a Ten among them.
RUN = ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H", "AS"]
DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def test_card_faces_write_a_ten_as_people_do() -> None:
    from parlour.tui.cards import CARD_WIDTH, card_face, rank_face
    from parlour.tui.tables import table_for

    assert card_face("TD") == "10♦" and card_face("QH") == " Q♥" and card_face("AS") == " A♠"
    assert {len(card_face(c)) for c in DECK} == {CARD_WIDTH}
    assert rank_face("T") == "10" and rank_face("J") == "J"
    run = {"move": "T1 T4 3", "source": "T1", "target": "T4", "count": 3, "card": "TS"}
    assert table_for("eight-by-eight").choice_label(run) == "3 cards, from 10♠ down"


@pytest.mark.parametrize(
    ("name", "ten"), [("gate", "10♦"), ("eight-by-eight", "10♥"), ("calculation", " 9 10 J ")]
)
def test_a_ten_is_drawn_as_10_on_the_board(name: str, ten: str) -> None:
    """The Gate's right post and 8 x 8's T7 start with a Ten (seed 3); Calculation's
    calculator names the Ten in every row."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        text = screen_text(app)
        assert ten in text, text
        assert not NOTATION_TEN.search(rendered(app)), rendered(app)
        assert table(app).query_one(TableView).canvas.overflow == []

    drive(script, game=name, seed=3)


def crowded(name: str, view: dict[str, Any]) -> dict[str, Any]:
    """A view with every pile as long as a game lets it grow, Tens among the cards."""
    view = json.loads(json.dumps(view))
    if name == "calculation":
        view["foundations"] = {f"F{i}": ["TD"] for i in range(1, 5)}
        view["waste"] = {f"W{i}": DECK[:30] for i in range(1, 5)}
        view["current"] = "TC"
    elif name == "gate":
        view["piles"] = {pile: RUN for pile in view["piles"]} | {"L": RUN[:5], "R": RUN[3:8]}
        view["waste"] = DECK[:34]
        view["foundations"] = {f"F{i}": "TD" for i in range(1, 5)}
    elif name == "eight-by-eight":
        view["rows"] = [{**row, "face_down": 7, "face_up": RUN} for row in view["rows"]]
        view["foundations"] = [{**pile, "top": "TH"} for pile in view["foundations"]]
        view["pending"], view["waste"] = "TD", DECK[:40]
    elif name == "chinese-patience":
        view["foundations"] = ["TC", "TD", "TH", "TS"]
        view["tableau"] = [RUN] * 4
        view["pile_0"], view["pile_9"], view["hand_counts"] = DECK[:26], DECK[26:], [26, 26]
    else:
        view["hand"] = [c + v for c in "RGYB" for v in "0123456789SD"][:40] + ["W", "W4"]
        view["opponent_cards"] = 40
    return view


@pytest.mark.parametrize("width", [80, 120])
def test_every_board_fits_the_terminal_with_its_piles_at_their_longest(width: int) -> None:
    """Three-cell cards (a Ten's "10♦") run off no board, however long its piles; 8 x 8,
    the widest, shows every row's thirteen face-up cards, and no "T♦" anywhere."""
    from parlour.service.policy import numbered
    from parlour.tui.canvas import Canvas
    from parlour.tui.tables import table_for

    backend = Backend(":memory:")
    boards: dict[str, str] = {}
    for name in GAMES:
        opponent = "random" if name in ("uno", "chinese-patience") else None
        answer = backend.start(name, seed=3, opponent=opponent)
        canvas = Canvas(width, 40)
        view = crowded(name, answer["view"])
        table_for(name).draw(canvas, view, {**answer, "view": view, "numbered": numbered(view)})
        text = boards[name] = canvas.plain()
        assert canvas.overflow == [], (name, canvas.overflow)
        assert all(r.x + r.width <= width for r in canvas.regions.values()), name
        assert all(len(line) <= width for line in text.splitlines()), name
        assert not NOTATION_TEN.search(text), text
        if name != "uno":
            assert "10♥" in text or "10♦" in text, text
    backend.close()
    rows = [line for line in boards["eight-by-eight"].splitlines() if re.match(r" T[1-8] ", line)]
    assert len(rows) == 8, boards["eight-by-eight"]
    for row in rows:
        assert row.endswith(" K♠  Q♥  J♠ 10♥  9♠  8♥  7♠  6♥  5♠  4♥  3♠  2♥  A♠"), row


# --- cards by number: the terminal table and parlour play agree --------------------------


def test_uno_cards_are_numbered_as_parlour_play_numbers_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the table sorted the hand its own way (a Wild Draw Four before a Wild) and
    numbered it by keys 1-9 then 0, with no number on screen; ``parlour play`` numbers
    the service's hand 1, 2, ... and refuses 0. Deal 13 holds both Wilds: card 6 is the
    Wild in ``parlour play`` and was the Wild Draw Four here. Both now number the
    service's ``numbered`` list, drawn over the cards."""
    from parlour.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "uno", "--seed", "13", "--opponent", "random", "--db", ":memory:"]
    main([*argv, "--colour", "never"])
    out = capsys.readouterr().out
    told = " ".join(out.split("Cards by number: ", 1)[1].split("\nYour turn")[0].split())
    assert "6: Wild, 7: Wild Draw Four" in told, told

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        hand = screen.answer["numbered"]
        assert told == ", ".join(f"{n}: {card_words(card)}" for n, card in enumerate(hand, 1))
        lines = screen_text(app).splitlines()
        numbers = next(
            i for i, line in enumerate(lines) if line.split() == ["1", "2", "3", "4", "5", "6", "7"]
        )
        faces = lines[numbers + 1]
        assert faces.split()[5:] == ["W", "W+4"], faces
        assert "1-7 card  d draw" in key_bar(app)
        await keys(pilot, "0")
        assert screen.flash_error
        assert screen.flash == "There is no card 0: your cards are numbered 1 to 7."
        await keys(pilot, "6")
        assert isinstance(app.screen, ColourScreen)  # the Wild, card 6 of parlour play too
        assert "You hold" not in rendered(app)  # a Wild is never wrong
        await keys(pilot, "escape")
        await keys(pilot, "7")
        assert isinstance(app.screen, ColourScreen)
        # the Wild Draw Four held with yellow 7 on yellow: the service's warning is read
        # where its colour is named (was: the penalty came unannounced)
        boxed = [line.split("│")[1] for line in rendered(app).splitlines() if line.count("│") == 2]
        said = " ".join(" ".join(boxed).split())
        warning = "You hold a yellow card: a Wild Draw Four now is penalised: you take it back"
        assert said.startswith(f"{warning}, draw four and lose your turn. Name the colour"), said
        await keys(pilot, "b")
        assert screen.log_texts()[1].startswith("You play a Wild Draw Four and choose blue.")

    drive(script, game="uno", seed=13, opponent="random")


def test_every_card_of_a_long_uno_hand_has_its_number_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: keys 1-9 and 0 reached ten cards; an eleventh had no key. A hand of ten or
    more takes two digits (``1`` ``3``: card 13); a digit that may begin a longer
    number waits a moment for the next one (or Enter takes it at once, esc drops it),
    and a number past the hand says how the cards are numbered."""
    import parlour.tui.screen as screen_module

    # long enough that a loaded machine (two CI workers, load 12) types "1" "4" as one
    # number: at 0.5 s the "1" was once taken alone before the "4" came
    monkeypatch.setattr(screen_module, "NUMBER_WAIT", 2.0)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        for _ in range(40):  # draw (keeping what could be played) until the hand is long
            if len(screen.answer["numbered"]) >= 13 and screen.your_turn():
                break
            await keys(pilot, "k" if "keep" in screen.legal() else "d")
        hand = screen.answer["numbered"]
        count = len(hand)
        assert 13 <= count < 19 and screen.your_turn(), hand
        assert f"1-{count} card" in key_bar(app)
        assert re.search(rf"(?m)^ +1 +2 +3 .* {count} *$", screen_text(app))
        picked: list[str] = []
        activate = screen.activate
        screen.activate = lambda name, typed="": picked.append(name)  # type: ignore[method-assign]
        await keys(pilot, "1")
        assert screen.number == "1" and screen.flash.startswith("card 1_"), screen.flash
        await keys(pilot, "3")
        await keys(pilot, "1", "enter")
        await keys(pilot, "1", "escape")
        assert not screen.flash and isinstance(app.screen, TableScreen)
        await keys(pilot, "1")
        await pilot.pause(2.5)  # no second digit: card 1
        assert picked == ["c12", "c0", "c0"]
        await keys(pilot, *str(count + 1))
        said_past = f"There is no card {count + 1}: your cards are numbered 1 to {count}."
        assert screen.flash == said_past and picked == ["c12", "c0", "c0"]
        screen.activate = activate  # type: ignore[method-assign]
        # A card past the ninth, played by its number.
        playable = {str(p["source"]) for p in screen.moves() if not p.get("colour")}
        number = max(n for n, card in enumerate(hand, 1) if card in playable)
        await keys(pilot, *str(number), *([] if number >= 10 else ["enter"]))
        played = next(t for t in screen.log_texts() if t.startswith("You play"))
        assert played.startswith(f"You play {card_words(hand[number - 1])}"), played

    drive(script, game="uno", seed=13, opponent="random")


def test_the_rules_page_lists_the_keys_of_the_table_it_was_opened_at() -> None:
    """Was: ``?`` showed the rules and ``parlour play``'s help, where moves are typed
    (``R7``, ``draw``), and no word of the keys at this table (the digits, ``d``)."""
    from parlour.tui.dialogs import rules_markdown

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        assert page.keys.splitlines()[0] == "1-7 card  d draw", page.keys
        text = rules_markdown(page.game_name, page.keys, page.numbered)
        assert text.index("## Keys at this table") < text.index("## Help")
        assert "From ten cards on, type two digits" in text

    drive(script, game="uno", seed=13, opponent="random")
    assert "## Keys at this table" not in rules_markdown("uno")  # from the games list
    assert "two digits" not in rules_markdown("gate", "d deal")


# --- one-word moves' keys and the piles: the terminal table and parlour play agree -------


def test_the_one_word_moves_keys_are_the_games_and_mean_nothing_else() -> None:
    """Each game declares its one-word moves' keys once (``move_keys``), which the
    terminal table and ``parlour play`` both read: a key is one lower-case letter, a
    move of the game, and none is a common key of either front end or a key of the
    game's table (its piles), so a letter means one thing at both. Where the engine
    reads the letter itself (Chinese Patience's ``T`` and ``Z``, the original's), it
    reads the same move."""
    from parlour.cli import COMMAND_KEYS, GIVE_UP_KEY
    from parlour.core.protocol import normalize_move_text
    from parlour.errors import InvalidMoveError
    from parlour.tui.screen import COMMON_KEYS
    from parlour.tui.tables import TABLES

    common = {k.split()[0] for k in COMMON_KEYS.split("  ")}
    common |= set(COMMAND_KEYS) | {GIVE_UP_KEY, "q"}
    declared = 0
    for name in GAMES:
        cls = game_class(name)
        keys = [k.key for k in cls.move_keys]
        assert len(keys) == len(set(keys)), name
        state = parlour.new_game(name, seed=3).state
        for key in cls.move_keys:
            declared += 1
            assert len(key.key) == 1 and key.key.isalpha() and key.key.islower(), key
            assert key.key not in common and key.key not in TABLES[name].keys, key
            assert key.move in cls.every_move(), key
            with contextlib.suppress(InvalidMoveError):
                assert state.canonicalize(normalize_move_text(key.key)) == key.move, key
    assert declared == 11


def test_the_rules_page_lists_every_key_parlour_play_does_and_the_tables_piles() -> None:
    """Was: the ``?`` page listed the keys of the buttons on the table now (UNO's ``d``
    only), where ``parlour play``'s help lists every one-word move's key, and no
    word of what the table's piles are called. It lists the keys working now, then
    the others, once their move can be played; then each pile drawn, by the name the
    moves and the table give it, with its long name (the service's ``piles``, the web
    table's tooltips): not The Gate's T4 and B4 at a table of 3-card bars."""
    from parlour.cli import move_keys_help
    from parlour.tui.dialogs import rules_markdown

    def listed_keys(text: str) -> set[str]:
        return set(re.findall(r"(?:^|  )([a-z]) (?=[a-z])", text, re.MULTILINE))

    async def uno(app: ParlourApp, pilot: Pilot) -> None:
        answer = table(app).answer
        await keys(pilot, "question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        lines = page.keys.splitlines()
        assert lines[0] == "1-7 card  d draw", page.keys
        later = "p play drawn  k keep  s pass  c challenge  a accept  g catch"
        assert lines[1] == f"{later}  (once they can be played)", page.keys
        at_play = {line.split()[0] for line in move_keys_help(answer).splitlines()}
        assert at_play == {"d", "p", "k", "s", "c", "a", "g"}
        assert at_play <= listed_keys(page.keys)
        assert page.piles == {} and "## Piles" not in rules_markdown("uno", page.keys)

    drive(uno, game="uno", seed=13, opponent="random", options=EVERY_UNO_OPTION)

    async def gate(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        assert set(page.piles) == {"L", "R", "S", "W"} | {
            f"{p}{i}" for p in "TB" for i in (1, 2, 3)
        } | {f"F{i}" for i in range(1, 5)}
        text = rules_markdown(page.game_name, page.keys, page.numbered, page.piles)
        assert text.index("## Keys at this table") < text.index("## Piles at this table")
        assert text.index("## Piles at this table") < text.index("## Help")
        assert "\nT1  pile 1 of the top bar\n" in text and "\nL   the left post\n" in text
        assert "d deal" in page.keys

    drive(gate, game="gate", seed=3, options={"bars": 3})

    async def patience(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        assert page.piles["0"] == "your discard pile"
        assert page.piles["9"] == "the computer's discard pile"
        assert "t twist  z end turn" in page.keys

    drive(patience, game="chinese-patience", seed=3, opponent="random")


#: Every option of UNO's that adds a button.
EVERY_UNO_OPTION = {"w4_challenge": True, "uno_call": True}


def test_the_uno_boards_lines_start_with_a_capital() -> None:
    """Was: "colour in play: yellow" and "discard pile: 1 card", where every other line
    of the board ("The computer", "Your hand") starts with a capital."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        text = screen_text(app)
        assert "Colour in play: yellow" in text and "Discard pile: 1 card" in text, text
        starts = [line.strip()[:1] for line in text.splitlines() if line.strip()]
        assert not [s for s in starts if s.isalpha() and s.islower()], text

    drive(script, game="uno", seed=13, opponent="random")


def test_the_gates_key_bar_names_only_the_bar_piles_the_deal_has() -> None:
    """Was: "1-4 T1-T4  5-8 B1-B4" at a table of 3-card bars, where key 4 then said
    "T4: no move from here." of a pile the game does not lay out. The legend and the
    keys follow the piles the game's view lays out; a pile keeps its key (5 is B1)."""

    async def three(app: ParlourApp, pilot: Pilot) -> None:
        bar = key_bar(app)
        assert "1-3 T1-T3  5-7 B1-B3  9 L  0 R  w W  f F" in bar, bar
        assert "T4" not in bar and "B4" not in bar
        screen = table(app)
        for key in ("4", "8"):
            await keys(pilot, key)
            assert "T4" not in screen.flash and "B4" not in screen.flash, screen.flash
        await keys(pilot, "5")
        assert screen.cursor == "B1"

    drive(three, game="gate", seed=3, options={"bars": 3})

    async def four(app: ParlourApp, pilot: Pilot) -> None:
        assert "1-4 T1-T4  5-8 B1-B4  9 L  0 R  w W  f F" in key_bar(app)

    drive(four, game="gate", seed=3)


def test_question_mark_gives_help_first_as_parlour_play_does() -> None:
    """Was: ``?`` printed the help in ``parlour play`` (and the keys on the web table)
    but opened the rules page at the terminal table, its keys and help after the
    whole rules. At a table ``?`` is help, as there: the keys, the piles and the help
    text first, then the rules (a level down); from the games list it is the rules."""
    from parlour.tui.dialogs import rules_markdown

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        # the key bar names it as the web table's button does, "Keys", the page's first part
        assert "? keys" in key_bar(app) and "? rules" not in key_bar(app)
        await keys(pilot, "question_mark")
        page = app.screen
        assert isinstance(page, RulesScreen)
        text = rules_markdown(page.game_name, page.keys, page.numbered, page.piles)
        heads = re.findall(r"^#+ .*", text, re.MULTILINE)
        assert heads[:5] == [
            "# The Gate",
            "## Keys at this table",
            "## Piles at this table",
            "## Help",
            "## Rules",
        ], heads
        assert "### Lay-out and pile names" in heads and "## Posts" not in heads
        assert "`?` (or `help`)" in text
        assert str(page.query_one(VerticalScroll).border_title).startswith("Help and rules")

    drive(script, game="gate", seed=3)
    listed = rules_markdown("gate")  # the games list's ?: the rules, then the help
    assert listed.startswith("# The Gate") and listed.index("## Posts") < listed.index("## Help")


def test_chinese_patience_shows_each_seat_its_own_hand_at_one_table() -> None:
    """Was: the table drew the hands' counts by position, not by seat (seat 0's as the
    reader's, seat 1's as the other's), so at two people at one table Player 2 read
    Player 1's hand (21 cards after a twist) as their own (22), and the other way
    round; and an empty hand was drawn as a card back beside "0"."""
    from parlour.tui.canvas import Canvas
    from parlour.tui.tables import table_for

    backend = Backend(":memory:")
    answer = backend.start("chinese-patience", seed=3, opponent="human", options={"first": 0})
    service, player, gid = backend.service, backend.player, answer["id"]
    service.play(player, gid, "twist", 0)
    service.play(player, gid, "end", 0)
    second = service.get(player, gid, 1)
    assert second["view"]["hand_counts"] == [21, 22]
    canvas = Canvas(80, 24)
    table_for("chinese-patience").draw(canvas, second["view"], second)
    text = canvas.plain()
    assert re.search(r"Player 1's discard pile +hand \S+ 21\b", text), text
    assert re.search(r"Player 2's discard pile +hand \S+ 22\b", text), text
    view = {**second["view"], "hand_counts": [21, 0]}
    canvas = Canvas(80, 24)
    table_for("chinese-patience").draw(canvas, view, {**second, "view": view})
    assert not re.search(r"hand \S+ 0\b", canvas.plain()), canvas.plain()
    backend.close()


def test_the_waiting_words_are_the_web_apps_sentences(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: "the solver looks at this deal …" while the verdict was worked out (the web
    app: "The solver is looking at this deal…"), and "thinking…", "the computer is
    thinking…", "preparing the computer players…" in lower case."""
    from parlour.tui import screen as tui_screen

    # "Thinking…" and "The computer is thinking…" are the service's now (the
    # answer's ``working``): see the two tests of a slow hint and a slow reply
    assert tui_screen.PREPARING == "Preparing the computer players…"
    release = _held(monkeypatch, Backend, "verdict")

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "x", "y")
        assert isinstance(app.screen, EndScreen)
        try:
            await keys(pilot, "v")
            assert table(app).flash == "The solver is looking at this deal…"
        finally:
            release.set()
        await answered(pilot)

    drive(script, game="calculation", seed=1)


def test_a_refused_move_is_told_in_the_tables_one_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a card pressed that could not be played (UNO, deal 7: R0 on the blue 7) was
    told the rules' whole message, the notation's advice and every legal move in move
    codes ("...; play a matching card or a Wild, or draw; legal moves: BD, draw."),
    where the web app and parlour play say the table's one sentence. Then the sentence
    quoted the card's code, "“R0” is not legal now: ...", typed by nobody: the key was
    1. It quotes the key and names the card in words, as ``parlour play`` says it of
    the number typed there; Enter on the card (no key typed) names it alone."""
    from parlour.cli import main

    said = "“1” is red 0: it does not match the top card blue 7 (colour in play: blue)."
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    main(["play", "uno", "--seed", "7", "--opponent", "random", "--db", ":memory:"])
    assert f"! {said}\n" in capsys.readouterr().out

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        assert screen.answer["numbered"][0] == "R0"
        await keys(pilot, "1")
        assert screen.flash_error and screen.answer["moves_played"] == 0
        assert screen.flash == said, screen.flash
        await keys(pilot, "enter")  # the cursor is on card 1 now
        assert screen.flash_error and screen.answer["moves_played"] == 0
        expected = "Red 0 does not match the top card blue 7 (colour in play: blue)."
        assert screen.flash == expected, screen.flash

    drive(script, game="uno", seed=7, opponent="random")


def test_an_uno_skip_shows_the_webs_symbol() -> None:
    """Was: a Skip's face read "RS" (the notation's letter) where the web's card shows
    ⊘; now "R⊘", the colour's letter then the web's face, as "B+2" and "W+4" are."""
    from parlour.tui.cards import uno_face

    assert [uno_face(c) for c in ("R7", "GS", "BD", "W", "W4")] == ["R7", "G⊘", "B+2", "W", "W+4"]

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        assert table(app).answer["numbered"][:3] == ["R0", "R6", "RS"]  # deal 7
        hand_row = next(line for line in screen_text(app).splitlines() if "R0" in line)
        assert hand_row.split()[:3] == ["R0", "R6", "R⊘"], hand_row

    drive(script, game="uno", seed=7, opponent="random")


def test_the_help_page_fits_its_code_blocks_to_the_screen() -> None:
    """Was: the help page (``?``) showed the game's help text as written, to 92 columns,
    in a block that is cut, not wrapped, at about 70 columns on an 80-column screen
    (UNO's "first=0|1 (first hand's starter; d"). Its lines are wrapped to what the
    block shows; the words are all there."""
    from textual.widgets import Markdown

    from parlour.tui.dialogs import PAGE_MARGINS

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        page = app.screen.query_one(Markdown).source
        blocks = page.split("```")[1::2]
        assert all(len(line) <= 80 - PAGE_MARGINS for b in blocks for line in b.splitlines())
        assert " ".join(game_class("uno").help_text.split()) in " ".join(page.split())

    drive(script, game="uno", seed=3, opponent="random")


def test_the_help_pages_keys_and_piles_keep_their_lines_and_entries_whole() -> None:
    """Review: the keys' three lines (the table's own, the waiting moves', the common
    ones) were wrapped as one paragraph at 80 columns (68 in the block): "0 stock 1-4" /
    "F 5-8 W h hint", an entry split and the lines run together. Each line is fitted
    on its own, broken only between entries; each pile's row on its own too."""
    from parlour.tui.dialogs import rules_markdown

    own = "space: current card to cursor  enter: pile, then target  0 stock  1-4 F  5-8 W"
    common = "h hint  u undo  x resign  n new  l log  ? help  esc games  q quit"
    piles = {f"T{i}": f"row {i} of the tableau, face-down cards under one face up" for i in (1, 2)}
    page = rules_markdown("calculation", f"{own}\n{common}", piles=piles, width=40)
    keys_block, piles_block = page.split("```")[1::2][:2]
    lines = keys_block.strip("\n").split("\n")
    assert all(len(line) <= 40 for line in lines), lines
    for text in (own, common):  # every entry whole on one line, in order
        entries = text.split("  ")
        assert [e for line in lines for e in line.split("  ") if e in entries] == entries
    assert not any(e in line for e in common.split("  ") for line in lines[:2])  # own first
    rows = piles_block.strip("\n").split("\n")
    assert [r.split()[0] for r in rows if not r.startswith(" ")] == ["T1", "T2"], rows


@pytest.mark.parametrize(
    ("name", "empty"),
    [
        ("gate", lambda view: view["piles"].update(T1=[])),
        ("eight-by-eight", lambda view: view["rows"][0].update(face_down=0, face_up=[])),
        ("chinese-patience", lambda view: view["tableau"].__setitem__(0, [])),
    ],
)
def test_every_table_draws_an_empty_pile_alike(name: str, empty: Callable[[Any], Any]) -> None:
    """Was: a bar of The Gate, a row of 8 x 8 or a pile of Chinese Patience with no
    card was drawn as nothing, where the stock, the waste and the foundations were
    dotted: now every empty pile is the dotted ``EMPTY_PLACE``."""
    from parlour.tui.canvas import Canvas
    from parlour.tui.cards import EMPTY_PLACE
    from parlour.tui.tables import table_for

    service = open_service(":memory:")
    player = service.local_player()
    opponent = "random" if game_class(name).players == 2 else None
    answer = service.start(player, name, seed=1, opponent=opponent)
    view = json.loads(json.dumps(answer["view"]))
    empty(view)
    canvas = Canvas(80, 24)
    drawn = table_for(name)
    drawn.draw(canvas, view, dict(answer))
    pile = {"gate": "T1", "eight-by-eight": "T1", "chinese-patience": "5"}[name]
    region = canvas.regions[pile]
    row = canvas.plain().splitlines()[region.y]
    assert EMPTY_PLACE in row, row


def test_a_known_wild_draw_four_is_named_in_words() -> None:
    """Was: "(1 W+4 known)" beside the other hand's backs, a card's face written where
    no card is drawn; a card is named in words wherever it is not a face, as the log
    names it."""
    from parlour.tui.canvas import Canvas
    from parlour.tui.tables import table_for

    service = open_service(":memory:")
    answer = service.start(service.local_player(), "uno", seed=13, opponent="random")
    view = json.loads(json.dumps(answer["view"])) | {"opponent_known": ["W4"]}
    canvas = Canvas(80, 24)
    table_for("uno").draw(canvas, view, dict(answer))
    row = canvas.plain().splitlines()[2]
    assert "(known: a Wild Draw Four)" in row and "W+4" not in row, row


@pytest.mark.parametrize(
    ("name", "buttons"), [("chinese-patience", ["[T]", "[Z]"]), ("uno", ["[D]"])]
)
def test_a_finished_game_draws_none_of_its_move_buttons(name: str, buttons: list[str]) -> None:
    """Was: once a Chinese Patience game was over (won, lost or resigned), the table
    still drew its greyed "[T] twist  [Z] end turn" though no move was left to play
    (UNO's greyed "[D] draw" likewise). The buttons go with the end, as the web table's
    do; in play they are drawn."""
    from parlour.tui.canvas import Canvas
    from parlour.tui.tables import table_for

    backend = Backend(":memory:")
    answer = backend.start(name, seed=3, opponent="random")
    service, player, gid = backend.service, backend.player, answer["id"]
    playing = service.get(player, gid)
    canvas = Canvas(80, 24)
    table_for(name).draw(canvas, playing["view"], dict(playing))
    assert all(b in canvas.plain() for b in buttons), canvas.plain()
    over = service.resign(player, gid)
    assert over["outcome"] is not None
    canvas = Canvas(80, 24)
    table_for(name).draw(canvas, over["view"], dict(over))
    assert not any(b in canvas.plain() for b in buttons), canvas.plain()
    backend.close()


def test_the_last_cards_go_home_by_themselves() -> None:
    """Once nothing is hidden and every card left goes home in turn (the answer's
    ``finish``), the web table sent them home by itself and the terminal table left
    the person to move each of them (35 of a won Gate's): now they go after the move
    that offers them, the log gets every move, the message line says so in the
    service's words, and the end panel follows."""
    from test_finishing_line import moves_to_the_finish

    typed, left = moves_to_the_finish("gate", 2)

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        for move in typed:
            screen.submit(move)
            await answered(pilot)
        assert screen.flash == f"The last {left} cards go to the foundations by themselves."
        assert screen.answer["result"] == "won"
        assert screen.answer["moves_played"] == len(typed) + left
        # each card's move told, as the service's log of the game tells it
        told = [e["text"] for e in app.backend.get(screen.game_id)["log"] if e["text"]]
        assert screen.log_texts()[-left:] == told[-left:]
        assert len(screen.entries) == len(app.backend.get(screen.game_id)["log"])
        assert isinstance(app.screen, EndScreen)
        # a game opened where its finish is offered (left during it, or saved there)
        # sends its cards home as the table opens, where it waited for a move
        ready = app.backend.start("gate", 2)
        for move in typed:
            ready = app.backend.play(ready["id"], move)
        assert ready["finish"], "the position offers the finish"
        app.resume_game(ready["id"])
        await pilot.pause()
        await answered(pilot)
        reopened = table(app) if isinstance(app.screen, TableScreen) else app.screen_stack[-2]
        assert isinstance(reopened, TableScreen) and reopened.game_id == ready["id"]
        assert reopened.answer["result"] == "won", reopened.answer["status"]
        assert reopened.flash == f"The last {left} cards go to the foundations by themselves."

    drive(script, game="gate", seed=2)
