"""UNO's ``strong`` player: a turn planner, a determinised Monte Carlo search on top.

**strong** plans its whole turn. Skips, Draw Twos and right ``W4`` s keep the turn
with two players, so a turn is a chain of such cards ended by a number card, a
Wild or a draw; it searches every chain its hand allows (colours of Wilds
included) and scores where each leaves the table:

* cards left in hand and cards given to the opponent;
* how many of its own cards are of the colour it leaves in play: it can follow
  the opponent there, and the opponent holds fewer of them (the plain rule
  "play your longest colour", which simulation found worth more than any finer
  measure of the hand's reach);
* how likely the opponent is to be stuck on the card and colour left to it,
  counted from the cards it has not seen (the pack less its hand and the discard
  pile) and the opponent's hand size, sharpened by what the opponent showed: a
  player who draws without playing had nothing for that colour, so its older
  cards are known to lack it (remembered until the hand ends). This weighs most
  when the opponent holds one or two cards, and then so do the points it would
  score;
* Wilds and Draw Fours kept for later are worth something (they always fit), so
  a Wild is spent when nothing coloured fits or when it wins; a right Draw Four
  is played, since four cards and the turn are worth more than keeping it.

On top of the plan, when it has a real choice of plays (two distinct cards, or a
Wild's colours: all four, also those it does not hold) it searches (``.search``):
it deals the opponent's hand ``SAMPLES`` times from the unseen cards, respecting
what the opponent showed (a player who drew instead of playing held no card of that
colour or value and no Wild), plays each candidate and then the hand out with
``basic``'s policy for both (a Wild naming the colour held most, by count then
points), and plays the candidate that wins most of these deals. When the best few
are close (within 10% of the deals) it deals 400 more hands for those alone and
pools the counts (adaptive sampling). In the simulated hands its own first real
choice after the candidate is searched too (a second level): the deals of a
candidate share a node per table it meets (top card, colour, its hand size) that
picks among its plays by UCB1 once visited ten times (``basic``'s play before). The
planner's choice stands for a Wild turned up first, challenges and bluffs.

What the opponent showed is read move by move from its runs: every draw made
because nothing fitted (also when the drawn card was then played) says its hand
then held no card of that colour or value and no Wild, and a Wild Draw Four that
was not penalised says the rest of its hand held no card of the colour then in
play; a later play that could be one of those cards counts as one, so what is
believed always holds. The deals are
weighted by how likely each makes the opponent's plays since it last drew (whose
hands are then known from the dealt hand and the cards played since). The
opponent is not named to the player: in the playouts it plays either at random
(uniformly among the cards that fit) or like ``basic``, each deal's by its
posterior from those plays, with a prior that leans to random play and is learnt
over the match from earlier plays.

With option ``w4_challenge`` it challenges when the probability that the
opponent held the colour in play (from the unseen cards and its hand size,
weighted by how often this opponent has turned out to bluff) makes a challenge
worth its risk, and it bluffs a ``W4`` when the expected gain beats its best
honest plan, given how often this opponent has challenged. Under the default
rules a wrong ``W4`` is always penalised, so it never plays one.

"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import UNO_COLOUR_NAMES, UNO_COLOURS, UNO_WILD, UNO_WILD4
from ...games.uno import holds_colour
from ...kernels.uno import ANY_WILD, NAME_MINE, NAME_OPP, fits, gives, keeps_turn, lacks, value_on
from ..base import Player, odds_words, register_player
from .players import best_colour
from .search import Searched, search
from .table import (
    ALL_CARDS,
    CARD,
    CARD_POINTS,
    GAME,
    Table,
    call_uno,
    check_view,
    play_text,
    read_table,
)

__all__ = ["UnoStrongPlayer"]

W = UNO_WILD
W4 = UNO_WILD4


def _fits(c: int, top: int, colour: int) -> bool:
    """Whether ``c`` may be played on ``top`` with ``colour`` in play (W4 not judged)."""
    return fits(c, colour, value_on(top))


def _is_chain(c: int) -> bool:
    """Skips and Draw Twos keep the turn with two players (a right W4 too)."""
    return c < W and keeps_turn(c)


# --- strong -------------------------------------------------------------------------

#: The scoring weights of ``strong``, in cards, tuned by simulation against ``basic``
#: and ``random`` (docs/notes/benchmarks-history.md tells what was tried; most terms move the win
#: rate by less than a percentage point, UNO being mostly luck).
GIVE = 0.8  # each card the opponent had to draw this turn
LENGTH = 0.1  # each own card of the colour left in play: I can follow, they less so
KEEP_W = 0.5  # each Wild kept: it always fits later
KEEP_W4 = 0.5  # each Wild Draw Four kept (a right one is worth playing: 4 cards + turn)
POINTS = (0.0, 0.01, 0.005)  # each point held, when the opponent holds 1 or 2 cards
STUCK = 0.5  # the chance the opponent cannot play on what is left to it ...
STUCK_DANGER = (0.0, 1.5, 0.5)  # ... weighted more when it holds 1 or 2 cards
DRAW = 0.0  # the cost of drawing instead of playing, beyond the card itself
#: Before this opponent has answered any of its W4s, ``strong`` assumes it challenges
#: two times in three (a Beta prior: two challenges, one acceptance): bluffing on an
#: even guess lost hands against ``random``, which challenges half the time.
BLUFF_PRIOR = (2, 3)
WIN = 1000.0
NODE_LIMIT = 4000  # plans searched per decision at most (huge chains of Skips)
#: Deals simulated per decision by the Monte Carlo search (``.search``).
SAMPLES = 200


def _no_match(unseen_total: int, matching: int, k: int) -> float:
    """Chance that ``k`` cards taken at random from ``unseen_total`` miss all of
    ``matching`` of them (hypergeometric)."""
    if k <= 0 or matching <= 0:
        return 1.0
    if matching + k > unseen_total:
        return 0.0
    p = 1.0
    n = unseen_total
    for i in range(k):
        p *= (n - matching - i) / (n - i)
    return p


@dataclass(slots=True)
class _Model:
    """What ``strong`` believes about the opponent's hand for one decision."""

    unseen: list[int]
    total: int  # cards not seen (opponent's hand and draw pile)
    opp: int  # opponent's hand size
    known_w4: int
    #: colour -> how many of the opponent's cards are known to lack it (they drew
    #: without playing on it and have not drawn since)
    void: dict[int, int]
    colour_unseen: list[int]  # unseen coloured cards by colour
    value_unseen: list[int]  # unseen coloured cards by value
    wild_unseen: int

    def stuck(self, top: int, colour: int, extra: int) -> float:
        """Chance the opponent (after drawing ``extra`` more cards) cannot play."""
        if self.known_w4:
            return 0.0
        k = self.opp + extra
        value = top & 15 if top < W else -1
        by_colour = self.colour_unseen[colour]
        by_value = 0
        if value >= 0:
            # same value, other colours
            by_value = self.value_unseen[value] - self.unseen[(colour << 4) | value]
        match = by_colour + by_value + self.wild_unseen
        old = min(self.void.get(colour, 0), self.opp)
        if old:
            # Old cards lack the colour and (they drew rather than play) the Wilds.
            fresh = k - old
            p_old = _no_match(self.total - by_colour - self.wild_unseen, by_value, old)
            return p_old * _no_match(self.total, match, fresh)
        return _no_match(self.total, match, k)

    def holds(self, colour: int) -> float:
        """Chance that the opponent's hand holds a card of ``colour``."""
        return 1.0 - _no_match(self.total, self.colour_unseen[colour], self.opp)


