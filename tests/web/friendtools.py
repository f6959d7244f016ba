"""Helpers for the tests of games between two people: a person at the live line
(the WebSocket) and a scanner for what each seat may not see."""

from __future__ import annotations

import json
import re
from typing import Any

from parlour.cards import card_str, uno_str
from parlour.core.session import Game

#: Card codes where they stand alone: not next to a letter, a digit, '-' or '_'. A game's
#: id and an invite's token are URL-safe base64 ("...x-W4_q..."), and a code read inside
#: one failed the whole-match test now and then ("seat 0 was sent hidden cards ['W4']";
#: about 1 token in 500 held one by the old bounds).
FRENCH = re.compile(r"(?<![A-Za-z0-9_-])[A2-9TJQK][CDHS](?![A-Za-z0-9_-])")
UNO = re.compile(r"(?<![A-Za-z0-9_-])(?:[RGYB](?:[0-9]|S|D)|W4?)(?![A-Za-z0-9_-])")


def hidden_from(game: Game, seat: int) -> list[list[str]]:
    """The cards ``seat`` may not know now (the test's privilege: the engine's state)."""
    s: Any = game.state
    if game.name == "uno":
        return [[uno_str(c) for c in s._hands[1 - seat]], [uno_str(c) for c in s._draw]]
    return [
        [card_str(c) for c in hand]
        for i, hand in enumerate(s.hands)
        if not (s.turned >> i) & 1 and len(hand) > 0
    ]


def _strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return [data] if isinstance(data, str) else []


class SeatScanner:
    """Every message to one seat, checked against the engine: no card that seat has
    not been shown, no hidden pile in order, no seed or invitation of the other."""

    def __init__(self, game: Any, seat: int) -> None:
        self.game = game  # a callable giving the engine's Game now
        self.seat = seat
        self.pattern = UNO if game().name == "uno" else FRENCH
        self.seen: set[str] = set()
        self.checked = 0

    def check(self, message: Any) -> None:
        self.checked += 1
        game: Game = self.game()
        for text in _strings(game.view(self.seat)):
            self.seen.update(self.pattern.findall(text))
        piles = hidden_from(game, self.seat)
        hidden = {c for pile in piles for c in pile}
        shown = set(self.pattern.findall(json.dumps(message)))
        leaked = (shown & hidden) - self.seen
        assert not leaked, f"seat {self.seat} was sent hidden cards {sorted(leaked)}"
        text = json.dumps(message)
        for pile in piles:
            if len(pile) >= 2 and not set(pile) <= self.seen:
                assert json.dumps(pile) not in text, "a message carries a hidden pile in order"
        if game.outcome is None:
            assert '"seed"' not in text and '"deck"' not in text, "the deal of a live game"


def _stamp(answer: dict[str, Any]) -> str:
    """What of a live table news is about (as the service's ``friends.stamp``)."""
    table = dict(answer["live"])
    seats = [{k: v for k, v in seat.items() if k != "away"} for seat in table.pop("seats")]
    claim = table.pop("claim_in") is None
    table.pop("version")
    return json.dumps([seats, table, claim], sort_keys=True)


#: Live lines still open, closed after each test even when it fails (an open line
#: would keep its app from shutting down, and the test run would hang).
OPEN: list[Person] = []


class Person:
    """One browser's live line: send commands, collect what the server tells."""

    def __init__(self, client: Any, game_id: str, scanner: SeatScanner | None = None) -> None:
        self.client = client
        self.game_id = game_id
        self.scanner = scanner
        self.socket = client.websocket_connect(f"/api/games/{game_id}/live")
        self.ws = self.socket.__enter__()
        OPEN.append(self)
        self.news: list[dict[str, Any]] = []
        self.count = 0
        first = self.receive()
        assert first["type"] == "answer" and first["cause"] == "state"
        self.answer: dict[str, Any] = first["answer"]

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        if self.scanner is not None:
            self.scanner.check(message)
        return message

    def send(self, kind: str, **body: Any) -> dict[str, Any]:
        """Send a command and wait for its reply (news met on the way are kept)."""
        self.count += 1
        self.ws.send_json({"type": kind, "id": self.count, **body})
        return self.reply(self.count)

    def reply(self, ident: Any) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message.get("id") == ident and message["type"] in ("answer", "error", "pong"):
                if message["type"] == "answer":
                    self.answer = message["answer"]
                return message
            self.news.append(message)
            if message["type"] == "answer":
                self.answer = message["answer"]

    def wait_news(self) -> dict[str, Any]:
        """The next news the server sends unasked, past any that only repeat this
        person's own moves (sent so that a second tab keeps up)."""
        while True:
            message = self.news.pop(0) if self.news else self.receive()
            assert message["type"] == "answer" and message["cause"] == "news", message
            own = not message["answer"]["computer_moves"] and not message["answer"]["message"]
            same = _stamp(message["answer"]) == _stamp(self.answer)
            self.answer = message["answer"]
            if not (own and same):
                return message["answer"]

    def until(self, played: int) -> dict[str, Any]:
        """Read news until the game has ``played`` moves told (and return the last)."""
        while self.answer["moves_played"] != played or self.answer["live"]["version"] < 0:
            self.wait_news()
        return self.answer

    def sync(self) -> dict[str, Any]:
        """Catch up: read news until the server has nothing more (a state request)."""
        self.news.clear()
        reply = self.send("state")
        for message in self.news:
            if message["type"] == "answer":
                self.answer = message["answer"]
        self.news.clear()
        self.answer = reply["answer"]
        return self.answer

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
            self.socket.__exit__(None, None, None)
