"""Reading explicit decks: one place for the checks every game makes.

A deal given as text must be exactly the game's pack in some order; the error
names the problem precisely (size, duplicates, missing cards) so that a typo in
a 104-card deck can be found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from .errors import InvalidCardError, InvalidDeckError

__all__ = ["read_deck", "check_pack"]


def read_deck(text: str, parse: Callable[[str], int], show: Callable[[int], str]) -> list[int]:
    """Parse a deck written as cards separated by spaces, naming a bad card's position."""
    if not isinstance(text, str):
        raise InvalidDeckError(
            f"a deck is text of cards separated by spaces, got {type(text).__name__}"
        )
    cards: list[int] = []
    for position, token in enumerate(text.replace(",", " ").split(), start=1):
        try:
            cards.append(parse(token))
        except InvalidCardError as exc:
            raise InvalidDeckError(f"card {position} of the deck: {exc}") from None
    return cards


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
        raise InvalidDeckError(f"the deck has {len(cards)} cards; {what} needs {sizes_text} cards")
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
