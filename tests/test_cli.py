"""The ``parlour`` command: terminal play with piped input, errors, saves, rules."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import parlour
from cheap_deals import make_deals_cheap
from parlour import cli
from parlour.cli import MOVE_POINTER, main
from parlour.core.registry import game_class

#: What ``parlour play`` asks when a Wild is played, the answer typed after it.
COLOUR_PROMPT = "Colour: red (R), green (G), yellow (Y) or blue (B)? "


def told(out: str) -> list[str]:
    """The refusals in ``out`` ("! ..."), each with the lines it was wrapped onto."""
    paragraphs: list[str] = []
    for line in out.splitlines():
        if line.startswith("! "):
            paragraphs.append(line)
        elif paragraphs and line.startswith("  ") and not paragraphs[-1].endswith("."):
            paragraphs[-1] += " " + line.strip()
    return paragraphs


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_games_lists_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each game a sentence, wrapped to 80 columns under its summary's column, as
    'parlour games GAME' is (Chinese Patience's line ran to 130 columns, no full stop)."""
    code, out, _ = run(monkeypatch, capsys, ["games"])
    assert code == 0
    for name in parlour.games():
        assert name in out
    assert max(len(line) for line in out.splitlines()) < 80
    assert "   and foundations, load your opponent's" in out
    assert "two-player edition: first to 500 points wins.\n" in out


def test_rules_prints_the_page(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, ["rules", "calculation"])
    assert code == 0 and "Broken Intervals" in out


def test_rules_at_a_terminal_open_at_the_brief(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Printed to a terminal, a rules page scrolled past its "In brief" and left its
    last lines in view; taller than the terminal, it now goes through the pager, which
    opens at the top. A pipe (the test's own output) still gets it printed."""
    import os
    import pydoc

    paged: list[str] = []
    monkeypatch.setattr(pydoc, "pager", paged.append)
    monkeypatch.setattr("parlour.cli._at_a_terminal", lambda: True)
    monkeypatch.setattr("shutil.get_terminal_size", lambda *a: os.terminal_size((80, 24)))
    code, out, _ = run(monkeypatch, capsys, ["rules", "gate"])
    assert code == 0 and out == ""
    assert paged and paged[0].startswith("# The Gate\n\n## In brief\n")
    monkeypatch.setattr("parlour.cli._at_a_terminal", lambda: False)
    code, out, _ = run(monkeypatch, capsys, ["rules", "gate"])
    assert out.startswith("# The Gate\n\n## In brief\n") and len(paged) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "gate", "bars=9"], "option 'bars' of gate must be one of"),
        (["play", "gate", "speed=2"], "gate has no option 'speed'"),
        (["play", "calculation", "--deck", "AH 2D XX"], "card 3 of the deck"),
        (["play", "calculation", "--deck", "AH 2D"], "deck"),
        (["play", "gate", "--seed", "-3"], "'-3' is not a deal number: give a whole number from 0"),
        (["play", "gate", "--seed", "x"], "'x' is not a deal number"),
        (["frobnicate"], "'frobnicate' is not a command: choose play, solve, load, rules"),
        # a name begun or misspelt is guessed, once there is only one it could be
        (["sim"], "'sim' is not a command (did you mean simulate?): choose play, solve, "),
        (["play", "calc"], "unknown game 'calc' (did you mean calculation?): the games are"),
        (["rules", "eigth-by-eight"], "'eigth-by-eight' (did you mean eight-by-eight?)"),
        (["play", "8"], "unknown game '8' (did you mean eight-by-eight?)"),
        (["play", "c"], "unknown game 'c': the games are calculation, chinese-patience, "),
        (["play", "gate", "--colour", "alwys"], "(did you mean always?): choose auto, always"),
        (["play", "gate", "bar=3"], "gate has no option 'bar' (did you mean bars?); its options"),
        (["play", "uno", "w4"], "uno has no option 'w4' (did you mean w4_challenge?); "),
        (["load", "/nonexistent/save.json"], "cannot read save file"),
        (["rules", "chess"], "unknown game"),
        (["play", "gate", "--opponent", "strong"], "one-player game"),
        (["play", "uno", "--opponent", "friend"], "play it in the web app (parlour serve)"),
        (["load", "x.json", "--opponent", "friend"], "play it in the web app"),
        (["play", "uno", "--opponent", "nobody"], "or 'human' for two people at one table"),
        (["play", "gate", "--seed", "9007199254740992"], "from 0 to 9007199254740991"),
        (["solve", "gate", "--seed", "7", "--budget", "2.5"], "a node count is a whole number"),
        (["solve", "gate", "--seed", "7", "--budget", "0.0"], "it must be more than zero"),
        (
            ["solve", "uno", "--seed", "1"],
            "there is no solver for 'uno': the games with one are the one-player patiences, "
            "calculation, eight-by-eight, gate",
        ),
    ],
)
def test_errors_are_one_line_with_exit_code_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    code, out, err = run(monkeypatch, capsys, argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out


def test_piped_moves_play_and_show_outcome(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = parlour.new_game("calculation", seed=3)
    moves = game.legal_moves()[:1]
    code, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "calculation", "--seed", "3"],
        "\n".join(["moves", *moves, "undo", "redo", "give up"]) + "\n",
    )
    assert code == 0
    assert "Legal moves:" in out
    assert "Took back 1 move: you played " in out and "Replayed 1 move: you play " in out
    # a patience is resigned as every game is ("give up", as people type it, is taken
    # too), and only in the specification's word: never "You gave up."
    assert "You resigned." in out.split("Game over.")[-1]
    assert "give up" not in out.lower().replace("move> give up", "")
    assert "gave up" not in out.lower()
    assert out.count("Game over.") == 1


@pytest.mark.parametrize(
    ("game", "opponent"),
    [
        *[(g, []) for g in ("calculation", "gate", "eight-by-eight", "uno", "chinese-patience")],
        *[(g, ["--opponent", "human"]) for g in ("uno", "chinese-patience")],
    ],
)
def test_a_resign_is_told_once(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    opponent: list[str],
) -> None:
    """The status of an ended game is the start of the end's text: said once, not as
    the status and again after "Game over." ("You resigned. It counts as a loss ..."
    was printed twice); a redraw asked for afterwards shows the status alone."""
    code, out, _ = run(
        monkeypatch, capsys, ["play", game, "--seed", "3", *opponent], "resign\nshow\nQ\n"
    )
    assert code == 0
    resigned, shown = out.split("move> resign")[-1].split("next> show")
    assert resigned.count("Game over.") == 1
    last_sentence = "It counts as a loss in your statistics." if not opponent else "resigned."
    assert resigned.split("Game over.")[-1].splitlines()[0].endswith(last_sentence)
    headline = resigned.split("Game over. ")[-1].split(".")[0]
    assert resigned.count(headline) == 1
    assert "Game over." not in shown and shown.count(headline) == 1


def test_illegal_move_is_reported_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    code, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "calculation", "--seed", "3"],
        f"W1 W2\nxyzzy\nsave {save}\nquit\n",
    )
    assert code == 2  # piped input with rejected lines
    assert out.count("! ") >= 2
    saved = json.loads(save.read_text())
    assert saved["moves"] == [] and saved["seed"] == 3, "a deal the player chose is plain"


