"""Calculation: every rule and Decision of rules/calculation.md, decks, golden deals."""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
from parlour.cards import card_pretty, card_str, cards_str, french_deck, parse_card, rank
from parlour.core.events import PATIENCE_WON, Event
from parlour.core.registry import game_class
from parlour.games.calculation import DEFAULT_BASES, SEQUENCES, Calculation, CalculatorRow

BASES = "AH 2D 3S 4C"
REST = [c for c in french_deck() if c not in DEFAULT_BASES]


def deck48(*prefix: str) -> str:
    """A 48-card deck (default bases) whose stock starts with ``prefix``."""
    first = [parse_card(t) for t in prefix]
    return cards_str(first + [c for c in REST if c not in first])


def new(deck: str | None = None, seed: int = 0, **options: Any) -> parlour.Game:
    return parlour.new_game("calculation", seed=seed, deck=deck, **options)


def calc(game: parlour.Game) -> list[CalculatorRow]:
    state = game.state
    assert isinstance(state, Calculation)
    return state.calculator()


def winning_stock() -> list[int]:
    """A stock that plays straight out: round k gives each foundation its k-th rank."""
    free = {r: [c for c in REST if rank(c) == r] for r in range(1, 14)}
    return [free[SEQUENCES[f][k]].pop(0) for k in range(12) for f in range(4)]


def play_all(game: parlour.Game, moves: list[str]) -> None:
    for move in moves:
        game.play(move)


# --- registration and options ---------------------------------------------------


def test_registered_with_title_rules_and_option() -> None:
    cls = game_class("calculation")
    assert cls is Calculation
    assert cls.title == "Calculation"
    assert cls.rules_file == "calculation.md"
    assert cls.players == 1
    (spec,) = cls.option_specs
    assert (spec.name, spec.kind, spec.default) == ("classic", bool, False)
    assert new(classic="on").options == {"classic": True}


def test_help_names_every_decision_and_the_alias() -> None:
    text = Calculation.help_text
    assert "may still go to a waste pile" in text
    assert "lone card" in text
    assert "empty waste pile does not keep the game alive" in text
    assert "distinct" in text
    assert "'F' alone means the lowest-numbered foundation" in text
    assert "classic" in text


# --- lay-out and seeded deals --------------------------------------------------------

GOLDEN = {
    0: "AH 2D 3S 4C QS 8D TC 6C 9H 8C KH JC 4S JD 5D TD 7H AD QC JH JS 9D 7S 3C 8S TH 5H 9C "
    "AS 2S 4H 5C 7C 6H 3D 2C QH TS 7D KS 3H 8H KC 9S KD 5S 6S 2H 4D AC QD 6D",
    1: "AH 2D 3S 4C 7D JD 6S 5C TC JS KS QC 8C 9S TS KC AD AC 7H 3D 6H QS 3H KD 9H QH JH 9C "
    "TH 3C 4D 5D 5H 8D 5S AS 4S 9D 2H 7C 6D 2S QD 2C 7S 8S JC 8H 6C TD KH 4H",
    2: "AH 2D 3S 4C 7C TH QC 6S 9D QH AD 5S TD 8D 8H 5D 2C JS JD 3D 4H JC 5H 2H AC 7H 7S KH "
    "5C 4D 6D JH KS 9C QS KC 4S 6C AS QD 9S 2S TS 3H KD 3C 9H 8C 7D TC 6H 8S",
}


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_seeded_deals(seed: int) -> None:
    assert new(seed=seed).state.deal_str() == GOLDEN[seed]
    assert new(seed=seed, classic=True).state.deal_str() == GOLDEN[seed]


def test_seed_starts_default_bases_and_shuffles_only_the_other_48() -> None:
    for seed in range(5):
        game = new(seed=seed)
        view = game.view()
        assert list(view["foundations"].values()) == [["AH"], ["2D"], ["3S"], ["4C"]]
        dealt = [parse_card(t) for t in game.state.deal_str().split()]
        assert sorted(dealt[4:]) == sorted(REST)
    assert new(seed=0).state.deal_str() != new(seed=1).state.deal_str()


def test_waste_piles_start_empty_and_the_stock_is_face_down() -> None:
    view = new(seed=0).view()
    assert view["waste"] == {"W1": [], "W2": [], "W3": [], "W4": []}
    assert view["current"] == "QS"
    assert view["stock_count"] == 48


# --- explicit decks --------------------------------------------------------------------------


