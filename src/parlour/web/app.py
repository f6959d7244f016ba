"""The FastAPI app: a JSON API over :class:`GameService` plus the static front end.

Each browser is an anonymous player, named by a random id in a signed cookie;
every game route looks the game up *for that player*, so another player's game
id answers 404 exactly like an id that does not exist. Every user error is a
4xx whose JSON body is ``{"error": message}``; a rejected request never changes
a game.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from itsdangerous import BadSignature, Signer
from starlette.concurrency import run_in_threadpool

from ..core.registry import game_class
from ..errors import GameOverError, ParlourError
from .service import GameService, NotFoundError
from .store import StaleRecordError, Store, new_secret, open_store

__all__ = ["create_app", "COOKIE", "MAX_BODY"]

COOKIE = "parlour_player"
#: Requests carry a move or a few options: anything bigger is refused unread.
MAX_BODY = 16 * 1024
STATIC = Path(str(files("parlour.web").joinpath("static")))


class BodyTooLarge(ParlourError):
    """A request body over :data:`MAX_BODY` bytes."""


class BadRequest(ParlourError):
    """A request body that is not the JSON object the route expects."""


def _status(exc: ParlourError) -> int:
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, BodyTooLarge):
        return 413
    if isinstance(exc, GameOverError | StaleRecordError):
        return 409
    return 400


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``), size-checked while read."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyTooLarge(f"the request body is {declared} bytes; at most {MAX_BODY} are accepted")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BodyTooLarge(f"the request body is over {MAX_BODY} bytes")
    if not body.strip():
        return {}
    try:
        data = json.loads(bytes(body))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"the request body is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BadRequest(f"the request body must be a JSON object, got {type(data).__name__}")
    return data


def _field(data: dict[str, Any], name: str, kind: type, required: bool = False) -> Any:
    value = data.get(name)
    if value is None:
        if required:
            raise BadRequest(f"the request needs a field {name!r}")
        return None
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadRequest(f"field {name!r} must be a whole number, got {value!r}")
    if not isinstance(value, kind):
        raise BadRequest(f"field {name!r} must be a {kind.__name__}, got {value!r}")
    return value


def create_app(db: str | Store = ":memory:", secret: str | None = None) -> FastAPI:
    """The web app over the database ``db`` (a path, ``:memory:``, a
    ``postgresql://`` URL or a ready :class:`Store`)."""
    store = open_store(db) if isinstance(db, str) else db
    secret = secret or os.environ.get("PARLOUR_SECRET") or store.setting("secret", new_secret())
    signer = Signer(secret, salt="parlour-player")
    service = GameService(store)
    service.resume_all()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(
        title="parlour", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.state.service = service
    app.state.store = store

    @app.exception_handler(ParlourError)
    async def parlour_error(request: Request, exc: ParlourError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=_status(exc))

    @app.middleware("http")
    async def player_cookie(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        player = None
        raw = request.cookies.get(COOKIE)
        if raw:
            try:
                player = signer.unsign(raw).decode()
            except BadSignature:
                player = None
        fresh = player is None
        if player is None:
            player = secrets.token_urlsafe(16)
        request.state.player = player
        response = await call_next(request)
        if fresh:
            response.set_cookie(
                COOKIE,
                signer.sign(player).decode(),
                max_age=10 * 365 * 24 * 3600,
                httponly=True,
                samesite="lax",
            )
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    def who(request: Request) -> str:
        return str(request.state.player)

    async def call(fn: Callable[..., dict[str, Any]], *args: Any) -> JSONResponse:
        return JSONResponse(await run_in_threadpool(fn, *args))

    # --- API ----------------------------------------------------------------

    @app.get("/api/catalog")
    async def catalog() -> JSONResponse:
        return JSONResponse({"games": service.catalog()})

    @app.get("/api/games")
    async def list_games(request: Request) -> JSONResponse:
        games = await run_in_threadpool(service.list_games, who(request))
        return JSONResponse({"games": games})

    @app.post("/api/games", status_code=201)
    async def start(request: Request) -> JSONResponse:
        data = await read_json(request)
        unknown = set(data) - {"game", "seed", "options", "opponent", "series"}
        if unknown:
            raise BadRequest(
                f"unknown field {sorted(unknown)[0]!r}: a new game takes game, seed, "
                "options, opponent and series (the id of the game it follows)"
            )
        name = _field(data, "game", str, required=True)
        seed = _field(data, "seed", int)
        if seed is not None and seed < 0:
            raise BadRequest(f"seed must be a non-negative whole number, got {seed}")
        options = _field(data, "options", dict) or {}
        opponent = _field(data, "opponent", str)
        series = _field(data, "series", str)
        answer = await run_in_threadpool(
            service.start, who(request), name, seed, options, opponent, series
        )
        return JSONResponse(answer, status_code=201)

    @app.get("/api/games/{game_id}")
    async def get_game(request: Request, game_id: str) -> JSONResponse:
        return await call(service.get, who(request), game_id)

    @app.post("/api/games/{game_id}/moves")
    async def play(request: Request, game_id: str) -> JSONResponse:
        data = await read_json(request)
        move = _field(data, "move", str, required=True)
        return await call(service.play, who(request), game_id, move)

    @app.post("/api/games/{game_id}/undo")
    async def undo(request: Request, game_id: str) -> JSONResponse:
        await read_json(request)
        return await call(service.undo, who(request), game_id)

    @app.post("/api/games/{game_id}/redo")
    async def redo(request: Request, game_id: str) -> JSONResponse:
        await read_json(request)
        return await call(service.redo, who(request), game_id)

    @app.post("/api/games/{game_id}/hint")
    async def hint(request: Request, game_id: str) -> JSONResponse:
        await read_json(request)
        return await call(service.hint, who(request), game_id)

    @app.post("/api/games/{game_id}/resign")
    async def resign(request: Request, game_id: str) -> JSONResponse:
        await read_json(request)
        return await call(service.resign, who(request), game_id)

    @app.get("/api/stats")
    async def stats(request: Request) -> JSONResponse:
        return await call(service.stats, who(request))

    @app.get("/api/rules/{name}")
    async def rules(name: str) -> JSONResponse:
        cls = game_class(name)
        text = files("parlour").joinpath("rules", cls.rules_file).read_text(encoding="utf-8")
        return JSONResponse({"game": cls.name, "title": cls.title, "markdown": text})

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
    async def unknown_api(rest: str) -> JSONResponse:
        return JSONResponse({"error": f"no API route /api/{rest}"}, status_code=404)

    # --- front end ------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/favicon.ico")
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return app
