"""The simulation runner: reproducibility, statistics, results files, errors."""

from __future__ import annotations

import json
import multiprocessing
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour import sim
from parlour.ai import base, make_player, player_levels
from parlour.ai.hints import best_level
from parlour.sim.backends import MAX_CHUNK, ChunkPlanner, import_ray
from parlour.sim.play import Batch, make_spec, play_batch
from parlour.sim.records import GameRecord

# Small, quick runs of every game. The Gate and 8 x 8 get a low move limit, since a
# random player shuffles cards between piles until the limit stops it.
CASES = [
    ("calculation", "random", {}, False, None),
    ("gate", "random", {}, False, 300),
    ("eight-by-eight", "random", {}, False, 300),
    ("chinese-patience", "random,random", {}, False, None),
    ("uno", "random,random", {}, False, None),
    ("uno", "random,random", {"target": 60}, True, None),
]
IDS = ["calculation", "gate", "eight-by-eight", "chinese-patience", "uno-hands", "uno-matches"]


@pytest.mark.parametrize(("game", "players", "options", "matches", "limit"), CASES, ids=IDS)
def test_one_job_and_four_jobs_give_identical_games(
    game: str, players: str, options: dict[str, int], matches: bool, limit: int | None
) -> None:
    kwargs = dict(options=options, matches=matches, max_moves=limit)
    serial = sim.run(game, players, games=12, seed=40, jobs=1, **kwargs)  # type: ignore[arg-type]
    pooled = sim.run(game, players, games=12, seed=40, jobs=4, **kwargs)  # type: ignore[arg-type]
    assert serial.records == pooled.records
    assert [r.index for r in serial.records] == list(range(12))
    assert [r.seed for r in serial.records] == list(range(40, 52))
    assert serial.summary.games == 12
    assert serial.summary.results == pooled.summary.results


def test_game_i_uses_seed_s_plus_i_whatever_the_run() -> None:
    whole = sim.run("chinese-patience", "random,random", games=6, seed=100, jobs=1)
    alone = sim.run("chinese-patience", "random,random", games=1, seed=104, jobs=1)
    a, b = whole.records[4], alone.records[0]
    assert (a.seed, a.result, a.winner, a.scores, a.moves) == (
        b.seed,
        b.result,
        b.winner,
        b.scores,
        b.moves,
    )


def _session_replay(game: str, levels: list[str], seed: int, **options: object) -> tuple[int, str]:
    """The same game played the slow, public way: sessions, views, move strings."""
    g = parlour.new_game(game, seed=seed, **options)
    players = [make_player(game, level, seed=seed, seat=i) for i, level in enumerate(levels)]
    moves = 0
    while g.outcome is None:
        seat = g.to_move
        g.play(players[seat].choose(g.view(seat), g.legal_moves()))
        moves += 1
    return moves, g.outcome.result


@pytest.mark.parametrize(
    ("game", "levels"),
    [("calculation", ["random"]), ("chinese-patience", ["random", "random"])],
)
def test_the_engine_loop_plays_the_games_a_session_plays(game: str, levels: list[str]) -> None:
    results = sim.run(game, levels, games=5, seed=7, jobs=1)
    for record in results.records:
        assert _session_replay(game, levels, record.seed) == (record.moves, record.result)


@pytest.mark.parametrize(
    ("game", "options"), [("uno", {"target": 60}), ("chinese-patience", {})], ids=["uno", "cp"]
)
def test_players_who_read_the_view_play_the_same_as_in_a_session(
    game: str, options: dict[str, object]
) -> None:
    levels = player_levels(game)
    if len(levels) < 2:
        pytest.skip(f"no {game} player besides random is registered yet")
    pair = [levels[1], "random"]
    matches = game == "uno"
    results = sim.run(game, pair, games=3, seed=11, jobs=1, matches=matches, options=options)
    for record in results.records:
        assert _session_replay(game, pair, record.seed, **options) == (
            record.moves,
            record.result,
        )


def test_uno_hand_records_one_hand_and_its_points() -> None:
    results = sim.run("uno", "random,random", games=8, seed=3, jobs=1)
    assert results.summary.unit == "hand"
    for r in results.records:
        assert r.hands == 1
        assert r.result in ("won", "blocked")
        assert r.scores is not None and len(r.scores) == 2
        if r.result == "won":
            assert r.winner is not None and r.scores[1 - r.winner] == 0


