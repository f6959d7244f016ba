"""Determinised Monte Carlo for UNO's ``strong`` player: the simulation kernel.

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

The kernel is written in the small subset of Python that numba compiles: with
numba installed (``pip install parlour[fast]``) it runs compiled on numpy
arrays, about fifty times faster; without it the very same function runs as
plain Python on lists. Both give the same results (the random numbers are a
32-bit xorshift kept in plain integers), so a choice never depends on what is
installed, only its speed does.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ._jit import JitLoader

__all__ = ["Searched", "search", "compiled"]

W = 64
W4 = 65
SKIP = 10
DRAW2 = 11
M32 = 0xFFFFFFFF
#: ``flags`` of the playout policy (0: ``basic``'s policy for both, Wilds named by count)
NAME_MINE = 1  # my Wilds name the colour held most by count, then points
NAME_OPP = 2  # ... and the opponent's when it plays like basic (as the real basic does)
#: A layer's value meaning "no card of the colour; any value, Wilds too" (a right W4)
ANY_WILD = -2
MOVE_LIMIT = 600  # a played-out hand longer than this counts as lost (never seen)
#: Nodes of the second level (my first real choice after each candidate, see ``search``)
NODES = 1024


def _xs(x: int) -> int:
    """One step of a 32-bit xorshift (never 0 when started non-zero)."""
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


def _draw_one(draw: Any, dn: int, discard: Any, sn: int, x: int) -> tuple[int, int, int, int]:
    """Take the top of the draw pile (reshuffling the discards, top excluded, when it is
    empty). Returns (card or -1, draw size, discard size, rng state)."""
    if dn == 0:
        if sn == 0:
            return -1, 0, 0, x
        for i in range(sn):
            draw[i] = discard[i]
        dn = sn
        sn = 0
        for i in range(dn - 1, 0, -1):
            x = _xs(x)
            j = x % (i + 1)
            draw[i], draw[j] = draw[j], draw[i]
    dn -= 1
    return draw[dn], dn, sn, x


def _fits(c: int, colour: int, tv: int, counts: Any) -> bool:
    """Whether card ``c`` may be played now: a Wild; a Wild Draw Four when the hand
    (colour counts ``counts``) holds no card of the colour in play; a card of that
    colour or of the value on top (``tv``, -1 after a Wild)."""
    return (
        c == W
        or (c == W4 and counts[colour] == 0)
        or (c < W and (c >> 4 == colour or (c & 15) == tv))
    )


def _kernel(
    my_hand: Any,
    my_n: int,
    pool: Any,
    pool_n: int,
    opp_n: int,
    known_w4: int,
    layer_n: Any,
    layer_col: Any,
    layer_val: Any,
    layers: int,
    disc0: Any,
    disc0_n: int,
    top0: int,
    colour0: int,
    cand_card: Any,
    cand_named: Any,
    cands: int,
    samples: int,
    seed: int,
    random_pct: int,
    flags: int,
    ev_top: Any,
    ev_col: Any,
    ev_idx: Any,
    ev_named: Any,
    evs: int,
    since: Any,
    since_n: int,
    wins: Any,
    hands: Any,
    sizes: Any,
    draw: Any,
    discard: Any,
    deal: Any,
    taken: Any,
    counts: Any,
    mark: Any,
    ucb: int,
    ucb_min: int,
    ucb_depth: int,
    tkeys: Any,
    tn: Any,
    tw: Any,
    path: Any,
) -> None:
    """Adds to ``wins[k]`` the hands won after candidate ``k`` over ``samples`` deals,
    each deal weighted by how likely it makes the opponent's recent plays, and to
    ``wins[cands]`` the deals' total weight, to ``wins[cands + 1]`` and ``wins[cands + 2]``
    the events' likelihoods summed over the deals if the opponent plays at random and
    like basic, and to ``wins[cands + 3 + k]`` the points candidate ``k`` scores (the
    loser's cards, + when won, - when lost), weighted.

    ``hands`` is a 2 x 120 work array, ``draw``/``discard``/``deal``/``taken``/``mark``
    work arrays of at least 120, ``counts`` of 5; layers are sorted by size (the
    smallest, the oldest knowledge, first). Event ``e`` is an opponent's play on
    value ``ev_top[e]`` (-1: a Wild) and colour ``ev_col[e]`` from a hand that was
    the dealt hand plus ``since[ev_idx[e]:since_n]`` (the cards it has played since
    it last drew); a player choosing uniformly among its distinct playable cards
    made it with chance 1 / (their number).

    With ``ucb`` > 0 my first real choice in each playout after the candidate (two or
    more distinct cards fit) is not ``basic``'s but searched too: the deals of that
    candidate share one node per (candidate, top card, colour, my hand size), keyed in
    ``tkeys`` (``NODES`` zeros), whose per-card plays and wins (``tn``, ``tw``,
    ``NODES`` x 66 zeros) choose by UCB1 with exploration ``ucb / 100`` once the node
    has been visited ``ucb_min`` times (before, ``basic``'s play).
    """
    x = (seed & M32) | 1
    for _s in range(samples):
        # Deal the opponent's hand: layer by layer, the cards each layer allows.
        for i in range(pool_n):
            deal[i] = pool[i]
            taken[i] = 0
        for i in range(pool_n - 1, 0, -1):
            x = _xs(x)
            j = x % (i + 1)
            deal[i], deal[j] = deal[j], deal[i]
        got = 0
        for k in range(layers):
            want = min(layer_n[k], opp_n)
            for i in range(pool_n):
                if got >= want:
                    break
                if taken[i]:
                    continue
                c = deal[i]
                ok = True
                for q in range(k, layers):
                    if c >= W:
                        if layer_val[q] != ANY_WILD:
                            ok = False
                            break
                    elif c >> 4 == layer_col[q] or (c & 15) == layer_val[q]:
                        ok = False
                        break
                if ok:
                    taken[i] = 1
                    got += 1
        for i in range(pool_n):
            if got >= opp_n:
                break
            if not taken[i]:
                taken[i] = 1
                got += 1
        w_random = 1.0  # the likelihood of the events if the opponent plays at random
        w_basic = 1.0  # ... and if it plays basic's policy
        for e in range(evs):
            for i in range(W4 + 1):
                mark[i] = 0
            for i in range(pool_n):
                if taken[i]:
                    mark[deal[i]] += 1
            for i in range(ev_idx[e], since_n):
                mark[since[i]] += 1
            mark[W4] += known_w4
            col = ev_col[e]
            tv = ev_top[e]
            played = since[ev_idx[e]]
            for q in range(4):
                counts[q] = 0
            for c in range(W):
                counts[c >> 4] += mark[c]
            fit = 0
            basic = -1
            basic_key = -1
            for c in range(W):
                if mark[c] and (c >> 4 == col or c & 15 == tv):
                    fit += 1
                    key = counts[c >> 4] * 64 + (20 if c & 15 >= SKIP else c & 15)
                    if key > basic_key:
                        basic_key = key
                        basic = c
            if mark[W]:
                fit += 1
                if basic < 0:
                    basic = W
            if mark[W4] and counts[col] == 0:
                fit += 1
                if basic < 0:
                    basic = W4
            w_random /= max(1, fit)
            if played != basic:
                w_basic = 0.0
            if played >= W:
                w_random /= 4
                # basic names the colour it holds most (by count, then points)
                most = 0
                best_key = -1
                for q in range(4):
                    pts = 0
                    for v in range(12):
                        c = q * 16 + v
                        pts += mark[c] * (20 if v >= SKIP else v)
                    key = counts[q] * 1024 + pts
                    if key > best_key:
                        best_key = key
                        most = q
                if ev_named[e] != most:
                    w_basic = 0.0
        prior = random_pct / 100
        weight = prior * w_random + (1 - prior) * w_basic
        wins[cands] += weight
        wins[cands + 1] += w_random
        wins[cands + 2] += w_basic
        if weight <= 0:
            continue
        x = _xs(x)
        # this deal's opponent plays at random (else as basic), by its posterior
        wild_mind = x % 10000 < prior * w_random / weight * 10000
        seed_s = x
        for k in range(cands):
            # The table of this deal.
            x = seed_s
            n1 = 0
            dn = 0
            for i in range(pool_n):
                if taken[i]:
                    hands[1, n1] = deal[i]
                    n1 += 1
                else:
                    draw[dn] = deal[i]
                    dn += 1
            for _w in range(known_w4):
                hands[1, n1] = W4
                n1 += 1
            for i in range(my_n):
                hands[0, i] = my_hand[i]
            sizes[0] = my_n
            sizes[1] = n1
            for i in range(disc0_n):
                discard[i] = disc0[i]
            sn = disc0_n
            top = top0
            colour = colour0
            turn = 0
            card = cand_card[k]
            winner = -1
            give = 0
            renege = card == -2  # draw a card instead of playing (then play it if it fits)
            left = ucb_depth if ucb > 0 else 0  # my real choices still to search
            steps = 0  # (node, card) pairs in ``path`` to back up
            if card == -1:  # keep the drawn card: the turn passes
                turn = 1
            elif not renege:
                n0 = sizes[0]
                for i in range(n0):
                    if hands[0, i] == card:
                        hands[0, i] = hands[0, n0 - 1]
                        break
                sizes[0] = n0 - 1
                if sizes[0] == 0:
                    winner = 0
                else:
                    discard[sn] = top
                    sn += 1
                    top = card
                    colour = cand_named[k]
                    if card == W:
                        turn = 1
                    elif card == W4:
                        give = 4
                    elif (card & 15) == DRAW2:
                        give = 2
                    elif (card & 15) != SKIP:
                        turn = 1
            for _m in range(MOVE_LIMIT):
                if winner >= 0:
                    break
                if give:
                    o = 1 - turn
                    for _g in range(give):
                        c, dn, sn, x = _draw_one(draw, dn, discard, sn, x)
                        if c < 0:
                            break
                        hands[o, sizes[o]] = c
                        sizes[o] += 1
                    give = 0
                # basic's policy for the player to move
                n = sizes[turn]
                for q in range(5):
                    counts[q] = 0
                for i in range(n):
                    counts[hands[turn, i] >> 4] += 1
                tv = top & 15 if top < W else -1
                best = -1
                best_key = -1
                has_w = -1
                has_w4 = -1
                mine = turn == 0 or not wild_mind
                for i in range(n):
                    c = hands[turn, i]
                    if c == W:
                        has_w = i
                    elif c == W4:
                        has_w4 = i
                    elif c >> 4 == colour or (c & 15) == tv:
                        value = c & 15
                        pts = 20 if value >= SKIP else value
                        key = counts[c >> 4] * 64 + pts
                        if key > best_key:
                            best_key = key
                            best = i
                if best < 0:
                    if has_w >= 0:
                        best = has_w
                    elif has_w4 >= 0 and counts[colour] == 0:
                        best = has_w4
                elif turn == 1 and wild_mind:
                    # A random player: any card that fits, Wilds included.
                    fit = 0
                    for i in range(n):
                        c = hands[turn, i]
                        if _fits(c, colour, tv, counts):
                            fit += 1
                    x = _xs(x)
                    pick = x % fit
                    for i in range(n):
                        c = hands[turn, i]
                        if _fits(c, colour, tv, counts):
                            if pick == 0:
                                best = i
                                break
                            pick -= 1
                if renege:
                    best = -1
                    renege = False
                elif turn == 0 and left > 0 and best >= 0:
                    # The second level: my first real choice, by UCB1 over shared nodes.
                    for i in range(W4 + 1):
                        mark[i] = 0
                    opts = 0
                    for i in range(n):
                        c = hands[0, i]
                        if mark[c] == 0 and _fits(c, colour, tv, counts):
                            mark[c] = i + 1
                            opts += 1
                    if opts >= 2:
                        left -= 1
                        key = ((ucb_depth - left) * 64 + k) * 66 + top
                        key = key * 512 + colour * 128 + n + 1
                        h = key % NODES
                        for _p in range(NODES):
                            if tkeys[h] == key or tkeys[h] == 0:
                                break
                            h = (h + 1) % NODES
                        if tkeys[h] == key or tkeys[h] == 0:
                            tkeys[h] = key
                            total = 0.0
                            pick = -1
                            for c in range(W4 + 1):
                                if mark[c] > 0:
                                    total += tn[h * 66 + c]
                                    if pick < 0 and tn[h * 66 + c] == 0:
                                        pick = c
                            if total < ucb_min:
                                pick = hands[0, best]  # basic's until visited enough
                            elif pick < 0:
                                top_score = -1.0
                                for c in range(W4 + 1):
                                    if mark[c] > 0:
                                        v = tn[h * 66 + c]
                                        score = tw[h * 66 + c] / v + ucb / 100 * math.sqrt(
                                            math.log(total) / v
                                        )
                                        if score > top_score:
                                            top_score = score
                                            pick = c
                            path[2 * steps] = h
                            path[2 * steps + 1] = pick
                            steps += 1
                            best = mark[pick] - 1
                if best < 0:
                    c, dn, sn, x = _draw_one(draw, dn, discard, sn, x)
                    if c < 0:
                        turn = 1 - turn
                        continue
                    hands[turn, n] = c
                    sizes[turn] = n + 1
                    counts[c >> 4] += 1
                    if not _fits(c, colour, tv, counts):
                        turn = 1 - turn
                        continue
                    best = n
                    n += 1
                card = hands[turn, best]
                hands[turn, best] = hands[turn, n - 1]
                sizes[turn] = n - 1
                discard[sn] = top
                sn += 1
                top = card
                if n - 1 == 0:
                    winner = turn
                    break
                if card >= W:
                    counts[card >> 4] -= 1
                    most = 0
                    colour = 0
                    if mine and (flags & (NAME_MINE if turn == 0 else NAME_OPP)):
                        # basic's naming: the colour held most, by count then points
                        best_key = -1
                        for q in range(4):
                            pts = 0
                            for i in range(n - 1):
                                d = hands[turn, i]
                                if d >> 4 == q:
                                    pts += 20 if (d & 15) >= SKIP else d & 15
                            key = counts[q] * 1024 + pts
                            if key > best_key:
                                best_key = key
                                colour = q
                    else:
                        for q in range(4):
                            if counts[q] > most:
                                most = counts[q]
                                colour = q
                    if turn == 1 and wild_mind:
                        x = _xs(x)
                        colour = x % 4
                    if card == W:
                        turn = 1 - turn
                    else:
                        give = 4
                    continue
                colour = card >> 4
                if (card & 15) == DRAW2:
                    give = 2
                elif (card & 15) != SKIP:
                    turn = 1 - turn
            # the points the hand's winner scores: the loser's cards
            score = 0
            loser = 1 - winner
            if winner >= 0:
                for i in range(sizes[loser]):
                    d = hands[loser, i]
                    score += 50 if d >= W else 20 if (d & 15) >= SKIP else d & 15
            for i in range(steps):
                tn[path[2 * i] * 66 + path[2 * i + 1]] += 1
                if winner == 0:
                    tw[path[2 * i] * 66 + path[2 * i + 1]] += 1
            if winner == 0:
                wins[k] += weight
                wins[cands + 3 + k] += weight * score
            elif winner == 1:
                wins[cands + 3 + k] -= weight * score


_LOADER = JitLoader(globals(), ("_xs", "_draw_one", "_fits", "_kernel"))


def compiled() -> bool:
    """Whether the numba-compiled kernel is in use (numba installed)."""
    return _LOADER.compiled() is not None


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
    ``ucb``: search my first real choice after each candidate too (see ``_kernel``).
    """
    done = _LOADER.compiled()
    ordered = sorted(layers)
    args: list[Any] = [
        list(my_hand),
        len(my_hand),
        list(pool),
        len(pool),
        opp_n,
        known_w4,
        [n for n, _, _ in ordered],
        [c for _, c, _ in ordered],
        [v for _, _, v in ordered],
        len(ordered),
        list(discard),
        len(discard),
        top,
        colour,
        [c for c, _ in candidates],
        [n for _, n in candidates],
        len(candidates),
        samples,
        seed,
        random_pct,
        flags,
        [v for v, _, _, _ in events],
        [c for _, c, _, _ in events],
        [i for _, _, i, _ in events],
        [n for _, _, _, n in events],
        len(events),
        list(since),
        len(since),
    ]
    size = 128
    if done is not None and not plain:
        np = importlib.import_module("numpy")
        conv = [np.array(a + [0], dtype=np.int64) if isinstance(a, list) else a for a in args]
        wins = np.zeros(2 * len(candidates) + 3, dtype=np.float64)
        hands = np.zeros((2, size), dtype=np.int64)
        work = [np.zeros(size, dtype=np.int64) for _ in range(4)]
        done["_kernel"](
            *conv,
            wins,
            hands,
            np.zeros(2, dtype=np.int64),
            *work,
            np.zeros(5, np.int64),
            np.zeros(size, np.int64),
            ucb,
            ucb_min,
            ucb_depth,
            np.zeros(NODES, np.int64),
            np.zeros(NODES * 66, np.float64),
            np.zeros(NODES * 66, np.float64),
            np.zeros(2 * ucb_depth + 2, np.int64),
        )
        found = [float(w) for w in wins]
    else:
        found = [0.0] * (2 * len(candidates) + 3)
        plain_kernel: Callable[..., None] = _kernel
        plain_kernel(
            *args,
            found,
            _Rows(size),
            [0, 0],
            [0] * size,
            [0] * size,
            [0] * size,
            [0] * size,
            [0] * 5,
            [0] * size,
            ucb,
            ucb_min,
            ucb_depth,
            [0] * NODES,
            [0.0] * (NODES * 66),
            [0.0] * (NODES * 66),
            [0] * (2 * ucb_depth + 2),
        )
    n = len(candidates)
    total = found[n]
    wins = [w * samples / total if total > 0 else 0.0 for w in found[:n]]
    points = [w / total if total > 0 else 0.0 for w in found[n + 3 :]]
    return Searched(wins, (found[n + 1], found[n + 2]), points)


class _Rows:
    """A 2 x n table indexed ``t[r, i]`` like a numpy array, for the plain-Python run."""

    __slots__ = ("rows",)

    def __init__(self, n: int) -> None:
        self.rows = [[0] * n, [0] * n]

    def __getitem__(self, key: tuple[int, int]) -> int:
        return self.rows[key[0]][key[1]]

    def __setitem__(self, key: tuple[int, int], value: int) -> None:
        self.rows[key[0]][key[1]] = value
