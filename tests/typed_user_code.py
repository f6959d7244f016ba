"""A user's script, type checked against parlour's hints (``mypy --strict``: the
``files`` of ``[tool.mypy]`` in pyproject.toml, so ``tests/test_quality.py`` runs it).

It reaches everything as the README writes it, through ``import parlour`` alone
(``parlour.ai.hint``, ``parlour.ai.solver.solve``, ``parlour.sim.run``,
``parlour.envs``): names a type checker must see as what they are, not as
``object`` or ``Any``. Not collected by pytest; ``tests/test_public_api.py`` runs it.
"""

from __future__ import annotations

import parlour


def play_out(seed: int) -> parlour.OutcomeResult:
    """One UNO hand between two computer levels; its result ("won", "draw" ...: a type
    checker knows the words, and refuses a comparison with one that is none of them)."""
    game = parlour.new_game("uno", seed=seed)
    seats = [
        parlour.ai.make_player("uno", "basic", seed=seed, seat=0),
        parlour.ai.make_player("uno", "random", seed=seed, seat=1),
    ]
    while game.outcome is None:
        seat = game.to_move
        game.play(seats[seat].choose(game.view(seat), game.legal_moves()))
    return game.outcome.result


def first_line(seed: int) -> list[str]:
    """A winning line of The Gate's deal ``seed`` (empty if none was found)."""
    game = parlour.new_game("gate", seed=seed)
    hint: parlour.ai.Hint = parlour.ai.hint(game)
    assert hint.move in game.legal_moves()
    result: parlour.ai.solver.SolveResult = parlour.ai.solver.solve(game, "1s")
    status: parlour.SolveStatus = result.status
    if status == "unknown":  # the budget ran out: "undecided", as people are told
        assert str(result).startswith(parlour.ai.solver.STATUS_WORDS[status])
    return list(result.moves or ())


def win_rate(games: int) -> float:
    """The first seat's win rate over ``games`` seeded hands."""
    results = parlour.sim.run("uno", "basic,random", games=games, seed=0, jobs=1)
    rate: float = results.summary.seats[0].win_rate
    return rate


def masked_actions(seed: int) -> int:
    """How many actions are legal at the start of a seeded hand against ``basic``."""
    env = parlour.envs.UnoVersusEnv(opponent="basic")
    env.reset(seed=seed)
    return int(env.action_masks().sum())


def main() -> None:
    print(play_out(1), len(first_line(1)), win_rate(4), masked_actions(7))


if __name__ == "__main__":
    main()
