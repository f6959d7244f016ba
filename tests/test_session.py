"""The session layer: undo/redo, resigning, options and versioned saves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import parlour
from parlour.core.protocol import seat_name
from parlour.core.registry import game_names


@pytest.fixture(params=game_names())
def name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_undo_redo_and_history(name: str) -> None:
    game = parlour.new_game(name, seed=11)
    start = game.state.key()
    first = game.legal_moves()[0]
    assert game.play(first) == first
    assert game.moves == [first]
    assert game.can_undo and not game.can_redo
    assert game.undo() == first
    assert game.state.key() == start and game.moves == []
    assert game.redo() == first
    assert game.moves == [first]
    with pytest.raises(parlour.IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_nothing_to_undo(name: str) -> None:
    game = parlour.new_game(name, seed=1)
    with pytest.raises(parlour.IllegalMoveError, match="nothing to undo"):
        game.undo()


def test_new_move_clears_redo(name: str) -> None:
    game = parlour.new_game(name, seed=2)
    game.play(game.legal_moves()[0])
    game.undo()
    game.play(game.legal_moves()[-1])
    assert not game.can_redo


def test_resign_and_undo_resignation(name: str) -> None:
    game = parlour.new_game(name, seed=3)
    game.resign()
    assert game.outcome is not None and game.outcome.result == "resigned"
    assert game.legal_moves() == []
    with pytest.raises(parlour.GameOverError):
        game.play("anything")
    with pytest.raises(parlour.GameOverError):
        game.resign()
    saved = parlour.load_game(game.to_json())
    assert saved.outcome == game.outcome
    assert game.undo() == "resign"
    assert game.outcome is None


def test_same_seed_same_deal_and_random_seed_is_kept(name: str) -> None:
    a = parlour.new_game(name, seed=42)
    b = parlour.new_game(name, seed=42)
    assert a.state.key() == b.state.key()
    c = parlour.new_game(name)
    assert isinstance(c.seed, int) and c.seed >= 0
    assert parlour.new_game(name, seed=c.seed).state.key() == c.state.key()


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_bad_seed(seed: object) -> None:
    """A precise error a caller can catch by its kind, quoting what was given."""
    with pytest.raises(parlour.InvalidSeedError, match=f"seed must be .*got {seed!r}"):
        parlour.new_game("calculation", seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["   ", "", " zz9 ", "\tq  1 ", "t9  f "])
def test_a_move_refused_is_quoted_as_given(name: str, text: str) -> None:
    """``g.play("   ")`` was refused as "'' is not a move ...", as if nothing had been
    given, and " zz9 " as 'zz9': the message quotes the input as given, as repr does
    (python-chess's "invalid uci: ' e2e4'"), then what is accepted."""
    game = parlour.new_game(name, seed=3)
    with pytest.raises(parlour.InvalidMoveError) as info:
        game.play(text)
    said = str(info.value)
    assert said.startswith(repr(text)), said
    assert re.search(r"moves are|play a card|piles are", said), said  # what is accepted
    assert game.moves == []


def test_help_on_play_says_what_it_takes_and_raises() -> None:
    """``help(g.play)`` said only "Parse and play a move; return its canonical string.":
    not what text it reads nor which errors a caller may catch."""
    doc = parlour.Game.play.__doc__ or ""
    for words in ("rules page", "any case", "legal_moves()", "changes nothing"):
        assert words in doc
    for error in ("InvalidMoveError", "IllegalMoveError", "GameOverError"):
        assert error in doc and hasattr(parlour, error)


def test_the_notation_after_a_refusal_keeps_its_own_case() -> None:
    """A word typed in lower case was put back into the whole message, the game's
    notation help included: "t9 f" was told "... 'f' alone means the first foundation"."""
    with pytest.raises(parlour.InvalidMoveError) as info:
        parlour.new_game("calculation", seed=3).play("t9 f")
    said = str(info.value)
    assert said.startswith("'t9 f' is not a Calculation move: 't9' is no source pile"), said
    assert said.endswith("; 'F' alone means the first foundation the card fits"), said


def test_an_illegal_or_late_move_is_quoted_as_given() -> None:
    game = parlour.new_game("calculation", seed=1)
    illegal = next(m for m in ("W1 F", "W2 F", "W3 F") if m not in game.legal_moves())
    with pytest.raises(parlour.IllegalMoveError, match=f"^{re.escape(repr(' ' + illegal))} is"):
        game.play(" " + illegal)
    game.resign()
    with pytest.raises(parlour.GameOverError, match=r"; ' s w1 ' cannot be played$"):
        game.play(" s w1 ")


def test_unknown_game_and_option() -> None:
    with pytest.raises(parlour.UnknownGameError, match="unknown game 'chess'.*calculation"):
        parlour.new_game("chess")
    with pytest.raises(parlour.InvalidOptionError, match="has no option 'speed'"):
        parlour.new_game("calculation", seed=1, speed=3)


def test_game_names_are_forgiving() -> None:
    assert parlour.new_game("Eight_By_Eight", seed=1).name == "eight-by-eight"
    assert parlour.new_game("8x8", seed=1).name == "eight-by-eight"


def test_save_round_trip(name: str) -> None:
    game = parlour.new_game(name, seed=9)
    for _ in range(5):
        if game.outcome is not None:
            break
        game.play(game.legal_moves()[-1])
    game.meta["opponent"] = "random"
    data = json.loads(game.to_json())
    assert data["format"] == "parlour-save" and data["version"] == 1
    assert data["game"] == name and data["seed"] == 9
    loaded = parlour.load_game(game.to_json())
    assert loaded.state.key() == game.state.key()
    assert loaded.moves == game.moves and loaded.meta == {"opponent": "random"}


def _save(**changes: object) -> str:
    game = parlour.new_game("calculation", seed=4)
    game.play(game.legal_moves()[0])
    data = json.loads(game.to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a parlour save"),
        (_save(version=99), "version 99 is not supported"),
        (_save(game="chess"), "unknown game 'chess'"),
        (_save(moves=["S F9"]), "save move 1 'S F9'"),
        (_save(moves="S W1"), "'moves' must be a list"),
        (_save(options={"bars": 3}), "has no option 'bars'"),
        (_save(seed="x"), "seed"),
        (_save(extra=1), "unknown fields: extra"),
        (_save(resigned_by="me"), "resigned_by"),
        (_save(deck="AH 2D"), "impossible game"),
    ],
)
def test_bad_saves_are_rejected_clearly(text: str, message: str) -> None:
    with pytest.raises(parlour.InvalidSaveError, match=message):
        parlour.load_game(text)


