"""UNO encoded for learning (``parlour.ai.encoding``): your hand, the discard pile, the
card just drawn and the opponent's known cards as card planes, then the colour in
play, the phase, the draw pile, the match scores and the passes in a row. The
environments write the same numbers straight from the engine with :mod:`.observer`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..encoding import Encoding, EngineObserver, Planes, Sheet, register_encoding

#: 'R0' ... 'BD' -> 0..47, 'W' -> 48, 'W4' -> 49.
UNO = {c + v: i * 12 + j for i, c in enumerate("RGYB") for j, v in enumerate("0123456789SD")}
UNO["W"] = 48
UNO["W4"] = 49
#: How a card plane is indexed, in words.
CARD_ORDER = (
    "card planes have 50 positions: by colour ("
    + ", ".join(f"{c} {UNO[c + '0']}-{UNO[c + 'D']}" for c in "RGYB")
    + f"), within a colour 0-9, S, D; then W {UNO['W']}, W4 {UNO['W4']}"
)

PHASES = ("play", "drawn", "challenge", "colour")
#: The engine's phase names -> the observation's (the engine says "play_or_keep").
PHASE_OF = {
    "play": "play",
    "play_or_keep": "drawn",
    "challenge": "challenge",
    "colour": "colour",
}
PLANES = Planes(
    ["hand", "discard", "drawn", "opponent"],
    UNO,
    [
        *(f"colour_{c}" for c in "RGYB"),
        *(f"phase_{name}" for name in PHASES),
        "draw_pile",
        "my_score",
        "their_score",
        "passes",
    ],
)

#: place -> (what is counted, what the top card is, what the size says).
PLACES: dict[str, tuple[str, str, str]] = {
    "hand": (
        "your hand",
        "the last card of your hand as the view lists it (the highest in card order)",
        "cards in your hand / 108",
    ),
    "discard": (
        "the discard pile (every card in it was seen)",
        "the discard pile's top card",
        "cards in the discard pile / 108",
    ),
    "drawn": (
        "the card you have just drawn and may play (phase drawn)",
        "the same card",
        "1 while you hold a card just drawn, else 0",
    ),
    "opponent": (
        "the opponent's cards you know (a wrong W4 it took back)",
        "the last such card",
        "cards in the opponent's hand / 108",
    ),
}

#: scalar -> its meaning.
SCALARS: dict[str, str] = {
    **{f"colour_{c}": f"1 when the colour in play is {c}" for c in "RGYB"},
    "phase_play": "1 in a normal turn (play a card or draw)",
    "phase_drawn": "1 after drawing a playable card (play or keep it)",
    "phase_challenge": "1 when answering a Wild Draw Four (option w4_challenge)",
    "phase_colour": "1 when naming the colour of a Wild turned up first",
    "draw_pile": "cards in the draw pile / 108",
    "my_score": "your match points / target (at most 4)",
    "their_score": "the opponent's match points / target (at most 4)",
    "passes": "passes in a row / 2 (a blocked hand ends at 2)",
}


def fill(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    me = view["player"]
    p.pile(out, "hand", view["hand"], norm=108)
    p.pile(out, "discard", view["discard"], norm=108)
    drawn = view.get("drawn")
    p.pile(out, "drawn", [drawn] if drawn else [], norm=1)
    known = view["opponent_known"]
    p.pile(out, "opponent", known, hidden=view["opponent_cards"] - len(known), norm=108)
    colour = view.get("colour")
    if colour:
        p.scalar(out, f"colour_{colour}", 1.0)
    phase = PHASE_OF.get(str(view.get("phase")))
    if phase is not None:
        p.scalar(out, f"phase_{phase}", 1.0)
    p.scalar(out, "draw_pile", view["stock_count"] / 108)
    target = max(1, view["target"])
    p.scalar(out, "my_score", view["scores"][me] / target)
    p.scalar(out, "their_score", view["scores"][1 - me] / target)
    p.scalar(out, "passes", view["passes"] / 2)


def _observer() -> EngineObserver:
    from .observer import UnoObserver

    return UnoObserver()


ENCODING = register_encoding(
    "uno",
    Encoding(
        PLANES, fill, card_order=CARD_ORDER, places=PLACES, scalars=SCALARS, observer=_observer
    ),
)
