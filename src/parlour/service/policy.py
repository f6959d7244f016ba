"""The table's rules, the same for every front end: who may act, what may be taken
back, when a game is final, and what each person is shown.

**When a game is final.** A game is *final* once it can never be played on again:
a patience that is won, a game that is resigned, a two-player game that has ended,
and a lost patience that the person leaves (``resign`` on a patience with no move
left). Only a final game shows its deal number (the seed), unless the person chose
the deal themselves, and only a final game gets the solver's verdict: before that,
either could tell a person the hidden cards of a game they can still play on.
Random deals draw 53 random bits (:func:`parlour.core.session.random_seed`), so a
deal cannot be found by searching seeds, and every deal number is one a browser holds
exactly (:data:`MAX_SEED`).

**Who sits where.** Against the computer the person sits in seat 0. Two people at
one table (``opponent`` ``"human"``) share one owner, and each request names its
seat. Two people in two browsers (``opponent`` ``"friend"``, see
:mod:`parlour.service.friends`) each have their own seat, taken from who asks
(the owner seat 0, the guest seat 1), never from the request; the computer may sit
in a seat nobody took, or one whose person is away.

**The one undo rule.** Undo takes back the asking person's last move, with the
computer's replies to it. It is refused when the game is final; when another person
has moved since (hot seat, or a friend: against a person, no undo once the other
has moved); and, in a game with an opponent, when a move
it would take back showed the person a card they had not seen (a draw, a card turned
up, a card the computer played from its hand): taking it back would let them choose
again knowing it. In a patience every move may be taken back until the game is
final: the cards it showed stay known, as at a real table.

**The one hint rule** (:func:`check_hint`, and each answer's ``can_hint``, which
every front end draws): a hint is the computer's move for the person to move, so
there is none against a person, at one table or a friend's, where it would play for
one of two people; nor once the game is over.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any, cast

from ..ai import deals, player_levels
from ..ai.hints import NO_WAY
from ..ai.solver import STATUS_WORDS
from ..core.events import Event
from ..core.options import resolve_options
from ..core.protocol import GameState, SolveStatus
from ..core.registry import game_class
from ..core.session import Game
from ..errors import (
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    InvalidSaveError,
    InvalidSeedError,
    ParlourError,
    quoted,
)
from ..rng import LARGEST_SEED
from .answers import (
    Answer,
    CatalogChoice,
    CatalogGame,
    CatalogOption,
    EndOfGame,
    GameSummary,
    HandOver,
    ListedWords,
    LiveTable,
    LogEntry,
    MoveChoice,
    Progress,
    SeatName,
    Series,
    Step,
    Verdict,
)
from .ending import (
    ONE_TABLE_NAMES,
    best_words,
    day_words,
    one_table_tally,
    streak_words,
    winner_seat,
)
from .store import GameRecord, now
from .words import (
    Names,
    ago_words,
    blocked_words,
    capitalised,
    cards_left_words,
    command_words,
    end_detail,
    foundation_words,
    give_up_words,
    hand_over_words,
    listed_score,
    match_words,
    move_key_words,
    move_words,
    moves_words,
    one_table_name,
    pile_legend,
    played_words,
    prompt_words,
    result_words,
    score_label,
    stock_left_words,
    stuck_words,
    talon_left_words,
    try_again_words,
    verdict_words,
    warning_words,
    working_words,
)

__all__ = [
    "FRIEND",
    "stuck_key",
    "acting_seat",
    "answer",
    "choices",
    "catalog_entry",
    "check_deal",
    "check_opponent",
    "check_seatable",
    "check_seed",
    "check_stored_seed",
    "deal_number",
    "hand_over",
    "computer_level",
    "computer_seats",
    "default_level",
    "is_final",
    "is_person",
    "names",
    "numbered",
    "person_words",
    "read_seed",
    "resolve",
    "seat_names",
    "seat_of",
    "seat_words",
    "seed_refusal",
    "series_totals",
    "summary",
    "undo_target",
    "UnseatedOpponentError",
    "viewer",
    "visible_cards",
    "who_plays",
]

#: The seat of the person who started the game (the only person against the computer).
PERSON = 0
#: The ``opponent`` of a two-player game played by two people at one table.
HUMAN = "human"
#: The ``opponent`` of a two-player game between two people in two browsers.
FRIEND = "friend"
#: Each seat's display name in a friend's game, from the other's side.
_NO_NAME = ("your friend", "your friend")
#: The largest deal number a new game takes (and the largest a random deal gets):
#: 2^53 - 1, the largest whole number JavaScript, and any JSON reader that reads
#: numbers as doubles, holds exactly, so a deal number shown in a browser or typed into
#: it is the deal's own.
MAX_SEED = (1 << 53) - 1
#: Seeds are stored as signed 64-bit integers (SQLite and PostgreSQL alike), the
#: library's own range (``parlour.rng.LARGEST_SEED``); a save made before deal numbers
#: were kept below 2^53 may hold one up to this.
MAX_STORED_SEED = LARGEST_SEED
LEVEL_LABELS = {
    "random": "Random (easiest)",
    "basic": "Basic",
    "greedy": "Greedy",
    "strong": "Strong (hardest)",
    "fair": "Fair",
}

# --- starting ---------------------------------------------------------------------


def default_level(name: str) -> str:
    levels = player_levels(name)
    return "strong" if "strong" in levels else levels[-1]


#: The opponents that are people, in the words that offer them.
_PEOPLE = {HUMAN: "for two people at one table", FRIEND: "to invite a friend"}
#: The same, as a new-game form offers them (a button's words).
_PEOPLE_OFFERED = {HUMAN: "Two people at one table", FRIEND: "Play a friend"}


def person_words(kind: str) -> str:
    """An opponent that is a person as every refusal offers it: "'human' for two people
    at one table", "'friend' to invite a friend" (one wording, wherever it is said)."""
    return f"{kind!r} {_PEOPLE[kind]}"


