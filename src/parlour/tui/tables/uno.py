"""UNO: the other seat's hand (backs and a count) at the top, the draw and discard
piles with the colour in play in the middle, the reader's hand below, and buttons for the
moves that are not a card. Enter on a card plays it; a Wild asks for the colour.

The hand is drawn in the service's order (``answer["numbered"]``), each card under its
number: the number the screen's digit keys pick it by, and the one ``parlour play``
shows and takes ("cards by number"), so the two number a hand alike, however long.

Each card in the hand acts by itself: its moves are the service's moves whose
source is that card (the card drawn, while it may be played, is the only one
that has any). The buttons are the game's one-word moves as this table's options
have them (``answer["move_keys"]``: the challenge and the catch only with their
options), and the screen offers the keys of those drawn. A button other than Draw
is drawn only while its move is legal (what follows a draw, passing, a challenge of
a Wild Draw Four, a catch), as the best card sites show only what can be done now;
Draw stays, greyed while it cannot be played, the first button of the row, so the
others after it never move.
"""

from __future__ import annotations

from typing import Any

from ...service.ending import pair_words
from ...service.words import capitalised, card_words, colour_words, counted
from ..canvas import Canvas
from ..cards import back_style, uno_face, uno_style
from .base import DIM, LABEL, Part, Table, move_buttons, seat_name, whose

__all__ = ["UnoTable"]

CARD_WIDTH = 4
#: Screen lines a row of the hand takes: the cards' numbers, the cards, their marks.
HAND_ROW = 3
#: The one button drawn while its move cannot be played (greyed), first in its row:
#: the others are drawn only while their move is legal.
ALWAYS_DRAWN = "draw"


class UnoTable(Table):
    game = "uno"
    first_stop = Table.card_region(1)

    def __init__(self) -> None:
        super().__init__()
        self.hand: list[str] = []

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        parts = self.parts(answer)
        others = int(view.get("opponent_cards", 0))
        them = capitalised(seat_name(answer, 1 - int(answer["seat"])))
        x = canvas.put(1, 2, f"{them} ", LABEL)
        known = len(view.get("opponent_known") or [])
        # a card known to the reader named as the log names it ("a Wild Draw Four"),
        # not by a face ("W+4") drawn without its card
        seen = f"{known} known: Wild Draw Four" if known > 1 else "known: a Wild Draw Four"
        extra = f"  {counted(others, 'card')}" + (f" ({seen})" if known else "")
        shown = max(0, min(others, (canvas.width - x - len(extra)) // 2))  # the count fits
        canvas.put(x, 2, "▒ " * shown, back_style())
        canvas.put(x + 2 * shown, 2, extra, LABEL)

        # Draw pile and discard pile, three lines tall.
        canvas.put(2, 4, "      ", back_style())
        canvas.put(2, 5, " UNO  ", back_style() + LABEL)
        canvas.put(2, 6, "      ", back_style())
        canvas.put(2, 7, f"{view.get('stock_count', 0)} left", DIM)
        canvas.region("draw", 1, 4, 8, 4)
        self.labels["draw"] = "the draw pile"
        top = str(view.get("top") or "")
        colour = view.get("colour")
        style = uno_style(top, colour) if top else DIM
        canvas.put(12, 4, "      ", style)
        canvas.put(12, 5, f"{uno_face(top):^6}" if top else "", style)
        canvas.put(12, 6, "      ", style)
        colour_name = colour_words(colour) if colour else "none yet"
        canvas.put(20, 5, f"Colour in play: {colour_name}", LABEL)
        canvas.put(20, 6, f"Discard pile: {counted(len(view.get('discard') or []), 'card')}", DIM)

        # The reader's hand ("your", or "Player 1's" at one table) in the service's
        # order, each card under its number (bright while it may be played); the card
        # drawn is marked "new".
        hand = [str(card) for card in answer.get("numbered") or []]
        self.hand = hand
        drawn = view.get("drawn")
        mine = whose(answer, int(answer["seat"]))
        canvas.put(1, 9, f"{capitalised(mine)} hand ({counted(len(hand), 'card')})", LABEL)
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
        for button in move_buttons(answer):
            # the drawn card's moves (a Wild's colours, an UNO call) under one button
            found = self.named(parts, button.move)
            if button.move != ALWAYS_DRAWN and not found:
                continue
            x = self.button(canvas, x, y, button, found) + 3

    def ends(self, part: Part) -> tuple[str, str] | None:
        return None  # every UNO move is one card or one button

    def choice_label(self, part: Part) -> str:
        text = card_words(str(part.get("card") or part.get("move", "")))
        if part.get("colour"):
            text += f": {colour_words(part['colour'])}"
        return f"{text}, calling UNO" if part.get("uno") else text

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        scores = [int(s) for s in view.get("scores", [0, 0])]
        return (
            f"hand {view.get('hand_number', 1)}  {pair_words(answer, scores)}"
            f"  to {view.get('target', 500)}"
        )
