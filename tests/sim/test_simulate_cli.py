"""``parlour simulate``: the table, the results file, and one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from parlour.cli import main

pytest.importorskip("rich", reason="Rich is not installed (pip install 'parlour[sim]')")


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["simulate", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_simulate_prints_win_rates_with_intervals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "cp.jsonl"
    code, out, err = simulate(
        capsys,
        "chinese-patience",
        "--players",
        "random,random",
        "--games",
        "30",
        "--seed",
        "5",
        "--jobs",
        "2",
        "--out",
        str(out_file),
    )
    assert code == 0, err
    assert "chinese-patience: 30 games (seeds 5-34), random vs random" in out
    assert "95% CI (Wilson)" in out and "mean score" in out and "mean length" in out
    assert "30/30" in err  # the progress bar, on standard error
    lines = out_file.read_text().splitlines()
    assert len(lines) == 30 and json.loads(lines[0])["seed"] == 5


def test_patience_table_shows_the_player_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "gate", "bars=3", "-n", "5", "--jobs", "1", "--max-moves", "50")
    assert code == 0
    assert "gate: 5 games (seeds 0-4), random" in out
    assert "capped" in out


def test_uno_hands_and_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "uno", "-n", "4", "--jobs", "1")
    assert code == 0 and "uno: 4 hands" in out
    code, out, _ = simulate(capsys, "uno", "target=50", "--matches", "-n", "3", "--jobs", "1")
    assert code == 0 and "uno: 3 matches" in out and "hands" in out


def test_the_table_and_the_records_name_each_seat_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Was: the table called the seats "Player 1" and "Player 2" while the records of
    --out said "player 1 went out" (and ``winner`` 1) for the seat the table called
    Player 2. Now the table writes a seat as the records, their reasons and the engine
    do: "player 0" is winner 0, the first of --players."""
    out_file = tmp_path / "uno.jsonl"
    argv = ["uno", "--players", "basic,random", "-n", "6", "--jobs", "1", "--out", str(out_file)]
    code, out, _ = simulate(capsys, *argv)
    assert code == 0
    rows = [line for line in out.splitlines() if "basic" in line or "random" in line][1:]
    assert [row.split("│")[1].strip() for row in rows] == ["player 0", "player 1"]
    assert "basic" in rows[0] and "random" in rows[1], rows
    wins = [int(row.split("│")[3].strip()) for row in rows]
    # the second column names the computer player, not a second "player" beside the seat
    header = next(line for line in out.splitlines() if "seat" in line)
    assert "computer player" in header, header
    records = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert {r["winner"] for r in records} == {0, 1}  # seeds 0-5: each seat wins one
    for record in records:
        assert record["reason"] == f"player {record['winner']} went out", record
    assert wins == [sum(r["winner"] == seat for r in records) for seat in (0, 1)]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess"], "unknown game 'chess'"),
        (["uno", "--players", "random,nobody"], "unknown player 'nobody' for uno"),
        (["uno", "--games", "0"], "'0' is not a number of games: give a whole number from 1 up"),
        (["uno", "--games", "many"], "'many' is not a number of games"),
        (["gate", "--jobs", "0"], "'0' is not a number of workers: give a whole number from 1 up"),
        (["gate", "--backend", "spark"], "'spark' is not a choice of --backend: choose process"),
        (["gate", "--matches"], "matches apply to uno only"),
        (["gate", "--address", "127.0.0.1:1"], "ray backend only"),
        (["gate", "--worker-timeout", "0"], "'0' is not a number of seconds: give a whole"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = simulate(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_missing_rich_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich.console", None)
    code, _, err = simulate(capsys, "gate", "-n", "2")
    assert code == 2 and "pip install 'parlour[sim]'" in err


def test_unreachable_ray_address_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'parlour[ray]')")
    code, _, err = simulate(
        capsys, "gate", "-n", "2", "--backend", "ray", "--address", "127.0.0.1:1"
    )
    assert code == 2
    assert "cannot reach a Ray cluster at '127.0.0.1:1'" in err and "ray start --head" in err
    assert err.count("\n") == 1


def test_interrupted_run_prints_the_partial_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from parlour.sim import runner

    real = runner.write_records
    calls = []

    def interrupt_on_second_chunk(stream, records):  # type: ignore[no-untyped-def]
        calls.append(len(records))
        real(stream, records)
        if len(calls) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(runner, "write_records", interrupt_on_second_chunk)
    out_file = tmp_path / "part.jsonl"
    code, out, err = simulate(
        capsys, "calculation", "-n", "500", "--jobs", "2", "--out", str(out_file)
    )
    assert code == 130
    done = sum(calls)
    assert f"interrupted: {done} of 500 games finished" in err
    assert "partial results" in out and f"calculation: {done} games" in out
    assert len(out_file.read_text().splitlines()) == done


@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_unwritable_out_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    where: str,
) -> None:
    """The path is checked before the progress bar is drawn and before a game is played:
    the error is the only line (it used to follow the bar's '0/200')."""
    from parlour.sim import backends

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played before the results file was checked")

    monkeypatch.setattr(backends, "play_batch", no_games)
    out = tmp_path / "nonexistent" / "x.jsonl" if where == "missing folder" else tmp_path
    code, stdout, err = simulate(capsys, "gate", "-n", "200", "--jobs", "1", "--out", str(out))
    assert code == 2
    assert err == f"parlour: error: cannot write results file {str(out)!r}: " + (
        "No such file or directory\n" if where == "missing folder" else "Is a directory\n"
    )
    assert stdout == ""


def test_checking_out_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    from parlour.sim.runner import check_out

    kept = tmp_path / "kept.jsonl"
    kept.write_text("earlier\n")
    check_out(kept)
    assert kept.read_text() == "earlier\n"
    check_out(tmp_path / "new.jsonl")
    assert not (tmp_path / "new.jsonl").exists()
