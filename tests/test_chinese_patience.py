"""Chinese Patience: every rule and Decision of chinese-patience.md, bad input, golden deals."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.cards import cards_str, french_deck, parse_cards
from parlour.core.events import Event
from parlour.core.protocol import normalize_move_text
from parlour.games.chinese_patience import BLOCKED_LIMIT, ChinesePatience
from parlour.rng import Rng

NAME = "chinese-patience"

GOLDEN = {
    0: (
        "6D 7S 8D TC 7H 8H 9C 8S QH 6H 7D 2C 5C 6S KC 9D 6C 3D JC JS QS 3S TH 2H JH 5S "
        "4C 8C 4H AD 3H 9H 7C 4S AH 3C KH TS 5D KS KD 5H QC 9S JD AS 2S QD 2D AC TD 4D",
        1,
    ),
    1: (
        "JC JD 9D AD 6S 7H JS AC 6H 9C 7C KS 5D QC KC 3H 5S TS 4H KH 9S KD AS JH QS 8C "
        "9H 3C 2D 3D 2H 6D 4C 8H 3S 7D QD 4S 6C 4D QH TD 2S 2C 7S 8S TC 5H 5C 8D TH AH",
        1,
    ),
    2: (
        "2S JC 6C 6D QD 4H QC KC 8D QS 9D 7D AD TH 2C KS 3D 5H TC 7S JS AC 2H 7H 8C 6S "
        "AH 9H 4C 8H 4D JH 5S 2D KH 3S 5C AS TD 8S QH 9S KD JD 3C 6H 7C 5D 9C 3H 4S TS",
        1,
    ),
}


def deck(tableau: str, hand0: str = "", hand1: str = "") -> str:
    """An explicit deck: Aces first, then piles 5-8, then the hands dealt alternately.

    ``hand0``/``hand1`` give the top of each hand (top first); the rest of each
    hand is filled with the unused cards in pack order.
    """
    tab = parse_cards(tableau)
    h0, h1 = parse_cards(hand0), parse_cards(hand1)
    used = set(tab) | set(h0) | set(h1)
    aces = [c for c in french_deck() if c >> 2 == 1]
    spare = [c for c in french_deck() if c not in used and c not in aces]
    h0 += [spare.pop(0) for _ in range(22 - len(h0))]
    h1 += spare
    assert len(h0) == len(h1) == 22
    dealt = [c for pair in zip(h0, h1, strict=True) for c in pair]
    return cards_str(aces + tab + dealt)


def game(tableau: str, hand0: str = "", hand1: str = "", **options: int) -> parlour.Game:
    return parlour.new_game(NAME, deck=deck(tableau, hand0, hand1), options=options)


def st(g: parlour.Game) -> ChinesePatience:
    state = g.state
    assert isinstance(state, ChinesePatience)
    return state


def cs(text: str) -> list[int]:
    """Cards listed bottom first, as the state keeps its piles."""
    return parse_cards(text)


def started(g: parlour.Game) -> ChinesePatience:
    """Mark both players' first turns as over, so positions can be set up freely."""
    s = st(g)
    s.twisted = 3
    return s


def play_all(g: parlour.Game, moves: str) -> None:
    for move in moves.split(","):
        g.play(move)


# --- metadata and deals ---------------------------------------------------------


def test_registry_metadata() -> None:
    cls = ChinesePatience
    assert parlour.games()[NAME] == cls.summary
    assert cls.title == "Chinese Patience"
    assert cls.players == 2
    assert cls.rules_file == "chinese-patience.md"
    spec = cls.option_specs[0]
    assert (spec.name, spec.default, spec.choices) == ("first", None, (0, 1))
    for word in ("Decision", "clubs, diamonds, hearts", "60", "first=1", "turns pile 0 over"):
        assert word in cls.help_text


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    g = parlour.new_game(NAME, seed=seed)
    text, first = GOLDEN[seed]
    assert st(g).deal_str() == text + (" first=1" if first else "")
    assert g.to_move == first


def test_seeded_deal_is_the_shuffled_pack_then_one_draw_for_first() -> None:
    for seed in range(20):
        rng = Rng(seed)
        pack = french_deck()
        rng.shuffle(pack)
        first = rng.randbelow(2)
        g = parlour.new_game(NAME, seed=seed)
        assert st(g).deal_str() == cards_str(pack) + (" first=1" if first else "")
        assert g.to_move == first


