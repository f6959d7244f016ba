"""Gymnasium and PettingZoo environments: the official checkers, masks, seeds, views."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import pytest

import parlour

np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[rl]')")
gym = pytest.importorskip(
    "gymnasium", reason="Gymnasium is not installed (pip install 'parlour[rl]')"
)
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install 'parlour[rl]')")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from parlour import envs  # noqa: E402
from parlour.envs import duel  # noqa: E402
from parlour.envs.encoders import encoder_for  # noqa: E402

PATIENCES = ["calculation", "gate", "eight-by-eight"]
IDS = {"calculation": "Calculation", "gate": "Gate", "eight-by-eight": "EightByEight"}


@pytest.mark.parametrize("game", PATIENCES)
def test_patience_envs_pass_gymnasiums_check(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(envs.PatienceEnv(game, render_mode="ansi"))
        made = gym.make(f"parlour/{IDS[game]}-v0", render_mode="ansi")
        check_env(made.unwrapped)


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: envs.PatienceEnv("gate", render_mode="rgb_array"), "render_mode .*'rgb_array'"),
        (lambda: envs.PatienceEnv("gate", max_steps=0), "max_steps .* got 0"),
        (lambda: envs.PatienceEnv("calculation", max_steps="9"), "max_steps .* got '9'"),
        (
            lambda: envs.PatienceEnv("uno"),
            r"'uno' is a two-player game: PatienceEnv takes a one-player game "
            r"\(calculation, eight-by-eight, gate\); for uno use parlour.envs.VersusEnv",
        ),
        (lambda: envs.UnoEnv(render_mode="rgb_array"), "render_mode .*'rgb_array'"),
        (lambda: envs.ChinesePatienceEnv(max_steps=-1), "max_steps .* got -1"),
        (
            lambda: duel.DuelEnv("8x8"),
            r"'eight-by-eight' is a one-player game: DuelEnv takes a two-player game "
            r"\(chinese-patience, uno\); for eight-by-eight use parlour.envs.PatienceEnv",
        ),
        (
            lambda: envs.VersusEnv("gate"),
            r"'gate' is a one-player game: VersusEnv takes a two-player game "
            r"\(chinese-patience, uno\)",
        ),
    ],
)
def test_bad_arguments_fail_when_made_with_one_precise_error(make: Any, message: str) -> None:
    """Every environment checks its arguments alike, when it is made (``max_steps=0``
    used to be taken, and cut off every episode at its first action). A game with the
    wrong number of players is told which games the environment takes and which
    environment takes it (``PatienceEnv("uno")`` only said "use its PettingZoo
    environment")."""
    with pytest.raises(parlour.InvalidOptionError, match=message):
        make()


#: What PettingZoo's api_test warns of any environment whose observation is the dict
#: of an observation and an action mask (its own classic games are exempt by name);
#: docs/environments.md says so. Any other warning fails the tests below.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("env_class", ["UnoEnv", "ChinesePatienceEnv"])
def test_duel_envs_pass_pettingzoos_api_and_seed_tests(env_class: str) -> None:
    cls = getattr(envs, env_class)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(cls(render_mode="ansi"), num_cycles=200)
        seed_test(lambda: cls(), num_cycles=50)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


def test_uno_matches_env_passes_the_api_test() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(envs.UnoEnv(matches=True, target=100), num_cycles=200)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("game", PATIENCES)
def test_patience_episode_with_masks_and_reproducible_reset(game: str) -> None:
    def episode(seed: int) -> list[object]:
        env = envs.PatienceEnv(game, max_steps=300)
        obs, info = env.reset(seed=seed)
        assert env.table.state.key() == parlour.new_game(game, seed=seed).state.key()
        trace: list[object] = [obs.tobytes()]
        rng = np.random.default_rng(0)
        for _ in range(300):
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and (mask == env.action_masks()).all()
            legal = sorted(env.actions[i] for i in np.flatnonzero(mask))
            assert legal == sorted(
                env.table.state.move_str(m) for m in env.table.state.legal_moves()
            )
            action = int(rng.choice(np.flatnonzero(mask)))
            obs, reward, terminated, truncated, info = env.step(action)
            assert env.observation_space.contains(obs)
            trace.append((obs.tobytes(), reward, terminated, truncated))
            if terminated or truncated:
                break
        return trace

    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


def test_an_illegal_action_changes_nothing_and_costs() -> None:
    env = envs.PatienceEnv("calculation")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.table.state.key()
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -1.0 and info2["illegal"] and not terminated
    assert env.table.state.key() == before and (obs2 == obs).all()


def _out_of_space(n: int) -> list[tuple[object, str]]:
    return [
        (-1, "action -1 is outside"),
        (n, f"action {n} is outside"),
        (np.int64(n), f"action {n} is outside"),
        (2.5, "action 2.5 is outside"),
        (True, "action True is outside"),
        ("3", "action '3' is outside"),
    ]


def _whole_range(n: int) -> str:
    return f"the action space Discrete({n}): an action is a whole number from 0 to {n - 1}"


def test_an_action_outside_the_space_is_refused_not_scored() -> None:
    """-1 or n was scored as an illegal move (and 2.5 played action 2); Gymnasium's
    convention is to raise. The error names the action and the range, nothing changes,
    and an in-space action still plays (a 0-d array and a NumPy integer as well)."""
    env = envs.PatienceEnv("gate")
    obs, info = env.reset(seed=1)
    n = int(env.action_space.n)
    before = env.table.state.key()
    for action, said in _out_of_space(n):
        with pytest.raises(parlour.InvalidActionError) as raised:
            env.step(action)  # type: ignore[arg-type]
        assert str(raised.value) == f"{said} {_whole_range(n)}"
        assert isinstance(raised.value, ValueError)
        assert env.table.state.key() == before and env._steps == 0
    legal = int(np.flatnonzero(info["action_mask"])[0])
    assert not env.step(np.array(legal))[4]["illegal"]  # type: ignore[arg-type]


def test_an_agent_outside_the_space_is_refused_in_the_aec_envs() -> None:
    env = envs.UnoEnv()
    env.reset(seed=3)
    n = int(env.action_space(env.agent_selection).n)
    agent = env.agent_selection
    for action, said in _out_of_space(n):
        with pytest.raises(parlour.InvalidActionError, match=f"^{said} "):
            env.step(action)
        assert not env.terminations[agent] and env.agent_selection == agent
    assert env._steps == 0 and env.rewards[agent] == 0.0
    env.step(None)  # in the space's place: an illegal move, as documented
    assert env.terminations[agent] and env.infos[agent]["illegal"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: envs.PatienceEnv("gate"),
        lambda: envs.UnoVersusEnv(opponent="basic"),
        lambda: envs.ChinesePatienceVersusEnv(),
        lambda: envs.UnoEnv(),
    ],
    ids=["patience", "uno-versus", "chinese-patience-versus", "uno-aec"],
)
def test_a_step_before_the_first_reset_needs_a_reset(make: Any) -> None:
    """As the vector environment (and Gymnasium's ``ResetNeeded``) have it. Unwrapped,
    a patience stepped on a placeholder deal no seed chose, a versus environment failed
    with a bare ``AssertionError`` (its opponent is made in ``reset``) and the AEC one
    with ``AttributeError: ... 'agent_selection'``. After ``reset`` all is as before."""
    env = make()
    legal = 0 if isinstance(env, duel.DuelEnv) else int(np.flatnonzero(env.action_masks())[0])
    with pytest.raises(parlour.ResetNeededError, match=r"^step\(\) before reset\(\): call reset"):
        env.step(legal)
    if isinstance(env, duel.DuelEnv):
        with pytest.raises(parlour.ResetNeededError):
            env.observe("player_0")
        env.reset(seed=1)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
        assert env._steps == 1
        return
    env.reset(seed=1)
    assert not env.step(int(np.flatnonzero(env.action_masks())[0]))[4]["illegal"]


