"""Players and isolation: each browser is an anonymous player with a signed
cookie, and sees, opens and acts on its own games only."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from parlour.web import create_app
from parlour.web.app import COOKIE


def test_a_new_browser_gets_a_signed_player_cookie(client: TestClient) -> None:
    response = client.get("/api/games")
    cookie = response.cookies.get(COOKIE)
    assert cookie and "." in cookie, "id.signature"
    again = client.get("/api/games")
    assert COOKIE not in again.cookies, "a known player keeps their cookie"


@pytest.mark.parametrize(
    "action",
    ["GET ", "POST /moves", "POST /undo", "POST /redo", "POST /hint", "POST /resign"],
)
def test_another_players_game_is_404(
    make_client: Callable[..., TestClient], db_path: str, action: str
) -> None:
    alice = make_client(db_path)
    bob = make_client(app=alice.app)
    game = alice.post("/api/games", json={"game": "calculation", "seed": 1}).json()
    alice.post(f"/api/games/{game['id']}/moves", json={"move": "S W1"})
    method, path = action.split(" ")
    url = f"/api/games/{game['id']}{path}"
    body = {"move": "S W2"} if path == "/moves" else {"seat": 0}
    response = bob.get(url) if method == "GET" else bob.post(url, json=body)
    assert response.status_code == 404
    missing = bob.get("/api/games/no-such-game")
    assert response.json()["error"].replace(game["id"], "X") == missing.json()["error"].replace(
        "no-such-game", "X"
    ), "the same answer whether the game exists or not"
    assert bob.get("/api/games").json()["games"] == []
    mine = alice.get(f"/api/games/{game['id']}").json()
    assert mine["moves_played"] == 1, "the owner's game is untouched"


@pytest.mark.parametrize("path", ["/undo", "/redo", "/hint", "/resign"])
def test_a_malformed_body_tells_nothing_about_another_players_game(
    make_client: Callable[..., TestClient], db_path: str, path: str
) -> None:
    """A body the endpoint does not take is refused before the game is looked up,
    so the answer is the same for another player's game and for no game at all."""
    alice = make_client(db_path)
    bob = make_client(app=alice.app)
    game = alice.post("/api/games", json={"game": "calculation", "seed": 1}).json()
    theirs = bob.post(f"/api/games/{game['id']}{path}", json={"move": "S W2"})
    missing = bob.post(f"/api/games/no-such-game{path}", json={"move": "S W2"})
    assert theirs.status_code == missing.status_code == 400
    assert theirs.json() == missing.json()


def test_a_forged_cookie_is_a_new_player(make_client: Callable[..., TestClient]) -> None:
    alice = make_client()
    game = alice.post("/api/games", json={"game": "gate", "seed": 1}).json()
    player_cookie = alice.cookies.get(COOKIE)
    assert player_cookie
    player_id = player_cookie.split(".")[0]
    mallory = make_client(app=alice.app)
    mallory.cookies.set(COOKIE, player_id + ".forged-signature")
    response = mallory.get(f"/api/games/{game['id']}")
    assert response.status_code == 404
    assert COOKIE in response.cookies, "a bad signature gets a fresh player id"


def test_the_cookie_survives_a_restart(
    make_client: Callable[..., TestClient], db_path: str
) -> None:
    first = make_client(app=create_app(db_path))
    game = first.post("/api/games", json={"game": "gate", "seed": 1}).json()
    cookie = first.cookies.get(COOKIE)

    second = make_client(app=create_app(db_path))  # the signing secret is kept in the database
    second.cookies.set(COOKIE, cookie or "")
    assert second.get(f"/api/games/{game['id']}").status_code == 200