def test_tampered_moves_are_caught() -> None:
    game = parlour.new_game("calculation", seed=5)
    for _ in range(30):
        legal = game.legal_moves()
        to_foundation = [m for m in legal if " F" in m]
        game.play((to_foundation or legal)[0])
    assert any(" F" in m for m in game.moves)
    data = json.loads(game.to_json())
    data["seed"] = 6  # a different deal: the same moves cannot all be played
    with pytest.raises(parlour.InvalidSaveError, match="cannot be played"):
        parlour.load_game(json.dumps(data))


def test_view_of_unknown_player_is_an_error() -> None:
    game = parlour.new_game("calculation", seed=1)
    with pytest.raises(parlour.ParlourError, match="no player 1"):
        game.view(1)


def test_every_sentence_of_the_library_names_a_seat_by_its_index() -> None:
    """One way to write a seat in the library's words: "player N", N the index that
    ``to_move``, ``winner`` and ``view(N)`` take (``parlour simulate``'s table once said
    "Player 2" for the seat its records called "player 1")."""
    assert seat_name(1) == "player 1"
    assert str(parlour.Outcome("won", "x", winner=1)) == "player 1 won: x"
    assert str(parlour.Outcome("resigned", "resigned", loser=0)) == "player 0 resigned"
    game = parlour.new_game("uno", seed=3)
    assert f"{seat_name(game.state.to_move)} to move" in repr(game.state)
    game = parlour.new_game("chinese-patience", seed=2)
    game.resign(1)
    assert str(game.outcome) == "player 1 resigned" and game.outcome.loser == 1


