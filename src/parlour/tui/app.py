"""The Textual app behind ``parlour tui``: the chooser, then a table per game."""

from __future__ import annotations

from typing import Any

from textual.app import App

from ..core.registry import game_class
from ..errors import ParlourError
from .backend import Backend
from .chooser import ChooserScreen
from .screen import TableScreen

__all__ = ["ParlourApp", "PAUSE"]

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
        meta: dict[str, Any] | None = None,
    ) -> TableScreen | None:
        try:
            if game_class(game).players == 1:
                opponent = None
            answer = self.backend.start(game, seed, options, opponent)
            for key, value in (meta or {}).items():
                self.backend.set_meta(answer["id"], key, value)
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
        """``n``: a new game of the same game, options and opponent (the old one stays saved)."""
        answer = table.answer
        options = {k: v for k, v in answer["options"].items() if k != "first"}
        self.start_game(answer["game"], options, answer.get("opponent"))

    def quit_saved(self) -> None:
        self.exit(message="parlour: your games are saved; 'parlour tui' resumes them.")

    # --- the end of a game ------------------------------------------------------------

    def game_ended(self, table: TableScreen) -> None:
        """The message at the end of a game, with series totals for Chinese Patience."""
        answer = table.answer
        text = table.outcome_text(answer)
        choices = {"n": "new game", "q": "quit"}
        view = answer["view"]
        if answer["game"] == "uno":
            scores = view.get("scores", [0, 0])
            text += f"\nMatch: you {scores[0]}, computer {scores[1]} (target {view.get('target')})."
        if answer["game"] == "chinese-patience":
            series = self.series_after(answer)
            text += (
                f"\nSeries after {series['games']} game(s): you {series['totals'][0]}, "
                f"computer {series['totals'][1]}."
            )
            choices = {"n": "next game of the series", "s": "single new game", "q": "quit"}
        table.show_end(text, choices)

    def series_after(self, answer: dict[str, Any]) -> dict[str, Any]:
        """Add a finished Chinese Patience game to its series totals (once)."""
        meta = self.backend.meta(answer["id"])
        series = dict(meta.get("series") or {"totals": [0, 0], "games": 0, "counted": False})
        if not series.get("counted"):
            outcome = answer.get("outcome") or {}
            winner, score = outcome.get("winner"), outcome.get("score")
            totals = list(series["totals"])
            if winner in (0, 1) and score:
                totals[winner] += int(score)
            series = {"totals": totals, "games": int(series["games"]) + 1, "counted": True}
            self.backend.set_meta(answer["id"], "series", series)
        return series

    def end_choice(self, table: TableScreen, choice: str) -> None:
        answer = table.answer
        if choice == "q":
            self.quit_saved()
        elif choice == "n" and answer["game"] == "chinese-patience":
            series = self.series_after(answer)
            first = 1 - int(answer["view"].get("first", 0))
            self.start_game(
                answer["game"],
                {"first": first},
                answer.get("opponent"),
                meta={"series": {**series, "counted": False}},
            )
        elif choice in ("n", "s"):
            self.start_like(table)
