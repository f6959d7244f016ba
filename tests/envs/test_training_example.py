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
    assert imitation["teacher"] == "basic" and imitation["hands"] == 3
    assert imitation["moves"] > 0 and 0 <= imitation["matches_teacher"] <= 1
    assert (tmp_path / "uno_maskable_ppo_curve.png").read_bytes()[:4] == b"\x89PNG"
    model = tmp_path / "uno_maskable_ppo.zip"
    assert model.stat().st_size > 0
    assert example.main(["--evaluate", str(model), "--final-hands", "2", "--greedy"]) == 0


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
    base, mask, summary = obs[:416], obs[416:548], obs[548:]
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
