"""The 8 x 8 proof pass's relaxation: it proves open positions dead by forgetting
how the face-up cards are arranged."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..solver import Budget
from .position import RED, Pos, class_key, needed_cards, place_up

# --- the open regime's relaxation -------------------------------------------
#
# The open regime's key and moves are inexact, so the search cannot prove a deal
# unwinnable through it. What it lacks is a way to say "no line from here wins" for
# an open position; the relaxation below gives one by forgetting how the face-up
# cards are arranged. Its state keeps what is exact (the face-down stacks with the
# card on each, the foundations, the talon and waste) and only the *multiset* of the
# other face-up cards. A multiset can be laid out in rows exactly when its cards,
# each on a card one higher of the other colour (another face-up card or a stack's
# top) or at the foot of a row without face-down cards, need no more such rows than
# there are; since the cards of a layer may lie on any card of their parent layer,
# the fewest rows needed is a count per layer (``rows_needed``). Every real move
# either keeps the relaxed state (a shift) or makes one of its moves (a card up, a
# stack's top card away, a talon or waste card into a row or up, a talon card to
# the waste, the waste turned over) to a state that can be laid out. So the relaxed
# moves are a superset of the real ones, and if no relaxed line wins, no real one
# does. The relaxation also ignores the duty to build a talon card, and where a
# card lies in its row, so it may find wins that do not exist: then the search
# explores the position as before, without a proof.

#: _LAYER[c]: the layer of card c (rank and colour); _PARENT_LAYER[l]: the layer
#: its cards lie on (one rank higher, other colour), or -1 (Aces and Kings: none).
_LAYER = tuple((c >> 2) * 2 + RED[c] for c in range(56))
_PARENT_LAYER = tuple(
    -1 if (layer >> 1) in (0, 1, 13) else layer + 2 + (1 - 2 * (layer & 1)) for layer in range(28)
)
#: Separates the parts of a relaxed state's key.
_SEP = 255
#: The talon pointer of a relaxed state whose talon and waste are taken in any order.
_ANY_ORDER = -1


def rows_needed(rest: Sequence[int], roots: Sequence[int]) -> int:
    """The fewest rows without face-down cards that can hold the face-up cards ``rest``
    when the stacks' top cards ``roots`` may hold them too."""
    below = [0] * 28
    lying = [0] * 28
    for c in rest:
        layer = _LAYER[c]
        below[layer] += 1
        lying[layer] += 1
    for c in roots:
        below[_LAYER[c]] += 1
    need = 0
    for layer in range(2, 28):
        k = lying[layer]
        if k:
            parent = _PARENT_LAYER[layer]
            need += k if parent < 0 else max(0, k - below[parent])
    return need


