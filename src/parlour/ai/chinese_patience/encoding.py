"""Chinese Patience encoded for learning (``parlour.ai.encoding``): the foundations, the
tableau, both discard piles and both hands (known only when turned over) as card
planes, then what the turn allows, the blocked counter and the cards each side has
left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import FRENCH, Encoding, Planes, Sheet, register_encoding, suit_run

PLANES = Planes(
    ["F", "5", "6", "7", "8", "mine", "theirs", "my_hand", "their_hand"],
    FRENCH,
    ["twist", "end", "first_turn", "blocked", "my_cards", "their_cards"],
)

#: place -> (what is counted, what the top card is, what the size says).
PLACES: dict[str, tuple[str, str, str]] = {
    "F": (
        "the cards on the four foundations",
        "the top of the last non-empty foundation (clubs, diamonds, hearts, spades)",
        "cards on the foundations / 52",
    ),
    **{
        pile: (
            f"tableau pile {pile}",
            f"pile {pile}'s top card",
            f"cards in pile {pile} / 13",
        )
        for pile in "5678"
    },
    "mine": (
        "your discard pile (pile 0)",
        "its top card",
        "cards in your discard pile / 52",
    ),
    "theirs": (
        "the opponent's discard pile (pile 9)",
        "its top card",
        "cards in the opponent's discard pile / 52",
    ),
    "my_hand": (
        "your hand, only when its order is known (made by turning pile 0 over)",
        "its top card, when known",
        "cards in your hand / 52",
    ),
    "their_hand": (
        "the opponent's hand, only when its order is known (turned over)",
        "its top card, when known",
        "cards in the opponent's hand / 52",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    "twist": "1 when you may twist",
    "end": "1 when you may end your turn",
    "first_turn": "1 during your first turn (it must start with a twist)",
    "blocked": "the blocked-game counter / its limit (60)",
    "my_cards": "your cards left (hand plus pile 0) / 52",
    "their_cards": "the opponent's cards left (hand plus pile 9) / 52",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    me = view["player"]
    p.pile(out, "F", [c for top in view["foundations"] for c in suit_run(top)])
    for name, cards in zip("5678", view["tableau"], strict=True):
        p.pile(out, name, cards, norm=13)
    p.pile(out, "mine", view["pile_0"])
    p.pile(out, "theirs", view["pile_9"])
    counts = view["hand_counts"]
    for place, seat in (("my_hand", me), ("their_hand", 1 - me)):
        known = view["hand_order"][seat]
        if known is None:
            p.pile(out, place, [], hidden=counts[seat])
        else:  # listed top first; planes want the top last
            p.pile(out, place, list(reversed(known)))
    p.scalar(out, "twist", 1.0 if view["twist_allowed"] else 0.0)
    p.scalar(out, "end", 1.0 if view["end_allowed"] else 0.0)
    p.scalar(out, "first_turn", 1.0 if view["first_turn"] else 0.0)
    p.scalar(out, "blocked", view["blocked"] / max(1, view["blocked_limit"]))
    p.scalar(out, "my_cards", (counts[me] + len(view["pile_0"])) / 52)
    p.scalar(out, "their_cards", (counts[1 - me] + len(view["pile_9"])) / 52)


ENCODING = register_encoding(
    "chinese-patience", Encoding(PLANES, fill, places=PLACES, scalars=SCALARS)
)
