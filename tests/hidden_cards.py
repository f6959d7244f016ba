"""What a person must not learn, read from the engine's own state (the tests'
privilege, never a front end's), and a watch that checks what reaches them.

A card counts as leaked when something shown to the person names it while every
copy of it is hidden and the person has never seen it. Cards are found as codes
(``7D``, ``R5``, ``W4``) and as the table's words (``7♦``, ``10♠``, ``red 5``,
``a Wild Draw Four``). The deal number (seed) of a game that can still be played
may appear only when the person chose it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from parlour.cards import card_str, uno_str
from parlour.core.session import Game

#: Card codes as the answers write them. Not inside a word, nor beside "-" or "_": game
#: ids and tokens are random URL-safe text, where "x-2S-y" came up once (a flake).
FRENCH = re.compile(r"(?<![\w-])[A2-9TJQK][CDHS](?![\w-])")
UNO = re.compile(r"(?<![\w-])(?:[RGYB](?:[0-9]|S|D)|W4?)(?![\w-])")
_FRENCH_WORDS = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQKT])\s?([♣♦♥♠])")
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
#: Cards named in words; "a Wild" alone ("play a blue card or a Wild, or draw") names
#: a kind of card the rules allow, not a card anyone holds, so it does not count.
_UNO_WORDS = re.compile(
    r"\b(red|green|yellow|blue) (\d|Skip|Draw Two)\b|\b(Wild Draw Four)\b"
    r"|(?<!\ba )\b(Wild)\b(?! Draw Four)",
    re.I,
)
_UNO_KIND = {"skip": "S", "draw two": "D"}


def hidden_calculation(game: Game) -> list[list[str]]:
    s: Any = game.state
    return [[card_str(c) for c in s._stock[s._top + 1 :]]]


def hidden_gate(game: Game) -> list[list[str]]:
    from parlour.games.gate import S

    s: Any = game.state
    return [[card_str(c) for c in s._piles[S]]]


def hidden_eight(game: Game) -> list[list[str]]:
    s: Any = game.state
    piles = [[card_str(c) for c in s.talon]]
    piles += [[card_str(c) for c in row[: s.down[n]]] for n, row in enumerate(s.rows)]
    return piles


def hidden_chinese(game: Game) -> list[list[str]]:
    s: Any = game.state
    return [
        [card_str(c) for c in hand]
        for i, hand in enumerate(s.hands)
        if not (s.turned >> i) & 1 and len(hand) > 0
    ]


def hidden_uno(game: Game) -> list[list[str]]:
    s: Any = game.state
    return [[uno_str(c) for c in s._hands[1]], [uno_str(c) for c in s._draw]]


HIDDEN: dict[str, tuple[Callable[[Game], list[list[str]]], re.Pattern[str]]] = {
    "calculation": (hidden_calculation, FRENCH),
    "gate": (hidden_gate, FRENCH),
    "eight-by-eight": (hidden_eight, FRENCH),
    "chinese-patience": (hidden_chinese, FRENCH),
    "uno": (hidden_uno, UNO),
}


def strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return [data] if isinstance(data, str) else []


def cards_named(text: str, pattern: re.Pattern[str]) -> set[str]:
    """Every card ``text`` names, by code or in words, as codes."""
    found = set(pattern.findall(text))
    if pattern is FRENCH:
        found |= {("T" if r == "10" else r) + _SUITS[s] for r, s in _FRENCH_WORDS.findall(text)}
    else:
        for colour, kind, four, wild in _UNO_WORDS.findall(text):
            if colour:
                found.add(colour[0].upper() + _UNO_KIND.get(kind.lower(), kind))
            elif four:
                found.add("W4")
            elif wild:
                found.add("W")
    return found


class Watch:
    """Checks what reaches the person in seat 0 against the engine behind it."""

    def __init__(self, name: str) -> None:
        self.hidden_of, self.pattern = HIDDEN[name]
        #: Every card the person has been shown so far (undo does not unsee).
        self.seen: set[str] = set()
        self.checks = 0

    def look(self, game: Game) -> None:
        """The person looks at the table: what their view shows is seen."""
        for text in strings(dict(game.view(0))):
            self.seen |= set(self.pattern.findall(text))

    def check(
        self,
        text: str,
        game: Game,
        *,
        final: bool,
        seed: int,
        chosen: bool,
        told: set[str] = frozenset(),  # type: ignore[assignment]
    ) -> None:
        """``text`` reached the person while ``game`` is as it is now; ``told`` are the
        cards the events told them of (a card turned up and put back, say)."""
        self.checks += 1
        self.look(game)
        self.seen |= told
        if final:
            return
        hidden = {card for pile in self.hidden_of(game) for card in pile}
        leaked = (cards_named(text, self.pattern) & hidden) - self.seen
        assert not leaked, f"hidden cards {sorted(leaked)} shown in: {text[-800:]}"
        if not chosen:
            assert str(seed) not in text, "the deal number of a game that can go on"
