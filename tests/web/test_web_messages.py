"""The table's status line and messages in headless Chromium, around requests.

An undo that keeps the server busy shows "thinking" on the status line, a hint
being worked out its button ("Thinking…"); once it is answered the line says the
turn again and the commands are free (the answer is slowed in the page, so a fast
machine shows the same). A message (a
hint, a refused move) never covers a card: it sits over the status line, cut to
its height (a tap shows it all; the log keeps a hint whole, not a refusal), and the
next move played, or the end of the game, takes it away.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tabletools import COVERED, Table
from test_web_table import BROKEN_FACTS

from parlour.service.words import card_words

TableAt = Callable[..., Table]
#: Every answer to a hint or an undo arrives 400 ms late.
SLOW_ANSWERS = """() => {
  const fetchNow = window.fetch;
  window.fetch = async (url, opts) => {
    const answer = await fetchNow(url, opts);
    if (/\\/(hint|undo)$/.test(String(url))) await new Promise((r) => setTimeout(r, 400));
    return answer;
  };
}"""
#: The cards and empty places the message box covers (none, it must be).
UNDER_MESSAGE = """() => {
  const m = document.querySelector('#message');
  if (!m.classList.contains('shown')) return [];
  const r = m.getBoundingClientRect();
  return [...document.querySelectorAll('#scene .card, #scene .slot')].filter((c) => {
    const q = c.getBoundingClientRect();
    return Math.min(r.right, q.right) > Math.max(r.left, q.left)
      && Math.min(r.bottom, q.bottom) > Math.max(r.top, q.top);
  }).map((c) => c.getAttribute('aria-label'));
}"""


def turn_is_shown(table: Table) -> None:
    """The status line says the turn, and the commands a player may use are free."""
    page = table.page
    answer = table.answer
    assert not page.evaluate("window.Parlour.game.busy")
    assert page.inner_text("#status .say") == answer["status"]
    assert "thinking" not in page.inner_text("#status")
    assert "Working" not in page.inner_text("#status")
    assert page.locator("#hint").is_enabled() == bool(answer["your_turn"])
    assert page.locator("#resign").is_enabled()
    assert page.locator("#undo").is_enabled() == bool(answer["can_undo"])


#: The toolbar's buttons: where each starts and how wide it is.
TOOLS_AT = """() => [...document.querySelectorAll('.toolbar > .tool')]
  .map((el) => { const r = el.getBoundingClientRect(); return [el.id, r.left, r.width]; })"""


@pytest.mark.parametrize(("game", "viewport"), [("calculation", "phone"), ("uno", "laptop")])
def test_a_slow_hint_or_undo_gives_the_table_back(
    table_at: TableAt, game: str, viewport: str
) -> None:
    """A hint being worked out is on its button ("Thinking…", aria-busy, a spinner),
    not the status line, and the table stays the person's: a second click says it is
    still at work (it was ignored without a word), a move may be played meanwhile,
    and the hint that then comes back, for the position gone, is not shown."""
    table = table_at(viewport)
    table.start(game, seed=11)
    page = table.page
    page.evaluate(SLOW_ANSWERS)
    held: list[Any] = []  # the hint's request, held until it is let go

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/hint", hold)
    idle = page.evaluate(TOOLS_AT)
    page.locator("#hint").click()
    busy = page.locator("#hint[aria-busy=true]")
    busy.wait_for()
    assert busy.inner_text() == "Thinking…" and busy.locator(".spinner").count() == 1
    # the toolbar stays put: the button is as wide at work as idle (it grew 49 px)
    assert page.evaluate(TOOLS_AT) == idle
    assert "Working" not in page.inner_text("#status")
    page.locator("#hint").click()
    page.wait_for_selector("#message.shown")
    assert page.inner_text("#message") == "Still thinking about a hint…"
    for route in held:
        route.continue_()
    page.unroute("**/hint", hold)
    page.wait_for_selector("#message.hint.shown")
    assert page.locator("#hint").get_attribute("aria-busy") == "false"
    assert page.locator("#hint").inner_text() == "Hint"
    turn_is_shown(table)
    assert page.locator("#scene .hinted").count() >= 1
    assert page.evaluate(UNDER_MESSAGE) == [], "the hint covers cards"
    # the hint's sentence names the card it lights, with its suit symbol or colour
    said = page.locator("#message").inner_text()
    lit = page.locator("#scene .card.hinted").first.get_attribute("data-card") or ""
    assert said.startswith("Hint: ") and card_words(lit) in said, (said, lit)
    # the hint lit the move's cards; they stay lit when the table is drawn for a new size
    size = page.evaluate("window.Parlour.game.size")
    page.set_viewport_size({"width": 700, "height": 760})
    page.wait_for_function("(old) => window.Parlour.game.size !== old", arg=size)
    table.settle()
    assert page.locator("#scene .hinted").count() >= 1
    # a move takes the hint away; then a slow undo, where the game allows one
    table.click_move(next(m for m in table.moves() if not m.get("colour")))
    assert not page.is_visible("#message.hint")
    turn_is_shown(table)
    # a hint held up while a move is played: it comes back for the position gone
    held.clear()
    page.route("**/hint", hold)
    page.locator("#hint").click()
    page.wait_for_selector("#hint[aria-busy=true]")
    assert "Working" not in page.inner_text("#status")
    table.click_move(next(m for m in table.moves() if not m.get("colour")))
    assert page.locator("#hint").get_attribute("aria-busy") == "false"
    for route in held:
        route.continue_()
    page.unroute("**/hint", hold)
    page.wait_for_function("() => window.Parlour.game.hinting === null")
    assert page.locator("#scene .hinted").count() == 0
    assert not page.is_visible("#message.hint")
    turn_is_shown(table)
    if table.answer["can_undo"]:
        table.after(lambda: page.locator("#undo").click())
        turn_is_shown(table)
    # too many hints asked for at once: the service's 429 is a message, not an error,
    # and the button works again (the next click gets a hint)
    busy = {"error": "Too many hints asked for this game at once: ask again in 2 seconds."}

    def refuse(route: Any) -> None:
        route.fulfill(status=429, headers={"Retry-After": "2"}, json=busy)

    page.route("**/hint", refuse)
    page.locator("#hint").click()
    page.wait_for_function("() => window.Parlour.game.hinting === null")
    page.wait_for_selector("#message.shown")
    assert page.inner_text("#message") == busy["error"]
    assert not page.is_visible("#message.error")
    assert page.locator("#hint").get_attribute("aria-busy") == "false"
    assert page.locator("#hint").inner_text() == "Hint" and page.locator("#hint").is_enabled()
    page.unroute("**/hint", refuse)
    page.locator("#hint").click()
    page.wait_for_selector("#message.hint.shown")


def test_a_refused_move_covers_no_card_and_goes_with_the_next_move(table_at: TableAt) -> None:
    table = table_at("phone")
    table.start("calculation", seed=11)
    page = table.page

    def refused(text: str) -> str:
        page.locator("#logbutton").click()
        page.fill("#typed-move", text)
        page.press("#typed-move", "Enter")
        page.wait_for_selector("#message.error.shown")
        page.locator("button.close-log").click()
        said = page.inner_text("#message")
        assert page.evaluate(UNDER_MESSAGE) == [], "the error covers cards"
        # the log tells the game: a refusal is no part of it
        assert said not in page.inner_text("#log")
        return said

    said = refused("zz 99")
    assert said == "“zz 99” is not a move here: 'zz' is no source pile (S or W1-W4)."
    # a long input quoted makes it long: cut
    refused("zz 99 " * 12)
    # cut to the status line's height; a tap shows it all, another puts it away
    box = page.locator("#message").bounding_box()
    status = page.locator("#status").bounding_box()
    assert box is not None and status is not None
    assert (
        box["y"] >= status["y"] - 1
        and box["y"] + box["height"] <= status["y"] + status["height"] + 1
    )
    page.locator("#message.cut").click()
    opened = page.locator("#message").bounding_box()
    assert opened is not None and opened["height"] > box["height"]
    page.locator("#message").click()
    assert not page.is_visible("#message.shown")
    # a move played takes the error away
    refused("zz 99")
    table.click_move(table.moves()[0])
    assert page.locator("#message.shown").count() == 0
    # and so does the end of the game
    refused("w1 w2")
    table.give_up()
    page.wait_for_selector("#endpanel")
    table.settle()
    assert page.locator("#message.shown").count() == 0


def test_chinese_patiences_keys_name_the_discard_piles_as_their_labels_do(
    table_at: TableAt,
) -> None:
    """The keys dialog says what the labels and the log say: "your discard pile" and
    "the computer's discard pile" (it said "twist: ... onto pile 0")."""
    table = table_at("phone")
    table.start("chinese-patience", seed=5)
    table.page.keyboard.press("?")
    dialog = table.page.locator("dialog.keys[open]")
    text = dialog.inner_text()
    assert "twist: turn the top card of your hand onto your discard pile" in text
    assert "(0 is your discard pile, 9 is the computer's)" in text
    assert "M 0 5 from your discard pile to pile 5" in text
    assert "onto the computer's discard pile" in text
    assert "pile 0" not in text and "pile 9" not in text
    # The labels' figure is the pile's card count (it was its number in moves, "(9)"),
    # and the counts after the status line are the service's words.
    table.page.keyboard.press("Escape")  # the keys help closes
    table.click_move(table.moves()[0])  # the first twist: a card on your discard pile
    labels = table.page.evaluate(
        "[...document.querySelectorAll('#scene .tag')].map((t) => t.textContent)"
    )
    theirs = len(table.answer["view"]["pile_9"])
    assert "your discard pile (1)" in labels, labels
    assert f"the computer's discard pile ({theirs})" in labels, labels
    counts = table.page.text_content("#status .counts .wide") or ""
    assert counts == table.answer["counts"], counts
    assert counts.startswith("Cards left (hand and discard pile): you ")
    assert " of 60 turns without a card to a foundation." in counts
    # a phone shows the same counts in the service's fewer words, a line each
    shown = table.page.inner_text("#status .counts")
    assert shown.splitlines() == table.answer["counts_narrow"], shown


#: What the table says about who is who: the title's words, the labels over the piles,
#: the counts after the status line.
WHO_IS_WHO = """() => ({
  who: document.querySelector('#game-title .who').textContent.trim(),
  tags: [...document.querySelectorAll('#scene .tag')].map((t) => t.textContent),
  counts: (document.querySelector('#status .counts') || {}).innerText || '',
})"""


#: Whether nothing of the table, the log or the status can be seen: the middle of each
#: card, the log and the status line lie under the hand-over's cover.
@pytest.mark.parametrize(
    ("game", "near", "far", "counts"),
    [
        ("uno", "{}'s hand: ", "{}: ", "Match to 500: {} (0), {} (0); hand 1."),
        (
            "chinese-patience",
            "{}'s discard pile (",
            "{}'s discard pile (",
            "Cards left (hand and discard pile): {} (",
        ),
    ],
)
def test_two_people_at_one_table_are_player_1_and_player_2(
    table_at: TableAt, game: str, near: str, far: str, counts: str
) -> None:
    """Two people sharing one table are named as the service names them, "Player 1"
    and "Player 2", in the title, the labels, the counts and the end panel: the table
    faces the player to move, and the names turn with it. (The other seat was "the
    computer" everywhere but the status and the log.) Once a move passes the turn the
    screen is covered until the next person asks for their cards (the table stayed on
    the mover's side with no move to play, until a reload); so is a new game's, and a
    reloaded one's (the first player's cards were face up before anyone had passed
    the screen)."""
    table = table_at("laptop")
    game_id = table.start(game, 13, opponent="human", take=False)
    page = table.page
    first = table.answer["hand_over"]["seat"]
    for _ in range(2):  # the new game, then reloaded: covered, nothing of a table under it
        cover = page.locator("#handover")
        cover.wait_for()
        mover = f"Player {first + 1}"
        assert cover.inner_text().startswith(f"{mover}'s turn: pass the screen to {mover}.")
        assert page.evaluate(COVERED), "a hand shows before the screen is passed"
        assert table.answer["seat"] != first and not table.answer["your_turn"]
        page.reload()
        page.wait_for_selector("#handover")
        table.settle()
    table.take_over()
    for seat in (first, 1 - first):
        mover, other = f"Player {seat + 1}", f"Player {2 - seat}"
        seen = page.evaluate(WHO_IS_WHO)
        assert seen["who"] == "for two people at one table"
        tags = seen["tags"]
        assert any(t.startswith(near.format(mover)) for t in tags), seen
        assert any(t.startswith(far.format(other)) for t in tags), seen
        assert seen["counts"].startswith(counts.format(mover, other)), seen
        assert "computer" not in str(seen).lower() and "your" not in str(seen).lower(), seen
        assert page.locator("#status .say").inner_text().startswith(f"{mover}'s turn")
        for _ in range(20):  # the first to move plays on until it is the other's turn
            if seat != first or table.answer["to_move"] != seat:
                break
            moves = table.moves()
            ending = [m for m in moves if m.get("word") in ("end", "keep", "pass")]
            table.click_move((ending or moves)[0])
        if seat == first:  # the screen is covered until the other has it
            cover = page.locator("#handover")
            cover.wait_for()
            assert cover.inner_text().startswith(f"{other}'s turn: pass the screen to {other}.")
            assert page.evaluate(COVERED), "the mover's cards show while the screen is passed"
            page.locator("#take-over").click()
            page.wait_for_function(
                "(n) => window.Parlour.game.answer.seat === n && !window.Parlour.game.busy",
                arg=1 - seat,
            )
            table.settle()
            assert not cover.count() and table.answer["your_turn"] and table.moves()
    page.keyboard.press("?")
    keys = page.locator("dialog.keys[open]").inner_text()
    assert "computer" not in keys.lower(), keys
    # the keys help names the seat shown, as the labels do (it said "your hand")
    shown = f"Player {table.answer['seat'] + 1}"
    assert f"every card of {shown}'s hand" in keys and "your" not in keys.lower(), keys
    if game == "chinese-patience":
        assert f"twist: turn the top card of {shown}'s hand onto {shown}'s discard" in keys
    page.keyboard.press("Escape")
    shown_seat = table.answer["seat"]
    assert page.request.post(f"{table.server.url}/api/games/{game_id}/resign").ok
    page.reload()
    page.wait_for_selector("#endpanel")
    panel = page.locator("#endpanel").inner_text()
    assert "Player 1 won!" in panel or "Player 2 won!" in panel
    assert "computer" not in panel.lower() and "you " not in panel.lower(), panel
    if game == "uno":  # the reload keeps the seat the screen showed: its total first
        near = table.answer["seat"]
        assert near == shown_seat, (near, shown_seat)
        assert f"Player {near + 1} (0), Player {2 - near} (0)" in panel, panel
    else:  # the score is the winner's, and says so (it was a bare "Score")
        winner = table.answer["outcome"]["winner"]
        labels = page.locator("#endpanel dt").all_inner_texts()
        assert f"Player {winner + 1}'s score" in labels and "Score" not in labels, labels
    # the two players' games so far, as a fact in the service's short words (the
    # sentence "At one table: Player 1 won 1, Player 2 won 0." took two lines at 360 px)
    together = page.locator("#end-one-table")
    assert together.inner_text() == table.answer["end"]["one_table_won"]
    assert re.fullmatch(r"Player 1 \(\d+\), Player 2 \(\d+\)", together.inner_text())
    label = "(dd) => dd.previousElementSibling.innerText"
    assert together.evaluate(label) == "Games won at one table"
    # each fact on one line on the smallest phone: "Series, game 1" beside "Player 1
    # (0), Player 2 (22)" took two lines at 360 px
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("innerWidth === 360")
    table.settle()
    assert not page.evaluate(BROKEN_FACTS), page.evaluate(BROKEN_FACTS)
    # the label's short form on a phone, once the panel is drawn again for the width
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "() => { const d = document.querySelector('#end-one-table');"
            " return !!d && d.previousElementSibling.innerText === 'Games won'; }",
            timeout=3_000,
        )
    assert together.evaluate(label) == "Games won"


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_at_one_table_undo_and_hint_follow_the_services_rules(
    table_at: TableAt, viewport: str
) -> None:
    """At two people's one table the web draws what the service allows, as the
    terminal does: no hint against a person (the button greyed, saying why, and H does
    nothing; it was enabled); undo for the seat the screen shows (it acted for the
    player to move): the cover handing the screen over lets the mover take the move
    back, and the next person's Undo is greyed, saying why. A reload shows what was
    shown: the cover, or the next person's table (it covered that again and offered
    them the mover's undo). The next person is told what the other did meanwhile."""
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    table = table_at(viewport)
    page = table.page
    table.start("uno", 2, opponent="human", first=0)
    answer = table.answer
    assert not answer["can_hint"] and page.locator("#hint").is_disabled()
    assert page.get_attribute("#hint", "title") == f"Hint (H): {answer['hint_refusal']}"
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.url.endswith("/hint") else None)
    page.locator("#scene").focus()
    page.keyboard.press("h")
    page.wait_for_timeout(200)
    assert requests == [] and page.locator("#message.shown").count() == 0
    green = next(m for m in table.moves() if m["move"] == "G5")
    table.click_move(green)  # a card from the hand: the turn passes, nothing was shown
    back = page.locator("#handover #take-back")
    back.wait_for()
    if shots:
        page.screenshot(path=f"{shots}/handover-take-back-{viewport}.png")
    with page.expect_response(re.compile(r"/undo$")) as undone:
        back.click()
    assert undone.value.request.post_data_json == {"seat": 0}
    table.settle()
    assert page.locator("#handover").count() == 0
    assert table.answer["seat"] == 0 and table.answer["moves_played"] == 0
    assert table.answer["your_turn"] and table.moves()
    table.click_move(next(m for m in table.moves() if m["move"] == "G5"))
    # a reload under the cover puts up the same cover: the mover may still take it back
    page.reload()
    page.locator("#handover #take-back").wait_for()
    page.locator("#take-over").click()
    page.wait_for_function("() => window.Parlour.game.answer.seat === 1")
    table.settle()
    # the next person is told what the other did while the screen was covered
    told = page.locator("#message.shown .message-text")
    assert told.inner_text() == "Player 1 plays green 5." == table.answer["meanwhile"]
    # ... and a reload shows their table again, not the cover with Player 1's undo
    # (it asked with no seat: the mover's side, "Take your move back" offered to Player 2)
    for reloaded in (False, True):
        if reloaded:
            page.reload()
            page.wait_for_function("() => window.Parlour.game.answer?.seat === 1")
            table.settle()
            assert not page.locator("#handover").count()
        answer = table.answer
        assert answer["your_turn"] and not answer["can_undo"]
        assert page.locator("#undo").is_disabled()
        assert page.get_attribute("#undo", "title") == f"Undo (U): {answer['undo_refusal']}"
        assert page.locator("#hint").is_disabled()


