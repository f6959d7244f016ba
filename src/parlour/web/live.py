"""Live play between two people over WebSockets (FastAPI's own).

``/api/games/{id}/live`` is the line between a browser and its seat at a friend's
game. The person is the signed player of the cookie, as for every other route;
a game they have no seat at refuses the connection before it opens (nothing is
said about it). Once open:

- the server sends ``{"type": "answer", "cause": ..., "answer": {...}}``: the game
  as this person sees it (the same answer as the HTTP API), first whole, then after
  every change whatever they have not seen: the other side's moves come as
  ``computer_moves`` steps, shown as the computer's are. Every change is stored
  before anyone hears of it.
- the browser may send ``{"type": "move", "move": "R5", "id": 7}``, ``undo``,
  ``redo``, ``resign``, ``claim``, ``pause`` (``"on": false`` to withdraw),
  ``seat_computer`` (``"level"``), ``take_seat``, ``next`` (once a game is over:
  offer the next game, or accept the other's offer; ``"on": false`` withdraws one's
  offer or declines theirs), ``state`` or ``ping``;
  the answer to it carries the same ``id``. Anything else, malformed or too large,
  gets ``{"type": "error", "error": "..."}`` and changes nothing.

Changes reach the server holding a person's connection through the service's bus
(PostgreSQL ``LISTEN``/``NOTIFY`` between app servers); each server then works out
what its own people have not seen, from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..errors import InvalidMessageError, ParlourError
from ..service import TableService
from ..service.answers import Answer
from ..service.friends import HEARTBEAT_SECONDS

__all__ = ["Hub", "add_live_routes", "MAX_MESSAGE", "COOKIE"]

#: The signed player cookie (the same as the HTTP API's).
COOKIE = "parlour_player"

#: The largest message a browser may send (a move is a few characters).
MAX_MESSAGE = 2048
#: Close codes (4000-4999 are the application's own).
NOT_YOURS = 4404
NO_PLAYER = 4401
WRONG_ORIGIN = 4403

_log = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    """One browser's line to its seat at one game."""

    socket: WebSocket
    game_id: str
    player: str
    seat: int
    #: The game's moves this browser has been told of, and the table it saw.
    known: list[str] | None = None
    stamp: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The event loop serving this connection (one per server; a test client has its own).
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    dirty: bool = False
    flushing: bool = False

    async def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        await self.socket.send_text(text)


class Hub:
    """The connections this server holds, by game, told of every change."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.games: dict[str, set[Connection]] = {}
        self._games_lock = threading.Lock()
        self._heartbeat: asyncio.Task[None] | None = None

    # --- life ---------------------------------------------------------------------

    async def start(self) -> None:
        self.service.bus.subscribe(self.changed)

    async def stop(self) -> None:
        self.service.bus.unsubscribe(self.changed)
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None

    def _here(self) -> None:
        """Start the heartbeat on the connections' event loop (lazily: a test client
        may run the app's start and stop in loops of their own)."""
        if self._heartbeat is None or self._heartbeat.done():
            self._heartbeat = asyncio.get_running_loop().create_task(self._beat())

    def _connections(self, game_id: str | None = None) -> list[Connection]:
        with self._games_lock:
            if game_id is not None:
                return list(self.games.get(game_id, ()))
            return [c for conns in self.games.values() for c in conns]

    async def _beat(self) -> None:
        """Say every HEARTBEAT_SECONDS that this server's people are still here, so a
        server that dies leaves them away (see :mod:`parlour.service.friends`)."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            here = {(c.game_id, c.seat) for c in self._connections()}
            for game_id, seat in here:
                with contextlib.suppress(Exception):
                    await run_in_threadpool(self.service.store.touch, game_id, [seat], True)

    # --- hearing of changes -------------------------------------------------------

    def changed(self, game_id: str) -> None:
        """A game changed (called from any thread, or from the bus's listener)."""
        for conn in self._connections(game_id):
            conn.loop.call_soon_threadsafe(self.wake, conn)

    def wake(self, conn: Connection) -> None:
        conn.dirty = True
        if not conn.flushing:
            conn.flushing = True
            asyncio.create_task(self._flush(conn))

    async def _flush(self, conn: Connection) -> None:
        """Send a connection what it has not seen, until nothing new is left."""
        try:
            while conn.dirty:
                conn.dirty = False
                async with conn.lock:
                    await self._tell(conn, "news")
        except Exception:  # a closed socket: its handler cleans up
            _log.debug("could not tell %s", conn.game_id, exc_info=True)
        finally:
            conn.flushing = False

    async def _tell(self, conn: Connection, cause: str) -> None:
        """(The caller holds ``conn.lock``.)"""
        answer, conn.known, conn.stamp = await run_in_threadpool(
            self.service.news, conn.player, conn.game_id, conn.known, conn.stamp
        )
        if answer is not None:
            await conn.send({"type": "answer", "cause": cause, "answer": answer})

    # --- people coming and going --------------------------------------------------

    async def join(self, conn: Connection) -> None:
        """Tell a new connection the whole game (its own arrival included), then every
        change after it."""
        self._here()
        await run_in_threadpool(self.service.present, conn.game_id, [conn.seat], True)
        async with conn.lock:
            with self._games_lock:
                self.games.setdefault(conn.game_id, set()).add(conn)
            await self._tell(conn, "state")

    async def leave(self, conn: Connection) -> None:
        with self._games_lock:
            conns = self.games.get(conn.game_id, set())
            conns.discard(conn)
            if not conns:
                self.games.pop(conn.game_id, None)
            stays = any(c.seat == conn.seat for c in conns)
        if not stays:
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.service.present, conn.game_id, [conn.seat], False)


# --- the commands a browser may send ------------------------------------------------------


