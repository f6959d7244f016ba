"""Hypothesis fuzz of every API route: no request makes a 5xx, every refusal is a
4xx whose body is exactly ``{"error": "..."}``, and a refused request changes no game.

The routes are read from the app's own ``/openapi.json``, so a new route is fuzzed
as soon as it exists. Requests go to games of one player (one of each kind, some
played on, one over) and to ids that name no game. Bodies come in every shape:
JSON of every type (huge and non-finite numbers, unicode and lone surrogates, deep
nesting, duplicate keys), near-miss versions of the real bodies (wrong types,
missing and extra fields), binary junk and oversized text; with every kind of
Content-Type. A second fuzz drives the ASGI app directly with raw headers that
no HTTP client would send (Content-Length lies, junk bytes, a client that goes
away mid-body). Before and after each refused request the game it named and the
list of games are read back and must be exactly as they were.
"""

from __future__ import annotations

import asyncio
import json
import os
import string
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from cheap_deals import make_computer_quick, make_deals_cheap
from parlour.web import create_app
from parlour.web.guard import MAX_BODY, MAX_DEPTH, MAX_DIGITS

#: ``PARLOUR_FUZZ_SCALE=20`` runs twenty times the examples (a long hunt, not for CI).
SCALE = int(os.environ.get("PARLOUR_FUZZ_SCALE", "1"))


def fuzz(examples: int) -> Any:
    """A fuzz test's example count (the profile in tests/conftest.py does the rest:
    derandomized in CI)."""
    return settings(max_examples=examples * SCALE)


# --- the table under test ------------------------------------------------------------------

#: Games of one player: fresh, played on, against the computer, and one over for good.
GAMES: list[dict[str, Any]] = [
    {"game": "calculation", "seed": 3},
    {"game": "gate", "seed": 4},
    {"game": "eight-by-eight", "seed": 5},
    {"game": "uno", "seed": 6, "opponent": "random"},
    {"game": "chinese-patience", "seed": 7, "opponent": "random"},
    {"game": "gate", "seed": 8},
]


class Table:
    """The app, a client for one player, and that player's games."""

    def __init__(self) -> None:
        self.client = TestClient(create_app(":memory:", secret="fuzz"))
        self.client.__enter__()
        self.ids: list[str] = []
        for n, body in enumerate(GAMES):
            answer = self.client.post("/api/games", json=body).json()
            self.ids.append(answer["id"])
            if n in (0, 3):  # played on: something to undo
                move = answer["legal_moves"][0]
                self.client.post(f"/api/games/{answer['id']}/moves", json={"move": move})
        self.client.post(f"/api/games/{self.ids[-1]}/resign")  # over for good
        schema = self.client.get("/openapi.json").json()
        #: Every documented (method, path) of the API.
        self.routes = sorted(
            (method.upper(), path)
            for path, item in schema["paths"].items()
            for method in item
            if method in ("get", "post", "put", "delete", "patch")
        )

    def snapshot(self, game_id: str | None) -> Any:
        """The list of games and, for a real id, that game as its player sees it."""
        games = self.client.get("/api/games").json()
        game = self.client.get(f"/api/games/{game_id}").json() if game_id in self.ids else None
        return games, game

    def close(self) -> None:
        self.client.__exit__(None, None, None)


@pytest.fixture(scope="module")
def table() -> Iterator[Table]:
    with pytest.MonkeyPatch.context() as patch:
        make_deals_cheap(patch)
        make_computer_quick(patch)
        made = Table()
        yield made
        made.close()


def assert_answer_shape(status: int, content_type: str, body: bytes) -> Any:
    """Never a 5xx; a 4xx is JSON ``{"error": text}``, with the field it is about
    where it names one (a deal number's, ``"field": "seed"``), and nothing else."""
    assert status < 500, f"{status}: {body[:300]!r}"
    if status >= 400:
        assert content_type.startswith("application/json"), content_type
        data = json.loads(body)
        assert isinstance(data, dict) and set(data) - {"field"} == {"error"}, data
        assert data.get("field", "seed") == "seed", data
        assert isinstance(data["error"], str) and data["error"].strip(), data
        return data
    return None


