"""The end of a hand within a match (a game of hands played to a points target), for
front ends to show before the next hand.

A match deals its next hand inside the move that ended the last (dealing is nobody's
choice), so one move's events tell a hand's end (``hand_end``) and then the next hand's
start. A person wants the end to stay in view, with who won, the points, the running
score and the loser's cards, until they ask for the next hand, as at a real table;
:func:`hand_end` gathers that from the move's events and the table after it, in the
log's words, the same for every front end. It reads no game by name: only the shared
event vocabulary (:mod:`parlour.core.events`) and the ``scores`` and ``target`` a
match's view declares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.events import Event
from .answers import HandEnd
from .words import Names, capitalised, count_words, match_words, sentences

__all__ = ["hand_end"]


def hand_end(
    events: Sequence[Event], view: Mapping[str, Any], names: Names, seat: int
) -> HandEnd | None:
    """The hand that ``events`` (one move, as ``seat`` was told it) ended, with the
    match's scores from ``view`` (the table after the move); None if no hand ended."""
    at = next((i for i, e in enumerate(events) if e.what == "hand_end"), None)
    if at is None:
        return None
    event = events[at]
    number = event.value if isinstance(event.value, int) else None
    hand = f"hand {number}" if number is not None else "the hand"
    who = event.who
    points = event.count or 0
    if who is None:
        headline, detail, shown_text = f"{hand} is blocked", "Nobody scores.", ""
    else:
        headline = f"{names.subject(who)} {names.verb(who, 'win')} {hand}"
        detail = f"{names.subject(who)} {names.verb(who, 'score')} {count_words(points, 'point')}."
        shown_text = f"{names.subject(1 - who)} held:" if event.cards else ""
    scores = view.get("scores")
    totals = [int(s) for s in scores] if isinstance(scores, list) and len(scores) == 2 else None
    totals_text = None
    if totals is not None:
        named = ((names.subject(s), totals[s]) for s in (seat, 1 - seat))
        totals_text = match_words(view.get("target"), named)
    return {
        "hand": number,
        "winner": who,
        "headline": capitalised(headline),
        "detail": capitalised(detail),
        "points": points,
        "shown": list(event.cards),
        "shown_text": capitalised(shown_text),
        "totals": totals,
        "totals_text": totals_text,
        "before": " ".join(sentences(events[:at], names)),
        "after": " ".join(sentences(events[at + 1 :], names)),
    }