def test_observing_an_agent_the_game_has_not_names_the_agents() -> None:
    """``observe("player_2")`` said ValueError: 'player_2' is not in list."""
    env = envs.UnoEnv()
    env.reset(seed=1)
    for wrong in ("player_2", 0, None):
        with pytest.raises(parlour.InvalidPlayerError, match="the agents are player_0, player_1"):
            env.observe(wrong)  # type: ignore[arg-type]


def test_render_is_text() -> None:
    env = envs.PatienceEnv("gate", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "L" in text
    duel = envs.UnoEnv(render_mode="ansi")
    duel.reset(seed=2)
    assert "Your hand" in str(duel.render())


def test_observations_come_from_the_acting_players_view() -> None:
    env = envs.ChinesePatienceEnv()
    env.reset(seed=9)
    for _ in range(60):
        agent = env.agent_selection
        seat = int(agent[-1])
        obs = env.observe(agent)
        state = env.table.state
        assert (
            obs["observation"] == encoder_for("chinese-patience").encode(state.view(seat))
        ).all()
        other = env.observe(f"player_{1 - seat}")
        assert not other["action_mask"].any()
        mask = obs["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
        if env.terminations[env.agent_selection]:
            break


def _uno_deck_with_swap(i: int, j: int) -> str:
    deck = parlour.new_game("uno", seed=4).state.deal_str().split()[:108]  # the cards
    deck[i], deck[j] = deck[j], deck[i]
    return " ".join(deck)


def test_hidden_cards_do_not_change_an_observation() -> None:
    """Swap a card of player 1's hand with one deep in the draw pile: a different game,
    the same observation for player 0."""
    from parlour.envs.table import Table

    observations = []
    keys = []
    deck = parlour.new_game("uno", seed=4).state.deal_str().split()[:108]  # the cards
    # find a card deep in the draw pile that is not already in player 1's hand
    j = next(k for k in range(60, 108) if deck[k] not in deck[7:14])
    for d in (" ".join(deck), _uno_deck_with_swap(8, j)):
        table = Table("uno")
        table.state = parlour.new_game("uno", deck=d, first=0).state
        observations.append(table.observe(0))
        keys.append(table.state.key())
    assert keys[0] != keys[1]
    assert (observations[0] == observations[1]).all()


def test_missing_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "parlour.envs.patience", raising=False)
    with pytest.raises(envs.MissingExtraError, match=r"pip install 'parlour\[rl\]'"):
        _ = envs.GateEnv
    with pytest.raises(ImportError):
        _ = envs.PatienceEnv


@pytest.mark.parametrize(
    "options",
    [{}, {"matches": True, "target": 150, "uno_call": True, "w4_challenge": True}],
    ids=["hand", "match-with-calls-and-challenges"],
)
def test_uno_observations_and_masks_are_those_of_the_view(options: dict[str, object]) -> None:
    """UnoEnv writes observations from the engine's fields and masks from its move
    tuples; both must equal what the player's view and the move strings give."""
    encoder = encoder_for("uno")
    env = envs.UnoEnv(**options)
    rng = np.random.default_rng(1)
    steps = 0
    for seed in range(12):
        env.reset(seed=seed)
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            state = env.table.state
            for seat in (0, 1):
                obs = env.observe(f"player_{seat}")
                assert (obs["observation"] == encoder.encode(state.view(seat))).all()
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = sorted(env.actions[i] for i in np.flatnonzero(mask))
            assert legal == sorted(state.move_str(m) for m in state.legal_moves())
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
            if steps % 400 == 0:
                break
    assert steps > 500


def _doc_block(after: str) -> str:
    """The first Python block after ``after`` in docs/environments.md."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "environments.md").read_text("utf-8")
    found = re.search(r"```python\n(.*?)```", text[text.index(after) :], re.S)
    assert found is not None, f"no python block after {after!r}"
    return found.group(1)


@pytest.mark.parametrize(
    "after",
    ["The ids exist once", "## The vector UNO environment"],
)
def test_the_guides_examples_run_as_pasted(after: str) -> None:
    """A newcomer pastes them (the vector one called a ``policy`` it never defined)."""
    if "vector" in after:
        pytest.importorskip("numba", reason="the vector environment needs the fast extra")
    space: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(_doc_block(after), "environments.md", "exec"), space)  # noqa: S102
    assert "obs" in space and "terminated" in space


@pytest.mark.parametrize("env_id", ["parlour/Uno-v0", "parlour/ChinesePatience-v0"])
def test_max_episode_steps_cuts_off_as_max_steps_does(env_id: str) -> None:
    """``gym.make(id, max_episode_steps=N)`` wraps the environment in Gymnasium's
    ``TimeLimit``, which truncated with the step's own reward, 0: stalling to the limit
    beat losing (-1). It now cuts the episode off as ``max_steps=N`` does, with the
    cut-off reward, on the same step."""
    import parlour.envs.registration  # noqa: F401  (the ids)

    def rewards(env: Any) -> list[tuple[float, bool, bool]]:
        _, info = env.reset(seed=3)
        out = []
        for _ in range(10):
            action = int(info["action_mask"].nonzero()[0][-1])
            _, reward, terminated, truncated, info = env.step(action)
            out.append((float(reward), terminated, truncated))
            if terminated or truncated:
                break
        return out

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the env checker's, about the first steps
        limited = gym.make(env_id, max_episode_steps=4)
        own = gym.make(env_id, max_steps=4)
        longer = gym.make(env_id, max_steps=2, max_episode_steps=6)
        steps = rewards(limited)
        assert steps == rewards(own)
        assert steps[-1] == (-1.0, False, True) and len(steps) == 4
        assert rewards(longer)[-1] == (-1.0, False, True)  # the tighter limit, with its reward
        assert gym.make(env_id).unwrapped.max_steps == 1000  # no limit given: unchanged
        remade = gym.make(limited.spec)  # a spec keeps it
        assert rewards(remade) == steps


def test_the_guide_gives_every_environments_step_limit() -> None:
    """docs/environments.md gave only the versus environments' ``max_steps`` (1000); a
    newcomer whose Gate episodes stopped at 2000 steps could not find why. Each
    default it states is the environment's own."""
    import inspect
    from pathlib import Path

    from parlour.envs.versus import VersusEnv

    guide = Path(__file__).resolve().parents[2] / "docs" / "environments.md"
    text = " ".join(guide.read_text(encoding="utf-8").split())

    def default(cls: Any) -> int:
        return int(inspect.signature(cls).parameters["max_steps"].default)

    assert f"before the episode is cut off, default {default(VersusEnv)})" in text
    assert f"defaults of their own: {default(envs.PatienceEnv)} actions for the patiences" in text
    assert f"{default(duel.DuelEnv)} steps of both agents together for the AEC" in text
    pytest.importorskip("numba")  # the vector environments need the fast extra
    assert default(envs.UnoVectorEnv) == default(envs.UnoGymVectorEnv)
    assert f"and {default(envs.UnoVectorEnv)} actions a game for the vector ones" in text
