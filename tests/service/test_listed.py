"""The list of games (the web front page's Continue list) tells games apart in the
service's words: the deal, the moves made in the singular and plural, how far the game
has got, who plays and when it was last played; never a seed a person may not see.
A new deal over a game in play leaves that game in the list, unfinished and uncounted."""

from __future__ import annotations

import datetime as dt

import pytest

from parlour.service import TableService, open_service
from parlour.service.words import ago_words, moves_words

ME = "me"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def listed(table: TableService, game_id: str) -> dict[str, object]:
    (found,) = [g for g in table.list_games(ME) if g["id"] == game_id]
    return dict(found)


def test_moves_words_singular_and_plural() -> None:
    assert [moves_words(n) for n in (0, 1, 2, 12)] == ["0 moves", "1 move", "2 moves", "12 moves"]


def test_ago_words() -> None:
    now = 1_800_000_000.0
    said = [ago_words(now - s, now, "3 March 2027") for s in (5, 60, 300, 3600, 7200, 86400)]
    assert said == [
        "just now",
        "a minute ago",
        "5 minutes ago",
        "an hour ago",
        "2 hours ago",
        "yesterday",
    ]
    assert ago_words(now - 3 * 86400, now, "3 March 2027") == "3 days ago"
    assert ago_words(now - 30 * 86400, now, "3 March 2027") == "3 March 2027"


def test_two_games_of_one_game_are_told_apart(table: TableService) -> None:
    winnable = table.start(ME, "calculation", deal="winnable")
    table.play(ME, winnable["id"], winnable["legal_moves"][0])
    chosen = table.start(ME, "calculation", 7)
    plain = table.start(ME, "calculation")
    day = dt.date.today() - dt.timedelta(days=2)
    daily = table.start(ME, "gate", deal="daily", day=day)
    uno = table.start(ME, "uno", opponent="random")

    one = listed(table, winnable["id"])
    assert one["deal_text"] == "Winnable deal"
    assert one["moves_text"] == "1 move"
    progress = table.get(ME, winnable["id"])["progress"]
    assert progress is not None
    assert one["progress_text"] == f"{progress['value']} of 52 cards on the foundations"
    assert one["played_text"] == "just now"
    assert one["who_plays"] is None
    # a winnable deal's seed is never shown in play: all one learns is that it is winnable
    assert "seed" not in one and str(table.store.get(winnable["id"]).seed) not in str(one)

    assert listed(table, chosen["id"])["deal_text"] == "Deal 7"  # the person chose it
    shown = listed(table, plain["id"])
    assert shown["deal_text"] == "Random deal" and "seed" not in shown
    assert shown["moves_text"] == "0 moves"
    assert listed(table, daily["id"])["deal_text"].startswith("Deal of the day, ")
    two = listed(table, uno["id"])
    assert two["who_plays"] == "against the computer"
    assert two["progress_text"] is None  # UNO has a score, not cards home


def test_a_new_deal_leaves_the_game_in_play_in_the_list(table: TableService) -> None:
    """What the web app's "Start a new deal?" says: the game stays in Continue (it is
    neither resigned nor counted)."""
    first = table.start(ME, "gate")
    table.play(ME, first["id"], first["legal_moves"][0])
    second = table.again(ME, first["id"])
    kept = listed(table, first["id"])
    assert kept["finished"] is False and kept["moves_text"] == "1 move"
    assert listed(table, second["id"])["finished"] is False
    stats = table.stats(ME)
    assert stats["total"]["played"] == 0 and stats["total"]["in_play"] == 2


def test_a_game_stored_without_its_progress_still_says_how_far_it_got(
    table: TableService,
) -> None:
    """Games stored before records kept their progress: the list replays them for it
    (and writes nothing back: the next move stores it)."""
    game = table.start(ME, "calculation", 3)
    table.play(ME, game["id"], game["legal_moves"][0])
    said = listed(table, game["id"])["progress_text"]
    record = table.store.get(game["id"])
    assert record is not None and said
    del record.meta["progress"]
    table.store.update(record)
    assert "progress" not in table.store.get(game["id"]).meta
    assert listed(table, game["id"])["progress_text"] == said
    (resumable,) = [g for g in table.unfinished() if g["id"] == game["id"]]
    assert resumable["progress_text"] == said
    assert "progress" not in table.store.get(game["id"]).meta


def test_a_game_stored_without_its_progress_is_replayed_once_per_version(
    table: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list is drawn often; such a game was replayed each time it was drawn."""
    from parlour.service import table as table_module

    game = table.start(ME, "gate", 3)
    table.play(ME, game["id"], game["legal_moves"][0])
    record = table.store.get(game["id"])
    assert record is not None
    del record.meta["progress"]
    table.store.update(record)
    replays = []
    real = table_module.rebuild
    monkeypatch.setattr(table_module, "rebuild", lambda r: replays.append(r.id) or real(r))
    said = [listed(table, game["id"])["progress_text"] for _ in range(3)]
    assert len(set(said)) == 1 and said[0]
    assert replays == [game["id"]]