def _commands(service: TableService) -> dict[str, Callable[[str, str, dict[str, Any]], Answer]]:
    def move(player: str, game_id: str, body: dict[str, Any]) -> Answer:
        return service.play(player, game_id, _text(body, "move", 200))

    def pause(player: str, game_id: str, body: dict[str, Any]) -> Answer:
        on = body.get("on", True)
        if not isinstance(on, bool):
            raise InvalidMessageError(f"'on' is true or false, got {on!r}")
        return service.pause(player, game_id, on)

    def following(player: str, game_id: str, body: dict[str, Any]) -> Answer:
        on = body.get("on", True)
        if not isinstance(on, bool):
            raise InvalidMessageError(f"'on' is true or false, got {on!r}")
        if on:
            return service.next_game(player, game_id)
        return service.decline_next(player, game_id)

    def seat_computer(player: str, game_id: str, body: dict[str, Any]) -> Answer:
        level = body.get("level")
        return service.seat_computer(
            player, game_id, None if level is None else _text(body, "level", 40)
        )

    return {
        "move": move,
        "undo": lambda p, g, b: service.undo(p, g),
        "redo": lambda p, g, b: service.redo(p, g),
        "resign": lambda p, g, b: service.resign(p, g),
        "claim": lambda p, g, b: service.claim(p, g),
        "pause": pause,
        "seat_computer": seat_computer,
        "take_seat": lambda p, g, b: service.take_seat(p, g),
        "next": following,
        "state": lambda p, g, b: service.get(p, g),
    }


#: What a browser may send.
KINDS = (
    "move",
    "undo",
    "redo",
    "resign",
    "claim",
    "pause",
    "seat_computer",
    "take_seat",
    "next",
    "state",
    "ping",
)
_EXAMPLE = '{"type": "move", "move": "draw"}'
#: The fields each command may carry besides ``type`` and ``id``.
_FIELDS = {"move": {"move"}, "pause": {"on"}, "next": {"on"}, "seat_computer": {"level"}}


def _text(body: dict[str, Any], key: str, longest: int) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise InvalidMessageError(
            f"'{key}' is text of 1 to {longest} characters, got {value!r}"[:300]
        )
    return value


def read_message(raw: Mapping[str, Any]) -> tuple[str, Any, dict[str, Any]]:
    """A browser's message as (type, id, body); raises :class:`InvalidMessageError` saying
    what is wrong with anything else."""
    text = raw.get("text")
    if text is None:
        raise InvalidMessageError("messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise InvalidMessageError(
            f"a message has at most {MAX_MESSAGE} characters, got {len(text)}"
        )
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidMessageError(f"a message is a JSON object, e.g. {_EXAMPLE}") from None
    if not isinstance(body, dict):
        raise InvalidMessageError("a message is a JSON object with a 'type'")
    kind = body.get("type")
    known = sorted(KINDS)
    if not isinstance(kind, str) or kind not in known:
        raise InvalidMessageError(
            f"unknown message type {str(kind)[:40]!r}: the types are {', '.join(known)}"
        )
    ident = body.get("id")
    if ident is not None and (
        isinstance(ident, bool)
        or not isinstance(ident, int | str)
        or (isinstance(ident, str) and len(ident) > 64)
        or (isinstance(ident, int) and abs(ident) > 2**53)
    ):
        raise InvalidMessageError("'id' is a number or a short text, echoed in the reply")
    extra = set(body) - {"type", "id"} - _FIELDS.get(kind, set())
    if extra:
        raise InvalidMessageError(
            f"a {kind} message takes no {', '.join(sorted(map(str, extra)))[:80]}"
        )
    return kind, ident, body


def add_live_routes(app: FastAPI, hub: Hub, player_of: Callable[[str | None], str | None]) -> None:
    """The WebSocket route; ``player_of`` reads the signed cookie."""
    commands = _commands(hub.service)

    @app.websocket("/api/games/{game_id}/live")
    async def live(socket: WebSocket, game_id: str) -> None:
        player = player_of(socket.cookies.get(COOKIE))
        origin = socket.headers.get("origin")
        host = socket.headers.get("host")
        if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
            await socket.close(code=WRONG_ORIGIN)
            return
        if player is None:
            await socket.close(code=NO_PLAYER)
            return
        try:
            answer = await run_in_threadpool(hub.service.get, player, game_id)
        except ParlourError:
            await socket.close(code=NOT_YOURS)
            return
        table = answer.get("live")
        if table is None:
            await socket.close(code=NOT_YOURS)
            return
        await socket.accept()
        conn = Connection(socket, game_id, player, int(answer["seat"]))
        try:
            await hub.join(conn)
            while True:
                raw = await socket.receive()
                if raw.get("type") == "websocket.disconnect":
                    break
                await _handle(hub, conn, commands, raw)
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(conn)


async def _handle(
    hub: Hub,
    conn: Connection,
    commands: dict[str, Callable[[str, str, dict[str, Any]], Answer]],
    raw: Mapping[str, Any],
) -> None:
    ident = None
    try:
        kind, ident, body = read_message(raw)
        if kind == "ping":
            async with conn.lock:
                await conn.send({"type": "pong", "id": ident})
            return
        answer = await run_in_threadpool(commands[kind], conn.player, conn.game_id, body)
        reply = {"type": "answer", "cause": kind, "id": ident, "answer": answer}
    except ParlourError as exc:
        reply = {"type": "error", "id": ident, "error": exc.brief or str(exc)}
    except Exception:  # never a broken line for one bad request
        _log.exception("live command failed on %s", conn.game_id)
        reply = {"type": "error", "id": ident, "error": "the server could not do that"}
    async with conn.lock:
        await conn.send(reply)