def test_against_the_computer_the_table_says_you_and_the_computer(table_at: TableAt) -> None:
    """The names come from the service for every table: against the computer they
    are "you" and "the computer", as before."""
    table = table_at("laptop")
    table.start("uno", 13, opponent="random")
    seen = table.page.evaluate(WHO_IS_WHO)
    assert seen["who"] == "against the computer"
    assert "your hand: 7" in seen["tags"] and "the computer: 7" in seen["tags"]
    assert seen["counts"] == "Match to 500: you 0, the computer 0; hand 1."


def test_a_move_taken_back_and_played_again_leaves_the_log_told_once(
    table_at: TableAt,
) -> None:
    """Was: undo, then the same move again, and the log said how the game began twice
    ("A Wild is turned face up on the discard pile. Hand 1: you start." in a friend's
    game): the answer to an undo carries the whole log, which replaces the one shown."""
    table = table_at("laptop")
    table.start("uno", seed=4)  # red 6 may be played and taken back (no card shown)
    page = table.page
    opening = page.evaluate("window.Parlour.game.log[0].text")

    def red_six() -> None:
        table.click_move(next(m for m in table.moves() if m.get("card") == "R6"))

    red_six()
    assert table.answer["can_undo"]
    table.after(lambda: page.locator("#undo").click())
    red_six()
    texts = page.evaluate("window.Parlour.game.log.map((e) => e.text)")
    assert texts.count(opening) == 1, texts
    numbers = page.evaluate("window.Parlour.game.log.map((e) => e.n)")
    assert numbers == sorted(set(numbers)), numbers


