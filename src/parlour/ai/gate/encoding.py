"""The Gate encoded for learning (``parlour.ai.encoding``): posts, bars, waste heap and
foundations as card planes, then the stock count and the bar size."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding, suit_run

PILES = ["L", "R", "T1", "T2", "T3", "T4", "B1", "B2", "B3", "B4"]
PLANES = Planes([*PILES, "W", "F"], FRENCH, ["stock", "bars"])


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["piles"].items():
        p.pile(out, name, cards, norm=13)
    p.pile(out, "W", view["waste"])
    p.pile(out, "F", [c for top in view["foundations"].values() for c in suit_run(top)])
    p.scalar(out, "stock", view["stock"] / 34)
    p.scalar(out, "bars", 1.0 if view.get("bars") == 3 else 0.0)


ENCODING = register_encoding("gate", Encoding(PLANES, fill))
