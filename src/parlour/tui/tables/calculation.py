"""Calculation: foundations with the calculator on the left, waste piles on the right.

As on the Color Computer: the cursor moves up and down a column (wrapping round),
left to the foundations and right to the waste piles; SPACE plays the current
card where the cursor is; ENTER on a waste pile, then ENTER on the target, moves
its top card.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.style import Style

from ...service.words import counted
from ..canvas import Canvas
from ..cards import rank_face
from .base import DIM, LABEL, Table, draw_card, draw_empty, draw_fan

__all__ = ["CalculationTable"]

NEXT = Style(color="black", bgcolor="bright_white", bold=True)
PLAYED = Style(color="grey42")
TO_COME = Style(color="bright_red")
COMPLETE = Style(color="bright_green", bold=True)
ROW = 3  # screen lines per pile


class CalculationTable(Table):
    game = "calculation"
    keys: ClassVar[dict[str, str]] = {
        "0": "S",
        "1": "F1",
        "2": "F2",
        "3": "F3",
        "4": "F4",
        "5": "W1",
        "6": "W2",
        "7": "W3",
        "8": "W4",
    }
    key_help = "space: current card to cursor  enter: pile, then target  0 stock 1-4 F 5-8 W"

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        current = view.get("current")
        left = int(view.get("stock_count", 0))
        x = canvas.put(1, 2, "S ", LABEL)
        if current is None:
            x = draw_empty(canvas, x, 2)
            canvas.put(x + 2, 2, "The stock is empty", DIM)
        else:
            x = draw_card(canvas, x, 2, current)
            canvas.put(x + 2, 2, f"Current card ({counted(left, 'card')} in the stock)", LABEL)
        canvas.region("S", 0, 2, 44)
        self.labels["S"] = "the stock"

        split = 31
        canvas.put(1, 4, "Foundations", LABEL)
        canvas.put(14, 4, "and calculator", DIM)
        canvas.put(split + 1, 4, "Waste piles", LABEL)
        foundations = view.get("foundations", {})
        waste = view.get("waste", {})
        rows = {row["foundation"]: row for row in view.get("calculator", [])}
        for i in range(4):
            y = 5 + ROW * i
            name = f"F{i + 1}"
            pile = foundations.get(name, [])
            x = canvas.put(1, y, f"{name} ", LABEL)
            x = draw_card(canvas, x, y, pile[-1] if pile else None)
            self._calculator(canvas, x + 2, y, rows.get(name), i + 1)
            canvas.region(name, 0, y, split - 1, ROW - 1)
            self.labels[name] = f"foundation {name}"

            wname = f"W{i + 1}"
            x = canvas.put(split + 1, y, f"{wname} ", LABEL)
            draw_fan(canvas, x, y, list(waste.get(wname, [])), canvas.width - x - 1, ROW - 1)
            canvas.region(wname, split, y, canvas.width - split, ROW - 1)
            self.labels[wname] = f"waste pile {wname}"

    def _calculator(self, canvas: Canvas, x: int, y: int, row: Any, step: int) -> None:
        """The original's help: the twelve ranks in order, played ones dimmed, the next
        one needed highlighted, a complete row in green; a space between ranks, so a
        Ten's ``10`` takes one cell more."""
        canvas.put(x, y, f"by {step}", DIM)
        if not row:
            return
        played = int(row.get("played", 0))
        following = row.get("next")
        if following is None:
            canvas.put(x + 6, y, "complete", COMPLETE)
        else:
            canvas.put_parts(x + 6, y, [("needs ", DIM), (rank_face(str(following)), NEXT)])
        column = x - 5
        for k, rank in enumerate(row.get("sequence", [])):
            if following is None:
                style = COMPLETE
            elif k < played:
                style = PLAYED
            elif k == played:
                style = NEXT
            else:
                style = TO_COME
            column = canvas.put(column, y + 1, rank_face(str(rank)), style) + 1

    def nav(self) -> list[list[str]] | None:
        return [["F1", "F2", "F3", "F4"], ["W1", "W2", "W3", "W4"]]

    def space(self, cursor: str | None) -> tuple[str, str] | None:
        if cursor in ("F1", "F2", "F3", "F4", "W1", "W2", "W3", "W4"):
            return "S", cursor
        return None

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        classic = " classic" if view.get("options", {}).get("classic") else ""
        return f"{classic}  move {answer.get('moves_played', 0)}"