def test_a_mistyped_move_is_one_short_sentence_and_says_where_the_rest_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: one mistyped move in Calculation printed 300+ characters, the whole move
    syntax and every legal move. Now the table's one sentence (the web app's ``brief``)
    and, on the line under it, where the rest is (on the same line they ran to 150
    columns); a second miss in a row adds what the rules' whole message says besides,
    and 'help' shows how moves are written."""
    lines = "S F9\nmoves\nxyzzy\nW1 W2\nhelp\nquit\n"
    _, out, _ = run(monkeypatch, capsys, ["play", "calculation", "--seed", "3"], lines)
    shown = out.splitlines()
    refusals = [n for n, line in enumerate(shown) if line.startswith("! ")]
    assert len(refusals) == 3
    first, second, third = (shown[n] for n in refusals)
    assert first == "! “S F9” is not a move here: 'F9' is no target pile (F, F1-F4 or W1-W4)."
    assert shown[refusals[0] + 1] == f"  {MOVE_POINTER}"
    assert second.startswith("! “xyzzy” is not a move here: moves are written like ")
    assert all(len(line) < 80 for line in shown)
    assert shown[refusals[1] + 1] == f"  {MOVE_POINTER}"  # 'moves' came between: the first
    # the second in a row: the rules' whole message, less what the sentence said ("'W1
    # W2' is not legal now: W1 is empty." again, under "“W1 W2” is not legal now: W1 is
    # empty."): nothing more here but its legal moves, as 'moves' shows them, each beside
    # what it does (was "; legal moves: S F1, S W1, ...", the codes alone)
    assert third == "! “W1 W2” is not legal now: W1 is empty."
    assert shown[refusals[2] + 1 : refusals[2] + 3] == [
        "  Legal moves:",
        "    S F1  play 2♥ from the stock to F1",
    ]
    assert "S F2    play the current card to foundation F2" in out  # help: the notation
    # the pointer is a sentence of its own (was "... W1 is empty. (type 'moves' for ...)")
    assert MOVE_POINTER.startswith("Type 'moves' ") and MOVE_POINTER.endswith(".")


def test_a_second_miss_says_the_rest_of_the_rule_under_the_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second miss in a row: under the one sentence, what the rules' message says
    besides, a paragraph of 80 columns (the notation, as sentences); it was the whole
    message again, its input quoted as code under the sentence that quoted it already
    ("'T2' is not a move of The Gate; moves are SOURCE DEST ..."), and broken inside
    the moves it quotes."""
    argv = ["play", "gate", "--seed", "7", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "T2\nT2\nquit\n")
    second = out.split("move> T2\n")[2].split("move> ")[0].splitlines()
    assert second[0] == "! “T2” is not a move here: moves are written like T1 T2 or T2 T4."
    assert second[1].startswith("  Moves are SOURCE DEST with SOURCE one of L R")
    assert "'T2'" not in out and "is not a move of The Gate" not in out
    assert second[-1] == f"  {MOVE_POINTER}"  # no legal moves listed: where they are
    assert all(len(line) < 80 and line.startswith("  ") for line in second[1:])
    # each move the notation quotes whole on its line (8 x 8's was broken "'W" / "F'")
    argv = ["play", "eight-by-eight", "--seed", "1", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "xyz\nxyz\nquit\n")
    notation = out.split("move> xyz\n")[2].split("move> ")[0].splitlines()[1:-1]
    assert notation[0].startswith("  Accepted moves are 'Tn Tm' (a run onto another row)")
    assert all(line.count("'") % 2 == 0 for line in notation), notation


def test_a_refused_move_keeps_the_moves_it_names_whole_at_80_columns() -> None:
    """A refusal's sentence longer than a line is wrapped under itself, never inside a
    move it names nor a card: "T1" at the end of one line and "T2" on the next read as
    two moves. The table passes it to the terminal with the pointer on its own line (on
    one line with it, a refusal of The Gate ran to 137 columns)."""
    from parlour.errors import InvalidMoveError

    service = cli.open_service(":memory:")
    answer = service.start(service.local_player(), "gate", 7)
    table = cli.TerminalTable(
        service,
        service.local_player(),
        answer,
        colour=False,
        read_line=lambda prompt: None,
        out=io.StringIO(),
        interactive=False,
    )
    typed = "put the ten of spades over it"
    refused = InvalidMoveError(f"{typed!r} is not a move of The Gate")
    refused.brief = f"“{typed}” is not a move here: moves are written like T1 T2 or T2 T4."
    told = table._refusal(refused, 0).replace(cli.UNBROKEN, " ").splitlines()
    assert told == [
        f"! “{typed}” is not a move here: moves are written like",  # not "like T1"
        "  T1 T2 or T2 T4.",
        f"  {MOVE_POINTER}",
    ]


