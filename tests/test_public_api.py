"""The library as a newcomer meets it: what ``import parlour`` reaches, what ``help()``
and ``repr()`` say of the public objects, and the errors of its entry points."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import parlour

ROOT = Path(__file__).resolve().parents[1]


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (nothing imported before it)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )


def test_the_solver_is_reached_from_import_parlour_alone() -> None:
    """The README's ``parlour.ai.solver.solve(game, budget)`` after ``import parlour``
    (it raised AttributeError unless something had imported the solver first)."""
    result = _fresh(
        "import parlour\n"
        "g = parlour.new_game('gate', seed=1)\n"
        "print(parlour.ai.solver.solve(g, '5s').status)\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "solved"


def test_the_typed_user_script_runs() -> None:
    """``tests/typed_user_code.py``, which mypy checks (``[tool.mypy] files``), also runs."""
    pytest.importorskip("gymnasium")
    assert "tests/typed_user_code.py" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "typed_user_code.py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "won"


DOCUMENTED = [
    "parlour",
    "parlour.core.session",
    "parlour.core.protocol",
    "parlour.core.options",
    "parlour.core.events",
    "parlour.core.registry",
    "parlour.ai",
    "parlour.ai.base",
    "parlour.ai.hints",
    "parlour.ai.solver",
    "parlour.sim",
    "parlour.cards",
    "parlour.rng",
    "parlour.notation",
    "parlour.errors",
    "parlour.games.calculation",
    "parlour.games.gate",
    "parlour.games.eight_by_eight",
    "parlour.games.uno",
    "parlour.games.chinese_patience",
    "parlour.envs",
]


def _undocumented(module_name: str) -> list[str]:
    """The public objects of a module (its ``__all__``) that ``help()`` would show
    without a word: classes and functions, and the public methods and properties a
    class defines (a docstring it inherits counts)."""
    import importlib
    import inspect

    module = importlib.import_module(module_name)
    bare = [] if module.__doc__ else [module_name]
    for name in getattr(module, "__all__", []):
        obj = getattr(module, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if not obj.__module__.startswith("parlour"):
            continue  # a type alias of the standard library (Move is Hashable)
        if not obj.__doc__:
            bare.append(f"{module_name}.{name}")
        if not inspect.isclass(obj):
            continue
        for member, value in vars(obj).items():
            function = value.fget if isinstance(value, property) else value
            function = getattr(function, "__func__", function)
            if member.startswith("_") or not inspect.isfunction(function):
                continue
            inherited = any(
                getattr(getattr(base, member, None), "__doc__", None) for base in obj.__mro__[1:]
            )
            if not function.__doc__ and not inherited:
                bare.append(f"{module_name}.{name}.{member}")
    return bare


@pytest.mark.parametrize("module_name", DOCUMENTED)
def test_every_public_object_says_what_it_is_for(module_name: str) -> None:
    """``help()`` on anything a module exports, and on its classes' methods, has words:
    ``Outcome.to_dict``, ``parlour.envs.UnoEnv``, ``Rng.choice``, the card helpers and
    the simulation records' methods had none."""
    if module_name == "parlour.envs":
        pytest.importorskip("gymnasium")
        pytest.importorskip("pettingzoo")
        import parlour.envs as envs

        for name in envs.__all__:  # imported on first use: load them all
            getattr(envs, name)
    assert _undocumented(module_name) == []


@pytest.mark.parametrize("name", sorted(parlour.games()))
def test_an_engine_state_and_a_player_say_what_they_are_in_a_repr(name: str) -> None:
    """``repr(game.state)`` and ``repr(player)`` were ``<... object at 0x7f...>``: they
    name the game, its options and who is to move (no card), and the player's level."""
    import re

    game = parlour.new_game(name, seed=2)
    text = repr(game.state)
    assert re.fullmatch(rf"<\w+ {name}( \w+=\S+)*: player [01] to move>", text), text
    assert "object at" not in repr(game.state.copy())
    for level in parlour.ai.player_levels(name):
        player = parlour.ai.make_player(name, level)
        assert re.fullmatch(rf"<\w+ level='{level}'>", repr(player)), repr(player)