# --- strategies ----------------------------------------------------------------------------

#: Text with anything in it: control characters, astral planes, lone surrogates.
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=30)
HUGE_INTS = st.integers(min_value=2**63 - 2, max_value=10**40) | st.integers(
    min_value=-(10**40), max_value=-1
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=600),
    HUGE_INTS,
    st.floats(allow_nan=True, allow_infinity=True),
    ANY_TEXT,
    st.sampled_from(["GATE", "gate", "uno", "strong", "human", "S W1", "4", "yes", "twist"]),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=10,
)
GAME_NAMES = st.sampled_from(["calculation", "gate", "eight-by-eight", "uno", "chinese-patience"])
OPTION_NAMES = st.sampled_from(["classic", "bars", "target", "uno_call", "w4_challenge", "first"])


def near_miss(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A route's real body with any of its fields left out, mistyped or joined by
    extra ones."""
    loose = {name: strategy | JSON_VALUES for name, strategy in fields.items()}
    return st.fixed_dictionaries({}, optional=loose).flatmap(
        lambda body: (
            st.dictionaries(ANY_TEXT, JSON_VALUES, max_size=2).map(lambda extra: {**extra, **body})
            | st.just(body)
        )
    )


NEW_GAME = near_miss(
    {
        "game": GAME_NAMES,
        "seed": st.integers(min_value=0, max_value=2**64),
        "options": st.dictionaries(OPTION_NAMES, SCALARS, max_size=3),
        "opponent": st.sampled_from(["random", "basic", "greedy", "strong", "human", "fair"]),
        "series": ANY_TEXT,
        "deal": st.sampled_from(["random", "winnable", "daily", "best"]),
    }
)
MOVE = near_miss({"move": st.sampled_from(["S W1", "S F1", "twist", "draw", "B4 F", "1", "pass"])})
CHECK = near_miss({"source": st.sampled_from(["S", "W1", "B4"]), "target": ANY_TEXT})


def to_json(value: Any, ascii_only: bool) -> bytes:
    """JSON text as a client could send it: NaN and Infinity spelled out, lone
    surrogates escaped or (ascii_only False) as the invalid UTF-8 they make."""
    text = json.dumps(value, allow_nan=True, ensure_ascii=ascii_only)
    return text.encode("utf-8", "surrogatepass")


JSON_BODIES = st.builds(to_json, st.one_of(JSON_VALUES, NEW_GAME, MOVE, CHECK), st.booleans())
RAW_BODIES = st.one_of(
    st.binary(max_size=64),
    st.integers(min_value=MAX_DEPTH, max_value=6000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(min_value=MAX_DEPTH, max_value=6000).map(lambda n: b'{"a":' * n),
    st.integers(min_value=MAX_DIGITS, max_value=5000).map(lambda n: b'{"seed": ' + b"7" * n + b"}"),
    st.integers(min_value=1, max_value=3).map(
        lambda n: b'{"move": "' + b"x" * (MAX_BODY * n) + b'"}'
    ),
    st.sampled_from(
        [
            b"",
            b"null",
            b'{"move": "S W1", "move": 7}',
            b'{"game": "gate", "game": "uno", "seed": 1, "seed": -1}',
            b'{"seed": 1e400, "game": "gate"}',
            b'{"game": "gate", "seed": NaN}',
            b'{"game": "gate", "options": {"bars": Infinity}}',
            b'{"game": "gate", "options": {"bars": 4.0}}',
            b'{"game": "uno", "options": {"target": 1e30}}',
            b'{"game": "\xff\xfe"}',
            b'\xef\xbb\xbf{"game": "gate"}',
            '{"game": "gate"}'.encode("utf-16"),
        ]
    ),
)
BODIES = JSON_BODIES | RAW_BODIES
CONTENT_TYPES = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "application/json; charset=utf-16",
        "application/problem+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "",
        None,
    ]
)
#: Ids that name no game of this player: junk, traversal, encoded and very long.
STRANGE_IDS = st.one_of(
    ANY_TEXT.filter(bool),
    st.sampled_from(["..", ".", "%2e%2e", "a/b", "%00", "%ff", "0" * 5000, "null", "-1"]),
)


def path_for(route: str, game_id: str) -> str:
    return route.replace("{game_id}", game_id).replace("{name}", game_id)


def encoded(raw: str) -> str:
    return quote(raw.encode("utf-8", "surrogatepass"), safe="")


# --- the fuzz tests ------------------------------------------------------------------------


@fuzz(80)
@given(data=st.data(), body=BODIES, content_type=CONTENT_TYPES)
def test_any_body_to_any_route_is_answered_or_refused_cleanly(
    table: Table, data: st.DataObject, body: bytes, content_type: str | None
) -> None:
    method, route = data.draw(st.sampled_from(table.routes), label="route")
    real = data.draw(st.sampled_from(table.ids), label="game") if "{" in route else None
    game_id = real if real is not None and data.draw(st.booleans()) else None
    if game_id is None and "{" in route:
        game_id = encoded(data.draw(STRANGE_IDS, label="id"))
    path = path_for(route, game_id or "")
    headers = {} if content_type is None else {"Content-Type": content_type}
    before = table.snapshot(game_id)
    response = table.client.request(method, path, content=body, headers=headers)
    refused = assert_answer_shape(
        response.status_code, response.headers.get("content-type", ""), response.content
    )
    if refused is not None:
        assert table.snapshot(game_id) == before, f"{method} {path} refused but changed a game"


@fuzz(25)
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE"]),
    segments=st.lists(
        st.one_of(ANY_TEXT, st.sampled_from(["games", "api", "rules", ".."])), max_size=4
    ),
    under_api=st.booleans(),
)
def test_any_method_on_any_path_is_answered_or_refused_cleanly(
    table: Table, method: str, segments: list[str], under_api: bool
) -> None:
    path = ("/api/" if under_api else "/") + "/".join(encoded(s) for s in segments)
    path = "/" + path.lstrip("/")  # '//x' would name a host, not a path
    before = table.snapshot(None)
    response = table.client.request(method, path)
    if method == "HEAD":
        assert response.status_code < 500
        return
    refused = assert_answer_shape(
        response.status_code, response.headers.get("content-type", ""), response.content
    )
    if refused is not None:
        assert table.snapshot(None) == before
    if response.status_code == 405:
        assert response.headers.get("allow"), "a 405 names the methods the path takes"


# --- raw ASGI: headers no HTTP client would send -------------------------------------------


def raw_request(
    app: Any,
    method: str,
    path: str,
    headers: list[tuple[bytes, bytes]],
    chunks: list[bytes],
    hang_up: bool,
) -> tuple[int, dict[str, str], bytes]:
    """One request straight into the ASGI app: the body in ``chunks``, then (if
    ``hang_up``) the client goes away instead of finishing it."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    messages: list[dict[str, Any]] = [
        {"type": "http.request", "body": chunk, "more_body": i < len(chunks) - 1 or hang_up}
        for i, chunk in enumerate(chunks or [b""])
    ]
    if hang_up:
        messages.append({"type": "http.disconnect"})
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(0)
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    response_headers = {
        k.decode("latin-1").lower(): v.decode("latin-1") for k, v in start["headers"]
    }
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return int(start["status"]), response_headers, body


