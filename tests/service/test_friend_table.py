"""A game between two people as the table service runs it: what an invitation says,
and to whom, and how a taken-back move is told."""

from __future__ import annotations

import pytest

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