def test_first_option_overrides_the_draw_but_not_the_deal() -> None:
    for first in (0, 1):
        g = parlour.new_game(NAME, seed=0, first=first)
        assert st(g).deal_str() == GOLDEN[0][0] + (" first=1" if first else "")
        assert g.to_move == first
        assert g.view(0)["first"] == first
    with pytest.raises(parlour.InvalidOptionError, match="must be one of 0, 1"):
        parlour.new_game(NAME, seed=0, first=2)


def test_deal_str_and_resolved_options_deal_the_same_game() -> None:
    g = parlour.new_game(NAME, seed=0)
    s = st(g)
    again = ChinesePatience.new(99, s.deal_str(), s.options)
    assert again.key() == s.key()
    assert s.options == {"first": 1}


def test_lay_out_aces_out_in_order_and_tableau_from_the_pack_top() -> None:
    # Aces scattered: they are taken out wherever they are.
    text = "KH AS 2C AH 3D AC QS AD " + " ".join(
        c
        for c in cards_str(french_deck()).split()
        if c not in {"KH", "AS", "2C", "AH", "3D", "AC", "QS", "AD"}
    )
    g = parlour.new_game(NAME, deck=text)
    v = g.view(0)
    assert v["foundations"] == ["AC", "AD", "AH", "AS"]
    assert v["tableau"] == [["KH"], ["2C"], ["3D"], ["QS"]]
    assert v["hand_counts"] == [22, 22]
    assert v["discard"] == [[], []]


def test_hands_dealt_alternately_player_0_first_top_is_first_received() -> None:
    g = game("9H 8S 5D KC", "2C 3C 4C", "2D 3D")
    s = st(g)
    dealt = parse_cards(deck("9H 8S 5D KC", "2C 3C 4C", "2D 3D"))[8:]
    assert list(reversed(s.hands[0])) == dealt[0::2]
    assert list(reversed(s.hands[1])) == dealt[1::2]
    twisted = s.copy()
    twisted.apply(twisted.legal_moves()[0])
    assert twisted.last_events(0) == [Event("twist", 0, ("2C",), target="0")]
    # Player 1 moving first does not change who was dealt to first.
    g1 = game("9H 8S 5D KC", "2C 3C 4C", "2D 3D", first=1)
    assert g1.to_move == 1
    assert st(g1).hands == s.hands
    g1.play("twist")
    assert g1.view(1)["discard"] == [[], ["2D"]]


def test_explicit_deck_defaults_to_player_0_first() -> None:
    g = game("9H 8S 5D KC")
    assert g.to_move == 0
    assert st(g).options == {"first": 0}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (" ".join(cards_str(french_deck()).split()[:51]), "51 cards.*missing: KS"),
        (cards_str(french_deck()) + " AC", "53 cards"),
        (cards_str(french_deck()).replace("KS", "KH"), "KH appears 2 times.*missing: KS"),
        (cards_str(french_deck()).replace("KS", "ZZ"), "card 52 of the deck"),
        ("", "0 cards"),
    ],
)
def test_bad_decks_are_rejected_clearly(text: str, message: str) -> None:
    with pytest.raises(parlour.InvalidDeckError, match=message):
        parlour.new_game(NAME, deck=text)


# --- the turn and the twist rule ------------------------------------------------


def test_first_turn_must_start_with_a_twist_for_each_player() -> None:
    g = game("9H 8S 5D KC", "8C", "2D")
    assert g.legal_moves() == ["twist"]
    with pytest.raises(parlour.IllegalMoveError, match="first move must be a twist"):
        g.play("5 6")  # 5 6 is no legal move anyway; the first-turn rule is named
    with pytest.raises(parlour.IllegalMoveError, match="before its first twist"):
        g.play("end")
    play_all(g, "twist,0 5,twist,end")
    assert g.to_move == 1
    assert g.legal_moves() == ["twist"]
    g.play("twist")
    assert "end" in g.legal_moves()


def test_a_second_twist_waits_until_the_twisted_card_has_moved_off() -> None:
    g = game("9H 8S 5D KC", "2C 3H")
    g.play("twist")
    assert "twist" not in g.legal_moves()
    key = st(g).key()
    with pytest.raises(parlour.IllegalMoveError, match="you twisted 2C and it is still on top"):
        g.play("twist")
    assert st(g).key() == key
    g.play("0 1")
    assert "twist" in g.legal_moves()
    assert "end" not in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="twisted card has moved off"):
        g.play("end")
    g.play("twist")
    assert g.view(0)["pile_0"] == ["3H"]


