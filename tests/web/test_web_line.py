"""The solver's winning line replayed on the table, in headless Chromium: its controls
(play and pause, a move back or on, the speed, the end, back to the game played), its
keys, its counter in the service's words, and a table that fits a 360-px phone and a
laptop while it plays. A line of 300 moves used to play through in five minutes with
no way to pause it or cut it short."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletools import Table
from test_web_table import check_geometry, give_up

TableAt = Callable[..., Table]

COUNTER = "#line-counter"
#: The table's state as the page holds it (window.Parlour.game).
GAME = "window.Parlour.game"


def watch(table: Table, game: str, seed: int) -> list[dict[str, Any]]:
    """Give ``game`` up, ask the solver, and start its winning line on the table; the
    line as the API gives it."""
    table.start(game, seed=seed)
    give_up(table)
    return watch_line(table)


def watch_line(table: Table) -> list[dict[str, Any]]:
    """At the end of a game given up: ask the solver and start its winning line on the
    table; the line as the API gives it."""
    page = table.page
    page.locator("#ask-verdict").click()
    page.locator("#watch-line").wait_for(timeout=60_000)
    line: list[dict[str, Any]] = page.evaluate(
        "async (id) => (await fetch(`/api/games/${id}/verdict/line`)).json()",
        table.answer["id"],
    )
    page.locator("#watch-line").click()
    page.wait_for_selector("#line-bar")
    return line


def counter(table: Table) -> int:
    """The move of the line on the table, by the counter ("Move 12 of 136"; 0 for
    "The deal", the line's first position)."""
    text = table.page.inner_text(COUNTER)
    return 0 if text == "The deal" else int(text.split()[1])


def shows(table: Table, line: list[dict[str, Any]], number: int) -> None:
    """Wait until move ``number`` of the line (0: the deal) is on the table, counted
    and told, the log telling the line's moves up to it."""
    table.page.wait_for_function(
        f"(n) => document.querySelector('{COUNTER}').textContent === n",
        arg=line[number]["counter"],
    )
    table.page.wait_for_function(
        f"(text) => !{GAME}.replay.playing"
        " && document.querySelector('#status .say')?.textContent === text"
        " && document.getAnimations().filter(a => a.playState === 'running').length === 0",
        arg=line[number]["text"],
    )
    # the log follows the line: its moves up to this one (it showed "You resign."), as
    # they look (each card in words beside it, for a screen reader)
    told = table.page.locator("#log li .entry").all_inner_texts()
    assert told == [step["text"] for step in line[: number + 1]][-200:], told[-3:]
    same = table.page.evaluate(
        f"(view) => JSON.stringify({GAME}.view) === JSON.stringify(view)",
        line[number]["view"],
    )
    assert same, f"the table is not the one after move {number}"


#: Whether the line's counter is within its bar's box (it ran over on three lines).
COUNTER_IN_BAR = """() => { const b = document.querySelector('#line-bar').getBoundingClientRect();
  const c = document.querySelector('#line-counter').getBoundingClientRect();
  return c.top >= b.top - .5 && c.bottom <= b.bottom + .5 && c.right <= b.right; }"""


def test_the_winning_line_is_played_paused_stepped_and_skipped(table_at: TableAt) -> None:
    table = table_at("phone")
    page = table.page
    page.set_viewport_size({"width": 360, "height": 740})
    line = watch(table, "eight-by-eight", 1)  # a long line (328 moves), to pause in time
    total = len(line) - 1  # moves, after the deal
    assert total > 100 and all(not step["text"].startswith("You ") for step in line)
    assert line[0]["counter"] == "The deal" and line[-1]["number"] == total
    # It plays by itself, with the keyboard on its play button, which now pauses.
    page.wait_for_function(f"{GAME}.replay.at > 0")
    assert page.evaluate("document.activeElement.id") == "line-play"
    assert page.get_attribute("#line-play", "aria-label") == "Pause"
    page.keyboard.press("Space")  # the focused button's own Space
    page.wait_for_function(f"!{GAME}.replay.playing")
    paused = counter(table)
    assert paused < total, "the line was over before it could be paused"
    shows(table, line, paused)
    page.wait_for_timeout(600)  # paused: it stays on that move
    assert counter(table) == paused
    assert page.get_attribute("#line-play", "aria-label") == "Play"
    check_geometry(table, "the winning line paused at 360x740")
    # A move on and a move back, by keys and by buttons; each stops on its move.
    page.keyboard.press("ArrowRight")
    shows(table, line, paused + 1)
    page.locator("#line-forward").click()
    shows(table, line, paused + 2)
    page.keyboard.press("ArrowLeft")
    shows(table, line, paused + 1)
    page.locator("#line-back").click()
    shows(table, line, paused)
    # Space away from the buttons plays and pauses too.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Space")
    page.wait_for_function(f"(n) => {GAME}.replay.at > n", arg=paused - 1)
    page.keyboard.press("Space")
    page.wait_for_function(f"!{GAME}.replay.playing")
    # The speed: 1x, 2x, 4x, and round again.
    speed = page.locator("#line-speed")
    assert speed.inner_text() == "1×"
    speed.click()
    assert speed.inner_text() == "2×" and "2×" in (speed.get_attribute("aria-label") or "")
    # The end of the line: counted, said, and nothing further to step to.
    page.keyboard.press("End")
    shows(table, line, total)
    assert page.inner_text(COUNTER) == f"Move {total} of {total}"
    assert page.evaluate(COUNTER_IN_BAR), "the counter runs out of the bar at 360 px"
    said = "document.querySelector('#message').textContent.includes('winning line')"
    page.wait_for_function(said)
    assert page.locator("#line-forward").is_disabled() and page.locator("#line-end").is_disabled()
    assert page.get_attribute("#line-play", "aria-label") == "Play again from the start"
    # Every control is named for a screen reader, its key said where it has one.
    for button in page.locator("#line-bar button").all():
        assert (button.get_attribute("aria-label") or button.inner_text()).strip()
    assert page.get_attribute("#line-leave", "aria-keyshortcuts") == "Escape"
    # At a laptop too, then Esc: back to the end of the game played, its panel again.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("innerWidth === 1280")
    shows(table, line, total)
    check_geometry(table, "the winning line at 1280x800")
    page.keyboard.press("Escape")
    page.wait_for_selector("#endpanel")
    assert page.locator("#line-bar").count() == 0
    assert page.evaluate("document.querySelector('#controls').hidden")
    assert page.evaluate("document.activeElement.id") == "watch-line"
    assert page.evaluate(f"JSON.stringify({GAME}.view) === JSON.stringify({GAME}.answer.view)")


def test_the_winning_line_played_again_from_its_end(table_at: TableAt) -> None:
    """Play at the end of the line plays it again from the deal; stepping back goes as
    far as the deal, the untouched table the line starts from; the keys help lists
    the line's keys while it is on the table."""
    table = table_at("laptop")
    page = table.page
    line = watch(table, "calculation", 1)
    last = len(line) - 1
    page.keyboard.press("End")
    shows(table, line, last)
    page.locator("#line-play").click()
    page.wait_for_function(f"(n) => {GAME}.replay.at < n", arg=last)
    page.keyboard.press("ArrowLeft")  # pauses where it is
    page.wait_for_function(f"!{GAME}.replay.playing")
    at = counter(table)
    assert at < last
    # A step back from move 1 is the deal: counted, told, and nothing before it.
    for _ in range(at):
        page.keyboard.press("ArrowLeft")
    shows(table, line, 0)
    assert page.inner_text(COUNTER) == "The deal"
    assert page.locator("#line-back").is_disabled()
    page.keyboard.press("ArrowRight")
    shows(table, line, 1)
    page.locator("#line-keys").click()  # the bar's own, the toolbar's hidden under it
    assert "The winning line" in page.inner_text("dialog.keys")
    page.locator("dialog.keys button.primary").click()
    page.locator("#line-leave").click()
    page.wait_for_selector("#endpanel")
    # the game's own log again, as it was before the line
    assert page.locator("#log li").all_inner_texts()[-1] == "You resign."


def test_a_winnable_deal_offers_its_line_without_asking(table_at: TableAt) -> None:
    """A deal the solver proved winnable, given up: the end panel says "Deal: proved
    winnable", so its button is "Watch a winning line" and plays the line at once. It
    asked "Could this deal be won?" and answered "This deal could have been won", a
    second click before the line; a random deal still asks."""
    table = table_at("phone")
    page = table.page
    table.start("calculation", seed=None, deal="winnable")
    give_up(table)
    assert "proved winnable" in page.inner_text("#endpanel .facts")
    button = page.locator("#ask-verdict")
    assert button.inner_text() == "Watch a winning line"
    assert "Could this deal be won" not in page.inner_text("#endpanel")
    button.click()
    page.wait_for_selector("#line-bar", timeout=60_000)
    page.wait_for_function(f"{GAME}.replay && {GAME}.replay.at > 0")
    assert page.evaluate("document.activeElement.id") == "line-play"
    page.keyboard.press("Escape")
    page.wait_for_selector("#endpanel")
    # back at the panel: the verdict told, the keyboard on the line's button
    assert "winning line" in page.inner_text("#end-verdict")
    assert page.evaluate("document.activeElement.id") == "watch-line"
    # a random deal: the question, and no line until it is answered
    table.start("calculation", seed=1)
    give_up(table)
    assert page.locator("#ask-verdict").inner_text() == "Could this deal be won?"
    page.locator("#ask-verdict").click()
    page.locator("#watch-line").wait_for(timeout=60_000)
    assert page.locator("#line-bar").count() == 0


#: The card size on the table (px a card's width) and the felt's box.
SIZE = """() => { const r = document.querySelector('#table').getBoundingClientRect();
  return [window.Parlour.game.unit, Math.round(r.width), Math.round(r.height)]; }"""
#: Where the line's bar and the toolbar it stands in for are (left, top, right, bottom).
BARS = """() => Object.fromEntries(['#line-bar', '.toolbar'].map((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [s, [r.left, r.top, r.right, r.bottom].map(Math.round)]; }))"""
#: A card's width in play, px, before the row under the table was kept for every game
#: (main at bc94902, seed 3): Calculation, which has no buttons of its own, had the
#: row's room for its cards, and keeps it.
IN_PLAY = {"calculation": 68.2, "gate": 107.8}


def test_the_cards_keep_their_size_from_play_to_the_winning_line(table_at: TableAt) -> None:
    """The cards keep their size as the game ends and its winning line's bar comes
    and goes, and are no smaller in play for it. The bar took a row under the table:
    Calculation's cards shrank a step when it appeared (at 360x740, 68 px became 56)
    and grew back after; The Gate's grew a step at the end (its Deal gone; at 1440x900,
    108 -> 116 -> 108 px). Keeping that row for every game made Calculation's cards a
    step smaller throughout (61.5 px at 360x740). Now the bar takes the toolbar's place,
    in one row, and only a game with buttons of its own keeps their row, empty or not."""
    for game, size in (("calculation", (360, 740)), ("gate", (1440, 900))):
        table = table_at("phone")
        page = table.page
        page.set_viewport_size({"width": size[0], "height": size[1]})
        table.start(game, seed=3)
        playing = page.evaluate(SIZE)
        assert playing[0] >= IN_PLAY[game] - 1, f"{game}: {playing[0]} px cards in play"
        give_up(table)
        table.settle()
        assert page.evaluate(SIZE) == playing, f"{game}: the cards changed size at the end"
        toolbar = page.evaluate(BARS.replace("'#line-bar', ", ""))[".toolbar"]
        page.locator("#ask-verdict").click()
        page.locator("#watch-line").wait_for(timeout=60_000)
        page.locator("#watch-line").click()
        page.wait_for_selector("#line-bar")
        page.keyboard.press("ArrowRight")  # paused a move or two in
        page.wait_for_function(
            f"!{GAME}.replay.playing && {GAME}.replay.at > 0"
            " && document.getAnimations().filter(a => a.playState === 'running').length === 0"
        )
        assert page.evaluate(SIZE) == playing, f"{game}: the cards changed size for the line"
        tops = page.locator("#line-bar button").evaluate_all(
            "(bs) => [...new Set(bs.filter((b) => b.offsetParent !== null)"
            "  .map((b) => Math.round(b.getBoundingClientRect().top)))]"
        )
        assert len(tops) == 1, f"{game}: the line's bar takes {len(tops)} rows"
        # in the toolbar's place: its row, from its left, at least as wide, on screen
        line = page.evaluate(BARS)["#line-bar"]
        assert line[1] == toolbar[1] and line[3] == toolbar[3], f"{game}: {line} {toolbar}"
        assert line[0] == toolbar[0] and toolbar[2] <= line[2] <= size[0], f"{game}: {line}"
        assert page.locator(".toolbar").is_hidden(), f"{game}: the toolbar under the bar"
        check_geometry(table, f"{game}'s winning line at {size}")
        page.keyboard.press("Escape")
        page.wait_for_selector("#endpanel")
        assert page.evaluate(SIZE) == playing, f"{game}: the cards changed size after the line"
        assert page.locator(".toolbar").is_visible(), f"{game}: the toolbar after the line"


#: The commands' rows: the distinct tops of the toolbar's buttons, and whether they
#: are in the title's row (the game bar one row high).
TOOL_ROWS = """() => { const title = document.querySelector('#game-title').getBoundingClientRect();
  const tops = [...new Set([...document.querySelectorAll('.toolbar > .tool')]
    .map((b) => Math.round(b.getBoundingClientRect().top)))];
  const bar = document.querySelector('.toolbar').getBoundingClientRect();
  return [tops.length, bar.top < title.bottom && bar.bottom > title.top]; }"""


def test_a_tablets_status_keeps_its_lines_through_the_winning_line(table_at: TableAt) -> None:
    """At 768x1024 (between a phone's 760 px and the log's column at 1100) the status's
    height followed its sentence: the solver's longer ones took a second line and
    Calculation's cards shrank for the line (101.8 -> 98.8 px) and grew back after.
    The toolbar took two rows under the title too ("How to play" alone on the second).
    Now the toolbar is icons in the title's row and the status keeps two lines, what is
    longer cut (with its cue), so the cards keep one size, larger than they were."""
    table = table_at("laptop")
    page = table.page
    page.set_viewport_size({"width": 768, "height": 1024})
    table.start("calculation", seed=3)
    playing = page.evaluate(SIZE)
    assert playing[0] >= 101.8 - 1, f"{playing[0]} px cards in play (101.8 on main)"
    assert page.evaluate(TOOL_ROWS) == [1, True], "the toolbar is one row, beside the title"
    give_up(table)
    table.settle()
    assert page.evaluate(SIZE) == playing, "the cards changed size at the end"
    line = watch_line(table)
    page.wait_for_function(f"{GAME}.replay.at > 0")
    page.keyboard.press("Space")
    page.wait_for_function(f"!{GAME}.replay.playing")
    for _ in range(counter(table)):
        page.keyboard.press("ArrowLeft")
    shows(table, line, 0)
    for number in (1, 2, 3):  # the solver's sentences, longer than the deal's
        page.keyboard.press("ArrowRight")
        shows(table, line, number)
        assert page.evaluate(SIZE) == playing, f"the cards changed size at move {number}"
    page.keyboard.press("End")
    shows(table, line, len(line) - 1)
    assert page.evaluate(SIZE) == playing, "the cards changed size at the line's end"
    assert page.evaluate(COUNTER_IN_BAR), "the counter runs out of the bar at 768 px"
    check_geometry(table, "the winning line at 768x1024")
    page.keyboard.press("Escape")
    page.wait_for_selector("#endpanel")
    assert page.evaluate(SIZE) == playing, "the cards changed size after the line"
