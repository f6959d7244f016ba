"""A game between two people in two browsers: invitations, names, presence, pauses.

The owner starts the game with ``opponent`` ``"friend"`` and gets an invitation
token (a link). Whoever opens the link first takes the second seat (``guest``) with
a display name of their own; nobody else can ever open the game: to anyone but its
two people the game does not exist (the same 404 as an unknown id), and the token
is checked in constant time.

Where each person is comes from the store's presence rows, written by whichever
app server their browser is connected to (and refreshed while it stays
connected, so a server that dies leaves its people *away* after
:data:`STALE_SECONDS`). A person who keeps the game waiting for :data:`AWAY_SECONDS`
(a stated time: the table shows the count-down), away while it is their turn, loses
the right to hold up the game: the other may claim the win, or sit the computer in
the empty seat until they come back. The clock runs only on the absent person's
turn: while it is your own move you are the one the game waits for, and your
thinking time never counts against the other (as lichess offers the claim only
when the one who left is to move). Both may agree to pause instead: then nobody can
claim, and either may play on.

Once a game is over either may offer the next one (a rematch, or the next game of
a series); nothing starts until the other accepts (:func:`rematch`), as on lichess.
"""

from __future__ import annotations

import hmac
import json
import secrets
import unicodedata
from typing import Any

from ..core.registry import game_class
from ..core.session import Game
from ..errors import IllegalMoveError, InvalidOptionError
from . import policy
from .answers import LiveSeat, LiveTable, Rematch
from .store import GameRecord, Presence
from .words import REMATCH_BUTTONS, capitalised, live_bar_words, rematch_words

__all__ = [
    "AWAY_SECONDS",
    "HEARTBEAT_SECONDS",
    "LIVE_KEYS",
    "STALE_SECONDS",
    "capitalised",
    "check_name",
    "check_playing",
    "is_away",
    "live_table",
    "new_token",
    "paused",
    "rematch",
    "rematch_waits",
    "seat_open",
    "stamp",
    "token_matches",
]

#: How long the other person must be away before the win may be claimed.
AWAY_SECONDS = 120.0
#: How often an app server says its connected people are still there.
HEARTBEAT_SECONDS = 10.0
#: A presence row not refreshed for this long is taken as away (its server died).
STALE_SECONDS = 3 * HEARTBEAT_SECONDS
#: The longest display name.
MAX_NAME = 24
#: Facts of a friend's game that open a live game to whoever holds them: its
#: invitation (the second seat), and the id of the game after it, which the same
#: invitation opens. A save is a file people give away: it carries neither.
LIVE_KEYS = frozenset({"invite", "next"})


def new_token() -> str:
    """An invitation token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def token_matches(record: GameRecord, token: Any) -> bool:
    """Whether ``token`` is this game's invitation (constant-time comparison)."""
    kept = record.meta.get("invite")
    if not isinstance(kept, str) or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(kept.encode(), token.encode())


def seat_open(record: GameRecord) -> bool:
    """Whether the second seat still waits for the invited person (nobody took it,
    and the computer was not sat there instead): the invitation is live."""
    return record.guest is None and policy.is_person(record, 1)


def check_name(name: Any, default: str) -> str:
    """A display name as people typed it, tidied: spaces collapsed, control
    characters refused, at most :data:`MAX_NAME` characters; ``default`` if empty."""
    if name is None:
        return default
    if not isinstance(name, str):
        raise InvalidOptionError(f"a name is text, got {name!r}")
    tidy = " ".join(name.split())
    if any(unicodedata.category(ch).startswith("C") for ch in tidy):
        raise InvalidOptionError("a name cannot hold control characters")
    if len(tidy) > MAX_NAME:
        raise InvalidOptionError(f"a name has at most {MAX_NAME} characters, got {len(tidy)}")
    if tidy.casefold() in ("you", "the computer", "computer", "the table"):
        raise InvalidOptionError(f"{tidy!r} would be confusing as a name: choose another")
    return tidy or default


def is_away(presence: Presence | None, now: float) -> bool:
    """Whether a seat's person is not at the table now."""
    if presence is None:
        return True
    return not presence.online or now - presence.seen > STALE_SECONDS


def away_for(presence: Presence | None, now: float) -> float | None:
    """Seconds the seat's person has been away (None: here, or never came)."""
    if presence is None or not is_away(presence, now):
        return None
    return max(0.0, now - presence.seen)


