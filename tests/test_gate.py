"""The Gate: one test per rule and per Decision of rules/gate.md, bad input, golden deals,
and complete won games replayed from explicit decks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour
from parlour.cards import card_str, french_deck, parse_cards
from parlour.core.events import Event

DATA = Path(__file__).parent / "data"


# --- helpers -----------------------------------------------------------------


def deck_text(L: str, T: str, B: str, R: str, stock: str = "", last: str = "") -> str:
    """A full 52-card deck: the lay-out, then ``stock`` on top of the stock, the rest of
    the pack in its fixed order, and ``last`` at the bottom of the stock."""
    given = parse_cards(f"{L} {T} {B} {R} {stock}")
    tail = parse_cards(last)
    rest = [c for c in french_deck() if c not in given and c not in tail]
    return " ".join(card_str(c) for c in given + rest + tail)


def game(
    L: str, T: str, B: str, R: str, stock: str = "", last: str = "", bars: int = 4
) -> parlour.Game:
    return parlour.new_game("gate", deck=deck_text(L, T, B, R, stock, last), bars=bars)


def piles(g: parlour.Game) -> dict[str, list[str]]:
    return g.view()["piles"]  # type: ignore[no-any-return]


def read_game_file(path: Path) -> tuple[int, str, list[str]]:
    bars, deck, moves = 4, "", []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("bars "):
            bars = int(line.split()[1])
        elif line.startswith("deck "):
            deck = line[5:]
        else:
            moves.append(line)
    return bars, deck, moves


# A position for building and shifting: L exposes 8H, then 7C, then 6D.
BUILD = {"L": "KC KD 6D 7C 8H", "T": "9S 9C TD 9H", "B": "QS AS QC QD", "R": "KS KH 2C 3C 4C"}

# Nothing can move but deal: black bars K Q J T, black 9s exposed on the posts, no Ace
# exposed, and the last stock card (8C) fits nowhere.
BLOCKED = {
    "L": "2D 3D 4D 5D 9C",
    "T": "KC KS QC QS",
    "B": "JC JS TC TS",
    "R": "2H 3H 4H 5H 9S",
    "last": "8C",
}

# Two vacancies in L can be made at will ("L T1" twice); everything else is blocked.
TWO_GAPS = {
    "L": "KC KD QC 4C 5H",
    "T": "6S KS QH QS",
    "B": "JC JS TC TS",
    "R": "2H 3H 4H 5D 9S",
}


# --- lay-out -------------------------------------------------------------------


def test_layout_order_posts_bars_then_stock_top_first() -> None:
    g = game("2C 3C 4C 5C 6C", "7C 8C 9C TC", "JC QC KC 2D", "3D 4D 5D 6D 7D", stock="8D 9D")
    p = piles(g)
    assert p["L"] == ["2C", "3C", "4C", "5C", "6C"]  # top to bottom
    assert [p[f"T{i}"] for i in range(1, 5)] == [["7C"], ["8C"], ["9C"], ["TC"]]
    assert [p[f"B{i}"] for i in range(1, 5)] == [["JC"], ["QC"], ["KC"], ["2D"]]
    assert p["R"] == ["3D", "4D", "5D", "6D", "7D"]
    assert g.view()["stock_count"] == 34
    assert g.view()["waste"] == []
    g.play("deal")
    assert g.view()["waste"] == ["8D"]
    g.play("deal")
    assert g.view()["waste"] == ["8D", "9D"]


def test_layout_with_three_card_bars() -> None:
    g = game("2C 3C 4C 5C 6C", "7C 8C 9C", "JC QC KC", "3D 4D 5D 6D 7D", stock="8D", bars=3)
    p = piles(g)
    assert set(p) == {"L", "T1", "T2", "T3", "B1", "B2", "B3", "R"}
    assert [p["T1"], p["T2"], p["T3"]] == [["7C"], ["8C"], ["9C"]]
    assert [p["B1"], p["B2"], p["B3"]] == [["JC"], ["QC"], ["KC"]]
    assert p["R"] == ["3D", "4D", "5D", "6D", "7D"]
    assert g.view()["stock_count"] == 36
    g.play("deal")
    assert g.view()["waste"] == ["8D"]


def test_bars_option_default_and_choices() -> None:
    assert parlour.new_game("gate", seed=1).options == {"bars": 4}
    assert parlour.new_game("gate", seed=1, bars="3").options == {"bars": 3}
    with pytest.raises(parlour.InvalidOptionError, match="bars"):
        parlour.new_game("gate", seed=1, bars=5)
    with pytest.raises(parlour.InvalidOptionError):
        parlour.new_game("gate", seed=1, posts=2)


def test_registered_with_title_and_rules_file() -> None:
    g = parlour.new_game("the gate", seed=0)
    assert g.name == "gate"
    assert g.state.title == "The Gate"
    assert g.state.rules_file == "gate.md"
    assert "gate" in parlour.games()
    help_text = g.state.help_text
    for phrase in ("Decisions", "space", "deal", "F1-F4", "Part of a bar pile"):
        assert phrase in help_text


# --- posts ---------------------------------------------------------------------------


def test_only_the_lowest_post_card_is_exposed() -> None:
    # AC is in L but not lowest: it may not go to a foundation until exposed.
    g = game("AC 2S 3S 4S 8H", "9S KC KD KH", "QC QD QH QS", "JC JD JH JS 7C")
    assert "L F" not in g.legal_moves()
    assert "L T1" in g.legal_moves()  # 8H, the lowest card, builds on 9S


def test_moving_a_post_card_exposes_the_one_above() -> None:
    g = game(**BUILD)
    assert g.play("L T1") == "L T1"
    assert piles(g)["L"] == ["KC", "KD", "6D", "7C"]
    assert piles(g)["T1"] == ["9S", "8H"]
    g.play("L T1")  # 7C is exposed now and builds on 8H
    assert piles(g)["T1"] == ["9S", "8H", "7C"]


def test_posts_are_never_built_on() -> None:
    g = game(**BUILD)
    for text in ("T1 L", "W R", "T2 R", "B1 L"):
        with pytest.raises(parlour.InvalidMoveError, match="posts are never built on"):
            g.play(text)


def test_post_card_to_foundation() -> None:
    g = game("2C 3C 4C 2H AH", "9S 9C TD 9H", "QS QH QC QD", "KS KH KC KD 5C")
    assert "L F" in g.legal_moves()
    g.play("L F")
    assert g.view()["foundations"]["F1"] == "AH"
    assert "L F" in g.legal_moves()  # 2H on AH
    g.play("L F")
    assert g.view()["foundations"]["F1"] == "2H"


def test_post_card_into_a_bar_space() -> None:
    g = game(**BUILD)
    g.play("B2 F")  # AS leaves a space
    assert piles(g)["B2"] == []
    assert {"L B2", "R B2"} <= set(g.legal_moves())
    g.play("R B2")  # any card, not only a King
    assert piles(g)["B2"] == ["4C"]


# --- bars ----------------------------------------------------------------------------


def test_bar_piles_build_down_in_alternating_colours() -> None:
    g = game(**BUILD)
    legal = g.legal_moves()
    assert "L T1" in legal  # 8H on 9S: one lower, red on black
    assert "L T2" in legal  # 8H on 9C
    assert "L T4" not in legal  # 8H on 9H: same colour
    assert "L T3" not in legal  # 8H on TD: not one lower
    with pytest.raises(parlour.IllegalMoveError, match="8H does not build on 9H"):
        g.play("L T4")


def test_bar_top_card_to_foundation() -> None:
    g = game(**BUILD)
    assert "B2 F" in g.legal_moves()
    g.play("B2 F")
    assert g.view()["foundations"]["F1"] == "AS"


def test_bar_top_card_onto_another_bar_pile() -> None:
    g = game("KC KD QC JC 5D", "8S 9H 3C 4C", "7D 6C 2C 2D", "KS KH QH QS JH")
    assert "T1 T2" in g.legal_moves()  # 8S on 9H
    g.play("T1 T2")
    assert piles(g)["T2"] == ["9H", "8S"]
    assert piles(g)["T1"] == []
    assert "B2 B1" in g.legal_moves()  # 6C on 7D


def test_shift_part_of_a_pile_decision() -> None:
    # Decision: moving part of a pile is allowed; the count follows from the two piles.
    g = game(**BUILD)
    g.play("L T1")
    g.play("L T1")  # T1 = 9S 8H 7C
    parts = g.state.move_parts(g.parse("T1 T2"))
    assert (parts["source"], parts["target"], parts["count"], parts["card"]) == (
        "T1",
        "T2",
        2,
        "8H",
    )
    g.play("T1 T2")  # 8H 7C onto 9C
    assert g.state.last_events(0) == [Event("move", 0, ("8H", "7C"), 2, "T1", "T2")]
    assert piles(g)["T1"] == ["9S"]
    assert piles(g)["T2"] == ["9C", "8H", "7C"]


def test_shift_a_whole_pile() -> None:
    g = game(**BUILD)
    g.play("L T1")
    g.play("L T1")  # T1 = 9S 8H 7C
    assert "T1 T3" in g.legal_moves()  # the whole pile: 9S on TD
    g.play("T1 T3")
    assert piles(g)["T1"] == []
    assert piles(g)["T3"] == ["TD", "9S", "8H", "7C"]


def test_shift_needs_the_deepest_moved_card_of_the_other_colour() -> None:
    g = game(**BUILD)
    g.play("L T1")
    g.play("L T1")  # T1 = 9S 8H 7C; T4 = 9H would take 8H, but both are red
    assert "T1 T4" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="one rank below 9H"):
        g.play("T1 T4")


def test_bar_cards_may_not_fill_a_space_decision() -> None:
    g = game(**BUILD)
    g.play("L T1")
    g.play("B2 F")  # B2 is a space
    assert not any(m.endswith(" B2") and m[0] in "TB" for m in g.legal_moves())
    with pytest.raises(parlour.IllegalMoveError, match="filled only from a post or by a deal"):
        g.play("T1 B2")


def test_waste_may_not_fill_a_space_decision() -> None:
    g = game(**BUILD, stock="5H")
    g.play("deal")  # the Gate is complete: 5H goes to W
    g.play("B2 F")
    assert "W B2" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="filled only from a post or by a deal"):
        g.play("W B2")


def test_filling_a_space_is_optional_decision() -> None:
    g = game(**BUILD, stock="5H")
    g.play("B2 F")
    legal = g.legal_moves()
    assert "L T1" in legal and "deal" in legal  # other moves remain while B2 is open
    g.play("L T1")
    assert piles(g)["B2"] == []
    assert g.outcome is None


# --- foundations -------------------------------------------------------------------


def test_aces_are_not_moved_automatically_decision() -> None:
    g = game(**BUILD)  # AS is exposed in B2
    g.play("L T1")
    g.play("deal")
    assert piles(g)["B2"] == ["AS"]
    assert all(v is None for v in g.view()["foundations"].values())


def test_ace_goes_to_the_lowest_numbered_empty_foundation() -> None:
    g = game("KC KD QC 2H AH", "AS 9C TD 9H", "AC QS QH QD", "KS KH 2C 3C AD")
    g.play("T1 F")
    g.play("L F")
    g.play("R F")
    g.play("B1 F")
    assert g.view()["foundations"] == {"F1": "AS", "F2": "AH", "F3": "AD", "F4": "AC"}
    g.play("L F")  # 2H goes on F2, its suit's foundation
    assert g.view()["foundations"]["F2"] == "2H"


def test_foundation_numbers_are_accepted_when_they_name_the_same_foundation() -> None:
    g = game("KC KD QC 2H AH", "AS 9C TD 9H", "AC QS QH QD", "KS KH 2C 3C AD")
    assert g.play("T1 F1") == "T1 F"  # the first Ace: F1
    with pytest.raises(parlour.IllegalMoveError, match="AH belongs on F2, not F3"):
        g.play("L F3")
    assert g.play("l  f2") == "L F"
    with pytest.raises(parlour.IllegalMoveError, match="2H belongs on F2, not F1"):
        g.play("L F1")
    assert g.play("L F2") == "L F"
    assert g.view()["foundations"]["F2"] == "2H"


def test_foundations_build_up_in_suit() -> None:
    g = game("KC KD QC 3H AH", "2H 9C TD 9H", "2S QS QH QD", "KS KH 2C 3C AD")
    g.play("L F")  # AH
    assert "B1 F" not in g.legal_moves()  # 2S is not a heart
    with pytest.raises(parlour.IllegalMoveError, match="2S cannot go to a foundation"):
        g.play("B1 F")
    assert "L F" not in g.legal_moves()  # 3H before 2H
    g.play("T1 F")
    g.play("L F")
    assert g.view()["foundations"]["F1"] == "3H"


def test_foundation_cards_never_come_back() -> None:
    g = game("KC KD QC 2H AH", "AS 9C TD 9H", "AC QS QH QD", "KS KH 2C 3C AD")
    g.play("L F")
    for text in ("F1 T1", "F T1", "F2 B1"):
        with pytest.raises(parlour.InvalidMoveError, match="foundation cards never come back"):
            g.play(text)


# --- dealing -------------------------------------------------------------------------


def test_deal_is_allowed_while_other_moves_remain_decision() -> None:
    g = game(**BUILD)
    legal = g.legal_moves()
    assert "L T1" in legal and "B2 F" in legal
    assert legal[-1] == "deal"


def test_deal_fills_every_vacancy_in_layout_order() -> None:
    g = game(
        "KD QD JD 2H AH",
        "9S AS 9C 8C",
        "AC 7S 6S 5S",
        "KH QH JH TH AD",
        stock="3C 4C 5C 6C 7C 8D",
    )
    for move in ("L F", "L F", "T2 F", "B1 F", "R F"):
        g.play(move)
    assert g.state.move_parts(g.parse("deal"))["count"] == 5
    g.play("deal")
    p = piles(g)
    assert p["L"] == ["KD", "QD", "JD", "3C", "4C"]  # new cards below, the last dealt exposed
    assert p["T2"] == ["5C"]
    assert p["B1"] == ["6C"]
    assert p["R"] == ["KH", "QH", "JH", "TH", "7C"]
    assert g.view()["waste"] == []  # filling vacancies turns nothing onto W
    assert g.state.last_events(0) == [
        Event("deal", 0, (card,), source="S", target=pile)
        for card, pile in [("3C", "L"), ("4C", "L"), ("5C", "T2"), ("6C", "B1"), ("7C", "R")]
    ]
    assert "L F" not in g.legal_moves()  # 4C is exposed, not 3C
    g.play("deal")  # now the Gate is complete: one card to W
    assert g.view()["waste"] == ["8D"]


def test_deal_when_complete_turns_one_card_to_waste_even_if_it_could_build() -> None:
    g = game(**BUILD, stock="8D AH")
    assert g.state.move_parts(g.parse("deal"))["count"] == 1
    g.play("deal")
    assert g.view()["waste"] == ["8D"]  # 8D could go on 9S or 9C, but goes to W
    assert g.state.last_events(0) == [Event("turn_up", 0, ("8D",), source="S", target="W")]
    assert piles(g)["T1"] == ["9S"]
    assert {"W T1", "W T2"} <= set(g.legal_moves())
    g.play("deal")
    assert "W F" in g.legal_moves()  # the waste top may go to a foundation
    g.play("W F")
    g.play("W T2")  # and onto a bar pile
    assert piles(g)["T2"] == ["9C", "8D"]
    assert g.view()["waste"] == []


def test_deal_fills_vacancies_from_the_waste_when_the_stock_is_exhausted() -> None:
    g = game(**TWO_GAPS)
    deck = parse_cards(g.state.deal_str())
    for _ in range(34):
        g.play("deal")
    assert g.view()["stock_count"] == 0
    assert g.view()["waste_top"] == card_str(deck[51])
    g.play("L T1")
    g.play("L T1")  # L holds 3 cards: two vacancies
    assert g.state.move_parts(g.parse("deal"))["count"] == 2
    g.play("deal")
    assert g.state.last_events(0) == [
        Event("deal", 0, (card_str(deck[51]),), source="W", target="L"),
        Event("deal", 0, (card_str(deck[50]),), source="W", target="L"),
    ]
    # The waste's top card first, its order kept: the last two stock cards in turn.
    assert piles(g)["L"] == ["KC", "KD", "QC", card_str(deck[51]), card_str(deck[50])]
    assert g.view()["waste_top"] == card_str(deck[49])
    assert len(g.view()["waste"]) == 32


def test_a_fill_that_exhausts_the_stock_goes_on_from_the_waste() -> None:
    g = game(**TWO_GAPS)
    deck = parse_cards(g.state.deal_str())
    for _ in range(33):
        g.play("deal")
    assert g.view()["stock_count"] == 1
    g.play("L T1")
    g.play("L T1")
    g.play("deal")
    # First the stock's last card, then the waste top: the card turned just before it.
    assert piles(g)["L"] == ["KC", "KD", "QC", card_str(deck[51]), card_str(deck[50])]
    assert g.view()["stock_count"] == 0
    assert len(g.view()["waste"]) == 32


def test_no_second_deal() -> None:
    g = game(**TWO_GAPS)
    for _ in range(34):
        g.play("deal")
    assert "deal" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="no second deal"):
        g.play("deal")


def test_deal_is_legal_only_when_it_moves_a_card() -> None:
    # Late in the won game the stock and the waste are empty while vacancies remain.
    bars, deck, moves = read_game_file(DATA / "gate_won_game.txt")
    g = parlour.new_game("gate", deck=deck, bars=bars)
    checked = False
    for move in moves:
        view = g.view()
        vacancies = sum(not view["piles"][p] for p in view["piles"])
        if view["stock_count"] == 0 and not view["waste"] and vacancies:
            assert "deal" not in g.legal_moves()
            with pytest.raises(parlour.IllegalMoveError, match="stock and the waste heap"):
                g.play("deal")
            checked = True
        g.play(move)
    assert checked


def test_the_prompt_says_what_may_be_done_and_what_a_deal_would_do() -> None:
    """The status line's prompt (it said only "Your turn."): move cards or deal, the
    deal filling the gaps or turning a card onto W; only the deal when nothing else
    moves; no deal once the stock is used up."""

    def asked(g: parlour.Game) -> object:
        found = g.state.prompt(0)
        assert found is not None and found.what == "prompt" and found.who == 0
        return found.value

    g = game(**BUILD)
    assert asked(g) == "build_or_turn"
    g.play("L T1")  # a gap in L
    assert asked(g) == "build_or_fill"
    g = game(**BLOCKED)
    assert g.legal_moves() == ["deal"] and asked(g) == "deal_to_turn"
    g = game(**{**BLOCKED, "L": "2D 3D 4D 9C AH"})
    g.play("L F")  # a gap in L, and 9C fits nowhere
    assert g.legal_moves() == ["deal"] and asked(g) == "deal_to_fill"
    g = game(**TWO_GAPS)
    for _ in range(34):
        g.play("deal")
    assert "deal" not in g.legal_moves() and asked(g) == "build"


# --- end -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["gate_won_game.txt", "gate_won_game_bars3.txt"])
def test_complete_won_game_replays_from_an_explicit_deck(name: str) -> None:
    bars, deck, moves = read_game_file(DATA / name)
    g = parlour.new_game("gate", deck=deck, bars=bars)
    assert g.options == {"bars": bars}
    for number, move in enumerate(moves, start=1):
        assert g.outcome is None, f"game over before move {number}"
        assert g.play(move) == move
    assert g.outcome is not None
    assert g.outcome.result == "won"
    assert "all 52 cards" in g.outcome.reason
    assert g.legal_moves() == []
    assert all(top.startswith("K") for top in g.view()["foundations"].values())
    again = parlour.load_game(g.to_json())
    assert again.outcome is not None and again.outcome.result == "won"
    with pytest.raises(parlour.GameOverError):
        g.play("deal")


def test_lost_when_no_legal_move_is_left() -> None:
    g = game(**BLOCKED)
    assert g.legal_moves() == ["deal"]
    for _ in range(33):
        assert "deal" in g.legal_moves()
        g.play("deal")
        assert g.outcome is None
    g.play("deal")
    assert g.view()["waste_top"] == "8C"
    assert g.legal_moves() == []
    assert g.outcome is not None
    assert g.outcome.result == "lost"
    assert g.outcome.reason == "no legal move left"
    g.undo()
    assert g.outcome is None


def test_resigning_is_not_a_move() -> None:
    g = game(**BLOCKED)
    assert "resign" not in [m.lower() for m in g.legal_moves()]
    g.resign()
    assert g.outcome is not None and g.outcome.result == "resigned"


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a move"),
        ("L", "not a move"),
        ("L T1 T2", "not a move"),
        ("X T1", "'X' is not a pile"),
        ("L T5", "'T5' is not a pile"),
        ("T0 F", "'T0' is not a pile"),
        ("S W", "the stock is dealt with 'deal'"),
        ("L W", "nothing is played onto W"),
        ("T1 T1", "cannot move onto itself"),
    ],
)
def test_invalid_move_text(text: str, message: str) -> None:
    g = game(**BUILD)
    before = g.state.key()
    with pytest.raises(parlour.InvalidMoveError, match=message) as info:
        g.play(text)
    assert "deal" in str(info.value) or "itself" in str(info.value)
    assert g.state.key() == before
    assert g.moves == []


def test_bar_four_does_not_exist_with_three_card_bars() -> None:
    g = parlour.new_game("gate", seed=3, bars=3)
    before = g.state.key()
    with pytest.raises(parlour.InvalidMoveError, match="no T4 with 3-card bars"):
        g.play("T4 F")
    with pytest.raises(parlour.InvalidMoveError, match="no B4 with 3-card bars"):
        g.play("L B4")
    assert g.state.key() == before


def test_illegal_move_lists_legal_moves_and_changes_nothing() -> None:
    g = game(**BUILD)
    before = g.state.key()
    with pytest.raises(parlour.IllegalMoveError) as info:
        g.play("R T1")
    message = str(info.value)
    assert "'R T1' is not legal now" in message
    assert "4C does not build on 9S" in message
    assert "legal moves: L T1" in message
    assert g.state.key() == before


def test_empty_source_is_explained() -> None:
    g = game(**BUILD)
    g.play("B2 F")
    with pytest.raises(parlour.IllegalMoveError, match="B2 is empty"):
        g.play("B2 F")
    with pytest.raises(parlour.IllegalMoveError, match="W is empty"):
        g.play("W T1")


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (" ".join(card_str(c) for c in french_deck()[:51]), "51 cards"),
        (" ".join(card_str(c) for c in french_deck()) + " AS", "53 cards"),
        (" ".join(card_str(c) for c in french_deck()[:51]) + " AC", "AC appears 2 times"),
        ("AC 2C XX", "card 3 of the deck"),
        ("", "0 cards"),
    ],
)
def test_bad_decks_are_rejected(deck: str, message: str) -> None:
    with pytest.raises(parlour.InvalidDeckError, match=message):
        parlour.new_game("gate", deck=deck)


def test_deck_accepts_ten_as_10_and_lower_case() -> None:
    text = " ".join(card_str(c) for c in french_deck())
    loose = text.replace("TD", "10d").replace("KS", "ks")
    assert parlour.new_game("gate", deck=loose).state.deal_str() == text


# --- golden deals ----------------------------------------------------------------------

GOLDEN = {
    0: "6D 7S 8D TC 7H 8H 9C 8S QH 6H 7D 2C 5C 6S KC 9D 6C 3D JC JS QS 3S TH 2H JH 5S 4C "
    "8C 4H AD 3H 9H 7C 4S AH 3C KH TS 5D KS KD 5H QC 9S JD AS 2S QD 2D AC TD 4D",
    1: "JC JD 9D AD 6S 7H JS AC 6H 9C 7C KS 5D QC KC 3H 5S TS 4H KH 9S KD AS JH QS 8C 9H "
    "3C 2D 3D 2H 6D 4C 8H 3S 7D QD 4S 6C 4D QH TD 2S 2C 7S 8S TC 5H 5C 8D TH AH",
    2: "2S JC 6C 6D QD 4H QC KC 8D QS 9D 7D AD TH 2C KS 3D 5H TC 7S JS AC 2H 7H 8C 6S AH "
    "9H 4C 8H 4D JH 5S 2D KH 3S 5C AS TD 8S QH 9S KD JD 3C 6H 7C 5D 9C 3H 4S TS",
}

# With 3-card bars the same shuffle is laid out into fewer bar positions.
GOLDEN_BARS3 = {
    0: ("6D 7S 8D TC 7H", "8H 9C 8S", "QH 6H 7D", "2C 5C 6S KC 9D", 36),
    1: ("JC JD 9D AD 6S", "7H JS AC", "6H 9C 7C", "KS 5D QC KC 3H", 36),
    2: ("2S JC 6C 6D QD", "4H QC KC", "8D QS 9D", "7D AD TH 2C KS", 36),
}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_golden_deals_four_card_bars(seed: int) -> None:
    g = parlour.new_game("gate", seed=seed)
    assert g.state.deal_str() == GOLDEN[seed]
    again = parlour.new_game("gate", deck=GOLDEN[seed])
    assert again.state.key() == g.state.key()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_golden_deals_three_card_bars(seed: int) -> None:
    g = parlour.new_game("gate", seed=seed, bars=3)
    assert g.state.deal_str() == GOLDEN[seed]
    post_l, top, second, post_r, stock = GOLDEN_BARS3[seed]
    p = piles(g)
    assert " ".join(p["L"]) == post_l
    assert " ".join(p[f"T{i}"][0] for i in range(1, 4)) == top
    assert " ".join(p[f"B{i}"][0] for i in range(1, 4)) == second
    assert " ".join(p["R"]) == post_r
    assert g.view()["stock_count"] == stock
    again = parlour.new_game("gate", deck=GOLDEN[seed], bars=3)
    assert again.state.key() == g.state.key()


# --- showing, saving, bookkeeping ----------------------------------------------------


def test_view_shows_only_face_up_cards() -> None:
    g = parlour.new_game("gate", seed=5)
    for move in ("deal", "deal", "deal"):
        g.play(move)
    view = g.view()
    text = json.dumps(view)
    deck = g.state.deal_str().split()
    hidden = deck[21:]  # the 31 cards still in the stock
    assert view["stock_count"] == len(hidden)
    for c in hidden:
        assert f'"{c}"' not in text
    for c in deck[:21]:
        assert f'"{c}"' in text
    assert view["waste"] == deck[18:21]
    assert view["waste_top"] == deck[20]
    assert view["game"] == "gate" and view["player"] == 0 and view["to_move"] == 0
    assert view["legal_moves"] == g.legal_moves()
    assert view["outcome"] is None


def test_render_names_the_piles() -> None:
    g = game(**BUILD)
    text = g.render()
    for name in ("L ", "T1", "T4", "B1", "B4", "R ", "W ", "S ", "F1", "F4"):
        assert name in text
    assert "8♥" in text and "34 cards" in text
    assert "\x1b[31m8♥\x1b[0m" in g.render(colour=True)
    assert "\x1b[" not in text
    g3 = parlour.new_game("gate", seed=0, bars=3)
    assert "T4" not in g3.render() and "T3" in g3.render()


def test_move_parts_and_last_events() -> None:
    g = game(**BUILD)
    s = g.state
    assert s.last_events(0) == []
    assert s.move_parts(g.parse("L T1")) == {
        "move": "L T1",
        "source": "L",
        "target": "T1",
        "count": 1,
        "card": "8H",
    }
    assert s.move_parts(g.parse("B2 F"))["target"] == "F1"
    g.play("L T1")
    assert g.state.last_events(0) == [Event("play", 0, ("8H",), source="L", target="T1")]
    g.play("B2 F")
    assert g.state.last_events(0) == [Event("play", 0, ("AS",), source="B2", target="F1")]


def test_undo_save_and_load() -> None:
    g = game(**BUILD)
    start = g.state.key()
    g.play("L T1")
    g.play("L T1")
    g.play("T1 T2")
    middle = g.state.key()
    g.undo()
    g.undo()
    g.undo()
    assert g.state.key() == start
    g.redo()
    g.redo()
    g.redo()
    assert g.state.key() == middle
    loaded = parlour.load_game(g.to_json())
    assert loaded.state.key() == middle
    assert loaded.moves == ["L T1", "L T1", "T1 T2"]


def test_moves_round_trip_and_cards_are_conserved_in_a_playout() -> None:
    bars, deck, moves = read_game_file(DATA / "gate_won_game.txt")
    g = parlour.new_game("gate", deck=deck, bars=bars)
    pack = sorted(french_deck())
    for move in moves:
        state = g.state
        for m in state.legal_moves():
            text = state.move_str(m)
            assert state.parse_move(text) == m
            assert state.parse_move(text.lower()) == m
        copy = state.copy()
        assert copy.key() == state.key()
        g.play(move)
        assert sorted(g.state.all_cards()) == pack
        assert copy.key() != g.state.key()  # the copy is independent