def _model(t: Table, void: dict[int, int]) -> _Model:
    unseen = t.unseen()
    colour_unseen = [0, 0, 0, 0]
    value_unseen = [0] * 12
    for c in ALL_CARDS:
        if c < W and unseen[c]:
            colour_unseen[c >> 4] += unseen[c]
            value_unseen[c & 15] += unseen[c]
    return _Model(
        unseen=unseen,
        total=max(1, sum(unseen)),
        opp=max(0, t.opp - t.opp_w4),
        known_w4=t.opp_w4,
        void=void,
        colour_unseen=colour_unseen,
        value_unseen=value_unseen,
        wild_unseen=unseen[W] + unseen[W4],
    )


@dataclass(slots=True)
class _Plan:
    value: float
    first: str  # the first move's string (without ' uno')
    why: str


class _Planner:
    """Searches the chains of one turn and scores where each ends."""

    def __init__(self, model: _Model, bluff_q: float | None) -> None:
        self.m = model
        self.bluff_q = bluff_q  # chance a bluffed W4 is challenged; None: never bluff
        self.nodes = 0
        self.memo: dict[tuple[tuple[int, ...], int, int, int], float] = {}

    # The value of a turn ending here (the opponent moves next).
    def end_value(self, hand: Sequence[int], top: int, colour: int, gave: int) -> float:
        if not hand:
            return WIN + gave
        m = self.m
        v = GIVE * gave - len(hand)
        length = 0
        points = 0
        for c in hand:
            points += CARD_POINTS[c]
            if c == W:
                v += KEEP_W
            elif c == W4:
                v += KEEP_W4
            elif c >> 4 == colour:
                length += 1
        v += LENGTH * length
        opp = m.opp + m.known_w4 + gave
        if opp < len(POINTS):  # the opponent may go out soon: what it would score
            v -= POINTS[opp] * points
        weight = STUCK + (STUCK_DANGER[opp] if opp < len(STUCK_DANGER) else 0.0)
        if weight:
            v += weight * m.stuck(top, colour, gave)
        return v

    def draw_value(self, hand: Sequence[int], top: int, colour: int, gave: int) -> float:
        """Drawing instead of playing: one more card, the table left as it is."""
        return self.end_value(hand, top, colour, gave) - 1 - DRAW

    def best(self, hand: list[int], top: int, colour: int, gave: int, may_draw: bool) -> _Plan:
        """The best way to go on from here (hand sorted), as a plan for its first move."""
        best = _Plan(-1e18, "", "")
        if may_draw:
            best = _Plan(self.draw_value(hand, top, colour, gave), "draw", "nothing worth playing")
        prev = -1
        for i, c in enumerate(hand):
            if c == prev or not _fits(c, top, colour):
                continue
            prev = c
            rest = hand[:i] + hand[i + 1 :]
            for named in range(4) if c >= W else (c >> 4,):
                value, why = self.after_play(c, rest, colour, named, gave)
                if value > best.value:
                    best = _Plan(value, play_text(c, named), why)
        return best

    def after_play(
        self, c: int, rest: list[int], colour: int, named: int, gave: int
    ) -> tuple[float, str]:
        """The value of playing ``c`` on ``colour`` (naming ``named`` for a Wild)."""
        if c == W4 and rest and holds_colour(rest, colour):
            return self.bluff(rest, named, gave)
        if not rest:
            return WIN + gave + gives(c), "goes out"
        if c == W4:
            return self.chain(rest, c, named, gave + 4), "a Wild Draw Four: four cards and the turn"
        if _is_chain(c):
            return self.chain(rest, c, named, gave + gives(c)), "a Skip or Draw Two keeps the turn"
        return self.end_value(rest, c, named, gave), "the best card to leave"

    def chain(self, hand: list[int], top: int, colour: int, gave: int) -> float:
        """The value of the rest of the turn after a card that keeps the turn."""
        key = (tuple(hand), top, colour, gave)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > NODE_LIMIT:
            value = self.end_value(hand, top, colour, gave) - 1  # a cut-off: roughly a draw
        else:
            value = self.best(hand, top, colour, gave, True).value
        self.memo[key] = value
        return value

    def bluff(self, rest: list[int], named: int, gave: int) -> tuple[float, str]:
        """A wrong W4: penalised at once by default; with challenges, a gamble on
        whether the opponent challenges (then I draw four and the turn passes)."""
        q = self.bluff_q
        if q is None:
            return -1e9, "a wrong Wild Draw Four is penalised"
        caught = self.end_value(rest, W4, named, gave) - 4
        passed = self.chain(rest, W4, named, gave + 4)
        return q * caught + (1 - q) * passed, "a bluffed Wild Draw Four"


