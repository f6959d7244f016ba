"""Every legal move string of every game has a number in its fixed action space."""

from __future__ import annotations

import pytest

from parlour.core.options import resolve_options
from parlour.core.registry import game_class
from parlour.envs import action_index, action_table
from parlour.rng import Rng

VARIANTS = [
    ("calculation", {}),
    ("calculation", {"classic": True}),
    ("gate", {}),
    ("gate", {"bars": 3}),
    ("eight-by-eight", {}),
    ("chinese-patience", {}),
    ("uno", {}),
    ("uno", {"uno_call": True, "w4_challenge": True}),
]


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=lambda v: str(v))
def test_random_games_never_leave_the_action_space(game: str, options: dict[str, object]) -> None:
    cls = game_class(game)
    index = action_index(game)
    assert len(index) == len(action_table(game))  # no string twice
    rng = Rng(5)
    for seed in range(25):
        state = cls.new(seed, None, resolve_options(cls.option_specs, options, game))
        for _ in range(800):
            if state.outcome is not None:
                break
            legal = state.legal_moves()
            strings = [state.move_str(m) for m in legal]
            missing = [s for s in strings if s not in index]
            assert not missing, f"{game} seed {seed}: {missing}"
            state.apply(legal[rng.randbelow(len(legal))])
