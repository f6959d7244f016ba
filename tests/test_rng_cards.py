"""Owned randomness and card notation: golden values pin them across machines."""

from __future__ import annotations

import pytest

from parlour import InvalidCardError, InvalidDeckError, InvalidSeedError
from parlour.cards import (
    UNO_WILD,
    UNO_WILD4,
    card,
    card_pretty,
    card_str,
    cards_str,
    french_deck,
    is_red,
    parse_card,
    parse_cards,
    parse_uno_card,
    rank,
    rank_words,
    suit,
    uno_deck,
    uno_str,
)
from parlour.errors import EmptyDrawError
from parlour.notation import check_pack, read_deck
from parlour.rng import Rng, stream_seed


def test_rng_golden_outputs() -> None:
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        4768932952251265552,
        16168679545894742312,
        6487188721686299062,
    ]
    r = Rng(12345)
    assert [r.randbelow(52) for _ in range(10)] == [36, 26, 47, 26, 0, 40, 17, 25, 43, 11]
    assert Rng(2**70 + 5).next64() == 13726225218554246108
    assert stream_seed(7, "uno-player-1") == 16545370278130195560


def test_shuffle_golden() -> None:
    items = list(range(10))
    Rng(1).shuffle(items)
    assert items == [4, 7, 5, 9, 1, 3, 0, 2, 8, 6]


def test_rng_copy_is_independent_and_equal() -> None:
    a = Rng(9)
    a.next64()
    b = a.copy()
    assert a == b
    assert a.next64() == b.next64()
    b.next64()
    assert a != b


def test_randbelow_is_in_range_and_unbiased_enough() -> None:
    r = Rng(3)
    counts = [0] * 3
    for _ in range(30_000):
        counts[r.randbelow(3)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_a_draw_from_nothing_says_what_it_needs() -> None:
    """Both raised a bare ValueError ('randbelow needs n > 0, got 0')."""
    r = Rng(3)
    with pytest.raises(EmptyDrawError) as raised:
        r.randbelow(0)
    assert str(raised.value) == "randbelow(n) draws from 0 to n - 1: n must be 1 or more, got 0"
    with pytest.raises(EmptyDrawError) as raised:
        r.choice([])
    assert str(raised.value) == "choice needs at least one item to draw from, got []"
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize("bad", [-1, 1.5, "7", True])
def test_rng_rejects_bad_seeds(bad: object) -> None:
    """A bare ValueError before ('seed must be a non-negative integer'); stream_seed
    failed on a float or a string with a TypeError, and took True as 1."""
    message = f"a seed must be a whole number from 0 up, got {bad!r}"
    with pytest.raises(InvalidSeedError) as raised:
        Rng(bad)  # type: ignore[arg-type]
    assert str(raised.value) == message
    with pytest.raises(InvalidSeedError) as raised:
        stream_seed(bad, "player")  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_streams_differ_by_label() -> None:
    assert stream_seed(1, "a") != stream_seed(1, "b")
    assert stream_seed(1, "a") != stream_seed(2, "a")


def test_french_cards() -> None:
    assert parse_card("as") == card(1, 3)
    assert parse_card("10D") == parse_card("TD") == card(10, 1)
    assert card_str(card(12, 2)) == "QH"
    assert rank(parse_card("KC")) == 13 and suit(parse_card("KC")) == 0
    assert is_red(parse_card("2H")) and is_red(parse_card("2D"))
    assert not is_red(parse_card("2C")) and not is_red(parse_card("2S"))
    assert card_pretty(parse_card("TH")) == "10♥"
    assert "\x1b[31m" in card_pretty(parse_card("TH"), colour=True)
    assert "\x1b" not in card_pretty(parse_card("TS"), colour=True)
    assert cards_str(parse_cards("ah, 2c 10s")) == "AH 2C TS"


def test_a_card_may_be_typed_as_it_is_shown() -> None:
    """The table shows 10♦; a person copying it is understood (was: "'10♦' is not a
    card"). The canonical notation keeps its letters."""
    for c in french_deck():
        assert parse_card(card_pretty(c)) == c
    assert cards_str(parse_cards("7♦ a♤ 10♡, q♧")) == "7D AS TH QC"


def test_a_rank_in_a_sentence_has_its_article() -> None:
    assert [rank_words(r) for r in range(1, 14)] == [
        "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7",
        "an 8", "a 9", "a 10", "a Jack", "a Queen", "a King",
    ]  # fmt: skip


@pytest.mark.parametrize("bad", ["", "1H", "AX", "ZZ", "A", "AHH", "11C"])
def test_bad_french_cards_are_named(bad: str) -> None:
    with pytest.raises(InvalidCardError, match="is not a card"):
        parse_card(bad)


@pytest.mark.parametrize("bad", [None, 5, ["AS"], b"AS"])
def test_a_card_that_is_not_text_is_a_card_error(bad: object) -> None:
    """``parse_card(None)`` said AttributeError: 'NoneType' object has no attribute
    'strip' (so did the UNO parser and both list readers)."""
    from parlour.cards import parse_uno_cards

    for parse, what in (
        (parse_card, "a card"),
        (parse_cards, "a list of cards"),
        (parse_uno_card, "an UNO card"),
        (parse_uno_cards, "a list of UNO cards"),
    ):
        with pytest.raises(InvalidCardError, match=rf"^{what} is text such as '.*', got "):
            parse(bad)  # type: ignore[arg-type]


def test_packs() -> None:
    deck = french_deck()
    assert len(deck) == 52 == len(set(deck))
    assert cards_str(deck[:3]) == "AC 2C 3C"
    pack = uno_deck()
    assert len(pack) == 108
    assert pack.count(parse_uno_card("RS")) == 4
    assert pack.count(parse_uno_card("R0")) == 1
    assert pack.count(parse_uno_card("R5")) == 2
    assert pack.count(UNO_WILD) == 4 and pack.count(UNO_WILD4) == 4
    assert uno_str(parse_uno_card("yd")) == "YD"
    with pytest.raises(InvalidCardError, match="not an UNO card"):
        parse_uno_card("R10")


def test_deck_errors_are_precise() -> None:
    with pytest.raises(InvalidDeckError, match="card 2 of the deck"):
        read_deck("AS XX", parse_card, card_str)
    with pytest.raises(InvalidDeckError, match="has 2 cards; a 52-card pack needs 52"):
        check_pack(parse_cards("AS KD"), french_deck(), card_str, "a 52-card pack")
    dup = parse_cards(cards_str(french_deck()[:51]) + " AC")
    with pytest.raises(InvalidDeckError, match="AC appears 2 times"):
        check_pack(dup, french_deck(), card_str, "a 52-card pack")
