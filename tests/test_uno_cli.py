"""UNO in the terminal: numbered hand, colour prompt, announcements, hot seat, bad input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from parlour.cards import parse_uno_card, parse_uno_cards, uno_deck, uno_str
from parlour.cli import MOVE_POINTER, main

#: The colours a Wild may name, in words with the letter to type (it said "R/G/Y/B").
COLOURS = "red (R), green (G), yellow (Y) or blue (B)"


def deck(h0: str, h1: str, turned: str, draw: str = "") -> str:
    used = (
        parse_uno_cards(h0) + parse_uno_cards(h1) + [parse_uno_card(turned)] + parse_uno_cards(draw)
    )
    rest = uno_deck()
    for c in used:
        rest.remove(c)
    return " ".join(uno_str(c) for c in used + rest)


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    stdin: str,
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    the_deck: str,
    stdin: str,
    *extra: str,
) -> tuple[int, str]:
    argv = ["play", "uno", "--deck", the_deck, "--colour", "never", "first=0", *extra]
    if "--opponent" not in extra:
        argv += ["--opponent", "basic"]
    return run(monkeypatch, capsys, argv, stdin)


QUICK = deck("RS RS RS RS GS GS G5", "B1 B2 B3 BS BD W W4", "R9")


def test_hand_is_numbered_with_counts_and_scores(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = play(monkeypatch, capsys, QUICK, "")
    # each card as the board and the log name it, after the number to type
    numbered = "1: red Skip, 2: red Skip, 3: red Skip, 4: red Skip,"
    assert f"Cards by number: {numbered}\n{' ' * 17}5: green 5, 6: green Skip, 7: green" in out
    assert "Your hand: red Skip, red Skip, red Skip, red Skip, green 5, green Skip," in out
    assert "RS" not in out.split("move>")[0], "a code is for typing, not for reading"
    assert "7 cards" in out and "Draw pile: 93 cards" in out
    assert "Hand 1: you start." in out and "Your turn: match the red 9 or draw." in out


def test_a_number_plays_that_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, QUICK, "1\n")
    assert code == 0
    assert "You play a red Skip. The computer loses its turn." in out
    assert "Cards by number: 1: red Skip, 2: red Skip, 3: red Skip, 4: green 5," in out


@pytest.mark.parametrize("line", ["7", "W", "w"])
def test_a_wild_asks_for_its_colour(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    the_deck = deck("B1 B2 G3 G4 Y5 Y6 W", "R1 R2 R3 R4 R5 R6 R7", "R9")
    code, out = play(monkeypatch, capsys, the_deck, f"{line}\ng\n")
    assert code == 0
    # each colour in words with its letter, as the web's colour picker names them
    assert f"Colour: {COLOURS}? g" in out
    assert "You play a Wild and choose green." in out


@pytest.mark.parametrize("line", ["R8", "1", "play"])
def test_a_drawn_card_is_played_by_its_number_or_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    the_deck = deck("B1 B2 G3 G4 Y5 Y6 Y7", "R1 R2 R3 R4 R5 R6 R7", "R9", draw="R8")
    code, out = play(monkeypatch, capsys, the_deck, f"draw\n{line}\n")
    assert code == 0
    assert "You draw red 8." in out and "You play red 8." in out


def test_the_computers_moves_are_announced_and_its_hand_shown_when_the_hand_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = "RS\nRS\nRS\nRS\nGS\nGS\nG5\n"
    code, out = play(monkeypatch, capsys, QUICK, moves)
    assert code == 0
    assert (
        "You win hand 1 and score 146 points (the computer held blue 1, blue 2, blue 3, "
        "blue Skip, blue Draw Two, Wild and Wild Draw Four)." in " ".join(out.split())
    )
    assert "Hand 2:" in out


def test_the_computers_moves_are_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    argv = ["play", "uno", "--deck", the_deck, "--colour", "never", "first=1"]
    code, out = run(monkeypatch, capsys, [*argv, "--opponent", "basic"], "")
    assert code == 0
    assert "Hand 1: the computer starts.\n  The computer plays red 8." in out
    assert "Your turn: match the red 8 or draw." in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("R0", "“R0” is not legal now: you have no red 0"),  # a card not in the hand
        ("9", "There is no card 9: your cards are numbered 1 to 7"),
        ("X9", "“X9” is not a move here: moves are written like R5 or W:R."),  # malformed
        ("challenge", "“challenge” is not legal now: challenges need option w4_challenge"),
    ],
)
def test_bad_input_names_the_legal_moves_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str, message: str
) -> None:
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    code, out = play(monkeypatch, capsys, the_deck, f"{line}\nshow\n")
    assert code == 2  # piped input with a rejected line
    lines = out.splitlines()
    errors = [n for n, text in enumerate(lines) if text.startswith("! ")]
    assert len(errors) == 1
    assert message in lines[errors[0]]
    # the table's refusal in one sentence, and under it where the legal moves are (it
    # listed them and the whole notation); the terminal's own ("no card 9") too (it
    # listed them as codes, "; legal moves: R5, W:R, W:G, W:Y, W:B, draw")
    assert lines[errors[0] + 1] == f"  {MOVE_POINTER}" and "legal moves:" not in out
    screens = [text for text in out.splitlines() if text.startswith("Your hand")]
    assert len(screens) == 2 and screens[0] == screens[1]


def test_moves_lists_each_card_as_people_read_it_beside_what_to_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'Legal moves: R5, W:R, W:G, W:Y, W:B, draw', the codes alone, where the
    board and the log say "red 5" and "Wild". Now each move as typed, then what it
    does in the log's words; the codes are still what is typed."""
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "moves\nR5\n")
    assert code == 0
    listed = out.split("move> moves\n", 1)[1].split("move>", 1)[0]
    assert listed.splitlines() == [
        "Legal moves:",
        "  R5    play red 5",
        "  W:R   play a Wild and choose red",
        "  W:G   play a Wild and choose green",
        "  W:Y   play a Wild and choose yellow",
        "  W:B   play a Wild and choose blue",
        "  draw  draw a card",
    ]
    assert "You play red 5." in out