def test_a_run_picked_up_and_a_calculator_row_read_as_sentences(table_at: TableAt) -> None:
    """A run picked up reads "4♠ and the card on it picked up" (was "and the 1 card on
    it"), by a click: put back by another; a calculator row, for a screen reader, "F4
    needs an 8 next" (was "a 8"), with the article cards.py's rank_words gives."""
    from parlour.cards import RANKS, rank_words

    table = table_at("laptop")
    table.start("calculation", seed=3)
    labels = table.page.evaluate(
        "() => [...document.querySelectorAll('#scene .calculator')]"
        ".map((row) => row.getAttribute('aria-label'))"
    )
    rows = table.answer["view"]["calculator"]
    needs = [rank_words(RANKS.index(row["next"]) + 1) for row in rows]
    assert labels == [
        f"{row['foundation']} needs {need} next (0 of 12 played)"
        for row, need in zip(rows, needs, strict=True)
    ]
    assert labels[3].startswith("F4 needs an 8 next")
    game_id = table.start("gate", seed=3)  # T2 T4 leaves 4♠ 3♦ on T4
    page = table.page
    played = page.request.post(
        f"{table.server.url}/api/games/{game_id}/moves", data={"move": "T2 T4"}
    )
    assert played.ok, played.text()
    page.reload()
    page.wait_for_function(
        "window.Parlour && window.Parlour.game.answer"
        " && window.Parlour.game.answer.moves_played === 1"
    )
    table.settle()
    card = table.card("T4", 2)
    card.click(position=table.corner(card))
    page.wait_for_selector("#message.shown")
    said = page.locator("#message .message-text").inner_text()
    assert said == (
        "4♠ and the card on it picked up: click where it goes, or click it again to put it back."
    ), said
    # a screen reader is given its card in words, as the status line's and the log's
    # (it read "4 black spade suit")
    heard = page.locator("#message").aria_snapshot()
    assert "4 of spades and the card on it picked up" in heard and "♠" not in heard, heard


