"""UNO decks that deal chosen hands, for the service's tests of UNO's words."""

from __future__ import annotations


def uno_deck(h0: str, h1: str, turned: str, draw: str = "") -> str:
    """An UNO deck dealing ``h0`` to the person, ``h1`` to the computer, then
    ``turned`` face up and ``draw`` next on the draw pile."""
    from parlour.cards import parse_uno_cards, uno_deck, uno_str

    used = parse_uno_cards(f"{h0} {h1} {turned} {draw}")
    rest = uno_deck()
    for card in used:
        rest.remove(card)
    return " ".join(uno_str(c) for c in used + rest)
