"""Calculation encoded for learning (``parlour.ai.encoding``): foundations, waste piles
and the stock's current card as card planes, their sizes (the stock's among them), then
the variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding

#: The stock's size is said once, as the size of its place ``S`` (out of the 48 cards
#: it holds at the deal). A scalar said it again over 48 while the place said it over
#: 52: two numbers, always in step, for one fact.
PLANES = Planes(["F1", "F2", "F3", "F4", "W1", "W2", "W3", "W4", "S"], FRENCH, ["classic"])
#: Cards in the stock at the deal: all but the four foundations' bases.
STOCK = 48

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
        f"cards in the stock, the current card included / {STOCK}",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    "classic": "1 in the classic variant (no empty-pile move), else 0",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["foundations"].items():
        p.pile(out, name, cards, norm=13)
    for name, cards in view["waste"].items():
        p.pile(out, name, cards)
    current = view.get("current")
    stock = view["stock_count"]
    p.pile(out, "S", [current] if current else [], hidden=max(0, stock - 1), norm=STOCK)
    p.scalar(out, "classic", 1.0 if view.get("options", {}).get("classic") else 0.0)


ENCODING = register_encoding("calculation", Encoding(PLANES, fill, places=PLACES, scalars=SCALARS))