class UnseatedOpponentError(ParlourError):
    """A saved game's opponent is a person the caller cannot seat: a friend, who joins
    with an invitation, where there are none (the terminal). ``levels`` are the
    computer's levels the game could be loaded against instead."""

    def __init__(self, game: str, opponent: str, levels: Sequence[str]) -> None:
        self.game, self.opponent, self.levels = game, opponent, tuple(levels)
        super().__init__(
            f"this save is a game of {game} against a friend, who cannot be invited here: "
            f"load it against a computer level ({', '.join(levels)}) or {person_words(HUMAN)}"
        )


def check_seatable(
    cls: type[GameState], saved: str | None, people: Collection[str] = (HUMAN, FRIEND)
) -> None:
    """A saved game's own opponent is one the caller can seat (see
    :class:`UnseatedOpponentError`)."""
    if saved is not None and saved in _PEOPLE and saved not in people:
        raise UnseatedOpponentError(cls.name, saved, player_levels(cls.name))


def check_opponent(
    cls: type[GameState], opponent: str | None, people: Collection[str] = (HUMAN, FRIEND)
) -> str | None:
    """The opponent of a new game: a computer level, ``human`` (a second person at the
    same table), ``friend`` (a second person in another browser), or None for a
    one-player game. ``people`` are the opponents that are people the caller can seat
    (the terminal has no invitations): no other is accepted, or offered in the message."""
    if cls.players == 1:
        if opponent not in (None, HUMAN):
            raise InvalidOptionError(f"{cls.name} is a one-player game: it takes no opponent")
        return None
    levels = player_levels(cls.name)
    if opponent is None:
        return default_level(cls.name)
    offered = [kind for kind in _PEOPLE if kind in people]
    if opponent not in offered and opponent not in levels:
        raise InvalidOptionError(
            f"unknown opponent {quoted(opponent)} for {cls.name}: the levels are "
            + ", ".join(levels)
            + "".join(f", or {person_words(kind)}" for kind in offered)
        )
    return opponent


#: The kinds of deal a table deals: a fresh one, one the solver has proved winnable,
#: the deal of the day.
DEALS = ("random", "winnable", "daily")


def check_deal(name: str, deal: str, chosen: bool = False) -> str:
    """A kind of deal (``random``, ``winnable``, ``daily``) for game ``name``, refused
    in one message wherever it was asked for (``parlour play``/``tui --winnable``, the
    web form): the last two exist for the one-player patiences only, and are chosen by
    the table, so they take no seed or deck (``chosen``)."""
    if deal not in DEALS:
        raise InvalidOptionError(f"unknown deal {quoted(deal)}: the deals are {', '.join(DEALS)}")
    if deal == "random":
        return deal
    if chosen:
        # "the deal of the day", as every front end names it (was "a daily deal")
        what = "the deal of the day" if deal == "daily" else f"a {deal} deal"
        raise InvalidOptionError(f"{what} is chosen by the table: give no seed or deck")
    if not deals.offers_winnable(name):
        raise InvalidOptionError(
            f"{name} has no winnable deals or deal of the day: only the one-player patiences do"
        )
    return deal


def check_seed(seed: Any, largest: int = MAX_SEED) -> int:
    """A deal number as any front end takes it (``--seed``, the API's ``seed``, the
    web form's deal number), refused in one message wherever it was typed: a plain
    sentence quoting it and saying what is accepted ("-3 is not a deal number: give a
    whole number from 0 to 9007199254740991")."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= largest:
        raise InvalidSeedError(seed_refusal(seed, largest))
    return seed


def check_stored_seed(seed: int) -> int:
    """The seed of a save being imported into a store, refused if no store can keep it:
    one above 2^63 - 1, from a save written before the library checked its seeds, which
    ``parlour.load_game`` still reads (the message says so, not only the range)."""
    if seed > MAX_STORED_SEED:
        raise InvalidSaveError(
            f"this save's deal number {seed} is above {MAX_STORED_SEED}, the largest a "
            "store keeps (it was written before seeds were checked): parlour.load_game "
            "reads it in Python, but it cannot be played here"
        )
    return seed


def seed_refusal(seed: object, largest: int = MAX_SEED) -> str:
    """The refusal of a deal number (:func:`check_seed`'s, and :func:`read_seed`'s of
    one as typed, which quotes the text)."""
    return f"{quoted(seed)} is not a deal number: give a whole number from 0 to {largest}"


def read_seed(text: str) -> int:
    """A deal number as typed (``parlour play --seed``): the whole number the text
    writes, refused as :func:`check_seed` refuses, quoting the text as typed ('abc',
    '-1', '1e5')."""
    try:
        seed = int(text)
    except ValueError:
        raise InvalidSeedError(seed_refusal(text)) from None
    if not 0 <= seed <= MAX_SEED:
        raise InvalidSeedError(seed_refusal(text))
    return seed


def deal_number(seed: int) -> int | str:
    """A seed as answers carry it: a number, or (an old save's seed above
    :data:`MAX_SEED`) its digits as a string, which a browser cannot round."""
    return seed if seed <= MAX_SEED else str(seed)


def resolve(cls: type[GameState], given: dict[str, Any], strict: bool) -> dict[str, Any]:
    return resolve_options(cls.option_specs, given, cls.name, strict=strict)


def catalog_entry(name: str) -> CatalogGame:
    cls = game_class(name)
    levels = player_levels(name) if cls.players == 2 else []
    seat_names = ["You", "The computer"]
    options: list[CatalogOption] = []
    for spec in cls.option_specs:
        choices: list[CatalogChoice] | None = None
        if spec.seats and spec.choices is not None:
            choices = [{"value": c, "label": seat_names[int(c)]} for c in spec.choices]
            choices.append({"value": None, "label": "Chosen at random"})
        elif spec.choices is not None:
            choices = [{"value": c, "label": str(c)} for c in spec.choices]
        options.append(
            {
                "name": spec.name,
                "label": spec.title,
                "type": spec.kind.__name__,
                "default": spec.default,
                "help": spec.help,
                "choices": choices,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
            }
        )
    return {
        "name": cls.name,
        "title": cls.title,
        "summary": cls.summary,
        "players": cls.players,
        "levels": levels,
        "level_labels": [{"name": lv, "label": LEVEL_LABELS.get(lv, lv)} for lv in levels],
        "default_level": default_level(name) if levels else None,
        "people": [{"name": kind, "label": label} for kind, label in _PEOPLE_OFFERED.items()]
        if cls.players == 2
        else [],
        "options": options,
        "help": cls.help_text,
        "series": cls.series,
        "match": cls.match,
        "progress_label": cls.progress_label,
        "progress_total": cls.progress_total,
        "deals": ["random", "winnable", "daily"] if deals.offers_winnable(name) else ["random"],
        "rules_url": f"/api/rules/{cls.name}",
        "give_up": give_up_words(cls.players),
    }


# --- who acts ---------------------------------------------------------------------


def computer_seats(record: GameRecord) -> dict[int, str]:
    """The seats of a friend's game the computer plays, with its level."""
    return {int(k): str(v) for k, v in (record.meta.get("computer") or {}).items()}


