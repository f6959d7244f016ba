"""Helpers for the browser tests of the card table (imported by conftest and tests)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: The four screens the table must fit: phone upright and on its side, laptop, desktop.
VIEWPORTS = {
    "phone": (390, 844),
    "phone-landscape": (844, 390),
    "laptop": (1280, 800),
    "desktop": (1920, 1080),
}
#: Two people at one table: whether the cover handing the screen over hides the log and
#: the status line, and the page under it holds no card, no log entry and no move to
#: complete a typed one from (nothing of a hand shows through, nor is left to inspect).
COVERED = """() => !document.querySelector('#scene .card, #log li, #legal-list option')
  && [...document.querySelectorAll('#log, #status')].every((el) => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top !== null && top.closest('#handover') !== null;
})"""

GAMES = ["calculation", "gate", "eight-by-eight", "chinese-patience", "uno"]


class Table:
    """A page at the card table, with the moves a person makes (clicks, keys)."""

    VIEWPORTS = VIEWPORTS

    def __init__(self, page: Any, server: Any) -> None:
        self.page = page
        self.server = server

    def open(self, path: str = "#/") -> None:
        self.page.goto(f"{self.server.url}/?fast{path}")

    def start(
        self,
        game: str,
        seed: int | None,
        opponent: str = "random",
        deal: str = "random",
        take: bool = True,
        **options: Any,
    ) -> str:
        """Start a game through the API (as the front page would) and open its table;
        ``seed=None`` with a ``deal`` of ``winnable`` or ``daily`` lets the table choose.
        Two people at one table: the screen is covered first; with ``take`` the one to
        move takes it (shows their cards)."""
        body: dict[str, Any] = {"game": game, "options": options, "deal": deal}
        if seed is not None:
            body["seed"] = seed
        if game in ("uno", "chinese-patience"):
            body["opponent"] = opponent
        # The page's own cookies (the context's request shares them), without
        # loading the front page first.
        started = self.page.request.post(f"{self.server.url}/api/games", data=body)
        assert started.ok, started.text()
        game_id: str = started.json()["id"]
        self.open(f"#/game/{game_id}")
        self.page.wait_for_function(
            "(id) => window.Parlour && window.Parlour.game.answer"
            " && window.Parlour.game.answer.id === id",
            arg=game_id,
        )
        self.page.wait_for_selector("#scene .card, #scene .slot, #handover")
        self.settle()
        if opponent == "human" and take:
            self.take_over()
        return game_id

    def take_over(self) -> None:
        """Two people at one table, the screen covered: the one to move shows their
        cards, and the table is drawn from their seat."""
        self.page.locator("#handover #take-over").click()
        self.page.wait_for_function(
            "() => { const a = window.Parlour.game.answer;"
            " return a && !a.hand_over && a.seat === a.to_move && !window.Parlour.game.busy; }"
        )
        self.settle()

    def play_by_api(self, game_id: str, moves: list[str]) -> None:
        """Play ``moves`` through the API (as another device would), then reload the
        table and wait until it shows them all."""
        for move in moves:
            played = self.page.request.post(
                f"{self.server.url}/api/games/{game_id}/moves", data={"move": move}
            )
            assert played.ok, (move, played.text())
        self.page.reload()
        self.page.wait_for_function(
            "(n) => window.Parlour && window.Parlour.game.answer"
            " && window.Parlour.game.answer.moves_played === n",
            arg=len(moves),
        )
        self.settle()
        if self.answer.get("hand_over"):  # two people at one table: the screen is passed
            self.take_over()

    def settle(self) -> None:
        """Wait until the table is still: the answer drawn, or a hand of a match over
        and its panel waiting for "Next hand" (see :meth:`next_hand`)."""
        self.page.wait_for_function(
            "window.Parlour && window.Parlour.game.answer"
            " && (!window.Parlour.game.busy || !!window.Parlour.game.between)"
            " && document.getAnimations().filter(a => a.playState === 'running').length === 0"
        )

    def next_hand(self, key: str | None = None) -> None:
        """Between two hands of a match: "Next hand" (clicked, or ``key`` pressed)."""
        self.page.wait_for_selector("#handpanel #next-hand")
        if key:
            self.page.keyboard.press(key)
        else:
            self.page.locator("#next-hand").click()
        self.settle()

    @property
    def answer(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.page.evaluate("window.Parlour.game.answer")
        return answer

    def moves(self) -> list[dict[str, Any]]:
        moves: list[dict[str, Any]] = self.page.evaluate("window.Parlour.game.moves")
        return moves

    def played(self) -> int:
        return int(self.page.evaluate("window.Parlour.game.answer.moves_played"))

    def give_up(self) -> None:
        """Resign from the toolbar, and say yes: the question's button says what the
        service's ``give_up`` words say ("Resign")."""
        label = self.answer["give_up"]["label"]
        self.page.locator("#resign").click()
        self.page.locator("dialog#confirm #confirm-yes", has_text=label).click()

    def after(self, action: Callable[[], Any]) -> None:
        """Do ``action`` and wait for the server's answer to be on the table."""
        pattern = re.compile(r"/api/games/[^/]+/(moves|undo|redo|resign)")
        with self.page.expect_response(pattern):
            action()
        self.settle()

    def card(self, source: str, count: int = 1) -> Any:
        selector = f'#scene .card[data-source="{source}"][data-count="{count}"]'
        return self.page.locator(selector).first

    @staticmethod
    def corner(card: Any) -> dict[str, float]:
        """A point on a card's top-left corner: the part a fan leaves in view."""
        for _ in range(20):  # the table may be drawn again (a resize) in between
            card.wait_for(state="visible")
            box = card.bounding_box()
            if box is not None:
                return {"x": box["width"] * 0.15, "y": box["height"] * 0.1}
        raise AssertionError("the card never stayed on the table")

    def pile(self, pile_id: str) -> Any:
        return self.page.locator(f'#scene .pile[data-pile="{pile_id}"]')

    def click_move(self, move: dict[str, Any]) -> None:
        """Play a structured move as a person would: the card, then the lit place."""
        if move.get("source") is None:
            word = move["word"]
            if move.get("colour"):  # the colour of a Wild turned up: one button each
                word = f'{word}"][data-colour="{move["colour"]}'
            on_table = self.page.locator(f'#scene [data-word="{word}"]')
            if on_table.count():
                self.after(lambda: on_table.first.click())
            else:
                self.after(lambda: self.page.locator(f'#controls [data-word="{word}"]').click())
            return
        card = self.card(move["source"], move.get("count") or 1)
        card.click(position=self.corner(card))
        if self.page.evaluate("!!(window.Parlour.game.selected)"):
            target = f'#scene .pile.lit[data-target="{move["target"]}"]'
            spot = self.page.locator(target).first.locator(".card, .slot").last
            self.after(lambda: spot.click(position=self.corner(spot)))
        else:  # a card with one place to go went there at once
            self.settle()
