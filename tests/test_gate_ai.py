"""The Gate fair player and solver: view-only choices, no cycling, hints, solutions that
replay through the normal API, proofs on hand-made decks, the budget, the CLI."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.ai import hint, make_player, player_levels
from parlour.ai.gate import NO_WAY, GateFairPlayer, GateStrongPlayer, solve_gate
from parlour.ai.gate.player import ENDGAME_NODES, ENDGAME_TOTAL, explore
from parlour.ai.gate.position import Pos, pos_key, pos_of_gate, unneeded
from parlour.ai.gate.rollout import play_out as fair_play_out
from parlour.ai.gate.sampling import END_NODES, ROLLOUT_LIMIT, candidates
from parlour.ai.hints import best_level
from parlour.ai.solver import Budget, solve
from parlour.cards import card_str, french_deck, parse_card, parse_cards
from parlour.core.protocol import GameState
from parlour.core.session import Game
from parlour.errors import GameOverError, ParlourError
from parlour.games.gate import Gate
from parlour.rng import Rng

NAME = "gate"
DATA = Path(__file__).parent / "data"
VARIANTS: list[dict[str, Any]] = [{}, {"bars": 3}]


def deck_with(layout: str, last: str = "") -> str:
    """A full deck: ``layout`` (lay-out order), then every other card in pack order, with
    the cards of ``last`` at the bottom of the stock (dealt last)."""
    first = parse_cards(layout)
    tail = parse_cards(last)
    rest = [c for c in french_deck() if c not in first and c not in tail]
    return " ".join(card_str(c) for c in first + rest + tail)


# Frozen lay-outs: the four Aces lie in the left post above a card that can never move
# (it fits no foundation, no bar top takes it, and no bar space can ever open), every
# bar card is a Two or a King, whose only children (Aces, Queens) are locked in the
# posts, and no bar card builds on another. Nothing can ever go home: unwinnable.
FROZEN_4 = deck_with("AC AD AH AS 9C  2C 2D 2H 2S  KC KD KH KS  QC QD QH QS 9D")
FROZEN_3 = deck_with("AC AD AH AS 9C  2C 2D 2H  2S KC KS  QD QH 7C 8C 9D")
# The same 3-bar lay-out with the black Ace exposed: it goes home, the other Aces follow,
# then the Twos, and everything comes out.
OPEN_3 = deck_with("9C AD AH AS AC  2C 2D 2H  2S KC KS  QD QH 7C 8C 9D")
# Unwinnable too (the Aces are locked), but QS can go onto a red King and, once JH (the
# last card of the stock) joins it, QS-JH can be shifted between KD and KH for ever.
SHUTTLE_3 = deck_with("AC AD AH AS 9C  2C 2D 2H  2S KD KH  QC 7C 8C 9D QS", last="JD JH")


def gate(deck: str, **options: Any) -> Game:
    return parlour.new_game(NAME, seed=0, deck=deck, options=options)


def replay(game: Game, moves: tuple[str, ...] | None) -> None:
    assert moves is not None
    for move in moves:
        assert game.play(move) == move  # every solver move is canonical
    assert game.outcome is not None and game.outcome.result == "won"


def play_out(state: GameState, player: GateFairPlayer, limit: int = 2000) -> int:
    """Lets ``player`` play ``state`` until the game ends or it is stuck; returns moves."""
    seen = set()
    moves = 0
    while state.outcome is None and moves < limit:
        view = state.view(0)
        move, reason = player.explain(view, view["legal_moves"])
        assert move in view["legal_moves"]
        assert reason and "\n" not in reason
        if player.stuck:
            assert reason == NO_WAY
            return moves
        key = state.key()
        assert key not in seen, "the fair player came back to a position"
        seen.add(key)
        state.apply(state.parse_move(move))
        moves += 1
    assert moves < limit, "the fair player neither finished nor gave up"
    return moves


# --- the fair player --------------------------------------------------------


def test_the_players_are_registered_and_the_strong_one_gives_hints() -> None:
    assert player_levels(NAME) == ["random", "fair", "strong"]
    assert best_level(NAME) == "strong"
    assert isinstance(make_player(NAME, "fair", seed=3), GateFairPlayer)
    assert isinstance(make_player(NAME, "strong", seed=3), GateStrongPlayer)


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [0, 1, 5])
def test_fair_player_plays_legal_moves_and_never_repeats_a_position(
    seed: int, options: dict[str, Any]
) -> None:
    play_out(Gate.new(seed, None, options), GateFairPlayer(seed))


def test_fair_player_wins_most_deals() -> None:
    wins = 0
    for seed in range(6):
        state = Gate.new(seed, None, {})
        play_out(state, GateFairPlayer(seed))
        outcome = state.outcome
        wins += outcome is not None and outcome.result == "won"
    assert wins >= 4


def _stock_reshuffled(seed: int, options: dict[str, Any], hidden: int) -> tuple[str, str]:
    """Two decks with the same lay-out and stock except for the order of the last
    ``hidden`` stock cards (the first ones dealt stay, so the views agree for a while)."""
    deal = parse_cards(Gate.new(seed, None, options).deal_str())
    tail = deal[-hidden:]
    Rng(seed + 99).shuffle(tail)
    other = deal[:-hidden] + tail
    assert other != deal
    return " ".join(map(card_str, deal)), " ".join(map(card_str, other))


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [2, 7])
def test_fair_player_does_not_see_the_stock_order(seed: int, options: dict[str, Any]) -> None:
    first, second = _stock_reshuffled(seed, options, hidden=14)
    a = gate(first, **options)
    b = gate(second, **options)
    pa, pb = GateFairPlayer(1), GateFairPlayer(1)
    steps = 0
    while a.view(0) == b.view(0) and a.outcome is None:
        move = pa.explain(a.view(0), a.legal_moves())
        assert pb.explain(b.view(0), b.legal_moves()) == move
        a.play(move[0])
        b.play(move[0])
        steps += 1
    assert steps >= 20  # the two games differ only once the reshuffled cards come up


def test_fair_player_forgets_the_last_deal() -> None:
    player = GateFairPlayer(0)
    state = Gate.new(1, None, {})
    for _ in range(30):
        view = state.view(0)
        state.apply(state.parse_move(player.choose(view, view["legal_moves"])))
    fresh = Gate.new(2, None, {}).view(0)
    assert player.choose(fresh, fresh["legal_moves"]) == GateFairPlayer(0).choose(
        fresh, fresh["legal_moves"]
    )


def test_fair_player_says_when_no_move_leads_anywhere() -> None:
    game = gate(SHUTTLE_3, bars=3)
    player = GateFairPlayer(0)
    play_out(game.state, player)
    assert player.stuck
    state = game.state
    assert state.outcome is None and state.legal_moves()  # moves remain, none helps
    assert state.view(0)["stock_count"] == 0


# --- the strong player (positions to deal from judged on sampled stock orders) -


@pytest.mark.parametrize("options", VARIANTS)
def test_strong_player_plays_legal_moves_and_never_repeats_a_position(
    options: dict[str, Any],
) -> None:
    play_out(Gate.new(3, None, options), GateStrongPlayer(3, 0.1))


def test_strong_player_judges_by_play_outs_late_in_the_stock_and_never_repeats() -> None:
    """From where the stock is low, at a budget that compares candidates on play-outs:
    legal moves, no position twice, an end, and reasons that say what the samples said."""
    game = parlour.new_game(NAME, seed=4, bars=3)
    fair = GateFairPlayer(4)
    while game.view(0)["stock_count"] > 16:
        game.play(fair.choose(game.view(0), game.legal_moves()))
    player = GateStrongPlayer(4, 0.3)
    reasons: list[str] = []
    explain = player.explain

    def noting(view: Any, legal: Any) -> tuple[str, str]:
        move, reason = explain(view, legal)
        reasons.append(reason)
        return move, reason

    player.explain = noting  # type: ignore[method-assign]
    play_out(game.state, player)
    assert any("dealing from there keeps the most deals winnable" in r for r in reasons)


@pytest.mark.parametrize("options", VARIANTS)
def test_strong_player_does_not_see_the_stock_order(options: dict[str, Any]) -> None:
    first, second = _stock_reshuffled(2, options, hidden=14)
    a = gate(first, **options)
    b = gate(second, **options)
    pa, pb = GateStrongPlayer(1, 0.1), GateStrongPlayer(1, 0.1)
    steps = 0
    while a.view(0) == b.view(0) and a.outcome is None:
        move = pa.explain(a.view(0), a.legal_moves())
        assert pb.explain(b.view(0), b.legal_moves()) == move
        a.play(move[0])
        b.play(move[0])
        steps += 1
    assert steps >= 20


def test_the_hint_is_the_same_whatever_the_hidden_order() -> None:
    """Late in the stock, where the strong player samples: the same moves on a deck
    whose undealt cards lie in another order give the same view and the same hint."""
    a = parlour.new_game(NAME, seed=4, bars=3)
    while a.view(0)["stock_count"] > 16:
        a.play(hint(a, seconds=0).move)
    deal = parse_cards(Gate.new(4, None, {"bars": 3}).deal_str())
    left = a.view(0)["stock_count"]
    tail = deal[-left:]
    Rng(5).shuffle(tail)
    b = gate(" ".join(map(card_str, deal[:-left] + tail)), bars=3)
    for move in a.moves:
        b.play(move)
    assert a.view(0) == b.view(0) and a.state.key() != b.state.key()
    got = hint(a, seconds=0.3)
    assert got == hint(b, seconds=0.3)
    # the play-outs said in words, not counts ("wins 3 of 40 play-outs on ...")
    assert ", and dealing from there keeps the most deals winnable (" in got.reason
    assert "play-outs" not in got.reason


def test_hint_gives_the_fair_players_move_with_a_reason() -> None:
    game = parlour.new_game(NAME, seed=1)
    got = hint(game, seconds=0)
    assert got.move == "T3 F"
    assert got.reason == "plays AC to F1: next needed there"
    got = hint(gate(FROZEN_3, bars=3), seconds=0)
    assert got.move == "deal"
    assert got.reason.startswith(
        "nothing on the table helps first; it turns the next stock card onto W"
    )


def test_hint_when_stuck_after_the_stock_is_out() -> None:
    game = gate(SHUTTLE_3, bars=3)
    player = GateFairPlayer(0)
    play_out(game.state, player)
    # the same position reached through the session: the hint says nothing helps
    replayed = Game(game.state.copy(), 0, None, {"bars": 3})
    assert hint(replayed, seconds=0).reason == NO_WAY


def test_seed_970141_ends_without_a_loop() -> None:
    """Issue 23: with 3-card bars the fair player once shuttled ``B1 T2`` / ``T2 B1`` from
    about move 75 for ever (a simulation spent 25 minutes on this deal). It now says,
    within a hundred moves, that no move leads anywhere."""
    game = parlour.new_game(NAME, seed=970141, bars=3)
    moves = play_out(game.state, GateFairPlayer(970141), limit=150)
    assert game.outcome is None and moves < 150
    assert hint(game, seconds=0).reason == NO_WAY


def _start(deck: str, bars: int) -> tuple[Pos, bytes]:
    return pos_of_gate(gate(deck, bars=bars).state)


def test_play_outs_win_what_the_fair_policy_wins_and_lose_the_frozen_deals() -> None:
    for deck, won in ((OPEN_3, 1.0), (FROZEN_3, 0.0)):
        p, stock = _start(deck, 3)
        assert fair_play_out(p, stock, ROLLOUT_LIMIT, END_NODES)[0] == won


def test_a_play_out_with_the_stock_out_is_the_solvers_verdict() -> None:
    game = gate(SHUTTLE_3, bars=3)
    play_out(game.state, GateFairPlayer(0))
    p, stock = pos_of_gate(game.state)
    assert p[4] == 0 and stock == b""
    assert fair_play_out(p, stock, ROLLOUT_LIMIT, END_NODES)[0] == 0.0  # proved unwinnable


def test_the_candidates_are_the_fair_choice_the_way_to_it_and_the_next_best() -> None:
    here = _start(OPEN_3, 3)[0]
    parent, scored = explore(here, frozenset(), 300)
    ranked = [k for _, k in sorted(scored, key=lambda item: -item[0])]
    keys = candidates(pos_key(here), parent, ranked)
    assert keys[0] == ranked[0] != pos_key(here) and keys[1] == pos_key(here)
    assert len(set(keys)) == len(keys)
    way = keys[1 : keys.index(parent[ranked[0]][0]) + 1]  # here, one move on, ...
    for earlier, later in itertools.pairwise([*way, ranked[0]]):
        assert parent[later][0] == earlier  # each one move on from the one before
    assert (
        keys[len(way) + 1 :]
        == [k for k in ranked if k not in keys[: len(way) + 1]][: len(keys) - len(way) - 1]
    )


def test_searches_to_the_end_have_a_budget_for_the_whole_game() -> None:
    """Seed 1,000,583 (3-card bars): once the stock was out, the search to the end ran
    out of nodes again after each card home, about a second each (13 s for the deal).
    The searches of one game now share ENDGAME_TOTAL nodes; then the player judges by
    eye, and still ends the game."""
    game = parlour.new_game(NAME, seed=1_000_583, bars=3)
    player = GateFairPlayer(0)
    play_out(game.state, player)
    spent = player._mem.endgame_nodes
    assert ENDGAME_TOTAL <= spent < ENDGAME_TOTAL + ENDGAME_NODES


def test_unneeded_cards_have_their_lower_cards_of_the_other_colour_home() -> None:
    five_h = parse_card("5H")
    assert not unneeded((4, 0, 4, 3), five_h)  # the Four of spades is still out
    assert unneeded((4, 0, 4, 4), five_h)
    assert unneeded((0, 0, 0, 0), parse_card("AD"))


# --- the solver -------------------------------------------------------------


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_solutions_replay_to_a_win(seed: int, options: dict[str, Any]) -> None:
    result = solve(parlour.new_game(NAME, seed=seed, options=options), Budget(nodes=50_000))
    assert result.status == "solved"
    replay(parlour.new_game(NAME, seed=seed, options=options), result.moves)


@pytest.mark.parametrize("name", ["gate_won_game.txt", "gate_won_game_bars3.txt"])
def test_the_books_won_games_are_solved(name: str) -> None:
    bars, deck = 4, ""
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("bars "):
            bars = int(line.split()[1])
        elif line.startswith("deck "):
            deck = line[5:]
    result = solve(gate(deck, bars=bars), Budget(nodes=50_000))
    assert result.status == "solved"
    replay(gate(deck, bars=bars), result.moves)


def test_solving_mid_game_after_deals() -> None:
    game = parlour.new_game(NAME, seed=4, bars=3)
    player = GateFairPlayer(4)
    while game.state.view(0)["stock_count"] > 20:
        game.play(player.choose(game.view(0), game.legal_moves()))
    result = solve(game, Budget(nodes=50_000))
    assert result.status == "solved"
    replay(game, result.moves)


@pytest.mark.parametrize(
    ("deck", "options"), [(FROZEN_4, {}), (FROZEN_3, {"bars": 3}), (SHUTTLE_3, {"bars": 3})]
)
def test_hand_made_unwinnable_deals_are_proved(deck: str, options: dict[str, Any]) -> None:
    result = solve(gate(deck, **options), Budget(nodes=100_000))
    assert result.status == "unwinnable"
    assert result.moves is None
    assert str(result).startswith("unwinnable: no line wins")


def test_hand_made_winnable_deal_is_solved_and_replays() -> None:
    result = solve(gate(OPEN_3, bars=3), Budget(nodes=10_000))
    assert result.status == "solved"
    replay(gate(OPEN_3, bars=3), result.moves)


def test_budget_running_out_is_undecided() -> None:
    result = solve(parlour.new_game(NAME, seed=3), Budget(nodes=30))
    assert result.status == "unknown"
    assert result.moves is None
    assert str(result).startswith("undecided: the budget ran out")


def test_solver_leaves_the_game_alone() -> None:
    game = parlour.new_game(NAME, seed=4)
    before = game.state.key()
    solve(game, Budget(nodes=20_000))
    assert game.state.key() == before and game.moves == []


def test_solve_and_hint_on_a_finished_game() -> None:
    game = gate(OPEN_3, bars=3)
    replay(game, solve(game, Budget(nodes=10_000)).moves)
    with pytest.raises(GameOverError, match="nothing to solve"):
        solve(game)
    with pytest.raises(GameOverError, match="nothing to hint"):
        hint(game, seconds=0)


def test_the_solver_refuses_another_game() -> None:
    other = parlour.new_game("eight-by-eight", seed=1)
    with pytest.raises(ParlourError, match="cannot solve"):
        solve_gate(other.state.copy(), Budget(nodes=10))


# --- through the command line -----------------------------------------------


def test_cli_solve_prints_a_winning_line(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["solve", NAME, "--seed", "1", "--budget", "10s"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Gate, deal 1: winnable: a winning line of ")
    assert "[T3 F]" in out
    assert main(["solve", NAME, "--seed", "1", "bars=3", "--budget", "50000"]) == 0
    assert capsys.readouterr().out.startswith("The Gate, deal 1: winnable: ")


def test_cli_solve_proves_a_hand_made_deck_unwinnable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from parlour.cli import main

    assert main(["solve", NAME, "--deck", FROZEN_4, "--budget", "10s"]) == 0
    assert "unwinnable: no line wins" in capsys.readouterr().out


def test_cli_demo_plays_the_deal_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    from parlour.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", NAME, "--seed", "1", "--demo"]) == 0
    out = capsys.readouterr().out
    assert "1. The computer plays A♣ from T3 to F1.  [T3 F]" in out
    # a sentence longer than a line goes on under it (a demo is drawn at 80 columns)
    said = " ".join(out.split("\n  "))
    assert "Every card is on the foundations: the game is won.  [" in said
