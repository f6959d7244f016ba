"""Play-outs of the fair player's policy on a whole position (a sampled deal).

The strong player judges its candidate moves by playing each on a few sampled deals
and letting the fair player's policy go on from there. The policy here is the fair
player's own (:func:`parlour.ai.eight_by_eight.player.best_plan` for the table,
:func:`parlour.ai.eight_by_eight.player.place_pending` for a turned card), and it
sees only what a person would see at each step of the play-out: face-down cards are
placeholders and the talon is unknown (:func:`masked`). So a move is not rated by
what the hidden cards would allow to someone who knew them (as a clairvoyant solver
on each sample would), but by how the fair player fares after it without knowing
them.

A play-out is scored smoothly (cards on the foundations plus face-down cards turned
up, and a bonus for a win) rather than won or lost: at win rates near 10-20% a few
play-outs say little by wins alone.
"""

from __future__ import annotations

from collections.abc import Set

from .moves import turn_options
from .player import PLAN_DEPTH, best_plan, place_pending
from .position import Mv, Pos, apply_moves

__all__ = ["WIN_BONUS", "masked", "play_out", "score"]

#: Added to the score of a play-out that wins.
WIN_BONUS = 40.0
#: What one face-down card turned up is worth in a play-out's score, beside a card
#: on the foundations.
REVEAL_WEIGHT = 1.0


def masked(s: Pos) -> Pos:
    """What a person sees of the whole position ``s``: face-down cards as the
    placeholder 0, the waste without the talon behind it."""
    rows = tuple((0,) * d + r[d:] if d else r for r, d in zip(s[0], s[1], strict=True))
    return (rows, s[1], s[2], s[3][: s[4]], s[4], s[5])


def score(s: Pos) -> float:
    """How far a play-out got: cards up, face-down cards turned up, a win."""
    up = sum(s[2])
    return up + REVEAL_WEIGHT * (56 - sum(s[1])) + (WIN_BONUS if up == 104 else 0.0)


def play_out(s: Pos, seen: Set[Pos], steps: int = 1000) -> Pos:
    """The position the fair player's policy reaches from the whole position ``s``
    (seeing only :func:`masked` views) within ``steps`` moves; ``seen``: the views
    it must not return to."""
    visited = set(seen)
    plan: list[Mv] = []
    expect: Pos | None = None
    for _ in range(steps):
        v = masked(s)
        visited.add(v)
        mv: Mv | None = None
        if plan and expect == v:
            nxt = plan.pop(0)
            after = apply_moves(v, [nxt])
            if after not in visited:
                mv, expect = nxt, after
        if mv is None:
            plan = []
            value, found = best_plan(v, PLAN_DEPTH, visited)
            can_turn = s[4] < len(s[3]) or (s[4] > 0 and s[5] < 3)
            if found and (value >= 1.0 or not can_turn):
                mv = found[0]
                plan = found[1:]
                expect = apply_moves(v, [mv])
            elif can_turn and s[4] < len(s[3]):
                mv = place_pending(v, s[3][s[4]], turn_options(s))
            elif can_turn:
                mv = ("o",)  # the waste turned over
            else:
                return s
        s = apply_moves(s, [mv])
    return s