def test_capped_games_are_recorded_and_counted() -> None:
    results = sim.run("eight-by-eight", "random", games=4, seed=0, jobs=1, max_moves=20)
    assert all(r.result == sim.CAPPED and r.moves == 20 for r in results.records)
    assert results.summary.capped == 4
    assert results.summary.seats[0].wins == 0


def test_wilson_interval() -> None:
    low, high = sim.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = sim.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = sim.wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0
    assert sim.wilson(0, 0) == (0.0, 1.0)
    low, high = sim.wilson(500, 1000)
    assert round(low, 3) == 0.469 and round(high, 3) == 0.531
    with pytest.raises(ValueError):
        sim.wilson(3, 2)


def test_summary_counts_and_means() -> None:
    tally = sim.Tally("chinese-patience", ("a", "b"))
    tally.add(GameRecord(0, 0, "won", "x", 0, (10, 0), 100))
    tally.add(GameRecord(1, 1, "won", "x", 1, (0, 4), 50))
    tally.add(GameRecord(2, 2, "draw", "x", None, (0, 0), 30))
    s = tally.summary(elapsed=2.0)
    assert s.games == 3 and s.draws == 1
    assert [seat.wins for seat in s.seats] == [1, 1]
    assert s.seats[0].mean_score == pytest.approx(10 / 3)
    assert s.mean_moves == 60
    assert s.games_per_second == 1.5
    assert json.loads(json.dumps(s.to_dict()))["seats"][1]["player"] == "b"


def test_results_file_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    r1 = sim.run("calculation", "random", games=50, seed=9, jobs=1, out=one)
    sim.run("calculation", "random", games=50, seed=9, jobs=2, out=two, keep_records=False)
    assert one.read_bytes() == two.read_bytes()
    assert sim.read_records(one) == r1.records
    first = json.loads(one.read_text().splitlines()[0])
    assert first["index"] == 0 and first["seed"] == 9 and first["result"] == "lost"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("{not json", "Expecting property name"),
        ("[1, 2]", "a JSON list, not an object"),
        ('{"index": 0}', "no field 'seed'"),
        ('{"index": "x", "seed": 0}', "invalid literal"),
        ('{"index": 0, "seed": 0, "result": "win"}', r"result 'win' is none of a run's \(won, "),
    ],
)
def test_a_records_file_with_a_line_that_is_no_record_is_a_simulation_error(
    tmp_path: Path, line: str, why: str
) -> None:
    """``read_records`` of a file cut off mid-line (a run killed while writing) or of
    another file said JSONDecodeError or KeyError; now which line, and why."""
    path = tmp_path / "run.jsonl"
    sim.run("gate", "random", games=2, jobs=1, out=path)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")
    with pytest.raises(
        sim.SimulationError, match=rf"line 3 of .*run.jsonl' is not a record.*{why}"
    ):
        sim.read_records(path)


def test_a_records_file_that_cannot_be_read_or_written_is_a_storage_error(
    tmp_path: Path,
) -> None:
    """``read_records`` (and ``records_frame``) of a missing file or a folder said
    FileNotFoundError / IsADirectoryError, ``write_jsonl`` to a missing folder too,
    where every other file parlour reads or writes is a ``StorageError`` (a
    ``ValueError``) naming the path and the reason; a file that is not UTF-8 said
    UnicodeDecodeError without naming the file."""
    missing = tmp_path / "nowhere" / "run.jsonl"
    for read in (sim.read_records, sim.records_frame):
        with pytest.raises(
            parlour.StorageError, match=r"^cannot read results file '.*nowhere/run.jsonl': No such"
        ):
            read(missing)
    with pytest.raises(parlour.StorageError, match=r"^cannot read results file '.*': Is a dir"):
        sim.read_records(tmp_path)
    results = sim.run("gate", "random", games=2, jobs=1)
    with pytest.raises(
        parlour.StorageError, match=r"^cannot write results file '.*nowhere/run.jsonl': No such"
    ):
        results.write_jsonl(missing)
    binary = tmp_path / "run.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(
        sim.SimulationError, match=r"^'.*run.bin' is not the records of a run .*not UTF-8 text$"
    ):
        sim.read_records(binary)


