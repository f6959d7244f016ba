"""What an UNO player sees, as card numbers: the view read into a :class:`Table`.

Every UNO player decides from the player's view (``Uno.view``) and the legal move
strings only, so hidden cards cannot reach a decision; this module reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import UNO_COLOURS, UNO_WILD, UNO_WILD4, uno_deck, uno_str
from ...errors import NoLegalMoveError, WrongGameError
from ...games.uno import card_points, holds_colour

__all__ = [
    "ALL_CARDS",
    "CARD",
    "CARD_POINTS",
    "GAME",
    "PACK_COUNT",
    "Table",
    "call_uno",
    "check_view",
    "distinct_plays",
    "play_text",
    "read_table",
]

GAME = "uno"
W = UNO_WILD
W4 = UNO_WILD4

#: Card text -> card number.
CARD: dict[str, int] = {uno_str(c): c for c in set(uno_deck())}
#: Copies of each card number in the pack.
PACK_COUNT = [0] * (W4 + 1)
for _c in uno_deck():
    PACK_COUNT[_c] += 1
#: Points of each card number (0 for numbers no card has).
CARD_POINTS = [card_points(c) if PACK_COUNT[c] else 0 for c in range(W4 + 1)]
#: The card numbers of the pack, in order.
ALL_CARDS = tuple(c for c in range(W4 + 1) if PACK_COUNT[c])


@dataclass(slots=True)
class Table:
    """What the player to move sees, as card ints."""

    hand: list[int]
    top: int
    colour: int  # -1 while a Wild turned up first has no colour
    discard: list[int]
    opp: int  # cards in the opponent's hand
    opp_w4: int  # W4s the opponent is known to hold (taken back after a penalty)
    draw_pile: int
    phase: str
    drawn: int  # the card just drawn (phase play_or_keep), else -1
    challenge_rule: bool
    hand_number: int

    def holds_colour(self, colour: int) -> bool:
        """Whether the hand holds ``colour``: the engine's rule of a wrong Wild Draw Four."""
        return holds_colour(self.hand, colour)

    def unseen(self) -> list[int]:
        """How many of each card the player has not seen: in the opponent's hand or
        the draw pile (known W4s of the opponent are taken out)."""
        count = PACK_COUNT[:]
        for c in self.hand:
            count[c] -= 1
        for c in self.discard:
            count[c] -= 1
        count[W4] = max(0, count[W4] - self.opp_w4)
        return count


def read_table(view: Mapping[str, Any]) -> Table:
    """The view as card ints."""
    colour = view["colour"]
    drawn = view.get("drawn")
    return Table(
        hand=[CARD[s] for s in view["hand"]],
        top=CARD[view["top"]],
        colour=-1 if colour is None else UNO_COLOURS.index(colour),
        discard=[CARD[s] for s in view["discard"]],
        opp=int(view["opponent_cards"]),
        opp_w4=len(view.get("opponent_known", ())),
        draw_pile=int(view["stock_count"]),
        phase=str(view["phase"]),
        drawn=-1 if drawn is None else CARD[drawn],
        challenge_rule=bool(view.get("options", {}).get("w4_challenge", False)),
        hand_number=int(view.get("hand_number", 1)),
    )


def play_text(card: int, colour: int) -> str:
    """The move string for playing ``card`` (naming ``colour`` for a Wild)."""
    return f"{uno_str(card)}:{UNO_COLOURS[colour]}" if card >= W else uno_str(card)


def call_uno(text: str, legal: Sequence[str] | set[str]) -> str:
    """Call UNO when the rules ask for it (the ' uno' form is legal exactly then)."""
    called = text + " uno"
    return called if called in legal else text


def distinct_plays(legal: Sequence[str]) -> list[int]:
    """The distinct cards that the legal moves play, in the legal moves' order."""
    cards: list[int] = []
    for text in legal:
        head = text.split(" ", 1)[0].split(":", 1)[0]
        c = CARD.get(head)
        if c is not None and c not in cards:
            cards.append(c)
    return cards


def check_view(view: Mapping[str, Any], legal: Sequence[str]) -> None:
    if view.get("game") != GAME:
        raise WrongGameError(
            f"an UNO player was given a view of {view.get('game')!r}: it plays 'uno' only"
        )
    if not legal:
        raise NoLegalMoveError()
