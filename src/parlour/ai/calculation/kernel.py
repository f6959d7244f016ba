"""The Calculation solver's beam step, written in the subset of Python numba compiles.

With numba installed (``pip install parlour[fast]``) :func:`beam_step` runs compiled on
numpy arrays, about a hundred times faster; without it the very same functions run as
plain Python on lists. Both give the same results (hashes are kept below 2**62 with
plain integer arithmetic), so an answer never depends on what is installed.

A position is a row of ``S`` small integers in a flat buffer: the rank each foundation
needs next (0 once complete), the four pile lengths, the index of the current stock
card, then the four waste piles (bottom first, ``MAXL`` slots each). The search itself
(what a step is, safe moves, the score, the dead-pile test) is described in
:mod:`parlour.ai.calculation.search`; this module does the same work on rows.
"""

from __future__ import annotations

import importlib
from typing import Any

from ...kernels.jit import JitLoader

MAXL = 32  # longest waste pile kept (a longer one drops the position: no proof then)
S = 9 + 4 * MAXL
NEED = 0
LEN = 4
IDX = 8
PILE = 9
P1 = 2147483647
P2 = 2147483629
NEVER = 99
WORK = 4096  # positions one expansion may visit (more: the expansion is cut, no proof)
MAXMOVES = 128
OUT = 512  # distinct children one expansion may give
GROUP_IDX = 49  # stock indices 0-48
GROUPS = 14**4 * GROUP_IDX  # diversity groups: need vector and stock index

# The tables (flat, so they index the same way as lists and numpy arrays):
# SEQ[f*12+k], POS[f*14+r] (-1 for the base rank), NEXT[f*14+r].


def _rank_hash(buf: Any, row: int, w: int, mul: int, p: int) -> int:
    base = row * S + PILE + w * MAXL
    n = buf[row * S + LEN + w]
    h: int = 7 + n
    for k in range(n):
        h = (h * mul + buf[base + k] + 1) % p
    return h


def _key(buf: Any, row: int, with_idx: int) -> int:
    """The position's hash, the same whatever the order of the waste piles."""
    a = 0
    b = 0
    for w in range(4):
        x = _rank_hash(buf, row, w, 1000003, P1)
        y = _rank_hash(buf, row, w, 999983, P2)
        a = (a + (x * x) % P1 + x * 3) % P1
        b = (b + (y * y) % P2 + y * 5) % P2
    for f in range(4):
        a = (a * 31 + buf[row * S + NEED + f]) % P1
        b = (b * 37 + buf[row * S + NEED + f]) % P2
    if with_idx:
        a = (a * 131 + buf[row * S + IDX]) % P1
        b = (b * 137 + buf[row * S + IDX]) % P2
    return a * 2147483648 + b + 1


def _copy_row(src: Any, r: int, dst: Any, d: int) -> None:
    for k in range(S):
        dst[d * S + k] = src[r * S + k]


def _same_pile(buf: Any, row: int, a: int, b: int) -> bool:
    n = buf[row * S + LEN + a]
    if buf[row * S + LEN + b] != n:
        return False
    pa = row * S + PILE + a * MAXL
    pb = row * S + PILE + b * MAXL
    for k in range(n):  # noqa: SIM110 (numba compiles no generators)
        if buf[pa + k] != buf[pb + k]:
            return False
    return True


def _dup_before(buf: Any, row: int, w: int) -> bool:
    for v in range(w):  # noqa: SIM110 (numba compiles no generators)
        if _same_pile(buf, row, v, w):
            return True
    return False


def _up(buf: Any, row: int, f: int, r: int, nxt: Any) -> None:
    buf[row * S + NEED + f] = nxt[f * 14 + r]


