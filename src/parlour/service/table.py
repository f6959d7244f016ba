"""The table service: everything a front end may do with a game, and nothing more.

``parlour play``, the terminal table and the web app all go through this one
class, so they allow the same things and say them alike (only how they draw
differs). It starts games, answers views, plays moves with the computer's
replies, undoes and redoes by one rule, hints, resigns, runs series, lists games
and keeps statistics; every change is written to the store before the answer
goes out, so a restarted program resumes each game exactly by replaying its
record. Live games are cached in memory; the stored ``version`` tells the cache
when another app server has moved a game on.

What leaves this module is built from the asking person's own view, the legal
moves in it and the events as that person may know them: never the engine's
state, and never the deal number (seed) of a game that can still be played on
(see :mod:`parlour.service.rules` for when a game is final).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Collection, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from ..ai import Player, Recall, deals, player_levels
from ..ai import hint as ai_hint
from ..ai.base import observes
from ..ai.hints import Hint as FoundHint
from ..ai.solver import check_solver
from ..core.events import Event
from ..core.protocol import normalize_move_text
from ..core.registry import game_class, game_names
from ..core.session import Game, load_game, new_game, random_seed
from ..errors import (
    GameNotOverError,
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    NoWinningLineError,
    ParlourError,
    UnknownGameError,
    WrongGameError,
    quoted,
)
from ..rng import derived_seed
from . import friends, hands, policy, saves
from .answers import (
    Answer,
    CatalogGame,
    GameSummary,
    Hint,
    Invitation,
    LineStep,
    LogEntry,
    Step,
    Verdict,
)
from .bus import LocalBus
from .searches import OneSearchPerGame
from .stats import LOADED_OVER, game_stats, one_table_stats, player_stats
from .store import GameRecord, StaleRecordError, Store, now
from .words import (
    LINE_DEAL,
    Names,
    board_sentences,
    brief_refusal,
    capitalised,
    finish_words,
    full_duration_words,
    hint_busy_words,
    hint_words,
    line_counter,
    moves_told,
    moves_words,
    sentence,
    sentences,
    solver_names,
    stuck_words,
    table_words,
    with_symbols,
)

__all__ = [
    "TableService",
    "NotFoundError",
    "FRIEND",
    "HUMAN",
    "MAX_SEED",
    "new_id",
    "random_seed",
]

#: How a new game's deal is chosen (``TableService.start``'s ``deal``).
DEALS = policy.DEALS
#: The settings row naming the person who plays at this machine (terminal front ends).
LOCAL_PLAYER_SETTING = "local_player"
HUMAN = policy.HUMAN
FRIEND = policy.FRIEND
MAX_SEED = policy.MAX_SEED
#: How many moves the computer may make in one reply before the service gives up
#: (a safety net: every game's turns are finite, but a buggy player must not hang us).
MAX_COMPUTER_MOVES = 2000
#: Games kept in memory; older ones are rebuilt from the store when next opened.
CACHE_SIZE = 1000
#: The longest wait between two writes of a game in play that counts in full as time
#: played (``meta["time"]``, seconds): a longer one was a break (the person left the
#: table, perhaps until the next day) and counts as this long, so a game played over
#: several sittings shows the time played, not the span from its deal to its end.
PAUSE_COUNTED = 120.0


#: Facts of a record that a save file does not carry (the deck is part of the deal;
#: a friend's invitation would let whoever is given the file into the live game).
_NOT_SAVED = frozenset(
    {"deck", "progress", "verdict", "taken_back", LOADED_OVER, *friends.LIVE_KEYS}
)


class NotFoundError(ParlourError):
    """No game with that id for this player (the same answer whether it exists or not)."""


_NO_GAME = "no game {!r} here: start one or pick a saved one"


def new_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class _Turn:
    """One move of a game's history as the table tells it."""

    move: str
    mover: int
    #: What the move did, as each seat may know it.
    events: tuple[list[Event], ...]


@dataclass
class _Live:
    """A game in memory with its record, its told history and a lock for its requests."""

    record: GameRecord
    game: Game
    turns: list[_Turn] = field(default_factory=list)
    #: How the game began, as each seat was told it (a two-player game's starter).
    opening: tuple[list[Event], ...] = ()
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: The computer's players, told the game so far (shared by a trial copy).
    recall: Recall = field(default_factory=Recall)
    #: The last "again" asked of this game (deal, same deal) and the game it made.
    again: tuple[tuple[str | None, bool], str] | None = None
    #: The finish of the positions along the last finishing line found, by position
    #: key (``policy.finishes_along``): each card sent home is answered without a search.
    finishes: dict[Hashable, list[str]] = field(default_factory=dict)