@register_player(GAME, "strong")
class UnoStrongPlayer(Player):
    """The planning player described in the module docstring."""

    level = "strong"
    #: Simulated deals per decision (0: the turn planner alone decides).
    samples = SAMPLES
    #: The prior chance (percent) that the opponent plays at random rather than like
    #: ``basic``; each deal's opponent plays in the search as one or the other by the
    #: posterior, from its plays since it last drew and what earlier plays told.
    random_pct = 95
    #: Learn across the match which of the two the opponent plays like.
    learn_type = True
    #: How much better (percent of the deals) a searched play must do than the planned one.
    margin = 2
    #: Let the search weigh drawing instead of playing (allowed by the rules). Off: it
    #: wins more hands (69.0% against random, 20,000 hands) but loses 500-point matches
    #: to basic far more often (55.6% against 67.2%), since a lost hand then holds more
    #: points (docs/notes/benchmarks-history.md).
    renege = False
    #: With ``renege``: a searched renege is made only when its average points (the
    #: loser's cards, + won, - lost) are at most this much below the best play's
    #: (None: by hands won alone).
    renege_points: float | None = None
    #: The playout policy's variations (``.search`` flags; 0: ``basic``'s policy
    #: with Wilds named by count only). Wilds named by count, then points, on both sides
    #: (as the real ``basic`` names them): 68.6% against 68.2% of 12,000 hands against
    #: random; the other flags measured no better (docs/notes/benchmarks-history.md).
    playout_flags = NAME_MINE | NAME_OPP
    #: Adaptive sampling: when two or more candidates win within ``close`` percent of
    #: the deals of the best, ``extra`` more deals are simulated for those alone and
    #: pooled with the first ones (0: off). 400: 69.6% against 68.6% of 12,000 hands
    #: against random (docs/notes/benchmarks-history.md), for about twice the search time. Within
    #: 10% rather than 5%: 70.45% / 70.8% against 69.7% / 69.7% of fresh seeds
    #: 52000-57999 / 58000-63999 against random (+0.9 over 12,000 paired hands), for
    #: about 25% more search time.
    extra = 400
    close = 10
    #: A right Wild Draw Four (not penalised, default rules) says the rest of the hand
    #: held no card of the colour in play: a layer of the deals (Wilds allowed).
    #: With adaptive sampling: 70.4% / 69.4% against 69.8% / 69.45% of seeds 0-5999 /
    #: 6000-11999 against random (within noise, kept as sound knowledge).
    w4_layers = True
    #: Follow the opponent's runs move by move (every draw, not only a final one).
    exact_runs = True
    #: Weight the deals by how likely they make the opponent's plays since its last draw.
    play_likelihood = True
    #: Two-level search: my first real choice after each candidate is searched by UCB1
    #: over nodes shared by the deals (exploration ``ucb / 100``; 0: ``basic``'s policy),
    #: ``basic``'s play until a node has ``ucb_min`` visits. ucb 40, ucb_min 10: 70.15% /
    #: 70.2% against 69.65% / 69.4% of fresh seeds 40000-45999 / 46000-51999 against
    #: random (ucb 70, min 20: 69.7% / 70.2%; ucb 25, min 5: 69.5% / 70.5%).
    ucb = 40
    ucb_min = 10
    ucb_depth = 1
    #: Search a Wild (played, or kept or played when just drawn) naming each of the
    #: four colours, not only those I hold: a colour I lack may be one the opponent
    #: cannot follow. 71.1% / 71.25% against 69.9% / 70.0% of fresh seeds 64000-69999
    #: / 70000-75999 against random (+1.2 on each block, paired).
    wild_all = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._hand_number = -1
        #: colour -> how many of the opponent's cards lack it (see ``_Model.void``)
        self._void: dict[int, int] = {}
        #: (cards, colour, value): that many of the opponent's cards lack that colour,
        #: that value and Wilds (it drew instead of playing on them)
        self._layers: list[tuple[int, int, int]] = []
        self._last = ""  # my last move in this hand ("" before the first)
        self._after: tuple[int, int] | None = None  # (top, colour) my last move left
        #: The opponent's plays since it last drew: (value on top or -1, colour, index
        #: into ``_since``), and the cards it played since then (see ``.search``).
        self._events: list[tuple[int, int, int, int]] = []
        self._since: list[int] = []
        #: log odds that the opponent plays at random rather than like basic (learnt
        #: over the match), and what its plays since it last drew add to them
        self._kind = 0.0
        self._window = 0.0
        self._last_drawn = -1  # the card drawn, when my last move played it
        self._last_size = -1  # my hand size when I made it
        # What this opponent has shown across the match (with option w4_challenge).
        self._w4_answers = [0, 0]  # their answers to my W4s: accepted, challenged
        self._verdicts: list[tuple[float, bool]] = []  # my challenges: (p held, guilty)
        self._p_challenged = 0.0

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        check_view(view, legal)
        t = self._read(view)
        m = _model(t, self._void)
        move, why = self._decide(t, m, legal)
        self._made(t, m, move)
        return move, why

    def observe(self, view: Mapping[str, Any], move: str) -> None:
        """Replay an earlier turn without searching: what the opponent showed and what I
        did are remembered as if I had chosen the move (only the opponent-type evidence
        that a search gathers is not)."""
        t = self._read(view)
        self._made(t, _model(t, self._void) if move == "challenge" else None, move)

    def opponent_lacks(self, view: Mapping[str, Any]) -> list[int]:
        """Per colour (R, G, Y, B), how many of the opponent's cards are known to hold
        none of it (it drew rather than play on it), from ``view`` and the turns this
        player chose or observed before it. The memory is left as it was: choose or
        observe at ``view`` afterwards as usual. (What a learning agent may be told of
        the same memory the search deals around: it comes from this seat's views only.)
        """
        probe = copy.deepcopy(self)
        t = probe._read(view)
        return [min(probe._void.get(colour, 0), t.opp) for colour in range(4)]

    def _read(self, view: Mapping[str, Any]) -> Table:
        t = read_table(view)
        self._observe(t, [str(s) for s in view.get("opponent_last", ())])
        return t

    def _made(self, t: Table, m: _Model | None, move: str) -> None:
        """Remember my move, to read the opponent's answer to it next turn (the model
        ``m`` is needed for a challenge only)."""
        self._last = move
        self._last_drawn = t.drawn
        self._after = _table_after(t, move)
        self._last_size = len(t.hand)
        if move == "challenge":
            assert m is not None
            self._p_challenged = self._p_held(t, m)

    # --- memory ---------------------------------------------------------------------

    def _observe(self, t: Table, run: list[str]) -> None:
        """Learn from what the opponent did since my last move (its latest run)."""
        if t.hand_number != self._hand_number:
            self._hand_number = t.hand_number
            self._void = {}
            self._layers = []
            self._events = []
            self._since = []
            self._last = ""
        last = self._last
        if last == "challenge":
            # Innocent: I drew six and lost the turn; guilty: I play on at once.
            self._verdicts.append((self._p_challenged, len(t.hand) < self._last_size + 6))
        if not self._opponent_moved(t):
            return
        if t.challenge_rule and (last.startswith("W4:") or self._last_drawn == W4):
            for text in run[:1]:
                if "accepts the Wild Draw Four" in text:
                    self._w4_answers[0] += 1
                elif "challenges the Wild Draw Four" in text:
                    self._w4_answers[1] += 1
        if self.exact_runs and last and self._after is not None:
            self._read_run(t, run, *self._after)
            return
        for colour in self._void:  # old cards are played; drawn ones are fresh
            self._void[colour] = min(self._void[colour], t.opp)
        self._layers = [(min(n, t.opp), col, val) for n, col, val in self._layers]
        # A run that ends with a draw and no play: nothing fitted the colour in play,
        # which is still the one in play now (the drawn card did not fit either).
        drew = False
        for text in run:
            if " drew a card" in text and "(" not in text:
                drew = True
            elif " plays " in text or " played " in text or " keeps " in text:
                drew = False
        if drew and t.colour >= 0 and t.phase == "play":
            self._void[t.colour] = t.opp
            # A player who draws had nothing to play: no card of the colour or of the
            # value on top, and no Wild (the search deals its hand accordingly).
            value = t.top & 15 if t.top < W else -1
            self._layers.append((t.opp, t.colour, value))

    def _read_run(self, t: Table, run: list[str], top: int, colour: int) -> None:
        """Follow the opponent's run move by move from the table I left it (``top``,
        ``colour``): every draw made because nothing fitted says that the hand it was
        made from held no card of the colour in play, none of the value on top and no
        Wild; the drawn card too unless it was played. Each play that may be one of
        those old cards counts as one of them (so what is known stays true)."""
        mine = "player "
        steps: list[tuple[str, int, int]] = []  # (kind, cards, card) in order
        for text in run:
            if not text.startswith(mine):
                if text.startswith("penalty:") and "by player" in text:
                    steps.append(("back", 1, -1))
                continue
            words = text.split()
            if len(words) < 3:
                continue
            verb = words[2]
            if verb == "plays" and len(words) > 3:
                steps.append(("play", CARD.get(words[3], -1), _named(words, "names")))
            elif verb == "played" and words[3:5] == ["the", "drawn"] and len(words) > 6:
                # "player 1 played the drawn card W and named red"
                steps.append(("drawn", CARD.get(words[6], -1), _named(words, "named")))
            elif verb == "drew":
                n = 1 if words[3] == "a" else int(words[3]) if words[3].isdigit() else 0
                steps.append(("draw" if "(" not in text else "given", n, -1))
            elif verb == "keeps":
                steps.append(("keep", 0, -1))
        size = t.opp
        for kind, n, _ in steps:
            if kind in ("play", "drawn"):
                size += 1
            elif kind in ("draw", "given", "back"):
                size -= n
        layers = self._layers
        void = self._void
        events = self._events
        since = self._since
        for i, (kind, n, named) in enumerate(steps):
            if kind in ("play", "drawn"):
                right_w4 = (
                    self.w4_layers
                    and n == W4
                    and colour >= 0
                    and not t.challenge_rule
                    and (i + 1 >= len(steps) or steps[i + 1][0] != "back")
                )
                if kind == "play" and colour >= 0 and n >= 0:
                    # Chosen among the cards that fitted (a drawn card that fits is played).
                    events = [
                        *events,
                        (top & 15 if 0 <= top < W else -1, colour, len(since), named),
                    ]
                since = [*since, n]
                size -= 1
                colour_before = colour
                top = n
                colour = named if n >= W else (n >> 4 if n >= 0 else -1)
                # A card that the old cards cannot be is a fresh one; any other may be old.
                layers = [
                    (k - _maybe_old(n, col, val), col, val) for k, col, val in layers if k > 0
                ]
                void = {col: k - _maybe_old(n, col, -1) for col, k in void.items() if k > 0}
                if right_w4 and size > 0:
                    # Not penalised: the rest of the hand held no card of the colour.
                    layers = [*layers, (size, colour_before, ANY_WILD)]
            elif kind == "draw":
                events, since = self._close_window(), []
                following = steps[i + 1][0] if i + 1 < len(steps) else ""
                old = size if following in ("drawn", "keep") else size + n
                size += n
                if colour >= 0:
                    value = top & 15 if 0 <= top < W else -1
                    layers = [*layers, (old, colour, value)]
                    void = {**void, colour: old}
            else:
                if kind != "keep":
                    events, since = self._close_window(), []
                size += n if kind != "keep" else 0
        self._events = events
        self._since = since
        self._layers = [(min(k, t.opp), col, val) for k, col, val in layers]
        self._void = {col: min(k, t.opp) for col, k in void.items()}

    def _close_window(self) -> list[tuple[int, int, int, int]]:
        """The opponent drew: what its plays since its last draw said of its kind is
        kept; the next plays start afresh (returns the new, empty list of plays)."""
        self._kind = max(-12.0, min(12.0, self._kind + max(-4.0, min(4.0, self._window))))
        self._window = 0.0
        return []

    def _opponent_moved(self, t: Table) -> bool:
        """Whether the opponent has moved since my last move, judged by that move."""
        last = self._last
        head = last.split(" ", 1)[0]
        if head in ("", "keep", "accept", "pass"):
            return True
        if head in ("draw", "colour", "catch") or head.startswith("colour:"):
            return head == "draw" and t.phase != "play_or_keep"
        if head == "challenge":
            return len(t.hand) >= self._last_size + 6
        card = self._last_drawn if head.startswith("play") else CARD.get(head.split(":")[0], -1)
        if card == W4:
            return t.challenge_rule  # the opponent answered it
        return not _is_chain(card)

    # --- deciding -------------------------------------------------------------------

    def _decide(self, t: Table, m: _Model, legal: Sequence[str]) -> tuple[str, str]:
        if "catch" in legal:
            return "catch", "the opponent did not call UNO: two cards for them"
        if t.phase == "challenge":
            return self._answer_w4(t, m)
        bluff_q = self._challenge_rate() if t.challenge_rule else None
        planner = _Planner(m, bluff_q)
        hand = sorted(t.hand)
        if t.phase == "colour":
            # A Wild turned up first: I name the colour and then play on it.
            values = [planner.best(hand, W, col, 0, True).value for col in range(4)]
            best = max(range(4), key=lambda col: values[col])
            return f"colour:{UNO_COLOURS[best]}", "the colour my hand plays best on"
        if t.phase == "play_or_keep":
            return self._drawn(t, planner, hand, legal)
        may_draw = "draw" in legal
        plan = planner.best(hand, t.top, t.colour, 0, may_draw)
        if not plan.first:
            return ("draw" if may_draw else "pass"), "nothing fits"
        if self.samples and not plan.why.startswith("a bluffed"):
            searched = self._search(t, hand, plan, may_draw)
            if searched is not None:
                return call_uno(searched[0], legal), searched[1]
        return call_uno(plan.first, legal), _reason(plan, hand)

    def _wild_colours(self, cards: Sequence[int]) -> list[int]:
        """The colours the search names a Wild with: all four (``wild_all``), else
        those of ``cards`` (empty when there are none)."""
        if self.wild_all:
            return [0, 1, 2, 3]
        return sorted({x >> 4 for x in cards if x < W})

    def _search(
        self, t: Table, hand: list[int], plan: _Plan, may_draw: bool
    ) -> tuple[str, str] | None:
        """Determinised Monte Carlo over the distinct plays (see ``.search``): the
        play that wins most simulated hands, or None when there is no real choice."""
        wrong_w4 = t.holds_colour(t.colour)
        candidates: list[tuple[int, int]] = []
        for c in sorted(set(hand)):
            if not _fits(c, t.top, t.colour) or (c == W4 and wrong_w4):
                continue
            if c < W:
                candidates.append((c, c >> 4))
                continue
            rest = [x for x in hand if x < W]
            held = self._wild_colours(rest) or [best_colour(rest)]
            candidates.extend((c, col) for col in held)
        if self.renege and may_draw and candidates:
            candidates.append((-2, -1))  # draw instead of playing
        if len(candidates) < 2:
            return None
        best, found = self._simulate(t, hand, candidates)
        wins = found.wins
        if candidates[best][0] == -2 and self.renege_points is not None:
            # A renege wins hands but holds more points when it loses: it must not
            # cost points on average against the best play.
            points = found.points
            play = max(range(len(candidates) - 1), key=lambda k: wins[k])
            if points[best] < points[play] - self.renege_points:
                best = play
        text = "draw" if candidates[best][0] == -2 else play_text(*candidates[best])
        planned = [
            k
            for k, cand in enumerate(candidates)
            if cand[0] >= 0 and play_text(*cand) == plan.first
        ]
        # The playouts see one move ahead; the planner sees the whole turn (the order
        # of a chain of Skips and Draw Twos): its play stands unless clearly beaten.
        if planned and wins[planned[0]] * 100 >= wins[best] * 100 - self.margin * self.samples:
            return plan.first, _reason(plan, hand)
        return text, self._search_reason(best, wins)

    def _simulate(
        self, t: Table, hand: list[int], candidates: list[tuple[int, int]]
    ) -> tuple[int, Searched]:
        """The candidate that wins most simulated deals, and the search's figures."""
        unseen = t.unseen()
        pool = [c for c in ALL_CARDS for _ in range(unseen[c])]

        def deal_out(cands: list[tuple[int, int]], deals: int) -> Searched:
            # Each call draws its own seed and reads what has been learnt so far.
            return search(
                hand,
                pool,
                max(0, t.opp - t.opp_w4),
                t.opp_w4,
                self._layers,
                t.discard[:-1],
                t.top,
                t.colour,
                cands,
                deals,
                self.rng.next64() & 0xFFFFFFFF,
                self._random_pct(),
                events=self._events if self.play_likelihood else (),
                since=self._since,
                flags=self.playout_flags,
                ucb=self.ucb,
                ucb_min=self.ucb_min,
                ucb_depth=self.ucb_depth,
            )

        found = deal_out(candidates, self.samples)
        wins = found.wins
        if self._events:
            # What the opponent's plays since it last drew say of its kind (kept until
            # it draws, when they are added to what earlier plays said).
            r, b = found.likelihoods
            self._window = math.log((r + 1e-3 * self.samples) / (b + 1e-3 * self.samples))
        top = max(wins)
        close = [k for k, w in enumerate(wins) if w * 100 >= top * 100 - self.close * self.samples]
        if self.extra and len(close) >= 2:
            # The best few are close: deal more hands for them alone and pool the counts.
            more = deal_out([candidates[k] for k in close], self.extra)
            share = self.samples / (self.samples + self.extra)
            wins = list(wins)
            points = list(found.points)
            for i, k in enumerate(close):
                wins[k] = (wins[k] + more.wins[i]) * share
                points[k] = (points[k] * self.samples + more.points[i] * self.extra) / (
                    self.samples + self.extra
                )
            found = Searched(wins, found.likelihoods, points)
        return max(range(len(candidates)), key=lambda k: wins[k]), found

    def _random_pct(self) -> int:
        """The chance (percent) that the opponent plays at random, as learnt so far."""
        if not self.learn_type:
            return self.random_pct
        p = min(99.0, max(1.0, self.random_pct)) / 100
        odds = math.log(p / (1 - p)) + self._kind
        return round(100 / (1 + math.exp(-max(-5.0, min(5.0, odds)))))

    def _search_reason(self, best: int, wins: list[float]) -> str:
        # the simulated deals in a person's words, not their counts (see odds_words)
        chance = odds_words(wins[best], self.samples)
        return f"it wins most often when the game is played out from here ({chance})"

    def _drawn(
        self, t: Table, planner: _Planner, hand: list[int], legal: Sequence[str]
    ) -> tuple[str, str]:
        """Play the card just drawn, or keep it (and the turn passes)."""
        c = t.drawn
        i = hand.index(c)
        rest = hand[:i] + hand[i + 1 :]
        best_value = planner.end_value(hand, t.top, t.colour, 0)
        best_text = "keep"
        for named in range(4) if c >= W else (c >> 4,):
            value, _ = planner.after_play(c, rest, t.colour, named, 0)
            if value > best_value:
                best_value = value
                best_text = f"play:{UNO_COLOURS[named]}" if c >= W else "play"
        if self.samples and not (c == W4 and t.holds_colour(t.colour)):
            named_options = [c >> 4] if c < W else self._wild_colours(rest) or [0]
            candidates = [(c, named) for named in named_options] + [(-1, -1)]
            best, found = self._simulate(t, hand, candidates)
            wins = found.wins
            if candidates[best][0] < 0:
                return "keep", self._search_reason(best, wins)
            named = candidates[best][1]
            text = f"play:{UNO_COLOURS[named]}" if c >= W else "play"
            return call_uno(text, legal), self._search_reason(best, wins)
        if best_text == "keep":
            return "keep", "the drawn card is worth more kept"
        return call_uno(best_text, legal), "the drawn card fits"

    # --- Wild Draw Four: challenges and bluffs ----------------------------------------

    def _p_held(self, t: Table, m: _Model) -> float:
        """The chance that the opponent held the colour that was in play before its W4
        (when a Wild lies under it, its named colour is not in the view: an average)."""
        below = t.discard[-2] if len(t.discard) >= 2 else -1
        if 0 <= below < W:
            return m.holds(below >> 4)
        return sum(m.holds(col) for col in range(4)) / 4

    def _bluff_rate(self) -> float:
        """How much likelier this opponent is to play a W4 while holding the colour
        than without it: a grid posterior over my past challenges (prior about 0.3)."""
        grid = (0.0, 0.1, 0.3, 0.6, 1.0)
        weights = [0.15, 0.25, 0.3, 0.2, 0.1]
        for p, guilty in self._verdicts:
            for i, b in enumerate(grid):
                g = _guilt(p, b)
                weights[i] *= g if guilty else 1 - g
        total = sum(weights) or 1.0
        return sum(w * b for w, b in zip(weights, grid, strict=True)) / total

    def _answer_w4(self, t: Table, m: _Model) -> tuple[str, str]:
        guilty = _guilt(self._p_held(t, m), self._bluff_rate())
        # Guilty: they draw 4 and I play on, a swing of about nine cards against
        # accepting; innocent: I draw two more than by accepting.
        if guilty * 9 > (1 - guilty) * 2:
            chance = odds_words(guilty, 1)
            return "challenge", f"the opponent probably held a card of the colour ({chance})"
        chance = odds_words(1 - guilty, 1)
        return "accept", f"the Wild Draw Four was probably played fairly ({chance})"

    def _challenge_rate(self) -> float:
        """How often this opponent challenges my W4s, learnt over the match."""
        accepted, challenged = self._w4_answers
        return (challenged + BLUFF_PRIOR[0]) / (accepted + challenged + BLUFF_PRIOR[1])


