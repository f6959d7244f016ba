"""The compiled part of ``UnoVectorEnv``: imported only when numba is installed and used.

It plays many single UNO hands side by side with the engine's rules at its
default options (automatic penalty for a wrong ``W4``, no UNO calls, no
challenges), from the engine's own random stream: the shuffles and the deal are
those of ``parlour.sim._uno_fast_kernel``, which the tests hold equal to the
engine's. Unlike that simulator, which plays for ``random`` players, this kernel
takes any legal action, so it also implements what the random player never
does: reneging (drawing with a playable card), wrong ``W4`` plays and their
penalty (the card is shown to the opponent), keeping a playable drawn card.

State lives in numpy arrays with one row per game, all of it kept here; the
observation of the player to move is written from it directly, laid out exactly
as ``parlour.envs.encoders`` lays out ``Uno.view(player)`` (the tests compare
them): only that player's hand, the drawn card, the opponent's card count and
known ``W4``, the discard pile, the colour, the phase and counters.
"""

# mypy: disable-error-code="misc,no-any-return,no-untyped-call"

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit  # type: ignore[import-not-found, unused-ignore]

from ..cards import parse_uno_card
from ..games import uno as _uno
from ..sim._uno_fast_kernel import PACK, PLANS, fits, holds, randbelow, seed_rng, shuffle
from .actions import action_index, action_table
from .encoders import UNO, encoder_for

i64 = np.int64
W = _uno.W
W4 = _uno.W4
SKIP = _uno.SKIP
DRAW2 = _uno.DRAW2
N_CARDS = W4 + 1

# phases (the engine's numbers)
PH_PLAY = _uno.PH_PLAY
PH_DRAWN = _uno.PH_DRAWN
PH_COLOUR = _uno.PH_COLOUR

# columns of the per-game ``meta`` array
TURN, PHASE, COLOUR, DRAWN, PASSES, SHOWN0, SHOWN1, STEPS, ND, NC = range(10)
N_META = 10

# results of one step of one game
ONGOING, WON, BLOCKED, ILLEGAL = 0, 1, 2, 3

# action kinds (the engine's)
K_PLAY, K_DRAW, K_PLAYDRAWN, K_KEEP, K_PASS = (
    _uno.K_PLAY,
    _uno.K_DRAW,
    _uno.K_PLAYDRAWN,
    _uno.K_KEEP,
    _uno.K_PASS,
)
K_COLOUR = _uno.K_COLOUR


def _action_tables() -> tuple[Any, ...]:
    """Action number -> (kind, card, colour, call), and card/colour -> action number."""
    table = action_table("uno")
    index = action_index("uno")
    kind = np.full(len(table), -1, i64)
    card = np.full(len(table), -1, i64)
    colour = np.full(len(table), -1, i64)
    call = np.zeros(len(table), i64)
    for a, text in enumerate(table):
        move = _uno._NAME_TO_MOVE[text]
        kind[a] = move[0]
        if move[0] == K_PLAY:
            card[a], colour[a], call[a] = move[1], move[2], move[3]
        elif move[0] == K_PLAYDRAWN:
            colour[a], call[a] = move[1], move[2]
        elif move[0] == K_COLOUR:
            colour[a] = move[1]
    # play_of[card * 5 + colour + 1]: the action playing ``card`` (naming ``colour``)
    play_of = np.full(N_CARDS * 5, -1, i64)
    for move, text in _uno._MOVE_NAMES.items():
        if move[0] == K_PLAY and not move[3]:
            play_of[move[1] * 5 + move[2] + 1] = index[text]
    fixed = np.array(
        [
            index["play"],
            index["play:R"],
            index["draw"],
            index["keep"],
            index["pass"],
            index["colour:R"],
        ],
        i64,
    )
    return kind, card, colour, call, play_of, fixed


ACTIONS = _action_tables()
#: card -> its number in the observation's card planes.
ENCODE = np.full(N_CARDS, -1, i64)
for _text, _number in UNO.items():
    ENCODE[parse_uno_card(_text)] = _number
OBS_SIZE = encoder_for("uno").size
N_ACTIONS = len(action_table("uno"))


@njit(cache=True)
def reshuffle(g: int, eng: Any, draw: Any, disc: Any, dcnt: Any, meta: Any, plans: Any) -> None:
    """The discard pile but its top becomes the draw pile (as ``Uno._reshuffle``)."""
    nc = meta[g, NC]
    m = nc - 1
    for i in range(m):
        draw[g, i] = disc[g, i]
        dcnt[g, disc[g, i]] -= 1
    shuffle(eng[g], draw[g], m, plans)
    disc[g, 0] = disc[g, m]
    meta[g, NC] = 1
    meta[g, ND] = m


