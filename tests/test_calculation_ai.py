"""Calculation fair player and solver: view-only choices, reasons, solutions that replay."""

from __future__ import annotations

import io
import re
import sys

import pytest

import parlour
from parlour.ai import hint, make_player, player_levels
from parlour.ai.calculation import CalculationFairPlayer, CalculationStrongPlayer
from parlour.ai.hints import best_level
from parlour.cards import cards_str, parse_cards, rank_words
from parlour.games.calculation import Calculation
from parlour.rng import Rng

NAME = "calculation"
VARIANTS = [{}, {"classic": True}]


def play_out(game: parlour.Game, player: CalculationFairPlayer, limit: int = 200) -> None:
    """Let the player finish the game (every move goes through the normal API)."""
    while game.outcome is None and limit:
        legal = game.legal_moves()
        move = player.choose(game.view(0), legal)
        assert move in legal
        game.play(move)
        limit -= 1
    assert game.outcome is not None


# --- the fair player --------------------------------------------------------


def test_the_players_are_registered_and_the_strong_one_gives_hints() -> None:
    assert player_levels(NAME) == ["random", "fair", "strong"]
    assert best_level(NAME) == "strong"
    assert isinstance(make_player(NAME, "fair", seed=3), CalculationFairPlayer)
    assert isinstance(make_player(NAME, "strong", seed=3), CalculationStrongPlayer)


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fair_player_plays_legal_moves_to_the_end(seed: int, options: dict[str, bool]) -> None:
    play_out(parlour.new_game(NAME, seed=seed, options=options), CalculationFairPlayer(seed))


def test_fair_player_wins_some_deals() -> None:
    won = 0
    for seed in range(8):
        game = parlour.new_game(NAME, seed=seed)
        play_out(game, CalculationFairPlayer(seed))
        assert game.outcome is not None
        won += game.outcome.result == "won"
    assert won >= 2  # it wins over half of all deals; 8 deals lose them all rarely


def _stock_reshuffled(seed: int, keep: int) -> tuple[str, str]:
    """Two decks alike in the foundations and the first ``keep`` stock cards only."""
    deal = parse_cards(Calculation.new(seed, None, {}).deal_str())
    head, tail = deal[: 4 + keep], deal[4 + keep :]
    other = list(tail)
    while other == tail:
        Rng(seed).shuffle(other)
    return cards_str(deal), cards_str(head + other)


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [0, 5])
def test_fair_player_sees_only_the_view(seed: int, options: dict[str, bool]) -> None:
    """Changing the hidden stock order changes nothing until the cards themselves differ."""
    first, second = _stock_reshuffled(seed, keep=12)
    a = parlour.new_game(NAME, deck=first, options=options)
    b = parlour.new_game(NAME, deck=second, options=options)
    pa, pb = CalculationFairPlayer(1), CalculationFairPlayer(1)
    steps = 0
    while a.view(0) == b.view(0) and a.outcome is None:
        move = pa.choose(a.view(0), a.legal_moves())
        assert pb.choose(b.view(0), b.legal_moves()) == move
        a.play(move)
        b.play(move)
        steps += 1
    assert steps >= 12


# --- the strong player (play-outs of sampled stock orders) -------------------


@pytest.mark.parametrize("options", VARIANTS)
def test_strong_player_plays_legal_moves_to_the_end(options: dict[str, bool]) -> None:
    play_out(parlour.new_game(NAME, seed=4, options=options), CalculationStrongPlayer(4, 0.03))


@pytest.mark.parametrize("options", VARIANTS)
def test_strong_player_sees_only_the_view(options: dict[str, bool]) -> None:
    first, second = _stock_reshuffled(5, keep=6)
    a = parlour.new_game(NAME, deck=first, options=options)
    b = parlour.new_game(NAME, deck=second, options=options)
    pa, pb = CalculationStrongPlayer(1, 0.03), CalculationStrongPlayer(1, 0.03)
    steps = 0
    while a.view(0) == b.view(0) and a.outcome is None:
        move = pa.explain(a.view(0), a.legal_moves())
        assert pb.explain(b.view(0), b.legal_moves()) == move
        a.play(move[0])
        b.play(move[0])
        steps += 1
    assert steps >= 6


