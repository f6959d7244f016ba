"""The UNO kernel: the engine's rules on arrays, for numba to compile.

``parlour.games.uno`` is the reference; this module plays the same game on small
integer arrays so that three fast paths share one copy of the rules:

* ``parlour.sim.uno_fast`` plays whole hands between two ``random`` players
  (:func:`simulate`), move for move the hands of the engine and its players;
* ``parlour.envs.uno_vector`` steps many hands at once by action numbers
  (:func:`vector_reset`, :func:`vector_step`), writing each player's observation;
* ``parlour.ai.uno``'s ``strong`` player plays determinised hands out
  (:func:`playouts`): the opponent's hand dealt from the unseen cards, then both
  sides played by a policy given as parameters (``Policy``).

What is where, top to bottom:

1. **Card rules**, shared by everything below: what may be played on what
   (:func:`fits`), what a card does to the turn (:func:`keeps_turn`, :func:`gives`),
   a card's points, and how ``basic`` ranks plays and names a colour.
2. **The engine's random stream**: xoshiro256** seeded by SplitMix64 and the
   engine's batched Fisher-Yates shuffle (``parlour.rng.shuffle_batched``), in 64-bit arithmetic.
3. **The table**: one hand per row of a set of arrays (``Table``): dealing,
   drawing with reshuffles, playing, every move kind, the legal moves, and the
   ``random`` player's policy (``parlour.ai.uno``'s ``random_engine_move``).
4. **Drivers**: :func:`simulate` and the vector environment's observation,
   :func:`vector_reset` and :func:`vector_step`.
5. **Playouts** for the strong player's search. They play the same rules on a
   model of the hand the player cannot see: the unseen cards in one pool, a cheap
   32-bit xorshift for their shuffles (the engine's stream is not the one a player
   could know), hands in the order cards reach them. A hand played out to its end
   is scored by who went out and the cards left.

The tests play the table against the engine move by move over many seeds (same
legal moves, same state, same result), and the playouts compiled against the very
same functions run as plain Python.

Everything here is written in the subset of Python numba compiles and is compiled
through :class:`parlour.kernels.jit.JitLoader`; without numba the playouts run as
plain Python on lists (same results, slower), while the table's users ask for the
``fast`` extra. It is one module because numba's disk cache checks the source file of
the function it loads only, and a compiled function holds the code of everything it
calls: a kernel split over files could load stale code after an edit elsewhere.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import UNO_WILD, UNO_WILD4, uno_deck
from ..games import uno as _engine
from ..rng import batch_plan
from .jit import JitLoader, KernelFunctions, register_warmer

__all__ = [
    "ANY_WILD",
    "BLOCKED",
    "CAPPED",
    "DRAW2",
    "MOVE_LIMIT",
    "NAME_MINE",
    "NAME_OPP",
    "NODES",
    "N_CARDS",
    "Playouts",
    "SKIP",
    "W",
    "W4",
    "action_arrays",
    "card_points",
    "compiled",
    "fits",
    "gives",
    "keeps_turn",
    "loader",
    "shuffle_plan",
]

#: The functions numba compiles (``@kernel.inline``: small ones on the hot paths of a
#: move of the table or of a playout, inlined into their callers, since a call that
#: passes the table's arrays costs more than the work they do).
kernel = KernelFunctions()

# --- 1. card rules ---------------------------------------------------------------------

W = UNO_WILD
W4 = UNO_WILD4
SKIP = 10
DRAW2 = 11
N_CARDS = W4 + 1
HAND_SIZE = _engine.HAND_SIZE


@kernel.inline
def value_on(top: int) -> int:
    """The value a card must match on ``top``: its own, or -1 after a Wild (colour only)."""
    return top & 15 if top < W else -1


@kernel.inline
def fits(c: int, colour: int, value: int) -> bool:
    """Whether ``c`` may be played on ``colour`` in play and ``value`` on top (see
    :func:`value_on`): a Wild always, another card by colour or value. Whether a Wild
    Draw Four is *right* is judged apart (:func:`right_play`, :func:`holds`)."""
    return c >= W or c >> 4 == colour or (c & 15) == value


@kernel.inline
def right_play(c: int, colour: int, value: int, colours: Any) -> bool:
    """:func:`fits`, a Wild Draw Four only when the hand (cards per colour ``colours``)
    holds none of the colour in play: the plays a player makes without a penalty."""
    return fits(c, colour, value) and (c != W4 or colours[colour] == 0)


@kernel.inline
def keeps_turn(c: int) -> bool:
    """With two players a Skip, a Draw Two and a Wild Draw Four keep the turn."""
    return c == W4 or (c < W and (c & 15) >= SKIP)


@kernel.inline
def gives(c: int) -> int:
    """The cards a play makes the opponent draw (also when it goes out)."""
    if c == W4:
        return 4
    if c < W and (c & 15) == DRAW2:
        return 2
    return 0


@kernel.inline
def card_points(c: int) -> int:
    """The original's table: numbers at face value, Skip and Draw Two 20, Wilds 50."""
    if c >= W:
        return 50
    return 20 if (c & 15) >= SKIP else c & 15


@kernel.inline
def basic_key(c: int, colours: Any) -> int:
    """How ``basic`` ranks a coloured card that fits: the colour held most, then points."""
    return colours[c >> 4] * 64 + card_points(c)  # type: ignore[no-any-return]


@kernel.inline
def basic_colour(colours: Any, points: Any) -> int:
    """The colour ``basic`` names for a Wild: held most (``colours``), then most
    points (``points``), then the first (red)."""
    best = 0
    best_key = -1
    for q in range(4):
        key = colours[q] * 1024 + points[q]
        if key > best_key:
            best_key = key
            best = q
    return best


@kernel.inline
def most_held(colours: Any) -> int:
    """The colour held most by count alone (red when none is held)."""
    most = 0
    best = 0
    for q in range(4):
        if colours[q] > most:
            most = colours[q]
            best = q
    return best


# --- 2. the engine's random stream -----------------------------------------------------
# Plain ints here; the compiled copies see them as numpy.uint64 (``_typed``): numba
# would turn a mix of uint64 and int64 into floats. The masks cost nothing compiled
# and keep the plain-Python results in 64 bits.

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
S7, S17, S19, S27, S30, S31, S45, S57 = 7, 17, 19, 27, 30, 31, 45, 57
FIVE, NINE, ZERO, ONE = 5, 9, 0, 1
U64 = int  # numpy.uint64 compiled
I64 = int  # numpy.int64 compiled


