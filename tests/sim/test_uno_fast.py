"""The compiled UNO simulator plays exactly the hands of the engine and its players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour.ai import make_player
from parlour.core.events import Event
from parlour.errors import InvalidOptionError, InvalidSeedError
from parlour.games import uno
from parlour.rng import Rng, stream_key, stream_seed
from parlour.sim import uno_fast

SEEDS = list(range(300))
# Seeds among SEEDS whose hands take the rare paths (checked by test_seeds_cover_rare_paths),
# and how the events of the first hand and of the deal after it show each one.
RARE: dict[int, Callable[[list[Event]], bool]] = {
    13: lambda told: _sent_back(told) == 1,  # a Wild Draw Four turned up first
    80: lambda told: _sent_back(told) == 2,  # twice
    36: lambda told: Event("turn_up", None, ("W",), source="draw", target="discard") in told,
    15: lambda told: _skip_first(told),  # a Skip turned up first
    71: lambda told: any(e.what == "reshuffle" for e in told),  # a reshuffle during the hand
}


def _sent_back(told: list[Event]) -> int:
    return sum(e.what == "put_back" and e.target == "draw" for e in told)


def _skip_first(told: list[Event]) -> bool:
    """A hand opens with a Skip turned up: the starter loses the turn."""
    for at, event in enumerate(told):
        opening = told[at - 2 : at + 1] if event.what == "starts" and at >= 2 else []
        if [e.what for e in opening] == ["turn_up", "skip", "starts"]:
            return opening[0].cards[0].endswith("S")
    return False


#: up to the largest seed (2**63 - 1, parlour.rng.LARGEST_SEED): the high bits of the uint64
BIG_SEEDS = [2**32 + 7, 2**53 + 1, 2**62 + 12345, 2**63 - 1]

if type(make_player("uno", "random", 0, 0)).__name__ != "UnoRandomPlayer":
    pytest.skip(
        "UNO's own random player (parlour.ai.uno.UnoRandomPlayer) is not registered, "
        "and uno_fast reproduces that player",
        allow_module_level=True,
    )


def needs_numba() -> None:
    pytest.importorskip(
        "numba", reason="numba is not installed: pip install 'parlour[fast]' to test uno_fast"
    )


@pytest.fixture(scope="module")
def reference() -> list[tuple[int, int, int]]:
    return uno_fast.reference_hands(SEEDS)


def test_reference_is_what_parlour_simulate_plays() -> None:
    results = parlour.sim.run("uno", "random,random", games=20, seed=5, jobs=1)
    got = uno_fast.reference_hands(range(5, 25))
    for rec, (winner, points, moves) in zip(results.records, got, strict=True):
        assert rec.winner == winner
        assert rec.scores is not None and rec.scores[winner] == points
        assert rec.moves == moves


def test_seeds_cover_rare_paths() -> None:
    """The equivalence seeds include every rare path of a hand (so it is compared too)."""
    for seed, check in RARE.items():
        state = parlour.new_game("uno", seed=seed).state
        assert isinstance(state, uno.Uno)
        players = [make_player("uno", "random", seed, seat) for seat in (0, 1)]
        told = list(state.last_events(0))
        while state.hand_number == 1 and state.outcome is None:
            legal = state.legal_moves()
            seat = state.to_move
            view: dict[str, Any] = state.view(seat)
            strings = [state.move_str(m) for m in legal]
            state.apply(legal[strings.index(players[seat].choose(view, strings))])
            told += state.last_events(0)
        assert check(told), seed


def test_same_hands_as_the_engine(reference: list[tuple[int, int, int]]) -> None:
    needs_numba()
    fast = uno_fast.simulate_hands(SEEDS).rows()
    for seed, want, got in zip(SEEDS, reference, fast, strict=True):
        assert got == want, f"seed {seed}: engine (winner, points, moves) {want}, compiled {got}"


def test_same_hands_for_large_seeds() -> None:
    needs_numba()
    assert uno_fast.simulate_hands(BIG_SEEDS).rows() == uno_fast.reference_hands(BIG_SEEDS)


def test_move_limit_stops_hands_as_the_runner_does() -> None:
    needs_numba()
    seeds = range(40)
    fast = uno_fast.simulate_hands(seeds, max_moves=30).rows()
    assert fast == uno_fast.reference_hands(seeds, max_moves=30)
    assert any(w == uno_fast.CAPPED and m == 30 for w, _, m in fast)
    assert any(w >= 0 for w, _, _ in fast)


def test_results_are_arrays_in_seed_order() -> None:
    needs_numba()
    hands = uno_fast.simulate_hands([3, 1, 2])
    assert hands.winner.dtype.name == "int64"
    assert hands.rows()[0] == uno_fast.simulate_hands([3]).rows()[0]
    assert uno_fast.simulate_hands([]).rows() == []


def test_plausible_hands() -> None:
    """Random players: nobody wins every hand, hands last tens of moves, points add up."""
    needs_numba()
    hands = uno_fast.simulate_hands(range(2000))
    assert set(hands.winner.tolist()) == {0, 1}
    assert 30 < hands.moves.mean() < 80
    assert (hands.points >= 0).all() and hands.points.mean() > 20


@pytest.mark.parametrize("bad", [-1, 2**63, 2**64, 1.5, 2.0, True, "7", None, float("nan")])
def test_bad_seeds_are_refused(bad: Any) -> None:
    """As new_game refuses them (2**63 up was taken here, though the engine's
    reference_hands, which deals through new_game, could not deal it)."""
    words = r"a seed must be a whole number from 0 to 9223372036854775807 \(2\*\*63 - 1\)"
    with pytest.raises(InvalidSeedError, match=words):
        uno_fast.reference_hands([bad])
    with pytest.raises(InvalidSeedError, match=words):
        uno_fast.simulate_hands([bad])


@pytest.mark.parametrize("bad", [0, -3, True, 2.0])
def test_bad_move_limit_is_refused(bad: Any) -> None:
    with pytest.raises(InvalidOptionError, match="max_moves must be a positive whole number"):
        uno_fast.simulate_hands([1], max_moves=bad)


def test_missing_numba_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uno_fast, "available", lambda: False)
    with pytest.raises(ImportError, match=r"pip install 'parlour\[fast\]'"):
        uno_fast.simulate_hands([1])


def test_player_streams_are_the_players() -> None:
    """The streams the compiled code seeds itself are those make_player gives."""
    for seat in (0, 1):
        player = make_player("uno", "random", 77, seat)
        assert player.rng == Rng(stream_seed(77, f"player-{seat}-random"))
        # what the compiled code computes: SplitMix64 of the seed mixed with the key
        assert stream_seed(77, f"player-{seat}-random") == stream_seed(
            77 ^ stream_key(f"player-{seat}-random") ^ stream_key(""), ""
        )
