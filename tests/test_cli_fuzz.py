"""Hypothesis fuzz of every ``parlour`` subcommand: whatever the argv, the save file
or the typed lines, the command ends with exit code 0 or 2, never a traceback, and
an error is one line on standard error; a line ``parlour play`` refuses leaves the
game exactly as it was.

``main([...])`` runs in process. What would run for long or reach outside is
replaced once it has been asked for with arguments that passed every check: the
web server and the terminal table do not start, simulations and demos do not
play, the solver gets a tiny budget, and a Ray cluster's address is never dialled
(the check answers "refused"). Two subprocess runs at the end check the real
console script.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from cheap_deals import make_deals_cheap
from parlour import cli
from parlour.cli import TerminalTable, main

#: ``PARLOUR_FUZZ_SCALE=20`` runs twenty times the examples (a long hunt, not for CI).
SCALE = int(os.environ.get("PARLOUR_FUZZ_SCALE", "1"))
ROOT = Path(__file__).resolve().parents[1]


def fuzz(examples: int) -> Any:
    """A fuzz test's example count (the profile in tests/conftest.py does the rest:
    derandomized in CI)."""
    return settings(max_examples=examples * SCALE)


class Launched(Exception):
    """A long-running command was asked for with arguments it accepted."""


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Commands run in ``tmp_path``, with nothing long-running or outward-reaching."""
    monkeypatch.chdir(tmp_path)
    make_deals_cheap(monkeypatch)

    def launched(*args: Any, **kwargs: Any) -> Any:
        raise Launched

    import uvicorn

    from parlour.sim import backends, command
    from parlour.tui import ParlourApp

    monkeypatch.setattr(uvicorn, "run", launched)
    monkeypatch.setattr(ParlourApp, "run", launched)
    monkeypatch.setattr(cli, "_has_terminal", lambda: True)  # as if at a terminal
    monkeypatch.setattr(command, "run_spec", launched)
    monkeypatch.setattr(cli, "_demo", launched)
    monkeypatch.setattr(backends, "import_ray", lambda: None)

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(backends.socket, "create_connection", refused)
    real_solve = cli.solve
    monkeypatch.setattr(cli, "solve", lambda game, budget: real_solve(game, 300))
    real_port_check = cli._check_port_free

    def port_check(host: str, port: int) -> None:
        # Only an address literal is tried (a name would be looked up on the network).
        try:
            socket.inet_pton(socket.AF_INET6 if ":" in host else socket.AF_INET, host)
        except (OSError, ValueError):
            raise cli.UsageError(f"cannot listen on {host}:{port}") from None
        real_port_check(host, port)

    monkeypatch.setattr(cli, "_check_port_free", port_check)
    return tmp_path


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``parlour ARGV`` in process, with ``stdin`` piped in: (exit code, out, err)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # --help
                code = exc.code if isinstance(exc.code, int) else 2
            except Launched:
                code = 0
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def assert_clean_exit(argv: list[str], code: int, out: str, err: str) -> None:
    """Exit 0 or 2, no traceback; an error is one line on stderr, or (piped lines
    refused by 'parlour play') the refusals on stdout."""
    assert code in (0, 2), (argv, code, err[-500:])
    assert "Traceback" not in out + err, (argv, (out + err)[-1500:])
    if code == 0:
        assert "error" not in err, (argv, err)
    elif err.strip():
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        assert lines[0].startswith("parlour: error: "), (argv, err)
    else:
        assert "\n! " in "\n" + out, (argv, "exit 2 says why")


# --- argv ----------------------------------------------------------------------------------

