"""Two people at one table (``opponent`` ``"human"``): their games are kept apart from
the person's own statistics, and the one who takes the screen is told what the other
did meanwhile, in the log's sentences from their own side (see
``parlour.service.stats.one_table_stats`` and ``TableService.get``)."""

from __future__ import annotations

import re

import pytest

from parlour.service import HUMAN, TableService, open_service
from parlour.service.ending import end_facts, stats_lines, winner_seat

ME = "me"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def test_games_at_one_table_are_not_the_persons_own_wins_and_losses(table: TableService) -> None:
    """Player 2's win at one table counted as the owner's loss: the statistics said
    "you" lost, and the end of the game told Player 2, who had just won, "Streak: no
    wins yet". Such games have a line of their own, by who won them, on the
    statistics (and ``parlour stats``), at the end of the game, and in the list."""
    first = table.start(ME, "uno", seed=2, opponent=HUMAN, options={"first": 0})
    won_by_2 = table.resign(ME, first["id"], 0)  # Player 1 resigns: Player 2 wins
    end = won_by_2["end"]
    assert end is not None and end["headline"] == "Player 2 won!"
    assert end["streak_text"] is None and end["best_text"] is None
    assert end["one_table"] == "Player 1 won 0, Player 2 won 1"
    assert "At one table: Player 1 won 0, Player 2 won 1" in end_facts(won_by_2)
    second = table.start(ME, "uno", seed=3, opponent=HUMAN, options={"first": 0})
    second_end = table.resign(ME, second["id"], 1)["end"]
    assert second_end is not None
    assert second_end["one_table"] == "Player 1 won 1, Player 2 won 1"
    # short enough for a phone's line beside the end panel's "Games won" (the
    # sentence took two lines at 360 px)
    assert second_end["one_table_won"] == "Player 1 (1), Player 2 (1)"
    mine = table.start(ME, "uno", seed=4, opponent="random")  # the person's own game
    lost = table.resign(ME, mine["id"])
    assert lost["end"]["streak_text"] == "no wins yet" and lost["end"]["one_table"] is None
    stats = table.stats(ME)
    assert [(row["game"], row["played"], row["won"]) for row in stats["games"]] == [("uno", 1, 0)]
    # the results chart's marks: the person's own games alone, as counted (the web page
    # picked them from the list of games again, by its own reading of "one table")
    assert stats["games"][0]["results"] == ["resigned"]
    assert stats["total"]["results"] == ["resigned"]
    assert stats["total"]["played"] == 1
    assert stats["one_table"] == [
        {
            "game": "uno",
            "played": 2,
            "won": [1, 1],
            "drawn": 0,
            "text": "Player 1 won 1, Player 2 won 1",
            "line": "At one table, UNO: Player 1 won 1, Player 2 won 1.",
            "item": "UNO: Player 1 won 1, Player 2 won 1.",
        }
    ]
    # under their own heading on the statistics page, the lines do not say it again
    assert stats["one_table_words"]["heading"] == "Two people at one table"
    lines = stats_lines(stats)
    assert lines[-1] == "At one table, UNO: Player 1 won 1, Player 2 won 1."
    listed = {s["id"]: s["result_text"] for s in table.list_games(ME)}
    assert listed[first["id"]] == "Player 2 won" and listed[second["id"]] == "Player 1 won"
    assert listed[mine["id"]] == "Resigned"


def test_only_games_at_one_table_say_so_in_the_statistics(table: TableService) -> None:
    one = table.start(ME, "chinese-patience", seed=5, opponent=HUMAN)
    table.resign(ME, one["id"], one["to_move"])
    assert table.stats(ME)["games"] == []
    assert stats_lines(table.stats(ME))[0] == "No finished games of your own yet."


def test_the_one_taking_the_screen_is_told_what_the_other_did(table: TableService) -> None:
    """After the cover ("Pass to Player 2") nothing told the next person what the other
    had just done. Their answer says it in the log's sentences from their side: a card
    the other drew is not named."""
    answer = table.start(ME, "uno", seed=2, opponent=HUMAN, options={"first": 0})
    gid = answer["id"]
    assert table.get(ME, gid, 0)["meanwhile"] is None  # nobody has moved
    drew = table.play(ME, gid, "draw", 0)  # Player 1 draws red 7, and the turn passes
    assert drew["hand_over"] is not None and drew["meanwhile"] is None  # the mover's side
    assert "red 7" in drew["log"][-1]["text"]
    taken = table.get(ME, gid, 1)
    assert taken["meanwhile"] == "Player 1 draws a card."
    assert table.get(ME, gid)["meanwhile"] is None  # a reload, whose screen is unknown
    assert table.play(ME, gid, "G4", 1)["meanwhile"] is None
    assert table.get(ME, gid, 0)["meanwhile"] == "Player 2 plays green 4."
    assert table.get(ME, gid, 1)["meanwhile"] is None  # not their turn


