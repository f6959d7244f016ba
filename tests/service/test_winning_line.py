"""The solver's winning line in the table's words: told as the solver's play (never
"You play": the person did not play it), each move with where it is in the line, so
every front end can step through it and count it in the same words."""

from __future__ import annotations

import re

import pytest

from parlour.core.events import KINDS, Event
from parlour.errors import GameNotOverError, ParlourError
from parlour.service import open_service, policy
from parlour.service.words import (
    LINE_DEAL,
    SOLVER,
    Names,
    line_counter,
    sentence,
    solver_names,
)

ME = "me"
#: A "you" or "your" anywhere in a sentence.
YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def test_the_verdict_and_its_line_wait_for_the_end() -> None:
    """They would show the hidden cards of a game that can still be played on."""
    table = open_service(":memory:")
    game = table.start(ME, "gate", seed=4)
    with pytest.raises(GameNotOverError, match="over for good"):
        table.verdict(ME, game["id"])
    with pytest.raises(GameNotOverError, match="over for good"):
        table.winning_line(ME, game["id"])


@pytest.mark.parametrize(("game", "seed"), [("calculation", 1), ("gate", 4), ("eight-by-eight", 1)])
def test_a_winning_line_is_the_solvers_and_counts_its_moves(game: str, seed: int) -> None:
    table = open_service(":memory:")
    over = table.resign(ME, table.start(ME, game, seed=seed)["id"])
    moves = table.verdict(ME, over["id"])["moves"]
    assert moves, f"deal {seed} of {game} is winnable"
    steps = table.winning_line(ME, over["id"])
    total = len(moves)
    # the line starts from the untouched deal (step 0), then one step a move
    deal, *played = steps
    assert deal["move"] == "" and deal["events"] == [] and deal["number"] == 0
    assert deal["counter"] == "The deal" and deal["text"] == LINE_DEAL
    assert deal["view"] == table.start(ME, game, seed=seed)["view"]
    assert [s["move"] for s in played] == moves
    assert [s["number"] for s in steps] == list(range(total + 1))
    assert {s["total"] for s in steps} == {total}
    assert played[0]["counter"] == f"Move 1 of {total}"
    assert steps[-1]["counter"] == f"Move {total} of {total}"
    for step in steps:
        told = [step["text"], *(e["text"] for e in step["events"])]
        assert not any(YOU.search(text) for text in told), told
    assert played[0]["text"].startswith("The solver ")
    assert steps[-1]["text"].endswith("Every card is on the foundations: the game is won.")
    # the table after each move is the person's own view of it, as their game's is
    assert steps[-1]["view"]["player"] == over["view"]["player"]


def test_the_persons_own_game_is_still_told_as_theirs() -> None:
    """The line's words are the line's only: the log of the game played says "You"."""
    table = open_service(":memory:")
    game = table.start(ME, "gate", seed=4)
    played = table.play(ME, game["id"], game["view"]["legal_moves"][0])
    over = table.resign(ME, played["id"])
    table.winning_line(ME, over["id"])
    log = table.get(ME, over["id"])["log"]
    assert any(entry["text"].startswith("You ") for entry in log)


def test_a_line_is_refused_while_the_game_can_go_on() -> None:
    table = open_service(":memory:")
    game = table.start(ME, "calculation", seed=1)
    with pytest.raises(ParlourError):
        table.winning_line(ME, game["id"])


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_move_is_told_as_the_solvers(kind: str) -> None:
    names = solver_names(Names(0, ("you", "the computer"), {"L": "the left post"}))
    event = Event(kind, who=0, cards=("7D",), count=2, source="L", target="F1", value="R")
    text = sentence(event, names)
    assert not YOU.search(text), text
    assert "player " not in text and "their" not in text, text


def test_the_solvers_words() -> None:
    names = solver_names(Names())
    play = Event("play", who=0, cards=("7H",), source="stock", target="W2")
    assert sentence(play, names) == "The solver plays 7♥ from the stock to W2."
    assert names.possessive(0) == "its" and names.subject(0) == SOLVER
    assert line_counter(12, 280) == "Move 12 of 280"
    assert line_counter(0, 280) == "The deal"


def test_a_deal_the_solver_could_not_decide_is_undecided_in_every_front_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The library's status for a solver out of budget is ``"unknown"`` (kept: saved
    games' verdicts and users' code hold it), which ``parlour solve`` told as
    "undecided" and the table as "could not decide": now both start with the one word
    of ``STATUS_WORDS``, "undecided", and the verdict keeps the status as it was."""
    from parlour.ai import deals
    from parlour.ai.solver import STATUS_WORDS, SolveResult
    from parlour.cli import main

    assert STATUS_WORDS == {
        "solved": "winnable",
        "unwinnable": "unwinnable",
        "unknown": "undecided",
    }
    out_of_budget = SolveResult("unknown", None, 10, 0.0)
    assert str(out_of_budget).startswith("undecided: the budget ran out")
    monkeypatch.setattr(deals, "verdict", lambda game: out_of_budget)
    table = open_service(":memory:")
    over = table.resign(ME, table.start(ME, "gate", seed=4)["id"])
    verdict = table.verdict(ME, over["id"])
    assert verdict["status"] == "unknown"
    assert verdict["text"].startswith("Undecided: ")
    assert table.verdict(ME, over["id"]) == verdict  # read back from the saved game
    for status, word in STATUS_WORDS.items():
        moves = ["x"] if status == "solved" else None
        found = {"status": status, "moves": moves, "nodes": 1, "seconds": 0.0}
        assert policy.verdict(found)["text"].startswith(word.capitalize() + ": ")
    assert main(["solve", "gate", "--seed", "4", "--budget", "10"]) == 0
    assert capsys.readouterr().out.startswith("The Gate, deal 4: undecided: the budget ran out")


def test_a_won_patience_says_why_without_saying_it_is_won_twice() -> None:
    """Was: "You won! Every card is on the foundations: the game is won." The headline
    says the result; the detail says why (the log keeps its whole sentence)."""
    table = open_service(":memory:")
    over = table.resign(ME, table.start(ME, "calculation", seed=1)["id"])
    moves = table.verdict(ME, over["id"])["moves"]
    game = table.start(ME, "calculation", seed=1)["id"]
    for move in moves:
        answer = table.play(ME, game, move)
    end = answer["end"]
    assert end is not None and end["headline"] == "You won!"
    assert end["detail"] == "Every card is on the foundations."
    assert answer["log"][-1]["text"].endswith("Every card is on the foundations: the game is won.")
