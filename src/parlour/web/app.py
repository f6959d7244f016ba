"""The FastAPI app: a JSON API over the table service plus the static front end.

Each browser is an anonymous player, named by a random id in a signed cookie;
every game route looks the game up *for that player*, so another player's game
id answers 404 exactly like an id that does not exist. Request and response
bodies are typed (pydantic models and the service's typed dicts), so
``/openapi.json`` and ``/docs`` describe the whole API. Every user error is a
4xx whose JSON body is ``{"error": message}``, never a 500; a rejected request
never changes a game.

A game against a friend (``opponent`` ``"friend"``) is played live: see
:mod:`parlour.web.live` for its WebSocket and ``POST /api/games/{id}/join`` for the
invitation.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from itsdangerous import BadSignature, Signer
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.routing import Match

from ..ai import warm
from ..core.registry import game_class
from ..errors import (
    BusyError,
    GameNotOverError,
    GameOverError,
    InvalidDayError,
    InvalidSeedError,
    ParlourError,
    UnknownGameError,
    quoted,
)
from ..service import (
    FRIEND,
    HUMAN,
    MAX_SEED,
    LocalBus,
    NotFoundError,
    StaleRecordError,
    Store,
    TableService,
    open_bus,
    open_store,
)
from ..service.answers import (
    Answer,
    CatalogGame,
    CatalogOption,
    GameSummary,
    Hint,
    Invitation,
    LineStep,
    Verdict,
)
from ..service.friends import AWAY_SECONDS
from ..service.store import new_secret
from .guard import DAY_PATTERN, MAX_BODY, BodyGuard, BodyTooLarge, validation_message
from .live import COOKIE, Hub, add_live_routes

__all__ = ["create_app", "COOKIE", "MAX_BODY"]

STATIC = Path(str(files("parlour.web").joinpath("static")))


def _status(exc: ParlourError) -> int:
    if isinstance(exc, BusyError):
        return 429
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, BodyTooLarge):
        return 413
    if isinstance(exc, GameOverError | GameNotOverError | StaleRecordError):
        return 409
    return 400


# --- bodies -----------------------------------------------------------------------

_STRICT = ConfigDict(extra="forbid", strict=True)
#: Any JSON scalar: the service checks an option's value against what that option
#: takes, and says so ("option 'target' of uno takes a whole number: got inf").
OptionValue = Annotated[int | bool | float | str | None, Field(description="an option's value")]


class NewGame(BaseModel):
    """``POST /api/games``: a new game (the catalogue lists games, options, levels)."""

    model_config = _STRICT

    game: str = Field(max_length=40, description="a game's name as the catalogue gives it")
    #: Any JSON value: the service refuses a deal number it cannot deal in one
    #: message for every front end (the schema in ``/openapi.json`` says the range).
    seed: Any = Field(default=None, description="deal number (random when left out)")
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=16, description="game options by name"
    )
    opponent: str | None = Field(
        default=None,
        max_length=40,
        description="two-player games: the computer's level, or 'friend' to invite a friend",
    )
    name: str | None = Field(
        default=None, max_length=40, description="against a friend: the name they will see"
    )
    series: str | None = Field(
        default=None, max_length=64, description="the id of the finished game this one follows"
    )
    deal: Literal["random", "winnable", "daily"] = Field(
        default="random",
        description="patiences: a random deal, one the solver proved winnable, or the deal "
        "of the day",
    )
    day: str | None = Field(
        default=None,
        pattern=DAY_PATTERN,
        description="with deal 'daily': whose day's deal (YYYY-MM-DD, today when left out; "
        "no later than today)",
    )


class AgainBody(BaseModel):
    """``POST /api/games/{id}/again``: another kind of deal than the game's own."""

    model_config = _STRICT

    deal: Literal["random", "winnable", "daily"] | None = Field(
        default=None,
        description="the kind of deal (default: the same kind as the game's: a new random "
        "or winnable deal, or the same day's deal of the day)",
    )
    same: bool = Field(
        default=False,
        description="the same deal again (once the game is over for good); the games after "
        "it keep its kind of deal",
    )


class MoveBody(BaseModel):
    """``POST /api/games/{id}/moves``: a move in the notation of the rules page."""

    model_config = _STRICT

    move: str = Field(min_length=1, max_length=200)