def shuffle_plan(n: int) -> list[tuple[int, int, int]]:
    """The engine's batching of a shuffle of ``n`` items (``parlour.rng.batch_plan``),
    as ``(high, low, accept - 1)``: one 64-bit draw serves the positions ``high`` down
    to ``low`` and is accepted when at most ``accept - 1`` (stored minus one, so it
    fits 64 bits)."""
    return [(positions[0], positions[-1], accept - 1) for accept, positions in batch_plan(n)]


@kernel.inline
def splitmix(x: Any) -> tuple[Any, Any]:
    """One SplitMix64 step: the new state and its output."""
    x = (x + GOLDEN) & M64
    z = x
    z = ((z ^ (z >> S30)) * MIX1) & M64
    z = ((z ^ (z >> S27)) * MIX2) & M64
    return x, z ^ (z >> S31)


@kernel
def seed_rng(seed: Any, st: Any) -> None:
    """``st`` becomes the xoshiro256** state of ``Rng(seed)``."""
    x, _ = splitmix(ZERO ^ seed)
    for k in range(4):
        x, out = splitmix(x)
        st[k] = out


@kernel.inline
def next64(st: Any) -> Any:
    """The next 64-bit output of the xoshiro256** state ``st``."""
    s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
    x = (s1 * FIVE) & M64
    result = ((((x << S7) | (x >> S57)) & M64) * NINE) & M64
    t = (s1 << S17) & M64
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << S45) | (s3 >> S19)) & M64
    st[0], st[1], st[2], st[3] = s0, s1, s2, s3
    return result


@kernel.inline
def randbelow(st: Any, n: int) -> int:
    """``Rng.randbelow(n)``: the top bits of an output, rejected until below ``n``."""
    if n == 1:
        return 0
    k = 0
    m = n - 1
    while m:
        k += 1
        m >>= 1
    shift = U64(64 - k)
    limit = U64(n)
    while True:
        r = next64(st) >> shift
        if r < limit:
            return I64(r)


@kernel
def shuffle(st: Any, items: Any, n: int, plans: Any) -> None:
    """The engine's shuffle of ``items[:n]`` (``parlour.rng.shuffle_batched``), by the plans of
    :func:`shuffle_plan` flattened into arrays (see ``Tables``)."""
    p_start, p_end, b_high, b_low, b_accept = plans
    for b in range(p_start[n], p_end[n]):
        accept = b_accept[b]
        r = next64(st)
        while r > accept:
            r = next64(st)
        for i in range(b_high[b], b_low[b] - 1, -1):
            span = U64(i + 1)
            j = I64(r % span)
            r = r // span
            items[i], items[j] = items[j], items[i]


# --- 3. the table ----------------------------------------------------------------------
# One hand per row g of the arrays of a ``Table`` tuple:
#   eng[g, 4] (uint64)   the match's random stream
#   cnt[g, 2, N_CARDS]   each player's hand, as counts per card
#   size[g, 2]           hand sizes
#   draw[g, 108]         the draw pile, its top last (``ND`` cards)
#   disc[g, 108]         the discard pile, its top last (``NC`` cards)
#   dcnt[g, N_CARDS]     the discard pile as counts per card
#   meta[g, N_META]      the columns below
#   deck[108], opts[N_CARDS]  work space
# Phases and move kinds are the engine's numbers.

PH_PLAY = _engine.PH_PLAY
PH_DRAWN = _engine.PH_DRAWN
PH_COLOUR = _engine.PH_COLOUR
K_PLAY = _engine.K_PLAY
K_DRAW = _engine.K_DRAW
K_PLAYDRAWN = _engine.K_PLAYDRAWN
K_KEEP = _engine.K_KEEP
K_PASS = _engine.K_PASS
K_COLOUR = _engine.K_COLOUR

TURN, PHASE, COLOUR, DRAWN, PASSES, SHOWN0, SHOWN1, STEPS, ND, NC = range(10)
N_META = 10
#: What a move did to its hand.
ONGOING, WENT_OUT, BLOCKED_OUT = 0, 1, 2
#: :func:`simulate`'s winner of a hand that ended blocked, or was stopped at the limit.
BLOCKED = -1
CAPPED = -2


@kernel.inline
def holds(cnt: Any, g: int, p: int, colour: int) -> bool:
    """Whether ``p`` holds a card of ``colour`` (a Wild Draw Four played now is wrong)."""
    base = colour * 16
    for v in range(12):  # noqa: SIM110 - no generators in compiled code
        if cnt[g, p, base + v] > 0:
            return True
    return False


@kernel
def reshuffle(g: int, t: Any, plans: Any) -> None:
    """The discard pile but its top becomes the draw pile (as ``Uno._reshuffle``)."""
    eng, _, _, draw, disc, dcnt, meta, _, _ = t
    m = meta[g, NC] - 1
    for i in range(m):
        draw[g, i] = disc[g, i]
        dcnt[g, disc[g, i]] -= 1
    shuffle(eng[g], draw[g], m, plans)
    disc[g, 0] = disc[g, m]
    meta[g, NC] = 1
    meta[g, ND] = m


@kernel.inline
def draw_card(g: int, t: Any, plans: Any) -> int:
    """The top of the draw pile, turning the discards over when it is empty; -1 when
    both piles are empty."""
    meta = t[6]
    if meta[g, ND] == 0:
        if meta[g, NC] <= 1:
            return -1
        reshuffle(g, t, plans)
    nd = meta[g, ND] - 1
    meta[g, ND] = nd
    return t[3][g, nd]  # type: ignore[no-any-return]


@kernel.inline
def take(g: int, t: Any, p: int, k: int, plans: Any) -> None:
    """Up to ``k`` cards into ``p``'s hand (fewer when both piles run out)."""
    cnt, size = t[1], t[2]
    for _ in range(k):
        c = draw_card(g, t, plans)
        if c < 0:
            break
        cnt[g, p, c] += 1
        size[g, p] += 1


