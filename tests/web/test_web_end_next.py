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


def resign(table: Table) -> None:
    table.page.locator("#resign").click()
    table.page.locator("dialog button", has_text="Resign").click()
    table.page.wait_for_selector("#endpanel")
    table.settle()


def test_a_resigned_match_offers_a_new_match_and_a_patience_its_deal(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.start("uno", 13, first=0)
    assert table.answer["view"]["hand_number"] == 1
    resign(table)
    page = table.page
    assert page.inner_text("#play-again") == "Play again: new match"
    assert page.locator("#replay").count() == 0
    table.start("chinese-patience", 7)
    resign(table)
    assert page.locator("#next-in-series").count() == 1 and page.locator("#replay").count() == 0
    table.start("gate", 7)
    resign(table)
    assert page.inner_text("#play-again") == "Play again: new deal"
    assert page.inner_text("#replay") == "Replay this deal"
