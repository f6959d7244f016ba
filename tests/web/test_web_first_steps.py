"""What a person meets early at the web table, in headless Chromium: "New deal" asks
before it leaves a game in play (which stays in Continue), the Continue list tells its
games apart, a typed move that is refused says so in one short sentence (not in the
log) and none can be typed once the game is over, and clicks made while the cards move
are played, not refused."""

from __future__ import annotations

import re
from collections.abc import Callable

from tabletools import Table

TableAt = Callable[..., Table]
#: The game on the table has changed from the one with id ``arg``.
NEW_GAME = "(old) => window.Parlour.game.answer && window.Parlour.game.answer.id !== old"


def play_one(table: Table) -> None:
    table.click_move(table.moves()[0])
    assert table.played() >= 1


def test_a_new_deal_over_a_game_in_play_asks_first(table_at: TableAt) -> None:
    table = table_at("laptop")
    first = table.start("gate", seed=3)
    page = table.page
    play_one(table)
    # N asks; Escape keeps the game
    page.keyboard.press("n")
    dialog = page.locator("dialog#confirm[open]")
    dialog.wait_for()
    said = dialog.inner_text()
    assert "Start a new deal?" in said
    assert "This game stays in Continue on the front page" in said  # as the service keeps it
    assert "loss" not in said
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#confirm", state="detached")
    assert table.answer["id"] == first
    # the button asks too; N answers no
    page.locator("#newgame").click()
    dialog.wait_for()
    page.keyboard.press("n")
    page.wait_for_selector("dialog#confirm", state="detached")
    assert table.answer["id"] == first
    # Enter (the focused yes) starts the new deal
    page.keyboard.press("n")
    dialog.wait_for()
    page.keyboard.press("Enter")
    page.wait_for_function(NEW_GAME, arg=first)
    table.settle()
    second = table.answer["id"]
    # the keyboard is where play starts, its ring in view (it was on the title, unseen)
    start = page.evaluate(
        "(() => { const el = document.activeElement;"
        " return [!!el.closest('#scene'), el.matches(':focus-visible'), el.tabIndex]; })()"
    )
    assert start == [True, True, 0], start
    # no move made in the new game: no question; Y is the other yes
    page.keyboard.press("n")
    page.wait_for_function(NEW_GAME, arg=second)
    table.settle()
    third = table.answer["id"]
    play_one(table)
    page.keyboard.press("n")
    dialog.wait_for()
    page.keyboard.press("y")
    page.wait_for_function(NEW_GAME, arg=third)
    table.settle()
    # the games left in play are in Continue, the first with its move
    table.open("#/")
    page.wait_for_selector(".continue-list")
    entries = page.locator(".continue-list a")
    hrefs = [entries.nth(i).get_attribute("href") for i in range(entries.count())]
    assert f"#/game/{first}" in hrefs and f"#/game/{third}" in hrefs
    # a game that is over: no question
    table.open(f"#/game/{first}")
    page.wait_for_function("(id) => window.Parlour.game.answer.id === id", arg=first)
    table.settle()
    table.give_up()
    page.wait_for_selector("#endpanel")
    table.settle()
    page.keyboard.press("n")
    page.wait_for_function(NEW_GAME, arg=first)
    assert page.locator("dialog#confirm").count() == 0


