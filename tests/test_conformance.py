"""The conformance suite: one set of checks run over every registered game.

Random playouts over many seeds check, at every step, what every game promises:
every card present exactly once (or as often as the pack holds it), every
legal move round-trips through its canonical string, undo restores the exact
position and redo the next one, copies are independent, views are JSON; at the
end, save/load round-trips and the same seed plays the same game.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest

import parlour
from parlour.core.registry import game_class, game_names
from parlour.rng import Rng

MAX_STEPS = 250
#: The default variants' seeds are split over this many tests (seed % PARTS), so that
#: the two CI workers share the longest games instead of one worker waiting on them.
PARTS = 4


def played(*patterns: str) -> Callable[[parlour.Game], bool]:
    """A check that a game's moves include one matching each of ``patterns``."""
    return lambda game: all(
        any(re.fullmatch(pattern, move) for move in game.moves) for pattern in patterns
    )


def talon_spent_with_moves_left(game: parlour.Game) -> bool:
    """8 x 8: the last pass's talon used up, the game not over (moves are left)."""
    view = game.view(0)
    return game.outcome is None and view["stock_count"] == 0 and view["pass"] == view["passes"]


def a_hand_won_with_a_draw_two(game: parlour.Game) -> bool:
    """UNO: a hand ended by a Draw Two (the loser draws two before the hand is scored)."""
    again = parlour.new_game(game.name, deck=game.state.deal_str(), **game.options)
    for move in game.moves:
        hand = again.view(0)["hand_number"]
        again.play(move)
        if again.view(0)["hand_number"] != hand and re.fullmatch("[RGYB]D", move):
            return True
    return False


#: Deals played besides the first ``--seeds`` of each variant: seed -> a check that its
#: playout still reaches the rare path it is here for. The default run plays 50 seeds a
#: game (an option's variant a quarter of them); with these deals it reaches what 150
#: did: coverage.py's branch coverage of parlour.games, core, cards and rng is the 150
#: seeds' own, every line and branch (2,510 branches; measured one seed at a time on
#: 2026-11-27), and each variant plays every kind of move it played in 150 (a Wild
#: turned up and its colour named, a card played with the UNO call, a pass, a match
#: over). The long run (``--seeds 1000``) plays many more.
TARGETED: dict[str, dict[int, Callable[[parlour.Game], bool]]] = {
    "eight-by-eight": {99: talon_spent_with_moves_left},
    "uno-uno_call=True": {27: played("play uno", "[RGYB]D uno"), 36: played("colour:[RGYB]")},
    "uno-w4_challenge=True": {
        25: a_hand_won_with_a_draw_two,
        36: played("colour:[RGYB]"),
    },
    "uno-first=0": {36: played("colour:[RGYB]")},
    "uno-first=1": {
        16: played("pass"),
        23: lambda game: game.outcome is not None,
        36: played("colour:[RGYB]"),
    },
}


def variants() -> list[tuple[str, dict[str, Any], int]]:
    """(game, options, share of the seeds) for defaults and each non-default option."""
    result: list[tuple[str, dict[str, Any], int]] = []
    for name in game_names():
        cls = game_class(name)
        result.append((name, {}, 1))
        for spec in cls.option_specs:
            if spec.kind is bool:
                result.append((name, {spec.name: not spec.default}, 4))
            elif spec.choices:
                for choice in spec.choices:
                    if choice != spec.default:
                        result.append((name, {spec.name: choice}, 4))
    return result


def variant_id(v: tuple[str, dict[str, Any], int]) -> str:
    name, options, _ = v
    return name + "".join(f"-{k}={val}" for k, val in options.items())


def playout(name: str, options: dict[str, Any], seed: int) -> parlour.Game:
    game = parlour.new_game(name, seed=seed, **options)
    state = game.state
    pack = Counter(state.all_cards())
    chooser = Rng(seed + 1_000_003)
    for _ in range(MAX_STEPS):
        if game.outcome is not None:
            assert game.legal_moves() == [], "a finished game has no legal moves"
            break
        state = game.state
        moves = state.legal_moves()
        assert moves, f"{name} seed {seed}: no legal move but no outcome"
        strings = [state.move_str(m) for m in moves]
        assert len(set(strings)) == len(strings), f"duplicate move strings: {strings}"
        assert strings == game.legal_moves()
        # Every move's string parses back to it. parse_move looks the text up among
        # the legal moves, which it would work out again for each of the strings
        # (a large share of the playouts' time): here it is handed the list above.
        with mock.patch.object(type(state), "legal_moves", lambda _self, legal=moves: legal):
            for move, text in zip(moves, strings, strict=True):
                assert state.parse_move(text) == move, f"{text!r} does not parse back"
        # Lower case and extra spaces are accepted too (checked on one move a step).
        sample = strings[chooser.randbelow(len(strings))]
        assert state.parse_move(
            "  " + sample.lower().replace(" ", "   ") + " "
        ) == state.parse_move(sample)
        view = game.view(game.to_move)
        json.dumps(view)
        assert view["legal_moves"] == strings
        key_before = state.key()
        choice = strings[chooser.randbelow(len(strings))]
        snapshot = state.copy()
        assert game.play(choice) == choice
        assert snapshot.key() == key_before, "apply changed a copy taken before it"
        after = game.state.key()
        assert Counter(game.state.all_cards()) == pack, "cards were created or lost"
        game.undo()
        assert game.state.key() == key_before, "undo did not restore the position"
        game.redo()
        assert game.state.key() == after, "redo did not replay the move"
    return game


