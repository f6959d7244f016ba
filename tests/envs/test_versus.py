"""Single-agent environments against a computer, the Gymnasium vector UNO environment,
fresh entropy when unseeded, and the reward scheme (no pay for stalling)."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import parlour

np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[rl]')")
gym = pytest.importorskip(
    "gymnasium", reason="Gymnasium is not installed (pip install 'parlour[rl]')"
)
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install 'parlour[rl]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from parlour import envs  # noqa: E402
from parlour.ai import make_player, player_levels  # noqa: E402
from parlour.envs import rewards  # noqa: E402

GAMES = {"uno": "parlour/Uno-v0", "chinese-patience": "parlour/ChinesePatience-v0"}


def play_out(env: Any, seed: int, limit: int = 3000) -> tuple[list[float], dict[str, Any]]:
    """Random masked actions from ``reset(seed)`` to the end; the rewards and last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    got = []
    for _ in range(limit):
        legal = np.flatnonzero(env.action_masks())
        # a card when one fits (not a W4, mostly wrong): random reneging rarely wins
        calm = [a for a in legal if env.actions[a] not in ("draw", "keep")]
        calm = [a for a in calm if not env.actions[a].startswith("W4")] or calm
        action = rng.choice(calm or legal)
        _, reward, terminated, truncated, info = env.step(action)
        got.append(float(reward))
        if terminated or truncated:
            break
    return got, info


@pytest.mark.parametrize("game", list(GAMES))
def test_versus_envs_pass_gymnasiums_check(game: str) -> None:
    import parlour.envs.registration  # noqa: F401

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(envs.VersusEnv(game, render_mode="ansi"))
        check_env(gym.make(GAMES[game], opponent=player_levels(game)[-1]).unwrapped)
        check_env(envs.VersusEnv(game, seat=None))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_level_can_be_the_opponent(game: str) -> None:
    for level in player_levels(game):
        env = envs.VersusEnv(game, opponent=level, max_steps=40)
        got, info = play_out(env, seed=3, limit=40)
        assert info["seat"] == 0 and len(got) <= 40


def test_the_opponent_plays_as_in_a_session() -> None:
    """The learner's moves replayed in a session with the same computer player give
    the same game: the opponent sees its own view and the legal moves in order."""
    env = envs.UnoVersusEnv(opponent="basic", seat=1)
    env.reset(seed=11)
    game = parlour.new_game("uno", seed=11)
    player = make_player("uno", "basic", seed=11, seat=0)
    rng = np.random.default_rng(0)
    while True:
        while game.to_move == 0 and game.view(0)["hand_number"] == 1:
            game.play(player.choose(game.view(0), game.legal_moves()))
        assert game.state.key() == env.table.state.key()
        if env.table.over:
            break
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        game.play(env.actions[action])
        env.step(action)