class TableService:
    """Games of every player, stored as they are played."""

    def __init__(
        self,
        store: Store,
        bus: LocalBus | None = None,
        away_seconds: float = friends.AWAY_SECONDS,
    ) -> None:
        self.store = store
        #: Told the id of every friend's game after each stored change (live play).
        self.bus = bus or LocalBus()
        #: How long a friend must be away before the other may claim the win.
        self.away_seconds = away_seconds
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._lock = threading.Lock()
        #: One hint search at a time for each game, shared by its requests.
        self._hint_searches: OneSearchPerGame[FoundHint] = OneSearchPerGame(hint_busy_words)
        self._pools: dict[tuple[str, str], deals.WinnablePool] = {}
        #: The progress of games stored before records kept it, worked out once per
        #: version of the record (a list of games is drawn often; a replay is not free).
        self._replayed: OrderedDict[tuple[str, int], Any] = OrderedDict()

    # --- catalogue ----------------------------------------------------------------

    def catalog(self) -> list[CatalogGame]:
        """The games, their options (with labels for people) and computer levels."""
        return [policy.catalog_entry(name) for name in game_names()]

    # --- loading ------------------------------------------------------------------

    @contextmanager
    def _open(self, player: str, game_id: str) -> Iterator[_Live]:
        """The live game, current with the store and locked, if ``player`` has a seat
        at it (its owner, or the guest of a friend's game)."""
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None:
            record = self.store.get(game_id)
            if record is None or policy.seat_of(record, player) is None:
                raise NotFoundError(_NO_GAME.format(game_id))
            live = self._remember(_rebuild_live(record))
        with live.lock:
            stored = self.store.version(game_id)
            if stored is not None and stored != live.record.version:
                record = self.store.get(game_id)
                assert record is not None
                fresh = _rebuild_live(record)
                live.record, live.game, live.turns = fresh.record, fresh.game, fresh.turns
                live.opening = fresh.opening
            if policy.seat_of(live.record, player) is None:
                raise NotFoundError(_NO_GAME.format(game_id))
            yield live

    @staticmethod
    def _seat(live: _Live, player: str, seat: int | None) -> int | None:
        """The seat a request speaks for: at a friend's game always the asker's own,
        whatever the request says."""
        if live.record.opponent == FRIEND:
            return policy.seat_of(live.record, player)
        return seat

    def _remember(self, live: _Live) -> _Live:
        """Cache a live game (the one already cached wins), dropping the least recent."""
        with self._lock:
            live = self._live.setdefault(live.record.id, live)
            self._live.move_to_end(live.record.id)
            while len(self._live) > CACHE_SIZE:
                self._live.popitem(last=False)
            return live

    def resume_all(self) -> int:
        """Rebuild every unfinished game (at start-up, so a bad record shows at once)."""
        count = 0
        for record in self.store.unfinished():
            try:
                live = _rebuild_live(record)
            except ParlourError:
                continue
            self._remember(live)
            count += 1
        return count

    def owner(self, game_id: str) -> str | None:
        """Who a stored game belongs to (for a local front end resuming any game)."""
        record = self.store.get(game_id)
        return None if record is None else record.player

    # --- starting -----------------------------------------------------------------

    def start(
        self,
        player: str,
        name: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        opponent: str | None = None,
        series_of: str | None = None,
        *,
        deck: str | None = None,
        deal: str = "random",
        day: dt.date | None = None,
        strict: bool = False,
        player_name: str | None = None,
        replayed: str | None = None,
    ) -> Answer:
        """A new game for ``player``; ``strict`` (the web API) takes the game's name and
        options exactly as the catalogue gives them, not as a person might type them.

        ``deal`` is ``random`` (a fresh deal), ``winnable`` (one the solver has proved
        winnable: all a person learns is that) or ``daily`` (the deal of the day,
        ``day`` or today, the same for every player of this store); the last two exist
        for the one-player patiences only.

        ``opponent`` ``"friend"`` makes a game for two people in two browsers: the
        answer's ``live.invite`` is the token of its invitation (see :meth:`join`),
        and ``player_name`` is how the other person will see the owner (ignored
        against the computer).
        """
        cls = _game_class(name, strict)
        given = dict(options or {})
        meta: dict[str, Any] = {}
        if series_of is not None:
            meta["series"] = self._next_in_series(player, series_of, cls.name)
            if cls.first_option is not None:
                given[cls.first_option] = meta["series"]["first"]
        opponent = policy.check_opponent(cls, opponent)
        if opponent == FRIEND:
            if series_of is not None:
                raise InvalidOptionError(
                    "the next game against a friend comes from the game before"
                )
            meta["names"] = [friends.check_name(player_name, "Player 1"), None]
            meta["invite"] = friends.new_token()
        if seed is not None:
            policy.check_seed(seed)
            meta["chosen_seed"] = True
        if deck is not None:
            meta["deck"] = deck
        resolved = policy.resolve(cls, given, strict)
        if day is not None:
            _check_day(day, deal)
        if deal != "random":
            seed = self._chosen_deal(cls.name, resolved, deal, day, seed, deck)
            meta["deal"] = deal
            if deal == "daily":
                meta["day"] = (day or dt.date.today()).isoformat()
        elif replayed is not None:  # a deal played again keeps its kind (see again)
            meta["deal"] = replayed
        if seed is None and deck is None:  # a deck takes its own seed= field, or 0
            seed = random_seed()
        game = new_game(cls.name, seed=seed, deck=deck, options=resolved)
        seed = game.seed
        record = GameRecord(
            id=new_id(),
            player=player,
            game=cls.name,
            options=game.options,
            seed=seed,
            opponent=opponent,
            meta=meta,
        )
        return self._begin(_Live(record, game, [], _opening(game)))

    def again(
        self, player: str, game_id: str, deal: str | None = None, same_deal: bool = False
    ) -> Answer:
        """A new game like ``game_id``: the same game, options and opponent, and the same
        kind of deal unless ``deal`` names another (a random deal gives a new random
        deal, a winnable one a new winnable one, the deal of the day that day's deal
        again). Every front end's "play again" and "new deal" come here, so they agree.
        At a friend's game it is :meth:`next_game` (the same two people).

        ``same_deal`` replays the deal of a game that is over for good (``deal`` is then
        not used): it keeps the game's own kind, so a replayed winnable deal is followed
        by new winnable ones, and the deal of the day again is that day's deal.

        Asking twice (a double click) makes one game: while the game made for the same
        request is untouched (nothing played in it yet), the second answer is that
        game. The app server remembers it, not the store (the old game's record, and
        its place in the list of games, stay as they were), so two requests answered
        by two app servers may still make two."""
        with self._open(player, game_id) as live:
            if live.record.opponent != FRIEND:  # (a friend's: next_game makes it once)
                asked = (deal, bool(same_deal))
                if live.again is not None and live.again[0] == asked:
                    follower = self.store.get(live.again[1])
                    if follower is not None and follower.version == 1:  # untouched
                        return self.get(player, follower.id)
                answer = self._again(player, live, deal, same_deal)
                live.again = (asked, answer["id"])
                return answer
        return self.next_game(player, game_id)

    def _again(self, player: str, live: _Live, deal: str | None, same_deal: bool) -> Answer:
        """:meth:`again`'s new game, made from the game of ``live``."""
        record = live.record
        over = policy.is_final(record, live.game)
        own = str(record.meta.get("deal", "random"))
        if same_deal and own == "daily":
            deal = None  # the deal of the day again is the same deal
        elif same_deal:
            if not over:
                raise GameNotOverError("a deal is played again once its game is over for good")
            return self.start(
                player,
                record.game,
                record.seed,
                dict(record.options),
                record.opponent,
                deck=record.meta.get("deck"),
                replayed=own,
            )
        kind = deal or own
        day = record.meta.get("day") if kind == "daily" and deal is None else None
        first = game_class(record.game).first_option
        options = {k: v for k, v in record.options.items() if k != first}
        return self.start(
            player,
            record.game,
            None,
            options,
            record.opponent,
            deal=kind,
            day=None if day is None else dt.date.fromisoformat(str(day)),
        )

    def _begin(self, live: _Live) -> Answer:
        """A new game at the table: the computer's first moves, then stored and cached."""
        _start_clock(live.record)
        steps = self._computer_turns(live)
        _sync(live.record, live.game)
        self.store.insert(live.record)
        self._remember(live)
        return self._answer(live, computer=steps)

    def _chosen_deal(
        self,
        name: str,
        options: dict[str, Any],
        deal: str,
        day: dt.date | None,
        seed: int | None,
        deck: str | None,
    ) -> int:
        """The seed of a winnable deal or of the deal of the day."""
        policy.check_deal(name, deal, chosen=seed is not None or deck is not None)
        if deal == "daily":
            salt = self.store.setting("daily_salt", secrets.token_hex(16))
            return deals.deal_of_the_day(name, day or dt.date.today(), options, salt=salt)
        return self._pool(name, options).take()

    def deal_seed(
        self, name: str, options: dict[str, Any] | None = None, deal: str = "daily"
    ) -> int:
        """The deal number of a deal of the kind ``deal`` (``winnable``, or ``daily``:
        today's deal of the day of this store) of ``name`` with ``options``, as
        :meth:`start` would deal it, for the computer to play in a demo (``parlour play
        --demo --daily``), which records no game. Refused as :meth:`start` refuses it:
        a two-player game has neither kind."""
        cls = _game_class(name, False)
        resolved = policy.resolve(cls, dict(options or {}), False)
        if policy.check_deal(cls.name, deal) == "random":
            return random_seed()
        return self._chosen_deal(cls.name, resolved, deal, None, None, None)

    def _pool(self, name: str, options: dict[str, Any]) -> deals.WinnablePool:
        """The pool of winnable deals of ``name`` with ``options`` (made on first use)."""
        key = (name, json.dumps(options, sort_keys=True))
        with self._lock:
            pool = self._pools.get(key)
            if pool is None:
                pool = self._pools[key] = deals.WinnablePool(name, options)
            return pool

    def prepare_deals(self) -> list[str]:
        """Choose today's deal of the day and fill the winnable pools of each patience's
        usual options, so that nobody waits for the solver (8 x 8's deal of the day
        takes seconds to prove). A server runs this in the background as it starts.
        Returns what was prepared, for the log."""
        prepared = []
        for name in game_names():
            if not deals.offers_winnable(name):
                continue
            options = policy.resolve(game_class(name), {}, False)
            self._chosen_deal(name, options, "daily", None, None, None)
            self._pool(name, options).refill(wait=True)
            prepared.append(name)
        return prepared

    def verdict(self, player: str, game_id: str) -> Verdict:
        """The solver's verdict on the deal of a final patience, with a winning line from
        the deal's start when there is one (refused while the game can go on)."""
        with self._open(player, game_id) as live:
            record, game = live.record, live.game
            check_solver(record.game)  # the verdict is for the patiences
            if not policy.is_final(record, game):
                raise GameNotOverError(
                    "the solver's verdict comes once the game is over for good: it would "
                    "show hidden cards of a game you can still play on"
                )
            found = record.meta.get("verdict")
            if found is None:
                result = deals.verdict(game)
                found = {
                    "status": result.status,
                    "moves": None if result.moves is None else list(result.moves),
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 3),
                }
                trial = _copy_live(live)
                trial.record.meta["verdict"] = found
                self._commit(live, trial)
            return policy.verdict(found)

    def winning_line(self, player: str, game_id: str) -> list[LineStep]:
        """The verdict's winning line played out from the deal's start, move by move with
        the table after each, for a front end to show (a final patience only). Its
        first step, number 0, is the deal itself ("The deal"), so a front end can step
        back to the position the line starts from. Each
        move is told as the solver's ("The solver plays 7♦ ...", never "You play":
        the person did not play it) and says where it is in the line ("Move 12 of
        280"), so a front end can step through it without words of its own."""
        found = self.verdict(player, game_id)
        moves = found["moves"]
        if not moves:
            why = (
                "the solver proved this deal unwinnable"
                if found["status"] == "unwinnable"
                else "the solver gave up before it found one"
            )
            raise NoWinningLineError(f"there is no winning line to show for this deal: {why}")
        with self._open(player, game_id) as live:
            record = live.record
            start = new_game(
                record.game, seed=record.seed, deck=record.meta.get("deck"), options=record.options
            )
        replay = _Live(GameRecord(**{**record.__dict__, "meta": {}}), start, [])
        names = solver_names(policy.names(replay.record, 0))
        total = len(moves)
        # the line starts from the untouched deal, so stepping back reaches it
        viewer = policy.viewer(replay.record, replay.game, 0)
        view = policy.view(replay.record, replay.game, viewer)
        steps: list[LineStep] = [
            {
                "move": "",
                "text": LINE_DEAL,
                "events": [],
                "view": view,
                "hand_end": None,
                "counts": policy.counts(replay.record, view, viewer),
                "counts_narrow": policy.counts_narrow(replay.record, view, viewer),
                "number": 0,
                "total": total,
                "counter": line_counter(0, total),
            }
        ]
        for number, move in enumerate(moves, start=1):
            _play(replay, move)
            step = self._step(replay, 0, names)
            counter = line_counter(number, total)
            steps.append({**step, "number": number, "total": total, "counter": counter})
        return steps

    def _next_in_series(self, player: str, previous: str, name: str) -> dict[str, Any]:
        """Series totals after the finished game ``previous``; the first player alternates."""
        with self._open(player, previous) as live:
            if live.record.opponent == FRIEND:
                raise InvalidOptionError(
                    "the next game against a friend comes from the game before"
                )
            return _series_after(live, name)

    # --- looking and playing ------------------------------------------------------

    def get(self, player: str, game_id: str, seat: int | None = None) -> Answer:
        with self._open(player, game_id) as live:
            asked = self._seat(live, player, seat)
            return self._answer(live, seat=asked, meanwhile=asked is not None)

    def play(
        self,
        player: str,
        game_id: str,
        move: str,
        seat: int | None = None,
        *,
        picked_by: str | None = None,
    ) -> Answer:
        """Play ``move`` for the person. ``picked_by``: how they picked the card that
        ``move`` names where they did not type the move: the card's number in the hand
        (``parlour play``'s "1", the terminal table's digit keys), or "" for pointing at
        it (Enter or a click on it). A refusal then quotes what they typed and names the
        card in words ("“1” is red 4: it does not match ..."), not the code they never
        saw; None: the move as typed, quoted as it is."""
        with self._open(player, game_id) as live:
            trial = _copy_live(live)
            game = trial.game
            me = policy.acting_seat(trial.record, game, self._seat(live, player, seat))
            if trial.record.opponent == FRIEND:
                friends.check_playing(trial.record)
                trial.record.meta.pop("pause", None)  # to play on is to end a pause
            if game.outcome is not None:
                # the engine's words name seats ("player 0 resigned"); the end is told
                # in the table's own words already
                raise GameOverError(
                    f"the game is over: {quoted(str(move).strip())} cannot be played"
                )
            if game.to_move != me:
                raise IllegalMoveError("it is not your turn")
            told_before = len(trial.turns)
            try:
                _play(trial, move)
            except ParlourError as exc:  # the rules' reason, with cards as people read them
                refused = type(exc)(with_symbols(str(exc)))
                # and in one sentence, for a front end whose help shows the notation
                legal = game.legal_moves()
                illegal = isinstance(exc, IllegalMoveError)
                words = str(move).split()
                card = words[0] if picked_by is not None and words else None
                typed = str(move) if picked_by is None else picked_by
                refused.brief = brief_refusal(str(exc), typed, legal, illegal, card)
                raise refused from None
            mine = self._step(trial, me)
            steps = self._computer_turns(trial)
            self._commit(live, trial)
            return self._answer(live, computer=steps, since=told_before, seat=me, played=mine)

    def send_home(self, player: str, game_id: str, seat: int | None = None) -> Answer:
        """Play the game's ``finish`` (a patience's last cards, every one in view, each
        going home in turn) for the person, one move after another through
        :meth:`play`, each in the log as any other: what a table does by itself after
        the person's move whose answer offers it (the web table plays them itself, one
        request a card, to show each card travel). The last answer, its ``message`` the
        one line to say (:func:`finish_words`); the position's answer, unchanged, when
        it offers no finish. Its log holds the line's moves, every one."""
        answer = self.get(player, game_id, seat)
        line = answer["finish"]
        if not line:
            return answer
        log: list[LogEntry] = []
        start = None
        for move in line:
            answer = self.play(player, game_id, move, seat)
            start = answer["log_start"] if start is None else start
            log += answer["log"]
        # the log of the whole line, as one move's answer holds its own moves
        assert start is not None
        return {**answer, "log": log, "log_start": start, "message": finish_words(len(line))}

    def undo(self, player: str, game_id: str, seat: int | None = None) -> Answer:
        """Take back the asking person's last move (and the computer's replies to it),
        by the one rule of :func:`parlour.service.policy.undo_target`."""
        with self._open(player, game_id) as live:
            seat = self._seat(live, player, seat)
            me = policy.acting_seat(live.record, live.game, seat)
            target = policy.undo_target(live.record, live.game, me, _told_to(live, me))
            trial = _copy_live(live)
            while len(trial.game.moves) > target:
                trial.game.undo()
            undone = trial.turns[target:]
            if trial.record.opponent == FRIEND:
                trial.record.meta["taken_back"] = _taken_back(trial, undone, me)
            # the undoer's own notice names the moves too, each by its first sentence
            # (not what it turned up: "The current card is 8♥." is no longer so)
            message = _took_back(undone, me, policy.names(trial.record, me), None)
            del trial.turns[target:]
            self._commit(live, trial)
            return self._answer(live, message=message, seat=me)

    def redo(self, player: str, game_id: str, seat: int | None = None) -> Answer:
        with self._open(player, game_id) as live:
            game = live.game
            seat = self._seat(live, player, seat)
            me = policy.acting_seat(live.record, game, seat)
            if policy.is_final(live.record, game):
                raise GameOverError("the game is over: there is nothing to redo")
            if not game.can_redo:
                raise IllegalMoveError("nothing to redo")
            trial = _copy_live(live)
            redone = [_redo(trial)]
            if live.record.opponent == FRIEND and trial.turns[-1].mover != me:
                raise IllegalMoveError("nothing of yours to redo")
            while (
                trial.game.can_redo
                and trial.game.outcome is None
                and not policy.is_person(trial.record, trial.game.to_move)
            ):
                redone.append(_redo(trial))
            # named as undo names them, each move by its first sentence
            told = [turn.events[me] for turn in trial.turns[-len(redone) :]]
            names = policy.names(trial.record, me)
            message = f"Replayed {moves_words(len(redone))}{moves_told(told, names)}"
            self._computer_turns(trial)
            self._commit(live, trial)
            return self._answer(live, message=message, seat=me)

    def check(
        self, player: str, game_id: str, source: str, target: str, seat: int | None = None
    ) -> dict[str, Any]:
        """Whether a card may go from ``source`` to ``target`` now, and if not, why (for a
        front end to say why a drop snaps back); nothing is played. Sources and targets
        are pile names as the structured moves give them (the rules' ``SOURCE DEST``)."""
        with self._open(player, game_id) as live:
            game = live.game
            me = policy.acting_seat(live.record, game, self._seat(live, player, seat))
            if game.outcome is not None:
                return {"legal": False, "reason": "The game is over."}
            if game.to_move != me:
                return {"legal": False, "reason": "It is not your turn."}
            state = game.state
            for move in state.legal_moves():
                parts = state.move_parts(move)
                if parts["source"] == source and parts["target"] == target:
                    return {"legal": True, "reason": ""}
            try:
                canonical = state.canonicalize(normalize_move_text(f"{source} {target}"))
                why = state.why_illegal(canonical).removeprefix(": ")
            except ParlourError:
                why = ""
            names = policy.names(live.record, me)
            reason = (
                capitalised(table_words(why, names)) + "." if why else "That move is not allowed."
            )
            return {"legal": False, "reason": reason}

    def hint(self, player: str, game_id: str, seat: int | None = None) -> Hint:
        """The strongest fair player's move for the person to move, with its reason.

        A patience player that finds no move leading anywhere (``stuck``) suggests
        none: the answer's move is empty and its text says only that (undo or
        resign, in the game's words: :func:`~parlour.service.words.give_up_words`), since
        lighting some legal move would send the person round in circles, and its
        ``stuck`` is true: the finding is kept with the game (``meta["stuck"]``), so the
        game's status says it too until a move or an undo changes what was played
        (front ends fetch the game again to show it). The same for every patience and
        every front end.

        The search (a second or more on a busy machine) runs on a copy of the game,
        outside the game's lock: a move made meanwhile is played at once, not held up
        until the hint is found (a front end drops a hint for a position gone). A game
        has one search at a time (:class:`~parlour.service.searches.OneSearchPerGame`):
        requests for the same position share it; one for another position waits for
        it to end, then reads the game again; beyond a few waiting requests, one is
        refused for now (:class:`~parlour.errors.BusyError`, the web app's 429)."""
        found = None
        while found is None:
            with self._open(player, game_id) as live:
                game = live.game.copy()
                me = policy.acting_seat(live.record, game, self._seat(live, player, seat))
                policy.check_hint(live.record, game, me)
                names = policy.names(live.record, me)
            position = (me, tuple(game.moves))
            found = self._hint_searches.run(game_id, position, partial(ai_hint, game))
        reason = table_words(found.reason, names)
        if found.stuck:
            key = policy.stuck_key(game)
            with self._open(player, game_id) as live:
                # the status says so too, until a move or an undo (in every front end),
                # if no move or undo came meanwhile
                fresh = policy.stuck_key(live.game) == key
                if fresh and live.record.meta.get("stuck") != key:
                    trial = _copy_live(live)
                    trial.record.meta["stuck"] = key
                    self._commit(live, trial)
            stuck = stuck_words(found.reason, game.players)
            return {"move": "", "reason": stuck, "text": hint_words(None, stuck), "stuck": True}
        moves, parts = game.state.view_moves(me)
        part = parts[moves.index(found.move)] if found.move in moves else {"move": found.move}
        text = hint_words(part, found.reason, names)
        return {"move": found.move, "reason": reason, "text": text, "stuck": False}

    def resign(self, player: str, game_id: str, seat: int | None = None) -> Answer:
        """Resign a patience's deal or a two-player game (the answer's ``give_up``
        words which): a game in play is lost so; a patience already lost is left for
        good (it becomes final, and its deal can be shown)."""
        with self._open(player, game_id) as live:
            seat = self._seat(live, player, seat)
            me = policy.acting_seat(live.record, live.game, seat)
            if policy.is_final(live.record, live.game):
                raise GameOverError("the game is already over")
            trial = _copy_live(live)
            if trial.game.outcome is None:
                trial.game.resign(me)
                trial.turns.append(
                    _Turn("resign", me, tuple([Event("resign", who=me)] for _ in _seats(trial)))
                )
            else:
                trial.record.meta["final"] = True
            self._commit(live, trial)
            return self._answer(live, seat=me)

    # --- a game between two people in two browsers ---------------------------------

    def invitation(self, player: str, game_id: str, token: Any) -> Invitation:
        """What an invitation tells whoever opens it, before they choose a name: the
        game and who invites them. Only a live, unused invitation says anything: a
        used one, a wrong token and an unknown id all get the same "no such game"
        (to anyone but its two people the game does not exist)."""
        record = self._invited(player, game_id, token)
        inviter = (record.meta.get("names") or [None])[0]
        return {
            "game": record.game,
            "title": game_class(record.game).title,
            "inviter": str(inviter) if inviter else None,
            "seated": policy.seat_of(record, player) is not None,
        }

    def join(self, player: str, game_id: str, token: Any, name: str | None = None) -> Answer:
        """Take the second seat of a friend's game with its invitation token (the first
        to open it takes it); its two people opening their link again just see the game.
        Without the right token, or once the seat is taken, the game does not exist."""
        record = self._invited(player, game_id, token)
        if policy.seat_of(record, player) is not None:
            return self.get(player, game_id)
        chosen = friends.check_name(name, "Player 2")
        with self._open(record.player, game_id) as live:
            if not friends.seat_open(live.record):  # taken meanwhile
                raise NotFoundError(_NO_GAME.format(game_id))
            trial = _copy_live(live)
            trial.record.guest = player
            names = list(trial.record.meta.get("names") or [None, None])
            trial.record.meta["names"] = [names[0], chosen]
            self._commit(live, trial)
            return self._answer(live, seat=1)

    def _invited(self, player: str, game_id: str, token: Any) -> GameRecord:
        """The friend's game ``player`` sits at, or whose open seat ``token`` invites
        them to; else the same NotFoundError as for an id that does not exist."""
        record = self.store.get(game_id)
        if record is None or record.opponent != FRIEND:
            raise NotFoundError(_NO_GAME.format(game_id))
        if policy.seat_of(record, player) is not None:
            return record
        if not friends.token_matches(record, token) or not friends.seat_open(record):
            raise NotFoundError(_NO_GAME.format(game_id))
        return record

    def seat_computer(self, player: str, game_id: str, level: str | None = None) -> Answer:
        """Sit the computer (``level``, else the strongest) in the other seat of a
        friend's game: one nobody took yet, or one whose person has been away for
        the stated time. Its person may take it back (:meth:`take_seat`)."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            table = self._table(live, me)
            if not table["can_seat_computer"]:
                raise IllegalMoveError(
                    "the computer can sit only in a free seat, or one whose player has been "
                    f"away for {full_duration_words(self.away_seconds)}"
                )
            levels = player_levels(live.record.game)
            level = level or policy.default_level(live.record.game)
            if level not in levels:
                raise InvalidOptionError(
                    f"unknown level {quoted(level)}: the levels are {', '.join(levels)}"
                )
            trial = _copy_live(live)
            computers = dict(trial.record.meta.get("computer") or {})
            computers[str(1 - me)] = level
            trial.record.meta["computer"] = computers
            trial.record.meta.pop("pause", None)
            told_before = len(trial.turns)
            steps = self._computer_turns(trial)
            self._commit(live, trial)
            return self._answer(live, computer=steps, since=told_before, seat=me)

    def take_seat(self, player: str, game_id: str) -> Answer:
        """Take back one's own seat from the computer (it sat there while one was away)."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            if me not in policy.computer_seats(live.record) or live.game.outcome is not None:
                raise IllegalMoveError("your seat is yours already")
            trial = _copy_live(live)
            computers = dict(trial.record.meta.get("computer") or {})
            computers.pop(str(me))
            trial.record.meta["computer"] = computers
            self._commit(live, trial)
            return self._answer(live, seat=me)

    def claim(self, player: str, game_id: str) -> Answer:
        """Claim the win over an opponent away for the stated time: they resign."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            wait = self._table(live, me)["claim_in"]
            if wait is None and live.game.outcome is None and live.game.to_move == me:
                # the clock runs only on the absent player's turn (friends.claim_in): the
                # sentence below said "the other player is here" of a friend away
                raise IllegalMoveError(
                    "there is no win to claim on your own move: the other player's time "
                    "away counts only while it is their turn"
                )
            if wait is None:
                raise IllegalMoveError(
                    "there is no win to claim: the other player is here, the game is over or "
                    "paused, or the computer plays"
                )
            if wait > 0:
                raise IllegalMoveError(
                    f"the other player may still come back: you can claim the win in "
                    f"{full_duration_words(wait)}"
                )
            trial = _copy_live(live)
            other = 1 - me
            trial.game.resign(other)
            trial.turns.append(
                _Turn("resign", other, tuple([Event("resign", who=other)] for _ in _seats(trial)))
            )
            trial.record.meta["claimed"] = me
            self._commit(live, trial)
            return self._answer(live, seat=me)

    def pause(self, player: str, game_id: str, on: bool = True) -> Answer:
        """Ask for a pause, or agree to the other's: a paused game cannot be claimed
        by either side however long both are away; whoever plays on ends it.
        ``on`` False withdraws the request or ends the pause."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            if live.game.outcome is not None:
                raise GameOverError("the game is over: there is nothing to pause")
            pause = dict(live.record.meta.get("pause") or {})
            if on and not pause.get("paused"):
                asked = pause.get("asked")
                pause = {"paused": True} if asked is not None and asked != me else {"asked": me}
            elif not on:
                pause = {}
            trial = _copy_live(live)
            if pause:
                trial.record.meta["pause"] = pause
            else:
                trial.record.meta.pop("pause", None)
            self._commit(live, trial)
            return self._answer(live, seat=me)

    def next_game(self, player: str, game_id: str) -> Answer:
        """The game after a finished one, with the same options and people: the next of
        a series (totals kept, the other starts) or a new deal or match.

        At a friend's game both must agree, as a rematch on lichess: whoever asks first
        offers it (the answer is the finished game, its ``live.rematch`` the offer, and
        the other is told "Bob offers a rematch."); the other's request accepts it and
        makes the game (``live.next`` then tells both, and a later request finds it).
        It moved the other person into the next game unasked. The computer in the other
        seat has no say: the game is made at once."""
        for _ in range(3):
            with self._open(player, game_id) as live:
                me = policy.seat_of(live.record, player) or 0
                following = live.record.meta.get("next")
                if following is None:
                    if not policy.is_final(live.record, live.game):
                        raise GameNotOverError("the next game comes once this one is over for good")
                    said = live.record.meta.get("rematch") or {}
                    asks = live.record.opponent == FRIEND and friends.rematch_waits(live.record, me)
                    if asks and said.get("offered") != 1 - me:  # not the other's offer: make one
                        if said.get("offered") != me:  # (asked twice: the same offer)
                            trial = _copy_live(live)
                            trial.record.meta["rematch"] = {"offered": me}
                            try:
                                self._commit(live, trial)
                            except StaleRecordError:
                                continue
                        return self._answer(live, seat=me)
                    record = self._following(live)
                    trial = _copy_live(live)
                    trial.record.meta["next"] = record.id
                    if said.get("offered") == 1 - me:
                        trial.record.meta["rematch"] = {"accepted": me}
                    try:
                        self._commit(live, trial)
                    except StaleRecordError:
                        continue  # the other made it first, perhaps on another server
                    game = new_game(
                        record.game, seed=record.seed, deck=None, options=record.options
                    )
                    made = _Live(record, game, [], _opening(game))
                    _start_clock(record)
                    self._computer_turns(made)
                    _sync(record, game)
                    self.store.insert(record)
                    self._remember(made)
                    following = record.id
            # (at one table naming no seat: the next game's screen is handed over first)
            return self.get(player, following, None if live.record.opponent == HUMAN else me)
        raise StaleRecordError("the game changed meanwhile: try again")

    def decline_next(self, player: str, game_id: str) -> Answer:
        """Withdraw one's offer of the next game at a friend's table, or decline the
        other's: nothing starts, the other is told, and either may offer again."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            offered = (live.record.meta.get("rematch") or {}).get("offered")
            if offered is None or live.record.meta.get("next") is not None:
                raise IllegalMoveError("there is no offer of a next game to withdraw or decline")
            trial = _copy_live(live)
            trial.record.meta["rematch"] = {"withdrawn" if offered == me else "declined": me}
            self._commit(live, trial)
            return self._answer(live, seat=me)

    def _following(self, live: _Live) -> GameRecord:
        """The record of the game after ``live`` (same people, names and computer)."""
        before = live.record
        cls = game_class(before.game)
        options = dict(before.options)
        meta: dict[str, Any] = {
            k: before.meta[k] for k in ("names", "computer", "invite") if k in before.meta
        }
        if cls.series:
            meta["series"] = _series_after(live, before.game)
            if cls.first_option is not None:
                options[cls.first_option] = meta["series"]["first"]
        return GameRecord(
            id=new_id(),
            player=before.player,
            guest=before.guest,
            game=before.game,
            options=policy.resolve(cls, options, False),
            seed=random_seed(),
            opponent=before.opponent,
            meta=meta,
        )

    def present(self, game_id: str, seats: list[int], online: bool) -> None:
        """The people of ``seats`` came to the table (or left it): stored for every app
        server, and told to the other person. The caller has checked their seats."""
        self.store.touch(game_id, seats, online)
        self.bus.publish(game_id)

    def news(
        self, player: str, game_id: str, known: list[str] | None, stamp: str | None
    ) -> tuple[Answer | None, list[str], str]:
        """What a connected person has not been shown yet, given the moves they know
        (``known``; None: nothing yet) and the table they saw (``stamp``): an answer
        whose ``computer_moves`` are the other side's moves since, to be shown as the
        computer's are, or None when nothing changed for them; with the moves and the
        table to remember for next time. Moves the person made themselves (their own
        answers showed them) are in the log, not among the steps, and still told (a
        second tab of the same person keeps up); a move taken back sends the whole
        game again."""
        with self._open(player, game_id) as live:
            me = self._friend_seat(live, player)
            history = [t.move for t in live.turns]
            same = known is not None and history[: len(known)] == known
            steps: list[Step] = []
            message = None
            if known is not None and same:
                causes = _causes(live)
                for index in range(len(known), len(history)):
                    if causes[index] != me:
                        steps.append(self._step_at(live, index, me))
            elif known is not None:
                # Either person's undo (or this person's, in another tab): whose and
                # which moves, as this person was told them.
                kept = next(
                    (n for n, (a, b) in enumerate(zip(known, history, strict=False)) if a != b),
                    min(len(known), len(history)),
                )
                back = live.record.meta.get("taken_back") or {}
                told = back.get("told") if back.get("at") == kept else None
                message = told[me] if told else "A move was taken back."
            since = len(known) if known is not None and same else None
            answer = self._answer(live, computer=steps, since=since, seat=me, message=message)
            table = answer["live"]
            assert table is not None
            fresh = friends.stamp(table)
            if same and len(history) == len(known or ()) and fresh == stamp:
                return None, history, fresh
            return answer, history, fresh

    def _friend_seat(self, live: _Live, player: str) -> int:
        seat = policy.seat_of(live.record, player)
        if live.record.opponent != FRIEND or seat is None:
            raise InvalidOptionError("this is for a game against a friend")
        return seat

    def _table(self, live: _Live, seat: int) -> Any:
        presence = self.store.presence(live.record.id)
        return friends.live_table(live.record, live.game, seat, presence, now(), self.away_seconds)

    def _step_at(self, live: _Live, index: int, seat: int) -> Step:
        """Move ``index`` of the game as ``seat`` sees it, with the table after it."""
        turn = live.turns[index]
        names = policy.names(live.record, seat)
        after = min(index + 1, len(live.game.moves))
        view = live.game.view_before(after, seat)
        return {
            "move": turn.move,
            "text": _told(turn, seat, names),
            "events": _event_data(turn.events[seat], names),
            "view": view,
            "hand_end": hands.hand_end(turn.events[seat], view, names, seat),
            "counts": policy.counts(live.record, view, seat),
            "counts_narrow": policy.counts_narrow(live.record, view, seat),
        }

    # --- saves and the local person ---------------------------------------------

    def local_player(self) -> str:
        """The person who plays at this machine (terminal front ends): a stored
        setting, first taken from the player of the most recent game in the store
        (the browser's, so its games show in that browser's list), else a new id."""
        recent = sorted(self.store.unfinished(), key=lambda r: r.updated, reverse=True)
        default = recent[0].player if recent else secrets.token_urlsafe(16)
        return self.store.setting(LOCAL_PLAYER_SETTING, default)

    def save(self, player: str, game_id: str) -> str:
        """A save file of the game (see :mod:`parlour.service.saves`: the deal of a game
        that can go on is sealed, unless the saver chose it)."""
        with self._open(player, game_id) as live:
            game = live.game.copy()
            kept = {k: v for k, v in live.record.meta.items() if k not in _NOT_SAVED}
            game.meta = {"opponent": live.record.opponent, **kept}
            seat = policy.seat_of(live.record, player) or policy.PERSON
            plain = policy.is_final(live.record, game) or policy.chose_the_deal(live.record, seat)
            if not plain and not self.store.keeps:
                raise saves.SaveRefusedError(
                    "cannot save this game: its deal would be sealed with a key kept in the "
                    "store, and this store keeps nothing (:memory:), so no machine could "
                    "load the save; play with a store on disk, or choose the deal (a seed), "
                    "whose save is plain"
                )
            data = saves.save_data(game, plain, self._save_key())
            return json.dumps(data, indent=1) + "\n"

    def load(
        self,
        player: str,
        text: str | bytes,
        opponent: str | None = None,
        *,
        people: Collection[str] = (HUMAN, FRIEND),
    ) -> Answer:
        """A saved game, as a new game of ``player`` in the store (its moves replayed).
        ``opponent`` replaces the saved one: a computer level or one of ``people`` (the
        opponents that are people the caller can seat; the terminal has no invitations)."""
        data = saves.open_save(text, self._save_key())
        game = load_game(data)
        meta = dict(game.meta)
        saved_opponent = meta.pop("opponent", None)
        meta.pop("progress", None)  # "final" stays: a patience left for good stays left
        cls = game_class(game.name)
        if opponent:
            opponent = policy.check_opponent(cls, opponent, people)
        else:
            policy.check_seatable(cls, saved_opponent, people)
        opponent = policy.check_opponent(cls, opponent or saved_opponent)
        meta.pop("deck", None)  # the deal is the one the save's moves were replayed on
        if game.deck is not None:
            meta["deck"] = game.deck
        policy.check_stored_seed(game.seed)
        meta.pop(LOADED_OVER, None)
        if game.is_over:  # counted where it was played: loading it again adds no game
            meta[LOADED_OVER] = True
        for key in friends.LIVE_KEYS:  # an older save's open the game it was saved from
            meta.pop(key, None)
        if opponent == FRIEND:  # a new game: its own invitation, for whom its owner sends
            meta["invite"] = friends.new_token()
        record = GameRecord(
            id=new_id(),
            player=player,
            game=cls.name,
            options=game.options,
            seed=game.seed,
            opponent=opponent,
            moves=game.moves,
            resigned_by=game.resigned_by,
            meta=meta,
        )
        return self._begin(_rebuild_live(record))

    def text(
        self,
        player: str,
        game_id: str,
        seat: int | None = None,
        colour: bool = False,
        counts: bool = True,
    ) -> str:
        """The position as text for a terminal, as the person in ``seat`` may see it,
        with the counts after it (``counts``: a match's scores, Chinese Patience's cards
        left); without them where the end of the game is told next, whose facts give
        the final totals ("Match to 500: you 0, the computer 0" once, not twice)."""
        with self._open(player, game_id) as live:
            viewer = policy.viewer(live.record, live.game, self._seat(live, player, seat))
            named = policy.names(live.record, viewer)
            # both seats named as the sentences name them: at two people's one table
            # nobody is "you" ("Player 2's discard pile", as the status says), else
            # the reader is "you" and the other "the computer" or a friend's name
            you, other = named.subject(viewer), named.subject(1 - viewer)
            # The end is the service's to tell, once, in its words (answer["end"]):
            # the board without its "game over: you resigned" above "You resigned."
            # and its scores, which the counts below name as every table names the seats
            # its notes said as sentences ("Twist allowed, end not allowed" was shown)
            text = board_sentences(
                live.game.render_for(viewer, colour, other=other, end=False, scores=False, you=you)
            )
            view = policy.view(live.record, live.game, viewer)
            told = policy.counts(live.record, view, viewer) if counts else None
            return f"{text}\n{told}" if told else text

    def _save_key(self) -> str:
        return self.store.setting("save_key", saves.new_key())

    # --- lists --------------------------------------------------------------------

    def list_games(self, player: str) -> list[GameSummary]:
        records = [self._with_progress(r) for r in self.store.list_player(player)]
        return [policy.summary(r, policy.seat_of(r, player) or 0) for r in records]

    def unfinished(self) -> list[GameSummary]:
        """Every unfinished game in the store, most recently played first (a local
        front end resumes any of them)."""
        records = sorted(self.store.unfinished(), key=lambda r: r.updated, reverse=True)
        return [policy.summary(self._with_progress(r)) for r in records]

    def stats(self, player: str) -> dict[str, Any]:
        return player_stats(self.store.list_player(player), player)

    def clear_history(self, player: str) -> int:
        """Forget a player's finished games (statistics included); games in play stay.
        A friend's game stays with its owner: only the owner can forget it."""
        return self.store.delete_finished(player)

    # --- internals ----------------------------------------------------------------

    def _with_progress(self, record: GameRecord) -> GameRecord:
        """``record`` with its progress (cards home) worked out by replaying it when it
        has none: a game stored before records kept it, so that the list of games says
        how far it got before it is played again. Nothing is written back (the next
        move stores it); the replay's result is kept for this version of the record."""
        if record.finished or "progress" in record.meta:
            return record
        key = (record.id, record.version)
        if key not in self._replayed:
            with contextlib.suppress(ParlourError):  # one no engine can replay shows none
                self._replayed[key] = rebuild(record).state.progress()
            while len(self._replayed) > _REPLAYED_KEPT:
                self._replayed.popitem(last=False)
        if key in self._replayed:
            record.meta["progress"] = self._replayed[key]
        return record

    def _computer_turns(self, live: _Live) -> list[Step]:
        """Play the computer's moves until a person is to move or the game ends."""
        steps: list[Step] = []
        record, game = live.record, live.game
        if record.opponent in (None, HUMAN):
            return steps
        if record.opponent == FRIEND and friends.paused(record):
            return steps
        last: tuple[int, Player] | None = None
        while game.outcome is None and not policy.is_person(record, game.to_move):
            if len(steps) >= MAX_COMPUTER_MOVES:
                raise ParlourError("the computer player did not finish its turn")
            seat = game.to_move
            if last is not None and last[0] == seat and not observes(last[1]):
                # The rest of a turn of several moves (Chinese Patience) is played by
                # the player that began it, which follows the plan it made then instead
                # of searching again at every move (a 27-move turn once took 6 s). The
                # whole turn is made in this one call, so its moves stay the same.
                computer = last[1]
            else:
                # A fresh player per turn, seeded by the game and the move number and
                # told the game so far from its own views, so a restarted server (or an
                # undo and redo) makes exactly the same reply, with what it had learnt.
                computer = live.recall.player(
                    game,
                    policy.computer_level(record, seat),
                    derived_seed(record.seed, f"web-move-{len(game.moves)}"),
                    seat,
                )
            last = (seat, computer)
            choice = computer.choose(game.view(seat), game.legal_moves())
            _play(live, choice)
            steps.append(self._step(live))
        return steps

    def _step(self, live: _Live, seat: int | None = None, names: Names | None = None) -> Step:
        """The last move as a person sees it, with the table after it, for front ends
        to show move by move; ``names`` words it for another reader than the seat's
        own (the solver's line, told as the solver's)."""
        viewer = policy.viewer(live.record, live.game, seat)
        turn = live.turns[-1]
        names = names or policy.names(live.record, viewer)
        view = policy.view(live.record, live.game, viewer)
        return {
            "move": turn.move,
            "text": _told(turn, viewer, names),
            "events": _event_data(turn.events[viewer], names),
            "view": view,
            "hand_end": hands.hand_end(turn.events[viewer], view, names, viewer),
            "counts": policy.counts(live.record, view, viewer),
            "counts_narrow": policy.counts_narrow(live.record, view, viewer),
        }

    def _commit(self, live: _Live, trial: _Live) -> None:
        """Store the changed game; only then does the cache take it (and the people
        at a friend's game hear of it, whichever server they are on)."""
        _sync(trial.record, trial.game)
        _clock(live, trial.record)
        self.store.update(trial.record)
        live.record, live.game, live.turns = trial.record, trial.game, trial.turns
        if live.record.opponent == FRIEND:
            self.bus.publish(live.record.id)

    def _answer(
        self,
        live: _Live,
        computer: list[Step] | None = None,
        message: str | None = None,
        since: int | None = None,
        seat: int | None = None,
        played: Step | None = None,
        meanwhile: bool = False,
    ) -> Answer:
        """The answer for ``seat``; its log holds the moves after the first ``since``
        (None: the whole game, how it began included); with ``meanwhile`` (the screen
        taken at one table) it says what the other did since the reader last moved."""
        record, game = live.record, live.game
        viewer = policy.viewer(record, game, seat)
        names = policy.names(record, viewer)
        log: list[LogEntry] = []
        if since is None and live.opening and live.opening[viewer]:
            events = live.opening[viewer]
            log.append(
                {
                    "n": 0,
                    "who": "table",
                    "move": "",
                    "text": " ".join(sentences(events, names)),
                    "events": _event_data(events, names),
                }
            )
        told = since or 0
        for n, turn in enumerate(live.turns[told:], start=told + 1):
            events = turn.events[viewer]
            log.append(
                {
                    "n": n,
                    "who": policy.who_word(record, viewer, turn.mover),
                    "move": turn.move,
                    "text": _told(turn, viewer, names),
                    "events": _event_data(events, names),
                }
            )
        stats = None
        if game.outcome is not None and record.opponent == HUMAN:
            # two people's games at one table are kept apart from the owner's own
            line = one_table_stats(self.store.list_player(record.player), record.game)
            stats = line[0] if line else None
        elif game.outcome is not None:
            player = record.player if viewer == 0 or record.guest is None else record.guest
            stats = game_stats(self.store.list_player(player), record.game, player)
        table = None
        if record.opponent == FRIEND:
            presence = self.store.presence(record.id)
            table = friends.live_table(record, game, viewer, presence, now(), self.away_seconds)
        return policy.answer(
            record,
            game,
            viewer,
            log=log,
            log_start=0 if since is None else since + 1,
            computer=computer or [],
            message=message,
            stats=stats,
            played=played,
            ending=live.turns[-1].events[viewer] if live.turns else [],
            told=_told_to(live, viewer),
            live=table,
            meanwhile=_meanwhile(live, viewer, names) if meanwhile else None,
            finish=_finish(live),
        )