def test_chinese_patience_board_says_the_turn_in_sentences(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was "Twist allowed, end not allowed", "Twisted card on pile 0: move it off to
    twist again, or end" and "Your first turn: twist" on the board: the engine's notes,
    which the learning environments read and keep; people are shown sentences (the
    service's words), the demo too."""
    argv = ["play", "chinese-patience", "--seed", "1", "--opponent", "random"]
    _, out, _ = run(monkeypatch, capsys, argv, "twist\nend\nquit\n")
    assert "A twist is allowed; the turn can end only after one." in out.splitlines()
    assert "Twist allowed" not in out and "Twisted card" not in out
    assert "first turn: twist" not in out
    game = parlour.new_game("chinese-patience", seed=1)
    game.play("twist")
    game.play("end")
    game.play("twist")
    game.play("end")
    assert game.render().splitlines()[-1] == "Twist allowed, end not allowed"  # kept
    monkeypatch.setattr(cli, "DEMO_MAX_MOVES", 3)
    _, demo, _ = run(monkeypatch, capsys, ["play", "chinese-patience", "--demo", "--seed", "1"])
    assert "Player 2's first turn starts with a twist." in demo
    assert "The twisted card is on pile 0: move it off to twist again, or end the turn." in demo
    # its heading (105 columns) wrapped, as every line of a demo is (see below)
    assert demo.startswith("Chinese Patience, deal 1: the computer plays both seats (Player 1")
    assert all(len(line) < 80 for line in demo.splitlines())


def test_a_demo_is_drawn_at_80_columns_keeping_cards_and_moves_whole(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a demo printed its lines as they came: The Gate's deal of 11 cards in one
    sentence of 250 columns, UNO's heading and hands of 90, Chinese Patience's long
    discard piles, which the terminal broke inside a card or a move ("[S" / "W2]"); the
    heading is in the test above."""
    monkeypatch.setattr(cli, "DEMO_MAX_MOVES", 12)
    _, gate, _ = run(monkeypatch, capsys, ["play", "gate", "--demo", "--seed", "3"])
    lines = gate.splitlines()
    assert all(len(line) < 80 for line in lines), [x for x in lines if len(x) >= 80]
    assert "[T2 T4]" in gate and cli.UNBROKEN not in gate  # a space, wherever it is
    deal = gate.split("\n11. ", 1)[1].split("\nThe Gate")[0]
    assert deal.startswith("The computer deals J♣ to the left post") and deal.count("\n") >= 2
    assert deal.endswith("post.  [deal]")


def test_chinese_patience_status_lines_start_with_a_capital(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was "Chinese Patience - your view, you to move", "foundations 1:A♣ ..." and
    "your first turn: twist", unlike the other games' boards; each now starts with a
    capital (and the mover is a sentence: "You to move.")."""
    argv = ["play", "chinese-patience", "--seed", "1", "--opponent", "random"]
    _, out, _ = run(monkeypatch, capsys, argv, "twist\nshow\nquit\n")
    assert "Chinese Patience - your view. You to move." in out
    assert "Your first turn starts with a twist." in out and "Foundations 1:" in out
    assert "The twisted card is on pile 0: move it off to twist again, or end the turn." in out
    flush = [line for line in out.splitlines() if line and not line.startswith((" ", "move>"))]
    assert all(not line[0].islower() for line in flush), [x for x in flush if x[0].islower()]


def test_save_and_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    game = parlour.new_game("gate", seed=8)
    first = game.legal_moves()[0]
    code, _, _ = run(
        monkeypatch, capsys, ["play", "gate", "--seed", "8"], f"{first}\nsave {save}\nquit\n"
    )
    assert code == 0
    assert json.loads(save.read_text())["moves"] == [first]
    assert parlour.load_game(save.read_text()).moves == [first]  # a chosen deal: plain
    code, out, _ = run(monkeypatch, capsys, ["load", str(save)], "moves\nquit\n")
    assert code == 0 and "Legal moves:" in out


def test_load_resumes_the_saved_position_and_a_resignation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The new-user trial: a save's moves are replayed (not the deal's start shown
    again), and a resigned game loads resigned."""
    db = str(tmp_path / "x.db")
    moved, resigned = tmp_path / "c5.json", tmp_path / "g5.json"
    play = ["--seed", "5", "--db", db]
    run(monkeypatch, capsys, ["play", "calculation", *play], f"S W1\nsave {moved}\nquit\n")
    run(monkeypatch, capsys, ["play", "gate", *play], f"R F\nresign\nsave {resigned}\nquit\n")
    assert json.loads(resigned.read_text())["resigned_by"] == 0
    code, out, err = run(monkeypatch, capsys, ["load", str(moved), "--db", db], "moves\nquit\n")
    engine = parlour.new_game("calculation", seed=5)
    engine.play("S W1")
    assert code == 0 and "Stock S: current card 9♣, 47 cards left" in out, err
    assert "Stock S: current card 9♣, 47 cards left" in engine.render()
    code, out, err = run(monkeypatch, capsys, ["load", str(resigned), "--db", db], "show\nquit\n")
    assert code == 0 and "You resigned." in out and "F1 A♣" in out, err
    assert "Your turn." not in out


def test_a_save_of_a_chosen_deal_loads_and_solves_anywhere(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The new-user trial: a game played with --seed 5 --db :memory: was saved sealed
    with a key that died with the store, and could never be loaded. A deal the player
    chose hides nothing from them: its save is plain, for any store and the solver."""
    save = tmp_path / "f.json"
    argv = ["play", "calculation", "--seed", "5", "--db", ":memory:"]
    code, _, err = run(monkeypatch, capsys, argv, f"S W1\nsave {save}\nquit\n")
    assert code == 0, err
    code, out, err = run(monkeypatch, capsys, ["load", str(save), "--db", ":memory:"], "quit\n")
    assert code == 0 and "Stock S: current card 9♣, 47 cards left" in out, err
    code, out, err = run(monkeypatch, capsys, ["solve", "calculation", "--load", str(save)])
    assert code == 0 and out.startswith("Calculation, deal 5, after 1 move: "), err


def test_a_store_that_keeps_nothing_refuses_to_seal_a_save(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "lost.json"
    argv = ["play", "gate", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, f"save {save}\nquit\n")
    assert code == 2 and not save.exists()
    refusal = [line for line in told(out) if "annot save" in line]
    assert len(refusal) == 1 and "keeps nothing (:memory:)" in refusal[0]


def test_a_wrong_opponent_for_a_loaded_save_is_told_what_the_terminal_offers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The table service's message lists the opponents the caller can seat: here the
    levels and 'human', not 'friend' (the terminal refuses it: no invitations)."""
    save = tmp_path / "uno.json"
    code, _, _ = run(monkeypatch, capsys, ["play", "uno", "--seed", "4"], f"save {save}\nquit\n")
    assert code == 0
    code, out, err = run(monkeypatch, capsys, ["load", str(save), "--opponent", "nobody"])
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "unknown opponent 'nobody' for uno: the levels are random, basic, strong" in err
    assert err.strip().endswith("or 'human' for two people at one table")
    assert "friend" not in err and not out
    code, out, _ = run(monkeypatch, capsys, ["load", str(save), "--opponent", "human"], "quit\n")
    assert code == 0 and "two people at one table" in out


def test_a_finished_games_save_is_plain_and_loads_anywhere(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "done.json"
    code, _, _ = run(monkeypatch, capsys, ["play", "gate"], f"resign\nsave {save}\n")
    assert code == 0
    game = parlour.load_game(save.read_text())
    assert game.outcome is not None and game.outcome.result == "resigned"


def test_a_binary_save_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "junk.bin"
    save.write_bytes(bytes(range(256)) * 4)
    for argv in (["load", str(save)], ["solve", "--load", str(save)]):
        code, out, err = run(monkeypatch, capsys, argv)
        assert code == 2 and "not a parlour save" in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err + out
        # the file is named, as a file that cannot be read is (it was not)
        assert f"cannot load save file {str(save)!r}: not a parlour save" in err


def test_solve_refuses_a_save_of_another_game_or_in_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    done = tmp_path / "gate7.json"
    game = parlour.new_game("gate", seed=7)
    game.resign()
    done.write_text(game.to_json())
    code, _, err = run(monkeypatch, capsys, ["solve", "calculation", "--load", str(done)])
    assert code == 2 and "a game of gate, not calculation" in err
    live = tmp_path / "live.json"
    run(monkeypatch, capsys, ["play", "gate"], f"save {live}\n")
    code, _, err = run(monkeypatch, capsys, ["solve", "--load", str(live)])
    assert code == 2 and "seals the deal" in err


def test_corrupt_save_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "bad.json"
    save.write_text(
        '{"format": "parlour-save", "version": 1, "game": "gate", "seed": 1, "moves": ["Q Q"]}'
    )
    code, _, err = run(monkeypatch, capsys, ["load", str(save)])
    assert code == 2 and "save move 1 'Q Q'" in err and len(err.strip().splitlines()) == 1


def test_input_ending_mid_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, ["play", "eight-by-eight", "--seed", "1"], "")
    assert code == 0 and "not finished" in out


def test_piped_output_has_no_colour(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(monkeypatch, capsys, ["play", "gate", "--seed", "1"], "quit\n")
    assert "\x1b[" not in out
    _, out, _ = run(
        monkeypatch, capsys, ["play", "gate", "--seed", "1", "--colour", "always"], "quit\n"
    )
    assert "\x1b[31m" in out


def test_console_script_runs_as_a_process() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "parlour", "play", "gate", "--seed", "2"],
        input="moves\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Legal moves:" in result.stdout


def test_demo_stops_when_the_computer_sees_no_way_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Deal 5 of The Gate with 3-card bars is lost by the fair player: once it has
    # proved that nothing leads anywhere, the demo ends instead of shuffling cards.
    code, out, _ = run(monkeypatch, capsys, ["play", "gate", "bars=3", "--seed", "5", "--demo"])
    assert code == 0
    assert out.rstrip().endswith("demo over.")
    assert "Stopping the demo after" not in out


def test_a_lost_patience_left_offers_what_comes_next_and_answers_as_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = parlour.new_game("gate", seed=2)
    moves: list[str] = []
    while game.outcome is None:
        moves.append(game.legal_moves()[-1])
        game.play(moves[-1])
    assert game.outcome.result == "lost"
    lines = [*moves, "resign", "undo", "Q"]
    code, out, _ = run(
        monkeypatch, capsys, ["play", "gate", "--seed", "2"], "\n".join(lines) + "\n"
    )
    assert code == 2  # the refused undo: piped input with a refused line exits 2
    after_resign = out.split("move> resign")[-1]
    # the end was told once, when the deal was lost; leaving it offers the next step
    assert out.count("Game over.") == 1
    offer = "N: a new deal, D: replay this deal, V: could this deal be won?, save FILE"
    assert offer in after_resign
    # the game's log is not told a second time
    first_move_line = out.split("move> ")[1].splitlines()[1]
    assert first_move_line not in after_resign
    # undo after the end gets the table's reason, not the menu
    assert "next> undo\n! " in after_resign
    assert "taken back" in after_resign.split("next> undo")[1].splitlines()[1]


def test_stats_prints_the_statistics_of_this_machines_player(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "stats.db")
    code, out, _ = run(monkeypatch, capsys, ["stats", "--db", db])
    assert (code, out) == (0, "No finished games yet.\n")
    # N after the deal of the day plays that day's deal again, and both count on its line
    code, out, _ = run(
        monkeypatch, capsys, ["play", "gate", "--daily", "--db", db], "resign\nN\nresign\nQ\n"
    )
    assert "N: the deal of the day again" in out
    # the opening line names the deal, and the day (never a seed)
    assert out.startswith("The Gate, the deal of the day, ")
    assert dt.date.today().strftime("%Y") in out.splitlines()[0]
    code, out, _ = run(monkeypatch, capsys, ["stats", "gate", "--db", db])
    assert code == 0
    assert out.splitlines()[2].split()[:4] == ["The", "Gate", "2", "0"]
    assert out.splitlines()[3].split()[:5] == ["deal", "of", "the", "day", "2"]
    code, _, err = run(monkeypatch, capsys, ["stats", "nogame", "--db", db])
    assert code == 2 and "unknown game 'nogame'" in err


def test_the_opening_line_names_a_winnable_deal_without_its_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "w.db")
    code, out, _ = run(monkeypatch, capsys, ["play", "gate", "--winnable", "--db", db], "quit\n")
    assert code == 0
    assert out.splitlines()[0] == (
        "The Gate, a deal the solver has proved winnable. Type 'help' for commands."
    )


def test_next_game_of_a_series_lets_the_other_player_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "chinese-patience", "--seed", "5", "--opponent", "random"],
        "resign\nN\nQ\n",
    )
    assert code == 0
    first, second = out.split("next> N")
    assert "Series after game 1: you 0, the computer" in first
    assert "The computer starts." not in first
    assert "The computer starts." in second  # the same table the terminal and web use


@pytest.mark.parametrize(
    "argv,message",
    [
        (
            ["play"],
            "parlour play needs a game: calculation, chinese-patience, eight-by-eight, gate, "
            "uno (see 'parlour play --help')",
        ),
        (
            ["load"],
            "parlour load needs a file: a saved game (JSON), as 'save FILE' writes it "
            "(see 'parlour load --help')",
        ),
        ([], "parlour needs a command: play, solve, load, rules, stats, games, serve, tui"),
        (["solve"], "parlour solve needs a game (calculation, eight-by-eight, gate) and its"),
        (["solve", "gate"], "parlour solve needs the deal to solve: --seed N or --deck '...'"),
    ],
)
def test_a_missing_argument_names_only_what_is_required(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    # 'options' may be left out: argparse listed it as required too ("game, options").
    # Was "the argument game is required": now what is needed and what is taken
    code, _, err = run(monkeypatch, capsys, argv)
    assert code == 2 and err.count("\n") == 1 and message in err
    assert "options" not in err


def test_load_help_says_what_the_file_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["load", "--help"])
    assert "a saved game (JSON), as 'save FILE' writes it" in capsys.readouterr().out


def test_the_computer_players_are_loaded_before_the_first_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a cold first hint or computer move would stall for up to a minute (numba
    # compiling); the terminal loads them first and, at a terminal, says so if slow
    import time

    from parlour import cli
    from parlour.ai import warming

    loaded: list[str] = []
    monkeypatch.setattr(warming, "compiled", lambda: True)
    monkeypatch.setattr(warming, "warm_game", lambda game: loaded.append(game) or {})
    code, _, err = run(
        monkeypatch, capsys, ["play", "uno", "--seed", "1", "--db", ":memory:"], "quit\n"
    )
    assert code == 0 and loaded == ["uno"] and "loading the computer players" not in err

    monkeypatch.setattr(warming, "warm_game", lambda game: time.sleep(0.3) or {})
    monkeypatch.setattr(cli, "WARM_NOTICE_AFTER", 0.05)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    cli._warm_players("calculation")
    assert "loading the computer players (the first use after an install" in capsys.readouterr().err


def test_a_friends_games_save_is_refused_in_one_line_without_an_opponent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The terminal cannot invite a friend: loading a friend's game's save without
    --opponent says so and what would do (it started the game and waited for ever for
    a friend who could never join); with --opponent human it is two people at one
    table, in those words (it said 'two people at one terminal')."""
    from parlour.service import open_service

    db = str(tmp_path / "games.db")
    service = open_service(db)
    started = service.start("me", "uno", seed=4, opponent="friend", player_name="Ann")
    save = tmp_path / "friend.json"
    save.write_text(service.save("me", started["id"]))
    service.store.close()
    code, out, err = run(monkeypatch, capsys, ["load", str(save), "--db", db])
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    assert f"{save} is a game of uno against a friend, who cannot join at a terminal" in err
    assert (
        "load it with --opponent set to a computer level (random, basic, strong) or 'human' "
        "for two people at one table; a game against a friend is played in the web app"
    ) in err
    assert "terminal)" not in err
    assert "Waiting" not in err
    code, out, _ = run(
        monkeypatch, capsys, ["load", str(save), "--db", db, "--opponent", "human"], "quit\n"
    )
    assert code == 0 and "two people at one table" in out


def test_a_stuck_hint_gives_no_move_to_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """When no move leads anywhere the hint says so, in the rules pages' words, and
    offers nothing to type."""
    from parlour.ai.hints import NO_WAY, Hint
    from parlour.service import table as table_module

    def stuck(game: parlour.Game) -> Hint:
        return Hint(game.legal_moves()[0], NO_WAY, stuck=True)

    monkeypatch.setattr(table_module, "ai_hint", stuck)
    code, out, _ = run(
        monkeypatch, capsys, ["play", "eight-by-eight", "--seed", "3"], "hint\nresign\n"
    )
    assert code == 0
    (said,) = [line for line in out.splitlines() if "Hint:" in line]
    assert said.endswith("Hint: no move leads anywhere: undo or resign."), said


@pytest.mark.parametrize(
    ("game", "word", "line"),
    [
        *[(g, "resign", "resign this deal") for g in ("calculation", "gate", "eight-by-eight")],
        *[(g, "resign", "resign this game") for g in ("uno", "chinese-patience")],
    ],
)
def test_help_names_resigning_as_the_game_does(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    word: str,
    line: str,
) -> None:
    """`help` lists `resign` in every game, in the service's words (a patience's deal,
    a two-player game), as the rules pages name it; `giveup` and `give up`, which
    people type, are taken too, but help never offers them (it said "give up" for a
    patience)."""
    code, out, _ = run(monkeypatch, capsys, ["play", game, "--seed", "3"], "help\ngiveup\nQ\n")
    assert code == 0
    (listed,) = [ln for ln in out.splitlines() if ln.strip().startswith(f"{word} ")]
    assert listed.strip() == f"{word} (x)".ljust(12) + f" {line} (x asks first)", listed
    assert "Game over. You resigned." in out
    helped = out.split("move> help")[1].split("move> giveup")[0]
    assert "give up" not in helped.lower() and "giveup" not in helped.lower()
    # fitted to 80 columns (UNO's help ran to 92, 'quit' and 'hint' to 84)
    assert max(len(line) for line in helped.splitlines()) < 80, helped


class _Terminal(io.StringIO):
    """Standard output as a terminal: the hot seat wipes its scrollback there."""

    def isatty(self) -> bool:
        return True


def test_two_people_at_a_terminal_hand_over_in_the_services_words() -> None:
    """The hand-over says what the web's cover says (the service's ``hand_over``), lets
    the mover type ``undo`` where the rule allows, and wipes the screen and its
    scrollback before the next person's cards, so the mover's hand is not a scroll
    away (was "Hand over to player 1, then press Enter." and 40 blank lines). A new
    game is handed over too, before any hand is shown (Player 2's cards were printed
    while the one who started the game had the screen)."""
    from parlour.cli import WIPE_SCREEN, TerminalTable
    from parlour.service import open_service

    service = open_service(":memory:")
    player = service.local_player()
    answer = service.start(player, "uno", seed=2, opponent="human")
    assert answer["to_move"] == 1  # deal 2: Player 2 starts, holding G4
    lines = iter(["", "G4", "undo", "G4", "", "quit"])
    out = _Terminal()
    table = TerminalTable(
        service,
        player,
        answer,
        colour=False,
        read_line=lambda prompt: next(lines, None),
        out=out,
        interactive=True,
    )
    assert table.run() == 0
    text = out.getvalue()
    notice = "Player 1's turn: pass the screen to Player 1. Then press Enter"
    flat = " ".join(text.split())  # the notice is wrapped to 80 columns
    assert flat.count(notice) == 2
    assert "(or type undo to take your move back)" in flat
    assert "Took back 1 move" in text
    assert text.count(WIPE_SCREEN) == 2
    start, before, after = text.split(WIPE_SCREEN)
    assert "Player 2's turn: pass the screen to Player 2. Then press Enter." in start
    assert "hand" not in start.split("Type 'help' for commands.")[1]
    # nobody at one shared screen is "you": the hand is named as the notice names it
    # (its line wrapped to 80 columns between cards)
    mover_hand = "Player 2's hand: red 7, red 9, green 4, green 6, green 7, yellow 8, blue Draw"
    assert mover_hand in " ".join(before.split()) and "red 9" not in after
    assert "Player 1's turn: match the green 4 or draw." in after


def test_the_move_after_an_undo_is_told(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move played after an undo gets its sentence, as every move does (it took the
    number of the move taken back, and was not told)."""
    code, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "calculation", "--seed", "1", "--db", ":memory:"],
        "S W1\nundo\nS W2\nquit\n",
    )
    assert code == 0
    assert "You play 7♦ from the stock to W1." in out
    assert "  You play 7♦ from the stock to W2." in out.split("move> S W2")[1]


def test_a_letter_not_offered_after_the_end_is_quoted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the end a letter that is not a choice is named with the choices, as any bad
    input is (was the choices alone); a word is the table's (a move, refused)."""
    code, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "uno", "--seed", "5", "--opponent", "random", "--db", ":memory:"],
        "resign\nW\nzz\nquit\n",
    )
    assert code == 2
    # a match resigned: a new match, not "a new deal" (or this deal, whose hands were seen)
    assert "! 'W' is not one of the choices here.\nN: a new match, save FILE, Q: quit" in out
    assert "replay this deal" not in out
    assert "! The game is over: 'zz' cannot be played." in out  # a sentence, as the table says it


@pytest.mark.parametrize("budget", ["1e5", "2000.0", "1.5k"])
def test_solve_takes_a_whole_node_count_written_as_a_decimal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], budget: str
) -> None:
    """'--budget 1e5' was refused ('give a node count (100000, 100k, 2m) ...')."""
    code, out, err = run(monkeypatch, capsys, ["solve", "gate", "--seed", "7", "--budget", budget])
    assert code == 0 and err == ""
    assert out.startswith("The Gate, deal 7: winnable: a winning line of 120 moves")


