"""Chinese Patience computer players: view-only choices, legal moves, no loops, planning."""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.ai import hint, make_player, player_levels
from parlour.ai.base import Player
from parlour.ai.chinese_patience import (
    HIDDEN,
    ChinesePatienceGreedyPlayer,
    ChinesePatienceStrongPlayer,
    phase_key,
    rebuild,
    unseen_mask,
)
from parlour.cards import parse_card, parse_cards
from parlour.games.chinese_patience import ChinesePatience
from parlour.rng import Rng

NAME = "chinese-patience"
LEVELS = ("greedy", "strong")


def new_state(seed: int) -> ChinesePatience:
    state = ChinesePatience.new(seed, None, {})
    return state


def legal_strs(state: ChinesePatience) -> list[str]:
    return [state.move_str(m) for m in state.legal_moves()]


def play_str(state: ChinesePatience, text: str) -> None:
    moves = state.legal_moves()
    state.apply(moves[[state.move_str(m) for m in moves].index(text)])


def reshuffled_hidden(state: ChinesePatience, rng: Rng) -> ChinesePatience:
    """The same position with the face-down hand cards dealt differently between
    and within the hands whose order nobody has seen."""
    other = state.copy()
    hidden = [i for i in range(2) if not (state.turned >> i) & 1]
    pool = [c for i in hidden for c in other.hands[i]]
    rng.shuffle(pool)
    for i in hidden:
        n = len(other.hands[i])
        other.hands[i], pool = pool[:n], pool[n:]
    return other


def blank_position() -> ChinesePatience:
    """Player 0 to move, first turns over, Aces up, everything else set by the test."""
    state = ChinesePatience.new(0, None, {"first": 0})
    state.twisted = 3
    state.turn = 0
    state.pending = False
    state.found = [1, 1, 1, 1]
    return state


# --- registry ------------------------------------------------------------------------


def test_levels_are_registered_weakest_first() -> None:
    assert player_levels(NAME) == ["random", "greedy", "strong"]
    assert isinstance(make_player(NAME, "greedy", seed=3, seat=1), ChinesePatienceGreedyPlayer)
    assert isinstance(make_player(NAME, "strong", seed=3, seat=0), ChinesePatienceStrongPlayer)


# --- seeing only the view -------------------------------------------------------------


def test_rebuild_holds_the_visible_position_and_no_hidden_card() -> None:
    state = new_state(4)
    rng = Rng(1)
    for _ in range(40):
        moves = state.legal_moves()
        state.apply(moves[rng.randbelow(len(moves))])
    p = state.to_move
    copy = rebuild(state.view(p))
    assert copy.found == state.found
    assert copy.tab == state.tab
    assert copy.discards == state.discards
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert all(c == HIDDEN for h in copy.hands for c in h)
    assert legal_strs(copy) == legal_strs(state)
    hidden = {c for h in state.hands for c in h}
    assert unseen_mask(copy) == sum(1 << c for c in hidden)


@pytest.mark.parametrize("level", LEVELS)
def test_choice_does_not_change_when_the_hidden_cards_change(level: str) -> None:
    """Two games with the same views but hands dealt differently: same choices,
    move after move (so plans and the turn memory depend on views only)."""
    for seed in range(3):
        state = new_state(seed)
        players = [make_player(NAME, level, seed=seed, seat=p) for p in range(2)]
        twins = [make_player(NAME, level, seed=seed + 99, seat=p) for p in range(2)]
        rng = Rng(seed)
        checked = differing = 0
        while state.outcome is None and checked < 400:
            p = state.to_move
            other = reshuffled_hidden(state, rng)
            differing += other.key() != state.key()
            view = state.view(p)
            assert other.view(p) == view
            legal = legal_strs(state)
            choice = players[p].choose(view, legal)
            assert twins[p].choose(other.view(p), legal_strs(other)) == choice
            play_str(state, choice)
            checked += 1
        assert differing > 50


def test_turned_hands_are_the_only_hands_a_player_reads() -> None:
    state = new_state(7)
    state.twisted = 3
    view = state.view(state.to_move)
    assert view["hand_order"] == [None, None]
    assert rebuild(view).hands[state.to_move] == [HIDDEN] * 22


# --- legal moves, finished games, no loops -----------------------------------------