def _series_after(live: _Live, name: str) -> dict[str, Any]:
    """Series totals after the finished game of ``live``; the first player alternates."""
    record, game = live.record, live.game
    cls = game_class(record.game)
    if record.game != name or not cls.series:
        playable = ", ".join(n for n in game_names() if game_class(n).series)
        raise WrongGameError(
            f"only {playable} is played in series, game after game of the same kind "
            f"(not {record.game} then {name})"
        )
    if not policy.is_final(record, game):
        raise GameNotOverError("the series goes on once this game is over")
    totals = policy.series_totals(record, game)
    before = record.meta.get("series") or {"number": 1}
    opening = new_game(record.game, seed=record.seed, options=record.options)
    return {
        "totals": totals,
        "number": int(before["number"]) + 1,
        "first": 1 - opening.to_move,
    }


def _causes(live: _Live) -> list[int | None]:
    """For each told move, the person whose request made it: a person's own move is
    theirs; the computer's replies belong to the person who moved last before them
    (None before anyone did)."""
    causes: list[int | None] = []
    last: int | None = None
    for turn in live.turns:
        if policy.is_person(live.record, turn.mover):
            last = turn.mover
        causes.append(last)
    return causes


# --- the game's told history --------------------------------------------------------


def _seats(live: _Live) -> range:
    return range(live.game.players)