FRIEND_REFUSED = (
    "parlour: error: --opponent friend invites a friend with a link: play it in the web "
    "app (parlour serve); here the opponents are the computer's levels or 'human' for "
    "two people at one table\n"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "uno", "--opponent", "friend"],
        ["load", "x.json", "--opponent", "friend"],
        ["tui", "uno", "--opponent", "friend"],
    ],
)
def test_the_terminal_refuses_a_friend_in_one_wording(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """play and load offered "the computer's levels or 'human'" and tui called a friend
    an unknown opponent; all three now say it once, in the table's words for 'human'."""
    code, out, err = run(monkeypatch, capsys, argv)
    assert (code, out, err) == (2, "", FRIEND_REFUSED)


def test_a_store_that_keeps_nothing_does_not_promise_to_keep_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Was: with --db :memory: both 'help' (quit: "the game stays in the store; 'parlour
    tui' resumes it") and the end of the input ("it stays in the store") promised a game
    that the program forgot as it ended."""
    argv = ["play", "gate", "--seed", "2", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, "help\n")
    assert code == 0
    assert "stays in the store" not in out and "resumes it" not in out
    assert out.count("with --db :memory: nothing is kept") == 2  # help, then the end
    argv = ["play", "gate", "--seed", "2", "--db", str(tmp_path / "kept.db")]
    code, out, _ = run(monkeypatch, capsys, argv, "help\n")
    assert code == 0 and "nothing is kept" not in out
    flat = " ".join(out.split())  # the help is wrapped to 80 columns
    assert "'parlour tui' resumes it" in flat and "(it stays in the store)." in flat


def test_solve_names_the_deal_as_play_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Was "gate seed 7: winnable: ..." where 'parlour play gate --seed 7' opens with
    "The Gate, deal 7."; a save's position was named as its deal, with nothing of the
    moves it had solved from."""
    code, out, _ = run(monkeypatch, capsys, ["solve", "gate", "--seed", "7", "--budget", "20k"])
    first = out.splitlines()[0]
    assert code == 0 and first.startswith("The Gate, deal 7: winnable: ") and first.endswith(".")
    save = tmp_path / "g.json"
    argv = ["play", "calculation", "--seed", "4", "--db", ":memory:"]
    run(monkeypatch, capsys, argv, f"S W1\nS W1\nsave {save}\nquit\n")
    code, out, _ = run(monkeypatch, capsys, ["solve", "--load", str(save), "--budget", "20k"])
    assert code == 0 and out.startswith("Calculation, deal 4, after 2 moves: "), out


def test_solve_of_a_deck_names_no_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "calculation seed 0: winnable ..." for a deck given with --deck, which no
    seed deals."""
    deck = parlour.new_game("calculation", seed=3).state.deal_str()
    argv = ["solve", "calculation", "--deck", deck, "--budget", "20k"]
    code, out, err = run(monkeypatch, capsys, argv)
    assert code == 0, err
    first = out.splitlines()[0]
    assert first.startswith("Calculation, your deck: ") and "seed" not in first, first


def test_the_terminal_tables_keys_for_hint_undo_and_redo_work_at_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: ``u``, ``r`` and ``h`` (the terminal table's keys, and the end panel's U
    after a lost patience) were refused as moves ("'u' cannot be played"); ``help``
    named no keys, nor (UNO) that a number plays that card of the hand."""
    lines = ["S W1", "u", "r", "h", "help", "quit"]
    code, out, _ = run(
        monkeypatch, capsys, ["play", "calculation", "--seed", "3"], "\n".join(lines) + "\n"
    )
    assert code == 0, out
    assert "move> u\nTook back 1 move: " in out
    assert "move> r\nReplayed 1 move: " in out
    assert "move> h\nHint: " in out
    assert "  undo (u)     take back your last move" in out and "  redo (r)" in out
    assert "  hint (h)" in out
    assert "play card N of your hand" not in out  # no hand to number
    _, out, _ = run(monkeypatch, capsys, ["play", "uno", "--seed", "13"], "help\nquit\n")
    assert "  N            play card N of your hand, numbered as 'Cards by number' shows" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "gate", "--seed", "-1"], "'-1' is not a deal number"),
        (["play", "gate", "--seed", "abc"], "'abc' is not a deal number"),
        (["play", "gate", "--seed", "99999999999999999999999"], "'99999999999999999999999' is"),
        (["play", "gate", "--seed", "2.5"], "'2.5' is not a deal number"),
        (["solve", "gate", "--seed", "-5"], "'-5' is not a deal number"),
        (["solve", "gate", "--seed", "x"], "'x' is not a deal number"),
        (["tui", "gate", "--seed", "1e3"], "'1e3' is not a deal number"),
        (["simulate", "gate", "--seed", "-1"], "'-1' is not a deal number"),
        (["simulate", "gate", "-n", "many"], "'many' is not a number of games: give a whole"),
        (["simulate", "gate", "--max-moves", "0"], "'0' is not a move limit: give a whole"),
        (["serve", "--port", "http"], "'http' is not a port number: give a whole number from 1"),
        (["play", "gate", "--colour", "pink"], "'pink' is not a choice of --colour: choose auto"),
        (["play", "gate", "--seed"], "--seed needs a value"),
        (["play", "gate", "--seed", "1", "--deck", "AH"], "--seed and --deck cannot be given"),
        (["play", "gate", "--bogus"], "parlour play has no option '--bogus'"),
        (["rules", "gate", "x"], "parlour rules takes no 'x'"),
    ],
)
def test_number_and_flag_errors_are_plain_sentences_quoting_the_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """Was: "argument --seed: invalid int value: 'abc'" (argparse's words), and for -1 or
    a number too long "the deal number (seed) must be a whole number from 0 to
    9007199254740991, got -1"; solve's -5 was "seed must be a non-negative whole number,
    got -5". Each is now one sentence quoting what was typed and saying what is taken."""
    code, out, err = run(monkeypatch, capsys, argv)
    assert code == 2 and out == ""
    line = err.strip()
    assert len(err.splitlines()) == 1 and line.startswith(f"parlour: error: {said}"), err
    assert "argument " not in line and "invalid int" not in line and "got " not in line
    if "deal number" in said:
        assert "is not a deal number: give a whole number from 0 to 9007199254740991" in line


