"""The one undo rule, the same through the web API, ``parlour play`` and the terminal
table: one scenario per case of the rule (see :mod:`parlour.service.policy`).

- a patience move can be taken back, even one that showed a card;
- against the computer, a move that showed the person a card cannot;
- a final game (won, resigned, a lost patience left) cannot;
- a lost patience can, until the person leaves it;
- two people at one table: not after the other has moved.

Each scenario is a list of steps played through a driver per front end. An undo
step records whether it was allowed and what the person was told; the test checks
each front end against the expected outcome and the moves left, and that the three
agree. The terminal table has no two-people mode (``parlour tui`` takes computer
levels only), so the last case runs through the web API and ``parlour play``.
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.service import open_service

# --- scenarios -------------------------------------------------------------------------


@dataclass
class Scenario:
    """A game and what is done at it; ``undos`` are the expected outcomes in order:
    (allowed, words the refusal contains, moves left after)."""

    name: str
    game: str
    seed: int
    opponent: str | None
    steps: list[tuple[str, str]]
    undos: list[tuple[bool, str, int]]
    front_ends: tuple[str, ...] = ("web", "cli", "tui")
    options: dict[str, Any] = field(default_factory=dict)


def _losing_line(game: str, seed: int) -> list[str]:
    """Moves (always the last legal one) that lose this patience deal."""
    service = open_service(":memory:")
    answer = service.start("me", game, seed)
    moves: list[str] = []
    while answer["end"] is None:
        moves.append(answer["legal_moves"][-1])
        answer = service.play("me", answer["id"], moves[-1])
    assert answer["result"] == "lost" and not answer["final"]
    return moves


LOST_GATE = _losing_line("gate", 2)

SCENARIOS = [
    Scenario(
        "a patience move that showed a card is taken back",
        "calculation",
        1,
        None,
        [("play", "S W1"), ("play", "S W2"), ("undo", ""), ("undo", ""), ("undo", "")],
        [(True, "", 1), (True, "", 0), (False, "nothing to undo", 0)],
    ),
    Scenario(
        "against the computer, a draw that showed a card is not",
        "uno",
        13,
        "random",
        [("play", "draw"), ("undo", "")],
        [(False, "showed you a card", -1)],
    ),
    Scenario(
        "against the computer, a twist that turned up a card is not",
        "chinese-patience",
        5,
        "random",
        [("play", "twist"), ("undo", "")],
        [(False, "showed you a card", 1)],
    ),
    Scenario(
        "a resigned game is final",
        "calculation",
        1,
        None,
        [("play", "S W1"), ("resign", ""), ("undo", "")],
        [(False, "over", 1)],
    ),
    Scenario(
        "a resigned game against the computer is final",
        "uno",
        13,
        "random",
        [("resign", ""), ("undo", "")],
        [(False, "over", -1)],
    ),
    Scenario(
        "a lost patience is taken back until it is left",
        "gate",
        2,
        None,
        [*(("play", m) for m in LOST_GATE), ("undo", ""), ("redo", ""), ("resign", "")]
        + [("undo", "")],
        [(True, "", len(LOST_GATE) - 1), (False, "over", len(LOST_GATE))],
    ),
    Scenario(
        "two people: not after the other has moved",
        "uno",
        2,
        "human",
        [("play", "G4"), ("play", "G5"), ("undo", "")],
        [(False, "", 2)],
        front_ends=("web", "cli"),
    ),
]


@dataclass
class Undo:
    allowed: bool
    told: str
    moves: int


# --- drivers ------------------------------------------------------------------------------


def through_web(s: Scenario) -> list[Undo]:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from parlour.web import create_app

    with TestClient(create_app(":memory:", secret="undo")) as client:
        body = {"game": s.game, "seed": s.seed, "options": s.options}
        if s.opponent:
            body["opponent"] = s.opponent
        answer = client.post("/api/games", json=body).json()
        gid = answer["id"]
        undos: list[Undo] = []
        for what, move in s.steps:
            if what == "play":
                done = client.post(f"/api/games/{gid}/moves", json={"move": move})
                assert done.status_code == 200, done.text
            elif what in ("resign", "redo"):
                assert client.post(f"/api/games/{gid}/{what}").status_code == 200
            else:
                done = client.post(f"/api/games/{gid}/undo")
                moves = client.get(f"/api/games/{gid}").json()["moves_played"]
                told = done.json().get("message") or done.json().get("error", "")
                undos.append(Undo(done.status_code == 200, told, moves))
        return undos


PROMPT = re.compile(r"^(?:move|[Pp]layer \d|next)> (.*)$", re.M)


def through_cli(s: Scenario) -> list[Undo]:
    """``parlour play`` with the steps piped in; each undo's answer is what follows
    its echoed line."""
    lines = ["undo" if what == "undo" else what if what != "play" else m for what, m in s.steps]
    argv = ["play", s.game, "--seed", str(s.seed), "--db", "undo.db"]
    if s.opponent:
        argv += ["--opponent", s.opponent]
    out = io.StringIO()
    old_in, old_out = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("\n".join([*lines, "quit", "Q"]) + "\n"), out
    try:
        main(argv)
    finally:
        sys.stdin, sys.stdout = old_in, old_out
    text = out.getvalue()
    echoes = list(PROMPT.finditer(text))
    service = open_service("undo.db")
    record = service.store.get(service.unfinished()[0]["id"]) if service.unfinished() else None
    undos: list[Undo] = []
    for n, echo in enumerate(echoes):
        if echo.group(1) != "undo":
            continue
        end = echoes[n + 1].start() if n + 1 < len(echoes) else len(text)
        told = text[echo.end() : end].strip()
        allowed = told.startswith("Took back")
        undos.append(Undo(allowed, told, -1))
    # Moves left at the end (the CLI shows no count per step): checked on the last undo.
    finished = service.store.list_player(service.local_player())
    last = max(finished, key=lambda r: r.updated) if finished else record
    if undos and last is not None:
        undos[-1].moves = len(last.moves)
    service.store.close()
    return undos


def through_tui(s: Scenario) -> list[Undo]:
    pytest.importorskip("textual")
    from parlour.tui.app import ParlourApp
    from parlour.tui.screen import TableScreen

    undos: list[Undo] = []
    app = ParlourApp(
        ":memory:", s.game, seed=s.seed, opponent=s.opponent, pause=0, warm_players=False
    )

    async def answered(pilot: Any) -> None:
        """The service's answers are worked out in worker threads: wait for them."""
        await app.workers.wait_for_complete()
        await pilot.pause()

    async def run() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await answered(pilot)
            for n, (what, move) in enumerate(s.steps):
                screen = app.screen
                while not isinstance(screen, TableScreen):  # the end panel: back to the table
                    await pilot.press("escape")
                    await pilot.pause()
                    screen = app.screen
                if what == "play" and n + 1 < len(s.steps) and s.steps[n + 1][0] == "play":
                    # A long line is played through the table's own backend (drawing
                    # each position is slow); the screen catches up at the next move.
                    app.backend.play(screen.game_id, move)
                    continue
                if what == "play":
                    screen.submit(move)
                elif what == "resign":
                    screen.give_up()
                elif what == "redo":
                    screen.redo()
                else:
                    await pilot.press("u")
                await answered(pilot)
                if what == "undo":
                    screen = app.screen
                    assert isinstance(screen, TableScreen)
                    allowed = not screen.flash_error
                    undos.append(Undo(allowed, screen.flash, screen.answer["moves_played"]))

    asyncio.run(run())
    return undos


DRIVERS: dict[str, Callable[[Scenario], list[Undo]]] = {
    "web": through_web,
    "cli": through_cli,
    "tui": through_tui,
}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_the_undo_rule_is_the_same_at_every_front_end(
    scenario: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seen: dict[str, list[Undo]] = {}
    for name in scenario.front_ends:
        seen[name] = DRIVERS[name](scenario)
        assert len(seen[name]) == len(scenario.undos), (name, seen[name])
        for got, (allowed, words, moves) in zip(seen[name], scenario.undos, strict=True):
            assert got.allowed is allowed, (name, got)
            if not allowed and name != "cli" or not allowed and "over" not in words:
                assert words.lower() in got.told.lower(), (name, got)
            if moves >= 0 and got.moves >= 0:
                assert got.moves == moves, (name, got)
    outcomes = {name: [u.allowed for u in undos] for name, undos in seen.items()}
    assert len({tuple(v) for v in outcomes.values()}) == 1, outcomes