def test_a_move_or_player_of_the_wrong_type_is_a_clear_error(name: str) -> None:
    # a newcomer's slips: play(None), play(5), view("0"); nothing changes
    game = parlour.new_game(name, seed=3)
    before = game.to_json()
    for wrong in (None, 5):
        with pytest.raises(parlour.InvalidMoveError, match=rf"a move is a string .*got {wrong}"):
            game.play(wrong)  # type: ignore[arg-type]
    with pytest.raises(parlour.InvalidPlayerError, match="a player is a number.*got '0'"):
        game.view("0")  # type: ignore[arg-type]
    with pytest.raises(parlour.InvalidPlayerError, match="got True"):
        game.view(True)
    assert game.to_json() == before


@pytest.mark.parametrize("wrong", [None, 5, 2.5, ["format"]])
def test_a_save_of_the_wrong_type_is_a_save_error(wrong: object) -> None:
    """``load_game(None)`` (a file read that gave nothing) said TypeError from json."""
    with pytest.raises(parlour.InvalidSaveError, match=r"a save is the text .*got "):
        parlour.load_game(wrong)  # type: ignore[arg-type]


def test_a_file_name_or_file_given_for_a_save_says_to_read_it(tmp_path: Path) -> None:
    """``load_game("mygame.json")`` (as ``parlour load mygame.json`` reads) said "the file
    is not valid JSON (Expecting value: line 1 column 1 ...)" of a file that is valid."""
    path = tmp_path / "mygame.json"
    path.write_text(parlour.new_game("gate", seed=7).to_json(), encoding="utf-8")
    with pytest.raises(parlour.InvalidSaveError, match=r"'.*mygame\.json' looks like a file name"):
        parlour.load_game(str(path))
    with pytest.raises(parlour.InvalidSaveError, match=r"got a file name .*read_text\(\)"):
        parlour.load_game(path)  # type: ignore[arg-type]
    with (
        path.open(encoding="utf-8") as file,
        pytest.raises(
            parlour.InvalidSaveError, match=r"got an open file .*load_game\(file\.read\(\)\)"
        ),
    ):
        parlour.load_game(file)  # type: ignore[arg-type]
    assert parlour.load_game(path.read_text(encoding="utf-8")).seed == 7
    with pytest.raises(parlour.InvalidSaveError, match="not valid JSON"):
        parlour.load_game("nonsense")  # no extension: just not a save


def test_an_engine_move_given_to_play_names_its_string(name: str) -> None:
    """``g.play(g.state.legal_moves()[0])`` said only "a move is a string such as ...";
    it now says that it is an engine move and which string plays it."""
    game = parlour.new_game(name, seed=3)
    move = game.state.legal_moves()[0]
    text = game.state.move_str(move)
    with pytest.raises(parlour.InvalidMoveError, match="a move is a string, got .*an engine move"):
        game.play(move)  # type: ignore[arg-type]
    with pytest.raises(parlour.InvalidMoveError, match=re.escape(f"its string, {text!r}")):
        game.play(move)  # type: ignore[arg-type]
    assert game.moves == [] and game.play(text) == text


def test_an_option_given_both_ways_must_agree() -> None:
    """``new_game("gate", options={"bars": 3}, bars=4)`` quietly dealt bars=4."""
    with pytest.raises(parlour.InvalidOptionError, match=r"'bars' of gate is given twice, bars=4"):
        parlour.new_game("gate", seed=1, options={"bars": 3}, bars=4)
    assert parlour.new_game("gate", seed=1, options={"bars": 3}, bars=3).options == {"bars": 3}
    assert parlour.new_game("uno", seed=1, options={"target": 200}, first=1).options["first"] == 1


