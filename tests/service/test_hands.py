"""The end of a hand of a match (``Step.hand_end``): what every front end keeps in view
until the next hand, from the shared events alone, in the log's words."""

from __future__ import annotations

from parlour.core.events import Event
from parlour.service import open_service
from parlour.service.hands import hand_end
from parlour.service.words import Names

#: Seed 17, you first, against the random player: these moves win the first hand.
WIN_FIRST_HAND = ["R6", "R8", "W:B", "B2", "BS", "YS", "YD"]


def test_the_move_that_ends_a_hand_tells_it_and_no_other_does() -> None:
    table = open_service(":memory:")
    answer = table.start("me", "uno", seed=17, opponent="random", options={"first": 0})
    for move in WIN_FIRST_HAND[:-1]:
        answer = table.play("me", answer["id"], move)
        assert answer["played"] is not None and answer["played"]["hand_end"] is None
        assert all(step["hand_end"] is None for step in answer["computer_moves"])
    answer = table.play("me", answer["id"], WIN_FIRST_HAND[-1])
    assert answer["played"] is not None
    hand = answer["played"]["hand_end"]
    assert hand is not None
    event = next(e for e in answer["played"]["events"] if e["what"] == "hand_end")
    assert hand == {
        "hand": 1,
        "winner": 0,
        "headline": "You win hand 1",
        "detail": f"You score {event['count']} points.",
        "points": event["count"],
        "shown": event["cards"],
        "shown_text": "The computer held:",
        "totals": [event["count"], 0],
        "totals_text": f"Match to 500: you {event['count']}, the computer 0",
        "before": "You play a yellow Draw Two. The computer draws 2 cards for the Draw Two.",
        "after": "Green 1 is turned face up on the discard pile. Hand 2: the computer starts.",
    }
    # the two parts and the hand's end between them are the move as the log tells it
    told = answer["played"]["text"]
    assert told.startswith(hand["before"]) and told.endswith(hand["after"])


def test_a_hand_at_one_table_and_a_blocked_hand() -> None:
    names = Names(None, ("Player 1", "Player 2"), side=1)
    ended = Event("hand_end", 1, ("R1", "G2"), 3, value=4)
    hand = hand_end([ended], {"scores": [120, 40], "target": 500}, names, 1)
    assert hand is not None
    assert (hand["headline"], hand["detail"]) == (
        "Player 2 wins hand 4",
        "Player 2 scores 3 points.",
    )
    assert hand["shown_text"] == "Player 1 held:"
    assert hand["totals_text"] == "Match to 500: Player 2 (40), Player 1 (120)"
    blocked = hand_end([Event("hand_end", None, (), 0, value=3)], {}, Names(), 0)
    assert blocked is not None
    assert (blocked["headline"], blocked["detail"], blocked["totals"]) == (
        "Hand 3 is blocked",
        "Nobody scores.",
        None,
    )
    assert hand_end([Event("play", 0, ("R1",))], {}, Names(), 0) is None