@kernel
def deal(g: int, seed: Any, t: Any, pack: Any, plans: Any) -> None:
    """Row ``g`` becomes the first hand of ``new_game("uno", seed=seed)``."""
    eng, cnt, size, draw, disc, dcnt, meta, deck, _ = t
    n_pack = len(pack)
    seed_rng(seed, eng[g])
    starter = randbelow(eng[g], 2)
    for i in range(n_pack):
        deck[i] = pack[i]
    shuffle(eng[g], deck, n_pack, plans)
    cnt[g, :, :] = 0
    dcnt[g, :] = 0
    for i in range(HAND_SIZE):
        cnt[g, 0, deck[i]] += 1
        cnt[g, 1, deck[HAND_SIZE + i]] += 1
    size[g, 0] = HAND_SIZE
    size[g, 1] = HAND_SIZE
    turned = deck[2 * HAND_SIZE]
    nd = 0
    for i in range(n_pack - 1, 2 * HAND_SIZE, -1):  # the draw pile is stored top last
        draw[g, nd] = deck[i]
        nd += 1
    while turned == W4:  # back on top of the draw pile, which is shuffled
        draw[g, nd] = W4
        nd += 1
        shuffle(eng[g], draw[g], nd, plans)
        nd -= 1
        turned = draw[g, nd]
    disc[g, 0] = turned
    dcnt[g, turned] += 1
    meta[g, :] = 0
    meta[g, ND] = nd
    meta[g, NC] = 1
    meta[g, DRAWN] = -1
    # A Skip or Draw Two turned up acts on the starter.
    meta[g, TURN] = 1 - starter if turned < W and keeps_turn(turned) else starter
    if turned == W:
        meta[g, PHASE] = PH_COLOUR
        meta[g, COLOUR] = -1
    else:
        meta[g, PHASE] = PH_PLAY
        meta[g, COLOUR] = turned >> 4
        take(g, t, starter, gives(turned), plans)


@kernel.inline
def play(g: int, t: Any, p: int, card: int, named: int, plans: Any) -> int:
    """``p`` plays ``card`` (naming ``named`` for a Wild), as ``Uno._play`` with the
    default penalty for a wrong Wild Draw Four."""
    _, cnt, size, _, disc, dcnt, meta, _, _ = t
    o = 1 - p
    cnt[g, p, card] -= 1
    size[g, p] -= 1
    if card == W4:
        if holds(cnt, g, p, meta[g, COLOUR]):  # wrong: taken back in sight, draw 4
            cnt[g, p, card] += 1
            size[g, p] += 1
            meta[g, SHOWN0 + p] = 1
            take(g, t, p, 4, plans)
            meta[g, TURN] = o
            return ONGOING
        if meta[g, SHOWN0 + p] > 0:
            meta[g, SHOWN0 + p] -= 1
    nc = meta[g, NC]
    disc[g, nc] = card
    meta[g, NC] = nc + 1
    dcnt[g, card] += 1
    meta[g, COLOUR] = named if card >= W else card >> 4
    take(g, t, o, gives(card), plans)
    if size[g, p] == 0:
        return WENT_OUT
    meta[g, TURN] = p if keeps_turn(card) else o
    return ONGOING


@kernel.inline
def apply_move(g: int, t: Any, kind: int, card: int, named: int, plans: Any) -> int:
    """The move ``(kind, card, named)`` in row ``g`` (already known legal), as
    ``Uno.apply``; returns ``ONGOING``, ``WENT_OUT`` or ``BLOCKED_OUT``."""
    _, cnt, size, _, disc, _, meta, _, _ = t
    p = meta[g, TURN]
    if kind != K_PASS:
        meta[g, PASSES] = 0
    if kind == K_PLAY:
        return play(g, t, p, card, named, plans)
    if kind == K_PLAYDRAWN:
        drawn = meta[g, DRAWN]
        meta[g, DRAWN] = -1
        meta[g, PHASE] = PH_PLAY
        return play(g, t, p, drawn, named, plans)
    if kind == K_DRAW:
        c = draw_card(g, t, plans)
        cnt[g, p, c] += 1
        size[g, p] += 1
        if fits(c, meta[g, COLOUR], value_on(disc[g, meta[g, NC] - 1])):
            meta[g, DRAWN] = c
            meta[g, PHASE] = PH_DRAWN
        else:
            meta[g, TURN] = 1 - p
        return ONGOING
    if kind == K_KEEP:
        meta[g, DRAWN] = -1
        meta[g, PHASE] = PH_PLAY
        meta[g, TURN] = 1 - p
        return ONGOING
    if kind == K_PASS:
        meta[g, PASSES] += 1
        if meta[g, PASSES] >= 2:
            return BLOCKED_OUT
        meta[g, TURN] = 1 - p
        return ONGOING
    # K_COLOUR: a Wild turned up first
    meta[g, COLOUR] = named
    meta[g, PHASE] = PH_PLAY
    return ONGOING


@kernel.inline
def playable(g: int, t: Any) -> int:
    """The distinct cards of the player to move that fit, in card order, written to
    the work space ``opts``; returns how many (phase ``PH_PLAY``)."""
    cnt, disc, meta, opts = t[1], t[4], t[6], t[8]
    p = meta[g, TURN]
    colour = meta[g, COLOUR]
    value = value_on(disc[g, meta[g, NC] - 1])
    k = 0
    for q in range(5):
        for v in range(12 if q < 4 else 2):
            c = q * 16 + v
            if cnt[g, p, c] > 0 and fits(c, colour, value):
                opts[k] = c
                k += 1
    return k


@kernel.inline
def can_draw(g: int, t: Any) -> bool:
    """Whether a card can be drawn: the draw pile, or discards under the top card."""
    meta = t[6]
    return meta[g, ND] > 0 or meta[g, NC] > 1  # type: ignore[no-any-return]


