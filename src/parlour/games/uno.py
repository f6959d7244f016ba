"""UNO, the 1991 two-player edition: one ``GameState`` is a whole match to ``target`` points.

The rules are ``rules/uno.md``; this module implements that page exactly. Notes on
the choices the page leaves to the engine:

* **A match, hand after hand.** When a hand ends and the match is not over, the next
  hand is dealt as part of the move that ended it (dealing is nobody's choice). The
  finished hand's result stays visible in ``view()["last_hand"]`` and is announced by
  ``last_events()`` (``hand_end``), because the loser's hand is shown after each hand.
* **Randomness.** One stream per match: ``Rng(seed)``, used in this fixed order:

  1. one ``randbelow(2)`` for the first hand's designated starter. It is drawn even
     when option ``first`` or an explicit deck decides the starter, so that the cards
     a seed deals never depend on ``first``;
  2. the first hand's shuffle of ``uno_deck()``. With an explicit deck the stream is
     advanced exactly as seed ``s``'s own first deal advances it (that shuffle, and
     the shuffles of a ``W4`` turned up and sent back) and the cards are thrown away,
     so that a seeded match's ``deal_str()``, which carries ``seed=s``, replays it;
  3. then every shuffle as it happens: a ``W4`` turned up first goes back on the top
     of the draw pile, which is shuffled (explicit first deck: it goes to the bottom
     instead, no shuffle); a draw from an empty draw pile shuffles the discard pile
     but its top card; each later hand shuffles a fresh ``uno_deck()``.

  Shuffles act on the internal lists: a shuffled deck is read top first; the draw
  and discard piles are stored bottom first (top card last). A shuffle is
  Fisher-Yates from the last position down like ``Rng.shuffle``, but draws its
  indices in batches from the same xoshiro256** outputs
  (``parlour.rng.shuffle_batched``): UNO deals a fresh pack every hand, and this makes
  a deal about seven times cheaper.
* **Decks.** A deck is read top first: cards 1-7 player 0's hand, 8-14 player 1's,
  card 15 turned up, the rest the draw pile from its top, then optional deal fields
  (parlour's extension of the notation, ``docs/notation.md``): ``first=1`` (the first
  hand's starter; default 0, or option ``first``) and ``seed=N`` (the match's random
  stream; default 0, or the game's seed). ``deal_str()`` writes the first hand so,
  with the fields that differ from their defaults: ``new_game("uno",
  deck=g.deal_str())`` replays the whole match, move for move. A seeded hand whose
  first card turned up was a ``W4`` is written as dealt after the ``W4`` went back
  (its shuffle was the seed's): the replay deals the same cards and stream but has
  no ``W4`` to announce.
* **Moves** are tuples of small ints, all built once at import time, so that
  ``legal_moves`` allocates only its list. Their order: the cards of the hand in card
  order (R G Y B, 0-9 S D, then W and W4; a Wild's colours R G Y B, each "uno"
  variant right after its plain move), then ``draw`` or ``pass``, then ``catch``.
* **Views.** The discard pile is listed bottom first, its top card last (also given
  as ``top``). Known cards of the opponent are listed in ``opponent_known``: a wrong
  ``W4`` taken back is known until a ``W4`` is played from that hand.
  ``opponent_last`` tells the opponent's latest run of moves (with what they caused)
  and ``events`` what the last move told this player, in words (the computer player
  reads them; ``last_events`` tells the same as data), ``last_hand`` the finished hand.
* **Blocked hands** (two passes in a row) cannot arise with the full pack: with both
  piles empty every Wild is in a hand, so one player can always play. The rule is
  implemented all the same.
"""

from __future__ import annotations

import re
from bisect import insort
from collections.abc import Hashable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypedDict, cast

from ..cards import (
    EMPTY_PILE,
    UNO_COLOUR_NAMES,
    UNO_COLOURS,
    UNO_WILD,
    UNO_WILD4,
    parse_uno_card,
    uno_deck,
    uno_pretty,
    uno_str,
)
from ..core.events import Event
from ..core.options import OptionSpec
from ..core.protocol import BaseView, GameState, Move, MoveKey, MoveParts, Outcome, seat_name
from ..core.registry import register
from ..errors import (
    InvalidCardError,
    InvalidDeckError,
    InvalidMoveError,
    InvalidOptionError,
    quoted,
)
from ..notation import cards_count, check_pack, deal_text, field_or_option, read_deal
from ..rng import Rng, shuffle_batched

__all__ = ["MOVES", "Uno", "UnoView", "LastHand", "card_points", "PACK_POINTS"]

W = UNO_WILD
W4 = UNO_WILD4
SKIP = 10
DRAW2 = 11
HAND_SIZE = 7

# --- phases -------------------------------------------------------------------
PH_PLAY = 0  # a normal turn: play a card, draw (or pass), maybe catch first
PH_DRAWN = 1  # the card just drawn can be played: play it or keep it
PH_CHALLENGE = 2  # option w4_challenge: answer the opponent's Wild Draw Four
PH_COLOUR = 3  # a Wild was turned up first: the starter names the colour
PH_OVER = 4  # the match is over
PHASE_NAMES = ("play", "play_or_keep", "challenge", "colour", "over")

# --- move kinds (first item of every move tuple) ----------------------------
K_PLAY = 0  # (K_PLAY, card, named colour or -1, uno call 0/1)
K_DRAW = 1  # (K_DRAW,)
K_PLAYDRAWN = 2  # (K_PLAYDRAWN, named colour or -1, uno call 0/1)
K_KEEP = 3
K_PASS = 4
K_CHALLENGE = 5
K_ACCEPT = 6
K_COLOUR = 7  # (K_COLOUR, colour)
K_CATCH = 8

DRAW_MOVE = (K_DRAW,)
KEEP_MOVE = (K_KEEP,)
PASS_MOVE = (K_PASS,)
CHALLENGE_MOVE = (K_CHALLENGE,)
ACCEPT_MOVE = (K_ACCEPT,)
CATCH_MOVE = (K_CATCH,)
COLOUR_MOVES = tuple((K_COLOUR, col) for col in range(4))

# --- events: what happened during a move (last_events tells them per player) --
EV_DRAW = 0  # (EV_DRAW, player, cards, why, wanted)
EV_RESHUFFLE = 1  # (EV_RESHUFFLE, cards now in the draw pile)
EV_PENALTY = 2  # (EV_PENALTY, player, colour in play)
EV_VERDICT = 3  # (EV_VERDICT, challenger, guilty)
EV_UNO = 4  # (EV_UNO, player)
EV_CAUGHT = 5  # (EV_CAUGHT, offender)
EV_PLAYED_DRAWN = 6  # (EV_PLAYED_DRAWN, player, card, colour named or -1)
EV_LOSES_TURN = 7  # (EV_LOSES_TURN, player)
EV_HAND = 8  # (EV_HAND, winner or -1, points, loser's hand, blocked, hand number, scores)
EV_MATCH = 9  # (EV_MATCH, winner, score)
EV_DEAL = 10  # (EV_DEAL, hand number, starter, turned card, W4s sent back, first mover)

# why a card was drawn (EV_DRAW)
WHY_DRAW, WHY_DRAW2, WHY_W4, WHY_PENALTY, WHY_INNOCENT, WHY_GUILTY, WHY_CAUGHT = range(7)
WHY_FIRST_D = 7
_WHY_TEXT = (
    "",
    " (Draw Two)",
    " (Wild Draw Four)",
    " (penalty for a wrong Wild Draw Four)",
    " (challenge lost: 4 plus 2)",
    " (the challenged Wild Draw Four was wrong)",
    " (caught without calling UNO)",
    " (a Draw Two was turned up first)",
)


def card_points(c: int) -> int:
    """The original's table: numbers at face value, Skip and Draw Two 20, Wilds 50."""
    if c >= W:
        return 50
    v = c & 15
    return 20 if v >= SKIP else v


def holds_colour(cards: Iterable[int], colour: int) -> bool:
    """The rule of a wrong Wild Draw Four, in this one place: ``cards``, the hand it is
    played from, hold a card of ``colour``, the colour in play (the same number or
    symbol, or another Wild, does not count: a Wild's colour field is 4, never in
    play). The play itself, the warning before it and the computer players' own
    judgement of a Wild Draw Four all ask here. A loop, not ``any()`` over a generator:
    the random player asks at every Wild Draw Four it could play (a simulation's and an
    environment's opponent), where the generator made its decision 15-30% slower than
    the inline loop this replaced; the loop costs only the call."""
    for c in cards:  # noqa: SIM110 (any() over a generator is the slower form)
        if c >> 4 == colour:
            return True
    return False


