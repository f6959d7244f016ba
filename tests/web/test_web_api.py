"""The JSON API through FastAPI's test client: every route, and every kind of bad input."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.web.app import MAX_BODY


def start(client: TestClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_catalog_lists_the_five_games_with_options_and_levels(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    assert set(games) == {"calculation", "gate", "eight-by-eight", "uno", "chinese-patience"}
    assert games["calculation"]["options"][0]["name"] == "classic"
    assert games["uno"]["players"] == 2 and "random" in games["uno"]["levels"]
    assert games["gate"]["levels"] == []


def test_start_play_undo_redo_like_the_engine(client: TestClient) -> None:
    game = start(client, "calculation", seed=1)
    engine = parlour.new_game("calculation", seed=1)
    assert game["view"] == engine.view(0)
    assert game["seed"] == 1, "a deal the person chose is shown as it is"
    assert game["can_undo"] is False
    gid = game["id"]
    move = engine.legal_moves()[-1]
    played = client.post(f"/api/games/{gid}/moves", json={"move": move.lower()}).json()
    engine.play(move)
    assert played["played"]["move"] == move
    assert played["view"] == engine.view(0)
    assert played["can_undo"] is True
    undone = client.post(f"/api/games/{gid}/undo").json()
    assert undone["view"] == parlour.new_game("calculation", seed=1).view(0)
    assert undone["can_redo"] is True
    assert undone["message"].startswith("Took back 1 move: you played ")
    redone = client.post(f"/api/games/{gid}/redo").json()
    assert redone["view"] == engine.view(0) and redone["can_redo"] is False
    assert redone["message"] == f"Replayed 1 move: {undone['message'].split(': ', 1)[1]}".replace(
        "you played", "you play"
    )
    assert client.get(f"/api/games/{gid}").json()["view"] == engine.view(0)


def test_options_and_seed_are_used(client: TestClient) -> None:
    game = start(client, "gate", seed=7, options={"bars": 3})
    assert game["view"] == parlour.new_game("gate", seed=7, bars=3).view(0)
    assert game["options"]["bars"] == 3
    random_deal = start(client, "gate")
    assert "seed" not in random_deal


def test_hint_is_a_legal_move(client: TestClient) -> None:
    game = start(client, "eight-by-eight", seed=3)
    found = client.post(f"/api/games/{game['id']}/hint").json()
    assert found["move"] in game["view"]["legal_moves"] and found["reason"]


def test_a_flood_of_hint_requests_is_answered_429_not_held_in_the_thread_pool(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Requests for one game's hint wait for its one search, each holding a thread of
    the server: beyond the cap a request is answered 429 at once, its error in plain
    words and a Retry-After, never a 500; once the search is done a hint is answered."""
    from parlour.service import table as table_module
    from parlour.service.searches import RETRY_AFTER, WAITING_PER_GAME
    from parlour.service.words import hint_busy_words

    release = threading.Event()
    hint = table_module.ai_hint

    def held(game: Any) -> Any:
        assert release.wait(10), "the test did not let the search go"
        return hint(game, seconds=0.05)

    monkeypatch.setattr(table_module, "ai_hint", held)
    game = start(client, "calculation", seed=1)
    url = f"/api/games/{game['id']}/hint"
    searches = client.app.state.service._hint_searches  # type: ignore[attr-defined]
    codes: list[int] = []
    threads = [
        threading.Thread(target=lambda: codes.append(client.post(url).status_code))
        for _ in range(1 + WAITING_PER_GAME)
    ]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while searches.waiting(game["id"]) < WAITING_PER_GAME:
            assert time.monotonic() < deadline, "the requests did not wait for the search"
            time.sleep(0.005)
        refused = client.post(url)
        assert refused.status_code == 429, refused.text
        assert refused.headers["Retry-After"] == str(RETRY_AFTER)
        assert refused.json() == {"error": hint_busy_words(True, RETRY_AFTER)}
        assert refused.json()["error"].startswith("Too many hints asked for this game at once")
    finally:
        release.set()
        for thread in threads:
            thread.join(10)
    assert codes == [200] * (1 + WAITING_PER_GAME)
    assert client.post(url).status_code == 200
    schema = client.get("/openapi.json").json()["paths"]["/api/games/{game_id}/hint"]
    assert "429" in schema["post"]["responses"]  # the API's page says so