def _play(live: _Live, move: str) -> str:
    """Play a move and tell it: what it did, as each seat may know it."""
    game = live.game
    mover = game.to_move
    canonical = game.play(move)
    state = game.state
    live.turns.append(_Turn(canonical, mover, tuple(state.last_events(s) for s in _seats(live))))
    return canonical


def _event_data(events: Sequence[Event], names: Names) -> list[dict[str, Any]]:
    """Events as data, each with its own sentence (``text``), for a front end that shows
    one apart from its move (how a hand ended) in the words of the log."""
    return [{**event.to_dict(), "text": sentence(event, names)} for event in events]


def _told(turn: _Turn, viewer: int, names: Names) -> str:
    """A move as the sentences the reader is told."""
    return " ".join(sentences(turn.events[viewer], names))


def _meanwhile(live: _Live, seat: int, names: Names) -> str | None:
    """Two people at one table, ``seat`` taking the screen for their turn: the other's
    moves since ``seat`` last moved, as the log tells them to ``seat`` (so a card the
    other drew is not named). The cover hid the table while the screen was passed, and
    the log is out of sight on a phone: the next person would otherwise start their
    turn not knowing what the other just did. None when there is nothing to say."""
    game = live.game
    if live.record.opponent != HUMAN or game.outcome is not None or game.to_move != seat:
        return None
    theirs: list[_Turn] = []
    for turn in reversed(live.turns[: len(game.moves)]):
        if turn.mover == seat:
            break
        theirs.insert(0, turn)
    # said to the one taking the screen: "Player 2 plays green Skip. You lose your
    # turn.", where the shared log, read by both, says "Player 1 loses their turn"
    to_them = replace(names, viewer=seat, side=None)
    said = " ".join(text for turn in theirs if (text := _told(turn, seat, to_them)))
    return said or None