_POINTS = [card_points(c) if (c >= W or (c & 15) <= DRAW2) else 0 for c in range(W4 + 1)]
PACK_POINTS = sum(_POINTS[c] for c in uno_deck())
_PACK: tuple[int, ...] = tuple(uno_deck())
#: The deal fields UNO reads and writes, at their defaults (left out of ``deal_str``).
_DEAL_DEFAULTS = {"first": 0, "seed": 0}
# What kind of card each card is, for the effects of playing it.
KIND_NUMBER, KIND_SKIP, KIND_DRAW2, KIND_WILD, KIND_WILD4 = range(5)
_KIND = [
    KIND_WILD4 if c == W4 else KIND_WILD if c == W else (c & 15) - 9 if (c & 15) > 9 else 0
    for c in range(W4 + 1)
]


def _playable_table(colour: int, top: int) -> tuple[bool, ...]:
    """For each card: may it be played on ``top`` with ``colour`` in play?"""
    value = top & 15 if top < W else -2  # a Wild on top matches by colour only
    return tuple(c >= W or c >> 4 == colour or c & 15 == value for c in range(W4 + 1))


# _PLAYABLE[top * 4 + colour]: the table for that top card and colour in play, shared
# by all states (a state keeps a reference to its current one).
_PLAYABLE: list[tuple[bool, ...]] = [
    _playable_table(col, top) for top in range(W4 + 1) for col in range(4)
]


def _build_moves() -> tuple[list[Any], list[Any], dict[Any, str]]:
    """Every move tuple, made once: per card, its plays without and with an UNO call."""
    plays: list[Any] = [None] * (W4 + 1)
    drawn: list[Any] = [None, None]
    names: dict[Any, str] = {}
    for c in set(_PACK):
        if c >= W:
            plain = tuple((K_PLAY, c, col, 0) for col in range(4))
            both = tuple((K_PLAY, c, col, u) for col in range(4) for u in (0, 1))
            for m in both:
                names[m] = f"{uno_str(c)}:{UNO_COLOURS[m[2]]}" + (" uno" if m[3] else "")
        else:
            plain = ((K_PLAY, c, -1, 0),)
            both = ((K_PLAY, c, -1, 0), (K_PLAY, c, -1, 1))
            for m in both:
                names[m] = uno_str(c) + (" uno" if m[3] else "")
        plays[c] = (plain, both)
    drawn[0] = (((K_PLAYDRAWN, -1, 0),), ((K_PLAYDRAWN, -1, 0), (K_PLAYDRAWN, -1, 1)))
    drawn[1] = (
        tuple((K_PLAYDRAWN, col, 0) for col in range(4)),
        tuple((K_PLAYDRAWN, col, u) for col in range(4) for u in (0, 1)),
    )
    for group in drawn:
        for m in group[1]:
            text = "play" if m[1] < 0 else f"play:{UNO_COLOURS[m[1]]}"
            names[m] = text + (" uno" if m[2] else "")
    names[DRAW_MOVE] = "draw"
    names[KEEP_MOVE] = "keep"
    names[PASS_MOVE] = "pass"
    names[CHALLENGE_MOVE] = "challenge"
    names[ACCEPT_MOVE] = "accept"
    names[CATCH_MOVE] = "catch"
    for cm in COLOUR_MOVES:
        names[cm] = f"colour:{UNO_COLOURS[cm[1]]}"
    return plays, drawn, names


_PLAYS, _DRAWN_PLAYS, _MOVE_NAMES = _build_moves()
_PLAYS_PLAIN: list[Any] = [None if group is None else group[0] for group in _PLAYS]
_PLAYS_CALL: list[Any] = [None if group is None else group[1] for group in _PLAYS]
_NAME_TO_MOVE: dict[str, tuple[int, ...]] = {text: m for m, text in _MOVE_NAMES.items()}
#: Every move's canonical string -> its move tuple (for compiled code and encoders).
MOVES: Mapping[str, tuple[int, ...]] = MappingProxyType(_NAME_TO_MOVE)


#: A Draw Two or a Wild Draw Four as the tables draw them (``R+2``, ``W+4``: the
#: terminal table's faces, the web's "+2"), at the start of a move typed upper case.
_AS_DRAWN = re.compile(r"^(?:([RGYB]) ?\+ ?2(?![0-9])|W ?\+ ?4(?![0-9]))")


def _as_notation(text: str) -> str:
    """``R+2`` -> ``RD``, ``W+4:B`` -> ``W4:B``: a person types the card they see,
    and the move is read as the notation's; anything else is left as it is."""
    return _AS_DRAWN.sub(lambda m: f"{m[1]}D" if m[1] else "W4", text)


def _colour_of(text: str) -> int:
    """R G Y B or the colour's name, as 0-3; -1 if it is neither."""
    if len(text) == 1:
        return UNO_COLOURS.find(text)
    names = [n.upper() for n in UNO_COLOUR_NAMES]
    return names.index(text) if text in names else -1


_HELP = """\
Moves (the rules page's table):
  R7, GS, YD        play that card (S Skip, D Draw Two)
  W:R, W4:B         play a Wild or Wild Draw Four and name the colour (R G Y B)
  draw              draw one card (allowed even with a playable card: reneging)
  play / keep       after drawing a playable card: play it (a drawn Wild: play:G) or keep it
  pass              only when both piles are empty and no card can be played
  challenge/accept  answer the opponent's Wild Draw Four (option w4_challenge)
  colour:R          name the colour of a Wild turned up as the first card
  R7 uno, play uno  play your second-to-last card and call UNO (option uno_call)
  catch             catch an opponent who did not call UNO (option uno_call)
Lower case, 'W R', 'W4 B', 'play g', 'color:r' and colour names are accepted too,
and the cards as the terminal table draws them: 'R+2' for RD, 'W+4:B' for W4:B.

Options: target=500 (match points), first=0|1 (first hand's starter; default from
the seed), w4_challenge (official challenge instead of the automatic penalty),
uno_call (UNO calls and catching).

A deal (--deck) is the 108 cards top first, then optional fields: first=1 (who
starts the first hand) and seed=N (the stream that shuffles later): the deal that
a game shows replays the whole match. A deck without a seed uses seed 0.

Decisions of the rules page:
- A Wild Draw Four may rightly be played only when you hold no card of the colour in
  play; a card of the same number or symbol, or another Wild, does not count.
- Default penalty for a wrong W4 (the original program's): the W4 is taken back, you
  draw 4 and lose the turn; the named colour is ignored, the top card and colour stay.
- Cards that cannot be drawn because both piles are empty are not drawn; 'draw' is
  then not a move, and a player with no card to play must 'pass'. Two passes in a row
  end the hand as blocked, with no score.
- The first hand's starter is drawn from the seed (explicit deck: player 0); the
  starter alternates from hand to hand.
Scoring: the hand's winner scores the loser's cards: numbers face value, S and D 20,
W and W4 50. First to the target wins the match.
"""


class LastHand(TypedDict):
    """The hand that ended last: the loser's cards are shown to both players."""

    hand: int
    winner: int | None  # None: blocked
    points: int
    loser_hand: list[str]
    blocked: bool


class UnoView(BaseView):
    """What ``Uno.view`` returns: the viewer's own hand, the discard pile, counts of
    the rest (see the module docstring)."""

    to_move: int | None  # None once the match is over
    phase: str  # one of PHASE_NAMES
    hand: list[str]
    drawn: str | None  # the card just drawn, to play or keep (the drawer's view only)
    opponent_cards: int
    opponent_known: list[str]
    discard: list[str]  # bottom first
    top: str
    colour: str | None  # the colour in play; None until a Wild turned up first is named
    stock_count: int  # cards in the draw pile, face down
    draw_pile: int  # deprecated alias of stock_count (BaseView says why it stays)
    scores: list[int]
    target: int
    hand_number: int
    starter: int
    passes: int  # passes in a row this hand (two end a blocked hand)
    events: list[str]
    opponent_last: list[str]
    last_hand: LastHand | None


