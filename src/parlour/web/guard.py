"""What the web app checks of a request body before anything parses it.

Requests carry a move or a few options, so a body is small and shallow. A body
over :data:`MAX_BODY` bytes, nested deeper than :data:`MAX_DEPTH`, or holding a
number longer than :data:`MAX_DIGITS` digits is refused with a 4xx at once,
before the JSON parser could run out of stack (thousands of ``[``) or of
patience (Python refuses to read integers of over 4,300 digits). The guard is a
plain ASGI middleware: it reads the body once, checks it, and hands the same bytes
on to the app.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import ParlourError

__all__ = [
    "DAY_PATTERN",
    "MAX_BODY",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "BadRequest",
    "BodyGuard",
    "BodyTooLarge",
    "check_json_text",
    "validation_message",
]

#: Requests carry a move or a few options: anything bigger is refused unread.
MAX_BODY = 16 * 1024
#: Deepest nesting of arrays and objects a body may have.
MAX_DEPTH = 8
#: Longest run of digits a number in a body may have (a seed needs 19).
MAX_DIGITS = 40


class BodyTooLarge(ParlourError):
    """A request body over :data:`MAX_BODY` bytes."""


class BadRequest(ParlourError):
    """A request body that is not the JSON the route expects."""


def check_json_text(body: bytes) -> None:
    """Refuse a body that is too deep or has too long a number, scanning it once
    (strings skipped, escapes honoured) without parsing it."""
    depth = 0
    digits = 0
    in_string = False
    escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
            continue
        if 0x30 <= byte <= 0x39:
            digits += 1
            if digits > MAX_DIGITS:
                raise BadRequest(
                    f"the request body has a number of more than {MAX_DIGITS} digits; "
                    "seeds and options are smaller"
                )
            continue
        digits = 0
        if byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                raise BadRequest(
                    f"the request body is nested more than {MAX_DEPTH} levels deep; "
                    "a request is a flat object"
                )
        elif byte in (0x5D, 0x7D):
            depth -= 1


class BodyGuard:
    """ASGI middleware: size- and shape-check the body of every API request."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        try:
            declared = _declared_length(scope)
            if declared is not None and declared > MAX_BODY:
                raise BodyTooLarge(
                    f"the request body is {declared} bytes; at most {MAX_BODY} are accepted"
                )
            body = bytearray()
            more = True
            while more:
                message = await receive()
                if message["type"] != "http.request":
                    break
                body += message.get("body", b"")
                if len(body) > MAX_BODY:
                    raise BodyTooLarge(f"the request body is over {MAX_BODY} bytes: at most")
                more = bool(message.get("more_body", False))
            check_json_text(bytes(body))
        except ParlourError as exc:
            status = 413 if isinstance(exc, BodyTooLarge) else 400
            await _send_error(send, status, str(exc))
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            text = value.decode("latin-1").strip()
            if text.isdigit() and text.isascii():
                return int(text) if len(text) < 20 else MAX_BODY + 1
            raise BadRequest(f"the Content-Length header {text[:20]!r} is not a number")
    return None


async def _send_error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def validation_message(errors: Sequence[Any]) -> str:
    """pydantic's complaints as one sentence naming each field and what it takes."""
    parts: dict[str, str] = {}
    for error in errors:
        loc = [str(x) for x in error.get("loc", ()) if x != "body"]
        while loc and loc[-1] in _BRANCHES:  # a union's branches: one complaint per field
            loc.pop()
        field = ".".join(loc)
        kind = str(error.get("type", ""))
        given = error.get("input")
        shown = _shown(given)
        if field in parts:
            continue
        if kind == "json_invalid":
            parts[field] = "the request body is not valid JSON"
        elif kind == "missing" and not field:
            parts[field] = "the request needs a JSON body (an object)"
        elif kind == "missing":
            parts[field] = f"the request needs a field {field!r}"
        elif kind == "extra_forbidden":
            parts[field] = f"unknown field {field!r}"
        elif isinstance(given, bytes) and not field:
            parts[field] = (
                "the request body must be JSON, sent with the header Content-Type: application/json"
            )
        elif kind in ("model_type", "dict_type", "model_attributes_type") and not field:
            parts[field] = f"the request body must be a JSON object, got {_json_type(given)}"
        elif field.startswith("options.") and loc[-1] == "[key]":
            parts[field] = f"an option's name is text of at most 40 characters: got {shown}"
        elif field.startswith("options."):
            parts[field] = f"option {loc[-1]!r} takes a whole number, true or false: got {shown}"
        else:
            where = f"field {field!r}" if field else "the request body"
            parts[field] = f"{where} {_wants(kind, error)}: got {shown}"
    return "; ".join(list(parts.values())[:3])


def _wants(kind: str, error: Any) -> str:
    """What a field takes, in words, from pydantic's error type."""
    ctx = error.get("ctx") or {}
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "takes a whole number (no quotes, no decimals)"
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be a non-negative whole number, at least {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt'))}"
    if kind == "string_type":
        return "takes text (a JSON string)"
    if kind in ("string_too_long", "too_long"):
        return f"is too long (at most {ctx.get('max_length')})"
    if kind in ("string_too_short", "too_short"):
        return "must not be empty"
    if kind in ("dict_type", "model_type"):
        return "takes a JSON object"
    if kind == "literal_error":
        return f"must be {_one_of(error)}"
    if kind in ("bool_type", "bool_parsing"):
        return "takes true or false"
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == DAY_PATTERN:
        return "must be a date written YYYY-MM-DD"
    # pydantic's own words, said the way the rest are ("input should be" -> "must be")
    text = str(error.get("msg", "is not accepted"))
    for theirs, ours in (("Input should be", "must be"), ("String should", "must")):
        text = text.replace(theirs, ours)
    return text[:1].lower() + text[1:]


#: The pattern of a day in the API (``day`` of ``POST /api/games``).
DAY_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


def _one_of(error: Any) -> str:
    """A literal's choices in words: "'random', 'winnable' or 'daily'"."""
    expected = str((error.get("ctx") or {}).get("expected", ""))
    choices = [c.strip() for c in expected.replace(" or ", ",").split(",") if c.strip()]
    if len(choices) < 2:
        return f"one of {expected}"
    return "one of " + ", ".join(choices[:-1]) + " or " + choices[-1]


def _shown(value: Any) -> str:
    """What was sent, as JSON spells it (null, true), short."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    text = repr(value)
    return text if len(text) < 60 else text[:57] + "..."


_BRANCHES = frozenset({"int", "bool", "str", "none", "constrained-int"})


def _json_type(value: Any) -> str:
    """What a JSON value is, in words: "an array", "null"."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return {list: "an array", str: "a string", int: "a number", float: "a number"}.get(
        type(value), "something else"
    )
