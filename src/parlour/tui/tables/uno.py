"""UNO: the computer's hand (backs and a count) at the top, the draw and discard
piles with the colour in play in the middle, your hand below, and buttons for the
moves that are not a card. Enter on a card plays it; a Wild asks for the colour."""

from __future__ import annotations

from typing import Any, ClassVar

from ..canvas import Canvas
from ..cards import UNO_COLOUR_NAMES, back_style, uno_face, uno_style
from ..messages import pretty
from .base import DIM, LABEL, Table, plural

__all__ = ["UnoTable"]

_ORDER = {"R": 0, "G": 1, "Y": 2, "B": 3, "W": 4}
_VALUES = "0123456789SD"
CARD_WIDTH = 4
BUTTONS = (
    ("draw", "D", "draw"),
    ("play", "P", "play the drawn card"),
    ("keep", "K", "keep it"),
    ("challenge", "C", "challenge"),
    ("accept", "A", "accept"),
    ("catch", "G", "catch"),
    ("pass", "S", "pass"),
)


def _sort_key(card: str) -> tuple[int, int, str]:
    value = card[1:]
    rank = _VALUES.index(value) if len(value) == 1 and value in _VALUES else 20
    return (_ORDER.get(card[0], 5), rank, card)


def card_of(move: str) -> str:
    """``"W4:B uno"`` -> ``"W4"``: the card a play-a-card move plays."""
    return move.split(" ")[0].split(":")[0]


class UnoTable(Table):
    game = "uno"
    keys: ClassVar[dict[str, str]] = {
        **{str(i): f"c{i - 1}" for i in range(1, 10)},
        "0": "c9",
        **{key.lower(): name for name, key, _ in BUTTONS},
    }
    first_stop = "c0"
    key_help = "enter/1-9: play a card  d draw  p play drawn  k keep  c challenge  a accept"

    def __init__(self) -> None:
        super().__init__()
        self.hand: list[str] = []

    def draw(self, canvas: Canvas, view: dict[str, Any], answer: dict[str, Any]) -> None:
        legal = list(view.get("legal_moves") or [])
        mine = view.get("to_move") == view.get("player") and view.get("outcome") is None
        others = int(view.get("opponent_cards", 0))
        x = canvas.put(1, 2, "Computer ", LABEL)
        shown = min(others, (canvas.width - 30) // 2)
        canvas.put(x, 2, "▒ " * shown, back_style())
        known = len(view.get("opponent_known") or [])
        extra = f"  {plural(others, 'card')}" + (f" ({known} W4 known)" if known else "")
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
        colour_name = UNO_COLOUR_NAMES.get(str(colour), "none yet")
        canvas.put(20, 5, f"colour in play: {colour_name}", LABEL)
        canvas.put(20, 6, f"discard pile: {plural(len(view.get('discard') or []), 'card')}", DIM)
        last = pretty("; ".join(view.get("opponent_last") or []))
        room = canvas.width - 21
        if last:
            canvas.put(20, 7, last if len(last) <= room else last[: room - 1] + "…", DIM)

        # Your hand, sorted by colour and value.
        hand = sorted(view.get("hand") or [], key=_sort_key)
        self.hand = hand
        drawn = view.get("drawn")
        canvas.put(1, 9, f"Your hand ({plural(len(hand), 'card')})", LABEL)
        per_line = max(1, (canvas.width - 2) // (CARD_WIDTH + 1))
        drawn_marked = False
        for i, card in enumerate(hand):
            row, col = divmod(i, per_line)
            cx, cy = 1 + col * (CARD_WIDTH + 1), 10 + 2 * row
            moves = [m for m in legal if card_of(m) == card and not m.startswith("play")]
            canvas.put(cx, cy, f"{uno_face(card):^{CARD_WIDTH}}", uno_style(card))
            if drawn == card and not drawn_marked:
                moves = [m for m in legal if m.startswith("play")]
                drawn_marked = True
                canvas.put(cx, cy + 1, "new", LABEL)
            elif moves and mine:
                canvas.put(cx + 1, cy + 1, "▲▲", LABEL)
            name = f"c{i}"
            canvas.region(name, cx, cy, CARD_WIDTH)
            self.actions[name] = moves
            self.fallback[name] = card
            self.labels[name] = f"your {card}"

        # Buttons for the moves that are not a card, below the hand however long.
        rows = max(1, -(-len(hand) // per_line))
        x, y = 1, max(17, 10 + 2 * rows)
        for move, key, text in BUTTONS:
            if move in ("challenge", "accept") and not view.get("options", {}).get("w4_challenge"):
                continue
            if move == "catch" and not view.get("options", {}).get("uno_call"):
                continue
            candidates = [m for m in legal if m == move or m.startswith(move + ":")]
            candidates += [m for m in legal if move == "play" and m == "play uno"]
            label = f"[{key}] {text}"
            canvas.put(x, y, label, LABEL if candidates else DIM)
            canvas.region(move, x - 1, y, len(label) + 2)
            self.actions[move] = candidates
            self.fallback[move] = move
            self.labels[move] = f"'{move}'"
            x += len(label) + 3
        canvas.put(1, y + 1, self._phase_text(view, mine), DIM)

    @staticmethod
    def _phase_text(view: dict[str, Any], mine: bool) -> str:
        if view.get("outcome") is not None:
            return "the match is over"
        if not mine:
            return "the computer's turn"
        phase = view.get("phase")
        if phase == "play_or_keep":
            return "your turn: play the card you drew, or keep it"
        if phase == "challenge":
            return "your turn: challenge the Wild Draw Four, or accept it and draw"
        if phase == "colour":
            return "your turn: name the colour of the Wild turned up"
        return "your turn: play a card that matches colour or value, or draw"

    def split(self, move: str) -> tuple[str, str] | None:
        return None

    def choice_label(self, move: str, view: dict[str, Any]) -> str:
        return f"{move}: and call UNO" if move.endswith(" uno") else move

    def status(self, view: dict[str, Any], answer: dict[str, Any]) -> str:
        scores = view.get("scores", [0, 0])
        return (
            f"hand {view.get('hand_number', 1)}  you {scores[0]}  computer {scores[1]}"
            f"  to {view.get('target', 500)}"
        )