@pytest.mark.parametrize("wrong", [3, "bars=3", ["bars", 3], True])
def test_options_that_are_no_mapping_are_an_option_error(wrong: object) -> None:
    """``new_game("gate", options=3)`` said TypeError: 'int' object is not iterable, and
    ``options="bars=3"`` ValueError: dictionary update sequence element #0 ...; so did
    ``sim.run``."""
    with pytest.raises(parlour.InvalidOptionError, match=r"options of gate are a mapping .*got"):
        parlour.new_game("gate", seed=1, options=wrong)  # type: ignore[arg-type]
    with pytest.raises(parlour.InvalidOptionError, match=r"options of gate are a mapping"):
        parlour.sim.run("gate", games=1, jobs=1, options=wrong)  # type: ignore[arg-type]


def test_past_turns_from_a_move_the_game_has_not_is_a_move_index_error() -> None:
    """``past_turns(0, -1)`` said ValueError: Indices for islice() must be None or an
    integer ...; ``past_turns(0, 9)`` of a game of two moves gave nothing."""
    game = parlour.new_game("gate", seed=7)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert [move for _, move in game.past_turns(0, 1)] == game.moves[1:]
    assert list(game.past_turns(0, 2)) == []
    for wrong in (-1, 3, "1", 1.5, None):
        with pytest.raises(parlour.MoveIndexError, match=r"numbered 0 to 2 \(the number played\)"):
            list(game.past_turns(0, wrong))  # type: ignore[arg-type]


@pytest.mark.parametrize("wrong", [None, 5, ("gate",)])
def test_a_game_name_of_the_wrong_type_is_an_unknown_game(wrong: object) -> None:
    """``new_game(None)`` said AttributeError: 'NoneType' object has no attribute 'strip'."""
    with pytest.raises(parlour.UnknownGameError, match=r"a game is named by a string.*calculation"):
        parlour.new_game(wrong)  # type: ignore[arg-type]
    with pytest.raises(parlour.UnknownGameError):
        parlour.ai.player_levels(wrong)  # type: ignore[arg-type]


def test_a_position_number_outside_the_history_is_a_move_index_error() -> None:
    game = parlour.new_game("gate", seed=7)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.view_before(2, 0)["legal_moves"] == game.legal_moves()
    for wrong in (3, -1, "0", True):
        with pytest.raises(parlour.MoveIndexError, match=r"numbered 0 \(the deal\) to 2"):
            game.view_before(wrong, 0)  # type: ignore[arg-type]
    with pytest.raises(IndexError):  # as it was raised before
        game.view_before(3, 0)


def test_every_seat_taking_method_refuses_a_player_the_game_has_not() -> None:
    """``view_before``, ``past_turns`` and ``render_for`` of player 5 of a patience
    answered as if it were a seat (only ``view`` and ``resign`` refused it)."""
    game = parlour.new_game("gate", seed=7)
    for call in (
        lambda: game.view_before(0, 5),
        lambda: list(game.past_turns(5)),
        lambda: game.render_for(1),
    ):
        with pytest.raises(parlour.InvalidPlayerError, match="player 0 only"):
            call()


def test_the_engine_refuses_a_move_that_is_not_text() -> None:
    """``state.parse_move(5)`` said AttributeError: 'int' object has no attribute 'strip'."""
    state = parlour.new_game("uno", seed=1).state
    with pytest.raises(parlour.InvalidMoveError, match="a move is a string .*got 5"):
        state.parse_move(5)  # type: ignore[arg-type]


def test_a_deck_of_one_card_is_one_card() -> None:
    with pytest.raises(parlour.InvalidDeckError, match="the deck has 1 card;"):
        parlour.new_game("gate", seed=0, deck="AS")


def test_an_unknown_player_level_is_an_option_error() -> None:
    from parlour.ai import make_player

    with pytest.raises(parlour.InvalidOptionError, match="unknown player 'grandmaster'"):
        make_player("uno", "grandmaster")


