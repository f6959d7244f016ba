"""``UnoVectorEnv``: the engine's games, ``UnoEnv``'s masks and observations, no hidden cards."""

from __future__ import annotations

import sys

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[fast]')")
pytest.importorskip("numba", reason="numba is not installed (pip install 'parlour[fast]')")

import parlour  # noqa: E402
from parlour import envs  # noqa: E402
from parlour.envs import uno_vector  # noqa: E402
from parlour.envs.actions import action_index  # noqa: E402
from parlour.envs.table import Table  # noqa: E402
from parlour.envs.uno_vector import UnoVectorEnv  # noqa: E402
from parlour.kernels import uno as kernel  # noqa: E402

DRAW = action_index("uno")["draw"]


def _tables(seeds: list[int]) -> list[Table]:
    tables = []
    for seed in seeds:
        table = Table("uno")
        table.one_hand = True
        table.deal(seed)
        tables.append(table)
    return tables


def _check_same(step: object, tables: list[Table]) -> None:
    for g, table in enumerate(tables):
        seat = table.to_move
        assert step.agent[g] == seat  # type: ignore[attr-defined]
        assert (step.action_mask[g] == table.mask()).all(), g  # type: ignore[attr-defined]
        assert (step.observation[g] == table.observe(seat)).all(), g  # type: ignore[attr-defined]


@pytest.mark.parametrize("base", [0, 1000])
def test_games_masks_and_observations_are_the_engines(base: int) -> None:
    """Random legal actions in 16 games for 1,000 steps, hands re-dealt as they end,
    checked step by step against the engine under ``UnoEnv``'s table."""
    n = 16
    env = UnoVectorEnv(n)
    step = env.reset(seed=base)
    assert list(env.seeds) == list(range(base, base + n))
    tables = _tables(list(range(base, base + n)))
    _check_same(step, tables)
    rng = np.random.default_rng(base)
    ended = 0
    for _ in range(1000):
        # mostly a card (so hands end), sometimes any action: draw, keep, a wrong W4 ...
        legal = [np.flatnonzero(m) for m in step.action_mask]
        plays = [x[x < DRAW] if (x < DRAW).any() and rng.random() < 0.7 else x for x in legal]
        actions = np.array([int(rng.choice(x)) for x in plays])
        step = env.step(actions)
        for g, table in enumerate(tables):
            p = table.to_move
            assert table.play(int(actions[g]))
            if table.over:
                ended += 1
                assert step.terminated[g] and not step.truncated[g]
                winner = table.winner()
                expected = [0.0, 0.0] if winner is None else [-1.0, -1.0]
                if winner is not None:
                    expected[winner] = 1.0
                    assert winner == p
                assert list(step.rewards[g]) == expected
                table.deal(int(env.seeds[g]))
            else:
                assert not step.terminated[g] and not step.rewards[g].any()
        _check_same(step, tables)
    assert ended >= 5
    assert sorted(int(s) for s in env.seeds)[-1] >= base + n


def test_seeded_reset_is_reproducible_and_unseeded_resets_differ() -> None:
    def run(seed: int | None, env: UnoVectorEnv) -> list[bytes]:
        step = env.reset(seed=seed)
        trace = [step.observation.tobytes()]
        for _ in range(200):
            step = env.step(np.array([np.flatnonzero(m)[0] for m in step.action_mask]))
            trace.append(step.observation.tobytes() + step.rewards.tobytes())
        return trace

    env = UnoVectorEnv(4)
    assert run(7, env) == run(7, UnoVectorEnv(4))
    assert run(None, env) != run(None, env)


def test_an_environment_never_seeded_deals_from_fresh_entropy() -> None:
    """As the guide says of every environment: each unseeded UnoVectorEnv dealt from
    Rng(0), so parallel workers' first resets all played the same hands."""
    first = [UnoVectorEnv(2) for _ in range(3)]
    seeds = {tuple(int(s) for s in (env.reset(), env.seeds)[1]) for env in first}
    assert len(seeds) == 3