@register
class Uno(GameState):
    """A two-player UNO match; see the module docstring for the engine's conventions."""

    name: ClassVar[str] = "uno"
    fixed_moves: ClassVar[Mapping[str, Any] | None] = MOVES
    title: ClassVar[str] = "UNO"
    summary: ClassVar[str] = "UNO, the 1991 two-player edition: first to 500 points wins"
    players: ClassVar[int] = 2
    rules_file: ClassVar[str] = "uno.md"
    match: ClassVar[bool] = True
    first_option: ClassVar[str | None] = "first"
    help_text: ClassVar[str] = _HELP
    move_keys: ClassVar[tuple[MoveKey, ...]] = (
        MoveKey("draw", "d", "draw"),
        MoveKey("play", "p", "play the drawn card", "play drawn"),
        MoveKey("keep", "k", "keep it", "keep"),
        MoveKey("pass", "s", "pass"),
        MoveKey("challenge", "c", "challenge", option="w4_challenge"),
        MoveKey("accept", "a", "accept", option="w4_challenge"),
        MoveKey("catch", "g", "catch", option="uno_call"),
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "target",
            int,
            500,
            "points that win the match",
            minimum=1,
            maximum=10**9,
            label="Points to win the match",
        ),
        OptionSpec(
            "uno_call",
            bool,
            False,
            "players must call UNO; the opponent may catch",
            label="Call UNO",
        ),
        OptionSpec(
            "w4_challenge",
            bool,
            False,
            "official Wild Draw Four challenge",
            label="Challenge a Wild Draw Four",
        ),
        OptionSpec(
            "first",
            int,
            None,
            "first hand's starter (0 or 1)",
            choices=(0, 1),
            label="Who starts",
            seats=True,
        ),
    )

    __slots__ = (
        "options",
        "_target",
        "_uno",
        "_chal",
        "_hands",
        "_draw",
        "_discard",
        "_colour",
        "_ok",
        "_turn",
        "_phase",
        "_drawn",
        "_passes",
        "_guilty",
        "_uncalled",
        "_scores",
        "_starter",
        "_hand_no",
        "_rng",
        "_deal",
        "_shown",
        "_last_hand",
        "_winner",
        "_ev",
        "_run_by",
        "_run",
        "_prev_run",
        "_known",
        "_w4_col",
    )

    _hands: list[list[int]]
    _draw: list[int]
    _discard: list[int]
    _colour: int
    _ok: tuple[bool, ...]
    _turn: int
    _phase: int
    _drawn: int
    _passes: int
    _guilty: bool
    _uncalled: int
    _scores: tuple[int, int]
    _starter: int
    _hand_no: int
    _rng: tuple[int, int, int, int]
    _deal: str
    _shown: tuple[int, int]
    _last_hand: tuple[int, int, tuple[int, ...], bool, int] | None
    _winner: int
    _ev: list[tuple[Any, ...]]
    _run_by: int
    _run: tuple[tuple[Any, list[tuple[Any, ...]]], ...]
    _prev_run: tuple[tuple[Any, list[tuple[Any, ...]]], ...]
    _target: int
    _uno: bool
    _chal: bool
    #: The cards each player knows to be in the other's hand (a wrong W4 taken back; the
    #: whole hand when the discards were turned into a draw pile, since the player saw
    #: every other card), less those played since, for :meth:`resample` only. One int,
    #: so that copies share it and a play updates it in a few operations: what player
    #: ``v`` knows of card ``c`` is a count in the three bits at ``_known_bit(v, c)``
    #: (``known_cards`` reads it).
    _known: int
    #: The colour in play when the last Wild Draw Four was played (its challenge's test).
    _w4_col: int

    # --- creation ---------------------------------------------------------------

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string of the rules page's grammar, in a fixed order (the
        reinforcement-learning action space; a test plays many games and checks that
        every legal move is among them)."""
        cards = [c + v for c in "RGYB" for v in "0123456789SD"]
        wilds = [f"{w}:{c}" for w in ("W", "W4") for c in "RGYB"]
        drawn = ["play"] + [f"play:{c}" for c in "RGYB"]
        plays = cards + wilds + drawn
        moves = plays + [f"{m} uno" for m in plays]
        moves += ["draw", "keep", "pass", "challenge", "accept", "catch"]
        return (*moves, *(f"colour:{c}" for c in "RGYB"))

    @classmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> Uno:
        st = cls.__new__(cls)
        st.options = dict(options)
        st._target = int(options["target"])
        st._uno = bool(options["uno_call"])
        st._chal = bool(options["w4_challenge"])
        first = options["first"]
        if first not in (None, 0, 1):
            raise InvalidOptionError(f"option 'first' of uno must be 0 or 1: got {quoted(first)}")
        rng = Rng(seed)
        coin = rng.randbelow(2)
        if deck is not None:
            cards, fields = read_deal(deck, parse_uno_card, uno_str, ("first", "seed"), "UNO")
            check_pack(cards, _PACK, uno_str, "the 108-card UNO pack")
            first = field_or_option(fields, "first", first, (0, 1))
            if fields.get("seed", seed) != seed:
                raise InvalidDeckError(
                    f"the deal says seed={fields['seed']} but the game's seed is {seed}: "
                    "give the same seed, or none"
                )
            # The stream as the seed's own deal leaves it (a W4 turned up and shuffled
            # back included), so that a seeded match's deal string replays the match.
            st._rng = cls.new(seed, None, dict(options, first=0))._rng
            starter = 0 if first is None else first
        else:
            cards = list(_PACK)
            st._rng = shuffle_batched(rng.getstate(), cards)
            starter = coin if first is None else first
        st._scores = (0, 0)
        st._hand_no = 0
        st._last_hand = None
        st._winner = -1
        st._run_by = -1
        st._run = ()
        st._prev_run = ()
        st._w4_col = -1
        ev: list[tuple[Any, ...]] = []
        st._ev = ev
        st._start_hand(cards, starter, deck is not None, ev)
        st._deal = deal_text(st._deal, {"first": starter, "seed": seed}, _DEAL_DEFAULTS)
        return st

    def _start_hand(self, deck: list[int], starter: int, explicit: bool, ev: list[Any]) -> None:
        """Deal ``deck`` (top first) and apply the first card turned up."""
        self._hand_no += 1
        self._starter = starter
        self._known = 0
        self._hands = [sorted(deck[:HAND_SIZE]), sorted(deck[HAND_SIZE : 2 * HAND_SIZE])]
        turned = deck[2 * HAND_SIZE]
        draw = deck[2 * HAND_SIZE + 1 :]
        draw.reverse()
        sent_back = 0
        while turned == W4:
            sent_back += 1
            if explicit:
                draw.insert(0, W4)
            else:
                draw.append(W4)
                self._rng = shuffle_batched(self._rng, draw)
            turned = draw.pop()
        if self._hand_no == 1:
            if explicit:
                self._deal = " ".join(uno_str(c) for c in deck)
            else:
                shown = deck[: 2 * HAND_SIZE] + [turned] + draw[::-1]
                self._deal = " ".join(uno_str(c) for c in shown)
        self._draw = draw
        self._discard = [turned]
        self._drawn = -1
        self._passes = 0
        self._guilty = False
        self._uncalled = -1
        self._shown = (0, 0)
        self._phase = PH_PLAY
        value = turned & 15 if turned < W else turned
        mover = 1 - starter if value in (DRAW2, SKIP) else starter
        self._turn = mover
        ev.append((EV_DEAL, self._hand_no, starter, turned, sent_back, mover))
        if turned == W:
            self._colour = -1
            self._ok = _PLAYABLE[0]  # unused until the colour is named
            self._phase = PH_COLOUR
        else:
            self._colour = turned >> 4
            self._ok = _PLAYABLE[turned * 4 + (turned >> 4)]
            if value == DRAW2:
                self._take(starter, 2, WHY_FIRST_D, ev)

    def deal_str(self) -> str:
        return self._deal

    # --- playing ----------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        if self._winner < 0:
            return None
        w = self._winner
        return Outcome(
            "won",
            f"{seat_name(w)} reached {self._scores[w]} points (target {self._target})",
            score=self._scores[w],
            winner=w,
        )

    def legal_moves(self) -> list[Move]:
        phase = self._phase
        p = self._turn
        if phase == PH_PLAY:
            hand = self._hands[p]
            ok = self._ok
            plays = _PLAYS_CALL if self._uno and len(hand) == 2 else _PLAYS_PLAIN
            moves: list[Move] = []
            prev = -1
            for c in hand:  # sorted, so equal cards are neighbours
                if c != prev and ok[c]:
                    prev = c
                    moves += plays[c]
            if self._draw or len(self._discard) > 1:
                moves.append(DRAW_MOVE)
            elif not moves:
                moves.append(PASS_MOVE)
            if self._uncalled == 1 - p and len(self._hands[1 - p]) == 1:
                moves.append(CATCH_MOVE)
            return moves
        if phase == PH_DRAWN:
            u = 1 if self._uno and len(self._hands[p]) == 2 else 0
            moves = list(_DRAWN_PLAYS[1 if self._drawn >= W else 0][u])
            moves.append(KEEP_MOVE)
            return moves
        if phase == PH_CHALLENGE:
            moves = [CHALLENGE_MOVE, ACCEPT_MOVE]
            if self._uncalled == 1 - p and len(self._hands[1 - p]) == 1:
                moves.append(CATCH_MOVE)
            return moves
        if phase == PH_COLOUR:
            return list(COLOUR_MOVES)
        return []

    def move_str(self, move: Move) -> str:
        return _MOVE_NAMES[move]

    def apply(self, move: Any) -> None:
        p = self._turn
        ev: list[tuple[Any, ...]] = []
        self._ev = ev
        kind = move[0]
        if kind != K_PASS and self._passes:
            self._passes = 0
        if self._uncalled >= 0 and self._uncalled != p:
            # The offender's opponent gets one move to catch; after it, the chance is gone.
            self._uncalled = -1
        if kind == K_PLAY:
            self._play(p, move[1], move[2], move[3], ev)
        elif kind == K_DRAW:
            self._draw_one(p, ev)
        elif kind == K_PLAYDRAWN:
            card = self._drawn
            self._drawn = -1
            self._phase = PH_PLAY
            ev.append((EV_PLAYED_DRAWN, p, card, move[1] if card >= W else -1))
            self._play(p, card, move[1], move[2], ev)
        elif kind == K_KEEP:
            self._drawn = -1
            self._phase = PH_PLAY
            self._turn = 1 - p
        elif kind == K_PASS:
            self._passes += 1
            if self._passes >= 2:
                self._end_hand(-1, ev)
            else:
                self._turn = 1 - p
        elif kind == K_CHALLENGE:
            self._challenge(p, ev)
        elif kind == K_ACCEPT:
            self._take(p, 4, WHY_W4, ev)
            ev.append((EV_LOSES_TURN, p))
            self._phase = PH_PLAY
            self._turn = 1 - p
        elif kind == K_COLOUR:
            self._colour = move[1]
            self._ok = _PLAYABLE[self._discard[-1] * 4 + move[1]]
            self._phase = PH_PLAY
        elif kind == K_CATCH:
            ev.append((EV_CAUGHT, 1 - p))
            self._take(1 - p, 2, WHY_CAUGHT, ev)
        # What each player did last, for the other's view: the current run of moves by
        # one player and the run before it (by the other). Bounded, cheap to copy.
        if p == self._run_by:
            self._run = (*self._run, (move, ev))
        else:
            self._run_by = p
            self._prev_run = self._run
            self._run = ((move, ev),)

    def _play(self, p: int, card: int, named: int, call: int, ev: list[Any]) -> None:
        """Play ``card`` from ``p``'s hand, with all that follows automatically."""
        hand = self._hands[p]
        hand.remove(card)
        known = self._known
        if known and known & _KNOWN_MASK[1 - p][card]:
            # the other player no longer knows p holds this card
            self._known = known - _KNOWN_ONE[1 - p][card]
        kind = _KIND[card]
        if kind == KIND_NUMBER:  # the common case first
            self._discard.append(card)
            col = card >> 4
            self._colour = col
            self._ok = _PLAYABLE[card * 4 + col]
            if len(hand) > 1:
                self._turn = 1 - p
                return
        else:
            if kind == KIND_WILD4 and self._wrong_w4(p, hand, ev):
                return
            self._discard.append(card)
            col = named if kind >= KIND_WILD else card >> 4
            self._colour = col
            self._ok = _PLAYABLE[card * 4 + col]
        o = 1 - p
        left = len(hand)
        if left == 1 and self._uno:
            if call:
                ev.append((EV_UNO, p))
            else:
                self._uncalled = p
        if left == 0:
            if kind == KIND_DRAW2:
                self._take(o, 2, WHY_DRAW2, ev)
            elif kind == KIND_WILD4:
                self._take(o, 4, WHY_W4, ev)
            self._end_hand(p, ev)
        elif kind in (KIND_NUMBER, KIND_WILD):
            self._turn = o
        elif kind == KIND_SKIP:
            ev.append((EV_LOSES_TURN, o))
            self._turn = p
        elif kind == KIND_DRAW2:
            self._take(o, 2, WHY_DRAW2, ev)
            ev.append((EV_LOSES_TURN, o))
            self._turn = p
        elif self._chal:  # a Wild Draw Four: the opponent may challenge it
            self._phase = PH_CHALLENGE
            self._turn = o
        else:
            self._take(o, 4, WHY_W4, ev)
            ev.append((EV_LOSES_TURN, o))
            self._turn = p

    def _wrong_w4(self, p: int, hand: list[int], ev: list[Any]) -> bool:
        """Judge a Wild Draw Four by the rest of the hand; apply the default penalty.

        Returns True when the card was taken back (the play is over). A last card is
        never wrong: nothing else is held.
        """
        col = self._colour
        self._w4_col = col
        wrong = self._holds_colour(hand)
        shown = self._shown
        if wrong and not self._chal:
            # Taken back in sight of the opponent, who now knows of (at least) one W4.
            insort(hand, W4)
            self._learn(p, W4)
            if not shown[p]:
                self._shown = (1, shown[1]) if p == 0 else (shown[0], 1)
            ev.append((EV_PENALTY, p, col))
            self._take(p, 4, WHY_PENALTY, ev)
            ev.append((EV_LOSES_TURN, p))
            self._turn = 1 - p
            return True
        self._guilty = wrong
        if shown[p]:
            self._shown = (shown[0] - 1, shown[1]) if p == 0 else (shown[0], shown[1] - 1)
        return False

    def _holds_colour(self, rest: list[int]) -> bool:
        """Whether ``rest``, the hand a Wild Draw Four is played from, holds the colour
        in play (:func:`holds_colour`). The play itself and the warning before it
        (:meth:`move_warning`) both ask here."""
        return holds_colour(rest, self._colour)

    def move_warning(self, move: Move) -> Event | None:
        """A Wild Draw Four played while the mover holds the colour in play: by default
        the ``penalty`` that follows at once (the card taken back, four drawn), with
        option ``w4_challenge`` the ``challenge`` the other player would win
        (``upheld``); ``target`` is the colour in play. Judged on the mover's own hand,
        which they see anyway, by the rule the play itself follows
        (:meth:`_holds_colour`)."""
        m = cast(tuple[int, ...], move)
        kind = m[0]
        card = m[1] if kind == K_PLAY else self._drawn if kind == K_PLAYDRAWN else -1
        if card != W4:
            return None
        p = self._turn
        rest = list(self._hands[p])
        rest.remove(W4)
        if not self._holds_colour(rest):
            return None
        colour = UNO_COLOURS[self._colour]
        if self._chal:
            return Event("challenge", 1 - p, target=colour, value="upheld")
        return Event("penalty", p, count=4, target=colour, value="w4")

    def _draw_one(self, p: int, ev: list[Any]) -> None:
        """A chosen draw: a playable card may then be played or kept, else the turn passes."""
        draw = self._draw
        if not draw:
            draw = self._reshuffle(ev)
        c = draw.pop()
        insort(self._hands[p], c)
        ev.append((EV_DRAW, p, (c,), WHY_DRAW, 1))
        if self._ok[c]:
            self._drawn = c
            self._phase = PH_DRAWN
        else:
            self._turn = 1 - p

    def _reshuffle(self, ev: list[Any]) -> list[int]:
        """Turn the discard pile but its top card into a new draw pile (it is not empty)."""
        discard = self._discard
        top = discard.pop()
        self._discard = [top]
        # each player has now seen every card but those of the other's hand
        hands = self._hands
        self._known = sum(map(_KNOWN_ONE[0].__getitem__, hands[1])) + sum(
            map(_KNOWN_ONE[1].__getitem__, hands[0])
        )
        self._rng = shuffle_batched(self._rng, discard)
        self._draw = discard
        ev.append((EV_RESHUFFLE, len(discard)))
        return discard

    def _challenge(self, p: int, ev: list[Any]) -> None:
        """Judge the Wild Draw Four by the hand it was played from (stored as ``_guilty``)."""
        o = 1 - p
        self._phase = PH_PLAY
        if self._guilty:
            ev.append((EV_VERDICT, p, True))
            self._take(o, 4, WHY_GUILTY, ev)
            self._turn = p
        else:
            ev.append((EV_VERDICT, p, False))
            self._take(p, 6, WHY_INNOCENT, ev)
            ev.append((EV_LOSES_TURN, p))
            self._turn = o
        self._guilty = False

    def _take(self, p: int, n: int, why: int, ev: list[Any]) -> list[int]:
        """Draw up to ``n`` cards into ``p``'s hand, turning the discards over when needed."""
        draw = self._draw
        hand = self._hands[p]
        got: list[int] = []
        for _ in range(n):
            if not draw:
                if len(self._discard) <= 1:
                    break
                draw = self._reshuffle(ev)
            c = draw.pop()
            insort(hand, c)
            got.append(c)
        ev.append((EV_DRAW, p, tuple(got), why, n))
        return got

    def _end_hand(self, winner: int, ev: list[Any]) -> None:
        """Score the hand, then end the match or deal the next hand at once."""
        if winner < 0:
            self._last_hand = (-1, 0, (), True, self._hand_no)
        else:
            loser_hand = tuple(self._hands[1 - winner])
            points = 0
            for c in loser_hand:
                points += _POINTS[c]
            s = self._scores
            self._scores = (s[0] + points, s[1]) if winner == 0 else (s[0], s[1] + points)
            self._last_hand = (winner, points, loser_hand, False, self._hand_no)
        lh = self._last_hand
        ev.append((EV_HAND, lh[0], lh[1], lh[2], lh[3], lh[4], self._scores))
        if winner >= 0 and self._scores[winner] >= self._target:
            self._winner = winner
            self._phase = PH_OVER
            self._drawn = -1
            self._uncalled = -1
            ev.append((EV_MATCH, winner, self._scores[winner]))
            return
        deck = list(_PACK)
        self._rng = shuffle_batched(self._rng, deck)
        self._start_hand(deck, 1 - self._starter, False, ev)

    def _learn(self, p: int, card: int) -> None:
        """The other player now knows that ``p`` holds ``card``."""
        self._known += _KNOWN_ONE[1 - p][card]

    def known_cards(self, viewer: int) -> list[int]:
        """The cards ``viewer`` knows to be in the other player's hand, in card order,
        though their view shows only a count: after the discards became the draw pile
        (every other card was seen), that hand then, less the cards played since; a
        wrong Wild Draw Four taken back."""
        known = self._known
        return [c for c in _PACK_CODES for _ in range(known >> _known_bit(viewer, c) & 7)]

    # --- parsing and explaining -----------------------------------------------------

    def canonicalize(self, text: str) -> str:
        t = text.strip()
        call = False
        if t == "UNO":
            raise InvalidMoveError(
                f"{quoted(text)}: call UNO together with the card you play, as 'R7 uno' or "
                "'play uno'"
            )
        if t.endswith(" UNO"):
            call = True
            t = t[:-4].strip()
        t = _as_notation(t.replace(" :", ":").replace(": ", ":"))
        words = {
            "DRAW": "draw",
            "KEEP": "keep",
            "PASS": "pass",
            "CHALLENGE": "challenge",
            "ACCEPT": "accept",
            "CATCH": "catch",
        }
        if t in words:
            if call:
                raise InvalidMoveError(
                    f"{quoted(text)}: 'uno' is called only when playing a card ('R7 uno', "
                    "'play uno')"
                )
            return words[t]
        suffix = " uno" if call else ""
        if t == "PLAY":
            return "play" + suffix
        head, sep, rest = t.replace(" ", ":", 1).partition(":")
        if head == "PLAY" and sep:
            return f"play:{self._colour_letter(rest, text, 'play')}" + suffix
        if head in ("COLOUR", "COLOR"):
            if call:
                raise InvalidMoveError(f"{quoted(text)}: 'uno' is called only when playing a card")
            return f"colour:{self._colour_letter(rest, text, 'colour')}"
        if head in ("W", "W4"):
            if not sep:
                raise InvalidMoveError(
                    f"{quoted(text)}: name a colour: {head}:R, {head}:G, {head}:Y or {head}:B"
                )
            return f"{head}:{self._colour_letter(rest, text, head)}" + suffix
        for wild in ("W4", "W"):
            if t.startswith(wild) and _colour_of(t[len(wild) :]) >= 0:
                return f"{wild}:{UNO_COLOURS[_colour_of(t[len(wild) :])]}" + suffix
        try:
            card = parse_uno_card(t)
        except InvalidCardError:
            raise InvalidMoveError(
                f"{quoted(text)} is not an UNO move: play a card (R7, GS, YD or R+2), a Wild "
                "with its colour (W:R, W4:B or W+4:B), or say draw, play, play:G, keep, pass, "
                "challenge, accept, colour:R, catch; add ' uno' to a play to call UNO"
            ) from None
        return uno_str(card) + suffix

    @staticmethod
    def _colour_letter(rest: str, text: str, head: str) -> str:
        """The colour letter ``rest`` names (what followed ``head`` and its colon),
        else a refusal that quotes it, as every refusal quotes its input ("'w4:q': 'q'
        is not a colour": :meth:`~parlour.core.protocol.GameState.parse_move` puts
        back the case it was typed in; it said "Q is not a colour", unquoted)."""
        col = _colour_of(rest.strip())
        if col < 0:
            said = quoted(rest.strip()) if rest.strip() else "nothing"
            raise InvalidMoveError(
                f"{quoted(text)}: {said} is not a colour; "
                f"name one of R, G, Y, B ({head}:R, {head}:G, {head}:Y or {head}:B)"
            )
        return UNO_COLOURS[col]

    def why_illegal(self, canonical: str) -> str:
        phase = self._phase
        p = self._turn
        hand = self._hands[p]
        move = _NAME_TO_MOVE.get(canonical)
        kind = -1 if move is None else move[0]
        call = canonical.endswith(" uno")
        if (kind == K_CATCH or call) and not self._uno:
            return ": UNO calls and catching need option uno_call"
        if kind in (K_CHALLENGE, K_ACCEPT):
            if not self._chal:
                return ": challenges need option w4_challenge"
            if phase != PH_CHALLENGE:
                return ": there is no Wild Draw Four to challenge or accept"
        if phase == PH_COLOUR:
            return (
                ": a Wild was turned up first: name the colour first "
                "(colour:R, colour:G, colour:Y or colour:B)"
            )
        if phase == PH_CHALLENGE:
            return ": answer the Wild Draw Four first: challenge or accept"
        if phase == PH_DRAWN:
            drawn = uno_pretty(self._drawn)
            # as the log says it: "you drew a Wild", "a red Skip" (was "you drew Wild")
            a_drawn = f"a {drawn}" if self._drawn >= W or self._drawn & 15 >= 10 else drawn
            if kind == K_PLAYDRAWN and self._drawn >= W and move is not None and move[1] < 0:
                return ": name a colour: play:R, play:G, play:Y or play:B"
            if kind == K_PLAYDRAWN and self._drawn < W and move is not None and move[1] >= 0:
                return f": the drawn {drawn} is not a Wild: just 'play'"
            if call:
                return ": call UNO only when playing your second-to-last card"
            return f": you drew {a_drawn}: play it ('play') or keep it ('keep'); no other card"
        if kind == K_CATCH:
            return (
                ": nobody to catch: catch only as the first move after the opponent played "
                "their second-to-last card without calling UNO, while they hold one card"
            )
        if kind in (K_PLAYDRAWN, K_KEEP):
            return ": play and keep answer a card you have just drawn; draw first"
        if kind == K_COLOUR:
            return (
                ": colour:X is only for a Wild turned up first; "
                "name a played Wild's colour with it (W:R)"
            )
        if kind == K_DRAW:
            return ": both piles are empty, no card can be drawn"
        if kind == K_PASS:
            if self._draw or len(self._discard) > 1:
                return ": pass only when both piles are empty; draw instead"
            return ": you can play a card, so you may not pass"
        if kind == K_PLAY and move is not None:
            card = move[1]
            if card not in hand:
                mine = ", ".join(uno_pretty(c) for c in hand) or "empty"
                return f": you have no {uno_pretty(card)}: your hand is {mine}"
            if call:
                return ": call UNO only when playing your second-to-last card"
            top = self._discard[-1]
            col = UNO_COLOUR_NAMES[self._colour] if self._colour >= 0 else "none"
            return (
                f": {uno_pretty(card)} does not match the top card {uno_pretty(top)} "
                f"(colour in play: {col}); play a matching card or a Wild, or draw"
            )
        return ""

    def prompt(self, player: int) -> Event | None:
        """Match the top card (the colour in play as ``target`` when a Wild set it),
        play or keep the card drawn, name the colour of a first Wild, or answer a
        Wild Draw Four."""
        phase = self._phase
        if player != self._turn or phase == PH_OVER:
            return None
        top = self._discard[-1]
        if phase == PH_DRAWN:
            return Event("prompt", player, (uno_str(self._drawn),), value="drawn")
        code = _PROMPTS[phase]
        colour = UNO_COLOURS[self._colour] if top >= W and self._colour >= 0 else None
        return Event("prompt", player, (uno_str(top),), target=colour, value=code)

    def move_parts(self, move: Move) -> MoveParts:
        """A play names the card in the hand as its source (the drawn card for
        ``play``), the discard pile as its target, the colour a Wild names and
        whether it calls UNO; ``colour:X`` names its colour; the rest are buttons."""
        m = cast(tuple[int, ...], move)
        kind = m[0]
        text = _MOVE_NAMES[m]
        if kind not in (K_PLAY, K_PLAYDRAWN):
            parts: MoveParts = {
                "move": text,
                "source": None,
                "target": None,
                "count": 1 if kind == K_DRAW else 0,
                "card": None,
            }
            if kind == K_COLOUR:
                parts["colour"] = UNO_COLOURS[m[1]]
            return parts
        if kind == K_PLAY:
            c, named, call = m[1], m[2], m[3]
        else:
            c, named, call = self._drawn, m[1], m[2]
        code = uno_str(c)
        parts = {"move": text, "source": code, "target": "discard", "count": 1, "card": code}
        if kind == K_PLAYDRAWN:
            parts["word"] = "play"  # the key of "play the drawn card" plays it
        if named >= 0:
            parts["colour"] = UNO_COLOURS[named]
        if call:
            parts["uno"] = True
        return parts

    def last_events(self, viewer: int) -> list[Event]:
        """The move and all it caused, as ``viewer`` knows it: the cards a player
        draws are named to that player only. Before the first move, the deal's first
        card and who starts."""
        events: list[Event] = []
        if self._run:
            move, ev = self._run[-1]
            p = self._run_by
            kind = move[0]
            if kind == K_PLAY:
                named = UNO_COLOURS[move[2]] if move[1] >= W else None
                events.append(Event("play", p, (uno_str(move[1]),), None, "hand", "discard", named))
            elif kind in _MOVE_EVENTS:
                events.append(Event(_MOVE_EVENTS[kind], p))
            elif kind == K_COLOUR:
                events.append(Event("colour", p, value=UNO_COLOURS[move[1]]))
        else:
            move, ev = None, self._ev
        for e in ev:
            _event_data(e, viewer, move, self._hand_no, events)
        return events

    # --- showing ---------------------------------------------------------------------

    def view(self, player: int) -> UnoView:
        p = player
        o = 1 - p
        over = self._phase == PH_OVER
        lh = self._last_hand
        last_hand: LastHand | None = None
        if lh is not None:
            last_hand = {
                "hand": lh[4],
                "winner": None if lh[0] < 0 else lh[0],
                "points": lh[1],
                "loser_hand": [uno_str(c) for c in lh[2]],
                "blocked": lh[3],
            }
        to_move = self._turn
        legal, parts = self.view_moves(p)
        data: UnoView = {
            "game": self.name,
            "player": p,
            "to_move": None if over else to_move,
            "legal_moves": legal,
            "moves": parts,
            "phase": PHASE_NAMES[self._phase],
            "hand": [uno_str(c) for c in self._hands[p]],
            "drawn": uno_str(self._drawn) if self._drawn >= 0 and to_move == p else None,
            "opponent_cards": len(self._hands[o]),
            "opponent_known": ["W4"] * self._shown[o],
            "discard": [uno_str(c) for c in self._discard],
            "top": uno_str(self._discard[-1]),
            "colour": UNO_COLOURS[self._colour] if self._colour >= 0 else None,
            "stock_count": len(self._draw),
            "draw_pile": len(self._draw),
            "scores": list(self._scores),
            "target": self._target,
            "hand_number": self._hand_no,
            "starter": self._starter,
            "passes": self._passes,
            "options": dict(self.options),
            "events": [text for e in self._ev for text in _event_texts(e, p)],
            "opponent_last": self._run_texts(o, p),
            "last_hand": last_hand,
        }
        return data

    def _run_texts(self, who: int, viewer: int) -> list[str]:
        """What ``who`` did in their latest run of moves, as ``viewer`` was told."""
        run = self._run if self._run_by == who else self._prev_run
        out: list[str] = []
        for move, ev in run:
            if move[0] not in (K_DRAW, K_PLAYDRAWN):  # those are told by their events
                out.append(f"{_who(who, viewer)} {_move_phrase(move, -1)}")
            for e in ev:
                out.extend(_event_texts(e, viewer))
        return out

    def render(self, colour: bool = False) -> str:
        """The table as the player to move sees it (hiding the other hand)."""
        return self.render_for(self._turn, colour)

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
        """The table from ``player``'s side: ``you`` ("you", or a demo's "Player 1")
        and ``other``, never a number; the line saying the match is over (or was given
        up) only with ``end``, the match's scores on the first line only with
        ``scores`` (player 0's first, from either side)."""
        o = 1 - player
        yours = "your" if you == "you" else f"{you}'s"

        def show(cards: list[int] | tuple[int, ...]) -> str:
            # cards in words ("red 7, Wild"), so a comma between them
            return ", ".join(_pretty(c, colour) for c in cards) or EMPTY_PILE

        def who(p: int) -> str:
            return you if p == player else other

        def capital(text: str) -> str:
            # each line starts with a capital, as the other games' boards do
            return text[:1].upper() + text[1:]

        s = self._scores
        header = f"UNO  hand {self._hand_no}"
        if scores:
            # the seats in a fixed order, player 0 first, whoever's side this is: a
            # demo shows each mover's side in turn, and the scores did not stay put
            tally = ", ".join(f"{who(p)} {s[p]}" for p in (0, 1))
            header += f"  scores: {tally}  (target {self._target})"
        lines = [
            header,
            f"{capital(other)}: {cards_count(len(self._hands[o]))}"
            + (f" (known: {show([W4] * self._shown[o])})" if self._shown[o] else ""),
            f"Draw pile: {cards_count(len(self._draw))}",
            f"Discard pile: {cards_count(len(self._discard))}, "
            f"top {_pretty(self._discard[-1], colour)}"
            + (f", colour in play {UNO_COLOUR_NAMES[self._colour]}" if self._colour >= 0 else ""),
            f"{capital(yours)} hand: {show(self._hands[player])}",
        ]
        if self._phase == PH_OVER:
            if end:
                won = "win" if who(self._winner) == "you" else "wins"
                lines.append(f"Match over: {who(self._winner)} {won}")
        elif resigned_by is not None:
            if end:
                lines.append(f"Game over: {who(resigned_by)} resigned")
        else:
            what = {
                PH_PLAY: "play a card or draw",
                PH_DRAWN: "play the drawn card or keep it",
                PH_CHALLENGE: "challenge or accept the Wild Draw Four",
                PH_COLOUR: "name the colour of the Wild turned up",
            }[self._phase]
            if self._turn != player:
                what = "waiting"
            elif self._phase == PH_DRAWN:
                what = f"play the drawn {_pretty(self._drawn, colour)} or keep it"
            lines.append(f"To move: {who(self._turn)} ({what})")
        if self._last_hand is not None:
            lh = self._last_hand
            if lh[3]:
                lines.append(f"Hand {lh[4]}: blocked, no score")
            else:
                lines.append(
                    f"Hand {lh[4]}: {who(lh[0])} won {lh[1]} points; "
                    f"{who(1 - lh[0])} held {show(lh[2])}"
                )
        return "\n".join(lines)

    # --- bookkeeping -------------------------------------------------------------------

    def copy(self) -> Uno:
        st = Uno.__new__(Uno)
        st.options = self.options
        st._target = self._target
        st._uno = self._uno
        st._chal = self._chal
        h = self._hands
        st._hands = [h[0][:], h[1][:]]
        st._draw = self._draw[:]
        st._discard = self._discard[:]
        st._colour = self._colour
        st._ok = self._ok
        st._turn = self._turn
        st._phase = self._phase
        st._drawn = self._drawn
        st._passes = self._passes
        st._guilty = self._guilty
        st._uncalled = self._uncalled
        st._scores = self._scores
        st._starter = self._starter
        st._hand_no = self._hand_no
        st._rng = self._rng
        st._deal = self._deal
        st._shown = self._shown
        st._last_hand = self._last_hand
        st._winner = self._winner
        st._ev = self._ev
        st._run_by = self._run_by
        st._run = self._run
        st._prev_run = self._prev_run
        st._known = self._known
        st._w4_col = self._w4_col
        return st

    # --- hidden cards ------------------------------------------------------------------

    def _resample(self, player: int, rng: Rng) -> Uno:
        """The other player's hand and the draw pile dealt again from the cards ``player``
        has not seen, keeping in that hand the cards ``player`` knows are there (see
        ``_known``: after the discards were turned into a draw pile, which ``player``
        saw, those are all its cards but the ones drawn since). A card the other player
        just drew and may play is one that can be played. The stream of later shuffles
        is drawn afresh, the verdict on a Wild Draw Four waiting for ``player``'s
        challenge follows the sampled hand, and the sample's records of the other
        player's draws (their view's events) and its deal name sampled cards: nothing
        in the sample holds a card ``player`` has not seen."""
        p, o = player, 1 - player
        st = self.copy()
        known = self.known_cards(p)
        pool = sorted(self._hands[o] + self._draw)
        for c in known:
            pool.remove(c)
        size = len(self._hands[o]) - len(known)
        fresh: list[int] = []
        if self._phase == PH_DRAWN and self._turn == o:
            playable = [i for i, c in enumerate(pool) if self._ok[c]]
            fresh.append(pool.pop(playable[rng.randbelow(len(playable))]))
            st._drawn = fresh[0]
        rng.shuffle(pool)
        cut_at = size - len(fresh)
        fresh += pool[:cut_at]
        st._hands[o] = sorted(known + fresh)
        st._draw = pool[cut_at:]
        if self._phase == PH_CHALLENGE and self._turn == p:
            col = self._w4_col
            st._guilty = any(c >> 4 == col for c in st._hands[o])
        st._rng = Rng(rng.next64()).getstate()
        st._deal = self._sampled_deal(p, rng)
        self._sampled_events(st, o, fresh)
        return st

    def _sampled_deal(self, p: int, rng: Rng) -> str:
        """The first hand's deal as ``player`` saw it, the rest dealt at random: their
        own seven cards and the card turned up kept, the other's seven and the draw
        pile shuffled, no seed (the sample's stream is its own)."""
        words = self._deal.split()
        cards, fields = words[:108], [w for w in words[108:] if not w.startswith("seed=")]
        mine = range(p * HAND_SIZE, (p + 1) * HAND_SIZE)
        hidden = [i for i in range(108) if i not in mine and i != 2 * HAND_SIZE]
        shuffled = [cards[i] for i in hidden]
        rng.shuffle(shuffled)
        for i, word in zip(hidden, shuffled, strict=True):
            cards[i] = word
        return " ".join(cards + fields)

    def _sampled_events(self, st: Uno, o: int, fresh: list[int]) -> None:
        """Rewrite, in the sample's record of the last moves, the cards ``o`` drew in this
        hand with cards of ``o``'s sampled hand, the latest first (the card just drawn
        is ``fresh[0]``), so that ``o``'s view of the sample tells no card of the real
        hand. Draws of an earlier hand are public by its end and stay."""
        spare = list(fresh)
        # before the first move the record is the deal's events alone, in no run
        runs = [list(self._prev_run), list(self._run) or [(None, self._ev)]]
        swapped: dict[int, list[tuple[Any, ...]]] = {}
        done = False
        for run in reversed(runs):
            for at in range(len(run) - 1, -1, -1):
                move, ev = run[at]
                new_ev = list(ev)
                for i in range(len(ev) - 1, -1, -1):
                    e = ev[i]
                    if done:
                        break
                    if e[0] == EV_DEAL:
                        done = True
                    elif e[0] == EV_DRAW and e[1] == o and e[2]:
                        drawn = list(e[2])
                        for j in range(len(drawn) - 1, -1, -1):
                            if spare:
                                drawn[j] = spare.pop(0)
                        new_ev[i] = (e[0], e[1], tuple(drawn), e[3], e[4])
                swapped[id(ev)] = new_ev
                run[at] = (move, new_ev)
        st._prev_run = tuple(runs[0])
        st._run = tuple(runs[1]) if self._run else ()
        st._ev = swapped.get(id(self._ev), self._ev)

    def all_cards(self) -> list[int]:
        h = self._hands
        return h[0] + h[1] + self._draw + self._discard

    def key(self) -> Hashable:
        return (
            tuple(self._hands[0]),
            tuple(self._hands[1]),
            tuple(self._draw),
            tuple(self._discard),
            self._colour,
            self._turn,
            self._phase,
            self._drawn,
            self._passes,
            self._guilty,
            self._uncalled,
            self._scores,
            self._starter,
            self._hand_no,
            self._rng,
            self._shown,
            self._winner,
        )

    # --- for computer players and tests ----------------------------------------------

    @property
    def hand_number(self) -> int:
        """Hands dealt so far in this match (1 during the first hand)."""
        return self._hand_no

    @property
    def scores(self) -> tuple[int, int]:
        """Each seat's match points so far."""
        return self._scores