@njit(cache=True)
def take(
    g: int,
    p: int,
    k: int,
    cnt: Any,
    size: Any,
    eng: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    plans: Any,
) -> None:
    """Up to ``k`` cards into ``p``'s hand, turning the discards over when needed."""
    for _ in range(k):
        if meta[g, ND] == 0:
            if meta[g, NC] <= 1:
                break
            reshuffle(g, eng, draw, disc, dcnt, meta, plans)
        nd = meta[g, ND] - 1
        meta[g, ND] = nd
        cnt[g, p, draw[g, nd]] += 1
        size[g, p] += 1


@njit(cache=True)
def deal(
    g: int,
    seed: Any,
    pack: Any,
    eng: Any,
    cnt: Any,
    size: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    plans: Any,
    deck: Any,
) -> None:
    """Game ``g`` becomes the first hand of ``new_game("uno", seed=seed)``."""
    n_pack = len(pack)
    seed_rng(seed, eng[g])
    starter = randbelow(eng[g], 2)
    for i in range(n_pack):
        deck[i] = pack[i]
    shuffle(eng[g], deck, n_pack, plans)
    cnt[g, :, :] = 0
    dcnt[g, :] = 0
    for i in range(7):
        cnt[g, 0, deck[i]] += 1
        cnt[g, 1, deck[7 + i]] += 1
    size[g, 0] = 7
    size[g, 1] = 7
    turned = deck[14]
    nd = 0
    for i in range(n_pack - 1, 14, -1):  # the draw pile is stored top last
        draw[g, nd] = deck[i]
        nd += 1
    while turned == W4:
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
    value = turned & 15 if turned < W else turned
    meta[g, TURN] = 1 - starter if value == DRAW2 or value == SKIP else starter  # noqa: SIM109
    if turned == W:
        meta[g, PHASE] = PH_COLOUR
        meta[g, COLOUR] = -1
    else:
        meta[g, PHASE] = PH_PLAY
        meta[g, COLOUR] = turned >> 4
        if value == DRAW2:
            take(g, starter, 2, cnt, size, eng, draw, disc, dcnt, meta, plans)


@njit(cache=True)
def play(
    g: int,
    p: int,
    card: int,
    named: int,
    cnt: Any,
    size: Any,
    eng: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    plans: Any,
) -> int:
    """``p`` plays ``card`` (naming ``named`` for a Wild), as ``Uno._play``."""
    o = 1 - p
    cnt[g, p, card] -= 1
    size[g, p] -= 1
    if card == W4:
        if holds(cnt[g], p, meta[g, COLOUR]):  # wrong: taken back in sight, draw 4
            cnt[g, p, card] += 1
            size[g, p] += 1
            meta[g, SHOWN0 + p] = 1
            take(g, p, 4, cnt, size, eng, draw, disc, dcnt, meta, plans)
            meta[g, TURN] = o
            return ONGOING
        if meta[g, SHOWN0 + p] > 0:
            meta[g, SHOWN0 + p] -= 1
    nc = meta[g, NC]
    disc[g, nc] = card
    meta[g, NC] = nc + 1
    dcnt[g, card] += 1
    meta[g, COLOUR] = named if card >= W else card >> 4
    v = card & 15 if card < W else card
    if size[g, p] == 0:
        if v == DRAW2:
            take(g, o, 2, cnt, size, eng, draw, disc, dcnt, meta, plans)
        elif v == W4:
            take(g, o, 4, cnt, size, eng, draw, disc, dcnt, meta, plans)
        return WON
    if v == SKIP:
        meta[g, TURN] = p
    elif v == DRAW2:
        take(g, o, 2, cnt, size, eng, draw, disc, dcnt, meta, plans)
        meta[g, TURN] = p
    elif v == W4:
        take(g, o, 4, cnt, size, eng, draw, disc, dcnt, meta, plans)
        meta[g, TURN] = p
    else:
        meta[g, TURN] = o
    return ONGOING


