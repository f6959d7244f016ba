"""A typed move the table refuses: the engine's whole message (the notation, every
legal move) stays the error's text; the table service also words it in one short
sentence (``brief``), for the web app, whose help and rules pages show the notation,
and ``parlour play``, whose 'moves' and 'help' do."""

from __future__ import annotations

import pytest

from parlour.errors import IllegalMoveError, InvalidMoveError, ParlourError
from parlour.service import TableService, open_service
from parlour.service.words import brief_refusal, refusal_rest, without_legal_list
from uno_decks import uno_deck

ME = "me"


@pytest.fixture
def table() -> TableService:
    return open_service(":memory:")


def refused(table: TableService, game: str, move: str, **start: object) -> ParlourError:
    opened = table.start(ME, game, 5, **start)  # type: ignore[arg-type]
    with pytest.raises(ParlourError) as caught:
        table.play(ME, opened["id"], move)
    return caught.value


@pytest.mark.parametrize(
    ("game", "move", "brief"),
    [
        (
            "eight-by-eight",
            "T9 F",
            "“T9 F” is not a move here: there is no row T9 (the rows are T1-T8).",
        ),
        ("calculation", "W1 F1", "“W1 F1” is not legal now: W1 is empty."),
        ("calculation", "xyz", "“xyz” is not a move here: moves are written like S F4 or S W1."),
        ("gate", "T1 T1", "“T1 T1” is not a move here: a pile cannot move onto itself."),
        ("calculation", "  ", "Type a move, for example S F4."),
    ],
)
def test_a_refusal_in_one_short_sentence(
    table: TableService, game: str, move: str, brief: str
) -> None:
    error = refused(table, game, move)
    assert error.brief == brief
    assert str(error).startswith(f"{move!r}"), "the engine's whole message stays, quoting as given"


@pytest.mark.parametrize(
    ("game", "opponent"),
    [
        ("calculation", None),
        ("gate", None),
        ("eight-by-eight", None),
        ("chinese-patience", "random"),
        ("uno", "random"),
    ],
)
@pytest.mark.parametrize("move", ["T9 F", "xyz", "W1 F1", "S F9", "Z", "it's", "L T1"])
def test_every_games_refusals_are_short(
    table: TableService, game: str, opponent: str | None, move: str
) -> None:
    error = refused(table, game, move, opponent=opponent)
    assert isinstance(error, InvalidMoveError | IllegalMoveError)
    assert error.brief is not None
    assert error.brief.startswith(f"“{move}” is not ")
    assert error.brief.endswith(".") and error.brief.count(".") == 1 + move.count(".")
    assert len(error.brief.split()) <= 24, error.brief
    assert "legal moves:" not in error.brief and "moves are 'S" not in error.brief


@pytest.mark.parametrize(
    ("game", "move", "options", "reason"),
    [
        ("calculation", "T9 F", {}, "'T9' is no source pile (S or W1-W4)"),
        ("gate", "ZZ 9", {}, "'ZZ' is not a pile (L, R, T1-T4, B1-B4, W or F)"),
        ("gate", "L T5", {"bars": 3}, "'T5' is not a pile (L, R, T1-T3, B1-B3, W or F)"),
        (
            "gate",
            "T4 F",
            {"bars": 3},
            "there is no T4 with 3-card bars (the bars are T1-T3 and B1-B3)",
        ),
        ("eight-by-eight", "X Y", {}, "'X' names no pile (T1-T8, P, W or F)"),
        ("eight-by-eight", "T1 F9", {}, "there is no foundation F9 (the foundations are F1-F8)"),
        ("chinese-patience", "12 5", {}, "'12' is not a pile number (0-9)"),
    ],
)
def test_a_pile_refused_by_name_is_said_with_the_piles_that_would_be_taken(
    table: TableService, game: str, move: str, options: dict[str, int], reason: str
) -> None:
    """The one-sentence refusal keeps the rules' reason up to its ';', where The Gate's,
    8 x 8's and Chinese Patience's said only "'ZZ' is not a pile." and left the piles
    there are to the help page: now each says them in brackets, as Calculation did."""
    opponent = "random" if game == "chinese-patience" else None
    error = refused(table, game, move, opponent=opponent, options=options)
    assert error.brief == f"“{move}” is not a move here: {reason}."


@pytest.mark.parametrize("move", ["end", "Z"])
def test_ending_a_turn_too_soon_is_one_short_sentence(table: TableService, move: str) -> None:
    """Chinese Patience's refusal of ``end`` was 24 words (the whole rule); the rule
    stays in the engine's message."""
    error = refused(table, "chinese-patience", move, opponent="random")
    assert error.brief == f"“{move}” is not legal now: twist first, then end the turn."
    assert "still on top of pile 0" in str(error)


def test_the_tables_own_refusals_are_kept() -> None:
    assert brief_refusal("it is not your turn", "S W1", ["S W1"], True) == "it is not your turn"
    assert brief_refusal("'x' is not legal now; legal moves: a, b", "x", ["a"], True) == (
        "“x” is not legal now: the only legal move is a."
    )


@pytest.mark.parametrize("game", ["calculation", "gate", "uno", "chinese-patience"])
def test_a_long_move_is_quoted_by_its_start_in_the_brief_too(
    table: TableService, game: str
) -> None:
    """Was: the brief quoted the typed move whole (10,000 characters in, as many out)."""
    move = "S " + "q" * 10_000
    brief = refused(table, game, move).brief
    assert brief is not None and brief.startswith("“S qqq") and len(brief) < 300, brief[:300]
    assert brief.startswith(f"“{move[:39]}…”")


