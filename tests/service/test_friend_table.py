"""A game between two people as the table service runs it: what an invitation says,
and to whom, and how a taken-back move is told."""

from __future__ import annotations

import time

import pytest

from parlour.errors import IllegalMoveError
from parlour.service import NotFoundError, TableService, open_service

ANN, BOB, EVE = "ann-browser", "bob-browser", "eve-browser"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def invite(table: TableService, game: str = "uno", seed: int | None = None) -> tuple[str, str]:
    first = table.start(ANN, game, seed=seed, opponent="friend", player_name="Ann")
    assert first["live"] is not None and first["live"]["invite"]
    return first["id"], first["live"]["invite"]


def refusal(call: object) -> str:
    with pytest.raises(NotFoundError) as refused:
        call()  # type: ignore[operator]
    return str(refused.value)


def test_a_live_invitation_says_who_invites_to_which_game(table: TableService) -> None:
    gid, token = invite(table)
    about = table.invitation(BOB, gid, token)
    assert about == {"game": "uno", "title": "UNO", "inviter": "Ann", "seated": False}
    # The game's own people are sent to the table.
    assert table.invitation(ANN, gid, token)["seated"]


def test_a_used_invitation_is_answered_like_a_game_that_does_not_exist(
    table: TableService,
) -> None:
    gid, token = invite(table)
    unknown = refusal(lambda: table.invitation(EVE, "no-such-id", token))
    table.join(BOB, gid, token, "Bob")
    assert table.invitation(BOB, gid, token)["seated"]
    # Eve, with the link after Bob: the same words as for an id that does not exist,
    # before she types a name and after.
    for call in (
        lambda: table.invitation(EVE, gid, token),
        lambda: table.join(EVE, gid, token, "Eve"),
        lambda: table.join(EVE, gid, token, None),
        lambda: table.invitation(EVE, gid, "wrong"),
    ):
        said = refusal(call)
        assert said == unknown.replace("no-such-id", gid)
        assert "Ann" not in said and "taken" not in said and "players" not in said


def test_an_invitation_closes_when_the_computer_takes_the_seat(table: TableService) -> None:
    gid, token = invite(table)
    table.seat_computer(ANN, gid, "random")
    assert refusal(lambda: table.invitation(BOB, gid, token)) == refusal(
        lambda: table.join(BOB, gid, token, "Bob")
    )


def test_a_move_taken_back_is_told_the_other_with_whose_and_which(table: TableService) -> None:
    gid, token = invite(table, "chinese-patience", seed=5)
    table.join(BOB, gid, token, "Bob")
    names = {ANN: "Ann", BOB: "Bob"}
    # Play on until a card's move that showed no new card (one that may be taken back).
    for _ in range(60):
        mover = ANN if table.get(ANN, gid)["your_turn"] else BOB
        other = BOB if mover == ANN else ANN
        _, known, stamp = table.news(other, gid, None, None)
        moves = table.get(mover, gid)["legal_moves"]
        played = table.play(mover, gid, next((m for m in moves if " " in m), moves[0]))
        if played["can_undo"] and " " in played["played"]["move"]:
            break
    else:
        pytest.fail("no move to take back")
    told, known, stamp = table.news(other, gid, known, stamp)
    assert told is not None and told["computer_moves"]
    theirs = told["log"][-1]["text"]  # the move as the other was told it
    back = table.undo(mover, gid)
    told, known, stamp = table.news(other, gid, known, stamp)
    assert told is not None and told["log_start"] == 0
    assert told["message"] == f"{names[mover]} took back 1 move: {theirs}"
    assert any(suit in theirs for suit in "♠♥♦♣")
    # The mover's own answer; played again, the log counts from the opening once.
    # the mover is told which move too, by its first sentence (was "Took back 1 move.")
    mine = played["log"][-1]["text"]  # the move as the mover was told it
    assert mine.startswith("You play ")  # and taken back, told as past, as redo tells it
    first = mine.split(". ")[0].rstrip(".").replace("You play ", "you played ", 1)
    assert back["message"] == f"Took back 1 move: {first}."
    table.play(mover, gid, played["played"]["move"] if played["played"] else moves[0])
    log = table.get(mover, gid)["log"]
    assert [e["n"] for e in log] == list(range(len(log)))