@kernel.inline
def random_move(g: int, t: Any, rng: Any) -> tuple[int, int, int]:
    """The ``random`` player's move ``(kind, card, named)`` from its stream ``rng``, as
    ``parlour.ai.uno``'s ``random_engine_move``: a uniform choice among the distinct
    cards that fit (a wrong Wild Draw Four left out), a Wild's colour uniform; a draw
    only when nothing fits; a drawn card played when it fits (a wrong W4 kept)."""
    cnt, meta, opts = t[1], t[6], t[8]
    p = meta[g, TURN]
    phase = meta[g, PHASE]
    if phase == PH_COLOUR:
        return K_COLOUR, -1, randbelow(rng, 4)
    if phase == PH_DRAWN:
        card = meta[g, DRAWN]
        if card == W4 and holds(cnt, g, p, meta[g, COLOUR]):
            return K_KEEP, -1, -1
        return K_PLAYDRAWN, card, randbelow(rng, 4) if card >= W else -1
    k = playable(g, t)
    if k > 0 and opts[k - 1] == W4 and holds(cnt, g, p, meta[g, COLOUR]):
        k -= 1
    if k == 0:
        return (K_DRAW if can_draw(g, t) else K_PASS), -1, -1
    card = opts[randbelow(rng, k)]
    return K_PLAY, card, randbelow(rng, 4) if card >= W else -1


@kernel
def fill_mask(g: int, t: Any, actions: Any, mask: Any) -> None:
    """The legal actions of the player to move in row ``g``, as ``Uno.legal_moves``
    at the default options (action numbers of ``parlour.envs.actions``)."""
    meta, opts = t[6], t[8]
    play_of, fixed = actions[4], actions[5]
    mask[g, :] = 0
    phase = meta[g, PHASE]
    if phase == PH_COLOUR:
        for col in range(4):
            mask[g, fixed[5] + col] = 1
        return
    if phase == PH_DRAWN:
        if meta[g, DRAWN] >= W:
            for col in range(4):
                mask[g, fixed[1] + col] = 1
        else:
            mask[g, fixed[0]] = 1
        mask[g, fixed[3]] = 1
        return
    k = playable(g, t)
    for i in range(k):
        c = opts[i]
        if c >= W:
            for col in range(4):
                mask[g, play_of[c * 5 + col + 1]] = 1
        else:
            mask[g, play_of[c * 5]] = 1
    if can_draw(g, t):
        mask[g, fixed[2]] = 1
    elif k == 0:
        mask[g, fixed[4]] = 1


# --- 4. drivers ------------------------------------------------------------------------


@kernel
def simulate(
    seeds: Any,
    max_moves: int,
    labels: Any,
    t: Any,
    prng: Any,
    pack: Any,
    plans: Any,
    out: Any,
) -> None:
    """One hand per seed between two ``random`` players, in row 0 of ``t``: writes
    ``out[0, h]`` the winner (``BLOCKED``, ``CAPPED``), ``out[1, h]`` the points
    (the loser's cards) and ``out[2, h]`` the engine moves of hand ``h``.

    Player ``seat``'s stream is ``Rng(stream_seed(seed, f"player-{seat}-random"))``:
    SplitMix64's output of ``seed ^ labels[seat]``, the hash of its label.
    """
    cnt, meta = t[1], t[6]
    for h in range(seeds.shape[0]):
        seed = seeds[h]
        deal(0, seed, t, pack, plans)
        for seat in range(2):
            _, player_seed = splitmix(seed ^ labels[seat])
            seed_rng(player_seed, prng[seat])
        moves = 0
        winner = BLOCKED
        points = 0
        while True:
            if moves >= max_moves:
                winner = CAPPED
                break
            moves += 1
            p = meta[0, TURN]
            kind, card, named = random_move(0, t, prng[p])
            result = apply_move(0, t, kind, card, named, plans)
            if result == WENT_OUT:
                winner = p
                for c in range(N_CARDS):
                    points += cnt[0, 1 - p, c] * card_points(c)
                break
            if result == BLOCKED_OUT:
                break
        out[0, h] = winner
        out[1, h] = points
        out[2, h] = moves


@kernel
def encode(g: int, t: Any, enc: Any, obs: Any) -> None:
    """The player to move's observation, laid out as ``parlour.envs.encoders`` lays
    out ``Uno.view(player)`` (the tests compare them); ``obs[g]`` must be zeros.

    Planes of 50 cards (``enc``: card -> its number): hand (counts, then its last card
    in the engine's sorted order as 'top'), discard pile, drawn card, the opponent's
    known ``W4``; then the four places' sizes, then colour, phase and counters.
    """
    _, cnt, size, _, disc, dcnt, meta, _, _ = t
    p = meta[g, TURN]
    o = 1 - p
    row = obs[g]
    top = -1
    for c in range(N_CARDS):
        n = cnt[g, p, c]
        if n > 0:
            row[enc[c]] += n
            top = c
    if top >= 0:
        row[50 + enc[top]] = 1.0
        row[400] = min(1.0, size[g, p] / 108)
    for c in range(N_CARDS):
        n = dcnt[g, c]
        if n > 0:
            row[100 + enc[c]] += n
    nc = meta[g, NC]
    row[150 + enc[disc[g, nc - 1]]] = 1.0
    row[401] = min(1.0, nc / 108)
    drawn = meta[g, DRAWN]
    if drawn >= 0:
        row[200 + enc[drawn]] = 1.0
        row[250 + enc[drawn]] = 1.0
        row[402] = 1.0
    shown = meta[g, SHOWN0 + o]
    if shown > 0:
        row[300 + enc[W4]] += shown
        row[350 + enc[W4]] = 1.0
    if size[g, o] > 0:
        row[403] = min(1.0, size[g, o] / 108)
    colour = meta[g, COLOUR]
    if colour >= 0:
        row[404 + colour] = 1.0
    phase = meta[g, PHASE]
    if phase == PH_PLAY:
        row[408] = 1.0
    elif phase == PH_DRAWN:
        row[409] = 1.0
    elif phase == PH_COLOUR:
        row[411] = 1.0
    row[412] = meta[g, ND] / 108
    row[415] = meta[g, PASSES] / 2


@kernel
def vector_reset(
    seeds: Any, t: Any, pack: Any, plans: Any, actions: Any, enc: Any, mask: Any, obs: Any
) -> None:
    """Deal row ``g`` from ``seeds[g]`` for every ``g``, with its mask and observation."""
    for g in range(seeds.shape[0]):
        deal(g, seeds[g], t, pack, plans)
        fill_mask(g, t, actions, mask)
        encode(g, t, enc, obs)