def _wanted(buf: Any, row: int, seq: Any, pos: Any, wanted: Any, times: Any) -> int:
    """Fill wanted[r] (foundations still wanting r) and times[r]; return cards up."""
    for r in range(14):
        wanted[r] = 0
        times[r] = NEVER
    up = 0
    for f in range(4):
        nd = buf[row * S + NEED + f]
        if nd == 0:
            up += 12
            continue
        p = pos[f * 14 + nd]
        up += p
        for k in range(p, 12):
            r = seq[f * 12 + k]
            wanted[r] += 1
            if k - p < times[r]:
                times[r] = k - p
    return up


def _fits(buf: Any, row: int, r: int) -> int:
    """The first foundation wanting r now, or -1."""
    for f in range(4):
        if buf[row * S + NEED + f] == r:
            return f
    return -1


def _score(
    buf: Any, row: int, seq: Any, pos: Any, counts: Any, n: int, wanted: Any, times: Any, wts: Any
) -> float:
    """search.score on a row (same arithmetic, same order)."""
    up = _wanted(buf, row, seq, pos, wanted, times)
    if up == 48:
        return 1e6
    blocks = 0
    depth = 0
    room = -1
    empties = 0
    for w in range(4):
        ln = buf[row * S + LEN + w]
        if ln == 0:
            empties += 1
            room = NEVER + 1
            continue
        m = NEVER + 1
        for k in range(ln):
            tr = times[buf[row * S + PILE + w * MAXL + k]]
            if tr > m:
                blocks += 1
                depth += tr - m if tr - m < 12 else 12
            else:
                m = tr
        if m > room:
            room = m
    ni = buf[row * S + IDX]
    total = n - ni
    future = 0.0
    if total:
        bad = 0
        for r in range(1, 14):
            tr = times[r]
            if counts[ni * 14 + r] and tr > room and tr > 0:
                bad += counts[ni * 14 + r]
        future = bad / total
    sc: float = wts[0] * up - wts[1] * blocks - wts[2] * depth + wts[3] * empties
    return float(sc - wts[4] * future)


def rollout(buf: Any, row: int, stock: Any, n: int, nxt: Any, scratch: Any) -> float:
    """How long the waste-pile cards wait, given the stock order: a relaxed play-out
    from the row where each stock card in turn goes to a free-for-all reserve (any of
    its cards may go up at any time) and every card that fits goes up (pile tops and
    the reserve, the first foundation wanting it). Returns the sum over waste-pile
    cards of the stock cards dealt before each goes up (n + 1 for one that never
    does): low when the piles unwind early with the stock to come."""
    for r in range(14):
        scratch[r] = 0
    for f in range(4):
        scratch[16 + f] = buf[row * S + NEED + f]
    left = 0
    for w in range(4):
        scratch[20 + w] = buf[row * S + LEN + w]
        left += scratch[20 + w]
    i0 = buf[row * S + IDX]
    j = i0
    delay = 0
    while True:
        changed = True
        while changed:
            changed = False
            for f in range(4):
                r = scratch[16 + f]
                if r == 0:
                    continue
                if scratch[r] > 0:
                    scratch[r] -= 1
                    scratch[16 + f] = nxt[f * 14 + r]
                    changed = True
                    continue
                for w in range(4):
                    d = scratch[20 + w]
                    if d > 0 and buf[row * S + PILE + w * MAXL + d - 1] == r:
                        scratch[20 + w] = d - 1
                        scratch[16 + f] = nxt[f * 14 + r]
                        delay += j - i0
                        left -= 1
                        changed = True
                        break
        if j >= n or left == 0:
            break
        scratch[stock[j]] += 1
        j += 1
    return float(delay + left * (n - i0 + 1))