def _maybe_old(card: int, colour: int, value: int) -> int:
    """1 if ``card`` may be one of the cards known to lack ``colour``, ``value`` and
    Wilds (an unknown card, -1, may be), else 0."""
    return 1 if card < 0 else int(lacks(card, colour, value))


def _named(words: list[str], verb: str) -> int:
    """The colour a logged Wild play names (``... names red``), or -1."""
    if verb not in words[:-1]:
        return -1
    name = words[words.index(verb) + 1]
    return UNO_COLOUR_NAMES.index(name) if name in UNO_COLOUR_NAMES else -1


def _table_after(t: Table, move: str) -> tuple[int, int]:
    """The card on top and the colour in play after my ``move`` (as far as I know)."""
    head = move.split(" ", 1)[0]
    parts = head.split(":")
    card = t.drawn if parts[0] == "play" else CARD.get(parts[0], -1)
    if parts[0] == "colour" and len(parts) > 1:
        return t.top, UNO_COLOURS.index(parts[1])
    if card < 0:
        return t.top, t.colour
    if card >= W:
        return card, UNO_COLOURS.index(parts[1]) if len(parts) > 1 else -1
    return card, card >> 4


def _reason(plan: _Plan, hand: list[int]) -> str:
    """A hint's reason for a planned play, in words a player uses."""
    head = plan.first.split(":", 1)
    card = CARD.get(head[0], -1)
    if plan.why != "the best card to leave" or card < 0:
        return plan.why
    if card >= W:
        named = UNO_COLOUR_NAMES[UNO_COLOURS.index(head[1])]
        return f"nothing coloured worth playing fits: the Wild names {named}"
    more = sum(1 for c in hand if c >> 4 == card >> 4) - 1
    held = f"you hold {more} more" if more else "you hold no more of it"
    return f"leaves {UNO_COLOUR_NAMES[card >> 4]} in play ({held})"


def _guilt(p_held: float, bluff: float) -> float:
    """The chance a W4 is wrong, given the chance its player held the colour and how
    much likelier it plays a W4 when holding the colour than when not."""
    yes = p_held * bluff
    no = 1 - p_held
    return yes / (yes + no) if yes + no > 0 else 1.0
