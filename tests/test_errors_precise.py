"""The precise error classes of the computer players, solvers, deals and the vector
environment: each a ``ParlourError`` (so every ``except`` that caught the bare class still
does), exported from ``parlour``, with a message that says what was wrong and what is
accepted."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import parlour
from parlour import errors
from parlour.ai import deals
from parlour.ai.base import make_player, player_levels
from parlour.ai.calculation.solver import solve_calculation
from parlour.ai.eight_by_eight.solver import solve_eight_by_eight
from parlour.ai.gate.solver import solve_gate
from parlour.ai.solver import Budget

NEW = (
    "NoLegalMoveError",
    "WrongGameError",
    "SolverGaveUpError",
    "GameNotOverError",
    "NoWinningLineError",
    "InvalidViewError",
)


def test_the_new_classes_are_exported_and_parlour_errors() -> None:
    for name in (*NEW, "ResetNeededError"):
        cls = getattr(parlour, name)
        assert cls is getattr(errors, name) and name in parlour.__all__ and name in errors.__all__
        assert issubclass(cls, parlour.ParlourError) and issubclass(cls, ValueError)
        assert cls.__doc__
    assert issubclass(parlour.ResetNeededError, RuntimeError)  # as it was raised before
    assert issubclass(parlour.MoveIndexError, IndexError)  # as it was raised before
    assert "MoveIndexError" in parlour.__all__ and "MoveIndexError" in errors.__all__


@pytest.mark.parametrize("game", sorted(parlour.games()))
def test_every_player_with_no_legal_move_says_so(game: str) -> None:
    g = parlour.new_game(game, seed=3)
    for level in player_levels(game):
        with pytest.raises(parlour.NoLegalMoveError, match="no legal move to choose from: a"):
            make_player(game, level).choose(g.view(g.to_move), [])


def test_a_solver_or_player_given_another_game_names_both() -> None:
    gate = parlour.new_game("gate", seed=1).state
    calculation = parlour.new_game("calculation", seed=1).state
    budget = Budget(nodes=10)
    for solver, state, games in (
        (solve_gate, calculation, ("'calculation'", "'gate'")),
        (solve_calculation, gate, ("'gate'", "'calculation'")),
        (solve_eight_by_eight, gate, ("'gate'", "'eight-by-eight'")),
    ):
        with pytest.raises(parlour.WrongGameError, match="cannot solve") as caught:
            solver(state.copy(), budget)
        assert all(name in str(caught.value) for name in games), caught.value
    other = parlour.new_game("gate", seed=1)
    with pytest.raises(parlour.WrongGameError, match="a view of 'gate': it plays 'uno' only"):
        make_player("uno", "random").choose(other.view(0), other.legal_moves())


def test_deals_that_cannot_be_proved_give_up_precisely(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals, "_proved", lambda *args: False)
    monkeypatch.setattr(deals, "MAX_TRIES", 2)
    with pytest.raises(parlour.SolverGaveUpError, match="in 2 tries: ask again"):
        deals.winnable_seed("gate")
    with pytest.raises(parlour.SolverGaveUpError, match="deal of the day .* for 2001-02-03"):
        deals.deal_of_the_day("gate", dt.date(2001, 2, 3), salt="gave up")


def test_the_verdict_waits_for_the_end() -> None:
    with pytest.raises(parlour.GameNotOverError, match="finish or resign the game first"):
        deals.verdict(parlour.new_game("gate", seed=1))


def test_a_vector_step_before_reset_needs_a_reset() -> None:
    pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[fast]')")
    pytest.importorskip("numba", reason="numba is not installed (pip install 'parlour[fast]')")
    from parlour.envs.uno_vector import UnoVectorEnv

    env = UnoVectorEnv(2)
    with pytest.raises(parlour.ResetNeededError, match=r"call reset\(\)"):
        env.step([0, 0])
    with pytest.raises(RuntimeError):  # an ``except RuntimeError`` still catches it
        env.step([0, 0])


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "words"),
    [
        (
            ("uno", "basic"),
            {"seat": 7},
            "InvalidPlayerError",
            "no seat 7 in uno: a player sits at seats 0 and 1",
        ),
        (
            ("gate", "fair"),
            {"seat": 1},
            "InvalidPlayerError",
            "no seat 1 in gate: a player sits at seat 0 only",
        ),
        (("uno", "basic"), {"seat": -1}, "InvalidPlayerError", "no seat -1 in uno"),
        (
            ("uno", "basic"),
            {"seat": "1"},
            "InvalidPlayerError",
            "a seat is a whole number .*got '1'",
        ),
        (
            ("uno", "basic"),
            {"seat": True},
            "InvalidPlayerError",
            "a seat is a whole number .*got True",
        ),
        (
            ("uno", 3),
            {},
            "InvalidOptionError",
            "a player level is a string, got 3: .* random, basic, strong",
        ),
        (
            ("uno", "Basic"),
            {},
            "InvalidOptionError",
            "unknown player 'Basic' for uno: the players are",
        ),
        (("chess", "basic"), {}, "UnknownGameError", "unknown game 'chess': the games are .*uno"),
        ((3, "basic"), {}, "UnknownGameError", "a game is named by a string, got 3"),
        (("uno", "basic"), {"seed": -1}, "InvalidSeedError", "from 0 up, got -1"),
        (("uno", "basic"), {"seed": 1.5}, "InvalidSeedError", "from 0 up, got 1.5"),
    ],
)
def test_make_player_refuses_what_it_cannot_make(
    args: tuple[object, ...], kwargs: dict[str, object], error: str, words: str
) -> None:
    """``make_player("uno", "basic", seat=7)`` was accepted: each argument is checked,
    and the message quotes it and says what would be accepted."""
    with pytest.raises(getattr(parlour, error), match=words):
        make_player(*args, **kwargs)  # type: ignore[arg-type]
    make_player("uno", "basic", seat=1)  # the last seat is fine


@pytest.mark.parametrize("game", sorted(parlour.games()))
def test_every_player_given_a_string_that_is_no_move_names_it_and_the_game(game: str) -> None:
    """``player.choose(view, ["zz"])`` of The Gate failed with "not enough values to
    unpack": a player is handed the game's legal move strings, and one shared check
    (``Player``'s) refuses anything else for every level, ``explain`` as ``choose``."""
    g = parlour.new_game(game, seed=3)
    title = type(g.state).title
    view, legal = g.view(g.to_move), g.legal_moves()
    for level in player_levels(game):
        player = make_player(game, level)
        for method in (player.choose, player.explain):
            with pytest.raises(parlour.InvalidMoveError, match=f"'zz' is not a move of {title}"):
                method(view, ["zz"])
            with pytest.raises(parlour.InvalidMoveError, match=re.escape(f"such as {legal[0]!r}")):
                method(view, [*legal, "zz"])
            with pytest.raises(parlour.InvalidMoveError, match="a move is a string, got 3"):
                method(view, [3])  # type: ignore[list-item]
        assert player.choose(view, legal) in legal


@pytest.mark.parametrize(("status", "why"), [("unwinnable", "proved"), ("unknown", "gave up")])
def test_a_winning_line_of_a_deal_with_none_says_why(
    monkeypatch: pytest.MonkeyPatch, status: str, why: str
) -> None:
    from parlour.ai.solver import SolveResult
    from parlour.service import open_service

    monkeypatch.setattr(deals, "verdict", lambda game: SolveResult(status, None, 1, 0.0))
    table = open_service(":memory:")
    over = table.resign("me", table.start("me", "gate", seed=4)["id"])
    with pytest.raises(parlour.NoWinningLineError, match=f"no winning line .*{why}"):
        table.winning_line("me", over["id"])


def test_the_tables_refusals_are_precise() -> None:
    """The table service's refusals that were bare ``ParlourError``s."""
    from parlour.games.gate import Gate
    from parlour.games.uno import Uno
    from parlour.service import friends, open_service, policy

    with pytest.raises(parlour.InvalidOptionError, match="unknown opponent 'grandmaster'"):
        policy.check_opponent(Uno, "grandmaster")
    with pytest.raises(parlour.InvalidOptionError, match="one-player game: it takes no opponent"):
        policy.check_opponent(Gate, "strong")
    with pytest.raises(parlour.InvalidOptionError, match="a name has at most"):
        friends.check_name("x" * 500, "Player 1")
    table = open_service(":memory:")
    game = table.start("me", "uno", seed=1)
    with pytest.raises(parlour.InvalidOptionError, match="this is for a game against a friend"):
        table.seat_computer("me", game["id"], "strong")
    with pytest.raises(parlour.InvalidOptionError, match="not out yet"):
        table.start("me", "gate", deal="daily", day=dt.date.today() + dt.timedelta(days=2))


def test_a_game_with_no_encoding_names_those_with_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.ai import encoding

    encoding.encoding_for("gate")  # every game's encoding registered
    monkeypatch.delitem(encoding._ENCODINGS, "uno")
    with pytest.raises(parlour.InvalidOptionError, match="uno declares no encoding .* are calc"):
        encoding.encoding_for("uno")