def test_resign_finishes_the_game_and_reveals_the_seed(client: TestClient) -> None:
    game = start(client, "calculation", seed=5)
    resigned = client.post(f"/api/games/{game['id']}/resign").json()
    assert resigned["outcome"]["result"] == "resigned" and resigned["result"] == "resigned"
    assert resigned["seed"] == 5
    again = client.post(f"/api/games/{game['id']}/moves", json={"move": "S W1"})
    assert again.status_code == 409 and "over" in again.json()["error"]
    listed = client.get("/api/games").json()["games"]
    assert listed[0]["id"] == game["id"] and listed[0]["finished"] is True


def test_what_waits_for_the_end_is_a_conflict_while_the_game_goes_on(
    client: TestClient,
) -> None:
    """The solver's verdict, its line and the same deal again wait for the end: 409 (the
    game's state, not the request, is what is wrong), and the game is untouched."""
    game = start(client, "gate", seed=4)
    gid = game["id"]
    for method, path, body in (
        ("get", f"/api/games/{gid}/verdict", None),
        ("get", f"/api/games/{gid}/verdict/line", None),
        ("post", f"/api/games/{gid}/again", {"same": True}),
    ):
        refused = client.request(method.upper(), path, json=body)
        assert refused.status_code == 409, (path, refused.text)
        assert "over for good" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["view"] == game["view"]


def test_against_the_computer_the_reply_comes_move_by_move(client: TestClient) -> None:
    game = start(client, "chinese-patience", seed=4, options={"first": 1}, opponent="random")
    assert game["computer_moves"], "the computer moves first with first=1"
    assert game["your_turn"] is True
    for step in game["computer_moves"]:
        assert step["text"] and isinstance(step["events"], list) and "legal_moves" in step["view"]
    twist = client.post(f"/api/games/{game['id']}/moves", json={"move": "T"}).json()
    assert twist["played"]["move"] == "twist"


def test_undo_against_the_computer_never_shows_a_card_again(client: TestClient) -> None:
    game = start(client, "chinese-patience", seed=4, options={"first": 0}, opponent="random")
    gid = game["id"]
    twisted = client.post(f"/api/games/{gid}/moves", json={"move": "twist"}).json()
    assert twisted["can_undo"] is False
    refused = client.post(f"/api/games/{gid}/undo")
    assert refused.status_code == 400 and "showed you a card" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["view"] == twisted["view"]


def test_stats_count_finished_games(client: TestClient) -> None:
    for seed in (1, 2):
        game = start(client, "calculation", seed=seed)
        client.post(f"/api/games/{game['id']}/resign")
    start(client, "gate", seed=1)
    stats = client.get("/api/stats").json()
    assert stats["total"]["played"] == 2 and stats["total"]["in_play"] == 1
    row = stats["games"][0]
    assert row["game"] == "calculation" and row["won"] == 0 and row["win_rate"] == 0.0
    assert row["best_progress"] == 4


def test_rules_pages_and_front_end_are_served(client: TestClient) -> None:
    rules = client.get("/api/rules/8x8").json()
    assert rules["game"] == "eight-by-eight" and "# 8 x 8" in rules["markdown"]
    page = client.get("/")
    assert page.status_code == 200 and "/static/js/main.js" in page.text
    for name in ("js/main.js", "js/cards.js", "app.css", "js/games/uno.js", "js/table.js"):
        assert client.get(f"/static/{name}").status_code == 200, name
    assert "http" not in page.text.replace("http-equiv", ""), "no external assets"


