"""The table's hints and refusals: plain words, with suit symbols and the piles named
as the table names them, never a move's notation; and a patience player that finds no
move leading anywhere suggests none, by one rule for every patience and front end."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.ai import hint
from parlour.ai.hints import NO_WAY, Hint
from parlour.core.session import Game
from parlour.service import open_service
from parlour.service import table as table_module
from parlour.service.words import Names, hint_words, table_words
from stuck_deals import STUCK_TEXT, gate_moves_until_stuck

PATIENCES = ["calculation", "gate", "eight-by-eight"]


def stuck_hint(game: Game) -> Hint:
    """What a patience player says once nothing leads anywhere (any legal move)."""
    return Hint(game.legal_moves()[0], NO_WAY, stuck=True)


@pytest.mark.parametrize("name", PATIENCES)
def test_a_stuck_hint_suggests_no_move(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Was (8 x 8): "Hint: plays 6♠ from T4 to T1: no move leads anywhere new: undo or
    resign.", with the move lit; following such hints shuttled T1-T4 for ever."""
    monkeypatch.setattr(table_module, "ai_hint", stuck_hint)
    table = open_service(":memory:")
    answer = table.start("me", name, seed=3)
    found = table.hint("me", answer["id"])
    # the player's finding, with what a person may do about it in the service's words
    reason = f"{NO_WAY}: undo or resign"
    assert reason == "no move leads anywhere: undo or resign"  # the rules pages' words
    assert found == {"move": "", "reason": reason, "text": STUCK_TEXT, "stuck": True}


def test_a_stuck_hint_is_the_status_until_the_moves_change(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Was (a new player's trial, 8 x 8): the hint said "no move leads anywhere new"
    while the status line still said "Move cards (no talon card or pass is left)". The
    finding is now the game's status, in every front end, until a move or an undo
    changes what was played; it survives the server's restart (kept with the game)."""
    monkeypatch.setattr(table_module, "ai_hint", stuck_hint)
    db = str(tmp_path / "games.sqlite")
    table = open_service(db)
    answer: Any = table.start("me", "eight-by-eight", seed=3)
    before = answer["status"]
    answer = table.play("me", answer["id"], answer["legal_moves"][0])
    moved = table.get("me", answer["id"])["status"]
    table.hint("me", answer["id"])
    stuck = "No move leads anywhere: undo or resign."
    assert table.get("me", answer["id"])["status"] == stuck
    # a service that has just started reads the finding from the store
    assert open_service(db).get("me", answer["id"])["status"] == stuck
    assert table.undo("me", answer["id"])["status"] == before
    assert table.redo("me", answer["id"])["status"] == stuck  # the same moves again
    answer = table.undo("me", answer["id"])
    answer = table.play("me", answer["id"], answer["legal_moves"][-1])
    assert answer["status"] != stuck
    assert moved != stuck


def test_a_move_is_not_held_up_by_a_hint_being_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint's search (2-3 s on a loaded machine) held the game's lock, so a move
    made meanwhile waited for it. The search now runs on a copy of the game: the move
    is played at once, and a stuck finding for the position gone is not kept as the
    new position's status."""
    started, release = threading.Event(), threading.Event()

    def slow_hint(game: Game) -> Hint:
        started.set()
        release.wait(10)
        return stuck_hint(game)

    monkeypatch.setattr(table_module, "ai_hint", slow_hint)
    table = open_service(":memory:")
    answer: Any = table.start("me", "eight-by-eight", seed=3)
    found: list[Any] = []
    asking = threading.Thread(target=lambda: found.append(table.hint("me", answer["id"])))
    asking.start()
    assert started.wait(10)
    played: list[Any] = []
    move = answer["legal_moves"][0]
    moving = threading.Thread(target=lambda: played.append(table.play("me", answer["id"], move)))
    moving.start()
    moving.join(5)
    held = moving.is_alive()
    release.set()
    asking.join(10)
    moving.join(10)
    assert not held, "the move waited for the hint"
    assert played[0]["moves_played"] == 1
    assert found[0]["stuck"]  # for the position before the move: not the new status
    assert table.get("me", answer["id"])["status"] == played[0]["status"]
    assert "No move leads anywhere" not in played[0]["status"]


def test_a_move_hint_is_not_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0))
    table = open_service(":memory:")
    answer = table.start("me", "gate", seed=3)
    found = table.hint("me", answer["id"])
    assert found["move"] and found["stuck"] is False


