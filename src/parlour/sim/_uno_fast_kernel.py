"""The compiled part of ``uno_fast``: imported only when numba is installed and used.

Kept apart so that its functions can be module-level (numba caches them on disk,
so a new process does not compile them again) while ``uno_fast`` itself imports
without numba. All arithmetic on random numbers is ``uint64``: numba would turn a
mix of ``uint64`` and ``int64`` into floats, so every constant is typed.
"""

# mypy: disable-error-code="misc,no-any-return,no-untyped-call"

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit  # type: ignore[import-not-found, unused-ignore]

from ..cards import UNO_WILD, UNO_WILD4, uno_deck
from ..games.uno import card_points
from .uno_fast import BLOCKED, CAPPED, DRAW2, SKIP, fnv1a64, shuffle_plan

W = UNO_WILD
W4 = UNO_WILD4
u64 = np.uint64
i64 = np.int64
golden, mix1, mix2 = u64(0x9E3779B97F4A7C15), u64(0xBF58476D1CE4E5B9), u64(0x94D049BB133111EB)
s7, s17, s19, s27, s30, s31, s45, s57 = (u64(k) for k in (7, 17, 19, 27, 30, 31, 45, 57))
five, nine, zero = u64(5), u64(9), u64(0)


def _plans() -> tuple[Any, ...]:
    """Every shuffle plan for 0-108 items, flat: batches ``p_start[n]:p_end[n]``."""
    starts: list[int] = []
    ends: list[int] = []
    highs: list[int] = []
    lows: list[int] = []
    accepts: list[int] = []
    for n in range(109):
        starts.append(len(highs))
        for high, low, accept in shuffle_plan(n):
            highs.append(high)
            lows.append(low)
            accepts.append(accept)
        ends.append(len(highs))
    return (
        np.array(starts, i64),
        np.array(ends, i64),
        np.array(highs, i64),
        np.array(lows, i64),
        np.array(accepts, u64),
    )


#: The tables are passed to the compiled code as arguments, never frozen into it, so
#: numba's disk cache cannot keep an old pack order or points table.
PLANS = _plans()
PACK = np.array(uno_deck(), i64)
DISTINCT = np.array(sorted(set(uno_deck())), i64)
POINTS = np.array([card_points(c) for c in range(W4 + 1)], i64)
LABELS = np.array([fnv1a64(f"player-{seat}-random".encode()) for seat in (0, 1)], u64)


@njit(cache=True, inline="always")
def splitmix(x: Any) -> tuple[Any, Any]:
    x = x + golden
    z = x
    z = (z ^ (z >> s30)) * mix1
    z = (z ^ (z >> s27)) * mix2
    return x, z ^ (z >> s31)


@njit(cache=True)
def seed_rng(seed: Any, st: Any) -> None:
    x, _ = splitmix(zero ^ seed)
    for k in range(4):
        x, out = splitmix(x)
        st[k] = out


@njit(cache=True, inline="always")
def next64(st: Any) -> Any:
    s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
    x = s1 * five
    result = ((x << s7) | (x >> s57)) * nine
    t = s1 << s17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << s45) | (s3 >> s19)
    st[0], st[1], st[2], st[3] = s0, s1, s2, s3
    return result


@njit(cache=True)
def randbelow(st: Any, n: int) -> int:
    if n == 1:
        return 0
    k = 0
    m = n - 1
    while m:
        k += 1
        m >>= 1
    shift = u64(64 - k)
    limit = u64(n)
    while True:
        r = next64(st) >> shift
        if r < limit:
            return i64(r)  # type: ignore[return-value]


@njit(cache=True)
def shuffle(st: Any, items: Any, n: int, plans: Any) -> None:
    p_start, p_end, b_high, b_low, b_accept = plans
    for b in range(p_start[n], p_end[n]):
        accept = b_accept[b]
        r = next64(st)
        while r > accept:
            r = next64(st)
        for i in range(b_high[b], b_low[b] - 1, -1):
            span = u64(i + 1)
            j = i64(r % span)
            r = r // span
            items[i], items[j] = items[j], items[i]


@njit(cache=True)
def reshuffle(eng: Any, draw: Any, disc: Any, nc: int, plans: Any) -> int:
    """The discard pile but its top becomes the draw pile; returns its size."""
    m = nc - 1
    for i in range(m):
        draw[i] = disc[i]
    shuffle(eng, draw, m, plans)
    disc[0] = disc[m]
    return m


@njit(cache=True)
def take(
    p: int,
    k: int,
    cnt: Any,
    size: Any,
    eng: Any,
    draw: Any,
    nd: int,
    disc: Any,
    nc: int,
    plans: Any,
) -> tuple[int, int]:
    for _ in range(k):
        if nd == 0:
            if nc <= 1:
                break
            nd = reshuffle(eng, draw, disc, nc, plans)
            nc = 1
        nd -= 1
        cnt[p, draw[nd]] += 1
        size[p] += 1
    return nd, nc


@njit(cache=True, inline="always")
def fits(c: int, top: int, colour: int) -> bool:
    return c >= W or (c >> 4) == colour or (top < W and (c & 15) == (top & 15))


@njit(cache=True, inline="always")
def holds(cnt: Any, p: int, colour: int) -> bool:
    base = colour * 16
    for v in range(12):  # noqa: SIM110 - no generators in compiled code
        if cnt[p, base + v] > 0:
            return True
    return False


