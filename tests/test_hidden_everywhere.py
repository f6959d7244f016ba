"""The invariant of issue 20, through the web API and ``parlour play``: nothing that
reaches a person (an answer, a line on the terminal, a save file) names a hidden
card they have not seen of a game they can still play on, or gives its deal number
unless they chose it.

Games of all five on random deals (no deal chosen; the deal numbers are fixed
63-bit values, so a failure replays) are played with every command: moves,
hints, ``check``, undo and redo, save and load, resign, undo and redo after the
end, the verdict, the next game of a series. After each command what came back
is checked against the engine's hidden state (``tests/hidden_cards.py``).
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cheap_deals import make_deals_cheap
from hidden_cards import Watch
from parlour import cli
from parlour.cli import TerminalTable, main
from parlour.service import policy

#: Deal numbers handed out as "random" (53-bit, as the table's own: 2^53 / 3, digits
#: no view shows by chance).
RANDOM_DEALS = 3_002_399_751_580_331
GAMES = ["calculation", "gate", "eight-by-eight", "uno", "chinese-patience"]
TWO_PLAYER = {"uno", "chinese-patience"}


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    from parlour.service import table

    make_deals_cheap(monkeypatch)
    dealt = iter(range(RANDOM_DEALS, RANDOM_DEALS + 1000))
    monkeypatch.setattr(table, "random_seed", lambda: next(dealt))
    # a hint is judged here for what it shows, not how good it is: a short budget
    real_hint = table.ai_hint
    monkeypatch.setattr(table, "ai_hint", lambda game: real_hint(game, seconds=0.2))
    monkeypatch.chdir(tmp_path)
    yield


def engine(service: Any, game_id: str) -> tuple[Any, bool, int, bool, set[str]]:
    """The game behind an id, whether it is final, its seed, whether it was chosen,
    and the cards the table's events told seat 0 of (a card turned up, say)."""
    live = service._live[game_id]
    record = live.record
    told = [live.opening[0] if live.opening else [], *(t.events[0] for t in live.turns)]
    cards = {str(c) for events in told for event in events for c in event.cards}
    final = policy.is_final(record, live.game)
    return live.game, final, record.seed, bool(record.meta.get("chosen_seed")), cards


# --- the web API ---------------------------------------------------------------------


class WebPerson:
    """A person at the web table, every answer checked."""

    def __init__(self, client: Any, name: str) -> None:
        self.client = client
        self.service = client.app.state.service
        self.watch = Watch(name)
        self.game_id = ""
        self.checks = 0

    def ask(self, method: str, path: str, **kwargs: Any) -> Any:
        response = self.client.request(method, path, **kwargs)
        self.checks += 1
        assert response.status_code < 500, response.text
        data = response.json()
        if isinstance(data, dict) and data.get("id") and "view" in data:
            self.game_id = data["id"]
        game, final, seed, chosen, told = engine(self.service, self.game_id)
        self.watch.check(
            json.dumps(data, ensure_ascii=False),
            game,
            final=final,
            seed=seed,
            chosen=chosen,
            told=told,
        )
        if isinstance(data, dict) and not final and not chosen:
            assert "seed" not in data and (data.get("end") or {}).get("deal") is None
        return data


def web_playthrough(client: Any, name: str, moves: int) -> WebPerson:
    person = WebPerson(client, name)
    body: dict[str, Any] = {"game": name}
    if name in TWO_PLAYER:
        body["opponent"] = "random"
    answer = person.ask("POST", "/api/games", json=body)
    gid = answer["id"]
    for n in range(moves):
        if answer["end"] is not None:
            break
        parts = answer["moves"]
        for part in parts[:1]:  # may this go there? (the answer names no hidden card)
            source, target = part.get("source"), part.get("target")
            if source and target:
                person.ask(
                    "POST", f"/api/games/{gid}/check", json={"source": source, "target": target}
                )
        for source, target in (("S", "F1"), ("T", "F"), ("H", "F1"), ("draw", "hand"))[n % 4 :][:1]:
            person.ask("POST", f"/api/games/{gid}/check", json={"source": source, "target": target})
        if n % 5 == 2:
            person.ask("POST", f"/api/games/{gid}/hint")
        if n % 7 == 3:
            person.ask("POST", f"/api/games/{gid}/undo")
            person.ask("POST", f"/api/games/{gid}/redo")
            answer = person.ask("GET", f"/api/games/{gid}")
            if answer["end"] is not None:
                break
        if n % 5 == 1:
            person.ask("GET", f"/api/games/{gid}/verdict")  # refused while it can go on
        legal = answer["legal_moves"]
        move = legal[(n * 7) % len(legal)] if n % 3 == 0 else legal[-1]
        answer = person.ask("POST", f"/api/games/{gid}/moves", json={"move": move})
    if answer["end"] is not None and not answer["final"]:
        person.ask("POST", f"/api/games/{gid}/undo")
        answer = person.ask("POST", f"/api/games/{gid}/redo")
    if not answer["final"]:
        answer = person.ask("POST", f"/api/games/{gid}/resign")
    assert answer["final"] and answer["seed"] >= RANDOM_DEALS
    for command in ("undo", "redo", "hint", "resign"):
        person.ask("POST", f"/api/games/{gid}/{command}")
    person.ask("GET", f"/api/games/{gid}/verdict")
    person.ask("GET", "/api/games")
    person.ask("GET", "/api/stats")
    if answer["series"] is not None:  # the next game of the series: a new deal to keep
        nxt = person.ask("POST", "/api/games", json={**body, "series": gid})
        assert nxt["series"]["number"] == 2
        person.watch = Watch(name)
        person.ask("GET", f"/api/games/{nxt['id']}")
        person.ask("POST", f"/api/games/{nxt['id']}/hint")
        person.ask("GET", "/api/games")
    return person