class SeatBody(BaseModel):
    """Undo, redo, a hint or resigning, at two people's one table: for whose seat (the
    one the screen shows); elsewhere the seat is the asker's own, whatever it says."""

    model_config = _STRICT

    seat: int | None = Field(default=None, description="two people at one table: the seat")


class CheckBody(BaseModel):
    """``POST /api/games/{id}/check``: may a card go from ``source`` to ``target`` now?"""

    model_config = _STRICT

    source: str = Field(min_length=1, max_length=20)
    target: str = Field(min_length=1, max_length=20)


class Checked(BaseModel):
    legal: bool
    reason: str


class JoinBody(BaseModel):
    """``POST /api/games/{id}/join``: take the second seat with the invitation's token."""

    model_config = _STRICT

    token: str = Field(min_length=1, max_length=64, description="the invitation's token")
    name: str | None = Field(default=None, max_length=40, description="the name the owner sees")


class InvitationBody(BaseModel):
    """``POST /api/games/{id}/invitation``: what an invitation says before the name."""

    model_config = _STRICT

    token: str = Field(min_length=1, max_length=64, description="the invitation's token")


class ErrorBody(BaseModel):
    error: str = Field(description="what was refused and why, for people")
    field: str | None = Field(
        default=None, description="the field of the request the error is about, where one is"
    )
    detail: str | None = Field(
        default=None,
        description="a typed move refused: the engine's whole message, with the notation "
        "of the game's moves ('error' is it in one sentence)",
    )


class GameList(BaseModel):
    games: list[GameSummary]


class Catalog(BaseModel):
    games: list[CatalogGame]


class RulesPage(BaseModel):
    game: str
    title: str
    markdown: str


class Cleared(BaseModel):
    cleared: int


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "bad input (the message says what is accepted)"},
    404: {"model": ErrorBody, "description": "no such game for this player"},
    409: {
        "model": ErrorBody,
        "description": "the game is over, not over yet, or changed meanwhile",
    },
    413: {"model": ErrorBody, "description": "the request body is too large"},
}


def new_game_schema(catalog: list[CatalogGame]) -> dict[str, Any]:
    """The body of ``POST /api/games`` as the table takes it: one shape per game, with
    that game's options, opponents, deals and (for a series) the game it follows,
    from the catalogue the service checks against. The pydantic model
    :class:`NewGame` checks the types; the service checks the rest, with messages
    naming what is accepted."""
    variants: list[dict[str, Any]] = []
    for entry in catalog:
        properties: dict[str, Any] = {
            "game": {"type": "string", "enum": [entry["name"]], "description": entry["title"]},
            "seed": {
                "anyOf": [{"type": "integer", "minimum": 0, "maximum": MAX_SEED}, {"type": "null"}],
                "description": "deal number (random when left out)",
            },
            "options": {
                "type": "object",
                "properties": {o["name"]: _option_schema(o) for o in entry["options"]},
                "additionalProperties": False,
                "description": "game options by name",
            },
            "opponent": {
                "anyOf": [
                    {
                        "type": "string",
                        "enum": [
                            *entry["levels"],
                            HUMAN,
                            *([FRIEND] if entry["players"] == 2 else []),
                        ],
                    },
                    {"type": "null"},
                ],
                "description": "the computer's level, 'human' for two people at one table, or "
                "'friend' to invite a friend (with 'name', the name they will see)",
            },
            "name": {
                "anyOf": [{"type": "string", "maxLength": 40}, {"type": "null"}],
                "description": "against a friend: the name they will see",
            },
            "deal": {"type": "string", "enum": ["random"], "description": "a random deal"},
        }
        if entry["series"]:
            properties["series"] = {
                "anyOf": [{"type": "string", "maxLength": 64}, {"type": "null"}],
                "description": "the id of the finished game this one follows",
            }
        variants.append(_object(f"New {entry['title']} game", properties, ["game"]))
        chosen = [d for d in entry["deals"] if d != "random"]
        if chosen:
            by_table = {
                **{k: v for k, v in properties.items() if k != "seed"},
                "deal": {
                    "type": "string",
                    "enum": chosen,
                    "description": "a deal the table chooses: proved winnable, or the deal of "
                    "the day (no seed with it)",
                },
            }
            variants.append(
                _object(
                    f"New {entry['title']} game, deal chosen by the table",
                    by_table,
                    ["game", "deal"],
                )
            )
            if "daily" in chosen:
                of_a_day = {
                    **by_table,
                    "deal": {
                        "type": "string",
                        "enum": ["daily"],
                        "description": "the deal of a day",
                    },
                    "day": {
                        "anyOf": [{"type": "string", "format": "date"}, {"type": "null"}],
                        "description": "whose day's deal (today when left out; no later "
                        "than today)",
                    },
                }
                variants.append(
                    _object(
                        f"New {entry['title']} game, the deal of a day", of_a_day, ["game", "deal"]
                    )
                )
    return {"anyOf": variants}