def _stuck(buf: Any, row: int, seq: Any, pos: Any, wanted: Any, times: Any, inside: Any) -> bool:
    """search.stuck on a row (classic rules only)."""
    any_in = False
    for r in range(14):
        inside[r] = 0
    for w in range(4):
        ln = buf[row * S + LEN + w]
        for k in range(ln):
            inside[buf[row * S + PILE + w * MAXL + k]] += 1
            any_in = True
    if not any_in:
        return False
    _wanted(buf, row, seq, pos, wanted, times)  # wanted: cards of each rank not yet up
    d0 = buf[row * S + LEN]
    d1 = buf[row * S + LEN + 1]
    d2 = buf[row * S + LEN + 2]
    d3 = buf[row * S + LEN + 3]
    changed = True
    while changed:
        changed = False
        for w in range(4):
            d = d0 if w == 0 else d1 if w == 1 else d2 if w == 2 else d3
            while d:
                r = buf[row * S + PILE + w * MAXL + d - 1]
                ok = False
                for f in range(4):
                    nd = buf[row * S + NEED + f]
                    if nd == 0:
                        continue
                    k0 = pos[f * 14 + nd]
                    target = pos[f * 14 + r]
                    if target < k0:
                        continue
                    good = True
                    for j in range(k0, target):
                        t = seq[f * 12 + j]
                        if wanted[t] - inside[t] <= 0:
                            good = False
                            break
                    if good:
                        ok = True
                        break
                if not ok:
                    break
                d -= 1
                inside[r] -= 1
                changed = True
            if w == 0:
                d0 = d
            elif w == 1:
                d1 = d
            elif w == 2:
                d2 = d
            else:
                d3 = d
    return bool(d0 + d1 + d2 + d3 > 0)