class Relaxation:
    """Proves open positions dead by a depth-first search of the relaxed game.

    Each check first relaxes the talon and waste further, to cards that may be taken
    in any order (fewer states: the talon's place and pass drop out), and only if that
    does not prove the position dead searches them in their order. ``dead`` (relaxed
    states searched to the end without a win, of both kinds) is shared by every check
    of one solver search, so later checks of similar positions are cheap.
    """

    __slots__ = ("dead", "nodes", "limit", "budget")

    def __init__(self, budget: Budget | None = None) -> None:
        self.dead: set[bytes] = set()
        self.nodes = 0
        self.limit = 0
        #: a time limit is checked every 256 relaxed states (a node limit by the caller)
        self.budget = budget

    def proves_dead(self, p: Pos, limit: int) -> bool:
        """Whether no line from ``p`` can win; False when a relaxed line wins, after
        ``limit`` relaxed states or when the time is up (``nodes`` says how many were
        searched)."""
        _, stacks, rest, f, seq = class_key(p, True)  # the open key is the relaxed state
        key = (stacks, rest, f)
        self.nodes = 0
        # first with the talon and waste as cards to take in any order (smaller, and
        # still sound: it only allows more), then in their order
        self.limit = limit // 2
        try:
            if not self._wins(*key, tuple(sorted(seq)), _ANY_ORDER, 0):
                return True
        except _OverLimit:
            pass
        self.limit = limit
        try:
            return not self._wins(*key, seq, p[4], p[5])
        except _OverLimit:
            return False

    def _wins(
        self,
        stacks: tuple[tuple[int, ...], ...],
        rest: tuple[int, ...],
        f: tuple[int, ...],
        seq: tuple[int, ...],
        ptr: int,
        passes: int,
    ) -> bool:
        rest, f = _relaxed_safe_ups(rest, f)
        if sum(f) == 104:
            return True
        parts = [b for s in stacks for b in (*s, _SEP)]
        key = bytes((*parts, _SEP, *rest, _SEP, *f, *seq, _SEP, ptr & 255, passes))
        if key in self.dead:
            return False
        if ptr >= 0:
            loose = bytes((*parts, _SEP, *rest, _SEP, *f, *sorted(seq), _SEP, 255, 0))
            if loose in self.dead:
                return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OverLimit
        if not self.nodes & 255 and self.budget is not None and self.budget.exhausted(0):
            raise _OverLimit
        fit = needed_cards(f)[0]
        roots = [s[-1] for s in stacks]

        def fits_rows(stacks2: tuple[tuple[int, ...], ...], rest2: tuple[int, ...]) -> bool:
            return rows_needed(rest2, [s[-1] for s in stacks2]) <= 8 - len(stacks2)

        children: list[tuple[Any, ...]] = []

        def take(c: int, seq2: tuple[int, ...], ptr2: int) -> None:
            """A talon or waste card up, or into a row."""
            if c in fit:
                children.append((stacks, rest, _raised(f, c), seq2, ptr2, passes))
            if c >= 8:
                rest2 = _with(rest, c)
                if rows_needed(rest2, roots) <= 8 - len(stacks):
                    children.append((stacks, rest2, f, seq2, ptr2, passes))

        for i, stack in enumerate(stacks):
            if i and stack == stacks[i - 1]:
                continue
            top = stack[-1]
            left, rest2 = _turn_up(stacks, i, rest)
            if top in fit and fits_rows(left, rest2):
                children.append((left, rest2, _raised(f, top), seq, ptr, passes))
            if top >= 8:
                rest3 = _with(rest2, top)
                if fits_rows(left, rest3):
                    children.append((left, rest3, f, seq, ptr, passes))
        if ptr > 0:
            take(seq[ptr - 1], seq[: ptr - 1] + seq[ptr:], ptr - 1)
        last = -1
        for c in rest:
            if c != last and c in fit:
                rest2 = _without(rest, c)
                if rows_needed(rest2, roots) <= 8 - len(stacks):
                    children.append((stacks, rest2, _raised(f, c), seq, ptr, passes))
            last = c
        if ptr < 0:
            last = -1
            for c in seq:
                if c != last:
                    take(c, _without(seq, c), ptr)
                last = c
        elif ptr < len(seq):
            q = seq[ptr]
            take(q, seq[:ptr] + seq[ptr + 1 :], ptr)
            if q >= 8:
                children.append((stacks, rest, f, seq, ptr + 1, passes))
        elif ptr and passes < 3:
            children.append((stacks, rest, f, seq, 0, passes + 1))
        for child in children:
            if self._wins(*child):
                return True
        self.dead.add(key)
        return False


class _OverLimit(Exception):
    """The relaxation's search passed its limit."""


def _relaxed_safe_ups(
    rest: tuple[int, ...], f: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Put up every face-up card (no Ace) that fits and is safe. In the relaxed game
    that loses nothing: a line that later puts up a card of the same value from
    elsewhere can move that card into a row instead, and no card needs it to lie on."""
    while True:
        safe = needed_cards(f)[1]
        for c in rest:
            if c >= 8 and c in safe:
                rest = _without(rest, c)
                f = _raised(f, c)
                break
        else:
            return rest, f


def _turn_up(
    stacks: tuple[tuple[int, ...], ...], i: int, rest: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The stacks and face-up cards once stack ``i``'s top card has gone: the next card
    turns up (a row left without face-down cards joins the face-up cards)."""
    stack = stacks[i][:-1]
    others = stacks[:i] + stacks[i + 1 :]
    if len(stack) == 1:
        return others, _with(rest, stack[0])
    return tuple(sorted((*others, stack))), rest


def _with(cards: tuple[int, ...], c: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, c)))


def _without(cards: tuple[int, ...], c: int) -> tuple[int, ...]:
    i = cards.index(c)
    return cards[:i] + cards[i + 1 :]


def _raised(f: tuple[int, ...], c: int) -> tuple[int, ...]:
    g = list(f)
    place_up(g, c)
    return tuple(g)
