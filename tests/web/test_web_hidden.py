"""Hidden information stays on the server: full games through the API, every
response scanned for cards the person has not been shown.

The hidden cards are read from the engine's own state (the test's privilege,
never the app's): the stock or talon order, face-down cards, the computer's
hand and the draw pile, and Chinese Patience hands as dealt. A card name counts
as leaked if it appears in a response while every copy of it is hidden and the
person has never seen it; besides, no response may carry a hidden pile in
order, or a seed while the game is in play.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hidden_cards import HIDDEN, hidden_calculation
from parlour.core.session import Game
from parlour.service import TableService as GameService
from parlour.service.policy import is_final


def _strings(data: Any, key: str = "") -> list[str]:
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in _strings(v, str(k))]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v, key)]
    return [data] if isinstance(data, str) else []


def _lists(data: Any) -> list[list[Any]]:
    found: list[list[Any]] = []
    if isinstance(data, dict):
        for v in data.values():
            found += _lists(v)
    elif isinstance(data, list):
        found.append(data)
        for v in data:
            found += _lists(v)
    return found


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


class Scanner:
    """Checks each response against the engine state behind it."""

    def __init__(self, service: GameService, game_id: str, name: str) -> None:
        self.service = service
        self.game_id = game_id
        self.hidden_of, self.pattern = HIDDEN[name]
        self.seen: set[str] = set()
        self.responses = 0

    def engine(self) -> Game:
        live = self.service._live[self.game_id]
        return live.game

    def check(self, response: dict[str, Any]) -> None:
        self.responses += 1
        game = self.engine()
        for text in _strings(game.view(0)):
            self.seen.update(self.pattern.findall(text))
        # Cards the table's events told the person of are known (UNO: a Wild Draw
        # Four turned up at the start and put back into the draw pile).
        live = self.service._live[self.game_id]
        for events in (live.opening[0] if live.opening else [], *(t.events[0] for t in live.turns)):
            self.seen.update(str(c) for event in events for c in event.cards)
        piles = self.hidden_of(game)
        hidden = {c for pile in piles for c in pile}
        text = json.dumps(response)
        shown = set(self.pattern.findall(text))
        visible_now = set()
        for s in _strings(game.view(0)):
            visible_now.update(self.pattern.findall(s))
        ordered = [p for p in piles if len(p) >= 2]
        for found in _lists(response):
            assert found not in ordered, "a response carries a hidden pile in order"
        leaked = (shown & hidden) - self.seen - visible_now
        assert not leaked, f"response shows hidden cards {sorted(leaked)}"
        live = self.service._live[self.game_id]
        if not is_final(live.record, game):
            assert not {"seed", "deck", "state"} & _keys(response), "seed or deal of a live game"


def play_through(client: TestClient, name: str, seed: int, limit: int) -> Scanner:
    """A game on a random deal (no seed chosen, so none may be shown while it can go
    on), played to its end with every command, then undo, redo and hint after it."""
    body: dict[str, Any] = {"game": name}
    if name in ("uno", "chinese-patience"):
        body["opponent"] = "random"
    first = client.post("/api/games", json=body).json()
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    scan = Scanner(service, first["id"], name)
    scan.check(first)
    answer = first
    gid = first["id"]
    for n in range(limit):
        if answer["outcome"] is not None:
            break
        legal = answer["view"]["legal_moves"]
        assert legal, "the person has a move whenever the game goes on"
        if n % 7 == 3:
            found = client.post(f"/api/games/{gid}/hint").json()
            scan.check(found)
        if n % 11 == 5:
            scan.check(client.post(f"/api/games/{gid}/undo").json())
            scan.check(client.post(f"/api/games/{gid}/redo").json())
            answer = client.get(f"/api/games/{gid}").json()
            scan.check(answer)
            legal = answer["view"]["legal_moves"]
            if answer["outcome"] is not None or not legal:
                break
        # Prefer progress: foundations first, then anything (deterministic per seed).
        home = [m for m in legal if re.search(r"\bF\d?$|^\S+ [1-4]$", m)]
        move = home[0] if home and n % 3 else legal[(n * 7 + seed) % len(legal)]
        answer = client.post(f"/api/games/{gid}/moves", json={"move": move}).json()
        scan.check(answer)
    if answer["outcome"] is not None and not answer["final"]:
        assert answer["can_undo"], "a lost patience may be taken back until it is left"
        back = client.post(f"/api/games/{gid}/undo").json()
        scan.check(back)
        assert back["outcome"] is None and "seed" not in back
        answer = client.post(f"/api/games/{gid}/redo").json()
        scan.check(answer)
    if not answer["final"]:
        answer = client.post(f"/api/games/{gid}/resign").json()
        scan.check(answer)
    assert answer["final"] is True and isinstance(answer["seed"], int)
    for command in ("undo", "redo", "hint", "resign"):
        refused = client.post(f"/api/games/{gid}/{command}")
        assert refused.status_code in (400, 409), "a final game stays over"
        scan.check(refused.json())
    scan.check(client.get("/api/games").json())
    scan.check(client.get(f"/api/games/{gid}").json())
    return scan


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints think for 0.05 s, not the table's 1 s: these games ask for one every
    seven moves (28 s of a Calculation game), and a leak is in what a hint says, not
    in how well it plays (the hints' own words are scanned either way)."""
    from functools import partial

    from parlour.service import table

    monkeypatch.setattr(table, "ai_hint", partial(table.ai_hint, seconds=0.05))


@pytest.mark.usefixtures("quick_hints")
@pytest.mark.parametrize(
    ("name", "seed", "limit"),
    [
        ("calculation", 11, 200),
        ("gate", 12, 200),
        ("eight-by-eight", 13, 200),
        ("chinese-patience", 14, 200),
        ("uno", 15, 200),
    ],
)
def test_full_games_show_no_hidden_card(
    client: TestClient, name: str, seed: int, limit: int
) -> None:
    scan = play_through(client, name, seed, limit)
    assert scan.responses > 20


def test_the_scanner_catches_a_leak(client: TestClient) -> None:
    first = client.post("/api/games", json={"game": "calculation"}).json()
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    scan = Scanner(service, first["id"], "calculation")
    stock = hidden_calculation(scan.engine())[0]
    with pytest.raises(AssertionError, match="hidden"):
        scan.check({**first, "extra": stock[5]})
    with pytest.raises(AssertionError, match="in order"):
        scan.check({**first, "extra": stock})
    with pytest.raises(AssertionError, match="seed"):
        scan.check({**first, "seed": 3})
