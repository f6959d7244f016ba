"""Determinised Monte Carlo for UNO's ``strong`` player: what one search returns.

``strong`` cannot see the opponent's hand, so it deals it many times from the
cards it has not seen (respecting what the opponent showed: a player who drew
instead of playing held nothing of that colour or value and no Wild), weights
each deal by how likely it makes the opponent's plays since it last drew, and for
each deal plays every candidate move (drawing instead of playing among them) and
then the rest of the hand out: itself with ``basic``'s policy, the opponent at
random or like ``basic`` by that deal's posterior (``flags`` vary that policy; the
player names Wilds by count, then points, on both sides). The move that wins most
of these hands (by weight) is played; each candidate's average points are
returned too. The same deals and the same shuffles are used for every candidate
("common random numbers"), so the comparison is sharper than the win rates.

The playouts are the UNO kernel's (:func:`parlour.kernels.uno.playouts`, on the
kernel's card rules): with numba installed (``pip install parlour[fast]``) they run
compiled, about fifty times faster; without it the very same functions run as
plain Python on lists. Both give the same results (the random numbers are a
32-bit xorshift kept in plain integers), so a choice never depends on what is
installed, only its speed does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...kernels import uno as kernel
from ...kernels.uno import ANY_WILD, NAME_MINE, NAME_OPP

__all__ = ["ANY_WILD", "NAME_MINE", "NAME_OPP", "Searched", "compiled", "search"]


def compiled() -> bool:
    """Whether the numba-compiled kernel is in use (numba installed)."""
    return kernel.compiled() is not None


@dataclass(frozen=True)
class Searched:
    """What one search found."""

    #: Per candidate, the deals it won (weighted, as a share of ``samples``).
    wins: list[float]
    #: The likelihoods of the events summed over the deals if the opponent plays at
    #: random and if it plays like ``basic`` (their ratio tells which it more likely is).
    likelihoods: tuple[float, float]
    #: Per candidate, the points it scores on average over the deals (weighted): the
    #: loser's cards, won (+) or lost (-); what a hand is worth in a match.
    points: list[float]


def search(
    my_hand: Sequence[int],
    pool: Sequence[int],
    opp_n: int,
    known_w4: int,
    layers: Sequence[tuple[int, int, int]],
    discard: Sequence[int],
    top: int,
    colour: int,
    candidates: Sequence[tuple[int, int]],
    samples: int,
    seed: int,
    random_pct: int = 0,
    plain: bool = False,
    events: Sequence[tuple[int, int, int, int]] = (),
    since: Sequence[int] = (),
    flags: int = 0,
    ucb: int = 0,
    ucb_min: int = 0,
    ucb_depth: int = 1,
) -> Searched:
    """How many of ``samples`` deals each candidate ``(card, named colour)`` wins
    (card -1: keep the card just drawn, the turn passes; -2: draw a card instead of
    playing, and play it if it fits), the deals weighted by the
    likelihood of ``events`` (a share of ``samples``; unweighted without events).

    ``pool``: the cards not seen (opponent's hand and draw pile, known W4s out);
    ``layers``: ``(cards, colour, value)``, that many of the opponent's cards lack
    that colour, that value (-1: none) and Wilds (value ``ANY_WILD``: that colour
    only, as after a right Wild Draw Four); ``discard``: the discard pile
    below its top card; ``random_pct``: the percentage of deals in which the
    opponent is played as a random player (any card that fits, Wilds included,
    colours at random) rather than as ``basic``; ``plain``: run the plain-Python
    kernel even when the compiled one is there (the tests compare them);
    ``events``: ``(value on top or -1, colour, start)``, the opponent's plays since
    it last drew a card, each made from a hand that was its present hand plus
    ``since[start:]`` (the cards it has played since it last drew, in order);
    ``ucb``: search my first real choice after each candidate too, by UCB1 with
    exploration ``ucb / 100`` once a node has ``ucb_min`` visits, ``ucb_depth`` such
    choices per playout.
    """
    run = kernel.Playouts(
        my_hand,
        pool,
        opp_n,
        known_w4,
        layers,
        discard,
        top,
        colour,
        candidates,
        seed,
        events,
        since,
        (random_pct, flags, ucb, ucb_min, ucb_depth),
        plain=plain,
    )
    run.run(samples)
    found = [float(w) for w in run.sums]
    n = len(candidates)
    total = found[n]
    wins = [w * samples / total if total > 0 else 0.0 for w in found[:n]]
    points = [w / total if total > 0 else 0.0 for w in found[n + 3 :]]
    return Searched(wins, (found[n + 1], found[n + 2]), points)
