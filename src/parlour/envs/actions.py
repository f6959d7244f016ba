"""Fixed action spaces: every move string a game can ever have, numbered once.

Reinforcement-learning libraries want a fixed set of actions and a mask of the
legal ones. Each game's moves are canonical strings (the rules pages' notation),
so an action is simply an index into the list of every string the game can
produce, built here from each page's move grammar. Tests play many random games
and check that every legal move string has an index.
"""

from __future__ import annotations

from functools import cache

__all__ = ["ACTION_GAMES", "action_table", "action_index"]

_UNO_COLOURS = "RGYB"
_UNO_VALUES = "0123456789SD"


def _calculation() -> list[str]:
    moves = [f"S F{f}" for f in range(1, 5)] + [f"S W{w}" for w in range(1, 5)]
    moves += [f"W{w} F{f}" for w in range(1, 5) for f in range(1, 5)]
    moves += [f"W{w} W{e}" for w in range(1, 5) for e in range(1, 5) if e != w]
    return moves


def _gate() -> list[str]:
    # Four-card bars; the 3-card variant uses a subset (no T4, B4).
    bars = [f"{row}{i}" for row in "TB" for i in range(1, 5)]
    sources = ["L", "R", *bars, "W"]
    moves = [f"{s} F" for s in sources]
    moves += [f"{s} {b}" for s in sources for b in bars if s != b]
    return moves + ["deal"]


def _eight_by_eight() -> list[str]:
    rows = [f"T{i}" for i in range(1, 9)]
    moves = [f"{r} F" for r in rows]
    moves += [f"{r} {t}" for r in rows for t in rows if r != t]
    # A count is written only when moving part of a row into an empty row; a face-up
    # run is at most King to Two (Aces never lie on a row), so at most 11 are split off.
    moves += [f"{r} {t} {k}" for r in rows for t in rows if r != t for k in range(1, 12)]
    moves += ["turn", "P F", "P W", "W F"] + [f"P {t}" for t in rows] + [f"W {t}" for t in rows]
    return moves


def _chinese_patience() -> list[str]:
    sources = [0, 5, 6, 7, 8]
    moves = ["twist", "end"]
    moves += [f"{s} {d}" for s in sources for d in range(1, 10) if d != s]
    moves += [f"P{s} {d}" for s in range(5, 9) for d in range(5, 9) if d != s]
    return moves


def _uno() -> list[str]:
    cards = [c + v for c in _UNO_COLOURS for v in _UNO_VALUES]
    wilds = [f"{w}:{c}" for w in ("W", "W4") for c in _UNO_COLOURS]
    drawn = ["play"] + [f"play:{c}" for c in _UNO_COLOURS]
    plays = cards + wilds + drawn
    moves = plays + [f"{m} uno" for m in plays]
    moves += ["draw", "keep", "pass", "challenge", "accept", "catch"]
    return moves + [f"colour:{c}" for c in _UNO_COLOURS]


_BUILDERS = {
    "calculation": _calculation,
    "gate": _gate,
    "eight-by-eight": _eight_by_eight,
    "chinese-patience": _chinese_patience,
    "uno": _uno,
}
ACTION_GAMES = tuple(_BUILDERS)


@cache
def action_table(game: str) -> tuple[str, ...]:
    """Every move string of ``game``, in a fixed order: action ``i`` is ``table[i]``."""
    return tuple(_BUILDERS[game]())


@cache
def action_index(game: str) -> dict[str, int]:
    """Move string -> action number."""
    return {move: i for i, move in enumerate(action_table(game))}