def is_person(record: GameRecord, seat: int) -> bool:
    """Whether a person sits in ``seat`` (else the computer does)."""
    if record.opponent == FRIEND:
        return seat not in computer_seats(record)
    return seat == PERSON or record.opponent == HUMAN


def computer_level(record: GameRecord, seat: int) -> str:
    """The level of the computer player in ``seat``."""
    if record.opponent == FRIEND:
        return computer_seats(record)[seat]
    return str(record.opponent)


def seat_of(record: GameRecord, player: str) -> int | None:
    """The seat of ``player`` at this game, or None when they have none (a stranger)."""
    if player == record.player:
        return PERSON
    if record.opponent == FRIEND and record.guest is not None and player == record.guest:
        return 1
    return None


def acting_seat(record: GameRecord, game: Game, seat: int | None) -> int:
    """The seat a request acts for: the person's against the computer; at a table of
    two people, the one named, else the one to move (the person the table faces); at
    a friend's game, the asker's own (the service passes it)."""
    if record.opponent == FRIEND:
        if seat is None or not is_person(record, seat):
            raise IllegalMoveError("the computer is playing that seat")
        return seat
    if record.opponent != HUMAN:
        if seat not in (None, PERSON):
            raise IllegalMoveError("you play seat 0 against the computer")
        return PERSON
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise IllegalMoveError(f"there is no seat {quoted(seat)}: the seats are 0 and 1")
        return seat
    return game.to_move if game.outcome is None else PERSON


def viewer(record: GameRecord, game: Game, seat: int | None) -> int:
    """Whose eyes an answer is for. At two people's one table a request naming no
    seat (a new game or hand, a reload) cannot know who holds the screen: it is taken
    to be the one not to move, so the answer is theirs and hands the screen over
    (:func:`hand_over`); the one to move names their seat once they have it."""
    if record.opponent == FRIEND:
        return PERSON if seat is None else seat
    if record.opponent != HUMAN:
        return PERSON
    if seat is not None:
        return acting_seat(record, game, seat)
    return 1 - game.to_move if game.outcome is None else PERSON


def names(record: GameRecord, viewer: int) -> Names:
    """How sentences name the seats for this reader."""
    cls = game_class(record.game)
    seats: tuple[str, ...]
    if record.opponent == HUMAN:
        # nobody is "you" at one shared screen, but each is told from their own side
        seats, you, side = ONE_TABLE_NAMES, None, viewer
    elif record.opponent == FRIEND:
        seats, you, side = seat_names(record), viewer, None
    else:
        seats, you, side = ("you", "the computer"), viewer, None
    return Names(you, seats, cls.pile_names, cls.seat_piles, side, cls.players)


def seat_words(record: GameRecord, viewer: int) -> list[SeatName]:
    """Each seat as ``viewer``'s table names it, for a front end's labels (the
    sentences' own names, see :func:`names`); none for a patience."""
    if game_class(record.game).players == 1:
        return []
    named = names(record, viewer)
    return [{"name": named.subject(seat), "whose": named.whose(seat)} for seat in range(2)]


def who_plays(record: GameRecord, viewer: int) -> str | None:
    """Who plays, after the game's title: "against the computer", "against Ann",
    "for two people at one table"; None for a patience."""
    if game_class(record.game).players == 1:
        return None
    if record.opponent == HUMAN:
        return _PEOPLE[HUMAN]
    return f"against {names(record, viewer).subject(1 - viewer)}"


def hand_over(record: GameRecord, game: Game, seat: int, new_hand: bool = False) -> HandOver | None:
    """Two people at one table, whenever the answer is not for the one to move (a
    move passed the turn; a new game, or a reload, whose screen may be with either,
    see :func:`viewer`) or its move dealt a new hand (``new_hand``: both looked at the
    hand's end): the seat the screen goes to, and what it says meanwhile (the answer
    is the other's, whose cards the next person should not be shown; theirs are asked
    for once they have the screen)."""
    if record.opponent != HUMAN or game.outcome is not None:
        return None
    if game.to_move == seat and not new_hand:
        return None
    to = game.to_move
    return hand_over_words(to, names(record, seat))


def seat_names(record: GameRecord) -> tuple[str, ...]:
    """How a friend's game names each seat in the third person: the name its person
    chose, or "the computer"."""
    chosen = list(record.meta.get("names") or [None, None])
    computers = computer_seats(record)
    return tuple(
        "the computer" if seat in computers else str(chosen[seat] or _NO_NAME[seat])
        for seat in range(2)
    )


def who_word(record: GameRecord, viewer: int, mover: int) -> str:
    """``you``, ``computer`` or ``opponent``: who made a move, for a log's styling."""
    if record.opponent == HUMAN:
        return f"player {mover + 1}"
    if mover == viewer:
        return "you"
    if record.opponent == FRIEND and is_person(record, mover):
        return "opponent"
    return "computer"


# --- final games and undo ---------------------------------------------------------


def is_final(record: GameRecord, game: Game) -> bool:
    """Whether the game can never be played on again (see the module docstring)."""
    outcome = game.outcome
    if outcome is None:
        return False
    if game.resigned_by is not None or game.players > 1:
        return True
    return outcome.result == "won" or bool(record.meta.get("final"))


