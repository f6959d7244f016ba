"""The end of a game and the statistics in plain lines, the same in every text front end.

The service's answer holds the facts (``answer["end"]``, :meth:`TableService.stats`);
this module words them once, so that ``parlour play`` and the terminal table say the
same thing in the same words (the web app lays the same facts out as a panel).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from ..core.registry import game_class
from .words import ONE_TABLE_NAMES, counted, give_up_words, tally

__all__ = [
    "AGAIN",
    "ONE_TABLE_NAMES",
    "again_words",
    "best_words",
    "deal_words",
    "end_facts",
    "next_steps",
    "ONE_TABLE_HEADING",
    "ONE_TABLE_NOTE",
    "one_table_tally",
    "one_table_words",
    "pair_words",
    "stats_lines",
    "streak_words",
    "winner_seat",
]

#: The statistics' section of games two people played at one table (its heading and
#: what it says under it), over a line a game, ``one_table_stats``'s ``item``: "UNO:
#: Player 1 won 3, Player 2 won 2." (the web page's heading "At one table" stood over
#: lines that each began "At one table, UNO: ...").
ONE_TABLE_HEADING = "Two people at one table"
ONE_TABLE_NOTE = "Their games are theirs, not yours: they are not counted above."

#: What "play again" deals, by the kind of deal just played (see ``TableService.again``).
AGAIN = {
    "random": "a new deal",
    "winnable": "a new winnable deal",
    "daily": "the deal of the day again",
}


def winner_seat(outcome: Mapping[str, Any]) -> int | None:
    """The seat that won a finished two-player game, the one reading of an outcome's
    winner for every list, headline and count: its ``winner``, else, for a resigned
    game, the seat opposite its ``loser`` (a record stored with only the loser was
    "Draw" in the list while the statistics counted the other seat's win); None for a
    draw, a patience, or a game over with neither."""
    if outcome.get("winner") is not None:
        return int(outcome["winner"])
    if outcome.get("result") == "resigned" and outcome.get("loser") is not None:
        return 1 - int(outcome["loser"])
    return None


def deal_words(answer: Mapping[str, Any]) -> str:
    """Which deal is on the table, as an opening line names it: "the deal of the day,
    26 November 2026", "a deal the solver has proved winnable", "deal 7" (a seed the
    person may see), or "" (a random deal whose seed is kept back, or a deck the person
    gave, which has no number). A winnable deal
    never names its seed: all a person may learn of it is that it is winnable."""
    kind = answer.get("deal")
    if kind == "daily":
        day = answer.get("day")
        return f"the deal of the day, {day_words(str(day))}" if day else "the deal of the day"
    if kind == "winnable":
        return "a deal the solver has proved winnable"
    return f"deal {answer['seed']}" if "seed" in answer else ""


_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def day_words(day: str) -> str:
    """A day as people write it ("26 November 2026") from ``"2026-11-26"`` (as given
    when it is not such a date)."""
    try:
        date = dt.date.fromisoformat(day)
    except ValueError:
        return day
    return f"{date.day} {_MONTHS[date.month - 1]} {date.year}"


def streak_words(now: int, longest: int) -> str:
    """A streak of wins as every front end says it: "2 wins in a row (longest 3)",
    "none now (longest 3 wins)", "no wins yet"."""
    if not now:
        return f"none now (longest {counted(longest, 'win')})" if longest else "no wins yet"
    return f"{counted(now, 'win')} in a row (longest {max(longest, now)})"


def one_table_words(won: list[int], drawn: int = 0) -> str:
    """Two people's games at one table, by who won them, as the statistics and the
    end of such a game say it: "Player 1 won 3, Player 2 won 2", "..., 1 draw". They
    are kept apart from the person's own wins: each seat was one of the two."""
    said = ", ".join(f"{name} won {n}" for name, n in zip(ONE_TABLE_NAMES, won, strict=True))
    return f"{said}, {counted(drawn, 'draw')}" if drawn else said