@pytest.mark.parametrize("game", list(parlour.games()))
def test_every_games_board_lines_start_with_a_capital(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    """Was: UNO's board in parlour play read "the computer: 7 cards", "draw pile: 93
    cards", "discard pile: ...", "your hand: ...", "to move: you (...)" and the terminal's
    own "cards by number: 1:R0 ...", where the other games' boards (Chinese Patience's
    since 6dd987a) start each line with a capital."""
    opponent = ["--opponent", "random"] if parlour.new_game(game, seed=1).players == 2 else []
    _, out, _ = run(monkeypatch, capsys, ["play", game, "--seed", "1", *opponent], "show\nquit\n")
    flush = [line for line in out.splitlines() if line and not line.startswith((" ", "move>"))]
    assert flush and all(not line[0].islower() for line in flush), [
        line for line in flush if line[0].islower()
    ]


@pytest.mark.parametrize("game", ["calculation", "gate", "eight-by-eight", "chinese-patience"])
def test_every_patience_writes_an_empty_pile_one_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    """Was: each board wrote an empty pile its own way: Calculation's waste piles "-",
    8 x 8's rows and waste "(empty)" beside its foundations' "--", The Gate's bars
    "(space)" beside its "--". Now every board writes ``cards.EMPTY_PILE``."""
    from parlour.cards import EMPTY_PILE

    opponent = ["--opponent", "random"] if game_class(game).players == 2 else []
    _, out, _ = run(monkeypatch, capsys, ["play", game, "--seed", "1", *opponent], "quit\n")
    board = out.split("\n\n", 1)[1]  # after the opening line and the log
    assert re.search(rf"(^|\s){re.escape(EMPTY_PILE)}(\s|$)", board, re.M), board
    assert "(empty)" not in board and "(space)" not in board
    assert not re.search(r"\s-$", board, re.M), board


def test_sentences_are_wrapped_to_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: the opening line, a hint with its reason, the log's sentences and the
    status ran past 80 columns ("Chinese Patience, deal 1, against the computer
    (random). Type 'help' for commands." is 82), and a terminal broke them inside a
    word. Now each is wrapped between words, going on two spaces further in; a
    refusal stays one line (the module's promise), as a board's rows do."""
    argv = ["play", "chinese-patience", "--seed", "1", "--opponent", "random"]
    _, out, _ = run(monkeypatch, capsys, argv, "hint\nmoves\nt\nhint\nshow\nquit\n")
    long = [line for line in out.splitlines() if len(line) > 80 and not line.startswith("! ")]
    assert not long, long
    opening = "Chinese Patience, deal 1, against the computer (random). Type 'help' for"
    assert f"{opening}\n  commands." in out


def test_a_demo_honours_daily_winnable_opponent_and_db(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Was: 'parlour play gate --demo --daily' (or --winnable) played a random deal, and
    --opponent and --db were ignored without a word. Now --daily shows the deal of the
    day of the store --db names (the deal 'parlour play --daily' deals there), --winnable
    a proved deal, and --opponent LEVEL plays a two-player game's second seat."""
    make_deals_cheap(monkeypatch)
    shown: list[tuple[str, list[str], str]] = []

    def demo(game: Any, colour: bool, pause: float, levels: list[str], heading: str) -> int:
        shown.append((game.state.render(), list(levels), heading))
        return 0

    monkeypatch.setattr(cli, "_demo", demo)
    db = str(tmp_path / "store.db")
    code, _, err = run(monkeypatch, capsys, ["play", "gate", "--demo", "--daily", "--db", db])
    assert code == 0, err
    board, levels, heading = shown.pop()
    assert heading.startswith("The Gate, the deal of the day, ") and levels == ["strong"]
    _, out, _ = run(monkeypatch, capsys, ["play", "gate", "--daily", "--db", db], "quit\n")
    assert board in out, "the demo plays the deal of the day that this store deals"
    code, _, err = run(monkeypatch, capsys, ["play", "gate", "--demo", "--winnable"])
    assert code == 0, err
    assert shown.pop()[2].startswith("The Gate, a deal the solver has proved winnable: ")
    argv = ["play", "uno", "--demo", "--seed", "4", "--opponent", "random"]
    code, _, err = run(monkeypatch, capsys, argv)
    assert code == 0, err
    _, levels, heading = shown.pop()
    assert levels == ["strong", "random"]
    assert heading == (
        "UNO, deal 4: the computer plays both seats (Player 1 strong, Player 2 random), "
        "move by move."
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["uno", "--opponent", "human"], "--demo lets the computer play every seat: --opponent"),
        (["uno", "--opponent", "friend"], "--demo lets the computer play every seat"),
        (["uno", "--opponent", "genius"], "unknown opponent 'genius' for uno: the levels are"),
        (["gate", "--opponent", "human"], "gate is a one-player game: it takes no opponent"),
        (["gate", "--db", "x.db"], "--demo keeps no game in a store: --db goes with --demo"),
        (["uno", "--daily"], "uno has no winnable deals or deal of the day"),
        (["gate", "--daily", "--seed", "3"], "the deal of the day is chosen by the table"),
        (["gate", "--winnable", "--seed", "3"], "a winnable deal is chosen by the table"),
    ],
)
def test_a_demo_refuses_what_it_cannot_do_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "_demo", lambda *args: pytest.fail("the demo started"))
    code, out, err = run(monkeypatch, capsys, ["play", *argv, "--demo"])
    assert (code, out) == (2, "") and err.startswith(f"parlour: error: {said}"), err
    assert len(err.splitlines()) == 1
    assert not (tmp_path / "x.db").exists()


