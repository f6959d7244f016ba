"""The Gate's compact position (posts, sorted bar piles, waste heap, stock count,
foundations as bytes) and its moves, as the solver and the fair player search them."""

from __future__ import annotations

from collections.abc import Iterator

from ...games.gate import Gate

# Pile ids of the engine (see parlour.games.gate): posts, bars, waste heap, stock.
_L, _R, _W, _S = 0, 1, 10, 11
_POST = 5

#: (left post, right post, bar piles sorted, waste heap, cards left in the stock,
#: foundation ranks by suit). Posts and the waste heap end with their exposed card.
Pos = tuple[bytes, bytes, tuple[bytes, ...], bytes, int, tuple[int, ...]]


def red(c: int) -> int:
    """1 for diamonds and hearts (suits 1, 2), 0 for clubs and spades."""
    return ((c >> 1) ^ c) & 1


def pos_key(p: Pos) -> bytes:
    """The transposition-table key: the foundations follow from the other piles and the
    stock count (every card not in a pile or the stock is on its foundation)."""
    return b"\0".join((p[0], p[1], *p[2], p[3], bytes((p[4],))))


def to_foundation(fr: tuple[int, ...], c: int) -> tuple[int, ...]:
    s = c & 3
    return fr[:s] + (c >> 2,) + fr[s + 1 :]


def unneeded(fr: tuple[int, ...], c: int) -> bool:
    """Whether nothing can ever be built on ``c``: both cards one rank lower and of the
    other colour are already on their foundations (an Ace never holds anything)."""
    r = c >> 2
    if r == 1:
        return True
    if red(c):
        return fr[0] >= r - 1 and fr[3] >= r - 1
    return fr[1] >= r - 1 and fr[2] >= r - 1


def _sorted(bars: list[bytes]) -> tuple[bytes, ...]:
    bars.sort()
    return tuple(bars)


def successors(p: Pos, stock: bytes | None) -> Iterator[Pos]:
    """Every position one move away, best first, generated lazily.

    ``stock`` is the stock with its top card last, or ``None`` when it is unknown
    (the player): then a deal is generated only once the stock is empty, since
    only then is its result known.

    Dominance: a card that nothing can be built on, on top of a bar pile of two
    or more cards or alone on the waste heap, is played to its foundation as the
    only move. Taking it away changes no vacancy, so every deal that follows
    fills the same places with the same cards; the card could only ever have
    been moved again or played, and whatever line wins with it wins without it.
    Foundation moves that empty a post, a bar position or change which waste card
    a deal takes are not forced: they change what the next deal fills, which can
    bury a card the player needs.
    """
    left_post, right_post, bars, waste, left, fr = p
    nb = len(bars)
    # Forced safe foundation moves.
    for i in range(nb):
        pile = bars[i]
        if len(pile) >= 2:
            c = pile[-1]
            if c >> 2 == fr[c & 3] + 1 and unneeded(fr, c):
                nbars = list(bars)
                nbars[i] = pile[:-1]
                yield (left_post, right_post, _sorted(nbars), waste, left, to_foundation(fr, c))
                return
    if len(waste) == 1:
        c = waste[0]
        if c >> 2 == fr[c & 3] + 1 and unneeded(fr, c):
            yield (left_post, right_post, bars, b"", left, to_foundation(fr, c))
            return
    # Foundation moves.
    for i in range(nb):
        pile = bars[i]
        if pile:
            c = pile[-1]
            if c >> 2 == fr[c & 3] + 1:
                nbars = list(bars)
                nbars[i] = pile[:-1]
                yield (left_post, right_post, _sorted(nbars), waste, left, to_foundation(fr, c))
    if waste:
        c = waste[-1]
        if c >> 2 == fr[c & 3] + 1:
            yield (left_post, right_post, bars, waste[:-1], left, to_foundation(fr, c))
    if left_post:
        c = left_post[-1]
        if c >> 2 == fr[c & 3] + 1:
            yield (left_post[:-1], right_post, bars, waste, left, to_foundation(fr, c))
    if right_post:
        c = right_post[-1]
        if c >> 2 == fr[c & 3] + 1:
            yield (left_post, right_post[:-1], bars, waste, left, to_foundation(fr, c))
    # Building from the waste heap, then from the posts.
    for src in (2, 0, 1):
        pile = waste if src == 2 else left_post if src == 0 else right_post
        if not pile:
            continue
        c = pile[-1]
        rest = pile[:-1]
        want = (c >> 2) + 1
        colour = red(c)
        for j in range(nb):
            target = bars[j]
            if target and target[-1] >> 2 == want and red(target[-1]) != colour:
                nbars = list(bars)
                nbars[j] = target + pile[-1:]
                if src == 2:
                    yield (left_post, right_post, _sorted(nbars), rest, left, fr)
                elif src == 0:
                    yield (rest, right_post, _sorted(nbars), waste, left, fr)
                else:
                    yield (left_post, rest, _sorted(nbars), waste, left, fr)
    dealt = after_deal(p, stock)
    if dealt is not None:
        yield dealt
    # A post card into a space: all spaces are alike, so one of them (sorted first).
    if nb and not bars[0]:
        for src in (0, 1):
            pile = left_post if src == 0 else right_post
            if pile:
                nbars = [pile[-1:], *bars[1:]]
                if src == 0:
                    yield (pile[:-1], right_post, _sorted(nbars), waste, left, fr)
                else:
                    yield (left_post, pile[:-1], _sorted(nbars), waste, left, fr)
    # Shifts between bar piles.
    for i in range(nb):
        pile = bars[i]
        if not pile:
            continue
        low = pile[-1] >> 2
        for j in range(nb):
            target = bars[j]
            if j == i or not target:
                continue
            top = target[-1]
            k = (top >> 2) - low
            if 1 <= k <= len(pile) and red(pile[-k]) != red(top):
                nbars = list(bars)
                nbars[i] = pile[:-k]
                nbars[j] = target + pile[-k:]
                yield (left_post, right_post, _sorted(nbars), waste, left, fr)


