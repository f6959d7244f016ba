"""``parlour serve``: where the database goes by default, and bad arguments."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour import cli


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_default_database_is_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli.default_db() == str(tmp_path / "parlour" / "parlour.db")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli.default_db() == str(tmp_path / ".local" / "share" / "parlour" / "parlour.db")


def test_bad_port_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--port", "70000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'70000' is not a port number: give a whole number from 1 to 65535" in err


def test_unopenable_database_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    # on a free port: the default 8000 may be taken by a server someone is running
    args = ["serve", "--port", str(_free_port()), "--db", str(blocker / "sub" / "x.db")]
    assert cli.main(args) == 2
    assert "cannot create the folder for the database" in capsys.readouterr().err


def test_serve_runs_uvicorn_on_the_given_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    db = tmp_path / "games.db"
    assert cli.main(["serve", "--host", "127.0.0.2", "--port", "8123", "--db", str(db)]) == 0
    assert seen["host"] == "127.0.0.2" and seen["port"] == 8123
    assert db.exists()


def test_a_taken_port_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--port", str(port), "--db", ":memory:"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err


def test_serve_loads_the_compiled_players_before_it_shows_its_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the first start after an install compiles them (up to a minute): said, not hung
    import uvicorn

    from parlour.ai import warming

    calls: list[str] = []
    monkeypatch.setattr(warming, "compiled", lambda: True)
    monkeypatch.setattr(warming, "warm", lambda: calls.append("warm") or {})
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append("run"))
    port = _free_port()
    assert cli.main(["serve", "--port", str(port), "--db", str(tmp_path / "games.db")]) == 0
    assert calls == ["warm", "run"]
    err = capsys.readouterr().err
    assert err.index("loading the computer players") < err.index(f"open http://127.0.0.1:{port}")


def test_the_web_extra_installs_the_compiled_players() -> None:
    # without numba a Calculation hint takes seconds (plain Python play-outs)
    import tomllib

    root = Path(__file__).resolve().parents[2]
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert "parlour[fast]" in extras["web"]
    assert any(dep.startswith("numba") for dep in extras["fast"])
