"""8 x 8 progress moves: what the search (and the fair player) tries, best first.

A progress move puts a card up, turns a face-down card up, or places a talon or
waste card; a talon *macro* walks the talon while turned cards can only go to the
waste (see the package text).
"""

from __future__ import annotations

from .position import (
    BLANK,
    Mv,
    Pos,
    apply_moves,
    build_target,
    find_face_up,
    fits_foundation,
    needed_cards,
    row_tops,
    uncover,
)

# Priorities of progress moves (higher first): how the search orders its tries.
_PRI_REVEAL = 40  # plus the number of face-down cards in the row
#: The styles of the search's runs, used in turn: the reveal order (see ``progress_moves``) and
#: whether a fitting talon card goes up before onto a row (see ``search_moves``).
_PRI_UP_REVEALS = 36
_PRI_WASTE_ROW = 20
_PRI_EMPTY = 18
_PRI_WASTE_UP = 9
_PRI_UP = 8
_PRI_UP_SHIFT = 7
_PRI_TURN = 5
_PRI_TURN_LATER = 2
_PRI_BETWEEN = 0


def progress_moves(
    p: Pos, is_open: bool, via_empty: bool = False, reveal: int = 1
) -> list[tuple[int, list[Mv]]]:
    """Progress moves of the tableau and waste (the talon comes from ``search_moves``).

    ``via_empty``: only the moves that need the empty row (no row top would do).
    ``reveal``: 1 to try turning up cards in the rows with most face-down cards first,
    -1 in those with fewest first.
    """
    rows, down, f, seq, ptr = p[0], p[1], p[2], p[3], p[4]
    out: list[tuple[int, list[Mv]]] = []
    tops = row_tops(rows)
    empty = tops.index(0) if 0 in tops else -1
    fit = needed_cards(f)[0]
    # a face-up card to its foundation, uncovering it first if one shift does it
    for n, i in find_face_up(rows, down, fit):
        if i == len(rows[n]) - 1:
            if not via_empty:
                d = down[n]
                out.append((_PRI_UP_REVEALS if (d and i == d) else _PRI_UP, [("F", n)]))
        else:
            shift = uncover(rows, tops, n, i, is_open)
            if shift is not None and (not via_empty or rows[shift[2]] == ()):
                out.append((_PRI_UP_SHIFT, [shift, ("F", n)]))
    for n in range(8):
        row = rows[n]
        d = down[n]
        if d:
            # turn a face-down card up: the run on it onto a row top, or into an empty row
            root = row[d]
            m = build_target(root, tops, n)
            if m >= 0:
                if not via_empty:
                    out.append((_PRI_REVEAL + reveal * d, [("R", n, m, len(row) - d)]))
            elif empty >= 0 and (root >= 8 or root == BLANK):
                out.append((_PRI_REVEAL + reveal * d - 1, [("R", n, empty, len(row) - d)]))
    if ptr:
        w = seq[ptr - 1]
        if w >= 8:
            m = build_target(w, tops)
            if m >= 0:
                if not via_empty:
                    out.append((_PRI_WASTE_ROW, [("w", m)]))
            elif empty >= 0:
                out.append((_PRI_WASTE_ROW - 1, [("w", empty)]))
        if w in fit and not via_empty:
            out.append((_PRI_WASTE_UP, [("f",)]))
    if is_open and empty < 0 and not via_empty:
        # no empty row yet, but a row can be emptied: the moves that need one
        for n in range(8):
            if not down[n] and rows[n]:
                m = build_target(rows[n][0], tops, n)
                if m >= 0:
                    prefix: list[Mv] = [("R", n, m, len(rows[n]))]
                    for pri, mvs in progress_moves(apply_moves(p, prefix), True, True, reveal):
                        out.append((pri - 1, prefix + mvs))
                    break
    return out


_T_UP: Mv = ("t", "F")


def search_moves(
    p: Pos, is_open: bool, reveal: int = 1, up_first: bool = True
) -> list[tuple[int, list[Mv]]]:
    """Every progress move and talon macro from ``p``, best first.

    The talon is walked card by card while a turned card could only go to the
    waste; each card that allows more ends a macro (one per placement). A tableau
    move is offered between turns only right after a card whose options it changes.
    """
    exits = progress_moves(p, is_open, False, reveal)
    out = list(exits)
    rows, _, f, seq, ptr, passes = p
    tops = row_tops(rows)
    fit, safe = needed_cards(f)
    # tableau moves (not waste moves) with what they change for a turned card
    effects: list[tuple[list[Mv], list[int], bool, frozenset[int], frozenset[int]]] | None = None
    cur, pas = ptr, passes
    has_empty = 0 in tops
    empty = tops.index(0) if has_empty else -1
    walk: list[Mv] = []
    first = True
    while True:
        if cur < len(seq):
            q = seq[cur]
            pri = _PRI_TURN if first else _PRI_TURN_LATER
            first = False
            # what may be done with q if it were turned now; a fitting card is tried up
            # before onto a row when up_first: winning lines often take a fitting talon
            # card up to avoid the compulsory build (seeds 0-99 at 20,000 nodes: 86
            # solved instead of 85)
            if q < 8 or q in safe:
                out.append((pri, walk + [_T_UP]))
                break
            m = build_target(q, tops)
            if m >= 0:
                if q in fit and up_first:
                    out.append((pri, walk + [_T_UP]))
                out.append((pri, walk + [("t", "R", m)]))
                if q in fit and not up_first:
                    out.append((pri, walk + [_T_UP]))
                break
            if q in fit and up_first:
                out.append((pri, walk + [_T_UP]))
            if has_empty:
                out.append((pri, walk + [("t", "R", empty)]))
            if q in fit and not up_first:
                out.append((pri, walk + [_T_UP]))
            walk = walk + [("t", "W")]
            cur += 1
            if effects is None:
                effects = []
                for _, mvs in exits:
                    if mvs[-1][0] not in "wf":
                        q_after = apply_moves(p, mvs)
                        t2 = row_tops(q_after[0])
                        fit2, safe2 = needed_cards(q_after[2])
                        effects.append((mvs, t2, 0 in t2, fit2, safe2))
            if effects:
                before = (build_target(q, tops) >= 0, 0 in tops, q in fit, q in safe)
                for mvs, t2, e2, fit2, safe2 in effects:
                    if (build_target(q, t2) >= 0, e2, q in fit2, q in safe2) != before:
                        out.append((_PRI_BETWEEN, walk + mvs))
        elif cur and pas < 3:
            walk = walk + [("o",)]
            cur = 0
            pas += 1
        else:
            break
    out.sort(key=lambda x: -x[0])
    return out


def turn_options(p: Pos) -> list[Mv]:
    """Where the talon's top card may go once turned (the rules' duty to build)."""
    q = p[3][p[4]]
    tops = row_tops(p[0])
    fits = fits_foundation(q, p[2])
    if q < 8:
        return [("t", "F")]
    builds = [m for m in range(8) if tops[m] and build_target(q, tops[m : m + 1]) == 0]
    if builds:
        return [("t", "R", m) for m in builds] + ([("t", "F")] if fits else [])
    out: list[Mv] = [("t", "F")] if fits else []
    if 0 in tops:
        out.append(("t", "R", tops.index(0)))
    out.append(("t", "W"))
    return out