#: The person plays a blue Draw Two on a blue 9 (the computer draws green 7 and 8 and
#: loses its turn): red 5, card 1 of their hand, is not played on it; a draw is blue 7.
ON_A_DRAW_TWO = uno_deck("BD R5 G2 G3 Y4 B5 W", "R1 R2 R3 R4 R6 R7 R8", "B9", "G7 G8 B7")


def uno_refused(table: TableService, move: str, before: str = "", **play: object) -> str:
    opened = table.start(ME, "uno", deck=ON_A_DRAW_TWO, opponent="random", options={"first": 0})
    assert table.play(ME, opened["id"], "BD")["numbered"][0] == "R5"
    if before:
        table.play(ME, opened["id"], before)
    with pytest.raises(ParlourError) as caught:
        table.play(ME, opened["id"], move, **play)  # type: ignore[arg-type]
    assert str(caught.value).startswith(f"'{move}' is not legal now: "), "the rules' own"
    assert caught.value.brief is not None
    return caught.value.brief


def test_a_reasons_own_aside_is_never_cut() -> None:
    """Was: "“R5” is not legal now: red 5 does not match the top card blue Draw Two
    (colour in play." A reason of more than 14 words was cut at its first colon, there
    the one inside its brackets; it is cut at a colon outside them."""
    brief = uno_refused(open_service(":memory:"), "R5")
    assert brief == (
        "“R5” is not legal now: red 5 does not match the top card blue Draw Two "
        "(colour in play: blue)."
    )


@pytest.mark.parametrize(
    ("picked_by", "before", "brief"),
    [
        # typed as its number: quoted so, the card named in words (was "“R5” is ...")
        (
            "1",
            "",
            "“1” is red 5: it does not match the top card blue Draw Two (colour in play: blue).",
        ),
        # pointed at (the terminal table's Enter or click): the card is the subject
        ("", "", "Red 5 does not match the top card blue Draw Two (colour in play: blue)."),
        # a reason that is not about the card: said to be why it cannot be played
        (
            "1",
            "draw",
            "“1” is red 5, which cannot be played now: you drew blue 7: play it ('play') "
            "or keep it ('keep').",
        ),
        (
            "",
            "draw",
            "Red 5 cannot be played now: you drew blue 7: play it ('play') or keep it ('keep').",
        ),
    ],
)
def test_a_card_picked_by_its_number_is_refused_as_it_was_picked(
    table: TableService, picked_by: str, before: str, brief: str
) -> None:
    """The terminal's digit keys and ``parlour play``'s numbers pick a card: the
    refusal quoted its code ("“R5” is not legal now"), which the person never saw.
    The service's one sentence serves both, so the two say the same."""
    assert uno_refused(table, "R5", before, picked_by=picked_by) == brief


def test_a_drawn_card_is_named_as_the_log_names_it() -> None:
    """Was: "you drew Wild: play it ...", where the log says "You draw a Wild."."""
    from parlour import new_game
    from parlour.errors import IllegalMoveError

    the_deck = uno_deck("R5 G2 G3 Y4 B5 B6 B7", "R1 R2 R3 R4 R6 R7 R8", "G9", "W")
    game = new_game("uno", deck=the_deck, options={"first": 0})
    game.play("draw")
    with pytest.raises(IllegalMoveError, match="you drew a Wild: play it"):
        game.play("R5")


@pytest.mark.parametrize(
    ("game", "move", "opponent", "rest"),
    [
        # the brief said it all: the whole message again was the same sentence
        ("calculation", "W1 W2", None, ""),
        ("uno", "R0", "random", "Play a matching card or a Wild, or draw."),
        ("uno", "keep", "random", "Draw first."),
        ("gate", "T2", None, "Moves are SOURCE DEST with SOURCE one of L R T1-T4 B1-B4"),
        ("chinese-patience", "W1 W2", "random", "Piles are 0 (your discard pile), 1-4"),
    ],
)
def test_the_rest_of_a_refusal_says_only_what_its_sentence_did_not(
    table: TableService, game: str, move: str, opponent: str | None, rest: str
) -> None:
    """What ``parlour play`` shows under a refusal's sentence on a second miss: the
    rules' advice and notation, as sentences; not the message's head again, which
    quotes the input as code ("'W1 W2' is not legal now: W1 is empty." under "“W1 W2”
    is not legal now: W1 is empty.")."""
    error = refused(table, game, move, opponent=opponent)
    assert error.brief is not None
    whole, _ = without_legal_list(str(error))
    said = refusal_rest(whole, error.brief)
    assert said.startswith(rest) and (said == "" or said.endswith("."))
    assert f"'{move}'" not in said and "is not" not in said


def test_the_rest_of_a_picked_cards_refusal_quotes_no_code(table: TableService) -> None:
    """A card picked by its number: the sentence quotes the number and names the card
    ("“1” is red 4: it does not match ..."); what follows it on a second miss was the
    rules' message quoting the code ("'R4' is not legal now: red 4 does not match
    ..."), the same refusal again in the notation. Now only the rule's advice."""
    opened = table.start(ME, "uno", 3, opponent="random")
    card = opened["numbered"][1]
    with pytest.raises(ParlourError) as caught:
        table.play(ME, opened["id"], card, picked_by="2")
    error = caught.value
    assert error.brief is not None and error.brief.startswith("“2” is red 7: it does not match")
    whole, _ = without_legal_list(str(error))
    assert whole.startswith("'R7' is not legal now: red 7 does not match")
    assert refusal_rest(whole, error.brief) == "Play a matching card or a Wild, or draw."
