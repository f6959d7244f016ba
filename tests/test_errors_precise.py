"""The precise error classes of the computer players, solvers, deals and the vector
environment: each a ``ParlourError`` (so every ``except`` that caught the bare class still
does), exported from ``parlour``, with a message that says what was wrong and what is
accepted."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import sys
from pathlib import Path

import pytest

import parlour
from parlour import errors
from parlour.ai import base, deals
from parlour.ai.base import make_player, player_levels
from parlour.ai.calculation.solver import solve_calculation
from parlour.ai.eight_by_eight.solver import solve_eight_by_eight
from parlour.ai.gate.solver import solve_gate
from parlour.ai.solver import Budget
from parlour.cards import parse_card
from parlour.cli import main
from parlour.core.registry import game_class

NEW = (
    "NoLegalMoveError",
    "WrongGameError",
    "SolverGaveUpError",
    "GameNotOverError",
    "NoWinningLineError",
    "InvalidViewError",
    "MissingExtraError",
    "StorageError",
    "InvalidMessageError",
    "InvalidDayError",
)


def test_the_new_classes_are_exported_and_parlour_errors() -> None:
    for name in (*NEW, "ResetNeededError"):
        cls = getattr(parlour, name)
        assert cls is getattr(errors, name) and name in parlour.__all__ and name in errors.__all__
        assert issubclass(cls, parlour.ParlourError) and issubclass(cls, ValueError)
        assert cls.__doc__
    assert issubclass(parlour.ResetNeededError, RuntimeError)  # as it was raised before
    assert issubclass(parlour.MoveIndexError, IndexError)  # as it was raised before
    assert issubclass(parlour.MissingExtraError, ImportError)  # as it was raised before
    assert parlour.envs.MissingExtraError is parlour.MissingExtraError  # where it was
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


@pytest.mark.parametrize("game", sorted(parlour.games()))
def test_every_player_handed_another_games_view_names_both_games(game: str) -> None:
    """A Gate player handed an UNO view (with UNO's legal moves) said ``KeyError:
    'piles'``, and Gate's ``random`` played ``G4``; only UNO's players checked the view.
    Every level made by ``make_player`` now refuses it, naming both games."""
    other = parlour.new_game("gate" if game == "uno" else "uno", seed=2)
    name = other.name
    said = rf"^a player of '{game}' was given a view of '{name}': it plays '{game}' only$"
    for level in player_levels(game):
        player = make_player(game, level)
        for ask in (player.choose, player.explain):
            with pytest.raises(parlour.WrongGameError, match=said):
                ask(other.view(0), other.legal_moves())


def test_a_player_registered_under_any_spelling_of_its_game_is_offered() -> None:
    """``register_player("Uno", ...)`` or ``("8x8", ...)`` (spellings ``new_game``
    takes) kept the level apart, never offered; ``("unoo", ...)`` and a level ``""``, ``5``
    or ``"a,b"`` were taken without a word."""
    player_levels("uno")  # the built-in players registered first
    registered = dict(base._PLAYERS["uno"]), dict(base._PLAYERS["eight-by-eight"])
    try:
        for game, level in (("Uno", "spelt-level"), ("8x8", "spelt-level")):
            parlour.ai.register_player(game, level)(base.RandomPlayer)
            assert "spelt-level" in player_levels(game)
            assert make_player(game, "spelt-level").game_name == game_class(game).name
    finally:
        base._PLAYERS["uno"], base._PLAYERS["eight-by-eight"] = registered
    with pytest.raises(parlour.UnknownGameError, match=r"unknown game 'unoo' \(did you mean uno"):
        parlour.ai.register_player("unoo", "mine")
    for level in ("", 5, " mine", "mine,strong"):
        with pytest.raises(
            parlour.InvalidOptionError,
            match=rf"^a player level is a name .*got {re.escape(repr(level))}: the players of "
            "uno are random, basic, strong",
        ):
            parlour.ai.register_player("uno", level)  # type: ignore[arg-type]


class _Mine(parlour.ai.Player):
    """A user's player (its module is not parlour's)."""

    def choose(self, view: object, legal: list[str]) -> str:  # type: ignore[override]
        return legal[0]


@pytest.mark.parametrize(
    ("game", "level"), [("uno", "strong"), ("uno", "random"), ("gate", "fair")]
)
def test_a_built_in_level_is_replaced_only_when_asked(game: str, level: str) -> None:
    """``@register_player("uno", "strong")`` on one's own class silently replaced the
    ``strong`` of simulations and environments' opponents: refused, naming the levels and
    ``replace=True``, which does it."""
    player_levels(game)  # the built-in players registered first
    registered = dict(base._PLAYERS.get(game, {}))
    built_in = type(make_player(game, level))
    try:
        with pytest.raises(
            parlour.InvalidOptionError,
            match=rf"^'{level}' is one of parlour's own levels for {game} \(random, .*\): "
            rf"registering _Mine under it would replace it .*a name of its own \(such as "
            rf"'mine'\), or register_player\('{game}', '{level}', replace=True\) to replace it$",
        ):
            parlour.ai.register_player(game, level)(_Mine)
        assert type(make_player(game, level)) is built_in  # unchanged
        parlour.ai.register_player(game, "mine")(_Mine)
        parlour.ai.register_player(game, "mine")(_Mine)  # one's own, again: a cell run twice
        parlour.ai.register_player(game, level, replace=True)(_Mine)
        assert type(make_player(game, level)) is _Mine
    finally:
        base._PLAYERS[game] = registered


def test_a_hint_or_solve_given_no_game_says_what_it_takes() -> None:
    """``hint(game.state)`` said AttributeError: 'Gate' object has no attribute
    'past_turns', ``solve("gate")`` AttributeError: 'str' object has no attribute
    'outcome', and ``hint(game, "x")`` or ``hint(game, -1)`` were taken."""
    game = parlour.new_game("gate", seed=1)
    with pytest.raises(parlour.WrongGameError, match=r"got a Gate engine state .*not game\.state"):
        parlour.ai.hint(game.state)  # type: ignore[arg-type]
    for wrong in ("gate", None):
        with pytest.raises(parlour.WrongGameError, match=rf"^hint takes a game .*got {wrong!r}$"):
            parlour.ai.hint(wrong)  # type: ignore[arg-type]
        with pytest.raises(parlour.WrongGameError, match=rf"^solve takes a game .*got {wrong!r}$"):
            parlour.ai.solver.solve(wrong, "1s")  # type: ignore[arg-type]
    for seconds in (-1, "x", float("nan"), float("inf"), True):
        with pytest.raises(parlour.InvalidOptionError, match=r"seconds to think .* from 0 up"):
            parlour.ai.hint(game, seconds)  # type: ignore[arg-type]
    assert parlour.ai.hint(game, 2).move == parlour.ai.hint(game, 0).move
    assert parlour.ai.solver.solve(game.state, "1s").status == "solved"


@pytest.mark.parametrize("game", sorted(parlour.games()))
def test_a_player_handed_no_view_or_no_list_of_moves_says_so(game: str) -> None:
    """``player.choose(None, legal)`` said AttributeError: 'NoneType' object has no
    attribute 'get', and ``choose(view, None)`` TypeError: 'NoneType' object is not
    iterable; a single string was read as a list of one-letter moves."""
    g = parlour.new_game(game, seed=3)
    view, legal = g.view(g.to_move), g.legal_moves()
    for level in player_levels(game):
        player = make_player(game, level)
        for wrong_view in (None, 5, "view", [view]):
            with pytest.raises(parlour.InvalidViewError, match="handed a view, the dict"):
                player.choose(wrong_view, legal)  # type: ignore[arg-type]
        for wrong_legal in (None, 5, legal[0]):
            with pytest.raises(parlour.InvalidMoveError, match="among a list of move strings"):
                player.choose(view, wrong_legal)  # type: ignore[arg-type]
        assert player.choose(view, legal) in legal


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_a_player_handed_the_view_of_the_seat_not_to_move_says_so(game: str) -> None:
    """``make_player(...).choose(g.view(1), g.legal_moves())`` on player 0's turn chose
    a move for player 0 from player 1's cards, silently."""
    g = parlour.new_game(game, seed=3)
    other = 1 - g.to_move
    for level in player_levels(game):
        player = make_player(game, level, seat=other)
        with pytest.raises(parlour.InvalidViewError, match=f"given player {other}'s view, but"):
            player.choose(g.view(other), g.legal_moves())


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
        (("uno", "basic"), {"seed": -1}, "InvalidSeedError", r"to 9223372036854775807 .*got -1"),
        (("uno", "basic"), {"seed": 1.5}, "InvalidSeedError", r"\(2\*\*63 - 1\), got 1.5"),
        (("uno", "basic"), {"seed": 2**63}, "InvalidSeedError", "got 9223372036854775808"),
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


