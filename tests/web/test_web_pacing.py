"""How fast the computer's moves are shown: a long turn in a few seconds, skippable.

A web trial against Chinese Patience's Strong waited 17-23 s for one reply: the
computer's 20-odd moves of a turn were shown one at a time at the usual pace (about
0.76 s each), though the server had answered in milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletools import Table

TableAt = Callable[..., Table]

#: The pace of each move of a computer turn of each length (dom.js's stepPace), at the
#: real pace (no ``?fast``), and the most a turn may take to show.
PACES = """async (counts) => {
  const { stepPace, TURN_SHOW_MS } = await import('/static/js/dom.js');
  return { limit: TURN_SHOW_MS, paces: counts.map((n) => stepPace(n)) };
}"""


def test_a_long_computer_turn_is_shown_within_a_few_seconds(table_at: TableAt) -> None:
    """A turn of one or two moves keeps the usual pace (the cards travel 240 ms, each
    move stays 520 ms); a longer one is shown faster the longer it is, never more than
    TURN_SHOW_MS (3 s) in all, its cards still travelling (no move just flashes by)."""
    table = table_at("phone")
    table.page.goto(f"{table.server.url}/#/")
    counts = [1, 2, 3, 4, 5, 13, 19, 37, 200]
    got = table.page.evaluate(PACES, counts)
    limit, paces = got["limit"], dict(zip(counts, got["paces"], strict=True))
    assert limit <= 3000
    assert paces[1] == paces[2] == {"travel": 240, "pause": 520}, paces
    for n, pace in paces.items():
        assert n * (pace["travel"] + pace["pause"]) <= limit, (n, pace)
        assert pace["travel"] > 0 and pace["pause"] >= 0, (n, pace)
    shares = [paces[n]["travel"] + paces[n]["pause"] for n in counts]
    assert shares[2:] == sorted(shares[2:], reverse=True), shares  # longer, faster
    assert shares[2] < shares[1] and paces[37]["travel"] + paces[37]["pause"] >= 60, paces


def test_the_status_says_a_key_skips_the_computers_moves(table_at: TableAt) -> None:
    """While the computer's 13 moves of a turn are shown (Chinese Patience against
    Strong, deal 0, at the real pace), the status says how to skip them, and a key
    does: the rest are drawn at once, and the status is the person's turn again. The
    page's clock stands still once the first move is shown (Playwright's clock), so
    only the key can have brought the turn to its end."""
    table = table_at("laptop")
    url = table.server.url
    started = table.page.request.post(
        f"{url}/api/games",
        data={"game": "chinese-patience", "seed": 0, "opponent": "strong", "options": {}},
    )
    assert started.ok, started.text()
    game_id = started.json()["id"]
    for move in ["twist", "0 9", "twist"]:
        assert table.page.request.post(f"{url}/api/games/{game_id}/moves", data={"move": move}).ok
    table.page.clock.install()
    table.page.goto(f"{url}/#/game/{game_id}")  # no ?fast: the real pace
    table.settle()
    table.page.keyboard.press("z")  # End turn: the computer's 13 moves follow
    cue = "document.querySelector('#status').textContent.includes('press a key to skip ahead')"
    for _ in range(100):  # the clock goes on just until the first move is shown
        if table.page.evaluate(cue):
            break
        table.page.clock.run_for(20)
    assert table.page.evaluate(f"{cue} && window.Parlour.game.busy"), table.answer["status"]
    table.page.clock.pause_at(10**12)  # the clock stands still from here
    table.page.keyboard.press("Escape")
    table.settle()
    answer = table.answer
    assert len(answer["computer_moves"]) == 13 and answer["your_turn"], answer["status"]
    status = table.page.locator("#status").inner_text()
    assert "skip ahead" not in status and answer["status"] in status, status
