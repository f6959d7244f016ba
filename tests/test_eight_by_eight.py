"""Tests for 8 x 8: every rule and Decision of rules/eight-by-eight.md, bad input, golden deals.

Rule tests deal small explicit positions with ``make_deck``: the cards that matter are
named, the rest of the 104 cards fill the deep face-down parts and the end of the talon.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import parlour
from parlour.cards import cards_str, french_deck, parse_cards
from parlour.core.events import Event
from parlour.core.protocol import normalize_move_text
from parlour.core.registry import game_class
from parlour.games.eight_by_eight import EightByEight
from parlour.rng import Rng

NAME = "eight-by-eight"
PACK = french_deck() * 2

# A position for rule tests (each row listed bottom to top; the last card is face up):
# T1 9S (QD under it), T2 8H (8D under), T3 7C (KD under), T4 TD, T5 2S, T6 3S,
# T7 AH (JH under), and T8 a row that empties itself with eight "T8 F" moves.
BASE_ROWS = [
    "QD 9S",
    "8D 8H",
    "KD 7C",
    "TD",
    "2S",
    "3S",
    "JH AH",
    "4D 4C 3D 3C 2D 2C AD AC",
]

# Row tops that nothing builds on and that cannot move: all eight Twos (no Ace is exposed).
TWOS = ["2C", "2C", "2D", "2D", "2H", "2H", "2S", "2S"]
# 40 talon cards that never build on a Two and never fit a foundation without Aces.
_ONE_EACH = " ".join(f"{r}{s}" for r in "34567" for s in "CDHS")
THREES_TO_SEVENS = _ONE_EACH + " " + _ONE_EACH


def make_deck(rows: list[str], talon: str = "") -> str:
    """A 104-card deck whose rows end with ``rows`` and whose talon starts with ``talon``."""
    tops = [parse_cards(r) for r in rows]
    first = parse_cards(talon)
    used = Counter(first)
    for row in tops:
        used.update(row)
    pool = list((Counter(PACK) - used).elements())
    assert sum(used.values()) + len(pool) == 104, "a card is named more than twice"
    deck: list[int] = []
    for row in tops:
        assert 1 <= len(row) <= 8
        for _ in range(8 - len(row)):
            deck.append(pool.pop(0))
        deck.extend(row)
    deck.extend(first)
    deck.extend(pool)
    assert len(deck) == 104
    return cards_str(deck)


def new(rows: list[str] | None = None, talon: str = "") -> parlour.Game:
    return parlour.new_game(NAME, seed=0, deck=make_deck(rows or BASE_ROWS, talon))


def empty_t8(g: parlour.Game) -> None:
    for _ in range(8):
        assert g.play("T8 F") == "T8 F"
    assert g.view()["rows"][7] == {"name": "T8", "face_down": 0, "face_up": []}


def row(g: parlour.Game, n: int) -> tuple[int, list[str]]:
    r = g.view()["rows"][n - 1]
    return r["face_down"], r["face_up"]


def engine(g: parlour.Game) -> EightByEight:
    state = g.state
    assert isinstance(state, EightByEight)
    return state


def foundations(g: parlour.Game) -> list[str | None]:
    return [f["top"] for f in g.view()["foundations"]]


# --- registration, deal -------------------------------------------------------


def test_registered_with_title_rules_file_and_help() -> None:
    cls = game_class(NAME)
    assert cls is EightByEight
    assert game_class("8x8") is EightByEight
    assert cls.title == "8 x 8"
    assert cls.rules_file == "eight-by-eight.md"
    assert cls.players == 1
    assert NAME in parlour.games()
    for phrase in [
        "T3 T6 2",
        "turn",
        "P W",
        "W F",
        "lowest-numbered",
        "Eight foundations",
        "never leave a foundation",
        "Ace goes only to a foundation",
        "turned face up at once",
        "must go onto such a row or to a foundation",
        "empty row does not make the tableau compulsory",
        "only turns the waste over",
        "three passes",
        "Tips",
    ]:
        assert phrase in cls.help_text, phrase


GOLDEN = {
    0: "7C 2S 2D JS 9D QS KD 2C TH 5C AD 9D 5H 6D 3S QD 6H 7S 3S 4S JH QD 6S 9S 6H 5C 5D 2S "
    "8S 6S AS 8C 3C 3D 6C 9S JD TD 3D 9H JC 7H 5S 7C AH 7D 6D KH QC 4D AH 8D TH 2H KC 4H 4S "
    "8C 8H 4D QS JC 7H QC QH KD 3C KC KH 7D 8D TC 5S 4C TC AC 9C TS 5D 2D JH 5H 4C AD JD 2C "
    "6C QH 3H 9H KS KS 9C TD AS JS 8S 2H 3H TS 4H AC 7S 8H",
    1: "7H 5D 2C 4D 6D 8S 8D AS 8S 8H KH JS QD AD 8H 3H 6S 5S JC AH JS AD 3C TH QD 3D 7C 6H "
    "4C KD 6C TH 9S QC 2H 5S KC 4S 2C 3S 9D 8D AC QH 4D 4H 2S AH QS 5C KS 4S 2H 9H QS 5C 5H "
    "JH 3C TD JH QH 6C 9D 2D 9H 2D KS 9C AS 8C 5D 9C JD TS KD KC 4H QC 8C 9S 2S 7C 3D 6S 5H "
    "KH 6H TS JD JC 7H TD 7S 3H 4C 7S 7D 6D TC TC 3S 7D AC",
    2: "4C AH TS 6C 3S JS KS 5H 9D 7C 3C TC 4D 5H JS 6H JH 7C QS 9H JH 7H JD AH QD 5S AC TD "
    "TS 9C 8D 4D KH 9S 2H 2S TC 3D 3C 7D 8D 4S KD 8S 2S 7H 2H 2C 4H KD 4S 8C 6D 9S TH QS QC "
    "2C 8C 9D KH QD QH 8H 7S 4H JD 4C QH AD 3D 5D QC 2D AS 7D 3H AC 6H JC 2D 6C KC 6D 5S 3H "
    "6S 3S 9C AS 7S KC TD TH KS 8S 5C JC AD 9H 5D 5C 8H 6S",
}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_golden_deals(seed: int) -> None:
    g = parlour.new_game(NAME, seed=seed)
    assert g.state.deal_str() == GOLDEN[seed]


@pytest.mark.parametrize("seed", [0, 7, 12345])
def test_seeded_deal_shuffles_two_copies_of_the_pack_order(seed: int) -> None:
    cards = french_deck() + french_deck()
    Rng(seed).shuffle(cards)
    g = parlour.new_game(NAME, seed=seed)
    assert g.state.deal_str() == cards_str(cards)
    again = parlour.new_game(NAME, deck=g.state.deal_str())
    assert again.state.key() == g.state.key()


def test_deal_layout_rows_then_talon_top_first() -> None:
    deck = cards_str(PACK)  # AC..KC AD..KD AH..KH AS..KS, twice
    g = parlour.new_game(NAME, deck=deck)
    v = g.view()
    tops = [r["face_up"] for r in v["rows"]]
    assert tops == [[c] for c in deck.split()[7:64:8]]
    assert all(r["face_down"] == 7 for r in v["rows"])
    assert v["stock_count"] == 40 and v["waste"] == [] and v["pending"] is None
    assert v["pass"] == 1 and v["passes"] == 3
    assert foundations(g) == [None] * 8
    # T1 is cards 1-8, bottom up: moving its top uncovers card 7.
    assert engine(g).rows[0] == tuple(PACK[:8])
    assert engine(g).down[0] == 7
    g.play("turn")
    assert g.view()["pending"] == deck.split()[64]  # the talon's top is card 65


def test_explicit_deck_accepts_ten_and_lower_case() -> None:
    deck = make_deck(BASE_ROWS).replace("TD", "10d").replace("QS", "qs")
    g = parlour.new_game(NAME, deck=deck)
    assert g.state.deal_str() == make_deck(BASE_ROWS)


def test_deck_errors_are_precise() -> None:
    cards = make_deck(BASE_ROWS).split()
    with pytest.raises(parlour.InvalidDeckError, match="103 cards.*104"):
        parlour.new_game(NAME, deck=" ".join(cards[:-1]))
    with pytest.raises(parlour.InvalidDeckError, match="52 cards.*104"):
        parlour.new_game(NAME, deck=cards_str(french_deck()))
    tripled = [c for c in cards]
    i = tripled.index("KH")
    tripled[i] = "QS"
    with pytest.raises(parlour.InvalidDeckError, match="QS appears 3 times.*missing: KH"):
        parlour.new_game(NAME, deck=" ".join(tripled))
    bad = list(cards)
    bad[4] = "ZZ"
    with pytest.raises(parlour.InvalidDeckError, match="card 5 of the deck"):
        parlour.new_game(NAME, deck=" ".join(bad))
    with pytest.raises(parlour.InvalidDeckError):
        parlour.new_game(NAME, deck=" ".join(cards + ["AC"]))


# --- tableau --------------------------------------------------------------------


def test_row_builds_down_in_alternating_colours() -> None:
    g = new()
    legal = g.legal_moves()
    assert "T2 T1" in legal  # 8H on 9S
    assert "T3 T2" in legal  # 7C on 8H
    assert "T1 T4" in legal  # 9S on TD
    assert "T6 T5" not in legal  # 3S is not one lower than 2S
    with pytest.raises(parlour.IllegalMoveError, match="no face-up card of T1 builds on T2's 8H"):
        g.play("T1 T2")  # 9S is higher, not lower
    g2 = new(["QD 9S", "8D 8C"] + BASE_ROWS[2:])
    assert "T2 T1" not in g2.legal_moves()  # 8C on 9S: same colour


def test_exposed_face_down_card_turns_up_at_once() -> None:
    g = new()
    g.play("T2 T1")
    assert row(g, 1) == (7, ["9S", "8H"])
    assert row(g, 2) == (6, ["8D"])  # turned up as part of the move
    assert g.state.last_events(0) == [
        Event("play", 0, ("8H",), source="T2", target="T1"),
        Event("turn_up", None, ("8D",), target="T2"),
    ]
    g.play("T7 F")
    assert row(g, 7) == (6, ["JH"])


def test_run_moves_with_all_cards_on_top_and_count_follows() -> None:
    g = new()
    g.play("T2 T1")
    g.play("T3 T1")
    assert row(g, 1) == (7, ["9S", "8H", "7C"])
    legal = g.legal_moves()
    assert "T1 T4" in legal  # the whole run 9S 8H 7C onto TD
    assert "T1 T2" in legal  # only 7C onto 8D
    assert g.play("T1 T4 3") == "T1 T4"  # the count that follows from the rows is accepted
    assert row(g, 4) == (7, ["TD", "9S", "8H", "7C"])
    assert row(g, 1) == (6, ["QD"])
    g.undo()
    assert g.play("T1 T2") == "T1 T2"
    assert row(g, 2) == (6, ["8D", "7C"])
    assert row(g, 1) == (7, ["9S", "8H"])


def test_count_onto_a_built_row_is_not_a_choice() -> None:
    g = new()
    g.play("T2 T1")
    g.play("T3 T1")
    before = g.state.key()
    with pytest.raises(parlour.IllegalMoveError, match="count is written only for a move into"):
        g.play("T1 T4 2")
    assert g.state.key() == before


def test_empty_row_takes_any_run_and_count_written_only_when_smaller() -> None:
    g = new()
    empty_t8(g)
    g.play("T2 T1")
    g.play("T3 T1")
    legal = g.legal_moves()
    assert {"T1 T8", "T1 T8 2", "T1 T8 1"} <= set(legal)
    assert "T1 T8 3" not in legal
    assert "T4 T8" in legal and "T5 T8" in legal  # any face-up card, a Ten or a Two
    assert g.play("T1 T8 2") == "T1 T8 2"
    assert row(g, 8) == (0, ["8H", "7C"])
    assert row(g, 1) == (7, ["9S"])
    g.undo()
    with pytest.raises(parlour.IllegalMoveError, match="T4 has only 1 face-up card"):
        g.play("T4 T8 2")
    assert g.play("t1 t8 3") == "T1 T8"
    assert row(g, 8) == (0, ["9S", "8H", "7C"])
    assert row(g, 1) == (6, ["QD"])  # face-down card turned up


def test_row_top_goes_to_a_foundation() -> None:
    g = new()
    assert "T8 F" in g.legal_moves()
    assert "T7 F" in g.legal_moves()
    assert "T4 F" not in g.legal_moves()
    g.play("T8 F")
    assert foundations(g)[0] == "AC"


# --- Aces -----------------------------------------------------------------------


def test_ace_never_goes_to_an_empty_row_or_onto_a_two() -> None:
    g = new()
    empty_t8(g)
    legal = g.legal_moves()
    assert "T7 F" in legal
    assert not [m for m in legal if m.startswith("T7 T")]
    with pytest.raises(parlour.IllegalMoveError, match="an Ace goes only to a foundation"):
        g.play("T7 T8")
    with pytest.raises(parlour.IllegalMoveError, match="never an Ace"):
        g.play("T7 T5")  # AH on the black 2S


def test_pending_ace_may_only_go_to_a_foundation() -> None:
    g = new(talon="AD")
    empty_t8(g)  # an empty row exists and T5 shows a black Two
    g.play("turn")
    assert g.view()["pending"] == "AD"
    assert g.legal_moves() == ["P F"]
    for text in ("P W", "P T8", "P T5"):
        with pytest.raises(parlour.IllegalMoveError, match="an Ace goes only to a foundation"):
            g.play(text)
    g.play("P F")
    assert foundations(g)[2] == "AD"  # the lowest-numbered empty foundation


# --- foundations ----------------------------------------------------------------


def test_ace_goes_to_lowest_empty_foundation_and_sets_its_suit() -> None:
    g = new()
    assert g.play("T7 F") == "T7 F"  # AH first: F1 becomes a hearts foundation
    assert g.play("T8 F5") == "T8 F"  # AC: F5 is empty, so it fits; the card goes to F2
    assert foundations(g)[:3] == ["AH", "AC", None]
    parts = g.state.move_parts((1, 7, 2))
    assert (parts["source"], parts["target"], parts["card"]) == ("T8", "F3", "AD")


def test_two_fitting_foundations_are_one_move_to_the_lower() -> None:
    g = new(talon="AC")
    g.play("T8 F")  # AC -> F1
    g.play("T7 F")  # AH -> F2
    g.play("turn")
    g.play("P F")  # the other AC -> F3
    g.play("T8 F")  # AD -> F4
    assert foundations(g)[:4] == ["AC", "AH", "AC", "AD"]
    # 2C fits F1 and F3, which hold the same cards: one move, to F1.
    assert [m for m in g.legal_moves() if m.startswith("T8 F")] == ["T8 F"]
    assert g.play("T8 F3") == "T8 F"
    assert foundations(g)[:4] == ["2C", "AH", "AC", "AD"]
    g.undo()
    with pytest.raises(parlour.IllegalMoveError, match=r"2C does not fit on F2 \(AH on top\)"):
        g.play("T8 F2")
    with pytest.raises(parlour.IllegalMoveError, match="2C does not fit on the empty F5"):
        g.play("T8 F5")


def test_card_that_fits_no_foundation() -> None:
    g = new()
    with pytest.raises(parlour.IllegalMoveError, match="TD fits no foundation"):
        g.play("T4 F")


def test_cards_never_leave_a_foundation() -> None:
    g = new()
    g.play("T8 F")
    before = g.state.key()
    for text in ("F1 T8", "F T1", "F1 W"):
        with pytest.raises(parlour.InvalidMoveError, match="never leave a foundation"):
            g.play(text)
    assert not [m for m in g.legal_moves() if m.startswith("F")]
    assert g.state.key() == before


def test_playing_to_a_foundation_is_never_required() -> None:
    g = new(talon="5C")
    empty_t8(g)
    g.play("turn")  # 5C fits F1 (4C) but builds on nothing
    assert g.legal_moves() == ["P T8", "P F", "P W"]
    assert len(g.legal_moves()) > 1
    g.play("P W")
    assert "W F" in g.legal_moves()


# --- talon, pending card, waste ---------------------------------------------------


def test_turn_makes_a_pending_card_and_nothing_else_is_legal() -> None:
    g = new(talon="KH")
    g.play("turn")
    v = g.view()
    assert v["pending"] == "KH" and v["stock_count"] == 39
    assert g.state.last_events(0) == [Event("turn_up", 0, ("KH",), source="S", target="P")]
    assert all(m.startswith("P ") for m in g.legal_moves())
    before = g.state.key()
    for text in ("T8 F", "turn", "T2 T1"):
        with pytest.raises(parlour.IllegalMoveError, match="pending card KH must be placed"):
            g.play(text)
    assert g.state.key() == before


def test_pending_card_that_builds_must_be_built_or_go_up() -> None:
    g = new(talon="9C")
    empty_t8(g)
    g.play("turn")  # 9C builds on TD (T4): compulsory, although T8 is empty
    assert g.legal_moves() == ["P T4"]
    for text in ("P W", "P T8"):
        with pytest.raises(parlour.IllegalMoveError, match="9C builds on T4, so it must go there"):
            g.play(text)
    g.play("P T4")
    assert row(g, 4) == (7, ["TD", "9C"])


def test_foundation_fulfils_the_building_duty() -> None:
    g = new(talon="2D")
    g.play("T8 F")  # AC -> F1
    g.play("T8 F")  # AD -> F2
    g.play("turn")  # 2D builds on 3S (T6) and fits F2
    assert g.legal_moves() == ["P T6", "P F"]
    g.play("P F")
    assert foundations(g)[1] == "2D"


def test_pending_card_that_builds_nowhere_goes_to_foundation_empty_row_or_waste() -> None:
    g = new(talon="KH KS")
    g.play("turn")
    assert g.legal_moves() == ["P W"]  # no empty row yet
    g.play("P W")
    empty_t8(g)
    g.play("turn")
    # Decision: an empty row does not make the tableau compulsory.
    assert g.legal_moves() == ["P T8", "P W"]
    g.play("P T8")
    assert row(g, 8) == (0, ["KS"])
    assert g.view()["pending"] is None


def test_waste_top_plays_to_building_row_empty_row_or_foundation() -> None:
    g = new(talon="TS 5C")
    g.play("turn")
    g.play("P W")  # TS builds on nothing yet
    with pytest.raises(parlour.IllegalMoveError, match="TS does not build on AH"):
        g.play("W T7")
    g.play("T7 F")  # uncovers JH
    assert "W T7" in g.legal_moves()
    assert g.play("w  t7") == "W T7"
    assert row(g, 7) == (6, ["JH", "TS"])
    empty_t8(g)
    g.play("turn")
    g.play("P W")  # 5C
    assert {"W T8", "W F"} <= set(g.legal_moves())
    g.play("W F")
    assert foundations(g)[:2] == ["AH", "5C"]  # F1 took the first Ace, AH
    assert g.view()["waste"] == []
    with pytest.raises(parlour.IllegalMoveError, match="the waste is empty"):
        g.play("W T8")


def test_waste_to_empty_row() -> None:
    g = new(talon="KH")
    empty_t8(g)
    g.play("turn")
    g.play("P W")
    g.play("W T8")
    assert row(g, 8) == (0, ["KH"])


def test_no_waste_play_while_a_card_is_pending() -> None:
    g = new(talon="KH KS")
    empty_t8(g)
    g.play("turn")
    g.play("P W")
    g.play("turn")
    assert "W T8" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="pending card KS must be placed"):
        g.play("W T8")


def test_p_without_pending_card() -> None:
    g = new()
    with pytest.raises(parlour.IllegalMoveError, match="no card is pending"):
        g.play("P W")


def _run_passes(g: parlour.Game) -> list[list[str]]:
    """Turn every card to the waste until nothing is legal; the pending cards of each pass."""
    passes: list[list[str]] = [[]]
    while g.legal_moves():
        assert g.legal_moves() == ["turn"]
        g.play("turn")
        v = g.view()
        if v["pending"] is None:  # the waste was turned over
            assert v["waste"] == [] and v["stock_count"] == 40
            assert v["pass"] == len(passes) + 1
            assert g.state.last_events(0) == [Event("turnover", 0, (), 3, "W", "S", v["pass"])]
            passes.append([])
            continue
        passes[-1].append(v["pending"])
        assert g.legal_moves() == ["P W"]
        g.play("P W")
    return passes


def test_three_passes_without_shuffle_then_lost() -> None:
    g = new(TWOS, talon=THREES_TO_SEVENS)
    passes = _run_passes(g)
    assert len(passes) == 3
    assert passes[0] == THREES_TO_SEVENS.split()
    assert passes[1] == passes[0] and passes[2] == passes[0]
    v = g.view()
    assert v["pass"] == 3 and v["stock_count"] == 0 and len(v["waste"]) == 40
    assert g.outcome == parlour.Outcome("lost", "no legal move left")
    assert g.legal_moves() == []
    with pytest.raises(parlour.GameOverError):
        g.play("turn")


def test_turn_on_an_empty_talon_only_turns_the_waste_over() -> None:
    g = new(TWOS, talon=THREES_TO_SEVENS)
    for _ in range(40):
        g.play("turn")
        g.play("P W")
    assert g.view()["stock_count"] == 0
    assert g.state.move_parts((2,)) == {
        "move": "turn",
        "source": None,
        "target": None,
        "count": 40,
        "card": None,
    }
    g.play("turn")
    assert g.state.last_events(0) == [Event("turnover", 0, (), 3, "W", "S", 2)]
    v = g.view()
    assert v["pending"] is None and v["stock_count"] == 40 and v["pass"] == 2


def test_no_turn_after_the_third_pass() -> None:
    g = new(TWOS, talon=THREES_TO_SEVENS)
    for _ in range(2):
        for _ in range(40):
            g.play("turn")
            g.play("P W")
        g.play("turn")
    for _ in range(40):
        g.play("turn")
        g.play("P W")
    assert "turn" not in g.legal_moves()
    g2 = g.copy()
    g2.undo()
    g2.undo()
    assert g2.legal_moves() == ["turn"]  # one card left in the third pass


def test_turn_with_talon_and_waste_empty_is_not_a_move() -> None:
    g = parlour.new_game(NAME, deck=winning_deck())
    for _ in range(40):  # every talon card goes straight up: the waste stays empty
        g.play("turn")
        g.play("P F")
    v = g.view()
    assert v["stock_count"] == 0 and v["waste"] == [] and v["pass"] == 1
    assert "turn" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="talon and the waste are both empty"):
        g.play("turn")


# --- end ------------------------------------------------------------------------


def winning_deck() -> str:
    rows = [
        " ".join(f"{r}{s}" for r in "KQJT9876") for s in "CCDDHHSS"
    ]  # each row one suit, Six on top
    talon = " ".join(f"{r}{s} {r}{s}" for r in "A2345" for s in "CDHS")
    return make_deck(rows, talon)


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    g = parlour.new_game(NAME, deck=winning_deck())
    assert "T1 F" not in g.legal_moves()
    played = 0
    while g.outcome is None:
        legal = g.legal_moves()
        move = next((m for m in legal if m.endswith(" F")), "turn")
        assert move in legal
        g.play(move)
        played += 1
    assert played == 104 + 40
    assert g.outcome == parlour.Outcome("won", "all 104 cards are on the foundations")
    assert g.legal_moves() == []
    v = g.view()
    assert v["on_foundations"] == 104
    assert {f["top"] for f in v["foundations"]} == {"KC", "KD", "KH", "KS"}
    assert sorted(g.state.all_cards()) == sorted(PACK)


def test_resign_is_not_a_move() -> None:
    g = new()
    assert "resign" not in [m.lower() for m in g.legal_moves()]
    with pytest.raises(parlour.InvalidMoveError):
        g.play("resign")
    g.resign()
    assert g.outcome is not None and g.outcome.result == "resigned"


# --- move text ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, match",
    [
        ("T9 F", "no row T9"),
        ("T1 F9", "no foundation F9"),
        ("X Y", "'X' names no pile"),
        ("T1", "not a move of 8 x 8"),
        ("T1 T2 3 4", "not a move of 8 x 8"),
        ("T1 W", "only the pending card P"),
        ("W W", "only the pending card P"),
        ("T1 P", "nothing can be put on the pending card"),
        ("T1 T2 0", "a number of cards, 1 or more"),
        ("T1 T2 x", "a number of cards, 1 or more"),
        ("T1 F 2", "count is written only for a move from row to row"),
        ("S W", "talon S is played with 'turn'"),
        ("turn over", "'turn' names no pile"),  # quoted as typed
    ],
)
def test_invalid_move_text(text: str, match: str) -> None:
    g = new()
    before = g.state.key()
    with pytest.raises(parlour.InvalidMoveError, match=match) as info:
        g.play(text)
    assert "accepted moves are" in str(info.value) or "T1-T8" in str(info.value)
    assert g.state.key() == before and g.moves == []


def test_illegal_move_message_lists_legal_moves_and_changes_nothing() -> None:
    g = new()
    before = g.state.key()
    with pytest.raises(parlour.IllegalMoveError) as info:
        g.play("T4 T6")
    text = str(info.value)
    assert "'T4 T6' is not legal now" in text and "legal moves: " in text and "T8 F" in text
    assert g.state.key() == before
    with pytest.raises(parlour.IllegalMoveError, match="cannot move onto itself"):
        g.play("T4 T4")


def test_aliases_case_and_spaces() -> None:
    g = new(talon="KH")
    assert g.play("  turn ") == "turn"
    assert g.play("p   w") == "P W"
    assert g.play("t8 f1") == "T8 F"
    assert g.play("TURN") == "turn"


def test_every_legal_move_string_round_trips() -> None:
    for seed in range(6):
        g = parlour.new_game(NAME, seed=seed)
        state = g.state
        rng = Rng(seed)
        for _ in range(120):
            legal = state.legal_moves()
            if not legal:
                break
            strings = [state.move_str(m) for m in legal]
            assert len(set(strings)) == len(strings)
            for m, s in zip(legal, strings, strict=True):
                assert s == normalize_move_text(s) or s == "turn"
                assert state.parse_move(s) == m
                assert state.parse_move(s.lower()) == m
            state.apply(rng.choice(legal))


# --- view, render, bookkeeping --------------------------------------------------


def test_view_shows_only_what_the_player_sees() -> None:
    g = parlour.new_game(NAME, deck=cards_str(PACK))
    g.play("turn")
    v = g.view()
    assert set(v) == {
        "game",
        "player",
        "to_move",
        "legal_moves",
        "moves",
        "rows",
        "foundations",
        "pending",
        "waste",
        "talon",
        "stock_count",
        "pass",
        "passes",
        "on_foundations",
        "outcome",
        "options",
    }
    assert v["game"] == NAME and v["player"] == 0 and v["to_move"] == 0
    assert v["legal_moves"] == g.legal_moves()
    assert isinstance(v["stock_count"], int)
    text = json.dumps(v)
    # AC lies face down (cards 1 and 53) and 2C too (cards 2 and 54): never shown.
    assert "AC" not in text and "2C" not in text
    assert v["pending"] == "KC"


def test_render_names_piles_and_colours_red_cards_only() -> None:
    g = new(talon="KH")
    g.play("turn")
    plain = g.render()
    for name in ("T1", "T8", "F1", "F8", "P", "W", "talon S: 39", "pass 1 of 3"):
        assert name in plain
    assert "9♠" in plain and "\x1b[" not in plain
    coloured = g.render(colour=True)
    assert "\x1b[31mK♥\x1b[0m" in coloured
    assert "\x1b[31m9♠" not in coloured


def test_move_parts_name_the_piles() -> None:
    g = new(talon="KH")
    s = g.state

    def parts(text: str) -> tuple[object, ...]:
        p = g.state.move_parts(g.state.parse_move(text))
        return (p["source"], p["target"], p["count"], p["card"])

    assert parts("T2 T1") == ("T2", "T1", 1, "8H")
    assert parts("T8 F") == ("T8", "F1", 1, "AC")
    assert parts("turn") == (None, None, 1, None)
    assert s.move_parts(s.parse_move("turn"))["move"] == "turn"
    g.play("turn")
    assert parts("P W") == ("P", "W", 1, "KH")


def test_undo_save_and_load_replay() -> None:
    g = new(talon="KH 5C")
    for text in ["T2 T1", "T8 F", "turn", "P W", "T8 F"]:
        g.play(text)
    key = g.state.key()
    loaded = parlour.load_game(g.to_json())
    assert loaded.state.key() == key
    assert loaded.moves == g.moves
    assert g.undo() == "T8 F"
    assert g.undo() == "P W"
    assert g.view()["pending"] == "KH"
    g.redo()
    assert g.view()["waste"] == ["KH"]


def test_copy_is_independent_and_conserves_cards() -> None:
    g = parlour.new_game(NAME, seed=3)
    state = g.state
    rng = Rng(3)
    for _ in range(300):
        legal = state.legal_moves()
        if not legal:
            break
        snapshot = state.copy()
        key = snapshot.key()
        state.apply(rng.choice(legal))
        assert snapshot.key() == key
        assert sorted(state.all_cards()) == sorted(PACK)


def test_the_prompt_says_what_a_turn_does_and_when_it_is_the_only_move() -> None:
    g = new(TWOS, talon=THREES_TO_SEVENS)  # nothing builds on a Two: only turns
    state = g.state
    assert state.prompt(0) == Event("prompt", 0, value="turn")
    for _ in range(40):
        g.play("turn")
        assert state.prompt(0) == Event("prompt", 0, (g.view()["pending"],), value="pending")
        g.play("P W")
    assert state.prompt(0) == Event("prompt", 0, count=2, value="redeal")
    g.play("turn")  # the waste turned over: pass 2
    assert state.prompt(0) == Event("prompt", 0, value="turn")
    state.rows[7], state.down[7] = (), 0  # an empty row: any Two may go there
    assert state.prompt(0) == Event("prompt", 0, value="move_or_turn")
    state.waste, state.talon = state.talon, ()
    assert state.prompt(0) == Event("prompt", 0, count=3, value="move_or_redeal")
    state.passes = 3
    assert state.prompt(0) == Event("prompt", 0, value="move")
