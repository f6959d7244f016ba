"""UNO's ``random`` and ``basic`` players.

Both decide from the player's view (``Uno.view``) and the legal move strings only
(read by :mod:`parlour.ai.uno.table`), so hidden cards cannot reach a decision.

**Why UNO has its own ``random``.** Under the default rules a wrong Wild Draw Four
is a legal move string that costs its player four cards at once, and every held
``W4`` gives four strings (one per colour). A uniform choice over the strings
therefore plays wrong ``W4`` s over and over; hands grow to thousands of moves and
the "baseline" measures nothing. UNO's ``random`` is the sensible random player
that published figures and RLCard's random agent stand for: it plays a card
whenever one fits, chosen uniformly among the *distinct* playable cards (a Wild is
one card, its colour then uniform), plays a ``W4`` only when it is right (as
RLCard's rules allow it only then), draws only when no card fits, plays a drawn
card that fits (as RLCard does), answers a challengeable ``W4`` with a coin toss,
and always calls UNO and catches (the formalities are not strategy). The same
policy on the engine's move tuples, :func:`random_engine_move`, drives the speed
benchmark; a test proves both make the same choices, and the UNO kernel's
``random_move`` (``parlour.kernels.uno``) plays it in compiled simulations.

**basic** is the simple strategy most people play: a coloured card when one fits
(the card of the colour it holds most of, high points first), a Wild only when
nothing else fits, a ``W4`` only rightly, the colour named being its most-held
colour; it never reneges, never bluffs and never challenges.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...cards import UNO_COLOURS, UNO_WILD, UNO_WILD4, parse_uno_card
from ...games.uno import (
    K_CATCH,
    K_CHALLENGE,
    K_COLOUR,
    K_DRAW,
    K_PASS,
    K_PLAY,
    K_PLAYDRAWN,
    Uno,
    holds_colour,
)
from ...rng import Rng
from ..base import Player, register_player
from .table import (
    CARD_POINTS,
    GAME,
    call_uno,
    check_view,
    distinct_plays,
    play_text,
    read_table,
)

__all__ = ["UnoBasicPlayer", "UnoRandomPlayer", "best_colour", "random_engine_move"]

W = UNO_WILD
W4 = UNO_WILD4


# --- random -------------------------------------------------------------------------


@register_player(GAME, "random")
class UnoRandomPlayer(Player):
    """The sensible random baseline described in the module docstring."""

    level = "random"

    def engine_chooser(self) -> Callable[[Any, list[Any]], Any]:
        rng = self.rng
        return lambda state, legal: random_engine_move(state, legal, rng)

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        check_view(view, legal)
        if "catch" in legal:
            return "catch"
        phase = view["phase"]
        rng = self.rng
        if phase == "play":
            cards = distinct_plays(legal)
            if cards and cards[-1] == W4 and _wrong_w4(view):
                cards.pop()
            if not cards:
                return "draw" if "draw" in legal else "pass"
            card = cards[rng.randbelow(len(cards))]
            colour = rng.randbelow(4) if card >= W else 0
            return call_uno(play_text(card, colour), legal)
        if phase == "play_or_keep":
            drawn = view["drawn"]
            if drawn == "W4" and _wrong_w4(view):
                return "keep"
            text = f"play:{UNO_COLOURS[rng.randbelow(4)]}" if drawn in ("W", "W4") else "play"
            return call_uno(text, legal)
        if phase == "colour":
            return f"colour:{UNO_COLOURS[rng.randbelow(4)]}"
        return legal[rng.randbelow(len(legal))]  # challenge or accept


def _wrong_w4(view: Mapping[str, Any]) -> bool:
    """Whether a W4 played now would be wrong: a card of the colour in play is held."""
    colour = view["colour"]
    return colour is not None and holds_colour(
        (parse_uno_card(s) for s in view["hand"]), UNO_COLOURS.index(colour)
    )


def random_engine_move(state: Uno, legal: list[Any], rng: Rng) -> Any:
    """:class:`UnoRandomPlayer`'s choice made on the engine's move tuples, for speed.

    It makes the same draws from ``rng`` as ``choose`` on the view and the move
    strings, so it plays the same game move for move (a test checks it). It reads
    the mover's own hand and the colour in play from the state, which the mover
    sees anyway, to avoid building a view at every step.
    """
    last = legal[-1]
    if last[0] == K_CATCH:
        return last
    kind = legal[0][0]
    if kind in (K_PLAY, K_DRAW, K_PASS):
        cards: list[int] = []
        prev = -1
        for m in legal:
            if m[0] != K_PLAY:
                break
            c = m[1]
            if c != prev:
                prev = c
                cards.append(c)
        if cards and cards[-1] == W4 and holds_colour(state._hands[state._turn], state._colour):
            cards.pop()
        if not cards:
            return last
        card = cards[rng.randbelow(len(cards))]
        call = 1 if state._uno and len(state._hands[state._turn]) == 2 else 0
        if card >= W:
            return (K_PLAY, card, rng.randbelow(4), call)
        return (K_PLAY, card, -1, call)
    if kind == K_PLAYDRAWN:
        drawn = state._drawn
        if drawn == W4 and holds_colour(state._hands[state._turn], state._colour):
            return legal[-1]  # keep
        call = 1 if state._uno and len(state._hands[state._turn]) == 2 else 0
        return (K_PLAYDRAWN, rng.randbelow(4) if drawn >= W else -1, call)
    if kind == K_COLOUR:
        return (K_COLOUR, rng.randbelow(4))
    if kind == K_CHALLENGE:
        return legal[rng.randbelow(2)]
    return legal[rng.randbelow(len(legal))]


# --- basic --------------------------------------------------------------------------


def best_colour(hand: Sequence[int]) -> int:
    """The colour held most (by count, then points); red when only Wilds are held."""
    best, best_key = 0, (-1, -1)
    for colour in range(4):
        cards = [c for c in hand if c >> 4 == colour]
        key = (len(cards), sum(CARD_POINTS[c] for c in cards))
        if key > best_key:
            best, best_key = colour, key
    return best


@register_player(GAME, "basic")
class UnoBasicPlayer(Player):
    """The simple strategy described in the module docstring."""

    level = "basic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        check_view(view, legal)
        if "catch" in legal:
            return "catch", "the opponent did not call UNO"
        t = read_table(view)
        if t.phase == "challenge":
            return "accept", "never challenge: a lost challenge costs six cards"
        if t.phase == "colour":
            colour = best_colour(t.hand)
            return f"colour:{UNO_COLOURS[colour]}", "the colour held most"
        rest = [c for c in t.hand if c < W]
        if t.phase == "play_or_keep":
            if t.drawn == W4 and t.holds_colour(t.colour):
                return "keep", "a Wild Draw Four would be wrong now"
            text = f"play:{UNO_COLOURS[best_colour(rest)]}" if t.drawn >= W else "play"
            return call_uno(text, legal), "the drawn card fits"
        cards = distinct_plays(legal)
        coloured = [c for c in cards if c < W]
        if coloured:
            counts = [0] * 5
            for c in t.hand:
                counts[c >> 4] += 1
            card = max(coloured, key=lambda c: (counts[c >> 4], CARD_POINTS[c], -c))
            return call_uno(play_text(card, 0), legal), "a card of the colour held most"
        colour = best_colour(rest)
        if W in cards:
            return call_uno(play_text(W, colour), legal), "nothing else fits: a Wild"
        if W4 in cards and not t.holds_colour(t.colour):
            return call_uno(play_text(W4, colour), legal), "nothing else fits: a Wild Draw Four"
        if "draw" in legal:
            return "draw", "nothing fits"
        return "pass", "nothing fits and nothing can be drawn"
