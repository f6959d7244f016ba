"""A finished game's score in the list of games says whose it is where two play.

Was: the web's finished-games table showed a resigned Chinese Patience game's score,
22, under "Score", though it is the winner's (the computer's), not the resigner's.
"""

from __future__ import annotations

from parlour.service import open_service
from parlour.service.words import Names, listed_score


def test_a_resigned_two_player_games_score_is_the_winners() -> None:
    table = open_service(":memory:")
    answer = table.start("me", "chinese-patience", seed=7, opponent="random")
    done = table.resign("me", answer["id"])
    score = done["end"]["score"]
    assert score is not None
    (listed,) = table.list_games("me")
    assert listed["score_text"] == f"{score} to the computer"


def test_a_patiences_score_is_its_own_and_a_game_in_play_has_none() -> None:
    table = open_service(":memory:")
    table.start("me", "gate", seed=3)
    (listed,) = table.list_games("me")
    assert listed["score_text"] == ""
    two = Names(0, ("you", "the computer"), players=2)
    one = Names(0, ("you",), players=1)
    assert listed_score(141, 0, two) == "141 to you"
    assert listed_score(141, 1, two) == "141 to the computer"
    assert listed_score(12, 0, one) == "12"
    assert listed_score(None, 1, two) == ""