def test_the_opponents_hidden_cards_do_not_change_an_observation() -> None:
    """Two deals that differ only in a card of player 1's hand and a card deep in the
    draw pile: player 0 sees the same observation in both."""
    env = UnoVectorEnv(1)
    deck = parlour.new_game("uno", seed=4).state.deal_str().split()[:108]  # the cards
    j = next(k for k in range(60, 108) if deck[k] not in deck[7:14])
    swapped = list(deck)
    swapped[8], swapped[j] = swapped[j], swapped[8]
    observations = []
    for d in (deck, swapped):
        state = parlour.new_game("uno", deck=" ".join(d), first=0).state
        env.reset(seed=0)
        # load the engine's state into the compiled game: player 0 to move
        _, cnt, size, draw, disc, dcnt, meta, _, _ = env._table
        cnt[0] = 0
        for seat in (0, 1):
            for c in state._hands[seat]:  # type: ignore[attr-defined]
                cnt[0, seat, c] += 1
            size[0, seat] = len(state._hands[seat])  # type: ignore[attr-defined]
        pile = state._draw  # type: ignore[attr-defined]
        draw[0, : len(pile)] = pile
        disc[0, 0] = state._discard[-1]  # type: ignore[attr-defined]
        dcnt[0] = 0
        dcnt[0, state._discard[-1]] = 1  # type: ignore[attr-defined]
        meta[0] = 0
        meta[0, kernel.ND], meta[0, kernel.NC], meta[0, kernel.DRAWN] = len(pile), 1, -1
        meta[0, kernel.TURN], meta[0, kernel.COLOUR] = 0, state._colour  # type: ignore[attr-defined]
        obs = np.zeros((1, env.observation_size), np.float32)
        encode = kernel.compiled()["encode"]  # type: ignore[index]
        encode(0, env._table, uno_vector._card_numbers(), obs)
        table = Table("uno")
        table.state = state
        assert (obs[0] == table.observe(0)).all()
        observations.append(obs[0])
    assert (observations[0] == observations[1]).all()


def test_an_illegal_action_changes_no_game() -> None:
    env = UnoVectorEnv(3)
    step = env.reset(seed=2)
    before = env._table[6].copy(), env._table[1].copy()
    actions = np.array([np.flatnonzero(m)[0] for m in step.action_mask])
    actions[1] = int(np.flatnonzero(step.action_mask[1] == 0)[0])
    with pytest.raises(parlour.IllegalMoveError, match="illegal action .* in game 1"):
        env.step(actions)
    assert (env._table[6] == before[0]).all() and (env._table[1] == before[1]).all()
    with pytest.raises(parlour.InvalidActionError, match="one action per game"):
        env.step([0])


@pytest.mark.parametrize("outside", [-1, 1000])
def test_an_action_outside_the_space_is_refused_as_such(outside: int) -> None:
    """It was reported as an illegal move ('illegal action -1 (no such action)')."""
    env = UnoVectorEnv(3)
    step = env.reset(seed=2)
    before = env._table[6].copy(), env._table[1].copy()
    actions = np.array([np.flatnonzero(m)[0] for m in step.action_mask])
    actions[2] = env.n_actions if outside == 1000 else outside
    n = env.n_actions
    with pytest.raises(parlour.InvalidActionError) as raised:
        env.step(actions)
    assert str(raised.value) == (
        f"action {actions[2]} in game 2 is outside the action space Discrete({n}): "
        f"an action is a whole number from 0 to {n - 1}; no game was changed"
    )
    assert (env._table[6] == before[0]).all() and (env._table[1] == before[1]).all()
    with pytest.raises(parlour.InvalidActionError, match="whole numbers from 0 to"):
        env.step(actions.astype(np.float64))


def test_bad_settings_and_seeds_are_precise_errors() -> None:
    """As the other environments: a caller can tell a bad setting from a bad seed."""
    with pytest.raises(parlour.InvalidOptionError, match="num_envs .* got 0"):
        UnoVectorEnv(0)
    with pytest.raises(parlour.InvalidOptionError, match="max_steps .* got -1"):
        UnoVectorEnv(2, max_steps=-1)
    with pytest.raises(parlour.InvalidSeedError, match="got -3"):
        UnoVectorEnv(2).reset(seed=-3)


def test_truncation_deals_a_new_hand() -> None:
    env = UnoVectorEnv(2, max_steps=3)
    step = env.reset(seed=5)
    for _ in range(3):
        step = env.step(np.array([np.flatnonzero(m)[0] for m in step.action_mask]))
    assert step.truncated.all() and not step.terminated.any()
    assert sorted(int(s) for s in env.seeds) == [7, 8]
    assert not step.rewards.any()


def test_missing_numba_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)
    with pytest.raises(envs.MissingExtraError, match=r"pip install 'parlour\[fast\]'") as info:
        UnoVectorEnv(2)
    assert "\n" not in str(info.value)
