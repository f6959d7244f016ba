"""Chinese Patience: a competitive patience for two players (rules page chinese-patience.md).

The position is a handful of flat int lists (foundation heights, four tableau
piles, two hands, two discard piles) plus a few ints, because computer players
copy and replay it millions of times. Moves are prebuilt tuples
``(kind, source, destination)`` with the page's pile numbers, read relative to
the mover (0 = own discard pile, 9 = the opponent's), so ``legal_moves`` only
appends shared constants and ``move_str`` is a table look-up.

Hands are stored bottom first, so the top card is ``hand[-1]`` and a twist is a
``pop``; discard piles and tableau piles are stored bottom first as well.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, cast

from ..cards import EMPTY_PILE, card, card_pretty, card_str, cards_str, french_deck, parse_card
from ..core.events import Event
from ..core.options import OptionSpec
from ..core.protocol import (
    BaseView,
    GameState,
    Move,
    MoveKey,
    MoveParts,
    Outcome,
    describe_legal,
    seat_name,
)
from ..core.registry import register
from ..errors import InvalidDeckError, InvalidMoveError, quoted
from ..notation import check_pack, deal_text, field_or_option, read_deal
from ..rng import Rng

__all__ = ["ChinesePatience", "ChinesePatienceView", "BLOCKED_LIMIT"]

#: Ends in a row without a card reaching a foundation that finish a blocked game.
BLOCKED_LIMIT = 60

TWIST, CARD, PILE, END = 0, 1, 2, 3
OWN, OPP = 0, 9  # the mover's own discard pile and the opponent's

TWIST_MOVE: tuple[int, int, int] = (TWIST, 0, 0)
END_MOVE: tuple[int, int, int] = (END, 0, 0)
#: CARD_MOVES[s][d] and PILE_MOVES[s][d]: the shared move tuples (built once).
CARD_MOVES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((CARD, s, d) for d in range(10)) for s in range(10)
)
PILE_MOVES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((PILE, s, d) for d in range(10)) for s in range(10)
)

#: The canonical string of every move tuple.
MOVE_STRS: dict[tuple[int, int, int], str] = {TWIST_MOVE: "twist", END_MOVE: "end"}
for _s in range(10):
    for _d in range(10):
        MOVE_STRS[CARD_MOVES[_s][_d]] = f"{_s} {_d}"
        MOVE_STRS[PILE_MOVES[_s][_d]] = f"P{_s} {_d}"


def _red(c: int) -> int:
    """1 for diamonds and hearts, 0 for clubs and spades (suits C D H S = 0..3)."""
    return ((c >> 1) ^ c) & 1


# ON_TABLEAU[(c << 6) | u]: card c may lie on tableau top u (one lower, other colour).
# ON_DISCARD[(c << 6) | u]: card c may load a discard pile whose top is u (same suit, +-1).
_on_tableau = bytearray(64 * 64)
_on_discard = bytearray(64 * 64)
for _c in range(4, 56):
    for _u in range(4, 56):
        if (_c >> 2) + 1 == _u >> 2 and _red(_c) != _red(_u):
            _on_tableau[(_c << 6) | _u] = 1
        if (_c & 3) == (_u & 3) and abs((_c >> 2) - (_u >> 2)) == 1:
            _on_discard[(_c << 6) | _u] = 1
ON_TABLEAU = bytes(_on_tableau)
ON_DISCARD = bytes(_on_discard)

PILES_TEXT = (
    "piles are 0 (your discard pile), 1-4 (foundations C D H S), "
    "5-8 (tableau) and 9 (your opponent's discard pile)"
)
ACCEPTED = (
    "moves are 'twist' (or T), 'end' (or Z), 'S D' to move a top card from pile S "
    "(0 or 5-8) to pile D (1-9), for example '0 5' (or 'M 0 5'), and 'PS D' to move a "
    "whole tableau pile, for example 'P8 6' (or 'M P 8 6')"
)
_MOVE_RE = re.compile(r"^(?:M ?)?(P ?)?(\S+) (\S+)$")


def _deal(deck: list[int]) -> tuple[list[list[int]], list[list[int]]]:
    """Tableau piles and hands (bottom first) from a full deck listed top first.

    Aces are set aside wherever they are; the first four other cards go to piles
    5-8 and the rest alternate between the players, player 0 first, so each
    player's first card received ends up on top of their hand.
    """
    rest = [c for c in deck if c >> 2 != 1]
    tableau = [[c] for c in rest[:4]]
    dealt = rest[4:]
    hands = [dealt[0::2][::-1], dealt[1::2][::-1]]
    return tableau, hands


def _read_explicit_deck(text: str) -> tuple[list[int], dict[str, int]]:
    cards, fields = read_deal(text, parse_card, card_str, ("first",), "Chinese Patience")
    pack = french_deck()
    try:
        check_pack(cards, pack, card_str, "a 52-card pack")
    except InvalidDeckError as exc:
        missing = sorted(set(pack) - set(cards))
        if missing:
            raise InvalidDeckError(
                f"{exc}; Chinese Patience needs exactly the 52 different cards "
                f"(missing: {cards_str(missing)})"
            ) from None
        raise
    return cards, fields


class ChinesePatienceView(BaseView):
    """What ``ChinesePatience.view`` returns (see ``view``): hands are counts, and
    an order only where both players saw it made."""

    to_move: int
    first: int  # who moved first
    foundations: list[str]  # piles 1-4: top card (an Ace at the start)
    tableau: list[list[str]]  # piles 5-8, bottom first
    discard: list[list[str]]  # player i's discard pile, bottom first
    pile_0: list[str]  # the viewer's own discard pile
    pile_9: list[str]  # the other player's
    hand_counts: list[int]
    hand_order: list[list[str] | None]  # top first, only for a pile turned over
    twist_allowed: bool
    end_allowed: bool
    first_turn: bool
    blocked: int  # ends in a row without a card to a foundation
    blocked_limit: int


@register
class ChinesePatience(GameState):
    """One position of Chinese Patience, two players, hidden hands included."""

    __slots__ = (
        "options",
        "deck",
        "first",
        "found",
        "tab",
        "hands",
        "discards",
        "turn",
        "pending",
        "twisted",
        "turned",
        "blocked",
        "last_move",
        "last_mover",
        "last_turnover",
        "_outcome",
    )

    name: ClassVar[str] = "chinese-patience"
    title: ClassVar[str] = "Chinese Patience"
    summary: ClassVar[str] = (
        "Two-player race patience: twist your hand, build the tableau and foundations, "
        "load your opponent's discard pile"
    )
    players: ClassVar[int] = 2
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "first",
            int,
            None,
            "who moves first, 0 or 1 (default: drawn from the seed; player 0 with a deck)",
            (0, 1),
            label="Who starts",
            seats=True,
        ),
    )
    rules_file: ClassVar[str] = "chinese-patience.md"
    # moves and events number the discard piles from the mover's (an event's reader's)
    # side: 0 is that player's own, 9 the opponent's
    seat_piles: ClassVar[Mapping[str, tuple[int, str]]] = {
        "0": (0, "discard pile"),
        "9": (1, "discard pile"),
    }
    pile_legend: ClassVar[Mapping[str, str]] = {
        "1": "foundation 1, for clubs ♣",
        "2": "foundation 2, for diamonds ♦",
        "3": "foundation 3, for hearts ♥",
        "4": "foundation 4, for spades ♠",
        **{str(i): f"tableau pile {i}" for i in range(5, 9)},
        "0": "your own discard pile",
        "9": "your opponent's discard pile",
    }
    #: The Spectrum original's keys, which the notation takes as moves too (``T``, ``Z``).
    move_keys: ClassVar[tuple[MoveKey, ...]] = (
        MoveKey("twist", "t", "twist"),
        MoveKey("end", "z", "end turn"),
    )
    series: ClassVar[bool] = True
    first_option: ClassVar[str | None] = "first"
    help_text: ClassVar[str] = """\
