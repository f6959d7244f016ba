"""The Gate: two posts of five cards and two bars of piles built down in alternating colours.

The position is a list of piles held as tuples, so that ``copy`` only copies the
outer list: simulations and solvers copy positions far more often than they
change any one pile. Pile ids are fixed whatever the bar size (T1-T4 are 2-5,
B1-B4 are 6-9), so with 3-card bars ids 5 and 9 are simply never used.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, cast

from ..cards import EMPTY_PILE, card_pretty, card_str, cards_str, french_deck, parse_card
from ..core.events import PATIENCE_LOST, PATIENCE_WON, Event
from ..core.options import OptionSpec
from ..core.protocol import BaseView, GameState, Move, MoveKey, MoveParts, Outcome, home_run
from ..core.registry import register
from ..errors import InvalidMoveError, quoted
from ..notation import check_pack, read_deck
from ..rng import Rng

__all__ = ["Gate", "GateView"]

L, R = 0, 1
T0, B0 = 2, 6  # T1 and B1; Tn is T0 + n - 1
W, S = 10, 11
F = 12  # "the foundation for this card"
DEAL = 13
DEAL_MOVE: tuple[int, int] = (DEAL, DEAL)
POST_SIZE = 5
NAMES = ("L", "R", "T1", "T2", "T3", "T4", "B1", "B2", "B3", "B4", "W", "S", "F")


def _colour(c: int) -> int:
    """1 for red (diamonds, hearts), 0 for black: suits are C D H S = 0..3."""
    return ((c >> 1) ^ c) & 1


def _builds(c: int, target: int) -> bool:
    """Whether ``c`` may lie on ``target`` in a bar pile: one rank lower, other colour."""
    return (c >> 2) + 1 == target >> 2 and _colour(c) != _colour(target)


def _shift_size(pile: tuple[int, ...], target: int) -> int:
    """How many top cards of ``pile`` fit onto ``target`` (0 if none).

    A bar pile is one descending sequence, so only the card one rank below the
    target can be the deepest card moved: at most one count ever fits.
    """
    need = (target >> 2) - 1
    k = need - (pile[-1] >> 2) + 1
    if 1 <= k <= len(pile) and _colour(pile[-k]) != _colour(target):
        return k
    return 0


def _any_order(state: GameState, move: Move) -> bool:
    """Every card going home loses nothing (``home_run``'s ``safe``): one pack, so each
    card has one place, and no card going up takes a place another waits for."""
    return True


class GateView(BaseView):
    """What ``Gate.view`` returns: every card dealt is face up; the stock is a count."""

    to_move: int
    bars: int  # cards in each bar: 4, or 3
    piles: dict[str, list[str]]  # L, T1-Tn, B1-Bn, R; posts top to bottom, bars bottom first
    waste: list[str]  # bottom first
    waste_top: str | None
    stock_count: int  # cards left in the stock
    stock: int  # deprecated alias of stock_count (BaseView says why it stays)
    foundations: dict[str, str | None]  # F1-F4: top card, None while empty


@register
class Gate(GameState):
    """One position of The Gate (4-card bars, or 3-card bars with ``bars=3``)."""

    name: ClassVar[str] = "gate"
    aliases: ClassVar[tuple[str, ...]] = ("the-gate",)
    title: ClassVar[str] = "The Gate"
    summary: ClassVar[str] = (
        "Patience with two posts and two bars built down in alternating colours"
    )
    players: ClassVar[int] = 1
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "bars",
            int,
            4,
            "cards in each bar (4, or 3 for the variant)",
            (4, 3),
            label="Cards in each bar",
        ),
    )
    rules_file: ClassVar[str] = "gate.md"
    progress_label: ClassVar[str | None] = "cards on the foundations"
    pile_names: ClassVar[Mapping[str, str]] = {
        "S": "the stock",
        "W": "the waste heap",
        "L": "the left post",
        "R": "the right post",
    }
    pile_legend: ClassVar[Mapping[str, str]] = {
        "L": "the left post",
        "R": "the right post",
        **{f"T{i}": f"pile {i} of the top bar" for i in range(1, 5)},
        **{f"B{i}": f"pile {i} of the second bar" for i in range(1, 5)},
        "S": "the stock",
        "W": "the waste heap",
        **{f"F{i}": f"foundation {i}" for i in range(1, 5)},
    }
    progress_total: ClassVar[int | None] = 52
    move_keys: ClassVar[tuple[MoveKey, ...]] = (MoveKey("deal", "d", "deal"),)
    help_text: ClassVar[str] = """\
Piles: posts L and R (only the lowest card is exposed), top bar T1-T4 and
second bar B1-B4 (T1-T3, B1-B3 with bars=3), waste heap W, stock S,
foundations F1-F4 (built up in suit from Ace to King).

Moves (SOURCE DEST):
  L F, T2 F, W F   a card to its foundation (F1-F4 accepted when they name it)
  L T3, R B1       an exposed post card onto a bar pile, or into a bar space
  B2 T4            shift the top cards of one bar pile onto another; how many
                   follows from the two piles
  W T1             the top of the waste heap onto a bar pile
  deal             fill every vacancy from the stock (then the waste heap), or,
                   when the Gate is complete, turn one card onto W

Bar piles are built down in alternating colours.

Decisions:
  - Part of a bar pile may be shifted, not only the whole pile.
  - Only a post card (or a deal) may fill a bar space: not a bar card, not W.
  - Filling a space is optional.
  - Nothing moves by itself: Aces, too, are moved by the player.
  - You may deal at any time; deal is a move only when it moves a card.
  - Once the stock is empty, vacancies are filled from the top of W, and a
    fill that runs out of stock goes on from W. There is no second deal.
"""

    __slots__ = ("options", "_bars", "_bar_ids", "_deck", "_piles", "_frank", "_fslot", "_last")

    options: dict[str, Any]
    _bars: int
    _bar_ids: tuple[int, ...]
    _deck: tuple[int, ...]
    _piles: list[tuple[int, ...]]
    _frank: list[int]  # by suit: rank of the foundation's top card, 0 if not started
    _fslot: list[int]  # by suit: foundation number - 1, or -1 if not started
    #: The last move, for ``last_events``: (source, target, cards moved, deepest card
    #: moved), or (DEAL, DEAL, ((card, pile, from pile), ...)); () before the first.
    _last: tuple[Any, ...]

    # --- creation -----------------------------------------------------------

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string of the rules page's grammar, in a fixed order (the
        reinforcement-learning action space; a test plays many games and checks that
        every legal move is among them)."""
        # Four-card bars; the 3-card variant uses a subset (no T4, B4).
        bars = [f"{row}{i}" for row in "TB" for i in range(1, 5)]
        sources = ["L", "R", *bars, "W"]
        moves = [f"{s} F" for s in sources]
        moves += [f"{s} {b}" for s in sources for b in bars if s != b]
        return (*moves, "deal")

    @classmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> Gate:
        if deck is None:
            cards = french_deck()
            Rng(seed).shuffle(cards)
        else:
            cards = read_deck(deck, parse_card, card_str)
            check_pack(cards, french_deck(), card_str, "The Gate's 52-card pack")
        return cls._deal(tuple(cards), dict(options))

    @classmethod
    def _deal(cls, deck: tuple[int, ...], options: dict[str, Any]) -> Gate:
        self = cls.__new__(cls)
        bars = int(options.get("bars", 4))
        self.options = options
        self._bars = bars
        self._bar_ids = tuple(range(T0, T0 + bars)) + tuple(range(B0, B0 + bars))
        self._deck = deck
        piles: list[tuple[int, ...]] = [()] * 12
        piles[L] = deck[0:POST_SIZE]
        at = POST_SIZE
        for pid in self._bar_ids:
            piles[pid] = (deck[at],)
            at += 1
        piles[R] = deck[at : at + POST_SIZE]
        at += POST_SIZE
        piles[S] = tuple(reversed(deck[at:]))  # top of the stock last
        self._piles = piles
        self._frank = [0, 0, 0, 0]
        self._fslot = [-1, -1, -1, -1]
        self._last = ()
        return self

    def deal_str(self) -> str:
        return cards_str(self._deck)

    # --- playing ------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return 0

    def legal_moves(self) -> list[Move]:
        return list(self._moves(False))

    def _moves(self, first_only: bool) -> list[tuple[int, int]]:
        """Legal moves by source in lay-out order, then W, then deal; ``first_only`` stops
        early, which is all the outcome needs."""
        moves: list[tuple[int, int]] = []
        piles = self._piles
        frank = self._frank
        bar_ids = self._bar_ids
        for src in (L, *bar_ids, R, W):
            pile = piles[src]
            if not pile:
                continue
            c = pile[-1]
            if c >> 2 == frank[c & 3] + 1:
                moves.append((src, F))
            from_bar = T0 <= src < W
            for dst in bar_ids:
                if dst == src:
                    continue
                target = piles[dst]
                if target:
                    fits = _shift_size(pile, target[-1]) > 0 if from_bar else _builds(c, target[-1])
                    if fits:
                        moves.append((src, dst))
                elif src <= R:
                    moves.append((src, dst))
            if first_only and moves:
                return moves
        if self._deal_moves_a_card():
            moves.append(DEAL_MOVE)
        return moves

    def _vacancies(self) -> int:
        piles = self._piles
        count = 2 * POST_SIZE - len(piles[L]) - len(piles[R])
        for pid in self._bar_ids:
            if not piles[pid]:
                count += 1
        return count

    def _deal_moves_a_card(self) -> bool:
        piles = self._piles
        if piles[S]:
            return True
        return bool(piles[W]) and self._vacancies() > 0

    def move_str(self, move: Move) -> str:
        src, dst = cast(tuple[int, int], move)
        if src == DEAL:
            return "deal"
        return f"{NAMES[src]} {NAMES[dst]}"

    def apply(self, move: Move) -> None:
        src, dst = cast(tuple[int, int], move)
        if src == DEAL:
            self._apply_deal()
            return
        piles = self._piles
        pile = piles[src]
        if dst == F:
            c = pile[-1]
            self._last = (src, F, 1, c)
            piles[src] = pile[:-1]
            s = c & 3
            if self._frank[s] == 0:
                self._fslot[s] = sum(1 for slot in self._fslot if slot >= 0)
            self._frank[s] = c >> 2
            return
        k = _shift_size(pile, piles[dst][-1]) if (T0 <= src < W and piles[dst]) else 1
        self._last = (src, dst, k, pile[-k])
        piles[dst] = piles[dst] + pile[-k:]
        piles[src] = pile[:-k]

    def _fill_order(self) -> list[int]:
        """Every vacancy as a pile id, once per missing card, in lay-out order."""
        piles = self._piles
        order = [L] * (POST_SIZE - len(piles[L]))
        order += [pid for pid in self._bar_ids if not piles[pid]]
        order += [R] * (POST_SIZE - len(piles[R]))
        return order

    def _apply_deal(self) -> None:
        piles = self._piles
        order = self._fill_order()
        if not order:
            stock = piles[S]
            c = stock[-1]
            piles[S] = stock[:-1]
            piles[W] = piles[W] + (c,)
            self._last = (DEAL, DEAL, ((c, W, S),))
            return
        dealt: list[tuple[int, int, int]] = []
        for pid in order:
            source = S if piles[S] else W
            from_pile = piles[source]
            if not from_pile:
                break
            c = from_pile[-1]
            piles[source] = from_pile[:-1]
            piles[pid] = piles[pid] + (c,)
            dealt.append((c, pid, source))
        self._last = (DEAL, DEAL, tuple(dealt))

    @property
    def outcome(self) -> Outcome | None:
        if sum(self._frank) == 52:
            return Outcome("won", "all 52 cards are on the foundations")
        if not self._moves(True):
            return Outcome("lost", "no legal move left")
        return None

    # --- move text ----------------------------------------------------------

    def _pile_id(self, name: str, text: str) -> int:
        if name in ("L", "R", "W"):
            return NAMES.index(name)
        if len(name) == 2 and name[0] in "TB" and name[1].isdigit():
            n = int(name[1])
            if 1 <= n <= self._bars:
                return (T0 if name[0] == "T" else B0) + n - 1
            if 1 <= n <= 4:
                raise InvalidMoveError(
                    f"{quoted(text)}: there is no {name} with {self._bars}-card bars (the "
                    f"bars are T1-T{self._bars} and B1-B{self._bars})"
                )
        # the piles in brackets, so that the one-sentence refusal (brief_refusal, which
        # keeps the reason up to the ';') still says what would be taken
        raise InvalidMoveError(
            f"{quoted(text)}: {quoted(name)} is not a pile ({self._pile_names()}); "
            + self._accepted()
        )

    def _pile_names(self) -> str:
        b = self._bars
        return f"L, R, T1-T{b}, B1-B{b}, W or F"

    def _accepted(self) -> str:
        b = self._bars
        return (
            f"moves are SOURCE DEST with SOURCE one of L R T1-T{b} B1-B{b} W and DEST "
            f"F (or F1-F4) or a bar pile T1-T{b} B1-B{b}, or 'deal'"
        )

    def canonicalize(self, text: str) -> str:
        if text == "DEAL":
            return "deal"
        parts = text.split(" ")
        if len(parts) != 2:
            raise InvalidMoveError(f"{quoted(text)} is not a move of The Gate; {self._accepted()}")
        src_name, dst_name = parts
        if src_name == "S":
            raise InvalidMoveError(
                f"{quoted(text)}: the stock is dealt with 'deal'; {self._accepted()}"
            )
        if src_name in ("F", "F1", "F2", "F3", "F4"):
            raise InvalidMoveError(
                f"{quoted(text)}: foundation cards never come back; {self._accepted()}"
            )
        src = self._pile_id(src_name, text)
        if dst_name == "F":
            return f"{NAMES[src]} F"
        if dst_name in ("F1", "F2", "F3", "F4"):
            return self._canonical_foundation(src, int(dst_name[1]) - 1)
        if dst_name in ("L", "R"):
            raise InvalidMoveError(f"{quoted(text)}: posts are never built on; {self._accepted()}")
        if dst_name in ("W", "S"):
            raise InvalidMoveError(
                f"{quoted(text)}: nothing is played onto {dst_name}; {self._accepted()}"
            )
        dst = self._pile_id(dst_name, text)
        if dst == src:
            raise InvalidMoveError(f"{quoted(text)}: a pile cannot move onto itself")
        return f"{NAMES[src]} {NAMES[dst]}"

    def _home_slot(self, c: int) -> int:
        """The foundation (0-3) that ``c`` belongs on, or -1 if its suit has none yet."""
        slot = self._fslot[c & 3]
        if slot < 0 and c >> 2 == 1:
            return sum(1 for s in self._fslot if s >= 0)
        return slot

    def _canonical_foundation(self, src: int, slot: int) -> str:
        pile = self._piles[src]
        if pile and self._home_slot(pile[-1]) == slot:
            return f"{NAMES[src]} F"
        return f"{NAMES[src]} F{slot + 1}"

    def why_illegal(self, canonical: str) -> str:
        if canonical == "deal":
            if self._vacancies():
                return ": the stock and the waste heap are both empty"
            return ": the stock is empty and the Gate is complete (there is no second deal)"
        src_name, dst_name = canonical.split(" ")
        src = NAMES.index(src_name)
        pile = self._piles[src]
        if not pile:
            return f": {src_name} is empty"
        c = pile[-1]
        if dst_name.startswith("F"):
            home = self._home_slot(c)
            if dst_name != "F" and home >= 0:
                return f": {card_str(c)} belongs on F{home + 1}, not {dst_name}"
            return f": {card_str(c)} cannot go to a foundation now"
        target = self._piles[NAMES.index(dst_name)]
        if not target:
            return (
                f": a space in a bar is filled only from a post or by a deal, not from {src_name}"
            )
        if T0 <= src < W:
            top = card_str(target[-1])
            return f": no card of {src_name} is one rank below {top} and of the other colour"
        return f": {card_str(c)} does not build on {card_str(target[-1])} (down, other colour)"

    def move_parts(self, move: Move) -> MoveParts:
        """Foundation moves name the foundation the card goes to (``F2``); a shift
        names the deepest card moved; ``deal`` counts the cards it puts out."""
        src, dst = cast(tuple[int, int], move)
        if src == DEAL:
            order = self._fill_order()
            piles = self._piles
            count = min(len(order), len(piles[S]) + len(piles[W])) if order else 1
            return {"move": "deal", "source": None, "target": None, "count": count, "card": None}
        pile = self._piles[src]
        if dst == F:
            target = f"F{self._home_slot(pile[-1]) + 1}"
            k = 1
        else:
            target = NAMES[dst]
            onto = self._piles[dst]
            k = _shift_size(pile, onto[-1]) if (T0 <= src < W and onto) else 1
        return {
            "move": self.move_str(move),
            "source": NAMES[src],
            "target": target,
            "count": k,
            "card": card_str(pile[-k]),
        }

    def prompt(self, player: int) -> Event | None:
        """Move cards home (the foundations) or onto the bars, or deal, saying what a deal
        would do: fill the gaps (a bar space, a post short of cards) or turn a card
        onto the waste heap; only the deal when no card can move, no deal once none
        is left."""
        if player != 0 or self.outcome is not None:
            return None
        moves = self._moves(False)
        if DEAL_MOVE not in moves:
            return Event("prompt", 0, value="build")
        fills = bool(self._fill_order())
        if len(moves) == 1:
            return Event("prompt", 0, value="deal_to_fill" if fills else "deal_to_turn")
        return Event("prompt", 0, value="build_or_fill" if fills else "build_or_turn")

    def last_events(self, viewer: int) -> list[Event]:
        """The card (or run) moved and where to, or each card a deal put out (the one
        turned onto W is ``turn_up``), the stock running out, and the end."""
        last = self._last
        if not last:
            return []
        events: list[Event] = []
        if last[0] == DEAL:
            dealt: tuple[tuple[int, int, int], ...] = last[2]
            if dealt[0][1] == W:
                events.append(Event("turn_up", 0, (card_str(dealt[0][0]),), source="S", target="W"))
            else:
                for c, pid, origin in dealt:
                    events.append(
                        Event("deal", 0, (card_str(c),), source=NAMES[origin], target=NAMES[pid])
                    )
            if not self._piles[S] and any(origin == S for _, _, origin in dealt):
                events.append(Event("empty", source="S"))
        else:
            src, dst, k, c = last
            if dst == F:
                target = f"F{self._fslot[c & 3] + 1}"
                events.append(Event("play", 0, (card_str(c),), source=NAMES[src], target=target))
            elif k == 1:
                events.append(
                    Event("play", 0, (card_str(c),), source=NAMES[src], target=NAMES[dst])
                )
            else:
                moved = tuple(card_str(x) for x in self._piles[dst][-k:])
                events.append(Event("move", 0, moved, k, NAMES[src], NAMES[dst]))
        outcome = self.outcome
        if outcome is not None:
            events.append(PATIENCE_WON if outcome.result == "won" else PATIENCE_LOST)
        return events

    def progress(self) -> int:
        return sum(self._frank)

    @classmethod
    def progress_in(cls, view: Mapping[str, Any]) -> int:
        """Each foundation holds its suit up to its top card (its rank counts them)."""
        tops = view["foundations"].values()
        return sum(parse_card(top) // 4 for top in tops if top is not None)

    def all_seen(self) -> bool:
        """The stock is used up: every card dealt out is face up, and the waste heap's
        cards were all seen as they were turned."""
        return not self._piles[S]

    def finishing_line(self) -> list[Move]:
        """Once nothing is hidden, the cards home in turn, if that wins (see
        ``GameState.finishing_line``)."""
        if not self.all_seen():
            return []
        return home_run(self, lambda move: cast(tuple[int, int], move)[1] == F, _any_order)

    # --- showing ------------------------------------------------------------

    def render(self, colour: bool = False) -> str:
        piles = self._piles

        def show(cards: tuple[int, ...]) -> str:
            return " ".join(card_pretty(c, colour) for c in cards) if cards else EMPTY_PILE

        lines = [f"The Gate ({self._bars}-card bars)"]
        found = []
        by_slot = {slot: s for s, slot in enumerate(self._fslot) if slot >= 0}
        for slot in range(4):
            s = by_slot.get(slot)
            top = EMPTY_PILE if s is None else card_pretty(self._frank[s] * 4 + s, colour)
            found.append(f"F{slot + 1} {top}")
        lines.append("Foundations: " + "  ".join(found))
        lines.append(f"L  {show(piles[L])}")
        for pid in self._bar_ids:
            lines.append(f"{NAMES[pid]} {show(piles[pid])}")
        lines.append(f"R  {show(piles[R])}")
        waste = piles[W]
        shown = show(waste[-8:])
        if len(waste) > 8:
            shown = "... " + shown
        lines.append(f"W  {shown}  ({len(waste)} cards)")
        lines.append(f"S  {len(piles[S])} cards")
        lines.append("(posts top to bottom, the lowest exposed; piles end with their top card)")
        return "\n".join(lines)

    def view(self, player: int) -> GateView:
        """Every card dealt face up is shown, the posts in full (top to bottom) and bar
        piles bottom to top, since the player saw them all; the stock is only a count."""
        piles = self._piles
        foundations: dict[str, str | None] = {f"F{n}": None for n in range(1, 5)}
        for s, slot in enumerate(self._fslot):
            if slot >= 0:
                foundations[f"F{slot + 1}"] = card_str(self._frank[s] * 4 + s)
        waste = piles[W]
        legal, parts = self.view_moves(player)
        return {
            "game": self.name,
            "player": player,
            "to_move": 0,
            "legal_moves": legal,
            "moves": parts,
            "options": dict(self.options),
            "bars": self._bars,
            "piles": {NAMES[p]: [card_str(c) for c in piles[p]] for p in (L, *self._bar_ids, R)},
            "waste": [card_str(c) for c in waste],
            "waste_top": card_str(waste[-1]) if waste else None,
            "stock_count": len(piles[S]),
            "stock": len(piles[S]),
            "foundations": foundations,
        }

    # --- hidden cards -------------------------------------------------------

    def _resample(self, player: int, rng: Rng) -> Gate:
        """The stock shuffled: every card dealt out is face up. The deal is rewritten
        to match (its stock part), so the sample's ``deal_str`` deals it and replays
        its moves."""
        other = self.copy()
        if self.all_seen():
            return other
        stock = list(self._piles[S])
        rng.shuffle(stock)
        other._piles[S] = tuple(stock)
        # the stock is the end of the deal, its top (last here) dealt first
        dealt = len(self._deck) - len(stock)
        other._deck = self._deck[:dealt] + tuple(reversed(stock))
        return other

    # --- bookkeeping --------------------------------------------------------

    def copy(self) -> Gate:
        other = Gate.__new__(Gate)
        other.options = self.options
        other._bars = self._bars
        other._bar_ids = self._bar_ids
        other._deck = self._deck
        other._piles = self._piles[:]
        other._frank = self._frank[:]
        other._fslot = self._fslot[:]
        other._last = self._last
        return other

    def all_cards(self) -> list[int]:
        cards = [c for pile in self._piles for c in pile]
        for s in range(4):
            cards += [r * 4 + s for r in range(1, self._frank[s] + 1)]
        return cards

    def key(self) -> Hashable:
        return (self._bars, tuple(self._piles), tuple(self._frank), tuple(self._fslot))
