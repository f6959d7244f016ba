"""Accessibility: an axe-core scan of every page of the web app finds nothing.

axe-core (Deque's rules for WCAG 2.x A and AA: contrast, names, roles, landmarks,
headings, keyboard) ships inside the ``axe-playwright-python`` package, so the
scan works offline. Each page is scanned at a laptop and a phone size, each game
table dealt and at its end panel; a card picked up and the keys dialog (the same
markup at any size) at the laptop.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from tabletools import GAMES, Table

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="the accessibility scan needs axe-playwright-python (pip install -e '.[test]')",
)

TableAt = Callable[..., Table]
RESIGN = "fetch(`/api/games/${window.Parlour.game.answer.id}/resign`, {method: 'POST'})"
#: WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices.
OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}


#: The suit symbols, which a screen reader reads "black diamond suit".
SUITS = set("♣♦♥♠")


def heard(page: Any, selector: str) -> str:
    """What a screen reader is given of an element (its accessibility tree's text)."""
    said: str = page.locator(selector).aria_snapshot()
    return said


def scan(page: Any, where: str) -> None:
    results = axe_sync.Axe().run(page, options=OPTIONS)
    if results.violations_count:
        raise AssertionError(f"{where}: {results.generate_report()[:4000]}")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_pages_have_no_violations(table_at: TableAt, viewport: str) -> None:
    table = table_at(viewport)
    table.start("calculation", seed=1)
    table.click_move(table.moves()[0])
    if viewport == "laptop":  # (the log is a closed drawer on a phone)
        # the log's moves name their cards in words for a screen reader, as they look
        shown = table.page.inner_text("#log li:first-child .entry")
        assert SUITS & set(shown) and not SUITS & set(heard(table.page, "#log")), shown
    table.page.evaluate(RESIGN)
    for path, ready in [
        ("#/", ".game-card"),
        ("#/stats", ".chart"),
        ("#/rules/uno", "article.rules h1"),
        ("#/howto/chinese-patience", ".howto-steps"),
    ]:
        table.open(path)
        table.page.wait_for_selector(ready)
        scan(table.page, f"{path} at {viewport}")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_tables_have_no_violations(table_at: TableAt, viewport: str) -> None:
    """Every table at both sizes (the phone's toolbar names its buttons without words);
    the states that differ only in layout (a card picked up, the keys) at the laptop."""
    table = table_at(viewport)
    for game in GAMES:
        table.start(game, seed=7)
        scan(table.page, f"{game} at {viewport}")
        # the status line's cards in words for a screen reader ("place K♦" was read
        # "place K black diamond suit"), as they look for the eye
        said = heard(table.page, "#status")
        assert not SUITS & set(said), (game, said)
        if game == "calculation":
            assert "K♦" in table.page.inner_text("#status .say")
            assert "place King of diamonds on a waste pile" in said, said
        movable = table.page.locator("#scene .card.movable")
        if movable.count() and viewport == "laptop":
            movable.first.click(position=table.corner(movable.first))
            scan(table.page, f"{game} at {viewport}, a card picked up")
            table.page.keyboard.press("Escape")
    if viewport == "laptop":
        table.page.keyboard.press("?")
        table.page.wait_for_selector("dialog.keys[open]")
        scan(table.page, f"the keys dialog at {viewport}")
        table.page.keyboard.press("Escape")
    table.give_up()
    table.page.wait_for_selector("#endpanel")
    table.settle()
    table.page.wait_for_selector("#end-streak")  # the service's words, with the panel
    scan(table.page, f"the end panel at {viewport}")


def test_the_panel_between_two_hands_has_no_violations(table_at: TableAt) -> None:
    """UNO's panel between hands (the loser's cards as cards) at a phone's size."""
    table = table_at("phone")
    game_id = table.start("uno", seed=17, opponent="random", first=0)
    for move in ["R6", "R8", "W:B", "B2", "BS", "YS"]:
        url = f"{table.server.url}/api/games/{game_id}/moves"
        assert table.page.request.post(url, data={"move": move}).ok
    table.page.reload()
    table.page.wait_for_selector('#scene .card.movable[data-source="YD"]')
    table.settle()
    table.page.locator('#scene .card.movable[data-source="YD"]').click()
    table.page.wait_for_selector("#handpanel")
    table.settle()
    scan(table.page, "the panel between two hands")


def test_a_cut_status_opens_from_the_keyboard(table_at: TableAt) -> None:
    """On a phone a status line too long for its lines is cut, and its cue ("more") is
    a button: reached with Tab after the toolbar, opened with Enter, closed with Space,
    saying whether it is open; axe-core finds nothing, cut or open."""
    table = table_at("phone")
    table.start("uno", seed=9, opponent="random")
    page = table.page
    more = page.locator("#status-more")
    assert not more.is_visible(), "no cue while the status fits"
    # a sentence longer than its two lines (written in here: the games' own seldom are)
    page.evaluate(
        "(text) => { const status = document.querySelector('#status');"
        " status.querySelector('.say').textContent = text; status.classList.add('cut'); }",
        "The computer plays a blue Draw Two. " * 4,
    )
    assert more.is_visible() and more.inner_text() == "more"
    assert more.get_attribute("aria-expanded") == "false"
    box = more.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    scan(page, "a cut status at a phone's size")
    page.locator(".toolbar .tool").last.focus()
    page.keyboard.press("Tab")
    assert more.evaluate("e => e === document.activeElement"), "Tab reaches the cue"
    page.keyboard.press("Enter")
    opened = page.locator("#status .status-full")
    assert opened.inner_text().startswith("The computer plays a blue Draw Two. " * 3)
    assert more.inner_text() == "close" and more.get_attribute("aria-expanded") == "true"
    scan(page, "a cut status opened at a phone's size")
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    if shots:
        page.screenshot(path=f"{shots}/status-open-keyboard-phone.png")
    page.keyboard.press(" ")
    assert opened.count() == 0 and more.get_attribute("aria-expanded") == "false"
    assert more.inner_text() == "more"


def test_the_cover_between_two_people_has_no_violations(table_at: TableAt) -> None:
    """Two people at one table: the cover that hands the screen over, with its
    'Take your move back', at a phone's size."""
    table = table_at("phone")
    table.start("uno", seed=2, opponent="human", first=0)
    table.click_move(next(m for m in table.moves() if m["move"] == "G5"))
    table.page.wait_for_selector("#handover #take-back")
    scan(table.page, "the hand-over cover")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_the_winning_lines_controls_have_no_violations(table_at: TableAt, viewport: str) -> None:
    """The solver's winning line on the table, paused: its controls (icons named for
    a screen reader on both sizes), its counter, the status line telling its move."""
    table = table_at(viewport)
    table.start("gate", seed=4)
    table.page.evaluate(RESIGN)
    table.page.reload()
    table.page.locator("#ask-verdict").click()
    table.page.locator("#watch-line").click(timeout=60_000)
    table.page.locator("#line-bar").wait_for()
    table.page.keyboard.press("End")  # to the line's last move, where it stays
    table.page.wait_for_function(
        "!window.Parlour.game.replay.playing && document.querySelector('#line-end').disabled"
    )
    table.page.wait_for_function(
        "document.getAnimations().filter(a => a.playState === 'running').length === 0"
    )
    scan(table.page, f"the winning line paused at {viewport}")


def test_a_phone_at_200_percent_zoom_shows_the_status_and_reaches_every_card(
    table_at: TableAt,
) -> None:
    """A 390 x 844 phone zoomed to 200% is 195 x 422 CSS pixels: short, as a phone on
    its side, but narrow. The status line has the width (beside UNO's Draw it was
    20 px: unread, its "more" off the screen), and 8 x 8's eight columns, wider than
    the smallest cards fit, scroll (cut off at both edges, they could not be reached)."""
    table = table_at("phone", device_scale_factor=2)
    table.page.set_viewport_size({"width": 195, "height": 422})
    for game in ("uno", "eight-by-eight"):
        table.start(game, seed=1)
        box = table.page.evaluate(
            "() => { const r = (s) => document.querySelector(s).getBoundingClientRect();"
            " const t = document.querySelector('#table'); t.scrollLeft = 0;"
            " return {status: r('#status').width, scene: r('#scene').left, table: r('#table').left,"
            " reach: t.scrollWidth - t.clientWidth, over: r('#scene').width - t.clientWidth}; }"
        )
        assert box["status"] >= 190, (game, box)
        assert box["scene"] >= box["table"], (game, box)  # nothing cut off on the left
        assert box["reach"] >= box["over"] - 24, (game, box)  # the rest scrolled to