HEADER_BYTES = st.binary(max_size=24).filter(lambda b: b"\r" not in b and b"\n" not in b)
CONTENT_LENGTHS = st.one_of(
    st.integers(min_value=-5, max_value=MAX_BODY * 3).map(lambda n: str(n).encode()),
    st.sampled_from([b"", b" 12", b"12 ", b"0x10", b"1e3", b"9" * 30, b"+5", b"\xff"]),
    HEADER_BYTES,
)


@fuzz(40)
@given(
    data=st.data(),
    length=st.none() | CONTENT_LENGTHS,
    second_length=st.none() | CONTENT_LENGTHS,
    content_type=st.none() | HEADER_BYTES | st.just(b"application/json"),
    cookie=st.none() | HEADER_BYTES | st.just(b"parlour_player=forged.signature"),
    junk=st.lists(st.tuples(HEADER_BYTES.filter(bool), HEADER_BYTES), max_size=2),
    chunks=st.lists(BODIES, max_size=3),
    hang_up=st.booleans(),
)
def test_raw_headers_and_bodies_are_answered_or_refused_cleanly(
    table: Table,
    data: st.DataObject,
    length: bytes | None,
    second_length: bytes | None,
    content_type: bytes | None,
    cookie: bytes | None,
    junk: list[tuple[bytes, bytes]],
    chunks: list[bytes],
    hang_up: bool,
) -> None:
    method, route = data.draw(st.sampled_from(table.routes), label="route")
    game_id = data.draw(st.sampled_from(table.ids), label="game") if "{" in route else None
    headers = [(name.lower(), value) for name, value in junk]
    for name, value in (
        (b"content-length", length),
        (b"content-length", second_length),
        (b"content-type", content_type),
        (b"cookie", cookie),
    ):
        if value is not None:
            headers.append((name, value))
    # The player's own cookie comes last, so their games are the ones reached.
    own = table.client.cookies.get("parlour_player")
    headers.append((b"cookie", f"parlour_player={own}".encode()))
    before = table.snapshot(game_id)
    status, answer_headers, body = raw_request(
        table.client.app, method, path_for(route, game_id or ""), headers, chunks, hang_up
    )
    refused = assert_answer_shape(status, answer_headers.get("content-type", ""), body)
    if refused is not None:
        assert table.snapshot(game_id) == before, f"{method} {route} refused but changed a game"