def test_a_wrong_wild_draw_four_is_warned_of_in_moves_and_before_its_colour(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: nothing said a W4 held with a red card is penalised until it was. Now the
    service's note is under the W4 moves in 'moves', once, and before the colour is
    asked, at 80 columns; a right W4 says nothing."""
    the_deck = deck("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "moves\n7\nb\n")
    assert code == 0
    listed = out.split("move> moves\n", 1)[1].split("move>", 1)[0].splitlines()
    assert listed[3:9] == [
        "  W4:R  play a Wild Draw Four and choose red",
        "  W4:G  play a Wild Draw Four and choose green",
        "  W4:Y  play a Wild Draw Four and choose yellow",
        "  W4:B  play a Wild Draw Four and choose blue",
        "        You hold a red card: a Wild Draw Four now is penalised: you take it",
        "          back, draw four and lose your turn.",
    ]
    asked = out.split("move> 7\n", 1)[1]
    warned = "  You hold a red card: a Wild Draw Four now is penalised: you take it back,\n"
    assert asked.startswith(warned + "    draw four and lose your turn.\n")
    assert "as a penalty for a wrong" in asked  # the warning did not stop the move
    assert max(len(line) for line in out.splitlines()) <= 80
    right = deck("G1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    code, out = play(monkeypatch, capsys, right, "moves\n7\nb\n")
    assert code == 0 and "You hold" not in out


def test_a_wrong_wild_draw_four_typed_in_full_is_warned_of_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "W4:B" typed whole played at once, with no warning, where "W4" or its number
    then the colour showed it. Piped input (CI's too) gets the warning line and the move
    plays as written, with no question; so does a drawn Wild Draw Four's "play:B"."""
    monkeypatch.setenv("CI", "true")
    the_deck = deck("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "w4:b\n")
    assert code == 0
    after = out.split("move> w4:b\n", 1)[1]
    assert after.startswith("  You hold a red card: a Wild Draw Four now is penalised:")
    assert "as a penalty for a wrong" in after and "?" not in after.split("\n\n")[0]
    drawn = deck("R1 G2 G3 G4 G9 G6 Y1", "B1 B2 B3 B4 Y5 Y6 Y7", "R9", "W4 B5")
    code, out = play(monkeypatch, capsys, drawn, "draw\nplay:B\n")
    assert code == 0
    assert out.split("move> play:B\n", 1)[1].startswith("  You hold a red card:")


def test_at_a_terminal_a_wrong_wild_draw_four_typed_in_full_is_asked_first() -> None:
    """A person at a terminal who types "W4:B" is shown the warning and asked: "n" (or
    anything but yes) plays nothing, "y" plays it. A right Wild Draw Four, and any move
    without a warning, is not asked."""
    from parlour.cli import PLAY_WARNED_QUESTION, TerminalTable
    from parlour.service import open_service

    service = open_service(":memory:")
    player = service.local_player()
    the_deck = deck("R1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    answer = service.start(player, "uno", deck=the_deck, opponent="random", options={"first": 0})
    lines = iter(["W4:B", "n", "W4:B", "y", "quit"])
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(lines, None)

    out = io.StringIO()
    table = TerminalTable(
        service, player, answer, colour=False, read_line=read, out=out, interactive=True
    )
    assert table.run() == 0
    asked = f"{PLAY_WARNED_QUESTION} (y/n) "
    assert prompts == ["move> ", asked, "move> ", asked, "move> "]
    text = out.getvalue()
    first, second = text.split("You hold a red card:")[1:]
    assert "penalty" not in first  # "n": nothing played
    assert "You play a Wild Draw Four" in second and "as a penalty for a wrong" in second
    right = deck("G1 G2 G3 G4 G9 G6 W4", "B1 B2 B3 B4 Y5 Y6 Y7", "R9")
    answer = service.start(player, "uno", deck=right, opponent="random", options={"first": 0})
    lines = iter(["W4:B", "quit"])
    prompts.clear()
    table = TerminalTable(
        service, player, answer, colour=False, read_line=read, out=io.StringIO(), interactive=True
    )
    assert table.run() == 0 and prompts == ["move> ", "move> "]


def test_an_unplayable_card_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "“G2” is not legal now: ...", quoting a code the person never typed (they
    typed 2). The refusal quotes what they typed and names the card in words."""
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "2\n")
    assert code == 2
    refusal = "! “2” is green 2: it does not match the top card red 9 (colour in play: red)."
    assert f"{refusal}\n  {MOVE_POINTER}\n" in out
    assert "“G2”" not in out


def test_a_second_miss_shows_the_legal_moves_in_words_beside_what_to_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a second miss in a row printed the rules' whole message ending "legal
    moves: R5, W:R, W:G, W:Y, W:B, draw", the codes alone; then "'G3' is not legal now:
    green 3 does not match ...", a code the person never typed, under "“3” is green 3:
    it does not match ...", the same refusal twice. Now one refusal in words: the
    sentence, what the rule says besides, then the moves as 'moves' lists them, each
    beside what it does in words; the engine's own error (the library's) still quotes
    the input and lists the accepted strings."""
    from parlour import new_game
    from parlour.errors import IllegalMoveError

    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    _, out = play(monkeypatch, capsys, the_deck, "2\n3\n")
    second = out.split("move> 3\n", 1)[1].split("\n")
    assert second[0].startswith("! “3” is green 3: it does not match the top card red 9")
    whole = second[1 : second.index("  Legal moves:")]
    assert whole == ["  Play a matching card or a Wild, or draw."], whole
    assert "'G3'" not in out and "legal moves:" not in out
    assert second[second.index("  Legal moves:") + 1 :][:3] == [
        "    R5    play red 5",
        "    W:R   play a Wild and choose red",
        "    W:G   play a Wild and choose green",
    ]
    game = new_game("uno", deck=the_deck, options={"first": 0})
    with pytest.raises(IllegalMoveError, match=r"^'G3' is not legal now: .*legal moves: R5, W:R"):
        game.play("G3")


def test_the_terminals_own_refusals_name_no_codes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "! There is no card 9: ...; legal moves: R5, W:R, W:G, W:Y, W:B, draw" and
    "! 'x' is not a colour: answer R, G, Y or B; legal moves: ...", the moves as codes
    on a first slip. Now one sentence and where the moves are, as the table's refusals;
    a second slip in a row lists them in words."""
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    _, out = play(monkeypatch, capsys, the_deck, "9\n7\nx\n")
    lines = out.splitlines()
    refusals = [n for n, line in enumerate(lines) if line.startswith("! ")]
    assert [lines[n] for n in refusals] == [
        "! There is no card 9: your cards are numbered 1 to 7.",
        f"! “x” is not a colour: answer {COLOURS}.",
    ]
    assert lines[refusals[0] + 1] == f"  {MOVE_POINTER}"
    assert lines[refusals[1] + 1 : refusals[1] + 3] == ["  Legal moves:", "    R5    play red 5"]
    assert "legal moves:" not in out


def test_a_wrong_colour_answer_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "7\npurple\n")
    assert code == 2
    assert f"“purple” is not a colour: answer {COLOURS}." in out
    assert "You play" not in out, "nothing was played"


def test_a_number_with_uno_calls_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    the_deck = deck("RS RS RS RS GS G5 G6", "B1 B2 B3 BD BS W W4", "R9")
    stdin = "RS\nRS\nRS\nRS\nGS\n1 uno\n"
    code, out = play(monkeypatch, capsys, the_deck, stdin, "uno_call")
    assert code == 0
    assert "You call UNO." in out


def test_two_people_see_only_their_own_hand_and_what_the_other_did(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    the_deck = deck("R5 G2 G3 Y4 B5 B6 W", "R1 R2 R3 R4 R6 R7 R8", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "1\n", "--opponent", "human")
    assert code == 0
    assert "Player 1 plays red 5." in out
    after = out.split("Player 1 plays red 5.", 1)[1]
    assert "Cards by number: 1: red 1," in after, "player 2 takes over and sees their own hand"
    assert "green 2" not in after and "Player 2's turn: match the red 5 or draw." in after
    # nobody at one table is "you": the scores name the seats (was "scores: you 0,
    # Player 2 0"), the one at the keyboard first
    assert "Match to 500: Player 1 (0), Player 2 (0); hand 1." in out.split("Player 1 plays")[0]
    assert "Match to 500: Player 2 (0), Player 1 (0); hand 1." in after
    assert "scores:" not in out


def test_the_computer_opponent_defaults_to_strong(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "uno.json"
    code, _ = run(
        monkeypatch, capsys, ["play", "uno", "--seed", "4", "--colour", "never"], f"save {save}\n"
    )
    assert code == 0
    assert json.loads(save.read_text())["meta"]["opponent"] == "strong"
    # the player chose the deal: they could deal it themselves, so its save is plain
    assert json.loads(save.read_text())["seed"] == 4


def test_the_hint_names_its_card_in_one_plain_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.ai.hints import hint
    from parlour.service import table

    monkeypatch.setattr(table, "ai_hint", lambda game: hint(game, seconds=0.1))
    _, out = play(monkeypatch, capsys, QUICK, "hint\nquit\n")
    (line,) = [line for line in out.splitlines() if "Hint" in line]
    assert line.startswith("Hint: play a red Skip: ") and line.endswith(". Type: RS")
    depth = [line[:i].count("(") - line[:i].count(")") for i in range(len(line))]
    assert max(depth) <= 1  # no brackets in brackets


def test_the_board_names_the_computer_and_nobody_moves_after_a_resignation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = play(monkeypatch, capsys, QUICK, "resign\nquit\n")
    before, after = out.split("You resign.")
    assert "Match to 500: you 0, the computer 0; hand 1." in before
    # the end's facts give the match's totals: once (the counts under the board were
    # printed above them too, "Match to 500: you 0, the computer 0" twice)
    assert after.count("Match to 500: you 0, the computer 0") == 1, after
    for board in (before, after):
        assert "\nThe computer: 7 cards" in board
        assert "opponent" not in board
    assert "To move: you" in before and "To move" not in after
    # the end is told once, in the table's words (not the engine's 'game over:' too)
    assert after.count("Game over. You resigned.") == 1 and "game over:" not in after.lower()
    assert "Cards by number" not in after


def test_a_draw_two_typed_as_the_table_draws_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The terminal table draws a Draw Two "R+2": typed so at ``parlour play``, it is
    played as RD (was: "'R+2' is not an UNO move")."""
    the_deck = deck("RD R2 R3 G4 B5 B6 W", "B1 B2 B3 BS BD Y7 W4", "R9")
    code, out = play(monkeypatch, capsys, the_deck, "r+2\n")
    assert code == 0, out
    assert "You play a red Draw Two." in out
    assert "is not an UNO move" not in out


def test_a_long_hand_by_number_wraps_at_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'Cards by number: 1:G1  2:G1 ... 13:G9' on one line of 95 columns, which an
    80-column terminal broke inside a card. Now wrapped under the first card."""
    draws = "G8 Y8 G1 Y1 G2 Y2 G3 Y3 G4 Y4 G5 Y5"
    the_deck = deck("G1 G2 G3 G4 G5 G6 G7", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draws)
    _, out = play(monkeypatch, capsys, the_deck, "draw\n" * 6)
    lines = out.splitlines()
    last = max(i for i, line in enumerate(lines) if line.startswith("Cards by number: "))
    numbered = [lines[last]] + [line for line in lines[last + 1 :] if line.startswith(" " * 17)]
    assert len(numbered) == 3 and all(len(line) < 80 for line in numbered), numbered
    # wrapped between cards, never between a number and its card
    cards = " ".join(numbered).split(": ", 1)[1].split(", ")
    assert [c.split(": ")[0].strip() for c in cards] == [str(n) for n in range(1, 14)], cards


def test_a_long_hand_on_the_board_wraps_between_cards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the board's "Your hand: ..." line, wrapped at 80 columns between any two
    words, broke a card in two ("..., blue" / "Skip, ..."). Now between cards only."""
    the_deck = deck("RD GS GD YS YD BS BD", "R1 R2 R3 R4 R5 R6 R7", "R9")
    _, out = play(monkeypatch, capsys, the_deck, "")
    lines = out.splitlines()
    last = lines.index(next(line for line in lines if line.startswith("Your hand: ")))
    hand = [lines[last]]
    while lines[last + len(hand)].startswith(" " * 11):  # its lines go on under the cards
        hand.append(lines[last + len(hand)])
    assert len(hand) >= 2 and all(len(line) <= 80 for line in hand), hand
    assert all(line.endswith(",") for line in hand[:-1]), hand
    cards = " ".join(line.strip() for line in hand).removeprefix("Your hand: ").split(", ")
    assert all(len(card.split(" ")) in (2, 3) for card in cards), cards


def test_a_long_hand_and_a_long_sentence_never_break_a_cards_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the board's "Your hand: ..., green" / "1, green 1, ..." and the log's "...
    blue" / "2, blue 4 ..." and "for the Draw" / "Two", a card's name broken at the end
    of an 80-column line. Lines are now broken between cards' names, never inside."""
    draws = "G8 Y8 G1 Y1 G2 Y2 G3 Y3 G4 Y4 G5 Y5 R1 R2 R3 R4 B1 B2"
    the_deck = deck("GD G2 GS G4 GD G6 G7", "Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9", draws)
    _, out = play(monkeypatch, capsys, the_deck, "draw\n" * 9, "--opponent", "random")
    lines = out.splitlines()
    assert any(line.startswith("Your hand: ") and line.endswith(",") for line in lines)
    for line, after in zip(lines, lines[1:], strict=False):
        if not after.startswith(" ") or not line.strip():
            continue  # a line of its own, not one going on
        assert line.split()[-1] not in ("red", "green", "yellow", "blue", "Wild", "Draw"), line
        assert after.split()[0].rstrip(",.") not in ("Skip", "Draw", "Two", "Four"), after
        assert not after.split()[0][0].isdigit() or after.split()[0].endswith(":"), after
    assert "\xa0" not in out
