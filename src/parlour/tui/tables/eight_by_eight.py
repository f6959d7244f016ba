"""8 x 8: eight foundations along the top, the eight rows, then talon, pending card
and waste. A row shows its face-down cards as a blue strip and its face-up run."""

from __future__ import annotations

from typing import Any, ClassVar

from ...service.words import counted, foundation_words
from ..canvas import Canvas
from ..cards import back_style
from .base import DIM, LABEL, Table, draw_back, draw_card, draw_empty, draw_fan

__all__ = ["EightByEightTable"]

PENDING_X = 16  # where the pending card's column starts
WASTE_X = 34  # and the waste's


class EightByEightTable(Table):
    game = "eight-by-eight"
    keys: ClassVar[dict[str, str]] = {
        **{str(i): f"T{i}" for i in range(1, 9)},
        "w": "W",
        "p": "P",
        "f": "F",
    }
    key_help = "enter: row, then target  1-8 rows  p pending  w waste  f foundations"
    places: ClassVar[dict[str, str]] = {f"F{i}": "F" for i in range(1, 9)}

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        x = canvas.put(1, 2, "F ", LABEL)
        for pile in view.get("foundations", []):
            x = draw_card(canvas, x, 2, pile.get("top")) + 1
        canvas.region("F", 0, 2, x)
        self.labels["F"] = "the foundations"
        # the service's words for the count, as the web table's status says it
        on = foundation_words(int(view.get("on_foundations", 0)), 104)
        canvas.put(x + 1, 2, on, DIM)

        rows = view.get("rows", [])
        for i, row in enumerate(rows):
            y = 4 + i
            name = row.get("name", f"T{i + 1}")
            x = canvas.put(1, y, f"{name} ", LABEL)
            down = int(row.get("face_down", 0))
            if down:
                canvas.put(x, y, "▒" * down, back_style())
            x += 8
            draw_fan(canvas, x, y, list(row.get("face_up", [])), canvas.width - x - 1)
            canvas.region(name, 0, y, canvas.width)
            self.labels[name] = f"row {name}"

        # Talon, pending card and waste, each with its caption below it, in columns
        # wide enough that no caption runs into the next; a caption starts with a
        # capital, as the other tables' do ("Top bar", "Colour in play: blue").
        y = 5 + len(rows)
        canvas.put(1, y, "S ", LABEL)
        talon = int(view.get("stock_count", 0))
        if talon:
            draw_back(canvas, 3, y, talon)
        else:
            draw_empty(canvas, 3, y)
        canvas.put(1, y + 1, f"Pass {view.get('pass', 1)} of {view.get('passes', 3)}", DIM)
        canvas.region("S", 0, y, PENDING_X - 1)
        self.actions["S"] = self.named(self.parts(answer), "turn")
        self.fallback["S"] = "turn"
        self.labels["S"] = "the talon (turn)"

        canvas.put(PENDING_X, y, "P ", LABEL)
        pending = view.get("pending")
        draw_card(canvas, PENDING_X + 2, y, pending)
        if pending:
            canvas.put(PENDING_X, y + 1, "Must be placed", DIM)
        canvas.region("P", PENDING_X - 1, y, 7)
        self.labels["P"] = "the pending card"

        canvas.put(WASTE_X, y, "W ", LABEL)
        waste = list(view.get("waste", []))
        draw_fan(canvas, WASTE_X + 2, y, waste, canvas.width - WASTE_X - 4)
        if waste:
            canvas.put(WASTE_X, y + 1, f"{counted(len(waste), 'card')}, top card last", DIM)
        canvas.region("W", WASTE_X - 1, y, canvas.width - WASTE_X + 1)
        self.labels["W"] = "the waste"

    def nav(self) -> list[list[str]] | None:
        return [["F", *[f"T{i}" for i in range(1, 9)], "S"], ["P"], ["W"]]

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        return f"move {answer.get('moves_played', 0)}"