@kernel
def vector_step(
    chosen: Any,
    seeds: Any,
    next_seed: Any,
    max_steps: int,
    t: Any,
    pack: Any,
    plans: Any,
    actions: Any,
    enc: Any,
    mask: Any,
    obs: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
) -> int:
    """One action per row (``actions``: number -> kind, card, colour); a finished hand
    is dealt again from ``next_seed[0]``, then counted up.

    Returns the first row whose action was illegal (nothing is changed then), or -1.
    """
    meta = t[6]
    a_kind, a_card, a_colour = actions[0], actions[1], actions[2]
    n = seeds.shape[0]
    for g in range(n):
        a = chosen[g]
        if a < 0 or a >= mask.shape[1] or mask[g, a] == 0:
            return g
    for g in range(n):
        p = meta[g, TURN]
        a = chosen[g]
        result = apply_move(g, t, a_kind[a], a_card[a], a_colour[a], plans)
        meta[g, STEPS] += 1
        if result == WENT_OUT:
            rewards[g, p] = 1.0
            rewards[g, 1 - p] = -1.0
        if result != ONGOING:
            terminated[g] = True
        elif meta[g, STEPS] >= max_steps:
            truncated[g] = True
        if terminated[g] or truncated[g]:
            seeds[g] = next_seed[0]
            next_seed[0] += ONE
            deal(g, seeds[g], t, pack, plans)
        fill_mask(g, t, actions, mask)
        encode(g, t, enc, obs)
    return -1


# --- 5. playouts for the strong player's search ----------------------------------------
# A ``Position`` tuple: (my hand, my_n, pool, pool_n, opp_n, known_w4, layer_n,
# layer_col, layer_val, layers, disc0, disc0_n, top0, colour0) as ``Playouts`` makes it;
# ``Events``: (ev_top, ev_col, ev_idx, ev_named, evs, since, since_n); a ``Policy``:
# (random_pct, flags, ucb, ucb_min, ucb_depth); ``Work``: (hands, sizes, draw, discard,
# deal, taken, colours, mark, points); a ``Tree``: (tkeys, tn, tw, path).

M32 = 0xFFFFFFFF
#: ``flags`` of the playout policy (0: ``basic``'s policy for both, Wilds named by count)
NAME_MINE = 1  # my Wilds name the colour held most by count, then points
NAME_OPP = 2  # ... and the opponent's when it plays like basic (as the real basic does)
#: A layer's value meaning "no card of the colour; any value, Wilds too" (a right W4)
ANY_WILD = -2
MOVE_LIMIT = 600  # a played-out hand longer than this counts as lost (never seen)
#: Nodes of the second level (my first real choice after each candidate)
NODES = 1024
#: Room in the work arrays for a hand, a pile or the pool.
ROOM = 128


@kernel.inline
def lacks(c: int, colour: int, value: int) -> bool:
    """Whether ``c`` may be a card of a hand known to hold no card of ``colour``, none
    of ``value`` and no Wild (``value`` ``ANY_WILD``: only no card of the colour, as
    after a right Wild Draw Four): what a player who drew instead of playing held."""
    if c >= W:
        return value == ANY_WILD
    return not fits(c, colour, value)


@kernel.inline
def xorshift(x: int) -> int:
    """One step of a 32-bit xorshift (never 0 when started non-zero)."""
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


@kernel.inline
def pool_draw(draw: Any, dn: int, discard: Any, sn: int, x: int) -> tuple[int, int, int, int]:
    """The top of a playout's draw pile, reshuffling the discards under the top card
    when it is empty. Returns (card or -1 when both are empty, draw size, discard
    size, xorshift state)."""
    if dn == 0:
        if sn == 0:
            return -1, 0, 0, x
        for i in range(sn):
            draw[i] = discard[i]
        dn = sn
        sn = 0
        for i in range(dn - 1, 0, -1):
            x = xorshift(x)
            j = x % (i + 1)
            draw[i], draw[j] = draw[j], draw[i]
    dn -= 1
    return draw[dn], dn, sn, x


@kernel
def deal_opponent(pos: Any, work: Any, x: int) -> int:
    """Shuffle the pool into ``deal`` and mark in ``taken`` the opponent's hand: layer
    by layer (the smallest, the oldest knowledge, first), the cards each layer allows,
    then any. Returns the xorshift state."""
    pool, pool_n, opp_n = pos[2], pos[3], pos[4]
    layer_n, layer_col, layer_val, layers = pos[6], pos[7], pos[8], pos[9]
    deal, taken = work[4], work[5]
    for i in range(pool_n):
        deal[i] = pool[i]
        taken[i] = 0
    for i in range(pool_n - 1, 0, -1):
        x = xorshift(x)
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
                if not lacks(c, layer_col[q], layer_val[q]):
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
    return x


@kernel
def likelihoods(pos: Any, events: Any, work: Any) -> tuple[float, float]:
    """How likely the dealt hand makes the opponent's plays since it last drew, if it
    plays at random (uniformly among its distinct cards that fit, a Wild's colour
    uniform) and if it plays like ``basic``. Event ``e`` was a play on value
    ``ev_top[e]`` and colour ``ev_col[e]`` from the dealt hand plus
    ``since[ev_idx[e]:since_n]`` (the cards played since)."""
    pool_n, known_w4 = pos[3], pos[5]
    ev_top, ev_col, ev_idx, ev_named, evs, since, since_n = events
    deal, taken, colours, mark, points = work[4], work[5], work[6], work[7], work[8]
    w_random = 1.0
    w_basic = 1.0
    for e in range(evs):
        for i in range(N_CARDS):
            mark[i] = 0
        for i in range(pool_n):
            if taken[i]:
                mark[deal[i]] += 1
        for i in range(ev_idx[e], since_n):
            mark[since[i]] += 1
        mark[W4] += known_w4
        col = ev_col[e]
        value = ev_top[e]
        played = since[ev_idx[e]]
        for q in range(4):
            colours[q] = 0
        for c in range(W):
            colours[c >> 4] += mark[c]
        fit = 0
        basic = -1
        basic_best = -1
        for c in range(W):
            if mark[c] and fits(c, col, value):
                fit += 1
                key = basic_key(c, colours)
                if key > basic_best:
                    basic_best = key
                    basic = c
        if mark[W]:
            fit += 1
            if basic < 0:
                basic = W
        if mark[W4] and colours[col] == 0:
            fit += 1
            if basic < 0:
                basic = W4
        w_random /= max(1, fit)
        if played != basic:
            w_basic = 0.0
        if played >= W:
            w_random /= 4
            for q in range(4):
                points[q] = 0
            for c in range(W):
                points[c >> 4] += mark[c] * card_points(c)
            if ev_named[e] != basic_colour(colours, points):
                w_basic = 0.0
    return w_random, w_basic


