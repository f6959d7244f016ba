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


#: The toolbar's buttons: id, words and tooltip.
TOOLBAR = """() => [...document.querySelectorAll('.toolbar .tool')]
  .map((el) => [el.id, el.querySelector('.tool-text').textContent, el.title])"""
#: The toolbar's buttons by the service's command each one does.
BUTTONS = {
    "undo": "undo",
    "redo": "redo",
    "hint": "hint",
    "newgame": "new",
    "resign": "resign",
    "keys": "keys",
    "logbutton": "log",
}


def toolbar_says_the_services_words(table: Table) -> None:
    """Every command's button says the service's label (``answer.commands``) and its
    tooltip its key ("Undo (U)"), the words and keys the terminal table's key bar
    shows for the same action (tests/tui/test_command_words.py); the link back to the
    games too."""
    commands = table.answer["commands"]
    shown = {id_: (text, title) for id_, text, title in table.page.evaluate(TOOLBAR) if id_}
    assert set(shown) == set(BUTTONS), shown
    for id_, action in BUTTONS.items():
        words = commands[action]
        title = f"{words['label']} ({words['key']})"
        assert shown[id_][0] == words["label"], (id_, shown[id_], words)
        assert shown[id_][1].startswith(title), (id_, shown[id_], words)
    home = table.page.locator(".home-link .tool-text").inner_text()
    assert home == commands["games"]["label"] == "Games"


def resign(table: Table, words: tuple[str, str, str], by_key: bool = False) -> None:
    """Resign from the toolbar, in the words a patience's deal (``RESIGN_DEAL``) or a
    two-player game (``RESIGN``) is resigned in: the button's text and title (with its
    key, X, as at the terminal table), the question and its yes, and the end panel's
    headline; ``by_key``: X on the table, not a click."""
    label, question, headline = words
    page = table.page
    button = page.locator("#resign")
    assert button.inner_text() == label and button.get_attribute("title") == f"{label} (X)"
    if by_key:
        page.locator("#game-title").focus()
        page.keyboard.press("x")
    else:
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
    toolbar_says_the_services_words(table)
    resign(table, RESIGN)
    assert page.inner_text("#play-again") == "Play again: new match"
    assert page.locator("#replay").count() == 0
    table.start("chinese-patience", 7)
    assert page.inner_text("#newgame") == "New game"
    toolbar_says_the_services_words(table)
    resign(table, RESIGN)
    assert page.locator("#next-in-series").count() == 1 and page.locator("#replay").count() == 0
    assert page.inner_text("#play-again") == "New game"  # was "New single game"
    table.start("gate", 7)
    assert page.inner_text("#newgame") == "New deal"
    toolbar_says_the_services_words(table)
    resign(table, RESIGN_DEAL, by_key=True)
    assert page.inner_text("#play-again") == "Play again: new deal"
    assert page.inner_text("#replay") == "Replay this deal"
