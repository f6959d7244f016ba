"""Sentences for the message line, built from the engine's move phrases and events.

The engine says what a move does in the third person ("plays 7D to F3") and tells
events per player ("you drew R5", "player 1 drew a card"). At the table the
person is player 0 and the computer player 1, so the sentences say "You" and
"The computer", show French cards with suit symbols, and drop events that only
repeat the move.
"""

from __future__ import annotations

import re

from .cards import card_face

__all__ = ["second_person", "pretty", "sentence"]

_CARD = re.compile(r"\b([A2-9TJQK][CDHS])\b")
_TO_MOVE = re.compile(r"^player \d to move$", re.IGNORECASE)


def second_person(phrase: str) -> str:
    """'plays 7D to F3' -> 'play 7D to F3' (the engine's verb, for 'You ...')."""
    verb, _, rest = phrase.partition(" ")
    if verb.endswith(("sses", "ches", "shes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()


def pretty(text: str) -> str:
    """French cards with suit symbols; the computer and the person named as such."""
    text = _CARD.sub(lambda m: card_face(m.group(1)), text)
    text = re.sub(r"\bplayer 1\b", "the computer", text, flags=re.IGNORECASE)
    text = re.sub(r"\bplayer 0\b", "you", text, flags=re.IGNORECASE)
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _repeats(event: str, phrase: str) -> bool:
    """Whether an event only repeats the move ('you twisted KC' after 'twists KC')."""
    words = event.split(" ")
    subject = 2 if words[0].lower() == "player" else 1
    if len(words) <= subject:
        return False
    verb, rest = words[subject], " ".join(words[subject + 1 :])
    move_verb, _, move_rest = phrase.partition(" ")
    return verb[:2].lower() == move_verb[:2].lower() and rest == move_rest


def sentence(who: str, phrase: str, events: list[str]) -> str:
    """'You play 7D to F3. The current card is JD.' for who in ('You', 'Computer')."""
    told = [e for e in events if e and not _TO_MOVE.match(e) and not _repeats(e, phrase)]
    verb = second_person(phrase) if who == "You" else phrase
    text = f"{who} {verb}."
    for event in told:
        text += f" {_capital(event)}."
    return pretty(text)
