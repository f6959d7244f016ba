"""Chinese Patience's counts after the status line, and a match's scores, are the
service's words, the same in the web app (answer.counts, step.counts) and the
terminal (``TableService.text``), and the end states the score as the rules define
it (the loser's hand plus their discard pile)."""

from __future__ import annotations

import inspect
import re

from parlour.service import open_service
from parlour.service.words import blocked_words, stock_left_words, talon_left_words

ME = "me"


def test_counts_are_the_cards_left_and_the_blocked_count_in_one_wording() -> None:
    table = open_service(":memory:")
    answer = table.start(ME, "chinese-patience", seed=5, opponent="random")
    counts = answer["counts"]
    assert counts is not None
    assert re.fullmatch(
        r"Cards left \(hand and discard pile\): you \d+, the computer \d+; "
        r"\d+ of 60 turns without a card to a foundation\. Series game 1\.",
        counts,
    ), counts
    # a narrow screen's two lines: the same counts in fewer words
    assert answer["counts_narrow"] is not None
    short, blocked = answer["counts_narrow"]
    assert re.fullmatch(r"Cards left: you \d+, the computer \d+\.", short), short
    assert re.fullmatch(r"\d+ of 60 turns, no card to a foundation\. Game 1\.", blocked), blocked
    assert short.removesuffix(".").removeprefix("Cards left") in counts
    text = table.text(ME, answer["id"])
    assert counts in text and "blocked" not in text  # was "blocked 0/60" in the CLI
    assert blocked_words(3, 60) == "3 of 60 turns without a card to a foundation"
    for _ in range(3000):  # cards home first, then end each turn: a short game
        if answer["outcome"] is not None:
            break
        legal = answer["legal_moves"]
        home = [m for m in legal if " " in m and m.split()[-1] in "1234"]
        ends = [m for m in legal if m == "end"] or [m for m in legal if m == "twist"]
        answer = table.play(ME, answer["id"], (home or ends or legal)[0])
        for step in answer["computer_moves"]:
            assert step["counts"] and step["counts"].startswith("Cards left")
            assert (step["counts_narrow"] or [""])[0].startswith("Cards left: ")
    end = answer["end"]
    assert end is not None and end["result"] == "lost"
    view = answer["view"]
    mine = view["hand_counts"][0] + len(view["discard"][0])
    assert end["score"] == mine > view["hand_counts"][0]  # the discard pile counts too
    # over, and not blocked: the count towards a blocked game is not said any more
    assert answer["counts"] == (
        f"Cards left (hand and discard pile): you {mine}, the computer 0. Series game 1."
    )
    assert answer["counts_narrow"] == [f"Cards left: you {mine}, the computer 0. Game 1."]
    assert end["detail"].endswith("its hand and discard pile are empty.")  # whose: said


def test_a_matchs_scores_name_the_seats_as_the_table_does() -> None:
    """UNO's scores are the service's count line, not the engine's "scores: you 0,
    Player 2 0": at one table nobody is "you"."""
    table = open_service(":memory:")
    alone = table.start(ME, "uno", seed=3, opponent="random")
    assert alone["counts"] == "Match to 500: you 0, the computer 0; hand 1."
    shared = table.start(ME, "uno", seed=3, opponent="human")
    near = shared["seat"]
    assert shared["counts"] == (
        f"Match to 500: Player {near + 1} (0), Player {2 - near} (0); hand 1."
    )
    for answer in (alone, shared):
        text = table.text(ME, answer["id"])
        assert text.startswith("UNO  hand 1\n") and text.endswith(f"\n{answer['counts']}")
        assert "scores:" not in text


def test_a_matchs_narrow_counts_fit_a_phone_late_in_the_match() -> None:
    """A phone shows a match's scores in fewer words ("Match to 500: Player 1 (480),
    Player 2 (495); hand 12." was cut at 360 px): "To 500: ..." on one line (it said
    "500 wins: ...", a count of wins to a reader)."""
    from parlour.service import policy

    table = open_service(":memory:")
    shared = table.start(ME, "uno", seed=3, opponent="human")
    near = shared["seat"]
    assert shared["counts_narrow"] == [
        f"To 500: Player {near + 1} (0), Player {2 - near} (0); hand 1."
    ]
    record = table.store.get(shared["id"])
    assert record is not None
    late = {"scores": [480, 495], "hand_number": 12, "target": 500}
    assert policy.counts_narrow(record, late, 0) == [
        "To 500: Player 1 (480), Player 2 (495); hand 12."
    ]
    assert policy.counts(record, late, 0) == (
        "Match to 500: Player 1 (480), Player 2 (495); hand 12."
    )