def test_a_callable_or_a_player_can_be_the_opponent() -> None:
    seen: list[tuple[str, int]] = []

    def first_legal(view: Mapping[str, Any], legal: Sequence[str]) -> str:
        seen.append((view["game"], view["player"]))
        return legal[0]

    play_out(envs.UnoVersusEnv(opponent=first_legal), seed=2)
    assert seen and set(seen) == {("uno", 1)}
    play_out(envs.ChinesePatienceVersusEnv(opponent=make_player("chinese-patience", "greedy")), 4)

    def cheat(view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return "no such move"

    with pytest.raises(parlour.IllegalMoveError, match="not a legal move"):
        play_out(envs.UnoVersusEnv(opponent=cheat, seat=1), seed=0)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"opponent": "grandmaster"}, "the levels are random, basic"),
        ({"opponent": 3}, "level name, a Player or a callable"),
        ({"seat": 2}, "seat must be 0, 1 or None"),
        ({"max_steps": 0}, "max_steps"),
    ],
)
def test_bad_settings_are_one_clear_error(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(parlour.InvalidOptionError, match=message):
        envs.UnoVersusEnv(**kwargs)
    with pytest.raises(parlour.InvalidOptionError, match="one-player game"):
        envs.VersusEnv("gate")


@pytest.mark.parametrize("game", list(GAMES))
def test_seeded_resets_replay_and_unseeded_environments_differ(game: str) -> None:
    a, b = envs.VersusEnv(game), envs.VersusEnv(game)
    a.reset(seed=5)
    assert a.table.state.deal_str() == parlour.new_game(game, seed=5).state.deal_str()
    runs = [play_out(envs.VersusEnv(game), 9) for _ in range(2)]
    assert runs[0][0] == runs[1][0] and runs[0][1]["steps"] == runs[1][1]["steps"]
    fresh = [envs.VersusEnv(game) for _ in range(2)]
    seeds = [[env.reset()[1]["seed"] for _ in range(3)] for env in fresh]
    assert seeds[0] != seeds[1], "two unseeded environments dealt the same games"
    b.reset(seed=5)
    assert [b.reset()[1]["seed"] for _ in range(3)] == [a.reset()[1]["seed"] for _ in range(3)]


@pytest.mark.parametrize("cls", ["UnoEnv", "ChinesePatienceEnv"])
def test_unseeded_aec_environments_draw_fresh_entropy(cls: str) -> None:
    def deals(env: Any) -> list[int]:
        out = []
        for _ in range(3):
            env.reset()
            out.append(env.infos["player_0"]["seed"])
        return out

    assert deals(getattr(envs, cls)()) != deals(getattr(envs, cls)())
    seeded = [getattr(envs, cls)() for _ in range(2)]
    for env in seeded:
        env.reset(seed=7)
    assert deals(seeded[0]) == deals(seeded[1])


@pytest.mark.parametrize("game", list(GAMES))
def test_an_action_outside_the_space_is_refused(game: str) -> None:
    """Scored as an illegal move (-1) before; now refused, and the opponent does not move.
    An in-space illegal action is still scored."""
    env = envs.VersusEnv(game, opponent="random")
    _, info = env.reset(seed=4)
    n = int(env.action_space.n)
    before = env.table.state.key()
    for action in (-1, n):
        with pytest.raises(parlour.InvalidActionError, match=f"^action {action} is outside"):
            env.step(action)
        assert env.table.state.key() == before and env._steps == 0
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, _, _, info = env.step(illegal)
    assert reward == -1.0 and info["illegal"]


def test_rewards_win_loss_and_cut_off() -> None:
    """+1 / -1 at the end by the winner; a cut-off is worth a loss (never better)."""
    assert rewards.end_rewards(0) == [1.0, -1.0] and rewards.end_rewards(None) == [0.0, 0.0]
    assert rewards.CUT_OFF == rewards.LOSS < rewards.DRAW
    results = set()
    for seed in range(12):
        env = envs.UnoVersusEnv(opponent="random")
        got, _ = play_out(env, seed)
        winner = env.table.winner()
        assert got[:-1] == [0.0] * (len(got) - 1)
        assert got[-1] == (1.0 if winner == 0 else -1.0)
        results.add(got[-1])
    assert results == {1.0, -1.0}
    env = envs.UnoVersusEnv(max_steps=2)
    got, _ = play_out(env, seed=1)
    assert len(got) == 2 and got[-1] == rewards.CUT_OFF
    aec = envs.UnoEnv(max_steps=3)
    aec.reset(seed=1)
    for _ in range(3):
        agent = aec.agent_selection
        mask = aec.observe(agent)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert all(aec.truncations.values())
    assert aec.rewards == {"player_0": rewards.CUT_OFF, "player_1": rewards.CUT_OFF}


def test_gym_vector_env_steps_self_play_with_masks_and_rewards_by_seat() -> None:
    pytest.importorskip("numba", reason="numba is not installed (pip install 'parlour[fast]')")
    import parlour.envs.registration  # noqa: F401

    env = gym.make_vec("parlour/UnoSelfPlay-v0", num_envs=6, max_steps=400)
    assert isinstance(env, gym.vector.VectorEnv)
    assert env.single_observation_space.shape == (416,)
    assert env.action_space.shape == (6,)
    obs, infos = env.reset(seed=30)
    assert obs.shape == (6, 416) and list(infos["seed"]) == list(range(30, 36))
    first = parlour.new_game("uno", seed=30).state
    assert infos["agent"][0] == first.to_move
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(600):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        mover = infos["agent"]
        obs, reward, terminated, truncated, infos = env.step(actions)
        by_seat = infos["rewards"]
        assert (reward == by_seat[np.arange(6), mover]).all()
        assert (by_seat[truncated] == rewards.CUT_OFF).all()
        won = terminated & (by_seat.sum(axis=1) == 0) & (by_seat[:, 0] != 0)
        ends += int(won.sum())
        assert (reward[won] == 1.0).all()  # the mover went out
        assert (by_seat[~(terminated | truncated)] == 0).all()
    assert ends > 0


def test_gym_vector_env_seeds() -> None:
    pytest.importorskip("numba", reason="numba is not installed (pip install 'parlour[fast]')")
    a, b = envs.UnoGymVectorEnv(3), envs.UnoGymVectorEnv(3)
    assert list(a.reset()[1]["seed"]) != list(b.reset()[1]["seed"])
    assert (a.reset(seed=4)[0] == b.reset(seed=4)[0]).all()
    # Gymnasium's list of one seed a game: game g plays s + g, so it must be s, s + 1, ...
    assert list(a.reset(seed=[7, 8, 9])[1]["seed"]) == [7, 8, 9]
    for seeds in ([10, 20, 30], [10, 11], []):  # [10, 20, 30] dealt 10, 11, 12 silently
        with pytest.raises(parlour.InvalidSeedError, match=r"one seed a game, consecutive"):
            a.reset(seed=seeds)


def test_maskable_ppo_learns_a_few_steps() -> None:
    pytest.importorskip("torch", reason="torch is not installed (pip install 'parlour[train]')")
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (parlour[train])")
    from sb3_contrib import MaskablePPO

    env = envs.UnoVersusEnv(opponent="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0)
    model.learn(total_timesteps=64)
    obs, _ = env.reset(seed=0)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)] == 1
