"""The terminal card table, driven by Textual's pilot: every game opens at 80x24,
legal moves play, illegal ones change nothing, undo, a finished game, saving and
resuming through the store the web app shares."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual", reason="the terminal table needs the 'tui' extra (Textual)")

import parlour  # noqa: E402
from parlour.service.words import card_words  # noqa: E402
from parlour.tui.app import ParlourApp  # noqa: E402
from parlour.tui.backend import Backend, open_service  # noqa: E402
from parlour.tui.chooser import ChooserScreen  # noqa: E402
from parlour.tui.dialogs import ChoiceScreen, ColourScreen, EndScreen, RulesScreen  # noqa: E402
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
    """Run the app headless with a pilot script; computer moves without pauses."""
    kwargs.setdefault("pause", 0)
    app = ParlourApp(db, game, **kwargs)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(run())
    return app


def table(app: ParlourApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), f"expected the table, got {type(screen).__name__}"
    return screen


def screen_text(app: ParlourApp) -> str:
    return table(app).query_one(TableView).canvas.plain()


async def keys(pilot: Pilot, *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)


# --- every game ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_game_opens_at_its_table(name: str, size: tuple[int, int]) -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        view = screen.query_one(TableView)
        canvas = view.canvas
        assert view.size.width == size[0] and canvas.width == size[0]
        assert canvas.height <= size[1] - 3  # the message and key lines fit below
        assert canvas.regions, "the table names its piles"
        for region in canvas.regions.values():
            assert region.x + region.width <= canvas.width
            assert region.y + region.height <= canvas.height
        title = parlour.core.game_class(name).title
        assert canvas.text_at(0).strip().startswith(title)
        assert screen.answer["game"] == name
        assert any(ch in canvas.plain() for ch in "♣♦♥♠") or name == "uno"

    drive(script, game=name, seed=3, size=size)


def test_tables_show_what_the_rules_page_lays_out() -> None:
    expected = {
        "calculation": ["F1", "F4", "W1", "W4", "current card", "by 3"],
        "gate": ["L", "R", "T1", "B4", "Top bar", "Second bar", "S ▒▒ 34"],
        "eight-by-eight": ["T1 ▒▒▒▒▒▒▒", "T8", "pass 1 of 3", "S ▒▒ 40"],
        "uno": ["Computer", "colour in play", "Your hand (", "[D] draw", "UNO"],
        "chinese-patience": ["Foundations", "computer's discard pile", "[T] twist", "[Z] end"],
    }
    for name, pieces in expected.items():

        async def script(app: ParlourApp, pilot: Pilot, pieces: list[str] = pieces) -> None:
            text = screen_text(app)
            for piece in pieces:
                assert piece in text, f"{piece!r} missing from\n{text}"

        drive(script, game=name, seed=3)


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
        assert "You play" in screen.message
        # An illegal move: the stock's card onto a foundation it does not fit.
        fits = {m.split()[1] for m in screen.legal() if m.startswith("S F")}
        wrong = next(f for f in ("F1", "F2", "F3", "F4") if f not in fits)
        before = dict(screen.view)
        await keys(pilot, "0", str(int(wrong[1])))
        assert "not legal" in screen.message
        assert screen.answer["moves_played"] == 1
        assert screen.view == before
        # A pile with no move from it.
        await keys(pilot, "1")
        assert "No legal move starts at foundation F1" in screen.message
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
        assert screen.cursor.startswith("F")

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
        await pilot.pause()
        assert screen.answer["moves_played"] == 1
        assert len(screen.view["waste"]["W3"]) == 1

    drive(script, game="calculation", seed=1)


def test_undo_and_redo() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        start = screen.view
        await keys(pilot, "0", "5", "0", "6")
        assert screen.answer["moves_played"] == 2
        await keys(pilot, "u")
        assert screen.answer["moves_played"] == 1
        await keys(pilot, "u")
        assert screen.view == start
        await keys(pilot, "u")
        assert "nothing to undo" in screen.message.lower()
        await keys(pilot, "r")
        assert screen.answer["moves_played"] == 1

    drive(script, game="calculation", seed=1)


def test_finish_a_calculation_game() -> None:
    """Play to the end (foundations first, else the current card to a waste pile)."""

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        digits = {"S": "0", "F1": "1", "F2": "2", "F3": "3", "F4": "4"}
        digits.update({f"W{i}": str(4 + i) for i in range(1, 5)})
        for _ in range(200):
            legal = screen.legal()
            if not legal:
                break
            to_foundation = [m for m in legal if " F" in m]
            move = to_foundation[0] if to_foundation else legal[0]
            source, target = move.split()
            await keys(pilot, digits[source], digits[target])
        assert screen.answer["outcome"] is not None
        assert isinstance(app.screen, EndScreen)
        end_text = str(app.screen.text)
        assert end_text.startswith(("You won", "You lost"))
        await keys(pilot, "escape")
        assert table(app) is screen
        await keys(pilot, "0")
        assert "game is over" in screen.message.lower()
        game_id = screen.game_id
        record = app.backend.store.get(game_id)
        assert record is not None and record.finished

    drive(script, game="calculation", seed=1)


def test_new_game_hint_resign_and_rules() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        first = screen.game_id
        await keys(pilot, "h")
        assert screen.message.startswith("Hint:")
        await keys(pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        await keys(pilot, "escape")
        assert table(app) is screen
        await keys(pilot, "x")
        assert "Press x again" in screen.message
        await keys(pilot, "x")
        assert screen.answer["result"] == "resigned"
        assert isinstance(app.screen, EndScreen)
        await keys(pilot, "n")
        assert table(app).game_id != first
        assert table(app).answer["game"] == "gate"

    drive(script, game="gate", seed=2)


# --- saving and resuming ------------------------------------------------------------


def test_save_quit_and_resume_from_the_chooser(tmp_path: Path) -> None:
    db = str(tmp_path / "parlour.db")
    seen: dict[str, Any] = {}

    async def first(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "0", "5", "0", "8")
        seen["id"], seen["view"] = screen.game_id, screen.view
        await keys(pilot, "q")

    drive(first, db=db, game="calculation", seed=4)

    async def second(app: ParlourApp, pilot: Pilot) -> None:
        assert isinstance(app.screen, ChooserScreen)
        await keys(pilot, "tab", "enter")
        screen = table(app)
        assert screen.game_id == seen["id"]
        assert screen.view == seen["view"]
        assert screen.answer["moves_played"] == 2
        assert "Resumed after 2 moves" in screen.message

    drive(second, db=db)


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
        await keys(pilot, "m", "9", "5")  # M 9 5 before the first twist
        assert "first move must be a twist" in screen.message
        assert screen.answer["moves_played"] == 0
        await keys(pilot, "5")  # a card move before the first twist is illegal
        assert screen.selected is None
        assert "No legal move starts at pile 5" in screen.message
        await keys(pilot, "t")  # T: twist
        assert screen.answer["moves_played"] == 1
        assert len(screen.view["pile_0"]) == 1
        assert "You twist" in screen.message
        await keys(pilot, "m", "9", "5")  # M 9 5: nothing moves from pile 9
        assert "never moves from pile 9" in screen.message
        assert screen.answer["moves_played"] == 1
        await keys(pilot, "z")  # Z: end the turn; the computer plays its turn
        assert screen.answer["moves_played"] > 2
        assert "The computer" in screen.message
        assert screen.your_turn() or screen.answer["outcome"] is not None
        await keys(pilot, "m", "p", "8", "6")  # M P 8 6: a whole-pile move, legal or not
        assert screen.message

    drive(script, game="chinese-patience", seed=5, opponent="random")


def test_computer_moves_are_shown_one_at_a_time() -> None:
    shown: list[str] = []

    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        original = screen.redraw

        def counting() -> None:
            if screen.busy:
                shown.append(json.dumps(screen.view, sort_keys=True))
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


def test_chinese_patience_series_totals_at_the_end() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        await keys(pilot, "t", "x", "x")  # resign: the computer wins the cards left
        assert isinstance(app.screen, EndScreen)
        assert "Series: you 0, the computer 0" in str(app.screen.text)
        first = screen.view["first"]
        await keys(pilot, "n")  # N: the next game of the series, the other player first
        nxt = table(app)
        assert nxt is not screen
        assert nxt.answer["options"]["first"] == 1 - first
        assert nxt.answer["series"] == {"number": 2, "totals": [0, 0]}

    drive(script, game="chinese-patience", seed=5, opponent="random")


def test_uno_cards_colour_prompt_and_counts() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        text = screen_text(app)
        assert "7 cards" in text
        assert "Your hand (7 cards)" in text
        hand = screen.table.hand
        # An illegal card changes nothing and says why.
        wrong = next(
            i for i, c in enumerate(hand) if not any(m.split(":")[0] == c for m in screen.legal())
        )
        await keys(pilot, str(wrong + 1))
        assert "not legal" in screen.message
        assert screen.answer["moves_played"] == 0
        # The Wild asks for the colour.
        wild = hand.index("W")
        await keys(pilot, str(wild + 1))
        assert isinstance(app.screen, ColourScreen)
        await keys(pilot, "g")
        assert table(app) is screen
        assert screen.answer["moves_played"] >= 1
        assert screen.view["discard"][len(screen.view["discard"]) - 1] != ""
        assert "You play a Wild and choose green" in screen.message
        assert "The computer" in screen.message or screen.view["colour"] == "G"

    drive(script, game="uno", seed=13, opponent="random")


def test_a_choice_between_moves() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        legal = [m for m in screen.legal() if m.startswith("S W")]
        screen.choose(legal[:2])
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await keys(pilot, "2")
        assert table(app).answer["moves_played"] == 1
        assert screen.view["waste"][legal[1].split()[1]]

    drive(script, game="calculation", seed=1)


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
        assert "The computer" in screen.message

    drive(script, game="chinese-patience", seed=5, opponent="random", pause=5)


def test_key_help_fits_an_80_column_terminal() -> None:
    from parlour.tui.screen import COMMON_KEYS
    from parlour.tui.tables import TABLES

    assert set(TABLES) == set(GAMES)
    for cls in TABLES.values():
        assert len(cls.key_help) <= 78, cls.game
    assert len(COMMON_KEYS) <= 78


def test_clicking_an_uno_card_plays_it() -> None:
    async def script(app: ParlourApp, pilot: Pilot) -> None:
        screen = table(app)
        card = next(c for c in screen.table.hand if c in screen.legal())
        name = f"c{screen.table.hand.index(card)}"
        region = screen.query_one(TableView).canvas.regions[name]
        await pilot.click(TableView, offset=(region.x + 1, region.y))
        await pilot.pause()
        assert screen.answer["moves_played"] >= 1
        assert card in screen.view["discard"]
        assert f"You play {card_words(card)}" in screen.message

    drive(script, game="uno", seed=13, opponent="random")