def test_48_card_deck_missing_cards_start_f1_to_f4() -> None:
    stock = [c for c in french_deck() if card_str(c) not in ("AS", "2C", "3H", "4D")]
    game = new(cards_str(stock))
    assert game.view()["foundations"] == {"F1": ["AS"], "F2": ["2C"], "F3": ["3H"], "F4": ["4D"]}
    assert game.view()["current"] == card_str(stock[0])
    assert game.state.deal_str() == "AS 2C 3H 4D " + cards_str(stock)


def test_52_card_deck_first_ace_two_three_four_start_f1_to_f4() -> None:
    order = [parse_card(t) for t in ["5H", "4S", "QD", "2H", "AC", "3D", "AD", "2S"]]
    cards = order + [c for c in french_deck() if c not in order]
    game = new(cards_str(cards))
    assert game.view()["foundations"] == {"F1": ["AC"], "F2": ["2H"], "F3": ["3D"], "F4": ["4S"]}
    stock = [c for c in cards if card_str(c) not in ("AC", "2H", "3D", "4S")]
    assert game.state.deal_str() == "AC 2H 3D 4S " + cards_str(stock)
    assert game.view()["current"] == "5H"


def test_deal_str_is_the_52_card_form_and_reads_back_the_same() -> None:
    game = new(seed=7)
    again = new(game.state.deal_str())
    assert again.state.key() == game.state.key()
    assert again.state.deal_str() == game.state.deal_str()
    assert len(game.state.deal_str().split()) == 52


def test_deck_accepts_lower_case_and_10() -> None:
    text = deck48("10C").lower()
    assert new(text).view()["current"] == "TC"


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        ("", ["has 0 cards", "48 cards", "52"]),
        ("AS", ["has 1 card;"]),
        (BASES, ["has 4 cards"]),
        (" ".join(card_str(c) for c in french_deck()[:-1]), ["has 51 cards"]),
        (deck48() + " 5C", ["has 49 cards"]),
        ("AS XX " + deck48(), ["card 2 of the deck", "'XX' is not a card"]),
    ],
)
def test_deck_of_wrong_size_or_bad_card_is_rejected(deck: str, words: list[str]) -> None:
    with pytest.raises(parlour.InvalidDeckError) as info:
        new(deck)
    for word in words:
        assert word in str(info.value)


def test_deck_with_duplicate_names_the_duplicate_and_the_missing_card() -> None:
    cards = deck48().split()
    cards[5] = cards[6]
    with pytest.raises(parlour.InvalidDeckError) as info:
        new(" ".join(cards))
    message = str(info.value)
    assert f"{cards[6]} appears 2 times" in message
    assert "missing:" in message


def test_52_card_deck_with_duplicate_is_rejected() -> None:
    cards = cards_str(french_deck()).replace("KS", "KH")
    with pytest.raises(parlour.InvalidDeckError, match="KH appears 2 times.*missing: KS"):
        new(cards)


def test_48_card_deck_must_leave_out_one_ace_two_three_four() -> None:
    missing = ("AH", "2D", "3S", "5C")
    stock = [c for c in french_deck() if card_str(c) not in missing]
    with pytest.raises(parlour.InvalidDeckError) as info:
        new(cards_str(stock))
    assert "must be one Ace, one Two, one Three and one Four" in str(info.value)
    assert "AH 2D 3S 5C" in str(info.value)
    two_aces = [c for c in french_deck() if card_str(c) not in ("AH", "AS", "3S", "4C")]
    with pytest.raises(parlour.InvalidDeckError, match="but they are AH AS 3S 4C"):
        new(cards_str(two_aces))


# --- building: the sequences ---------------------------------------------------------------

PAGE_TABLE = {
    "F1": "2 3 4 5 6 7 8 9 T J Q K",
    "F2": "4 6 8 T Q A 3 5 7 9 J K",
    "F3": "6 9 Q 2 5 8 J A 4 7 T K",
    "F4": "8 Q 3 7 J 2 6 T A 5 9 K",
}


def test_sequences_table_of_the_page() -> None:
    rows = calc(new())
    assert {row["foundation"]: " ".join(row["sequence"]) for row in rows} == PAGE_TABLE
    assert [row["base"] for row in rows] == ["A", "2", "3", "4"]
    assert [row["next"] for row in rows] == ["2", "4", "6", "8"]
    assert all(row["played"] == 0 for row in rows)


