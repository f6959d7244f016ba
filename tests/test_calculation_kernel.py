"""The Calculation solver's kernel: compiled (numba) and plain Python give the same answers."""

from __future__ import annotations

import pytest

from parlour.ai.calculation import kernel as calculation_kernel
from parlour.ai.calculation import search as calculation_search
from parlour.ai.calculation.position import move_text, position_of
from parlour.ai.calculation.search import Search, kernel_row, solve
from parlour.ai.solver import Budget
from parlour.errors import InvalidOptionError
from parlour.games.calculation import Calculation


@pytest.mark.parametrize("classic", [False, True])
def test_plain_and_compiled_kernels_agree(classic: bool) -> None:
    if not calculation_kernel.compiled():
        pytest.skip("numba is not installed")
    for seed in (2, 5):
        need, piles, stock = position_of(Calculation.new(seed, None, {"classic": classic}))
        fast = solve(need, piles, stock, classic, Budget(nodes=400))
        plain = solve(need, piles, stock, classic, Budget(nodes=400), engine="plain")
        assert fast == plain


@pytest.mark.parametrize("classic", [False, True])
def test_the_reference_search_agrees_with_the_kernel(classic: bool) -> None:
    # Without numba the solver runs the reference search: same answers, same nodes.
    for seed in range(8):
        need, piles, stock = position_of(Calculation.new(seed, None, {"classic": classic}))
        kernel = solve(need, piles, stock, classic, Budget(nodes=1500), engine="kernel")
        reference = solve(need, piles, stock, classic, Budget(nodes=1500), engine="reference")
        assert reference[0] == kernel[0]
        if kernel[0] != "unknown":
            assert reference[1:] == kernel[1:]


def test_an_unknown_engine_is_refused() -> None:
    need, piles, stock = position_of(Calculation.new(1, None, {}))
    with pytest.raises(InvalidOptionError) as raised:
        solve(need, piles, stock, False, Budget(nodes=10), engine="fast")
    assert str(raised.value) == (
        "unknown engine 'fast': the engines are auto, kernel, plain and reference"
    )  # was a bare ValueError


def test_a_row_round_trips() -> None:

    row = kernel_row((2, 4, 6, 8), ((13,), (), (5, 9), ()), 3)
    assert len(row) == calculation_kernel.S
    assert row[calculation_kernel.LEN : calculation_kernel.LEN + 4] == [1, 0, 2, 0]
    assert row[calculation_kernel.IDX] == 3


def test_diversify_keeps_at_most_gcap_per_group() -> None:
    # Rows 0-2 share a need vector and stock index, rows 3-4 each have their own.
    k = calculation_kernel
    S = k.S
    cand = [0] * (5 * S)
    for row, (need, idx) in enumerate(
        [
            ((2, 4, 6, 8), 3),
            ((2, 4, 6, 8), 3),
            ((2, 4, 6, 8), 3),
            ((3, 4, 6, 8), 3),
            ((2, 4, 6, 8), 4),
        ]
    ):
        cand[row * S : row * S + 4] = need
        cand[row * S + k.IDX] = idx
    score = [5.0, 9.0, 7.0, 1.0, 3.0]
    order = [0] * 5
    count = [0] * k.GROUPS
    k.rank_candidates(score, order, 5)
    assert order == [1, 2, 0, 4, 3]
    assert k.diversify(cand, score, order, 5, 2, count) == 4
    assert order == [1, 2, 4, 3, 0]  # row 0, third of its group, goes last
    assert not any(count)


@pytest.mark.parametrize(("classic", "seed"), [(True, 5), (True, 27), (False, 11)])
def test_the_diversity_beams_solve_and_agree_on_every_engine(
    classic: bool, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Scaled down: the diversity beams after the 8-wide widening beam fails. These deals
    # need them (8 wide alone fails); the compiled, plain and reference runs agree.
    import parlour

    monkeypatch.setattr(calculation_search, "DIVERSE_AFTER", 8)
    monkeypatch.setattr(calculation_search, "DIVERSE", ((8, 1), (8, 2)))
    state = Calculation.new(seed, None, {"classic": classic})
    need, piles, stock = position_of(state)
    answers = [
        solve(need, piles, stock, classic, Budget(nodes=1200), engine=engine)
        for engine in ("kernel", "plain", "reference")
    ]
    assert answers[0][0] == "solved" and 373 < answers[0][2] <= 1200
    assert answers[1] == answers[0] and answers[2] == answers[0]
    game = parlour.new_game("calculation", seed=seed, options={"classic": classic})
    for move in answers[0][1]:
        game.play(move_text(move))
    assert game.outcome is not None and game.outcome.result == "won"


def _noise_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    # Scaled down: the diversity beam after the 8-wide beam, the noise beams after the
    # 32-wide beam.

    monkeypatch.setattr(calculation_search, "DIVERSE_AFTER", 8)
    monkeypatch.setattr(calculation_search, "DIVERSE", ((8, 1),))
    monkeypatch.setattr(calculation_search, "NOISY_AFTER", 32)
    monkeypatch.setattr(calculation_search, "NOISY", ((8, 1, 2, 3.0, 0.15), (8, 0, 0, 0.0, 0.15)))


@pytest.mark.parametrize(("classic", "seed"), [(True, 29), (True, 46), (False, 11)])
def test_the_noise_beams_solve_and_agree_on_every_engine(
    classic: bool, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # These deals need the noise beams (the widening and diversity beams fail within the
    # budget); the compiled, plain and reference runs agree, and the line replays.
    import parlour

    _noise_phase(monkeypatch)
    state = Calculation.new(seed, None, {"classic": classic})
    need, piles, stock = position_of(state)
    answers = [
        solve(need, piles, stock, classic, Budget(nodes=3000), engine=engine)
        for engine in ("kernel", "plain", "reference")
    ]
    assert answers[0][0] == "solved"
    assert answers[1] == answers[0] and answers[2] == answers[0]
    monkeypatch.setattr(calculation_search, "NOISY", ())
    without = solve(need, piles, stock, classic, Budget(nodes=3000))
    assert without == ("unknown", None, 3000)
    game = parlour.new_game("calculation", seed=seed, options={"classic": classic})
    for move in answers[0][1]:
        game.play(move_text(move))
    assert game.outcome is not None and game.outcome.result == "won"


def test_the_noise_is_in_range_and_depends_on_the_salt() -> None:
    k = calculation_kernel
    keys = [1, 12345, 2**61 + 17, 2**62 - 1]
    a = [k.noise(key, 1) for key in keys]
    b = [k.noise(key, 2) for key in keys]
    assert all(0.0 <= x < 1.0 for x in a + b)
    assert a != b and len(set(a)) == len(a)
    assert a == [k.noise(key, 1) for key in keys]


def test_the_rollout_counts_how_long_the_waste_cards_wait() -> None:
    # F1-F4 want 2, 4, 6, 8; W1 holds 2 under 3. A Queen, then an Eight: the Eight goes
    # up on F4, the Queen from the reserve after it, then the 3 from W1 on F4 and the 2
    # on F1, each after two stock cards. With only Queens the pile never unwinds: each
    # card counts the stock cards left plus one.

    k = calculation_kernel
    row = kernel_row((2, 4, 6, 8), ((2, 3), (), (), ()), 0)
    for stock, wait in (((12, 8), 4), ((12, 12), 6)):
        search = Search(stock, True, Budget(nodes=10), plain=True)
        assert k.rollout(row, 0, search.stock, len(stock), search.nxt, [0] * 24) == wait
