"""Chinese Patience: the foundations 1-4 at the top, the opponent's discard pile 9,
the tableau 5-8, then your own discard pile 0 and hand, with the original's pile
numbers on the table and its keys (T twist, Z end, M [P] source target)."""

from __future__ import annotations

from typing import Any, ClassVar

from ..canvas import Canvas
from .base import DIM, LABEL, Table, draw_back, draw_card, draw_fan

__all__ = ["ChinesePatienceTable"]


class ChinesePatienceTable(Table):
    game = "chinese-patience"
    keys: ClassVar[dict[str, str]] = {str(i): str(i) for i in range(10)}
    first_stop = "0"
    key_help = "0-9 piles: source, then target  t twist  z end turn  m 0 5 / m p 8 6 move"

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        legal = list(view.get("legal_moves") or [])
        counts = view.get("hand_counts", [0, 0])
        canvas.put(1, 2, "Foundations", LABEL)
        x = 14
        for i, top in enumerate(view.get("foundations", [])):
            name = str(i + 1)
            canvas.put(x, 2, name, LABEL)
            draw_card(canvas, x + 2, 2, top)
            canvas.region(name, x - 1, 2, 6)
            self.labels[name] = f"foundation {name}"
            x += 7
        blocked = view.get("blocked", 0)
        canvas.put(x + 2, 2, f"blocked count {blocked} of {view.get('blocked_limit')}", DIM)

        self._discard(canvas, "9", 4, "computer's discard pile", view.get("pile_9", []), counts[1])
        for i, pile in enumerate(view.get("tableau", [])):
            name = str(i + 5)
            y = 7 + i
            canvas.put(1, y, name, LABEL)
            draw_fan(canvas, 4, y, list(pile), canvas.width - 6, empty="  ")
            canvas.region(name, 0, y, canvas.width)
            self.labels[name] = f"pile {name}"
        self._discard(canvas, "0", 12, "your discard pile", view.get("pile_0", []), counts[0])

        y = 15
        twist = "[T] twist" + (" (first move)" if view.get("first_turn") else "")
        end = "[Z] end turn"
        canvas.put(2, y, twist, LABEL if "twist" in legal else DIM)
        canvas.region("twist", 1, y, len(twist) + 2)
        self.actions["twist"] = [m for m in legal if m == "twist"]
        self.fallback["twist"] = "twist"
        ex = len(twist) + 6
        canvas.put(ex, y, end, LABEL if "end" in legal else DIM)
        canvas.region("end", ex - 1, y, len(end) + 2)
        self.actions["end"] = [m for m in legal if m == "end"]
        self.fallback["end"] = "end"
        canvas.put(1, y + 1, self._turn_text(view), DIM)

    def _discard(
        self, canvas: Canvas, name: str, y: int, title: str, pile: list[str], hand: int
    ) -> None:
        canvas.put(1, y, name, LABEL)
        x = canvas.put(4, y, f"{title}   hand ", DIM)
        draw_back(canvas, x, y, hand)
        draw_fan(canvas, 4, y + 1, list(pile), canvas.width - 6)
        canvas.region(name, 0, y, canvas.width, 2)
        self.labels[name] = f"pile {name} ({title})"

    @staticmethod
    def _turn_text(view: dict[str, Any]) -> str:
        if view.get("outcome") is not None:
            return "the game is over"
        if view.get("to_move") != view.get("player"):
            return "the computer's turn"
        if view.get("first_turn"):
            return "your turn: your first turn starts with a twist"
        if view.get("end_allowed"):
            return "your turn: move the twisted card off pile 0 to twist again, or end the turn"
        return "your turn: twist when you are ready"

    def split(self, move: str) -> tuple[str, str] | None:
        parts = move.split(" ")
        if len(parts) != 2:
            return None
        return parts[0].lstrip("P"), parts[1]

    def choice_label(self, move: str, view: dict[str, Any]) -> str:
        return f"{move}: move the whole pile" if move.startswith("P") else move

    def nav(self) -> list[list[str]] | None:
        return [["1", "9", "5", "6", "7", "8", "0", "twist"], ["2", "end"], ["3"], ["4"]]