def check_board_end(game: parlour.Game) -> None:
    """``render_for(end=False)`` is the board less the line saying the game is over
    (for a front end that tells the end itself): the same board in play, at most
    one line fewer once it is over, nothing else changed; ``scores=False``, the board
    without a match's running scores."""
    for player in range(game.players):
        full = game.render_for(player).splitlines()
        bare = game.render_for(player, end=False).splitlines()
        assert "scores:" not in game.render_for(player, scores=False)
        if not game.is_over:
            assert bare == full, "a game in play has no end line to leave out"
            continue
        assert len(full) - len(bare) in (0, 1), (full, bare)
        assert all(line in full for line in bare) and "over:" not in "\n".join(bare).lower()


def variant_parts() -> list[tuple[tuple[str, dict[str, Any], int], int, int]]:
    """(variant, part, parts): each default game's seeds in :data:`PARTS` tests."""
    return [
        (v, part, parts)
        for v in variants()
        for parts in [PARTS if v[2] == 1 else 1]
        for part in range(parts)
    ]


def variant_part_id(vp: tuple[tuple[str, dict[str, Any], int], int, int]) -> str:
    variant, part, parts = vp
    return variant_id(variant) + (f"-part{part + 1}of{parts}" if parts > 1 else "")


@pytest.mark.parametrize("variant_part", variant_parts(), ids=variant_part_id)
def test_random_playouts(
    variant_part: tuple[tuple[str, dict[str, Any], int], int, int], conformance_seeds: int
) -> None:
    variant, part, parts = variant_part
    name, options, share = variant
    seeds = max(1, conformance_seeds // share)
    targeted = TARGETED.get(variant_id(variant), {})
    chosen = [seed for seed in targeted if seed >= seeds and seed % parts == part]
    for seed in [*range(part, seeds, parts), *chosen]:
        game = playout(name, options, seed)
        if seed in targeted:
            assert targeted[seed](game), f"deal {seed} no longer reaches what it is played for"
        check_board_end(game)
        # Save and load round-trip: same moves, same exact position.
        loaded = parlour.load_game(game.to_json())
        assert loaded.moves == game.moves
        assert loaded.state.key() == game.state.key()
        assert loaded.outcome == game.outcome
        # Same seed, same moves: the same game.
        again = parlour.new_game(name, seed=seed, **options)
        assert again.state.deal_str() == game.state.deal_str()
        for move in game.moves:
            again.play(move)
        assert again.state.key() == game.state.key()
        # The deal written out, alone, deals the same game, move for move.
        from_deck = parlour.new_game(name, deck=game.state.deal_str(), **options)
        assert from_deck.state.deal_str() == game.state.deal_str()
        for move in game.moves:
            from_deck.play(move)
        assert from_deck.state.key() == game.state.key()


@pytest.mark.parametrize("name", game_names())
def test_views_are_json_for_every_player(name: str) -> None:
    game = parlour.new_game(name, seed=3)
    for player in range(game.players):
        view = game.view(player)
        assert json.loads(json.dumps(view))["game"] == name
        assert view["player"] == player


@pytest.mark.parametrize("name", game_names())
def test_registry_metadata(name: str) -> None:
    cls = game_class(name)
    assert cls.summary and "\n" not in cls.summary
    assert cls.help_text
    assert parlour.games()[name] == cls.summary
    from importlib.resources import files

    assert files("parlour").joinpath("rules", cls.rules_file).is_file()


@pytest.mark.parametrize("name", game_names())
def test_bad_input_changes_nothing(name: str) -> None:
    game = parlour.new_game(name, seed=5)
    key = game.state.key()
    for text in ["", "xyzzy", "F9 F9", "T0 T0 T0 T0", "   ", "play play play"]:
        with pytest.raises(parlour.ParlourError) as info:
            game.play(text)
        assert isinstance(info.value, ValueError)
        assert str(info.value)
    assert game.state.key() == key
    assert game.moves == []


@pytest.mark.parametrize("name", game_names())
def test_a_bad_move_is_quoted_as_typed(name: str) -> None:
    # the games read upper-cased text: 'zz q' came back as 'ZZ' in the message
    game = parlour.new_game(name, seed=5)
    with pytest.raises(parlour.InvalidMoveError) as info:
        game.play("zz q")
    assert "'zz q'" in str(info.value) and "'ZZ" not in str(info.value)


@pytest.mark.parametrize("name", game_names())
def test_a_player_the_game_does_not_have(name: str) -> None:
    game = parlour.new_game(name, seed=5)
    with pytest.raises(parlour.InvalidPlayerError, match=f"no player {game.players} in {name}"):
        game.view(game.players)


@pytest.mark.parametrize("name", game_names())
def test_a_board_given_up_without_its_end_line(name: str) -> None:
    game = parlour.new_game(name, seed=5)
    check_board_end(game)
    game.resign()
    check_board_end(game)
    for player in range(game.players):
        assert "resigned" not in game.render_for(player, end=False)