#: Every card code of the pack, once, in card order.
_PACK_CODES: tuple[int, ...] = tuple(sorted(set(uno_deck())))


def _known_bit(viewer: int, c: int) -> int:
    """Where ``Uno._known`` counts card ``c`` for ``viewer``: three bits a card code
    (a pack holds at most four of one), a block of 256 bits a viewer."""
    return 256 * viewer + 3 * c


#: _KNOWN_ONE[viewer][c]: one card ``c`` known to ``viewer``; _KNOWN_MASK: its three bits.
_KNOWN_ONE: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << _known_bit(v, c) for c in range(W4 + 1)) for v in (0, 1)
)
_KNOWN_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(7 * one for one in row) for row in _KNOWN_ONE
)


# --- events as data ------------------------------------------------------------------

#: What a player is asked to do in each phase (PH_DRAWN and PH_OVER aside).
_PROMPTS = {PH_PLAY: "match", PH_CHALLENGE: "challenge", PH_COLOUR: "colour"}
#: Moves told by their kind alone (the others by what they did).
_MOVE_EVENTS = {K_KEEP: "keep", K_PASS: "pass", K_ACCEPT: "accept"}
#: Why a card was drawn (EV_DRAW) as an event: (kind, value).
_DRAW_EVENTS: tuple[tuple[str, str | None], ...] = (
    ("draw", None),  # WHY_DRAW
    ("draw", "D"),  # WHY_DRAW2
    ("draw", "W4"),  # WHY_W4
    ("penalty", "w4"),  # WHY_PENALTY
    ("penalty", "challenge"),  # WHY_INNOCENT
    ("penalty", "w4"),  # WHY_GUILTY
    ("penalty", "uno"),  # WHY_CAUGHT
    ("draw", "D"),  # WHY_FIRST_D
)
_W4_TEXT = uno_str(W4)