def test_a_stuck_hint_lights_no_move(table_at: TableAt) -> None:
    """When no move leads anywhere the hint says so and lights nothing (was: it lit
    some legal move, and following such hints went round in circles). The Gate, 3-card
    bars, deal 970141, where the player finds nothing new after 100 moves."""
    from stuck_deals import STUCK_TEXT, gate_moves_until_stuck

    table = table_at("laptop")
    game_id = table.start("gate", seed=970141, bars=3)
    page = table.page
    table.play_by_api(game_id, gate_moves_until_stuck())
    page.locator("#hint").click()
    page.wait_for_selector("#message.hint.shown", timeout=30_000)
    assert page.locator("#message").inner_text() == STUCK_TEXT
    assert page.locator("#scene .hinted").count() == 0
    # the status line says so too (it said "Move cards home or onto the bars ...")
    stuck = "No move leads anywhere: undo or resign."  # the rules pages' words
    page.wait_for_function(
        "t => document.querySelector('#status .say')?.textContent === t", arg=stuck
    )


def test_the_keys_list_h_only_where_a_hint_is_offered(table_at: TableAt) -> None:
    """The keys help lists H (hint) where the service offers a hint, and not where it
    refuses one (two people at one table, where H does nothing: it listed H at every
    table)."""
    table = table_at("laptop")
    page = table.page

    def keys_shown() -> dict[str, str]:
        page.keyboard.press("?")
        rows = page.locator("dialog.keys[open] tr")
        shown = dict(r.split("\t", 1) for r in rows.all_inner_texts() if "\t" in r)
        page.keyboard.press("Escape")
        return shown

    table.start("uno", 13, opponent="random")
    assert table.answer["can_hint"]
    assert keys_shown()["H"] == "hint"
    # N starts what the toolbar's button starts, in its words (it said "a new deal"
    # in UNO, where it starts a new match)
    assert keys_shown()["N"] == "New match with the same options"
    table.start("gate", 3)
    assert keys_shown()["N"] == "New deal with the same options"
    table.start("chinese-patience", 3, opponent="random")
    assert keys_shown()["N"].startswith("New game with the same options (the next game")
    table.start("uno", 13, opponent="human")
    assert not table.answer["can_hint"]
    shown = keys_shown()
    assert "H" not in shown and "U or Ctrl+Z" in shown, shown