def seated(table: TableService, game: str = "uno", seed: int | None = None) -> str:
    gid, token = invite(table, game, seed)
    table.join(BOB, gid, token, "Bob")
    return gid


def test_the_next_game_waits_until_both_agree(table: TableService) -> None:
    """At the end, "Play again" moved the friend into the next game unasked: now it is
    offered, the other is told and accepts or declines, the offer can be withdrawn, and
    nothing starts until both agree (a rematch on lichess)."""
    gid = seated(table)
    assert table.get(ANN, gid)["live"]["rematch"] is None  # nothing to offer in play
    table.resign(BOB, gid)
    fresh = table.get(BOB, gid)["live"]["rematch"]
    assert fresh == {
        "state": None,
        "text": None,
        "offer": "Offer a rematch",
        # the answers' labels are the service's too (the end panel wrote its own)
        "accept": "Accept",
        "decline": "Decline",
        "withdraw": "Withdraw the offer",
    }
    offered = table.next_game(ANN, gid)
    assert offered["id"] == gid and offered["live"]["next"] is None
    assert offered["live"]["rematch"]["text"] == "You offered a rematch: waiting for Bob to accept."
    assert table.next_game(ANN, gid)["id"] == gid  # asked twice: the same offer
    told = table.get(BOB, gid)["live"]["rematch"]
    assert (told["state"], told["text"]) == ("offered_by_them", "Ann offers a rematch.")
    # Ann thinks better of it; then Bob offers, and Ann declines.
    table.decline_next(ANN, gid)
    assert table.get(BOB, gid)["live"]["rematch"]["text"] == (
        "Ann withdrew the offer of a rematch."
    )
    table.next_game(BOB, gid)
    table.decline_next(ANN, gid)
    assert table.get(BOB, gid)["live"]["rematch"]["text"] == "Ann declined the rematch."
    assert table.get(ANN, gid)["live"]["rematch"]["state"] == "declined_by_you"
    with pytest.raises(IllegalMoveError, match="no offer"):
        table.decline_next(BOB, gid)
    # Bob offers again and Ann accepts: the next game, for both.
    table.next_game(BOB, gid)
    following = table.next_game(ANN, gid)
    assert following["id"] != gid and following["seat"] == 0
    seen = table.get(BOB, gid)["live"]
    assert seen["next"] == following["id"]
    assert seen["rematch"]["text"] == "Ann accepted: the next game has started."
    assert table.get(ANN, gid)["live"]["rematch"]["text"] is None  # she knows
    assert table.next_game(BOB, gid)["id"] == following["id"]
    assert table.get(BOB, following["id"])["live"]["rematch"] is None


def test_the_next_game_of_a_series_waits_for_both_too(table: TableService) -> None:
    gid = seated(table, "chinese-patience")
    table.resign(ANN, gid)
    offer = table.next_game(BOB, gid)["live"]["rematch"]
    assert offer["offer"] == "Offer the next game of the series"
    told = table.get(ANN, gid)["live"]["rematch"]["text"]
    assert told == "Bob offers the next game of the series."
    following = table.next_game(ANN, gid)
    assert following["id"] != gid and following["series"]["number"] == 2
    accepted = table.get(BOB, gid)["live"]["rematch"]["text"]
    assert accepted == "Ann accepted: the next game of the series has started."


def test_the_computer_in_the_other_seat_is_not_asked(table: TableService) -> None:
    gid, _ = invite(table)
    table.seat_computer(ANN, gid, "random")
    table.resign(ANN, gid)
    assert table.get(ANN, gid)["live"]["rematch"] is None
    assert table.next_game(ANN, gid)["id"] != gid