def test_the_blocked_count_is_said_at_the_end_only_of_a_blocked_game() -> None:
    """Once Chinese Patience is over, "12 of 60 turns without a card to a foundation"
    would read as if play went on (as The Gate's "0 in the stock" did after a win): it
    is said only when the game ended blocked, which it explains."""
    from parlour.service import policy

    table = open_service(":memory:")
    answer = table.start(ME, "chinese-patience", seed=5, opponent="random")
    record = table.store.get(answer["id"])
    assert record is not None
    view = dict(answer["view"], hand_counts=[0, 7], discard=[[], []], blocked=12)
    playing = policy.counts(record, view, 0)
    assert playing == (
        "Cards left (hand and discard pile): you 0, the computer 7; "
        "12 of 60 turns without a card to a foundation. Series game 1."
    )
    won = dict(view, outcome={"result": "won", "reason": "out", "winner": 0})
    assert policy.counts(record, won, 0) == (
        "Cards left (hand and discard pile): you 0, the computer 7. Series game 1."
    )
    assert policy.counts_narrow(record, won, 0) == ["Cards left: you 0, the computer 7. Game 1."]
    blocked = dict(won, hand_counts=[3, 7], blocked=60, outcome={"result": "won", "winner": 0})
    assert policy.counts(record, blocked, 0) == (
        "Cards left (hand and discard pile): you 3, the computer 7; "
        "60 of 60 turns without a card to a foundation. Series game 1."
    )
    assert policy.counts_narrow(record, blocked, 0) == [
        "Cards left: you 3, the computer 7.",
        "60 of 60 turns, no card to a foundation. Game 1.",
    ]


def test_the_count_lines_a_game_can_say_are_the_same_from_the_deal_to_the_end() -> None:
    """A phone keeps a line of its status for each count a game can say: Chinese
    Patience's two (cards left; the count towards a blocked game) from the deal to
    the end, though the second is not said after a win or when it is given up; a
    match's one, a patience's one (its cards on the foundations). (The web status
    dropped a line at Chinese Patience's end, and its cards grew a step.)"""
    table = open_service(":memory:")
    game = table.start(ME, "chinese-patience", seed=5, opponent="random")
    assert game["counts_narrow"] is not None and len(game["counts_narrow"]) == 2
    assert game["counts_lines"] == 2
    over = table.resign(ME, game["id"])
    assert over["counts_narrow"] is not None and len(over["counts_narrow"]) == 1
    assert over["counts_lines"] == 2
    assert table.start(ME, "uno", seed=3, opponent="random")["counts_lines"] == 1
    for name in ("calculation", "gate", "eight-by-eight"):
        assert table.start(ME, name, seed=3)["counts_lines"] == 1, name


def test_a_patience_counts_its_cards_on_the_foundations_in_the_services_words() -> None:
    """The web app counted a patience's cards itself, "12 of 52 cards home", under an
    end panel and statistics that said "on the foundations" (and the terminal said
    nothing): the service says them, in the one word for the place, a narrow screen's
    line in fewer words; what is left to deal only while the game is played, read off
    the key every view has for it, ``stock_count`` (Calculation's stock went unsaid
    while the service read The Gate's ``stock``). A view's
    count (``progress_in``, read off a step's view) is the game's own ``progress``."""
    from parlour.core.registry import game_class
    from parlour.core.session import new_game

    table = open_service(":memory:")
    said = {}
    for name in ("calculation", "gate", "eight-by-eight"):
        answer = table.start(ME, name, seed=7)
        said[name] = (answer["counts"], answer["counts_narrow"])
        assert answer["counts"] in table.text(ME, answer["id"])
        over = table.resign(ME, answer["id"])
        assert over["end"] is not None
        on = over["end"]["progress"]["value"]
        total = over["end"]["progress"]["total"]
        assert over["counts"] == f"{on} of {total} cards on the foundations."
        assert over["counts_narrow"] == [f"Foundations: {on} of {total}."]
        game = new_game(name, seed=11)
        for n in range(120):  # the view's count is the position's, move after move
            assert game_class(name).progress_in(game.view(0)) == game.state.progress()
            if game.is_over:
                break
            legal = game.legal_moves()
            home = [m for m in legal if " F" in m]
            game.play((home or legal)[n * 7 % len(home or legal)])
    assert said == {
        "calculation": (
            "4 of 52 cards on the foundations; 48 in the stock.",
            ["Foundations: 4 of 52; 48 in the stock."],
        ),
        "gate": (
            "0 of 52 cards on the foundations; 34 in the stock.",
            ["Foundations: 0 of 52; 34 in the stock."],
        ),
        "eight-by-eight": (
            "0 of 104 cards on the foundations; talon 40, pass 1 of 3.",
            ["Foundations: 0 of 104; talon 40, pass 1 of 3."],
        ),
    }
    every = " ".join(str(s) for s in said.values()) + blocked_words(3, 60)
    assert "home" not in every


def test_what_a_patience_has_left_to_deal_is_worded_in_the_words_module() -> None:
    """The counts' stock and talon phrases were written in ``policy._patience_counts``:
    each is one rule of ``service.words`` now, and the counts read as before."""
    from parlour.service import policy

    assert stock_left_words(34) == "34 in the stock"
    assert talon_left_words(40, 1, 3) == "talon 40, pass 1 of 3"
    source = inspect.getsource(policy._patience_counts).split('"""')[2]  # its code
    assert "} in the stock" not in source and "talon {" not in source
    table = open_service(":memory:")
    gate = table.start(ME, "gate", seed=7)
    assert gate["counts"] == f"0 of 52 cards on the foundations; {stock_left_words(34)}."
    eight = table.start(ME, "eight-by-eight", seed=7)
    assert eight["counts_narrow"] == [f"Foundations: 0 of 104; {talon_left_words(40, 1, 3)}."]