_CARD_WORD = r"^(?:[A2-9TJQK][CDHS]|[RGYB](?:[0-9]|S|D)|W4?)$"  # a French or an UNO card code
_NOT_CARDS = frozenset({"legal_moves", "moves", "options", "calculator", "game", "events"})


def visible_cards(view: Any, key: str = "") -> Counter[str]:
    """The card names a view shows, with multiplicity (move lists excluded)."""
    import re

    found: Counter[str] = Counter()
    if key in _NOT_CARDS:
        return found
    if isinstance(view, dict):
        for k, v in view.items():
            found += visible_cards(v, str(k))
    elif isinstance(view, list):
        for item in view:
            found += visible_cards(item, key)
    elif isinstance(view, str) and re.match(_CARD_WORD, view):
        found[view] += 1
    return found


#: Events that put a card in front of the reader that was face down or in a hand.
_REVEALING = frozenset({"draw", "penalty", "turn_up", "current", "twist", "deal"})


def _reveals(event: Event, seat: int) -> bool:
    """Whether ``seat`` saw a card in this event that was hidden from them before."""
    if not event.cards:
        return False
    if event.what in _REVEALING:
        return True
    if event.what == "hand_end":  # the loser's hand is shown: new only to the winner
        return event.who == seat
    return event.what == "play" and event.who != seat and event.source == "hand"


def undo_target(record: GameRecord, game: Game, seat: int, told: Sequence[Sequence[Event]]) -> int:
    """How many moves stay when ``seat`` takes back its last move (the one undo rule of
    the module docstring); raises, naming the reason, when it may not.

    ``told[i]`` is what move ``i`` told ``seat``. A move showed a card the person had
    not seen if it told them one (a draw, a card turned up, a card the other played from
    a hand), or if a card code appears in their view that it did not show before.
    """
    if is_final(record, game):
        raise GameOverError("the game is over for good: it cannot be taken back")
    movers = game.movers
    mine = [i for i, who in enumerate(movers) if who == seat]
    if not mine:
        raise IllegalMoveError("nothing to undo: you have not moved yet")
    start = mine[-1]
    for who in movers[start + 1 :]:
        if who != seat and is_person(record, who):
            raise IllegalMoveError("cannot undo: the other player has moved since")
    if game.players > 1:
        seen = set(visible_cards(game.view_before(start, seat)))
        for index in range(start, len(movers)):
            shown = set(visible_cards(game.view_before(index + 1, seat)))
            told_now = told[index] if index < len(told) else []
            if shown - seen or any(_reveals(e, seat) for e in told_now):
                raise IllegalMoveError(
                    "cannot undo: that would take back a move that showed you a card "
                    "you had not seen"
                )
            seen |= shown
    return start


def check_hint(record: GameRecord, game: Game, seat: int) -> None:
    """Whether ``seat`` may ask for a hint now (the one hint rule, for every front end);
    raises, naming the reason, when not: never against a person, at one table or a
    friend's (the computer would play for one of two people), nor once the game is
    over, nor on the other's turn."""
    if record.opponent in (HUMAN, FRIEND):
        raise IllegalMoveError(
            "no hints when two people play: the computer would be playing for one of them"
        )
    if game.outcome is not None:
        raise GameOverError("the game is over: there is nothing to hint")
    if game.to_move != seat:
        raise IllegalMoveError("it is not your turn")


def hint_refusal(record: GameRecord, game: Game, seat: int) -> str | None:
    """Why ``seat`` may not ask for a hint now, or None when it may."""
    try:
        check_hint(record, game, seat)
    except ParlourError as exc:
        return str(exc)
    return None


def undo_refusal(
    record: GameRecord, game: Game, seat: int, told: Sequence[Sequence[Event]]
) -> str | None:
    """Why undo is not possible now for ``seat``, or None when it is."""
    try:
        undo_target(record, game, seat, told)
    except ParlourError as exc:
        return str(exc)
    return None


# --- what a person is shown --------------------------------------------------------


def view(record: GameRecord, game: Game, seat: int) -> dict[str, Any]:
    return game.view(seat)


def series_totals(record: GameRecord, game: Game) -> list[int]:
    """Running totals of a series, this game included once it is over."""
    series = record.meta.get("series") or {}
    totals = [int(t) for t in series.get("totals", [0] * game.players)]
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None and outcome.score is not None:
        totals[outcome.winner] += outcome.score
    return totals


def counts(record: GameRecord, view: dict[str, Any], seat: int) -> str | None:
    """The counts after the status line, in the service's words, for a view whose
    game has them (Chinese Patience: the cards each player has left to get rid of,
    the count towards a blocked game, the game of the series; a match: its scores
    and hand, "Match to 500: Player 1 (0), Player 2 (0); hand 1." at one table; a
    patience: its cards on the foundations, see :func:`_patience_counts`); None: the
    game has no counts."""
    match = _match_counts(record, view, seat, short=False)
    if match is not None:
        return match
    patience = _patience_counts(record, view, short=False)
    if patience is not None:
        return patience
    facts = _count_facts(record, view, seat)
    if facts is None:
        return None
    left, blocked, number = facts
    said = "" if blocked is None else f"; {blocked_words(*blocked)}"
    text = f"{cards_left_words(left)}{said}."
    return text if number is None else f"{text} Series game {number}."


def counts_narrow(record: GameRecord, view: dict[str, Any], seat: int) -> list[str] | None:
    """:func:`counts` in fewer words, one item a line, for a narrow screen (a phone's
    two lines at 390 px): "Cards left: you 18, the computer 0." and "3 of 60 turns, no
    card to a foundation. Game 2." (the rules and the keys help say what is counted); a
    match's one line, "To 500: Player 1 (480), Player 2 (495); hand 12."; a patience's
    one line, "Foundations: 0 of 104; talon 40, pass 1 of 3."."""
    match = _match_counts(record, view, seat, short=True)
    if match is not None:
        return [match]
    patience = _patience_counts(record, view, short=True)
    if patience is not None:
        return [patience]
    facts = _count_facts(record, view, seat)
    if facts is None:
        return None
    left, blocked, number = facts
    lines = [f"{cards_left_words(left, short=True)}."]
    if blocked is not None:
        lines.append(f"{blocked_words(*blocked, short=True)}.")
    if number is not None:
        lines[-1] = f"{lines[-1]} Game {number}."
    return lines


