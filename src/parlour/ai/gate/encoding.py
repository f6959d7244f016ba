"""The Gate encoded for learning (``parlour.ai.encoding``): posts, bars, waste heap and
foundations as card planes, then the stock count and the bar size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding, suit_run

PILES = ["L", "R", "T1", "T2", "T3", "T4", "B1", "B2", "B3", "B4"]
PLANES = Planes([*PILES, "W", "F"], FRENCH, ["stock", "bars"])

#: place -> (what is counted, what the top card is, what the size says), for
#: docs/environments.md (``python -m parlour.envs.layout``).
PLACES: dict[str, tuple[str, str, str]] = {
    **{
        post: (
            f"the {side} post {post}",
            "its lowest card, the one that can move",
            f"cards in {post} / 13",
        )
        for post, side in (("L", "left"), ("R", "right"))
    },
    **{
        pile: (
            f"bar pile {pile} ({'top' if pile[0] == 'T' else 'second'} bar)",
            f"{pile}'s top card",
            f"cards in {pile} / 13",
        )
        for pile in PILES[2:]
    },
    "W": ("the waste heap W", "its top card", "cards in W / 52"),
    "F": (
        "the cards on the four foundations",
        "the top of the last non-empty foundation (F1-F4)",
        "cards on the foundations / 52",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    "stock": "cards in the stock / 34",
    "bars": "1 with 3-card bars (option bars=3), else 0",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["piles"].items():
        p.pile(out, name, cards, norm=13)
    p.pile(out, "W", view["waste"])
    p.pile(out, "F", [c for top in view["foundations"].values() for c in suit_run(top)])
    p.scalar(out, "stock", view["stock_count"] / 34)
    p.scalar(out, "bars", 1.0 if view.get("bars") == 3 else 0.0)


ENCODING = register_encoding("gate", Encoding(PLANES, fill, places=PLACES, scalars=SCALARS))
