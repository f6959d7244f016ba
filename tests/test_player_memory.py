"""A computer player created for a game under way is told the game so far.

Hints, the web app's computer opponent and a reloaded game all create a fresh
player; ``caught_up`` replays the seat's own earlier views into it, so a player
with a memory (The Gate's positions seen, UNO's reading of the opponent's draws)
chooses as it would have had it played from the start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import parlour
from parlour.ai import Player, caught_up, hint, make_player
from parlour.ai import hints as hints_module


class Recorder(Player):
    """Remembers what it was told."""

    level = "recorder"

    def __init__(self) -> None:
        super().__init__(0)
        self.told: list[tuple[Mapping[str, Any], str]] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return legal[0]

    def observe(self, view: Mapping[str, Any], move: str) -> None:
        self.told.append((view, move))


def test_past_turns_are_the_seats_own_views_and_moves_in_order() -> None:
    game = parlour.new_game("uno", seed=5)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    played = game.moves
    replay = parlour.new_game("uno", seed=5)
    expected: dict[int, list[tuple[dict[str, Any], str]]] = {0: [], 1: []}
    for move in played:
        seat = replay.to_move
        expected[seat].append((replay.view(seat), move))
        replay.play(move)
    for seat in (0, 1):
        turns = list(game.past_turns(seat))
        assert turns == expected[seat]
        assert all(view["player"] == seat for view, _ in turns)
    assert len(expected[0]) + len(expected[1]) == len(played)


def test_caught_up_tells_the_player_every_earlier_turn() -> None:
    game = parlour.new_game("calculation", seed=2)
    for _ in range(6):
        game.play(game.legal_moves()[-1])
    player = caught_up(Recorder(), game, 0)
    assert [move for _, move in player.told] == game.moves


def test_an_undone_move_is_forgotten() -> None:
    game = parlour.new_game("calculation", seed=2)
    for _ in range(3):
        game.play(game.legal_moves()[-1])
    game.undo()
    assert [move for _, move in caught_up(Recorder(), game, 0).told] == game.moves


def test_hints_use_a_player_that_knows_the_game_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[int] = []

    def spy(player: Player, game: parlour.Game, seat: int) -> Player:
        told.append(len(list(game.past_turns(seat))))
        return player

    monkeypatch.setattr(hints_module, "caught_up", spy)
    game = parlour.new_game("gate", seed=1)
    for _ in range(4):
        game.play(hint(game, seconds=0).move)
    assert told == [0, 1, 2, 3]


def test_following_the_gate_hints_never_cycles() -> None:
    """Seed 1 with 3-card bars: hints from a player without memory went round in a
    loop of shifts for ever; told the positions already seen, they win the deal."""
    game = parlour.new_game("gate", seed=1, bars=3)
    seen: set[str] = set()
    for _ in range(300):
        if game.outcome is not None:
            break
        position = game.render()
        assert position not in seen, f"position repeated after {game.moves}"
        seen.add(position)
        game.play(hint(game, seconds=0).move)
    outcome = game.outcome
    assert outcome is not None and outcome.result == "won"


def test_following_the_eight_by_eight_hints_never_repeats_a_position() -> None:
    """Until the hint says that nothing leads anywhere (where a demo stops)."""
    game = parlour.new_game("eight-by-eight", seed=17)
    seen: set[str] = set()
    for _ in range(400):
        suggestion = hint(game, seconds=0)
        if "no move leads anywhere" in suggestion.reason:
            break
        position = game.render()
        assert position not in seen, f"position repeated after {game.moves}"
        seen.add(position)
        game.play(suggestion.move)
    else:
        pytest.fail("the hints neither finished the deal nor said it was stuck")
    assert len(seen) > 100


@pytest.mark.parametrize("seed", [3, 8])
def test_a_caught_up_uno_player_knows_what_the_one_that_played_knows(seed: int) -> None:
    """What the opponent showed (colours it lacks after drawing, its plays since) and
    the player's own last move: the same whether it played the hand or was told it."""
    game = parlour.new_game("uno", seed=seed)
    players = [
        make_player("uno", "random", seed=seed, seat=0),
        make_player("uno", "strong", seed=seed, seat=1),
    ]
    memory = (
        "_hand_number",
        "_void",
        "_layers",
        "_events",
        "_since",
        "_last",
        "_after",
        "_last_drawn",
        "_last_size",
    )
    checked = 0
    while game.outcome is None and checked < 15:
        seat = game.to_move
        game.play(players[seat].choose(game.view(seat), game.legal_moves()))
        if seat == 1:
            told = caught_up(make_player("uno", "strong", seed=seed, seat=1), game, 1)
            assert {k: getattr(told, k) for k in memory} == {
                k: getattr(players[1], k) for k in memory
            }
            checked += 1
    assert checked >= 5


def test_past_turns_from_a_move_on_are_the_later_ones() -> None:
    game = parlour.new_game("uno", seed=5)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    everything = list(game.past_turns(0))
    later = list(game.past_turns(0, start=7))
    assert later == everything[len(everything) - len(later) :]
    assert 0 < len(later) < len(everything)


@pytest.mark.parametrize("opts", [{}, {"w4_challenge": True}])
def test_a_recalled_player_chooses_as_a_fresh_caught_up_one(opts: dict[str, Any]) -> None:
    """``Recall`` (the server's computer opponent) tells a kept player only the new
    turns; its choices are those of a fresh player told the whole game, undo included."""
    from parlour.ai import Recall
    from parlour.rng import derived_seed

    game = parlour.new_game("uno", seed=11, **opts)
    recall = Recall()
    opponent = make_player("uno", "basic", seed=11, seat=0)
    checked = undone = 0
    while game.outcome is None and len(game.moves) < 240:
        seat = game.to_move
        if seat == 0:
            game.play(opponent.choose(game.view(0), game.legal_moves()))
            continue
        seed = derived_seed(11, f"web-move-{len(game.moves)}")
        fresh = caught_up(make_player("uno", "strong", seed=seed, seat=1), game, 1)
        kept = recall.player(game, "strong", seed, 1)
        view, legal = game.view(1), game.legal_moves()
        move = fresh.explain(view, legal)
        assert kept.explain(view, legal) == move
        checked += 1
        game.play(move[0])
        if checked % 25 == 0 and len(game.moves) > 4:  # an undo: the recall starts again
            for _ in range(3):
                game.undo()
            undone += 1
    assert checked > 60 and undone >= 2
