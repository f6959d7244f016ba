"""Observations: fixed-size numeric vectors made from one player's view.

An encoder reads only ``GameState.view(player)``, the JSON-ready dict that a
person in that seat sees, so an agent can never learn from a hidden card. Card
games are encoded as *planes*: for each place on the table (a pile, a hand, the
foundations) the number of copies of each card visible there, a one-hot of its
top card and its size (hidden cards included, as the view counts them), then a
few game-specific numbers. Every value lies in [0, 4]: counts of a card are at
most 4 (UNO's Wilds), sizes and counters are scaled to [0, 1].
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import RANKS, SUITS

__all__ = ["OBS_HIGH", "Encoder", "encoder_for"]

#: Upper bound of every observation value.
OBS_HIGH = 4.0

Vector = npt.NDArray[np.float32]

#: 'AC' -> 0, 'AD' -> 1, ..., 'KS' -> 51 (rank-major, suits C D H S).
FRENCH = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
#: 'R0' ... 'BD' -> 0..47, 'W' -> 48, 'W4' -> 49.
UNO = {c + v: i * 12 + j for i, c in enumerate("RGYB") for j, v in enumerate("0123456789SD")}
UNO["W"] = 48
UNO["W4"] = 49


#: The numbers of one observation while it is being filled: a flat array of C floats,
#: written item by item from Python (much cheaper than element writes into numpy)
#: and handed to numpy at the end without a copy.
Sheet = array


class Planes:
    """A vector laid out as card planes per place, then sizes, then scalars."""

    def __init__(self, places: Sequence[str], cards: Mapping[str, int], scalars: Sequence[str]):
        self.places = {name: i for i, name in enumerate(places)}
        self.cards = cards
        self.width = max(cards.values()) + 1
        self.scalars = {name: i for i, name in enumerate(scalars)}
        n = len(places)
        self._sizes = 2 * n * self.width
        self._scalars = self._sizes + n
        self.size = self._scalars + len(scalars)
        self._zeros = bytes(4 * self.size)

    def sheet(self) -> Sheet[float]:
        return array("f", self._zeros)

    def vector(self, sheet: Sheet[float]) -> Vector:
        return np.frombuffer(sheet, dtype=np.float32)

    def pile(
        self, out: Sheet[float], place: str, cards: Sequence[str], hidden: int = 0, norm: float = 52
    ) -> None:
        """Counts of ``cards`` (bottom first, the last is the top) at ``place``."""
        i = self.places[place]
        if cards:
            base = 2 * i * self.width
            index = self.cards
            for text in cards:
                out[base + index[text]] += 1
            out[base + self.width + index[cards[-1]]] = 1
        n = len(cards) + hidden
        if n:
            out[self._sizes + i] = min(1.0, n / norm)

    def scalar(self, out: Sheet[float], name: str, value: float) -> None:
        out[self._scalars + self.scalars[name]] = min(OBS_HIGH, max(0.0, value))


def _suit_run(top: str | None) -> list[str]:
    """The cards of a foundation built up in suit from the Ace to ``top``."""
    if top is None:
        return []
    rank = RANKS.index(top[0])
    return [RANKS[r] + top[1] for r in range(rank + 1)]


class Encoder:
    """A game's observation: ``encode(view) -> vector`` of length ``size``."""

    def __init__(
        self, planes: Planes, fill: Callable[[Planes, Sheet[float], Mapping[str, Any]], None]
    ):
        self.planes = planes
        self.size = planes.size
        self._fill = fill

    def encode(self, view: Mapping[str, Any]) -> Vector:
        sheet = self.planes.sheet()
        self._fill(self.planes, sheet, view)
        return self.planes.vector(sheet)


# --- the five games ----------------------------------------------------------------

_CALC = Planes(["F1", "F2", "F3", "F4", "W1", "W2", "W3", "W4", "S"], FRENCH, ["stock", "classic"])


def _fill_calculation(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["foundations"].items():
        p.pile(out, name, cards, norm=13)
    for name, cards in view["waste"].items():
        p.pile(out, name, cards)
    current = view.get("current")
    p.pile(out, "S", [current] if current else [], hidden=max(0, view["stock_count"] - 1))
    p.scalar(out, "stock", view["stock_count"] / 48)
    p.scalar(out, "classic", 1.0 if view.get("options", {}).get("classic") else 0.0)


_GATE_PILES = ["L", "R", "T1", "T2", "T3", "T4", "B1", "B2", "B3", "B4"]
_GATE = Planes([*_GATE_PILES, "W", "F"], FRENCH, ["stock", "bars"])


def _fill_gate(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for name, cards in view["piles"].items():
        p.pile(out, name, cards, norm=13)
    p.pile(out, "W", view["waste"])
    p.pile(out, "F", [c for top in view["foundations"].values() for c in _suit_run(top)])
    p.scalar(out, "stock", view["stock"] / 34)
    p.scalar(out, "bars", 1.0 if view.get("bars") == 3 else 0.0)


_ROWS = [f"T{i}" for i in range(1, 9)]
_EIGHT = Planes([*_ROWS, "P", "W", "F"], FRENCH, ["talon", "pass"])


def _fill_eight(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    for row in view["rows"]:
        p.pile(out, row["name"], row["face_up"], hidden=row["face_down"], norm=20)
    pending = view.get("pending")
    p.pile(out, "P", [pending] if pending else [], norm=1)
    p.pile(out, "W", view["waste"], norm=40)
    found = [c for f in view["foundations"] for c in _suit_run(f["top"])]
    p.pile(out, "F", found, norm=104)
    p.scalar(out, "talon", view["talon"] / 40)
    p.scalar(out, "pass", view["pass"] / max(1, view["passes"]))


_CP = Planes(
    ["F", "5", "6", "7", "8", "mine", "theirs", "my_hand", "their_hand"],
    FRENCH,
    ["twist", "end", "first_turn", "blocked", "my_cards", "their_cards"],
)


def _fill_cp(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
    me = view["player"]
    p.pile(out, "F", [c for top in view["foundations"] for c in _suit_run(top)])
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


_UNO_PHASES = ("play", "drawn", "challenge", "colour")
#: The engine's phase names -> the observation's (the engine says "play_or_keep").
_UNO_PHASE_OF = {
    "play": "play",
    "play_or_keep": "drawn",
    "challenge": "challenge",
    "colour": "colour",
}
_UNO = Planes(
    ["hand", "discard", "drawn", "opponent"],
    UNO,
    [
        *(f"colour_{c}" for c in "RGYB"),
        *(f"phase_{name}" for name in _UNO_PHASES),
        "draw_pile",
        "my_score",
        "their_score",
        "passes",
    ],
)


def _fill_uno(p: Planes, out: Sheet[float], view: Mapping[str, Any]) -> None:
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
    phase = _UNO_PHASE_OF.get(str(view.get("phase")))
    if phase is not None:
        p.scalar(out, f"phase_{phase}", 1.0)
    p.scalar(out, "draw_pile", view["draw_pile"] / 108)
    target = max(1, view["target"])
    p.scalar(out, "my_score", view["scores"][me] / target)
    p.scalar(out, "their_score", view["scores"][1 - me] / target)
    p.scalar(out, "passes", view["passes"] / 2)


_ENCODERS = {
    "calculation": Encoder(_CALC, _fill_calculation),
    "gate": Encoder(_GATE, _fill_gate),
    "eight-by-eight": Encoder(_EIGHT, _fill_eight),
    "chinese-patience": Encoder(_CP, _fill_cp),
    "uno": Encoder(_UNO, _fill_uno),
}


def encoder_for(game: str) -> Encoder:
    return _ENCODERS[game]