def _redo(live: _Live) -> str:
    game = live.game
    mover = game.to_move
    canonical = game.redo()
    state = game.state
    live.turns.append(_Turn(canonical, mover, tuple(state.last_events(s) for s in _seats(live))))
    return canonical


def _told_to(live: _Live, seat: int) -> list[list[Event]]:
    """What each move of the game told ``seat``, move by move."""
    return [turn.events[seat] for turn in live.turns[: len(live.game.moves)]]


def _opening(game: Game) -> tuple[list[Event], ...]:
    """What each seat is told before the first move."""
    return tuple(game.state.last_events(s) for s in range(game.players))


def _finish(live: _Live) -> list[str]:
    """The position's finish (``GameState.finishing_line``), searched once for all the
    positions along its line: the web table asks for its cards one request a card, and
    each answer offers the rest (``policy.finishes_along``)."""
    state = live.game.state
    if live.game.outcome is not None or not state.all_seen():
        return []
    key = state.key()
    if key not in live.finishes:
        live.finishes = policy.finishes_along(state)
    return live.finishes[key]


def _copy_live(live: _Live) -> _Live:
    """A trial copy to change: the cached game changes only once the store has it."""
    record = GameRecord(**{**live.record.__dict__, "meta": dict(live.record.meta)})
    return _Live(record, live.game.copy(), list(live.turns), live.opening, recall=live.recall)


