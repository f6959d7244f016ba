"""The training example (examples/train_uno_maskable_ppo.py) runs end to end.

A smoke test of a few hundred steps: training, the checks on the evaluation seeds,
the plot, the figures and the saved model. It needs the ``train`` extra (sb3-contrib,
torch, matplotlib), which the ``test`` extra leaves out (torch is large), so it skips
where they are not installed. What the example reaches is measured, not tested:
docs/environments.md has the reference run's figures and command.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

for module in ("gymnasium", "sb3_contrib", "torch", "matplotlib"):
    pytest.importorskip(module, reason=f"{module} is not installed (pip install -e '.[train]')")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_uno_maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_uno_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    example = load_example()
    # 2 environments x 128 steps: one update every 256 steps; one against each level
    argv = ["--steps", "512", "--envs", "2", "--n-steps", "128", "--eval-every", "256"]
    argv += ["--eval-hands", "2", "--final-hands", "3", "--out", str(tmp_path)]
    argv += ["--imitate-hands", "3", "--imitate-epochs", "1"]  # the warm start, briefly
    argv += ["--dagger-rounds", "1", "--dagger-hands", "2", "--dagger-epochs", "1"]
    assert example.main(argv) == 0

    report = json.loads((tmp_path / "uno_maskable_ppo_curve.json").read_text())
    assert [point["steps"] for point in report["curve"]] == [0, 256, 512]
    assert report["settings"]["switch"] == 256  # half way: random, then basic
    final = report["final"]
    assert final["steps"] == 512
    for level in ("random", "basic"):
        result = final[level]
        assert result["hands"] == 3 and 0 <= result["wins"] <= 3
        assert result["low"] <= result["rate"] <= result["high"]
    imitation = report["imitation"]
    assert imitation["teacher"] == "strong" and imitation["hands"] == 3
    assert imitation["moves"] > 0 and 0 <= imitation["matches_teacher"] <= 1
    (dagger,) = imitation["dagger"]  # one round: the agent played, strong labelled
    assert dagger["moves"] > 0 and 0 <= dagger["agreed"] <= 1
    assert (tmp_path / "uno_maskable_ppo_curve.png").read_bytes()[:4] == b"\x89PNG"
    model = tmp_path / "uno_maskable_ppo.zip"
    assert model.stat().st_size > 0
    assert example.main(["--evaluate", str(model), "--final-hands", "2", "--sampled"]) == 0
    assert example.main(["--evaluate", "basic", "--final-hands", "2"]) == 0


def test_pure_reinforcement_learning_has_no_warm_start(tmp_path: Path) -> None:
    example = load_example()
    argv = ["--steps", "256", "--envs", "2", "--n-steps", "128", "--eval-every", "256"]
    argv += ["--eval-hands", "1", "--final-hands", "1", "--imitate", "none"]
    assert example.main([*argv, "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "uno_maskable_ppo_curve.json").read_text())
    assert report["imitation"] is None


def test_the_summary_is_made_of_the_observation() -> None:
    """The 15 numbers after the mask are sums of the 416 (nothing the agent cannot see)."""
    example = load_example()
    env = example.uno_env("random")
    obs, _ = env.reset(seed=2**31 + 7)
    base, mask, summary = obs[:416], obs[416:548], obs[548 : 548 + example.SUMMARY]
    assert len(summary) == example.SUMMARY and (mask == env.action_masks()).all()
    view = env.unwrapped.table.state.view(env.unwrapped.seat)
    for i, colour in enumerate("RGYB"):
        held = sum(card[0] == colour for card in view["hand"])
        assert summary[i] * 7 == pytest.approx(held)
    held_in_play = sum(card[0] == view["colour"] for card in view["hand"])
    assert summary[8] * 7 == pytest.approx(held_in_play)
    assert summary[9] == float(held_in_play == 0)  # a Wild Draw Four would be right
    assert summary[11] * 10 == pytest.approx(view["opponent_cards"])
    assert (summary == example.summary(base, mask.astype("float32"))).all()


def test_evaluation_deals_are_never_training_deals() -> None:
    example = load_example()
    assert example.EVAL_SEED >= 2**31  # training environments draw their deals below 2**31


def test_the_defaults_are_a_quick_run() -> None:
    example = load_example()
    assert example.QUICK["steps"] <= 100_000  # minutes on one core, not an hour
    assert example.REFERENCE["steps"] > example.QUICK["steps"]


def test_the_opponents_lacks_come_from_its_draws() -> None:
    """The last 4 numbers: per colour, the share of the opponent's cards known to lack it,
    from what the learner saw (the opponent drew rather than play on a colour)."""
    example = load_example()
    env = example.uno_env("random")
    obs, _ = env.reset(seed=11)
    base = env.unwrapped
    seen = []
    for _ in range(60):
        view = base.table.state.view(base.seat)
        lacks = obs[-example.LACKS :]
        assert obs.shape == env.observation_space.shape
        assert ((lacks >= 0) & (lacks <= 1)).all()
        seen.append((list(view["opponent_last"]), view["colour"], lacks.copy()))
        obs, _, terminated, truncated, _ = env.step(int(env.action_masks().nonzero()[0][0]))
        if terminated or truncated:
            break
    only_drew = [f"player {1 - base.seat} drew a card"]  # and kept it: nothing fitted
    drew = [(c, lacks) for run, c, lacks in seen if run == only_drew]
    assert drew, "seed 11: the opponent draws on a colour it lacks"
    for colour, lacks in drew:  # its whole hand (the drawn card too) lacks that colour
        assert lacks["RGYB".index(colour)] == 1.0
    assert not seen[0][2].any()  # nothing shown before its first turn


def test_a_computer_level_is_measured_in_the_agents_seat() -> None:
    example = load_example()
    result = example.evaluate_level("basic", "random", 3, first_seed=2**31 + 3)
    assert result["hands"] == 3 and 0 <= result["wins"] <= 3