ANY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
NUMBERS = st.one_of(
    st.integers(min_value=-3, max_value=70000),
    st.integers(min_value=2**62, max_value=10**30),
    st.integers(max_value=-(10**20)),
).map(str)
GAMES = st.sampled_from(
    ["calculation", "gate", "eight-by-eight", "8x8", "uno", "chinese-patience", "GATE", "chess"]
)
VALUES = st.one_of(
    NUMBERS,
    ANY_TEXT,
    GAMES,
    st.sampled_from(["1.5", "1e3", "0x10", "", " ", "-", "--", "=", "nan", "inf", "10s", "2m"]),
)
OPTIONS = st.one_of(
    st.sampled_from(["classic", "bars=3", "bars=9", "target=200", "uno_call", "first=1"]),
    st.tuples(st.sampled_from(["bars", "target", "first", "classic", ""]), VALUES).map("=".join),
)
OPPONENTS = st.sampled_from(["random", "basic", "greedy", "human", "strong", "genius", ""])
FLAGS: dict[str, list[tuple[str, st.SearchStrategy[str] | None]]] = {
    "play": [
        ("--seed", NUMBERS | VALUES),
        ("--deck", VALUES | st.just("AH 2D")),
        ("--opponent", OPPONENTS),
        ("--colour", st.sampled_from(["auto", "always", "never", "pink"])),
        ("--db", st.sampled_from([":memory:", "games.db", "/", "/proc/x.db", "sub/dir/g.db"])),
        ("--demo", None),
        ("--winnable", None),
        ("--daily", None),
        ("--options", VALUES),
    ],
    "solve": [
        ("--seed", NUMBERS | VALUES),
        ("--deck", VALUES),
        ("--load", st.sampled_from(["save.json", "missing.json", ".", ""])),
        ("--budget", st.sampled_from(["100", "1s", "0", "-1", "2m", "abc", "1e9", ""])),
    ],
    "load": [
        ("--opponent", OPPONENTS),
        ("--db", st.sampled_from([":memory:", "games.db", "/"])),
        ("--colour", st.sampled_from(["never", "x"])),
    ],
    "rules": [],
    "games": [],
    "serve": [
        ("--host", st.sampled_from(["127.0.0.1", "::1", "localhost", "", "999.1.1.1", "x y"])),
        ("--port", st.sampled_from(["0", "1", "65535", "65536", "-1", "http", "8000"])),
        ("--db", st.sampled_from([":memory:", "/", "postgresql://127.0.0.1:1/x"])),
    ],
    "tui": [
        ("--seed", NUMBERS | VALUES),
        ("--opponent", OPPONENTS),
        ("--winnable", None),
        ("--daily", None),
        ("--db", st.sampled_from([":memory:", "games.db", "/"])),
    ],
    "simulate": [
        ("--players", st.sampled_from(["random", "strong,random", "random,random,random", "x"])),
        ("--games", NUMBERS | VALUES),
        ("-n", NUMBERS),
        ("--seed", NUMBERS),
        ("--jobs", NUMBERS),
        ("--backend", st.sampled_from(["process", "serial", "ray", "threads"])),
        ("--address", st.sampled_from(["auto", "127.0.0.1:1", "nohost", "10.1.1.1:6379", ":"])),
        ("--matches", None),
        ("--max-moves", NUMBERS),
        ("--out", st.sampled_from(["out.jsonl", "/", ""])),
    ],
}


@st.composite
def argvs(draw: st.DrawFn, command: str) -> list[str]:
    words: list[str] = [command]
    if command in ("play", "solve", "rules", "tui", "simulate") and draw(st.integers(0, 4)):
        words.append(draw(GAMES))
    if command == "load":
        words.append(draw(st.sampled_from(["save.json", "missing.json", "/", ""])))
    for _ in range(draw(st.integers(0, 4))):
        pick = draw(st.integers(0, 9))
        flags = FLAGS[command]
        if pick < 6 and flags:
            flag, value = draw(st.sampled_from(flags))
            words.append(flag)
            if value is not None and draw(st.integers(0, 7)):
                words.append(draw(value))
        elif pick < 8:
            words.append(draw(OPTIONS))
        else:
            words.append(draw(VALUES | st.sampled_from(["--help", "-h", "--nonsense", "-x"])))
    return words


SAVES_MADE: dict[str, str] = {}


def real_save(name: str, seed: int, moves: int, opponent: str | None = None) -> str:
    """A save of ``name`` after ``moves`` moves, made by the service (sealed deal)."""
    key = f"{name}-{seed}-{moves}-{opponent}"
    if key not in SAVES_MADE:
        from parlour.service import open_service

        service = open_service(":memory:")
        answer = service.start("me", name, seed, {}, opponent)
        for _ in range(moves):
            if answer["end"] is not None or not answer["legal_moves"]:
                break
            answer = service.play("me", answer["id"], answer["legal_moves"][0])
        SAVES_MADE[key] = service.save("me", answer["id"])
    return SAVES_MADE[key]


