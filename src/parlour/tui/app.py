"""The Textual app behind ``parlour tui``: the chooser, then a table per game."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App

from ..ai.warming import compiled, warm
from ..core.registry import game_class
from ..errors import ParlourError
from .backend import Backend
from .chooser import DEAL_LABELS, ChooserScreen
from .ending import end_choices, end_text
from .screen import PREPARING, TableScreen

__all__ = ["PAUSE", "PREPARING", "ParlourApp"]

#: Seconds between the computer's moves, so a person can follow them.
PAUSE = 0.4
T = TypeVar("T")


class ParlourApp(App[None]):
    """Games at a terminal card table, saved in the store the web app uses."""

    TITLE = "parlour"

    def __init__(
        self,
        db: str,
        game: str | None = None,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        opponent: str | None = None,
        resume: str | None = None,
        deal: str = "random",
        pause: float = PAUSE,
        warm_players: bool = True,
    ) -> None:
        super().__init__()
        self.backend = Backend(db)
        self.pause = pause
        self._first = (game, seed, dict(options or {}), opponent, resume, deal)
        self._warm_players = warm_players
        #: Whether the computer players' compiled code is still loading.
        self.preparing = False

    def on_mount(self) -> None:
        if self._warm_players and compiled():
            self._warm()
        self.push_screen(ChooserScreen())
        game, seed, options, opponent, resume, deal = self._first
        if resume is not None:
            self.resume_game(resume)
        elif game is not None:
            self.start_game(game, options, opponent, seed, deal)

    def on_unmount(self) -> None:
        self.backend.close()

    # --- work that takes time -----------------------------------------------------

    def _warm(self) -> None:
        """Load (the first time after an install: compile) the computer players' code
        in a thread of its own as the app starts, so that no hint or computer move
        freezes the screen for it; the status lines say so while it works. A daemon
        thread: quitting meanwhile does not wait for it."""
        self.preparing = True

        def run() -> None:
            try:
                warm()
            finally:
                with contextlib.suppress(RuntimeError):  # the app has already closed
                    self.call_from_thread(self._warmed)

        threading.Thread(target=run, name="parlour-warm-players", daemon=True).start()

    def _warmed(self) -> None:
        self.preparing = False
        for screen in self.screen_stack:
            if isinstance(screen, ChooserScreen):
                screen.show_note()
            elif isinstance(screen, TableScreen) and screen.is_mounted:
                screen.show_status()

    def in_background(
        self,
        job: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[str], None],
    ) -> None:
        """Run a call to the table service (which may run a computer player or the
        solver) in a worker thread, so the screen keeps drawing and reading keys; its
        answer goes to ``done``, the service's refusal to ``failed``, on the app's
        thread."""

        def work() -> None:
            try:
                result = job()
            except ParlourError as exc:
                # the table's one sentence (the web app's), not the rules' whole message:
                # a key picks the move here, so its notation and legal moves mean nothing
                self.call_from_thread(failed, exc.brief or str(exc))
                return
            self.call_from_thread(done, result)

        self.run_worker(work, thread=True, group="service")

    # --- games --------------------------------------------------------------------

    def _open(self, answer: dict[str, Any]) -> TableScreen:
        while isinstance(self.screen, TableScreen):
            self.pop_screen()
        table = TableScreen(answer)
        self.push_screen(table)
        return table

    def start_game(
        self,
        game: str,
        options: dict[str, Any],
        opponent: str | None = None,
        seed: int | None = None,
        deal: str = "random",
    ) -> None:
        """Open a new game's table when the service has dealt it (in a worker thread:
        the solver may choose the deal, the computer may move first)."""
        if game_class(game).players == 1:
            opponent = None
        self._start(
            lambda: self.backend.start(game, seed, options, opponent, deal=deal),
            deal,
            game_class(game).title,
        )

    def _start(self, make: Callable[[], dict[str, Any]], deal: str, title: str = "") -> None:
        """Open the table of the game ``make`` starts, once it is ready; a deal the
        solver chooses (``winnable``, ``daily``) may take seconds, and says so."""
        if deal != "random":
            self.notify(f"{DEAL_LABELS.get(deal, deal)}: the solver is choosing it …")
        for screen in self.screen_stack:
            if isinstance(screen, ChooserScreen):
                screen.show_note(f"opening {title} …" if title else "opening the table …")

        def failed(message: str) -> None:
            self._opened()
            self.notify(message, severity="error")

        def done(answer: dict[str, Any]) -> None:
            self._opened()
            self._open(answer)

        self.in_background(make, done, failed)

    def _opened(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, ChooserScreen):
                screen.show_note("")

    def resume_game(self, game_id: str) -> TableScreen | None:
        try:
            answer = self.backend.get(game_id)
        except ParlourError as exc:
            self.notify(str(exc), severity="error")
            return None
        return self._open(answer)

    def start_like(self, table: TableScreen) -> None:
        """``n``: a new game of the same game, options, opponent and kind of deal (the
        deal of the day again after the deal of the day); the old one stays saved."""
        answer = table.answer
        game_id = str(answer["id"])
        self._start(
            lambda: self.backend.again(game_id),
            str(answer.get("deal") or "random"),
            str(answer.get("title") or ""),
        )

    def quit_saved(self) -> None:
        if self.backend.store.keeps:
            self.exit(message="parlour: your games are saved; 'parlour tui' resumes them.")
        else:
            self.exit(message="parlour: with --db :memory: nothing was kept.")

    # --- the end of a game ------------------------------------------------------------

    def game_ended(self, table: TableScreen) -> None:
        """The panel at the end of a game: the service's words, the facts, the next steps."""
        if table.answer.get("end") is None:
            return
        verdict = table.verdict
        table.show_end(end_text(table.answer, verdict), end_choices(table.answer, verdict))

    def end_choice(self, table: TableScreen, choice: str) -> None:
        """What the person picked on the end panel (see :func:`end_choices`)."""
        answer = table.answer
        end = answer.get("end") or {}
        if choice == "q":
            self.quit_saved()
        elif choice == "u":
            table.undo()
        elif choice == "x":
            table.give_up()
        elif choice == "n" and "series" in end.get("next", []):
            game_id = str(answer["id"])
            self._start(lambda: self.backend.next_game(game_id), "random")
        elif choice in ("n", "s"):
            self.start_like(table)
        elif choice == "d" and end.get("deal") is not None:
            game_id = str(answer["id"])
            self._start(
                lambda: self.backend.again(game_id, same_deal=True), "random"
            )  # "random": no solver to wait for, the deal is known
        elif choice == "v":
            table.ask_verdict()
        elif choice == "w":
            table.watch_line()
        elif choice == "o":
            while isinstance(self.screen, TableScreen):
                self.pop_screen()