#: Watch the table: ``window.drawnUncovered`` once a hand's cards are drawn while the
#: screen is not covered.
DRAWN_UNCOVERED = """() => {
  window.drawnUncovered = false;
  new MutationObserver(() => {
    const hand = document.querySelector('#scene .pile.hand .card');
    if (hand && !document.getElementById('handover')) window.drawnUncovered = true;
  }).observe(document.getElementById('scene'), { childList: true, subtree: true });
}"""


def test_at_one_table_a_new_hand_is_dealt_behind_the_cover(table_at: TableAt) -> None:
    """The card that ends a hand of UNO deals the next: after the hand's panel the
    screen is covered before any card of the new hand shows, even when the one who
    ended the hand starts the next (their new cards were dealt face up for whoever had
    the screen, both having looked at the hand's end); their cards once they show them."""
    table = table_at("phone")
    page = table.page
    game_id = table.start("uno", 7, opponent="human", first=0)
    moves = ["BD", "YD", "Y3", "R3", "R0", "R8", "R6", "G6", "G9", "G2", "draw", "keep"]
    table.play_by_api(game_id, [*moves, "W:R", "RS"])  # Player 1 holds a Wild alone
    card = table.card("W")
    card.click(position=table.corner(card))
    page.locator("dialog[open] button.colour-button", has_text="red").click()
    page.wait_for_selector("#handpanel #next-hand")
    page.evaluate(DRAWN_UNCOVERED)
    table.next_hand()
    assert not page.evaluate("window.drawnUncovered"), "the new hand was dealt uncovered"
    cover = page.locator("#handover-text")
    cover.wait_for()
    assert cover.inner_text() == "Player 1's turn: pass the screen to Player 1."
    assert page.evaluate(COVERED), "the new hand shows before the screen is passed"
    table.take_over()
    assert table.answer["view"]["hand_number"] == 2 and table.answer["seat"] == 0
    assert not page.locator("#handover").count()