def counts_lines(record: GameRecord, view: dict[str, Any], seat: int) -> int:
    """The most lines :func:`counts_narrow` gives in this game, at any point of it (0: it
    has none): a match's one, a patience's one; Chinese Patience's two, the cards left and the count
    towards a blocked game, which is said while the game is played and not after a
    win. A phone's status keeps this room from the deal to the end, so the table under
    it keeps its size when a line goes (Chinese Patience's cards grew a step at the
    end, when "1 of 60 turns without a card to a foundation" went)."""
    if _match_counts(record, view, seat, short=True) is not None:
        return 1
    if _patience_counts(record, view, short=True) is not None:
        return 1
    return 0 if _count_facts(record, view, seat) is None else 2


def _match_counts(record: GameRecord, view: dict[str, Any], seat: int, short: bool) -> str | None:
    """A match's scores and hand ("Match to 500: you 0, the computer 0; hand 1."), or
    None for a view that is not of a match."""
    scores = view.get("scores")
    if not (isinstance(scores, list) and len(scores) == 2 and "hand_number" in view):
        return None
    named = names(record, seat)
    match = match_words(
        view.get("target"), ((named.subject(s), scores[s]) for s in (seat, 1 - seat)), short
    )
    return f"{match}; hand {int(view['hand_number'])}."


def _patience_counts(record: GameRecord, view: dict[str, Any], short: bool) -> str | None:
    """A patience's counts (one whose progress its views show, see
    ``GameState.progress_in``): its cards on the foundations, and while it is played
    what is left to deal, its ``stock_count`` ("12 of 52 cards on the foundations; 34
    in the stock.", "0 of 104 cards on the foundations; talon 40, pass 1 of 3.");
    ``short`` for a narrow
    screen's one line ("Foundations: 0 of 104; talon 40, pass 1 of 3."). Once the game
    is over the stock says nothing (it is empty after a win, "0 in the stock" read as
    if play went on). The web app counted these itself, "12 of 52 cards home", where
    its end panel and the statistics said "on the foundations". None for other games."""
    cls = game_class(record.game)
    on = cls.progress_in(view)
    if on is None:
        return None
    said = foundation_words(on, cls.progress_total, short)
    left = view.get("stock_count")
    if view.get("outcome") is None and isinstance(left, int):
        # stock_count is every patience's pile to deal from (BaseView); 8 x 8's is a
        # talon gone through in passes
        if "pass" in view:
            said += f"; {talon_left_words(left, int(view['pass']), int(view['passes']))}"
        else:
            said += f"; {stock_left_words(left)}"
    return f"{said}."


def _count_facts(
    record: GameRecord, view: dict[str, Any], seat: int
) -> tuple[list[tuple[str, int]], tuple[int, int] | None, int | None] | None:
    """What the counts say: the cards each seat has left (the reader's first), the
    count towards a blocked game (its count and limit), and the game of a series (None:
    no series).

    Once the game is over the count towards a blocked game is None (not said) unless
    the game ended blocked, its reason: after a win "12 of 60 turns without a card to
    a foundation" would read as if play went on, as The Gate's "0 in the stock" did."""
    if "blocked" not in view:
        return None
    named = names(record, seat)
    piles = view.get("discard") or [[], []]
    left = [int(n) + len(piles[s]) for s, n in enumerate(view.get("hand_counts") or [0, 0])]
    order = (seat, 1 - seat)
    count, limit = int(view["blocked"]), int(view["blocked_limit"])
    over = view.get("outcome") is not None
    blocked = None if over and count < limit else (count, limit)
    number = None
    if game_class(record.game).series:
        number = int((record.meta.get("series") or {}).get("number", 1))
    return [(named.subject(s), left[s]) for s in order], blocked, number


def _series(record: GameRecord, game: Game) -> Series | None:
    if not game_class(record.game).series:
        return None
    number = int((record.meta.get("series") or {}).get("number", 1))
    return {"number": number, "totals": series_totals(record, game)}


def result_for(outcome: dict[str, Any], seat: int) -> str:
    """'won', 'lost', 'draw' or 'resigned', from ``seat``'s side of the table."""
    result = str(outcome.get("result"))
    winner = winner_seat(outcome)
    if result == "resigned":
        return "won" if winner is not None and winner == seat else "resigned"
    if winner is not None:
        return "won" if winner == seat else "lost"
    if result in ("won", "draw"):
        return result
    return "lost"


#: The headline of the end, by the reader's result (a game resigned:
#: :func:`give_up_words`, "You resigned.").
_HEADLINES = {
    "won": "You won!",
    "lost": "You lost.",
    "draw": "A draw.",
}


def headline(record: GameRecord, outcome: dict[str, Any], seat: int) -> str:
    if record.opponent == HUMAN:
        winner = winner_seat(outcome)
        if winner is None:
            return "A draw." if outcome.get("result") == "draw" else "The game is over."
        return f"{ONE_TABLE_NAMES[winner]} won!"
    result = result_for(outcome, seat)
    if result == "resigned":
        return give_up_words(game_class(record.game).players)["headline"]
    return _HEADLINES[result]


#: The detail under the headline "You resigned." (it once said "You gave up this
#: game.", the headline again): what resigning did.
_SELF_RESIGNED = "It counts as a loss in your statistics."


