"""Reading explicit decks: one place for the checks every game makes.

A deal given as text must be exactly the game's pack in some order; the error
names the problem precisely (size, duplicates, missing cards) so that a typo in
a 104-card deck can be found.

**Deal fields** (parlour's extension of the rules pages' notation, see
``docs/notation.md``): after the cards a deal may carry ``name=value`` words with
what else it takes to replay the game exactly, for the games that need it:
``first=0|1`` (the two-player games: who starts) and ``seed=N`` (UNO: the random
stream of the match's later shuffles). A field at its default is left out, so a
deal that needs none is just its cards. Each game says which fields it reads
(:func:`read_deal`); the others reject them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from .errors import InvalidCardError, InvalidDeckError, quoted

__all__ = [
    "read_deck",
    "read_deal",
    "deal_seed",
    "deal_text",
    "field_or_option",
    "cards_count",
    "check_pack",
]

_FIELD = re.compile(r"^([a-z_]+)=(\d+)$")


def read_deck(text: str, parse: Callable[[str], int], show: Callable[[int], str]) -> list[int]:
    """Parse a deck written as cards separated by spaces, naming a bad card's position.

    For the games whose deals carry no fields (the one-player patiences)."""
    return read_deal(text, parse, show)[0]


def read_deal(
    text: str,
    parse: Callable[[str], int],
    show: Callable[[int], str],
    fields: Sequence[str] = (),
    game: str = "this game",
) -> tuple[list[int], dict[str, int]]:
    """Parse a deal: its cards, then any ``name=value`` fields among ``fields``.

    Returns the cards and the fields given (a whole number each). A field after
    which a card follows, a field named twice, or one this game does not read is
    an ``InvalidDeckError`` naming what is accepted.
    """
    if not isinstance(text, str):
        raise InvalidDeckError(
            f"a deck is text of cards separated by spaces, got {type(text).__name__}"
        )
    cards: list[int] = []
    given: dict[str, int] = {}
    for position, token in enumerate(text.replace(",", " ").split(), start=1):
        if "=" in token:
            given.update([_read_field(token, given, fields, game)])
            continue
        if given:
            raise InvalidDeckError(
                f"card {quoted(token)} after the field {next(iter(given))}=...: "
                "write the cards first, then the fields"
            )
        try:
            cards.append(parse(token))
        except InvalidCardError as exc:
            raise InvalidDeckError(f"card {position} of the deck: {exc}") from None
    return cards, given


def _read_field(
    token: str, given: Mapping[str, int], fields: Sequence[str], game: str
) -> tuple[str, int]:
    accepted = (
        f"{game}'s deals take " + " and ".join(f"{name}=N" for name in fields)
        if fields
        else f"{game}'s deals are cards only, with no name=value fields"
    )
    match = _FIELD.match(token.lower())
    if match is None or match.group(1) not in fields:
        raise InvalidDeckError(f"{quoted(token)} in the deal: {accepted}")
    name = match.group(1)
    if name in given:
        raise InvalidDeckError(f"{quoted(token)} in the deal: {name} is given twice")
    return name, int(match.group(2))


def deal_seed(text: str | None) -> int:
    """The ``seed=`` field of a deal, or 0 (the seed of a deal given without one).

    ``new_game`` uses it when a deck is given without a seed, so that an explicit
    deal never draws from a fresh random seed; a malformed deal yields 0 here and
    its own error when the game reads it."""
    if not isinstance(text, str):
        return 0
    for token in text.replace(",", " ").split():
        match = _FIELD.match(token.lower())
        if match is not None and match.group(1) == "seed":
            return int(match.group(2))
    return 0


def field_or_option(
    fields: Mapping[str, int], name: str, option: int | None, allowed: Sequence[int]
) -> int | None:
    """A deal field that is also an option (``first``): the one given, the same if both."""
    value = fields.get(name)
    if value is None:
        return option
    if value not in allowed:
        choices = "|".join(str(a) for a in allowed)
        raise InvalidDeckError(f"{name}={value} in the deal: {name} is {choices}")
    if option is not None and option != value:
        raise InvalidDeckError(
            f"the deal says {name}={value} but option {name}={option}: give one, or the same"
        )
    return value


def deal_text(cards: str, fields: Mapping[str, int], defaults: Mapping[str, int]) -> str:
    """``cards`` followed by the fields that differ from their ``defaults``."""
    extra = [f"{name}={value}" for name, value in fields.items() if value != defaults.get(name)]
    return " ".join([cards, *extra])


def cards_count(n: int) -> str:
    """``1 card``, ``7 cards``: a count of cards in a message or on a board."""
    return f"{n} card{'' if n == 1 else 's'}"


def check_pack(
    cards: Sequence[int],
    pack: Sequence[int],
    show: Callable[[int], str],
    what: str,
    sizes: Sequence[int] | None = None,
) -> None:
    """Raise unless ``cards`` is a subset-by-count of ``pack`` of an allowed size.

    ``sizes`` lists the allowed lengths (default: the whole pack); ``what``
    names the game's pack in messages ("a 52-card pack").
    """
    allowed = list(sizes) if sizes is not None else [len(pack)]
    if len(cards) not in allowed:
        sizes_text = " or ".join(str(n) for n in allowed)
        raise InvalidDeckError(
            f"the deck has {cards_count(len(cards))}; {what} needs {sizes_text} cards"
        )
    have = Counter(cards)
    limit = Counter(pack)
    extra = []
    for c, n in have.items():
        if n > limit[c]:
            times = {1: "once", 2: "twice"}.get(limit[c], f"{limit[c]} times")
            if limit[c] == 0:
                extra.append(f"{show(c)} is not in {what}")
            else:
                extra.append(f"{show(c)} appears {n} times (the pack has it {times})")
    if extra:
        raise InvalidDeckError("bad deck: " + "; ".join(extra))
    if len(cards) == len(pack):
        return
    # A partial deck is fine here; callers check which cards may be missing.
