"""Deals chosen by the solver: winnable seeds, the deal of the day, the verdict."""

from __future__ import annotations

import datetime as dt

import pytest

import parlour
from parlour.ai import deals
from parlour.ai.deals import (
    WinnablePool,
    deal_of_the_day,
    offers_winnable,
    verdict,
    winnable_seed,
)
from parlour.ai.solver import Budget, deal_budgets, solve
from parlour.errors import NoSolverError, ParlourError

DAY = dt.date(2026, 11, 24)


def test_only_the_patiences_offer_winnable_deals() -> None:
    assert offers_winnable("gate") and offers_winnable("calculation")
    assert offers_winnable("eight-by-eight")
    assert not offers_winnable("uno") and not offers_winnable("chinese-patience")
    with pytest.raises(ParlourError, match="uno has no winnable deals"):
        winnable_seed("uno")
    with pytest.raises(ParlourError, match="no winnable deals"):
        deal_of_the_day("chinese-patience", DAY)


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_solving_a_game_without_a_solver_names_the_games_with_one(game: str) -> None:
    """Was a bare ParlourError ('there is no solver for uno; solvers exist for: ...')."""
    message = (
        f"there is no solver for '{game}': the games with one are the one-player "
        "patiences, calculation, eight-by-eight, gate"
    )
    with pytest.raises(NoSolverError) as raised:
        solve(parlour.new_game(game, seed=1))
    assert str(raised.value) == message and isinstance(raised.value, ValueError)
    with pytest.raises(NoSolverError, match="there is no solver for"):
        deal_budgets(game)
    with pytest.raises(NoSolverError, match="no winnable deals"):
        winnable_seed(game)
    assert parlour.NoSolverError is NoSolverError


@pytest.mark.parametrize(("game", "options"), [("gate", {"bars": 3}), ("eight-by-eight", {})])
def test_a_winnable_seed_is_winnable(game: str, options: dict[str, int]) -> None:
    seed = winnable_seed(game, options)
    assert solve(parlour.new_game(game, seed=seed, options=options)).status == "solved"


def test_winnable_seeds_come_from_fresh_entropy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each try is a new random seed; a seed the solver cannot prove is thrown away.
    tried = iter([11, 22, 33])
    monkeypatch.setattr(deals, "random_seed", lambda: next(tried))
    proved = {22}
    monkeypatch.setattr(deals, "_proved", lambda name, seed, options, budget: seed in proved)
    assert winnable_seed("gate") == 22


def test_giving_up_after_many_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "_proved", lambda *args: False)
    monkeypatch.setattr(deals, "MAX_TRIES", 3)
    with pytest.raises(ParlourError, match="no gate deal was proved winnable in 3 tries"):
        winnable_seed("gate")


def test_bad_options_are_refused_before_any_search() -> None:
    with pytest.raises(ParlourError, match="bars"):
        winnable_seed("gate", {"bars": 5})


def test_the_pool_hands_out_each_seed_once() -> None:
    pool = WinnablePool("gate", {"bars": 4}, size=2)
    pool.refill(wait=True)
    assert pool.ready() == 2
    first, second = pool.take(), pool.take()
    assert first != second
    for seed in (first, second):
        game = parlour.new_game("gate", seed=seed, bars=4)
        assert solve(game, Budget(nodes=50_000)).status == "solved"


def test_the_deal_of_the_day_is_fixed_by_date_options_and_salt() -> None:
    today = deal_of_the_day("gate", DAY, {"bars": 3})
    assert deal_of_the_day("gate", DAY, {"bars": 3}) == today
    assert deal_of_the_day("gate", DAY + dt.timedelta(days=1), {"bars": 3}) != today
    assert deal_of_the_day("gate", DAY, {"bars": 4}) != today
    assert deal_of_the_day("gate", DAY, {"bars": 3}, salt="our server") != today
    game = parlour.new_game("gate", seed=today, bars=3)
    assert solve(game, Budget(nodes=deal_budgets("gate").day_nodes)).status == "solved"


def test_the_deal_of_the_day_is_pinned() -> None:
    # The same on every machine and version: a change here changes everyone's deal.
    assert deal_of_the_day("gate", DAY) == deal_of_the_day("gate", DAY, {"bars": 4})
    assert deal_of_the_day("eight-by-eight", DAY) == 2040058151
    assert deal_of_the_day("gate", DAY, {"bars": 3}) == 1250531096


def test_the_deal_of_the_day_is_proved_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "_days", type(deals._days)())
    proved = []
    real = deals._proved

    def counting(*args: object) -> bool:
        proved.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(deals, "_proved", counting)
    seed = deal_of_the_day("calculation", DAY)
    tries = len(proved)
    assert tries >= 1
    assert deal_of_the_day("calculation", DAY, {}) == seed
    assert len(proved) == tries  # remembered: no second proof
    deal_of_the_day("calculation", DAY, salt="elsewhere")
    assert len(proved) > tries
    monkeypatch.setattr(deals, "DAY_CACHE", 1)
    deal_of_the_day("calculation", DAY + dt.timedelta(days=1))
    assert len(deals._days) == 1  # only the newest kept


def test_the_verdict_waits_for_the_end_and_replays_from_the_start() -> None:
    game = parlour.new_game("gate", seed=5, bars=3)
    game.play(game.legal_moves()[0])
    with pytest.raises(ParlourError, match="once the game is over"):
        verdict(game)
    game.resign()
    result = verdict(game, Budget(nodes=50_000))
    assert result.status == "solved" and result.moves
    replay = parlour.new_game("gate", seed=5, bars=3)
    for move in result.moves:
        replay.play(move)
    assert replay.outcome is not None and replay.outcome.result == "won"