# --- bad input: a 4xx with a clear message, the game unchanged ----------------------------


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "not valid JSON"),
        (b"[1, 2]", 400, "must be a JSON object"),
        (b"null", 400, "the request body must be a JSON object, got null"),
        (b'{"move": 7}', 400, "field 'move' takes text"),
        (b"{}", 400, "needs a field 'move'"),
        (b'{"move": "S X9"}', 400, "“S X9” is not a move here: 'X9' is no target pile"),
        (b'{"move": "W1 F1"}', 400, "“W1 F1” is not legal now: W1 is empty."),
        (b'{"move": "' + b"x" * MAX_BODY + b'"}', 413, "at most"),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    game = start(client, "calculation", seed=2)
    gid = game["id"]
    response = client.post(
        f"/api/games/{gid}/moves", content=body, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == status
    refused = response.json()
    assert words in refused["error"]
    if "detail" in refused:  # a typed move: the engine's whole message, with the notation
        assert refused["detail"].startswith(("'S X9' is not a Calculation move", "'W1 F1' is not"))
        assert refused["error"].count(" ") < 16, "one short sentence"
    after = client.get(f"/api/games/{gid}").json()
    assert after["view"] == game["view"] and after["moves_played"] == 0


def test_oversized_body_without_length_header_is_refused(client: TestClient) -> None:
    game = start(client, "calculation", seed=2)

    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 1024

    response = client.post(f"/api/games/{game['id']}/moves", content=chunks())
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"game": "gate", "options": {"bars": 5}}, "bars"),
        ({"game": "gate", "options": {"jokers": True}}, "no option 'jokers'"),
        ({"game": "gate", "seed": -1}, "-1 is not a deal number: give a whole number from 0 to"),
        ({"game": "gate", "seed": "7"}, "whole number"),
        ({"game": "gate", "opponent": "random"}, "one-player game"),
        ({"game": "uno", "opponent": "genius"}, "unknown opponent 'genius'"),
        ({"game": "gate", "deck": "AS"}, "unknown field 'deck'"),
        ({}, "needs a field 'game'"),
        (
            {"game": "gate", "deal": "lucky"},
            "field 'deal' must be one of 'random', 'winnable' or 'daily': got 'lucky'",
        ),
        ({"game": "gate", "deal": None}, "field 'deal' must be one of"),
        ({"game": "gate", "deal": "daily", "day": "today"}, "must be a date written YYYY-MM-DD"),
    ],
)
def test_bad_new_games_are_refused(client: TestClient, body: dict[str, Any], words: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert "NoneType" not in response.text and "Input should" not in response.text
    # a refused deal number names its field (the front page says it under that box)
    assert response.json().get("field") == ("seed" if "seed" in body else None)
    assert client.get("/api/games").json()["games"] == []


def test_unknown_routes_and_commands(client: TestClient) -> None:
    game = start(client, "calculation", seed=2)
    assert client.post("/api/games/nope/moves", json={"move": "S W1"}).status_code == 404
    assert client.get("/api/nothing").status_code == 404
    nothing = client.post(f"/api/games/{game['id']}/redo")
    assert nothing.status_code == 400 and "nothing to redo" in nothing.json()["error"]
    nothing = client.post(f"/api/games/{game['id']}/undo")
    assert nothing.status_code == 400 and "nothing to undo" in nothing.json()["error"]
    assert client.get("/api/rules/poker").status_code == 404


def test_chinese_patience_series_keeps_running_totals(client: TestClient) -> None:
    first = start(client, "chinese-patience", seed=6, opponent="random")
    assert first["series"] == {"number": 1, "totals": [0, 0]}
    early = client.post("/api/games", json={"game": "chinese-patience", "series": first["id"]})
    assert early.status_code == 409 and "once this game is over" in early.json()["error"]
    over = client.post(f"/api/games/{first['id']}/resign").json()
    assert over["outcome"]["winner"] == 1
    second = start(client, "chinese-patience", series=first["id"], opponent="random")
    assert second["series"]["number"] == 2
    opening = parlour.new_game("chinese-patience", seed=6)
    assert second["view"]["first"] == 1 - opening.to_move, "the first player alternates"
    wrong = client.post("/api/games", json={"game": "uno", "series": first["id"]})
    assert wrong.status_code == 400 and "series" in wrong.json()["error"]
    assert start(client, "uno", opponent="random")["series"] is None


def test_the_deal_of_a_given_day(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """``day`` with ``deal: daily`` deals that day's deal again (the end panel's "play
    again"); a later day, a day without the deal of the day, or no date is refused."""
    import datetime as dt

    from cheap_deals import make_deals_cheap

    make_deals_cheap(monkeypatch)
    yesterday = (dt.date.today() - dt.timedelta(days=1)).isoformat()
    first = start(client, "calculation", deal="daily", day=yesterday)
    again = start(client, "calculation", deal="daily", day=yesterday)
    assert first["day"] == again["day"] == yesterday and first["view"] == again["view"]
    today = start(client, "calculation", deal="daily")
    assert today["day"] == dt.date.today().isoformat()
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    for body, words in [
        ({"deal": "daily", "day": tomorrow}, "not out yet"),
        ({"deal": "random", "day": yesterday}, "deal of the day only"),
        ({"deal": "daily", "day": "2026-02-30"}, "not a date"),
    ]:
        refused = client.post("/api/games", json={"game": "calculation", **body})
        assert refused.status_code == 400 and words in refused.json()["error"], refused.text


def test_again_starts_a_game_like_this_one(client: Any) -> None:
    first = client.post("/api/games", json={"game": "gate", "deal": "daily"}).json()
    again = client.post(f"/api/games/{first['id']}/again").json()
    assert (again["deal"], again["day"]) == ("daily", first["day"])
    other = client.post(f"/api/games/{first['id']}/again", json={"deal": "random"}).json()
    assert other["deal"] == "random"
    wrong = client.post(f"/api/games/{first['id']}/again", json={"deal": "best"})
    assert wrong.status_code == 400 and "error" in wrong.json()


def test_again_twice_is_one_new_game(client: TestClient) -> None:
    """A double click on "New deal": both answers are the same new game."""
    game = start(client, "gate", seed=3)
    first = client.post(f"/api/games/{game['id']}/again")
    second = client.post(f"/api/games/{game['id']}/again", json={})
    assert first.status_code == second.status_code == 200
    assert first.json()["id"] == second.json()["id"] != game["id"]
    assert len(client.get("/api/games").json()["games"]) == 2
    refused = client.post(f"/api/games/{game['id']}/again", json={"same": "yes"})
    assert refused.status_code == 400
    assert refused.json() == {"error": "field 'same' takes true or false: got 'yes'"}
    null = client.post("/api/games", content=b"null", headers={"Content-Type": "application/json"})
    assert null.status_code == 400
    assert null.json() == {"error": "the request body must be a JSON object, got null"}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        # an option says what it takes (was "takes a whole number, true or false: got inf")
        (
            b'{"game": "uno", "opponent": "random", "options": {"target": 1e999}}',
            "option 'target' of uno takes a whole number: got inf",
        ),
        (
            b'{"game": "uno", "opponent": "random", "options": {"target": "500"}}',
            "option 'target' of uno takes a whole number: got '500'",
        ),
        # a deal number: the service's one message (the terminal says the same)
        (
            b'{"game": "gate", "seed": -3}',
            "-3 is not a deal number: give a whole number from 0 to 9007199254740991",
        ),
        (
            b'{"game": "gate", "seed": 9007199254740992}',
            "9007199254740992 is not a deal number: give a whole number from 0 to 9007199254740991",
        ),
    ],
)
def test_bad_values_are_refused_in_the_services_words(
    client: TestClient, body: bytes, words: str
) -> None:
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    field = {"field": "seed"} if b'"seed"' in body else {}
    assert response.status_code == 400 and response.json() == {"error": words, **field}