def _detail(record: GameRecord, outcome: dict[str, Any], seat: int, ending: list[Event]) -> str:
    """Why the game ended, as the reader is told it (the last move's ``game_end``)."""
    if outcome.get("result") == "resigned":
        who = outcome.get("loser")
        if record.opponent == HUMAN and who is not None:
            return f"{one_table_name(int(who))} resigned."
        if record.opponent == FRIEND and who is not None:
            return _friend_resigned(record, int(who), seat)
        if who is not None and who != seat:
            return "The computer resigned."
        return _SELF_RESIGNED
    for event in ending:
        if event.what == "game_end":
            return end_detail(event, names(record, seat))
    reason = str(outcome.get("reason") or "")
    return capitalised(reason) + "." if reason else ""


def _friend_resigned(record: GameRecord, loser: int, seat: int) -> str:
    other = capitalised(seat_names(record)[1 - seat])
    claimed = record.meta.get("claimed") is not None
    if loser == seat:
        if claimed:
            return f"You were away too long, and {other} claimed the win."
        return _SELF_RESIGNED
    if claimed:
        return f"{other} was away too long, and you claimed the win."
    return f"{other} resigned."


def _progress(record: GameRecord, game: Game) -> Progress | None:
    value = game.state.progress()
    if value is None:
        return None
    cls = game_class(record.game)
    return {"value": value, "total": cls.progress_total, "label": cls.progress_label}


def _status(record: GameRecord, game: Game, seat: int, final: bool, ending: list[Event]) -> str:
    outcome = game.outcome
    if outcome is not None:
        head = headline(record, outcome.to_dict(), seat)
        detail = _detail(record, outcome.to_dict(), seat, ending)
        if not final:  # a lost patience: undo, or resign it ("resign this deal")
            again = try_again_words(game_class(record.game).players)
            return f"{head} {detail} {again}".strip()
        return f"{head} {detail}".strip()
    mover = game.to_move
    if record.opponent == FRIEND and (held := _friend_held(record)) is not None:
        return held
    stuck_at = record.meta.get("stuck")  # the moves are hashed only when a hint found it
    if stuck_at is not None and mover == seat and stuck_at == stuck_key(game):
        stuck = stuck_words(NO_WAY, game_class(record.game).players)
        return capitalised(stuck) + "."
    asked = game.state.prompt(mover)
    if asked is not None:
        return prompt_words(asked, names(record, seat))
    if record.opponent == HUMAN:
        return f"{one_table_name(mover)} to move."
    if record.opponent == FRIEND:
        return _friend_status(record, mover, seat)
    if mover == seat:
        return "Your turn."
    return "The computer's turn."


def stuck_key(game: Game) -> str:
    """What a hint's finding that no move leads anywhere holds for: the moves
    played so far (``record.meta["stuck"]``). It is the game's history, not only its
    position, since the player's finding rests on the positions it has been in: the
    status says so until a move or an undo changes the history."""
    played = "\n".join(game.moves)
    return f"{len(game.moves)}:{hashlib.sha256(played.encode()).hexdigest()[:16]}"


def _friend_held(record: GameRecord) -> str | None:
    """What holds a friend's game up before anyone's turn: a pause, or the invitation
    nobody has opened yet."""
    pause = record.meta.get("pause") or {}
    if pause.get("paused"):
        return "The game is paused: either of you may play on."
    if record.guest is None and is_person(record, 1):
        return "Waiting for your friend to open the invitation."
    return None


def _friend_status(record: GameRecord, mover: int, seat: int) -> str:
    if mover == seat:
        return "Your turn."
    if not is_person(record, mover):
        return "The computer's turn."
    return f"Waiting for {seat_names(record)[mover]}…"


def next_after(record: GameRecord, game: Game, seat: int, final: bool) -> list[str]:
    """What the table offers once ``game`` is over (``answer["end"]["next"]``), in the
    order front ends list them: ``undo`` (a lost patience not yet resigned), ``series``
    (its next game), ``again`` (a new game like this one: a new deal, a new match),
    ``replay`` (this deal again), ``verdict`` (could it be won?), ``new`` (another game).

    ``replay`` is offered for a one-player patience only, once its deal is final and has
    a number (the deal of the day again is ``again`` already). A patience's deal is the
    person's own puzzle: trying it again, knowing the cards it showed, is the point, as
    at a real table. A two-player game's deal is shared with the other side: after a
    resigned first hand of UNO a person expects a new match, and the same deal again
    would only deal them the hands they have seen, the computer's cards it played and
    the draw pile they drew from (an ended hand even shows the loser's hand), so it is
    not offered there, nor for Chinese Patience (whose series has its own next game).
    The table does not refuse it (``again(same_deal=True)``; a deal number may be
    chosen anyway): it is only not offered as a next step."""
    cls = game_class(record.game)
    following = ["again"]
    if cls.series and final:
        following.insert(0, "series")
    if not final:
        following.insert(0, "undo")
    deal = record.meta.get("deal", "random")
    if final and cls.players == 1 and deal != "daily":
        following.append("replay")
    outcome = game.outcome
    lost = outcome is not None and result_for(outcome.to_dict(), seat) != "won"
    if final and lost and deals.offers_winnable(record.game):
        following.append("verdict")  # could it be won? Asked of a deal lost or left only
    following.append("new")
    return following


def played_seconds(record: GameRecord) -> float | None:
    """How long the game has been played (seconds; each wait between two of its writes
    counted up to two minutes, see ``table.PAUSE_COUNTED``), or None when that is not
    known: a game stored, or loaded from a save, from before games kept it."""
    played = record.meta.get("time")
    if isinstance(played, bool) or not isinstance(played, int | float) or played < 0:
        return None
    return float(played)


