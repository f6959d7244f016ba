"""Computer players for Chinese Patience: ``greedy`` and ``strong``.

Both decide from the player's view alone. They rebuild a private copy of the
visible position (foundations, tableau, both discard piles, hand counts and any
hand order the view shows) as an engine state whose hidden hand cards are
placeholders, so the engine's own rules generate and apply their moves but no
hidden card can reach a decision.

A turn splits into *phases* at each twist: between two twists everything is
visible and deterministic, so ``strong`` searches every sequence of moves of a
phase (breadth first, each position once) and scores where each one leaves
the turn: at an ``end`` (the opponent moves next, from a position we can read)
or at a twist (a chance step: the next card is one of the cards not in sight,
or a known card when the hand was made by turning a discard pile over).
It plays the best sequence move by move, replaying the plan while the position
is the one it expected. Both players remember the positions of the current
phase and never return to one, since a top card can shuttle between two
tableau piles for ever.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..cards import card_str, french_deck
from ..errors import ParlourError
from ..games.chinese_patience import (
    CARD,
    END,
    END_MOVE,
    MOVE_STRS,
    ON_DISCARD,
    ON_TABLEAU,
    PILE,
    TWIST,
    TWIST_MOVE,
    ChinesePatience,
)
from .base import Player, register_player

__all__ = ["GreedyPlayer", "StrongPlayer", "rebuild", "unseen_mask"]

GAME = "chinese-patience"

Move3 = tuple[int, int, int]
#: A placeholder for a face-down hand card: rank 0 is no card of the pack.
HIDDEN = 0
_CARD_OF: dict[str, int] = {card_str(c): c for c in french_deck()}
_MOVE_OF: dict[str, Move3] = {text: move for move, text in MOVE_STRS.items()}
_ALL_CARDS = 0
for _c in french_deck():
    _ALL_CARDS |= 1 << _c

#: TABLEAU_TAKES[u]: bit mask of the cards that may be built on tableau top u.
#: DISCARD_TAKES[u]: bit mask of the cards that may load a discard pile whose top is u.
TABLEAU_TAKES = [0] * 64
DISCARD_TAKES = [0] * 64
for _u in range(4, 56):
    for _c in range(4, 56):
        if ON_TABLEAU[(_c << 6) | _u]:
            TABLEAU_TAKES[_u] |= 1 << _c
        if ON_DISCARD[(_c << 6) | _u]:
            DISCARD_TAKES[_u] |= 1 << _c


# --- the visible position -------------------------------------------------------


def _cards(texts: Sequence[str]) -> list[int]:
    return [_CARD_OF[t] for t in texts]


def rebuild(view: Mapping[str, Any]) -> ChinesePatience:
    """An engine state holding exactly what ``view`` shows.

    A hand whose order the view shows holds those cards; any other hand holds
    ``HIDDEN`` placeholders, one per card, so its count is right but nothing in
    it can be read. Searches never apply a twist from such a hand.
    """
    s = object.__new__(ChinesePatience)
    first = int(view["first"])
    s.options = {"first": first}
    s.deck = ()
    s.first = first
    s.found = [_CARD_OF[t] >> 2 for t in view["foundations"]]
    s.tab = [_cards(pile) for pile in view["tableau"]]
    s.discards = [_cards(pile) for pile in view["discard"]]
    hands: list[list[int]] = []
    turned = 0
    for i in range(2):
        order = view["hand_order"][i]
        if order is None:
            hands.append([HIDDEN] * int(view["hand_counts"][i]))
        else:
            hands.append(_cards(order)[::-1])
            turned |= 1 << i
    s.hands = hands
    s.turn = int(view["to_move"])
    s.pending = bool(view["end_allowed"])
    s.twisted = 3 & ~(1 << s.turn) if view["first_turn"] else 3
    s.turned = turned
    s.blocked = int(view["blocked"])
    s.last_move = None
    s.last_mover = s.turn
    s.last_turnover = False
    s._outcome = None
    return s


def unseen_mask(s: ChinesePatience) -> int:
    """Bit mask of the cards in no view: those of hands whose order is unknown."""
    seen = 0
    for i, h in enumerate(s.found):
        for r in range(1, h + 1):
            seen |= 1 << (r * 4 + i)
    for pile in s.tab:
        for c in pile:
            seen |= 1 << c
    for i in range(2):
        for c in s.discards[i]:
            seen |= 1 << c
        if (s.turned >> i) & 1:
            for c in s.hands[i]:
                seen |= 1 << c
    return _ALL_CARDS & ~seen


def phase_key(s: ChinesePatience) -> tuple[Any, ...]:
    """What can change between two twists (hands cannot)."""
    t = s.tab
    d = s.discards
    return (
        s.turn,
        s.pending,
        len(s.hands[0]),
        len(s.hands[1]),
        tuple(s.found),
        tuple(t[0]),
        tuple(t[1]),
        tuple(t[2]),
        tuple(t[3]),
        tuple(d[0]),
        tuple(d[1]),
    )


def next_card(s: ChinesePatience, player: int) -> int | None:
    """The card ``player`` twists next when it is known, else None."""
    hand = s.hands[player]
    if hand:
        return None if hand[-1] == HIDDEN else hand[-1]
    pile = s.discards[player]
    return pile[0] if pile else None


def left(s: ChinesePatience, player: int) -> int:
    """Cards a player must still get rid of."""
    return len(s.hands[player]) + len(s.discards[player])


def _apply_new(s: ChinesePatience, move: Move3) -> ChinesePatience:
    child = s.copy()
    child.apply(move)
    return child


def _describe(s: ChinesePatience, move: Move3) -> str:
    """A phrase for a move that names only visible cards."""
    kind, src, dst = move
    if kind == TWIST:
        return "twist"
    if kind == END:
        return "end the turn"
    if kind == PILE:
        return f"move the pile from {src} onto {dst}"
    pile = s.discards[s.turn] if src == 0 else s.tab[src - 5]
    c = card_str(pile[-1])
    if dst == 9:
        return f"load {c} onto the opponent's pile 9"
    if dst <= 4:
        return f"play {c} from {src} to foundation {dst}"
    return f"move {c} from {src} to {dst}"


# --- turn memory and plans ---------------------------------------------------------


class _PhasePlayer(Player):
    """Remembers the positions of the current phase and replays a plan.

    A phase ends at each twist or end, and a position seen earlier in the same
    phase is never entered again, so no turn can loop. ``_expect`` is the
    position our last move should have produced: anything else (a twist, the
    opponent's turn, another game) starts a new phase.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._seen: set[tuple[Any, ...]] = set()
        self._expect: tuple[Any, ...] | None = None
        self._plan: list[Move3] = []

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self.explain(view, legal)[0]

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        if not legal:
            raise ParlourError("no legal move to choose from")
        s = rebuild(view)
        key = phase_key(s)
        if key != self._expect:
            self._seen = set()
            self._plan = []
        self._seen.add(key)
        if self._plan and MOVE_STRS[self._plan[0]] in legal:
            move, reason = self._plan.pop(0), "continues the plan"
        elif len(legal) == 1:
            move, reason = _MOVE_OF[legal[0]], "the only legal move"
        else:
            move, reason = self.decide(s, legal)
        text = MOVE_STRS[move]
        if text not in legal:  # pragma: no cover - a bug guard, never a wrong move
            move, text, reason = _MOVE_OF[legal[0]], legal[0], "fallback"
        if move[0] == END or (move[0] == TWIST and next_card(s, s.turn) is None):
            self._expect = None
            self._plan = []
        else:
            self._expect = phase_key(_apply_new(s, move))
        return text, f"{_describe(s, move)}: {reason}"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        """The move to play now (may set ``self._plan`` for the moves after it)."""
        raise NotImplementedError


# --- greedy ----------------------------------------------------------------------


def _greedy_rank(s: ChinesePatience, move: Move3) -> tuple[int, str]:
    """How useful a move is at first sight (higher first) and why."""
    kind, src, dst = move
    if kind == TWIST:
        return 10, "nothing better to do: twist"
    if kind == END:
        return 0, "the twisted card cannot move: end the turn"
    if kind == PILE:
        if s.discards[s.turn]:
            return 20, "makes a space for the top of pile 0"
        return -1, ""
    if 1 <= dst <= 4:
        return (61 if src == 0 else 60), "a card to a foundation"
    if src == 0:
        if dst == 9:
            return 50, "loads the opponent's pile"
        if s.tab[dst - 5]:
            return 45, "gets rid of a card onto the tableau"
        return 40, "gets rid of a card into a space"
    if dst == 9:
        return 30, "loads the opponent's pile from the tableau"
    if len(s.tab[src - 5]) == 1 and s.discards[s.turn]:
        return 20, "makes a space for the top of pile 0"
    return -1, ""


@register_player(GAME, "greedy")
class GreedyPlayer(_PhasePlayer):
    """Foundations first, then getting rid of its own cards, then loading, then twisting.

    It looks one move ahead only; tableau moves are made only to open a space
    its discard pile can fill.
    """

    level = "greedy"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        best: tuple[int, str] | None = None
        best_move = _MOVE_OF[legal[0]]
        for text in legal:
            move = _MOVE_OF[text]
            rank, why = _greedy_rank(s, move)
            if rank < 0 or (best is not None and rank <= best[0]):
                continue
            if move[0] in (CARD, PILE) and phase_key(_apply_new(s, move)) in self._seen:
                continue
            best, best_move = (rank, why), move
        if best is None:  # only tableau shuffles left: leave the phase
            for exit_move in (TWIST_MOVE, END_MOVE):
                if MOVE_STRS[exit_move] in legal:
                    return exit_move, "nothing useful left"
            return best_move, "the first legal move"
        return best_move, best[1]


# --- strong ----------------------------------------------------------------------

#: Value of each card the opponent holds minus each card we hold.
W_CARDS = 1.0
#: Value of the chance that our next twisted card plays at once.
W_CONTINUE = 1.0
#: Value of each card the opponent can surely get rid of as their turn starts.
W_OPP_DUMP = 1.0
#: Value of the chance that the opponent's next twisted card plays at once.
W_OPP_CONTINUE = 0.8
#: Cards a space is worth to whoever twists next.
W_SPACE = 1.0
#: Most nodes searched in one phase.
MAX_NODES = 3000
WIN = 1_000_000.0


def _outlook(s: ChinesePatience, player: int, unseen: int) -> float:
    """Roughly how many more cards ``player`` plays in a row from their hand: each
    space takes one, and each other card plays with the chance that it fits."""
    found = s.found
    mask = 0
    spaces = 0
    for i in range(4):
        if found[i] < 13:
            mask |= 1 << ((found[i] + 1) * 4 + i)
    for pile in s.tab:
        if pile:
            mask |= TABLEAU_TAKES[pile[-1]]
        else:
            spaces += 1
    other = s.discards[1 - player]
    if other:
        mask |= DISCARD_TAKES[other[-1]]
    known = next_card(s, player)
    if known is not None:
        if (mask >> known) & 1:
            return 1.0 + W_SPACE * spaces
        return W_SPACE * spaces
    total = unseen.bit_count()
    p = (mask & unseen).bit_count() / total if total else 0.0
    return W_SPACE * spaces + _run(p)


def _dump(s: ChinesePatience, player: int) -> tuple[int, int]:
    """Play ``player``'s discard pile top by top, greedily, while it fits somewhere
    (foundation, loading the other pile, tableau, a space): the cards played and
    how many of them loaded the other player's pile. Changes ``s``."""
    own = s.discards[player]
    other = s.discards[1 - player]
    found = s.found
    tab = s.tab
    dumped = loaded = 0
    while own:
        c = own[-1]
        st = c & 3
        if found[st] + 1 == c >> 2:
            found[st] += 1
        elif other and ON_DISCARD[(c << 6) | other[-1]]:
            other.append(c)
            loaded += 1
        else:
            for pile in tab:
                if pile and ON_TABLEAU[(c << 6) | pile[-1]]:
                    pile.append(c)
                    break
            else:
                for pile in tab:
                    if not pile:
                        pile.append(c)
                        break
                else:
                    break
        own.pop()
        dumped += 1
    return dumped, loaded


def _opponent_turn(s: ChinesePatience, opp: int) -> tuple[int, int, bool]:
    """A quick greedy replay of what the opponent can surely do next turn: play
    from their visible discard pile, and go on twisting while their next card is
    known and plays. Returns the cards they play, how many load our pile, and
    whether they are known to be stuck. Changes ``s``."""
    hand = s.hands[opp]
    own = s.discards[opp]
    dumped = loaded = 0
    pending = False
    while True:
        d, lo = _dump(s, opp)
        dumped += d
        loaded += lo
        if pending and not d:
            return dumped, loaded, True
        if not hand:
            if not own:
                return dumped, loaded, False
            hand.extend(reversed(own))
            own.clear()
        elif hand[-1] == HIDDEN:
            return dumped, loaded, False
        own.append(hand.pop())
        pending = True


def _run(p: float) -> float:
    """Expected further cards played when each plays with chance ``p`` (capped)."""
    return 3.0 if p >= 0.75 else p / (1.0 - p)


class _Evaluator:
    """Scores where a phase can leave the turn, from the mover's side."""

    def __init__(self, me: int, unseen: int) -> None:
        self.me = me
        self.unseen = unseen

    def material(self, s: ChinesePatience) -> float:
        return W_CARDS * (left(s, 1 - self.me) - left(s, self.me))

    def at_twist(self, s: ChinesePatience) -> float:
        return self.material(s) + W_CONTINUE * _outlook(s, self.me, self.unseen)

    def at_end(self, s: ChinesePatience) -> float:
        after = _apply_new(s, END_MOVE)
        out = after.outcome
        if out is not None:
            if out.winner is None:
                return 0.0
            return WIN if out.winner == self.me else -WIN
        opp = 1 - self.me
        dumped, loaded, stuck = _opponent_turn(after, opp)
        if not after.hands[opp] and not after.discards[opp]:
            return -WIN / 2 + self.material(s)
        p = 0.0 if stuck else _outlook(after, opp, self.unseen)
        return self.material(s) - W_OPP_DUMP * dumped - W_CARDS * loaded - W_OPP_CONTINUE * p


Node = tuple[ChinesePatience, int, Move3 | None]


class _Found:
    """What a phase search found: its tree, the best way out, any win."""

    __slots__ = ("nodes", "best", "best_value", "best_final", "win")

    def __init__(self, nodes: list[Node]) -> None:
        self.nodes = nodes
        self.best = 0
        self.best_value = -2 * WIN
        self.best_final = END_MOVE
        #: (node, winning move) when a move wins at once.
        self.win: tuple[int, Move3] | None = None


def _search(
    root: ChinesePatience, ev: _Evaluator, seen: set[tuple[Any, ...]], max_nodes: int
) -> _Found:
    """Breadth-first search of every move sequence up to an unknown twist or an end.

    Each position is entered once (and never one in ``seen``); a twist of a
    known card is one more step, so with a known hand the whole turn is searched.
    """
    nodes: list[Node] = [(root, -1, None)]
    found = _Found(nodes)
    index = {phase_key(root)}
    i = 0
    while i < len(nodes):
        s = nodes[i][0]
        expand = len(nodes) < max_nodes
        if s.pending:
            value, final = ev.at_end(s), END_MOVE
        elif expand and next_card(s, s.turn) is not None:
            # A known card: the twist is one more deterministic step.
            value, final = -2 * WIN, TWIST_MOVE
            child = _apply_new(s, TWIST_MOVE)
            k = phase_key(child)
            if k not in index:
                index.add(k)
                nodes.append((child, i, TWIST_MOVE))
        else:
            value, final = ev.at_twist(s), TWIST_MOVE
        if value > found.best_value:
            found.best_value, found.best, found.best_final = value, i, final
        if expand:
            for m in s.legal_moves():
                move = cast(Move3, m)
                if move[0] == TWIST or move[0] == END:
                    continue
                child = _apply_new(s, move)
                if child.outcome is not None:
                    found.win = (i, move)
                    found.best_value = WIN
                    return found
                k = phase_key(child)
                if k in index or k in seen:
                    continue
                index.add(k)
                nodes.append((child, i, move))
        i += 1
    return found


@register_player(GAME, "strong")
class StrongPlayer(_PhasePlayer):
    """Searches every move sequence up to the next twist or end and plays the best.

    A sequence ending at ``end`` is scored by the cards each side holds and by
    what the opponent can do at once from the visible piles; one ending at a
    twist by the cards held and the chance that the next card plays too.
    """

    level = "strong"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        ev = _Evaluator(s.turn, unseen_mask(s))
        found = _search(s, ev, self._seen, MAX_NODES)
        i, final, value = found.best, found.best_final, found.best_value
        if found.win is not None:
            i, final = found.win
        plan = self._path(found.nodes, i) + [final]
        self._plan = plan[1:]
        steps = ", ".join(MOVE_STRS[m] for m in plan)
        return plan[0], f"best plan {steps} (score {value:+.2f})"

    @staticmethod
    def _path(nodes: list[tuple[ChinesePatience, int, Move3 | None]], i: int) -> list[Move3]:
        path: list[Move3] = []
        while i > 0:
            _, parent, move = nodes[i]
            path.append(cast(Move3, move))
            i = parent
        path.reverse()
        return path