def test_games_lists_each_games_options_from_what_it_declares(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'parlour games' named the games and nothing of their options (classic,
    bars=3, target=200 ...). The listing's first lines are as they were; below them each
    game's options as typed after its name, and 'parlour games GAME' tells one game's
    options with their help and defaults, its computer players and its deals."""
    code, out, _ = run(monkeypatch, capsys, ["games"])
    assert code == 0
    lines = out.splitlines()
    names = list(parlour.games())
    listing = out.split("\n\n")[0]
    starts = [line.split()[0] for line in listing.splitlines() if not line.startswith(" ")]
    assert starts == names
    assert " ".join(listing.split()) == " ".join(
        f"{n} {summary}." for n, summary in parlour.games().items()
    )
    options = {line.split()[0]: line for line in lines if line.startswith("  ")}
    for name in names:
        specs = parlour.new_game(name, seed=1).state.option_specs
        words = [cli.option_word(spec) for spec in specs]
        assert options[name] == f"  {name:18} {', '.join(words) or 'none'}"
    assert "  gate               bars=4|3" in lines and "classic" in options["calculation"]
    assert "target=N, uno_call, w4_challenge, first=0|1" in options["uno"]
    example = out.split("as in '")[1].split("'")[0]
    code, played, err = run(monkeypatch, capsys, example.split()[1:], "quit\n")
    assert code == 0 and "Goodbye." in played, err
    for name in names:
        code, out, _ = run(monkeypatch, capsys, ["games", name])
        flat = " ".join(out.split())
        assert code == 0 and f"parlour rules {name}" in flat
        for spec in parlour.new_game(name, seed=1).state.option_specs:
            assert f"{cli.option_word(spec)} {' '.join(spec.help.split())}" in flat
    code, out, _ = run(monkeypatch, capsys, ["games", "8x8"])
    assert out.startswith("8 x 8 (eight-by-eight; also 8x8, 8-x-8): ")
    flat = " ".join(out.split())
    assert "random, fair, strong" in flat and "--winnable" in flat and "Options: none." in flat
    code, out, _ = run(monkeypatch, capsys, ["games", "uno"])
    assert "--opponent random, basic, strong; default strong" in " ".join(out.split())
    assert "target=N      points that win the match; default 500" in out
    assert "--winnable" not in out and "parlour solve" not in out


def _played(out: str) -> str:
    """A run's output without the lines that echo what was typed."""
    return "\n".join(line for line in out.splitlines() if not line.startswith("move> "))


@pytest.mark.parametrize(
    ("argv", "keys", "moves"),
    [
        (["gate", "--seed", "3"], ["d"], ["deal"]),
        (["eight-by-eight", "--seed", "3"], ["t"], ["turn"]),
        (["chinese-patience", "--seed", "3", "--opponent", "random"], ["t", "Z"], ["twist", "end"]),
        (["uno", "--seed", "4", "--opponent", "random"], ["d", "k"], ["draw", "keep"]),
        (["uno", "--seed", "4", "--opponent", "random"], ["D", "p"], ["draw", "play"]),
    ],
)
def test_a_one_word_moves_key_plays_it_at_the_prompt_as_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    keys: list[str],
    moves: list[str],
) -> None:
    """Was: the terminal table's keys for the one-word moves (UNO's ``d`` draw, ``k``
    keep ...; The Gate's ``d`` deal; 8 x 8's ``t`` turn) were refused by ``parlour
    play`` ("“d” is not a move here"), while Chinese Patience's engine took ``T`` and
    ``Z``. Each game declares its one-word moves' keys once (``move_keys``); typed
    alone, in either case, a key plays what its move string plays."""
    argv = ["play", *argv, "--db", ":memory:"]
    code, by_key, _ = run(monkeypatch, capsys, argv, "\n".join([*keys, "quit"]) + "\n")
    assert code == 0, by_key
    code, by_word, _ = run(monkeypatch, capsys, argv, "\n".join([*moves, "quit"]) + "\n")
    assert code == 0, by_word
    assert "!" not in _played(by_key) and _played(by_key) == _played(by_word)