def end_of_game(
    record: GameRecord,
    game: Game,
    seat: int,
    final: bool,
    stats: dict[str, Any] | None,
    ending: list[Event],
) -> EndOfGame | None:
    outcome = game.outcome
    if outcome is None:
        return None
    data = outcome.to_dict()
    cls = game_class(record.game)
    totals: list[int] | None = None
    if cls.series:
        totals = series_totals(record, game)
    elif cls.match:
        totals = [int(t) for t in game.view(seat).get("scores", [])] or None
    following = next_after(record, game, seat, final)
    progress = _progress(record, game)
    # at one table ``stats`` is the two players' line (the person's streak is not theirs)
    together = stats.get("text") if stats is not None and record.opponent == HUMAN else None
    # and as the end panel lays it out beside a label on a phone: "Player 1 (3), ..."
    won = None
    if together is not None and stats is not None:
        won = one_table_tally(list(stats["won"]), int(stats.get("drawn") or 0))
    seconds = played_seconds(record)
    if record.opponent == HUMAN:
        stats = None
    best = None if stats is None else stats.get("best_score") or stats.get("best_progress")
    unit = progress["label"] if progress and outcome.score is None else None
    return {
        "result": result_for(data, seat),
        "headline": headline(record, data, seat),
        "detail": _detail(record, data, seat, ending),
        "score": outcome.score,
        "score_label": score_label(outcome.winner, names(record, seat)),
        "final": final,
        "totals": totals,
        "progress": progress,
        "streak": None if stats is None else int(stats["current_streak"]),
        "best_streak": None if stats is None else int(stats["best_streak"]),
        "best": best,
        "streak_text": None
        if stats is None
        else streak_words(int(stats["current_streak"]), int(stats["best_streak"])),
        "best_text": None if stats is None else best_words(best, unit),
        "one_table": together,
        "one_table_won": won,
        "moves": len(game.moves),
        "seconds": seconds,
        "played_text": played_words(len(game.moves), seconds),
        "deal": deal_number(record.seed) if final and numbered_deal(record) else None,
        "next": following,
    }


def choices(state: GameState, legal: Sequence[str], named: Names) -> list[MoveChoice]:
    """The mover's legal moves as parts (the engine's ``move_parts``), each with the
    game's warning in words where the move would cost its maker by a rule its string
    does not show (``note``: a wrong Wild Draw Four). The warning is judged on the
    mover's own cards (``move_warning``); the hint and the computer players never read
    it."""
    found: list[MoveChoice] = []
    for text in legal:
        move = state.parse_move(text)
        choice = cast(MoveChoice, dict(state.move_parts(move)))
        warning = state.move_warning(move)
        if warning is not None:
            choice["note"] = warning_words(warning, named)
        found.append(choice)
    return found


def finishes_along(state: GameState) -> dict[Hashable, list[str]]:
    """The finish a table offers (``GameState.finishing_line``, as move strings) in
    ``state`` and in every position its line passes through, by position key: the
    rest of the line from each, which is what the search would find there (it depends
    on the position alone). A table that keeps them answers each card of a finish
    sent home (one request a card from the web table, one move a card from
    ``TableService.send_home``) without searching again, where a line of n cards cost
    n searches of up to n moves each."""
    trial = state.copy()
    keys: list[Hashable] = []
    texts: list[str] = []
    for move in state.finishing_line():
        keys.append(trial.key())
        texts.append(trial.move_str(move))
        trial.apply(move)
    along = {key: texts[n:] for n, key in enumerate(keys)}
    along.setdefault(state.key(), [])  # no line: the position is kept as having none
    return along


def answer(
    record: GameRecord,
    game: Game,
    seat: int,
    *,
    log: list[LogEntry],
    log_start: int,
    computer: list[Step],
    message: str | None,
    stats: dict[str, Any] | None = None,
    played: Step | None = None,
    ending: list[Event] | None = None,
    told: Sequence[Sequence[Event]] = (),
    live: LiveTable | None = None,
    meanwhile: str | None = None,
    finish: Sequence[str] | None = None,
) -> Answer:
    """Everything a front end shows of a game to the person in ``seat``; ``finish``:
    the position's finishing line as :func:`finishes_along` gave it (None: worked out
    here)."""
    cls = game_class(record.game)
    outcome = game.outcome
    final = is_final(record, game)
    shown = game.view(seat)
    state = game.state
    mine = outcome is None and game.to_move == seat
    if finish is None and mine:
        finish = [state.move_str(move) for move in state.finishing_line()]
    legal = game.legal_moves() if mine else []
    said = names(record, seat)
    parts = choices(state, legal, said) if mine else []
    refusal = undo_refusal(record, game, seat, told)
    no_hint = hint_refusal(record, game, seat)
    data: Answer = {
        "id": record.id,
        "game": record.game,
        "title": cls.title,
        "players": cls.players,
        "opponent": record.opponent,
        "options": record.options,
        "seat": seat,
        "deal": str(record.meta.get("deal", "random")),
        "day": record.meta.get("day"),
        "view": shown,
        "counts": counts(record, shown, seat),
        "counts_narrow": counts_narrow(record, shown, seat),
        "counts_lines": counts_lines(record, shown, seat),
        "legal_moves": legal,
        "moves": parts,
        "move_texts": [move_words(p, said) for p in parts],
        "finish": list(finish) if finish is not None and mine else [],
        "numbered": numbered(shown),
        "status": _status(record, game, seat, final, ending or []),
        "to_move": None if outcome is not None else game.to_move,
        "your_turn": mine,
        "moves_played": len(game.moves),
        "can_undo": refusal is None,
        "undo_refusal": refusal,
        "can_hint": no_hint is None,
        "hint_refusal": no_hint,
        "can_redo": game.can_redo and not final,
        "final": final,
        "outcome": None if outcome is None else outcome.to_dict(),
        "result": None if outcome is None else result_for(outcome.to_dict(), seat),
        "end": end_of_game(record, game, seat, final, stats, ending or []),
        "log": log,
        "log_start": log_start,
        "computer_moves": computer,
        "message": message,
        "played": played,
        "series": _series(record, game),
        "progress": _progress(record, game),
        "created": record.created,
        "updated": record.updated,
        "live": live,
        "names": seat_words(record, seat),
        "who_plays": who_plays(record, seat),
        "hand_over": hand_over(record, game, seat, played is not None and _dealt(ending)),
        "meanwhile": meanwhile,
        "give_up": give_up_words(cls.players, lost=outcome is not None and not final),
        "piles": pile_legend(cls.pile_legend, said),
        "move_keys": move_key_words(cls.move_keys, record.options),
        "working": working_words(any(not is_person(record, s) for s in range(cls.players))),
        "commands": command_words(
            cls.players,
            match=bool(shown.get("target")),
            series=cls.series,
            lost=outcome is not None and not final,
        ),
    }
    if (final or chose_the_deal(record, seat)) and numbered_deal(record):
        data["seed"] = deal_number(record.seed)
    return data