def test_the_hint_is_the_same_whatever_the_hidden_order() -> None:
    first, second = _stock_reshuffled(2, keep=4)
    a = parlour.new_game(NAME, seed=0, deck=first)
    b = parlour.new_game(NAME, seed=0, deck=second)
    for game in (a, b):
        for _ in range(3):
            game.play(hint(game, seconds=0).move)
    assert a.view(0) == b.view(0)
    got = hint(a, seconds=0.1)
    assert got == hint(b, seconds=0.1)
    # the play-outs said in words, not counts ("wins 161 of 504 play-outs ...")
    assert re.search(
        r", and it keeps the most deals winnable \((about \d+ in \d+|[a-z ]+)\)$", got.reason
    )
    assert "play-outs" not in got.reason


def test_hint_plays_a_needed_card_and_says_why() -> None:
    game = parlour.new_game(NAME, seed=3)  # the current card 2H is what F1 needs
    got = hint(game, seconds=0)
    assert got.move == "S F1"
    assert got.reason == "plays 2H to F1: next needed there"


def test_hint_reasons_name_cards_and_piles() -> None:
    game = parlour.new_game(NAME, seed=0)
    reasons = []
    for _ in range(12):
        got = hint(game, seconds=0)
        assert got.move in game.legal_moves()
        reasons.append(got.reason)
        game.play(got.move)
    assert reasons[0] == "puts QS on the empty W1: it blocks no card there"
    assert "plays QS from W1 to F4: next needed there" in reasons
    assert "puts KH on the empty W2: Kings are wanted last, keep them apart" in reasons
    assert any("(a run in its order)" in r for r in reasons)


def test_hint_reasons_say_ranks_as_people_do() -> None:
    """Ranks as people say them: "no other foundation still wants an Ace", "F3 takes
    an 8 just before a Jack"; never a rank's letter ("a T"), never "a 8"."""
    game = parlour.new_game(NAME, seed=1)
    said: set[str] = set()
    while game.outcome is None:
        got = hint(game, seconds=0)
        said.update(re.findall(r"(?:wants|takes|before) (an? \w+)", got.reason))
        game.play(got.move)
    assert {"an Ace", "an 8", "a 10", "a Jack", "a Queen", "a King"} <= said
    assert said <= {rank_words(r) for r in range(1, 14)}


def test_cli_demo_plays_the_deal_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", NAME, "--seed", "3", "--demo"]) == 0
    out = capsys.readouterr().out
    assert "1. The computer plays 2♥ from the stock to F1." in out and "[S F1]" in out
    # a sentence longer than a line goes on under it (a demo is drawn at 80 columns)
    assert "the game is won." in " ".join(out.split()) and out.count("Game over") <= 1


# --- the solver -------------------------------------------------------------

BASES = ["AH", "2D", "3S", "4C"]


def tail_position(options: dict[str, bool]) -> parlour.Game:
    """F2-F4 complete and F1 at 7 (every earlier stock card played at once); the
    stock ends 9 T J Q K 8. Classic: five cards wanted in rising order must share four
    piles before the 8 comes, so one covers a card wanted sooner: lost. With the
    empty-pile move the K on the Q can move once the 9, T and J have gone up: won."""
    from parlour.cards import card_str, french_deck, rank
    from parlour.games.calculation import SEQUENCES

    pool: dict[int, list[str]] = {}
    for c in french_deck():
        if card_str(c) not in BASES:
            pool.setdefault(rank(c), []).append(card_str(c))
    prefix = [(1, r) for r in SEQUENCES[0][:6]]
    prefix += [(f, r) for f in (2, 3, 4) for r in SEQUENCES[f - 1]]
    stock = [pool[r].pop() for _, r in prefix] + [pool[r].pop() for r in (9, 10, 11, 12, 13, 8)]
    game = parlour.new_game(NAME, deck=" ".join(BASES + stock), options=options)
    for f, _ in prefix:
        game.play(f"S F{f}")
    return game