@pytest.mark.parametrize("name", GAMES)
def test_the_web_api_shows_no_hidden_card_and_no_deal(fixed_deals: None, name: str) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from parlour.web import create_app

    with TestClient(create_app(":memory:", secret="hidden")) as client:
        person = web_playthrough(client, name, moves=20)
    assert person.checks > 30


# --- parlour play ---------------------------------------------------------------------

#: Stands for a legal move of the moment, chosen by the table below.
LEGAL = "<legal>"


class WatchedPerson(TerminalTable):
    """``parlour play``, checking before each line is read all that was printed since
    (and a save file just written) against the game behind it."""

    watch: Watch
    saves: list[tuple[str, bool]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        inner = self.read_line
        self.printed = 0
        self.last_line = ""
        self.moves_typed = 0

        def read(prompt: str) -> str | None:
            self._check_since()
            line = inner(prompt)
            if line == LEGAL:
                legal = self.answer["legal_moves"]
                self.moves_typed += 1
                line = legal[(self.moves_typed * 5) % len(legal)] if legal else "moves"
            self.last_line = line or ""
            return line

        self.read_line = read

    def _check_since(self) -> None:
        out = self.out.getvalue()  # type: ignore[attr-defined]
        text, self.printed = out[self.printed :], len(out)
        game, final, seed, chosen, told = engine(self.service, self.game_id)
        if self.game_id != getattr(self, "watched", self.game_id):  # a new deal: unseen
            WatchedPerson.watch = Watch(game.name)
        self.watched = self.game_id
        self.watch.check(text, game, final=final, seed=seed, chosen=chosen, told=told)
        if self.last_line.startswith("save ") and Path(self.last_line[5:]).exists():
            data = json.loads(Path(self.last_line[5:]).read_text())
            # The sealed deal is ciphertext (its letters could spell a card code).
            opened = json.dumps({k: v for k, v in data.items() if k != "sealed"})
            self.watch.check(opened, game, final=final, seed=seed, chosen=chosen, told=told)
            if not final:
                assert "seed" not in data and "deck" not in data, "a save of a game in play"
            WatchedPerson.saves.append((self.last_line[5:], final))


def play_lines(argv: list[str], lines: list[str], watch: Watch) -> str:
    out = io.StringIO()
    WatchedPerson.watch = watch
    old_in, old_out = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("\n".join(lines) + "\n"), out
    try:
        code = main(argv)
    finally:
        sys.stdin, sys.stdout = old_in, old_out
    text = out.getvalue()
    assert code in (0, 2) and "Traceback" not in text
    return text


@pytest.mark.parametrize("name", GAMES)
def test_parlour_play_shows_no_hidden_card_and_no_deal(
    fixed_deals: None, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(cli, "TerminalTable", WatchedPerson)
    WatchedPerson.saves = []
    argv = ["play", name, "--db", "games.db"]
    if name in TWO_PLAYER:
        argv += ["--opponent", "random"]
    watch = Watch(name)
    middle = [LEGAL, LEGAL, "hint", "moves", LEGAL, "undo", "redo", "show", "save mid.json"]
    lines = [*middle, *[LEGAL] * 12, "hint", "undo", "save late.json"]
    lines += [*[LEGAL] * 25, "undo", "redo", "resign", "undo", "redo", "hint", "V"]
    lines += ["save end.json", "N", LEGAL, "hint", "moves", "quit"]
    play_lines(argv, lines, watch)
    assert watch.checks > 20
    assert ("mid.json", False) in WatchedPerson.saves
    # The sealed save loads back at the same store, and shows nothing more.
    play_lines(["load", "mid.json", "--db", "games.db"], ["show", "moves", "hint", "quit"], watch)
    assert watch.checks > 25


def test_the_watch_catches_a_card_in_words_or_code_and_the_deal() -> None:
    import parlour

    game = parlour.new_game("calculation", seed=5)
    watch = Watch("calculation")
    hidden = watch.hidden_of(game)[0][3]
    words = hidden.replace("T", "10")[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[hidden[-1]]
    for text in (f"next comes {hidden}", f"You will see {words} soon."):
        with pytest.raises(AssertionError, match="hidden cards"):
            watch.check(text, game, final=False, seed=5, chosen=False)
    with pytest.raises(AssertionError, match="deal number"):
        watch.check("deal 5 of 7", game, final=False, seed=5, chosen=False)
    watch.check(f"deal 5, {hidden}", game, final=True, seed=5, chosen=False)
    uno = parlour.new_game("uno", seed=3)
    watch = Watch("uno")
    secret = watch.hidden_of(uno)[0][0]
    watch.look(uno)
    if secret not in watch.seen:
        with pytest.raises(AssertionError, match="hidden cards"):
            watch.check(f"the computer holds {secret}", uno, final=False, seed=3, chosen=True)