def plain_save(name: str, seed: int, moves: int) -> str:
    game = parlour.new_game(name, seed=seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        game.play(game.legal_moves()[0])
    return json.dumps(game.to_dict())


def mutated(text: str, data: st.DataObject) -> bytes:
    """A save with one field replaced, dropped or added, or its bytes damaged."""
    save = json.loads(text)
    how = data.draw(st.integers(0, 3), label="how")
    if how == 0:
        field = data.draw(st.sampled_from(sorted(save)), label="field")
        save[field] = data.draw(JSON_VALUES, label="value")
    elif how == 1:
        save.pop(data.draw(st.sampled_from(sorted(save)), label="drop"), None)
    elif how == 2:
        save[data.draw(ANY_TEXT, label="extra")] = data.draw(JSON_VALUES, label="value")
    else:
        raw = bytearray(json.dumps(save).encode())
        at = data.draw(st.integers(0, len(raw) - 1), label="at")
        raw[at] = data.draw(st.integers(0, 255), label="byte")
        return bytes(raw)
    return json.dumps(save, allow_nan=True).encode("utf-8", "surrogatepass")


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | ANY_TEXT
    | st.sampled_from(["gate", "uno", "S W1", "parlour-save", "draw"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def save_files(draw: st.DrawFn) -> bytes:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.binary(max_size=80))
    if kind == 1:
        return json.dumps(draw(JSON_VALUES), allow_nan=True).encode("utf-8", "surrogatepass")
    if kind == 2:
        return draw(st.sampled_from([b"[" * 100_000, b'{"seed": ' + b"9" * 5000 + b"}", b""]))
    name = draw(st.sampled_from(["calculation", "gate", "eight-by-eight", "uno"]))
    moves = draw(st.integers(0, 3))
    if name == "uno":
        text = real_save(name, 5, moves, "random")
    elif kind == 3:
        text = plain_save(name, 5, moves)
    else:
        text = real_save(name, 5, moves)
    if kind == 5:
        return text.encode()
    return mutated(text, draw(st.data()))


@pytest.mark.parametrize("command", sorted(FLAGS))
def test_any_argv_ends_with_0_or_2_and_one_line(quiet: Path, command: str) -> None:
    save = quiet / "save.json"
    save.write_text(real_save("gate", 5, 1))

    @fuzz(12)
    @given(argv=argvs(command))
    def check(argv: list[str]) -> None:
        code, out, err = run(argv, "quit\n")
        assert_clean_exit(argv, code, out, err)

    check()


@fuzz(25)
@given(content=save_files(), command=st.sampled_from(["load", "solve"]))
def test_any_save_file_loads_or_is_refused_in_one_line(
    quiet: Path, content: bytes, command: str
) -> None:
    (quiet / "save.json").write_bytes(content)
    if command == "load":
        argv = ["load", "save.json", "--db", ":memory:"]
    else:
        argv = ["solve", "--load", "save.json", "--budget", "200"]
    code, out, err = run(argv, "moves\nquit\n")
    assert_clean_exit(argv, code, out, err)


def test_a_sealed_save_loads_where_it_was_made(quiet: Path) -> None:
    """The fuzz's saves are sealed for their own store: one made through the command
    line loads back through it (the fuzz does reach the game)."""
    code, _, err = run(["play", "gate", "--seed", "5", "--db", "g.db"], "save s.json\nquit\n")
    assert code == 0, err
    code, out, err = run(["load", "s.json", "--db", "g.db"], "quit\n")
    assert code == 0 and "The Gate" in out, err


# --- lines typed at 'parlour play' ---------------------------------------------------------

#: Stands for the first legal move of the moment (so that games also move on).
LEGAL = "<a legal move>"
LINES = st.one_of(
    st.sampled_from(
        [
            "undo",
            "redo",
            "hint",
            "moves",
            "show",
            "help",
            "resign",
            "save",
            "save s.json",
            "save /",
            "N",
            "S",
            "Q",
            "y",
            "1",
            "7",
            "0",
            "99999999999999999999",
            "R",
            "W4",
            "W",
            "draw",
            "pass",
            "twist",
            "uno",
            "1 uno",
            "S W1",
            "S F1",
            "W1 F",
            "B4 F",
            "T1 F",
            "UNDO",
            "undo now",
            "?",
            LEGAL,
            LEGAL,
            LEGAL,
        ]
    ),
    ANY_TEXT.map(lambda s: s.replace("\n", " ").replace("\r", " ")),
)


class WatchedTable(TerminalTable):
    """The play loop, checking before each line read that a refused line changed
    nothing in the store."""

    checked = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        inner = self.read_line
        self._before: tuple[int, str, Any] | None = None

        def read(prompt: str) -> str | None:
            state = self._state()
            if self._before is not None:
                rejected, game_id, earlier = self._before
                if self.rejected > rejected and game_id == self.game_id:
                    assert state == earlier, "a refused line changed the game"
                    WatchedTable.checked += 1
            self._before = (self.rejected, self.game_id, state)
            line = inner(prompt)
            if line == LEGAL:
                legal = self.answer["legal_moves"]
                return legal[len(legal) // 2] if legal else "no legal move"
            return line

        self.read_line = read

    def _state(self) -> Any:
        record = self.service.store.get(self.game_id)
        assert record is not None
        return (record.moves, record.future, record.finished, record.outcome, record.version)


GAME_STARTS = st.sampled_from(
    [
        ["play", "calculation", "--seed", "3"],
        ["play", "gate", "--seed", "4", "bars=3"],
        ["play", "eight-by-eight", "--seed", "5"],
        ["play", "uno", "--seed", "6", "--opponent", "random"],
        ["play", "uno", "--seed", "2", "--opponent", "human"],
        ["play", "chinese-patience", "--seed", "7", "--opponent", "random"],
        ["play", "chinese-patience", "--seed", "8", "--opponent", "human", "first=1"],
    ]
)


@fuzz(30)
@given(start=GAME_STARTS, lines=st.lists(LINES, max_size=16))
def test_any_typed_lines_play_or_are_refused_and_change_nothing(
    quiet: Path, monkeypatch: pytest.MonkeyPatch, start: list[str], lines: list[str]
) -> None:
    monkeypatch.setattr(cli, "TerminalTable", WatchedTable)
    argv = [*start, "--db", "games.db"]
    code, out, err = run(argv, "\n".join(lines) + "\n")
    assert_clean_exit(argv, code, out, err)


def test_the_watch_sees_refused_lines(quiet: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "TerminalTable", WatchedTable)
    before = WatchedTable.checked
    code, out, _ = run(["play", "gate", "--seed", "4"], "xyzzy\nredo\nundo\nquit\n")
    assert code == 2 and out.count("\n! ") == 3
    assert WatchedTable.checked == before + 3


# --- the real console script ---------------------------------------------------------------


def _script(args: list[str], stdin: bytes, tmp: Path) -> subprocess.CompletedProcess[bytes]:
    """The installed ``parlour`` console script (``python -m parlour`` without one),
    reading this checkout's source."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), XDG_DATA_HOME=str(tmp))
    script = shutil.which("parlour")
    command = [script] if script else [sys.executable, "-m", "parlour"]
    return subprocess.run(
        [*command, *args],
        input=stdin,
        capture_output=True,
        cwd=tmp,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_console_script_refuses_a_binary_save_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "junk.json").write_bytes(bytes(range(256)))
    done = _script(["load", "junk.json"], b"", tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().count("\n") == 1 and b"Traceback" not in done.stderr
    assert done.stderr.startswith(
        b"parlour: error: cannot load save file 'junk.json': not a parlour save"
    )


def test_the_console_script_plays_junk_lines_to_the_end(tmp_path: Path) -> None:
    junk = "\n".join(["\x00\x01", "é" * 300, "undo", "-1", "save /", "resign", "Q"]).encode()
    done = _script(["play", "gate", "--seed", "9"], junk + b"\xff\xfe\n", tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == b"" and b"Traceback" not in done.stdout
    assert b"Game over." in done.stdout