def test_a_key_whose_move_names_a_colour_asks_for_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``p`` after drawing a Wild plays it as the table's key does: the colour is asked
    (the table's colour chooser), not refused for the missing colour."""
    argv = ["play", "uno", "--seed", "6", "--opponent", "random", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, "d\np\ng\nquit\n")
    assert code == 0, out
    assert f"move> p\n{COLOUR_PROMPT}g\n  You play a Wild and choose green." in out, out


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("gate", []),
        ("eight-by-eight", []),
        ("chinese-patience", []),
        ("calculation", []),
        ("uno", []),
        ("uno", ["uno_call", "w4_challenge"]),
    ],
)
def test_help_lists_the_keys_of_the_one_word_moves(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    options: list[str],
) -> None:
    """``help`` lists every key the game declares for its one-word moves, with the
    words the terminal table's buttons use (``p  play the drawn card (play)``); the
    challenge and the catch only at a table with their options."""
    argv = ["play", game, *options, "--seed", "3", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, "help\nquit\n")
    assert code == 0, out
    for key in game_class(game).move_keys:
        told = key.label if key.label == key.move else f"{key.label} ({key.move})"
        line = f"  {key.key:<12} {told}\n"
        assert (line in out) == (key.option is None or key.option in options), (line, out)


@pytest.mark.parametrize(
    ("game", "question", "headline"),
    [
        ("gate", "Resign this deal? It counts as a loss. (y/n) ", "You resigned."),
        ("uno", "Resign this game? It counts as a loss. (y/n) ", "You resigned."),
    ],
)
def test_x_resigns_at_the_prompt_once_asked_as_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    question: str,
    headline: str,
) -> None:
    """Was: ``x`` (the table's resign key, which asks first) was refused as a move. It
    asks the table's question, in the service's words; only yes resigns."""
    argv = ["play", game, "--seed", "3", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, "x\nn\nshow\nX\ny\nquit\n")
    assert code == 0, out
    first, second = out.split(f"move> x\n{question}n\n")[1].split(f"move> X\n{question}y\n")
    assert "Game over" not in first and "!" not in first
    assert second.startswith("  You ") and f"Game over. {headline}" in second


