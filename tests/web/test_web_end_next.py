"""The end panel's next steps after a resign, in headless Chromium: the service's
(``end.next``), so the panel offers what the terminal offers.

UNO resigned in its first hand offered "Play again: new deal" and "Replay this deal":
a person expects a new match, and the same deal again would deal the hands already
seen. A patience's deal is the person's own puzzle: it is offered again.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletools import Table

TableAt = Callable[..., Table]


#: How each kind of game is resigned: (the button, its question, the end's headline).
RESIGN_DEAL = ("Resign", "Resign this deal?", "You resigned.")
RESIGN = ("Resign", "Resign this game?", "You resigned.")


def resign(table: Table, words: tuple[str, str, str]) -> None:
    """Resign from the toolbar, in the words a patience's deal (``RESIGN_DEAL``) or a
    two-player game (``RESIGN``) is resigned in: the button's text and title, the
    question and its yes, and the end panel's headline."""
    label, question, headline = words
    page = table.page
    button = page.locator("#resign")
    assert button.inner_text() == label and button.get_attribute("title") == label
    button.click()
    dialog = page.locator("dialog#confirm[open]")
    dialog.wait_for()
    assert dialog.locator("#confirm-title").inner_text() == question
    assert dialog.locator("#confirm-yes").inner_text() == label
    dialog.locator("#confirm-yes").click()
    page.wait_for_selector("#endpanel")
    table.settle()
    assert page.inner_text("#end-title") == headline
    assert table.answer["result"] == "resigned"  # the API's word stays


def test_a_resigned_match_offers_a_new_match_and_a_patience_its_deal(table_at: TableAt) -> None:
    """The toolbar's new game says what it starts as the end panel does ("New match",
    "New game" of a series' game, "New deal"). Also: every game is resigned, as the
    rules pages say ("Resign", "You resigned."), a patience's deal ("Resign this
    deal?") or a two-player game ("Resign this game?"); a patience said "Give up",
    "You gave up."."""
    table = table_at("laptop")
    table.start("uno", 13, first=0)
    assert table.answer["view"]["hand_number"] == 1
    page = table.page
    # the toolbar's new game in the end panel's words for it (it said "New deal")
    assert page.inner_text("#newgame") == "New match"
    resign(table, RESIGN)
    assert page.inner_text("#play-again") == "Play again: new match"
    assert page.locator("#replay").count() == 0
    table.start("chinese-patience", 7)
    assert page.inner_text("#newgame") == "New game"
    resign(table, RESIGN)
    assert page.locator("#next-in-series").count() == 1 and page.locator("#replay").count() == 0
    assert page.inner_text("#play-again") == "New game"  # was "New single game"
    table.start("gate", 7)
    assert page.inner_text("#newgame") == "New deal"
    resign(table, RESIGN_DEAL)
    assert page.inner_text("#play-again") == "Play again: new deal"
    assert page.inner_text("#replay") == "Replay this deal"