def _rebuild_live(record: GameRecord) -> _Live:
    """The game a record describes: deal again, replay moves (telling them) and the
    redo stack, and the resignation."""
    game = new_game(
        record.game, seed=record.seed, deck=record.meta.get("deck"), options=record.options
    )
    live = _Live(record, game, [], _opening(game))
    for move in record.moves:
        _play(live, move)
    for move in reversed(record.future):
        game.play(move)
    for _ in record.future:
        game.undo()
    if record.resigned_by is not None:
        game.resign(record.resigned_by)
        live.turns.append(
            _Turn(
                "resign",
                record.resigned_by,
                tuple([Event("resign", who=record.resigned_by)] for _ in _seats(live)),
            )
        )
    return live


#: How many replayed records' progress a table keeps (a person's list is far shorter).
_REPLAYED_KEPT = 1024


def rebuild(record: GameRecord) -> Game:
    """The game a record describes (moves, redo stack and resignation replayed)."""
    return _rebuild_live(record).game


def _sync(record: GameRecord, game: Game) -> None:
    """Copy the game's history and result into its record."""
    record.moves = game.moves
    record.future = redo_stack(game)
    record.resigned_by = game.resigned_by
    outcome = game.outcome
    record.finished = outcome is not None
    record.outcome = None if outcome is None else outcome.to_dict()
    # how far the game has got: statistics read a finished game's, the list of games
    # one in play's (it is what the table shows: cards on the foundations)
    record.meta["progress"] = game.state.progress()
    if not record.finished:
        record.meta.pop("final", None)