def _day(text: str | None) -> dt.date | None:
    """The day of a ``day`` field (its shape is checked by the body's model)."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise InvalidDayError(f"day {quoted(text)} is not a date: write it as YYYY-MM-DD") from None


def _object(title: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "title": title,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _option_schema(option: CatalogOption) -> dict[str, Any]:
    shape: dict[str, Any] = {"type": "boolean" if option["type"] == "bool" else "integer"}
    values = [c["value"] for c in option["choices"] or [] if c["value"] is not None]
    if values:
        shape["enum"] = values
    if option["minimum"] is not None:
        shape["minimum"] = option["minimum"]
    if option["maximum"] is not None:
        shape["maximum"] = option["maximum"]
    if option["default"] is None:
        shape = {"anyOf": [shape, {"type": "null"}]}
    return shape | {"title": option["label"], "description": option["help"]}


def _allowed_methods(request: Request) -> str:
    """Every method some route takes at this path (Starlette names only the first
    route's, though a path may have a route per method)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        match, _ = route.matches(request.scope)
        if match is not Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return ", ".join(sorted(methods))


def create_app(
    db: str | Store = ":memory:",
    secret: str | None = None,
    away_seconds: float | None = None,
    prepare_deals: bool = False,
) -> FastAPI:
    """The web app over the database ``db`` (a path, ``:memory:``, a
    ``postgresql://`` URL or a ready :class:`~parlour.service.Store`).

    ``prepare_deals`` (``parlour serve``): as it starts, the server chooses today's
    deals of the day and proves a few winnable deals in a background thread, so the
    first person to ask for one does not wait for the solver.

    ``away_seconds`` (else ``PARLOUR_AWAY_SECONDS``, else 2 minutes): how long a
    friend must be away before the other may claim the win."""
    store = open_store(db) if isinstance(db, str) else db
    bus = open_bus(db) if isinstance(db, str) else LocalBus()
    secret = secret or os.environ.get("PARLOUR_SECRET") or store.setting("secret", new_secret())
    signer = Signer(secret, salt="parlour-player")
    if away_seconds is None:
        away_seconds = float(os.environ.get("PARLOUR_AWAY_SECONDS") or AWAY_SECONDS)
    service = TableService(store, bus, away_seconds)
    service.resume_all()
    hub = Hub(service)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await run_in_threadpool(warm)  # compiled search and solver loaded before any move
        if prepare_deals:
            threading.Thread(target=service.prepare_deals, daemon=True).start()
        await hub.start()
        yield
        await hub.stop()
        bus.close()
        store.close()

    app = FastAPI(
        title="parlour",
        summary="Five classic card games: the table's JSON API",
        version="2",
        lifespan=lifespan,
        responses=ERRORS,
    )
    app.state.service = service
    app.state.store = store
    app.state.hub = hub

    def player_of(raw: str | None) -> str | None:
        """The player a signed cookie names, or None."""
        if not raw:
            return None
        try:
            return signer.unsign(raw).decode()
        except (BadSignature, UnicodeDecodeError):
            return None

    def openapi() -> dict[str, Any]:
        """FastAPI's schema, with the new-game body told game by game."""
        if app.openapi_schema is None:
            schema = FastAPI.openapi(app)
            body = schema["paths"]["/api/games"]["post"]["requestBody"]
            body["content"]["application/json"]["schema"] = new_game_schema(service.catalog())
            schema["components"]["schemas"].pop("NewGame", None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.exception_handler(ParlourError)
    async def parlour_error(request: Request, exc: ParlourError) -> JSONResponse:
        # a typed move's refusal in the table service's one sentence; the whole
        # message (with the notation) as its detail
        body = {"error": exc.brief or str(exc)}
        if exc.brief:
            body["detail"] = str(exc)
        if isinstance(exc, InvalidSeedError):
            body["field"] = "seed"  # a form says it by the deal number's own box
        headers = None
        if isinstance(exc, BusyError):  # refused for now: when to ask again
            headers = {"Retry-After": str(exc.retry_after)}
        return JSONResponse(body, status_code=_status(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": validation_message(exc.errors())}, status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "the request was refused"
        if exc.status_code == 400 and message == "There was an error parsing the body":
            message = "the request body is not valid JSON"
        elif exc.status_code == 404:
            message = f"no such page or API route: {request.url.path}"
        elif exc.status_code == 405:
            allowed = _allowed_methods(request)
            message = f"{request.method} is not allowed on {request.url.path}: only {allowed}"
            return JSONResponse({"error": message}, status_code=405, headers={"Allow": allowed})
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.middleware("http")
    async def guard_and_cookie(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        player = player_of(request.cookies.get(COOKIE))
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

    app.add_middleware(BodyGuard)

    def who(request: Request) -> str:
        return str(request.state.player)

    # --- API ----------------------------------------------------------------

    @app.get("/api/catalog", response_model=Catalog, tags=["games"])
    async def catalog() -> dict[str, Any]:
        """The games, their options (with labels) and computer levels."""
        return {"games": service.catalog()}

    @app.get("/api/games", response_model=GameList, tags=["games"])
    async def list_games(request: Request) -> dict[str, Any]:
        """Your games, most recently played first."""
        return {"games": await run_in_threadpool(service.list_games, who(request))}

    @app.delete("/api/games", response_model=Cleared, tags=["games"])
    async def clear_history(request: Request) -> dict[str, Any]:
        """Forget your finished games (and their statistics); games in play stay."""
        return {"cleared": await run_in_threadpool(service.clear_history, who(request))}

    @app.post("/api/games", status_code=201, response_model=Answer, tags=["games"])
    async def start(request: Request, body: NewGame) -> Answer:
        """Start a game; against the computer, its first moves come with the answer."""
        return await run_in_threadpool(
            lambda: service.start(
                who(request),
                body.game,
                body.seed,
                dict(body.options),
                body.opponent,
                body.series,
                deal=body.deal,
                day=_day(body.day),
                strict=True,
                player_name=body.name,
            )
        )

    @app.post("/api/games/{game_id}/invitation", response_model=Invitation, tags=["friends"])
    async def invitation(request: Request, game_id: str, body: InvitationBody) -> Invitation:
        """What a friend's invitation says before one chooses a name: the game and
        who invites. A used invitation is answered exactly like a game that does not
        exist (404)."""
        return await run_in_threadpool(service.invitation, who(request), game_id, body.token)

    @app.post("/api/games/{game_id}/join", response_model=Answer, tags=["friends"])
    async def join(request: Request, game_id: str, body: JoinBody) -> Answer:
        """Open a friend's invitation: the first to open it takes the second seat (the
        game's two people opening it again just see the game). Then play live over
        the WebSocket ``/api/games/{id}/live``."""
        return await run_in_threadpool(service.join, who(request), game_id, body.token, body.name)

    @app.post("/api/games/{game_id}/next", response_model=Answer, tags=["friends"])
    async def next_game(request: Request, game_id: str) -> Answer:
        """After a finished game, the next one with the same options and people (the
        next of a series, or a new deal or match); against a friend both must agree:
        whoever asks first offers it (the answer is the finished game, with the offer
        in ``live.rematch``), the other's request accepts and makes it. The live line's
        ``next`` with ``"on": false`` withdraws an offer or declines it."""
        return await run_in_threadpool(service.next_game, who(request), game_id)

    @app.post("/api/games/{game_id}/again", response_model=Answer, tags=["games"])
    async def again(request: Request, game_id: str, body: AgainBody | None = None) -> Answer:
        """A new game like this one: the same game, options and opponent, and the same
        kind of deal unless ``deal`` names another (the terminal front ends' "play
        again" is the same call)."""
        body = body or AgainBody()
        return await run_in_threadpool(service.again, who(request), game_id, body.deal, body.same)

    @app.get("/api/games/{game_id}", response_model=Answer, tags=["play"])
    async def get_game(
        request: Request,
        game_id: str,
        seat: Annotated[
            int | None,
            Query(ge=0, le=1, description="two people at one table: the seat that has the screen"),
        ] = None,
    ) -> Answer:
        """Your view of a game, with its log. At two people's one table without
        ``seat`` the answer hands the screen over (``hand_over``) to the one to move,
        who then asks with their seat; elsewhere the seat is your own."""
        return await run_in_threadpool(service.get, who(request), game_id, seat)

    @app.post("/api/games/{game_id}/moves", response_model=Answer, tags=["play"])
    async def play(request: Request, game_id: str, body: MoveBody) -> Answer:
        """Play a move; the computer's replies come with the answer, move by move."""
        return await run_in_threadpool(service.play, who(request), game_id, body.move)

    @app.post("/api/games/{game_id}/check", response_model=Checked, tags=["play"])
    async def check(request: Request, game_id: str, body: CheckBody) -> dict[str, Any]:
        """Whether a card may go from ``source`` to ``target`` now, and why not; plays
        nothing (a table says why a dropped card snaps back)."""
        return await run_in_threadpool(
            service.check, who(request), game_id, body.source, body.target
        )

    @app.post("/api/games/{game_id}/undo", response_model=Answer, tags=["play"])
    async def undo(request: Request, game_id: str, body: SeatBody | None = None) -> Answer:
        """Take back your last move (with the computer's replies), where the rule allows."""
        seat = None if body is None else body.seat
        return await run_in_threadpool(service.undo, who(request), game_id, seat)

    @app.post("/api/games/{game_id}/redo", response_model=Answer, tags=["play"])
    async def redo(request: Request, game_id: str, body: SeatBody | None = None) -> Answer:
        """Play again the move last taken back."""
        seat = None if body is None else body.seat
        return await run_in_threadpool(service.redo, who(request), game_id, seat)

    @app.post(
        "/api/games/{game_id}/hint",
        response_model=Hint,
        tags=["play"],
        responses={
            429: {
                "model": ErrorBody,
                "description": "too many hints asked for at once: ask again after Retry-After",
            }
        },
    )
    async def hint(request: Request, game_id: str, body: SeatBody | None = None) -> Hint:
        """The strongest fair computer player's move for you, with its reason."""
        seat = None if body is None else body.seat
        return await run_in_threadpool(service.hint, who(request), game_id, seat)

    @app.post("/api/games/{game_id}/resign", response_model=Answer, tags=["play"])
    async def resign(request: Request, game_id: str, body: SeatBody | None = None) -> Answer:
        """Resign a patience's deal or a two-player game (or leave a lost patience for
        good); the answer's ``give_up`` has the words to show."""
        seat = None if body is None else body.seat
        return await run_in_threadpool(service.resign, who(request), game_id, seat)

    @app.get("/api/games/{game_id}/verdict", response_model=Verdict, tags=["play"])
    async def verdict(request: Request, game_id: str) -> Verdict:
        """A finished patience: could its deal have been won? With a winning line from
        the start when there is one (refused while the game can go on)."""
        return await run_in_threadpool(service.verdict, who(request), game_id)

    @app.get("/api/games/{game_id}/verdict/line", response_model=list[LineStep], tags=["play"])
    async def winning_line(request: Request, game_id: str) -> list[LineStep]:
        """The verdict's winning line from the deal's start, with the table after each
        move, to watch it played (a finished patience with a winning line)."""
        return await run_in_threadpool(service.winning_line, who(request), game_id)

    @app.get("/api/stats", tags=["games"])
    async def stats(request: Request) -> dict[str, Any]:
        """Your games played and won, streaks and best results, per game."""
        return await run_in_threadpool(service.stats, who(request))

    @app.get("/api/rules/{name}", response_model=RulesPage, tags=["games"])
    async def rules(name: str) -> dict[str, Any]:
        """A game's rules page (Markdown)."""
        try:
            cls = game_class(name)
        except UnknownGameError as exc:
            raise NotFoundError(f"no rules page {name!r}: {exc}") from None
        text = files("parlour").joinpath("rules", cls.rules_file).read_text(encoding="utf-8")
        return {"game": cls.name, "title": cls.title, "markdown": text}

    # --- front end ------------------------------------------------------------

    add_live_routes(app, hub, player_of)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return app
