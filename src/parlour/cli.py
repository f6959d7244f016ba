"""The ``parlour`` command: play in the terminal, read the rules, list the games.

Every user error (unknown game or option, bad deck, unreadable save, ...) ends
the command with one line on standard error and exit code 2, never a
traceback. Inside a game, a bad move prints one line and leaves the game as it
was; the game goes on.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import NoReturn, TextIO

from . import games as _games  # noqa: F401  (registers the games)
from .ai.base import Player, caught_up, make_player, player_levels
from .ai.hints import best_level, hint
from .ai.solver import parse_budget, solve
from .core.options import parse_option_words, resolve_options
from .core.protocol import describe_legal
from .core.registry import game_class, games
from .core.session import Game, load_game, new_game
from .errors import InvalidMoveError, ParlourError
from .sim.command import add_parser as add_simulate_parser

__all__ = ["main"]

EXIT_USAGE = 2


class UsageError(ParlourError):
    """Bad command-line usage."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def _read_text(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ParlourError(f"cannot read {what} {path!r}: {exc.strerror or exc}") from None


def _write_text(path: str, text: str, what: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ParlourError(f"cannot write {what} {path!r}: {exc.strerror or exc}") from None


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
Type a move (see 'moves'), or one of these commands:
  moves        list the legal moves
  hint         suggest a move (the computer player's choice, with a reason)
  undo / redo  take back a move / play it again
  show         print the position again
  save FILE    save the game (resume with 'parlour load FILE')
  resign       give up this game
  rules        print the rules page
  help         this help
  quit         stop playing (the game is not saved unless you saved it)"""


class GameTerminal:
    """A game's own touches to terminal play; the default adds none.

    The loop stays generic: it asks the game's hooks to dress the screen, to turn
    an input line into a move text (asking more questions if needed), and what to
    tell a player taking over the screen at one table.
    """

    def screen(self, game: Game, seat: int, text: str, colour: bool) -> str:
        return text

    def translate(self, game: Game, line: str, ask: Callable[[str], str | None]) -> str:
        return line

    def handover(self, game: Game, seat: int) -> list[str]:
        return []


_UNO_COLOURS = {"R": "R", "G": "G", "Y": "Y", "B": "B"}
_UNO_COLOUR_WORDS = {"RED": "R", "GREEN": "G", "YELLOW": "Y", "BLUE": "B"}


class UnoTerminal(GameTerminal):
    """UNO: a numbered hand, a number plays that card, a Wild asks for its colour,
    and every bad move names the legal ones."""

    def screen(self, game: Game, seat: int, text: str, colour: bool) -> str:
        hand = game.view(seat)["hand"]
        numbered = "  ".join(f"{i}:{_uno_pretty(card, colour)}" for i, card in enumerate(hand, 1))
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("your hand"):
                head = line.split(":", 1)[0].rstrip(")")
                lines[i] = f"{head}, {len(hand)} cards): {numbered or '-'}"
        return "\n".join(lines)

    def translate(self, game: Game, line: str, ask: Callable[[str], str | None]) -> str:
        view = game.view(game.to_move)
        words = line.split()
        text = line
        if words and words[0].isdigit():
            text = self._card_by_number(game, view, words, ask)
        elif view["phase"] == "play_or_keep" and line.strip().upper() == view["drawn"]:
            text = "play"
        try:
            game.parse(text)
        except InvalidMoveError as exc:
            raise InvalidMoveError(f"{exc}; {describe_legal(game.legal_moves())}") from None
        return text

    def _card_by_number(
        self,
        game: Game,
        view: dict[str, object],
        words: list[str],
        ask: Callable[[str], str | None],
    ) -> str:
        hand = view["hand"]
        assert isinstance(hand, list)
        number = int(words[0])
        if not 1 <= number <= len(hand):
            raise InvalidMoveError(
                f"there is no card {number}: your cards are numbered 1 to {len(hand)}; "
                + describe_legal(game.legal_moves())
            )
        card = str(hand[number - 1])
        call = " uno" if [w.upper() for w in words[1:]] == ["UNO"] else ""
        drawn = view["phase"] == "play_or_keep" and card == view["drawn"]
        if card in ("W", "W4") and view["phase"] in ("play", "play_or_keep"):
            answer = ask("Colour (R/G/Y/B)? ")
            letter = (answer or "").strip().upper()
            letter = _UNO_COLOURS.get(letter) or _UNO_COLOUR_WORDS.get(letter, "")
            if not letter:
                raise InvalidMoveError(
                    f"{(answer or '').strip()!r} is not a colour: answer R, G, Y or B; "
                    + describe_legal(game.legal_moves())
                )
            return f"{'play' if drawn else card}:{letter}{call}"
        return ("play" if drawn else card) + call

    def handover(self, game: Game, seat: int) -> list[str]:
        return [f"  {line}" for line in game.view(seat)["opponent_last"]]


def _uno_pretty(card: str, colour: bool) -> str:
    if not colour:
        return card
    code = "1" if card.startswith("W") else {"R": "31", "G": "32", "Y": "33", "B": "34"}[card[0]]
    return f"\x1b[{code}m{card}\x1b[0m"


TERMINAL_HOOKS: dict[str, GameTerminal] = {"uno": UnoTerminal()}


class TerminalPlay:
    """The read-a-line, play-it loop, shared by every game.

    Two-player games: seat 0 is the person; seat 1 is a computer player, or a
    second person at the same screen (``opponent=None``), in which case each
    position is shown only to the player to move, with a hand-over prompt
    between turns so that neither sees the other's cards.
    """

    def __init__(
        self,
        game: Game,
        *,
        opponent: Player | None,
        colour: bool,
        read_line: Callable[[str], str | None],
        out: TextIO,
        interactive: bool,
    ) -> None:
        self.game = game
        self.opponent = opponent
        self.colour = colour
        self.read_line = read_line
        self.out = out
        self.interactive = interactive
        self.rejected = 0
        self.series: list[int] = [0, 0]
        self.hooks = TERMINAL_HOOKS.get(game.name, GameTerminal())

    # --- output -------------------------------------------------------------

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show(self) -> None:
        game = self.game
        if game.players == 1:
            self.say(game.state.render(self.colour))
        else:
            seat = self._viewer()
            text = game.state.render_for(seat, self.colour)
            self.say(self.hooks.screen(game, seat, text, self.colour))
        self.say()

    def _viewer(self) -> int:
        """Whose eyes the screen is for: the person (seat 0) against a computer."""
        if self.opponent is not None:
            return 0
        return self.game.to_move

    def _is_computer_turn(self) -> bool:
        return self.opponent is not None and self.game.players == 2 and self.game.to_move == 1

    def _announce_events(self, seats: Sequence[int]) -> None:
        for seat in seats:
            for line in self.game.state.events(seat):
                self.say(f"  {line}")

    # --- the loop -------------------------------------------------------------

    def run(self) -> int:
        game = self.game
        self.say(f"{game_class(game.name).title} (seed {game.seed}). Type 'help' for commands.")
        self.say()
        needs_show = True
        last_mover: int | None = None
        turn_of: int | None = None
        while True:
            outcome = game.outcome
            if outcome is not None:
                if needs_show:
                    self.show()
                if not self._finish():
                    break
                game = self.game
                needs_show = True
                continue
            if self.opponent is not None and game.players == 2 and turn_of != game.to_move:
                turn_of = game.to_move
                self.say("My turn." if turn_of == 1 else "Your turn.")
            if self._is_computer_turn():
                self._computer_move()
                needs_show = True
                continue
            if game.players == 2 and self.opponent is None and last_mover != game.to_move:
                if last_mover is not None and self.interactive:
                    self.say(f"Hand over to player {game.to_move}, then press Enter.")
                    if self.read_line("") is None:
                        return self._input_ended()
                    self.say("\n" * 40)
                if last_mover is not None:
                    for text in self.hooks.handover(game, game.to_move):
                        self.say(text)
                last_mover = game.to_move
                needs_show = True
            if needs_show:
                self.show()
                needs_show = False
            prompt = "move> " if game.players == 1 else f"player {game.to_move}> "
            line = self.read_line(prompt)
            if line is None:
                return self._input_ended()
            if not self.interactive:
                self.say(f"{prompt}{line}")
            result = self._handle(line.strip())
            if result == "quit":
                return self._exit_code()
            if result == "changed":
                needs_show = True
        return self._exit_code()

    def _exit_code(self) -> int:
        """2 when piped input had lines rejected, so scripts notice; else 0."""
        return EXIT_USAGE if self.rejected and not self.interactive else 0

    def _input_ended(self) -> int:
        if self.game.outcome is None:
            self.say("Input ended; the game is not finished.")
        return self._exit_code()

    def _computer_move(self) -> None:
        game = self.game
        assert self.opponent is not None
        seat = game.to_move
        legal = game.legal_moves()
        choice = self.opponent.choose(game.view(seat), legal)
        phrase = game.state.describe(game.state.parse_move(choice))
        game.play(choice)
        self.say(f"Computer {phrase}")
        self._announce_events([0])

    def _handle(self, line: str) -> str:
        """Run one input line; return 'changed', 'same' or 'quit'."""
        game = self.game
        if not line:
            return "same"
        word, _, rest = line.partition(" ")
        command = word.lower()
        try:
            if command in ("quit", "exit", "q") and not rest:
                self.say("Goodbye.")
                return "quit"
            if command in ("help", "?") and not rest:
                self.say(COMMANDS_HELP)
                self.say()
                self.say(game_class(game.name).help_text)
                return "same"
            if command == "moves" and not rest:
                moves = game.legal_moves()
                self.say("Legal moves: " + (", ".join(moves) if moves else "none"))
                return "same"
            if command == "show" and not rest:
                return "changed"
            if command == "hint" and not rest:
                self.say(f"Hint: {hint(game)}")
                return "same"
            if command == "rules" and not rest:
                self.say(rules_text(game.name))
                return "same"
            if command == "undo" and not rest:
                self._undo()
                return "changed"
            if command == "redo" and not rest:
                self.say(f"Redone: {game.redo()}")
                return "changed"
            if command == "save":
                if not rest.strip():
                    raise UsageError("save needs a file name: save FILE")
                _write_text(rest.strip(), game.to_json() + "\n", "save file")
                self.say(f"Saved to {rest.strip()}.")
                return "same"
            if command == "resign" and not rest:
                game.resign()
                return "changed"
            line = self.hooks.translate(game, line, self._ask)
            mover = game.to_move
            move = game.parse(line)
            phrase = game.state.describe(move)
            game.play(line)
            if game.players == 2:
                if self.opponent is None:
                    self.say(f"Player {mover} {phrase}")
                self._announce_events([mover])
            return "changed"
        except ParlourError as exc:
            self.rejected += 1
            self.say(f"! {exc}")
            return "same"

    def _ask(self, prompt: str) -> str | None:
        """A game's follow-up question (a Wild's colour); echoed when input is piped."""
        answer = self.read_line(prompt)
        if answer is not None and not self.interactive:
            self.say(f"{prompt}{answer}")
        return answer

    def _undo(self) -> None:
        """Undo the person's last move (and the computer's replies after it)."""
        game = self.game
        undone = [game.undo()]
        if self.opponent is not None and game.players == 2:
            while game.can_undo and game.to_move != 0:
                undone.append(game.undo())
        self.say("Undone: " + ", ".join(undone))

    def _finish(self) -> bool:
        """Report the outcome; for two-player series, offer another game. True to go on."""
        game = self.game
        outcome = game.outcome
        assert outcome is not None
        self.say(f"Game over: {outcome}")
        if game.players != 2 or game.name == "uno":
            return False
        if outcome.winner is not None and outcome.score is not None:
            self.series[outcome.winner] += outcome.score
        self.say(f"Series totals: player 0 {self.series[0]}, player 1 {self.series[1]}")
        self.say("S: single new game (scores start again), N: next game of the series, Q: quit")
        while True:
            line = self.read_line("S/N/Q> ")
            if line is None:
                return False
            choice = line.strip().upper()
            if choice in ("Q", "QUIT"):
                return False
            if choice in ("S", "N"):
                if choice == "S":
                    self.series = [0, 0]
                options = dict(game.options)
                if choice == "N":
                    opening = new_game(game.name, seed=game.seed, deck=game.deck, options=options)
                    options["first"] = 1 - opening.to_move
                else:
                    options["first"] = 0
                self.game = new_game(game.name, seed=game.seed + 1, options=options)
                self.game.meta = dict(game.meta)
                return True
            self.say("! type S, N or Q")


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


# --- commands -----------------------------------------------------------------


def _opponent_for(game: Game, level: str | None) -> Player | None:
    """The computer player of seat 1 (None: a second person), for two-player games."""
    if game.players != 2:
        if level not in (None, "human"):
            raise UsageError(f"{game.name} is a one-player game: --opponent does not apply")
        return None
    if level is None:
        levels = player_levels(game.name)
        level = "strong" if "strong" in levels else levels[-1]
    if level == "human":
        return None
    game.meta["opponent"] = level
    # A loaded game is under way: the player recalls it from its own views.
    return caught_up(make_player(game.name, level, seed=game.seed, seat=1), game, 1)


def _demo(game: Game, colour: bool, pause: float) -> int:
    """The computer plays the deal for every seat, move by move, showing each position."""
    players = [
        caught_up(
            make_player(game.name, best_level(game.name), seed=game.seed, seat=seat), game, seat
        )
        for seat in range(game.players)
    ]
    print(game.state.render(colour))
    while game.outcome is None:
        seat = game.to_move
        choice = players[seat].choose(game.view(seat), game.legal_moves())
        if players[seat].stuck:
            print("\nThe computer sees no move that leads anywhere: demo over.")
            return 0
        phrase = game.state.describe(game.state.parse_move(choice))
        game.play(choice)
        who = "" if game.players == 1 else f"Player {seat} "
        print(f"\n{len(game.moves)}. {who}{phrase}  [{choice}]")
        print(game.state.render(colour))
        if len(game.moves) >= DEMO_MAX_MOVES:
            print(f"Stopping the demo after {DEMO_MAX_MOVES} moves.")
            return 0
        if pause:
            time.sleep(pause)
    print(f"Game over: {game.outcome}")
    return 0


DEMO_MAX_MOVES = 2000


def _play(game: Game, args: argparse.Namespace) -> int:
    if getattr(args, "demo", False):
        pause = 0.4 if sys.stdout.isatty() else 0.0
        return _demo(game, use_colour(args.colour, sys.stdout), pause)
    opponent = _opponent_for(game, args.opponent)
    interactive = sys.stdin.isatty()
    session = TerminalPlay(
        game,
        opponent=opponent,
        colour=use_colour(args.colour, sys.stdout),
        read_line=_stdin_reader(interactive),
        out=sys.stdout,
        interactive=interactive,
    )
    return session.run()


def cmd_play(args: argparse.Namespace) -> int:
    options = parse_option_words(args.options)
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be a non-negative whole number, got {args.seed}")
    game = new_game(args.game, seed=args.seed, deck=args.deck, options=options)
    return _play(game, args)


def cmd_load(args: argparse.Namespace) -> int:
    game = load_game(_read_text(args.file, "save file"))
    if args.opponent is None:
        args.opponent = game.meta.get("opponent")
    return _play(game, args)


def cmd_solve(args: argparse.Namespace) -> int:
    budget = parse_budget(args.budget)
    if args.load:
        game = load_game(_read_text(args.load, "save file"))
    else:
        if args.game is None:
            raise UsageError("solve needs a GAME (or --load FILE)")
        if args.seed is None and args.deck is None:
            raise UsageError("solve needs --seed N or --deck '...' (the deal to solve)")
        options = parse_option_words(args.options)
        game = new_game(args.game, seed=args.seed, deck=args.deck, options=options)
    result = solve(game, budget)
    print(f"{game.name} seed {game.seed}: {result}")
    if result.moves is not None:
        print(" ".join(f"[{move}]" for move in result.moves))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    print(rules_text(args.game))
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    for name, summary in games().items():
        print(f"{name:18} {summary}")
    return 0


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
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, got {args.port}")
    db = args.db or default_db()
    _check_port_free(args.host, args.port)
    app = create_app(db)
    shown = db if db.startswith(("postgresql://", "postgres://")) else os.path.abspath(db)
    if shown.startswith(("postgresql://", "postgres://")) and "@" in shown:
        shown = shown.split("://", 1)[0] + "://..." + shown.rsplit("@", 1)[1]
    print(f"parlour: games stored in {shown}", file=sys.stderr)
    print(f"parlour: open http://{args.host}:{args.port} in a browser", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def cmd_tui(args: argparse.Namespace) -> int:
    """Open the full-screen card table (needs the ``tui`` extra, Textual)."""
    name = None if args.game is None else game_class(args.game).name
    options = parse_option_words(args.options)
    if name is None and (options or args.seed is not None):
        raise UsageError("game options and --seed need a GAME: parlour tui GAME ...")
    if name is not None:
        resolve_options(game_class(name).option_specs, options, name)
        if args.opponent is not None and args.opponent not in player_levels(name):
            raise UsageError(
                f"unknown opponent {args.opponent!r} for {name}: the levels are "
                + ", ".join(player_levels(name))
            )
    if args.seed is not None and args.seed < 0:
        raise UsageError(f"--seed must be a non-negative whole number, got {args.seed}")
    try:
        from .tui import ParlourApp
    except ImportError as exc:
        raise UsageError(
            f'the terminal table needs Textual ({exc.name} is missing): pip install "parlour[tui]"'
        ) from None
    app = ParlourApp(
        args.db or default_db(),
        name,
        seed=args.seed,
        options=options,
        opponent=args.opponent,
    )
    app.run()
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parlour", description="Five classic card games in your terminal.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add_play_flags(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--opponent",
            help="two-player games: computer level (random, basic/greedy, strong) or 'human'",
        )
        p.add_argument(
            "--colour",
            "--color",
            choices=["auto", "always", "never"],
            default="auto",
            help="colour the red suits (default: only on a terminal)",
        )

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", help="calculation, gate, eight-by-eight, uno, chinese-patience")
    deal = play.add_mutually_exclusive_group()
    deal.add_argument("--seed", type=int, help="deal number (same seed, same deal)")
    deal.add_argument("--deck", help="explicit deck, cards top first: 'KH JC QH ...'")
    play.add_argument("options", nargs="*", help="game options: classic, bars=3, target=200 ...")
    play.add_argument(
        "--demo", action="store_true", help="let the computer play the deal, move by move"
    )
    add_play_flags(play)
    play.set_defaults(func=cmd_play)

    solve_cmd = sub.add_parser("solve", help="was this deal winnable? (the solver sees every card)")
    solve_cmd.add_argument("game", nargs="?", help="calculation, gate, eight-by-eight")
    solve_deal = solve_cmd.add_mutually_exclusive_group()
    solve_deal.add_argument("--seed", type=int, help="deal number")
    solve_deal.add_argument("--deck", help="explicit deck, top first")
    solve_deal.add_argument("--load", metavar="FILE", help="solve the position of a saved game")
    solve_cmd.add_argument("options", nargs="*", help="game options: classic, bars=3 ...")
    solve_cmd.add_argument(
        "--budget",
        default="10s",
        help="search budget: nodes (200000, 2m) or time (10s); default 10s",
    )
    solve_cmd.set_defaults(func=cmd_solve)

    load = sub.add_parser("load", help="resume a saved game")
    load.add_argument("file")
    add_play_flags(load)
    load.set_defaults(func=cmd_load)

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game")
    rules.set_defaults(func=cmd_rules)

    listing = sub.add_parser("games", help="list the games")
    listing.set_defaults(func=cmd_games)

    serve = sub.add_parser("serve", help="start the web app (http://127.0.0.1:8000)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on")
    serve.add_argument(
        "--db",
        help="SQLite file or postgresql://... URL (default: parlour.db in the user data folder)",
    )
    serve.set_defaults(func=cmd_serve)

    tui = sub.add_parser("tui", help="play at a full-screen card table (needs parlour[tui])")
    tui.add_argument("game", nargs="?", help="start this game (default: choose one)")
    tui.add_argument("--seed", type=int, help="deal number (same seed, same deal)")
    tui.add_argument("options", nargs="*", help="game options: classic, bars=3, target=200 ...")
    tui.add_argument("--opponent", help="two-player games: the computer's level")
    tui.add_argument("--db", help="the games store shared with 'parlour serve' (SQLite file)")
    tui.set_defaults(func=cmd_tui)

    add_simulate_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # Game options may come after flags: 'play gate --seed 7 bars=3'.
            if args.command not in ("play", "solve", "tui", "simulate") or any(
                word.startswith("-") for word in extra
            ):
                raise UsageError(f"unrecognized arguments: {' '.join(extra)}")
            args.options = list(args.options) + extra
        result: int = args.func(args)
        return result
    except ParlourError as exc:
        print(f"parlour: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
