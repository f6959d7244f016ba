"""The end of a game at the terminal table, from the service's ``answer["end"]``.

The headline and the detail are the service's sentences; the table adds the facts
under labels (score, cards home, series or match totals, streak, best, the deal
number once the game is final) and a key for each next step the service offers
(``end["next"]``: undo a lost patience, the next game of a series, a new deal, the
solver's verdict on a final patience's deal and a winning line to watch).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["end_choices", "end_text"]


def _pair(answer: Mapping[str, Any], totals: list[int]) -> str:
    seat = int(answer.get("seat") or 0)
    if answer.get("opponent") == "human":
        return f"you {totals[seat]}, your opponent {totals[1 - seat]}"
    return f"you {totals[seat]}, the computer {totals[1 - seat]}"


def end_text(answer: Mapping[str, Any], verdict: Mapping[str, Any] | None = None) -> str:
    """The end panel's text: the service's headline and detail, then labelled facts,
    then the solver's verdict on the deal once asked for."""
    end = answer.get("end") or {}
    lines = [str(end.get("headline") or ""), str(end.get("detail") or "")]
    facts: list[str] = []
    if end.get("score") is not None:
        facts.append(f"Score: {end['score']}")
    progress = end.get("progress")
    if progress:
        total = f" of {progress['total']}" if progress.get("total") else ""
        label = str(progress.get("label") or "progress")
        facts.append(f"{label[:1].upper()}{label[1:]}: {progress['value']}{total}")
    totals = end.get("totals")
    if totals:
        series = answer.get("series")
        if series:
            facts.append(f"Series after game {series['number']}: {_pair(answer, totals)}")
        else:
            target = (answer.get("view") or {}).get("target")
            kind = f"Match to {target}" if target else "Totals"
            facts.append(f"{kind}: {_pair(answer, totals)}")
    if end.get("streak") is not None:
        streak = int(end["streak"])
        wins = "win" if streak == 1 else "wins"
        facts.append(
            f"Streak: {streak} {wins} in a row (longest {end.get('best_streak') or streak})"
        )
    if end.get("best") is not None:
        unit = f" {progress['label']}" if progress and end.get("score") is None else ""
        facts.append(f"Best: {end['best']}{unit}")
    if end.get("deal") is not None:
        facts.append(f"Deal number: {end['deal']}")
    if facts:
        lines += [""] + facts
    if verdict is not None:
        lines += ["", str(verdict.get("text") or "")]
    return "\n".join(line for line in lines if line is not None).strip()


def end_choices(
    answer: Mapping[str, Any], verdict: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """Key -> label for what may come next, in the order the panel lists them."""
    end = answer.get("end") or {}
    following = list(end.get("next") or [])
    choices: dict[str, str] = {}
    if "undo" in following:
        choices["u"] = "undo"
    if not end.get("final", True):
        choices["x"] = "give up this deal"
    if "series" in following:
        choices["n"] = "next game of the series"
        choices["s"] = "single new game"
    elif "again" in following:
        choices["n"] = "new deal"
    if end.get("final") and end.get("deal") is not None:
        choices["d"] = "replay this deal"
    if "verdict" in following:
        if verdict is None:
            choices["v"] = "could this deal be won?"
        elif verdict.get("moves"):
            choices["w"] = "watch a winning line"
    if "new" in following:
        choices["o"] = "other game"
    choices["q"] = "quit"
    return choices
