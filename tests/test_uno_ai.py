"""UNO computer players: legal choices, hidden cards never matter, and each level's play."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import parlour
from parlour.ai import hint, make_player, player_levels
from parlour.ai.base import Player
from parlour.ai.uno import (
    UnoBasicPlayer,
    UnoRandomPlayer,
    UnoStrongPlayer,
    random_engine_move,
)
from parlour.ai.uno.search import ANY_WILD, NAME_MINE, NAME_OPP, Searched, search
from parlour.cards import UNO_WILD, parse_uno_card, parse_uno_cards, uno_deck, uno_str
from parlour.errors import ParlourError
from parlour.games.uno import Uno
from parlour.rng import Rng

LEVELS = ("random", "basic", "strong")
VARIANTS: list[dict[str, Any]] = [{}, {"w4_challenge": True}, {"uno_call": True}]


def deck(h0: str, h1: str, turned: str, draw: str = "") -> str:
    """A full explicit deck: the given hands, turned card and top of the draw pile."""
    used = (
        parse_uno_cards(h0) + parse_uno_cards(h1) + [parse_uno_card(turned)] + parse_uno_cards(draw)
    )
    rest = uno_deck()
    for c in used:
        rest.remove(c)
    return " ".join(uno_str(c) for c in used + rest)


def new(h0: str, h1: str, turned: str, draw: str = "", **opts: Any) -> parlour.Game:
    return parlour.new_game("uno", seed=0, deck=deck(h0, h1, turned, draw), **opts)


def choice(level: str, g: parlour.Game, seed: int = 0) -> str:
    seat = g.to_move
    return make_player("uno", level, seed=seed, seat=seat).choose(g.view(seat), g.legal_moves())


def play_hand(levels: tuple[str, str], seed: int, limit: int = 400, **opts: Any) -> parlour.Game:
    """Play one hand (or ``limit`` moves) between two levels, checking every choice."""
    g = parlour.new_game("uno", seed=seed, **opts)
    players = [make_player("uno", lvl, seed=seed, seat=s) for s, lvl in enumerate(levels)]
    for _ in range(limit):
        if g.view(0)["hand_number"] != 1 or g.outcome is not None:
            break
        seat = g.to_move
        legal = g.legal_moves()
        move = players[seat].choose(g.view(seat), legal)
        assert move in legal
        g.play(move)
    return g


# --- registration and plumbing -----------------------------------------------------------


def test_levels_are_registered_weakest_first() -> None:
    assert player_levels("uno") == ["random", "basic", "strong"]
    assert isinstance(make_player("uno", "random"), UnoRandomPlayer)
    assert isinstance(make_player("uno", "basic"), UnoBasicPlayer)
    assert isinstance(make_player("uno", "strong"), UnoStrongPlayer)


@pytest.mark.parametrize("opts", VARIANTS, ids=["default", "w4_challenge", "uno_call"])
@pytest.mark.parametrize("levels", [("random", "strong"), ("basic", "strong"), ("strong", "basic")])
def test_every_choice_is_legal(levels: tuple[str, str], opts: dict[str, Any]) -> None:
    for seed in range(4):
        play_hand(levels, seed, **opts)


def test_a_view_of_another_game_or_no_move_is_an_error() -> None:
    other = parlour.new_game("gate", seed=1)
    for level in LEVELS:
        with pytest.raises(ParlourError):
            make_player("uno", level).choose(other.view(0), other.legal_moves() or ["x"])
        g = parlour.new_game("uno", seed=1)
        with pytest.raises(ParlourError, match="no legal move"):
            make_player("uno", level).choose(g.view(g.to_move), [])


def test_hint_uses_strong_with_a_reason() -> None:
    g = new("R5 R7 G2 G3 Y4 B5 B6", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    h = hint(g)
    assert h.move in g.legal_moves() and h.reason


def test_explain_gives_a_reason_at_every_level() -> None:
    g = new("R5 R7 G2 G3 Y4 B5 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    for level in LEVELS:
        move, reason = make_player("uno", level).explain(g.view(0), g.legal_moves())
        assert move in g.legal_moves() and reason


# --- hidden cards never change a choice --------------------------------------------------


def reshuffle_hidden(g: parlour.Game, seat: int, rng: Rng) -> parlour.Game:
    """The same game as ``seat`` sees it, with the opponent's hand and the draw pile
    dealt again from the same unseen cards (known W4s stay in the opponent's hand)."""
    other = g.copy()
    st: Any = other.state
    o = 1 - seat
    known = st._shown[o]
    hand = list(st._hands[o])
    for _ in range(known):
        hand.remove(65)
    pool = hand + st._draw
    rng.shuffle(pool)
    st._hands[o] = sorted(pool[: len(hand)] + [65] * known)
    st._draw = pool[len(hand) :]
    return other


@pytest.mark.parametrize("opts", VARIANTS, ids=["default", "w4_challenge", "uno_call"])
def test_choices_do_not_depend_on_hidden_cards(opts: dict[str, Any]) -> None:
    rng = Rng(99)
    checked = 0
    for seed in range(3):
        g = parlour.new_game("uno", seed=seed, **opts)
        players = [make_player("uno", "strong", seed=seed, seat=s) for s in (0, 1)]
        for _ in range(60):
            if g.outcome is not None:
                break
            seat = g.to_move
            legal = g.legal_moves()
            other = reshuffle_hidden(g, seat, rng)
            assert other.view(seat) == g.view(seat)
            for level in LEVELS:
                mine = make_player("uno", level, seed=seed, seat=seat)
                a = copy.deepcopy(mine).choose(g.view(seat), legal)
                b = copy.deepcopy(mine).choose(other.view(seat), other.legal_moves())
                assert a == b, (level, g.view(seat))
            # The strong player's memory (built from its views) must not leak either.
            remembered: Player = players[seat]
            a = copy.deepcopy(remembered).choose(g.view(seat), legal)
            b = copy.deepcopy(remembered).choose(other.view(seat), legal)
            assert a == b
            checked += 1
            g.play(players[seat].choose(g.view(seat), legal))
    assert checked > 100


# --- random ------------------------------------------------------------------------------


@pytest.mark.parametrize("opts", VARIANTS, ids=["default", "w4_challenge", "uno_call"])
def test_engine_fast_path_makes_the_same_choices(opts: dict[str, Any]) -> None:
    for seed in range(6):
        st: Any = parlour.new_game("uno", seed=seed, **opts).state
        fast_rng = Rng(seed)
        player = UnoRandomPlayer(seed)
        for _ in range(300):
            if st.outcome is not None:
                break
            legal = st.legal_moves()
            seat = st.to_move
            strings = [st.move_str(m) for m in legal]
            slow = player.choose(st.view(seat), strings)
            fast = random_engine_move(st, legal, fast_rng)
            assert st.move_str(fast) == slow
            st.apply(fast)


def test_random_plays_a_card_when_one_fits_and_never_a_wrong_w4() -> None:
    # Player 0 holds red (the colour in play): the W4 would be wrong.
    g = new("R5 G2 G3 Y4 B5 B6 W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    seen = {choice("random", g, seed) for seed in range(40)}
    assert seen == {"R5"}


def test_random_spreads_over_distinct_cards_and_colours() -> None:
    g = new("R5 G9 G3 Y4 B5 B6 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    seen = {choice("random", g, seed) for seed in range(200)}
    assert {"R5", "G9"} <= seen
    assert {"W:R", "W:G", "W:Y", "W:B"} <= seen
    assert "draw" not in seen


def test_random_draws_only_when_nothing_fits_and_plays_the_drawn_card() -> None:
    g = new("G1 G2 G3 Y4 Y5 B6 B7", "R1 R2 R3 G4 G5 Y6 Y7", "R9", draw="R8")
    assert choice("random", g) == "draw"
    g.play("draw")
    assert choice("random", g) == "play"


def test_random_answers_a_challengeable_w4_either_way() -> None:
    g = new("R5 G2 G3 Y4 B5 B6 W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9", w4_challenge=True)
    g.play("W4:G")
    assert {choice("random", g, seed) for seed in range(30)} == {"challenge", "accept"}


# --- basic -------------------------------------------------------------------------------


def test_basic_plays_its_longest_colour_and_keeps_wilds() -> None:
    g = new("R5 G2 G3 G7 B1 B6 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    assert choice("basic", g) == "R5"  # the only coloured card that fits; the Wild waits
    g2 = new("R5 G9 G3 G7 B1 B6 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    assert choice("basic", g2) == "G9"  # green is held three times, red once


def test_basic_plays_a_wild_only_when_nothing_else_fits_naming_its_longest_colour() -> None:
    g = new("G2 G3 G7 Y4 B6 W W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    assert choice("basic", g) == "W:G"


def test_basic_never_challenges_and_keeps_a_wrong_drawn_w4() -> None:
    g = new("R5 G2 G3 Y4 B5 B6 W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9", w4_challenge=True)
    g.play("W4:G")
    assert choice("basic", g) == "accept"
    g2 = new("R5 G2 G3 Y4 B5 B6 B7", "R1 R2 R3 G4 G5 Y6 Y7", "Y9", draw="W4")
    g2.play("draw")
    assert choice("basic", g2) == "keep"  # Y4 is held: the W4 would be wrong
    g3 = new("R5 G2 G3 G4 B5 B6 B7", "R1 R2 R3 Y4 G5 Y6 Y7", "Y9", draw="W4")
    g3.play("draw")
    assert choice("basic", g3) == "play:B"


# --- strong ------------------------------------------------------------------------------


def test_strong_chains_skips_and_draw_twos_to_go_out() -> None:
    # The turn planner orders the chain (the search may override it when its
    # simulated deals say so, which measured better overall).
    g = new("RS RD GS G5 B1 B2 B3", "R1 R2 R3 G4 G6 Y6 Y7", "R9")
    planner = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(planner, UnoStrongPlayer)
    planner.samples = 0
    for _ in range(3):
        move = planner.choose(g.view(0), g.legal_moves())
        assert move in ("RS", "RD", "GS")
        g.play(move)
    assert planner.choose(g.view(0), g.legal_moves()) == "G5"


def test_strong_goes_out_when_it_can() -> None:
    g = new("RS GS G5 B1 B2 B3 B4", "R1 R2 R3 G4 G6 Y6 Y7", "R9")
    st: Any = g.state
    st._hands[0] = [parse_uno_card(c) for c in ("RS", "GS", "G5")]
    st._draw += [parse_uno_card(c) for c in ("B1", "B2", "B3", "B4")]
    for expected in ("RS", "GS", "G5"):
        assert choice("strong", g) == expected
        g.play(expected)
    assert g.view(0)["scores"][0] > 0


def test_strong_keeps_wilds_while_a_coloured_card_fits() -> None:
    g = new("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    assert choice("strong", g) == "R5"


def test_strong_names_a_colour_it_holds() -> None:
    g = new("G2 G3 G7 Y4 B6 W B1", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    # The search weighs the held colours (and drawing instead, keeping the Wild) by
    # simulated deals, where close calls go either way; the planner alone names the
    # colour held most.
    for seed in range(4):
        assert choice("strong", g, seed) in ("W:G", "W:Y", "W:B", "draw")
    planner = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(planner, UnoStrongPlayer)
    planner.samples = 0
    assert planner.choose(g.view(0), g.legal_moves()) == "W:G"


def test_strong_never_plays_a_wrong_w4_by_default() -> None:
    for seed in range(3):
        g = play_hand(("strong", "random"), seed)
        assert not any("penalty" in line for line in g.view(0)["events"])
    g = new("R5 G2 G3 Y4 B5 B6 W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    assert not choice("strong", g).startswith("W4")


def test_strong_stops_an_opponent_about_to_go_out_with_a_draw_two() -> None:
    g = new("R5 RD G3 Y4 B5 B6 B7", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    st: Any = g.state
    moved = st._hands[1][1:]
    st._hands[1] = st._hands[1][:1]
    st._draw += moved
    assert choice("strong", g) == "RD"


def drew_on_blue() -> tuple[parlour.Game, UnoStrongPlayer]:
    """Player 0 plays B8; player 1 has nothing for it and draws R7: player 0's turn,
    with a fresh strong player for seat 0."""
    g = new("B8 B0 G8 G3 Y5 Y6 Y7", "R1 R2 R3 G4 G5 Y1 Y2", "B9", draw="R7", first=0)
    g.play("B8")
    g.play("draw")
    strong = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(strong, UnoStrongPlayer)
    return g, strong


def test_strong_keeps_the_opponent_on_a_colour_it_drew_on() -> None:
    # Player 1 has nothing for B8 and draws R7; player 0 then stays in blue (B0)
    # rather than switch to green (G8), where it holds more cards.
    g, strong = drew_on_blue()
    assert g.to_move == 0 and g.view(0)["opponent_last"] == ["player 1 drew a card"]
    assert strong.choose(g.view(0), g.legal_moves()) == "B0"
    assert isinstance(strong, UnoStrongPlayer) and strong._void == {3: 8}
    # Without that knowledge the turn planner finds green, where it holds more, better.
    unaware = dict(g.view(0), opponent_last=[])
    planner = make_player("uno", "strong")
    assert isinstance(planner, UnoStrongPlayer)
    planner.samples = 0
    assert planner.choose(unaware, g.legal_moves()) == "G8"


def test_strong_tells_what_the_opponent_lacks_and_keeps_its_memory() -> None:
    """``opponent_lacks`` (what the training example shows its agent) probes a copy."""
    g, strong = drew_on_blue()
    # player 1's 8 cards (its 7 and the R7 it drew) hold no blue: it drew on B8
    assert strong.opponent_lacks(g.view(0)) == [0, 0, 0, 8]
    assert strong._void == {}  # the memory is as it was: the run is read again below
    assert strong.choose(g.view(0), g.legal_moves()) == "B0"
    assert strong._void == {3: 8}


def test_strong_challenges_when_the_colour_was_surely_held() -> None:
    # Player 1 (seven cards, four red after the W4) plays a W4 on red: guilty-looking.
    g = new("G2 G3 Y4 B5 B6 B7 B8", "R1 R2 R3 R4 G5 Y6 W4", "R9", w4_challenge=True, first=1)
    g.play("W4:G")
    assert choice("strong", g) == "challenge"


def test_strong_accepts_when_the_opponent_has_one_card_left() -> None:
    g = new("G2 G3 Y4 B5 B6 B7 B8", "R1 R2 R3 R4 G5 Y6 W4", "R9", w4_challenge=True, first=1)
    st: Any = g.state
    moved = [c for c in st._hands[1] if c != 65][1:]
    st._hands[1] = [c for c in st._hands[1] if c not in moved]
    st._draw += moved
    g.play("W4:G")
    assert len(g.view(0)["hand"]) == 7 and g.view(0)["opponent_cards"] == 1
    assert choice("strong", g) == "accept"


def test_strong_bluffs_a_w4_against_an_opponent_who_never_challenges() -> None:
    g = new("R5 G2 G3 Y4 B5 B6 W4", "R1 R2 R3 G4 G5 Y6 Y7", "R9", w4_challenge=True)
    st: Any = g.state
    moved = st._hands[1][1:]
    st._hands[1] = st._hands[1][:1]
    st._draw += moved
    honest = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(honest, UnoStrongPlayer)
    trusting = copy.deepcopy(honest)
    trusting._w4_answers = [30, 0]  # thirty W4s accepted, none challenged
    assert trusting.choose(g.view(0), g.legal_moves()).startswith("W4:")
    wary = copy.deepcopy(honest)
    wary._w4_answers = [0, 30]
    assert not wary.choose(g.view(0), g.legal_moves()).startswith("W4:")


def test_strong_learns_from_challenge_verdicts() -> None:
    p = UnoStrongPlayer(0)
    prior = p._bluff_rate()
    p._verdicts = [(0.9, False)] * 10
    assert p._bluff_rate() < prior
    p._verdicts = [(0.9, True)] * 10
    assert p._bluff_rate() > prior


def test_search_kernel_gives_the_same_counts_compiled_and_plain() -> None:
    hand = parse_uno_cards("R0 R2 G1 Y5 B7 W RS")
    pool = uno_deck()
    for c in hand + [parse_uno_card("R1")]:
        pool.remove(c)
    cands = [(parse_uno_card(t), col) for t, col in (("R0", 0), ("RS", 0), ("G1", 1), ("W", 2))]
    layers = [(5, 2, 3), (2, 1, -1), (6, 3, ANY_WILD)]

    def run(seed: int, plain: bool) -> list[float]:
        top = parse_uno_card("R1")
        return search(hand, pool, 7, 0, layers, [], top, 0, cands, 60, seed, 30, plain=plain).wins

    plain = run(5, True)
    assert len(plain) == 4 and all(0 <= w <= 60 for w in plain)
    assert run(5, False) == plain
    assert run(6, True) != plain
    # Deals weighted by the likelihood of the opponent's plays since its last draw.
    events = [(1, 0, 0, -1), (9, 3, 1, -1)]
    since = [parse_uno_card("B9"), parse_uno_card("G9")]

    def weighted(plain: bool) -> Searched:
        top = parse_uno_card("R1")
        return search(hand, pool, 7, 0, layers, [], top, 0, cands, 60, 5, 30, plain, events, since)

    weighted_plain = weighted(True)
    assert weighted(False) == weighted_plain  # wins and likelihoods alike
    assert weighted_plain.wins != plain and all(0 <= w <= 60 for w in weighted_plain.wins)

    # Every variation of the playout policy, with a renege among the candidates.
    for flags in (NAME_MINE, NAME_MINE | NAME_OPP):
        top = parse_uno_card("R1")
        args = (hand, pool, 7, 0, layers, [], top, 0, [*cands, (-2, -1)], 60, 5, 30)
        found = search(*args, plain=True, flags=flags)
        assert search(*args, flags=flags) == found  # points too
        assert len(found.points) == 5 and all(-500 < p < 500 for p in found.points)
        assert found.wins != search(*args, plain=True).wins

    # The two-level search (my first real choice searched by UCB1 over shared nodes).
    top = parse_uno_card("R1")
    args = (hand, pool, 7, 0, layers, [], top, 0, [*cands, (-2, -1)], 120, 5, 30)
    for ucb_min in (0, 20):
        kw = {"flags": NAME_MINE | NAME_OPP, "ucb": 70, "ucb_min": ucb_min}
        found = search(*args, plain=True, **kw)
        assert search(*args, **kw) == found
        assert all(0 <= w <= 120 for w in found.wins)
        assert found.wins != search(*args, plain=True, flags=kw["flags"]).wins


def _lacks(c: int, col: int, val: int) -> bool:
    """Whether card ``c`` may be one of a layer's cards (see ``parlour.ai.uno.search``)."""
    if c >= UNO_WILD:
        return val == ANY_WILD
    return c >> 4 != col and c & 15 != val


def test_strong_reads_the_opponents_run_soundly() -> None:
    # What strong believes the opponent's cards lack always holds for the real hand.
    checked = 0
    for seed in range(6):
        st = parlour.new_game("uno", seed=seed, target=100_000).state
        assert isinstance(st, Uno)
        strong = make_player("uno", "strong", seed=seed, seat=0)
        other = make_player("uno", "random" if seed % 2 else "basic", seed=seed, seat=1)
        assert isinstance(strong, UnoStrongPlayer)
        while st.outcome is None and st.hand_number == 1:
            seat = st.to_move
            legal = [st.move_str(m) for m in st.legal_moves()]
            view = st.view(seat)
            move = (strong if seat == 0 else other).choose(view, legal)
            if seat == 0:
                layers = sorted(strong._layers)
                held = st._hands[1]
                for k, (n, _, _) in enumerate(layers):
                    lacking = [
                        c for c in held if all(_lacks(c, col, val) for _, col, val in layers[k:])
                    ]
                    assert len(lacking) >= n
                    checked += 1
            st.apply(st.legal_moves()[legal.index(move)])
    assert checked > 10


def test_search_deals_respect_what_the_opponent_showed() -> None:
    # The opponent has one card, known to be no red, no 5 and no Wild: R0 cannot lose
    # to an immediate reply... unless it draws; with the layer the deals never hold red.
    hand = parse_uno_cards("R0 G5")
    pool = uno_deck()
    for c in hand + [parse_uno_card("R5")]:
        pool.remove(c)
    cands = [(parse_uno_card("R0"), 0), (parse_uno_card("G5"), 1)]
    told = search(hand, pool, 1, 0, [(1, 1, 5)], [], 5, 0, cands, 300, 3).wins
    # Leaving green to an opponent known to hold no green and no 5 is nearly safe.
    assert told[1] > told[0]


def test_strong_remembers_what_a_drawing_opponent_lacks() -> None:
    g, strong = drew_on_blue()
    strong.choose(g.view(0), g.legal_moves())
    assert strong._layers == [(8, 3, 8)]  # eight cards: no blue, no 8, no Wild


def test_strong_reads_the_colour_a_drawn_wild_named() -> None:
    # Player 0 plays B3; player 1 has nothing for it, draws W4 and plays it naming
    # green; player 0 draws four and loses the turn; player 1 then plays G4 on green
    # from its hand. That play was chosen among its cards on green: remembered only if
    # the run says what the drawn W4 named (the log once said only "played the drawn
    # card W4").
    g = new("B3 R6 R7 R8 Y7 Y8 Y9", "R1 R2 R4 G4 G6 Y1 Y2", "B9", draw="W4", first=0)
    strong = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(strong, UnoStrongPlayer)
    strong.observe(g.view(0), "B3")
    g.play("B3")
    g.play("draw")
    g.play("play:G")
    g.play("G4")
    assert g.to_move == 0
    assert "player 1 played the drawn card W4 and named green" in g.view(0)["opponent_last"]
    strong.choose(g.view(0), g.legal_moves())
    assert [e[1] for e in strong._events] == [1]  # G4, chosen on green


def test_strong_searches_and_explains_its_choice() -> None:
    g = new("R5 R7 G2 G3 Y4 B5 W", "R1 R2 R3 G4 G5 Y6 Y7", "R9")
    strong = make_player("uno", "strong", seed=0, seat=0)
    move, reason = strong.explain(g.view(0), g.legal_moves())
    assert move in g.legal_moves() and reason
    planner_only = make_player("uno", "strong", seed=0, seat=0)
    assert isinstance(planner_only, UnoStrongPlayer)
    planner_only.samples = 0
    assert planner_only.choose(g.view(0), g.legal_moves()) in g.legal_moves()


def test_uno_state_type() -> None:
    assert isinstance(parlour.new_game("uno", seed=1).state, Uno)