def claim_in(
    record: GameRecord,
    game: Game,
    seat: int,
    presence: dict[int, Presence],
    now: float,
    limit: float,
) -> float | None:
    """Seconds until ``seat`` may claim the win over an absent opponent (0: now),
    or None when there is nothing to claim, or nothing counts yet.

    Only the time the other keeps the game waiting counts: the clock runs while it
    is their turn and they are away, from the later of their leaving and their turn
    starting (the record's last change: the move that gave them the turn). On your
    own move there is no clock at all: it ran on while you thought (a friend who
    stepped out during your long turn could be claimed against the moment you
    moved, and the bar counted down while you were the one holding up the game)."""
    other = 1 - seat
    if game.outcome is not None or paused(record) or not policy.is_person(record, other):
        return None
    if record.guest is None or game.to_move != other:
        return None
    turn = max(0.0, now - record.updated)
    away = away_for(presence.get(other), now)
    if away is None:
        if other not in presence:  # the guest took the seat and never came back
            away = turn
        else:
            return None
    return max(0.0, limit - min(away, turn))


def paused(record: GameRecord) -> bool:
    return bool((record.meta.get("pause") or {}).get("paused"))


def pause_word(record: GameRecord, seat: int) -> str | None:
    pause = record.meta.get("pause") or {}
    if pause.get("paused"):
        return "paused"
    asked = pause.get("asked")
    if asked is None:
        return None
    return "asked_by_you" if asked == seat else "asked_by_them"


def live_table(
    record: GameRecord,
    game: Game,
    seat: int,
    presence: dict[int, Presence],
    now: float,
    limit: float = AWAY_SECONDS,
) -> LiveTable:
    """The table of a friend's game as the person in ``seat`` sees it."""
    names = policy.seat_names(record)
    chosen = list(record.meta.get("names") or [None, None])
    computers = policy.computer_seats(record)
    seats: list[LiveSeat] = []
    for n in range(2):
        kind = "computer" if n in computers else "person"
        if n == 1 and record.guest is None and kind == "person":
            kind = "empty"
        here = presence.get(n)
        seats.append(
            {
                "name": "the computer" if kind == "computer" else str(chosen[n] or names[n]),
                "you": n == seat,
                "kind": kind,
                "present": kind == "person" and not is_away(here, now),
                "away": away_for(here, now) if kind == "person" else None,
            }
        )
    wait = claim_in(record, game, seat, presence, now, limit)
    other = 1 - seat
    open_seat = other == 1 and seat_open(record)
    invite = record.meta.get("invite") if seat == 0 and open_seat else None
    pause = pause_word(record, seat)
    words = live_bar_words(seats[other]["name"], pause, invite is not None)
    return {
        "version": record.version,
        "seats": seats,
        "invite": invite,
        "pause": pause,
        "claim_after": limit,
        "claim_in": wait,
        "can_seat_computer": game.outcome is None
        and other not in computers
        and (open_seat or wait == 0.0),
        "can_take_seat": game.outcome is None and seat in computers,
        "next": record.meta.get("next"),
        "rematch": rematch(record, game, seat),
        "words": words,
    }


def rematch_waits(record: GameRecord, seat: int) -> bool:
    """Whether the next game after this one needs the other's yes: a person sits
    opposite ``seat`` (the computer in that seat, or nobody, has no say)."""
    return record.guest is not None and policy.is_person(record, 1 - seat)


def rematch(record: GameRecord, game: Game, seat: int) -> Rematch | None:
    """Where the offer of the next game stands for ``seat`` (None while the game goes
    on, or with nobody opposite to ask). The record keeps the last word said about
    it: ``{"offered": seat}``, ``{"declined": seat}``, ``{"withdrawn": seat}`` or, once
    the next game is made, ``{"accepted": seat}`` (whose table follows is told who
    accepted; the one who accepted is told nothing)."""
    if not policy.is_final(record, game) or not rematch_waits(record, seat):
        return None
    said = record.meta.get("rematch") or {}
    if record.meta.get("next") and "accepted" not in said:
        return None
    state = None
    for word in ("offered", "declined", "withdrawn", "accepted"):
        if word in said:
            state = f"{word}_by_{'you' if said[word] == seat else 'them'}"
    other = policy.seat_names(record)[1 - seat]
    series = bool(game_class(record.game).series)
    text, offer = rematch_words(state, other, series)
    buttons = REMATCH_BUTTONS
    return {
        "state": state,
        "text": text,
        "offer": offer,
        "accept": buttons["accept"],
        "decline": buttons["decline"],
        "withdraw": buttons["withdraw"],
    }


def stamp(table: LiveTable) -> str:
    """What of a live table a person must be told again when it changes: who sits
    where and who is here, the pause, the next game (not the clocks, which a front
    end counts down by itself, nor the version, which every move changes)."""
    seats = [{k: v for k, v in seat.items() if k != "away"} for seat in table["seats"]]
    kept = {k: v for k, v in table.items() if k not in ("version", "seats", "claim_in")}
    return json.dumps([seats, kept, table["claim_in"] is None], sort_keys=True)


def check_playing(record: GameRecord) -> None:
    """Refuse a move while the second seat waits for its person."""
    if record.guest is None and policy.is_person(record, 1):
        raise IllegalMoveError(
            "your friend has not sat down yet: send them the invitation, or let the computer play"
        )
