"""The counts after the status line once a patience is over, in headless Chromium
(a won Gate's last cards going home by themselves, its Kings hopping before the end
panel covers them; a resigned one's table a moment in view before it).

While a game is played they count what is left to play (The Gate's stock, 8 x 8's
talon and pass); once it is over those say nothing (The Gate said "52 of 52 cards
home; 0 in the stock." after a win), so every patience counts only its cards on the
foundations (the service's words, as its end panel says them), as Calculation always
has. An empty pile shows no "0" badge either; and the end panel's facts and the
typed-move box's reasons read whole on a laptop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletools import Table

import parlour
from parlour.ai.solver import solve

TableAt = Callable[..., Table]
#: Keep the cheer's animations (the won table's foundations: keyframes with a glow),
#: and how they stood when the end panel came.
CHEERS = """() => {
  const animate = Element.prototype.animate;
  const cheers = [];
  Element.prototype.animate = function (frames, timing) {
    const started = animate.call(this, frames, timing);
    if (Array.isArray(frames) && frames.some((f) => f.boxShadow)) cheers.push(started);
    return started;
  };
  new MutationObserver((_, watch) => {
    if (!document.querySelector('#endpanel')) return;
    window.__cheered = cheers.map((a) => a.playState);
    watch.disconnect();
  }).observe(document.body, { childList: true, subtree: true });
}"""


#: How long after the table was last drawn the end panel came (ms), from here on.
QUIET = """() => {
  window.__panelAfter = null;
  let drawn = null;
  new MutationObserver((records, watch) => {
    if (records.some((r) => r.target.id === 'scene')) drawn = performance.now();
    if (!document.querySelector('#endpanel')) return;
    window.__panelAfter = drawn === null ? null : performance.now() - drawn;
    watch.disconnect();
  }).observe(document.body, { childList: true, subtree: true });
}"""


def counts_line(table: Table) -> str:
    return table.page.inner_text("#status .counts").strip()


def test_the_gate_after_a_win_counts_only_its_cards_on_the_foundations(table_at: TableAt) -> None:
    table = table_at("laptop")
    found = solve(parlour.new_game("gate", seed=2))
    assert found.status == "solved" and found.moves
    game_id = table.start("gate", 2)
    assert counts_line(table) == "0 of 52 cards on the foundations; 34 in the stock."
    # the last cards go home by themselves after the person's move that leaves nothing
    # to choose (the service's finish): the one before it is clicked, not the 35 after
    game = parlour.new_game("gate", seed=2)
    at = 0
    while not game.state.finishing_line():
        game.play(found.moves[at])
        at += 1
    at -= 1  # the move that leaves nothing to choose
    table.play_by_api(game_id, list(found.moves[:at]))
    assert table.answer["finish"] == []
    table.page.evaluate(CHEERS)
    table.click_move(next(m for m in table.moves() if m["move"] == found.moves[at]))
    table.page.wait_for_selector("#endpanel")
    table.settle()
    assert table.answer["result"] == "won"
    assert table.played() == len(found.moves) > at + 30
    log = table.page.locator("#log li").all_inner_texts()
    assert log[-1].startswith("You play K") and log[-1].endswith("the game is won.")
    # the four Kings hopped, one after another, before the end panel covered them
    assert table.page.evaluate("window.__cheered") == ["finished"] * 4
    assert counts_line(table) == "52 of 52 cards on the foundations."
    # the used-up stock looks empty: its outline, no "0" badge (it had one)
    stock = table.page.locator('#scene .pile[data-count="0"]')
    assert stock.count() >= 1
    assert table.page.locator("#scene .pile .count").all_inner_texts().count("0") == 0
    # the end panel's facts read on one line each on a laptop (the streak wrapped)
    lines = table.page.evaluate(
        """() => [...document.querySelectorAll('#endpanel .facts dd')].map((dd) => {
            const words = document.createRange();
            words.selectNodeContents(dd);
            const tops = [...words.getClientRects()].map((r) => Math.round(r.top));
            return [dd.textContent, new Set(tops).size];
        })"""
    )
    assert lines and all(n == 1 for _, n in lines), lines
    # the typed-move box's reasons for being off read whole in it ("Line on show" was cut)
    room, widths = table.page.evaluate(
        """() => {
            const box = document.querySelector('#typed-move');
            const style = getComputedStyle(box, '::placeholder');
            const pen = document.createElement('canvas').getContext('2d');
            pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const own = getComputedStyle(box);
            const pads = parseFloat(own.paddingLeft) + parseFloat(own.paddingRight);
            const room = box.clientWidth - pads;
            const reasons = ['Game over', 'Line on show', 'Not your turn', 'Between hands'];
            return [room, reasons.map((r) => pen.measureText(r).width)];
        }"""
    )
    assert table.page.locator("#typed-move").get_attribute("placeholder") == "Game over"
    assert max(widths) <= room, (room, widths)
    opened_at_the_finish(table, list(found.moves), at)


def test_every_patience_resigned_counts_only_its_cards_on_the_foundations(
    table_at: TableAt,
) -> None:
    table = table_at("laptop")
    for game, total in (("gate", 52), ("eight-by-eight", 104), ("calculation", 52)):
        table.start(game, 7)
        playing = counts_line(table)  # Calculation deals its four foundations' first cards
        on = 4 if game == "calculation" else 0
        assert playing.startswith(f"{on} of {total} cards on the foundations"), playing
        table.page.evaluate(QUIET)
        table.give_up()
        table.page.wait_for_selector("#endpanel")
        table.settle()
        home = table.answer["end"]["progress"]["value"]
        assert counts_line(table) == f"{home} of {total} cards on the foundations.", game
        # the finished table had its moment before the panel came over it (the panel
        # came with it, in the same drawing: the table as it was left was never seen)
        later = table.page.evaluate("window.__panelAfter")
        assert later is not None and later >= 10, (game, later)


def gate_2_by_api(table: Table, moves: list[str]) -> str:
    """The Gate's deal 2 started and ``moves`` played through the API (as another
    device, or a save loaded there), its table not opened."""
    url = table.server.url
    started = table.page.request.post(f"{url}/api/games", data={"game": "gate", "seed": 2})
    assert started.ok, started.text()
    game_id: str = started.json()["id"]
    for move in moves:
        played = table.page.request.post(f"{url}/api/games/{game_id}/moves", data={"move": move})
        assert played.ok, (move, played.text())
    return game_id


def opened_at_the_finish(table: Table, moves: list[str], at: int) -> None:
    """A table opened where the finish is offered (closed while its cards went home,
    a save loaded there) sends them home as it opens, where it waited for a move. A
    card whose request the server never answers (held here) does not hold the table
    for ever: it takes the game back as the server has it, says why, and is the
    person's again, a card they move home sending the rest."""
    page = table.page
    game_id = gate_2_by_api(table, moves[: at + 1])
    asked: list[Any] = []

    def second_held(route: Any) -> None:
        asked.append(route)
        if len(asked) != 2:  # the first card home answered, the second never
            route.continue_()

    page.route("**/moves", second_held)
    table.open(f"#/game/{game_id}")
    page.wait_for_selector("#message.error.shown")
    assert "did not answer" in page.inner_text("#message")
    page.unroute("**/moves", second_held)
    table.settle()
    assert not page.evaluate("window.Parlour.game.busy")
    assert table.played() == at + 2 and table.answer["finish"], "the server's game, drawn"
    home = next(m for m in table.moves() if m["move"] == table.answer["finish"][0])
    table.click_move(home)
    page.wait_for_selector("#endpanel")
    table.settle()
    assert table.answer["result"] == "won" and table.played() == len(moves)