def test_a_whole_turn_is_told_with_suit_symbols(table: TableService) -> None:
    """Chinese Patience: a turn of several moves, each in the log's sentence."""
    answer = table.start(ME, "chinese-patience", seed=2, opponent=HUMAN)
    gid, seat = answer["id"], answer["to_move"]
    played = table.get(ME, gid, seat)
    while played["hand_over"] is None:
        played = table.play(ME, gid, played["legal_moves"][0], seat)
    log = [e["text"] for e in table.get(ME, gid, 1 - seat)["log"] if e["who"] != "table"]
    told = table.get(ME, gid, 1 - seat)["meanwhile"]
    assert told == " ".join(log) and re.search("[♠♥♦♣]", told), told
    assert told.endswith(f"Player {seat + 1} ends their turn.")


def test_the_one_taking_the_screen_is_spoken_to(table: TableService) -> None:
    """Was: "Player 1 plays a green Draw Two. Player 2 draws ... Player 2 loses their
    turn." said to Player 2 as they took the screen (the shared log's third person).
    What the other did is told to the one taking over: "You lose your turn.", and the
    cards they drew are their own to read."""
    gid = table.start(ME, "uno", seed=0, opponent=HUMAN, options={"first": 0})["id"]
    seat, told = 0, None
    while told is None or "turn" not in told:
        moves = table.get(ME, gid, seat)["legal_moves"]
        # each plays a Draw Two or a Skip when they can, so the other loses a turn
        move = next((m for m in moves if len(m) >= 2 and m[1] in "SD"), moves[0])
        seat = table.play(ME, gid, move, seat)["to_move"]
        told = table.get(ME, gid, seat)["meanwhile"]
    assert "You lose your turn." in told and f"Player {seat + 1}" not in told, told
    assert f"Player {2 - seat} plays" in told, told


def test_a_resigned_game_stored_without_its_winner_is_the_other_seats_everywhere(
    table: TableService,
) -> None:
    """A resigned record keeps who resigned (``loser``); one stored without ``winner``
    was told two ways: the list said "Draw" (it read ``winner`` alone) while the
    statistics counted the other seat's win. Both read ``ending.winner_seat`` now."""
    one = table.start(ME, "uno", seed=2, opponent=HUMAN, options={"first": 0})
    table.resign(ME, one["id"], 0)  # Player 1 resigns
    mine = table.start(ME, "uno", seed=4, opponent="random")
    table.resign(ME, mine["id"])
    for gid, loser in ((one["id"], 0), (mine["id"], 1)):  # mine: as if the computer resigned
        record = table.store.get(gid)
        assert record is not None and record.outcome is not None
        record.outcome = {**record.outcome, "winner": None, "loser": loser}
        table.store.update(record)
    assert winner_seat({"result": "resigned", "loser": 0}) == 1
    assert winner_seat({"result": "draw", "reason": "blocked"}) is None
    listed = {s["id"]: s for s in table.list_games(ME)}
    assert listed[one["id"]]["result_text"] == "Player 2 won"
    assert listed[one["id"]]["headline"] == "Player 2 won!"
    assert table.stats(ME)["one_table"][0]["won"] == [0, 1]
    assert listed[mine["id"]]["result"] == "won" and listed[mine["id"]]["result_text"] == "Won"
    assert table.stats(ME)["games"][0]["won"] == 1  # the statistics agree with the list


def test_each_legal_move_comes_in_words_from_the_movers_side(table: TableService) -> None:
    """``parlour play``'s ``moves`` named the seats itself, from the answer's names (a
    second copy of ``policy.names``): the answer says each move (``move_texts``), at
    one table from the mover's side as the hint is, against the computer to "you"."""
    answer = table.start(ME, "chinese-patience", seed=3, opponent=HUMAN)
    gid = answer["id"]
    for _ in range(2):
        seat = answer["to_move"]
        answer = table.play(ME, gid, table.get(ME, gid, seat)["legal_moves"][0], seat)
    answer = table.get(ME, gid, answer["to_move"])
    said = dict(zip(answer["legal_moves"], answer["move_texts"], strict=True))
    assert answer["seat"] == 1 and said["0 7"] == "play 3♦ from Player 2's discard pile to pile 7"
    uno = table.start(ME, "uno", seed=2, opponent="random")
    said = dict(zip(uno["legal_moves"], uno["move_texts"], strict=True))
    assert said["G5"] == "play green 5" and said["draw"] == "draw a card"
    assert table.get(ME, gid, 1 - answer["seat"])["move_texts"] == []  # not their turn
