"""Statistics for the statistics page: per player, from the stored games alone.

A game's record keeps its ``progress`` (the game's own measure of how far
the person got, cards on the foundations in a patience; see
``GameState.progress``), so it can be shown for games lost as well as won.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import game_class
from .ending import ONE_TABLE_HEADING, ONE_TABLE_NOTE, best_words, one_table_words, winner_seat
from .policy import HUMAN as ONE_TABLE  # the opponent of two people at one table
from .policy import result_for
from .store import GameRecord

#: A record's meta flag: the game was loaded from a save when it was already over.
#: Statistics leave it out (it counted where it was played; loading a won save again
#: and again would add wins).
LOADED_OVER = "loaded_over"

__all__ = ["player_stats", "game_stats", "one_table_stats"]


#: How many of a game's last results its line of the statistics lists (``results``,
#: the results chart's marks).
RESULTS_SHOWN = 60


def _result(record: GameRecord, player: str | None = None) -> str:
    """``player``'s result, as the list of games gives it (``policy.result_for``: "won",
    "lost", "draw", "resigned"), from their seat: the owner's seat 0 unless they are a
    friend's game's guest."""
    seat = 1 if player is not None and record.guest == player != record.player else 0
    return result_for(record.outcome or {}, seat)


def _best_text(name: str, score: int | None, progress: int | None) -> str | None:
    """The best result in words, as the end of a game says it (``best_words``): "549
    points", a patience's progress in the game's own unit ("52 cards on the
    foundations"; the statistics said "52 cards home"), or "no record yet" (the web
    page said "none yet", the end panel "no record yet"); None across games, where
    points and cards do not compare."""
    if name == "all":
        return None
    if score is not None:
        return best_words(score, None)
    if progress is not None:
        return best_words(progress, game_class(name).progress_label)
    return best_words(None, None)


def _counted(records: list[GameRecord]) -> list[GameRecord]:
    """The records statistics count: not a save loaded when its game was already over
    (it was counted where it was played)."""
    return [r for r in records if not r.meta.get(LOADED_OVER)]


def _own(records: list[GameRecord]) -> list[GameRecord]:
    """The games that are the person's own: not those two people played at one table,
    which are the two players' (each seat was a person, neither of them "you"): counted
    as the owner's, Player 2's win read as the owner's loss, and the end of the game
    told Player 2, who had just won, "no wins yet"."""
    return [r for r in records if r.opponent != ONE_TABLE]


def one_table_stats(records: list[GameRecord], name: str | None = None) -> list[dict[str, Any]]:
    """The games played at one table, kept apart from the person's own: per game (only
    ``name``'s when it is given), how many each seat won and how many were drawn, in
    words ("Player 1 won 3, Player 2 won 2"): the ``line`` that says it all on its own
    ("At one table, UNO: ...", as ``parlour stats`` lists it) and the ``item`` that
    goes under a heading of its own (:data:`ONE_TABLE_HEADING`: "UNO: ...")."""
    by_game: dict[str, list[GameRecord]] = {}
    for record in _counted(records):
        if record.opponent == ONE_TABLE and record.finished and name in (None, record.game):
            by_game.setdefault(record.game, []).append(record)
    rows = []
    for game, games in sorted(by_game.items()):
        winners = [winner_seat(r.outcome or {}) for r in games]
        won = [winners.count(0), winners.count(1)]
        drawn = winners.count(None)
        text = one_table_words(won, drawn)
        title = game_class(game).title
        rows.append(
            {
                "game": game,
                "played": len(games),
                "won": won,
                "drawn": drawn,
                "text": text,
                "line": f"At one table, {title}: {text}.",
                "item": f"{title}: {text}.",
            }
        )
    return rows


def player_stats(records: list[GameRecord], player: str | None = None) -> dict[str, Any]:
    """Per game and overall: played, won, win rate, streaks, best score; and a line of
    its own for each game's deals of the day (``"deal": "daily"``). Games played at
    one table are not the person's own: they have lines of their own
    (``"one_table"``, see :func:`one_table_stats`, with their section's words,
    ``"one_table_words"``), and count only as in play."""
    apart = one_table_stats(records)
    in_play = sum(1 for r in _counted(records) if not r.finished)
    records = _own(_counted(records))
    by_game: dict[str, list[GameRecord]] = {}
    for record in sorted(records, key=lambda r: r.updated):
        if record.finished:
            by_game.setdefault(record.game, []).append(record)
    rows = [_summarise(name, games, player) for name, games in sorted(by_game.items())]
    daily: dict[str, list[GameRecord]] = {}
    for name, games in sorted(by_game.items()):
        days = [r for r in games if r.meta.get("deal") == "daily"]
        if days:
            daily[name] = days
    for name, games in daily.items():
        row = _summarise(name, games, player)
        row["deal"] = "daily"
        row["days"] = sorted({str(r.meta.get("day")) for r in games})
        rows.append(row)
    every = sorted((r for r in records if r.finished), key=lambda r: r.updated)
    total = _summarise("all", every, player)
    # cards home, or points, in different games do not compare: UNO's 549 points are
    # no better than Chinese Patience's 22
    total["best_score"] = total["best_progress"] = total["best_text"] = None
    total["in_play"] = in_play
    heads = {"heading": ONE_TABLE_HEADING, "note": ONE_TABLE_NOTE}
    return {"games": rows, "total": total, "one_table": apart, "one_table_words": heads}


def _summarise(name: str, games: list[GameRecord], player: str | None = None) -> dict[str, Any]:
    """One line of the statistics: ``games`` (oldest first) counted, and the last
    :data:`RESULTS_SHOWN` results (``results``, oldest first: what a results chart
    draws, from the very games counted, so no front end picks them again)."""
    results = [_result(r, player) for r in games]
    won = [r == "won" for r in results]
    best_streak = streak = 0
    for w in won:
        streak = streak + 1 if w else 0
        best_streak = max(best_streak, streak)
    current = 0
    for w in reversed(won):
        if not w:
            break
        current += 1
    scores = [
        int(r.outcome["score"])
        for r, w in zip(games, won, strict=True)
        if w and r.outcome and r.outcome.get("score") is not None
    ]
    progresses = [int(r.meta["progress"]) for r in games if r.meta.get("progress") is not None]
    best_score = max(scores) if scores else None
    best_progress = max(progresses) if progresses else None
    return {
        "game": name,
        "played": len(games),
        "won": sum(won),
        "win_rate": round(sum(won) / len(games), 3) if games else 0.0,
        "current_streak": current,
        "best_streak": best_streak,
        "best_score": best_score,
        "best_progress": best_progress,
        "best_text": _best_text(name, best_score, best_progress),
        "results": results[-RESULTS_SHOWN:],
    }


def game_stats(records: list[GameRecord], name: str, player: str | None = None) -> dict[str, Any]:
    """One game's line of :func:`player_stats` (for the end of a game)."""
    games = [
        r
        for r in sorted(_own(_counted(records)), key=lambda r: r.updated)
        if r.finished and r.game == name
    ]
    return _summarise(name, games, player)
