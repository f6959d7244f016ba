"""Calculation encoded for learning (``parlour.ai.encoding``): foundations, waste piles
and the stock's current card as card planes, then the stock count and the variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding

PLANES = Planes(["F1", "F2", "F3", "F4", "W1", "W2", "W3", "W4", "S"], FRENCH, ["stock", "classic"])

#: place -> (what is counted, what the top card is, what the size says), for
#: docs/environments.md (``python -m parlour.envs.layout``).
PLACES: dict[str, tuple[str, str, str]] = {
    **{
        f"F{n}": (
            f"foundation F{n} (built from {base})",
            f"F{n}'s top card",
            f"cards on F{n} / 13",
        )
        for n, base in zip(range(1, 5), ("an Ace", "a 2", "a 3", "a 4"), strict=True)
    },
    **{
        f"W{n}": (f"waste pile W{n}", f"W{n}'s top card", f"cards in W{n} / 52")
        for n in range(1, 5)
    },
    "S": (
        "the stock's current card (the one to play)",
        "the same card",
        "cards in the stock, the current card included / 52",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    "stock": "cards in the stock, the current card included / 48",
    "classic": "1 in the classic variant (no empty-pile move), else 0",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["foundations"].items():
        p.pile(out, name, cards, norm=13)
    for name, cards in view["waste"].items():
        p.pile(out, name, cards)
    current = view.get("current")
    p.pile(out, "S", [current] if current else [], hidden=max(0, view["stock_count"] - 1))
    p.scalar(out, "stock", view["stock_count"] / 48)
    p.scalar(out, "classic", 1.0 if view.get("options", {}).get("classic") else 0.0)


ENCODING = register_encoding("calculation", Encoding(PLANES, fill, places=PLACES, scalars=SCALARS))