def test_a_finished_state_says_how_it_ended_in_its_repr() -> None:
    game = parlour.new_game("gate", seed=1)
    for move in parlour.ai.solver.solve(game, "5s").moves or ():
        game.play(move)
    assert repr(game.state) == "<Gate gate bars=4: won: all 52 cards are on the foundations>"


def test_every_error_class_is_exported_from_parlour() -> None:
    """``except parlour.X`` works for every class of ``parlour.errors`` (EmptyDrawError,
    raised by ``Rng.choice([])``, was only in ``parlour.errors``)."""
    from parlour import errors

    for name in errors.__all__:
        assert getattr(parlour, name) is getattr(errors, name) and name in parlour.__all__


def test_dir_offers_the_subpackages_before_they_are_imported() -> None:
    """``dir(parlour)`` (and a notebook's completion of ``parlour.``) did not list ``ai``,
    ``sim``, ``envs`` or ``service`` until something had imported them."""
    result = _fresh("import parlour\nprint(' '.join(dir(parlour)))\n")
    assert result.returncode == 0, result.stderr
    names = set(result.stdout.split())
    assert {"ai", "sim", "envs", "service", "new_game", "Game", "__version__"} <= names


@pytest.mark.parametrize("module_name", ["parlour", "parlour.sim", "parlour.envs.registration"])
def test_the_examples_in_module_docstrings_run(module_name: str) -> None:
    """``help(parlour)`` and ``help(parlour.sim)`` open with ``>>>`` examples; they run
    and print what they say (nothing ran them before)."""
    import doctest
    import importlib

    if module_name.startswith("parlour.envs"):
        pytest.importorskip("gymnasium")
    module = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_the_closed_sets_of_words_are_literal_types_exported_from_parlour() -> None:
    """``Outcome.result`` and ``SolveResult.status`` were typed ``str``: they are
    ``parlour.OutcomeResult`` and ``parlour.SolveStatus`` (``typing.Literal``), so a type
    checker refuses ``outcome.result == "win"``; every result the engines end a game
    with, and a resignation, is one of them."""
    import random
    import typing

    from parlour.ai.solver import SolveResult

    assert set(typing.get_args(parlour.OutcomeResult)) == {"won", "lost", "draw", "resigned"}
    assert set(typing.get_args(parlour.SolveStatus)) == {"solved", "unwinnable", "unknown"}
    assert {"OutcomeResult", "SolveStatus"} <= set(parlour.__all__)
    hints = typing.get_type_hints(parlour.Outcome)
    assert hints["result"] == parlour.OutcomeResult
    assert typing.get_type_hints(SolveResult)["status"] == parlour.SolveStatus
    seen = set()
    for name in parlour.games():
        for seed in range(12):
            game = parlour.new_game(name, seed=seed)
            chooser = random.Random(seed)
            while not game.is_over and len(game.moves) < 400:
                game.play(chooser.choice(game.legal_moves()))
            if not game.is_over:
                game.resign()
            assert game.outcome is not None
            seen.add(game.outcome.result)
    assert seen <= set(typing.get_args(parlour.OutcomeResult))
    assert {"won", "lost", "resigned"} <= seen


def test_a_level_registered_before_the_built_ins_load_comes_after_them() -> None:
    """``player_levels`` lists ``random``, parlour's levels weakest first, then a user's:
    a level registered at the top of a script, before anything loaded the built-in
    players, came before them (``['random', 'mine', 'basic', 'strong']``), and code
    taking the last level as the strongest took the user's."""
    result = _fresh(
        "import parlour\n"
        "@parlour.ai.register_player('uno', 'mine')\n"
        "class Mine(parlour.ai.RandomPlayer):\n"
        "    '''Mine.'''\n"
        "print(' '.join(parlour.ai.player_levels('uno')))\n"
        "print(' '.join(parlour.ai.player_levels('gate')))\n"
    )
    assert result.returncode == 0, result.stderr
    uno, gate = result.stdout.splitlines()
    assert uno == "random basic strong mine"
    assert gate.split()[0] == "random" and "mine" not in gate