def _event_data(e: tuple[Any, ...], viewer: int, move: Any, hand_no: int, out: list[Event]) -> None:
    """Append one raw event as ``viewer`` may know it: the drawer alone sees the cards.
    ``move`` is the move that caused it (None for the deal), ``hand_no`` the hand now
    in play (a deal is always the last thing a move does)."""
    kind = e[0]
    if kind == EV_DRAW:
        _, p, cards, why, wanted = e
        what, value = _DRAW_EVENTS[why]
        shown = tuple(uno_str(c) for c in cards) if p == viewer else ()
        out.append(Event(what, p, shown, len(cards), value=value))
        if len(cards) < wanted:
            out.append(Event("empty", source="draw"))
        if why == WHY_FIRST_D:  # the starter loses the turn: the other player begins
            out.append(Event("skip", p))
            out.append(Event("starts", 1 - p, value=hand_no))
    elif kind == EV_RESHUFFLE:
        out.append(Event("reshuffle", count=e[1], source="discard", target="draw"))
    elif kind == EV_PENALTY:
        out.append(Event("put_back", e[1], (_W4_TEXT,), target="hand"))
    elif kind == EV_VERDICT:
        out.append(Event("challenge", e[1], value="upheld" if e[2] else "failed"))
    elif kind == EV_UNO:
        out.append(Event("uno", e[1]))
    elif kind == EV_CAUGHT:
        out.append(Event("catch", 1 - e[1]))
    elif kind == EV_PLAYED_DRAWN:
        named = UNO_COLOURS[e[3]] if e[3] >= 0 else None
        out.append(Event("play", e[1], (uno_str(e[2]),), None, "hand", "discard", named))
    elif kind == EV_LOSES_TURN:
        out.append(Event("skip", e[1]))
    elif kind == EV_HAND:
        _, winner, points, loser_hand, blocked, number, _ = e
        who = None if blocked else winner
        shown = tuple(uno_str(c) for c in loser_hand)
        out.append(Event("hand_end", who, shown, points, value=number))
    elif kind == EV_MATCH:
        out.append(Event("game_end", e[1], count=e[2], value="target"))
    elif kind == EV_DEAL:
        _, number, starter, turned, sent_back, mover = e
        for _ in range(sent_back):
            out.append(Event("turn_up", None, (_W4_TEXT,), source="draw", target="discard"))
            out.append(Event("put_back", None, (_W4_TEXT,), target="draw"))
        out.append(Event("turn_up", None, (uno_str(turned),), source="draw", target="discard"))
        if turned < W and turned & 15 == DRAW2:
            return  # the starter draws two first (the EV_DRAW that follows)
        if turned < W and turned & 15 == SKIP:
            out.append(Event("skip", starter))
        out.append(Event("starts", mover, value=number))