def test_the_claim_clock_never_runs_on_your_own_move(table: TableService) -> None:
    """The clock before a win may be claimed ran while the one still there was to move:
    Bob leaves on Ann's turn, she thinks for longer than the stated time, and the
    moment she moved she could claim. Only Bob's own turn counts."""
    table.away_seconds = 0.4
    gid = seated(table, seed=11)
    table.present(gid, [0, 1], True)
    names = {0: ANN, 1: BOB}
    for _ in range(50):  # play on until it is Ann's turn
        answer = table.get(ANN, gid)
        if answer["your_turn"]:
            break
        legal = table.get(BOB, gid)["legal_moves"]
        table.play(BOB, gid, "draw" if "draw" in legal else legal[0])
    else:
        pytest.fail("Ann never had the turn")
    table.present(gid, [1], False)  # Bob steps out while Ann thinks
    time.sleep(0.5)
    mine = table.get(ANN, gid)["live"]
    assert mine["seats"][1]["present"] is False
    assert mine["claim_in"] is None  # her own move: nothing counts
    # and the refusal says so (it said "the other player is here" of Bob, away)
    with pytest.raises(IllegalMoveError, match="on your own move") as refused:
        table.claim(ANN, gid)
    assert "is here" not in str(refused.value)
    for _ in range(20):  # Ann moves until the turn is Bob's
        legal = table.get(ANN, gid)["legal_moves"]
        table.play(ANN, gid, "draw" if "draw" in legal else legal[0])
        if table.get(ANN, gid)["to_move"] == 1:
            break
    wait = table.get(ANN, gid)["live"]["claim_in"]
    assert wait is not None and 0.25 < wait <= 0.4  # counted from his turn, not his leaving
    with pytest.raises(IllegalMoveError, match="may still come back"):
        table.claim(names[0], gid)
    time.sleep(0.45)
    assert table.claim(ANN, gid)["end"]["result"] == "won"


def test_the_live_bar_says_what_the_service_says(table: TableService) -> None:
    """The live bar's buttons and sentences were written in live.js; the service sends
    them (``live.words``) as it sends the rematch's labels, named for the one opposite
    and for where the pause stands."""
    gid, token = invite(table)
    waiting = table.get(ANN, gid)["live"]["words"]
    assert waiting["seat_computer"] == "Play the computer instead"  # nobody took the link
    table.join(BOB, gid, token, "Bob")
    words = table.get(ANN, gid)["live"]["words"]
    assert words == {
        "seat_computer": "Let the computer play for Bob",
        "take_seat": "Take my seat back",
        "claim": "Claim the win (Bob left)",
        "claim_wait": "Bob is away: you may claim the win in {time}.",
        "pause": "Ask to pause",
        "pause_asked": None,
        "waiting": "Waiting for Bob…",
    }
    table.pause(ANN, gid)
    assert table.get(ANN, gid)["live"]["words"]["pause"] == "Pause asked…"
    asked = table.get(BOB, gid)["live"]["words"]
    assert (asked["pause"], asked["pause_asked"]) == (
        "Agree to pause",
        "Ann asks to pause the game.",
    )
    table.pause(BOB, gid)
    assert table.get(BOB, gid)["live"]["words"]["pause"] == "Paused"


def test_a_friends_game_is_timed_from_when_both_are_at_the_table(
    table: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait for the invitation to be opened is no time played: it counted up to two
    minutes ("Played: 3 moves in 2 min 10 s" for a ten-second game), where the time
    starts when both are at the table (the friend's arrival); a game whose seat the
    computer took instead is timed from then."""
    from parlour.service import store_sql
    from parlour.service import table as table_module

    clock = [time.time()]
    monkeypatch.setattr(table_module, "now", lambda: clock[0])
    monkeypatch.setattr(store_sql, "now", lambda: clock[0])
    gid, token = invite(table)
    clock[0] += 100  # the link on its way, not yet opened
    table.join(BOB, gid, token, "Bob")
    clock[0] += 10
    end = table.resign(ANN, gid)["end"]
    assert end is not None and end["seconds"] == 10, end
    clock[0] = time.time()
    gid, _ = invite(table)
    clock[0] += 90  # nobody came: the computer sits in the seat
    table.seat_computer(ANN, gid, "random")
    clock[0] += 7
    end = table.resign(ANN, gid)["end"]
    assert end is not None and end["seconds"] == 7, end
