"""The table's hints: a patience player that finds no move leading anywhere new
suggests none, by one rule for every patience and every front end."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.ai import hint
from parlour.ai.hints import NO_WAY, Hint
from parlour.core.session import Game
from parlour.service import open_service
from parlour.service import table as table_module
from stuck_deals import STUCK_TEXT, gate_moves_until_stuck

PATIENCES = ["calculation", "gate", "eight-by-eight"]


def stuck_hint(game: Game) -> Hint:
    """What a patience player says once nothing leads anywhere new (any legal move)."""
    return Hint(game.legal_moves()[0], NO_WAY, stuck=True)


@pytest.mark.parametrize("name", PATIENCES)
def test_a_stuck_hint_suggests_no_move(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Was (8 x 8): "Hint: plays 6♠ from T4 to T1: no move leads anywhere new: undo or
    resign.", with the move lit; following such hints shuttled T1-T4 for ever."""
    monkeypatch.setattr(table_module, "ai_hint", stuck_hint)
    table = open_service(":memory:")
    answer = table.start("me", name, seed=3)
    found = table.hint("me", answer["id"])
    assert found == {"move": "", "reason": NO_WAY, "text": STUCK_TEXT}


def test_the_gates_player_stuck_on_a_real_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0))
    table = open_service(":memory:")
    answer: Any = table.start("me", "gate", seed=970141, options={"bars": 3})
    for move in gate_moves_until_stuck():
        answer = table.play("me", answer["id"], move)
    assert table.hint("me", answer["id"]) == {"move": "", "reason": NO_WAY, "text": STUCK_TEXT}
    # the library's hint still names a legal move (a simulation counts the game lost)
    game = parlour.new_game("gate", seed=970141, bars=3)
    for move in gate_moves_until_stuck():
        game.play(move)
    found = hint(game, seconds=0)
    assert found.stuck and found.reason == NO_WAY and found.move in game.legal_moves()