def numbered_deal(record: GameRecord) -> bool:
    """Whether the game was dealt by its seed, whose number deals it again: a deck given
    (``--deck``, or a save of one) has none, and its seed (0) is no deal's. Its number
    was shown all the same ("Calculation, deal 0.", "Deal number: 0")."""
    return not record.meta.get("deck")


def numbered(view: Mapping[str, Any]) -> list[str]:
    """The reader's cards that a number picks, in order: number 1 is the first. They
    are the view's ``hand`` in the order the game keeps it (UNO's: by colour, R G Y B,
    then value, the Wilds last), so that ``parlour play`` (``3`` plays card 3) and the
    terminal table (key ``3``, and the numbers drawn over the cards) number them alike
    from this one list, and neither sorts the hand its own way; empty for a game
    without a hand in its view."""
    hand = view.get("hand")
    return [str(card) for card in hand] if isinstance(hand, list) else []


def _dealt(ending: Sequence[Event] | None) -> bool:
    """Whether a move's events (as told to its mover) ended a hand of a match, and so
    dealt the next."""
    return any(e.what == "hand_end" for e in ending or ())


def chose_the_deal(record: GameRecord, seat: int) -> bool:
    """Whether the person in ``seat`` chose the deal (a seed or a deck they gave): it
    hides nothing from them, so its number may be shown (and its save left plain)
    while the game goes on. At a friend's game only the owner chose it: the guest,
    told it, could deal the game again and read the owner's cards."""
    chosen = bool(record.meta.get("chosen_seed") or record.meta.get("deck"))
    return chosen and (record.opponent != FRIEND or seat == PERSON)


def summary(record: GameRecord, seat: int = PERSON) -> GameSummary:
    """One line of the saved-games list for the person in ``seat`` (no deal number
    while the game can go on)."""
    cls = game_class(record.game)
    final = bool(record.finished and (record.meta.get("final") or _final_record(record)))
    shown = (final or chose_the_deal(record, seat)) and numbered_deal(record)
    words = _listed(record, seat, deal_number(record.seed) if shown else None)
    outcome = record.outcome
    data: GameSummary = {
        "id": record.id,
        "game": record.game,
        "title": cls.title,
        "opponent": record.opponent,
        "options": record.options,
        "moves_played": len(record.moves),
        "created": record.created,
        "updated": record.updated,
        "finished": record.finished,
        "final": final,
        "outcome": outcome,
        "result": None if outcome is None else result_for(outcome, seat),
        "result_text": None if outcome is None else _result_text(record, outcome, seat),
        "score_text": ""
        if outcome is None
        else listed_score(outcome.get("score"), winner_seat(outcome), names(record, seat)),
        "headline": None if outcome is None else headline(record, outcome, seat),
        "deal_text": words["deal_text"],
        "moves_text": words["moves_text"],
        "progress_text": words["progress_text"],
        "who_plays": words["who_plays"],
        "played_text": words["played_text"],
    }
    if shown:
        data["seed"] = deal_number(record.seed)
    if record.meta.get("deal"):  # a winnable deal or the deal of the day (statistics)
        data["deal"] = str(record.meta["deal"])
    return data


def _result_text(record: GameRecord, outcome: dict[str, Any], seat: int) -> str:
    """A finished game's result in a list: the reader's ("Won", "Resigned"), or at one
    table, where nobody is "you", the winner's ("Player 2 won"; it said "Lost", Player
    1's side of Player 2's win)."""
    if record.opponent == HUMAN:
        winner = winner_seat(outcome)
        return "Draw" if winner is None else f"{ONE_TABLE_NAMES[winner]} won"
    return result_words(result_for(outcome, seat), game_class(record.game).players)


def _listed(record: GameRecord, seat: int, shown_seed: int | str | None) -> ListedWords:
    """The words of a list's line for a game (see :class:`GameSummary`): they tell apart
    two games of the same game, and never name the seed of a deal the person did not
    choose while it is in play (nor ever a winnable deal's: all one learns of it is
    that it is winnable)."""
    cls = game_class(record.game)
    kind = record.meta.get("deal")
    if kind == "daily":
        day = record.meta.get("day")
        deal = f"Deal of the day, {day_words(str(day))}" if day else "Deal of the day"
    elif kind == "winnable":
        deal = "Winnable deal"
    elif not numbered_deal(record):  # a deck given: it has no number, and is no random deal
        deal = "Your deck"
    elif shown_seed is not None:
        deal = f"Deal {shown_seed}"
    else:
        deal = "Random deal"
    value = record.meta.get("progress")
    progress = None
    if value is not None and cls.progress_label:
        total = f" of {cls.progress_total}" if cls.progress_total else ""
        progress = f"{value}{total} {cls.progress_label}"
    local = dt.datetime.fromtimestamp(record.updated).date().isoformat()
    return {
        "deal_text": deal,
        "moves_text": moves_words(len(record.moves)),
        "progress_text": progress,
        "who_plays": who_plays(record, seat),
        "played_text": ago_words(record.updated, now(), day_words(local)),
    }


def _final_record(record: GameRecord) -> bool:
    """:func:`is_final` from a stored record alone (no replay)."""
    outcome = record.outcome or {}
    if record.resigned_by is not None:
        return True
    if game_class(record.game).players > 1:
        return True
    return outcome.get("result") == "won"


def verdict(found: dict[str, Any]) -> Verdict:
    """A stored verdict for people (its status as saved games keep it: ``"unknown"``
    is told as *undecided*, see ``verdict_words``)."""
    status: SolveStatus = found["status"]
    moves = len(found.get("moves") or ())
    return {
        "status": status,
        "text": verdict_words(status, moves) if status in STATUS_WORDS else "",
        "moves": found.get("moves"),
        "nodes": int(found["nodes"]),
        "seconds": float(found["seconds"]),
    }
