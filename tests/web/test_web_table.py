"""The card table in headless Chromium at four screen sizes, for all five games.

At a phone upright (390x844) and on its side (844x390), a laptop (1280x800) and a
desktop (1920x1080): nothing outside the window, no card over another pile's card
or hiding the corner of a card whose face should be read, the status line, the
commands and the end-of-game panel in view. A whole game of Calculation and one
of UNO are played by clicks to the end panel, then again from the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from tabletools import GAMES, VIEWPORTS, Table

TableAt = Callable[..., Table]
NEW_GAME = "(old) => window.Parlour.game.answer && window.Parlour.game.answer.id !== old"

#: Everything that must be in the window, without scrolling, at the table.
GEOMETRY = (Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")


def check_geometry(table: Table, where: str) -> None:
    problems = table.page.evaluate(GEOMETRY)
    assert not problems, f"{where}: " + "; ".join(problems[:12])


def some_moves(table: Table, count: int) -> None:
    """Play ``count`` moves by clicks (a card to a place, or a pile's own move)."""
    for _ in range(count):
        moves = table.moves()
        if not moves or table.answer.get("outcome"):
            return
        placed = [m for m in moves if m.get("source") is not None and not m.get("colour")]
        move = placed[0] if placed else moves[0]
        if move.get("colour"):
            return
        table.click_move(move)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_every_table_fits_the_screen(table_at: TableAt, viewport: str) -> None:
    table = table_at(viewport)
    for game in GAMES:
        table.start(game, seed=11)
        check_geometry(table, f"{game} at {viewport}, dealt")
        some_moves(table, 4)
        check_geometry(table, f"{game} at {viewport}, after some moves")


@pytest.mark.parametrize("viewport", ["phone", "phone-landscape"])
def test_long_piles_and_big_hands_still_fit(table_at: TableAt, viewport: str) -> None:
    """Twenty waste cards in Calculation and a UNO hand of 25 squeeze, never spill."""
    table = table_at(viewport)
    table.start("calculation", seed=3)
    for _ in range(20):
        move = next(m for m in table.moves() if m["source"] == "S" and m["target"] == "W1")
        table.click_move(move)
    check_geometry(table, f"calculation with a long waste pile at {viewport}")
    table.start("uno", seed=3, first=0)
    for _ in range(18):
        words = [m for m in table.moves() if m.get("word") in ("draw", "keep", "pass")]
        if not words:
            break
        table.click_move(words[0])
    assert len(table.answer["view"]["hand"]) >= 15
    check_geometry(table, f"uno with a big hand at {viewport}")


def play_calculation(table: Table) -> None:
    """Foundations first, else the current card to a waste pile (turn about)."""
    turn = 0
    while not table.page.locator("#endpanel").count():
        moves = table.moves()
        assert moves, "no end panel, but no legal move either"
        home = [m for m in moves if m["target"].startswith("F")]
        stock = [m for m in moves if m["source"] == "S" and m["target"].startswith("W")]
        move = home[0] if home else stock[turn % len(stock)] if stock else moves[0]
        table.click_move(move)
        turn += 1
        assert turn < 300


def play_uno(table: Table) -> None:
    """Play the first playable card, else draw (and play it or keep it), by clicks."""
    turn = 0
    while not table.page.locator("#endpanel").count():
        moves = table.moves()
        assert moves, "no end panel, but no legal move either"
        words = {m.get("word") for m in moves}
        cards = [m for m in moves if m.get("source") and m.get("word") is None]
        if "colour" in words:  # the first card turned up is a Wild
            button = table.page.locator("#controls .colour-button").first
            table.after(lambda button=button: button.click())
        elif cards:
            move = cards[0]
            card = table.card(move["source"])
            if move.get("colour"):
                card.click()
                button = table.page.locator("dialog .colour-button").first
                table.after(lambda button=button: button.click())
            else:
                table.after(lambda card=card: card.click())
        else:
            word = next(w for w in ("play", "keep", "draw", "pass", "accept") if w in words)
            if word == "play" and any(m.get("colour") for m in moves):
                table.page.locator('#controls [data-word="keep"]').click()
                table.settle()
            else:
                table.click_move(next(m for m in moves if m.get("word") == word))
        turn += 1
        assert turn < 400


def end_panel_in_view(table: Table) -> None:
    panel = table.page.locator("#endpanel")
    panel.wait_for()
    table.page.wait_for_function("document.querySelector('#end-record').textContent !== '…'")
    box = panel.bounding_box()
    size = table.page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
    check_geometry(table, "with the end panel")


@pytest.mark.parametrize("viewport", ["phone"])
def test_a_whole_game_of_calculation_by_clicks(table_at: TableAt, viewport: str) -> None:
    table = table_at(viewport)
    table.start("calculation", seed=4, classic=True)
    play_calculation(table)
    end_panel_in_view(table)
    text = table.page.inner_text("#endpanel")
    assert "You won!" in text or "You lost" in text
    assert "Deal number" in text and "4" in text
    old = table.answer["id"]
    table.page.locator("#play-again").click()
    table.page.wait_for_function(NEW_GAME, arg=old)
    table.settle()
    assert table.answer["options"] == {"classic": True}
    assert table.page.locator("#endpanel").count() == 0


@pytest.mark.parametrize("viewport", ["laptop", "phone-landscape"])
def test_a_whole_game_of_uno_by_clicks(table_at: TableAt, viewport: str) -> None:
    table = table_at(viewport)
    table.start("uno", seed=8, target=1)
    play_uno(table)
    end_panel_in_view(table)
    assert "Match to 1" in table.page.inner_text("#endpanel")
    old = table.answer["id"]
    table.page.locator("#replay").click()
    table.page.wait_for_function(NEW_GAME, arg=old)
    table.settle()
    assert table.answer["options"]["target"] == 1
    assert table.answer["opponent"] == "random"