def one_table_tally(won: list[int], drawn: int = 0) -> str:
    """:func:`one_table_words` short enough for a phone's line, as the end panel lays
    it out beside its label ("Games won"): "Player 1 (3), Player 2 (2)", "..., 1
    draw" ("At one table: Player 1 won 3, Player 2 won 2" took two lines at 360 px)."""
    said = tally(zip(ONE_TABLE_NAMES, won, strict=True))
    return f"{said}, {counted(drawn, 'draw')}" if drawn else said


#: The best of a game with none yet (nothing won with a score, no card home).
NO_BEST = "no record yet"


def best_words(best: int | None, unit: str | None) -> str:
    """The best result so far, as the end of a game and every front end's statistics
    say it: "18 points", "30 cards on the foundations" (a game scored by ``unit``, its
    progress), "no record yet". (The end panel said "a score of 18" and "no record
    yet" where the web statistics said "18 points" and "none yet".)"""
    if best is None:
        return NO_BEST
    if not unit:
        return counted(best, "point")
    noun, _, rest = unit.partition(" ")  # "cards on the foundations": count the noun
    return " ".join(filter(None, (counted(best, noun.removesuffix("s")), rest)))


def again_words(answer: Mapping[str, Any]) -> str:
    """What "play again" gives after ``answer``'s game: after a match (UNO's, whose view
    has a target score), "a new match", not "a new deal", which could be read as the
    next hand of the match just ended."""
    if (answer.get("view") or {}).get("target"):
        return "a new match"
    return AGAIN.get(str(answer.get("deal") or "random"), AGAIN["random"])


