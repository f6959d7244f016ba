"""What a table says while the service works, from the service (the answers'
``working``), so that the web app and the terminal table say the same. Was: the web
app wrote "Thinking…", "Thinking of a hint…" and "Still thinking about a hint…" in
table.js, and said "The computer is thinking…" at any two-player table, two people
at one screen too; the terminal table wrote its own "Thinking…" and said it for a
patience's move where the web app said "Working…"."""

from __future__ import annotations

from parlour.service import open_service

HINT = {
    "hint": "Thinking…",
    "hint_title": "Thinking of a hint…",
    "hint_again": "Still thinking about a hint…",
}


def test_the_hint_is_worked_out_in_the_same_words_at_every_table() -> None:
    table = open_service(":memory:")
    for answer in (
        table.start("me", "calculation", seed=1),
        table.start("me", "uno", seed=1, opponent="random"),
        table.start("me", "uno", seed=1, opponent="human"),
    ):
        assert {k: answer["working"][k] for k in HINT} == HINT


def test_the_computer_is_said_to_think_only_where_it_plays_a_seat() -> None:
    table = open_service(":memory:")
    computer = "The computer is thinking…"
    assert table.start("me", "uno", seed=1, opponent="random")["working"]["call"] == computer
    assert table.start("me", "calculation", seed=1)["working"]["call"] == "Working…"
    # two people at one screen, and two in two browsers until the computer sits down
    assert table.start("me", "uno", seed=1, opponent="human")["working"]["call"] == "Working…"
    friend = table.start("ann", "uno", seed=1, opponent="friend", player_name="Ann")
    assert friend["working"]["call"] == "Working…"
    seated = table.seat_computer("ann", friend["id"], "random")
    assert seated["working"]["call"] == computer