def _start_clock(record: GameRecord) -> None:
    """A game dealt now is timed from now (``meta["time"]``: seconds played). A saved
    game loaded with moves and no time of its own is not: the time its moves took is
    not known, and the end of the game names its moves alone."""
    if not record.moves:
        record.meta.setdefault("time", 0.0)


def _clock(before: _Live, record: GameRecord) -> None:
    """Add the wait since the game's last write to its time played, while the game is
    in play (a verdict or a rematch asked after its end adds none): each wait counts up
    to :data:`PAUSE_COUNTED`. A friend's game is timed from when both are at the table:
    while its invitation waits to be opened (:func:`friends.seat_open`) nothing counts,
    so the friend's arrival (or the computer sat in the seat instead) adds no time
    (it added up to two minutes of waiting for the link to be opened)."""
    played = policy.played_seconds(record)
    if played is None or policy.is_final(before.record, before.game):
        return
    if before.record.opponent == FRIEND and friends.seat_open(before.record):
        return
    wait = min(max(now() - before.record.updated, 0.0), PAUSE_COUNTED)
    record.meta["time"] = round(played + wait, 1)


def redo_stack(game: Game) -> list[str]:
    """The moves ``redo`` would replay, in the engine's order (the next one last)."""
    trial = game.copy()
    ahead: list[str] = []
    while trial.can_redo:
        ahead.append(trial.redo())
    return ahead[::-1]