def test_a_card_picked_up_says_how_to_put_it_back_in_the_hands_words(
    table_at: TableAt,
) -> None:
    """Picked up by a tap on a phone, a card says "tap where it goes, or tap it again to
    put it back", and a second tap does put it back; by the keyboard, "or Escape". Every
    way of picking up said "choose where it goes, or Escape.", to a phone with no
    Escape key."""
    table = table_at("phone", has_touch=True, is_mobile=True)
    page = table.page
    table.start("calculation", seed=3)
    card = table.card("S")
    card.tap(position=table.corner(card))
    page.wait_for_selector("#message.shown")
    assert page.locator("#message .message-text").inner_text() == (
        "2♥ picked up: tap where it goes, or tap it again to put it back."
    )
    assert page.evaluate("!!window.Parlour.game.selected")
    page.wait_for_timeout(600)  # not a double tap, which sends a card to its foundation
    card.tap(position=table.corner(card))
    page.wait_for_function("!window.Parlour.game.selected")
    assert page.locator("#scene .lit").count() == 0
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("!!window.Parlour.game.selected")
    assert page.locator("#message .message-text").inner_text() == (
        "2♥ picked up: choose where it goes, or Escape."
    )
    page.keyboard.press("Escape")
    page.wait_for_function("!window.Parlour.game.selected")