# --- announcements -------------------------------------------------------------------


def _who(player: int, viewer: int) -> str:
    return "you" if player == viewer else seat_name(player)


def _does(player: int, viewer: int, verb: str) -> str:
    """``"you draw"`` for the viewer, ``"player 1 draws"`` for the other player."""
    return f"you {verb}" if player == viewer else f"{seat_name(player)} {verb}s"


def _pretty(c: int, colour: bool) -> str:
    """A card on the board as people read it ("red 7", "Wild Draw Four": the log's
    and the web app's words, not the notation's "R7" that is for typing), in its
    colour on a terminal that shows colours."""
    text = uno_pretty(c)
    if colour:
        code = "1" if c >= W else ("31", "32", "33", "34")[c >> 4]
        return f"\x1b[{code}m{text}\x1b[0m"
    return text


def _move_phrase(move: Any, drawn: int) -> str:
    """A phrase for a move, told to everyone (so never a hidden card)."""
    kind = move[0]
    if kind == K_PLAY:
        card = move[1]
        text = f"plays {uno_str(card)}"
        if card >= W:
            text += f" and names {UNO_COLOUR_NAMES[move[2]]}"
        return text + (" calling UNO" if move[3] else "")
    if kind == K_PLAYDRAWN:
        text = "plays the drawn card" + (f" {uno_str(drawn)}" if drawn >= 0 else "")
        if move[1] >= 0:
            text += f" and names {UNO_COLOUR_NAMES[move[1]]}"
        return text + (" calling UNO" if move[2] else "")
    if kind == K_COLOUR:
        return f"names the colour {UNO_COLOUR_NAMES[move[1]]}"
    return {
        K_DRAW: "draws a card",
        K_KEEP: "keeps the drawn card",
        K_PASS: "passes",
        K_CHALLENGE: "challenges the Wild Draw Four",
        K_ACCEPT: "accepts the Wild Draw Four",
        K_CATCH: "catches the opponent who did not call UNO",
    }[kind]