def test_moving_other_cards_does_not_release_the_twist() -> None:
    g = game("9H 8S 7H KC", "3H")
    g.play("twist")
    g.play("7 6")  # 7H onto 8S: a move, but not of the twisted card
    assert "twist" not in g.legal_moves()
    assert "end" in g.legal_moves()


def test_end_passes_the_turn_and_a_new_turn_may_start_with_any_move() -> None:
    g = game("9H 8S 5D KC", "4H 8C", "2D 3D")
    play_all(g, "twist,end,twist,0 2,twist,0 2,twist,end")
    # Player 0's second turn: the 4H from last turn can move before any twist.
    s = st(g)
    assert g.to_move == 0
    s.tab[3] = cs("5S")
    assert "0 8" in g.legal_moves()
    assert "end" not in g.legal_moves()
    g.play("0 8")
    assert g.legal_moves()[0] == "twist"


def test_legal_moves_order_is_twist_cards_piles_end() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = started(g)
    s.tab = [cs("9H 8C"), cs("TS"), cs("7H"), cs("KS")]
    s.discards[1] = cs("3C")
    assert g.legal_moves() == ["0 1", "0 9", "7 5", "P5 6", "end"]


# --- where a card may go --------------------------------------------------------


def test_foundations_take_the_next_card_of_their_suit_only() -> None:
    g = game("9H 8S 5D KC", "3C")
    g.play("twist")
    with pytest.raises(parlour.IllegalMoveError, match="foundation 1 takes 2C next, not 3C"):
        g.play("0 1")
    with pytest.raises(parlour.IllegalMoveError, match="foundation 2 takes 2D next"):
        g.play("0 2")
    st(g).found[0] = 2
    g.play("0 1")
    assert g.view(0)["foundations"] == ["3C", "AD", "AH", "AS"]


def test_tableau_builds_down_in_alternating_colours() -> None:
    g = game("9H 8S 5D KC", "8C 8D 7D")
    g.play("twist")
    g.play("0 5")  # 8C on 9H
    g.play("twist")
    with pytest.raises(parlour.IllegalMoveError, match="8D is not one rank lower"):
        g.play("0 6")  # 8D on 8S: same rank
    st(g).discards[0] = cs("7D")
    with pytest.raises(parlour.IllegalMoveError, match="other colour"):
        g.play("0 7")  # 7D on 5D
    g.play("0 6")  # 7D on 8S
    assert g.view(0)["tableau"][1] == ["8S", "7D"]


def test_decision_top_card_moves_between_tableau_piles() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    assert "6 5" in g.legal_moves()
    g.play("6 5")
    assert g.view(0)["tableau"][:2] == [["9H", "8S"], []]


def test_decision_only_pile_0_fills_an_empty_tableau_pile() -> None:
    g = game("9H 8S 5D KC", "QD")
    g.play("twist")
    g.play("6 5")  # pile 6 is now empty
    moves = g.legal_moves()
    assert "0 6" in moves
    assert not [m for m in moves if m.endswith(" 6") and m != "0 6"]
    with pytest.raises(parlour.IllegalMoveError, match="only the top card of your own discard"):
        g.play("7 6")  # a one-card tableau pile cannot fill it either
    g.play("0 6")
    assert g.view(0)["tableau"][1] == ["QD"]


def test_loading_the_opponents_pile_same_suit_one_above_or_below() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = started(g)
    s.discards[1] = cs("6H")
    for top, ok in (("5H", True), ("7H", True), ("6D", False), ("8H", False), ("5S", False)):
        s.discards[0] = cs(top)
        assert ("0 9" in g.legal_moves()) is ok, top
    s.discards[0] = cs("7H")
    g.play("0 9")
    assert g.view(1)["pile_0"] == ["6H", "7H"]
    assert g.view(0)["pile_9"] == ["6H", "7H"]


def test_decision_an_empty_opponent_pile_cannot_be_loaded() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    with pytest.raises(parlour.IllegalMoveError, match="empty opponent discard pile"):
        g.play("0 9")


