"""A patience's last cards go home by themselves (``GameState.finishing_line``, the
answer's ``finish``) once nothing is left to choose or to find out: every card left
in view, each going home in turn. Never while a card is hidden, even where sending
the cards home would win: the line would tell how the hidden cards lie."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.ai.solver import solve
from parlour.core.protocol import home_run
from parlour.service import open_service

#: Deals the solver wins in a second or two, and the moves of their winning lines.
WON = {"gate": 2, "eight-by-eight": 2, "calculation": 3}


def moves_to_the_finish(name: str, seed: int) -> tuple[list[str], int]:
    """The solver's moves of a won deal up to the one whose position offers the
    finish, and how many cards the finish then sends home (for the tables' tests)."""
    game = parlour.new_game(name, seed=seed)
    moves: list[str] = []
    for move in solve(game).moves or []:
        game.play(move)
        moves.append(move)
        if game.state.finishing_line():
            break
    return moves, len(game.state.finishing_line())


def goes_home(state: Any, move: Any) -> bool:
    """A move onto a foundation, as its string names it ("W1 F3", "T4 F")."""
    return str(state.move_str(move)).split()[-1].startswith("F")


@pytest.fixture(scope="module")
def lines() -> dict[str, list[str]]:
    found = {name: solve(parlour.new_game(name, seed=seed)) for name, seed in WON.items()}
    assert all(f.status == "solved" for f in found.values())
    return {name: list(f.moves or []) for name, f in found.items()}


@pytest.mark.parametrize("name", sorted(WON))
def test_the_last_cards_home_are_offered_once_and_win(
    name: str, lines: dict[str, list[str]]
) -> None:
    game = parlour.new_game(name, seed=WON[name])
    offered: list[Any] = []
    for move in lines[name]:
        offered = game.state.finishing_line()
        if offered:
            break
        game.play(move)
    assert offered, "a won deal ends with its cards going home"
    assert game.state.all_seen(), "offered only once nothing is hidden"
    for move in offered:
        assert goes_home(game.state, move), game.state.move_str(move)
        game.play(game.state.move_str(move))
    assert game.outcome is not None and game.outcome.result == "won"


def in_order() -> str:
    """A Calculation deck whose stock comes in the order its foundations take it:
    every card goes home as it is turned, the stock hidden all the while."""
    ranks = "A23456789TJQK"
    bases = {"H": 0, "D": 1, "S": 2, "C": 3}  # A, 2, 3, 4: foundation n builds by n
    runs = {
        suit: [ranks[(base + k * (base + 1)) % 13] + suit for k in range(1, 13)]
        for suit, base in bases.items()
    }
    stock = [runs[suit][k] for k in range(12) for suit in "HDSC"]
    return " ".join(["AH", "2D", "3S", "4C", *stock])


def hidden_wins(game: Any, name: str, moves: list[str]) -> int:
    """How many positions of ``moves`` would be won by sending the cards home while a
    card is hidden (each checked to offer no line)."""
    found = 0
    for move in [*moves, None]:
        state: Any = game.state
        hidden = state._top + 1 < len(state._stock) if name == "calculation" else any(state.down)
        if hidden and home_run(state, lambda m, s=state: goes_home(s, m)):
            found += 1
            assert state.finishing_line() == [], state.deal_str()
        if move is not None:
            game.play(move)
    return found


def test_no_line_home_while_a_card_is_hidden(lines: dict[str, list[str]]) -> None:
    """Calculation's stock below the current card and 8 x 8's face-down cards: where
    sending the cards home would win (they lie in order), nothing is offered until
    they are seen."""
    ordered = parlour.new_game("calculation", deck=in_order())
    assert hidden_wins(ordered, "calculation", []) == 1
    # 8 x 8 where its cards are sent home, one row's cards but its top turned down
    played = parlour.new_game("eight-by-eight", seed=WON["eight-by-eight"])
    for move in lines["eight-by-eight"]:
        if played.state.finishing_line():
            break
        played.play(move)
    state: Any = played.state
    row = max(range(8), key=lambda n: len(state.rows[n]))
    assert len(state.rows[row]) >= 2
    state.down[row] = len(state.rows[row]) - 1
    assert hidden_wins(played, "eight-by-eight", []) == 1


def test_the_answer_offers_the_line_to_the_person_to_move(lines: dict[str, list[str]]) -> None:
    table = open_service(":memory:")
    answer = table.start("me", "gate", seed=WON["gate"])
    game = parlour.new_game("gate", seed=WON["gate"])
    for move in lines["gate"]:
        assert answer["finish"] == [game.state.move_str(m) for m in game.state.finishing_line()]
        if answer["finish"]:
            break
        answer = table.play("me", answer["id"], move)
        game.play(move)
    assert answer["finish"]
    for move in answer["finish"]:
        answer = table.play("me", answer["id"], move)
    assert answer["result"] == "won" and answer["finish"] == []


def test_the_service_sends_the_last_cards_home_for_a_table(lines: dict[str, list[str]]) -> None:
    """``TableService.send_home``: what the terminal tables do with an answer's
    ``finish``, each card a move in the log, one sentence in the service's words; a
    position that offers none is answered as it is."""
    table = open_service(":memory:")
    answer = table.start("me", "calculation", seed=WON["calculation"])
    assert table.send_home("me", answer["id"])["message"] is None
    for move in lines["calculation"]:
        if answer["finish"]:
            break
        answer = table.play("me", answer["id"], move)
    left, played = len(answer["finish"]), answer["moves_played"]
    done = table.send_home("me", answer["id"])
    assert done["message"] == f"The last {left} cards go to the foundations by themselves."
    assert done["outcome"] is not None and done["outcome"]["result"] == "won"
    assert done["moves_played"] == played + left
    # its log is the whole line's, each card's move told (a table shows them all)
    whole = table.get("me", answer["id"])["log"]
    assert len(done["log"]) >= left and done["log"] == whole[-len(done["log"]) :]
    assert done["log_start"] == done["log"][0]["n"]
