"""Calculation's rank-only position: what each foundation needs next, the waste
piles as ranks, and the moves between such positions as the engine numbers them."""

from __future__ import annotations

from typing import Any

from ...games.calculation import SEQUENCES, Calculation

Need = tuple[int, int, int, int]
Piles = tuple[tuple[int, ...], ...]
#: (source, target) as the engine numbers them: source 0 stock, 1-4 W1-W4;
#: target 0-3 F1-F4, 4-7 W1-W4.
Move = tuple[int, int]
Line = tuple[Move, ...]

STOCK = 0
ON_WASTE = 4
NEVER = 99

#: POS[f][r]: where rank r stands in F(f+1)'s sequence (0-11), -1 for its base rank.
POS: tuple[tuple[int, ...], ...] = tuple(
    tuple(seq.index(r) if r in seq else -1 for r in range(14)) for seq in SEQUENCES
)
#: NEXT[f][r]: what F(f+1) wants once rank r is on it (0: complete); for its base
#: rank, the first of its sequence.
NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if POS[f][r] == 11 else SEQUENCES[f][POS[f][r] + 1] for r in range(14))
    for f in range(4)
)


def progress(f: int, need: int) -> int:
    """Cards F(f+1) holds beyond its base (12 once complete)."""
    return 12 if need == 0 else POS[f][need]


class Info:
    """What a need vector implies, computed once per vector."""

    __slots__ = ("times", "fits", "wanted", "up")

    def __init__(self, need: Need) -> None:
        t = [NEVER] * 14
        wanted = [0] * 14
        for f in range(4):
            if need[f]:
                seq = SEQUENCES[f]
                p = POS[f][need[f]]
                for k in range(p, 12):
                    r = seq[k]
                    wanted[r] += 1
                    if k - p < t[r]:
                        t[r] = k - p
        self.times = tuple(t)
        self.wanted = tuple(wanted)
        self.fits = tuple(tuple(f for f in range(4) if need[f] == r) for r in range(14))
        self.up = sum(progress(f, need[f]) for f in range(4))


_INFO: dict[Need, Info] = {}


def info(need: Need) -> Info:
    got = _INFO.get(need)
    if got is None:
        got = _INFO[need] = Info(need)
    return got


def to_foundation(need: Need, f: int, r: int) -> Need:
    nd = list(need)
    nd[f] = NEXT[f][r]
    return (nd[0], nd[1], nd[2], nd[3])


GAME = "calculation"
RANKS = "A23456789TJQK"


def move_text(move: Move) -> str:
    src, dst = move
    source = "S" if src == STOCK else f"W{src}"
    target = f"F{dst + 1}" if dst < ON_WASTE else f"W{dst - ON_WASTE + 1}"
    return f"{source} {target}"


def position_of(state: Calculation) -> tuple[Need, Piles, tuple[int, ...]]:
    """The rank-only position of an engine state (through its public key)."""
    key: Any = state.key()
    found: tuple[tuple[int, ...], ...] = key[0]
    waste: tuple[tuple[int, ...], ...] = key[1]
    stock: tuple[int, ...] = key[2]
    need_list = [NEXT[f][found[f][-1] >> 2] for f in range(4)]
    need: Need = (need_list[0], need_list[1], need_list[2], need_list[3])
    piles = tuple(tuple(c >> 2 for c in w) for w in waste)
    return need, piles, tuple(c >> 2 for c in stock)
