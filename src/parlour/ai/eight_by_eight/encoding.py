"""8 x 8 encoded for learning (``parlour.ai.encoding``): the rows (face-down cards
counted in their sizes), the pending talon card, the waste and the foundations as
card planes, then the talon count and the pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding, suit_run

ROWS = [f"T{i}" for i in range(1, 9)]
PLANES = Planes([*ROWS, "P", "W", "F"], FRENCH, ["talon", "pass"])

#: place -> (what is counted, what the top card is, what the size says), for
#: docs/environments.md (``python -m parlour.envs.layout``).
PLACES: dict[str, tuple[str, str, str]] = {
    **{
        row: (
            f"row {row}'s face-up cards",
            f"{row}'s top card",
            f"cards in {row}, face-down ones included / 20",
        )
        for row in ROWS
    },
    "P": (
        "the talon card turned up, waiting to be played (P)",
        "the same card",
        "1 while a talon card waits, else 0",
    ),
    "W": ("the waste W", "its top card", "cards in W / 40"),
    "F": (
        "the cards on the eight foundations",
        "the top of the last non-empty foundation (F1-F8)",
        "cards on the foundations / 104",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    "talon": "cards in the talon / 40",
    "pass": "the pass through the talon / the passes allowed (3)",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for row in view["rows"]:
        p.pile(out, row["name"], row["face_up"], hidden=row["face_down"], norm=20)
    pending = view.get("pending")
    p.pile(out, "P", [pending] if pending else [], norm=1)
    p.pile(out, "W", view["waste"], norm=40)
    found = [c for f in view["foundations"] for c in suit_run(f["top"])]
    p.pile(out, "F", found, norm=104)
    p.scalar(out, "talon", view["stock_count"] / 40)
    p.scalar(out, "pass", view["pass"] / max(1, view["passes"]))


ENCODING = register_encoding(
    "eight-by-eight", Encoding(PLANES, fill, places=PLACES, scalars=SCALARS)
)