def test_chunks_cover_every_game_once() -> None:
    for games in (1, 7, 100, 10_000, 100_000):
        for jobs in (1, 2, 8):
            for per_game in (1e-5, 3e-4, 0.02):
                planner = ChunkPlanner(games, jobs)
                covered: list[int] = []
                for start, stop in planner:
                    covered.extend(range(start, stop))
                    timed = Batch(start, stop, per_game * (stop - start), sim.Tally("x", ()), None)
                    planner.observe(timed)
                assert covered == list(range(games))


def test_chunks_grow_for_fast_games_and_stay_small_for_slow_ones() -> None:
    def sizes(per_game: float) -> list[int]:
        planner = ChunkPlanner(100_000, 2)
        out = []
        for start, stop in planner:
            out.append(stop - start)
            planner.observe(Batch(start, stop, per_game * (stop - start), sim.Tally("x", ()), None))
        return out

    fast, slow = sizes(2e-4), sizes(0.02)
    assert fast[0] == slow[0] == 4  # nothing timed yet
    assert max(fast) == 1250  # a quarter of a second of play
    assert max(slow) == 12
    assert max(sizes(1e-9)) == MAX_CHUNK
    assert fast[-1] == 1 and slow[-1] == 1  # the end is shared out finely


def test_a_batch_tallies_what_its_records_say() -> None:
    spec = make_spec("chinese-patience", "random,random", games=9, seed=3)
    batch = play_batch(spec, 2, 9)
    assert batch.rows is not None and [row[0] for row in batch.rows] == list(range(2, 9))
    by_records = sim.Tally(spec.game, spec.players, spec.unit)
    for row in batch.rows:
        by_records.add(GameRecord(*row))
    assert batch.tally == by_records
    assert play_batch(spec, 2, 9, rows=False).tally == by_records


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_keeps_what_finished(tmp_path: Path, jobs: int) -> None:
    out = tmp_path / "partial.jsonl"
    seen: list[int] = []

    def stop_after_two_chunks(done: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            raise KeyboardInterrupt

    results = sim.run(
        "calculation", "random", games=400, jobs=jobs, out=out, progress=stop_after_two_chunks
    )
    assert results.interrupted and results.summary.interrupted
    assert results.summary.games == sum(seen) < 400
    assert [r.index for r in results.records] == list(range(sum(seen)))
    assert sim.read_records(out) == results.records
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "uno", "players": "random,wizard"}, "unknown player 'wizard' for uno"),
        # the flag is the CLI's: sim.run's own words name only the value
        ({"game": "uno", "players": "random"}, r"uno needs 2 players .*\(for example 'strong,"),
        ({"game": "gate", "players": "random,random"}, "gate needs one player"),
        ({"game": "gate", "games": 0}, "positive whole number, got 0"),
        ({"game": "gate", "games": -5}, "positive whole number, got -5"),
        ({"game": "gate", "seed": -1}, r"a seed must be a whole number from 0 to .*got -1$"),
        # the seed was any whole number: 2**70 was taken, and 2**63 played but its
        # records made no DataFrame (int64) nor could the store keep them
        ({"game": "gate", "seed": 2**70}, r"from 0 to 9223372036854775807 .*got 1180591"),
        ({"game": "gate", "seed": 1.0}, r"got 1.0 \(float\)"),
        (
            {"game": "gate", "games": 10, "seed": 2**63 - 5},
            r"^seed 9223372036854775803 deals 10 games, to seed 9223372036854775812, past "
            r"the largest seed 9223372036854775807 \(2\*\*63 - 1\): give a seed from 0 to "
            r"9223372036854775798$",
        ),
        ({"game": "gate", "max_moves": 0}, "move limit"),
        ({"game": "gate", "matches": True}, "matches apply to uno only"),
        ({"game": "gate", "options": {"bars": 9}}, "option 'bars' of gate"),
        ({"game": "gate", "jobs": 0}, "number of jobs"),
        ({"game": "gate", "backend": "dask"}, "unknown backend 'dask'"),
        ({"game": "gate", "address": "127.0.0.1:6379"}, "ray backend only"),
        ({"game": "gate", "bars": 3}, r"keyword 'bars': game options go in options=\{\.\.\.\}"),
        ({"game": "gate", "job": 2}, r"keyword 'job' \(did you mean jobs\?\): its keywords are"),
        # said: game options go in options={...}, e.g. options={'n': 3}
        ({"game": "gate", "n": 3}, r"keyword 'n', nor has gate an option 'n': its keywords are"),
        ({"game": "chess", "bars": 3}, "unknown game 'chess'"),
        # open(1) wrote the records to standard output; open(2.5) said TypeError
        ({"game": "gate", "out": 1}, r"out is the results file's name .*got 1"),
        ({"game": "gate", "out": 2.5}, r"out is the results file's name .*got 2.5"),
        # said TypeError: 'int' object is not iterable
        ({"game": "gate", "players": 5}, r"players are level names .*got 5"),
        # said TypeError: 'int' object is not callable, once the first games were played
        ({"game": "gate", "progress": 5}, r"progress is a function called with .*got 5$"),
    ],
)
def test_bad_input_is_one_clear_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(parlour.ParlourError, match=message) as info:
        sim.run(**kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(info.value) and isinstance(info.value, ValueError)
    # each of a kind parlour.sim exports (SimulationError and BackendError were only
    # in its private modules), or parlour's own
    kinds = (sim.SimulationError, sim.BackendError, parlour.UnknownGameError)
    assert isinstance(info.value, (*kinds, parlour.InvalidOptionError, parlour.InvalidSeedError))


def test_missing_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(parlour.ParlourError, match=r"pip install 'parlour\[ray\]'"):
        import_ray()
    with pytest.raises(parlour.ParlourError, match=r"parlour\[ray\]"):
        sim.run("gate", games=3, backend="ray")


def test_records_frame_has_one_dtype_per_column(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed (parlour[pandas])")
    patience = sim.run("gate", "random", games=6, seed=0, jobs=1, max_moves=300)
    path = tmp_path / "gate.jsonl"
    patience.write_jsonl(path)
    frame = sim.records_frame(path)
    assert frame.equals(patience.frame())
    dtypes = {name: str(dtype) for name, dtype in frame.dtypes.items()}
    assert dtypes == {
        "index": "int64",
        "seed": "int64",
        "result": "string",
        "reason": "string",
        "winner": "Int64",
        "moves": "int64",
        "hands": "Int64",
        "score_0": "Int64",
    }
    won = frame["result"] == "won"
    assert (frame.loc[won, "winner"] == 0).all() and frame.loc[~won, "winner"].isna().all()
    duel = sim.run("chinese-patience", "random,random", games=4, seed=0, jobs=1).frame()
    assert list(duel.columns[-2:]) == ["score_0", "score_1"]
    assert str(duel["winner"].dtype) == "Int64" and len(duel) == 4
    assert isinstance(frame, pandas.DataFrame)


def test_simulate_progress_rate_is_the_summarys(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich", reason="Rich is not installed (pip install 'parlour[sim]')")
    import re

    from parlour.cli import main

    assert main(["simulate", "calculation", "-n", "40", "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    bar = re.findall(r"([\d,]+) games/s", captured.err)
    table = re.search(r"time: [\d.]+ s, ([\d,.]+) games/s", captured.out)
    assert bar and table, (captured.err, captured.out)
    # the same number, shown to 0 and 1 decimals (Rich's own speed read 511 for 90)
    assert abs(int(bar[-1].replace(",", "")) - float(table.group(1).replace(",", ""))) <= 0.55


@pytest.mark.parametrize("budget", ["300", 300, "1s"])
def test_solve_takes_a_budget_string_or_a_node_count(budget: object) -> None:
    from parlour.ai.solver import solve

    game = parlour.new_game("calculation", seed=6, classic=True)
    result = solve(game, budget)  # type: ignore[arg-type]
    assert result.status in ("solved", "unwinnable", "unknown")
    if budget != "1s":
        assert result.nodes <= 301


@pytest.mark.parametrize("budget", [300.0, 3e2, "3e2", "300.0", "0.3k"])
def test_a_whole_node_count_may_be_written_as_a_float(budget: object) -> None:
    """A float node count was refused ('bad budget 300.0: give a Budget, ...'), as was
    '3e2' ('give a node count (100000, 100k, 2m) ...'): a whole one is 300 nodes."""
    from parlour.ai.solver import as_budget, solve

    assert as_budget(budget).nodes == 300  # type: ignore[arg-type]
    assert type(as_budget(budget).nodes) is int  # type: ignore[arg-type]
    game = parlour.new_game("calculation", seed=6, classic=True)
    assert solve(game, budget).nodes <= 301  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("budget", "why"),
    [
        (2.5, "bad budget 2.5: a node count is a whole number (for seconds give a string"),
        ("2.5", "bad budget '2.5': a node count is a whole number"),
        ("1.0005k", "bad budget '1.0005k': a node count is a whole number"),
        (0.0, "bad budget 0.0: a node count must be more than zero"),
        (-1e5, "bad budget -100000.0: a node count must be more than zero"),
        ("0e5", "bad budget '0e5': it must be more than zero"),
        (float("nan"), "bad budget nan: a node count is a finite number"),
        (float("inf"), "bad budget inf: a node count is a finite number"),
        ("1e9999", "bad budget '1e9999': a node count is at most 1e18"),
        ("1e9999s", "bad budget '1e9999s': a time is a finite number of seconds"),
    ],
)
def test_a_fractional_or_non_positive_node_count_is_refused(budget: object, why: str) -> None:
    from parlour.ai.solver import solve

    with pytest.raises(parlour.InvalidOptionError) as raised:
        solve(parlour.new_game("calculation", seed=6), budget)  # type: ignore[arg-type]
    assert str(raised.value).startswith(why)


def test_a_budgets_own_fields_are_checked_like_the_rest() -> None:
    from parlour.ai.solver import Budget, as_budget

    assert as_budget(Budget(nodes=2000.0)).nodes == 2000  # type: ignore[arg-type]
    for bad, why in [
        (Budget(nodes=2.5), "a node count is a whole number"),  # type: ignore[arg-type]
        (Budget(nodes=0), "a node count must be more than zero"),
        (Budget(seconds=0), "its seconds must be a finite number more than zero"),
        (Budget(nodes="many"), "'many' is not a number"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(parlour.InvalidOptionError, match=why):
            as_budget(bad)


@pytest.mark.parametrize("budget", [1.5, True, -3, "lots", [100]])
def test_solve_rejects_other_budgets_clearly(budget: object) -> None:
    from parlour.ai.solver import solve

    with pytest.raises(parlour.ParlourError, match="bad budget"):
        solve(parlour.new_game("calculation", seed=6), budget)  # type: ignore[arg-type]


class _FirstMove(parlour.ai.Player):
    """Plays the first legal move (a researcher's own player, registered by a test)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return legal[0]


def test_a_player_object_is_refused_and_a_registered_level_is_simulated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``sim.run("uno", [player, "random"])`` failed with AttributeError: 'UnoRandomPlayer'
    object has no attribute 'strip'. It now says that players are named by levels and how
    to register one's own; a class registered as a level plays, and is named by it."""
    with pytest.raises(sim.SimulationError, match=r"players are named by their levels") as info:
        sim.run("uno", [make_player("uno", "basic"), "random"], games=2, jobs=1)  # type: ignore[list-item]
    assert "register_player('uno', 'mine')" in str(info.value)
    player_levels("uno")  # the built-in levels first, as when the registry is loaded
    monkeypatch.setitem(base._PLAYERS["uno"], "first", _FirstMove)
    assert repr(make_player("uno", "first")) == "<_FirstMove level='first'>"
    results = sim.run("uno", "first,random", games=6, seed=3, jobs=1)
    assert results.summary.players == ("first", "random") and len(results.records) == 6
    # registered last, it is not taken for the strongest: hints stay parlour's own
    # (they were "draw: the first player's choice")
    assert player_levels("uno")[-1] == "first" and best_level("uno") == "strong"
    assert "first" not in parlour.ai.hint(parlour.new_game("uno", seed=1)).reason


def test_results_repr_is_one_line_not_every_record() -> None:
    """``results`` at a notebook's prompt printed the dataclass's repr: every one of a
    run's records (10,000 ``GameRecord(...)`` after the README's run)."""
    results = sim.run("gate", "fair", games=30, seed=5, jobs=1)
    shown = repr(results)
    assert "\n" not in shown and "GameRecord" not in shown and len(shown) < 200
    seat = results.summary.seats[0]
    assert shown == (
        f"<SimResults gate: 30 games (seeds 5-34); player 0 (fair) won {seat.wins} "
        f"({seat.win_rate:.1%}, 95% CI {seat.ci_low:.1%}-{seat.ci_high:.1%}); 30 records>"
    )
    one = sim.run("uno", "basic,random", games=1, jobs=1, matches=True, keep_records=False)
    assert repr(one).startswith("<SimResults uno: 1 match (seed 0); player 0 (basic) won ")
    assert repr(one).endswith("; 0 records>")
