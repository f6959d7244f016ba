"""The end of a game in one wording for every front end: the streak and the best
(the web panel and the terminal's facts), the end said once in the terminal, the
solver's verdict offered only on a deal that was not won, and a bad deal number
refused in one message."""

from __future__ import annotations

import time

import pytest

from parlour.errors import NoSolverError, ParlourError
from parlour.service import open_service, store_sql
from parlour.service import table as table_module
from parlour.service.ending import (
    best_words,
    day_words,
    deal_words,
    end_facts,
    next_steps,
    streak_words,
)
from parlour.service.words import duration_words, full_duration_words, played_words

ME = "me"


def test_deal_words_name_the_kind_of_deal_and_never_a_kept_seed() -> None:
    assert deal_words({"deal": "daily", "day": "2026-11-26", "seed": 5}) == (
        "the deal of the day, 26 November 2026"
    )
    assert deal_words({"deal": "winnable"}) == "a deal the solver has proved winnable"
    assert deal_words({"deal": None, "seed": 7}) == "deal 7"
    assert deal_words({"deal": None}) == "", "a random deal's seed kept back: nothing"
    assert day_words("2026-01-05") == "5 January 2026"
    assert day_words("not a day") == "not a day"


def test_streak_and_best_words() -> None:
    assert streak_words(0, 0) == "no wins yet"
    assert streak_words(0, 3) == "none now (longest 3 wins)"
    assert streak_words(1, 1) == "1 win in a row (longest 1)"
    assert streak_words(2, 3) == "2 wins in a row (longest 3)"
    assert best_words(None, None) == "no record yet"
    assert best_words(18, None) == "18 points"
    assert best_words(1, None) == "1 point"
    assert best_words(30, "cards on the foundations") == "30 cards on the foundations"
    # one card is "1 card", not "1 cards" (seen on an end panel after a resigned deal)
    assert best_words(1, "cards on the foundations") == "1 card on the foundations"
    assert streak_words(0, 1) == "none now (longest 1 win)"


def test_the_end_is_told_once_in_the_services_words() -> None:
    table = open_service(":memory:")
    answer = table.resign(ME, table.start(ME, "chinese-patience", opponent="random")["id"])
    end = answer["end"]
    assert end is not None and end["streak_text"] == "no wins yet"
    assert "Streak: no wins yet" in end_facts(answer)  # was "0 wins in a row (longest 0)"
    assert f"Best: {end['best_text']}" in end_facts(answer)
    text = table.text(ME, answer["id"])  # the terminal's table over the end's text
    assert "game over:" not in text.lower() and "resigned" not in text


def test_a_two_player_games_score_says_whose_it_is() -> None:
    """The score at a two-player game's end is the winner's: after resigning Chinese
    Patience it is the computer's, and the facts (the terminal's, ``parlour play``'s,
    the web panel's label) say so; they said "Score: 22" as if it were the person's."""
    from parlour.service.policy import HUMAN

    table = open_service(":memory:")
    answer = table.resign(ME, table.start(ME, "chinese-patience", seed=7, opponent="random")["id"])
    end = answer["end"]
    assert end is not None and end["score"] == 22
    assert end["score_label"] == "The computer's score"
    assert "The computer's score: 22" in end_facts(answer)
    assert not any(fact.startswith("Score") for fact in end_facts(answer))
    shared = table.start(ME, "chinese-patience", seed=7, opponent=HUMAN)
    resigned = table.resign(ME, shared["id"])
    assert resigned["end"] is not None
    winner = resigned["outcome"]["winner"]
    assert resigned["end"]["score_label"] == f"Player {winner + 1}'s score"  # nobody is "you"
    # a patience's score is the player's own: no one's name on it
    calculation = table.resign(ME, table.start(ME, "calculation", seed=7)["id"])["end"]
    assert calculation is not None and calculation["score_label"] == "Score"


