"""Statistics for the statistics page: per player, from the stored games alone.

``progress`` is a game's own measure of how far a person got (cards on the
foundations for the patiences, the score for the two-player games), read from
the person's view, so it can be shown for games lost as well as won.
"""

from __future__ import annotations

from typing import Any

from .store import GameRecord

__all__ = ["player_stats", "progress"]


def _count_foundations(view: dict[str, Any]) -> int | None:
    """Cards on the foundations, whatever shape a game's view gives them."""
    if "on_foundations" in view:
        return int(view["on_foundations"])
    found = view.get("foundations")
    if isinstance(found, dict):
        total = 0
        for pile in found.values():
            if isinstance(pile, list):
                total += len(pile)
            elif isinstance(pile, str):
                total += _rank_value(pile)
        return total
    return None


def _rank_value(card: str) -> int:
    return "A23456789TJQK".index(card[0]) + 1 if card and card[0] in "A23456789TJQK" else 0


def progress(game: str, view: dict[str, Any]) -> int | None:
    """Cards on the foundations (one-player games); None where the game has a score."""
    if game in ("uno", "chinese-patience"):
        return None
    return _count_foundations(view)


def _won(record: GameRecord) -> bool:
    outcome = record.outcome or {}
    if outcome.get("winner") is not None:
        return bool(outcome.get("winner") == 0)
    return outcome.get("result") == "won"


def player_stats(records: list[GameRecord]) -> dict[str, Any]:
    """Per game and overall: played, won, win rate, streaks, best score."""
    by_game: dict[str, list[GameRecord]] = {}
    for record in sorted(records, key=lambda r: r.updated):
        if record.finished:
            by_game.setdefault(record.game, []).append(record)
    rows = [_summarise(name, games) for name, games in sorted(by_game.items())]
    every = sorted((r for r in records if r.finished), key=lambda r: r.updated)
    total = _summarise("all", every)
    total["best_progress"] = None  # cards home in different games do not compare
    total["in_play"] = sum(1 for r in records if not r.finished)
    return {"games": rows, "total": total}


def _summarise(name: str, games: list[GameRecord]) -> dict[str, Any]:
    won = [_won(r) for r in games]
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
        for r in games
        if _won(r) and r.outcome and r.outcome.get("score") is not None
    ]
    progresses = [int(r.meta["progress"]) for r in games if r.meta.get("progress") is not None]
    return {
        "game": name,
        "played": len(games),
        "won": sum(won),
        "win_rate": round(sum(won) / len(games), 3) if games else 0.0,
        "current_streak": current,
        "best_streak": best_streak,
        "best_score": max(scores) if scores else None,
        "best_progress": max(progresses) if progresses else None,
    }
