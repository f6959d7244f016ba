"""docs/environments.md's observation and action tables: generated from the encoders'
layout, present verbatim in the document, and true of real observations."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour

np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[rl]')")

from parlour.envs.actions import action_table  # noqa: E402
from parlour.envs.encoders import encoder_for  # noqa: E402
from parlour.envs.layout import markdown, observation_layout  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"
#: Every game with an environment: each has its tables in the document.
GAMES = ["uno", "chinese-patience", "calculation", "gate", "eight-by-eight"]


@pytest.mark.parametrize("game", GAMES)
def test_the_document_holds_the_generated_tables(game: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert markdown(game) in text, (
        f"docs/environments.md's {game} tables are out of date: "
        "paste the output of python -m parlour.envs.layout"
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_covers_every_number_once(game: str) -> None:
    rows = observation_layout(game)
    numbers = [n for row in rows for n in range(row.first, row.last + 1)]
    assert numbers == list(range(encoder_for(game).size))
    sizes = {"uno": 132, "chinese-patience": 55, "calculation": 36, "gate": 92}
    assert len(action_table(game)) == sizes.get(game, 700)


def rows_named(game: str, words: str) -> list[int]:
    found = [r for r in observation_layout(game) if words in r.what]
    assert found, words
    return list(range(found[0].first, found[0].last + 1))


def test_uno_numbers_mean_what_the_table_says() -> None:
    from parlour.envs.table import Table

    table = Table("uno")
    for seed in range(5):
        table.deal(seed)
        state = table.state
        for seat in (0, 1):
            obs = table.observe(seat)
            view = state.view(seat)
            hand = rows_named("uno", "your hand: copies")
            assert obs[hand].sum() == len(view["hand"])
            assert obs[rows_named("uno", "cards in your hand / 108")][0] == pytest.approx(
                len(view["hand"]) / 108
            )
            top = rows_named("uno", "the discard pile's top card")
            assert obs[top].sum() == 1
            colour = view["colour"]
            if colour:
                assert obs[rows_named("uno", f"colour in play is {colour}")][0] == 1
            theirs = rows_named("uno", "cards in the opponent's hand / 108")[0]
            assert obs[theirs] == pytest.approx(view["opponent_cards"] / 108)


def test_chinese_patience_numbers_mean_what_the_table_says() -> None:
    from parlour.envs.table import Table

    table = Table("chinese-patience")
    table.deal(3)
    game = parlour.new_game("chinese-patience", seed=3)
    for move in game.legal_moves()[:1]:
        table.play(table.index[move])
    seat = table.to_move
    obs = table.observe(seat)
    view = table.state.view(seat)
    for pile, cards in zip("5678", view["tableau"], strict=True):
        assert obs[rows_named("chinese-patience", f"tableau pile {pile}:")].sum() == len(cards)
    assert obs[rows_named("chinese-patience", "1 when you may twist")][0] == float(
        view["twist_allowed"]
    )


def test_the_patiences_numbers_mean_what_their_tables_say() -> None:
    """The patiences had no table: docs/environments.md gave only their sizes, though
    the README sends a newcomer there for "what each observation number means"."""
    from parlour.envs.table import Table

    for game, seed in (("calculation", 1), ("gate", 2), ("eight-by-eight", 3)):
        table = Table(game)
        table.deal(seed)
        for move in parlour.new_game(game, seed=seed).legal_moves()[:1]:
            table.play(table.index[move])
        obs = table.observe(0)
        view = table.state.view(0)
        if game == "calculation":
            for pile, cards in view["waste"].items():
                assert obs[rows_named(game, f"waste pile {pile}:")].sum() == len(cards)
                assert obs[rows_named(game, f"cards in {pile} / 52")][0] == pytest.approx(
                    len(cards) / 52
                )
            stock = rows_named(game, "cards in the stock, the current card included / 48")
            assert obs[stock][0] == pytest.approx(view["stock_count"] / 48)
            # said once: a scalar gave the same count again, over 52 beside 48
            assert sum("cards in the stock" in r.what for r in observation_layout(game)) == 1
        elif game == "gate":
            for pile, cards in view["piles"].items():
                assert obs[rows_named(game, f"cards in {pile} / 13")][0] == pytest.approx(
                    len(cards) / 13
                )
            lowest = rows_named(game, "the left post L:")[0] + 52 + parlour_card(view, "L")
            assert obs[lowest] == 1
            stock = rows_named(game, "cards in the stock / 34")
            assert obs[stock][0] == pytest.approx(view["stock_count"] / 34)
        else:
            for row in view["rows"]:
                name = row["name"]
                assert obs[rows_named(game, f"row {name}'s face-up cards:")].sum() == len(
                    row["face_up"]
                )
                size = rows_named(game, f"cards in {name}, face-down ones included / 20")
                assert obs[size][0] == pytest.approx((len(row["face_up"]) + row["face_down"]) / 20)
            talon = rows_named(game, "cards in the talon / 40")
            assert obs[talon][0] == pytest.approx(view["stock_count"] / 40)


def parlour_card(view: dict[str, object], pile: str) -> int:
    """The card-plane position of ``pile``'s last card (rank-major, suits C D H S)."""
    card = view["piles"][pile][-1]  # type: ignore[index]
    return "A23456789TJQK".index(card[0]) * 4 + "CDHS".index(card[1])