def _cards_text(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _event_texts(e: tuple[Any, ...], viewer: int) -> list[str]:
    """One event as ``viewer`` is told it: the drawer alone learns the cards drawn."""
    kind = e[0]
    if kind == EV_DRAW:
        _, p, cards, why, wanted = e
        if p == viewer:
            text = "you drew " + (" ".join(uno_str(c) for c in cards) or "nothing")
        else:
            text = f"{seat_name(p)} drew {_cards_text(len(cards))}"
        text += _WHY_TEXT[why]
        if len(cards) < wanted:
            text += f"; only {len(cards)} of {wanted} could be drawn: both piles are empty"
        return [text]
    if kind == EV_RESHUFFLE:
        return [f"the discard pile was shuffled to form a new draw pile of {e[1]} cards"]
    if kind == EV_PENALTY:
        p, col = e[1], e[2]
        name = UNO_COLOUR_NAMES[col] if col >= 0 else "none"
        return [
            f"penalty: wrong Wild Draw Four by {_who(p, viewer)} (a {name} card was held): "
            f"the card is taken back, {_does(p, viewer, 'draw')} 4 and "
            f"{'lose' if p == viewer else 'loses'} the turn; the colour stays {name}"
        ]
    if kind == EV_VERDICT:
        challenger, guilty = e[1], e[2]
        if guilty:
            return [
                "challenge: the Wild Draw Four was wrong (guilty): "
                f"{_does(1 - challenger, viewer, 'draw')} 4 and "
                f"{_does(challenger, viewer, 'play')} on"
            ]
        return [
            f"challenge: the Wild Draw Four was right (innocent): "
            f"{_does(challenger, viewer, 'draw')} 6 and "
            f"{'lose' if challenger == viewer else 'loses'} the turn"
        ]
    if kind == EV_UNO:
        return [f"{_who(e[1], viewer)} called UNO"]
    if kind == EV_CAUGHT:
        return [
            f"{_who(e[1], viewer)} did not call UNO and "
            f"{'were' if e[1] == viewer else 'was'} caught"
        ]
    if kind == EV_PLAYED_DRAWN:
        named = f" and named {UNO_COLOUR_NAMES[e[3]]}" if e[3] >= 0 else ""
        return [f"{_who(e[1], viewer)} played the drawn card {uno_str(e[2])}{named}"]
    if kind == EV_LOSES_TURN:
        return [_does(e[1], viewer, "lose") + " the turn"]
    if kind == EV_HAND:
        _, winner, points, loser_hand, blocked, number, scores = e
        if blocked:
            text = f"hand {number} is blocked (both piles empty, two passes): no score"
        else:
            held = " ".join(uno_str(c) for c in loser_hand) or "nothing"
            text = (
                f"hand {number}: {_who(winner, viewer)} went out and "
                f"score{'' if winner == viewer else 's'} {points} points; "
                f"{_who(1 - winner, viewer)} held {held}"
            )
        return [text + f"; scores: {seat_name(0)} {scores[0]}, {seat_name(1)} {scores[1]}"]
    if kind == EV_MATCH:
        return [f"match over: {_who(e[1], viewer)} won with {e[2]} points"]
    if kind == EV_DEAL:
        _, number, starter, turned, sent_back, mover = e
        texts = []
        if sent_back:
            texts.append(
                f"a Wild Draw Four was turned up {sent_back} time(s) and went back "
                "into the draw pile"
            )
        text = (
            f"hand {number} dealt: {_does(starter, viewer, 'start')}; turned up {uno_str(turned)}"
        )
        if turned == W:
            text += f"; {_does(starter, viewer, 'name')} the colour"
        elif (turned & 15) == DRAW2:
            text += f" (Draw Two): {_does(mover, viewer, 'begin')}"
        elif (turned & 15) == SKIP:
            text += f" (Skip): {_does(mover, viewer, 'begin')}"
        texts.append(text)
        return texts
    return []