def test_tableau_cards_may_load_pile_9() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    started(g).discards[1] = cs("QC")
    assert "8 9" in g.legal_moves()


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("9 5", "never moves from pile 9"),
        ("2 5", "foundation never leave"),
        ("5 0", "never moves onto your own discard pile 0"),
        ("0 0", "never moves onto your own discard pile 0"),
        ("5 5", "cannot move onto itself"),
    ],
)
def test_forbidden_sources_and_destinations(move: str, message: str) -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    key = st(g).key()
    with pytest.raises(parlour.IllegalMoveError, match=message) as info:
        g.play(move)
    assert "legal moves: 0 1" in str(info.value)
    assert st(g).key() == key


# --- whole piles ----------------------------------------------------------------


def test_whole_pile_moves_when_its_bottom_fits_and_leaves_a_space() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = started(g)
    s.tab = [cs("9H 8C 7D"), cs("TS"), cs("8D"), cs("KC")]
    assert "P5 6" in g.legal_moves()
    g.play("P5 6")
    assert g.view(0)["tableau"] == [[], ["TS", "9H", "8C", "7D"], ["8D"], ["KC"]]
    # However the space was made, only pile 0 may fill it.
    assert [m for m in g.legal_moves() if m.endswith(" 5")] == ["0 5"]


def test_part_of_a_pile_never_moves_and_one_card_piles_move_as_single_cards() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = started(g)
    s.tab = [cs("9H 8C 7D"), cs("9D"), cs("TH"), cs("QC")]
    # 8C would fit on 9D, but only the whole pile moves, and its bottom 9H does not.
    assert not [m for m in g.legal_moves() if m.startswith("P5")]
    with pytest.raises(parlour.IllegalMoveError, match="bottom card 9H is not one lower"):
        g.play("P5 6")
    s.tab = [cs("9H"), cs("TS"), cs("5D"), cs("KC")]
    assert "5 6" in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="one card; move it as '5 6'"):
        g.play("P5 6")


def test_a_whole_pile_never_moves_to_an_empty_pile_or_from_other_piles() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = started(g)
    s.tab = [cs("9H 8C"), [], cs("5D"), cs("KC")]
    with pytest.raises(parlour.IllegalMoveError, match="pile 6 is empty"):
        g.play("P5 6")
    with pytest.raises(parlour.IllegalMoveError, match="only a whole tableau pile"):
        g.play("P0 5")


# --- the hand running out -------------------------------------------------------


def test_decision_empty_hand_twist_turns_the_discard_pile_over() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    g.play("0 1")
    s = st(g)
    s.hands[0] = []
    s.discards[0] = cs("5D 7C 9H")  # 9H was loaded on by the opponent: it turns over too
    g.play("twist")
    assert s.discards[0] == cs("5D")
    assert s.hands[0] == cs("9H 7C")  # bottom first: 7C is on top
    assert g.view(1)["hand_order"] == [["7C", "9H"], None]
    assert s.last_events(1) == [
        Event("turnover", 0, source="9", target="hand"),
        Event("twist", 0, ("5D",), target="9"),
    ]


def test_turning_over_happens_only_as_an_allowed_twist() -> None:
    g = game("9H 8S 5D KC", "3C")
    g.play("twist")
    s = st(g)
    s.hands[0] = []
    assert "twist" not in g.legal_moves()  # 3C, just twisted, is still on pile 0
    assert "end" in g.legal_moves()
    with pytest.raises(parlour.IllegalMoveError, match="still on top of pile 0"):
        g.play("twist")


# --- end of the game ------------------------------------------------------------


def test_emptying_hand_and_discard_wins_at_once_mid_turn() -> None:
    g = game("9H 8S 5D KC", "2C 3C")
    g.play("twist")
    s = st(g)
    s.hands[0] = []
    s.discards[1] = cs("4D 5D")
    s.hands[1] = s.hands[1][:7]
    g.play("0 1")
    assert g.outcome == parlour.Outcome("won", "player 0 got rid of every card", 9, winner=0)
    assert g.legal_moves() == []
    with pytest.raises(parlour.GameOverError):
        g.play("twist")


def test_decision_score_counts_the_losers_hand_and_discard_pile() -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    s = st(g)
    s.hands[0] = []
    s.discards[1] = cs("4D 5D 6D")
    g.play("0 1")
    assert g.outcome is not None
    assert g.outcome.score == 22 + 3


def test_decision_blocked_counter_counts_ends_and_resets_on_a_foundation() -> None:
    g = game("9H 8S 5D KC", "2C 3H", "4H 5H")
    play_all(g, "twist,end,twist,end")
    assert g.view(0)["blocked"] == 2
    g.play("0 1")
    assert g.view(0)["blocked"] == 0
    play_all(g, "twist,end")
    assert g.view(1)["blocked"] == 1