@kernel.inline
def basic_choice(
    hands: Any, turn: int, n: int, colours: Any, colour: int, value: int
) -> tuple[int, bool]:
    """The index of ``basic``'s play in ``hands[turn, :n]`` (-1: none fits) and whether
    it is a coloured card: the coloured card that fits ranked best by :func:`basic_key`
    (the first in hand order among equals), else a Wild, else a right Wild Draw Four.
    ``colours`` must hold the hand's cards per colour."""
    best = -1
    best_key = -1
    has_w = -1
    has_w4 = -1
    for i in range(n):
        c = hands[turn, i]
        if c == W:
            has_w = i
        elif c == W4:
            has_w4 = i
        elif fits(c, colour, value):
            key = basic_key(c, colours)
            if key > best_key:
                best_key = key
                best = i
    if best >= 0:
        return best, True
    if has_w >= 0:
        return has_w, False
    if has_w4 >= 0 and colours[colour] == 0:
        return has_w4, False
    return -1, False


@kernel.inline
def random_choice(
    hands: Any, turn: int, n: int, colours: Any, colour: int, value: int, x: int
) -> tuple[int, int]:
    """A uniform choice among the cards of ``hands[turn, :n]`` that may rightly be
    played (at least one must): (its index, xorshift state)."""
    fit = 0
    for i in range(n):
        if right_play(hands[turn, i], colour, value, colours):
            fit += 1
    x = xorshift(x)
    pick = x % fit
    best = -1
    for i in range(n):
        if right_play(hands[turn, i], colour, value, colours):
            if pick == 0:
                best = i
                break
            pick -= 1
    return best, x


@kernel
def searched_choice(
    k: int,
    n: int,
    best: int,
    top: int,
    colour: int,
    value: int,
    left: int,
    steps: int,
    policy: Any,
    work: Any,
    tree: Any,
) -> tuple[int, int, int]:
    """The second level: my first real choice in a playout (two or more distinct cards
    fit) chosen by UCB1 over nodes shared by the deals, keyed by candidate ``k``, the
    top card, the colour and my hand size; ``basic``'s play (``best``) until a node has
    ``ucb_min`` visits. Returns (the index played, choices still to search, pairs on
    the path)."""
    ucb, ucb_min, ucb_depth = policy[2], policy[3], policy[4]
    hands, colours, mark = work[0], work[6], work[7]
    tkeys, tn, tw, path = tree
    for i in range(N_CARDS):
        mark[i] = 0
    opts = 0
    for i in range(n):
        c = hands[0, i]
        if mark[c] == 0 and right_play(c, colour, value, colours):
            mark[c] = i + 1
            opts += 1
    if opts < 2:
        return best, left, steps
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
        for c in range(N_CARDS):
            if mark[c] > 0:
                total += tn[h * 66 + c]
                if pick < 0 and tn[h * 66 + c] == 0:
                    pick = c
        if total < ucb_min:
            pick = hands[0, best]  # basic's until visited enough
        elif pick < 0:
            top_score = -1.0
            for c in range(N_CARDS):
                if mark[c] > 0:
                    v = tn[h * 66 + c]
                    score = tw[h * 66 + c] / v + ucb / 100 * math.sqrt(math.log(total) / v)
                    if score > top_score:
                        top_score = score
                        pick = c
        path[2 * steps] = h
        path[2 * steps + 1] = pick
        steps += 1
        best = mark[pick] - 1
    return best, left, steps


@kernel.inline
def named_colour(
    hands: Any, turn: int, n: int, basic_like: bool, flags: int, colours: Any, points: Any
) -> int:
    """The colour a Wild names in a playout, from the rest of the hand
    ``hands[turn, :n]``: ``basic``'s (count, then points) when the flags ask for it on
    that side and the player plays like basic, else the colour held most by count."""
    if basic_like and (flags & (NAME_MINE if turn == 0 else NAME_OPP)):
        for q in range(5):
            points[q] = 0
        for i in range(n):
            d = hands[turn, i]
            points[d >> 4] += card_points(d)
        return basic_colour(colours, points)
    return most_held(colours)


@kernel
def playout(
    k: int, pos: Any, cands: Any, policy: Any, work: Any, tree: Any, x: int, wild_mind: bool
) -> tuple[int, int, int]:
    """Candidate ``k`` played on the dealt table, then the hand played out: me (seat 0)
    with ``basic``'s policy (the second level searched), the opponent like ``basic``
    or, in a ``wild_mind`` deal, at random. Returns (winner or -1 when the hand did
    not end within ``MOVE_LIMIT`` moves, the loser's points, xorshift state); my
    searched choices are backed up in ``tree``."""
    my_hand, my_n, pool_n, known_w4 = pos[0], pos[1], pos[3], pos[5]
    disc0, disc0_n, top0, colour0 = pos[10], pos[11], pos[12], pos[13]
    cand_card, cand_named = cands[0], cands[1]
    flags, ucb, ucb_depth = policy[1], policy[2], policy[4]
    hands, sizes, draw, discard, deal, taken, colours, _, points = work
    tn, tw, path = tree[1], tree[2], tree[3]
    # The table of this deal.
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
            give = gives(card)
            if not keeps_turn(card):
                turn = 1
    for _m in range(MOVE_LIMIT):
        if winner >= 0:
            break
        if give:
            o = 1 - turn
            for _g in range(give):
                c, dn, sn, x = pool_draw(draw, dn, discard, sn, x)
                if c < 0:
                    break
                hands[o, sizes[o]] = c
                sizes[o] += 1
            give = 0
        n = sizes[turn]
        for q in range(5):
            colours[q] = 0
        for i in range(n):
            colours[hands[turn, i] >> 4] += 1
        value = value_on(top)
        random_side = turn == 1 and wild_mind
        best, coloured = basic_choice(hands, turn, n, colours, colour, value)
        if coloured and random_side:
            # At random: any card that fits, Wilds too (when only Wilds fit, as basic).
            best, x = random_choice(hands, turn, n, colours, colour, value, x)
        if renege:
            best = -1
            renege = False
        elif turn == 0 and left > 0 and best >= 0:
            best, left, steps = searched_choice(
                k, n, best, top, colour, value, left, steps, policy, work, tree
            )
        if best < 0:  # draw; a card that fits is played at once
            c, dn, sn, x = pool_draw(draw, dn, discard, sn, x)
            if c < 0:
                turn = 1 - turn
                continue
            hands[turn, n] = c
            sizes[turn] = n + 1
            colours[c >> 4] += 1
            if not right_play(c, colour, value, colours):
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
        give = gives(card)
        if card >= W:
            colours[card >> 4] -= 1
            colour = named_colour(hands, turn, n - 1, not random_side, flags, colours, points)
            if random_side:
                x = xorshift(x)
                colour = x % 4
        else:
            colour = card >> 4
        if not keeps_turn(card):
            turn = 1 - turn
    score = 0
    if winner >= 0:
        loser = 1 - winner
        for i in range(sizes[loser]):
            score += card_points(hands[loser, i])
    for i in range(steps):
        tn[path[2 * i] * 66 + path[2 * i + 1]] += 1
        if winner == 0:
            tw[path[2 * i] * 66 + path[2 * i + 1]] += 1
    return winner, score, x


