"""A deal where a patience player finds that no move leads anywhere, for the
tests of what a hint says then (the service's, and in Chromium the web table's)."""

from __future__ import annotations

import parlour
from parlour.ai.gate import GateFairPlayer

#: What every front end shows for such a hint (and it suggests no move).
STUCK_TEXT = "Hint: no move leads anywhere: undo or resign."


def gate_moves_until_stuck() -> list[str]:
    """The Gate, 3-card bars, deal 970141 (issue 23's deal): the fair player finds
    nothing new after 100 moves; the moves it played up to there."""
    game = parlour.new_game("gate", seed=970141, bars=3)
    player = GateFairPlayer(970141)
    while game.outcome is None:
        move, _ = player.explain(game.view(0), game.legal_moves())
        if player.stuck:
            return list(game.moves)
        game.play(move)
    raise AssertionError("the fair player won deal 970141")
