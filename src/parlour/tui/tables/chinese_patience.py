"""Chinese Patience: the foundations 1-4 at the top, the other seat's discard pile 9,
the tableau 5-8, then the reader's own discard pile 0 and hand, with the original's pile
numbers on the table and its keys (T twist, Z end, M [P] source target)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...service.words import blocked_words
from ..canvas import Canvas
from .base import (
    DIM,
    LABEL,
    Table,
    Typed,
    draw_back,
    draw_card,
    draw_empty,
    draw_fan,
    move_button,
    whose,
)

__all__ = ["ChinesePatienceTable"]


class ChinesePatienceTable(Table):
    game = "chinese-patience"
    keys: ClassVar[dict[str, str]] = {str(i): str(i) for i in range(10)}
    first_stop = "0"
    key_help = "0-9 piles: source, then target  m 0 5 / m p 8 6 move"

    def __init__(self) -> None:
        super().__init__()
        #: The original's move keys typed so far (``M``, ``M P``, ``M 9``), else None.
        self.pending: list[str] | None = None

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        parts = self.parts(answer)
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
        limit = int(view.get("blocked_limit") or 0)
        # under the foundations, whole at 80 columns (beside them, "1 of 60 turns without
        # a card to a foundation" ran off the edge)
        canvas.put(14, 3, blocked_words(int(blocked), limit), DIM)

        # the hands' counts are by seat (the view's piles 0 and 9 are the reader's and
        # the other's): at one table, Player 2 was shown Player 1's hand as their own
        seat = int(answer["seat"])
        other = f"{whose(answer, 1 - seat)} discard pile"
        self._discard(canvas, "9", 4, other, view.get("pile_9", []), counts[1 - seat])
        for i, pile in enumerate(view.get("tableau", [])):
            name = str(i + 5)
            y = 7 + i
            canvas.put(1, y, name, LABEL)
            draw_fan(canvas, 4, y, list(pile), canvas.width - 6)
            canvas.region(name, 0, y, canvas.width)
            self.labels[name] = f"pile {name}"
        mine = f"{whose(answer, seat)} discard pile"
        self._discard(canvas, "0", 12, mine, view.get("pile_0", []), counts[seat])

        y = 15
        twist, end = move_button(answer, "twist"), move_button(answer, "end")
        x = 2
        if twist is not None:
            x = self.button(canvas, x, y, twist, self.named(parts, twist.move))
            if view.get("first_turn"):
                x = canvas.put(x, y, " (first move)", DIM)
            x += 4
        if end is not None:
            self.button(canvas, x, y, end, self.named(parts, end.move))

    def _discard(
        self, canvas: Canvas, name: str, y: int, title: str, pile: list[str], hand: int
    ) -> None:
        canvas.put(1, y, name, LABEL)
        x = canvas.put(4, y, f"{title}   hand ", DIM)
        if hand:
            draw_back(canvas, x, y, hand)
        else:  # a card back beside "0" drew a hand that is not there
            draw_empty(canvas, x, y)
        draw_fan(canvas, 4, y + 1, list(pile), canvas.width - 6)
        canvas.region(name, 0, y, canvas.width, 2)
        self.labels[name] = f"pile {name} ({title})"

    def choice_label(self, part: Any) -> str:
        count = int(part.get("count") or 0)
        if count > 1:
            return f"the whole pile ({count} cards)"
        return "the top card"

    def typed(self, key: str) -> Typed | None:
        """The Spectrum original's move keys: ``M`` source target, ``M P`` pile target
        (the typed keys are sent as they are: the engine reads the original's syntax)."""
        if self.pending is None:
            if key != "m":
                return None
            self.pending = ["M"]
        elif key == "escape":
            self.pending = None
            return Typed(prompt="")
        elif key == "p" and self.pending == ["M"]:
            self.pending.append("P")
        elif key.isdigit():
            self.pending.append(key)
            if sum(t.isdigit() for t in self.pending) == 2:
                move, self.pending = " ".join(self.pending), None
                return Typed(move=move)
        else:
            self.pending = None
            return None
        return Typed(prompt=self._typed_so_far())

    def _typed_so_far(self) -> str:
        assert self.pending is not None
        wanted = 2 - sum(t.isdigit() for t in self.pending)
        shown = " ".join(self.pending + ["_"] * wanted)
        if self.pending == ["M"]:
            return f"{shown}   (p first: a whole pile; esc cancels)"
        return f"{shown}   (esc cancels)"

    def nav(self) -> list[list[str]] | None:
        return [["1", "9", "5", "6", "7", "8", "0", "twist"], ["2", "end"], ["3"], ["4"]]