def test_a_patience_lost_in_play_is_told_once_too() -> None:
    # Calculation's board wrote "Game over: lost: ..." above "Game over. You lost."
    table = open_service(":memory:")
    answer = table.start(ME, "calculation", seed=3)
    while answer["end"] is None:
        answer = table.play(ME, answer["id"], answer["view"]["legal_moves"][-1])
    assert answer["end"]["result"] == "lost"
    text = table.text(ME, answer["id"])
    assert "stock s: empty" in text.lower() and "game over" not in text.lower()


def test_could_this_deal_be_won_is_asked_only_of_a_deal_not_won() -> None:
    table = open_service(":memory:")
    lost = table.resign(ME, table.start(ME, "gate", seed=4)["id"])
    assert lost["end"] is not None and "verdict" in lost["end"]["next"]
    assert "v" in next_steps(lost)
    line = table.verdict(ME, lost["id"])["moves"]
    assert line, "deal 4 of The Gate is winnable"
    won = table.start(ME, "gate", seed=4)
    for move in line:
        won = table.play(ME, won["id"], move)
    assert won["end"] is not None and won["end"]["result"] == "won"
    assert "verdict" not in won["end"]["next"] and "v" not in next_steps(won)
    assert won["end"]["streak_text"] == "1 win in a row (longest 1)"


@pytest.mark.parametrize("seed", [-3, 2**53, "7", 1.0])
def test_a_bad_deal_number_is_refused_in_one_message(seed: object) -> None:
    table = open_service(":memory:")
    with pytest.raises(ParlourError) as refused:
        table.start(ME, "gate", seed=seed)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"{seed!r} is not a deal number: give a whole number from 0 to 9007199254740991"
    )


def test_the_verdict_of_a_two_player_game_is_the_solvers_refusal() -> None:
    table = open_service(":memory:")
    done = table.resign(ME, table.start(ME, "uno", opponent="random")["id"])
    with pytest.raises(NoSolverError, match="there is no solver for 'uno': the games with one"):
        table.verdict(ME, done["id"])


@pytest.mark.parametrize("opponent", ["random", "human"])
def test_after_a_resign_a_match_offers_a_new_match_and_a_patience_its_deal_again(
    opponent: str,
) -> None:
    """Resigned in hand 1, UNO offered "a new deal" and "replay this deal": a person
    expects a new match, and the same deal again would deal them the hands they have
    seen. The next steps are the service's (``end.next``), the same in every front
    end: this deal again for a one-player patience only."""
    table = open_service(":memory:")
    steps = {}
    for game in ("calculation", "gate", "eight-by-eight", "chinese-patience", "uno"):
        two = game in ("uno", "chinese-patience")
        answer = table.start(ME, game, seed=3, **({"opponent": opponent} if two else {}))
        seat = {"seat": answer["to_move"]} if opponent == "human" and two else {}
        answer = table.resign(ME, answer["id"], **seat)
        end = answer["end"]
        assert end is not None and end["final"] and end["deal"] == 3, game
        assert ("replay" in end["next"]) is (not two), (game, end["next"])
        steps[game] = next_steps(answer)
    assert steps["uno"] == {"n": "a new match", "o": "other game", "q": "quit"}
    assert steps["chinese-patience"] == {
        "n": "next game of the series",
        "s": "single new game",
        "o": "other game",
        "q": "quit",
    }
    for game in ("calculation", "gate", "eight-by-eight"):
        assert steps[game] == {
            "n": "a new deal",
            "d": "replay this deal",
            "v": "could this deal be won?",
            "o": "other game",
            "q": "quit",
        }, game


def test_the_deal_of_the_day_is_not_replayed_it_is_played_again() -> None:
    table = open_service(":memory:")
    answer = table.start(ME, "gate", deal="daily")
    answer = table.resign(ME, answer["id"])
    assert answer["end"] is not None and "replay" not in answer["end"]["next"]
    assert next_steps(answer)["n"] == "the deal of the day again" and "d" not in next_steps(answer)


