"""Calculation encoded for learning (``parlour.ai.encoding``): foundations, waste piles
and the stock's current card as card planes, then the stock count and the variant."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding

PLANES = Planes(["F1", "F2", "F3", "F4", "W1", "W2", "W3", "W4", "S"], FRENCH, ["stock", "classic"])


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["foundations"].items():
        p.pile(out, name, cards, norm=13)
    for name, cards in view["waste"].items():
        p.pile(out, name, cards)
    current = view.get("current")
    p.pile(out, "S", [current] if current else [], hidden=max(0, view["stock_count"] - 1))
    p.scalar(out, "stock", view["stock_count"] / 48)
    p.scalar(out, "classic", 1.0 if view.get("options", {}).get("classic") else 0.0)


ENCODING = register_encoding("calculation", Encoding(PLANES, fill))