def test_the_gates_deal_is_described_as_what_it_does(table_at: TableAt) -> None:
    """With a gap in the Gate (an Ace gone home from a bar), a deal fills it: the
    status line says so, and neither the keys help nor the stock's name says a deal
    puts a card on the waste heap (they said "deal a card from the stock to the waste
    heap", "deal one to the waste heap", whatever the deal would do)."""
    table = table_at("phone")
    page = table.page
    game_id = table.start("gate", seed=1)
    table.play_by_api(game_id, ["T3 F"])  # leaves a space in the top bar
    assert "fill the gaps" in page.inner_text("#status .say")
    stock = page.locator('#scene .pile[data-pile="S"] .card').first
    assert "waste heap" not in (stock.get_attribute("aria-label") or "")
    page.keyboard.press("?")
    keys = page.locator("dialog.keys[open]").inner_text()
    assert "fill the gaps (a bar space, a post short of cards) from the stock" in keys, keys
    assert "deal a card from the stock to the waste heap" not in keys


def test_chinese_patiences_turn_starts_with_twist_not_twist_again(table_at: TableAt) -> None:
    """A person's turn after the computer's (not their first) says "Your turn: twist,
    or move cards first." It said "twist again", to a player who had not twisted yet
    this turn."""
    table = table_at("phone")
    page = table.page
    table.start("chinese-patience", seed=5, first=0)
    assert table.answer["status"] == "Your turn: start with a twist."
    table.after(lambda: page.keyboard.press("t"))
    assert "end" in [m["move"] for m in table.moves()], table.answer["status"]
    table.after(lambda: page.keyboard.press("z"))
    page.wait_for_function(
        "() => { const a = window.Parlour.game.answer;"
        " return a.your_turn && !window.Parlour.game.busy; }",
        timeout=30_000,
    )
    table.settle()
    assert page.inner_text("#status .say") == "Your turn: twist, or move cards first."