def test_the_gates_player_stuck_on_a_real_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0))
    table = open_service(":memory:")
    answer: Any = table.start("me", "gate", seed=970141, options={"bars": 3})
    for move in gate_moves_until_stuck():
        answer = table.play("me", answer["id"], move)
    reason = f"{NO_WAY}: undo or resign"
    assert table.hint("me", answer["id"]) == {
        "move": "",
        "reason": reason,
        "text": STUCK_TEXT,
        "stuck": True,
    }
    # the library's hint still names a legal move (a simulation counts the game lost)
    game = parlour.new_game("gate", seed=970141, bars=3)
    for move in gate_moves_until_stuck():
        game.play(move)
    found = hint(game, seconds=0)
    assert found.stuck and found.reason == NO_WAY and found.move in game.legal_moves()


#: A move's notation in a sentence: "P W", "T3 F", "T3 T2", "W T5", "8 9", or "turn:".
NOTATION = re.compile(r"\b(?:[PWS]|T\d|\d) (?:[FW]|T\d|\d)\b|\bturn:|\(\d \d")


def test_8x8_hints_on_the_second_pass_read_as_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: "Hint: plays 10♦ from the talon to the waste: P W: the talon is known, ...",
    "Hint: turn: the talon is known, ..." (the line's move strings before its reason)."""
    from parlour.ai.eight_by_eight import EightByEightFairPlayer

    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0))
    game = parlour.new_game("eight-by-eight", seed=10009)
    player = EightByEightFairPlayer(0)
    while game.view(0)["pass"] == 1:
        game.play(player.choose(game.view(0), game.legal_moves()))
    table = open_service(":memory:")
    answer: Any = table.start("me", "eight-by-eight", seed=10009)
    for move in game.moves:
        answer = table.play("me", answer["id"], move)
    texts = []
    for _ in range(12):
        found = table.hint("me", answer["id"])
        texts.append(found["text"])
        answer = table.play("me", answer["id"], found["move"])
    assert any("the talon is known" in text for text in texts), texts
    assert not [text for text in texts if NOTATION.search(text)], texts


def test_8x8_a_turned_card_placed_on_a_row_names_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Was: "Hint: places the turned 9♣: it must be built on a row." (which row?)."""
    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0))
    table = open_service(":memory:")
    answer: Any = table.start("me", "eight-by-eight", seed=1)
    for _ in range(80):
        found = table.hint("me", answer["id"])
        if found["move"].startswith("P T"):
            break
        answer = table.play("me", answer["id"], found["move"])
    else:
        raise AssertionError("no turned card went to a row")
    row = found["move"].split()[1]
    card = table_words(answer["view"]["pending"], Names())
    assert found["text"].startswith(f"Hint: place the turned {card} on {row}: ")
    assert found["text"].endswith(("it must be built on a row.", "starts the empty row."))
    assert not NOTATION.search(found["text"]), found["text"]


def test_the_gates_piles_are_named_as_the_table_names_them() -> None:
    """Was: "Hint: moves 7♥ from L into the space at T1", and a refused move from the
    empty waste heap "W is empty."."""
    from parlour.games.gate import Gate

    names = Names(places=Gate.pile_names)
    assert hint_words(
        {"move": "L T1", "source": "L", "target": "T1", "count": 1, "card": "7H"},
        "moves 7H from L into the space at T1: on the way to 1 more card on the foundations",
        names,
    ) == (
        "Hint: move 7♥ from the left post into the space at T1: on the way to 1 more card on"
        " the foundations."
    )
    assert table_words("a bar is filled only by a deal, not from W", names) == (
        "a bar is filled only by a deal, not from the waste heap"
    )
    assert table_words("T3 and F1 and W1 hold TS", names) == "T3 and F1 and W1 hold 10♠"
    table = open_service(":memory:")
    answer = table.start("me", "gate", seed=3)
    assert table.check("me", answer["id"], "W", "T1") == {
        "legal": False,
        "reason": "The waste heap is empty.",
    }