@kernel
def playouts(
    pos: Any,
    events: Any,
    cands: Any,
    samples: int,
    x: int,
    policy: Any,
    work: Any,
    tree: Any,
    wins: Any,
) -> int:
    """``samples`` deals, each weighted by how likely it makes the opponent's recent
    plays, with every candidate played out on each (the same deal and shuffles for
    all: common random numbers). Adds to ``wins[k]`` the weight of the deals candidate
    ``k`` won, to ``wins[n]`` the deals' total weight (``n`` candidates), to
    ``wins[n + 1]`` and ``wins[n + 2]`` the events' likelihoods summed over the deals
    if the opponent plays at random and like ``basic``, and to ``wins[n + 3 + k]`` the
    points candidate ``k`` scores (the loser's cards, + when won, - when lost),
    weighted. ``x`` is the xorshift state to start from; returns the state at the end,
    so that batches run one after another give the figures of one run.

    The policy: in a deal the opponent plays at random rather than like ``basic``
    with the chance ``random_pct`` percent a priori, by the deal's posterior.
    """
    n_cands = cands[2]
    random_pct = policy[0]
    for _s in range(samples):
        x = deal_opponent(pos, work, x)
        w_random, w_basic = likelihoods(pos, events, work)
        prior = random_pct / 100
        weight = prior * w_random + (1 - prior) * w_basic
        wins[n_cands] += weight
        wins[n_cands + 1] += w_random
        wins[n_cands + 2] += w_basic
        if weight <= 0:
            continue
        x = xorshift(x)
        # this deal's opponent plays at random (else as basic), by its posterior
        wild_mind = x % 10000 < prior * w_random / weight * 10000
        seed_s = x
        for k in range(n_cands):
            winner, score, x = playout(k, pos, cands, policy, work, tree, seed_s, wild_mind)
            if winner == 0:
                wins[k] += weight
                wins[n_cands + 3 + k] += weight * score
            elif winner == 1:
                wins[n_cands + 3 + k] -= weight * score
    return x


# --- arrays for the compiled code (numpy) ---------------------------------------------


def engine_tables() -> tuple[Any, Any]:
    """``(pack, plans)``: a fresh pack in ``uno_deck()`` order, and every shuffle plan
    for 0-108 items flat (batches ``start[n]:end[n]`` of ``high``, ``low``, ``accept``).

    The tables are passed to the compiled code as arguments, never frozen into it, so
    numba's disk cache cannot keep an old pack order.
    """
    global _TABLES
    if _TABLES is None:
        np = importlib.import_module("numpy")
        pack = uno_deck()
        starts: list[int] = []
        ends: list[int] = []
        batches: list[tuple[int, int, int]] = []
        for n in range(len(pack) + 1):
            starts.append(len(batches))
            batches += shuffle_plan(n)
            ends.append(len(batches))
        plans = (
            np.array(starts, np.int64),
            np.array(ends, np.int64),
            np.array([b[0] for b in batches], np.int64),
            np.array([b[1] for b in batches], np.int64),
            np.array([b[2] for b in batches], np.uint64),
        )
        _TABLES = (np.array(pack, np.int64), plans)
    return _TABLES


_TABLES: tuple[Any, Any] | None = None


def action_arrays(actions: Sequence[str]) -> tuple[Any, ...]:
    """The tables :func:`vector_step` and :func:`fill_mask` read, for action ``a``
    being the move string ``actions[a]``: per action its kind, card, colour and UNO
    call; ``play_of[card * 5 + colour + 1]``, the action playing ``card`` (naming
    ``colour``, -1 for a coloured card) without a call; and the actions ``play``,
    ``play:R``, ``draw``, ``keep``, ``pass``, ``colour:R`` (the four colours follow
    ``play:R`` and ``colour:R``)."""
    np = importlib.import_module("numpy")
    index = {text: a for a, text in enumerate(actions)}
    n = len(actions)
    kind = np.full(n, -1, np.int64)
    card = np.full(n, -1, np.int64)
    colour = np.full(n, -1, np.int64)
    call = np.zeros(n, np.int64)
    for a, text in enumerate(actions):
        move = _engine.MOVES[text]
        kind[a] = move[0]
        if move[0] == K_PLAY:
            card[a], colour[a], call[a] = move[1], move[2], move[3]
        elif move[0] == K_PLAYDRAWN:
            colour[a], call[a] = move[1], move[2]
        elif move[0] == K_COLOUR:
            colour[a] = move[1]
    play_of = np.full(N_CARDS * 5, -1, np.int64)
    for text, move in _engine.MOVES.items():
        if move[0] == K_PLAY and not move[3] and text in index:
            play_of[move[1] * 5 + move[2] + 1] = index[text]
    fixed = np.array(
        [index[t] for t in ("play", "play:R", "draw", "keep", "pass", "colour:R")], np.int64
    )
    return kind, card, colour, call, play_of, fixed


