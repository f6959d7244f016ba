"""The Textual app behind ``parlour tui``: the chooser, then a table per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from ..core.registry import game_class
from ..errors import ParlourError
from .backend import Backend
from .chooser import DEAL_LABELS, ChooserScreen
from .ending import end_choices, end_text
from .screen import TableScreen

__all__ = ["PAUSE", "ParlourApp"]

#: Seconds between the computer's moves, so a person can follow them.
PAUSE = 0.4


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
        pause: float = PAUSE,
    ) -> None:
        super().__init__()
        self.backend = Backend(db)
        self.pause = pause
        self._first = (game, seed, dict(options or {}), opponent, resume)

    def on_mount(self) -> None:
        self.push_screen(ChooserScreen())
        game, seed, options, opponent, resume = self._first
        if resume is not None:
            self.resume_game(resume)
        elif game is not None:
            self.start_game(game, options, opponent, seed)

    def on_unmount(self) -> None:
        self.backend.close()

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
    ) -> TableScreen | None:
        """Open a new game's table; a deal the solver picks (``winnable``, ``daily``) is
        found in a worker thread, and its table opens when it is ready."""
        if game_class(game).players == 1:
            opponent = None
        return self._start(
            lambda: self.backend.start(game, seed, options, opponent, deal=deal), deal
        )

    def _start(self, make: Callable[[], dict[str, Any]], deal: str) -> TableScreen | None:
        """Open the table of the game ``make`` starts (in a worker thread when the
        solver chooses the deal, which may take seconds)."""
        if deal != "random":
            self.notify(f"{DEAL_LABELS.get(deal, deal)}: the solver is choosing it …")

            def work() -> None:
                try:
                    answer = make()
                except ParlourError as exc:
                    self.call_from_thread(self.notify, str(exc), severity="error")
                    return
                self.call_from_thread(self._open, answer)

            self.run_worker(work, thread=True, group="deal", exclusive=True)
            return None
        try:
            answer = make()
        except ParlourError as exc:
            self.notify(str(exc), severity="error")
            return None
        return self._open(answer)

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
        self._start(lambda: self.backend.again(game_id), str(answer.get("deal") or "random"))

    def quit_saved(self) -> None:
        self.exit(message="parlour: your games are saved; 'parlour tui' resumes them.")

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
            try:
                fresh = self.backend.next_game(answer["id"])
            except ParlourError as exc:
                table.tell(str(exc), error=True)
                return
            self._open(fresh)
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
