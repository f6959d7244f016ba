"""UNO: the other seat's hand (backs and a count) at the top, the draw and discard
piles with the colour in play in the middle, the reader's hand below, and buttons for the
moves that are not a card. Enter on a card plays it; a Wild asks for the colour.

The hand is drawn in the service's order (``answer["numbered"]``), each card under its
number: the number the screen's digit keys pick it by, and the one ``parlour play``
shows and takes ("cards by number"), so the two number a hand alike, however long.

Each card in the hand acts by itself: its moves are the service's moves whose
source is that card (the card drawn, while it may be played, is the only one
that has any). Only the buttons of this table's options are drawn, and only
their keys are offered. A button other than Draw is drawn only while its move is
legal (what follows a draw, passing, a challenge of a Wild Draw Four, a catch), as
the best card sites show only what can be done now; Draw stays, greyed while it
cannot be played, the first button of the row, so the others after it never move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...service.ending import pair_words
from ...service.words import capitalised, card_words, colour_words
from ..canvas import Canvas
from ..cards import back_style, uno_face, uno_style
from .base import DIM, LABEL, Button, Part, Table, plural, seat_name, whose

__all__ = ["UnoTable"]

CARD_WIDTH = 4
#: Screen lines a row of the hand takes: the cards' numbers, the cards, their marks.
HAND_ROW = 3
#: Buttons for the moves that are not a card: (button, the option it needs).
BUTTONS: tuple[tuple[Button, str | None], ...] = (
    (Button("draw", "d", "draw"), None),
    (Button("play", "p", "play the drawn card", "play drawn"), None),
    (Button("keep", "k", "keep it", "keep"), None),
    (Button("pass", "s", "pass"), None),
    (Button("challenge", "c", "challenge"), "w4_challenge"),
    (Button("accept", "a", "accept"), "w4_challenge"),
    (Button("catch", "g", "catch"), "uno_call"),
)
#: The buttons drawn only while their move is legal: all but Draw.
WHILE_LEGAL = frozenset(button.move for button, _ in BUTTONS) - {"draw"}


def buttons(view: Mapping[str, Any]) -> list[Button]:
    """The buttons this table has: the challenge and the catch only with their options."""
    options = view.get("options") or {}
    return [button for button, needs in BUTTONS if needs is None or options.get(needs)]


class UnoTable(Table):
    game = "uno"
    keys: ClassVar[dict[str, str]] = {button.key: button.move for button, _ in BUTTONS}
    first_stop = Table.card_region(1)

    def __init__(self) -> None:
        super().__init__()
        self.hand: list[str] = []
        #: The buttons on the table as last drawn (the key bar offers their keys).
        self.offered: list[Button] | None = None

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        parts = self.parts(answer)
        others = int(view.get("opponent_cards", 0))
        them = capitalised(seat_name(answer, 1 - int(answer["seat"])))
        x = canvas.put(1, 2, f"{them} ", LABEL)
        known = len(view.get("opponent_known") or [])
        extra = f"  {plural(others, 'card')}" + (f" ({known} W+4 known)" if known else "")
        shown = max(0, min(others, (canvas.width - x - len(extra)) // 2))  # the count fits
        canvas.put(x, 2, "▒ " * shown, back_style())
        canvas.put(x + 2 * shown, 2, extra, LABEL)

        # Draw pile and discard pile, three lines tall.
        canvas.put(2, 4, "      ", back_style())
        canvas.put(2, 5, " UNO  ", back_style() + LABEL)
        canvas.put(2, 6, "      ", back_style())
        canvas.put(2, 7, f"{view.get('draw_pile', 0)} left", DIM)
        canvas.region("draw", 1, 4, 8, 4)
        self.labels["draw"] = "the draw pile"
        top = str(view.get("top") or "")
        colour = view.get("colour")
        style = uno_style(top, colour) if top else DIM
        canvas.put(12, 4, "      ", style)
        canvas.put(12, 5, f"{uno_face(top):^6}" if top else "", style)
        canvas.put(12, 6, "      ", style)
        colour_name = colour_words(colour) if colour else "none yet"
        canvas.put(20, 5, f"colour in play: {colour_name}", LABEL)
        canvas.put(20, 6, f"discard pile: {plural(len(view.get('discard') or []), 'card')}", DIM)

        # The reader's hand ("your", or "Player 1's" at one table) in the service's
        # order, each card under its number (bright while it may be played); the card
        # drawn is marked "new".
        hand = [str(card) for card in answer.get("numbered") or []]
        self.hand = hand
        drawn = view.get("drawn")
        mine = whose(answer, int(answer["seat"]))
        canvas.put(1, 9, f"{capitalised(mine)} hand ({plural(len(hand), 'card')})", LABEL)
        per_line = max(1, (canvas.width - 2) // (CARD_WIDTH + 1))
        drawn_marked = False
        for i, card in enumerate(hand):
            row, col = divmod(i, per_line)
            cx, cy = 1 + col * (CARD_WIDTH + 1), 11 + HAND_ROW * row
            moves = [p for p in parts if p.get("source") == card]
            is_drawn = drawn is not None and card == drawn and not drawn_marked
            if drawn is not None and not is_drawn:
                moves = []  # only the card drawn may be played now
            canvas.put(cx, cy - 1, f"{i + 1:^{CARD_WIDTH}}", LABEL if moves else DIM)
            canvas.put(cx, cy, f"{uno_face(card):^{CARD_WIDTH}}", uno_style(card))
            if is_drawn:
                drawn_marked = True
                canvas.put(cx, cy + 1, "new", LABEL)
            elif moves:
                canvas.put(cx + 1, cy + 1, "▲▲", LABEL)
            name = self.card_region(i + 1)
            canvas.region(name, cx, cy, CARD_WIDTH)
            self.actions[name] = moves
            self.fallback[name] = card
            self.labels[name] = f"{mine} {card_words(card)}"

        # Buttons for the moves that are not a card, below the hand however long.
        rows = max(1, -(-len(hand) // per_line))
        x, y = 1, 11 + HAND_ROW * rows
        self.offered = []
        for button in buttons(view):
            if button.move == "play":
                # The drawn card's moves (a Wild's colours, an UNO call) under one button.
                found = [p for p in parts if drawn is not None and p.get("source") == drawn]
            else:
                found = self.named(parts, button.move)
            if button.move in WHILE_LEGAL and not found:
                continue
            self.offered.append(button)
            x = self.button(canvas, x, y, button, found) + 3

    def ends(self, part: Part) -> tuple[str, str] | None:
        return None  # every UNO move is one card or one button

    def choice_label(self, part: Part) -> str:
        text = card_words(str(part.get("card") or part.get("move", "")))
        if part.get("colour"):
            text += f": {colour_words(part['colour'])}"
        return f"{text}, calling UNO" if part.get("uno") else text

    def shown(self, view: Mapping[str, Any]) -> list[Button]:
        """The buttons on the table now (not drawn yet: the ones always there)."""
        if self.offered is not None:
            return self.offered
        return [b for b in buttons(view) if b.move not in WHILE_LEGAL]

    def shortcuts(self, view: Mapping[str, Any]) -> dict[str, str]:
        """The keys of the buttons drawn: a button's key does nothing while its button
        is not on the table. (The cards' numbers are the screen's, for every hand.)"""
        return {button.key: button.move for button in self.shown(view)}

    def help_line(self, view: Mapping[str, Any]) -> str:
        return "  ".join(f"{b.key} {b.short or b.text}" for b in self.shown(view))

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        scores = [int(s) for s in view.get("scores", [0, 0])]
        return (
            f"hand {view.get('hand_number', 1)}  {pair_words(answer, scores)}"
            f"  to {view.get('target', 500)}"
        )
