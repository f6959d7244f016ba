"""UNO's wrong Wild Draw Four, told before it is played: the table sends a warning in
words with each W4 move that would be penalised (the default rules) or would lose a
challenge (option ``w4_challenge``). It is judged on the person's own hand only, so it
says nothing about the other's cards; the hint and the computer players do not read it."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.service import TableService, open_service
from uno_decks import uno_deck

ME = "me"
PENALISED = (
    "You hold a red card: a Wild Draw Four now is penalised: "
    "you take it back, draw four and lose your turn."
)
CHALLENGED = (
    "You hold a red card: if the computer challenges this Wild Draw Four, "
    "you draw four instead and the computer takes the next turn."
)
W4_MOVES = ["W4:R", "W4:G", "W4:Y", "W4:B"]


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def notes(answer: Any) -> dict[str, str]:
    return {m["move"]: m["note"] for m in answer["moves"] if "note" in m}


def start(table: TableService, mine: str, theirs: str, draw: str = "", **options: Any) -> Any:
    deck = uno_deck(mine, theirs, "R9", draw)
    return table.start(ME, "uno", deck=deck, opponent="random", options={"first": 0, **options})


@pytest.mark.parametrize(("challenge", "said"), [(False, PENALISED), (True, CHALLENGED)])
def test_a_wrong_w4_comes_with_a_warning(table: TableService, challenge: bool, said: str) -> None:
    """Was: the W4 moves came like any other, and the penalty was told after it; then
    the warning left out what the rules page says besides the four cards (the turn
    lost; with a challenge upheld, the challenger's turn next)."""
    answer = start(table, "R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", w4_challenge=challenge)
    assert notes(answer) == dict.fromkeys(W4_MOVES, said)


def test_a_drawn_w4_is_warned_of_when_it_may_be_played(table: TableService) -> None:
    answer = start(table, "R1 G2 G3 G4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", draw="W4 B5")
    answer = table.play(ME, answer["id"], "draw")
    assert notes(answer) == {f"play:{c}": PENALISED for c in "RGYB"}


def test_the_warning_is_about_the_persons_own_hand_only(table: TableService) -> None:
    """The other hand swapped for one full of the colour in play changes nothing: a
    right W4 (no red card held) has no warning, a wrong one the same warning."""
    mine_right, mine_wrong = "G1 G2 G3 G4 G9 G6 W4", "R1 G2 G3 G4 G9 G6 W4"
    for theirs in ("B1 B2 B3 B4 Y5 Y6 Y7", "R1 R2 R3 R4 R5 R6 R7"):
        assert notes(start(table, mine_right, theirs)) == {}
        assert notes(start(table, mine_wrong, theirs)) == dict.fromkeys(W4_MOVES, PENALISED)
