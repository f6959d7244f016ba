"""The README's Python API example runs as pasted (a newcomer's first lines)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_block(after: str, doc: Path = README) -> str:
    text = doc.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(r"```python\n(.*?)```", text[start:], re.S)
    assert match is not None, f"no python block after {after!r}"
    return match.group(1)


def test_the_python_api_example_runs_as_pasted() -> None:
    code = _python_block("## The Python API")
    space: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "README.md", "exec"), space)  # noqa: S102 (our own README)
    g = space["g"]
    assert g.outcome is not None and g.outcome.result == "resigned"  # type: ignore[attr-defined]
    assert 'g.options                               # {"bars": 4}' in code
    assert g.options == {"bars": 4}  # type: ignore[attr-defined]
    assert space["g2"].moves == ["T3 F"]  # type: ignore[attr-defined]


def test_the_simulation_example_runs_as_pasted() -> None:
    """The README's ``sim.run`` lines, with 40 hands instead of 10,000 (the same call),
    and the records as a DataFrame (the README did not say there was one)."""
    pytest.importorskip("pandas")
    code = _python_block("The same from Python")
    assert "results.frame()" in code
    assert "games=10_000" in code
    space: dict[str, object] = {}
    exec(compile(code.replace("games=10_000", "games=40"), "README.md", "exec"), space)  # noqa: S102
    results = space["results"]
    summary = results.summary.to_dict()  # type: ignore[attr-defined]
    assert summary and results.records[17].seed == 17  # type: ignore[attr-defined]
    assert list(results.frame()["seed"]) == list(range(40))  # type: ignore[attr-defined]


def test_the_environment_example_runs_as_pasted() -> None:
    """The README's Gymnasium lines: the environment registers, passes Gymnasium's own
    checker, and its mask allows a legal action."""
    pytest.importorskip("gymnasium")
    code = _python_block("## Reinforcement-learning environments")
    space: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), space)  # noqa: S102 (our own README)
    assert space["mask"].any()  # type: ignore[attr-defined]


DOCS = [README, *sorted((README.parent / "docs").glob("*.md"))]
#: Words shaped like a dotted name that are files, not Python (the store's file name).
NOT_NAMES = {"parlour.db"}


def _resolve(dotted: str) -> object:
    """``parlour.ai.solver.solve`` as Python finds it: an attribute, else a submodule."""
    import importlib

    parts = dotted.split(".")
    obj: object = importlib.import_module(parts[0])
    for i, part in enumerate(parts[1:], start=2):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[:i]))
    return obj


@pytest.mark.parametrize("doc", DOCS, ids=[path.name for path in DOCS])
def test_every_parlour_name_the_docs_cite_exists(doc: Path) -> None:
    """Each ``parlour.x.y`` the README and docs/ name (``parlour.ai.warm()``,
    ``parlour.envs.registration``, ``parlour.ai.register_player``) is there to import, so
    a newcomer who types it meets the name, not an AttributeError."""
    pytest.importorskip("gymnasium")  # docs/environments.md names the environments
    text = doc.read_text(encoding="utf-8")
    cited = set(re.findall(r"\bparlour(?:\.[A-Za-z_]\w*)+", text)) - NOT_NAMES
    missing = []
    for dotted in sorted(cited):
        try:
            _resolve(dotted)
        except (AttributeError, ImportError) as exc:
            missing.append(f"{dotted}: {exc}")
    assert missing == []


def test_the_pimc_example_runs_as_pasted() -> None:
    """The README's PIMC lines over ``GameState.resample``: the move chosen is played."""
    code = _python_block("### Hidden cards: samples for search")
    assert "state.resample(me, rng)" in code
    space: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), space)  # noqa: S102 (our own README)
    assert len(space["g"].moves) == 1  # type: ignore[attr-defined]


GUIDE = README.parent / "docs" / "environments.md"


def test_the_guides_environment_examples_run_as_pasted() -> None:
    """docs/environments.md's lines for the ids and for the vector UNO environment: a
    step of each returns what the guide unpacks, and the vector one says who moves."""
    pytest.importorskip("gymnasium")
    code = _python_block("The ids exist once", GUIDE)
    space: dict[str, object] = {}
    exec(compile(code, "environments.md", "exec"), space)  # noqa: S102 (our own guide)
    assert space["info"]["seed"] == 7  # type: ignore[index]
    pytest.importorskip("numba")  # the vector environment needs the fast extra
    code = _python_block("## The vector UNO environment", GUIDE)
    assert "num_envs=256" in code
    space = {}
    exec(compile(code.replace("num_envs=256", "num_envs=8"), "environments.md", "exec"), space)  # noqa: S102
    assert space["infos"]["agent"].shape == (8,)  # type: ignore[index]


def test_the_guides_unovectorenv_example_runs_as_pasted() -> None:
    """``UnoVectorEnv`` was described only in its docstring: the guide's section on it
    has a random masked policy for both seats, run here as pasted (a few CPU seconds),
    whose hands end, are counted and are won by both seats."""
    pytest.importorskip("numba")  # the vector environment needs the fast extra
    code = _python_block("### `UnoVectorEnv`: the compiled hands without Gymnasium", GUIDE)
    assert "UnoVectorEnv(num_envs=64)" in code and "env.reset(seed=0)" in code
    space: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(code, "environments.md", "exec"), space)  # noqa: S102 (our own guide)
    hands, won = space["hands"], space["won"]
    assert hands >= 20 and won.sum() <= hands and won.min() > 0  # type: ignore[operator, attr-defined]
    assert f"{hands} hands ended; seat 0 won {won[0]}" in printed.getvalue()  # type: ignore[index]
    env = space["env"]
    assert env.observation_size == 416 and env.n_actions == 132  # type: ignore[attr-defined]
    assert env.seeds.min() >= 0 and env.seeds.max() >= 64  # type: ignore[attr-defined]


def test_the_deal_strings_shown_are_the_ones_dealt() -> None:
    """docs/notation.md's ``>>> ... deal_str()`` lines, read with their ``...`` as the
    cards left out: what the deal starts and ends with is what parlour deals."""
    import parlour

    text = (README.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    shown = re.findall(r">>> (parlour\.new_game\(.*?\)\.state\.deal_str\(\))\n'(.*?)'", text)
    assert len(shown) == 2
    for call, deal in shown:
        head, tail = deal.split(" ... ")
        dealt = eval(call, {"parlour": parlour})  # noqa: S307 (our own doc)
        assert dealt.startswith(head + " ") and dealt.endswith(" " + tail), (call, dealt)