@njit(cache=True)
def apply(
    g: int,
    a: int,
    actions: Any,
    cnt: Any,
    size: Any,
    eng: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    plans: Any,
) -> int:
    """Action ``a`` in game ``g`` (already checked legal), as ``Uno.apply``."""
    a_kind, a_card, a_colour = actions[0], actions[1], actions[2]
    kind = a_kind[a]
    p = meta[g, TURN]
    if kind != K_PASS:
        meta[g, PASSES] = 0
    if kind == K_PLAY:
        return play(g, p, a_card[a], a_colour[a], cnt, size, eng, draw, disc, dcnt, meta, plans)
    if kind == K_PLAYDRAWN:
        card = meta[g, DRAWN]
        meta[g, DRAWN] = -1
        meta[g, PHASE] = PH_PLAY
        return play(g, p, card, a_colour[a], cnt, size, eng, draw, disc, dcnt, meta, plans)
    if kind == K_DRAW:
        if meta[g, ND] == 0:
            reshuffle(g, eng, draw, disc, dcnt, meta, plans)
        nd = meta[g, ND] - 1
        meta[g, ND] = nd
        c = draw[g, nd]
        cnt[g, p, c] += 1
        size[g, p] += 1
        if fits(c, disc[g, meta[g, NC] - 1], meta[g, COLOUR]):
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
            return BLOCKED
        meta[g, TURN] = 1 - p
        return ONGOING
    # K_COLOUR: a Wild turned up first
    meta[g, COLOUR] = a_colour[a]
    meta[g, PHASE] = PH_PLAY
    return ONGOING


@njit(cache=True)
def fill_mask(g: int, cnt: Any, disc: Any, meta: Any, actions: Any, mask: Any) -> None:
    """The legal actions of the player to move in game ``g``, as ``Uno.legal_moves``."""
    play_of, fixed = actions[4], actions[5]
    mask[g, :] = 0
    p = meta[g, TURN]
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
    top = disc[g, meta[g, NC] - 1]
    colour = meta[g, COLOUR]
    any_play = False
    for c in range(N_CARDS):
        if cnt[g, p, c] > 0 and fits(c, top, colour):
            any_play = True
            if c >= W:
                for col in range(4):
                    mask[g, play_of[c * 5 + col + 1]] = 1
            else:
                mask[g, play_of[c * 5]] = 1
    if meta[g, ND] > 0 or meta[g, NC] > 1:
        mask[g, fixed[2]] = 1
    elif not any_play:
        mask[g, fixed[4]] = 1


@njit(cache=True)
def encode(
    g: int, cnt: Any, size: Any, disc: Any, dcnt: Any, meta: Any, enc: Any, obs: Any
) -> None:
    """The player to move's observation, as ``encoders._fill_uno`` makes it from the view.

    ``obs[g]`` must be zeros. Planes of 50 cards: hand (counts, then its last card in
    the engine's sorted order as 'top'), discard pile, drawn card, the opponent's known
    ``W4``; then the four places' sizes, then colour, phase and counters.
    """
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


@njit(cache=True)
def step(
    chosen: Any,
    seeds: Any,
    next_seed: Any,
    max_steps: int,
    pack: Any,
    actions: Any,
    plans: Any,
    enc: Any,
    eng: Any,
    cnt: Any,
    size: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    deck: Any,
    mask: Any,
    obs: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
) -> int:
    """One action in every game; a finished game is dealt again from ``next_seed[0]``.

    Returns the first game whose action was illegal (nothing is changed then), or -1.
    """
    n = seeds.shape[0]
    for g in range(n):
        a = chosen[g]
        if a < 0 or a >= mask.shape[1] or mask[g, a] == 0:
            return g
    for g in range(n):
        p = meta[g, TURN]
        result = apply(g, chosen[g], actions, cnt, size, eng, draw, disc, dcnt, meta, plans)
        meta[g, STEPS] += 1
        if result == WON:
            rewards[g, p] = 1.0
            rewards[g, 1 - p] = -1.0
        if result != ONGOING:
            terminated[g] = True
        elif meta[g, STEPS] >= max_steps:
            truncated[g] = True
        if terminated[g] or truncated[g]:
            seeds[g] = next_seed[0]
            next_seed[0] += np.uint64(1)
            deal(g, seeds[g], pack, eng, cnt, size, draw, disc, dcnt, meta, plans, deck)
        fill_mask(g, cnt, disc, meta, actions, mask)
        encode(g, cnt, size, disc, dcnt, meta, enc, obs)
    return -1


@njit(cache=True)
def reset(
    seeds: Any,
    pack: Any,
    actions: Any,
    plans: Any,
    enc: Any,
    eng: Any,
    cnt: Any,
    size: Any,
    draw: Any,
    disc: Any,
    dcnt: Any,
    meta: Any,
    deck: Any,
    mask: Any,
    obs: Any,
) -> None:
    """Deal game ``g`` from ``seeds[g]`` for every ``g``."""
    for g in range(seeds.shape[0]):
        deal(g, seeds[g], pack, eng, cnt, size, draw, disc, dcnt, meta, plans, deck)
        fill_mask(g, cnt, disc, meta, actions, mask)
        encode(g, cnt, size, disc, dcnt, meta, enc, obs)


__all__ = ["ACTIONS", "ENCODE", "N_ACTIONS", "N_META", "OBS_SIZE", "PACK", "PLANS", "reset", "step"]
