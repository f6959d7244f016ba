"""Giving a game up, in one vocabulary from one place (the answers' ``give_up``).

Was: a patience's web toolbar said "Resign", its question "Resign this game?" and its
end "You resigned.", while its end panel's button said "Give up this deal" and its
hints "undo or resign". A patience has no opponent to resign to: it is given up. UNO
and Chinese Patience, against a person or the computer, are resigned. The engine's
result (``resigned``) and the API's ``/resign`` keep their names.
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
    "label": "Give up",
    "verb": "give up",
    "action": "Give up this deal",
    "question": "Give up this deal?",
    "detail": "It counts as a loss.",
    "headline": "You gave up.",
    "result": "Gave up",
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
def test_each_game_says_give_up_or_resign_everywhere(name: str, words: dict[str, str]) -> None:
    """The catalogue, the answer in play, the end's headline, the log's sentence and the
    list's result: all in the one vocabulary of the game's kind."""
    table = open_service(":memory:")
    (entry,) = [c for c in table.catalog() if c["name"] == name]
    assert entry["give_up"] == words
    answer = table.start("me", name, seed=3)
    assert answer["give_up"] == words
    done = table.resign("me", answer["id"])
    assert done["result"] == "resigned"  # the engine's and the API's word
    assert done["end"] is not None and done["end"]["headline"] == words["headline"]
    assert done["status"].startswith(words["headline"])
    said = "You give up." if words is GIVE_UP else "You resign."
    assert done["log"][-1]["text"] == said
    (listed,) = table.list_games("me")
    assert listed["result_text"] == words["result"]
    assert listed["headline"] == words["headline"]
    other = GIVE_UP if words is RESIGN else RESIGN
    shown = " ".join([done["status"], done["end"]["detail"], done["log"][-1]["text"]])
    assert other["headline"] not in shown and other["label"] not in shown


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


def test_a_lost_patience_is_given_up_in_the_same_words() -> None:
    """A lost patience may still be undone or given up: its status, its question and
    the terminal's next step say "give up", never "resign"."""
    table = open_service(":memory:")
    answer = lost_gate(table)
    assert answer["status"].endswith("Undo to try another way, or give up this deal.")
    words = answer["give_up"]
    assert words["question"] == "Give up this deal?" and words["label"] == "Give up"
    assert words["detail"] == "The game stays lost, and undo can no longer reopen it."
    assert next_steps(answer)["x"] == "give up this deal"
    left = table.resign("me", answer["id"])
    assert left["final"] and left["result"] == "lost"