def _blocked_at(hand0: int, hand1: int) -> parlour.Game:
    g = game("9H 8S 5D KC", "3H", "3D")
    play_all(g, "twist,end,twist")
    s = st(g)
    s.blocked = BLOCKED_LIMIT - 1
    s.hands[0] = s.hands[0][:hand0]
    s.hands[1] = s.hands[1][:hand1]
    return g


def test_decision_blocked_game_fewer_cards_wins_by_the_difference() -> None:
    g = _blocked_at(10, 5)  # player 0: 10 + 1, player 1: 5 + 1
    g.play("end")
    assert g.outcome is not None
    assert (g.outcome.result, g.outcome.winner, g.outcome.score) == ("won", 1, 5)
    assert g.outcome.reason.startswith("blocked")
    assert g.legal_moves() == []


def test_decision_blocked_game_equal_counts_draw_scoring_0() -> None:
    g = _blocked_at(6, 6)
    g.play("end")
    assert g.outcome is not None
    assert (g.outcome.result, g.outcome.winner, g.outcome.score) == ("draw", None, 0)


def test_blocked_game_ends_only_at_the_sixtieth_end() -> None:
    g = _blocked_at(6, 6)
    st(g).blocked = BLOCKED_LIMIT - 2
    g.play("end")
    assert g.outcome is None
    assert g.view(0)["blocked"] == BLOCKED_LIMIT - 1


# --- aliases and bad input ------------------------------------------------------


def test_original_keys_and_spacing_are_accepted() -> None:
    g = game("9H 8S 5D KC", "2C 8C")
    assert g.play("T") == "twist"
    assert g.play("m 0 1") == "0 1"
    assert g.play(" t ") == "twist"
    assert g.play("M0 5") == "0 5"
    g.undo()
    assert g.play("  0   5 ") == "0 5"
    assert g.play("Twist") == "twist"
    assert g.play("z") == "end"
    g.play("T")
    s = started(g)
    s.tab = [cs("9H 8C"), cs("TS"), cs("5D"), cs("KC")]
    for text in ("M P 8 6", "P 8 6", "MP8 6", "m p 8 6", "p8 6"):
        assert s.canonicalize(normalize_move_text(text)) == "P8 6"
    assert g.play("M P 5 6") == "P5 6"
    g.undo()
    assert g.play("p 5 6") == "P5 6"
    assert g.play("END") == "end"


@pytest.mark.parametrize("text", ["0 10", "x 5", "0", "P5", "5 6 7", "twist now", "", "F1 5"])
def test_malformed_moves_are_invalid_and_name_what_is_legal(text: str) -> None:
    g = game("9H 8S 5D KC", "2C")
    g.play("twist")
    key = st(g).key()
    with pytest.raises(parlour.InvalidMoveError) as info:
        g.play(text)
    message = str(info.value)
    assert "legal moves: 0 1" in message
    assert "pile number" in message or "moves are 'twist'" in message
    assert st(g).key() == key
    assert g.moves == ["twist"]


def test_malformed_pile_number_message_lists_the_piles() -> None:
    g = game("9H 8S 5D KC", "2C")
    expected = r"'12' is not a pile number \(0-9\): piles are 0"
    with pytest.raises(parlour.InvalidMoveError, match=expected):
        g.play("0 12")


# --- what players see -----------------------------------------------------------


def test_view_shows_only_what_each_player_may_see() -> None:
    g = game("9H 8S 5D KC", "2C 3H", "4D 5S")
    play_all(g, "twist,end,twist")
    for player in (0, 1):
        v = g.view(player)
        json.dumps(v)
        assert v["game"] == NAME
        assert v["player"] == player
        assert v["to_move"] == 1
        assert v["hand_counts"] == [21, 21]
        assert v["hand_order"] == [None, None]
        assert v["discard"] == [["2C"], ["4D"]]
        assert v["pile_0"] == v["discard"][player]
        assert v["pile_9"] == v["discard"][1 - player]
        assert v["tableau"] == [["9H"], ["8S"], ["5D"], ["KC"]]
        assert (v["twist_allowed"], v["end_allowed"], v["first_turn"]) == (False, True, False)
        assert v["blocked"] == 1 and v["blocked_limit"] == BLOCKED_LIMIT
        text = json.dumps(v)
        for hidden in ("3H", "5S"):
            assert hidden not in text
    assert g.view(1)["legal_moves"] == g.legal_moves()
    assert g.view(0)["legal_moves"] == []