def test_the_continue_list_tells_its_games_apart(table_at: TableAt) -> None:
    table = table_at("phone")
    winnable = table.start("calculation", seed=None, deal="winnable")
    seed = table.page.request.get(f"{table.server.url}/api/games/{winnable}").json()
    assert "seed" not in seed
    play_one(table)
    plain = table.start("calculation", seed=None)
    table.open("#/")
    page = table.page
    page.wait_for_selector(".continue-list")
    one = page.locator(f'.continue-list a[href="#/game/{winnable}"]')
    two = page.locator(f'.continue-list a[href="#/game/{plain}"]')
    first, second = one.inner_text(), two.inner_text()
    assert first != second
    assert "Winnable deal" in first and "1 move ·" in first and "1 moves" not in first
    assert re.search(r"\d+ of 52 cards on the foundations", first), first
    assert "Just now" in first or "minute" in first
    assert "Random deal" in second and "0 moves" in second
    label = one.get_attribute("aria-label") or ""
    assert label.startswith("Continue Calculation: Winnable deal, 1 move, ")
    assert "last played " in label
    # never a winnable deal's seed, nor any digits but the moves, cards and time
    assert not re.search(r"\d{5,}", first + (label or ""))
    for game in (one, two):  # each entry fits the phone's width
        box = game.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_a_refused_typed_move_says_one_short_sentence(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.start("eight-by-eight", seed=4)
    page = table.page
    logged = page.locator("#log li").count()

    def typed(text: str) -> None:
        page.fill("#typed-move", text)
        page.press("#typed-move", "Enter")

    typed("T9 F")
    page.wait_for_selector("#message.error.shown")
    said = page.inner_text("#message")
    assert said == "“T9 F” is not a move here: there is no row T9 (the rows are T1-T8)."
    assert page.locator("#log li").count() == logged, "a refusal is no part of the game's log"
    assert "T9" not in page.inner_text("#log")
    typed("xyz")
    page.wait_for_function("document.querySelector('#message').innerText.includes('xyz')")
    assert "moves are written like" in page.inner_text("#message")
    assert len(page.inner_text("#message").split()) < 16
    # a blank submit takes the error away
    typed("   ")
    page.wait_for_function("!document.querySelector('#message').classList.contains('shown')")
    assert page.inner_text("#message") == ""
    # the notation is one link away, on the rules page
    assert page.locator("form.typed a.notation").get_attribute("href") == "#/rules/eight-by-eight"
    # once the game is over no move can be typed: the box and its Play button are off
    # and say why (a move typed there only got the service's error)
    box, play = page.locator("#typed-move"), page.locator("form.typed button")
    assert box.is_enabled() and play.is_enabled() and not box.get_attribute("placeholder")
    table.give_up()
    page.wait_for_selector("#endpanel")
    table.settle()
    assert box.is_disabled() and play.is_disabled()
    assert box.get_attribute("placeholder") == "Game over"
    assert box.get_attribute("title") == "The game is over: no move to type"
    assert play.get_attribute("title") == "The game is over: no move to type"


#: Clicks made while the table moves: the page's answers slowed a little, as a
#: distant server's are, so a fast person clicks before the cards have settled.
SLOW_MOVES = """(ms) => {
  const fetchNow = window.fetch;
  window.fetch = async (url, opts) => {
    const answer = await fetchNow(url, opts);
    if (/\\/moves$/.test(String(url))) await new Promise((r) => setTimeout(r, ms));
    return answer;
  };
}"""
#: The table still, ``arg`` moves played.
STILL_AFTER = "(n) => window.Parlour.game.answer.moves_played === n && !window.Parlour.game.busy"
#: What the page said that refuses or lets go of a click, from here on.
WATCH_REFUSALS = """() => { window.__refused = [];
  new MutationObserver(() => { const t = document.querySelector('#message').innerText;
    if (/cannot|not|let go/.test(t)) window.__refused.push(t); })
    .observe(document.querySelector('#message'), { childList: true, subtree: true }); }"""


def calculation_at_full_motion(
    table_at: TableAt, answer_ms: int
) -> tuple[Table, Callable[[str], tuple[float, float]]]:
    """Calculation with its cards moving (not ``?fast``), each move answered ``answer_ms``
    late; and where to click a pile (near its top: where its card is)."""
    table = table_at("laptop")
    table.start("calculation", seed=8)
    page = table.page
    page.goto(page.url.replace("?fast", ""))
    page.wait_for_selector("#scene .card")
    table.settle()
    page.evaluate(SLOW_MOVES, answer_ms)
    page.evaluate(WATCH_REFUSALS)

    def at(pile: str) -> tuple[float, float]:
        box = page.locator(f'#scene .pile[data-pile="{pile}"]').first.bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.2

    return table, at


def test_clicks_while_the_cards_move_are_played(table_at: TableAt) -> None:
    """Calculation at full motion: the current card and a waste pile clicked in turn,
    fast (80 ms apart, while the last move is asked for and shown): every pair plays
    its move, and nothing is refused ("The 7♦ cannot move now." was said for about 5
    clicks in 200, the click read against the table as it was)."""
    table, at = calculation_at_full_motion(table_at, 120)
    page = table.page
    stock = at("S")
    piles = [at(f"W{n}") for n in (1, 2, 3, 4)]
    pairs = 12
    for i in range(pairs):
        page.mouse.click(*stock)
        page.wait_for_timeout(80)
        page.mouse.click(*piles[i % 4])
        page.wait_for_timeout(80)
    page.wait_for_function(
        "(n) => window.Parlour.game.answer.moves_played >= n && !window.Parlour.game.busy",
        arg=pairs,
        timeout=60_000,  # what is checked is that all are played, not how fast (CI load)
    )
    table.settle()
    assert page.evaluate("window.__refused") == []
    assert table.played() == pairs


def test_clicks_ahead_of_a_slow_table_are_each_played(table_at: TableAt) -> None:
    """A slow line or device, as a loaded machine made of the test above (it lost 1 or 2
    moves in 12 with four copies run at once): a press on the stock made while the last
    move was answered, let go once the table was still, picks up the card turned there
    (it was read against the card still turning over: the pile, nothing picked up; or
    the browser gave no click at all, the table drawn again under the button); and
    clicks far ahead of the table are each played (past 4 waiting, the rest were let go
    unsaid, a pair's card without its pile)."""
    table, at = calculation_at_full_motion(table_at, 600)
    page = table.page
    stock = at("S")
    piles = [at(f"W{n}") for n in (1, 2, 3, 4)]
    page.mouse.click(*stock)
    page.mouse.click(*piles[0])
    page.mouse.move(*stock)
    page.mouse.down()  # while the move is answered
    page.wait_for_function(
        "window.Parlour.game.answer.moves_played === 1 && !window.Parlour.game.busy"
    )
    page.mouse.up()
    page.wait_for_function("!!window.Parlour.game.selected")
    assert page.evaluate("window.Parlour.game.selected.source") == "S"
    page.mouse.click(*piles[1])
    page.wait_for_function("window.Parlour.game.answer.moves_played === 2")
    # five pairs clicked while the first of their moves is answered: ten clicks waiting
    ahead = 5
    for i in range(ahead):
        page.mouse.click(*stock)
        page.wait_for_timeout(80)
        page.mouse.click(*piles[(i + 2) % 4])
        page.wait_for_timeout(80)
    page.wait_for_function(
        "(n) => window.Parlour.game.answer.moves_played >= n && !window.Parlour.game.busy",
        arg=2 + ahead,
        timeout=60_000,
    )
    table.settle()
    assert page.evaluate("window.__refused") == []
    assert table.played() == 2 + ahead


def test_each_pile_says_its_long_name(table_at: TableAt) -> None:
    """The pile names of the notation (T1, P, W ...) are cryptic to a newcomer: each
    pile's tooltip and accessible name say what it is, in the game's words (the
    answer's ``piles``), and a card in it is read with that name."""
    table = table_at("laptop")
    table.start("eight-by-eight", seed=3)
    row = table.pile("T1")
    assert row.get_attribute("title") == "T1: row 1 of the tableau"
    assert row.get_attribute("aria-label") == "row 1 of the tableau (T1), 7 face down"
    assert table.pile("P").get_attribute("title") == "P: the pending card, turned from the talon"
    top = row.locator(".card").last
    assert top.get_attribute("aria-label").endswith(", row 1 of the tableau (T1), 7 face down")


def test_skip_to_the_content_stays_at_the_table(table_at: TableAt) -> None:
    """The page's first Tab stop, "Skip to the content", followed with Enter, puts the
    focus on the content and leaves the game on the table (its "#main" had been read as
    an address: "No such page")."""
    table = table_at("phone")
    game_id = table.start("gate", seed=3)
    page = table.page
    page.locator("a.skip").focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(100)
    assert page.evaluate("location.hash") == f"#/game/{game_id}"
    assert page.evaluate("document.activeElement.id") == "main"
    assert page.locator("#scene .card").count() > 0
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.gamebar') !== null")
