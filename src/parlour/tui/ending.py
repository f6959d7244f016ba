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

from ..service.ending import again_words, end_facts

__all__ = ["end_choices", "end_text"]


def end_text(answer: Mapping[str, Any], verdict: Mapping[str, Any] | None = None) -> str:
    """The end panel's text: the service's headline and detail, then labelled facts
    (:func:`parlour.service.ending.end_facts`, the same as ``parlour play``'s), then the
    solver's verdict on the deal once asked for."""
    end = answer.get("end") or {}
    lines = [str(end.get("headline") or ""), str(end.get("detail") or "")]
    facts = end_facts(answer)
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
        choices["n"] = again_words(answer)
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
