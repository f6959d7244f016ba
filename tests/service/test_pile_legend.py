"""Each answer names the piles of the move notation in words (``piles``).

A newcomer's trial found the table's pile names (T1, B1, W1, P, S, F ...) cryptic.
They stay, for the notation; the answer now carries what each is, from the game's
``pile_legend`` ("T1": "row 1 of the tableau"), so the web table can give each pile
its long name without knowing the game. A seat's pile is named from the reader's side,
as the table's labels and the log name it.
"""

from __future__ import annotations

import pytest

from parlour.core.registry import game_class, game_names
from parlour.service import HUMAN, open_service


@pytest.mark.parametrize("name", game_names())
def test_every_answer_names_the_games_piles(name: str) -> None:
    answer = open_service(":memory:").start("me", name, seed=3)
    assert set(answer["piles"]) == set(game_class(name).pile_legend)
    assert all(words and words[0].islower() for words in answer["piles"].values())


def test_the_piles_of_a_patience_in_words() -> None:
    table = open_service(":memory:")
    piles = table.start("me", "eight-by-eight", seed=3)["piles"]
    assert piles["T1"] == "row 1 of the tableau" and piles["F8"] == "foundation 8"
    assert piles["P"] == "the pending card, turned from the talon"
    gate = table.start("me", "gate", seed=3)["piles"]
    assert gate["B2"] == "pile 2 of the second bar" and gate["L"] == "the left post"
    calculation = table.start("me", "calculation", seed=3)["piles"]
    assert calculation["F3"] == "foundation 3, built up by threes"


def test_seat_piles_are_named_from_the_readers_side() -> None:
    table = open_service(":memory:")
    piles = table.start("me", "chinese-patience", seed=3)["piles"]
    assert piles["0"] == "your discard pile"
    assert piles["9"] == "the computer's discard pile"
    assert piles["1"] == "foundation 1, for clubs ♣"
    one_table = table.start("me", "chinese-patience", seed=3, opponent=HUMAN)
    seat = one_table["seat"]
    assert one_table["piles"]["0"] == f"Player {seat + 1}'s discard pile"
    assert one_table["piles"]["9"] == f"Player {2 - seat}'s discard pile"