def test_each_foundation_takes_its_whole_sequence_and_the_game_is_won() -> None:
    stock = winning_stock()
    game = new(cards_str(stock))
    for k in range(12):
        for f in range(4):
            expected = PAGE_TABLE[f"F{f + 1}"].split()[k]
            assert calc(game)[f]["next"] == expected
            assert game.play(f"S F{f + 1}") == f"S F{f + 1}"
    assert game.outcome == parlour.Outcome("won", "all four foundations topped by Kings")
    assert game.legal_moves() == []
    tops = [pile[-1] for pile in game.view()["foundations"].values()]
    assert [t[0] for t in tops] == ["K"] * 4
    assert all(row["next"] is None and row["played"] == 12 for row in calc(game))
    assert game.view()["stock_count"] == 0
    assert game.view()["current"] is None


def test_building_ignores_suit() -> None:
    for two in ("2C", "2H", "2S"):
        game = new(deck48(two))
        assert "S F1" in game.legal_moves()


def test_building_wraps_past_the_king_to_the_ace() -> None:
    # F2 goes ... T Q A: after its Queen it needs an Ace.
    game = new(deck48("4D", "6D", "8D", "TD", "QD", "AD"))
    play_all(game, ["S F2"] * 5)
    assert calc(game)[1]["next"] == "A"
    assert "S F2" in game.legal_moves()