@pytest.mark.parametrize(
    ("first", "second"), [("strong", "greedy"), ("greedy", "random"), ("random", "strong")]
)
def test_players_pick_legal_moves_and_finish_games(first: str, second: str) -> None:
    for seed in range(2):
        g = parlour.new_game(NAME, seed=seed)
        players = [
            make_player(NAME, first, seed=seed, seat=0),
            make_player(NAME, second, seed=seed, seat=1),
        ]
        for _ in range(3000):
            if g.outcome is not None:
                break
            p = g.to_move
            legal = g.legal_moves()
            move = players[p].choose(g.view(p), legal)
            assert move in legal
            g.play(move)
        assert g.outcome is not None


@pytest.mark.parametrize("level", LEVELS)
def test_no_position_repeats_between_two_twists(level: str) -> None:
    for seed in range(3):
        state = new_state(seed + 10)
        players: list[Player] = [make_player(NAME, level, seed=seed, seat=p) for p in range(2)]
        seen: set[object] = set()
        while state.outcome is None:
            key = phase_key(state)
            assert key not in seen
            seen.add(key)
            p = state.to_move
            choice = players[p].choose(state.view(p), legal_strs(state))
            if choice in ("twist", "end"):
                seen = set()
            play_str(state, choice)


@pytest.mark.parametrize("level", LEVELS)
def test_a_card_that_could_shuttle_between_two_piles_does_not(level: str) -> None:
    # 8S fits on 9H and on 9D; the twisted 5D fits nowhere.
    state = blank_position()
    state.tab = [parse_cards("9H 8S"), parse_cards("9D"), parse_cards("KC"), parse_cards("KS")]
    state.discards = [parse_cards("5D"), parse_cards("TC")]
    state.pending = True
    player = make_player(NAME, level)
    for _ in range(10):
        choice = player.choose(state.view(0), legal_strs(state))
        play_str(state, choice)
        if choice == "end":
            break
    assert state.to_move == 1


# --- what the players choose ---------------------------------------------------------


def test_greedy_plays_to_a_foundation_first() -> None:
    state = blank_position()
    state.tab = [parse_cards("9H"), parse_cards("9D"), parse_cards("KC"), parse_cards("KS")]
    state.discards = [parse_cards("2C"), parse_cards("3C")]  # 2C could also load 3C
    move, reason = make_player(NAME, "greedy").explain(state.view(0), legal_strs(state))
    assert move == "0 1"
    assert "foundation" in reason


def test_strong_plans_across_a_known_twist_to_win() -> None:
    # The hand is a turned-over pile, so its next card (7S) is known. Loading 8H onto
    # 9H looks better at first sight; building it on 9C lets 7S follow and wins.
    state = blank_position()
    state.tab = [parse_cards("9C"), parse_cards("KD"), parse_cards("KH"), parse_cards("QD")]
    state.discards = [parse_cards("8H"), parse_cards("TH 9H")]
    state.hands[0] = [parse_card("7S")]
    state.turned = 1
    view, legal = state.view(0), legal_strs(state)
    assert make_player(NAME, "greedy").choose(view, legal) == "0 9"
    strong = make_player(NAME, "strong")
    move, reason = strong.explain(view, legal)
    assert move == "0 5"
    assert "twist" in reason
    for _ in range(3):
        play_str(state, strong.choose(state.view(0), legal_strs(state)))
    assert state.outcome is not None and state.outcome.winner == 0


def test_strong_opens_a_space_for_a_stuck_card_and_wins() -> None:
    state = blank_position()
    state.tab = [parse_cards("9C"), parse_cards("8H"), parse_cards("KS"), parse_cards("KC")]
    state.discards = [parse_cards("5D"), parse_cards("TH")]
    state.hands[0] = []
    state.pending = True
    strong = make_player(NAME, "strong")
    assert strong.choose(state.view(0), legal_strs(state)) == "6 5"
    play_str(state, "6 5")
    assert strong.choose(state.view(0), legal_strs(state)) == "0 6"
    play_str(state, "0 6")
    assert state.outcome is not None and state.outcome.winner == 0


def test_strong_loads_rather_than_builds() -> None:
    state = blank_position()
    state.tab = [parse_cards("9C"), parse_cards("KD"), parse_cards("KH"), parse_cards("QD")]
    state.discards = [parse_cards("5C 8H"), parse_cards("TH 9H")]
    state.pending = True
    move = make_player(NAME, "strong").choose(state.view(0), legal_strs(state))
    assert move == "0 9"


def test_strong_fills_a_space_rather_than_leave_it_to_the_opponent() -> None:
    state = blank_position()
    state.tab = [parse_cards("9C"), [], parse_cards("KS"), parse_cards("KC")]
    state.discards = [parse_cards("5D"), parse_cards("TC")]
    state.pending = True
    move = make_player(NAME, "strong").choose(state.view(0), legal_strs(state))
    assert move == "0 6"


