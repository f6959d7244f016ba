"""A patience's last cards go home by themselves (``GameState.finishing_line``, the
answer's ``finish``) once nothing is left to choose or to find out: every card left
in view, each going home in turn. Never while a card is hidden, even where sending
the cards home would win: the line would tell how the hidden cards lie."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.ai.solver import solve
from parlour.cards import card
from parlour.core.protocol import home_run
from parlour.service import open_service
from parlour.service.words import finish_words

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
        game.play(move)
        # each card's answer offers the rest, as a search from there finds it
        assert answer["finish"] == [game.state.move_str(m) for m in game.state.finishing_line()]
    assert answer["result"] == "won" and answer["finish"] == []


def test_a_line_is_searched_once_for_all_its_cards(
    lines: dict[str, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service keeps the finish of every position along the line it found: the
    35 cards of a Gate sent home, one move each, search once, where each answer
    searched again (36 searches of up to 35 moves), and a card taken back and played
    again is answered from what was kept."""
    from parlour.games.gate import Gate

    searches = []
    search = Gate.finishing_line
    monkeypatch.setattr(Gate, "finishing_line", lambda s: searches.append(1) or search(s))
    table = open_service(":memory:")
    answer = table.start("me", "gate", seed=WON["gate"])
    for move in lines["gate"]:
        if answer["finish"]:
            break
        answer = table.play("me", answer["id"], move)
    searches.clear()
    left = len(answer["finish"])
    table.play("me", answer["id"], answer["finish"][0])
    table.undo("me", answer["id"])
    done = table.send_home("me", answer["id"])
    assert done["result"] == "won" and done["message"] == finish_words(left)
    assert searches == []


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


def first_legal_each_time(state: Any) -> list[Any]:
    """The line the finish took before it searched the orders: the first legal move
    home each time (``home_run`` with every move called safe)."""
    return home_run(state, lambda m, s=state: goes_home(s, m), lambda _s, _m: True)


def calculation_in_two_orders() -> Any:
    """A Calculation deal at its last stock card, a King, where the first legal move
    home each time loses: F2 and F4 want a King at the end, W4 holds K♦ on the 9 that
    F4 needs, and the first order puts the stock's King on F2, leaving K♦ nowhere to
    go. K♦ first, then 9♥ and the stock's King on F4, wins. The stock feeds each
    foundation its cards in order, then the waste piles."""
    up = {1: "23456789TJQK", 3: "69Q258JA47TK", 2: "468TQA3579", 4: "8Q37J2"}
    waste = [("A", 1), ("J", 2), ("T", 2), ("6", 2), ("5", 3), ("9", 4), ("K", 4)]
    steps = [(r, f"F{f}") for f, ranks in up.items() for r in ranks]
    steps += [(r, f"W{w}") for r, w in waste] + [("K", "")]
    bases = ["AH", "2D", "3S", "4C"]
    suits = {r: [s for s in "CDHS" if f"{r}{s}" not in bases] for r in "A23456789TJQK"}
    stock = [f"{r}{suits[r].pop()}" for r, _ in steps]
    game = parlour.new_game("calculation", deck=" ".join([*bases, *stock]))
    for _, target in steps[:-1]:
        game.play(f"S {target}")
    return game


def test_calculation_finishes_where_only_another_order_wins() -> None:
    game = calculation_in_two_orders()
    state: Any = game.state
    assert state.all_seen() and first_legal_each_time(state) == [], "the first order loses"
    line = [state.move_str(m) for m in state.finishing_line()]
    assert line[:2] == ["W2 F4", "W2 F4"] and "W4 F2" in line and line[-1] == "S F4", line
    for move in line:
        game.play(move)
    assert game.outcome is not None and game.outcome.result == "won"


def eight_by_eight_in_two_orders() -> Any:
    """An 8 x 8 end where the first legal move home each time loses: every suit home
    but hearts, one foundation of hearts at 4♥, the other at 2♥; T1 holds a 5♥, the
    waste both 6♥ to K♥ in order, then 4♥, the other 5♥ and 3♥ on top. The first
    order sends T1's 5♥ up as soon as it fits, and the waste's 5♥ then waits for the
    4♥ under it; the waste's 5♥ must go first, T1's to the other foundation after 4♥."""
    game = parlour.new_game("eight-by-eight", seed=1)
    state: Any = game.state
    heart = "CDHS".index("H")
    kings = [card(13, s) for s in range(4) if s != heart]
    state.found = [*kings, *kings, card(4, heart), card(2, heart)]
    higher = [card(r, heart) for r in range(13, 5, -1) for _ in range(2)]
    state.waste = (*higher, card(4, heart), card(5, heart), card(3, heart))
    state.rows = [(card(5, heart),), *[()] * 7]
    state.down, state.talon, state.pending = [0] * 8, (), 0
    return game


def test_eight_by_eight_finishes_where_only_another_order_wins() -> None:
    """Two copies of each card: which one goes up first matters."""
    game = eight_by_eight_in_two_orders()
    state: Any = game.state
    assert state.all_seen() and first_legal_each_time(state) == [], "the first order loses"
    line = [state.move_str(m) for m in state.finishing_line()]
    assert line[:3] == ["W F", "W F", "W F"], line
    for move in line:
        game.play(move)
    assert game.outcome is not None and game.outcome.result == "won"