def replay(game: parlour.Game, moves: tuple[str, ...] | None) -> None:
    assert moves is not None
    for move in moves:
        assert game.play(move) == move
    assert game.outcome is not None and game.outcome.result == "won"


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solutions_replay_to_a_win(seed: int, options: dict[str, bool]) -> None:
    from parlour.ai.solver import Budget, solve

    result = solve(parlour.new_game(NAME, seed=seed, options=options), Budget(nodes=20_000))
    if result.status == "solved":
        replay(parlour.new_game(NAME, seed=seed, options=options), result.moves)
    else:
        assert result.status == "unknown" and options  # classic deals may stay undecided


def test_hand_made_position_unwinnable_classic_winnable_with_empty_pile_move() -> None:
    from parlour.ai.solver import Budget, solve

    result = solve(tail_position({"classic": True}), Budget(nodes=5_000))
    assert result.status == "unwinnable"
    assert str(result).startswith("unwinnable: no line wins")
    game = tail_position({})
    result = solve(game, Budget(nodes=5_000))
    assert result.status == "solved"
    replay(game, result.moves)


def test_budget_running_out_is_undecided() -> None:
    from parlour.ai.solver import Budget, solve

    result = solve(parlour.new_game(NAME, seed=6, options={"classic": True}), Budget(nodes=64))
    assert result.status == "unknown"


def test_cli_solve_prints_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["solve", NAME, "--seed", "1", "--budget", "20000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Calculation, deal 1: winnable: a winning line of ")


# --- the solver's pruning rules against a plain search ----------------------------


def brute_force(state: Calculation) -> bool:
    """Whether the position wins: every legal move of the engine, no pruning, memoized
    on the position with suits dropped (a reference for the solver's rules)."""
    failed: set[object] = set()

    def key(s: Calculation) -> object:
        found, waste, stock = s.key()  # type: ignore[misc]
        return (
            tuple(f[-1] >> 2 for f in found),
            tuple(tuple(c >> 2 for c in w) for w in waste),
            tuple(c >> 2 for c in stock),
        )

    def wins(s: Calculation) -> bool:
        outcome = s.outcome
        if outcome is not None:
            return outcome.result == "won"
        k = key(s)
        if k in failed:
            return False
        for move in s.legal_moves():
            t = s.copy()
            t.apply(move)
            if wins(t):
                return True
        failed.add(k)
        return False

    return wins(state)


def endgames(options: dict[str, bool], left: int, count: int) -> list[Calculation]:
    """Positions with ``left`` stock cards to come, reached by the fair player (or at
    random where it has already lost), from seeded deals."""
    out = []
    rng = Rng(99)
    seed = 0
    while len(out) < count:
        game = parlour.new_game(NAME, seed=seed, options=options)
        player = CalculationFairPlayer(seed)
        seed += 1
        state = game.state
        assert isinstance(state, Calculation)
        while game.outcome is None and game.view(0)["stock_count"] > left:
            legal = game.legal_moves()
            move = player.choose(game.view(0), legal) if rng.random() < 0.8 else rng.choice(legal)
            game.play(move)
        if game.outcome is None:
            state = game.state
            assert isinstance(state, Calculation)
            out.append(state.copy())
    return out


@pytest.mark.parametrize("options", VARIANTS)
def test_solver_agrees_with_a_plain_search_on_endgames(options: dict[str, bool]) -> None:
    """Safe moves, the empty-pile move rule, the classic dead-position test and the
    proofs of complete beams never change the answer."""
    from parlour.ai.calculation import solve_calculation
    from parlour.ai.solver import Budget

    answers = []
    for state in endgames(options, left=3, count=10):
        truth = brute_force(state.copy())
        result = solve_calculation(state.copy(), Budget())
        assert result.status == ("solved" if truth else "unwinnable")
        answers.append(truth)
    assert any(answers) and not all(answers)  # both kinds were tested
