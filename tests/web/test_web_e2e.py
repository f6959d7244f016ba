"""End to end: the real server (``parlour serve``) driven in headless Chromium.

A Calculation game is played to its end with the mouse, double-clicks, drag
and drop and the keyboard alone; every other game takes moves through its
table; the server is restarted mid-game and the browser carries on. Set
``PARLOUR_SCREENSHOTS=1`` to refresh the README's screenshots in
``docs/screenshots/``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LiveServer = Any  # conftest.LiveServer: url, restart()
SHOTS = ROOT / "docs" / "screenshots"


@pytest.fixture
def page(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def shot(page: Any, name: str, tmp_path: Path) -> None:
    folder = SHOTS if os.environ.get("PARLOUR_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def open_game(page: Any, server: LiveServer, game: str, seed: int) -> None:
    page.goto(server.url + "/?fast#/")
    form = f"form[data-game={game}]"
    page.fill(f"{form} [name=__seed]", str(seed))
    opponent = page.query_selector(f"{form} [name=__opponent]")
    if opponent is not None:
        opponent.select_option("random")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#table .card")
    settle(page)


def settle(page: Any) -> None:
    page.wait_for_function("window.Parlour.game.answer && !window.Parlour.game.busy")


def legal(page: Any) -> list[str]:
    moves: list[str] = page.evaluate("window.Parlour.game.view.legal_moves || []")
    return moves


def played(page: Any) -> int:
    count: int = page.evaluate("window.Parlour.game.answer.moves_played")
    return count


def after(page: Any, action: Any) -> None:
    """Do ``action`` and wait until the server's answer is on the table."""
    with page.expect_response(re.compile(r"/api/games/[^/]+/(moves|undo|redo|resign)")):
        action()
    settle(page)


def click_move(page: Any, move: str) -> None:
    """Play a move on the table the way a person would: pick up, then put down."""
    parts = move.split(" ")
    if len(parts) == 1:
        on_table = page.locator(f'#table [data-move="{move}"]')
        if on_table.count():
            after(page, lambda: on_table.first.click())
        else:
            button = page.locator("#extra button", has_text=re.compile(f"^{move}", re.I))
            after(page, lambda: button.first.click())
        return
    src, dst = parts[0], parts[1]
    source = page.locator(f'#table [data-src="{src}"]').last
    source.click()
    after(page, lambda: page.locator(f'#table [data-dst="{dst}"]').first.click())


def test_calculation_played_to_the_end(page: Any, live_server: LiveServer, tmp_path: Path) -> None:
    open_game(page, live_server, "calculation", seed=4)
    # The keyboard alone: Tab to the current card, Enter, Tab to a waste pile, Enter.
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.src === 'S'"):
            break
    page.keyboard.press("Enter")
    assert page.locator("#table .target").count() >= 4
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('target')"):
            break
    after(page, lambda: page.keyboard.press("Enter"))
    assert played(page) == 1
    # Undo and redo by their keys.
    after(page, lambda: page.keyboard.press("u"))
    assert played(page) == 0
    after(page, lambda: page.keyboard.press("r"))
    assert played(page) == 1
    # Then mouse, double-click and drag and drop until the game ends.
    turn = 0
    while not page.query_selector("#banner .outcome"):
        moves = legal(page)
        assert moves, "no banner but no legal move"
        home = [m for m in moves if " F" in m]
        turn += 1
        if home:
            src = home[0].split(" ")[0]
            if turn % 2:
                after(page, lambda src=src: page.locator(f'#table [data-src="{src}"]').dblclick())
            else:
                click_move(page, home[0])
        else:
            stock = [m for m in moves if m.startswith("S W")]
            move = stock[turn % len(stock)] if stock else moves[0]
            if turn % 5 == 0:
                src, dst = move.split(" ")
                after(
                    page,
                    lambda src=src, dst=dst: page.drag_and_drop(
                        f'#table [data-src="{src}"]', f'#table [data-dst="{dst}"]'
                    ),
                )
            else:
                click_move(page, move)
        if turn == 30:
            shot(page, "calculation", tmp_path)
        assert turn < 400
    banner = page.inner_text("#banner")
    assert re.search(r"You won|you lost", banner)
    assert "deal number 4" in banner
    page.goto(live_server.url + "/#/stats")
    page.wait_for_selector("table.stats")
    assert "Calculation" in page.inner_text("table.stats")


