"""What every number of an observation means, and every action: the tables of
``docs/environments.md``, made from the encoders' own layout.

The ranges come from each game's ``Planes`` (places, card width, scalars), so they
cannot drift from the encoder; the words come from the tables below, which a test
checks cover every place and scalar, and ``tests/envs/test_layout.py`` checks that
the document holds exactly what :func:`markdown` writes. Regenerate the tables with
``python -m parlour.envs.layout``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import RANKS, SUITS
from .actions import action_table
from .encoders import FRENCH, UNO, encoder_for

__all__ = ["Row", "observation_layout", "action_rows", "markdown", "card_order"]


@dataclass(frozen=True)
class Row:
    """Numbers ``first`` to ``last`` (inclusive) of a game's observation."""

    first: int
    last: int
    what: str
    values: str

    @property
    def numbers(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


#: place -> (what is counted, what the top card is, what the size says), per game.
PLACES: dict[str, dict[str, tuple[str, str, str]]] = {
    "uno": {
        "hand": (
            "your hand",
            "the last card of your hand as the view lists it (the highest in card order)",
            "cards in your hand / 108",
        ),
        "discard": (
            "the discard pile (every card in it was seen)",
            "the discard pile's top card",
            "cards in the discard pile / 108",
        ),
        "drawn": (
            "the card you have just drawn and may play (phase drawn)",
            "the same card",
            "1 while you hold a card just drawn, else 0",
        ),
        "opponent": (
            "the opponent's cards you know (a wrong W4 it took back)",
            "the last such card",
            "cards in the opponent's hand / 108",
        ),
    },
    "chinese-patience": {
        "F": (
            "the cards on the four foundations",
            "the top of the last non-empty foundation (clubs, diamonds, hearts, spades)",
            "cards on the foundations / 52",
        ),
        **{
            pile: (
                f"tableau pile {pile}",
                f"pile {pile}'s top card",
                f"cards in pile {pile} / 13",
            )
            for pile in "5678"
        },
        "mine": (
            "your discard pile (pile 0)",
            "its top card",
            "cards in it / 52",
        ),
        "theirs": (
            "the opponent's discard pile (pile 9)",
            "its top card",
            "cards in it / 52",
        ),
        "my_hand": (
            "your hand, only when its order is known (made by turning pile 0 over)",
            "its top card, when known",
            "cards in your hand / 52",
        ),
        "their_hand": (
            "the opponent's hand, only when its order is known (turned over)",
            "its top card, when known",
            "cards in the opponent's hand / 52",
        ),
    },
}

#: scalar -> its meaning, per game.
SCALARS: dict[str, dict[str, str]] = {
    "uno": {
        **{f"colour_{c}": f"1 when the colour in play is {c}" for c in "RGYB"},
        "phase_play": "1 in a normal turn (play a card or draw)",
        "phase_drawn": "1 after drawing a playable card (play or keep it)",
        "phase_challenge": "1 when answering a Wild Draw Four (option w4_challenge)",
        "phase_colour": "1 when naming the colour of a Wild turned up first",
        "draw_pile": "cards in the draw pile / 108",
        "my_score": "your match points / target (at most 4)",
        "their_score": "the opponent's match points / target (at most 4)",
        "passes": "passes in a row / 2 (a blocked hand ends at 2)",
    },
    "chinese-patience": {
        "twist": "1 when you may twist",
        "end": "1 when you may end your turn",
        "first_turn": "1 during your first turn (it must start with a twist)",
        "blocked": "the blocked-game counter / its limit (60)",
        "my_cards": "your cards left (hand plus pile 0) / 52",
        "their_cards": "the opponent's cards left (hand plus pile 9) / 52",
    },
}


def card_order(game: str) -> str:
    """How a card plane is indexed: card -> position."""
    if game == "uno":
        colours = ", ".join(
            f"{c} {UNO[c + '0']}-{UNO[c + 'D']}" for c in "RGYB"
        )  # R 0-11, G 12-23 ...
        return (
            f"card planes have 50 positions: by colour ({colours}), within a colour "
            f"0-9, S, D; then W {UNO['W']}, W4 {UNO['W4']}"
        )
    return (
        f"card planes have 52 positions, rank-major: {', '.join(RANKS)} with the suits "
        f"{' '.join(SUITS)} inside each rank (AC {FRENCH['AC']}, AD {FRENCH['AD']}, "
        f"AH {FRENCH['AH']}, AS {FRENCH['AS']}, 2C {FRENCH['2C']}, ..., KS {FRENCH['KS']})"
    )


def observation_layout(game: str) -> list[Row]:
    """Every number of ``game``'s observation, in ranges, with its meaning."""
    planes = encoder_for(game).planes
    width = planes.width
    places = PLACES[game]
    scalars = SCALARS[game]
    rows: list[Row] = []
    for name, i in planes.places.items():
        counted, top, _ = places[name]
        base = 2 * i * width
        rows.append(Row(base, base + width - 1, f"{counted}: copies of each card", "0-4"))
        rows.append(Row(base + width, base + 2 * width - 1, f"one-hot: {top}", "0 or 1"))
    sizes = 2 * len(planes.places) * width
    for name, i in planes.places.items():
        rows.append(Row(sizes + i, sizes + i, places[name][2], "0-1"))
    start = sizes + len(planes.places)
    for name, i in planes.scalars.items():
        rows.append(Row(start + i, start + i, scalars[name], "0-4" if "score" in name else "0-1"))
    return rows


def action_rows(game: str, per_row: int = 12) -> list[tuple[str, str]]:
    """(action numbers, their move strings) in rows of ``per_row`` consecutive actions."""
    table = action_table(game)
    rows = []
    for first in range(0, len(table), per_row):
        chunk = table[first : first + per_row]
        last = first + len(chunk) - 1
        rows.append((f"{first}-{last}", " · ".join(f"`{m}`" for m in chunk)))
    return rows


def markdown(game: str) -> str:
    """The observation and action tables of ``game`` as they appear in the document."""
    size = encoder_for(game).size
    lines = [
        f"<!-- layout:{game} (generated by python -m parlour.envs.layout; "
        "a test keeps it current) -->",
        f"Observation: {size} float32 numbers; {card_order(game)}.",
        "",
        "| numbers | meaning | values |",
        "|---|---|---|",
    ]
    lines += [f"| {r.numbers} | {r.what} | {r.values} |" for r in observation_layout(game)]
    lines += [
        "",
        f"Actions: {len(action_table(game))} move strings, numbered in this order.",
        "",
        "| actions | move strings |",
        "|---|---|",
    ]
    lines += [f"| {numbers} | {moves} |" for numbers, moves in action_rows(game)]
    lines.append(f"<!-- /layout:{game} -->")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - prints the tables for the document
    for name in ("uno", "chinese-patience"):
        print(markdown(name))
        print()