def test_view_on_a_first_turn() -> None:
    g = game("9H 8S 5D KC")
    v = g.view(0)
    assert (v["twist_allowed"], v["end_allowed"], v["first_turn"]) == (True, False, True)
    assert v["legal_moves"] == ["twist"]


def test_render_uses_pile_numbers_from_the_movers_side() -> None:
    g = game("9H 8S 5D KC", "2C", "4D")
    play_all(g, "twist,end,twist")
    text = g.render()
    assert "your view. You to move." in text  # the mover's side
    assert "  0  4♦   (your discard pile; hand 21)" in text
    assert "  9  2♣   (the opponent's discard pile; hand 21)" in text
    assert "player" not in text
    assert "  5  9♥" in text and "  8  K♣" in text
    assert "1:A♣ 2:A♦ 3:A♥ 4:A♠" in text
    mine = st(g).render_for(0)
    assert "  0  2♣" in mine and "  9  4♦" in mine and "The opponent to move." in mine
    named = st(g).render_for(1, other="the computer", resigned_by=1)
    assert "your view. The game is over." in named and "(the computer's discard pile" in named
    assert named.endswith("Game over: you resigned") and "to move" not in named
    assert "\x1b[31m" in g.render(colour=True)


def test_move_parts() -> None:
    g = game("9H 8S 5D KC", "7H 8C")
    s = st(g)

    def parts(text: str) -> tuple[object, ...]:
        p = s.move_parts(s.parse_move(text))
        return (p["source"], p["target"], p["count"], p["card"])

    assert parts("twist") == (None, None, 1, None)
    g.play("twist")
    s = started(g)
    s.discards[1] = cs("6H")
    assert parts("0 9") == ("0", "9", 1, "7H")
    assert parts("6 5") == ("6", "5", 1, "8S")
    assert parts("end") == (None, None, 0, None)
    s.discards[0] = cs("8C")
    assert parts("0 5") == ("0", "5", 1, "8C")
    s.tab = [cs("9H 8C"), cs("TS"), cs("5D"), cs("KC")]
    assert parts("P5 6") == ("5", "6", 2, "9H")


def test_last_events_tell_the_twisted_card_and_the_turn() -> None:
    g = game("9H 8S 5D KC", "7H")
    assert st(g).last_events(1) == [Event("starts", 0)]
    g.play("twist")
    assert st(g).last_events(0) == [Event("twist", 0, ("7H",), target="0")]
    assert st(g).last_events(1) == [Event("twist", 0, ("7H",), target="9")]
    g.play("end")
    assert st(g).last_events(1) == [Event("end_turn", 0)]


# --- bookkeeping through the session --------------------------------------------


def test_copy_is_independent_and_cards_are_conserved() -> None:
    g = parlour.new_game(NAME, seed=4)
    s = st(g)
    twin = s.copy()
    rng = Rng(7)
    for _ in range(80):
        if s.outcome is not None:
            break
        moves = s.legal_moves()
        s.apply(moves[rng.randbelow(len(moves))])
        assert sorted(s.all_cards()) == sorted(french_deck())
    assert twin.key() == ChinesePatience.new(4, None, {}).key()


def test_undo_save_and_load_replay_the_game() -> None:
    for options in ({}, {"first": 0}):
        g = parlour.new_game(NAME, seed=11, options=options)
        rng = Rng(3)
        for _ in range(60):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(moves[rng.randbelow(len(moves))])
        key = st(g).key()
        loaded = parlour.load_game(g.to_json())
        assert st(loaded).key() == key
        last = g.moves[-1]
        assert g.undo() == last
        g.redo()
        assert st(g).key() == key


def test_random_games_always_finish() -> None:
    results = set()
    for seed in range(10):
        s = ChinesePatience.new(seed, None, {})
        rng = Rng(seed)
        for _ in range(5000):
            if s.outcome is not None:
                break
            moves = s.legal_moves()
            s.apply(moves[rng.randbelow(len(moves))])
        assert s.outcome is not None
        results.add(s.outcome.result)
        if s.outcome.result == "won":
            assert s.outcome.winner in (0, 1)
            assert s.outcome.score is not None and s.outcome.score >= 0