@pytest.mark.parametrize("game", ["gate", "eight-by-eight", "chinese-patience", "uno"])
def test_moves_in_each_other_game(
    page: Any, live_server: LiveServer, tmp_path: Path, game: str
) -> None:
    open_game(page, live_server, game, seed=5)
    made = 0
    for _ in range(6):
        moves = legal(page)
        if not moves:
            break
        before = played(page)
        move = sorted(moves, key=lambda m: (" " not in m, m))[0] if game != "uno" else moves[0]
        if game == "uno":
            uno_move(page, move)
        else:
            click_move(page, move)
        assert played(page) > before, f"{move} was not played"
        made += 1
    assert made >= 3
    shot(page, game, tmp_path)
    assert page.locator("#log li").count() >= made


def uno_move(page: Any, move: str) -> None:
    word = move.split(":")[0].split(" ")[0]
    if word in ("draw", "keep", "pass", "play", "challenge", "accept", "catch"):
        if word == "draw":
            after(page, lambda: page.click('#table [data-move="draw"]'))
        elif ":" in move:
            after(page, lambda: page.locator(".chooser button").first.click())
        else:
            after(page, lambda: page.locator("#extra button").first.click())
        return
    if word == "colour":
        after(page, lambda: page.locator(".chooser button").first.click())
        return
    card = page.locator(f'#table .hand .card[data-card="{word}"]').first
    if ":" in move:  # a Wild: the colour chooser opens, then the colour plays it
        card.click()
        after(page, lambda: page.locator(".chooser button").first.click())
    else:
        after(page, lambda: card.click())


def test_the_server_restarts_mid_game(page: Any, live_server: LiveServer) -> None:
    open_game(page, live_server, "gate", seed=9)
    for _ in range(3):
        click_move(page, sorted(legal(page), key=lambda m: (" " not in m, m))[0])
    view = page.evaluate("JSON.stringify(window.Parlour.game.answer.view)")
    live_server.restart()
    page.reload()
    page.wait_for_selector("#table .card")
    settle(page)
    assert page.evaluate("JSON.stringify(window.Parlour.game.answer.view)") == view
    click_move(page, legal(page)[0])
    assert played(page) == 4
    page.goto(live_server.url + "/#/")
    page.wait_for_selector("table.list")
    assert "The Gate" in page.inner_text("table.list")


def test_rules_page_and_phone_screen(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/#/rules/chinese-patience")
    page.wait_for_selector("article.rules h1")
    assert "Chinese Patience" in page.inner_text("article.rules h1")
    assert page.locator("article.rules li").count() > 10
    page.set_viewport_size({"width": 390, "height": 844})
    for game in ("calculation", "gate"):
        open_game(page, live_server, game, seed=2)
        fits = page.evaluate(
            "(() => { const t = document.querySelector('#table');"
            " return t.scrollWidth <= t.clientWidth + 2; })()"
        )
        assert fits, f"{game}'s table is wider than a phone screen"


def test_uno_colour_chooser(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/?fast#/")
    form = "form[data-game=uno]"
    page.fill(f"{form} [name=__seed]", "2")
    page.select_option(f"{form} [name=first]", "0")
    page.select_option(f"{form} [name=__opponent]", "random")
    page.click(f"{form} button[type=submit]")
    page.wait_for_selector("#table .hand .card")
    settle(page)
    assert "W4:B" in legal(page)
    page.locator('#table .hand .card[data-card="W4"]').first.click()
    chooser = page.locator("#extra .chooser button")
    assert chooser.count() == 5  # four colours and Cancel
    after(page, lambda: page.locator("#extra .chooser button", has_text="blue").click())
    assert played(page) >= 1
    assert page.locator("#log li").first.is_visible()