@njit(cache=True)
def simulate(
    seeds: Any, max_moves: int, pack: Any, distinct: Any, points_of: Any, labels: Any, plans: Any
) -> tuple[Any, Any, Any]:
    n_pack = len(pack)
    n_distinct = len(distinct)
    n_hands = seeds.shape[0]
    out_winner = np.empty(n_hands, i64)
    out_points = np.empty(n_hands, i64)
    out_moves = np.empty(n_hands, i64)
    eng = np.empty(4, u64)
    prng = np.empty((2, 4), u64)
    deck = np.empty(n_pack, i64)
    draw = np.empty(n_pack, i64)
    disc = np.empty(n_pack, i64)
    cnt = np.zeros((2, W4 + 1), i64)
    size = np.zeros(2, i64)
    opts = np.empty(n_distinct, i64)
    for h in range(n_hands):
        seed = seeds[h]
        seed_rng(seed, eng)
        for seat in range(2):
            _, player_seed = splitmix(seed ^ labels[seat])
            seed_rng(player_seed, prng[seat])
        starter = randbelow(eng, 2)
        for i in range(n_pack):
            deck[i] = pack[i]
        shuffle(eng, deck, n_pack, plans)
        cnt[:, :] = 0
        for i in range(7):
            cnt[0, deck[i]] += 1
            cnt[1, deck[7 + i]] += 1
        size[0] = 7
        size[1] = 7
        turned = deck[14]
        nd = 0
        for i in range(n_pack - 1, 14, -1):  # the draw pile is stored top last
            draw[nd] = deck[i]
            nd += 1
        while turned == W4:
            draw[nd] = W4
            nd += 1
            shuffle(eng, draw, nd, plans)
            nd -= 1
            turned = draw[nd]
        disc[0] = turned
        nc = 1
        drawn = -1
        passes = 0
        value = turned & 15 if turned < W else turned
        turn = 1 - starter if value == DRAW2 or value == SKIP else starter  # noqa: SIM109
        colour_phase = turned == W
        colour = -1 if colour_phase else turned >> 4
        if value == DRAW2:
            nd, nc = take(starter, 2, cnt, size, eng, draw, nd, disc, nc, plans)
        moves = 0
        winner = BLOCKED
        points = 0
        while True:
            if moves >= max_moves:
                winner = CAPPED
                break
            moves += 1
            p = turn
            o = 1 - p
            top = disc[nc - 1]
            rng = prng[p]
            if colour_phase:
                colour = randbelow(rng, 4)
                colour_phase = False
                passes = 0
                continue
            named = -1
            if drawn >= 0:  # play or keep the card just drawn
                card = drawn
                drawn = -1
                passes = 0
                if card == W4 and holds(cnt, p, colour):
                    turn = o  # keep: a W4 played now would be wrong
                    continue
                if card >= W:
                    named = randbelow(rng, 4)
            else:
                k = 0
                for idx in range(n_distinct):
                    c = distinct[idx]
                    if cnt[p, c] > 0 and fits(c, top, colour):
                        opts[k] = c
                        k += 1
                if k > 0 and opts[k - 1] == W4 and holds(cnt, p, colour):
                    k -= 1
                if k == 0:
                    if nd > 0 or nc > 1:
                        passes = 0
                        if nd == 0:
                            nd = reshuffle(eng, draw, disc, nc, plans)
                            nc = 1
                        nd -= 1
                        c = draw[nd]
                        cnt[p, c] += 1
                        size[p] += 1
                        if fits(c, top, colour):
                            drawn = c
                        else:
                            turn = o
                    else:
                        passes += 1
                        if passes >= 2:
                            break  # blocked
                        turn = o
                    continue
                passes = 0
                card = opts[randbelow(rng, k)]
                if card >= W:
                    named = randbelow(rng, 4)
            # play ``card``
            cnt[p, card] -= 1
            size[p] -= 1
            if card == W4 and holds(cnt, p, colour):  # wrong: taken back, draw 4
                cnt[p, card] += 1
                size[p] += 1
                nd, nc = take(p, 4, cnt, size, eng, draw, nd, disc, nc, plans)
                turn = o
                continue
            disc[nc] = card
            nc += 1
            colour = named if card >= W else card >> 4
            v = card & 15 if card < W else card
            if size[p] == 0:
                if v == DRAW2:
                    nd, nc = take(o, 2, cnt, size, eng, draw, nd, disc, nc, plans)
                elif v == W4:
                    nd, nc = take(o, 4, cnt, size, eng, draw, nd, disc, nc, plans)
                winner = p
                for c in range(W4 + 1):
                    points += cnt[o, c] * points_of[c]
                break
            if v == SKIP:
                turn = p
            elif v == DRAW2:
                nd, nc = take(o, 2, cnt, size, eng, draw, nd, disc, nc, plans)
                turn = p
            elif v == W4:
                nd, nc = take(o, 4, cnt, size, eng, draw, nd, disc, nc, plans)
                turn = p
            else:
                turn = o
        out_winner[h] = winner
        out_points[h] = points
        out_moves[h] = moves
    return out_winner, out_points, out_moves


def run(seeds: Any, max_moves: int) -> tuple[Any, Any, Any]:
    """One hand per seed (``uint64`` array): arrays of winner, points and moves."""
    return simulate(seeds, max_moves, PACK, DISTINCT, POINTS, LABELS, PLANS)
