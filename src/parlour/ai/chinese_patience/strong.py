"""Chinese Patience's ``strong`` player: every move sequence of a phase, scored.

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

from collections.abc import Sequence
from typing import Any, cast

from ...games.chinese_patience import (
    CARD,
    END,
    END_MOVE,
    ON_DISCARD,
    ON_TABLEAU,
    TWIST,
    TWIST_MOVE,
    ChinesePatience,
)
from ..base import register_player
from ..renamed import renamed_attribute
from .players import PhasePlayer
from .position import (
    DISCARD_TAKES,
    GAME,
    HIDDEN,
    PILE_NAMES,
    TABLEAU_TAKES,
    Move3,
    applied,
    left,
    next_card,
    phase_key,
    unseen_mask,
)

__all__ = ["ChinesePatienceStrongPlayer"]


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
#: Most nodes searched in one phase: the thinking's budget. A count, not a clock, so a
#: reply is the same on any machine and after a restart. Over 40 whole games against
#: ``greedy`` (716 searches, 2 shared cores at load 8-12) half took under 1 ms and 6
#: reached the budget, 0.3-0.6 s each; the rest of a turn replays the plan found.
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
        after = applied(s, END_MOVE)
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
            child = applied(s, TWIST_MOVE)
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
                child = applied(s, move)
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


def _count(n: int, word: str) -> str:
    return f"a {word}" if n == 1 else f"{n} {word}s"


def line_words(plan: Sequence[Move3]) -> str:
    """What a line comes to, in words rather than its moves: "3 moves and 2 twists: 2
    cards to the foundations, 1 onto your opponent's discard pile", "a move and a
    twist"."""
    moves = [m for m in plan if m[0] not in (TWIST, END)]
    twists = sum(1 for m in plan if m[0] == TWIST)
    text = " and ".join(
        _count(n, word) for n, word in ((len(moves), "move"), (twists, "twist")) if n
    )
    home = sum(1 for m in moves if m[0] == CARD and 1 <= m[2] <= 4)
    loaded = sum(1 for m in moves if m[0] == CARD and m[2] == 9)
    done = []
    if home:
        done.append(f"{home} card{'s' * (home > 1)} to the foundations")
    if loaded:
        cards = "" if home else " card" + "s" * (loaded > 1)
        done.append(f"{loaded}{cards} onto {PILE_NAMES['9']}")
    if done:
        text += ": " + ", ".join(done)
    if plan and plan[-1][0] == END:
        text += ", then the end of the turn"
    return text


@register_player(GAME, "strong")
class ChinesePatienceStrongPlayer(PhasePlayer):
    """Searches every move sequence up to the next twist or end and plays the best.

    A sequence ending at ``end`` is scored by the cards each side holds and by
    what the opponent can do at once from the visible piles; one ending at a
    twist by the cards held and the chance that the next card plays too.
    """

    level = "strong"

    def decide(self, s: ChinesePatience, legal: Sequence[str]) -> tuple[Move3, str]:
        ev = _Evaluator(s.turn, unseen_mask(s))
        found = _search(s, ev, self._seen, MAX_NODES)
        i, final = found.best, found.best_final
        if found.win is not None:
            i, final = found.win
        plan = self._path(found.nodes, i) + [final]
        self._plan = plan[1:]
        if found.win is not None:
            return plan[0], f"it begins a line that wins ({line_words(plan)})"
        if len(plan) == 1:
            return plan[0], "no move played first does better before the turn ends"
        # the score is the search's own measure (cards held, what the opponent can do
        # at once): a person is told what the line comes to, not the number
        return plan[0], f"it begins the best line to the end of the turn ({line_words(plan)})"

    @staticmethod
    def _path(nodes: list[tuple[ChinesePatience, int, Move3 | None]], i: int) -> list[Move3]:
        path: list[Move3] = []
        while i > 0:
            _, parent, move = nodes[i]
            path.append(cast(Move3, move))
            i = parent
        path.reverse()
        return path


#: Former names, still importable (with a ``DeprecationWarning``): the classes are now
#: named after their game, like every other game's players (``UnoStrongPlayer``).
_RENAMED = {"StrongPlayer": "ChinesePatienceStrongPlayer"}


def __getattr__(name: str) -> Any:
    return renamed_attribute(__name__, globals(), _RENAMED, name)