def _expand(
    start: Any,
    srow: int,
    stock: Any,
    n: int,
    classic: int,
    seq: Any,
    pos: Any,
    nxt: Any,
    work: Any,
    wmeta: Any,
    table: Any,
    out: Any,
    okeys: Any,
    omoves: Any,
    onm: Any,
    wanted: Any,
    times: Any,
    inside: Any,
    want_moves: int,
) -> int:
    """Every position before the next stock card reachable from row ``srow`` of
    ``start`` (see search.reachable, then settle), distinct, into ``out``;
    returns their number, or -1 when an expansion overflowed (then not all were found).

    wmeta per work item: placed, pend pile, pend empty, parent item, move.
    """
    i0 = start[srow * S + IDX]
    cur = stock[i0] if i0 < n else 0
    tsize = len(table) - WORK
    used = tsize  # table[tsize:] lists the slots in use, cleared at the end
    _copy_row(start, srow, work, 0)
    wmeta[0] = 0 if cur else 1
    wmeta[1] = -1
    wmeta[2] = -1
    wmeta[3] = -1
    wmeta[4] = 0
    nw = 1
    k = 0
    nout = 0
    overflow = False
    while k < nw:
        placed = wmeta[k * 5]
        pw = wmeta[k * 5 + 1]
        pe = wmeta[k * 5 + 2]
        h = (_key(work, k, 0) // 16) * 8 + placed * 4
        if pw >= 0:
            ph = (
                _rank_hash(work, k, pw, 1000003, P1) * 1000003 + _rank_hash(work, k, pe, 999983, P2)
            ) % P1
            h = (h + 2) ^ (ph * 1073741824)
        h = h * 2 + 1
        slot = h % tsize
        dup = False
        while table[slot] != 0:
            if table[slot] == h:
                dup = True
                break
            slot = (slot + 1) % tsize
        if dup:
            k += 1
            continue
        table[slot] = h
        table[used] = slot
        used += 1
        if placed and pw < 0 and k > 0:
            # a result: settle it and keep it if new
            if nout >= len(okeys):
                overflow = True
            else:
                _copy_row(work, k, out, nout)
                if cur:
                    out[nout * S + IDX] = i0 + 1
                nm = 0
                if want_moves:
                    # the line from the parent: walk the work items back
                    j = k
                    while j > 0:
                        nm += 1
                        j = wmeta[j * 5 + 3]
                    j = k
                    q = nm - 1
                    while j > 0:
                        if q < MAXMOVES:
                            omoves[nout * MAXMOVES + q] = wmeta[j * 5 + 4]
                        q -= 1
                        j = wmeta[j * 5 + 3]
                    nm = _settle_into(
                        out,
                        nout,
                        stock,
                        n,
                        seq,
                        pos,
                        nxt,
                        wanted,
                        times,
                        omoves,
                        nout * MAXMOVES,
                        nm,
                    )
                else:
                    _settle_into(out, nout, stock, n, seq, pos, nxt, wanted, times, omoves, -1, 0)
                key = _key(out, nout, 1)
                new = True
                for j in range(nout):
                    if okeys[j] == key:
                        new = False
                        break
                if new:
                    okeys[nout] = key
                    onm[nout] = nm
                    nout += 1
        # successors
        if nw + 16 > WORK:
            overflow = True
            k += 1
            continue
        if not placed:
            if pw < 0:
                for f in range(4):
                    if work[k * S + NEED + f] == cur:
                        _copy_row(work, k, work, nw)
                        _up(work, nw, f, cur, nxt)
                        wmeta[nw * 5] = 1
                        wmeta[nw * 5 + 1] = -1
                        wmeta[nw * 5 + 2] = -1
                        wmeta[nw * 5 + 3] = k
                        wmeta[nw * 5 + 4] = f
                        nw += 1
            for w in range(4):
                if pw >= 0 and w != pw and w != pe:
                    continue
                if pw < 0 and _dup_before(work, k, w):
                    continue
                if pw >= 0 and w == pe and _same_pile(work, k, pw, pe):
                    continue
                ln = work[k * S + LEN + w]
                if ln >= MAXL:
                    overflow = True
                    continue
                _copy_row(work, k, work, nw)
                work[nw * S + PILE + w * MAXL + ln] = cur
                work[nw * S + LEN + w] = ln + 1
                wmeta[nw * 5] = 1
                wmeta[nw * 5 + 1] = -1
                wmeta[nw * 5 + 2] = -1
                wmeta[nw * 5 + 3] = k
                wmeta[nw * 5 + 4] = 4 + w
                nw += 1
        for w in range(4):
            if pw >= 0 and w != pw:
                continue
            ln = work[k * S + LEN + w]
            if ln == 0 or (pw < 0 and _dup_before(work, k, w)):
                continue
            r = work[k * S + PILE + w * MAXL + ln - 1]
            for f in range(4):
                if work[k * S + NEED + f] == r:
                    _copy_row(work, k, work, nw)
                    _up(work, nw, f, r, nxt)
                    work[nw * S + LEN + w] = ln - 1
                    wmeta[nw * 5] = placed
                    wmeta[nw * 5 + 1] = -1
                    wmeta[nw * 5 + 2] = -1
                    wmeta[nw * 5 + 3] = k
                    wmeta[nw * 5 + 4] = (w + 1) * 8 + f
                    nw += 1
        if not classic:
            e = -1
            for w in range(4):
                if work[k * S + LEN + w] == 0:
                    e = w
                    break
            if e >= 0:
                for w in range(4):
                    if pw >= 0 and w != pw:
                        continue
                    ln = work[k * S + LEN + w]
                    if ln < 2 or (pw < 0 and _dup_before(work, k, w)):
                        continue
                    _copy_row(work, k, work, nw)
                    work[nw * S + PILE + e * MAXL] = work[k * S + PILE + w * MAXL + ln - 1]
                    work[nw * S + LEN + e] = 1
                    work[nw * S + LEN + w] = ln - 1
                    wmeta[nw * 5] = placed
                    wmeta[nw * 5 + 1] = w
                    wmeta[nw * 5 + 2] = e
                    wmeta[nw * 5 + 3] = k
                    wmeta[nw * 5 + 4] = (w + 1) * 8 + 4 + e
                    nw += 1
        k += 1
    for q in range(tsize, used):
        table[table[q]] = 0
    if overflow:
        return -1 - nout
    return nout


def _settle_into(
    buf: Any,
    row: int,
    stock: Any,
    n: int,
    seq: Any,
    pos: Any,
    nxt: Any,
    wanted: Any,
    times: Any,
    moves: Any,
    base: int,
    nm: int,
) -> int:
    """search.settle writing the moves to moves[base + ...] (base -1: not kept)."""
    while True:
        _wanted(buf, row, seq, pos, wanted, times)
        i = buf[row * S + IDX]
        if i < n:
            c = stock[i]
            if wanted[c] == 1:
                f = _fits(buf, row, c)
                if f >= 0:
                    _up(buf, row, f, c, nxt)
                    buf[row * S + IDX] = i + 1
                    if base >= 0 and nm < MAXMOVES:
                        moves[base + nm] = f
                    nm += 1
                    continue
        played = False
        for w in range(4):
            ln = buf[row * S + LEN + w]
            if ln:
                r = buf[row * S + PILE + w * MAXL + ln - 1]
                if wanted[r] == 1:
                    f = _fits(buf, row, r)
                    if f >= 0:
                        _up(buf, row, f, r, nxt)
                        buf[row * S + LEN + w] = ln - 1
                        if base >= 0 and nm < MAXMOVES:
                            moves[base + nm] = (w + 1) * 8 + f
                        nm += 1
                        played = True
                        break
        if not played:
            return nm


def _before(cscore: Any, a: int, b: int) -> bool:
    """Candidate a ranks before b: higher score, then found earlier."""
    if cscore[a] != cscore[b]:
        return bool(cscore[a] > cscore[b])
    return a < b


def _sift(cscore: Any, order: Any, top: int, end: int) -> None:
    # a heap with the worst-ranked candidate on top
    while True:
        c = 2 * top + 1
        if c >= end:
            return
        if c + 1 < end and _before(cscore, order[c], order[c + 1]):
            c += 1
        if _before(cscore, order[top], order[c]):
            order[top], order[c] = order[c], order[top]
            top = c
        else:
            return


def rank_candidates(cscore: Any, order: Any, m: int) -> None:
    """order[0:m] = 0..m-1 sorted best first (heapsort, a total order)."""
    for k in range(m):
        order[k] = k
    for top in range(m // 2 - 1, -1, -1):
        _sift(cscore, order, top, m)
    for end in range(m - 1, 0, -1):
        order[0], order[end] = order[end], order[0]
        _sift(cscore, order, 0, end)


def _insert(htab: Any, key: int) -> int:
    """The slot of key in the open-addressing table (-1 - slot when it is new)."""
    size = len(htab)
    slot = key % size
    while htab[slot] != 0:
        if htab[slot] == key:
            return slot
        slot = (slot + 1) % size
    return -1 - slot


def noise(key: int, salt: int) -> float:
    """A pseudo-random number in [0, 1) from a position's key and a salt (the same
    compiled and plain: integers below 2**62 throughout)."""
    h = (key % P1) ^ (salt * 40503)
    h = (h * 48271 + salt) % P1
    h = (h * 48271) % P1
    h = (h * 69621) % P1
    return float(h / P1)


def _group(buf: Any, row: int) -> int:
    """The row's group for the diversity cap: its need vector and stock index."""
    g = 0
    for f in range(4):
        g = g * 14 + buf[row * S + NEED + f]
    return int(g * GROUP_IDX + buf[row * S + IDX])


def diversify(cand: Any, cscore: Any, order: Any, m: int, gcap: int, ncount: Any) -> int:
    """After rank_candidates: rank last every candidate beyond the ``gcap`` best of its group
    (same need vector and stock index: the same cards in the piles, differently
    arranged), so a beam cannot fill up with one line; the number not ranked last."""
    good = 0
    for k in range(m):
        c = order[k]
        g = _group(cand, c)
        ncount[g] += 1
        if ncount[g] > gcap:
            cscore[c] = -1e300
        else:
            good += 1
    for k in range(m):
        ncount[_group(cand, order[k])] = 0
    if good < m:
        rank_candidates(cscore, order, m)
    return good


def _compact(
    cand: Any,
    cscore: Any,
    cpar: Any,
    cord: Any,
    ckey: Any,
    order: Any,
    m: int,
    keep: int,
    htab: Any,
    spare: Any,
    gcap: int,
    ncount: Any,
) -> int:
    """Keep the ``keep`` best of the m candidates, in their found order (with a group
    cap, fewer when too few are left); return how many were kept."""
    rank_candidates(cscore, order, m)
    if gcap > 0:
        good = diversify(cand, cscore, order, m, gcap, ncount)
        if good < keep:
            keep = good
    # mark the kept ones, then slide them down (their found order is kept)
    for k in range(m):
        spare[k] = 0
    for k in range(keep):
        spare[order[k]] = 1
    j = 0
    for k in range(m):
        if spare[k]:
            if j != k:
                _copy_row(cand, k, cand, j)
                cscore[j] = cscore[k]
                cpar[j] = cpar[k]
                cord[j] = cord[k]
                ckey[j] = ckey[k]
            j += 1
    for k in range(len(htab)):
        htab[k] = 0
    for k in range(keep):
        htab[-1 - _insert(htab, ckey[k])] = ckey[k]
    return keep


def beam_step(
    layer: Any,
    nlayer: int,
    stock: Any,
    n: int,
    classic: int,
    seq: Any,
    pos: Any,
    nxt: Any,
    counts: Any,
    work: Any,
    wmeta: Any,
    table: Any,
    out: Any,
    okeys: Any,
    omoves: Any,
    onm: Any,
    wanted: Any,
    times: Any,
    inside: Any,
    cand: Any,
    cscore: Any,
    cpar: Any,
    cord: Any,
    ckey: Any,
    order: Any,
    htab: Any,
    spare: Any,
    width: int,
    node_limit: int,
    nodes: int,
    res: Any,
    wts: Any,
    gcap: int,
    ncount: Any,
    salt: int,
    fix: int,
) -> None:
    """Expand every position of the layer; the ``width`` best distinct children go to
    cand[0:width] best first (with their parent and their number among its children).

    res: [children kept, nodes used, incomplete, won, winning parent, its child number,
    out of budget]. ``gcap`` > 0 keeps at most that many children per group (see
    :func:`diversify`; ``ncount`` holds GROUPS zeros), 0 none: the plain beam.
    ``salt`` > 0 adds ``wts[5]`` times a pseudo-random number in [0, 1) drawn from the
    position's key and the salt to its score (another order among near ties: the
    noise beams); ``fix`` = 1 lowers the cut-off again when a group-capped compaction
    keeps fewer than ``width`` positions (0: it stays, as in the earlier beams)."""
    cap = len(cscore)
    m = 0
    incomplete = 0
    threshold = -1e300
    res[3] = 0
    res[6] = 0
    for p in range(nlayer):
        if nodes >= node_limit:
            res[6] = 1
            incomplete = 1
            break
        nodes += 1
        k = _expand(
            layer,
            p,
            stock,
            n,
            classic,
            seq,
            pos,
            nxt,
            work,
            wmeta,
            table,
            out,
            okeys,
            omoves,
            onm,
            wanted,
            times,
            inside,
            0,
        )
        if k < 0:
            incomplete = 1
            k = -1 - k
        for c in range(k):
            done = True
            for f in range(4):
                if out[c * S + NEED + f] != 0:
                    done = False
            if done:
                res[3] = 1
                res[4] = p
                res[5] = c
                res[1] = nodes
                return
            if out[c * S + IDX] >= n:
                # stock gone: keep it only if some card may still move
                alive = False
                empty = False
                tall = False
                for w in range(4):
                    ln = out[c * S + LEN + w]
                    if ln == 0:
                        empty = True
                    else:
                        if ln >= 2:
                            tall = True
                        if _fits(out, c, out[c * S + PILE + w * MAXL + ln - 1]) >= 0:
                            alive = True
                if not alive and not (not classic and empty and tall):
                    continue
            key = okeys[c]
            slot = _insert(htab, key)
            if slot >= 0:
                continue  # found before in this layer
            if classic and _stuck(out, c, seq, pos, wanted, times, inside):
                continue
            sc = _score(out, c, seq, pos, counts, n, wanted, times, wts)
            if wts[6] != 0.0:
                sc -= wts[6] * rollout(out, c, stock, n, nxt, inside)
            if salt > 0:
                sc += wts[5] * noise(key, salt)
            if sc <= threshold:
                incomplete = 1
                continue
            if m == cap:
                m = _compact(
                    cand, cscore, cpar, cord, ckey, order, m, width, htab, spare, gcap, ncount
                )
                incomplete = 1
                if m >= width:
                    threshold = cscore[0]
                    for q in range(1, m):
                        if cscore[q] < threshold:
                            threshold = cscore[q]
                elif fix:
                    threshold = -1e300
                if sc <= threshold:
                    continue
                slot = _insert(htab, key)
            htab[-1 - slot] = key
            _copy_row(out, c, cand, m)
            cscore[m] = sc
            cpar[m] = p
            cord[m] = c
            ckey[m] = key
            m += 1
    if m > width:
        incomplete = 1
        keep = width
    else:
        keep = m
    rank_candidates(cscore, order, m)
    if gcap > 0:
        good = diversify(cand, cscore, order, m, gcap, ncount)
        if good < keep:
            keep = good
            incomplete = 1
    # write the kept ones best first into the front (through spare rows at the back
    # of work, which is free now)
    for k in range(m):
        spare[k] = order[k]
    # permute in place, following cycles, for the first ``keep`` places
    for k in range(m):
        order[spare[k]] = k  # order[i] = rank of candidate i
    for k in range(m):
        while order[k] != k:
            j = order[k]
            if j >= m:
                break
            # swap candidate k with the one at place j
            for q in range(S):
                t = cand[k * S + q]
                cand[k * S + q] = cand[j * S + q]
                cand[j * S + q] = t
            cscore[k], cscore[j] = cscore[j], cscore[k]
            cpar[k], cpar[j] = cpar[j], cpar[k]
            cord[k], cord[j] = cord[j], cord[k]
            ckey[k], ckey[j] = ckey[j], ckey[k]
            order[k], order[j] = order[j], order[k]
    res[0] = keep
    res[1] = nodes
    res[2] = incomplete


def _play_out(
    start: Any,
    a: int,
    stock: Any,
    n: int,
    classic: int,
    seq: Any,
    pos: Any,
    nxt: Any,
    counts: Any,
    work: Any,
    wmeta: Any,
    table: Any,
    out: Any,
    okeys: Any,
    omoves: Any,
    onm: Any,
    wanted: Any,
    times: Any,
    inside: Any,
    wts: Any,
    cur: Any,
) -> int:
    """Cards up (48: won) at the end of a greedy play of row ``a`` of ``start`` with
    ``stock`` (ranks, the row's stock index counts into it): before each stock card,
    the reachable position with the best score (see :func:`_expand` and
    :func:`_score`). The score sees only the current card and the ranks still to
    come, never their order, so this is a play a person could make."""
    _copy_row(start, a, cur, 0)
    while True:
        i = cur[IDX]
        k = _expand(
            cur, 0, stock, n, classic, seq, pos, nxt, work, wmeta, table, out, okeys, omoves,
            onm, wanted, times, inside, 0,
        )  # fmt: skip
        if k < 0:
            k = -1 - k
        best = -1
        best_score = -1e300
        for c in range(k):
            done = True
            for f in range(4):
                if out[c * S + NEED + f] != 0:
                    done = False
            if done:
                return 48
            sc = _score(out, c, seq, pos, counts, n, wanted, times, wts)
            if sc > best_score:
                best_score = sc
                best = c
        if i >= n or best < 0:
            # the stock is out (every reachable position was looked at) or nothing moves
            most = _wanted(cur, 0, seq, pos, wanted, times)
            for c in range(k):
                up = _wanted(out, c, seq, pos, wanted, times)
                if up > most:
                    most = up
            return most
        _copy_row(out, best, cur, 0)


def play_outs(
    starts: Any,
    nstarts: int,
    stocks: Any,
    nsamples: int,
    n: int,
    classic: int,
    seq: Any,
    pos: Any,
    nxt: Any,
    counts: Any,
    work: Any,
    wmeta: Any,
    table: Any,
    out: Any,
    okeys: Any,
    omoves: Any,
    onm: Any,
    wanted: Any,
    times: Any,
    inside: Any,
    wts: Any,
    cur: Any,
    result: Any,
) -> None:
    """:func:`_play_out` of each of ``nstarts`` rows with each of ``nsamples`` stocks
    (``stocks[b * n:(b + 1) * n]``, with their rank counts ``counts[b * (n + 1) * 14:]``
    as :class:`parlour.ai.calculation.search.Search` lays them out) into
    ``result[a * nsamples + b]``."""
    for b in range(nsamples):
        stock = stocks[b * n : (b + 1) * n]
        cnt = counts[b * (n + 1) * 14 : (b + 1) * (n + 1) * 14]
        for a in range(nstarts):
            result[a * nsamples + b] = _play_out(
                starts, a, stock, n, classic, seq, pos, nxt, cnt, work, wmeta, table, out,
                okeys, omoves, onm, wanted, times, inside, wts, cur,
            )  # fmt: skip


_HELPERS = (
    "_rank_hash",
    "_key",
    "_copy_row",
    "_same_pile",
    "_dup_before",
    "_up",
    "_wanted",
    "_fits",
    "_settle_into",
    "_score",
    "_stuck",
    "rollout",
    "_expand",
    "_before",
    "_sift",
    "rank_candidates",
    "_insert",
    "noise",
    "_group",
    "diversify",
    "_compact",
    "_play_out",
)


_LOADER = JitLoader(globals(), (*_HELPERS, "beam_step", "play_outs"))


def compiled() -> bool:
    """Whether the numba-compiled kernel is in use (numba installed)."""
    return _LOADER.compiled() is not None


class Kernel:
    """The beam step and the expansion with their buffers, compiled or plain."""

    def __init__(self, plain: bool = False) -> None:
        done = None if plain else _LOADER.compiled()
        self.fast = done is not None
        if done is not None:
            self.np = importlib.import_module("numpy")
            self._step = done["beam_step"]
            self._expand = done["_expand"]
            self.play_outs = done["play_outs"]
        else:
            self._step = beam_step
            self._expand = _expand
            self.play_outs = play_outs

    def array(self, size: int, kind: str = "i8", values: Any = None) -> Any:
        if self.fast:
            np = self.np
            dtype = {"i1": np.int8, "i8": np.int64, "f8": np.float64}[kind]
            if values is not None:
                return np.array(values, dtype=dtype)
            return np.zeros(size, dtype=dtype)
        if values is not None:
            return list(values)
        return [0.0] * size if kind == "f8" else [0] * size

    def clear(self, a: Any) -> None:
        """Set every entry to 0."""
        if self.fast:
            a.fill(0)
        else:
            a[:] = [0] * len(a)

    def head(self, a: Any, n: int) -> Any:
        """A copy of the first n entries."""
        return a[:n].copy() if self.fast else a[:n]
