"""Two people in two browsers: the invitation, live play over the WebSocket, what
each may see and do, disconnects, pauses and claims, the next game, restarts.

Each "browser" is a TestClient with its own signed cookie; each live line is the
real WebSocket route. Every message to either seat is scanned for cards that seat
has not been shown (the scanner idea of ``test_web_hidden``, per seat).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from friendtools import OPEN, Person, SeatScanner
from itsdangerous import Signer
from starlette.websockets import WebSocketDisconnect

from parlour.web import create_app

Make = Callable[..., TestClient]


@pytest.fixture(autouse=True)
def _close_live_lines(make_client: Make) -> Iterator[None]:
    """Close every live line a test left open before its clients shut down."""
    yield
    for person in list(OPEN):
        with contextlib.suppress(Exception):  # the test's own failure is the news
            person.close()


def invite(host: TestClient, game: str = "uno", **options: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "opponent": "friend", "name": "Ann", "options": options}
    if "seed" in options:  # a deal chosen, for a test that needs a certain turn
        body["seed"] = options.pop("seed")
    made = host.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def seated(make_client: Make, game: str = "uno", app: Any = None, **options: Any) -> Any:
    app = app or create_app(":memory:", secret="test-secret")
    ann, bob = make_client(app=app), make_client(app=app)
    first = invite(ann, game, **options)
    joined = bob.post(
        f"/api/games/{first['id']}/join", json={"token": first["live"]["invite"], "name": "Bob"}
    )
    assert joined.status_code == 200, joined.text
    return app, ann, bob, first["id"]


def engine(app: Any, game_id: str) -> Any:
    return lambda: app.state.service._live[game_id].game


def test_invitation_seats_the_first_to_open_it_and_nobody_else(make_client: Make) -> None:
    app = create_app(":memory:", secret="test-secret")
    ann, bob, eve = make_client(app=app), make_client(app=app), make_client(app=app)
    first = invite(ann)
    gid, token = first["id"], first["live"]["invite"]
    assert first["status"].startswith("Waiting for your friend")
    # The link says who invites to which game, to whoever holds it (before a name).
    about = bob.post(f"/api/games/{gid}/invitation", json={"token": token}).json()
    assert about == {"game": "uno", "title": "UNO", "inviter": "Ann", "seated": False}
    wrong = eve.post(f"/api/games/{gid}/invitation", json={"token": "x" + token[1:]})
    assert wrong.status_code == 404 and "Ann" not in wrong.text
    assert first["live"]["seats"][1]["kind"] == "empty"
    # Not before the friend sits down.
    refused = ann.post(f"/api/games/{gid}/moves", json={"move": "draw"})
    assert refused.status_code == 400 and "not sat down" in refused.json()["error"]
    # A stranger with the id but not the token gets nothing: the same 404 as no game.
    for path in ("", "/undo", "/resign", "/next", "/hint"):
        method = eve.get if path == "" else eve.post
        got = method(f"/api/games/{gid}{path}")
        assert got.status_code == 404 and gid in got.json()["error"]
        assert "Ann" not in got.text
    wrong = eve.post(f"/api/games/{gid}/join", json={"token": token[:-1] + "x", "name": "Eve"})
    assert wrong.status_code == 404 and "Ann" not in wrong.text
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        eve.websocket_connect(f"/api/games/{gid}/live") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4404
    # Bob opens the link first and takes the seat with his name.
    joined = bob.post(f"/api/games/{gid}/join", json={"token": token, "name": "  Bob  "}).json()
    assert joined["seat"] == 1 and joined["live"]["seats"][1]["name"] == "Bob"
    assert joined["live"]["invite"] is None and "view" in joined
    # The link again: Bob just sees his game; Eve, with the token now, gets the same
    # answer as for a game that does not exist, before she gives a name and after.
    again = bob.post(f"/api/games/{gid}/join", json={"token": token})
    assert again.status_code == 200 and again.json()["seat"] == 1
    assert bob.post(f"/api/games/{gid}/invitation", json={"token": token}).json()["seated"]
    unknown = eve.post("/api/games/nothere/invitation", json={"token": token})
    for late in (
        eve.post(f"/api/games/{gid}/invitation", json={"token": token}),
        eve.post(f"/api/games/{gid}/join", json={"token": token, "name": "Eve"}),
        eve.get(f"/api/games/{gid}"),
    ):
        assert late.status_code == unknown.status_code == 404
        assert late.json()["error"] == unknown.json()["error"].replace("nothere", gid)
    # Both list the game; Ann no longer sees the invitation.
    assert [g["id"] for g in bob.get("/api/games").json()["games"]] == [gid]
    assert ann.get(f"/api/games/{gid}").json()["live"]["invite"] is None
    # Names are checked.
    bad = make_client(app=app)
    for name in ("x" * 30, "you", "a\u0007b"):
        body = {"game": "uno", "opponent": "friend", "name": name}
        assert bad.post("/api/games", json=body).status_code == 400


def test_a_whole_uno_match_live_each_seeing_only_their_own(make_client: Make) -> None:
    app, ann, bob, gid = seated(make_client, "uno", target=1)
    people = [
        Person(ann, gid, SeatScanner(engine(app, gid), 0)),
        Person(bob, gid, SeatScanner(engine(app, gid), 1)),
    ]
    assert people[0].answer["seat"] == 0 and people[1].answer["seat"] == 1
    moves = 0
    for _ in range(400):
        answer = people[0].answer
        if answer["outcome"] is not None:
            break
        mover = answer["to_move"]
        me, other = people[mover], people[1 - mover]
        assert me.answer["your_turn"] and not other.answer["your_turn"]
        assert other.answer["status"].startswith(f"{['Ann', 'Bob'][mover]}'s turn")
        if me.answer["view"]["drawn"] is not None:  # the card drawn is the mover's alone
            assert other.answer["status"].endswith("play the card just drawn, or keep it.")
            assert "just drawn, or keep it" in me.answer["status"]
            assert "the card just drawn" not in me.answer["status"]
        legal = me.answer["legal_moves"]
        plays = [m for m in legal if m not in ("draw", "pass", "keep")]
        reply = me.send("move", move=(plays or legal)[0])
        assert reply["type"] == "answer", reply
        moves = reply["answer"]["moves_played"]
        told = other.until(moves)
        steps = told["computer_moves"]
        assert steps and all(["Ann", "Bob"][mover] in s["text"] for s in steps)
        assert told["log"][-1]["who"] == "opponent"
    else:
        pytest.fail("the match did not end")
    ends = [p.answer["end"] for p in people]
    assert {ends[0]["result"], ends[1]["result"]} == {"won", "lost"}
    assert ends[0]["totals"] == ends[1]["totals"][::-1] or ends[0]["totals"] == ends[1]["totals"]
    assert people[0].scanner and people[0].scanner.checked > 10
    # Undo is refused once over; the next match comes to both with the same people,
    # once both agree: Bob offers, Ann declines over the line, Bob offers again and
    # Ann accepts (by the HTTP route, as the table does).
    assert people[0].send("undo")["type"] == "error"
    for person in people:
        person.scanner = None  # the next game's cards are not the finished one's
    offered = people[1].send("next")["answer"]
    assert offered["id"] == gid and offered["live"]["rematch"]["state"] == "offered_by_you"
    assert rematch_news(people[0], "offered_by_them")["text"] == "Bob offers a rematch."
    declined = people[0].send("next", on=False)["answer"]["live"]["rematch"]
    assert declined["state"] == "declined_by_you"
    assert rematch_news(people[1], "declined_by_them")["text"] == "Ann declined the rematch."
    people[1].send("next")
    rematch_news(people[0], "offered_by_them")
    following = ann.post(f"/api/games/{gid}/next").json()
    assert following["id"] != gid and following["live"]["seats"][1]["name"] == "Bob"
    accepted = rematch_news(people[1], "accepted_by_them")
    assert people[1].answer["live"]["next"] == following["id"]
    assert accepted["text"] == "Ann accepted: the next game has started."
    again = people[1].send("next")["answer"]
    assert again["id"] == following["id"] and again["seat"] == 1
    for person in people:
        person.close()


def rematch_news(person: Person, state: str) -> dict[str, Any]:
    """The offer of the next game, from the first news that tells it in ``state``
    (news of the game's last moves may come first)."""
    for _ in range(20):
        rematch = person.wait_news()["live"]["rematch"]
        if rematch is not None and rematch["state"] == state:
            return dict(rematch)
    raise AssertionError(f"never told the offer is {state}")


def test_the_card_just_drawn_is_named_to_the_one_who_drew_it_only(make_client: Make) -> None:
    """The waiting friend's status repeated the mover's prompt, card and all ("Ann's
    turn: play yellow 4, just drawn, or keep it"): a card of Ann's hand told to Bob."""
    app, ann, bob, gid = seated(make_client, "uno", seed=3)
    clients = [ann, bob]
    for _ in range(200):
        answers = [c.get(f"/api/games/{gid}").json() for c in clients]
        mover = answers[0]["to_move"]
        drawn = answers[mover]["view"]["drawn"]
        if drawn is not None:
            break
        legal = answers[mover]["legal_moves"]
        move = "draw" if "draw" in legal else legal[0]
        played = clients[mover].post(f"/api/games/{gid}/moves", json={"move": move})
        assert played.status_code == 200, played.text
    else:
        pytest.fail("nobody drew a card they may play")
    mine, theirs = answers[mover]["status"], answers[1 - mover]["status"]
    assert mine.startswith("Your turn: play ") and mine.endswith(", just drawn, or keep it.")
    name = ["Ann", "Bob"][mover]
    assert theirs == f"{name}'s turn: play the card just drawn, or keep it."


def test_chinese_patience_series_live(make_client: Make) -> None:
    app, ann, bob, gid = seated(make_client, "chinese-patience")
    people = [
        Person(ann, gid, SeatScanner(engine(app, gid), 0)),
        Person(bob, gid, SeatScanner(engine(app, gid), 1)),
    ]
    for n in range(600):
        answer = people[0].answer
        if answer["outcome"] is not None:
            break
        mover = answer["to_move"]
        legal = people[mover].answer["legal_moves"]
        home = [m for m in legal if re.search(r"^\S+ [1-4]$", m)]
        reply = people[mover].send("move", move=(home or legal)[n * 7 % len(home or legal)])
        assert reply["type"] == "answer", reply
        people[1 - mover].until(reply["answer"]["moves_played"])
    else:
        pytest.fail("the game did not end")
    totals = [p.answer["series"]["totals"] for p in people]
    assert totals[0] == totals[1] and sum(totals[0]) > 0
    people[0].scanner = None
    people[1].send("next")  # offered, then accepted: the series' next game
    following = people[0].send("next")["answer"]
    assert following["series"]["number"] == 2 and following["series"]["totals"] == totals[0]
    for person in people:
        person.close()


def test_undo_against_a_person_only_until_the_other_moves(make_client: Make) -> None:
    app, ann, bob, gid = seated(make_client, "chinese-patience", first=0)
    a, b = Person(ann, gid), Person(bob, gid)
    assert a.answer["your_turn"]
    # Chinese Patience shows no new card on a pile move: undo until Bob moves.
    first = a.send("move", move=a.answer["legal_moves"][0])["answer"]
    if first["to_move"] == 0:  # still Ann's turn: one more
        first = a.send("move", move=first["legal_moves"][0])["answer"]
    b.until(first["moves_played"])
    if first["can_undo"]:
        back = a.send("undo")["answer"]
        assert back["moves_played"] < first["moves_played"]
        told = b.wait_news()
        assert told["message"].startswith("Ann took back 1 move: Ann ")
        assert told["log_start"] == 0
        first = a.send("move", move=back["legal_moves"][0])["answer"]
        b.until(first["moves_played"])
    mover = first["to_move"]
    people = [a, b]
    reply = people[mover].send("move", move=people[mover].answer["legal_moves"][0])["answer"]
    people[1 - mover].until(reply["moves_played"])
    refused = people[1 - mover].send("undo")
    assert refused["type"] == "error"
    assert "other player has moved" in refused["error"] or "not moved" in refused["error"]
    # Nobody can act in the other's seat, whatever they send.
    version = people[mover].answer["live"]["version"]
    idle = people[1 - mover]
    if idle.answer["your_turn"] is False:
        wrong = idle.send("move", move=people[mover].answer["legal_moves"][0])
        assert wrong["type"] == "error" and "not your turn" in wrong["error"]
    assert ann.get(f"/api/games/{gid}", params={"seat": 1}).json()["seat"] == 0
    assert a.sync()["live"]["version"] == version
    a.close()
    b.close()


FUZZ: list[Any] = [
    "not json",
    "[1, 2, 3]",
    "{}",
    '{"type": 5}',
    '{"type": "teleport"}',
    '{"type": "move"}',
    '{"type": "move", "move": ""}',
    '{"type": "move", "move": "' + "R" * 300 + '"}',
    '{"type": "move", "move": ["X5"]}',
    '{"type": "move", "move": "Z9"}',
    '{"type": "move", "move": "X5", "seat": 1}',
    '{"type": "move", "move": "X5", "id": {"a": 1}}',
    '{"type": "pause", "on": "yes"}',
    '{"type": "seat_computer", "level": "godlike"}',
    '{"type": "claim"}',
    '{"type": "take_seat"}',
    '{"type": "next"}',
    '{"type": "next", "on": "no"}',
    '{"type": "next", "on": false}',
    '{"type": "redo"}',
    "[" * 1500 + "]" * 1500,
    "x" * 5000,
    '{"type": "move", "move": "\\u0000"}',
    b"\x00\x01binary",
]


def test_fuzzed_messages_get_a_clear_error_and_change_nothing(make_client: Make) -> None:
    app, ann, bob, gid = seated(make_client, "uno")
    a = Person(ann, gid)  # (errors quote the rules' example cards: no scanner here)
    before = app.state.store.get(gid)
    for item in FUZZ:
        if isinstance(item, bytes):
            a.ws.send_bytes(item)
        else:
            a.ws.send_text(item)
        message = a.receive()
        assert message["type"] == "error", (item, message)
        assert isinstance(message["error"], str) and 0 < len(message["error"]) < 400
    after = app.state.store.get(gid)
    assert after is not None and before is not None
    assert (after.version, after.moves) == (before.version, before.moves)
    assert a.send("ping")["type"] == "pong"
    a.close()


def test_presence_pause_claim_and_the_computer_in_an_empty_seat(make_client: Make) -> None:
    app = create_app(":memory:", secret="test-secret", away_seconds=0.3)
    app, ann, bob, gid = seated(make_client, "uno", app=app, seed=2)  # Bob moves first
    a, b = Person(ann, gid), Person(bob, gid)
    assert a.sync()["live"]["seats"][1]["present"] is True
    # Bob steps away on his turn: Ann hears it at once; the claim waits for the stated time.
    b.close()
    told = a.wait_news()
    assert told["live"]["seats"][1]["present"] is False
    assert told["live"]["claim_in"] is not None
    # Both agree to pause first: then there is nothing to claim.
    b = Person(bob, gid)
    assert b.send("pause")["answer"]["live"]["pause"] == "asked_by_you"
    assert a.wait_news()["live"]["pause"] == "asked_by_them" or a.sync()
    assert a.send("pause")["answer"]["live"]["pause"] == "paused"
    b.close()
    time.sleep(0.4)
    refused = a.send("claim")
    assert refused["type"] == "error" and "no win to claim" in refused["error"]
    # Bob comes back and plays on (ending the pause), then goes for good.
    b = Person(bob, gid)
    assert b.answer["live"]["pause"] == "paused"
    people = [a, b]
    for _ in range(20):  # (on Ann's own turn nothing counts: see test_friend_table)
        mover = b.sync()["to_move"]
        played = people[mover].send("move", move=people[mover].sync()["legal_moves"][0])
        assert played["answer"]["live"]["pause"] is None
        if played["answer"]["to_move"] == 1:
            break
    b.close()
    time.sleep(0.4)
    claimed = a.send("claim")["answer"]
    assert claimed["end"]["result"] == "won"
    assert "Bob was away too long" in claimed["end"]["detail"]
    assert claimed["final"] and isinstance(claimed.get("seed"), int)
    a.close()
    # Bob's side of the table.
    seen = bob.get(f"/api/games/{gid}").json()
    assert seen["end"]["result"] == "resigned" or seen["end"]["result"] == "lost"
    assert "You were away too long" in seen["end"]["detail"]


def test_the_computer_takes_a_free_seat(make_client: Make) -> None:
    app = create_app(":memory:", secret="test-secret")
    ann, bob = make_client(app=app), make_client(app=app)
    first = invite(ann, "uno")
    a = Person(ann, first["id"])
    sat = a.send("seat_computer", level="random")["answer"]
    assert sat["live"]["seats"][1]["kind"] == "computer" and sat["live"]["invite"] is None
    assert sat["your_turn"] or sat["outcome"] is not None
    # The invitation is closed now.
    late = bob.post(f"/api/games/{first['id']}/join", json={"token": first["live"]["invite"]})
    assert late.status_code == 404
    reply = a.send("move", move=sat["legal_moves"][0])["answer"]
    assert reply["moves_played"] >= 2 or reply["your_turn"]
    a.close()


def test_a_restarted_server_resumes_the_live_game(make_client: Make, db_path: str) -> None:
    first_app = create_app(db_path, secret="test-secret")
    _, ann, bob, gid = seated(make_client, "uno", app=first_app)
    a = Person(ann, gid)
    mover = a.answer["to_move"]
    owner = [ann, bob][mover]
    # "draw", unless the deal turned up a Wild first and the starter must name a colour
    legal = owner.get(f"/api/games/{gid}").json()["legal_moves"]
    move = "draw" if "draw" in legal else legal[0]
    played = owner.post(f"/api/games/{gid}/moves", json={"move": move}).json()
    assert "moves_played" in played, played
    a.close()
    # A new server on the same file: both browsers (same cookies) carry on.
    second_app = create_app(db_path, secret="test-secret")
    ann2, bob2 = make_client(app=second_app), make_client(app=second_app)
    ann2.cookies = ann.cookies
    bob2.cookies = bob.cookies
    a2, b2 = Person(ann2, gid), Person(bob2, gid)
    assert a2.answer["moves_played"] == played["moves_played"]
    assert b2.answer["view"] == bob.get(f"/api/games/{gid}").json()["view"]
    a2.close()
    b2.close()


# --- databases made before games between two people ---------------------------------------

#: The ``games`` table as parlour created it before the ``guest`` column and the
#: ``presence`` table existed.
OLD_SCHEMA = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, player TEXT NOT NULL, game TEXT NOT NULL, options TEXT NOT NULL,
    seed BIGINT NOT NULL, opponent TEXT, moves TEXT NOT NULL, future TEXT NOT NULL,
    resigned_by INTEGER, undo_floor INTEGER NOT NULL, meta TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL,
    finished INTEGER NOT NULL, outcome TEXT, version INTEGER NOT NULL
);
CREATE INDEX games_player ON games (player, updated);
CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)
"""
OLD_ROW = (
    "INSERT INTO games VALUES ('old-game', 'old-player', 'uno', '{}', 7, 'random', '[]', '[]',"
    " NULL, 0, '{}', 1.0, 1.0, 0, NULL, 1)"
)


def _old_game_keeps_working(make_client: Make, db: str) -> None:
    app = create_app(db, secret="test-secret")
    old = make_client(app=app)
    signed = Signer("test-secret", salt="parlour-player").sign("old-player").decode()
    old.cookies.set("parlour_player", signed)
    answer = old.get("/api/games/old-game")
    assert answer.status_code == 200, answer.text
    assert answer.json()["live"] is None
    played = old.post("/api/games/old-game/moves", json={"move": answer.json()["legal_moves"][0]})
    assert played.status_code == 200, played.text
    # and a friend's game in the same database
    _, ann, bob, gid = seated(make_client, "uno", app=app)
    assert [g["id"] for g in bob.get("/api/games").json()["games"]] == [gid]


def test_an_older_sqlite_database_is_brought_up_to_date(make_client: Make, db_path: str) -> None:
    import sqlite3

    with sqlite3.connect(db_path) as db:
        db.executescript(OLD_SCHEMA + ";" + OLD_ROW)
    _old_game_keeps_working(make_client, db_path)
    with sqlite3.connect(db_path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    assert "guest" in columns


def test_an_older_postgresql_database_is_brought_up_to_date(
    make_client: Make, postgres_url: str
) -> None:
    import psycopg

    name = f"old_{int(time.time() * 1000)}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}".encode())
    url = postgres_url.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(url, autocommit=True) as db:
        for statement in OLD_SCHEMA.split(";"):
            db.execute(statement.encode())
        db.execute(OLD_ROW.encode())
    _old_game_keeps_working(make_client, url)


def test_two_app_servers_on_postgresql_deliver_each_move(
    make_client: Make, postgres_url: str
) -> None:
    """Ann on one app server, Bob on another: each move reaches the other through
    PostgreSQL's NOTIFY (the two real servers are in test_web_friends_servers)."""
    first = create_app(postgres_url, secret="test-secret")
    second = create_app(postgres_url, secret="test-secret")
    ann, bob = make_client(app=first), make_client(app=second)
    made = invite(ann, "uno", target=1)
    gid = made["id"]
    token = made["live"]["invite"]
    assert bob.post(f"/api/games/{gid}/join", json={"token": token, "name": "Bob"}).is_success
    a, b = Person(ann, gid), Person(bob, gid)
    assert a.wait_news()["live"]["seats"][1]["present"] or a.sync()["live"]["seats"][1]["present"]
    people = [a, b]
    for _ in range(30):
        mover = a.sync()["to_move"]
        if a.answer["outcome"] is not None:
            break
        me = people[mover]
        reply = me.send("move", move=me.answer["legal_moves"][0])["answer"]
        told = people[1 - mover].until(reply["moves_played"])
        assert told["computer_moves"], "the other server told the move"
    a.close()
    b.close()


def test_the_next_game_against_the_computer(client: TestClient) -> None:
    first = client.post(
        "/api/games", json={"game": "chinese-patience", "opponent": "random", "name": "Ann"}
    ).json()
    assert first["live"] is None
    early = client.post(f"/api/games/{first['id']}/next")
    assert early.status_code == 409
    client.post(f"/api/games/{first['id']}/resign")
    following = client.post(f"/api/games/{first['id']}/next").json()
    assert following["id"] != first["id"] and following["series"]["number"] == 2
    again = client.post(f"/api/games/{first['id']}/next").json()
    assert again["id"] == following["id"]
