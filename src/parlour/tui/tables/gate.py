"""The Gate: the two posts stand either side of the two bars, as on the rules page.

Posts are columns of five cards, the lowest one exposed; each bar position is a
pile built down in alternating colours, drawn as a row. Foundations, stock and
waste heap run along the top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...service.words import counted
from ..canvas import Canvas
from .base import DIM, LABEL, Table, draw_back, draw_card, draw_empty, draw_fan

__all__ = ["GateTable"]


class GateTable(Table):
    game = "gate"
    keys: ClassVar[dict[str, str]] = {
        "1": "T1",
        "2": "T2",
        "3": "T3",
        "4": "T4",
        "5": "B1",
        "6": "B2",
        "7": "B3",
        "8": "B4",
        "9": "L",
        "0": "R",
        "w": "W",
        "f": "F",
    }
    key_help = "enter: pile, then target"
    places: ClassVar[dict[str, str]] = {f"F{i}": "F" for i in range(1, 5)}

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        piles = view.get("piles", {})
        bars = int(view.get("bars", 4))
        # Top line: foundations, stock, waste heap.
        x = canvas.put(1, 2, "F ", LABEL)
        for name in ("F1", "F2", "F3", "F4"):
            x = draw_card(canvas, x, 2, view.get("foundations", {}).get(name)) + 1
        canvas.region("F", 0, 2, x)
        self.labels["F"] = "the foundations"
        sx = 24
        canvas.put(sx, 2, "S ", LABEL)
        stock = int(view.get("stock_count", 0))
        if stock:
            draw_back(canvas, sx + 2, 2, stock)
        else:
            draw_empty(canvas, sx + 2, 2)
        canvas.region("S", sx - 1, 2, 10)
        self.actions["S"] = self.named(self.parts(answer), "deal")
        self.fallback["S"] = "deal"
        self.labels["S"] = "the stock (deal)"
        wx = sx + 11
        canvas.put(wx, 2, "W ", LABEL)
        waste = list(view.get("waste", []))
        draw_fan(canvas, wx + 2, 2, waste, canvas.width - wx - 3)
        canvas.region("W", wx - 1, 2, canvas.width - wx + 1)
        self.labels["W"] = "the waste heap"
        if waste:
            canvas.put(wx + 2, 3, f"{counted(len(waste), 'card')}, top card last", DIM)

        # The gate: left post, the bars, right post.
        top = 5
        self._post(canvas, "L", list(piles.get("L", [])), 1, top)
        self._post(canvas, "R", list(piles.get("R", [])), canvas.width - 6, top)
        bar_x = 9
        bar_width = canvas.width - 2 * bar_x - 4
        canvas.put(bar_x, top, "Top bar", DIM)
        canvas.put(bar_x, top + bars + 2, "Second bar", DIM)
        for row, prefix in enumerate(("T", "B")):
            for i in range(bars):
                name = f"{prefix}{i + 1}"
                y = top + 1 + row * (bars + 2) + i
                x = canvas.put(bar_x, y, f"{name} ", LABEL)
                draw_fan(canvas, x, y, list(piles.get(name, [])), bar_width)
                canvas.region(name, bar_x - 1, y, bar_width + 4)
                self.labels[name] = name

    def _post(self, canvas: Canvas, name: str, cards: list[str], x: int, y: int) -> None:
        canvas.put(x + 1, y, name, LABEL)
        for i in range(5):
            if i < len(cards):
                draw_card(canvas, x + 1, y + 1 + i, cards[i], dim=i < len(cards) - 1)
            else:
                draw_empty(canvas, x + 1, y + 1 + i)
        canvas.region(name, x, y, 5, 6)
        self.labels[name] = "the left post" if name == "L" else "the right post"

    def shortcuts(self, view: Mapping[str, Any]) -> dict[str, str]:
        """The keys of the piles this deal has: the bar piles the game's view lays out
        (``view["piles"]``: T1-T3 and B1-B3 with 3-card bars, so 4 and 8 are no keys
        there), the posts, W and F. A bar pile keeps its key in either lay-out (5 is
        B1), so a hand that knows one table knows the other."""
        piles = view.get("piles")
        if piles is None:  # no deal yet: every key the table has
            return dict(self.keys)
        return {k: p for k, p in self.keys.items() if p in piles or p in ("W", "F")}

    def help_line(self, view: Mapping[str, Any]) -> str:
        """The key bar's line, from the keys that work at this deal (was a fixed
        "1-4 T1-T4  5-8 B1-B4", a T4 and a B4 that a table of 3-card bars lacks)."""
        keys = self.shortcuts(view)
        parts = [self.key_help]
        for prefix in ("T", "B"):
            run = [(k, p) for k, p in keys.items() if p[0] == prefix and p[1:].isdigit()]
            if len(run) > 1:
                parts.append(f"{run[0][0]}-{run[-1][0]} {run[0][1]}-{run[-1][1]}")
            elif run:
                parts.append(f"{run[0][0]} {run[0][1]}")
        parts += [f"{k} {p}" for k, p in keys.items() if p in ("L", "R", "W", "F")]
        return "  ".join(parts)

    def nav(self) -> list[list[str]] | None:
        bars = ["T1", "T2", "T3", "T4", "B1", "B2", "B3", "B4"]
        return [["F", "L"], ["S", *bars], ["W", "R"]]

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        bars = "  3-card bars" if int(view.get("bars", 4)) == 3 else ""
        return f"{bars}  move {answer.get('moves_played', 0)}"