def test_a_missing_optional_package_names_its_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pandas, Rich and psycopg were bare ``ParlourError``s: each is a
    ``MissingExtraError`` (an ``ImportError`` too) whose message says what to install."""
    from parlour import sim
    from parlour.cli import main
    from parlour.service import open_service

    for module in ("pandas", "rich.console", "psycopg"):
        monkeypatch.setitem(sys.modules, module, None)  # importing it fails
    with pytest.raises(parlour.MissingExtraError, match=re.escape("pip install 'parlour[pandas]'")):
        sim.records_frame([])
    with pytest.raises(ImportError, match="records_frame needs pandas"):
        sim.records_frame([])
    with pytest.raises(parlour.MissingExtraError, match="PostgreSQL needs the psycopg package"):
        open_service("postgresql://nobody@127.0.0.1:1/parlour")
    assert main(["simulate", "gate", "-n", "1", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "parlour: error: parlour simulate draws its progress bar and table with Rich: "
        "pip install 'parlour[sim]'\n"
    )


def test_a_store_that_cannot_be_opened_is_a_storage_error(tmp_path: Path) -> None:
    """The store's refusals name the path and the system's reason."""
    from parlour.service import open_service

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    under = str(blocker / "sub" / "x.db")
    with pytest.raises(
        parlour.StorageError, match="cannot create the folder for the database"
    ) as e:
        open_service(under)
    assert repr(under) in str(e.value)
    with pytest.raises(parlour.StorageError, match="cannot open the database") as e:
        open_service(str(tmp_path))  # a folder, not a database file
    assert repr(str(tmp_path)) in str(e.value)


def test_a_postgres_server_that_refuses_is_a_storage_error() -> None:
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install -e '.[web]')")
    from parlour.service import open_service

    url = "postgresql://nobody@127.0.0.1:1/parlour?connect_timeout=5"
    with pytest.raises(parlour.StorageError, match="cannot open the PostgreSQL database"):
        open_service(url)


def test_a_file_the_cli_cannot_read_or_sim_cannot_write_is_a_storage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from parlour import sim

    missing = str(tmp_path / "missing.json")
    assert main(["load", missing]) == 2
    err = capsys.readouterr().err
    assert err == f"parlour: error: cannot read save file {missing!r}: No such file or directory\n"
    out = tmp_path / "nonexistent" / "x.jsonl"
    with pytest.raises(parlour.StorageError, match="cannot write results file") as e:
        sim.run("gate", games=1, jobs=1, out=out)
    assert repr(str(out)) in str(e.value)


#: Live messages of the wrong shape, and the start of what the server says of each.
BAD_MESSAGES = [
    ({"bytes": b"\x00"}, "messages are JSON text, not binary"),
    ({"text": "x" * 5000}, "a message has at most 2048 characters, got 5000"),
    ({"text": "{nope"}, "a message is a JSON object, e.g."),
    ({"text": "[1, 2]"}, "a message is a JSON object with a 'type'"),
    ({"text": '{"type": "teleport"}'}, "unknown message type 'teleport': the types are"),
    ({"text": '{"type": "move", "id": {"a": 1}}'}, "'id' is a number or a short text"),
    ({"text": '{"type": "move", "move": "X5", "seat": 1}'}, "a move message takes no seat"),
]


@pytest.mark.parametrize(("raw", "words"), BAD_MESSAGES)
def test_a_malformed_live_message_is_an_invalid_message(raw: dict[str, object], words: str) -> None:
    pytest.importorskip("fastapi", reason="the web app needs the 'web' extra")
    from parlour.web.live import read_message

    with pytest.raises(parlour.InvalidMessageError, match=re.escape(words)):
        read_message(raw)


def test_a_live_message_with_a_field_of_the_wrong_form_is_refused_over_the_line() -> None:
    """Over the real WebSocket route, the checks of a command's own fields (made as it
    runs, past ``read_message``): the reply is the error, and the line stays open."""
    pytest.importorskip("fastapi", reason="the web app needs the 'web' extra")
    pytest.importorskip("httpx", reason="the API tests need httpx")
    from fastapi.testclient import TestClient

    from parlour.web import create_app

    app = create_app(":memory:", secret="test-secret")
    with TestClient(app) as ann, TestClient(app) as bob:
        made = ann.post("/api/games", json={"game": "uno", "opponent": "friend", "name": "Ann"})
        gid, token = made.json()["id"], made.json()["live"]["invite"]
        joined = bob.post(f"/api/games/{gid}/join", json={"token": token, "name": "Bob"})
        assert joined.status_code == 200, joined.text
        with ann.websocket_connect(f"/api/games/{gid}/live") as ws:
            assert ws.receive_json()["cause"] == "state"
            for body, words in (
                ({"type": "pause", "on": "yes", "id": 1}, "'on' is true or false, got 'yes'"),
                ({"type": "move", "move": "", "id": 2}, "'move' is text of 1 to 200 characters"),
                ({"type": "move", "id": 3}, "'move' is text of 1 to 200 characters, got None"),
            ):
                ws.send_text(json.dumps(body))
                reply = ws.receive_json()
                while reply.get("id") != body["id"]:  # news of the table, met on the way
                    reply = ws.receive_json()
                assert reply["type"] == "error" and reply["error"].startswith(words), reply
            ws.send_text(json.dumps({"type": "ping", "id": 4}))
            while (reply := ws.receive_json()).get("id") != 4:
                pass
            assert reply["type"] == "pong"


def test_a_day_that_is_no_date_is_an_invalid_day() -> None:
    """``day`` of ``POST /api/games`` (the only day a person types): the body's model
    checks its shape (``YYYY-MM-DD``); a day of that shape that is no date
    (``2026-02-30``) is an ``InvalidDayError``, answered 400 with its message (a handler
    of that class alone, added here, sees it on its way to the app's own)."""
    pytest.importorskip("fastapi", reason="the web app needs the 'web' extra")
    pytest.importorskip("httpx", reason="the API tests need httpx")
    from fastapi.testclient import TestClient
    from starlette.requests import Request
    from starlette.responses import Response

    from parlour.web import create_app

    app = create_app(":memory:", secret="test-secret")
    answer = app.exception_handlers[parlour.ParlourError]
    seen: list[type[Exception]] = []

    async def spy(request: Request, exc: Exception) -> Response:
        seen.append(type(exc))
        return await answer(request, exc)

    app.add_exception_handler(parlour.InvalidDayError, spy)
    with TestClient(app) as client:
        body = {"game": "gate", "deal": "daily", "day": "2026-02-30"}
        refused = client.post("/api/games", json=body)
        yesterday = (dt.date.today() - dt.timedelta(days=1)).isoformat()
        made = client.post("/api/games", json={**body, "day": yesterday})
    assert made.status_code == 201 and made.json()["day"] == yesterday
    assert seen == [parlour.InvalidDayError]
    assert refused.status_code == 400
    assert refused.json()["error"] == "day '2026-02-30' is not a date: write it as YYYY-MM-DD"


#: Input typed at length, every way a parser reads it: whole, as a pile, as a count,
#: as a colour.
LONG_INPUTS = ("x" * 10_000, "S " + "W" * 10_000, "T1 " + "9" * 10_000, "W:" + "z" * 10_000)


@pytest.mark.parametrize("game", sorted(parlour.games()))
def test_a_long_move_is_quoted_by_its_start_not_whole(game: str) -> None:
    """Was: a 100 KB move answered with a 100 KB message (every parser quoted the
    input whole). Each quote of a person's input is now cut at 40 characters with
    "…" (``errors.quoted``), in every game's parser and the protocol's."""
    for text in LONG_INPUTS:
        with pytest.raises(parlour.ParlourError) as caught:
            parlour.new_game(game, seed=1).play(text)
        message = str(caught.value)
        assert message.startswith(repr(text[:39] + "…")), message[:80]
        assert len(message) < 600 and not re.search(r"([xWz9])\1{40}", message)


def test_long_cards_options_and_deal_numbers_are_quoted_by_their_start() -> None:
    long = "9" * 10_000
    refusals = (
        lambda: parse_card(long),
        lambda: parlour.new_game("calculation", seed=long),  # type: ignore[arg-type]
        lambda: parlour.new_game("gate", options={"bars": long}),
        lambda: parlour.new_game("gate", options={long: 3}),
        lambda: parlour.new_game("gate", deck=long),
        lambda: parlour.new_game(long),
    )
    for refused in refusals:
        with pytest.raises(parlour.ParlourError) as caught:
            refused()
        message = str(caught.value)
        assert "9" * 39 + "…" in message and len(message) < 300, message[:300]


def test_parlour_play_quotes_a_long_line_by_its_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``parlour play gate`` given a 10,000-character line answered with a line as long."""
    from parlour.cli import main

    line = "xyz" * 3_400
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\nquit\n"))
    main(["play", "gate", "--seed", "1", "--db", ":memory:"])
    refusals = [out for out in capsys.readouterr().out.splitlines() if out.startswith("! ")]
    assert refusals and all(len(out) < 300 for out in refusals), refusals
    assert refusals[0].removeprefix("! ").lstrip("'“").startswith(line[:30])