def next_steps(
    answer: Mapping[str, Any], verdict: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """Key -> words for each step the table offers after ``answer``'s game, in the
    order a front end lists them: undo a lost patience, resign it, the next game of
    a series or play again, replay this deal, the solver's verdict (then a winning
    line to watch), another game, quit. ``parlour play`` and the terminal table both
    offer these keys (the web app's end panel has a button for each)."""
    end = answer.get("end") or {}
    following = list(end.get("next") or [])
    steps: dict[str, str] = {}
    if "undo" in following:
        steps["u"] = "undo"
    if not end.get("final", True):  # a lost patience: "resign this deal"
        players = int(answer.get("players") or 1)
        steps["x"] = give_up_words(players, lost=True)["action"].lower()
    if "series" in following:
        steps["n"] = "next game of the series"
        steps["s"] = "single new game"
    elif "again" in following:
        steps["n"] = again_words(answer)
    if "replay" in following:  # a patience's deal (see policy.next_after)
        steps["d"] = "replay this deal"
    if "verdict" in following:
        if verdict is None:
            steps["v"] = "could this deal be won?"
        elif verdict.get("moves"):
            steps["w"] = "watch a winning line"
    if "new" in following:
        steps["o"] = "other game"
    steps["q"] = "quit"
    return steps


def pair_words(answer: Mapping[str, Any], totals: list[int]) -> str:
    """Both seats' totals, the reader's first, named as the answer names the seats:
    "you 120, the computer 40", "Player 1 (120), Player 2 (40)" at one table."""
    seat = int(answer.get("seat") or 0)
    named = [str(n["name"]) for n in answer.get("names") or ()] or ["you", "the computer"]
    return tally((named[s], totals[s]) for s in (seat, 1 - seat))


def end_facts(answer: Mapping[str, Any]) -> list[str]:
    """The facts of a finished game under labels: score, cards on the foundations,
    series or match totals, the moves played and the time they took, streak, best (at one table
    instead: the two players' games so far), and the deal number once the game is
    final."""
    end = answer.get("end") or {}
    facts: list[str] = []
    if end.get("score") is not None:
        facts.append(f"{end.get('score_label') or 'Score'}: {end['score']}")
    progress = end.get("progress")
    if progress:
        total = f" of {progress['total']}" if progress.get("total") else ""
        label = str(progress.get("label") or "progress")
        facts.append(f"{label[:1].upper()}{label[1:]}: {progress['value']}{total}")
    totals = end.get("totals")
    if totals:
        series = answer.get("series")
        if series:
            facts.append(f"Series after game {series['number']}: {pair_words(answer, totals)}")
        else:
            target = (answer.get("view") or {}).get("target")
            kind = f"Match to {target}" if target else "Totals"
            facts.append(f"{kind}: {pair_words(answer, totals)}")
    if end.get("played_text"):
        facts.append(f"Played: {end['played_text']}")
    if end.get("one_table"):
        facts.append(f"At one table: {end['one_table']}")
    if end.get("streak_text"):
        facts.append(f"Streak: {end['streak_text']}")
    if end.get("best_text"):
        facts.append(f"Best: {end['best_text']}")
    if end.get("deal") is not None:
        facts.append(f"Deal number: {end['deal']}")
    return facts


def _rate(row: Mapping[str, Any]) -> str:
    return f"{100 * float(row['win_rate']):.0f}%" if row["played"] else "-"


def _has_best(row: Mapping[str, Any]) -> bool:
    """Whether a statistics line has a best to tell (its ``best_text`` is "no record
    yet" where it has none: a line of its own under the table would say nothing)."""
    return row.get("best_score") is not None or row.get("best_progress") is not None


def stats_lines(stats: Mapping[str, Any], game: str | None = None) -> list[str]:
    """:meth:`TableService.stats` as a table: a line per game, the deal of the day's
    line under its game, the total, then the games two people played at one table,
    apart (their ``line``; only ``game``'s lines when it is given). The games are
    named by their titles, and each best result is a line under the table with its
    unit (the service's ``best_text``, which the web app's statistics page shows too:
    "Best in Calculation: 52 cards on the foundations.", "Best in UNO: 549 points."):
    a bare "best" of 52 in Calculation and 549 in UNO read as one measure."""
    rows = [row for row in stats.get("games") or [] if game is None or row["game"] == game]
    apart = [
        str(row["line"])
        for row in stats.get("one_table") or []
        if game is None or row["game"] == game
    ]
    total = stats.get("total") or {}
    # games at one table are the two players', not the person's own (see player_stats)
    own = " of your own" if apart else ""
    if game is not None and not rows:
        return [f"No finished games{own} of {game_class(game).title} yet.", *apart]
    if not rows:
        in_play = int(total.get("in_play") or 0)
        tail = f" ({in_play} in play)" if in_play else ""
        return [f"No finished games{own} yet{tail}.", *apart]
    daily = {row["game"]: row for row in rows if row.get("deal") == "daily"}
    header = ("Game", "Played", "Won", "Win rate", "Streak", "Longest")
    table: list[tuple[str, ...]] = [header]
    bests: list[str] = []

    def line(name: str, row: Mapping[str, Any]) -> tuple[str, ...]:
        return (
            name,
            str(row["played"]),
            str(row["won"]),
            _rate(row),
            str(row["current_streak"]),
            str(row["best_streak"]),
        )

    for row in rows:
        if row.get("deal") == "daily":
            continue
        title = game_class(str(row["game"])).title
        table.append(line(title, row))
        if _has_best(row):
            bests.append(f"Best in {title}: {row['best_text']}.")
        if row["game"] in daily:
            day = daily[row["game"]]
            table.append(line("  deal of the day", day))
            if _has_best(day):
                bests.append(f"Best in {title}, deal of the day: {day['best_text']}.")
    if game is None:
        table.append(line("All games", total))
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    out = [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in table
    ]
    out.insert(1, "  ".join("-" * w for w in widths))
    # each best under the table, whole: "4 cards on the foundations" as a column made
    # the table 85 columns wide (a terminal's 80 wrapped it)
    out += bests
    out += apart
    in_play = int(total.get("in_play") or 0) if game is None else 0
    if in_play:
        them = "them" if in_play != 1 else "it"
        out.append(f"{counted(in_play, 'game')} in play (parlour tui resumes {them}).")
    return out
