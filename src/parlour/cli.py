"""The ``parlour`` command: play in the terminal, read the rules, list the games.

Every user error (unknown game or option, bad deck, unreadable save, ...) ends
the command with one line on standard error and exit code 2, never a
traceback. Inside a game, a bad move is told in one sentence (within 80 columns)
and where the rest is, and leaves the game as it was; the game goes on.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import pydoc
import re
import shutil
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import games as _games  # noqa: F401  (registers the games)
from .ai.base import caught_up, make_player, player_levels
from .ai.hints import best_level
from .ai.solver import parse_budget, solve
from .argtypes import deal_number, whole_number
from .core.options import OptionSpec, parse_option_words, resolve_options
from .core.protocol import describe_legal
from .core.registry import game_class, game_names, games
from .core.session import Game, load_game, new_game
from .errors import (
    InvalidMoveError,
    InvalidSaveError,
    ParlourError,
    StorageError,
    cut,
    meant,
    quoted,
)
from .service import FRIEND, HUMAN, TableService, open_service
from .service.answers import Answer, MoveChoice
from .service.ending import ONE_TABLE_NAMES, deal_words, end_facts, next_steps, stats_lines
from .service.policy import (
    UnseatedOpponentError,
    check_deal,
    check_opponent,
    default_level,
    person_words,
)
from .service.words import (
    UNBROKEN,
    Names,
    as_sentence,
    board_sentences,
    card_words,
    cards_kept_whole,
    colour_choice_words,
    fitted,
    moves_words,
    no_card_words,
    one_table_name,
    refusal_rest,
    sentences,
    try_again_words,
    uncapitalised,
    without_legal_list,
)
from .sim.command import add_parser as add_simulate_parser

__all__ = ["main"]

EXIT_USAGE = 2


class UsageError(ParlourError):
    """Bad command-line usage."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2), and a help page may
    end with examples kept as written (see :data:`EXAMPLES`); ``more`` adds text made
    only when the page is shown (what the registries list: the players of each game),
    so that a command that shows no help does not load them."""

    def __init__(self, *args: Any, more: Callable[[], str] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self._more = more

    def format_help(self) -> str:
        if self._more is not None:
            more, self._more = self._more(), None
            self.epilog = f"{more}\n\n{self.epilog}" if self.epilog else more
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self._plain(self._required(message))} (see '{self.prog} --help')")

    @staticmethod
    def _plain(message: str) -> str:
        """argparse's refusal of one argument as a sentence: a value refused by its
        flag's own type (:mod:`parlour.argtypes`) quotes it first ("'abc' is not a deal
        number: give a whole number from 0 to ...") and needs no "argument --seed: "
        before it; a choice argparse refuses is worded the same way ("'pink' is not a
        choice of --colour: choose auto, always or never"), and a flag left without its
        value says so ("--seed needs a value")."""
        head, colon, rest = message.partition(": ")
        if not (head.startswith("argument ") and colon):
            return message
        name = head.removeprefix("argument ").split("/")[0]
        if rest.startswith("'"):
            return rest
        choice = re.fullmatch(r"invalid choice: (.*) \(choose from (.*)\)", rest)
        if choice:
            given, listed = choice.groups()
            choices = [c.strip().strip("'") for c in listed.split(",")]
            said = ", ".join(choices[:-1]) + " or " + choices[-1] if choices[1:] else choices[0]
            what = f"a choice of {name}" if name.startswith("-") else f"a {name.lower()}"
            guess = meant(given.strip("'"), {c: c for c in choices})
            hint = f" (did you mean {guess}?)" if guess else ""
            return f"{given} is not {what}{hint}: choose {said}"
        if rest.startswith("expected ") and name.startswith("-"):
            return f"{name} needs a value"
        other = re.fullmatch(r"not allowed with argument (\S+)", rest)
        if other:
            return f"{other.group(1).split('/')[0]} and {name} cannot be given together"
        return message

    def _required(self, message: str) -> str:
        """A missing argument, said as what the command needs and what it takes ("parlour
        play needs a game: calculation, chinese-patience, ..."), from the argument's own
        help or choices. argparse lists a positional that may be left out (``options``:
        nargs '*') among the required ones when an earlier one is missing; name only
        the latter."""
        prefix = "the following arguments are required: "
        if not message.startswith(prefix):
            return message
        optional = {a.dest for a in self._actions if a.nargs in ("*", "?")}
        names = [n for n in message[len(prefix) :].split(", ") if n not in optional]
        if len(names) != 1:
            return prefix + ", ".join(names) if names else message
        (name,) = names
        action = next((a for a in self._actions if name in (a.dest, a.metavar)), None)
        takes = ""
        if action is not None and action.choices:
            takes = ", ".join(str(choice) for choice in action.choices)
        elif action is not None and action.help:
            takes = action.help
        return f"{self.prog} needs a {name.lower()}" + (f": {takes}" if takes else "")


def _read_bytes(path: str, what: str) -> bytes:
    """A file's bytes (a save is checked as it is read: binary junk is a bad save)."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise StorageError(f"cannot read {what} {path!r}: {exc.strerror or exc}") from None


@contextmanager
def _save_named(path: str) -> Iterator[None]:
    """A save refused names its file, as a file that cannot be read does: "cannot load
    save file 'x.json': not a parlour save: expected ..." (the engine's message alone
    named no file, though several may have been loaded in one shell line)."""
    try:
        yield
    except InvalidSaveError as exc:
        raise InvalidSaveError(f"cannot load save file {path!r}: {exc}") from None


def _write_text(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise StorageError(f"cannot write {what} {path!r}: {exc.strerror or exc}") from None


def use_colour(choice: str, stream: TextIO) -> bool:
    """ANSI colour only on a real terminal that wants it (NO_COLOR, TERM=dumb)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return stream.isatty()


# --- terminal play ------------------------------------------------------------

COMMANDS_HELP = """\
Type a move (see 'moves'), its key, or one of these commands:
  moves        list the legal moves
  hint (h)     suggest a move (the strongest fair computer player's, with a reason)
  undo (u)     {undo}
  redo (r)     play a move taken back again
  show         print the position again
  save FILE    save the game (resume with 'parlour load FILE')
  {give_up}
  rules        print the rules page
  help (?)     this help
  quit         stop playing {kept}"""

#: The terminal table's keys for the commands both have, typed alone: ``u`` undoes here
#: as it does there (``q`` and ``?`` are read with ``quit`` and ``help``).
COMMAND_KEYS = {"h": "hint", "u": "undo", "r": "redo"}

#: The line ``help`` adds where numbers pick cards (the service's ``numbered``).
NUMBERS_HELP = "  N            play card N of your hand, numbered as 'Cards by number' shows"


def move_keys_help(answer: Answer) -> str:
    """``help``'s lines for the game's one-word moves typed by their keys (the
    terminal table's, from the service's ``move_keys``): "  d            draw",
    "  p            play the drawn card (play)"; "" for a game without any."""
    lines = []
    for k in answer["move_keys"]:
        move = "" if k["label"] == k["move"] else f" ({k['move']})"
        lines.append(f"  {k['key']:<12} {k['label']}{move}\n")
    return "".join(lines)


#: The terminal table's key for resigning, typed alone: it asks first, as the table
#: does, since one letter is an easy slip; the whole word (``resign``) is typed on
#: purpose and acts at once.
GIVE_UP_KEY = "x"

#: The words that resign a game, as typed: ``resign`` (the command's name, in every
#: game, and the only one help and the README show), and ``give up`` or ``giveup``,
#: which people type too (the words a patience once used).
GIVE_UP_COMMANDS = ("resign", "give up", "giveup")

#: What follows the one-sentence refusal of a typed move: where the rest is (a sentence
#: of its own: it was a bracket, in lower case, after the refusal's full stop).
MOVE_POINTER = "Type 'moves' for the legal moves, 'help' for how moves are written."

#: Asked at a terminal before a move typed in full that the service warns of is played
#: (see :meth:`TerminalTable._typed_warned_move_goes`).
PLAY_WARNED_QUESTION = "Play it all the same?"

#: What ``quit`` and the end of the input leave behind, by whether the store keeps games.
KEPT = "(the game stays in the store; 'parlour tui' resumes it)"
NOT_KEPT = "(with --db :memory: nothing is kept: the game ends with the program)"

_COLOUR_LETTERS = {"R": "R", "G": "G", "Y": "Y", "B": "B", "RED": "R", "GREEN": "G"}
_COLOUR_LETTERS |= {"YELLOW": "Y", "BLUE": "B"}


class TerminalTable:
    """``parlour play``: the read-a-line, play-it loop over the table service.

    It draws the service's answers (the position as text, the log's sentences, the
    status) and turns typed lines into the service's calls; what may be played,
    taken back or seen is the service's to say, exactly as for the terminal table
    and the web app. With ``--opponent human`` two people share the screen: each
    position is shown only to the player to move, with a hand-over prompt between
    turns, so that neither sees the other's cards.
    """

    def __init__(
        self,
        service: TableService,
        player: str,
        answer: Answer,
        *,
        colour: bool,
        read_line: Callable[[str], str | None],
        out: TextIO,
        interactive: bool,
    ) -> None:
        self.service = service
        self.player = player
        self.answer = answer
        self.colour = colour
        self.read_line = read_line
        self.out = out
        self.interactive = interactive
        self.rejected = 0
        #: Moves refused in a row (no other line between): from the second on, the
        #: rules' whole message follows the short one (see :meth:`_refusal`).
        self.misses = 0
        self.hot_seat = answer["opponent"] == HUMAN
        #: The last log entry each seat has been told (hot seat: told on hand-over).
        self.told: dict[int, int] = {}
        #: Whether the end of this game has been printed (once: it stands for the status).
        self.end_told = False

    @property
    def game_id(self) -> str:
        return self.answer["id"]

    # --- output -------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def prose(self, text: str) -> None:
        """Sentences (the log's, a hint, a refusal, the status, the solver's verdict)
        wrapped to 80 columns, each line by itself, under its own indent: a hint and its
        reason, or a refusal with the input it quotes, ran to 120 columns and more, and
        the terminal broke them inside a word."""
        fitted = "\n".join(_fitted_line(line) for line in text.split("\n"))
        self.say(fitted.replace(UNBROKEN, " "))

    def tell(self, answer: Answer) -> None:
        """The log entries in ``answer`` not told yet, one sentence line each."""
        told = self.told.get(answer["seat"], -1)
        for entry in answer["log"]:
            if entry["text"] and entry["n"] > told:
                self.prose(f"  {entry['text']}")
        self.told[answer["seat"]] = max(self.told.get(answer["seat"], -1), _last_n(answer))

    def show(self) -> None:
        answer = self.answer
        # the end, told once below, gives the final counts among its facts
        ending = answer["end"] is not None and not self.end_told
        board = self.service.text(
            self.player, self.game_id, answer["seat"], self.colour, counts=not ending
        )
        self.say(_board_fitted(board))
        hand = answer["numbered"]
        if hand and not answer["outcome"]:
            # each card as the board and the log write it ("2: red 7"), its number the
            # thing to type; a hand of 13 cards ran to 95 columns: wrapped under its
            # first card, between cards (never "6:" at the end of a line)
            numbered = [_unbroken(f"{i}: {card_words(card)},") for i, card in enumerate(hand, 1)]
            numbered[-1] = numbered[-1].rstrip(",")
            lead = "Cards by number: "
            wrapped = textwrap.fill(
                lead + " ".join(numbered),
                HELP_WIDTH,
                subsequent_indent=" " * len(lead),
                break_long_words=False,
            )
            self.say(wrapped.replace(UNBROKEN, " "))
        if ending:
            # the end's text starts with the status (the headline and why): it stands
            # for it, so "You resigned. It counts as a loss ..." is said once, not twice
            self.prose(end_text(answer))
            self.end_told = True
        else:
            # playing on, or the table drawn again after the end was told (show, or a
            # lost patience left): the status line alone
            self.prose(answer["status"])
            self.end_told = answer["end"] is not None
        self.say()

    def opening(self) -> None:
        answer = self.answer
        title = game_class(answer["game"]).title
        deal = deal_words(answer)
        deal = f", {deal}" if deal else ""
        against = ""
        if answer["opponent"] == HUMAN:
            against = ", two people at one table"
        elif answer["opponent"]:
            against = f", against the computer ({answer['opponent']})"
        self.prose(f"{title}{deal}{against}. Type 'help' for commands.")
        if self._handing_over():
            # two people at one table: the one to move is told the game and shown the
            # table once they have the screen (nothing shown before it is passed)
            self.say()
            return
        self.tell(answer)
        self.say()
        self.show()
        if answer["finish"]:
            # a game loaded or resumed where nothing is left to choose (saved there, or
            # left during its finish): its last cards go home as after a move
            self._send_home(answer["seat"] if self.hot_seat else None)
            self.show()

    # --- the loop -------------------------------------------------------------

    def run(self) -> int:
        self.opening()
        while True:
            answer = self.answer
            if answer["end"] is not None:
                if not self.end_told:
                    self.end_told = True
                    self.prose(end_text(answer))
                if answer["final"]:
                    # a lost patience resigned was told its end already: only
                    # the choices of what comes next remain
                    if not self._after_the_end():
                        return self._exit_code()
                    continue
            else:
                self.end_told = False
            if self._handing_over():
                if not self._hand_over():
                    return self._input_ended()
                continue
            prompt = f"{one_table_name(answer['seat'])}> " if self.hot_seat else "move> "
            line = self.read_line(prompt)
            if line is None:
                return self._input_ended()
            if not self.interactive:
                self.say(f"{prompt}{line}")
            result = self._handle(line.strip())
            if result == "quit":
                return self._exit_code()
            if result == "changed" and not self._handing_over():
                self.show()

    def _handing_over(self) -> bool:
        """Two people at one screen, and the table service asks for the screen to be
        handed over: the turn has just passed to the other, a new game or hand begins."""
        return self.hot_seat and self.answer["hand_over"] is not None

    def _hand_over(self) -> bool:
        """Two people at one screen: hide the table until the next player is there. The
        notice is the table service's ("Player 2's turn: pass the screen to Player
        2.", as the web's cover and the terminal table say); the mover may still type
        ``undo`` there where the one undo rule allows. Then the screen is wiped, its
        scrollback too where the terminal knows how, so that the next person cannot
        scroll back to the mover's cards."""
        notice = self.answer["hand_over"]
        assert notice is not None
        seat = notice["seat"]
        if self.interactive:
            words = notice["text"]
            back = notice["take_back"]  # "Take your move back", the service's
            undo = f" (or type undo to {uncapitalised(back)})" if self.answer["can_undo"] else ""
            self.prose(f"{words} Then press Enter{undo}.")
            line = self.read_line("")
            if line is None:
                return False
            if line.strip().lower() in ("undo", "u") and self.answer["can_undo"]:
                if self._handle("undo") == "changed":
                    self.show()
                return True
            self.say(WIPE_SCREEN if self.out.isatty() else "\n" * 40)
        fresh = self.service.get(self.player, self.game_id, seat)
        told = self.told.get(seat, -1)
        fresh_log = [e for e in fresh["log"] if e["n"] > told]
        self.answer = fresh
        self.tell({**fresh, "log": fresh_log})
        self.show()
        return True

    def _exit_code(self) -> int:
        """2 when piped input had lines rejected, so scripts notice; else 0."""
        return EXIT_USAGE if self.rejected and not self.interactive else 0

    def _input_ended(self) -> int:
        if self.answer["end"] is None:
            if self.service.store.keeps:
                self.prose("Input ended; the game is not finished (it stays in the store).")
            else:
                self.prose(f"Input ended; the game is not finished {NOT_KEPT}.")
        return self._exit_code()

    def _after(self, answer: Answer, message: str | None = None) -> str:
        self.answer = answer
        if message:
            self.prose(message)
        self.tell(answer)
        return "changed"

    def _handle(self, line: str) -> str:
        """Run one input line; return 'changed', 'same' or 'quit'."""
        if not line:
            return "same"
        word, _, rest = line.partition(" ")
        command = word.lower()
        if not rest:
            command = COMMAND_KEYS.get(command, command)
        answer = self.answer
        missed, self.misses = self.misses, 0  # any line but a refused move ends a row
        seat = answer["seat"] if self.hot_seat else None
        try:
            if command in ("quit", "exit", "q") and not rest:
                self.say("Goodbye.")
                return "quit"
            if command in ("help", "?") and not rest:
                kept = KEPT if self.service.store.keeps else NOT_KEPT
                words = answer["give_up"]  # "resign this deal", "resign this game"
                key = f"{words['verb']} ({GIVE_UP_KEY})"
                give_up = f"{key:<12} {words['action'].lower()} ({GIVE_UP_KEY} asks first)"
                undo = (
                    "take back your last move"
                    if game_class(answer["game"]).players == 1
                    else "take back the last move"
                    if self.hot_seat
                    else "take back your last move and the computer's replies to it"
                )
                head, rest = COMMANDS_HELP.format(kept=kept, give_up=give_up, undo=undo).split(
                    "\n", 1
                )
                numbers = f"{NUMBERS_HELP}\n" if answer["numbered"] else ""
                if not answer["can_hint"]:
                    # two people at one table: every hint is refused ("No hints when
                    # two people play"), and the terminal table's key bar offers none
                    rest = "\n".join(r for r in rest.split("\n") if not r.startswith("  hint "))
                commands = f"{head}\n{numbers}{move_keys_help(answer)}{rest}"
                self.say(fitted(commands, HELP_WIDTH))
                self.say()
                # written to about 80 columns, some lines to 92: fitted to 80
                self.say(fitted(game_class(answer["game"]).help_text, HELP_WIDTH))
                return "same"
            if command == "moves" and not rest:
                self.prose(_moves_text(answer))
                return "same"
            if command == "show" and not rest:
                return "changed"
            if command == "hint" and not rest:
                found = self.service.hint(self.player, self.game_id, seat)
                # "Type: T2 T4" kept whole: wrapped between "T2" and "T4", the line
                # read as if "T2" were the move to type
                typed = f" Type:{UNBROKEN}{_unbroken(found['move'])}" if found["move"] else ""
                self.prose(found["text"] + typed)
                return "same"
            if command == "rules" and not rest:
                show_page(rules_text(answer["game"]), self.out)
                return "same"
            if command in ("undo", "redo") and not rest:
                call = self.service.undo if command == "undo" else self.service.redo
                done = call(self.player, self.game_id, seat)
                if command == "undo":
                    # the sentences taken back are no longer told: the moves played
                    # next take their numbers, and must be told as any other
                    last = _last_n(done)
                    self.told = {s: min(n, last) for s, n in self.told.items()}
                return self._after({**done, "log": []}, done["message"])
            if command == "save":
                if not rest.strip():
                    raise UsageError("save needs a file name: save FILE")
                text = self.service.save(self.player, self.game_id)
                _write_text(rest.strip(), text, "save file")
                self.say(f"Saved to {rest.strip()}.")
                return "same"
            if " ".join(line.lower().split()) in GIVE_UP_COMMANDS:
                return self._after(self.service.resign(self.player, self.game_id, seat))
            if command == GIVE_UP_KEY and not rest:
                return self._give_up_asked(seat)
            move, picked_by = self._translate(line)
            if move == line and not self._typed_warned_move_goes(move):
                return "same"
            played = self.service.play(self.player, self.game_id, move, seat, picked_by=picked_by)
            self._after(played)
            if played["finish"]:
                self._send_home(seat)
            return "changed"
        except ParlourError as exc:
            self.rejected += 1
            # one sentence and where the rest is (all of it from a second miss)
            self.say(self._refusal(exc, missed).replace(UNBROKEN, " "))
            return "same"

    def _send_home(self, seat: int | None) -> None:
        """A patience's last cards, every one in view and each going home in turn (the
        answer's ``finish``), go home by themselves, as the web table sends them: one
        line says so in the service's words where the moves' log would run to
        thirty-five lines; the board and the end follow as after any move."""
        done = self.service.send_home(self.player, self.game_id, seat)
        self.answer = done
        if done["message"]:
            self.prose(done["message"])
        self.told[done["seat"]] = max(self.told.get(done["seat"], -1), _last_n(done))

    def _typed_warned_move_goes(self, typed: str) -> bool:
        """A move typed in full ("W4:B") that the service warns of (its ``note``: a
        Wild Draw Four the rules penalise) gets its warning, as the two-step ways do
        (typing ``W4`` or its number, then the colour; the web's and the terminal
        table's colour choosers, whose Cancel plays nothing), and a person at a terminal
        is asked before it is played: typed whole, the move would otherwise go with no
        chance to read it. "y" plays it, anything else plays nothing. Piped input is
        not asked (no one is there to answer, and a script's lines must play as
        written): the warning is printed and the move played. True to play it."""
        said = " ".join(typed.split()).upper()
        moves = self.answer["moves"]
        notes = [m["note"] for m in moves if "note" in m and m["move"].upper() == said]
        if not notes:
            return True
        self.prose(f"  {notes[0]}")
        if not self.interactive:
            return True
        reply = self._ask(f"{PLAY_WARNED_QUESTION} (y/n) ")
        return (reply or "").strip().lower() in ("y", "yes")

    def _give_up_asked(self, seat: int | None) -> str:
        """The table's key ``x``: resign once the person says yes to the service's
        question, the terminal table's ("Resign this game? It counts as a loss.");
        any other answer leaves the game as it is."""
        words = self.answer["give_up"]
        reply = self._ask(f"{words['question']} {words['detail']} (y/n) ")
        if (reply or "").strip().lower() not in ("y", "yes"):
            return "same"
        return self._after(self.service.resign(self.player, self.game_id, seat))

    def _refusal(self, exc: ParlourError, missed: int) -> str:
        """What a refused line is told, within 80 columns. A move the table refused: its
        one sentence (the web app's) after "! ", and under it where the rest is; from
        the second miss in a row, what the rules' whole message says besides (their
        advice, the notation: :func:`refusal_rest`) and the legal moves as 'moves' lists
        them, in place of the pointer: one slip costs two short lines, and someone who
        misses again is shown all there is without asking. The sentence is wrapped
        under itself, never inside a move it names ("T1 T2") nor a card ("blue Draw
        Two"); with the pointer on the same line it ran to 150 columns. The terminal's
        own refusals of a move as typed name the legal moves; any other refusal is one
        sentence, as it is. ``missed``: moves refused just before, in a row."""
        if exc.brief is None:
            # a sentence, as the terminal table says it ("! Nothing to redo."): it was
            # the error's own lower case, without a full stop
            return _fitted_line(f"! {as_sentence(str(exc))}")
        self.misses = missed + 1
        lines = [_fitted_line(f"! {self._kept_whole(exc.brief)}")]
        whole, listed = without_legal_list(str(exc))
        rest = refusal_rest(whole, exc.brief) if self.misses > 1 else ""
        if rest:
            lines.append(_indented(rest))
        if self.misses > 1 and listed:
            moves = _moves_text(self.answer)
            lines.append(textwrap.indent(moves, "  "))
        else:
            lines.append(f"  {MOVE_POINTER}")
        return "\n".join(lines)

    def _kept_whole(self, text: str) -> str:
        """A refusal's sentence with what must be read whole unbreakable (see
        :func:`_unbroken`): the legal moves it names ("moves are written like T1 T2 or
        T2 T4": "T1" at the end of a line, "T2" on the next, read as two moves), the
        input it quotes (“S F9”), a short aside ("(colour in play: blue)")."""
        for move in sorted(self.answer["legal_moves"], key=len, reverse=True):
            if " " in move:
                text = re.sub(rf"(?<!\S){re.escape(move)}(?!\S)", _unbroken(move), text)
        return re.sub(r"“[^”]{1,24}”|\([^()]{1,30}\)", lambda m: _unbroken(m.group(0)), text)

    def _translate(self, line: str) -> tuple[str, str | None]:
        """A number picks that card of the hand (the service's ``numbered``, the same
        numbers as the terminal table's keys), and a card named by its code picks the
        moves that play it (the drawn card's ``play``); a Wild asks for its colour and
        a trailing ``uno`` calls UNO. A one-word move's key typed alone (the game's
        ``move_keys``, the terminal table's: ``d`` draws) picks the moves of that word,
        as pressing it at the table does (a drawn Wild's ``play`` asks its colour).
        Anything else is a move as typed. With the move, the number that picked its
        card (the service's ``picked_by``: its refusal quotes "1", not the code), else
        None. The terminal's own refusals (no card 12, no such colour) are one sentence
        too, their ``brief``, the legal moves shown as the table's refusals show them."""
        answer = self.answer
        hand = answer["numbered"]
        words = line.split()
        keyed = {k["key"]: k["move"] for k in answer["move_keys"]}
        word = keyed.get(line.strip().lower())
        if word is not None:
            picked = [m for m in answer["moves"] if (m.get("word") or m["move"]) == word]
            return (self._pick(picked, False) if picked else "") or word, None
        card, number = None, None
        if words and words[0].isdigit() and hand:
            if not 1 <= int(words[0]) <= len(hand):
                raise self._own_refusal(no_card_words(int(words[0]), len(hand)))
            card, number = hand[int(words[0]) - 1], words[0]
        elif words and line.strip().upper() not in answer["legal_moves"]:
            named = words[0].upper()
            if any(m["source"] == named and m["card"] == named for m in answer["moves"]):
                card = named
        if card is None:
            return line, None
        calls = [w.lower() for w in words[1:]] == ["uno"]
        choices = [m for m in answer["moves"] if m["source"] == card]
        if not choices:
            return card + (" uno" if calls else ""), number
        return self._pick(choices, calls) or card, number

    def _own_refusal(self, text: str) -> InvalidMoveError:
        """The terminal's own refusal of a line as a move ("there is no card 12 ..."):
        its sentence is the ``brief``, as the table's refusals have one, and its whole
        message names the legal moves, shown in words from a second miss in a row (they
        followed as codes: "...; legal moves: B9, draw")."""
        refused = InvalidMoveError(f"{text}; {describe_legal(self.answer['legal_moves'])}")
        refused.brief = as_sentence(text)
        return refused

    def _pick(self, choices: Sequence[MoveChoice], calls: bool) -> str:
        """The move among ``choices`` (one gesture's moves) that calls UNO or not as
        ``calls`` says, a Wild's colour asked for; "" if none is left."""
        choices = [m for m in choices if bool(m.get("uno")) == calls] or list(choices)
        colours = {m["colour"] for m in choices if "colour" in m}
        if colours:
            for note in dict.fromkeys(m["note"] for m in choices if "note" in m):
                self.prose(f"  {note}")  # the service's warning, before the choice
            # the colours in words with the letter to type, as the web's picker names
            # them (it asked "Colour (R/G/Y/B)? ")
            named = colour_choice_words(colours)
            reply = (self._ask(f"Colour: {named}? ") or "").strip()
            letter = _COLOUR_LETTERS.get(reply.upper())
            if letter is None:
                raise self._own_refusal(f"“{cut(reply)}” is not a colour: answer {named}")
            choices = [m for m in choices if m.get("colour") == letter]
        return choices[0]["move"] if choices else ""

    def _ask(self, prompt: str) -> str | None:
        """A follow-up question (a Wild's colour); echoed when input is piped."""
        reply = self.read_line(prompt)
        if reply is not None and not self.interactive:
            self.say(f"{prompt}{reply}")
        return reply

    def _offer(self, verdict: Mapping[str, Any] | None) -> tuple[dict[str, str], str]:
        """The next steps of a final game (the terminal table's keys, in its words) and
        the line that offers them."""
        steps = next_steps(self.answer, verdict)
        steps.pop("o", None)  # one game a run: `parlour play OTHER` starts another
        steps.pop("w", None)  # V prints the winning line with the verdict
        words = [f"{key.upper()}: {step}" for key, step in steps.items() if key != "q"]
        # each choice whole on its line ("Q:" at the end of one line, "quit" on the next
        # read as two things); ``prose`` turns the spaces back
        return steps, ", ".join(_unbroken(w) for w in [*words, "save FILE", "Q: quit"])

    def _after_the_end(self) -> bool:
        """A final game: the next game, this deal again, the solver's verdict, a save.
        True to go on."""
        verdict: Mapping[str, Any] | None = None
        steps, offer = self._offer(verdict)
        self.prose(offer)
        while True:
            line = self.read_line("next> ")
            if line is None:
                return False
            if not self.interactive:
                self.say(f"next> {line}")
            word, _, rest = line.strip().partition(" ")
            choice = word.lower()
            if choice in ("q", "quit"):
                return False
            if choice == "save" and rest.strip():
                self._handle(line.strip())
                continue
            if len(choice) == 1 and choice.isalpha() and choice not in steps:
                self.rejected += 1
                # one short line (with the choices it ran to 93 columns), then the
                # choices, as after any other line typed here
                self.say(f"! {quoted(word)} is not one of the choices here.")
                self.prose(offer)
                continue
            if choice == "v":
                verdict = self.service.verdict(self.player, self.game_id)
                self.prose(verdict["text"])
                if verdict["moves"]:
                    self.say(_line_text(verdict["moves"]))
                steps, offer = self._offer(verdict)
                self.prose(offer)
                continue
            if choice in ("n", "s", "d"):
                game_id = self.answer["id"]
                if choice == "n" and "s" in steps:  # the next game of the series
                    self.answer = self.service.next_game(self.player, game_id)
                else:
                    self.answer = self.service.again(self.player, game_id, same_deal=choice == "d")
                self.told = {}
                self.opening()
                return True
            # anything else (undo, hint, a move, show, help) gets the table's own
            # answer, the same as the web app and the terminal table give
            if self._handle(line.strip()) == "changed":
                self.show()
            self.prose(offer)


#: ANSI: cursor home, erase the screen, erase the scrollback (xterm's, kept by most
#: terminals; where unknown it is ignored, and the screen is still erased).
WIPE_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


def _line_text(moves: Sequence[str]) -> str:
    """The solver's winning line after a verdict, each move in brackets as typed,
    wrapped to 80 columns between moves (a line of 300 moves ran to 2,000 columns on
    one line, broken inside a move by the terminal)."""
    lines = ["A winning line:"]
    for move in moves:
        word = f"[{move}]"
        if len(lines[-1]) + 1 + len(word) > HELP_WIDTH:
            lines.append(" ")
        lines[-1] += f" {word}"
    return "\n".join(lines)


def _fitted_line(line: str) -> str:
    """One line of sentences at most 80 columns wide: a longer one goes on under its
    own indent and two spaces more, so that what follows it reads as its end (a line
    that starts a sentence starts with a capital), never broken inside a word nor a
    card's name ("blue" / "2")."""
    if len(line) <= HELP_WIDTH:
        return line
    lead = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(
        cards_kept_whole(line.strip()),
        HELP_WIDTH,
        initial_indent=lead,
        subsequent_indent=lead + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    ).replace(UNBROKEN, " ")


def _unbroken(text: str) -> str:
    """``text`` never broken between lines by :meth:`TerminalTable.prose` (the
    service's :data:`UNBROKEN` space, written as a space): what must be read whole, a
    move to type ("T2 T4"), a choice ("Q: quit")."""
    return text.replace(" ", UNBROKEN)


#: A terminal's colour codes, which take no columns.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _board_fitted(board: str) -> str:
    """A board's lines longer than 80 columns wrapped between the items of their list
    (after a comma; between words only where an item is wider than a line, and never
    inside a card's name: "blue" / "Skip" was broken), under the text after their
    label: an UNO hand of 12 cards in words under what follows "Your hand: ", a pile of
    27 cards (Calculation's waste pile, a row of 8 x 8) under its first card, its indent
    kept (it lost its indent, and went on under the piles' names, as if a pile of its
    own). The colour codes count no columns. Shorter lines (every patience's rows,
    which line up in columns) are left as they are."""
    out: list[str] = []
    for line in board.split("\n"):
        plain = _ANSI.sub("", line)
        if len(plain) <= HELP_WIDTH:
            out.append(line)
            continue
        # cards whole, and a short aside: "(the computer's discard" / "pile; hand 5)"
        line = _ASIDE.sub(lambda m: _unbroken(m.group(0)), cards_kept_whole(line))
        label = _LABEL.match(plain)
        hang = " " * (label.end() if label and label.end() < HELP_WIDTH // 2 else 2)
        lead = line[: len(line) - len(line.lstrip(" "))]
        # the items: words up to one that ends a list's item ("Skip," or its colour
        # code after the comma); an item too wide for a line goes word by word
        items: list[str] = []
        for word in line.lstrip(" ").split(" "):
            if items and not _ANSI.sub("", items[-1]).endswith(","):
                items[-1] += f" {word}"
            else:
                items.append(word)
        pieces = [
            piece
            for item in items
            for piece in (
                [item] if len(hang) + len(_ANSI.sub("", item)) <= HELP_WIDTH else item.split(" ")
            )
        ]
        row, width = lead, len(lead)
        for piece in pieces:
            size = len(_ANSI.sub("", piece))
            if row.strip() and width + 1 + size > HELP_WIDTH:
                out.append(row.rstrip())
                row, width = hang + piece, len(hang) + size
            elif row.strip():
                row, width = f"{row} {piece}", width + 1 + size
            else:
                row, width = row + piece, width + size
        out.append(row)
    return "\n".join(out).replace(UNBROKEN, " ")


#: A short aside in brackets, kept on one line: "(the computer's discard pile; hand 5)".
_ASIDE = re.compile(r"\([^()\x1b]{1,45}\)")

#: A board line's label and what leads to its text: "Your hand: ", "  W1  ".
_LABEL = re.compile(r"\s*\S[^:]*?(: |  +)")


def _moves_text(answer: Answer) -> str:
    """``moves``: each legal move as typed, then what it does with its card as people
    read it (the service's ``move_texts``: "B5  play blue 5", "S W1  play 7♦ from the
    stock to W1"), so that the codes to type are never the only way a card is shown;
    "Legal moves: none" if there are none."""
    moves = answer["moves"]
    if not moves:
        return "Legal moves: none"
    width = max(len(m["move"]) for m in moves)
    lines = ["Legal moves:"]
    for i, (m, does) in enumerate(zip(moves, answer["move_texts"], strict=True)):
        # a one-word move says no more than its word ("deal", "twist"): the word alone
        lines.append(f"  {m['move']:<{width}}  {does}" if does != m["move"] else f"  {m['move']}")
        # the service's warning, once under the moves it goes with (a Wild's colours)
        note = m.get("note")
        if note and (i + 1 == len(moves) or moves[i + 1].get("note") != note):
            lines.append(" " * (width + 4) + note)
    return "\n".join(lines)


def _indented(text: str) -> str:
    """The rules' whole message on a refused move (its notation, every legal move: 300
    characters and more on one line) as a paragraph under the refusal: indented, a
    sentence, wrapped to 80 columns, never inside a card nor a move it quotes ('W F'
    was broken "'W" / "F'")."""
    text = text if text.endswith((".", "?", "!")) else f"{text}."
    quoted_moves = re.sub(r"'[^'\s][^']{0,10}'", lambda m: _unbroken(m.group(0)), text)
    return textwrap.fill(
        cards_kept_whole(quoted_moves),
        HELP_WIDTH,
        initial_indent="  ",
        subsequent_indent="  ",
        break_long_words=False,
        break_on_hyphens=False,
    ).replace(UNBROKEN, " ")


def _last_n(answer: Answer) -> int:
    return answer["log"][-1]["n"] if answer["log"] else -1


def end_text(answer: Answer) -> str:
    """The end of a game, once: headline and why, then the facts under labels (the
    terminal table's words: :func:`parlour.service.ending.end_facts`)."""
    end = answer["end"]
    assert end is not None
    lines = [f"Game over. {end['headline']} {end['detail']}".strip()]
    lines += end_facts(answer)
    if not end["final"]:  # a lost patience, in its status's words, typed here
        again = try_again_words(int(answer["players"]))
        lines.append(f"Type {uncapitalised(again)}")
    return "\n".join(lines)


def _stdin_reader(interactive: bool) -> Callable[[str], str | None]:
    def read(prompt: str) -> str | None:
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                print()
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        return line.rstrip("\n")

    return read


def rules_text(name: str) -> str:
    cls = game_class(name)
    return files("parlour").joinpath("rules", cls.rules_file).read_text(encoding="utf-8")


def _terminals(*streams: TextIO | None) -> bool:
    """Whether every one of ``streams`` is a terminal (a missing or closed stream, or
    one that is no file, is not)."""
    try:
        return all(stream is not None and stream.isatty() for stream in streams)
    except (AttributeError, ValueError):  # a closed stream, or one that is no file
        return False


def _at_a_terminal() -> bool:
    """Whether a person reads standard output at a terminal and types on standard input."""
    return _terminals(sys.stdin, sys.stdout)


def show_page(text: str, out: TextIO | None = None) -> None:
    """A page to read from its top (a rules page, whose "In brief" comes first). Printed
    to a terminal it scrolled past its brief, leaving the end in view; taller than the
    terminal, it goes through the pager ($PAGER, else less), as git's and man's pages do.
    A pipe, a file or a short page gets it printed as it is."""
    stream = sys.stdout if out is None else out
    rows = shutil.get_terminal_size().lines
    if stream is sys.stdout and _at_a_terminal() and text.count("\n") + 1 >= rows:
        pydoc.pager(text)
    else:
        print(text, file=stream)


# --- commands -----------------------------------------------------------------


#: How a demo names the seats of a two-player game, in its first line, its sentences
#: and its boards: nobody at the screen plays, so no seat is "you". The names two
#: people at one table have, so a seat has one name wherever people read it.
DEMO_SEATS = ONE_TABLE_NAMES


def _demo_board(game: Game, colour: bool) -> str:
    """A demo's board: a two-player game's from the side of the seat to move (its hand
    shown), each seat named as the demo's first line names it, never "you"."""
    if game.players == 1:
        return game.render(colour)
    side = game.to_move
    board = game.render_for(side, colour, other=DEMO_SEATS[1 - side], you=DEMO_SEATS[side])
    return board_sentences(board)  # "Twist allowed, end not allowed" said as a sentence


def _demo(game: Game, colour: bool, pause: float, levels: Sequence[str], heading: str) -> int:
    """The computer plays the deal for every seat, move by move, showing each position:
    seat ``i`` at level ``levels[i]``, after the ``heading`` line that says so."""
    players = [
        caught_up(make_player(game.name, level, seed=game.seed, seat=seat), game, seat)
        for seat, level in enumerate(levels)
    ]
    seats = ("the computer",) if game.players == 1 else DEMO_SEATS
    cls = game_class(game.name)
    # at 80 columns, as parlour play's own table: the lines were printed as they came,
    # to 250 columns and more, and the terminal broke them inside a card or a move
    print(_fitted_line(heading))
    print()
    print(_board_fitted(_demo_board(game, colour)))
    while game.outcome is None:
        seat = game.to_move
        choice = players[seat].choose(game.view(seat), game.legal_moves())
        if players[seat].stuck:
            print("\nThe computer sees no move that leads anywhere: demo over.")
            return 0
        game.play(choice)
        # told from the mover's side: whose pile "0" is (Chinese Patience) depends on it
        names = Names(None, seats, cls.pile_names, cls.seat_piles, side=seat)
        told = " ".join(sentences(game.state.last_events(seat), names))
        # the move as typed kept whole after its sentences ("[S" / "W2]" read as two)
        typed = _unbroken(f"[{choice}]")
        print("\n" + _fitted_line(f"{len(game.moves)}. {told}  {typed}").replace(UNBROKEN, " "))
        print(_board_fitted(_demo_board(game, colour)))
        if len(game.moves) >= DEMO_MAX_MOVES:
            print(f"Stopping the demo after {DEMO_MAX_MOVES} moves.")
            return 0
        if pause:
            time.sleep(pause)
    return 0


DEMO_MAX_MOVES = 2000


def _service(args: argparse.Namespace) -> tuple[TableService, str]:
    """The table service over the store (``--db``, default the shared one) and the
    person at this machine."""
    service = open_service(args.db or default_db())
    return service, service.local_player()


def _table(service: TableService, player: str, answer: Answer, args: argparse.Namespace) -> int:
    interactive = sys.stdin.isatty()
    table = TerminalTable(
        service,
        player,
        answer,
        colour=use_colour(args.colour, sys.stdout),
        read_line=_stdin_reader(interactive),
        out=sys.stdout,
        interactive=interactive,
    )
    try:
        return table.run()
    finally:
        service.store.close()


#: Seconds of loading compiled code after which the terminal says what it is doing.
WARM_NOTICE_AFTER = 1.0


def _warm_players(game: str | None = None) -> None:
    """Load the compiled code the computer players use (``game``'s, or every game's for
    the web app) before anyone waits on it. The first use after an install compiles it,
    up to a minute, so say so: the web app at once, before it shows its address; the
    terminal, at a terminal, once loading takes over :data:`WARM_NOTICE_AFTER` seconds.
    Loading is the work a first hint or computer move would do: it changes no move."""
    from .ai.warming import compiled, warm, warm_game

    if not compiled():
        return
    if game is None:
        _say_loading()
        warm()
        return
    notice = threading.Timer(WARM_NOTICE_AFTER, _say_loading)
    if sys.stderr.isatty():
        notice.start()
    try:
        warm_game(game)
    finally:
        notice.cancel()


def _say_loading() -> None:
    print(
        "parlour: loading the computer players (the first use after an install compiles "
        "them: up to a minute)",
        file=sys.stderr,
        flush=True,
    )


def cmd_play(args: argparse.Namespace) -> int:
    options = parse_option_words(args.options)
    if args.demo:
        return _play_demo(args, options)
    deal = _deal_kind(args)
    _refuse_friend(args.opponent)
    cls = game_class(args.game)
    # before the store opens: the table's own check, which start makes again
    check_opponent(cls, args.opponent, people=(HUMAN,))
    service, player = _service(args)
    _warm_players(cls.name)  # before the computer's first move, which start may play
    answer = service.start(
        player, args.game, args.seed, options, args.opponent, deck=args.deck, deal=deal
    )
    return _table(service, player, answer, args)


def _play_demo(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``parlour play GAME --demo``: the computer plays a deal, move by move, for every
    seat. Its flags mean what they mean for a game a person plays: ``--seed``,
    ``--deck``, ``--daily`` (today's deal of the day of the store ``--db`` names) and
    ``--winnable`` pick the deal; ``--opponent LEVEL`` is the computer level that plays
    the second seat of a two-player game (the first plays at the strongest level). What
    a demo cannot do is refused in one line: no person plays, so ``--opponent human``
    (or ``friend``) has no one to seat, and a demo keeps no game, so ``--db`` has
    nothing to say unless it names whose deal of the day ``--daily`` shows."""
    cls = game_class(args.game)
    deal = _deal_kind(args)
    check_deal(cls.name, deal, chosen=args.seed is not None or args.deck is not None)
    if cls.players == 1 and args.opponent is not None:
        raise UsageError(f"{cls.name} is a one-player game: it takes no opponent")
    if args.opponent in (HUMAN, FRIEND):
        raise UsageError(
            f"--demo lets the computer play every seat: --opponent {args.opponent} seats a "
            "person, who plays without --demo; name a computer level for its second seat"
        )
    if args.db is not None and deal != "daily":
        raise UsageError(
            "--demo keeps no game in a store: --db goes with --demo only to say whose deal "
            "of the day --daily shows"
        )
    resolve_options(cls.option_specs, options, cls.name)  # before any deal is chosen
    strongest = best_level(cls.name)
    levels = [strongest] * cls.players
    if args.opponent is not None:
        opponent = check_opponent(cls, args.opponent, people=())
        levels[-1] = opponent or strongest
    seed = args.seed
    if deal != "random":
        service, _ = _service(args)
        try:
            seed = service.deal_seed(cls.name, options, deal)
        finally:
            service.store.close()
    game = new_game(cls.name, seed=seed, deck=args.deck, options=options)
    if deal == "daily":
        which = deal_words({"deal": deal, "day": dt.date.today().isoformat()})
    elif deal == "winnable":
        which = deal_words({"deal": deal})
    else:
        which = "your deck" if args.deck is not None else f"deal {game.seed}"
    if cls.players == 1:
        who = f"the computer plays it ({levels[0]} player)"
    else:
        first, second = DEMO_SEATS
        who = f"the computer plays both seats ({first} {levels[0]}, {second} {levels[1]})"
    heading = f"{cls.title}, {which}: {who}, move by move."
    pause = 0.4 if sys.stdout.isatty() else 0.0
    _warm_players(cls.name)
    return _demo(game, use_colour(args.colour, sys.stdout), pause, levels, heading)


def _refuse_friend(opponent: str | None) -> None:
    """A game against a friend needs an invitation link the friend opens in a browser:
    the terminal cannot make one, so it would wait for a friend who can never come.
    play, load and tui refuse it alike, offering people in the table's words."""
    if opponent == FRIEND:
        raise UsageError(
            "--opponent friend invites a friend with a link: play it in the web app "
            "(parlour serve); here the opponents are the computer's levels or "
            f"{person_words(HUMAN)}"
        )


def cmd_load(args: argparse.Namespace) -> int:
    _refuse_friend(args.opponent)
    service, player = _service(args)
    saved = _read_bytes(args.file, "save file")
    # no invitations here: a wrong --opponent is told the opponents this terminal seats
    try:
        with _save_named(args.file):
            answer = service.load(player, saved, args.opponent, people=(HUMAN,))
    except UnseatedOpponentError as exc:  # a friend's game, who could never join here
        raise UsageError(
            f"{args.file} is a game of {exc.game} against a friend, who cannot join at a "
            f"terminal: load it with --opponent set to a computer level "
            f"({', '.join(exc.levels)}) or {person_words(HUMAN)}; a game against a friend "
            "is played in the web app (parlour serve)"
        ) from exc
    _warm_players(answer["game"])  # saved on its person's turn: loading played no move
    return _table(service, player, answer, args)


def cmd_solve(args: argparse.Namespace) -> int:
    budget = parse_budget(args.budget)
    if args.load:
        with _save_named(args.load):
            game = load_game(_read_bytes(args.load, "save file"))
        if args.game is not None and game_class(args.game).name != game.name:
            raise UsageError(
                f"the save {args.load!r} is a game of {game.name}, not {game_class(args.game).name}"
            )
        if args.options:
            raise UsageError("game options come from the save with --load")
    else:
        if args.game is None:
            patiences = [name for name in game_names() if game_class(name).players == 1]
            raise UsageError(
                f"parlour solve needs a game ({', '.join(patiences)}) and its deal, or "
                "--load FILE (see 'parlour solve --help')"
            )
        if args.seed is None and args.deck is None:
            raise UsageError(
                "parlour solve needs the deal to solve: --seed N or --deck '...' "
                "(see 'parlour solve --help')"
            )
        options = parse_option_words(args.options)
        game = new_game(args.game, seed=args.seed, deck=args.deck, options=options)
    result = solve(game, budget)
    print(f"{_solved_what(game)}: {result}.")
    if result.moves is not None:
        print(" ".join(f"[{move}]" for move in result.moves))
    return 0


def _solved_what(game: Game) -> str:
    """What ``parlour solve`` solved, as ``parlour play`` names a deal: "The Gate, deal
    7" (a deck given, or a save of one, has no deal number: "your deck"), and from a
    save's position, after how many moves ("Calculation, deal 4, after 12 moves")."""
    # a deck given (or a save of one) has no deal number: its seed is no deal's
    deal = f"deal {game.seed}" if game.deck is None else "your deck"
    played = len(game.moves)
    after = f", after {moves_words(played)}" if played else ""
    return f"{game_class(game.name).title}, {deal}{after}"


def cmd_stats(args: argparse.Namespace) -> int:
    """The statistics of the person at this machine (the web app's page, as a table)."""
    service, player = _service(args)
    try:
        stats = service.stats(player)
    finally:
        service.store.close()
    name = None if args.game is None else game_class(args.game).name
    print("\n".join(stats_lines(stats, name)))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    show_page(rules_text(args.game))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    """The games, one a line, then each game's options; ``parlour games GAME``: one
    game's options, players and deals. All of it from what each game declares."""
    if args.game is not None:
        print("\n".join(game_details(game_class(args.game).name)))
        return 0
    for name, summary in games().items():
        # wrapped as 'parlour games GAME' is: Chinese Patience's line ran to 130 columns
        print(
            "\n".join(
                textwrap.wrap(f"{name:18} {summary}.", HELP_WIDTH, subsequent_indent=" " * 19)
            )
        )
    print()
    example = _option_example()
    print("Options follow the game's name" + (f", as in '{example}':" if example else ":"))
    for name in games():
        words = [option_word(spec) for spec in game_class(name).option_specs]
        print(f"  {name:18} {', '.join(words) or 'none'}")
    print("One game's options, players and deals: parlour games GAME")
    return 0


def option_word(spec: OptionSpec) -> str:
    """An option as typed after a game's name: ``classic`` (on or off: the word turns it
    on), ``bars=4|3`` (one of its values), ``target=N`` (a whole number)."""
    if spec.kind is bool:
        return spec.name
    if spec.choices is not None:
        return f"{spec.name}={'|'.join(str(c) for c in spec.choices)}"
    return f"{spec.name}=N"


def _option_example() -> str:
    """A real command line that sets an option: the first game's first option with
    values, at a value other than its default ('parlour play gate bars=3')."""
    for name in games():
        for spec in game_class(name).option_specs:
            other = [c for c in spec.choices or () if c != spec.default]
            if other and spec.default is not None:
                return f"parlour play {name} {spec.name}={other[0]}"
    return ""


def game_details(name: str) -> list[str]:
    """``parlour games GAME``: what the game is, who plays it, its options (with their
    defaults), the deals it takes and where its rules are."""
    from .ai.deals import offers_winnable
    from .ai.solver import solver_games

    cls = game_class(name)
    also = f"; also {', '.join(cls.aliases)}" if cls.aliases else ""
    lines = [f"{cls.title} ({name}{also}): {cls.summary}."]
    levels = player_levels(name)
    if cls.players == 1:
        lines.append(
            f"One player. Computer players (parlour simulate --players): {', '.join(levels)}; "
            f"hints and --demo play as {best_level(name)}."
        )
    else:
        lines.append(
            f"Two players: you against the computer (--opponent {', '.join(levels)}; "
            f"default {default_level(name)}) or --opponent {person_words(HUMAN)}."
        )
    specs = cls.option_specs
    lines.append("Options, after the game's name:" if specs else "Options: none.")
    width = max((len(option_word(spec)) for spec in specs), default=0)
    for spec in specs:
        if spec.kind is bool:
            default = "; off unless given" if not spec.default else "; on unless =no"
        elif spec.default is not None:
            default = f"; default {spec.default}"
        else:
            default = ""
        if spec.choices is None and spec.minimum is not None:
            top = f" to {spec.maximum}" if spec.maximum is not None else " up"
            default += f" (a whole number from {spec.minimum}{top})"
        lines.append(f"  {option_word(spec):{width}}  {spec.help}{default}")
    deals = "Deals: --seed N (the same number, the same deal) or --deck '...' (cards top first)"
    if offers_winnable(name):
        deals += "; --winnable (a deal the solver has proved) or --daily (the deal of the day)"
    lines.append(deals + ".")
    if name in solver_games():
        lines.append(f"Was a deal winnable? parlour solve {name} --seed N")
    lines.append(f"Play: parlour play {name} (or parlour tui {name}); rules: parlour rules {name}")
    return [
        wrapped
        for line in lines
        for wrapped in textwrap.wrap(
            line, HELP_WIDTH, subsequent_indent=" " * (width + 4 if line.startswith("  ") else 2)
        )
    ]


#: The width ``parlour games GAME`` wraps its lines to.
HELP_WIDTH = 79


def default_db() -> str:
    """``$XDG_DATA_HOME/parlour/parlour.db``, else ``~/.local/share/parlour/parlour.db``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "parlour" / "parlour.db")


def _check_port_free(host: str, port: int) -> None:
    """Say plainly when the address is taken (uvicorn would log and exit with 1)."""
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise UsageError(
            f"cannot listen on {host}:{port} ({exc.strerror or exc}): is parlour already "
            "running there? Choose another with --port"
        ) from None


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the web app with uvicorn (needs the ``web`` extra)."""
    try:
        import uvicorn

        from .web import create_app
    except ImportError as exc:
        raise UsageError(
            f"the web app needs the 'web' extra ({exc.name} is missing): "
            'python -m pip install -e ".[web]"'
        ) from None
    db = args.db or default_db()
    _check_port_free(args.host, args.port)
    app = create_app(db, prepare_deals=True)
    _warm_players()
    shown = db if db.startswith(("postgresql://", "postgres://")) else os.path.abspath(db)
    if shown.startswith(("postgresql://", "postgres://")) and "@" in shown:
        shown = shown.split("://", 1)[0] + "://..." + shown.rsplit("@", 1)[1]
    print(f"parlour: games stored in {shown}", file=sys.stderr)
    print(f"parlour: open http://{args.host}:{args.port} in a browser", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


#: Why ``parlour tui`` will not start without a terminal, and what plays without one.
NO_TERMINAL = "parlour tui needs a terminal: use 'parlour play' to play line by line"


def _has_terminal() -> bool:
    """Whether ``parlour tui`` has a terminal to draw on and read keys from: standard
    input, output and error output (where Textual draws) all a terminal. Tests that
    run the table's command without one patch this (tests/tui/conftest.py)."""
    return _terminals(sys.stdin, sys.stdout, sys.stderr)


def cmd_tui(args: argparse.Namespace) -> int:
    """Open the full-screen card table (needs the ``tui`` extra, Textual)."""
    name = None if args.game is None else game_class(args.game).name
    options = parse_option_words(args.options)
    deal = _deal_kind(args)
    if name is None and (options or args.seed is not None or deal != "random"):
        raise UsageError(
            "game options, --seed, --winnable and --daily need a GAME: parlour tui GAME ..."
        )
    if name is not None:
        resolve_options(game_class(name).option_specs, options, name)
        check_deal(name, deal, chosen=args.seed is not None)  # the table's own check
        # the table's own check, as parlour play's start makes it: a patience takes no
        # opponent; a two-player game a level, or two people at one table
        _refuse_friend(args.opponent)
        check_opponent(game_class(name), args.opponent, people=(HUMAN,))
    try:
        from .tui import ParlourApp
    except ImportError as exc:
        raise UsageError(
            f'the terminal table needs Textual ({exc.name} is missing): pip install "parlour[tui]"'
        ) from None
    if not _has_terminal():
        # Textual would write its screen into a file or a pipe and wait for keys that
        # never come: 'parlour tui gate < /dev/null > out' never ended.
        raise UsageError(NO_TERMINAL)
    app = ParlourApp(
        args.db or default_db(),
        name,
        seed=args.seed,
        options=options,
        opponent=args.opponent,
        deal=deal,
    )
    app.run()
    return 0


def _add_deal_flags(parser: argparse.ArgumentParser) -> None:
    """``--winnable`` and ``--daily``, as ``play`` and ``tui`` both take them."""
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument(
        "--winnable",
        action="store_true",
        help="patiences: deal only a deal the solver has proved winnable",
    )
    chosen.add_argument(
        "--daily",
        action="store_true",
        help="patiences: the deal of the day (the same for every player of this store)",
    )


def _deal_kind(args: argparse.Namespace) -> str:
    """The kind of deal the flags ask for (the table's ``deal``)."""
    return "winnable" if args.winnable else "daily" if args.daily else "random"


#: The examples that end each help page: real command lines, each of which runs as
#: written (tests/test_cli_help.py runs every one, so that none goes stale).
EXAMPLES = {
    "parlour": """\
  parlour games      # the games and their options
  parlour play gate  # play The Gate here, line by line
  parlour tui        # the full-screen card table
  parlour serve      # the web app, at http://127.0.0.1:8000

'parlour COMMAND --help' tells one command's options.""",
    "play": """\
  parlour play gate                  # a new deal of The Gate
  parlour play gate --seed 7 bars=3  # deal 7 again, with 3-card bars
  parlour play calculation --daily   # the deal of the day
  parlour play uno --opponent human  # two people at one screen""",
    "solve": """\
  parlour solve gate --seed 7                         # was deal 7 of The Gate winnable?
  parlour solve eight-by-eight --seed 3 --budget 2s   # give up after 2 seconds
  parlour solve --load my-game.json                   # from a saved position""",
    "load": """\
  parlour load my-game.json                # go on with a game saved by 'save my-game.json'
  parlour load my-game.json --db :memory:  # ... without keeping it in the store""",
    "rules": """\
  parlour rules gate  # The Gate's rules page
  parlour rules 8x8   # a game's other name works too""",
    "stats": """\
  parlour stats              # every game
  parlour stats calculation  # one game""",
    "games": """\
  parlour games      # the games and their options
  parlour games uno  # one game's options, players and deals""",
    "serve": """\
  parlour serve                                # at http://127.0.0.1:8000
  parlour serve --port 8080 --db cards.sqlite  # another port, another store""",
    "tui": """\
  parlour tui                       # choose a game, or go on with one
  parlour tui gate --seed 7         # deal 7 of The Gate
  parlour tui uno --opponent human  # two people at one keyboard""",
}


#: What --deck takes: the game's own card notation, an example for each family of
#: cards (a test reads each example back as its family's cards).
DECK_EXAMPLES = {"playing cards": "KH TC 7S ...", "UNO cards": "R7 GS W4 ..."}
DECK_HELP = "explicit deck in the game's card notation, top card first: " + " or ".join(
    f"'{example}' ({family})" for family, example in DECK_EXAMPLES.items()
)


def examples(command: str) -> str:
    """The examples part of ``command``'s help page (``parlour`` for the command itself)."""
    return "examples:\n" + EXAMPLES[command]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="parlour",
        description="Five classic card games in your terminal.",
        epilog=examples("parlour"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add_play_flags(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--opponent",
            help="two-player games: the computer's level (see 'parlour games GAME'), or "
            "'human' for two people at one table",
        )
        p.add_argument(
            "--colour",
            "--color",
            choices=["auto", "always", "never"],
            default="auto",
            help="colour the red suits (default: only on a terminal)",
        )
        p.add_argument(
            "--db",
            help="the games store shared with 'parlour serve' and 'parlour tui' "
            "(SQLite file; default: parlour.db in the user data folder; :memory: keeps nothing)",
        )

    play = sub.add_parser("play", help="play a game in the terminal", epilog=examples("play"))
    play.add_argument("game", help=", ".join(game_names()))
    deal = play.add_mutually_exclusive_group()
    deal.add_argument(
        "--seed", type=deal_number, metavar="N", help="deal number (same seed, same deal)"
    )
    deal.add_argument("--deck", help=DECK_HELP)
    play.add_argument("options", nargs="*", help="game options: classic, bars=3, target=200 ...")
    play.add_argument(
        "--demo",
        action="store_true",
        help="let the computer play the deal, move by move (--seed, --deck, --daily or "
        "--winnable choose it; --opponent LEVEL plays a two-player game's second seat)",
    )
    _add_deal_flags(play)
    add_play_flags(play)
    play.set_defaults(func=cmd_play)

    solve_cmd = sub.add_parser(
        "solve",
        help="was this deal winnable? (the solver sees every card)",
        epilog=examples("solve"),
    )
    solve_cmd.add_argument(
        "game",
        nargs="?",
        help="a one-player game: "
        + ", ".join(name for name in game_names() if game_class(name).players == 1),
    )
    solve_deal = solve_cmd.add_mutually_exclusive_group()
    solve_deal.add_argument("--seed", type=deal_number, metavar="N", help="deal number")
    solve_deal.add_argument("--deck", help="explicit deck, top first")
    solve_deal.add_argument("--load", metavar="FILE", help="solve the position of a saved game")
    solve_cmd.add_argument("options", nargs="*", help="game options: classic, bars=3 ...")
    solve_cmd.add_argument(
        "--budget",
        default="10s",
        help="search budget: nodes (200000, 1e5, 2m) or time (10s); default 10s",
    )
    solve_cmd.set_defaults(func=cmd_solve)

    load = sub.add_parser("load", help="resume a saved game", epilog=examples("load"))
    load.add_argument("file", help="a saved game (JSON), as 'save FILE' writes it")
    add_play_flags(load)
    load.set_defaults(func=cmd_load)

    rules = sub.add_parser("rules", help="print a game's rules", epilog=examples("rules"))
    rules.add_argument("game", help=", ".join(game_names()))
    rules.set_defaults(func=cmd_rules)

    stats = sub.add_parser(
        "stats",
        help="your statistics: games played and won, streaks, the deal of the day",
        epilog=examples("stats"),
    )
    stats.add_argument("game", nargs="?", help="one game only (default: every game)")
    stats.add_argument("--db", help="the games store shared with 'parlour serve' (SQLite file)")
    stats.set_defaults(func=cmd_stats)

    listing = sub.add_parser(
        "games", help="list the games and their options", epilog=examples("games")
    )
    listing.add_argument("game", nargs="?", help="one game's options, players and deals")
    listing.set_defaults(func=cmd_games)

    serve = sub.add_parser(
        "serve", help="start the web app (http://127.0.0.1:8000)", epilog=examples("serve")
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument(
        "--port",
        type=whole_number("a port number", 1, 65535),
        default=8000,
        help="port to listen on (default 8000)",
    )
    serve.add_argument(
        "--db",
        help="SQLite file or postgresql://... URL (default: parlour.db in the user data folder)",
    )
    serve.set_defaults(func=cmd_serve)

    tui = sub.add_parser(
        "tui", help="play at a full-screen card table (needs parlour[tui])", epilog=examples("tui")
    )
    tui.add_argument("game", nargs="?", help="start this game (default: choose one)")
    tui.add_argument(
        "--seed", type=deal_number, metavar="N", help="deal number (same seed, same deal)"
    )
    tui.add_argument("options", nargs="*", help="game options: classic, bars=3, target=200 ...")
    tui.add_argument(
        "--opponent",
        help="two-player games: the computer's level, or 'human' for two people at one table",
    )
    _add_deal_flags(tui)
    tui.add_argument("--db", help="the games store shared with 'parlour serve' (SQLite file)")
    tui.set_defaults(func=cmd_tui)

    add_simulate_parser(sub)
    return parser


def one_line(text: str) -> str:
    """An error message as one line: line breaks and tabs (a database driver's
    message) become spaces, other control characters (typed or in a file name)
    their escapes, which a terminal shows rather than acts on."""
    parts = text.strip().replace("\t", " ").replace("\r", "\n").split("\n")
    text = " ".join(part.strip() for part in parts if part.strip())
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # Game options may come after flags: 'play gate --seed 7 bars=3'.
            flags = [word for word in extra if word.startswith("-")]
            if flags:
                raise UsageError(
                    f"parlour {args.command} has no option {quoted(flags[0])} "
                    f"(see 'parlour {args.command} --help')"
                )
            if args.command not in ("play", "solve", "tui", "simulate"):
                raise UsageError(
                    f"parlour {args.command} takes no {quoted(' '.join(extra))} "
                    f"(see 'parlour {args.command} --help')"
                )
            args.options = list(args.options) + extra
        result: int = args.func(args)
        return result
    except ParlourError as exc:
        print(f"parlour: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