def test_a_lost_two_player_games_score_says_whose_it_is() -> None:
    """Was "You lost." above "Score: 22" (in ``parlour play`` and the terminal
    table's end panel), read as the loser's own: the score is the winner's, so it
    says whose when the reader did not win."""
    table = open_service(":memory:")
    answer = table.resign(ME, table.start(ME, "chinese-patience", opponent="random", seed=3)["id"])
    assert answer["outcome"]["winner"] == 1
    score = answer["outcome"]["score"]
    assert end_facts(answer)[0] == f"The computer's score: {score}"
    assert not any(fact.startswith("Score:") for fact in end_facts(answer))


def test_duration_and_played_words() -> None:
    assert duration_words(0.3) == "under 1 s"
    assert duration_words(45.4) == "45 s"
    assert duration_words(192) == "3 min 12 s"
    assert duration_words(180) == "3 min"
    assert duration_words(3900) == "1 h 5 min"
    assert duration_words(7200) == "2 h"
    assert played_words(1, 45) == "1 move in 45 s"
    assert played_words(112, 252) == "112 moves in 4 min 12 s"
    assert played_words(12, None) == "12 moves", "a game from before games kept their time"


def test_a_time_in_a_sentence_has_its_units_in_full() -> None:
    """The same rule as the end's short time (the largest unit and the next, nought not
    said), its units in full for a sentence ("you can claim the win in 2 minutes 30
    seconds"). Was friends.minutes_words, a rule of its own: "0 seconds" for a wait
    under half a second, "65 minutes" for an hour and five."""
    assert full_duration_words(150) == "2 minutes 30 seconds"
    assert full_duration_words(120) == "2 minutes"
    assert full_duration_words(61) == "1 minute 1 second"
    assert full_duration_words(45.4) == "45 seconds"
    assert full_duration_words(0.3) == "under 1 second"
    assert full_duration_words(3900) == "1 hour 5 minutes"
    assert full_duration_words(7260) == "2 hours 1 minute"


def test_the_end_says_the_moves_and_the_time_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end of a game had no moves nor time (cardgames.io shows both). The time is
    the time played: each wait between two moves counts, up to two minutes (a longer
    one was a break: the game played over two sittings counts neither the night
    between them nor anything asked after its end)."""
    clock = [time.time()]
    monkeypatch.setattr(table_module, "now", lambda: clock[0])
    monkeypatch.setattr(store_sql, "now", lambda: clock[0])
    table = open_service(":memory:")
    answer = table.start(ME, "calculation", seed=3)
    clock[0] += 30
    answer = table.play(ME, answer["id"], answer["legal_moves"][0])
    clock[0] += 10 * 3600  # the next sitting: a break, counted as two minutes
    answer = table.play(ME, answer["id"], answer["legal_moves"][0])
    clock[0] += 15
    answer = table.resign(ME, answer["id"])
    end = answer["end"]
    assert end is not None
    assert (end["moves"], end["seconds"]) == (2, 165)
    assert end["played_text"] == "2 moves in 2 min 45 s"
    assert "Played: 2 moves in 2 min 45 s" in end_facts(answer)
    clock[0] += 600  # the solver's verdict, asked once the game is over, adds nothing
    table.verdict(ME, answer["id"])
    assert table.get(ME, answer["id"])["end"]["played_text"] == "2 moves in 2 min 45 s"
    # a UNO match against the computer: every seat's moves, in the same words
    clock[0] = time.time()  # (a new record is dated by the real clock)
    uno = table.start(ME, "uno", seed=3, opponent="random", options={"target": 1})
    clock[0] += 5
    uno = table.resign(ME, uno["id"])
    assert uno["end"] is not None
    assert uno["end"]["played_text"] == f"{played_words(uno['moves_played'], 5)}"
