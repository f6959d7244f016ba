"""Writing a playthrough: one seeded game as text, a block per position.

The moves are chosen uniformly at random from the legal ones by ``Rng(seed)``, so
a playthrough depends on the engine alone (no computer player). Each block shows
the move that led to the position, the events, the prompt and the view of the
player now to move (JSON, one line each), and a digest of the whole state, hidden parts
included, so that a change to a hidden card shows too.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import parlour
from parlour.rng import Rng

__all__ = ["PLAYTHROUGHS", "Playthrough", "record"]

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Playthrough:
    """One golden file: a game, its options and seed, and at most ``limit`` moves."""

    file: str
    game: str
    seed: int
    limit: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return HERE / self.file


#: Seeds picked for games that end within the limit where random play lets them
#: (UNO: two hands to a target of 40), so the ends are in the files too.
PLAYTHROUGHS = (
    Playthrough("calculation.txt", "calculation", 236, 120),
    Playthrough("gate.txt", "gate", 110, 120),
    Playthrough("gate-bars3.txt", "gate", 173, 120, {"bars": 3}),
    Playthrough("eight-by-eight.txt", "eight-by-eight", 1, 100),
    Playthrough("uno.txt", "uno", 66, 150, {"target": 40}),
    Playthrough(
        "uno-calls.txt", "uno", 32, 150, {"target": 40, "uno_call": True, "w4_challenge": True}
    ),
    Playthrough("chinese-patience.txt", "chinese-patience", 294, 150),
)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _digest(key: Any) -> str:
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


def record(spec: Playthrough) -> str:
    """The playthrough's text: a header, then one block per position."""
    game = parlour.new_game(spec.game, seed=spec.seed, **spec.options)
    chooser = Rng(spec.seed)
    lines = [
        f"# {game.state.title}: seed {spec.seed}, options {_json(spec.options)}",
        f"# moves: uniformly random legal moves from Rng({spec.seed}), at most {spec.limit}",
        "# regenerate: python -m tests.playthroughs.regenerate",
        f"deal: {game.state.deal_str()}",
    ]
    played = 0
    heading = "start"
    while True:
        state = game.state
        seat = state.to_move
        asked = state.prompt(seat)
        lines += [
            "",
            f"[{played}] {heading}",
            f"to move: {seat}",
            f"events: {_json([e.to_dict() for e in state.last_events(seat)])}",
            f"prompt: {_json(None if asked is None else asked.to_dict())}",
            f"view: {_json(dict(state.view(seat)))}",
            f"state: {_digest(state.key())}",
        ]
        if game.outcome is not None:
            lines.append(f"outcome: {_json(game.outcome.to_dict())}")
            break
        if played == spec.limit:
            lines.append(f"(stopped after {played} moves)")
            break
        moves = game.legal_moves()
        move = moves[chooser.randbelow(len(moves))]
        game.play(move)
        played += 1
        heading = f"player {seat}: {move}"
    return "\n".join(lines) + "\n"
