"""The web app's game logic, free of HTTP: start, play, undo, hint, resign, list.

Every change is written to the store before the answer goes out, so a
restarted server rebuilds each game exactly by replaying its record. Live
:class:`Game` objects are cached in memory; the stored ``version`` tells the
cache when another app server has moved a game on.

What leaves this module is built only from ``Game.view(0)`` (the person is
player 0), move descriptions and the person's ``events(0)``: never the engine
state, never the seed of an unfinished game.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..ai import caught_up, make_player, player_levels
from ..ai import hint as ai_hint
from ..core.registry import game_class, game_names
from ..core.session import Game, new_game, random_seed
from ..errors import GameOverError, IllegalMoveError, ParlourError
from ..rng import stream_seed
from .stats import player_stats, progress
from .store import GameRecord, Store

__all__ = ["GameService", "NotFoundError"]

PERSON = 0
COMPUTER = 1
#: Games played in series with running totals (UNO's match lives inside its engine).
SERIES_GAMES = frozenset({"chinese-patience"})
#: How many moves the computer may make in one reply before the server gives up
#: (a safety net: every game's turns are finite, but a buggy player must not hang us).
MAX_COMPUTER_MOVES = 2000
#: Games kept in memory; older ones are rebuilt from the store when next opened.
CACHE_SIZE = 1000

_CARD = re.compile(r"^(?:[A2-9TJQK][CDHS]|[RGYB](?:[0-9]|S|D)|W4?)$")
_NOT_CARDS = {"legal_moves", "options", "calculator", "game"}


class NotFoundError(ParlourError):
    """No game with that id for this player (the same answer whether it exists or not)."""


def visible_cards(view: Any, key: str = "") -> Counter[str]:
    """The card names a view shows, with multiplicity (legal move strings excluded)."""
    found: Counter[str] = Counter()
    if key in _NOT_CARDS:
        return found
    if isinstance(view, dict):
        for k, v in view.items():
            found += visible_cards(v, str(k))
    elif isinstance(view, list):
        for item in view:
            found += visible_cards(item, key)
    elif isinstance(view, str) and _CARD.match(view):
        found[view] += 1
    return found


class _Live:
    """A game in memory with its record and a lock for its requests."""

    def __init__(self, record: GameRecord, game: Game) -> None:
        self.record = record
        self.game = game
        self.lock = threading.Lock()


def new_id() -> str:
    return secrets.token_urlsafe(12)


class GameService:
    """Games of every player, stored as they are played."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._lock = threading.Lock()

    # --- catalogue ------------------------------------------------------------

    def catalog(self) -> list[dict[str, Any]]:
        """The games, their options and computer levels, for the new-game form."""
        result = []
        for name in game_names():
            cls = game_class(name)
            levels = player_levels(name) if cls.players == 2 else []
            result.append(
                {
                    "name": name,
                    "title": cls.title,
                    "summary": cls.summary,
                    "players": cls.players,
                    "levels": levels,
                    "default_level": default_level(name) if levels else None,
                    "options": [
                        {
                            "name": spec.name,
                            "type": spec.kind.__name__,
                            "default": spec.default,
                            "help": spec.help,
                            "choices": None if spec.choices is None else list(spec.choices),
                            "minimum": spec.minimum,
                        }
                        for spec in cls.option_specs
                    ],
                    "help": cls.help_text,
                }
            )
        return result

    # --- loading ----------------------------------------------------------------

    @contextmanager
    def _open(self, player: str, game_id: str) -> Iterator[_Live]:
        """The live game, current with the store and locked, if ``player`` owns it."""
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
        if live is None:
            record = self.store.get(game_id)
            if record is None or record.player != player:
                raise NotFoundError(f"no game {game_id!r} here: start one or pick a saved one")
            live = self._remember(_Live(record, rebuild(record)))
        if live.record.player != player:
            raise NotFoundError(f"no game {game_id!r} here: start one or pick a saved one")
        with live.lock:
            stored = self.store.version(game_id)
            if stored is not None and stored != live.record.version:
                record = self.store.get(game_id)
                assert record is not None
                live.record, live.game = record, rebuild(record)
            yield live

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
                game = rebuild(record)
            except ParlourError:
                continue
            self._remember(_Live(record, game))
            count += 1
        return count

    # --- actions ------------------------------------------------------------------

    def start(
        self,
        player: str,
        name: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        opponent: str | None = None,
        series_of: str | None = None,
    ) -> dict[str, Any]:
        cls = game_class(name)
        options = dict(options or {})
        meta: dict[str, Any] = {}
        if series_of is not None:
            meta["series"] = self._next_in_series(player, series_of, cls.name)
            options["first"] = meta["series"]["first"]
        if seed is None:
            seed = random_seed()
        if cls.players == 2:
            levels = player_levels(cls.name)
            if opponent is None:
                opponent = default_level(cls.name)
            if opponent not in levels:
                raise ParlourError(
                    f"unknown opponent {opponent!r} for {cls.name}: the levels are "
                    + ", ".join(levels)
                )
        elif opponent is not None:
            raise ParlourError(f"{cls.name} is a one-player game: it takes no opponent")
        game = new_game(cls.name, seed=seed, options=options)
        record = GameRecord(
            id=new_id(),
            player=player,
            game=cls.name,
            options=game.options,
            seed=seed,
            opponent=opponent,
            meta=meta,
        )
        steps = self._computer_turns(record, game)
        self._sync(record, game)
        self.store.insert(record)
        self._remember(_Live(record, game))
        return self._answer(record, game, computer=steps)

    def _next_in_series(self, player: str, previous: str, name: str) -> dict[str, Any]:
        """Series totals after the finished game ``previous``; the first player alternates."""
        with self._open(player, previous) as live:
            record, game = live.record, live.game
            if record.game != name or name not in SERIES_GAMES:
                raise ParlourError(
                    f"only {', '.join(sorted(SERIES_GAMES))} is played in series, "
                    f"game after game of the same kind (not {record.game} then {name})"
                )
            outcome = game.outcome
            if outcome is None:
                raise ParlourError("the series goes on once this game is over")
            before = record.meta.get("series") or {"totals": [0, 0], "number": 1}
            totals = list(before["totals"])
            if outcome.winner is not None and outcome.score is not None:
                totals[outcome.winner] += outcome.score
            opening = new_game(record.game, seed=record.seed, options=record.options)
            return {
                "totals": totals,
                "number": int(before["number"]) + 1,
                "first": 1 - opening.to_move,
            }

    def get(self, player: str, game_id: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            return self._answer(live.record, live.game)

    def play(self, player: str, game_id: str, move: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            game, record = live.game, live.record
            trial = game.copy()
            if trial.outcome is None and trial.to_move != PERSON:
                raise IllegalMoveError("it is not your turn")
            before = visible_cards(trial.view(PERSON))
            parsed = trial.parse(move)
            text = trial.state.describe(parsed)
            canonical = trial.play(move)
            mine = {"move": canonical, "text": text, "events": trial.state.events(PERSON)}
            self._note_reveal(record, trial, before)
            steps = self._computer_turns(record, trial)
            self._commit(live, trial)
            return self._answer(live.record, live.game, computer=steps, played=mine)

    def undo(self, player: str, game_id: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            game, record = live.game, live.record
            if not game.can_undo:
                raise IllegalMoveError("nothing to undo: no move has been played")
            trial = game.copy()
            if trial.resigned_by is not None:
                undone = [trial.undo()]
            else:
                target = self._undo_target(record, trial)
                undone = []
                while len(trial.moves) > target:
                    undone.append(trial.undo())
            self._commit(live, trial)
            return self._answer(live.record, live.game, message="undone: " + ", ".join(undone))

    def _undo_target(self, record: GameRecord, game: Game) -> int:
        """How many moves stay after undoing the person's last move (and the replies to it)."""
        moves = game.moves
        target = len(moves) - 1
        if record.opponent is not None:
            # Step back over the computer's replies to the person's own move.
            trial = game.copy()
            trial.undo()
            while trial.can_undo and trial.to_move != PERSON:
                trial.undo()
            target = len(trial.moves)
            if target < record.undo_floor:
                raise IllegalMoveError(
                    "cannot undo against the computer: that would take back a move that "
                    "showed you a card you could then see again"
                )
        return target

    def redo(self, player: str, game_id: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            game, record = live.game, live.record
            if not game.can_redo:
                raise IllegalMoveError("nothing to redo")
            trial = game.copy()
            redone = [trial.redo()]
            if record.opponent is not None:
                while trial.can_redo and trial.outcome is None and trial.to_move != PERSON:
                    redone.append(trial.redo())
                self._computer_turns(record, trial)
            self._commit(live, trial)
            return self._answer(live.record, live.game, message="redone: " + ", ".join(redone))

    def hint(self, player: str, game_id: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            game = live.game
            if game.outcome is not None:
                raise GameOverError(f"the game is over ({game.outcome}): there is nothing to hint")
            if game.to_move != PERSON:
                raise IllegalMoveError("it is not your turn")
            found = ai_hint(game)
            return {"move": found.move, "reason": found.reason}

    def resign(self, player: str, game_id: str) -> dict[str, Any]:
        with self._open(player, game_id) as live:
            trial = live.game.copy()
            trial.resign(PERSON)
            self._commit(live, trial)
            return self._answer(live.record, live.game)

    def list_games(self, player: str) -> list[dict[str, Any]]:
        return [summary(r) for r in self.store.list_player(player)]

    def stats(self, player: str) -> dict[str, Any]:
        return player_stats(self.store.list_player(player))

    # --- internals --------------------------------------------------------------------

    def _note_reveal(self, record: GameRecord, game: Game, before: Counter[str]) -> None:
        """Against the computer, a move that showed the person a new card can't be undone."""
        if record.opponent is None:
            return
        after = visible_cards(game.view(PERSON))
        if after - before:
            record.undo_floor = len(game.moves)

    def _computer_turns(self, record: GameRecord, game: Game) -> list[dict[str, Any]]:
        """Play the computer's moves until it is the person's turn or the game ends."""
        steps: list[dict[str, Any]] = []
        if record.opponent is None:
            return steps
        while game.outcome is None and game.to_move == COMPUTER:
            if len(steps) >= MAX_COMPUTER_MOVES:
                raise ParlourError("the computer player did not finish its turn")
            before = visible_cards(game.view(PERSON))
            # A fresh player per move, seeded by the game and the move number and told
            # the game so far from its own views, so a restarted server (or an undo and
            # redo) makes exactly the same reply, with what the player had learnt.
            computer = make_player(
                record.game,
                record.opponent,
                seed=stream_seed(record.seed, f"web-move-{len(game.moves)}"),
                seat=COMPUTER,
            )
            caught_up(computer, game, COMPUTER)
            choice = computer.choose(game.view(COMPUTER), game.legal_moves())
            text = game.state.describe(game.state.parse_move(choice))
            game.play(choice)
            self._note_reveal(record, game, before)
            steps.append(
                {
                    "move": choice,
                    "text": text,
                    "events": game.state.events(PERSON),
                    "view": self._view(game),
                }
            )
        return steps

    def _sync(self, record: GameRecord, game: Game) -> None:
        """Copy the game's history and result into its record."""
        record.moves = game.moves
        record.future = redo_stack(game)
        record.resigned_by = game.resigned_by
        record.undo_floor = min(record.undo_floor, len(record.moves))
        outcome = game.outcome
        record.finished = outcome is not None
        record.outcome = None if outcome is None else outcome.to_dict()
        if record.finished:
            record.meta["progress"] = progress(record.game, game.view(PERSON))

    def _commit(self, live: _Live, game: Game) -> None:
        """Store the changed game; only then does the cache take it."""
        record = GameRecord(**{**live.record.__dict__, "meta": dict(live.record.meta)})
        self._sync(record, game)
        self.store.update(record)
        live.record, live.game = record, game

    def _view(self, game: Game) -> dict[str, Any]:
        return game.view(PERSON)

    def _answer(
        self,
        record: GameRecord,
        game: Game,
        computer: list[dict[str, Any]] | None = None,
        played: dict[str, Any] | None = None,
        message: str | None = None,
    ) -> dict[str, Any]:
        outcome = game.outcome
        cls = game_class(record.game)
        answer: dict[str, Any] = {
            "id": record.id,
            "game": record.game,
            "title": cls.title,
            "players": cls.players,
            "opponent": record.opponent,
            "options": record.options,
            "view": self._view(game),
            "to_move": game.to_move,
            "your_turn": outcome is None and game.to_move == PERSON,
            "moves_played": len(game.moves),
            "can_undo": game.can_undo and _undo_allowed(record, game),
            "can_redo": game.can_redo,
            "outcome": None if outcome is None else outcome.to_dict(),
            "result": None if outcome is None else result_for_person(outcome.to_dict()),
            "progress": progress(record.game, game.view(PERSON)),
            "computer_moves": computer or [],
            "played": played,
            "message": message,
            "created": record.created,
            "updated": record.updated,
            "series": _series_now(record, game),
        }
        if outcome is not None:
            answer["seed"] = record.seed  # the deal may be shown once the game is over
        return answer


def _series_now(record: GameRecord, game: Game) -> dict[str, Any] | None:
    """Running totals of a two-player series, this game included once it is over."""
    if record.game not in SERIES_GAMES:
        return None
    series = record.meta.get("series") or {"totals": [0, 0], "number": 1}
    totals = list(series["totals"])
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None and outcome.score is not None:
        totals[outcome.winner] += outcome.score
    return {"number": series["number"], "totals": totals}


def _undo_allowed(record: GameRecord, game: Game) -> bool:
    if game.resigned_by is not None or record.opponent is None:
        return True
    trial = game.copy()
    trial.undo()
    while trial.can_undo and trial.to_move != PERSON:
        trial.undo()
    return len(trial.moves) >= record.undo_floor


def default_level(name: str) -> str:
    levels = player_levels(name)
    return "strong" if "strong" in levels else levels[-1]


def result_for_person(outcome: dict[str, Any]) -> str:
    """'won', 'lost', 'draw' or 'resigned', from the person's side of the table."""
    result = str(outcome.get("result"))
    winner = outcome.get("winner")
    if result == "resigned":
        return "resigned"
    if winner is not None:
        return "won" if winner == PERSON else "lost"
    if result in ("won", "draw"):
        return result
    return "lost"


def rebuild(record: GameRecord) -> Game:
    """The game a record describes: deal again, replay moves and the redo stack."""
    game = new_game(record.game, seed=record.seed, options=record.options)
    for move in record.moves:
        game.play(move)
    for move in reversed(record.future):
        game.play(move)
    for _ in record.future:
        game.undo()
    if record.resigned_by is not None:
        game.resign(record.resigned_by)
    return game


def summary(record: GameRecord) -> dict[str, Any]:
    """One line of the saved-games list (no seed while the game is in play)."""
    cls = game_class(record.game)
    data: dict[str, Any] = {
        "id": record.id,
        "game": record.game,
        "title": cls.title,
        "opponent": record.opponent,
        "options": record.options,
        "moves_played": len(record.moves),
        "created": record.created,
        "updated": record.updated,
        "finished": record.finished,
        "outcome": record.outcome,
        "result": None if record.outcome is None else result_for_person(record.outcome),
    }
    if record.finished:
        data["seed"] = record.seed
    return data


def redo_stack(game: Game) -> list[str]:
    """The moves ``redo`` would replay, in the engine's order (the next one last)."""
    trial = game.copy()
    ahead: list[str] = []
    while trial.can_redo:
        ahead.append(trial.redo())
    return ahead[::-1]