def test_a_two_player_demo_names_the_seats_on_every_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: each board of a two-player demo was drawn as the mover sees it, saying
    "you" ("Your hand: ...", "To move: you", "Chinese Patience - your view. You to
    move."), where nobody at the screen plays: the seats are named as the demo's first
    line names them."""
    monkeypatch.setattr(cli, "DEMO_MAX_MOVES", 6)
    for game in ("uno", "chinese-patience"):
        code, out, _ = run(monkeypatch, capsys, ["play", game, "--demo", "--seed", "4"])
        assert code == 0, out
        heading = " ".join(out.split("\n\n")[0].split())  # wrapped at 80 columns
        assert "(Player 1 strong, Player 2 strong)" in heading
        assert not re.search(r"\byou(r)?\b", out, re.IGNORECASE), out
        assert "Player 1's" in out and "Player 2's" in out


def test_question_mark_is_help_as_at_the_terminal_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``?`` prints what ``help`` does, and the help says so ("help (?)"), as ``?`` at
    the terminal table opens its help (keys, then the help text, then the rules)."""
    argv = ["play", "gate", "--seed", "3", "--db", ":memory:"]
    _, asked, _ = run(monkeypatch, capsys, argv, "?\nquit\n")
    _, helped, _ = run(monkeypatch, capsys, argv, "help\nquit\n")
    assert "  help (?)     this help\n" in asked
    assert asked.split("move> ?\n")[1] == helped.split("move> help\n")[1]


def test_an_uno_demos_scores_list_the_seats_in_a_fixed_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: each board's header listed the mover's score first ("scores: Player 2 0,
    Player 1 0", then "Player 1 0, Player 2 0" a move later); the scores stay put,
    Player 1 first, as the table lists its seats in one order."""
    monkeypatch.setattr(cli, "DEMO_MAX_MOVES", 6)
    code, out, _ = run(monkeypatch, capsys, ["play", "uno", "--demo", "--seed", "4"])
    assert code == 0, out
    headers = [line for line in out.splitlines() if line.startswith("UNO  hand")]
    assert len(headers) == 7 and "Player 2's hand" in out and "Player 1's hand" in out
    for line in headers:
        assert re.search(r"scores: Player 1 \d+, Player 2 \d+ ", line), line


def test_the_deck_flag_says_the_deck_is_in_the_games_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: ``--deck``'s help gave one example, ``'KH JC QH ...'``, which UNO's deck
    cannot take. It says the deck is in the game's notation, with an example for each
    family of cards, each read back as its cards."""
    from parlour.cards import parse_cards, parse_uno_cards

    with pytest.raises(SystemExit):
        run(monkeypatch, capsys, ["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--deck DECK explicit deck in the game's card notation, top card first:" in out
    parsers = {"playing cards": parse_cards, "UNO cards": parse_uno_cards}
    assert set(cli.DECK_EXAMPLES) == set(parsers)
    for family, example in cli.DECK_EXAMPLES.items():
        assert f"'{example}' ({family})" in out
        assert parsers[family](example.removesuffix(" ..."))


def test_the_help_says_what_undo_takes_back(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The help said undo takes back "a move (the table's one rule says which)": it
    says which in words now, the person's last move, and against the computer its
    replies too (the service's undo takes those back with it)."""
    said = {}
    for game in ("gate", "uno"):
        _, out, _ = run(
            monkeypatch, capsys, ["play", game, "--seed", "3", "--db", ":memory:"], "?\nquit\n"
        )
        said[game] = next(line for line in out.splitlines() if line.startswith("  undo (u)"))
    assert said["gate"].split(None, 2)[2] == "take back your last move"
    assert (
        said["uno"].split(None, 2)[2] == "take back your last move and the computer's replies to it"
    )


def test_a_refused_command_is_a_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was "! nothing to redo" and "! cannot undo: ..." in the error's lower case without
    a full stop, where the terminal table says "Nothing to redo."."""
    argv = ["play", "uno", "--seed", "3", "--opponent", "random", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "redo\ndraw\nundo\nquit\n")
    refused = told(out)
    assert refused[0] == "! Nothing to redo."
    assert refused[1].startswith("! Cannot undo: ") and refused[1].endswith(".")
    assert all(len(line) < 80 for line in out.splitlines())  # wrapped under itself


def test_the_winning_line_after_a_verdict_is_wrapped_between_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: 'A winning line: [T3 F] [deal] ...' on one line of 120 moves (some 900
    columns), which the terminal broke inside a move."""
    argv = ["play", "gate", "--seed", "7", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "give up\nv\nq\n")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("A winning line: "))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    shown = lines[start:end]
    assert len(shown) > 5 and all(len(line) < 80 for line in shown), shown
    moves = re.findall(r"\[([^\]]+)\]", " ".join(shown))
    assert len(moves) == 120 and moves[:2] == ["T3 F", "deal"]


def test_a_long_pile_wraps_under_its_first_card_keeping_its_indent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: a waste pile of 27 cards, wrapped to 80 columns, lost its indent ("W1  9♣
    10♥ ..." at the margin, under the header) and went on under the piles' names ("  8♥
    K♠ 10♦", read as a pile of its own). Now it keeps "  W1  " and goes on under its
    first card."""
    argv = ["play", "calculation", "--seed", "5", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "S W1\n" * 30 + "quit\n")
    board = out.split("move> ")[-2]  # the table after the 30th card
    lines = board.splitlines()
    assert all(len(line) <= 80 for line in lines), board
    row = next(i for i, line in enumerate(lines) if line.startswith("  W1  "))
    assert not any(line.startswith("W1") for line in lines), board
    assert re.match(r" {6}\S", lines[row + 1]), board  # under the first card
    assert lines[row + 2].startswith("  W2  "), board


def test_a_hints_move_to_type_is_never_broken_between_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "Hint: move 3♦ from T2 onto 4♠ in T4: on the way to 1 more card home. Type:
    T2" and "  T4" on the next line, where "T2" reads as the move to type (it is refused:
    "'T2' is not a move here")."""
    move = parlour.ai.hint(parlour.new_game("gate", seed=3)).move
    assert " " in move
    argv = ["play", "gate", "--seed", "3", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "hint\nquit\n")
    typed = [line for line in out.splitlines() if "Type:" in line]
    assert typed and typed[0].endswith(f"Type: {move}"), out
    assert all(len(line) <= 80 for line in out.splitlines()), out


def test_the_choices_after_the_end_are_each_whole_and_a_wrong_letter_is_one_short_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: "..., V: could this deal be won?, save FILE, Q:" and "  quit" on the next
    line; a letter not offered was told with all the choices on one line of 93
    columns. Now no choice is broken, and the refusal is one short line before the
    choices again. The end of the input is wrapped as every sentence is (107 columns)."""
    argv = ["play", "calculation", "--seed", "5", "--db", ":memory:"]
    code, out, _ = run(monkeypatch, capsys, argv, "resign\nz\n")
    assert code == 2  # a rejected line, for scripts
    assert all(len(line) <= 80 for line in out.splitlines()), out
    offer = out.split("You resigned.")[-1]
    assert "Q: quit" in offer and not re.search(r":\n", offer), offer
    assert "! 'z' is not one of the choices here.\nN: a new deal, D: replay" in out
    argv = ["play", "calculation", "--seed", "5", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, argv, "moves\n")
    assert out.rstrip().endswith("nothing is kept: the\n  game ends with the program).")


def test_help_at_one_table_lists_no_hint_which_is_refused_there(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was: two people at one table were offered "hint (h)  suggest a move" by 'help',
    and every hint was refused ("No hints when two people play"); the terminal table's
    key bar offers none there. Against the computer the line stays."""
    argv = ["play", "chinese-patience", "--seed", "2", "--db", ":memory:"]
    _, alone, _ = run(monkeypatch, capsys, [*argv, "--opponent", "human"], "help\nh\nquit\n")
    assert "No hints when two people play" in alone  # as before: refused
    assert "hint (h)" not in alone and "  undo (u)" in alone
    _, computer, _ = run(monkeypatch, capsys, [*argv, "--opponent", "random"], "help\nquit\n")
    assert "  hint (h)     suggest a move" in computer


def test_one_table_board_names_the_seats_as_the_status_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two people at one table: the board names each seat as the status line and the
    terminal table do, from the service's names ("Player 2's discard pile"); it said
    "your view. You to move." and "(your discard pile; ...)" over "Player 2's turn:
    4♥ cannot move off Player 2's discard pile". Against the computer the reader is
    still "you"."""
    argv = ["play", "chinese-patience", "--seed", "2", "--db", ":memory:"]
    _, out, _ = run(monkeypatch, capsys, [*argv, "--opponent", "human"], "twist\nquit\n")
    assert "Player 2's turn: 4♥ cannot move off Player 2's discard pile" in out
    assert "Chinese Patience - Player 2's view. Player 2 to move." in out
    assert "  0  4♥   (Player 2's discard pile; hand 21)" in out
    assert "  9  --   (Player 1's discard pile; hand 22)" in out
    assert "Player 2's first turn starts with a twist." in out
    assert "your" not in out.lower().replace("take your move back", "")
    assert "You to move" not in out
    _, computer, _ = run(monkeypatch, capsys, [*argv, "--opponent", "random"], "quit\n")
    assert "Chinese Patience - your view. You to move." in computer
    assert "(your discard pile; hand" in computer


def test_the_last_cards_go_home_by_themselves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Once nothing is hidden and every card left goes home in turn (the answer's
    ``finish``), the web table sent them home by itself and ``parlour play`` left the
    person to type each of them (35 of a won Gate's): now they go after the move that
    offers them, one line in the service's words says so, and the end follows; a save
    loaded where the finish is offered sends them as it opens."""
    from test_finishing_line import moves_to_the_finish

    typed, left = moves_to_the_finish("gate", 2)
    assert left > 1
    code, out, _ = run(
        monkeypatch, capsys, ["play", "gate", "--seed", "2"], "\n".join([*typed, "Q"]) + "\n"
    )
    assert code == 0, out
    after = out.split(f"move> {typed[-1]}\n")[-1]
    said = f"The last {left} cards go to the foundations by themselves."
    assert said in after
    # the one line, not the moves' log; then the board and the end, told once
    assert after.index(said) < after.index("Game over.")
    assert out.count("Game over.") == 1 and "move> " not in after
    assert "52 of 52" in after or "52 cards on the foundations" in after
    ready = parlour.new_game("gate", seed=2)
    for move in typed:
        ready.play(move)
    save = tmp_path / "ready.json"
    save.write_text(ready.to_json())
    code, out, _ = run(monkeypatch, capsys, ["load", str(save)], "Q\n")
    assert code == 0, out
    assert out.index(said) < out.index("Game over.") and "move> " not in out
