"""What happened at the table, as data: the one event vocabulary of every game.

An engine tells what its last move did as a list of :class:`Event` values for one
viewer (``GameState.last_events(viewer)``): who acted, what they did, which cards (only
those the viewer may see), from where and to where. It never words them: the table
service (``parlour.service.words``) turns events into sentences for people, the same
for the web app, the terminal table and ``parlour play``, and programs can read the
data directly. Pile names are the rules pages' notation ("F3", "W1", "T5", "S"), or
one of the table-wide names below.

The kinds (``Event.what``) and their fields:

========== ============================================================================
kind       meaning (fields used)
========== ============================================================================
play       ``who`` plays ``cards[0]`` from ``source`` to ``target`` (a foundation, a
           pile, UNO's ``discard``); ``value``: UNO's colour named with a Wild
move       ``who`` moves ``cards`` (bottom first, ``count`` of them) from ``source`` to
           ``target``
deal       ``who`` deals ``cards[0]`` to ``target`` (one event per card); ``source``:
           where from, where a deal can come from more than one pile (The Gate's ``S``
           then ``W``)
turn_up    ``cards[0]`` is turned face up at ``target`` (``who``: by whom, or None when
           the rules do it); ``source``: where it came from (``S`` the talon)
current    ``cards[0]`` is now the current card of the stock ``source``
empty      the pile ``source`` is now empty (the stock is used up)
turnover   ``who`` turns ``source`` over as the new ``target`` (8 x 8's waste as the
           talon, Chinese Patience's pile 0 as a new hand); ``value``: the pass number
           and ``count`` the number of passes allowed, where the rules count passes
draw       ``who`` draws ``count`` cards (``cards``: which, when the viewer may see them);
           ``value``: what made them draw, None for a draw of their own choosing
           (``"D"`` a Draw Two, ``"W4"`` a Wild Draw Four)
penalty    ``who`` draws ``count`` cards as a penalty (``cards`` as for ``draw``);
           ``value``: the reason (``"w4"`` a wrong Wild Draw Four, ``"uno"`` caught
           without calling UNO, ``"challenge"`` a failed challenge); as a move's
           warning (``GameState.move_warning``), ``target``: UNO's colour in play
put_back   ``cards`` go back into ``target``: UNO's Wild Draw Four turned up first
           goes back into the ``draw`` pile (``who`` None), a wrong one is taken
           back into the player's ``hand`` (``who``: whose)
accept     ``who`` accepts a Wild Draw Four (does not challenge it)
keep       ``who`` keeps the card just drawn
pass       ``who`` passes
colour     ``who`` names the colour ``value`` (``"R"``, ``"G"``, ``"Y"``, ``"B"``)
uno        ``who`` calls UNO
catch      ``who`` catches the other player not having called UNO
challenge  ``who`` challenges a Wild Draw Four; ``value``: ``"upheld"`` or ``"failed"``;
           as a move's warning, ``target``: UNO's colour in play
skip       ``who`` loses their turn
again      ``who`` plays again (a Skip, Reverse or Draw Two between two players)
reshuffle  the discard pile (``source``) is shuffled to make a new draw pile
twist      ``who`` twists ``cards[0]`` (or ``count`` = 1 face down) onto ``target``
end_turn   ``who`` ends their turn
starts     ``who`` moves first (a game or a hand begins); ``value``: UNO's hand number
hand_end   a hand is over: ``who`` won it (None: blocked, nobody scores) and scores
           ``count`` points; ``value``: the hand's number; ``cards``: the loser's
           cards, shown to both
game_end   the game is over: ``value`` is the reason (codes below); ``who``: the
           winner (None in a one-player game, or a draw); ``count``: the winner's
           score if any
resign     ``who`` resigns
prompt     what ``who``, to move, is expected to do now (``GameState.prompt``):
           ``value`` a code (below), ``cards`` the cards concerned, ``target``
           UNO's colour in play when a Wild set it
========== ============================================================================

The prompts (``prompt``'s ``value``): UNO ``"match"`` (play a card that matches
``cards[0]``, the top card, or draw), ``"drawn"`` (play or keep ``cards[0]``, the
card just drawn), ``"colour"`` (name the colour of the Wild turned up first),
``"challenge"`` (challenge or accept the Wild Draw Four); Calculation ``"place"``
(put ``cards[0]``, the current card, on a foundation or a waste pile) and
``"place_on_waste"`` (the same when no foundation takes it), ``"from_waste"`` (the
stock is used up: play the waste piles' top cards to the foundations); 8 x 8
``"pending"`` (place ``cards[0]``, the card turned up from the talon),
``"move_or_turn"`` (move cards, or turn up the next talon card),
``"move_or_redeal"`` (move cards, or turn the waste over for pass ``count``),
``"move"`` (move cards: no turn is left), ``"turn"`` and ``"redeal"`` (no card can
move: turn); Chinese
Patience ``"twist"`` (a first turn starts with a twist), ``"end_or_move"`` (move
the twisted ``cards[0]`` off pile 0, or end the turn; with no card, end the turn, the
only move), ``"stuck_or_move"`` (the twisted ``cards[0]`` cannot move: move other
cards, or end the turn), ``"twist_or_move"`` (twist, or move cards first); The
Gate ``"build_or_fill"`` (move cards home to the foundations or onto the bars, or
deal to fill the gaps), ``"build_or_turn"`` (the same, a deal turning a card onto the waste heap),
``"build"`` (move cards: the stock is used up), ``"deal_to_fill"`` and
``"deal_to_turn"`` (no card can move: deal). A game with nothing particular to ask
gives no prompt.

The reasons a game ends (``game_end``'s ``value``): ``"won"`` (a patience: every
card on the foundations), ``"no_moves"`` (a patience lost: no legal move left),
``"out"`` (Chinese Patience: the winner got rid of every card), ``"blocked"``
(Chinese Patience: 60 ends without a card to a foundation; fewer cards left wins,
``who`` None for a draw), ``"target"`` (UNO: the winner reached the match's points).

Single cards are ``play`` events, runs of several cards ``move`` events. Chinese
Patience's piles ``0`` and ``9`` are named as the viewer sees them: ``0`` is the
viewer's own discard pile, ``9`` the other player's, whoever moved.

Before the first move a two-player game tells how it begins (``starts``, and UNO's
first card turned up); a one-player game tells nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

__all__ = ["Event", "KINDS", "PATIENCE_LOST", "PATIENCE_WON", "TABLE_PILES"]

#: Every kind of event, in the order of the table above.
KINDS: Final = (
    "play",
    "move",
    "deal",
    "turn_up",
    "current",
    "empty",
    "turnover",
    "draw",
    "penalty",
    "put_back",
    "accept",
    "keep",
    "pass",
    "colour",
    "uno",
    "catch",
    "challenge",
    "skip",
    "again",
    "reshuffle",
    "twist",
    "end_turn",
    "starts",
    "hand_end",
    "game_end",
    "resign",
    "prompt",
)

#: Pile names shared by every game, beside each rules page's own notation.
TABLE_PILES: Final = ("hand", "discard", "draw", "talon", "waste", "stock")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as one viewer may know it (see the module docstring)."""

    what: str
    who: int | None = None
    cards: tuple[str, ...] = ()
    count: int | None = None
    source: str | None = None
    target: str | None = None
    value: str | int | None = None

    def __post_init__(self) -> None:
        if self.what not in KINDS:
            raise ValueError(f"unknown event kind {self.what!r}: the kinds are {', '.join(KINDS)}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, leaving out what is not set."""
        data: dict[str, Any] = {"what": self.what}
        if self.who is not None:
            data["who"] = self.who
        if self.cards:
            data["cards"] = list(self.cards)
        for name in ("count", "source", "target", "value"):
            field = getattr(self, name)
            if field is not None:
                data[name] = field
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event ``to_dict`` wrote (as a store or a web answer keeps it)."""
        return cls(
            what=str(data["what"]),
            who=data.get("who"),
            cards=tuple(data.get("cards", ())),
            count=data.get("count"),
            source=data.get("source"),
            target=data.get("target"),
            value=data.get("value"),
        )


#: How a patience ends, the same for every one-player game.
PATIENCE_WON: Final = Event("game_end", value="won")
PATIENCE_LOST: Final = Event("game_end", value="no_moves")
