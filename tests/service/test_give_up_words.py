"""Resigning a game, in one vocabulary from one place (the answers' ``give_up``).

The specification (the rules pages) names it resigning in every game: "The player
may resign ... the outcomes are won, lost (no moves left) and resigned", "undo or
resign". Was: a patience said "Give up", "Give up this deal?", "You gave up." and
"undo or give up", UNO and Chinese Patience "Resign". Now every game says "Resign",
"You resigned."; only what is resigned differs: a patience's deal ("Resign this
deal?"), a two-player game ("Resign this game?"). The engine's result
(``resigned``), the API's ``/resign`` and the answers' key ``give_up`` keep their
names.
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.service import open_service
from parlour.service.ending import next_steps

PATIENCES = ["calculation", "gate", "eight-by-eight"]
TWO_PLAYER = ["uno", "chinese-patience"]

GIVE_UP = {
    "label": "Resign",
    "verb": "resign",
    "action": "Resign this deal",
    "question": "Resign this deal?",
    "detail": "It counts as a loss.",
    "headline": "You resigned.",
    "result": "Resigned",
}
RESIGN = {
    "label": "Resign",
    "verb": "resign",
    "action": "Resign this game",
    "question": "Resign this game?",
    "detail": "It counts as a loss.",
    "headline": "You resigned.",
    "result": "Resigned",
}


def test_every_game_is_named_as_the_five_are() -> None:
    assert set(PATIENCES + TWO_PLAYER) == set(parlour.games())


@pytest.mark.parametrize(
    ("name", "words"),
    [*[(g, GIVE_UP) for g in PATIENCES], *[(g, RESIGN) for g in TWO_PLAYER]],
)
def test_each_game_says_resign_everywhere(name: str, words: dict[str, str]) -> None:
    """The catalogue, the answer in play, the end's headline, the log's sentence and the
    list's result: all in the one vocabulary, the deal or the game as it has one."""
    table = open_service(":memory:")
    (entry,) = [c for c in table.catalog() if c["name"] == name]
    assert entry["give_up"] == words
    answer = table.start("me", name, seed=3)
    assert answer["give_up"] == words
    done = table.resign("me", answer["id"])
    assert done["result"] == "resigned"  # the engine's and the API's word
    assert done["end"] is not None and done["end"]["headline"] == words["headline"]
    assert done["status"].startswith(words["headline"])
    assert done["log"][-1]["text"] == "You resign."
    (listed,) = table.list_games("me")
    assert listed["result_text"] == words["result"]
    assert listed["headline"] == words["headline"]
    shown = " ".join([done["status"], done["end"]["detail"], done["log"][-1]["text"]])
    assert "give up" not in shown.lower() and "gave up" not in shown.lower()


def lost_gate(table: Any) -> dict[str, Any]:
    """The Gate, deal 2, lost (the last legal move each time, until none is left)."""
    game = parlour.new_game("gate", seed=2)
    answer = table.start("me", "gate", seed=2)
    while game.outcome is None:
        move = game.legal_moves()[-1]
        game.play(move)
        answer = table.play("me", answer["id"], move)
    assert answer["result"] == "lost" and not answer["final"]
    return dict(answer)


def test_a_lost_patience_is_resigned_in_the_same_words() -> None:
    """A lost patience may still be undone or resigned: its status, its question and
    the terminal's next step say "resign this deal", never "give up"."""
    table = open_service(":memory:")
    answer = lost_gate(table)
    assert answer["status"].endswith("Undo to try another way, or resign this deal.")
    words = answer["give_up"]
    assert words["question"] == "Resign this deal?" and words["label"] == "Resign"
    assert words["detail"] == "The game stays lost, and undo can no longer reopen it."
    assert next_steps(answer)["x"] == "resign this deal"
    left = table.resign("me", answer["id"])
    assert left["final"] and left["result"] == "lost"


def test_a_lost_patiences_way_on_is_one_sentence_in_the_status_and_parlour_play() -> None:
    """What a lost patience still offers was written twice: the status's "Undo to try
    another way, or resign this deal." and ``parlour play``'s end, "Type undo to try
    another way, or resign to leave this deal.". Both say ``try_again_words`` now."""
    from parlour.cli import end_text
    from parlour.service.words import try_again_words

    table = open_service(":memory:")
    answer = lost_gate(table)
    again = try_again_words(1)
    assert again == "Undo to try another way, or resign this deal."
    assert answer["status"].endswith(again)
    assert end_text(answer).endswith("\nType undo to try another way, or resign this deal.")
