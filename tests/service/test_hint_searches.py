"""One hint search at a time for each game (service.searches.OneSearchPerGame). Was:
the search ran on a copy outside the game's lock with nothing else in its way, so a
client that sent many hint requests for one game at once got as many searches at
once, up to the server's thread pool. Now requests for the same position share one
search, and one for another position of the game waits for the running one to end
before it starts its own. The search is slowed here (held until the test lets it go)
and counted, so the tests are fast and their counts exact."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from parlour.ai.hints import Hint
from parlour.core.session import Game
from parlour.errors import BusyError
from parlour.service import TableService, open_service
from parlour.service import table as table_module
from parlour.service.searches import RETRY_AFTER, WAITING_PER_GAME, OneSearchPerGame
from parlour.service.words import hint_busy_words

ME = "me"


def first_move(game: Game) -> Hint:
    """A hint at once (the real search loads its compiled code first: seconds)."""
    return Hint(game.legal_moves()[0], "the first legal move")


class HeldSearch:
    """``ai_hint`` slowed: each search waits for :attr:`release`, and the searches
    running at once, the most there were and the positions searched are counted."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.positions: list[int] = []

    def __call__(self, game: Game) -> Hint:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.positions.append(len(game.moves))
        try:
            assert self.release.wait(10), "the test did not let the search go"
            return first_move(game)
        finally:
            with self.lock:
                self.running -= 1


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldSearch]:
    search = HeldSearch()
    monkeypatch.setattr(table_module, "ai_hint", search)
    yield search
    search.release.set()  # never leave a thread waiting, whatever failed


def until(condition: Callable[[], bool]) -> None:
    """Wait (at most 10 s) for ``condition``, which another thread makes true."""
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def in_threads(count: int, call: Callable[[], Any]) -> tuple[list[threading.Thread], list[Any]]:
    answers: list[Any] = []
    threads = [threading.Thread(target=lambda: answers.append(call())) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads, answers


def waiting(table: TableService, game_id: str) -> int:
    return table._hint_searches.waiting(game_id)


def test_hints_for_one_position_share_one_search(held: HeldSearch) -> None:
    table = open_service(":memory:")
    game_id = table.start(ME, "calculation", seed=1)["id"]
    threads, answers = in_threads(1 + WAITING_PER_GAME, lambda: table.hint(ME, game_id))
    until(lambda: held.running == 1 and waiting(table, game_id) == WAITING_PER_GAME)
    held.release.set()
    for thread in threads:
        thread.join(10)
    assert held.positions == [0] and held.most == 1
    assert len(answers) == 1 + WAITING_PER_GAME and all(a == answers[0] for a in answers)
    assert answers[0]["move"] and answers[0]["text"].startswith("Hint: ")
    assert waiting(table, game_id) == 0


def test_a_hint_for_another_position_waits_for_the_running_search(held: HeldSearch) -> None:
    """A move made while a hint is worked out is played at once; a hint asked for the
    new position waits for the old search to end, and only then gets its own: never
    two searches for one game at once. Another game's hint is not held up."""
    table = open_service(":memory:")
    answer = table.start(ME, "calculation", seed=1)
    game_id = answer["id"]
    first, old = in_threads(1, lambda: table.hint(ME, game_id))
    until(lambda: held.running == 1)
    table.play(ME, game_id, answer["legal_moves"][0])
    second, new = in_threads(1, lambda: table.hint(ME, game_id))
    until(lambda: waiting(table, game_id) == 1)
    assert held.positions == [0], "a second search started beside the first"
    other = table.start(ME, "calculation", seed=2)["id"]
    third, _ = in_threads(1, lambda: table.hint(ME, other))
    until(lambda: held.running == 2)  # another game's search runs beside it
    held.release.set()
    for thread in first + second + third:
        thread.join(10)
    assert sorted(held.positions) == [0, 0, 1] and held.most == 2
    assert old[0]["move"] in answer["legal_moves"]  # for the position before the move
    assert new[0]["move"] in table.get(ME, game_id)["legal_moves"]


def test_a_search_that_fails_fails_all_who_wait_and_frees_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = open_service(":memory:")
    game_id = table.start(ME, "calculation", seed=1)["id"]
    release = threading.Event()

    def failing(game: Game) -> Hint:
        release.wait(10)
        raise RuntimeError("the search broke")

    monkeypatch.setattr(table_module, "ai_hint", failing)
    failed: list[str] = []

    def ask() -> None:
        try:
            table.hint(ME, game_id)
        except RuntimeError as exc:
            failed.append(str(exc))

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    until(lambda: waiting(table, game_id) == 2)
    release.set()
    for thread in threads:
        thread.join(10)
    assert failed == ["the search broke"] * 3
    monkeypatch.setattr(table_module, "ai_hint", first_move)
    assert table.hint(ME, game_id)["move"]


def test_a_flood_of_hint_requests_is_refused_beyond_the_cap_in_plain_words(
    held: HeldSearch,
) -> None:
    """Each request that waits for a game's search holds a thread of the web server: a
    flood for one game filled its pool. Beyond ``WAITING_PER_GAME`` waiters a request
    is refused at once, a ``BusyError`` saying when to ask again (never a search
    more), and once the search is done the game's hint is answered as usual."""
    table = open_service(":memory:")
    game_id = table.start(ME, "calculation", seed=1)["id"]
    threads, answers = in_threads(1 + WAITING_PER_GAME, lambda: table.hint(ME, game_id))
    until(lambda: held.running == 1 and waiting(table, game_id) == WAITING_PER_GAME)
    with pytest.raises(BusyError) as refused:
        table.hint(ME, game_id)
    assert refused.value.retry_after == RETRY_AFTER
    assert str(refused.value) == (
        f"Too many hints asked for this game at once: ask again in {RETRY_AFTER} seconds."
    )
    assert waiting(table, game_id) == WAITING_PER_GAME  # the refused one never waited
    held.release.set()
    for thread in threads:
        thread.join(10)
    assert len(answers) == 1 + WAITING_PER_GAME and held.positions == [0]
    assert table._hint_searches.waiting_in_all() == 0
    assert table.hint(ME, game_id)["move"]


def test_the_waiters_of_every_game_together_are_capped_too() -> None:
    """The cap in all: waiters for the searches of several games, each under its own
    game's cap, are refused once they reach it (here 3, where the server's is
    ``WAITING_IN_ALL``), with the words for the whole server."""
    searches: OneSearchPerGame[str] = OneSearchPerGame(hint_busy_words, per_game=2, in_all=3)
    release = threading.Event()

    def slow() -> str:
        assert release.wait(10)
        return "found"

    threads: list[threading.Thread] = []
    # a's search and 2 waiting for it, then b's and 1 waiting: 3 wait in all
    for game, waiting_then in (("a", 0), ("a", 1), ("a", 2), ("b", 2), ("b", 3)):
        threads += in_threads(1, lambda game=game: searches.run(game, 0, slow))[0]
        until(lambda: searches.waiting_in_all() == waiting_then)  # noqa: B023
        time.sleep(0.01)  # a search started is running before the next asks
    with pytest.raises(BusyError, match="at once on this server"):
        searches.run("b", 0, slow)
    with pytest.raises(BusyError, match="for this game at once"):
        searches.run("a", 0, slow)
    release.set()
    for thread in threads:
        thread.join(10)
    assert searches.waiting_in_all() == 0 and searches.run("b", 0, lambda: "again") == "again"