def test_complete_foundation_takes_nothing_more() -> None:
    clubs = ["2C", "3C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]
    game = new(deck48(*clubs[:2], "4H", *clubs[2:], "5D"))
    play_all(game, ["S F1"] * 12)
    assert calc(game)[0]["next"] is None
    with pytest.raises(parlour.IllegalMoveError, match="F1 is complete"):
        game.play("S F1")


def test_cards_never_leave_a_foundation() -> None:
    game = new(deck48("2C"))
    game.play("S F1")
    for text in ("F1 W1", "F1 F2", "F1 S"):
        with pytest.raises(parlour.InvalidMoveError, match="cards never leave a foundation"):
            game.play(text)
    assert all(not m.startswith("F") for m in game.legal_moves())


# --- play ---------------------------------------------------------------------------------------


def test_current_card_cannot_be_skipped_or_put_back() -> None:
    game = new(deck48("7D"))
    assert game.legal_moves() == ["S W1", "S W2", "S W3", "S W4"]
    for text in ("S", "S S", "deal", "turn", "redeal"):
        with pytest.raises(parlour.InvalidMoveError):
            game.play(text)


def test_current_card_goes_only_to_a_foundation_it_fits() -> None:
    game = new(deck48("7D"))
    with pytest.raises(
        parlour.IllegalMoveError, match="F3 needs a 6 next, and the current card is 7D"
    ):
        game.play("S F3")
    with pytest.raises(parlour.IllegalMoveError, match="F4 needs an 8 next"):
        game.play("S F4")


def test_decision_a_fitting_current_card_may_still_go_to_a_waste_pile() -> None:
    game = new(deck48("2C"))
    assert game.legal_moves() == ["S F1", "S W1", "S W2", "S W3", "S W4"]
    game.play("S W3")
    assert game.view()["waste"]["W3"] == ["2C"]


def test_any_card_may_go_on_any_waste_pile() -> None:
    game = new(deck48("KC", "2C", "9H", "QS"))
    play_all(game, ["S W1", "S W1", "S W1", "S W1"])
    assert game.view()["waste"]["W1"] == ["KC", "2C", "9H", "QS"]


def test_top_of_a_waste_pile_plays_to_a_foundation_it_fits_and_other_moves_may_come_first() -> None:
    game = new(deck48("6C", "2C", "7D"))
    play_all(game, ["S W2", "S W2"])
    assert game.view()["current"] == "7D"
    assert game.legal_moves()[:5] == ["S W1", "S W2", "S W3", "S W4", "W2 F1"]
    game.play("W2 F1")
    assert game.legal_moves() == ["S W1", "S W2", "S W3", "S W4", "W2 F3"]
    with pytest.raises(
        parlour.IllegalMoveError, match="F1 needs a 3 next, and the top of W2 is 6C"
    ):
        game.play("W2 F1")
    game.play("W2 F3")
    assert game.view()["foundations"]["F3"] == ["3S", "6C"]
    assert game.view()["current"] == "7D"


def test_only_the_top_card_of_a_waste_pile_plays() -> None:
    game = new(deck48("2C", "9H"))
    play_all(game, ["S W1", "S W1"])
    assert "W1 F1" not in game.legal_moves()


def test_empty_pile_move() -> None:
    game = new(deck48("9H", "2C"))
    play_all(game, ["S W2", "S W2"])
    assert game.legal_moves()[-3:] == ["W2 W1", "W2 W3", "W2 W4"]
    game.play("W2 W4")
    assert game.view()["waste"] == {"W1": [], "W2": ["9H"], "W3": [], "W4": ["2C"]}
    game.play("W4 F1")


def test_empty_pile_move_needs_an_empty_target() -> None:
    game = new(deck48("9H", "2C", "KD"))
    play_all(game, ["S W2", "S W2", "S W3"])
    with pytest.raises(parlour.IllegalMoveError, match="W3 is not empty"):
        game.play("W2 W3")


def test_decision_a_lone_card_does_not_move_to_an_empty_pile() -> None:
    game = new(deck48("9H"))
    game.play("S W1")
    assert not any(m.startswith("W1 W") for m in game.legal_moves())
    with pytest.raises(parlour.IllegalMoveError, match="W1 holds only one card"):
        game.play("W1 W2")
    with pytest.raises(parlour.IllegalMoveError, match="W3 is empty"):
        game.play("W3 W4")


def test_option_classic_turns_the_empty_pile_move_off() -> None:
    game = new(deck48("9H", "2C"), classic=True)
    play_all(game, ["S W2", "S W2"])
    assert game.legal_moves() == ["S W1", "S W2", "S W3", "S W4", "W2 F1"]
    with pytest.raises(parlour.IllegalMoveError, match=r"the empty-pile move is off \(classic\)"):
        game.play("W2 W4")


def test_moves_that_look_alike_are_distinct() -> None:
    # After 2 and 3 on F1, a Four fits both F1 and F2.
    game = new(deck48("2C", "3C", "4H"))
    play_all(game, ["S F1", "S F1"])
    assert game.legal_moves() == ["S F1", "S F2", "S W1", "S W2", "S W3", "S W4"]
    one = game.state.copy()
    game.play("S F2")
    other = parlour.new_game("calculation", deck=deck48("2C", "3C", "4H"))
    play_all(other, ["S F1", "S F1", "S F1"])
    assert other.state.key() != game.state.key() != one.key()


def test_f_alias_means_the_lowest_numbered_foundation_it_fits() -> None:
    game = new(deck48("2C", "3C", "4H", "4S"))
    play_all(game, ["s f", "S F"])
    assert game.play("S F") == "S F1"
    game.play("S W1")
    assert game.play("w1 f") == "W1 F2"


def test_f_alias_with_no_fit_explains() -> None:
    game = new(deck48("7D"))
    with pytest.raises(parlour.IllegalMoveError) as info:
        game.play("S F")
    assert "7D fits no foundation (F1 needs a 2, F2 needs a 4" in str(info.value)
    with pytest.raises(parlour.IllegalMoveError, match="W1 is empty"):
        game.play("W1 F")


def test_lower_case_and_extra_spaces_are_accepted() -> None:
    game = new(deck48("2C"))
    assert game.play("  s    f1 ") == "S F1"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a Calculation move"),
        ("W5 F1", "'W5' is no source pile"),
        ("S F5", "'F5' is no target pile"),
        ("S F0", "'F0' is no target pile"),
        ("W1 S", "'S' is no target pile"),
        ("W1 W1", "cannot move onto its own pile"),
        ("S W1 W2", "not a Calculation move"),
        ("resign", "not a Calculation move"),
    ],
)
def test_malformed_moves_are_rejected_and_change_nothing(text: str, words: str) -> None:
    game = new(seed=3)
    key = game.state.key()
    with pytest.raises(parlour.InvalidMoveError, match=words) as info:
        game.play(text)
    assert "'S Fn'" in str(info.value)
    assert game.state.key() == key
    assert game.moves == []


def test_illegal_move_lists_the_legal_moves_and_changes_nothing() -> None:
    game = new(deck48("7D"))
    key = game.state.key()
    with pytest.raises(parlour.IllegalMoveError, match="legal moves: S W1, S W2, S W3, S W4"):
        game.play("W1 F1")
    assert game.state.key() == key


# --- end ---------------------------------------------------------------------------------------