def vacancies(p: Pos) -> int:
    return 2 * _POST - len(p[0]) - len(p[1]) + sum(1 for pile in p[2] if not pile)


def after_deal(p: Pos, stock: bytes | None) -> Pos | None:
    """The position after ``deal``, or None if it is not a move (or not known)."""
    left_post, right_post, bars, waste, left, fr = p
    if left and stock is None:
        return None
    spaces = sum(1 for pile in bars if not pile)
    need = 2 * _POST - len(left_post) - len(right_post) + spaces
    if need == 0:
        if not left:
            return None
        assert stock is not None
        return (left_post, right_post, bars, waste + stock[left - 1 : left], left - 1, fr)
    take = min(need, left)
    cards = stock[left - take : left][::-1] if take and stock is not None else b""
    if take < need and waste:
        more = min(need - take, len(waste))
        cards += waste[len(waste) - more :][::-1]
        waste = waste[: len(waste) - more]
    if not cards:
        return None
    into_left = _POST - len(left_post)
    new_left = left_post + cards[:into_left]
    into_bars = cards[into_left : into_left + spaces]
    new_right = right_post + cards[into_left + spaces :]
    # Spaces sort first; the dealt ones become one-card piles.
    nbars = [into_bars[i : i + 1] for i in range(spaces)] + list(bars[spaces:])
    return (new_left, new_right, _sorted(nbars), waste, left - take, fr)


def pos_of_gate(g: Gate) -> tuple[Pos, bytes]:
    """The search position of an engine state and its stock (top last)."""
    piles = g._piles
    bars = sorted(bytes(piles[i]) for i in g._bar_ids)
    stock = bytes(piles[_S])
    pos: Pos = (
        bytes(piles[_L]),
        bytes(piles[_R]),
        tuple(bars),
        bytes(piles[_W]),
        len(stock),
        tuple(g._frank),
    )
    return pos, stock
