"""UNO (1991 two-player edition): one test per rule and per Decision of rules/uno.md."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

import parlour
from parlour.cards import parse_uno_card, parse_uno_cards, uno_deck, uno_str
from parlour.core.events import Event
from parlour.core.protocol import normalize_move_text
from parlour.errors import (
    IllegalMoveError,
    InvalidDeckError,
    InvalidMoveError,
    InvalidOptionError,
)
from parlour.games.uno import PACK_POINTS, PASS_MOVE, Uno, card_points
from parlour.rng import Rng, shuffle_batched

PACK = sorted(uno_deck())


# --- helpers ---------------------------------------------------------------------------


def deck(h0: str, h1: str, turned: str, draw: str = "") -> str:
    """A full explicit deck: the given hands, turned card and top of the draw pile; the
    rest of the pack follows in ``uno_deck()`` order (R0 R1 R1 R2 ...)."""
    used = (
        parse_uno_cards(h0) + parse_uno_cards(h1) + [parse_uno_card(turned)] + parse_uno_cards(draw)
    )
    assert len(parse_uno_cards(h0)) == 7 and len(parse_uno_cards(h1)) == 7
    rest = uno_deck()
    for c in used:
        rest.remove(c)
    return " ".join(uno_str(c) for c in used + rest)


def new(
    h0: str, h1: str, turned: str, draw: str = "", seed: int = 0, **opts: object
) -> parlour.Game:
    return parlour.new_game("uno", seed=seed, deck=deck(h0, h1, turned, draw), **opts)


def hand(g: parlour.Game, p: int) -> list[str]:
    return list(g.view(p)["hand"])


def play(g: parlour.Game, *moves: str) -> None:
    for m in moves:
        g.play(m)


def check_conservation(g: parlour.Game) -> None:
    assert sorted(g.state.all_cards()) == PACK


def bury(g: parlour.Game, leave: int) -> None:
    """White box: move draw-pile cards from its bottom to under the discard pile's top
    until ``leave`` remain (a position reachable by long play, built quickly)."""
    st = g.state
    top = st._discard.pop()
    while len(st._draw) > leave:
        st._discard.append(st._draw.pop(0))
    st._discard.append(top)
    check_conservation(g)


# A quick hand: player 0 goes out in seven plays on their own turns (Skips), player 1
# holds one card of every kind: 1 + 2 + 3 + 20 + 20 + 50 + 50 = 146 points.
QUICK_P0 = "RS RS RS RS GS GS G5"
QUICK_P1 = "B1 B2 B3 BS BD W W4"
QUICK_MOVES = ("RS", "RS", "RS", "RS", "GS", "GS", "G5")


# --- the game and its options -------------------------------------------------------------


def test_registered_with_its_attributes() -> None:
    assert parlour.games()["uno"] == Uno.summary
    assert (Uno.name, Uno.title, Uno.players, Uno.rules_file) == ("uno", "UNO", 2, "uno.md")
    g = parlour.new_game("uno", seed=3)
    assert g.options == {"target": 500, "uno_call": False, "w4_challenge": False, "first": None}


def test_help_names_the_moves_and_every_decision() -> None:
    text = Uno.help_text
    for word in ("W4:B", "draw", "keep", "pass", "challenge", "colour:R", "R7 uno", "catch"):
        assert word in text
    assert "same number or" in text and "another Wild, does not count" in text
    assert "taken back" in text and "blocked" in text


@pytest.mark.parametrize(
    "opts",
    [{"target": 0}, {"first": 2}, {"first": "x"}, {"uno_call": "maybe"}, {"colours": 3}],
)
def test_bad_options_are_rejected(opts: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        parlour.new_game("uno", seed=1, **opts)


def test_first_may_be_given_as_none_as_saves_do() -> None:
    g = parlour.new_game("uno", seed=1, first=None)
    assert g.options["first"] is None
    again = parlour.load_game(g.to_json())
    assert again.state.key() == g.state.key()


# --- the pack and scoring ------------------------------------------------------------------


def test_pack_is_the_1991_pack_without_reverses() -> None:
    counts = Counter(uno_str(c) for c in uno_deck())
    assert len(uno_deck()) == 108
    for col in "RGYB":
        assert counts[col + "0"] == 1
        for v in "123456789D":
            assert counts[col + v] == 2
        assert counts[col + "S"] == 4
    assert counts["W"] == 4 and counts["W4"] == 4


@pytest.mark.parametrize(
    "card,points",
    [("R0", 0), ("G1", 1), ("Y5", 5), ("B9", 9), ("RS", 20), ("GD", 20), ("W", 50), ("W4", 50)],
)
def test_card_values_from_the_originals_table(card: str, points: int) -> None:
    assert card_points(parse_uno_card(card)) == points


def test_whole_pack_is_worth_1240_points() -> None:
    assert PACK_POINTS == 1240
    assert sum(card_points(c) for c in uno_deck()) == 1240


# --- dealing -----------------------------------------------------------------------------


GOLDEN = {
    0: (
        "Y7 RS GD GD B8 Y8 B4 G9 W4 R0 Y9 BS B4 Y4 Y2 B7 G6 B3 Y0 R6 BD Y7 B9 R9 Y8 BD G6 R1 G1 "
        "B9 B0 W B1 G2 R5 G8 R7 Y5 Y1 YS G5 G3 Y9 GS YS R1 B5 R3 Y3 Y5 R8 R4 G5 R2 G0 W4 R8 B6 "
        "B2 Y6 YS RS B6 G4 R5 BS GS RD Y2 R9 GS GS YD YS B3 RS G7 B8 RD YD W4 W W4 BS B7 R3 B2 "
        "Y4 R2 W G7 G2 Y3 G1 G8 Y1 RS G9 R6 Y6 R7 B5 B1 G4 W G3 BS R4",
        ["RS", "GD", "GD", "Y7", "Y8", "B4", "B8"],
        ["R0", "G9", "Y4", "Y9", "B4", "BS", "W4"],
        "Y2",
        0,
    ),
    1: (
        "B0 R9 G8 Y8 R5 RS RS B8 G9 YD Y6 B9 B7 R3 BD GD R6 G0 B2 R0 RD RD YS BS R9 B9 Y3 YS W4 "
        "Y5 R7 B6 B2 G5 R4 G4 G9 W4 Y1 R1 B3 R2 R6 R2 YS Y5 GS R7 Y0 W W4 G4 GS Y7 W BS B8 R8 G1 "
        "YS B5 R3 BD G2 G6 W4 G2 BS Y4 YD Y6 Y8 Y9 G6 W G3 Y7 B3 W R4 GS B1 G7 B7 G7 GS R1 Y9 Y2 "
        "RS Y2 B1 B6 B5 G1 R5 G5 G8 B4 Y4 RS Y1 R8 B4 Y3 GD BS G3 first=1 seed=1",
        ["R5", "R9", "RS", "RS", "G8", "Y8", "B0"],
        ["R3", "G9", "Y6", "YD", "B7", "B8", "B9"],
        "BD",
        1,
    ),
    2: (
        "W4 R6 GS RD G5 B1 Y4 R7 G4 G6 G7 BD Y8 R9 G5 R7 Y5 RS B2 R5 G0 Y0 RD W YS R1 W4 RS G2 "
        "Y2 RS GD W4 G9 B0 G2 YS B3 Y4 G4 BS R1 B8 G3 Y2 B4 YS W YD G6 BS B9 R9 G1 Y3 YS B5 Y9 "
        "R3 Y8 Y9 B7 G3 R5 R0 R3 G8 G8 Y5 R2 B7 RS BD YD R2 GS R8 W4 BS B1 Y7 Y1 W BS B5 R8 B6 "
        "R4 B2 GD G7 Y1 Y7 R4 GS Y6 Y6 B9 B3 R6 G9 GS B6 G1 Y3 B8 W B4 first=1 seed=2",
        ["R6", "RD", "G5", "GS", "Y4", "B1", "W4"],
        ["R7", "R9", "G4", "G6", "G7", "Y8", "BD"],
        "G5",
        1,
    ),
}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_golden_deals(seed: int) -> None:
    text, h0, h1, top, starter = GOLDEN[seed]
    g = parlour.new_game("uno", seed=seed)
    assert g.state.deal_str() == text
    assert g.view(0)["starter"] == starter
    assert g.view(0)["top"] == top
    assert g.view(0)["hand"] == h0
    if seed == 1:  # a Draw Two turned up: the starter (player 1) drew GD and R6 first
        assert g.view(1)["hand"] == sorted(h1 + ["GD", "R6"], key=parse_uno_card)
        assert g.to_move == 0
    else:
        assert g.view(1)["hand"] == h1
        assert g.to_move == starter


def test_options_other_than_first_do_not_change_the_deal() -> None:
    base = parlour.new_game("uno", seed=5).state.deal_str()
    for opts in ({"uno_call": True}, {"w4_challenge": True}, {"target": 50}, {"first": 0}):
        assert parlour.new_game("uno", seed=5, **opts).state.deal_str() == base
    assert parlour.new_game("uno", seed=5, first=1).view(0)["starter"] == 1
    assert parlour.new_game("uno", seed=5, first=0).view(0)["starter"] == 0


def test_starter_is_drawn_from_the_seed() -> None:
    starters = {parlour.new_game("uno", seed=s).view(0)["starter"] for s in range(12)}
    assert starters == {0, 1}


def test_explicit_deck_layout() -> None:
    g = new("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6")
    assert hand(g, 0) == ["R1", "R2", "R3", "R4", "G5", "G6", "W"]
    assert hand(g, 1) == ["Y5", "Y6", "Y7", "B1", "B2", "B3", "B4"]
    v = g.view(0)
    assert v["top"] == "R9" and v["colour"] == "R" and v["discard"] == ["R9"]
    assert v["stock_count"] == 93 and v["starter"] == 0 and g.to_move == 0
    g.play("draw")  # the draw pile's top card comes first
    assert "B5" in hand(g, 0)
    assert g.state.deal_str() == deck("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", "B5 B6")


def test_explicit_deck_with_first() -> None:
    g = new("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", first=1)
    assert g.to_move == 1 and g.view(0)["starter"] == 1


@pytest.mark.parametrize(
    "text,needle",
    [
        (" ".join(["R1"] * 108), "appears"),
        ("R1 R2", "has 2 cards"),
        (deck("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9").replace("R9", "R10", 1), "card"),
        (deck("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9").replace("R0", "RR", 1), "RR"),
        (deck("R1 R2 R3 R4 G5 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9") + " R5", "109"),
    ],
)
def test_bad_decks_are_rejected_clearly(text: str, needle: str) -> None:
    with pytest.raises(InvalidDeckError, match=needle):
        parlour.new_game("uno", seed=0, deck=text)


def test_later_hands_are_shuffled_from_the_seed() -> None:
    def second_hand(seed: int) -> list[str]:
        g = new(QUICK_P0, QUICK_P1, "R9", seed=seed)
        play(g, *QUICK_MOVES)
        assert g.view(0)["hand_number"] == 2
        check_conservation(g)
        return hand(g, 0) + hand(g, 1) + [g.view(0)["top"]]

    assert second_hand(4) == second_hand(4)
    assert second_hand(4) != second_hand(5)


def test_seeded_deal_str_and_seed_replay_the_match() -> None:
    """Stream order: the starter, then the first shuffle (made and discarded with an
    explicit deck), then every later shuffle."""
    g = parlour.new_game("uno", seed=9)
    starter = g.view(0)["starter"]
    h = parlour.new_game("uno", seed=9, deck=g.state.deal_str(), first=starter)
    assert h.state.key() == g.state.key()


def test_shuffle_is_a_pinned_uniform_permutation() -> None:
    items = list(range(10))
    state = shuffle_batched(Rng(0).getstate(), items)
    assert items == [0, 9, 4, 7, 3, 1, 8, 6, 5, 2]
    assert state == (
        8324140955084543008,
        10391910842822861143,
        3225182959445992472,
        2754658981582363188,
    )
    counts: Counter[tuple[int, ...]] = Counter()
    st = Rng(11).getstate()
    for _ in range(24000):
        three = [0, 1, 2]
        st = shuffle_batched(st, three)
        counts[tuple(three)] += 1
    assert len(counts) == 6 and all(3700 < n < 4300 for n in counts.values())


# --- the first card turned up ----------------------------------------------------------------


def test_first_card_number_starter_must_match_or_draw() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    assert g.legal_moves() == ["R1", "R2", "R3", "R4", "G9", "W:R", "W:G", "W:Y", "W:B", "draw"]


def test_first_card_wild_starter_names_the_colour_then_plays() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "W")
    assert g.view(0)["phase"] == "colour" and g.view(0)["colour"] is None
    assert g.legal_moves() == ["colour:R", "colour:G", "colour:Y", "colour:B"]
    with pytest.raises(IllegalMoveError, match="name the colour first"):
        g.play("R1")
    assert g.play("color:g") == "colour:G"
    assert g.to_move == 0 and g.view(0)["colour"] == "G"
    assert g.legal_moves() == ["G6", "G9", "W:R", "W:G", "W:Y", "W:B", "draw"]


def test_first_card_draw_two_starter_draws_two_other_begins() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "RD", draw="B5 B6")
    assert g.to_move == 1
    assert hand(g, 0) == ["R1", "R2", "R3", "R4", "G6", "G9", "B5", "B6", "W"]
    assert "you drew B5 B6 (a Draw Two was turned up first)" in g.view(0)["events"]
    assert "player 0 drew 2 cards (a Draw Two was turned up first)" in g.view(1)["events"]


def test_first_card_skip_other_player_begins() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "RS")
    assert g.to_move == 1 and len(hand(g, 0)) == 7


def test_first_card_skip_with_first_1_makes_player_0_begin() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "RS", first=1)
    assert g.to_move == 0


def test_first_card_w4_explicit_goes_to_the_bottom_repeatedly() -> None:
    text = deck("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "W4", draw="W4 R5")
    g = parlour.new_game("uno", seed=0, deck=text)
    assert g.view(0)["top"] == "R5" and g.view(0)["stock_count"] == 93
    assert g.state._draw[:2] == [parse_uno_card("W4")] * 2  # stored bottom first
    assert g.state.deal_str() == text
    assert "a Wild Draw Four was turned up 2 time(s)" in g.view(0)["events"][0]
    check_conservation(g)


def test_first_card_w4_seeded_is_shuffled_back() -> None:
    g = parlour.new_game("uno", seed=25)
    v = g.view(0)
    assert "Wild Draw Four was turned up 1 time(s)" in v["events"][0]
    assert v["top"] == "R7" and v["discard"] == ["R7"] and v["stock_count"] == 93
    assert g.state._draw.index(parse_uno_card("W4")) == 11
    # deal_str records the deal after the W4 went back: it deals the same first hand.
    h = parlour.new_game("uno", seed=25, deck=g.state.deal_str(), first=v["starter"])
    for p in (0, 1):
        assert h.view(p)["hand"] == g.view(p)["hand"]
    assert h.state._draw == g.state._draw and h.view(0)["top"] == "R7"
    # ... and the stream as the seed's deal left it: the deal string alone is the match.
    assert parlour.new_game("uno", deck=g.state.deal_str()).state.key() == g.state.key()


# --- a turn --------------------------------------------------------------------------------


def test_match_by_colour_or_value_wild_always() -> None:
    g = new("R1 G9 Y9 B2 GS YD W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    assert g.legal_moves() == ["R1", "G9", "Y9", "W:R", "W:G", "W:Y", "W:B", "draw"]
    with pytest.raises(IllegalMoveError, match="blue 2 does not match the top card red 9"):
        g.play("B2")
    assert g.play("g9") == "G9"
    assert g.to_move == 1 and g.view(1)["colour"] == "G"


def test_skip_or_draw_two_value_matches() -> None:
    g = new("RS GS R1 R2 R3 R4 R5", "B1 B2 B3 B4 Y5 Y6 Y7", "YS", first=1)
    assert g.legal_moves() == ["RS", "GS", "draw"]
    g = new("RD GD R1 R2 R3 R4 R5", "B1 B2 B3 B4 Y5 Y6 Y7", "YD", first=1)
    assert g.legal_moves() == ["RD", "GD", "draw"]


def test_card_not_in_hand_message() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    key = g.state.key()
    with pytest.raises(IllegalMoveError, match="you have no blue 7: your hand is red 1, red 2,"):
        g.play("B7")
    assert g.state.key() == key


@pytest.mark.parametrize(
    "text,error,needle",
    [
        ("W", InvalidMoveError, r"name a colour: W:R, W:G, W:Y or W:B"),
        ("w4", InvalidMoveError, r"name a colour: W4:R, W4:G, W4:Y or W4:B"),
        ("X9", InvalidMoveError, "is not an UNO move"),
        ("R10", InvalidMoveError, "is not an UNO move"),
        ("W:Q", InvalidMoveError, "not a colour"),
        ("uno", InvalidMoveError, "together with the card"),
        ("draw uno", InvalidMoveError, "only when playing"),
        ("play", IllegalMoveError, "draw first"),
        ("keep", IllegalMoveError, "draw first"),
        ("pass", IllegalMoveError, "draw instead"),
        ("colour:R", IllegalMoveError, "only for a Wild turned up first"),
        ("catch", IllegalMoveError, "need option uno_call"),
        ("challenge", IllegalMoveError, "need option w4_challenge"),
        ("R1 uno", IllegalMoveError, "need option uno_call"),
    ],
)
def test_bad_input_messages_and_game_unchanged(text: str, error: type, needle: str) -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    key = g.state.key()
    with pytest.raises(error, match=needle):
        g.play(text)
    assert g.state.key() == key and g.moves == []


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("w:r", "W:R"),
        ("W4:B", "W4:B"),
        ("w4 b", "W4:B"),
        ("W : blue", "W:B"),
        ("wg", "W:G"),
        ("r1", "R1"),
        ("  DRAW ", "draw"),
    ],
)
def test_aliases(text: str, canonical: str) -> None:
    g = new("R1 R2 R3 R4 G9 W4 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    assert g.state.move_str(g.parse(text)) == canonical


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("R+2", "RD"),
        ("b+2", "BD"),
        ("G +2", "GD"),
        ("W+4:B", "W4:B"),
        ("w+4 y", "W4:Y"),
        ("W+4G", "W4:G"),
        ("w+4:red", "W4:R"),
    ],
)
def test_draw_cards_typed_as_the_table_draws_them(text: str, canonical: str) -> None:
    """Was refused: the terminal table draws a Draw Two "R+2" and a Wild Draw Four
    "W+4", and a person types what they see. The notation's strings stay canonical."""
    g = new("R1 RD BD GD G9 W4 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    assert g.state.canonicalize(normalize_move_text(text)) == canonical
    g.play("r+2")  # and plays, as the notation's RD does
    assert g.moves == ["RD"] and g.view(0)["top"] == "RD"


def test_a_uno_call_with_a_draw_card_as_drawn() -> None:
    st = new("R1 RD R3 R4 G9 W4 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", uno_call=True).state
    assert st.canonicalize("R+2 UNO") == "RD uno"
    assert st.canonicalize("W+4:B UNO") == "W4:B uno"


@pytest.mark.parametrize(
    "text,needle",
    [
        ("W+4", r"^'W\+4': name a colour: W4:R, W4:G, W4:Y or W4:B$"),
        # the colour quoted as typed, as every refusal quotes its input (was: Q)
        ("w+4:q", r"^'w\+4:q': 'q' is not a colour"),
        ("W4 purple", r"^'W4 purple': 'purple' is not a colour; name one of R, G, Y, B"),
        ("play:X", r"^'play:X': 'X' is not a colour"),
        ("R+25", r"^'R\+25' is not an UNO move: play a card \(R7, GS, YD or R\+2\), .*W\+4:B"),
        ("X+2", r"^'X\+2' is not an UNO move"),
    ],
)
def test_draw_cards_as_drawn_refused_in_the_words_typed(text: str, needle: str) -> None:
    g = new("R1 RD R3 R4 G9 W4 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    with pytest.raises(InvalidMoveError, match=needle):
        g.parse(text)


def test_every_legal_move_string_round_trips() -> None:
    g = new("R1 R2 R3 R4 G9 W4 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    st = g.state
    for m in st.legal_moves():
        assert st.parse_move(st.move_str(m)) == m
        assert st.parse_move(st.move_str(m).lower()) == m


def test_drawing_an_unplayable_card_passes_the_turn() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5")
    g.play("draw")
    assert g.to_move == 1 and "B5" in hand(g, 0)
    assert g.view(0)["events"] == ["you drew B5"]
    assert g.view(1)["events"] == ["player 0 drew a card"]
    assert "player 0 drew a card" in g.view(1)["opponent_last"]


def test_reneging_draw_with_a_playable_card_then_play_or_keep() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="R5")
    assert "draw" in g.legal_moves()  # reneging: R1 could be played
    g.play("draw")
    assert g.to_move == 0 and g.view(0)["phase"] == "play_or_keep"
    assert g.view(0)["drawn"] == "R5" and g.view(1)["drawn"] is None
    assert g.legal_moves() == ["play", "keep"]
    with pytest.raises(IllegalMoveError, match="you drew red 5: play it"):
        g.play("R1")  # only the drawn card may be played
    g.play("play")
    assert g.view(0)["top"] == "R5" and g.to_move == 1 and "R5" not in hand(g, 0)
    assert "player 0 played the drawn card R5" in g.view(1)["events"]


def test_a_drawn_wild_played_says_the_colour_it_names() -> None:
    # the log told the opponent "played the drawn card W" and not the colour named,
    # which a play from the hand ("plays W and names blue") does say
    g = new("R1 R2 R3 R4 G9 G6 Y2", "B1 B2 B3 B4 Y5 Y6 Y7", "B9", draw="W")
    g.play("draw")
    assert "play:B" in g.legal_moves()
    g.play("play:B")
    assert g.view(1)["colour"] == "B"
    assert "player 0 played the drawn card W and named blue" in g.view(1)["events"]
    assert "player 0 played the drawn card W and named blue" in g.view(1)["opponent_last"]


def test_keep_passes_the_turn() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="R5")
    play(g, "draw", "keep")
    assert g.to_move == 1 and "R5" in hand(g, 0) and g.view(0)["top"] == "R9"


def test_a_drawn_wild_is_played_with_its_colour() -> None:
    g = new("R1 R2 R3 R4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="W")
    g.play("draw")
    assert g.legal_moves() == ["play:R", "play:G", "play:Y", "play:B", "keep"]
    with pytest.raises(IllegalMoveError, match="name a colour: play:R"):
        g.play("play")
    assert g.play("play g") == "play:G"
    assert g.view(1)["colour"] == "G" and g.to_move == 1


def test_a_drawn_w4_is_playable_judged_against_the_hand_then() -> None:
    right = new("G1 G2 G3 G4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="W4 B5 B6 B7 B8")
    right.play("draw")
    assert right.legal_moves()[0] == "play:R"
    right.play("play:B")
    assert right.view(0)["top"] == "W4" and len(hand(right, 1)) == 11 and right.to_move == 0
    wrong = new("R1 G2 G3 G4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="W4 B5 B6 B7 B8")
    wrong.play("draw")
    wrong.play("play:B")
    assert "W4" in hand(wrong, 0) and len(hand(wrong, 0)) == 12 and wrong.to_move == 1


def test_skip_gives_the_same_player_another_turn() -> None:
    g = new("RS R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    g.play("RS")
    assert g.to_move == 0 and len(hand(g, 1)) == 7
    assert "player 1 loses the turn" in g.view(0)["events"]
    assert "you lose the turn" in g.view(1)["events"]


def test_draw_two_opponent_draws_two_and_player_plays_again() -> None:
    g = new("RD R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6")
    g.play("RD")
    assert g.to_move == 0
    assert hand(g, 1) == ["Y5", "Y6", "Y7", "B1", "B2", "B3", "B4", "B5", "B6"]
    assert "you drew B5 B6 (Draw Two)" in g.view(1)["events"]
    assert "player 1 drew 2 cards (Draw Two)" in g.view(0)["events"]


def test_no_stacking_the_victim_of_a_draw_two_cannot_answer() -> None:
    g = new("RD R2 R3 R4 G9 G6 W", "BD B2 B3 B4 Y5 Y6 Y7", "R9")
    g.play("RD")
    assert g.to_move == 0  # player 1 drew and lost the turn: no Draw Two of their own


def test_wild_changes_the_colour_only() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    g.play("W:B")
    assert g.to_move == 1 and g.view(1)["colour"] == "B" and len(hand(g, 1)) == 7
    assert g.legal_moves() == ["B1", "B2", "B3", "B4", "draw"]


def test_right_w4_opponent_draws_four_and_loses_the_turn() -> None:
    g = new("G1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6 B7 B8")
    g.play("W4:G")
    assert g.to_move == 0 and g.view(0)["colour"] == "G" and g.view(0)["top"] == "W4"
    assert len(hand(g, 1)) == 11 and "B8" in hand(g, 1)


def test_w4_decision_same_number_or_another_wild_does_not_count() -> None:
    # Colour in play red, top R9: G9 (same number), W and another W4 do not make it wrong.
    g = new("G9 Y9 B9 W W4 W4 G1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6 B7 B8")
    g.play("W4:Y")
    assert len(hand(g, 1)) == 11 and g.view(0)["top"] == "W4"
    # ... nor, against a Skip, another colour's Skip (player 1 starts; RS skips them).
    g = new("GS G1 G2 G3 W4 G4 G5", "B1 B2 B3 B4 Y5 Y6 Y7", "RS", first=1)
    assert g.to_move == 0
    g.play("W4:G")
    assert g.view(0)["top"] == "W4" and len(hand(g, 1)) == 11


def test_default_penalty_for_a_wrong_w4() -> None:
    g = new("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6 B7 B8")
    assert "W4:G" in g.legal_moves()  # the program does not stop it
    g.play("W4:G")
    assert hand(g, 0) == ["R1", "G2", "G3", "G4", "G6", "G9", "B5", "B6", "B7", "B8", "W4"]
    v = g.view(1)
    assert v["top"] == "R9" and v["colour"] == "R" and v["discard"] == ["R9"]  # all stay
    assert len(v["hand"]) == 7 and g.to_move == 1  # opponent draws nothing, plays next
    assert v["opponent_known"] == ["W4"]  # the card taken back was seen
    assert any(e.startswith("penalty: wrong Wild Draw Four by player 0") for e in v["events"])
    assert "player 0 drew 4 cards (penalty for a wrong Wild Draw Four)" in v["events"]
    mine = g.view(0)["events"]
    assert any(e.startswith("penalty: wrong Wild Draw Four by you") for e in mine)
    assert "you drew B5 B6 B7 B8 (penalty for a wrong Wild Draw Four)" in mine
    check_conservation(g)


def test_known_w4_is_forgotten_once_played() -> None:
    g = new("R1 B2 B3 B4 B5 B6 W4", "W Y2 Y3 Y4 Y5 Y6 Y7", "R9", draw="R2 R3 R4 R5")
    g.play("W4:B")  # wrong: R1 is red
    assert g.view(1)["opponent_known"] == ["W4"] and g.view(0)["opponent_known"] == []
    g.play("W:G")  # player 1 makes green the colour: player 0 holds no green card
    g.play("W4:Y")  # right now
    assert g.view(1)["opponent_known"] == [] and g.view(1)["top"] == "W4"


def warnings(g: parlour.Game) -> dict[str, Event]:
    """The engine's warning of each legal move that has one."""
    state = g.state
    found = {m: state.move_warning(state.parse_move(m)) for m in g.legal_moves()}
    return {m: w for m, w in found.items() if w is not None}


@pytest.mark.parametrize("challenge", [False, True])
def test_a_wrong_w4_warns_before_it_is_played(challenge: bool) -> None:
    """The penalty (or the lost challenge) was told only after the play; the engine now
    says it before, by the rule the play follows, for each W4 move and no other."""
    g = new("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", w4_challenge=challenge)
    found = warnings(g)
    assert sorted(found) == ["W4:B", "W4:G", "W4:R", "W4:Y"]
    if challenge:  # the computer would win its challenge
        assert set(found.values()) == {Event("challenge", 1, target="R", value="upheld")}
    else:
        assert set(found.values()) == {Event("penalty", 0, count=4, target="R", value="w4")}
    # a right W4 (no red held: the same number, a Skip or another Wild do not count)
    assert warnings(new("G9 Y9 B9 W W4 W4 G1", "R1 R2 R3 R4 R5 R6 R7", "R9")) == {}


def test_a_drawn_w4_warns_by_the_hand_then_and_a_last_one_never() -> None:
    g = new("R1 G2 G3 G4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="W4 B5 B6 B7 B8")
    g.play("draw")
    assert sorted(warnings(g)) == ["play:B", "play:G", "play:R", "play:Y"]
    g = new("RS RS RS RS GS GS W4", QUICK_P1, "R9", draw="B5 B6 B7 B8")
    play(g, "RS", "RS", "RS", "RS", "GS")
    assert len(warnings(g)) == 4  # green in play, green Skip held
    g.play("GS")
    assert g.legal_moves()[0] == "W4:R" and warnings(g) == {}  # the last card


@pytest.mark.parametrize("challenge", [False, True])
def test_the_warning_is_the_rule_the_play_follows(challenge: bool) -> None:
    """Over whole random matches: a W4 move warns exactly when playing it is penalised
    (default) or its challenge is upheld (``w4_challenge``)."""
    rng = Rng(7)
    seen = {True: 0, False: 0}
    for seed in range(4):
        state = parlour.new_game("uno", seed=seed, w4_challenge=challenge).state
        for _ in range(400):
            legal = state.legal_moves()
            if not legal:
                break
            for move in legal:
                parts = state.move_parts(move)
                if parts["card"] != "W4":
                    continue
                after = state.copy()
                after.apply(move)
                if challenge and after.outcome is None:
                    answers = [after.move_str(m) for m in after.legal_moves()]
                    if "challenge" in answers:
                        after.apply(after.parse_move("challenge"))
                told = after.last_events(0)
                wrong = any(
                    (e.what == "penalty" and e.value == "w4")
                    or (e.what == "challenge" and e.value == "upheld")
                    for e in told
                )
                assert (state.move_warning(move) is not None) == wrong, (seed, move)
                seen[wrong] += 1
            state.apply(legal[rng.randbelow(len(legal))])
    assert seen[True] > 20 and seen[False] > 20, seen


# --- option w4_challenge ----------------------------------------------------------------------


def challenge_game(guilty: bool) -> parlour.Game:
    h0 = ("R1" if guilty else "G1") + " G2 G3 G4 G9 G6 W4"
    g = new(h0, "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6 B7 B8 BS BD", w4_challenge=True)
    g.play("W4:G")
    return g


def test_challenge_phase_after_any_w4() -> None:
    g = challenge_game(guilty=True)
    assert g.to_move == 1 and g.view(1)["phase"] == "challenge"
    assert g.legal_moves() == ["challenge", "accept"]
    assert g.view(1)["top"] == "W4" and g.view(1)["colour"] == "G"
    with pytest.raises(IllegalMoveError, match="answer the Wild Draw Four first"):
        g.play("draw")


def test_accept_draws_four_and_loses_the_turn() -> None:
    g = challenge_game(guilty=True)
    g.play("accept")
    assert len(hand(g, 1)) == 11 and g.to_move == 0 and g.view(0)["colour"] == "G"


def test_challenge_guilty_player_of_w4_draws_four_challenger_plays() -> None:
    g = challenge_game(guilty=True)
    g.play("challenge")
    assert len(hand(g, 0)) == 10 and len(hand(g, 1)) == 7
    assert g.to_move == 1 and g.view(1)["phase"] == "play"
    assert g.view(1)["top"] == "W4" and g.view(1)["colour"] == "G"  # the W4 stays
    verdict = "challenge: the Wild Draw Four was wrong (guilty): player 0 draws 4 and you play on"
    assert verdict in g.view(1)["events"]
    assert "R1" not in " ".join(g.view(1)["events"])  # the hand itself is not shown


def test_challenge_innocent_challenger_draws_six_and_loses_the_turn() -> None:
    g = challenge_game(guilty=False)
    g.play("challenge")
    assert len(hand(g, 1)) == 13 and len(hand(g, 0)) == 6
    assert g.to_move == 0 and g.view(0)["top"] == "W4" and g.view(0)["colour"] == "G"
    assert (
        "challenge: the Wild Draw Four was right (innocent): player 1 draws 6 and loses the turn"
        in g.view(0)["events"]
    )
    assert "player 1 drew 6 cards (challenge lost: 4 plus 2)" in g.view(0)["events"]


def test_uncalled_w4_can_be_caught_before_answering_it() -> None:
    g = new("RS RS RS RS GS GS W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", uno_call=True, w4_challenge=True)
    play(g, "RS", "RS", "RS", "RS", "GS", "W4:Y")
    assert g.legal_moves() == ["challenge", "accept", "catch"]
    g.play("catch")
    assert g.legal_moves() == ["challenge", "accept"] and len(hand(g, 0)) == 3


def test_challenge_when_nothing_can_be_challenged() -> None:
    g = new("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", w4_challenge=True)
    with pytest.raises(IllegalMoveError, match="no Wild Draw Four to challenge"):
        g.play("challenge")


# --- the draw pile runs out ---------------------------------------------------------------------


def test_reshuffle_when_the_draw_pile_is_empty() -> None:
    g = new("R1 G2 G3 G4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    bury(g, 0)
    assert g.view(0)["stock_count"] == 0 and len(g.view(0)["discard"]) == 94
    g.play("draw")
    v = g.view(0)
    assert v["discard"] == ["R9"] and v["stock_count"] == 92 and v["colour"] == "R"
    assert any("shuffled to form a new draw pile of 93 cards" in e for e in v["events"])
    check_conservation(g)


def test_reshuffle_in_the_middle_of_a_draw_two() -> None:
    g = new("RD G2 G3 G4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5")
    bury(g, 1)
    g.play("RD")
    v = g.view(1)
    assert len(v["hand"]) == 9 and "B5" in v["hand"]
    assert v["discard"] == ["RD"] and v["stock_count"] == 92
    events = v["events"]
    assert events[0].startswith("the discard pile was shuffled") and events[1].startswith(
        "you drew B5 "
    )
    check_conservation(g)


def test_wilds_going_back_lose_their_named_colour() -> None:
    g = new("R1 G2 G3 G4 G9 G6 W", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    play(g, "W:B", "B1")  # the Wild (named blue) is now under B1
    st = g.state
    top = st._discard.pop()
    while st._draw:
        st._discard.insert(0, st._draw.pop())
    st._discard.append(top)
    g.play("draw")
    assert g.view(0)["discard"] == ["B1"] and g.view(0)["colour"] == "B"
    assert parse_uno_card("W") in st._draw or "W" in hand(g, 0)  # a plain Wild again


def both_piles_empty(h0: str) -> parlour.Game:
    """Both piles empty: every card but the top is in a hand (white box)."""
    g = new(h0, "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    st = g.state
    while st._draw:
        c = st._draw.pop()
        st._hands[1].append(c)
    st._hands[1].sort()
    check_conservation(g)
    return g


def test_both_piles_empty_draw_is_no_move_and_pass_only_without_a_play() -> None:
    g = both_piles_empty("G1 G2 G3 G4 G5 G6 Y8")
    assert g.legal_moves() == ["pass"]
    g.play("pass")
    assert g.to_move == 1 and g.view(1)["passes"] == 1
    assert "pass" not in g.legal_moves() and "draw" not in g.legal_moves()
    with pytest.raises(IllegalMoveError, match="you can play a card"):
        g.play("pass")
    g2 = both_piles_empty("R1 G2 G3 G4 G5 G6 Y8")
    assert g2.legal_moves() == ["R1"]
    with pytest.raises(IllegalMoveError, match="no card can be drawn"):
        g2.play("draw")


def test_penalty_draws_stop_when_both_piles_are_empty() -> None:
    g = both_piles_empty("R1 G2 G3 G4 G5 G6 W4")
    g.play("W4:G")
    assert len(hand(g, 0)) == 7 and g.to_move == 1
    assert any("only 0 of 4 could be drawn" in e for e in g.view(0)["events"])


def test_two_passes_in_a_row_end_the_hand_blocked_with_no_score() -> None:
    # With the full pack a Wild is always in some hand, so a second pass cannot be
    # legal; the engine still applies the rule (tested at the state level).
    g = both_piles_empty("G1 G2 G3 G4 G5 G6 Y8")
    st = g.state
    st.apply(PASS_MOVE)
    st.apply(PASS_MOVE)
    v = st.view(0)
    assert v["last_hand"] == {
        "hand": 1,
        "winner": None,
        "points": 0,
        "loser_hand": [],
        "blocked": True,
    }
    assert v["scores"] == [0, 0] and v["hand_number"] == 2 and v["starter"] == 1
    ended = [e for e in st.last_events(0) if e.what == "hand_end"]
    assert ended == [Event("hand_end", None, (), 0, value=1)]
    assert any("blocked" in e for e in v["events"])
    assert sorted(st.all_cards()) == PACK


def test_a_non_pass_move_resets_the_pass_count() -> None:
    g = both_piles_empty("G1 G2 G3 G4 G5 G6 Y8")
    g.play("pass")
    g.play(g.legal_moves()[0])
    assert g.view(0)["passes"] == 0


# --- going out, scoring, the match ---------------------------------------------------------------


def test_going_out_scores_the_losers_hand_and_deals_the_next_hand() -> None:
    g = new(QUICK_P0, QUICK_P1, "R9")
    play(g, *QUICK_MOVES)
    v = g.view(1)
    assert v["last_hand"] == {
        "hand": 1,
        "winner": 0,
        "points": 146,
        "loser_hand": ["B1", "B2", "B3", "BS", "BD", "W", "W4"],
        "blocked": False,
    }
    assert v["scores"] == [146, 0] and v["hand_number"] == 2
    assert v["starter"] == 1  # the designated starter alternates
    assert len(v["hand"]) == 7 and v["opponent_cards"] == 7 and len(v["discard"]) == 1
    assert any("you held B1 B2 B3 BS BD W W4" in e for e in v["events"])
    assert any("player 1 held B1 B2 B3 BS BD W W4" in e for e in g.view(0)["events"])
    assert any(e.startswith("hand 2 dealt") for e in v["events"])
    assert g.outcome is None
    check_conservation(g)


def test_starter_alternates_whoever_won() -> None:
    g = new(QUICK_P0, QUICK_P1, "R9", first=1)
    g.play("draw")  # player 1 starts and draws; the rest as before
    if g.view(1)["phase"] == "play_or_keep":
        g.play("keep")
    play(g, *QUICK_MOVES)
    assert g.view(0)["hand_number"] == 2 and g.view(0)["starter"] == 0


def test_going_out_on_a_draw_two_the_drawn_cards_count() -> None:
    g = new("RS RS RS RS GS GS GD", QUICK_P1, "R9", draw="B5 B6")
    play(g, "RS", "RS", "RS", "RS", "GS", "GS", "GD")
    assert g.view(0)["last_hand"]["points"] == 146 + 5 + 6
    assert g.view(0)["last_hand"]["loser_hand"] == [
        "B1",
        "B2",
        "B3",
        "B5",
        "B6",
        "BS",
        "BD",
        "W",
        "W4",
    ]


@pytest.mark.parametrize("challenge", [False, True])
def test_going_out_on_a_w4_is_always_right(challenge: bool) -> None:
    g = new("RS RS RS RS GS GS W4", QUICK_P1, "R9", draw="B5 B6 B7 B8", w4_challenge=challenge)
    play(g, "RS", "RS", "RS", "RS", "GS", "GS", "W4:R")
    lh = g.view(0)["last_hand"]
    assert lh["winner"] == 0 and lh["points"] == 146 + 5 + 6 + 7 + 8
    assert g.view(0)["phase"] != "challenge"


def test_match_ends_at_the_target() -> None:
    g = new(QUICK_P0, QUICK_P1, "R9", target=146)
    play(g, *QUICK_MOVES)
    assert g.outcome == parlour.Outcome(
        "won", "player 0 reached 146 points (target 146)", score=146, winner=0
    )
    assert g.legal_moves() == [] and g.view(0)["to_move"] is None
    assert g.view(0)["phase"] == "over" and g.view(1)["last_hand"]["points"] == 146
    assert "match over: you won with 146 points" in g.view(0)["events"]
    board = g.render_for(0)
    assert "Match over: you win" in board
    assert g.render_for(0, end=False) == board.replace("\nMatch over: you win", "")
    with pytest.raises(parlour.GameOverError):
        g.play("draw")


def test_scores_accumulate_below_the_target() -> None:
    g = new(QUICK_P0, QUICK_P1, "R9", target=147)
    play(g, *QUICK_MOVES)
    assert g.outcome is None and g.view(0)["scores"] == [146, 0]


# --- option uno_call --------------------------------------------------------------------------


def two_left(**opts: object) -> parlour.Game:
    """Player 0 to move holding G5 GS (after four red Skips and a green one)."""
    g = new("RS RS RS RS GS GS G5", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="B5 B6 G7", **opts)
    play(g, "RS", "RS", "RS", "RS", "GS")
    return g


def test_uno_calls_offered_with_the_second_to_last_card() -> None:
    g = two_left(uno_call=True)
    assert g.legal_moves() == ["G5", "G5 uno", "GS", "GS uno", "draw"]
    assert "G5 uno" not in two_left().legal_moves()


def test_uno_call_only_with_the_second_to_last_card() -> None:
    g = new("RS RS RS RS GS GS G5", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", uno_call=True)
    with pytest.raises(IllegalMoveError, match="second-to-last"):
        g.play("RS uno")


def test_catch_an_uncalled_uno_offender_draws_two() -> None:
    g = two_left(uno_call=True)
    g.play("G5")
    assert g.to_move == 1 and g.legal_moves()[-1] == "catch"
    g.play("catch")
    assert hand(g, 0) == ["GS", "B5", "B6"] and g.to_move == 1
    assert "catch" not in g.legal_moves()
    assert "player 0 did not call UNO and was caught" in g.view(1)["events"]
    assert "you drew B5 B6 (caught without calling UNO)" in g.view(0)["events"]


def test_a_called_uno_cannot_be_caught() -> None:
    g = two_left(uno_call=True)
    g.play("G5 uno")
    assert "catch" not in g.legal_moves()
    assert "player 0 called UNO" in g.view(1)["events"]


def test_catch_only_as_the_first_move_of_the_next_turn() -> None:
    g = two_left(uno_call=True)
    g.play("G5")
    g.play("draw")  # player 1 draws B5, which matches the 5: play or keep, no catch now
    assert g.legal_moves() == ["play", "keep"]


def test_catch_only_while_the_offender_holds_one_card() -> None:
    g = two_left(uno_call=True)
    g.play("GS")  # uncalled, a Skip: player 0 plays again and draws
    g.play("draw")
    if g.view(0)["phase"] == "play_or_keep":
        g.play("keep")
    assert g.to_move == 1 and "catch" not in g.legal_moves()


def test_play_uno_after_drawing_with_one_card() -> None:
    g2 = new("RS RS RS RS GS GS G5", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", draw="G7", uno_call=True)
    play(g2, "RS", "RS", "RS", "RS", "GS", "GS", "draw")
    assert g2.legal_moves() == ["play", "play uno", "keep"]
    g2.play("play uno")
    assert "player 0 called UNO" in g2.view(1)["events"]


def test_catch_is_not_a_move_without_the_option() -> None:
    g = two_left()
    g.play("G5")
    assert "catch" not in g.legal_moves()


# --- views, events, saves ----------------------------------------------------------------------


def test_view_shows_only_what_the_player_may_see() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draw="B5")
    g.play("R1")
    v = g.view(0)
    assert {
        "game",
        "player",
        "to_move",
        "legal_moves",
        "moves",
        "phase",
        "hand",
        "drawn",
        "opponent_cards",
        "opponent_known",
        "discard",
        "top",
        "colour",
        "stock_count",
        "draw_pile",
        "scores",
        "target",
        "hand_number",
        "starter",
        "passes",
        "options",
        "events",
        "opponent_last",
        "last_hand",
        "outcome",
    } == set(v)
    assert v["legal_moves"] == [] and g.view(1)["legal_moves"] != []
    assert v["discard"] == ["R9", "R1"] and v["top"] == "R1"  # bottom first, top last
    assert v["opponent_cards"] == 7 and v["stock_count"] == 93
    text = json.dumps(v)
    assert not re.search(r'"Y\d"', text)  # none of player 1's cards
    assert "B5" not in text  # nor the draw pile's order
    assert g.view(1)["opponent_last"] == ["player 0 plays R1"]


def test_opponent_last_tells_the_opponents_latest_run() -> None:
    g = new("RS R2 R3 R4 G9 G6 W", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draw="B5")
    play(g, "RS", "R2")
    assert g.view(1)["opponent_last"] == [
        "player 0 plays RS",
        "you lose the turn",
        "player 0 plays R2",
    ]
    g.play("draw")
    assert g.view(0)["opponent_last"] == ["player 1 drew a card"]
    assert g.view(1)["opponent_last"][0] == "player 0 plays RS"


def test_events_hide_drawn_cards_from_the_other_player() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draw="B5")
    g.play("draw")
    assert g.state.last_events(0) == [Event("draw", 0, ("B5",), 1)]
    assert g.state.last_events(1) == [Event("draw", 0, (), 1)]
    assert g.view(0)["events"] == ["you drew B5"]
    assert g.view(1)["events"] == ["player 0 drew a card"]


def test_move_parts_and_render() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9")
    st = g.state
    assert st.move_parts(g.parse("W:B")) == {
        "move": "W:B",
        "source": "W",
        "target": "discard",
        "count": 1,
        "card": "W",
        "colour": "B",
    }
    assert st.move_parts(g.parse("draw"))["source"] is None
    text = g.render()  # as the player to move sees it
    # the cards in words, as the log and the web app name them ("R1" is for typing)
    hand = "Your hand: red 1, red 2, red 3, red 4, green 6, green 9, Wild"
    assert hand in text and "yellow" not in text
    assert "Draw pile: 93 cards" in text and "Discard pile: 1 card, top red 9" in text
    assert "scores: you 0, the opponent 0" in text and "To move: you (play" in text
    assert "\x1b[31m" in g.render(colour=True)
    other = st.render_for(1)
    assert "yellow 1, yellow 2" in other and "red 1" not in other
    assert "opponent: 7 cards" in other
    assert "To move: the opponent" in other
    assert not re.search(r"player \d", text + other)
    named = st.render_for(0, other="Ann", resigned_by=1)
    assert "scores: you 0, Ann 0" in named and "\nAnn: 7 cards" in named
    assert "Game over: Ann resigned" in named and "To move" not in named
    bare = st.render_for(0, other="Ann", resigned_by=1, end=False, scores=False)
    assert bare.startswith("UNO  hand 1\nAnn: 7 cards") and "Game over" not in bare


def test_undo_save_and_load() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draw="R5", uno_call=True)
    key = g.state.key()
    play(g, "draw", "keep", "draw")
    if g.view(1)["phase"] == "play_or_keep":
        g.play("keep")
    again = parlour.load_game(g.to_json())
    assert again.state.key() == g.state.key() and again.moves == g.moves
    while g.can_undo:
        g.undo()
    assert g.state.key() == key


def random_playout(seed: int, moves: int, **opts: object) -> parlour.Game:
    g = parlour.new_game("uno", seed=seed, target=300, **opts)
    rng = Rng(seed + 1000)
    st = g.state
    for _ in range(moves):
        if g.outcome is not None:
            break
        legal = st.legal_moves()
        assert legal, "a live game always has a move"
        texts = [st.move_str(m) for m in legal]
        assert len(set(texts)) == len(texts)
        move = legal[rng.randbelow(len(legal))]
        assert st.parse_move(st.move_str(move)) == move
        before = st.copy()
        key = before.key()
        st.apply(move)
        assert before.key() == key  # copies are independent
        assert sorted(st.all_cards()) == PACK
        json.dumps(st.view(0))
        json.dumps(st.view(1))
    return g


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_keep_every_card(seed: int) -> None:
    random_playout(seed, 400)
    random_playout(seed, 400, uno_call=True, w4_challenge=True)


def test_determinism() -> None:
    a = random_playout(7, 300, uno_call=True)
    b = random_playout(7, 300, uno_call=True)
    assert a.state.key() == b.state.key()


def test_prompts_follow_the_phase() -> None:
    g = new("R1 R2 R3 R4 G9 G6 W4", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "W", draw="R5", w4_challenge=True)
    st = g.state
    assert st.prompt(1) is None
    assert st.prompt(0) == Event("prompt", 0, ("W",), value="colour")
    g.play("colour:G")
    assert g.state.prompt(0) == Event("prompt", 0, ("W",), target="G", value="match")
    g.play("G9")
    assert g.state.prompt(1) == Event("prompt", 1, ("G9",), value="match")
    g.play("draw")  # R5 fits nothing: the turn passes
    g.play("W4:Y")
    assert g.state.prompt(1) == Event("prompt", 1, ("W4",), target="Y", value="challenge")
