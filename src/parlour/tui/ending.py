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

from ..service.ending import end_facts, next_steps

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


#: Key -> words for each next step, in the panel's order (the same keys as ``parlour play``).
end_choices = next_steps
