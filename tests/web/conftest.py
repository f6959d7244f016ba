"""Fixtures for the web app: API clients, a real PostgreSQL server, a live server
and headless Chromium.

What these need beyond the ``web`` extra (Debian's ``postgresql`` and
``chromium`` packages) is installed here with apt-get when it is missing and
we can (root, apt-get present); where that is impossible the tests that need it
skip with a message saying why.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web app needs the 'web' extra (pip install -e '.[web]')")
pytest.importorskip("httpx", reason="the API tests need httpx (pip install -e '.[test]')")

from fastapi.testclient import TestClient  # noqa: E402
from tabletools import Table  # noqa: E402

from parlour.web import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "parlour.db")


@pytest.fixture
def make_client() -> Iterator[Callable[..., TestClient]]:
    """Clients over an app (each call: a new browser; pass ``db`` to share a database)."""
    clients: list[TestClient] = []

    def make(db: str = ":memory:", app: Any = None) -> TestClient:
        client = TestClient(app if app is not None else create_app(db, secret="test-secret"))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()


# --- installing what the tests need ----------------------------------------------


def _apt_install(package: str) -> str | None:
    """Install a Debian package; None on success, else why it could not be done."""
    if shutil.which("apt-get") is None:
        return "apt-get is not available"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return "installing needs root"
    # the suite runs in several processes (pytest-xdist): one apt-get at a time
    with open(os.path.join(tempfile.gettempdir(), "parlour-apt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _apt_install_locked(package)


def _apt_install_locked(package: str) -> str | None:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    command = ["apt-get", "install", "-y", "-q", "--no-install-recommends", package]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, check=False)
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return f"apt-get install {package} failed: {done.stderr.strip()[-300:]}"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- PostgreSQL ---------------------------------------------------------------------


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return str(Path(found[-1]).parent) if found else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL server on a free local port, for the whole session."""
    pytest.importorskip("psycopg", reason="PostgreSQL tests need psycopg (the 'web' extra)")
    bindir = _pg_bin()
    if bindir is None:
        why = _apt_install("postgresql")
        bindir = _pg_bin()
        if bindir is None:
            pytest.skip(f"PostgreSQL is not installed and cannot be: {why}")
    base = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    data = base / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("PostgreSQL cannot run as root and there is no 'postgres' user")
        shutil.chown(base, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    init = subprocess.run(
        [*as_user, f"{bindir}/initdb", "-D", str(data), "-A", "trust", "-U", "postgres"],
        capture_output=True,
        text=True,
        check=False,
    )
    if init.returncode != 0:
        pytest.skip(f"initdb failed: {init.stderr.strip()[-300:]}")
    opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off"
    start = subprocess.run(
        [*as_user, f"{bindir}/pg_ctl", "-D", str(data), "-o", opts, "-l", str(base / "log"), "-w"]
        + ["start"],
        capture_output=True,
        text=True,
        check=False,
    )
    if start.returncode != 0:
        log = (base / "log").read_text(errors="replace") if (base / "log").exists() else ""
        pytest.skip(f"PostgreSQL did not start: {start.stderr.strip()[-200:]} {log[-300:]}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_user, f"{bindir}/pg_ctl", "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(base, ignore_errors=True)


# --- a live server and a browser ------------------------------------------------------


#: Seconds a live server may take to answer its first request.
START_TIMEOUT = 240


class LiveServer:
    """``parlour serve`` in a subprocess, restartable on the same database."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--port", str(self.port), "--db", self.db],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        # Its start warms the compiled kernels: seconds from numba's cache, minutes if
        # it must compile them on a loaded machine.
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the server stopped: {err}")
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.url + "/api/catalog", timeout=1).close()
                return
            time.sleep(0.1)
        self.stop()  # not left running behind the failed test
        raise RuntimeError(f"the server did not start in {START_TIMEOUT} s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(str(tmp_path_factory.mktemp("live") / "live.db"))
    server.start()
    yield server
    server.stop()


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


class _SharedChromium:
    """Headless Chromium (Debian's package) driven through Playwright, launched once
    and kept while browser tests follow one another in this process.

    Playwright's synchronous API keeps an event loop running in the main thread
    while it is open, so it is closed before any test of a module without browser
    tests runs (the terminal app's and the ASGI fuzz tests call ``asyncio.run``):
    the same tests run beside it as when it was opened once per module, but a run
    of browser modules (one after another on a worker) starts it once, not once
    per module (a few seconds each on a loaded machine). Each test still has its
    own browser contexts (cookies, storage), so sharing it leaks nothing.
    """

    def __init__(self) -> None:
        self.play: Any = None
        self.browser: Any = None
        self.refused: str | None = None  # why it cannot start here, once found out
        self.modules: dict[Path, bool] = {}  # module -> has a test using the browser

    def get(self) -> Any:
        if self.refused is not None:
            pytest.skip(self.refused)
        if self.browser is None:
            self.browser = self._launch()
        return self.browser

    def _launch(self) -> Any:
        sync_api = pytest.importorskip(
            "playwright.sync_api",
            reason="end-to-end tests need playwright (pip install -e '.[test]')",
        )
        path = _chromium()
        if path is None:
            why = _apt_install("chromium")
            path = _chromium()
            if path is None:
                self.refused = f"Chromium is not installed and cannot be: {why}"
                pytest.skip(self.refused)
        self.play = sync_api.sync_playwright().start()
        try:
            return self.play.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        except Exception as exc:  # the browser binary cannot start here
            self.close()
            self.refused = f"Chromium at {path} does not start: {exc}"
            pytest.skip(self.refused)

    def wanted_by(self, item: pytest.Item | None) -> bool:
        """Whether ``item``'s module has a browser test (so it may run beside one)."""
        if item is None:
            return False
        if item.path not in self.modules:
            for other in item.session.items:
                uses = "browser" in getattr(other, "fixturenames", ())
                self.modules[other.path] = self.modules.get(other.path, False) or uses
        return self.modules.get(item.path, False)

    def close(self) -> None:
        browser, play, self.browser, self.play = self.browser, self.play, None, None
        if browser is not None:
            browser.close()
        if play is not None:
            play.stop()


_SHARED_CHROMIUM = _SharedChromium()


@pytest.fixture
def browser() -> Any:
    """Headless Chromium (see :class:`_SharedChromium`: one for a run of browser tests)."""
    return _SHARED_CHROMIUM.get()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """After a test here (its own contexts closed, even if that failed): close
    Chromium unless the next test is in a module with browser tests."""
    try:
        yield
    finally:
        if _SHARED_CHROMIUM.browser is not None and not _SHARED_CHROMIUM.wanted_by(nextitem):
            _SHARED_CHROMIUM.close()


def pytest_sessionfinish() -> None:
    _SHARED_CHROMIUM.close()


# --- the card table in a browser ---------------------------------------------------------


@pytest.fixture
def table_at(browser: Any, live_server: LiveServer) -> Iterator[Callable[..., Table]]:
    """``table_at("phone")``: a fresh browser page at one of :data:`VIEWPORTS`."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(viewport: str = "laptop", **context: Any) -> Table:
        width, height = Table.VIEWPORTS[viewport]
        ctx = browser.new_context(viewport={"width": width, "height": height}, **context)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        return Table(page, live_server)

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors: {errors}"
