"""The table's words: events turned into sentences for people, the same everywhere.

Engines say what happened as data (:class:`parlour.core.events.Event`); this module
is the one place that words it, so ``parlour play``, the terminal table and the web
app tell a game alike: "You play 7♦ from the stock to F3.", "The computer draws
2 cards.", with suit symbols, UNO colours in words, singular and plural, and the
players named from the reader's side of the table (never "player 0").
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..ai.solver import STATUS_WORDS
from ..cards import (
    RANKS,
    SUITS,
    UNO_COLOUR_NAMES,
    UNO_COLOURS,
    card_pretty,
    parse_card,
    parse_uno_card,
    uno_pretty,
)
from ..core.events import Event
from ..core.protocol import MoveKey, SolveStatus
from ..errors import cut
from .answers import (
    CommandWords,
    GiveUpWords,
    HandOver,
    LiveWords,
    MoveKeyWords,
    TableCommands,
    WorkingWords,
)


def one_table_name(seat: int) -> str:
    """A seat's name where two people share one screen and nobody is "you" (the app
    asks them for no names of their own): "Player 1" for seat 0. The one way the front
    ends write a seat number for the people playing; the library's sentences write the
    index itself ("player 0", ``parlour.core.protocol.seat_name``), as the rules do."""
    return f"Player {seat + 1}"


#: The seats of two people at one table: names, written as names (``one_table_name``).
ONE_TABLE_NAMES = (one_table_name(0), one_table_name(1))

__all__ = [
    "Names",
    "ONE_TABLE_NAMES",
    "one_table_name",
    "card_words",
    "cards_words",
    "colour_words",
    "colour_choice_words",
    "count_words",
    "end_detail",
    "sentence",
    "sentences",
    "capitalised",
    "as_sentence",
    "tally",
    "match_words",
    "blocked_words",
    "foundation_words",
    "stock_left_words",
    "talon_left_words",
    "FOUNDATIONS",
    "cards_left_words",
    "with_symbols",
    "cards_kept_whole",
    "UNBROKEN",
    "table_words",
    "board_sentences",
    "prompt_words",
    "hint_words",
    "warning_words",
    "move_words",
    "SOLVER",
    "solver_names",
    "line_counter",
    "LINE_DEAL",
    "brief_refusal",
    "without_legal_list",
    "refusal_rest",
    "moves_words",
    "duration_words",
    "full_duration_words",
    "counted",
    "live_bar_words",
    "moves_told",
    "ago_words",
    "give_up_words",
    "try_again_words",
    "hand_over_words",
    "result_words",
    "stuck_words",
    "verdict_words",
    "no_card_words",
    "pile_legend",
    "move_key_words",
    "score_label",
    "fitted",
    "rematch_words",
    "working_words",
    "hint_busy_words",
    "command_words",
    "new_game_label",
    "PREPARING",
]

#: Who plays a solver's winning line, as its sentences name it: the line is the
#: solver's play, shown to the person, not a move the person made.
SOLVER = "the solver"
#: Players named "its", not "their", as a thing is ("The computer twists 10♣ onto its
#: discard pile").
_THINGS = ("the computer", SOLVER)

_TABLE_PLACES = {
    "hand": "the hand",
    "discard": "the discard pile",
    "draw": "the draw pile",
    "talon": "the talon",
    "waste": "the waste",
    "stock": "the stock",
}


def card_words(code: str) -> str:
    """A card as people read it: ``7D`` -> ``7♦``, ``TS`` -> ``10♠``, ``R8`` -> ``red 8``,
    ``GS`` -> ``green Skip``, ``W4`` -> ``Wild Draw Four`` (the cards' own
    :func:`~parlour.cards.uno_pretty`, which UNO's board writes too); unknown text is
    left as it is."""
    if len(code) == 2 and code[0] in RANKS and code[1] in SUITS:
        return card_pretty(parse_card(code))
    if _is_uno(code):
        return uno_pretty(parse_uno_card(code))
    return code


_FRENCH_CODE = re.compile(r"\b([A2-9TJQK][CDHS])\b")


def with_symbols(text: str) -> str:
    """Free text from a computer player ("puts TD on W1") with its French cards
    written as people read them ("puts 10♦ on W1")."""
    return _FRENCH_CODE.sub(lambda m: card_words(m.group(1)), text)


#: An UNO card in words, of more than one word ("red 7", "blue Draw Two", "Wild Draw
#: Four", "the Draw Two"), any case ("Red 7 is turned face up").
_UNO_NAME = re.compile(
    rf"\b(?:(?:{'|'.join(UNO_COLOUR_NAMES)}) (?:[0-9]|Skip|Draw Two)"
    r"|Wild Draw Four|Draw Two|Draw Four)\b",
    re.IGNORECASE,
)
#: A space that text wrapping does not break at (Python's textwrap and a terminal's
#: wrapping alike); a front end puts back the plain space once it has wrapped.
UNBROKEN = "\xa0"


def cards_kept_whole(text: str) -> str:
    """``text`` with the spaces inside each card's name unbreakable (:data:`UNBROKEN`),
    for a front end that wraps it: "blue 2" was broken "blue" / "2" across two lines of
    ``parlour play``'s board and log, "Wild" / "Draw Four" too."""
    return _UNO_NAME.sub(lambda m: m.group(0).replace(" ", UNBROKEN), text)


#: The lines of an engine's board that are notes, not sentences (Chinese Patience's
#: turn: "Twist allowed, end not allowed"), and the sentences a person is shown in
#: their place. The engines keep their text: the learning environments read it as
#: it is.
_BOARD_NOTES = (
    (re.compile(r"^(.+) first turn: twist$"), r"\1 first turn starts with a twist."),
    (
        re.compile(r"^Twisted card on pile 0: move it off to twist again, or end$"),
        "The twisted card is on pile 0: move it off to twist again, or end the turn.",
    ),
    (
        re.compile(r"^Twist allowed, end not allowed$"),
        "A twist is allowed; the turn can end only after one.",
    ),
)


def board_sentences(board: str) -> str:
    """A board as a terminal shows it to people: its lines of notes said as sentences
    (see :data:`_BOARD_NOTES`); every other line as the engine wrote it."""
    lines = board.split("\n")
    for i, line in enumerate(lines):
        for note, said in _BOARD_NOTES:
            if note.match(line):
                lines[i] = note.sub(said, line)
    return "\n".join(lines)


def table_words(text: str, names: Names) -> str:
    """Free text from a game or a computer player (why a move is refused, a hint's
    reason) as the table shows things: its French cards with suit symbols and the
    piles a game names in words by their names ("W is empty" -> "the waste heap is
    empty", "moves 7♥ from L" -> "moves 7♥ from the left post"); numbered piles
    ("T3", "F1") are left as their labels show them."""
    if names.places:
        letters = "|".join(re.escape(name) for name in sorted(names.places, key=len)[::-1])
        text = re.sub(rf"\b(?:{letters})\b", lambda m: names.place(m.group(0)), text)
    return with_symbols(text)


def colour_words(letter: str | int | None) -> str:
    """An UNO colour letter (``"R"``) in words (``"red"``)."""
    text = str(letter or "")
    if len(text) == 1 and text in UNO_COLOURS:
        return UNO_COLOUR_NAMES[UNO_COLOURS.index(text)]
    return text.lower()


def colour_choice_words(letters: Iterable[str] = UNO_COLOURS) -> str:
    """The colours a Wild may name, each in words with the letter that names it, as
    the web app's colour picker shows them (the word, its key beside it): "red (R),
    green (G), yellow (Y) or blue (B)"; ``parlour play`` said "R, G, Y or B"."""
    named = [f"{colour_words(c)} ({c})" for c in UNO_COLOURS if c in set(letters)]
    return ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else "".join(named)


def _is_uno(code: str) -> bool:
    return code in ("W", "W4") or (
        len(code) == 2 and code[0] in UNO_COLOURS and code[1] in "0123456789SD"
    )


def cards_words(cards: Sequence[str], run: bool = False) -> str:
    """Several cards: a run lying on a pile as people see it (``5♣ 4♥ 3♠``), or a list
    (``red 5, blue Skip and Wild``); a long run shows its ends and its length."""
    names = [card_words(c) for c in cards]
    if not names:
        return "nothing"
    if run and not any(_is_uno(c) for c in cards):
        if len(names) > 4:
            return f"{names[0]} … {names[-1]} ({len(names)} cards)"
        return " ".join(names)
    if len(names) == 1:
        return _one(cards[0])
    return ", ".join(names[:-1]) + " and " + names[-1]


def count_words(count: int, word: str = "card") -> str:
    """``a card``, ``2 cards``."""
    if count == 1:
        return f"a {word}"
    return f"{count} {word}s"


def tally(named: Iterable[tuple[str, int]]) -> str:
    """Figures by who holds them: "you 120, the computer 40"; a name ending in a
    figure keeps its own in brackets, "Player 1 (120), Player 2 (40)", never
    "Player 1 120". (The web app's ``words.js`` writes them the same way.)"""
    return ", ".join(
        f"{name} ({value})" if name[-1:].isdigit() else f"{name} {value}" for name, value in named
    )


def match_words(target: object, named: Iterable[tuple[str, int]], short: bool = False) -> str:
    """A match's running scores, the reader's first: "Match to 500: you 120, the
    computer 40" ("Match: ..." when it has no target); ``short`` for a narrow screen,
    "To 500: Player 1 (480), Player 2 (495)" (a 360-px phone cut the long form late
    in a match at one table; "First to 500" is 6 px too wide there). It said "500 wins:
    you 0, the computer 0", which reads as a count of 500 wins."""
    if short and target:
        return f"To {target}: {tally(named)}"
    label = f"Match to {target}" if target else "Match"
    return f"{label}: {tally(named)}"


#: Where a patience's cards go, in the one word every sentence, count and label uses
#: (the rules pages', the end of a game's and the statistics'): "the foundations", never
#: "home" (the status counted "12 of 52 cards home" over an end panel that said "On the
#: foundations", and Chinese Patience's count "turns without a card home").
FOUNDATIONS = "the foundations"


def foundation_words(on: int, total: int | None, short: bool = False) -> str:
    """A patience's cards on the foundations, as its status counts them: "12 of 52
    cards on the foundations"; ``short`` for a narrow screen's one line beside the
    stock's count, "Foundations: 12 of 52" (8 x 8's whole line, "Foundations: 99 of
    104; talon 40, pass 3 of 3.", is 316 px wide where a 360-px phone has 348)."""
    of = f"{on}" if total is None else f"{on} of {total}"
    return f"Foundations: {of}" if short else f"{of} cards on {FOUNDATIONS}"


def stock_left_words(left: int) -> str:
    """What a patience has left to deal, after its foundations' count: "34 in the
    stock" (every patience's pile to deal from, the views' ``stock_count``)."""
    return f"{left} in the stock"


def talon_left_words(left: int, number: int, passes: int) -> str:
    """8 x 8's pile to deal from, a talon gone through in passes (its own idea and its
    rules' word), after its foundations' count: "talon 40, pass 1 of 3"."""
    return f"talon {left}, pass {number} of {passes}"


def finish_words(count: int) -> str:
    """What a table says when a patience's last cards go home by themselves (the
    answer's ``finish``, played at once): "The last 35 cards go to the foundations by
    themselves.", one line where the moves' log would be thirty-five."""
    if count == 1:
        return f"The last card goes to {FOUNDATIONS} by itself."
    return f"The last {count} cards go to {FOUNDATIONS} by themselves."


def blocked_words(blocked: int, limit: int, short: bool = False) -> str:
    """Chinese Patience's count towards a blocked game, the same in every front end:
    "3 of 60 turns without a card to a foundation" (the rules' words); ``short`` for a
    narrow screen's line, "3 of 60 turns, no card to a foundation" (with the series'
    "Game 12." 337 px wide, where a 360-px phone has 348)."""
    if short:
        return f"{blocked} of {limit} turns, no card to a foundation"
    return f"{blocked} of {limit} turns without a card to a foundation"


def cards_left_words(named: Iterable[tuple[str, int]], short: bool = False) -> str:
    """What each player of Chinese Patience still has to get rid of, the count its
    score and a blocked game go by (hand plus discard pile): "Cards left (hand and
    discard pile): you 18, the computer 0"; ``short`` for a narrow screen, "Cards
    left: you 18, the computer 0"."""
    label = "Cards left" if short else "Cards left (hand and discard pile)"
    return f"{label}: {tally(named)}"


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def uncapitalised(text: str) -> str:
    """A label or sentence read in the middle of a line ("Take your move back" ->
    "type undo to take your move back"): :func:`capitalised` undone."""
    return text[:1].lower() + text[1:]


def as_sentence(text: str) -> str:
    """A refusal or a reason as a person reads it at a table: capitalised, with its
    full stop ("nothing to redo" -> "Nothing to redo."). Errors are written in lower
    case, without one, for 'parlour: error: ...' and the web's ``{"error": ...}``."""
    text = capitalised(text.strip())
    return text if not text or text[-1] in ".!?…" else f"{text}."


def score_label(winner: int | None, names: Names) -> str:
    """What a finished game's score is called: whose it is where two play ("Your
    score", "The computer's score", "Player 2's score"); the score is the winner's, so
    a person who resigned or lost was shown the opponent's under a bare "Score". A
    patience's (or a game without a winner's) is just "Score"."""
    if names.players < 2 or winner is None:
        return "Score"
    return f"{capitalised(names.whose(winner))} score"


def listed_score(score: int | None, winner: int | None, names: Names) -> str:
    """A finished game's score in a list's column: "22" for a patience; where two play,
    whose it is ("22 to the computer", "141 to you"), since it is the winner's (a
    resigned game's 22 read as the resigner's own); "" with no score."""
    if score is None:
        return ""
    if names.players < 2 or winner is None:
        return str(score)
    return f"{score} to {names.object(winner)}"


#: What the first position of a replayed line says: the deal, before its first move.
LINE_DEAL = "The cards as they were dealt, before the solver's first move."


def line_counter(number: int, total: int) -> str:
    """Where a replay of a line of moves is: "Move 12 of 280", or "The deal" at
    move 0, the untouched deal the line starts from (every front end's counter, so
    none counts in its own words)."""
    return "The deal" if number == 0 else f"Move {number} of {total}"


def no_card_words(number: int, count: int) -> str:
    """Why a number picks no card of the hand (``parlour play``'s ``12``, the terminal
    table's keys ``1`` ``2``): "there is no card 12: your cards are numbered 1 to 9"."""
    if count == 0:
        return f"there is no card {number}: you hold no cards"
    if count == 1:
        return f"there is no card {number}: your one card is number 1"
    return f"there is no card {number}: your cards are numbered 1 to {count}"


def counted(count: int, word: str) -> str:
    """A count with its noun, singular or plural: "1 card", "52 cards", "3 points"
    (regular plurals only: the words counted here take an "s")."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def moves_words(count: int) -> str:
    """``1 move``, ``12 moves``."""
    return counted(count, "move")


#: A time's units, short for a line of figures ("3 min 12 s": the end of a game, a
#: phone's line) and in full for a sentence ("2 minutes 30 seconds": a refusal).
_TIME_UNITS = {True: ("h", "min", "s"), False: ("hour", "minute", "second")}


def _time_words(seconds: float, short: bool) -> str:
    """A time in its largest unit and the next, either not said where it is nought
    ("1 h 5 min", "3 min", "45 s"), under a second said so; the one rule of
    :func:`duration_words` and :func:`full_duration_words`, which differ in their
    units' words alone."""
    hour, minute, second = _TIME_UNITS[short]
    whole = round(max(0.0, seconds))
    if whole < 1:
        return f"under 1 {second}"
    minutes, rest = divmod(whole, 60)
    hours, minutes = divmod(minutes, 60)
    parts = [(hours, hour), (minutes, minute), (rest, second)]
    while parts[0][0] == 0:
        parts.pop(0)
    said = [f"{n} {unit}" if short else counted(n, unit) for n, unit in parts[:2] if n]
    return " ".join(said)


def duration_words(seconds: float) -> str:
    """How long a game was played, short enough for a phone's line: "45 s",
    "3 min 12 s", "1 h 5 min" ("under 1 s")."""
    return _time_words(seconds, short=True)


def full_duration_words(seconds: float) -> str:
    """A time in a sentence, its units in full: "2 minutes 30 seconds", "1 minute",
    "45 seconds" (a friend's time away before the computer may sit in or the win be
    claimed: "you can claim the win in 2 minutes 30 seconds")."""
    return _time_words(seconds, short=False)


def played_words(moves: int, seconds: float | None) -> str:
    """A finished game's moves and the time it was played, as the end of a game says
    them: "112 moves in 4 min 12 s"; the moves alone for a game whose time is not
    known (stored, or saved, before games kept it)."""
    said = moves_words(moves)
    return said if seconds is None else f"{said} in {duration_words(seconds)}"


def ago_words(then: float, now: float, date: str | None = None) -> str:
    """When something last happened, as a list of games says it: "just now",
    "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then ``date`` (its
    day in words, "26 November 2026") from a week on."""
    seconds = max(0.0, now - then)
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        minutes = int(seconds // 60)
        return "a minute ago" if minutes == 1 else f"{minutes} minutes ago"
    if seconds < 86400:
        hours = int(seconds // 3600)
        return "an hour ago" if hours == 1 else f"{hours} hours ago"
    days = int(seconds // 86400)
    if days == 1:
        return "yesterday"
    if days < 7 or date is None:
        return f"{days} days ago"
    return date


#: The typed input an engine's refusal quotes first ('T9 F' or "it's").
_QUOTED = re.compile(r"""^\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")
#: What the engine says the input is not ("is not a Calculation move", "is not legal now").
_IS_NOT = re.compile(r"^\s*is not[^:;]*")
#: Where an engine's reason is its notation help instead ("moves are 'S Fn' ...").
_NOTATION = re.compile(r"^(?:accepted )?moves are\b|^play a card\b|^legal moves\b")
#: A reason longer than this is cut at its own colon ("'T9' is not a pile number: ...").
_BRIEF_WORDS = 14


def _first_colon(text: str) -> int:
    """Where ``text``'s first ": " outside brackets is (-1: none): a reason is cut
    there, never inside its own aside ("... blue Draw Two (colour in play: blue)" was
    cut to "... blue Draw Two (colour in play.")."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and text.startswith(": ", i):
            return i
    return -1


def brief_refusal(
    message: str,
    typed: str,
    legal: Sequence[str],
    illegal: bool,
    card: str | None = None,
) -> str:
    """An engine's refusal of a typed move in one short sentence, for a front end that
    keeps the notation on its rules and help pages (the web app): the input quoted,
    the rules' reason when they give a short one, with what would be taken in brackets
    ("“T9 F” is not a move here: there is no row T9 (the rows are T1-T8)."), else a
    move or two that would be taken ("“xyz” is not a move here: moves are written like
    S F4 or S W1."). ``message`` is the engine's whole message
    (quoting the input first, then its reason and notation); ``illegal``: the move is
    well formed but not allowed now. A message that quotes no input (the table's own
    refusals, short already) is returned as it is. Blank input asks for a move.

    ``card``: the card the person picked where the move was not typed as such: by its
    number (``typed`` "1", ``parlour play``'s and the terminal table's digit keys) or
    by pointing at it (``typed`` ""). The refusal then quotes what was typed and names
    the card in words, never its code, which they did not type: "“1” is red 4: it does
    not match the top card blue 9 (colour in play: blue)."; pointed at, "Red 4 does not
    match ..." (see :func:`_picked_refusal`)."""
    if card is not None:
        return _picked_refusal(message, typed, legal, illegal, card)
    given = cut(" ".join(typed.split()))
    example = " or ".join(legal[:2])
    if not given:
        return f"Type a move, for example {legal[0]}." if legal else "Type a move."
    found = _QUOTED.match(message)
    if found is None:
        return message
    rest = _IS_NOT.sub("", message[found.end() :], count=1).strip()
    reason = rest[1:].split(";")[0].strip() if rest.startswith(":") else ""
    if _NOTATION.match(reason):
        reason = ""
    if len(reason.split()) > _BRIEF_WORDS and _first_colon(reason) > 0:
        reason = reason[: _first_colon(reason)]
    if len(reason.split()) > 2 * _BRIEF_WORDS and ", so " in reason:
        reason = reason.split(", so ")[0]  # the rule, without all that follows from it
    shown = f"“{given}” is not legal now" if illegal else f"“{given}” is not a move here"
    if reason:
        return f"{shown}: {with_symbols(reason).rstrip('.')}."
    if illegal and len(legal) == 1:
        return f"{shown}: the only legal move is {legal[0]}."
    if illegal and legal:
        return f"{shown}: legal moves include {legal[0]} and {legal[1]}."
    if legal:
        return f"{shown}: moves are written like {example}."
    return f"{shown}: the rules page shows how moves are written."


def _picked_refusal(
    message: str, typed: str, legal: Sequence[str], illegal: bool, card: str
) -> str:
    """:func:`brief_refusal` of a card picked by its number or by pointing at it: the
    rules' short reason, told of the card in words. A reason that begins with the card
    ("red 4 does not match ...") goes on from it ("“1” is red 4: it does not match
    ..."); any other ("you have just drawn a blue Skip: ...") is said to be why the card
    cannot be played ("“9” is green 1, which cannot be played now: you have just drawn
    ..."). A refusal that is not the rules' (it quotes no input) is returned as it is."""
    brief = brief_refusal(message, card, legal, illegal)
    lead = f"“{cut(card)}” is not legal now"
    if not brief.startswith(lead):
        return brief
    reason = brief[len(lead) :].removeprefix(":").strip().rstrip(".")
    name = card_words(card)
    own = reason.lower().startswith(f"{name.lower()} ")
    if reason.startswith(("legal moves include", "the only legal move")):
        reason = ""  # the moves as codes: 'moves' lists them with their cards in words
    given = cut(" ".join(typed.split()))
    if not given:  # pointed at: the card is the sentence's subject
        if own:
            return as_sentence(capitalised(reason))
        why = f": {reason}" if reason else ""
        return as_sentence(f"{capitalised(name)} cannot be played now{why}")
    if own:
        reason = "it" + reason[len(name) :]
    said = f"“{given}” is {name}"
    if not reason:
        return f"{said}, which cannot be played now."
    if own:
        return as_sentence(f"{said}: {reason}")
    return as_sentence(f"{said}, which cannot be played now: {reason}")


#: The legal moves an engine's refusal ends with, as :func:`describe_legal` writes
#: them ("; legal moves: R5, W:R, draw", "; no move is legal").
_LEGAL_LIST = re.compile(r";\s*(?:legal moves: [^;]*|no move is legal)\s*\.?$")


def without_legal_list(message: str) -> tuple[str, bool]:
    """An engine's whole refusal without the list of legal moves it ends with, and
    whether it had one, for a front end that shows those moves where a person reads
    them: each as typed beside what it does in words ("R5    play red 5"), not as the
    codes alone. The engine's own message keeps its list (the library's error quotes
    what is accepted)."""
    cut_at = _LEGAL_LIST.search(message)
    if cut_at is None:
        return message, False
    return message[: cut_at.start()], True


def refusal_rest(message: str, brief: str) -> str:
    """What an engine's whole refusal (``message``, its legal moves left out: see
    :func:`without_legal_list`) says that its one sentence (``brief``) does not, as
    sentences to follow it: the rule's advice ("Play a matching card or a Wild, or
    draw."), the notation ("Moves are SOURCE DEST with ..."); "" when the brief said it
    all. The message's head, the input quoted as code and what it is not ("'R7' is not
    legal now: red 7 does not match ..."), is what the brief says in words ("“2” is red
    7: it does not match ..."): shown under it, the two read as two refusals of two
    inputs, the second quoting a code the person never typed."""
    found = _QUOTED.match(message)
    body = message
    if found is not None:
        body = _IS_NOT.sub("", message[found.end() :], count=1).lstrip(" :;")
    # the brief's reason ("it does not match ...", "W1 is empty"), without its subject
    cut_at = _first_colon(brief)
    said = brief[cut_at + 2 :] if cut_at > 0 else ""
    said = re.sub(r"^it ", "", said.strip().rstrip(".")).lower()
    rest: list[str] = []
    for clause in _clauses(body):
        at = clause.lower().find(said) if said else -1
        if at >= 0:  # what comes after the reason the brief gave, if anything
            clause = clause[at + len(said) :].lstrip(" :,;")
        if clause:
            rest.append(as_sentence(clause))
    return " ".join(rest)


def _clauses(text: str) -> list[str]:
    """``text``'s parts between semicolons outside brackets ("... (F, F1-F4 or W1-W4);
    moves are ...")."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char == ";":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


@dataclass(frozen=True)
class Names:
    """Who is who, from one reader's side of the table.

    ``viewer`` is the reader's seat (None: a spectator); ``seats`` names each seat
    in the third person ("the computer", "Ann"). ``places`` names a game's piles
    ("L": "the left post"); a game declares them as ``pile_names``. ``seat_places``
    are the piles a game numbers from the side of the seat its events are told to
    (its ``seat_piles``); ``side`` is that seat where it is not the reader's (two
    people at one screen are both "player N", but each is told from their own side).
    ``players``: how many play the game (a patience's one resigns a deal, two a game).
    """

    viewer: int | None = 0
    seats: Sequence[str] = ("you", "the computer")
    places: Mapping[str, str] = field(default_factory=dict)
    seat_places: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    side: int | None = None
    players: int = 2
    #: Tell what happened as past ("you played 7♦"), for moves taken back.
    past: bool = False

    def subject(self, who: int | None) -> str:
        if who is None:
            return "the table"
        if who == self.viewer:
            return "you"
        if 0 <= who < len(self.seats):
            return self.seats[who]
        return one_table_name(who)

    def object(self, who: int | None) -> str:
        return self.subject(who)

    def possessive(self, who: int | None) -> str:
        if who == self.viewer:
            return "your"
        return "its" if self.subject(who) in _THINGS else "their"

    def whose(self, who: int | None) -> str:
        """A seat's things as the table's labels name them: "your", "the computer's",
        "Ann's", "Player 1's"."""
        if who == self.viewer:
            return "your"
        return f"{self.subject(who)}'s"

    def second_person(self, who: int | None) -> bool:
        return who is not None and who == self.viewer

    def reads_own(self, who: int | None) -> bool:
        """Whether ``who`` is the reader: "you", or at one shared screen the seat it is
        told to (``side``). What only a seat may know (the card it has just drawn) is
        named to that seat alone."""
        if who is None:
            return False
        return who == (self.viewer if self.viewer is not None else self.side)

    def verb(self, who: int | None, base: str) -> str:
        """``play`` for you, ``plays`` for anyone else (``catch`` -> ``catches``);
        ``played`` for everyone where the names tell the past."""
        if self.past:
            return _PAST.get(base) or base + ("d" if base.endswith("e") else "ed")
        if self.second_person(who):
            return base
        if base == "have":
            return "has"
        if base.endswith(("s", "sh", "ch", "x")):
            return base + "es"
        return base + "s"

    def owned(self, owner: int, thing: str, subject: int | None = None) -> str:
        """A seat's pile from the reader's side: "your discard pile", "the computer's
        discard pile", "Ann's discard pile" (the table's labels say the same); in a
        sentence whose ``subject`` is its owner, "its" or "their" ("The computer
        twists 10♣ onto its discard pile")."""
        if owner == subject and owner != self.viewer:
            return f"{self.possessive(owner)} {thing}"
        return f"{self.whose(owner)} {thing}"

    def place(self, name: str | None, side: int | None = None, subject: int | None = None) -> str:
        """A pile as people read it: a game's own name for it (whose it is, for a pile
        numbered from ``side``'s side: by default the seat the events are told to, and
        "its" or "their" where the sentence's ``subject`` owns it), the table's, "pile 6"
        for the original's pile numbers, else the rules page's notation ("F3")."""
        if name is None:
            return ""
        told = side if side is not None else self.side if self.side is not None else self.viewer
        if name in self.seat_places and told is not None:
            offset, thing = self.seat_places[name]
            return self.owned(told if offset == 0 else 1 - told, thing, subject)
        if name in self.places:
            return self.places[name]
        if name in _TABLE_PLACES:
            return _TABLE_PLACES[name]
        if name.isdigit():
            return f"pile {name}"
        return name


def pile_legend(legend: Mapping[str, str], names: Names) -> dict[str, str]:
    """Each pile of a game's notation with its long name for a newcomer (the game's
    ``pile_legend``), so a table can say what "T1" is; a seat's pile is named from the
    reader's side as the labels and the log name it ("9": "the computer's discard
    pile"), not as the game words it for whoever moves."""
    return {
        name: names.place(name) if name in names.seat_places else words
        for name, words in legend.items()
    }


def move_key_words(keys: Sequence[MoveKey], options: Mapping[str, Any]) -> list[MoveKeyWords]:
    """A game's one-word moves and their keys (its ``move_keys``) that exist with these
    options, for every front end to offer and resolve alike."""
    return [
        {"move": k.move, "key": k.key, "label": k.label, "short": k.short or k.label}
        for k in keys
        if k.option is None or options.get(k.option)
    ]


#: The verbs of the table's sentences that do not take "-ed" in the past.
_PAST = {
    "choose": "chose",
    "deal": "dealt",
    "draw": "drew",
    "catch": "caught",
    "win": "won",
    "take": "took",
    "keep": "kept",
    "lose": "lost",
    "have": "had",
}


def solver_names(names: Names) -> Names:
    """``names`` for the solver's winning line: every seat is the solver and nobody is
    "you" ("The solver plays 7♦ from the stock to W1."), so a line the person never
    played is not told as theirs; piles are named as the person's table names them
    (a pile numbered from a seat's side, from the reader's seat)."""
    side = names.side if names.side is not None else names.viewer
    return replace(names, viewer=None, seats=(SOLVER,) * max(1, len(names.seats)), side=side)


_Phrase = Callable[[Event, Names], str]

#: What a one-button move acts on, after its verb ("keep the card drawn").
_BUTTON_OBJECTS = {
    "keep": " the card drawn",
    "accept": " the Wild Draw Four",
    "challenge": " the Wild Draw Four",
    "draw": " a card",
    "catch": " the opponent",
    "end": " the turn",
}


def _card(event: Event) -> str:
    """The event's one card, with "a" before an UNO card named by a word (a Wild, a red
    Skip) as people say it."""
    if not event.cards:
        return "a card"
    return _one(event.cards[0])


def _one(code: str) -> str:
    """A single card as a sentence names it: "a Wild", "a red Skip", "red 5", "7♦"."""
    name = card_words(code)
    if code in ("W", "W4") or (_is_uno(code) and code[1] in "SD"):
        return f"a {name}"
    return name


def _from_to(event: Event, names: Names) -> str:
    text = ""
    if event.source and event.source != "hand":
        text += f" from {names.place(event.source, subject=event.who)}"
    if event.target and event.target != "discard":
        text += f" to {names.place(event.target, subject=event.who)}"
    return text


def _play(event: Event, names: Names) -> str:
    who = event.who
    text = f"{names.subject(who)} {names.verb(who, 'play')} {_card(event)}{_from_to(event, names)}"
    if event.value is not None:
        text += f" and {names.verb(who, 'choose')} {colour_words(event.value)}"
    return text


def _move(event: Event, names: Names) -> str:
    who = event.who
    moved = cards_words(event.cards, run=True) if event.cards else count_words(event.count or 1)
    return f"{names.subject(who)} {names.verb(who, 'move')} {moved}{_from_to(event, names)}"


def _deal(event: Event, names: Names) -> str:
    who = event.who
    where = f" to {names.place(event.target, subject=who)}" if event.target else ""
    return f"{names.subject(who)} {names.verb(who, 'deal')} {_card(event)}{where}"


def _dealt_from(event: Event, names: Names) -> str:
    """Where a run of deals came from, when it is not the stock (The Gate's waste)."""
    if event.source in (None, "S", "stock"):
        return ""
    return f" from {names.place(event.source, subject=event.who)}"


def _turn_up(event: Event, names: Names) -> str:
    where = f" on {names.place(event.target)}" if event.target else ""
    if event.who is None:
        return f"{_card(event)} is turned face up{where}"
    origin = f" from {names.place(event.source, subject=event.who)}" if event.source else ""
    return f"{names.subject(event.who)} {names.verb(event.who, 'turn')} up {_card(event)}{origin}"


def _current(event: Event, names: Names) -> str:
    return f"the current card is {_card(event)}"


def _empty(event: Event, names: Names) -> str:
    return f"{names.place(event.source) or 'the pile'} is empty"


def _turnover(event: Event, names: Names) -> str:
    who = event.who
    text = (
        f"{names.subject(who)} {names.verb(who, 'turn')} {names.place(event.source, subject=who)}"
        " over"
        f" as {names.possessive(who) if event.target == 'hand' else 'the'} new"
        f" {names.place(event.target).removeprefix('the ')}"
    )
    if event.value is not None and event.count:
        text += f": pass {event.value} of {event.count}"
    return text


_DRAWN_FOR = {"D": " for the Draw Two", "W4": " for the Wild Draw Four"}


def _draw(event: Event, names: Names) -> str:
    who = event.who
    drawn = cards_words(event.cards) if event.cards else count_words(event.count or 0)
    if not event.cards and not event.count:
        return f"{names.subject(who)} cannot draw: both piles are empty"
    because = _DRAWN_FOR.get(str(event.value), "")
    return f"{names.subject(who)} {names.verb(who, 'draw')} {drawn}{because}"


_PENALTY_REASONS = {
    "w4": " for a wrong Wild Draw Four",
    "uno": " for not calling UNO",
    "challenge": " after the challenge",
}


def _penalty(event: Event, names: Names) -> str:
    who = event.who
    drawn = cards_words(event.cards) if event.cards else count_words(event.count or 0)
    reason = _PENALTY_REASONS.get(str(event.value), "")
    return f"{names.subject(who)} {names.verb(who, 'draw')} {drawn} as a penalty{reason}"


def _simple(verb: str, rest: str = "") -> _Phrase:
    def phrase(event: Event, names: Names) -> str:
        tail = rest.replace("{their}", names.possessive(event.who))
        return f"{names.subject(event.who)} {names.verb(event.who, verb)}{tail}"

    return phrase


def _resign(event: Event, names: Names) -> str:
    """A resign event in the game's words (:func:`give_up_words`): "You resign.",
    "The computer resigns.", "Ann resigns.". Told as the log tells every
    move, in the present ("You play 2♥ from the stock to F1.", "The computer plays
    blue 9.", "the game is won"); the end's headline and the status say the result, in
    the past, as "You won!" and "You lost." do: "You resigned."."""
    verb, _, rest = give_up_words(names.players)["verb"].partition(" ")
    said = names.verb(event.who, verb) + (f" {rest}" if rest else "")
    return f"{names.subject(event.who)} {said}"


def _colour(event: Event, names: Names) -> str:
    who = event.who
    return f"{names.subject(who)} {names.verb(who, 'choose')} {colour_words(event.value)}"


def _catch(event: Event, names: Names) -> str:
    who = event.who
    other = None if who is None else 1 - who
    return (
        f"{names.subject(who)} {names.verb(who, 'catch')} {names.object(other)} without an UNO call"
    )


def _challenge(event: Event, names: Names) -> str:
    who = event.who
    verdict = {
        "upheld": ": it was not allowed",
        "failed": ": it was allowed",
    }.get(str(event.value), "")
    return f"{names.subject(who)} {names.verb(who, 'challenge')} the Wild Draw Four{verdict}"


def _reshuffle(event: Event, names: Names) -> str:
    return "the discard pile is shuffled to make a new draw pile"


def _twist(event: Event, names: Names) -> str:
    who = event.who
    where = f" onto {names.place(event.target, subject=who)}" if event.target else ""
    return f"{names.subject(who)} {names.verb(who, 'twist')} {_card(event)}{where}"


def _starts(event: Event, names: Names) -> str:
    who = event.who
    text = f"{names.subject(who)} {names.verb(who, 'start')}"
    if event.value is not None:
        text = f"hand {event.value}: {text}"
    return text


def _hand_end(event: Event, names: Names) -> str:
    number = f"hand {event.value}" if event.value is not None else "the hand"
    if event.who is None:
        return f"{number} is blocked: nobody scores"
    who = event.who
    text = (
        f"{names.subject(who)} {names.verb(who, 'win')} {number} and "
        f"{names.verb(who, 'score')} {count_words(event.count or 0, 'point')}"
    )
    if event.cards:
        text += f" ({names.object(1 - who)} held {cards_words(event.cards)})"
    return text


#: A patience's end, why, by its reason code; the log adds the result ("...: the game
#: is won"), which the end's headline says already ("You won!").
_PATIENCE_END = {"won": "every card is on the foundations", "no_moves": "no move is left"}


def _game_end(event: Event, names: Names) -> str:
    """The end, by its reason code (see :mod:`parlour.core.events`)."""
    reason = str(event.value)
    who = event.who
    if reason == "won":
        return f"{_PATIENCE_END[reason]}: the game is won"
    if reason == "no_moves":
        return f"{_PATIENCE_END[reason]}: the game is lost"
    if who is None:
        if reason == "blocked":
            return "the game is blocked with as many cards left on each side: a draw"
        return "the game is over"
    subject = names.subject(who)
    points = f" with {count_words(event.count, 'point')}" if event.count is not None else ""
    if reason == "out":
        return (
            f"{subject} {names.verb(who, 'win')} the game{points}: "
            f"{names.possessive(who)} hand and discard pile are empty"
        )
    if reason == "blocked":
        return (
            f"the game is blocked: {subject} {names.verb(who, 'win')}{points}, "
            "with fewer cards left"
        )
    if reason == "target":
        return f"{subject} {names.verb(who, 'win')} the match{points}"
    return f"{subject} {names.verb(who, 'win')} the game{points}"


def _put_back(event: Event, names: Names) -> str:
    cards = cards_words(event.cards) if event.cards else count_words(event.count or 1)
    if event.who is None:
        return f"{cards} goes back into {names.place(event.target)}"
    who = event.who
    return f"{names.subject(who)} {names.verb(who, 'take')} {cards} back"


#: Prompts whose words name no card or number: a code's words, as they are.
_FIXED_PROMPTS = {
    "colour": "choose the colour for the Wild turned up first",
    "challenge": "challenge the Wild Draw Four or accept it",
    "move_or_turn": "move cards, or turn up the next talon card",
    "move": "move cards (no talon card or pass is left)",
    "turn": "turn up the next talon card (no card can move)",
    # (each on two lines of a 360-px phone's status, "Your turn: " before it: "deal a
    # card onto the waste heap" and "(the stock is used up)" took a third)
    "build_or_fill": "move cards to the foundations or onto the bars, or deal to fill the gaps",
    "build_or_turn": "move cards to the foundations or bars, or deal a card to the waste heap",
    "build": "move cards to the foundations or onto the bars (the stock is used up)",
    "deal_to_fill": "deal to fill the gaps (no card can move)",
    "from_waste": "play the waste piles' top cards to the foundations (no stock left)",
    "deal_to_turn": "deal a card onto the waste heap (no card can move)",
    "twist": "start with a twist",
    # at the start of a turn as well as after a twisted card moved off ("twist again"
    # read oddly to a player who had not twisted yet this turn)
    "twist_or_move": "twist, or move cards first",
}


def _asked(event: Event, names: Names) -> str:
    """What the player to move is asked to do, after "your turn" or "the computer's
    turn" ("match the red 8 or draw")."""
    code = str(event.value)
    card = _card(event)
    if code in _FIXED_PROMPTS:
        return _FIXED_PROMPTS[code]
    if code == "match":
        if event.target:
            return f"play a {colour_words(event.target)} card or a Wild, or draw"
        return f"match {_the(event)} or draw"
    if code == "drawn":
        if not names.reads_own(event.who):  # a friend waiting: the card is not theirs to see
            return "play the card just drawn, or keep it"
        return f"play {card}, just drawn, or keep it"
    if code == "place":
        return f"place {card} on a foundation or a waste pile"
    if code == "place_on_waste":
        return f"place {card} on a waste pile (no foundation takes it)"
    if code == "pending":
        return f"place {card}, turned up from the talon"
    if code == "move_or_redeal":
        return f"move cards, or turn the waste over for pass {event.count}"
    if code == "redeal":
        return f"turn the waste over for pass {event.count} (no card can move)"
    if code == "end_or_move":
        if not event.cards:
            return "end the turn"
        # the prompt is the mover's: their own pile 0, named from the reader's side
        return f"move {card} off {names.place('0', side=event.who)}, or end the turn"
    if code == "stuck_or_move":
        pile = names.place("0", side=event.who)
        return f"{card} cannot move off {pile}: move other cards, or end the turn"
    return "make a move"


def _the(event: Event) -> str:
    """``the red 8`` / ``the 7♦``: the card on top, named as a thing on the table."""
    if not event.cards:
        return "the top card"
    return "the " + card_words(event.cards[0])


def _prompt(event: Event, names: Names) -> str:
    """A ``prompt`` event: "your turn: match the red 8 or draw"."""
    who = event.who
    if who is None:
        head = "Your move"
    elif names.second_person(who):
        head = "Your turn"
    else:
        subject = names.subject(who)
        head = f"{subject}'s turn"
    return f"{head}: {_asked(event, names)}"


def prompt_words(event: Event, names: Names | None = None) -> str:
    """A status line: "Your turn: match the red 8 or draw." """
    return sentence(event, names)


_PHRASES: dict[str, _Phrase] = {
    "play": _play,
    "move": _move,
    "deal": _deal,
    "turn_up": _turn_up,
    "current": _current,
    "empty": _empty,
    "turnover": _turnover,
    "draw": _draw,
    "penalty": _penalty,
    "put_back": _put_back,
    "accept": _simple("accept", _BUTTON_OBJECTS["accept"]),
    "keep": _simple("keep", _BUTTON_OBJECTS["keep"]),
    "pass": _simple("pass"),
    "colour": _colour,
    "uno": _simple("call", " UNO"),
    "catch": _catch,
    "challenge": _challenge,
    "skip": _simple("lose", " {their} turn"),
    "again": _simple("play", " again"),
    "reshuffle": _reshuffle,
    "twist": _twist,
    "end_turn": _simple("end", " {their} turn"),
    "starts": _starts,
    "hand_end": _hand_end,
    "game_end": _game_end,
    "resign": _resign,
    "prompt": _prompt,
}


def _move_words(parts: Mapping[str, Any], names: Names) -> str:
    """A legal move named from its parts (never its string), as a player says what it
    does: "plays blue 5 and calls UNO", "plays a Wild and chooses red", "plays 7♦ from
    the stock to F3", "moves 4♣ and the card on it from T1 to T3" (a run, by its
    deepest card), "chooses green", "draws a card"."""
    card = parts.get("card")
    colour = parts.get("colour")
    if card:
        source = parts.get("source")
        event = Event(
            "play",
            None,
            (str(card),),
            source=None if source == card else source,
            target=parts.get("target"),
        )
        count = int(parts.get("count") or 1)
        if count > 1:
            on_it = "the card" if count == 2 else f"the {count - 1} cards"
            text = f"moves {_card(event)} and {on_it} on it{_from_to(event, names)}"
        else:
            text = f"plays {_card(event)}{_from_to(event, names)}"
        if colour:
            text += f" and chooses {colour_words(colour)}"
    elif colour:
        text = f"chooses {colour_words(colour)}"
    else:
        word = str(parts.get("move", "")).split(" ")[0].lower()
        text = names.verb(None, word) + _BUTTON_OBJECTS.get(word, "")
    if parts.get("uno"):
        text += " and calls UNO"
    return text


def _names_move(reason: str, parts: Mapping[str, Any]) -> bool:
    """Whether a player's reason already says which move it is ("plays 2♥ to F1:
    next needed there", "twist: the only legal move")."""
    card, colour = parts.get("card"), parts.get("colour")
    if colour and colour_words(colour) not in reason:
        return False
    if card:
        return card_words(str(card)) in reason
    word = str(parts.get("move", "")).split(" ")[0].lower()
    return bool(word) and reason.lower().startswith(word) and not colour


#: A move's verb as a hint says it to the person (``plays`` -> ``play``).
_IMPERATIVE = {
    "plays": "play",
    "puts": "put",
    "moves": "move",
    "shifts": "shift",
    "deals": "deal",
    "places": "place",
    "turns": "turn",
    "draws": "draw",
    "chooses": "choose",
    "keeps": "keep",
    "loads": "load",
    "twists": "twist",
    "ends": "end",
    "passes": "pass",
}


def _imperative(move: str) -> str:
    """A move as said to the person who is to make it: "plays a Wild and chooses red
    and calls UNO" -> "play a Wild and choose red and call UNO"."""
    first, _, rest = move.partition(" ")
    first = _IMPERATIVE.get(first, first)
    rest = rest.replace(" and chooses ", " and choose ").replace(" and calls ", " and call ")
    return f"{first} {rest}" if rest else first


def move_words(parts: Mapping[str, Any], names: Names | None = None) -> str:
    """A legal move said to the person who may make it, as a hint says it, its card
    as people read it: "play blue 5", "play 7♦ from the stock to W3", "draw a card";
    for a list of the moves beside the strings to type (``parlour play``'s ``moves``),
    so that "B5" is seen as blue 5, as the board and the log show it."""
    return _imperative(_move_words(parts, names or Names()))


#: Giving a game up is resigning, in every game (the rules pages' word: "the player
#: resigns", "the outcomes are won, lost (no moves left) and resigned"); only what is
#: resigned differs: a patience's deal, a two-player game. The one place these words
#: live (every front end reads them from the answer).
_GIVE_UP: dict[bool, GiveUpWords] = {
    True: {
        "label": "Resign",
        "verb": "resign",
        "action": "Resign this deal",
        "question": "Resign this deal?",
        "detail": "It counts as a loss.",
        "headline": "You resigned.",
        "result": "Resigned",
    },
    False: {
        "label": "Resign",
        "verb": "resign",
        "action": "Resign this game",
        "question": "Resign this game?",
        "detail": "It counts as a loss.",
        "headline": "You resigned.",
        "result": "Resigned",
    },
}
#: Under the question, for a patience already lost (resigning it makes it final).
_LOST_DETAIL = "The game stays lost, and undo can no longer reopen it."


def give_up_words(players: int, lost: bool = False) -> GiveUpWords:
    """How a game of ``players`` names giving it up (see :class:`GiveUpWords`):
    "Resign" in every game, "Resign this deal?" a patience, "Resign this game?" a
    two-player game; ``lost``: a patience already lost, whose question says what
    resigning it does then."""
    words = _GIVE_UP[players == 1].copy()
    if lost:
        words["detail"] = _LOST_DETAIL
    return words


def try_again_words(players: int) -> str:
    """What a lost patience still offers, as its status and ``parlour play``'s end of
    the game say it: "Undo to try another way, or resign this deal." (resigning it
    makes it final)."""
    leave = give_up_words(players, lost=True)["action"]
    return f"Undo to try another way, or {leave.lower()}."


def result_words(result: str, players: int) -> str:
    """A finished game's result as a list shows it: "Won", "Lost", "Draw",
    "Resigned"."""
    if result == "resigned":
        return give_up_words(players)["result"]
    return {"won": "Won", "lost": "Lost", "draw": "Draw"}.get(result, capitalised(result))


_VERDICTS: Mapping[SolveStatus, str] = {
    "solved": "this deal could have been won, and the solver found a winning line of {n} moves.",
    "unwinnable": "no order of play could have won this deal.",
    "unknown": "the solver ran out of time before it could tell whether this deal could be won.",
}


def verdict_words(status: SolveStatus, moves: int) -> str:
    """The solver's verdict on a deal as the table says it, headed by the status's one
    word (``STATUS_WORDS``: what ``parlour solve`` prints too), so a deal the solver
    could not decide is *undecided* everywhere: "Undecided: the solver ran out of time
    before it could tell whether this deal could be won."."""
    return f"{capitalised(STATUS_WORDS[status])}: {_VERDICTS[status].format(n=moves)}"


def stuck_words(reason: str, players: int = 1) -> str:
    """A patience player's finding that no move leads anywhere, with what the person
    may do, as the rules pages quote it: "no move leads anywhere: undo or resign"."""
    return f"{reason}: undo or {give_up_words(players)['verb']}"


def hint_words(parts: Mapping[str, Any] | None, reason: str, names: Names | None = None) -> str:
    """A hint as one plain sentence, the same in every game and front end: the move it
    suggests said to the person who is to make it, named as people read it (its card
    with its suit symbol or UNO colour), then the computer player's reason in words,
    never its counts: "Hint: play blue 5: leaves blue in play (you hold no more of
    it).", "Hint: put 7♦ on W2: the least harmful place for it, and it keeps the most
    deals winnable (about 1 in 3)." A reason that already names the move is told as it
    is (its verb said to the person); with no move to suggest (``parts`` None), the
    reason alone: "Hint: no move leads anywhere: undo or resign." A hint names only
    cards its person sees: the move's own, and the reason's, which the player read off
    the person's view."""
    names = names or Names()
    why = table_words(reason, names).rstrip(". ")
    if parts is None:
        return f"Hint: {why}."
    if why and _names_move(why, parts):
        move, _, why = why.partition(": ")
        text = _imperative(move) + (f": {why}" if why else "")
    else:
        text = _imperative(_move_words(parts, names)) + (f": {why}" if why else "")
    return f"Hint: {text}."


def warning_words(event: Event, names: Names | None = None) -> str:
    """A move's warning (the game's ``move_warning``: the event that would follow it)
    said to the mover in one plain sentence, before they make it, with the whole of
    what the rules page says follows: "You hold a red card: a Wild Draw Four now is
    penalised: you take it back, draw four and lose your turn.", with option
    ``w4_challenge`` "You hold a red card: if the computer challenges this Wild Draw
    Four, you draw four instead and the computer takes the next turn."; any other
    event as what would follow ("If you make this move: ..."). It names only the
    colour in play and the mover's own holding of it, which the mover sees."""
    names = names or Names()
    held = f"You hold a {colour_words(event.target)} card"
    if event.what == "penalty" and event.value == "w4":
        return (
            f"{held}: a Wild Draw Four now is penalised: "
            "you take it back, draw four and lose your turn."
        )
    if event.what == "challenge" and event.value == "upheld":
        who = event.who
        return (
            f"{held}: if {names.subject(who)} {names.verb(who, 'challenge')} "
            "this Wild Draw Four, you draw four instead and "
            f"{names.subject(who)} {names.verb(who, 'take')} the next turn."
        )
    return f"If you make this move: {_PHRASES[event.what](event, names)}."


def sentence(event: Event, names: Names | None = None) -> str:
    """One event as one sentence, capitalised, with its full stop."""
    names = names or Names()
    return capitalised(_PHRASES[event.what](event, names)) + "."


def end_detail(event: Event, names: Names) -> str:
    """Why a game ended, under a headline that says the result: a patience's reason
    alone ("Every card is on the foundations.", where the log says "...: the game is
    won", and the end read "You won! Every card is on the foundations: the game is
    won."); a two-player game's sentence, which says who won and why."""
    reason = _PATIENCE_END.get(str(event.value))
    return capitalised(reason) + "." if reason else sentence(event, names)


def moves_told(moves: Iterable[Sequence[Event]], names: Names) -> str:
    """What follows "Took back 2 moves" or "Replayed 1 move": each move by its first
    sentence, after a colon, the first word in lower case unless it is a name
    (": you played 7♦ from the stock to W3. The computer drew a card.", ": Ann plays
    red 7."); only "." where no move says anything. Undo and redo say their moves
    alike, so every front end words them the same."""
    firsts: list[tuple[Event, str]] = []
    for events in moves:
        said = sentences(events, names)
        if said:
            firsts.append((events[0], said[0]))
    if not firsts:
        return "."
    first, text = firsts[0]
    text = " ".join(said for _, said in firsts)
    if _PHRASES[first.what](first, names)[:1].islower():
        text = uncapitalised(text)
    return f": {text}"


def _joinable(a: Event, b: Event) -> bool:
    """Consecutive deals by the same hand are told as one sentence."""
    return a.what == b.what == "deal" and a.who == b.who


def sentences(events: Iterable[Event], names: Names | None = None) -> list[str]:
    """Events as sentences, a run of deals joined into one ("You deal 5♣ to T1,
    6♦ to B2 and 9♠ to L.")."""
    names = names or Names()
    out: list[str] = []
    run: list[Event] = []

    def flush() -> None:
        if not run:
            return
        parts = [_deal(run[0], names)]
        parts += [f"{_card(e)} to {names.place(e.target, subject=e.who)}" for e in run[1:]]
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        out.append(capitalised(text + _dealt_from(run[0], names)) + ".")
        run.clear()

    for event in events:
        if run and not _joinable(run[-1], event):
            flush()
        if event.what == "deal":
            run.append(event)
        else:
            flush()
            out.append(sentence(event, names))
    flush()
    return out


#: The buttons that answer an offer of the next game at a friend's table: the other's
#: offer is accepted or declined, one's own withdrawn (the offer's own label is
#: :func:`rematch_words`'s, as it names a rematch or the series' next game).
REMATCH_BUTTONS = {"accept": "Accept", "decline": "Decline", "withdraw": "Withdraw the offer"}


#: The pause button at a friend's table, by where the pause stands (``live.pause``).
PAUSE_BUTTONS = {
    None: "Ask to pause",
    "asked_by_you": "Pause asked…",
    "asked_by_them": "Agree to pause",
    "paused": "Paused",
}


def live_bar_words(other: str, pause: str | None, invite: bool) -> LiveWords:
    """The live bar's words at a friend's table, ``other`` being the one opposite: its
    buttons and what it says of the other (sent as ``live.words``, as the rematch's
    labels are, so no front end writes its own). ``claim_wait`` holds ``{time}``,
    the count-down a front end fills in as it ticks."""
    return {
        "seat_computer": "Play the computer instead"
        if invite
        else f"Let the computer play for {other}",
        "take_seat": "Take my seat back",
        "claim": f"Claim the win ({other} left)",
        "claim_wait": f"{other} is away: you may claim the win in {{time}}.",
        "pause": PAUSE_BUTTONS.get(pause, PAUSE_BUTTONS[None]),
        "pause_asked": f"{other} asks to pause the game." if pause == "asked_by_them" else None,
        "waiting": f"Waiting for {other}…",
    }


def working_words(computer: bool) -> WorkingWords:
    """What a table says while the service works (see :class:`WorkingWords`), sent with
    each answer so that the web app and the terminal table say the same: the hint's
    words, and for any other call "The computer is thinking…" where ``computer`` (the
    computer plays a seat of the table, and may answer in the same call), else
    "Working…" (a patience, two people at one screen or in two browsers: nobody
    thinks there, the service works)."""
    return {
        "hint": "Thinking…",
        "hint_title": "Thinking of a hint…",
        "hint_again": "Still thinking about a hint…",
        "verdict": "The solver is looking at this deal…",
        "verdict_line": "The solver is finding its winning line…",
        "call": "The computer is thinking…" if computer else "Working…",
    }


#: The terminal table's status line while the computer players' compiled code loads
#: (or, the first time after an install, compiles: up to a minute).
PREPARING = "Preparing the computer players…"

#: The table's commands that read the same in every game: label and key.
_COMMANDS = {
    "undo": ("Undo", "U"),
    "redo": ("Redo", "R"),
    "hint": ("Hint", "H"),
    "keys": ("Keys", "?"),
    "log": ("Log", "L"),
    "games": ("Games", None),
}


def new_game_label(match: bool, series: bool) -> str:
    """What a table's new game starts, in the end panel's words for it: "New match"
    (a match to a target score), "New game" (a game of a series: the series starts
    over, beside the end panel's "Next game of the series"), else "New deal"."""
    if match:
        return "New match"
    return "New game" if series else "New deal"


def _command(label: str, key: str | None, question: str | None = None) -> CommandWords:
    return {
        "label": label,
        "key": key,
        "short": uncapitalised(label),
        "question": question,
    }


def command_words(players: int, match: bool, series: bool, lost: bool = False) -> TableCommands:
    """A table's commands in the words every front end shows (see
    :class:`~parlour.service.answers.TableCommands`): the web table's toolbar and its
    tooltips' keys ("Undo (U)"), the terminal table's key bar ("u undo"), so both name
    an action alike. ``players``, ``lost``: resigning's words (:func:`give_up_words`);
    ``match``, ``series``: what a new game starts (:func:`new_game_label`)."""
    new = new_game_label(match, series)
    resign = give_up_words(players, lost)
    words = {name: _command(label, key) for name, (label, key) in _COMMANDS.items()}
    return {
        "undo": words["undo"],
        "redo": words["redo"],
        "hint": words["hint"],
        "new": _command(new, "N", f"Start a {new.lower()}?"),
        "resign": _command(resign["label"], "X", resign["question"]),
        "keys": words["keys"],
        "log": words["log"],
        "games": words["games"],
    }


def hand_over_words(to: int, names: Names) -> HandOver:
    """Two people at one table, the turn passed to seat ``to``: what the screen says
    while it is handed over, and the words of its two ways on, the same on the web
    table's cover, the terminal table's notice and ``parlour play``'s prompt."""
    name = names.subject(to)
    return {
        "seat": to,
        "text": f"{name}'s turn: pass the screen to {name}.",
        "show": f"Show {names.whose(to)} cards",
        "take_back": "Take your move back",
    }


def hint_busy_words(this_game: bool, seconds: int) -> str:
    """Why a hint asked for is refused for now (too many requests wait for a hint's
    search: :class:`~parlour.service.searches.OneSearchPerGame`), and when to ask
    again; a table says it calmly, as a message, and its hint button works again."""
    where = "this game at once" if this_game else "at once on this server"
    return f"Too many hints asked for {where}: ask again in {count_words(seconds, 'second')}."


def rematch_words(state: str | None, other: str, series: bool) -> tuple[str | None, str]:
    """At a friend's table once a game is over: what to tell one side about the offer of
    the next game (None: nothing) and the label of the button that offers it. Either
    may offer, nothing starts until the other accepts, so each side is told where the
    offer stands ("Bob offers a rematch.", "Bob declined the rematch.")."""
    what, the = (
        ("the next game of the series", "the next game of the series")
        if series
        else ("a rematch", "the rematch")
    )
    told = {
        "offered_by_you": f"You offered {what}: waiting for {other} to accept.",
        "offered_by_them": f"{other} offers {what}.",
        "declined_by_them": f"{other} declined {the}.",
        "withdrawn_by_them": f"{other} withdrew the offer of {what}.",
        "accepted_by_them": f"{other} accepted: {the.replace('the rematch', 'the next game')} "
        "has started.",
    }
    return told.get(state or ""), f"Offer {what}"


#: A line of a help text's table: its indented term, two spaces or more, its words.
_TABLE_ROW = re.compile(r"(\s+\S.*?\s{2,})\S")
#: A line of a list: its indent and its "- ".
_LIST_ITEM = re.compile(r"(\s*)- ")


def _hanging(line: str, width: int) -> int | None:
    """Where the lines after ``line`` go on if it starts a table's row or a list's item
    (the row's words' column, the item's text), else None."""
    row, item = _TABLE_ROW.match(line), _LIST_ITEM.match(line)
    if row is not None and len(row.group(1)) < width // 2:
        return len(row.group(1))
    if item is not None:
        return len(item.group(0))
    return None


def fitted(text: str, width: int) -> str:
    """A help text (a game's ``help_text``, a table's keys) for a screen ``width``
    wide: a paragraph, a table's row or a list's item with a line longer than that is
    wrapped again, the row under its words' column, the item under its text; the rest
    is left as written. The texts are written for about 80 columns, some to 92, and
    ``parlour play`` prints them to 80, where the terminal table's help page shows
    about 72 columns and a longer line was cut ("first hand's starter; d")."""
    units: list[tuple[list[str], int]] = []  # each unit's lines, and its lines' indent
    for line in text.split("\n"):
        hanging = _hanging(line, width)
        indent = len(line) - len(line.lstrip())
        last = units[-1] if units else None
        goes_on = (
            last is not None
            and line.strip()
            and hanging is None
            and last[0][-1].strip()
            and not last[0][-1].rstrip().endswith(":")
            and indent == last[1]
        )
        if goes_on and last is not None:
            last[0].append(line)
        else:
            units.append(([line], indent if hanging is None else hanging))
    out: list[str] = []
    for lines, indent in units:
        if max(len(line) for line in lines) <= width:
            out += lines
            continue
        first = lines[0]
        lead = first[: len(first) - len(first.lstrip())]
        words = " ".join(line.strip() for line in lines)
        # a row's term keeps its own spacing: only what follows it is wrapped
        row = _TABLE_ROW.match(first)
        if row is not None and len(row.group(1)) == indent:
            lead, words = row.group(1), " ".join([first[indent:], *map(str.strip, lines[1:])])
        out += textwrap.wrap(
            words,
            width,
            initial_indent=lead,
            subsequent_indent=" " * indent,
            break_long_words=False,
            break_on_hyphens=False,
        )
    return "\n".join(out)
