"""Between the hands of a match (UNO's hands to 500 points) in headless Chromium.

The move that ends a hand also deals the next (dealing is nobody's choice), and the
table used to show the new hand at once, the whole ending told in a status line of
seven lines. Now the hand's end stays in view, as at cardgames.io: a panel says who
won the hand, the points, the running score, and shows the loser's cards as cards,
over a bare table, until the person asks for the next hand ("Next hand", or Enter);
then it is dealt on the table and the computer's moves after go on. The match's own
end has its end panel, which tells the last hand the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from tabletools import Table

TableAt = Callable[..., Table]
#: Seed 17 (the random player, you first): these moves win the first hand.
WIN_FIRST_HAND = ["R6", "R8", "W:B", "B2", "BS", "YS", "YD"]
#: Seed 4 (you first): after these moves (you only draw and keep), the computer goes
#: out in the middle of its reply to the last, and plays the next hand's first move in
#: the same reply. (Seed 9's moves stopped reaching it when the computer's replies took
#: their seeds from rng.derived_seed.)
COMPUTER_GOES_OUT = ["draw", "keep"] * 4 + ["draw"] * 4 + ["keep"] + ["draw"] * 3
PANEL = """() => {
  const p = document.querySelector('#handpanel');
  return p && {
    title: p.querySelector('h2').textContent,
    detail: p.querySelector('.detail').textContent,
    shown: p.querySelector('.shown-text') ? p.querySelector('.shown-text').textContent : null,
    cards: [...p.querySelectorAll('.mini-cards .card')].map((c) => c.dataset.card),
    totals: p.querySelector('.totals') ? p.querySelector('.totals').textContent : null,
    focused: document.activeElement && document.activeElement.id,
    hidden: getComputedStyle(document.querySelector('#scene')).visibility === 'hidden',
    status: document.querySelector('#status').textContent,
  };
}"""

#: What a person can press or type in now: the buttons and fields that are enabled
#: (the ids of the toolbar's and the panel's, the words of the moves' row).
LIVE_COMMANDS = """() => [...document.querySelectorAll(['.toolbar button', '#controls button',
    '#side input', '#side button[type=submit]', '#handpanel button', '#endpanel button'].join())]
  .filter((b) => !b.disabled && !b.closest('[hidden]')
    && !['keys', 'logbutton'].includes(b.id) && !b.classList.contains('close-log'))
  .map((b) => b.id || b.dataset.word || b.textContent.trim())"""


def shot(table: Table, name: str) -> None:
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    if shots:
        table.page.screenshot(path=f"{shots}/{name}.png")


def up_to_last_move(table: Table, seed: int, moves: list[str], **options: object) -> None:
    """A match of ``seed`` with all of ``moves`` but the last played through the API,
    the table opened on it."""
    game_id = table.start("uno", seed=seed, opponent="random", first=0, **options)
    for move in moves[:-1]:
        url = f"{table.server.url}/api/games/{game_id}/moves"
        assert table.page.request.post(url, data={"move": move}).ok, move
    table.page.reload()
    table.page.wait_for_function(
        "(n) => window.Parlour.game.answer && window.Parlour.game.answer.moves_played >= n",
        arg=len(moves) - 1,
    )
    table.settle()


def test_a_hand_won_stays_in_view_until_the_next_hand_is_asked_for(table_at: TableAt) -> None:
    for viewport in ("phone", "laptop"):
        table = table_at(viewport)
        page = table.page
        up_to_last_move(table, 17, WIN_FIRST_HAND)
        table.click_move(next(m for m in table.moves() if m["move"] == WIN_FIRST_HAND[-1]))
        page.wait_for_selector("#handpanel")
        table.settle()
        page.wait_for_timeout(600)  # no pause runs out: it waits for the person
        panel = page.evaluate(PANEL)
        shot(table, f"uno-hand-won-{viewport}")
        played = table.answer["played"]["hand_end"]
        assert panel["title"] == "You win hand 1"
        assert panel["detail"] == f"You score {played['points']} points."
        assert panel["shown"] == "The computer held:"
        assert panel["cards"] == played["shown"] and len(panel["cards"]) == 8
        assert panel["totals"] == f"Match to 500: you {played['points']}, the computer 0"
        assert panel["hidden"], "the next hand is on the table before it was asked for"
        assert panel["focused"] == "next-hand"
        # nothing can be played, undone, hinted, given up or dealt anew until the next
        # hand is on: "New deal" and "Draw" stayed enabled, and did nothing
        assert page.evaluate(LIVE_COMMANDS) == ["next-hand"]
        assert page.locator("#controls button").count(), "the moves' row went"
        # the status line says the move, not the whole ending and the next deal
        assert (
            panel["status"]
            == "You play a yellow Draw Two. The computer draws 2 cards for the Draw Two."
        )
        # the log tells it all at once
        assert "You win hand 1 and score" in page.inner_text("#log")
        # Enter deals the next hand; the computer starts it
        table.next_hand("Enter")
        assert page.locator("#handpanel").count() == 0
        assert (
            page.evaluate("getComputedStyle(document.querySelector('#scene')).visibility")
            == "visible"
        )
        assert table.answer["view"]["hand_number"] == 2
        assert page.locator("#scene .pile.hand .card").count() == 7
        commands = page.evaluate(LIVE_COMMANDS)
        assert {"newgame", "draw", "typed-move"} <= set(commands), commands
        assert page.inner_text("#status .say") == table.answer["status"]


def test_a_hand_the_computer_wins_in_its_reply_waits_for_the_person(table_at: TableAt) -> None:
    table = table_at("phone")
    page = table.page
    up_to_last_move(table, 4, COMPUTER_GOES_OUT)
    table.click_move(next(m for m in table.moves() if m["move"] == COMPUTER_GOES_OUT[-1]))
    page.wait_for_selector("#handpanel")
    table.settle()
    panel = page.evaluate(PANEL)
    shot(table, "uno-hand-lost-phone")
    steps = table.answer["computer_moves"]
    ended = next(s["hand_end"] for s in steps if s["hand_end"])
    assert panel["title"] == "The computer wins hand 1"
    assert panel["shown"] == "You held:" and panel["cards"] == ended["shown"]
    assert panel["detail"] == f"The computer scores {ended['points']} points."
    # the computer's moves of the next hand wait for the person too
    log = page.locator("#log li")
    shown = log.count()
    assert steps[-1]["text"] not in page.inner_text("#log")
    table.next_hand()
    assert page.locator("#handpanel").count() == 0
    assert log.count() > shown and steps[-1]["text"] in page.inner_text("#log")
    assert table.answer["your_turn"]


def test_the_match_end_tells_its_last_hand(table_at: TableAt) -> None:
    table = table_at("phone")
    page = table.page
    up_to_last_move(table, 17, WIN_FIRST_HAND, target=1)
    table.click_move(next(m for m in table.moves() if m["move"] == WIN_FIRST_HAND[-1]))
    page.wait_for_selector("#endpanel")
    table.settle()
    shot(table, "uno-match-end-phone")
    assert page.locator("#handpanel").count() == 0
    last = page.inner_text("#endpanel .last-hand")
    assert last.startswith("You win hand 1. You score 71 points. The computer held:")
    assert page.locator("#endpanel .last-hand .card").count() == 8