def tail_deck(tail: list[str]) -> str:
    """The winning stock with the cards of ``tail`` moved, in that order, to its end."""
    stock = [card_str(c) for c in winning_stock()]
    return " ".join([c for c in stock if c not in tail] + tail)


def test_lost_when_no_legal_move_is_left() -> None:
    stock = [card_str(c) for c in winning_stock()]
    last8 = stock[-8:]  # F1 Q, F2 J, F3 T, F4 9, then the four Kings
    tail = [last8[0], last8[4], last8[1], last8[5], last8[2], last8[6], last8[3], last8[7]]
    game = new(tail_deck(tail))
    play_all(game, ["S F"] * 40)
    play_all(game, ["S W1", "S W1", "S W2", "S W2", "S W3", "S W3", "S W4", "S W4"])
    assert game.outcome == parlour.Outcome("lost", "no legal move left")
    assert game.legal_moves() == []
    assert game.view()["legal_moves"] == []
    with pytest.raises(parlour.GameOverError):
        game.play("W1 F1")


def test_decision_an_empty_waste_pile_does_not_keep_the_game_alive() -> None:
    stock = [card_str(c) for c in winning_stock()]
    queen, king = stock[-8], stock[-4]  # F1's Queen and King
    deck = tail_deck([queen, king])
    classic = new(deck, classic=True)
    play_all(classic, ["S F"] * 46 + ["S W1", "S W1"])
    assert classic.view()["waste"] == {"W1": [queen, king], "W2": [], "W3": [], "W4": []}
    assert classic.outcome is not None and classic.outcome.result == "lost"
    # With the empty-pile move the same position is alive, and wins.
    game = new(deck)
    play_all(game, ["S F"] * 46 + ["S W1", "S W1"])
    assert game.outcome is None
    assert game.legal_moves() == ["W1 W2", "W1 W3", "W1 W4"]
    with pytest.raises(parlour.IllegalMoveError, match="the stock is empty"):
        game.play("S W2")
    with pytest.raises(
        parlour.IllegalMoveError, match=f"F1 needs a Queen next, and the top of W1 is {king}"
    ):
        game.play("W1 F1")
    play_all(game, ["W1 W2", "W1 F1", "W2 F1"])
    assert game.outcome is not None and game.outcome.result == "won"


def test_resigning_is_a_command_not_a_move() -> None:
    game = new(seed=0)
    assert "resign" not in " ".join(game.legal_moves()).lower()
    game.resign()
    assert game.outcome == parlour.Outcome("resigned", "resigned")
    game.undo()
    assert game.outcome is None


def test_every_random_game_ends() -> None:
    from parlour.rng import Rng

    for seed in range(30):
        state = Calculation.new(seed, None, {"classic": False})
        chooser = Rng(seed)
        for _ in range(400):
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(chooser.choice(moves))
        assert state.outcome is not None


# --- what the player sees, the calculator, describe, events ------------------------------


def test_view_shows_only_what_the_player_sees() -> None:
    game = new(seed=0)
    game.play("S W1")
    view = game.view()
    assert view["game"] == "calculation" and view["player"] == 0 and view["to_move"] == 0
    assert view["waste"]["W1"] == ["QS"]
    assert view["current"] == "8D"
    assert view["stock_count"] == 47
    assert view["legal_moves"] == game.legal_moves()
    assert view["calculator"] == [dict(row) for row in calc(game)]
    text = json.dumps(view)
    hidden = GOLDEN[0].split()[6:]  # the stock below the current card
    for c in hidden:
        assert f'"{c}"' not in text
    rendered = game.render()
    for c in hidden:
        assert card_pretty(parse_card(c)) not in rendered


def test_view_shows_every_waste_card() -> None:
    game = new(deck48("9H", "2C", "KD"))
    play_all(game, ["S W2", "S W2", "S W2"])
    assert game.view()["waste"]["W2"] == ["9H", "2C", "KD"]
    assert "W2  9♥ 2♣ K♦" in game.render()


def test_calculator_marks_played_ranks_and_the_next_one() -> None:
    game = new(deck48("2C", "3C", "4H"))
    play_all(game, ["S F1", "S F1"])
    row = calc(game)[0]
    assert row == {
        "foundation": "F1",
        "base": "A",
        "sequence": ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"],
        "played": 2,
        "next": "4",
    }
    assert "F1   3♣   2✓  3✓ [4]  5   6   7   8   9  10   J" in game.render()
    assert "F2   2♦  [4]  6   8  10   Q" in game.render()
    # four columns a rank, a Ten written 10 as everywhere else: the rows line up
    rows = [line for line in game.render().splitlines() if line.startswith("  F")]
    assert len(rows) == 4 and len({len(line) for line in rows}) == 1, rows