def new_table(rows: int) -> tuple[Any, ...]:
    """The arrays of a table of ``rows`` hands (see section 3), all zeros."""
    np = importlib.import_module("numpy")
    pack = len(uno_deck())
    return (
        np.zeros((rows, 4), np.uint64),
        np.zeros((rows, 2, N_CARDS), np.int64),
        np.zeros((rows, 2), np.int64),
        np.zeros((rows, pack), np.int64),
        np.zeros((rows, pack), np.int64),
        np.zeros((rows, N_CARDS), np.int64),
        np.zeros((rows, N_META), np.int64),
        np.zeros(pack, np.int64),
        np.zeros(N_CARDS, np.int64),
    )


class Playouts:
    """One position prepared for :func:`playouts`, played in batches.

    ``layers`` are ``(cards, colour, value)`` (sorted here, smallest first);
    ``candidates`` ``(card, named colour)``, card -1 to keep a card just drawn, -2 to
    draw instead of playing; ``events`` ``(value on top or -1, colour, start in since,
    named colour)``; ``policy`` ``(random_pct, flags, ucb, ucb_min, ucb_depth)``.
    Runs compiled when numba is installed, unless ``plain`` (the plain-Python kernel,
    which gives the same figures: the tests compare them).
    """

    def __init__(
        self,
        my_hand: Sequence[int],
        pool: Sequence[int],
        opp_n: int,
        known_w4: int,
        layers: Sequence[tuple[int, int, int]],
        discard: Sequence[int],
        top: int,
        colour: int,
        candidates: Sequence[tuple[int, int]],
        seed: int,
        events: Sequence[tuple[int, int, int, int]],
        since: Sequence[int],
        policy: tuple[int, int, int, int, int],
        plain: bool = False,
    ) -> None:
        done = None if plain else compiled()
        ordered = sorted(layers)
        n = len(candidates)
        self.candidates = n
        self._x = (seed & M32) | 1
        self._policy = policy
        if done is not None:
            np = importlib.import_module("numpy")

            def ints(values: Sequence[int]) -> Any:
                return np.array([*values, 0], dtype=np.int64)  # never empty

            def zeros(size: int, kind: Any = np.int64) -> Any:
                return np.zeros(size, dtype=kind)

            hands: Any = np.zeros((2, ROOM), dtype=np.int64)
            self.sums: Any = zeros(2 * n + 3, np.float64)
            self._tree: tuple[Any, ...] = (
                zeros(NODES),
                zeros(NODES * N_CARDS, np.float64),
                zeros(NODES * N_CARDS, np.float64),
                zeros(2 * policy[4] + 2),
            )
            self._run: Any = done["playouts"]
        else:

            def ints(values: Sequence[int]) -> Any:
                return list(values)

            def zeros(size: int, kind: Any = int) -> Any:
                return [kind(0)] * size

            hands = _Rows(ROOM)
            self.sums = [0.0] * (2 * n + 3)
            self._tree = (
                zeros(NODES),
                zeros(NODES * N_CARDS, float),
                zeros(NODES * N_CARDS, float),
                zeros(2 * policy[4] + 2),
            )
            self._run = playouts
        self._pos = (
            ints(my_hand),
            len(my_hand),
            ints(pool),
            len(pool),
            opp_n,
            known_w4,
            ints([k for k, _, _ in ordered]),
            ints([c for _, c, _ in ordered]),
            ints([v for _, _, v in ordered]),
            len(ordered),
            ints(discard),
            len(discard),
            top,
            colour,
        )
        self._events = (
            ints([v for v, _, _, _ in events]),
            ints([c for _, c, _, _ in events]),
            ints([i for _, _, i, _ in events]),
            ints([m for _, _, _, m in events]),
            len(events),
            ints(since),
            len(since),
        )
        self._cands = (ints([c for c, _ in candidates]), ints([m for _, m in candidates]), n)
        self._work = (
            hands,
            zeros(2),
            zeros(ROOM),
            zeros(ROOM),
            zeros(ROOM),
            zeros(ROOM),
            zeros(5),
            zeros(ROOM),
            zeros(5),
        )

    def run(self, samples: int) -> None:
        """Play ``samples`` more deals, adding to ``sums`` (see :func:`playouts`)."""
        self._x = self._run(
            self._pos,
            self._events,
            self._cands,
            samples,
            self._x,
            self._policy,
            self._work,
            self._tree,
            self.sums,
        )


class _Rows:
    """A 2 x n table indexed ``t[r, i]`` like a numpy array, for the plain-Python run."""

    __slots__ = ("rows",)

    def __init__(self, n: int) -> None:
        self.rows = [[0] * n, [0] * n]

    def __getitem__(self, key: tuple[int, int]) -> int:
        return self.rows[key[0]][key[1]]

    def __setitem__(self, key: tuple[int, int], value: int) -> None:
        self.rows[key[0]][key[1]] = value


# --- compiling ---------------------------------------------------------------------------


def _typed() -> Mapping[str, Any]:
    """The constants the compiled code needs as numpy scalars (64-bit unsigned)."""
    np = importlib.import_module("numpy")
    u = np.uint64
    return {
        "M64": u(M64),
        "GOLDEN": u(GOLDEN),
        "MIX1": u(MIX1),
        "MIX2": u(MIX2),
        **{name: u(globals()[name]) for name in ("S7", "S17", "S19", "S27", "S30", "S31")},
        **{name: u(globals()[name]) for name in ("S45", "S57", "FIVE", "NINE", "ZERO", "ONE")},
        "U64": u,
        "I64": np.int64,
    }


#: The kernel never makes an array (its callers do), so it is compiled without
#: numba's reference counting: same results, about three times faster.
loader = JitLoader(globals(), kernel.names, _typed, kernel.inlined, refcounts=False)


def compiled() -> dict[str, Any] | None:
    """The compiled functions by name (compiled on first call), or None without numba."""
    return loader.compiled()


def warm_search() -> None:
    """Load the compiled playouts with a tiny search (registered as the warmer "uno": a
    search with a deadline runs ``warm("uno")`` before its clock starts)."""
    if compiled() is None:
        return
    position = ([1, 2], [3, 4, 5], 1, 0, [(1, 0, 5)], [6], 7, 0)
    moves = ([(1, 0), (2, 0), (-2, -1)], 1, [(7, 0, 0, -1)], [3], (50, 3, 40, 10, 1))
    Playouts(*position, *moves).run(2)


register_warmer("uno", warm_search)