Piles (the original's numbers): 1-4 foundations (clubs, diamonds, hearts, spades,
built up in suit from the Ace), 5-8 tableau (built down in alternating colours),
0 your own discard pile, 9 your opponent's discard pile. Hands are face down.

Moves:
  twist      turn your hand's top card onto pile 0 (key T)
  S D        move the top card of pile S (0 or 5-8) to pile D (1-9), e.g. 0 5, 7 2,
             0 9 (loading your opponent's pile); keys M 0 5
  PS D       move a whole tableau pile of 2+ cards onto another tableau pile,
             e.g. P8 6 (keys M P 8 6)
  end        end your turn (key Z)
A turn: the first twist is always allowed; another only once the card you twisted
last has left pile 0. 'end' is allowed only while that card is still on top of
pile 0. Your first turn of the game starts with a twist. Empty your hand and
discard pile to win; you score the cards your opponent has left.

Decisions of the rules page:
- The Aces are laid out as foundations 1-4 in the order clubs, diamonds, hearts,
  spades.
- The 44 hand cards are dealt one at a time, alternately, player 0 first, whoever
  moves first; each player's first card received is the top of their hand.
- With an explicit deck the Aces are taken out wherever they are and player 0
  moves first unless first=1; with a seed the first player is drawn from it.
  A deal may end with the field first=1 (parlour's notation): the deal a game
  shows says who moves first, so it replays the game exactly.
- A top card may move from one tableau pile to another.
- Only the top card of your own discard pile (0 D) may fill an empty tableau pile.
- An empty opponent discard pile cannot be loaded.
- 'end' is legal only while the card twisted last this turn is on top of pile 0,
  so every turn has at least one twist.
- A twist with an empty hand first turns pile 0 over, unshuffled, as the new hand
  (its bottom card on top) and twists that card; it counts as that twist.
- The winner scores the loser's hand plus the loser's discard pile.
- Blocked game: a counter goes up at every 'end' and back to 0 whenever a card
  reaches a foundation; at 60 the game ends: fewer cards (hand plus discard pile)
  wins, scoring the difference; equal counts are a draw scoring 0.
- Views show a hand's order only when it was made by turning a discard pile over."""

    options: dict[str, Any]
    deck: tuple[int, ...]
    first: int
    found: list[int]  # height (top rank) of foundations 1-4, one per suit C D H S
    tab: list[list[int]]  # piles 5-8, bottom first
    hands: list[list[int]]  # per player, bottom first (top is [-1])
    discards: list[list[int]]  # per player, bottom first
    turn: int
    pending: bool  # the card twisted last this turn is still on top of the mover's pile 0
    twisted: int  # bit p: player p has twisted at least once (their first turn has begun)
    turned: int  # bit p: player p's hand was made by turning their discard pile over
    blocked: int
    last_move: tuple[int, ...] | None  # the move, with the number of cards for a pile move
    last_mover: int
    last_turnover: bool
    _outcome: Outcome | None

    # --- creation ---------------------------------------------------------

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string of the rules page's grammar, in a fixed order (the
        reinforcement-learning action space; a test plays many games and checks that
        every legal move is among them)."""
        sources = [0, 5, 6, 7, 8]
        moves = ["twist", "end"]
        moves += [f"{s} {d}" for s in sources for d in range(1, 10) if d != s]
        moves += [f"P{s} {d}" for s in range(5, 9) for d in range(5, 9) if d != s]
        return tuple(moves)

    @classmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> ChinesePatience:
        first_option = options.get("first")
        if deck is not None:
            cards, fields = _read_explicit_deck(deck)
            given = field_or_option(fields, "first", first_option, (0, 1))
            first = 0 if given is None else int(given)
        else:
            rng = Rng(seed)
            cards = french_deck()
            rng.shuffle(cards)
            drawn = rng.randbelow(2)
            first = drawn if first_option is None else int(first_option)
        return cls._from_deck(cards, first)

    @classmethod
    def _from_deck(cls, cards: list[int], first: int) -> ChinesePatience:
        self = object.__new__(cls)
        # The resolved first player, so that new(seed, deal_str(), options) deals this game.
        self.options = {"first": first}
        self.deck = tuple(cards)
        self.first = first
        self.found = [1, 1, 1, 1]
        self.tab, self.hands = _deal(cards)
        self.discards = [[], []]
        self.turn = first
        self.pending = False
        self.twisted = 0
        self.turned = 0
        self.blocked = 0
        self.last_move = None
        self.last_mover = first
        self.last_turnover = False
        self._outcome = None
        return self

    def deal_str(self) -> str:
        """The pack top first, Aces where the shuffle put them, then ``first=1`` when
        player 1 moves first: the deal alone replays the game."""
        return deal_text(cards_str(self.deck), {"first": self.first}, {"first": 0})

    # --- playing ----------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.turn

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        p = self.turn
        if not (self.twisted >> p) & 1:
            return [TWIST_MOVE]
        moves: list[Move] = []
        append = moves.append
        pending = self.pending
        if not pending:
            append(TWIST_MOVE)
        found = self.found
        tab = self.tab
        # (pile number, top card) of the non-empty tableau piles. A card never fits on
        # itself and a pile's bottom never on its own top, so no source needs excluding.
        targets = [(i + 5, tab[i][-1]) for i in range(4) if tab[i]]
        opp = self.discards[1 - p]
        otop = opp[-1] if opp else -1
        own = self.discards[p]
        if own:
            c = own[-1]
            row = CARD_MOVES[0]
            st = c & 3
            if found[st] + 1 == c >> 2:
                append(row[st + 1])
            shifted = c << 6
            for i in range(4):
                pile = tab[i]
                if not pile or ON_TABLEAU[shifted | pile[-1]]:
                    append(row[i + 5])
            if otop >= 0 and ON_DISCARD[shifted | otop]:
                append(row[9])
        for s, c in targets:
            row = CARD_MOVES[s]
            st = c & 3
            if found[st] + 1 == c >> 2:
                append(row[st + 1])
            shifted = c << 6
            for d, u in targets:
                if ON_TABLEAU[shifted | u]:
                    append(row[d])
            if otop >= 0 and ON_DISCARD[shifted | otop]:
                append(row[9])
        for s, _ in targets:
            pile = tab[s - 5]
            if len(pile) < 2:
                continue
            shifted = pile[0] << 6
            row = PILE_MOVES[s]
            for d, u in targets:
                if ON_TABLEAU[shifted | u]:
                    append(row[d])
        if pending:
            append(END_MOVE)
        return moves

    def move_str(self, move: Move) -> str:
        return MOVE_STRS[cast(tuple[int, int, int], move)]

    def apply(self, move: Move) -> None:
        kind, s, d = cast(tuple[int, int, int], move)
        p = self.turn
        self.last_move = cast(tuple[int, ...], move)
        self.last_mover = p
        if kind == CARD:
            own = self.discards[p]
            if s == 0:
                c = own.pop()
                self.pending = False  # while pending, the top of pile 0 is the twisted card
            else:
                c = self.tab[s - 5].pop()
            if d <= 4:
                self.found[d - 1] += 1
                self.blocked = 0
            elif d == 9:
                self.discards[1 - p].append(c)
            else:
                self.tab[d - 5].append(c)
            if s == 0 and not own and not self.hands[p]:
                self._win(p)
        elif kind == TWIST:
            hand = self.hands[p]
            own = self.discards[p]
            if hand:
                self.last_turnover = False
            else:
                # Turn the pile over: its bottom card d1 becomes the top of the new hand.
                hand.extend(reversed(own))
                own.clear()
                self.turned |= 1 << p
                self.last_turnover = True
            own.append(hand.pop())
            self.pending = True
            self.twisted |= 1 << p
        elif kind == PILE:
            source = self.tab[s - 5]
            self.last_move = (PILE, s, d, len(source))  # how many moved, for last_events
            self.tab[d - 5].extend(source)
            source.clear()
        else:
            self.blocked += 1
            if self.blocked >= BLOCKED_LIMIT:
                self._block()
            else:
                self.turn = 1 - p
                self.pending = False

    def _left(self, player: int) -> int:
        """Cards a player still has to get rid of: hand plus discard pile."""
        return len(self.hands[player]) + len(self.discards[player])

    def resign_score(self, loser: int) -> int | None:
        """Resigning scores as a game lost now: the winner scores the loser's cards
        left (a resigned game once scored 0, so resigning when behind kept a series
        total safe)."""
        return self._left(loser)

    def _win(self, player: int) -> None:
        self._outcome = Outcome(
            "won",
            f"{seat_name(player)} got rid of every card",
            self._left(1 - player),
            winner=player,
        )

    def _block(self) -> None:
        left0, left1 = self._left(0), self._left(1)
        if left0 == left1:
            self._outcome = Outcome(
                "draw",
                f"blocked: {BLOCKED_LIMIT} ends without a card to a foundation, "
                f"both players have {left0} cards left",
                0,
            )
            return
        winner = 0 if left0 < left1 else 1
        self._outcome = Outcome(
            "won",
            f"blocked: {BLOCKED_LIMIT} ends without a card to a foundation, "
            f"{seat_name(winner)} has fewer cards left "
            f"({min(left0, left1)} to {max(left0, left1)})",
            abs(left0 - left1),
            winner=winner,
        )

    # --- parsing ----------------------------------------------------------

    def canonicalize(self, text: str) -> str:
        if text in ("TWIST", "T"):
            return "twist"
        if text in ("END", "Z"):
            return "end"
        match = _MOVE_RE.match(text)
        if match is None:
            raise InvalidMoveError(
                f"{quoted(text)} is not a Chinese Patience move: {ACCEPTED}; {self._legal_text()}"
            )
        pile_move, src, dst = match.groups()
        for token in (src, dst):
            if len(token) != 1 or not token.isdigit():
                raise InvalidMoveError(
                    f"{quoted(text)}: {quoted(token)} is not a pile number (0-9): {PILES_TEXT}; "
                    f"{self._legal_text()}"
                )
        return f"P{src} {dst}" if pile_move else f"{src} {dst}"

    def _legal_text(self) -> str:
        return describe_legal([self.move_str(m) for m in self.legal_moves()])

    def why_illegal(self, canonical: str) -> str:
        if self._outcome is not None:
            return ": the game is over"
        p = self.turn
        if canonical == "twist":
            return self._why_no_twist(p)
        if canonical == "end":
            # what to do first, then the rule (a front end's brief refusal keeps the first)
            return (
                ": twist first, then end the turn: 'end' is legal only while the card you "
                "twisted last this turn is still on top of pile 0, so a turn cannot end "
                "before its first twist, nor once its twisted card has moved off"
            )
        if not (self.twisted >> p) & 1:
            return ": on a player's first turn the first move must be a twist"
        pile_move = canonical.startswith("P")
        src_text, dst_text = canonical.lstrip("P").split(" ")
        s, d = int(src_text), int(dst_text)
        if pile_move:
            return self._why_no_pile_move(s, d)
        return self._why_no_card_move(p, s, d)

    def _why_no_twist(self, p: int) -> str:
        top = self.discards[p][-1]
        return (
            f": you twisted {card_str(top)} and it is still on top of pile 0; move it off "
            "before twisting again, or 'end' your turn"
        )

    def _why_no_pile_move(self, s: int, d: int) -> str:
        if not 5 <= s <= 8 or not 5 <= d <= 8:
            return ": only a whole tableau pile (5-8) moves, onto another tableau pile (5-8)"
        if s == d:
            return f": pile {s} cannot move onto itself"
        source, target = self.tab[s - 5], self.tab[d - 5]
        if not source:
            return f": pile {s} is empty"
        if len(source) == 1:
            return f": pile {s} has one card; move it as '{s} {d}'"
        if not target:
            return f": pile {d} is empty, and only the top card of pile 0 may fill a space"
        return (
            f": pile {s}'s bottom card {card_str(source[0])} is not one lower and the other "
            f"colour than {card_str(target[-1])}, the top of pile {d}"
        )

    def _why_no_card_move(self, p: int, s: int, d: int) -> str:
        if s == 9:
            return ": a card never moves from pile 9, your opponent's discard pile"
        if 1 <= s <= 4:
            return ": cards on a foundation never leave it"
        if d == 0:
            return ": a card never moves onto your own discard pile 0"
        if s == d:
            return f": pile {s} cannot move onto itself"
        pile = self.discards[p] if s == 0 else self.tab[s - 5]
        if not pile:
            return f": pile {s} is empty"
        c = pile[-1]
        if d <= 4:
            need = card(self.found[d - 1] + 1, d - 1) if self.found[d - 1] < 13 else -1
            if need < 0:
                return f": foundation {d} is complete"
            return f": foundation {d} takes {card_str(need)} next, not {card_str(c)}"
        if d == 9:
            opp = self.discards[1 - p]
            if not opp:
                return ": an empty opponent discard pile cannot be loaded"
            return (
                f": {card_str(c)} is not the same suit and one rank above or below "
                f"{card_str(opp[-1])}, the top of pile 9"
            )
        target = self.tab[d - 5]
        if not target:
            return ": only the top card of your own discard pile 0 may fill an empty tableau pile"
        return (
            f": {card_str(c)} is not one rank lower and the other colour than "
            f"{card_str(target[-1])}, the top of pile {d}"
        )

    # --- telling ----------------------------------------------------------

    def prompt(self, player: int) -> Event | None:
        """A first turn starts with a twist; then the twisted card is moved off pile 0
        or the turn ends (only the end when nothing can move; other cards first when
        the twisted card cannot move); once it is off, twist again or move cards first."""
        if player != self.turn or self._outcome is not None:
            return None
        if not (self.twisted >> player) & 1:
            return Event("prompt", player, value="twist")
        if self.pending:
            twisted = card_str(self.discards[player][-1])
            moves = [cast(tuple[int, int, int], m) for m in self.legal_moves() if m != END_MOVE]
            if any(m[1] == 0 for m in moves):  # the twisted card can move
                return Event("prompt", player, (twisted,), value="end_or_move")
            if moves:  # other cards can, it cannot
                return Event("prompt", player, (twisted,), value="stuck_or_move")
            return Event("prompt", player, value="end_or_move")  # no card: end the turn
        return Event("prompt", player, value="twist_or_move")

    def move_parts(self, move: Move) -> MoveParts:
        """Piles by their numbers as the mover sees them (``0`` their own discard
        pile); a pile move picks the pile up by its bottom card."""
        kind, s, d = cast(tuple[int, int, int], move)
        text = MOVE_STRS[cast(tuple[int, int, int], move)]
        if kind in (TWIST, END):
            count = 1 if kind == TWIST else 0
            return {"move": text, "source": None, "target": None, "count": count, "card": None}
        pile = self.discards[self.turn] if s == 0 else self.tab[s - 5]
        if kind == PILE:
            count, c = len(pile), pile[0]
        else:
            count, c = 1, pile[-1]
        return {
            "move": text,
            "source": str(s),
            "target": str(d),
            "count": count,
            "card": card_str(c),
        }

    def last_events(self, viewer: int) -> list[Event]:
        """The twist (and the pile turned over for it), card or pile moved, or end of
        the turn, and the end of the game; before the first move, who starts. Piles 0
        and 9 are named as ``viewer`` sees them."""
        last = self.last_move
        if last is None:
            return [Event("starts", self.first)]
        p = self.last_mover
        own, other = ("0", "9") if viewer == p else ("9", "0")
        kind = last[0]
        events: list[Event] = []
        if kind == TWIST:
            if self.last_turnover:
                events.append(Event("turnover", p, source=own, target="hand"))
            events.append(Event("twist", p, (card_str(self.discards[p][-1]),), target=own))
        elif kind == END:
            events.append(Event("end_turn", p))
        elif kind == PILE:
            _, s, d, n = last
            moved = tuple(card_str(c) for c in self.tab[d - 5][-n:])
            events.append(Event("move", p, moved, n, str(s), str(d)))
        else:
            _, s, d = last
            if d <= 4:
                c, target = card(self.found[d - 1], d - 1), str(d)
            elif d == 9:
                c, target = self.discards[1 - p][-1], other
            else:
                c, target = self.tab[d - 5][-1], str(d)
            source = own if s == 0 else str(s)
            events.append(Event("play", p, (card_str(c),), source=source, target=target))
        outcome = self._outcome
        if outcome is not None:
            reason = "blocked" if self.blocked >= BLOCKED_LIMIT else "out"
            events.append(Event("game_end", outcome.winner, count=outcome.score, value=reason))
        return events

    # --- showing ----------------------------------------------------------

    def render(self, colour: bool = False) -> str:
        return self.render_for(self.turn, colour)

    def render_for(
        self,
        player: int,
        colour: bool = False,
        *,
        other: str = "the opponent",
        resigned_by: int | None = None,
        end: bool = True,
        scores: bool = True,
        you: str = "you",
    ) -> str:
        """The table from ``player``'s side: 0 is their discard pile, 9 the opponent's;
        ``you`` ("you", or a demo's "Player 1") and ``other``, never a player's number;
        the "Game over: ..." line (a capital, as every line of the boards; was "game
        over") only with ``end`` (the board shows no scores: ``scores`` changes
        nothing)."""
        opp = 1 - player
        yours = "your" if you == "you" else f"{you}'s"

        def show(cards: list[int]) -> str:
            return " ".join(card_pretty(c, colour) for c in cards) if cards else EMPTY_PILE

        found = " ".join(
            f"{i + 1}:{card_pretty(card(h, i), colour)}" for i, h in enumerate(self.found)
        )
        outcome = self._outcome
        over = outcome is not None or resigned_by is not None
        # each line starts with a capital, as the other games' boards do
        mover = "the game is over" if over else f"{you if self.turn == player else other} to move"
        lines = [
            f"Chinese Patience - {yours} view. {mover[:1].upper()}{mover[1:]}.",
            f"Foundations {found}",
        ]
        lines += [f"  {i + 5}  {show(pile)}" for i, pile in enumerate(self.tab)]
        lines.append(
            f"  9  {show(self.discards[opp])}   ({other}'s discard pile; "
            f"hand {len(self.hands[opp])})"
        )
        lines.append(
            f"  0  {show(self.discards[player])}   ({yours} discard pile; "
            f"hand {len(self.hands[player])})"
        )
        if over and end:
            if outcome is None:
                lines.append(f"Game over: {you if resigned_by == player else other} resigned")
            elif outcome.winner is None:
                lines.append(f"Game over: a draw, {outcome.reason}")
            else:
                winner = you if outcome.winner == player else other
                won = f"{winner} {'win' if winner == 'you' else 'wins'}"
                lines.append(f"Game over: {won} with {outcome.score} points")
        elif not over and player == self.turn:
            lines.append(self._turn_state_text(yours))
        return "\n".join(lines)

    def _turn_state_text(self, yours: str = "your") -> str:
        if not (self.twisted >> self.turn) & 1:
            return f"{yours[:1].upper()}{yours[1:]} first turn: twist"
        if self.pending:
            return "Twisted card on pile 0: move it off to twist again, or end"
        return "Twist allowed, end not allowed"

    def view(self, player: int) -> ChinesePatienceView:
        """What ``player`` knows. Discard piles are given absolutely (``discard[i]``
        is player i's, bottom first) and relative to the viewer (``pile_0`` their
        own, ``pile_9`` the opponent's). A hand's order is shown (``hand_order``,
        top first) only when it was made by turning a discard pile over, since
        both players saw those cards in that order; a dealt hand is a count."""
        p = self.turn
        over = self._outcome is not None
        legal, parts = self.view_moves(player)
        hand_order: list[list[str] | None] = [
            [card_str(c) for c in reversed(self.hands[i])] if (self.turned >> i) & 1 else None
            for i in range(2)
        ]
        first_turn = not (self.twisted >> p) & 1
        return {
            "game": self.name,
            "player": player,
            "to_move": p,
            "first": self.first,
            "foundations": [card_str(card(h, i)) for i, h in enumerate(self.found)],
            "tableau": [[card_str(c) for c in pile] for pile in self.tab],
            "discard": [[card_str(c) for c in pile] for pile in self.discards],
            "pile_0": [card_str(c) for c in self.discards[player]],
            "pile_9": [card_str(c) for c in self.discards[1 - player]],
            "hand_counts": [len(h) for h in self.hands],
            "hand_order": hand_order,
            "twist_allowed": not over and not self.pending,
            "end_allowed": not over and self.pending,
            "first_turn": first_turn and not over,
            "blocked": self.blocked,
            "blocked_limit": BLOCKED_LIMIT,
            "legal_moves": legal,
            "moves": parts,
            "options": dict(self.options),
        }

    # --- hidden cards -----------------------------------------------------

    def _dealt_hands(self) -> list[int]:
        """The hands still as dealt (face down to both), not made by turning a pile over."""
        return [i for i in range(2) if not (self.turned >> i) & 1]

    def all_seen(self) -> bool:
        """No card is left in a hand as dealt: a turned hand was seen in its order."""
        return not any(self.hands[i] for i in self._dealt_hands())

    def _resample(self, player: int, rng: Rng) -> ChinesePatience:
        """The cards of the face-down hands dealt again between them, each hand keeping
        its size: a dealt hand is face down to both players, its owner included, so
        ``player`` cannot tell their own hand's cards from the other's. A hand made by
        turning a discard pile over was seen in its order by both and is kept. A dealt
        hand is still the bottom of the hand dealt, so the deck is rewritten to match:
        the sample's ``deal_str`` deals it and replays its moves."""
        other = self.copy()
        if self.all_seen():
            return other
        dealt = self._dealt_hands()
        hidden = [c for i in dealt for c in self.hands[i]]
        rng.shuffle(hidden)
        deck = list(self.deck)
        # deck positions of the cards dealt to the hands: the non-Aces after the first four
        places = [at for at, c in enumerate(deck) if c >> 2 != 1][4:]
        at = 0
        for i in dealt:
            size = len(self.hands[i])
            fresh = hidden[at : at + size]
            at += size
            other.hands[i] = fresh
            # hand i is places[i::2] dealt top first, stored bottom first
            mine = places[i::2]
            for h, c in enumerate(fresh):
                deck[mine[len(mine) - 1 - h]] = c
        other.deck = tuple(deck)
        return other

    # --- bookkeeping ------------------------------------------------------

    def copy(self) -> ChinesePatience:
        other = object.__new__(ChinesePatience)
        other.options = self.options
        other.deck = self.deck
        other.first = self.first
        other.found = self.found[:]
        t = self.tab
        other.tab = [t[0][:], t[1][:], t[2][:], t[3][:]]
        h = self.hands
        other.hands = [h[0][:], h[1][:]]
        d = self.discards
        other.discards = [d[0][:], d[1][:]]
        other.turn = self.turn
        other.pending = self.pending
        other.twisted = self.twisted
        other.turned = self.turned
        other.blocked = self.blocked
        other.last_move = self.last_move
        other.last_mover = self.last_mover
        other.last_turnover = self.last_turnover
        other._outcome = self._outcome
        return other

    def all_cards(self) -> list[int]:
        cards = [card(r, s) for s, h in enumerate(self.found) for r in range(1, h + 1)]
        for pile in self.tab:
            cards += pile
        for i in range(2):
            cards += self.hands[i]
            cards += self.discards[i]
        return cards

    def key(self) -> Hashable:
        return (
            self.turn,
            self.pending,
            self.twisted,
            self.turned,
            self.blocked,
            tuple(self.found),
            tuple(tuple(pile) for pile in self.tab),
            tuple(self.hands[0]),
            tuple(self.hands[1]),
            tuple(self.discards[0]),
            tuple(self.discards[1]),
        )
