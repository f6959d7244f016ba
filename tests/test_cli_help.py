"""``parlour --help`` and each command's help page end with examples, and every
example runs as written: each is taken from the help text itself and run, so that
none can go stale. What would run for long or reach outside is replaced once the
command has accepted its arguments (the web server and the full-screen table do
not start, a demo or a simulation does not play, the solver gets a small budget);
everything up to there is the real command."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour
from cheap_deals import make_deals_cheap
from parlour import cli
from parlour.cli import main

#: Every command, and None for ``parlour`` itself.
COMMANDS = [None, "play", "solve", "load", "rules", "stats", "games", "serve", "tui", "simulate"]


def help_page(command: str | None) -> str:
    """What ``parlour [COMMAND] --help`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
        main([*([command] if command else []), "--help"])
    assert done.value.code == 0
    return out.getvalue()


def examples_of(page: str) -> list[str]:
    """The command lines under "examples:" (up to the first blank line)."""
    assert "\nexamples:\n" in page, page
    block = page.split("\nexamples:\n", 1)[1].split("\n\n", 1)[0]
    return [line.strip() for line in block.splitlines() if line.startswith("  parlour ")]


EXAMPLES = [line for command in COMMANDS for line in examples_of(help_page(command))]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_page_ends_with_two_to_four_examples(command: str | None) -> None:
    """Was: no help page showed a single command line to copy."""
    lines = examples_of(help_page(command))
    assert 2 <= len(lines) <= 4, lines
    if command is not None:
        assert all(line.startswith(f"parlour {command}") for line in lines), lines


class Launched(Exception):
    """A long-running command was asked for with arguments it accepted."""


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Commands run in ``tmp_path`` with nothing long-running, and the save the examples
    name there: a game of The Gate saved at the prompt ('save my-game.json')."""
    monkeypatch.chdir(tmp_path)
    make_deals_cheap(monkeypatch)

    def launched(*args: Any, **kwargs: Any) -> Any:
        raise Launched

    monkeypatch.setattr(cli, "_has_terminal", lambda: True)  # as if at a terminal
    monkeypatch.setattr(cli, "_demo", launched)
    monkeypatch.setattr(cli, "_warm_players", lambda *args: None)
    monkeypatch.setattr(cli, "_check_port_free", lambda host, port: None)
    real_solve = cli.solve
    monkeypatch.setattr(cli, "solve", lambda game, budget: real_solve(game, 300))
    with contextlib.suppress(ImportError):
        import uvicorn

        monkeypatch.setattr(uvicorn, "run", launched)
    with contextlib.suppress(ImportError):
        from parlour.tui import ParlourApp

        monkeypatch.setattr(ParlourApp, "run", launched)
    with contextlib.suppress(ImportError):
        from parlour.sim import command

        monkeypatch.setattr(command, "run_spec", launched)
    game = parlour.new_game("gate", seed=7)
    game.play(game.legal_moves()[0])
    (tmp_path / "my-game.json").write_text(json.dumps(game.to_dict()), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "line", EXAMPLES, ids=[" ".join(shlex.split(line, comments=True)[1:]) for line in EXAMPLES]
)
def test_every_example_runs_as_written(
    quiet: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    line: str,
) -> None:
    argv = shlex.split(line, comments=True)
    assert argv[0] == "parlour"
    needs = {"serve": "uvicorn", "tui": "textual", "simulate": "rich"}.get(argv[1])
    if needs:
        pytest.importorskip(needs)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    try:
        code = main(argv[1:])
    except Launched:
        code = 0
    out, err = capsys.readouterr()
    assert code == 0 and "error" not in err, (line, err)
    assert "Traceback" not in out + err


def test_simulate_help_lists_the_players_of_each_game() -> None:
    """Was: '--players' said "strong,random" and no more: which players a game has
    could only be learnt from an error."""
    page = help_page("simulate")
    flat = " ".join(page.split())
    assert "the players of each game are listed below" in flat
    listed = page.split("\nplayers of each game")[1].split("\n\n")[0]
    from parlour.ai import player_levels

    for name in parlour.games():
        (row,) = [r for r in listed.splitlines() if r.split()[:1] == [name]]
        assert ", ".join(player_levels(name)) in row, row
    assert "  uno                random, basic, strong  (two seats)" in listed


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["gate", "--players", "genius"], "unknown player 'genius' for gate: the players are "),
        (["uno", "--players", "strong,fair"], "unknown player 'fair' for uno: the players are "),
    ],
)
def test_a_bad_player_is_one_line_quoting_it_and_the_games_players(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    from parlour.ai import player_levels

    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"parlour: error: {said}{', '.join(player_levels(argv[0]))}\n"
