"""Storage: the same tests over SQLite and a real PostgreSQL server; games
survive a restart exactly, and two app servers can share one PostgreSQL database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.service.store import GameRecord, StaleRecordError, Store, open_store
from parlour.web import create_app
from parlour.web.app import COOKIE


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "sub" / "games.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = open_store(database)
    yield opened
    opened.close()


def record(**changes: Any) -> GameRecord:
    import secrets

    base = GameRecord(
        id=secrets.token_hex(8), player="p-" + secrets.token_hex(4), game="gate", options={}, seed=3
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def test_records_round_trip(store: Store) -> None:
    rec = record(moves=["L T3", "deal"], future=["B4 F"], meta={"x": [1, 2]}, undo_floor=1)
    store.insert(rec)
    assert rec.version == 1
    loaded = store.get(rec.id)
    assert loaded == rec
    assert store.version(rec.id) == 1
    assert store.get("missing") is None and store.version("missing") is None


def test_updates_are_checked_against_the_version(store: Store) -> None:
    rec = record()
    store.insert(rec)
    first = store.get(rec.id)
    second = store.get(rec.id)
    assert first is not None and second is not None
    first.moves = ["deal"]
    store.update(first)
    assert first.version == 2
    second.moves = ["L T3"]
    with pytest.raises(StaleRecordError):
        store.update(second)
    loaded = store.get(rec.id)
    assert loaded is not None and loaded.moves == ["deal"]


def test_listing_and_unfinished(store: Store) -> None:
    a = record(player="p-same-" + record().id)
    b = record(player=a.player, finished=True, outcome={"result": "lost"})
    store.insert(a)
    store.insert(b)
    b.updated += 10
    store.update(b)
    listed = store.list_player(a.player)
    assert [r.id for r in listed] == [b.id, a.id]
    unfinished = {r.id for r in store.unfinished()}
    assert a.id in unfinished and b.id not in unfinished
    assert store.setting("colour", "green") == store.setting("colour", "blue") == "green"


def _play_script(client: TestClient, gid: str, moves: int) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/games/{gid}").json()
    for _ in range(moves):
        legal = answer["view"]["legal_moves"]
        if answer["outcome"] is not None or not legal:
            break
        move = legal[answer["moves_played"] % len(legal)]  # the same choice in the same place
        answer = client.post(f"/api/games/{gid}/moves", json={"move": move}).json()
    return answer


@pytest.mark.parametrize(
    ("name", "opponent"),
    [
        ("calculation", None),
        ("gate", None),
        ("eight-by-eight", None),
        ("chinese-patience", "random"),
        ("uno", "random"),
        ("uno", "strong"),  # a player with a memory, kept between moves (ai.Recall)
    ],
)
def test_a_restarted_server_resumes_every_game_exactly(
    make_client: Callable[..., TestClient], database: str, name: str, opponent: str | None
) -> None:
    body: dict[str, Any] = {"game": name, "seed": 21}
    if opponent:
        body["opponent"] = opponent
    # One server plays 30 moves straight through ...
    steady = make_client(app=create_app(":memory:"))
    gid = steady.post("/api/games", json=body).json()["id"]
    expected = _play_script(steady, gid, 30)
    # ... another plays 12, undoes one (when allowed), restarts, redoes and plays on
    # (the first app is simply abandoned, as a killed server would be).
    first = make_client(app=create_app(database, secret="s"))
    gid2 = first.post("/api/games", json=body).json()["id"]
    before = _play_script(first, gid2, 12)
    undone = before["can_undo"]
    if undone:
        before = first.post(f"/api/games/{gid2}/undo").json()
    cookie = first.cookies.get(COOKIE) or ""
    second = make_client(app=create_app(database, secret="s"))
    second.cookies.set(COOKIE, cookie)
    resumed = second.get(f"/api/games/{gid2}").json()
    assert resumed["view"] == before["view"]
    assert resumed["can_redo"] == before["can_redo"] == undone
    assert resumed["can_undo"] == before["can_undo"]
    if undone:
        second.post(f"/api/games/{gid2}/redo")
    after = _play_script(second, gid2, 30 - 12)
    assert after["view"] == expected["view"]
    assert after["moves_played"] == expected["moves_played"]


def test_two_app_servers_share_one_postgresql_database(
    make_client: Callable[..., TestClient], postgres_url: str
) -> None:
    one = make_client(app=create_app(postgres_url))
    two = make_client(app=create_app(postgres_url))
    game = one.post("/api/games", json={"game": "calculation", "seed": 8}).json()
    two.cookies.set(COOKIE, one.cookies.get(COOKIE) or "")
    gid = game["id"]
    on_two = two.post(f"/api/games/{gid}/moves", json={"move": "S W1"}).json()
    on_one = one.get(f"/api/games/{gid}").json()
    assert on_one["view"] == on_two["view"] and on_one["moves_played"] == 1
    back = one.post(f"/api/games/{gid}/moves", json={"move": "S W2"}).json()
    assert back["moves_played"] == 2
    assert two.get(f"/api/games/{gid}").json()["view"] == back["view"]
    assert [g["id"] for g in two.get("/api/games").json()["games"]] == [gid]


def test_games_dropped_from_the_cache_come_back_from_the_store(
    make_client: Callable[..., TestClient], db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.service import table as service

    monkeypatch.setattr(service, "CACHE_SIZE", 2)
    client = make_client(db_path)
    ids = [
        client.post("/api/games", json={"game": "gate", "seed": s}).json()["id"] for s in range(4)
    ]
    live = client.app.state.service._live  # type: ignore[attr-defined]
    assert list(live) == ids[2:]
    moved = client.post(f"/api/games/{ids[0]}/moves", json={"move": "deal"}).json()
    assert moved["moves_played"] == 1 and list(live) == [ids[3], ids[0]]
    assert client.get(f"/api/games/{ids[0]}").json()["view"] == moved["view"]


def test_the_service_imports_without_fastapi() -> None:
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['fastapi'] = None; sys.modules['starlette'] = None\n"
        "from parlour.service import TableService as GameService\n"
        "from parlour.service.store import open_store\n"
        "s = GameService(open_store(':memory:'))\n"
        "print(s.start('me', 'gate', seed=1)['moves_played'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0"
