"""Chinese Patience as a player sees it: the visible position as an engine state.

The computer players decide from the player's view alone. :func:`rebuild` makes a
private copy of the visible position (foundations, tableau, both discard piles, hand
counts and any hand order the view shows) as an engine state whose hidden hand cards
are placeholders (``HIDDEN``), so the engine's own rules generate and apply their
moves but no hidden card can reach a decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import card_str, french_deck
from ...games.chinese_patience import (
    END,
    MOVE_STRS,
    ON_DISCARD,
    ON_TABLEAU,
    PILE,
    TWIST,
    ChinesePatience,
)

__all__ = [
    "DISCARD_TAKES",
    "GAME",
    "HIDDEN",
    "MOVE_OF",
    "TABLEAU_TAKES",
    "Move3",
    "applied",
    "describe",
    "left",
    "next_card",
    "phase_key",
    "rebuild",
    "unseen_mask",
]

GAME = "chinese-patience"

Move3 = tuple[int, int, int]
#: A placeholder for a face-down hand card: rank 0 is no card of the pack.
HIDDEN = 0
_CARD_OF: dict[str, int] = {card_str(c): c for c in french_deck()}
#: Move string -> move.
MOVE_OF: dict[str, Move3] = {text: move for move, text in MOVE_STRS.items()}
_ALL_CARDS = 0
for _c in french_deck():
    _ALL_CARDS |= 1 << _c

#: TABLEAU_TAKES[u]: bit mask of the cards that may be built on tableau top u.
#: DISCARD_TAKES[u]: bit mask of the cards that may load a discard pile whose top is u.
TABLEAU_TAKES = [0] * 64
DISCARD_TAKES = [0] * 64
for _u in range(4, 56):
    for _c in range(4, 56):
        if ON_TABLEAU[(_c << 6) | _u]:
            TABLEAU_TAKES[_u] |= 1 << _c
        if ON_DISCARD[(_c << 6) | _u]:
            DISCARD_TAKES[_u] |= 1 << _c


def _cards(texts: Sequence[str]) -> list[int]:
    return [_CARD_OF[t] for t in texts]


def rebuild(view: Mapping[str, Any]) -> ChinesePatience:
    """An engine state holding exactly what ``view`` shows.

    A hand whose order the view shows holds those cards; any other hand holds
    ``HIDDEN`` placeholders, one per card, so its count is right but nothing in
    it can be read. Searches never apply a twist from such a hand.
    """
    s = object.__new__(ChinesePatience)
    first = int(view["first"])
    s.options = {"first": first}
    s.deck = ()
    s.first = first
    s.found = [_CARD_OF[t] >> 2 for t in view["foundations"]]
    s.tab = [_cards(pile) for pile in view["tableau"]]
    s.discards = [_cards(pile) for pile in view["discard"]]
    hands: list[list[int]] = []
    turned = 0
    for i in range(2):
        order = view["hand_order"][i]
        if order is None:
            hands.append([HIDDEN] * int(view["hand_counts"][i]))
        else:
            hands.append(_cards(order)[::-1])
            turned |= 1 << i
    s.hands = hands
    s.turn = int(view["to_move"])
    s.pending = bool(view["end_allowed"])
    s.twisted = 3 & ~(1 << s.turn) if view["first_turn"] else 3
    s.turned = turned
    s.blocked = int(view["blocked"])
    s.last_move = None
    s.last_mover = s.turn
    s.last_turnover = False
    s._outcome = None
    return s


def unseen_mask(s: ChinesePatience) -> int:
    """Bit mask of the cards in no view: those of hands whose order is unknown."""
    seen = 0
    for i, h in enumerate(s.found):
        for r in range(1, h + 1):
            seen |= 1 << (r * 4 + i)
    for pile in s.tab:
        for c in pile:
            seen |= 1 << c
    for i in range(2):
        for c in s.discards[i]:
            seen |= 1 << c
        if (s.turned >> i) & 1:
            for c in s.hands[i]:
                seen |= 1 << c
    return _ALL_CARDS & ~seen


def phase_key(s: ChinesePatience) -> tuple[Any, ...]:
    """What can change between two twists (hands cannot)."""
    t = s.tab
    d = s.discards
    return (
        s.turn,
        s.pending,
        len(s.hands[0]),
        len(s.hands[1]),
        tuple(s.found),
        tuple(t[0]),
        tuple(t[1]),
        tuple(t[2]),
        tuple(t[3]),
        tuple(d[0]),
        tuple(d[1]),
    )


def next_card(s: ChinesePatience, player: int) -> int | None:
    """The card ``player`` twists next when it is known, else None."""
    hand = s.hands[player]
    if hand:
        return None if hand[-1] == HIDDEN else hand[-1]
    pile = s.discards[player]
    return pile[0] if pile else None


def left(s: ChinesePatience, player: int) -> int:
    """Cards a player must still get rid of."""
    return len(s.hands[player]) + len(s.discards[player])


def applied(s: ChinesePatience, move: Move3) -> ChinesePatience:
    child = s.copy()
    child.apply(move)
    return child


#: The seat piles ("0", "9") as the player to move reads them in a hint, from the
#: game's own declaration of whose each is (:attr:`ChinesePatience.seat_piles`).
_SIDES = ("your", "your opponent's")
PILE_NAMES = {
    name: f"{_SIDES[offset]} {thing}"
    for name, (offset, thing) in ChinesePatience.seat_piles.items()
}


def describe(s: ChinesePatience, move: Move3) -> str:
    """A phrase for a move that names only visible cards."""
    kind, src, dst = move
    if kind == TWIST:
        return "twist"
    if kind == END:
        return "end the turn"
    if kind == PILE:
        return f"move the pile from {src} onto {dst}"
    pile = s.discards[s.turn] if src == 0 else s.tab[src - 5]
    c = card_str(pile[-1])
    source = PILE_NAMES.get(str(src), f"pile {src}")
    if dst == 9:
        return f"load {c} from {source} onto {PILE_NAMES['9']}"
    if dst <= 4:
        return f"play {c} from {source} to foundation {dst}"
    return f"move {c} from {source} to pile {dst}"
