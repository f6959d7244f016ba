"""A typed move the table refuses: the engine's whole message (the notation, every
legal move) stays the error's text; the table service also words it in one short
sentence (``brief``), for the web app, whose help and rules pages show the notation,
and ``parlour play``, whose 'moves' and 'help' do."""

from __future__ import annotations

import pytest

from parlour.errors import IllegalMoveError, InvalidMoveError, ParlourError
from parlour.service import TableService, open_service
from parlour.service.words import brief_refusal

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
        ("eight-by-eight", "T9 F", "“T9 F” is not a move here: there is no row T9."),
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
    assert str(error).startswith(f"{move.strip()!r}"), "the engine's whole message stays"


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