def test_render_shows_complete_rows_and_the_stock() -> None:
    game = new(cards_str(winning_stock()))
    text = game.render()
    assert "Stock S: current card 2♣, 48 cards left" in text
    play_all(game, ["S F"] * 48)
    text = game.render()
    assert text.count("complete") == 4
    assert "Stock S: empty" in text
    assert "won" in text


def test_render_colours_only_red_cards_when_asked() -> None:
    game = new(deck48("9H", "9C"))
    play_all(game, ["S W1"])
    assert "\x1b[" not in game.render()
    coloured = game.render(colour=True)
    assert "\x1b[31m9♥\x1b[0m" in coloured
    assert "\x1b[31m9♣" not in coloured


def test_last_events_tell_the_move_and_the_current_card() -> None:
    game = new(deck48("9H", "2C", "6D"))
    assert game.state.last_events(0) == []
    game.play("S W1")
    assert game.state.last_events(0) == [
        Event("play", 0, ("9H",), source="S", target="W1"),
        Event("current", cards=("2C",), source="S"),
    ]
    game.play("S W1")
    game.play("W1 W3")
    assert game.state.last_events(0) == [Event("play", 0, ("2C",), source="W1", target="W3")]
    game.play("W3 F1")
    assert game.state.last_events(0) == [Event("play", 0, ("2C",), source="W3", target="F1")]
    stock = winning_stock()
    done = new(cards_str(stock))
    play_all(done, ["S F"] * 48)
    told = done.state.last_events(0)
    assert [e.what for e in told] == ["play", "empty", "game_end"]
    assert told[-1] == PATIENCE_WON


# --- bookkeeping: copies, undo, saves ---------------------------------------------------------


def test_copy_is_independent_and_cards_are_conserved() -> None:
    game = new(seed=1)
    state = game.state
    snapshot = state.copy()
    key = snapshot.key()
    for move in ["S W1", "S W1", "W1 W2"]:
        state.apply(state.parse_move(move))
    assert snapshot.key() == key
    assert sorted(state.all_cards()) == sorted(french_deck())
    assert sorted(snapshot.all_cards()) == sorted(french_deck())


def test_undo_redo_and_save_load() -> None:
    game = new(seed=2)
    start = game.state.key()
    play_all(game, ["S W1", "S W2", "S W1"])
    after = game.state.key()
    game.undo()
    game.undo()
    game.undo()
    assert game.state.key() == start
    game.redo()
    game.redo()
    game.redo()
    assert game.state.key() == after
    loaded = parlour.load_game(game.to_json())
    assert loaded.state.key() == after
    assert loaded.moves == ["S W1", "S W2", "S W1"]
    classic = new(seed=2, classic=True)
    classic.play("S W1")
    assert parlour.load_game(classic.to_json()).options == {"classic": True}


def test_save_with_an_explicit_deck_round_trips() -> None:
    game = new(deck48("2C", "9H"))
    play_all(game, ["S F1", "S W4"])
    loaded = parlour.load_game(game.to_json())
    assert loaded.state.key() == game.state.key()


def test_the_prompt_says_when_no_foundation_takes_the_current_card() -> None:
    # it always said "on a foundation or a waste pile", even when no foundation took it
    game = parlour.new_game("calculation", seed=3)
    seen = set()
    for _ in range(40):
        prompt = game.state.prompt(0)
        assert prompt is not None
        fits = any(m.startswith("S F") for m in game.legal_moves())
        assert prompt.value == ("place" if fits else "place_on_waste")
        seen.add(prompt.value)
        game.play(game.legal_moves()[-1])
    assert seen == {"place", "place_on_waste"}


def test_the_board_of_a_lost_game_says_so_in_one_sentence() -> None:
    """Was "Game over: lost: no legal move left" (two colons) under the board, as the
    demo of ``parlour play calculation`` showed it."""
    g = parlour.new_game("calculation", seed=3)
    while g.outcome is None:
        g.play(g.legal_moves()[-1])
    assert g.outcome.result == "lost"
    assert g.render().splitlines()[-1] == f"Game over: lost, {g.outcome.reason}"
    assert g.outcome.reason == "no legal move left"