def _game_class(name: str, strict: bool) -> Any:
    cls = game_class(name)
    if strict and name != cls.name:
        raise UnknownGameError(
            f"unknown game {quoted(name)} (did you mean {cls.name}?): the games are "
            f"{', '.join(game_names())} (exactly so)"
        )
    return cls


def _taken_back(live: _Live, turns: list[_Turn], by: int) -> dict[str, Any]:
    """What each seat of a friend's game is told of moves ``by`` took back: who, and
    the moves as that seat was told them ("Ann took back 1 move: Ann plays red 7.");
    ``at``: how many moves were left (the point a person's known history forks)."""
    told = [_took_back(turns, seat, policy.names(live.record, seat), by) for seat in _seats(live)]
    return {"at": len(live.turns) - len(turns), "told": told}


def _took_back(turns: list[_Turn], seat: int, names: Names, by: int | None) -> str:
    """Moves taken back, as ``seat`` was told them. To the one who asked (``by``
    None) each move by its first sentence, told as past, in the words redo uses:
    "Took back 1 move: you played 7♠ from the stock to W3." (what the move turned up
    is no longer so); to the other person at a friend's game, whose and all they
    were told: "Ann took back 1 move: Ann plays red 7." """
    took = f"took back {moves_words(len(turns))}"
    if by is None:
        past = replace(names, past=True)
        return capitalised(took + moves_told((turn.events[seat] for turn in turns), past))
    took = f"{names.subject(by)} {took}"
    told = [sentences(turn.events[seat], names) for turn in turns]
    said = " ".join(" ".join(each) for each in told if each)
    return capitalised(f"{took}: {said}" if said else f"{took}.")


def _check_day(day: dt.date, deal: str) -> None:
    """A day names a deal of the day, and only one that is out: the deal of a later
    day would let a person practise it before everyone else plays it."""
    if deal != "daily":
        raise InvalidOptionError(f"a day ({day.isoformat()}) goes with the deal of the day only")
    today = dt.date.today()
    if day > today:
        raise InvalidOptionError(
            f"the deal of {day.isoformat()} is not out yet: the latest is today's ({today})"
        )