# --- what issue 20 saw, one by one ---------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"[" * 5000, "nested more than"),
        (b'{"game": "gate", "seed": ' + b"9" * 4301 + b"}", "more than 40 digits"),
        (b'{"game": "gate", "seed": 9223372036854775808}', "from 0 to"),
        (b'{"game": "GATE"}', "unknown game 'GATE'"),
        (b'{"game": "gate", "options": {"bars": "4"}}', "bars"),
        (b'{"game": "gate", "options": {"bars": 4.0}}', "bars"),
        (b'{"game": "calculation", "options": {"classic": "yes"}}', "classic"),
        (b'{"game": "uno", "options": {"target": 1e30}}', "target"),
        (b'{"game": "gate", "seed": NaN}', "nan is not a deal number"),
        (b"", "JSON body"),
        (b'{"game": "gate"}' + b" " * MAX_BODY, "at most"),
    ],
    ids=lambda value: value[:24].decode("latin-1") if isinstance(value, bytes) else value,
)
def test_what_issue_20_saw_is_refused_with_a_clear_4xx(
    table: Table, body: bytes, words: str
) -> None:
    before = table.snapshot(None)
    response = table.client.post(
        "/api/games", content=body, headers={"Content-Type": "application/json"}
    )
    refused = assert_answer_shape(
        response.status_code, response.headers.get("content-type", ""), response.content
    )
    assert refused is not None and words in refused["error"], refused
    assert table.snapshot(None) == before


@pytest.mark.parametrize("route", ["moves", "check", "undo", "redo", "hint", "resign"])
def test_every_play_route_refuses_deep_and_huge_bodies(table: Table, route: str) -> None:
    game_id = table.ids[0]
    for body in (b"[" * 5000, b'{"move": ' + b"1" * 5000 + b"}"):
        before = table.snapshot(game_id)
        response = table.client.post(f"/api/games/{game_id}/{route}", content=body)
        assert response.status_code == 400, response.text
        assert set(response.json()) == {"error"}
        assert table.snapshot(game_id) == before


def test_the_fuzz_reaches_every_route(table: Table) -> None:
    """The routes come from the schema: the fuzz covers the whole API."""
    paths = {path for _, path in table.routes}
    assert {"/api/games", "/api/games/{game_id}/moves", "/api/rules/{name}"} <= paths
    assert all(c in string.printable for _, p in table.routes for c in p)