@pytest.mark.parametrize("level", LEVELS)
def test_explain_gives_a_legal_move_and_a_one_line_reason(level: str) -> None:
    state = new_state(2)
    rng = Rng(5)
    player = make_player(NAME, level)
    for _ in range(60):
        if state.outcome is not None:
            break
        p = state.to_move
        legal = legal_strs(state)
        move, reason = player.explain(state.view(p), legal)
        assert move in legal
        assert reason and "\n" not in reason
        moves = state.legal_moves()
        state.apply(moves[rng.randbelow(len(moves))])


def test_hint_uses_the_strong_player() -> None:
    g = parlour.new_game(NAME, seed=1)
    g.play("twist")
    h = hint(g)
    assert h.move in g.legal_moves()
    assert h.reason


def test_hints_name_the_discard_piles_as_the_table_does() -> None:
    # the table says "your discard pile", not "pile 0" (the move notation's number)
    reasons = []
    for seed in range(3):
        game = parlour.new_game("chinese-patience", seed=seed)
        players = [make_player("chinese-patience", "greedy", seed, seat) for seat in (0, 1)]
        for _ in range(120):
            if game.outcome is not None:
                break
            player = players[game.to_move]
            move, reason = player.explain(game.view(game.to_move), game.legal_moves())
            reasons.append(reason)
            game.play(move)
    assert any("your discard pile" in r for r in reasons)
    assert any("your opponent's discard pile" in r for r in reasons)
    assert not [r for r in reasons if "pile 0" in r or "pile 9" in r or "from 0 " in r]


def test_a_line_is_told_by_what_it_comes_to() -> None:
    """Was: "it begins the best line to the end of the turn (8 9, 0 8, 7 9, twist)",
    the moves' notation; now what the line does, in words."""
    from parlour.ai.chinese_patience.strong import line_words
    from parlour.games.chinese_patience import CARD, END_MOVE, TWIST_MOVE

    assert line_words([(CARD, 0, 1), TWIST_MOVE]) == (
        "a move and a twist: 1 card to the foundations"
    )
    assert line_words([(CARD, 0, 9), (CARD, 6, 9), TWIST_MOVE, TWIST_MOVE]) == (
        "2 moves and 2 twists: 2 cards onto your opponent's discard pile"
    )
    assert line_words([(CARD, 0, 6), (CARD, 0, 2), (CARD, 0, 9), END_MOVE]) == (
        "3 moves: 1 card to the foundations, 1 onto your opponent's discard pile,"
        " then the end of the turn"
    )
    assert line_words([TWIST_MOVE, END_MOVE]) == "a twist, then the end of the turn"


def test_strong_reasons_name_no_move_by_its_notation() -> None:
    game = parlour.new_game(NAME, seed=3)
    strong = make_player(NAME, "strong", 3, 0)
    greedy = make_player(NAME, "greedy", 3, 1)
    reasons = []
    while game.outcome is None and len(game.moves) < 150:
        player = strong if game.to_move == 0 else greedy
        move, reason = player.explain(game.view(game.to_move), game.legal_moves())
        if player is strong:
            reasons.append(reason)
        game.play(move)
    assert any("it begins the best line" in r for r in reasons)
    assert not [r for r in reasons if re.search(r"\b\d \d\b|\(twist|\(end", r)]


def test_the_players_are_named_after_their_game_and_the_old_names_still_import() -> None:
    """``StrongPlayer`` and ``GreedyPlayer`` are ``ChinesePatienceStrongPlayer`` and
    ``ChinesePatienceGreedyPlayer``, like every other game's (``UnoStrongPlayer``); the
    old names import with a ``DeprecationWarning``."""
    from parlour.ai import chinese_patience
    from parlour.ai.chinese_patience import players, strong

    assert repr(make_player(NAME, "strong")) == "<ChinesePatienceStrongPlayer level='strong'>"
    for module, old, new in (
        (chinese_patience, "StrongPlayer", ChinesePatienceStrongPlayer),
        (chinese_patience, "GreedyPlayer", ChinesePatienceGreedyPlayer),
        (strong, "StrongPlayer", ChinesePatienceStrongPlayer),
        (players, "GreedyPlayer", ChinesePatienceGreedyPlayer),
    ):
        assert old not in module.__all__
        with pytest.warns(DeprecationWarning, match=f"{old} is renamed {new.__name__}"):
            assert getattr(module, old) is new
    with pytest.raises(AttributeError, match="no attribute 'WeakPlayer'"):
        chinese_patience.WeakPlayer  # noqa: B018