def test_every_public_member_of_game_says_what_it_is_for() -> None:
    """``help(parlour.Game)`` is where a library user reads the API: each public method
    and property has a docstring."""
    import inspect

    bare = [
        name
        for name, member in inspect.getmembers(parlour.Game)
        if not name.startswith("_")
        and (callable(member) or isinstance(member, property))
        and not inspect.getdoc(member)
    ]
    assert bare == []


@pytest.mark.parametrize("name", game_names())
def test_a_finished_game_has_no_legal_moves(name: str) -> None:
    """As ``Game.legal_moves`` says: empty once the game is over, however it ended."""
    import random

    game = parlour.new_game(name, seed=11)
    choose = random.Random(11)
    for _ in range(3000):
        if game.is_over:
            break
        game.play(choose.choice(game.legal_moves()))
    if game.is_over:
        assert game.legal_moves() == [] and game.view(0)["legal_moves"] == []
    game = parlour.new_game(name, seed=11)
    game.resign()
    assert game.legal_moves() == [] and game.view(0)["legal_moves"] == []


def test_play_makes_the_legal_moves_once_per_position(name: str) -> None:
    """A player's loop (``legal_moves()`` then ``play`` one of them) makes the position's
    legal moves once, not once for the list and again to check the move: making them
    was most of what ``play`` cost over ``state.apply`` (benchmarks/bench_play.py)."""
    game = parlour.new_game(name, seed=3)
    state = game._state  # not game.state: a state handed out is never trusted unchanged
    made = 0
    engine_moves = state.legal_moves

    def counted() -> list[object]:
        nonlocal made
        made += 1
        return engine_moves()

    state.legal_moves = counted  # type: ignore[method-assign]
    for _ in range(5):
        if game.is_over:
            break
        before = made
        game.play(game.legal_moves()[-1])
        assert made == before + 1


def test_the_legal_moves_follow_every_change_of_position(name: str) -> None:
    """The legal moves kept between ``legal_moves`` and ``play`` are those of the
    position now after a move, an undo, a redo, or a move applied to ``game.state``
    directly (handing out the state drops them), and an alias still plays."""
    game = parlour.new_game(name, seed=5)

    def engine_moves() -> list[str]:
        state = game.state
        return [state.move_str(m) for m in state.legal_moves()]

    first = game.legal_moves()
    game.play(first[0])
    assert game.legal_moves() == engine_moves()
    game.undo()
    assert game.legal_moves() == first == engine_moves()
    game.redo()
    assert game.legal_moves() == engine_moves()
    if not game.is_over:
        game.legal_moves()
        state = game.state
        state.apply(state.legal_moves()[0])
        assert game.legal_moves() == engine_moves()
    fresh = parlour.new_game(name, seed=5)
    fresh.legal_moves()
    assert fresh.play(first[0].lower()) == first[0]  # not canonical: parsed as before
    fresh.resign()
    assert fresh.legal_moves() == []
    with pytest.raises(parlour.GameOverError):
        fresh.play(first[1] if len(first) > 1 else first[0])


def test_a_state_equals_the_same_position_and_is_not_hashable(name: str) -> None:
    """States compared by identity and hashed by identity, so ``state.copy() == state``
    was False and a set of states held one position many times. As python-chess's
    boards: equal when the game and position are (hidden cards included, as ``key()``
    says), and unhashable, since a state changes as it is played (``key()`` is the
    hashable form)."""
    from collections.abc import Hashable

    state = parlour.new_game(name, seed=2).state
    twin = state.copy()
    assert twin == state and twin is not state
    assert parlour.new_game(name, seed=2).state == state  # dealt again: the same
    assert parlour.new_game(name, seed=3).state != state
    assert state != state.key() and state != "x"
    twin.apply(twin.legal_moves()[0])
    assert twin != state
    with pytest.raises(TypeError, match="unhashable type"):
        hash(state)
    with pytest.raises(TypeError, match="unhashable type"):
        _ = {state}
    assert not isinstance(state, Hashable)
    assert len({state.key(), state.copy().key()}) == 1
