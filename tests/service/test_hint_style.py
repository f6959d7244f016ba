"""Every game's hint in one plain style: "Hint: <the move, said to the person>: <why,
in words>." A strong player's sampled evidence is said as a chance a person reads
("it keeps the most deals winnable (about 1 in 3)"), never its counts ("wins 165 of
504 play-outs of sampled stock orders", "51% of 200 simulated deals"), and a hint
names no card its person cannot see."""

from __future__ import annotations

import re

import pytest

from hidden_cards import Watch
from parlour.ai.base import odds_words
from parlour.service import open_service
from parlour.service.words import hint_words

ME = "me"
#: Counts a solver prints, which a hint no longer says.
SOLVER_TALK = re.compile(r"play-outs|simulated|sampled|\d+%|\d+ of \d+ ")
#: A third-person verb where the hint speaks to the person ("plays", "moves").
THIRD_PERSON = re.compile(r"^Hint: (plays|puts|moves|shifts|deals|places|turns|draws|chooses)\b")


def test_odds_are_said_as_people_say_them() -> None:
    assert odds_words(165, 504) == "about 1 in 3"
    assert odds_words(161, 504) == "about 1 in 3"
    assert odds_words(0.78, 1) == "about 4 in 5"
    assert odds_words(0.5, 1) == "about 1 in 2"
    assert odds_words(499, 500) == "almost always"
    assert odds_words(1, 100) == "hardly ever"
    assert (odds_words(0, 40), odds_words(40, 40), odds_words(3, 0)) == ("never", "always", "never")


def test_a_strong_players_evidence_is_a_plain_sentence() -> None:
    parts = {"move": "S W2", "source": "S", "target": "W2", "count": 1, "card": "7H"}
    reason = "puts 7H on W2: the least harmful place for it, and it keeps the most deals"
    reason += f" winnable ({odds_words(165, 504)})"
    assert hint_words(parts, reason) == (
        "Hint: put 7♥ on W2: the least harmful place for it, and it keeps the most deals"
        " winnable (about 1 in 3)."
    )


@pytest.mark.parametrize(
    "game", ["calculation", "gate", "eight-by-eight", "uno", "chinese-patience"]
)
def test_every_games_hints_are_in_one_plain_style(game: str) -> None:
    table = open_service(":memory:")
    two = game in ("uno", "chinese-patience")
    answer = table.start(ME, game, seed=2, **({"opponent": "random"} if two else {}))
    said = []
    watch = Watch(game)
    for _ in range(10):
        if answer["outcome"] is not None or not answer["your_turn"]:
            break
        found = table.hint(ME, answer["id"])
        text = found["text"]
        said.append(text)
        assert re.fullmatch(r"Hint: [a-z][^\n]*[^.]\.", text), text
        assert not THIRD_PERSON.match(text), text
        assert not SOLVER_TALK.search(text), text
        live = table._live[answer["id"]]  # the engine behind the table: the test's privilege
        watch.check(text, live.game, final=False, seed=-1, chosen=True)
        answer = table.play(ME, answer["id"], found["move"] or answer["legal_moves"][0])
    assert said, game
