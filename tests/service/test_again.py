"""The "play again" call is one call of the table (``TableService.again``) for every front end:
the same game, options and opponent, and the same kind of deal."""

from __future__ import annotations

import datetime as dt

import pytest

from parlour.errors import GameNotOverError
from parlour.service import NotFoundError, TableService, open_service

ME = "me"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def test_again_keeps_game_options_and_opponent(table: TableService) -> None:
    first = table.start(ME, "uno", opponent="basic", options={"target": 200})
    again = table.again(ME, first["id"])
    assert again["id"] != first["id"]
    assert (again["game"], again["opponent"], again["deal"]) == ("uno", "basic", "random")
    assert again["options"]["target"] == 200


def test_again_after_the_deal_of_the_day_is_that_days_deal(table: TableService) -> None:
    day = dt.date.today() - dt.timedelta(days=3)
    first = table.start(ME, "gate", deal="daily", day=day)
    again = table.again(ME, first["id"])
    assert (again["deal"], again["day"]) == ("daily", day.isoformat())
    assert again["view"] == first["view"]  # the same deal: the same table at the start


def test_again_after_a_winnable_deal_is_a_new_winnable_deal(table: TableService) -> None:
    first = table.start(ME, "gate", deal="winnable")
    again = table.again(ME, first["id"])
    assert again["deal"] == "winnable"


def test_again_with_another_kind_of_deal(table: TableService) -> None:
    first = table.start(ME, "gate", deal="daily")
    again = table.again(ME, first["id"], "random")
    assert (again["deal"], again["day"]) == ("random", None)


def test_the_same_deal_again_keeps_its_kind(table: TableService) -> None:
    first = table.start(ME, "gate", deal="winnable")
    with pytest.raises(GameNotOverError, match="over for good"):
        table.again(ME, first["id"], same_deal=True)  # it would tell the deal in play
    over = table.resign(ME, first["id"])
    replay = table.again(ME, first["id"], same_deal=True)
    assert (replay["seed"], replay["deal"]) == (over["seed"], "winnable")
    assert replay["view"] == first["view"]
    following = table.again(ME, replay["id"])  # after it: a new winnable deal
    assert following["deal"] == "winnable" and "seed" not in following
    # the kind is the game's own: a random deal replayed is not made "winnable"
    table.resign(ME, (other := table.start(ME, "gate"))["id"])
    assert table.again(ME, other["id"], "winnable", same_deal=True)["deal"] == "random"


def test_again_asked_twice_makes_one_game(table: TableService) -> None:
    """A double click: the second answer is the game the first made, while it is
    untouched; a game played in, or another kind of deal, makes a new one."""
    first = table.start(ME, "gate", seed=4)
    made = table.again(ME, first["id"])
    assert table.again(ME, first["id"])["id"] == made["id"]
    assert len(table.list_games(ME)) == 2
    other = table.again(ME, first["id"], "winnable")
    assert other["id"] != made["id"]
    assert table.again(ME, first["id"], "winnable")["id"] == other["id"]
    table.play(ME, other["id"], other["legal_moves"][0])
    assert table.again(ME, first["id"], "winnable")["id"] not in (made["id"], other["id"])
    assert len(table.list_games(ME)) == 4
    # the old game keeps its place in the list: asking again does not touch it
    assert [g["id"] for g in table.list_games(ME)][-1] == first["id"]


def test_again_needs_a_seat_at_the_game(table: TableService) -> None:
    first = table.start(ME, "gate")
    with pytest.raises(NotFoundError):
        table.again("somebody else", first["id"])


def test_a_server_prepares_the_deals_of_the_day_and_winnable_deals(
    table: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import parlour.service.table as table_module

    monkeypatch.setattr(table_module, "game_names", lambda: ["gate", "uno"])
    assert table.prepare_deals() == ["gate"]  # UNO has neither
    (pool,) = table._pools.values()
    assert pool.ready() == pool.size
    daily = table.start(ME, "gate", deal="daily")
    assert daily["deal"] == "daily"
