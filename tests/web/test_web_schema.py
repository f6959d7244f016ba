"""Schemathesis against the app's own ``/openapi.json``, in process (no network).

Every operation gets requests generated from its schema, valid and invalid, and
every answer is checked against the schema with Schemathesis's checks: never a
5xx, only documented status codes and content types, bodies that match their
schema, invalid requests refused, valid ones accepted, 405 with a true ``Allow``
for undeclared methods.

Requests go through one session (one player, one cookie) that owns a game of each
kind, and a drawn game id is often swapped for one of those, so the play routes
are exercised on real games and not only answered 404.

A valid request to a play route can still be refused with a 400: whether a move is
legal, or there is anything to undo, depends on the game's state, which no schema
can say; nor can it say that a two-player game has no winnable deal or deal of the
day to play again. Only there is 400 an expected answer to schema-valid data.

JSON Schema counts ``4.0`` as an integer; the API, by design (issue 20), takes a
whole number only as written without a decimal point, and refuses ``"bars": 4.0``.
Such numbers are written as integers before sending (the fuzz tests in
``test_web_fuzz.py`` check that the decimal spelling is refused with a 400). In
the same way a ``day`` later than today (whose deal is not out yet, which no
schema can say) is sent as today.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip(
    "schemathesis", reason="the schema tests need schemathesis (pip install -e '.[test]')"
)
from hypothesis import settings  # noqa: E402
from schemathesis.config import SchemathesisConfig  # noqa: E402
from schemathesis.python import asgi  # noqa: E402

from cheap_deals import make_computer_quick, make_deals_cheap  # noqa: E402
from parlour.web import create_app  # noqa: E402

#: Schema-valid requests to these routes may be refused for the game's state.
STATEFUL = (
    r"^/api/games/\{game_id\}/(moves|check|undo|redo|hint|resign|verdict|verdict/line|again)$"
)

CONFIG = SchemathesisConfig.from_dict(
    {
        # The computer's first strong UNO move warms its search up (seconds on a loaded
        # machine): a slow answer is not what this test looks for.
        "request-timeout": 120,
        "operations": [
            {
                "include-path-regex": STATEFUL,
                "checks": {
                    "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404", "409"]}
                },
            }
        ],
    }
)

#: One game of each kind (two-player ones against the computer) for the play routes.
GAMES: list[dict[str, Any]] = [
    {"game": "calculation", "seed": 3},
    {"game": "gate", "seed": 4},
    {"game": "eight-by-eight", "seed": 5},
    {"game": "uno", "seed": 6, "opponent": "random"},
    {"game": "chinese-patience", "seed": 7, "opponent": "random"},
]


class Api:
    """A fresh app, one player's session on it, and that player's games."""

    def __init__(self) -> None:
        self.app = create_app(":memory:", secret="schema-test")
        self.session: Any = asgi.get_client(self.app)
        self.session.headers["Host"] = asgi.HOST
        self.ids: list[str] = []
        for body in GAMES:
            answer = self.session.post("http://testserver/api/games", json=body)
            assert answer.status_code == 201, answer.text
            self.ids.append(answer.json()["id"])

    def real_id(self, drawn: str) -> str:
        """A game of this player for most drawn ids (chosen by the drawn text, so
        Hypothesis can shrink to it), else the drawn id itself."""
        pick = sum(drawn.encode("utf-8", "surrogatepass")) % (len(self.ids) + 2)
        return self.ids[pick] if pick < len(self.ids) else drawn


def whole_numbers(data: Any) -> Any:
    """``data`` with every whole float (``4.0``) written as an integer (``4``)."""
    if isinstance(data, dict):
        return {k: whole_numbers(v) for k, v in data.items()}
    if isinstance(data, list):
        return [whole_numbers(v) for v in data]
    if isinstance(data, float) and data.is_integer():
        return int(data)
    return data


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    make_deals_cheap(monkeypatch)
    make_computer_quick(monkeypatch)
    made = Api()
    yield made
    made.session.close()


@pytest.fixture
def api_schema(api: Api) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", api.app, config=CONFIG)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=10)
def test_the_api_answers_as_its_schema_says(case: Any, api: Api) -> None:
    if isinstance(case.body, dict | list):
        case.body = whole_numbers(case.body)
    if isinstance(case.body, dict) and isinstance(case.body.get("day"), str):
        case.body["day"] = min(case.body["day"], dt.date.today().isoformat())
    drawn = (case.path_parameters or {}).get("game_id")
    if isinstance(drawn, str):
        case.path_parameters["game_id"] = api.real_id(drawn)
    case.call_and_validate(session=api.session)
