"""One seed range for the whole library: a whole number from 0 to 2**63 - 1
(``parlour.rng.LARGEST_SEED``), refused alike by ``new_game``, every environment's
``reset(seed=...)`` and the simulation runner, quoting the input and the range.

``new_game(seed=2**70)`` was taken (folded into 64 bits), though the store's BIGINT and
a simulation's int64 DataFrame cannot hold such a seed; the environments left the seed
to Gymnasium, which took 2**70, said ``gymnasium.error.Error`` (no ``ValueError``) for
-1 and refused a numpy integer; ``sim.run`` said ``SimulationError``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import parlour
from parlour.rng import LARGEST_SEED, check_seed, derived_seed, stream_seed

RANGE = r"a seed must be a whole number from 0 to 9223372036854775807 \(2\*\*63 - 1\)"

#: (seed, how the message quotes it)
BAD = [
    (2**70, r"got 1180591620717411303424$"),
    (2**63, r"got 9223372036854775808$"),
    (-1, r"got -1$"),
    (True, r"got True \(bool\)$"),
    (7.0, r"got 7.0 \(float\)$"),
    ("7", r"got '7'$"),
    (np.True_, r"got np.True_ \(bool\)$"),
]


def test_the_largest_seed_is_what_a_signed_64_bit_integer_holds() -> None:
    assert LARGEST_SEED == 2**63 - 1 == np.iinfo(np.int64).max


@pytest.mark.parametrize(("seed", "quoted"), BAD, ids=[repr(s) for s, _ in BAD])
def test_new_game_refuses_a_seed_outside_the_range(seed: Any, quoted: str) -> None:
    with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, {quoted}"):
        parlour.new_game("gate", seed=seed)


def test_new_game_takes_the_whole_range_and_numpy_integers() -> None:
    assert parlour.new_game("gate", seed=LARGEST_SEED).seed == LARGEST_SEED
    game = parlour.new_game("gate", seed=np.int64(5))  # what rng.integers(...) gives
    assert type(game.seed) is int and game.seed == 5
    assert game.state == parlour.new_game("gate", seed=5).state
    assert json.loads(game.to_json())["seed"] == 5


#: The Gate's deal of seed 2**63 as new_game dealt it before it checked the range
#: (e957063~1, which folded a seed above 64 bits into its state).
LEGACY_GATE_DEAL = (
    "7H JS 5D 2H 5H 9S TD 6H TS 3D KC 8H TC JC 9H KD 3C 3H KH AS 2C 4D 7S QD 3S QC 8C 9D "
    "4H 6C 6S AH 6D 4C 8S QH AD 5C JH JD 4S AC KS 2S QS 7C TH 8D 2D 5S 7D 9C"
)


def test_a_save_from_before_the_range_loads_with_its_deal_and_its_seed() -> None:
    """What can be loaded is loaded (as python-chess reads an old record): such a save
    was said to be an "impossible game", though it is the game it always was."""
    data = parlour.new_game("gate", seed=1).to_dict()
    data["seed"] = 2**63
    game = parlour.load_game(data)
    assert game.state.deal_str() == LEGACY_GATE_DEAL and game.seed == 2**63
    game.play(game.legal_moves()[0])
    again = parlour.load_game(game.to_json())
    assert again.state == game.state and again.to_dict() == game.to_dict()
    data["seed"] = 2**70  # above 64 bits too: folded in, as it was
    assert parlour.load_game(data).seed == 2**70


@pytest.mark.parametrize(("seed", "quoted"), BAD[2:], ids=[repr(s) for s, _ in BAD[2:]])
def test_a_save_whose_seed_was_never_a_games_is_refused(seed: Any, quoted: str) -> None:
    data = parlour.new_game("gate", seed=1).to_dict()
    data["seed"] = seed
    with pytest.raises(parlour.InvalidSaveError, match=f"impossible game: {RANGE}, {quoted}"):
        parlour.load_game(data)


@pytest.mark.parametrize(("seed", "quoted"), BAD, ids=[repr(s) for s, _ in BAD])
def test_a_computer_player_and_a_sample_take_the_seeds_new_game_takes(
    seed: Any, quoted: str
) -> None:
    """make_player took any whole number from 0 up (2**70 too) and resample only a
    Python int below 0 refused; both now check as new_game does."""
    with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, {quoted}"):
        parlour.ai.make_player("gate", "random", seed=seed)
    state = parlour.new_game("uno", seed=1).state
    with pytest.raises(parlour.InvalidSeedError, match=f"a seed: {RANGE}, {quoted}"):
        state.resample(0, seed)
    assert parlour.ai.make_player("gate", "random", seed=np.int64(LARGEST_SEED)).level
    assert state.resample(0, np.int64(3)).key() == state.resample(0, 3).key()


def test_the_seeds_the_library_derives_for_a_player_are_in_the_range() -> None:
    """A hint's player and the web table's reply were seeded with stream_seed's 64 bits,
    half of them past LARGEST_SEED, which make_player now refuses."""
    seeds = [derived_seed(seed, label) for seed in range(200) for label in ("hint", "web")]
    assert all(0 <= s <= LARGEST_SEED for s in seeds) and max(seeds) > 2**62
    assert derived_seed(7, "hint") == stream_seed(7, "hint") & LARGEST_SEED


def test_a_run_of_games_must_end_within_the_range() -> None:
    assert check_seed(LARGEST_SEED - 9, 10) == LARGEST_SEED - 9
    with pytest.raises(parlour.InvalidSeedError, match=r"deals 10 games, to seed "):
        check_seed(LARGEST_SEED - 8, 10)
    with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, got -1$"):
        check_seed(-1, 10)


def test_the_simulation_runner_refuses_as_new_game_does() -> None:
    for seed, quoted in BAD:
        with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, {quoted}"):
            parlour.sim.run("gate", games=1, seed=seed, jobs=1)
    results = parlour.sim.run("gate", games=2, seed=np.int64(3), jobs=1)
    assert [r.seed for r in results.records] == [3, 4]


def _gym_envs() -> list[Any]:
    pytest.importorskip("gymnasium")
    from parlour import envs

    return [envs.GateEnv(), envs.UnoVersusEnv(opponent="random")]


@pytest.mark.parametrize(("seed", "quoted"), BAD, ids=[repr(s) for s, _ in BAD])
def test_every_environment_refuses_a_seed_outside_the_range(seed: Any, quoted: str) -> None:
    pytest.importorskip("pettingzoo")
    from parlour import envs

    for env in [*_gym_envs(), envs.UnoEnv()]:
        with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, {quoted}"):
            env.reset(seed=seed)


def test_the_environments_take_a_numpy_seed() -> None:
    """Gymnasium's own seeding refused np.int64 ("Seed must be a python integer")."""
    for env in _gym_envs():
        _, info = env.reset(seed=np.int64(7))
        assert info["seed"] == 7 and type(info["seed"]) is int


def test_the_vector_environments_refuse_a_seed_outside_the_range() -> None:
    pytest.importorskip("numba")
    pytest.importorskip("gymnasium")
    from parlour.envs import UnoGymVectorEnv, UnoVectorEnv

    for env in (UnoVectorEnv(4), UnoGymVectorEnv(4)):
        for seed, quoted in BAD:
            with pytest.raises(parlour.InvalidSeedError, match=f"^{RANGE}, {quoted}"):
                env.reset(seed=seed)
        # game g plays seed + g: the last one too must be a seed new_game takes
        with pytest.raises(parlour.InvalidSeedError, match=r"deals 4 games, to seed"):
            env.reset(seed=LARGEST_SEED - 2)
        env.reset(seed=LARGEST_SEED - 3)
    assert int(UnoVectorEnv(2).reset(seed=np.int64(9)).observation.shape[0]) == 2