def reference_moves(s: ChinesePatience) -> list[str]:
    """The legal moves straight from the rules page, slowly, to check the fast generator."""
    if s.outcome is not None:
        return []
    p = s.turn
    if not (s.twisted >> p) & 1:
        return ["twist"]

    def red(c: int) -> bool:
        return (c & 3) in (1, 2)

    def onto_tableau(c: int, u: int) -> bool:
        return (c >> 2) + 1 == u >> 2 and red(c) != red(u)

    piles = {0: s.discards[p], 5: s.tab[0], 6: s.tab[1], 7: s.tab[2], 8: s.tab[3]}
    opp = s.discards[1 - p]
    moves = [] if s.pending else ["twist"]
    for src, pile in piles.items():
        if not pile:
            continue
        c = pile[-1]
        for dst in range(1, 10):
            if dst <= 4:
                ok = (c & 3) == dst - 1 and c >> 2 == s.found[dst - 1] + 1
            elif dst <= 8:
                target = s.tab[dst - 5]
                ok = dst != src and (onto_tableau(c, target[-1]) if target else src == 0)
            else:
                ok = bool(opp) and (c & 3) == (opp[-1] & 3) and abs((c >> 2) - (opp[-1] >> 2)) == 1
            if ok:
                moves.append(f"{src} {dst}")
    for src in range(5, 9):
        for dst in range(5, 9):
            pile, target = s.tab[src - 5], s.tab[dst - 5]
            if src != dst and len(pile) >= 2 and target and onto_tableau(pile[0], target[-1]):
                moves.append(f"P{src} {dst}")
    if s.pending:
        moves.append("end")
    return moves


def test_fast_move_generator_matches_the_rules_in_random_play() -> None:
    for seed in range(12):
        s = ChinesePatience.new(seed, None, {})
        rng = Rng(seed + 50)
        while s.outcome is None:
            moves = s.legal_moves()
            assert [s.move_str(m) for m in moves] == reference_moves(s)
            s.apply(moves[rng.randbelow(len(moves))])


def test_render_of_a_finished_game_speaks_from_each_side() -> None:
    g = parlour.new_game("chinese-patience", seed=294)
    chooser = Rng(294)
    while g.outcome is None:
        moves = g.legal_moves()
        g.play(moves[chooser.randbelow(len(moves))])
    outcome = g.outcome
    assert outcome.winner is not None
    winner = st(g).render_for(outcome.winner)
    loser = st(g).render_for(1 - outcome.winner)
    assert f"Game over: you win with {outcome.score} points" in winner
    assert f"Game over: the opponent wins with {outcome.score} points" in loser
    bare = st(g).render_for(outcome.winner, end=False)  # for a table that tells the end
    assert bare == winner.replace(f"\nGame over: you win with {outcome.score} points", "")
    assert "player" not in winner + loser


def test_resigning_scores_the_resigners_cards_left_for_the_other() -> None:
    # a resigned game once scored 0: resigning when behind kept a series total safe
    game = parlour.new_game("chinese-patience", seed=2, first=0)
    game.play(game.legal_moves()[0])
    left = len(game.state.hands[0]) + len(game.state.discards[0])
    game.resign(0)
    outcome = game.outcome
    assert outcome is not None and outcome.result == "resigned"
    assert (outcome.winner, outcome.loser, outcome.score) == (1, 0, left)


def test_the_prompt_offers_only_what_the_twisted_card_can_do() -> None:
    # "move Q♥ off your discard pile, or end the turn" was asked when Q♥ could not move
    seen = set()
    for seed in range(30):
        game = parlour.new_game("chinese-patience", seed=seed)
        rng = Rng(seed)
        for _ in range(60):
            if game.outcome is not None:
                break
            state = game.state
            prompt = state.prompt(state.turn)
            if state.pending and prompt is not None:
                legal = game.legal_moves()
                own = [m for m in legal if m.startswith("0 ")]
                others = [m for m in legal if m != "end" and not m.startswith("0 ")]
                expected = "end_or_move" if own or not others else "stuck_or_move"
                assert prompt.value == expected, (seed, legal, prompt)
                assert bool(prompt.cards) == bool(own or others), (seed, legal, prompt)
                seen.add(prompt.value if prompt.cards else "end")
            game.play(rng.choice(game.legal_moves()))
    assert seen == {"end_or_move", "stuck_or_move", "end"}
