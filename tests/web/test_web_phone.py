"""Small screens in headless Chromium: words that stay readable.

The statistics page on a phone draws its charts for the phone's width (a chart
drawn 640 wide and shrunk to fit showed 5 px words), and its table of figures,
wider than the screen, fades at the right edge until scrolled to its end. The
labels of the piles are at least 11 px, and a long one shrinks to its room
rather than run into the next.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from tabletools import GAMES, Table
from test_web_table import check_geometry

TableAt = Callable[..., Table]
#: The rendered height of every word in the statistics' charts, in pixels.
CHART_WORDS = (
    "[...document.querySelectorAll('.chart text')].map((t) => t.getBoundingClientRect().height)"
)


def finish(
    table: Table, game: str, seed: int | None, deal: str = "random", opponent: str = "random"
) -> None:
    """A game started and given up at once (at one table, by the one to move)."""
    body: dict[str, object] = {"game": game, "options": {}, "deal": deal}
    if seed is not None:
        body["seed"] = seed
    if game in ("chinese-patience", "uno"):
        body["opponent"] = opponent
    if opponent == "human":
        body["options"] = {"first": 0}
    started = table.page.request.post(f"{table.server.url}/api/games", data=body)
    assert started.ok, started.text()
    resigned = table.page.request.post(
        f"{table.server.url}/api/games/{started.json()['id']}/resign"
    )
    assert resigned.ok, resigned.text()


#: Each results chart (its bars have titles): whether it draws the win rate's line,
#: and the words under its marks.
RESULTS_CHARTS = """() => [...document.querySelectorAll('svg.chart')]
  .filter((c) => c.querySelector('rect title'))
  .map((c) => ({line: !!c.querySelector('polyline'),
                words: [...c.querySelectorAll('text')].map((t) => t.textContent)
                  .filter((t) => /oldest|latest|line/.test(t))}))"""


def test_statistics_on_a_phone(table_at: TableAt) -> None:
    table = table_at("phone")
    # nothing finished yet: the page says so and invites a game, without "0 finished,
    # 0 won." over a table of noughts
    table.open("#/stats")
    table.page.wait_for_selector(".stats-page")
    empty = table.page.inner_text(".stats-page")
    assert "No finished games yet" in empty and "0 finished" not in empty, empty
    assert table.page.locator("table.stats").count() == 0
    table.open("#/")
    for seed, game in enumerate(["calculation", "gate", "chinese-patience"]):
        finish(table, game, seed)
    table.open("#/stats")
    page = table.page
    page.wait_for_selector(".chart")
    # one game each: a results chart of one mark names no line of the win rate (its
    # key said "line: win rate" over no line) and no oldest or latest
    results = page.evaluate(RESULTS_CHARTS)
    assert len(results) == 3 and all(r == {"line": False, "words": []} for r in results), results
    heights = page.evaluate(CHART_WORDS)
    assert heights and min(heights) >= 10, f"chart words {min(heights):.1f} px high"
    figures = page.locator(".scroll-x")
    assert page.evaluate("(el) => el.scrollWidth > el.clientWidth", figures.element_handle())
    assert "more-right" in (figures.get_attribute("class") or "")
    figures.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function("!document.querySelector('.scroll-x').classList.contains('more-right')")
    # at a desktop's width nothing is hidden, so nothing fades
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("!document.querySelector('.scroll-x').classList.contains('more-right')")


#: Whether every statistics chart is drawn at the width it is shown at (its words
#: at their own size), once the page has settled after a change of size.
CHARTS_AT_THEIR_WIDTH = """() => {
  const charts = [...document.querySelectorAll('.chart')];
  return charts.length > 0 && charts.every((c) => {
    const drawn = c.viewBox.baseVal.width, shown = c.getBoundingClientRect().width;
    return shown > 0 && Math.abs(shown / drawn - 1) < 0.02;
  });
}"""


def test_statistics_charts_are_drawn_again_when_the_window_changes_size(
    table_at: TableAt,
) -> None:
    """The charts were drawn once, at the width the page had when it loaded: on a
    wide screen a chart loaded at a phone's width was scaled up to twice its size
    (words 26 px high), and one loaded wide shrank on a phone turned upright. They
    are drawn again at their new width once a resize or a turn settles."""
    table = table_at("phone")
    table.open("#/")
    for seed, game in enumerate(["calculation", "gate"]):
        finish(table, game, seed)
    page = table.page
    table.open("#/stats")
    page.wait_for_selector(".chart")
    page.wait_for_function(CHARTS_AT_THEIR_WIDTH)
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    for viewport in ("laptop", "phone", "phone-landscape", "laptop"):
        width, height = table.VIEWPORTS[viewport]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(CHARTS_AT_THEIR_WIDTH, timeout=5000)
        heights = page.evaluate(CHART_WORDS)
        assert min(heights) >= 10 and max(heights) <= 20, f"at {viewport}: {heights}"
        if shots:
            page.screenshot(path=f"{shots}/stats-resized-{viewport}.png", full_page=True)


def test_the_deal_of_the_days_line_is_named_on_the_statistics_page(table_at: TableAt) -> None:
    """A game's deals of the day have a line of their own (``"deal": "daily"``): the
    page names it, under its game's, in the win-rate chart, its box and the table of
    figures, at a phone's size and a desktop's (two lines called "Calculation" were
    shown), and its results chart shows the deals of the day alone. A game two people
    played at one table is not the person's: it has a line of its own, by who won."""
    table = table_at("phone")
    table.open("#/")
    finish(table, "calculation", 3)
    finish(table, "calculation", 4)
    finish(table, "calculation", None, deal="daily")
    # a game two people played at one table (Player 1 gave up): not "yours" (it was
    # counted as your loss), but a line of its own
    finish(table, "uno", 3, opponent="human")
    page = table.page
    for viewport in ("phone", "desktop"):
        width, height = table.VIEWPORTS[viewport]
        page.set_viewport_size({"width": width, "height": height})
        table.open("#/stats")
        # the daily line's own chart: ".chart" alone matched a chart drawn before the
        # page had every line (a failure under load in a clean-clone CI run)
        page.wait_for_selector('[aria-labelledby="t-calculation-daily"] svg')
        shown = page.evaluate(
            """() => ({
                 boxes: [...document.querySelectorAll('.chart-box h2')].map((e) => e.textContent),
                 rows: [...document.querySelectorAll('table.stats tbody th')]
                   .map((e) => e.textContent),
                 bars: [...document.querySelectorAll('[aria-labelledby="rate-title"] text')]
                   .map((e) => e.textContent),
                 ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
                 daily: document.querySelector('[aria-labelledby="t-calculation-daily"] svg')
                   .getAttribute('aria-label'),
               })"""
        )
        daily = "Calculation — deal of the day"
        assert shown["boxes"] == ["Win rate", "Calculation", daily], shown
        assert shown["rows"] == ["Calculation", daily, "All games"], shown
        assert shown["bars"][:4] == ["Calculation", "0%", "Calculation", "deal of the day"]
        assert len(set(shown["ids"])) == len(shown["ids"]), shown["ids"]
        assert shown["daily"].startswith(f"{daily}, the last 1 game,"), shown["daily"]
        # the service's words (stats.one_table), under their heading: the lines do not
        # say it again (they each began "At one table," under "At one table")
        apart = page.locator(".one-table li").all_inner_texts()
        assert apart == ["UNO: Player 1 won 0, Player 2 won 1."], apart
        assert page.inner_text("#one-table-title") == "Two people at one table"
        # two games of Calculation: the line is drawn, and named
        results = page.evaluate(RESULTS_CHARTS)
        assert results[0]["line"] and results[0]["words"][0] == "oldest", results
        # every word of the chart inside the page (a long name ran off its left edge)
        outside = page.evaluate(
            """() => [...document.querySelectorAll('.chart text')].filter((t) => {
                 const r = t.getBoundingClientRect();
                 return r.left < 0 || r.right > document.documentElement.clientWidth;
               }).map((t) => t.textContent)"""
        )
        assert not outside, f"at {viewport}: {outside}"
        shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
        if shots:
            page.screenshot(path=f"{shots}/stats-daily-{viewport}.png", full_page=True)


#: The pile labels on the table: their words, type size and box.
LABELS = """() => [...document.querySelectorAll('#scene .tag')].map((t) => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize),
          left: r.left, right: r.right, top: r.top, bottom: r.bottom};
})"""


def test_pile_labels_on_a_phone(table_at: TableAt) -> None:
    table = table_at("phone")
    for game, viewport in [("eight-by-eight", "phone"), ("chinese-patience", "phone-landscape")]:
        width, height = table.VIEWPORTS[viewport]
        table.page.set_viewport_size({"width": width, "height": height})
        table.start(game, seed=11)
        labels = table.page.evaluate(LABELS)
        if game == "chinese-patience":  # the discard piles say whose they are
            texts = {t["text"] for t in labels}
            assert any(t.startswith("your discard pile (") for t in texts), texts
            assert any(t.startswith("the computer's discard pile (") for t in texts), texts
        squeezed = [t for t in labels if t["size"] < 11]
        assert all(len(t["text"]) > 6 for t in squeezed), f"{game}: small labels {squeezed}"
        for a in labels:
            for b in labels:
                apart = (
                    a is b
                    or a["right"] <= b["left"] + 0.5
                    or b["right"] <= a["left"] + 0.5
                    or a["bottom"] <= b["top"] + 0.5
                    or b["bottom"] <= a["top"] + 0.5
                )
                assert apart, f"{game} at {viewport}: {a['text']!r} runs into {b['text']!r}"


def test_chinese_patiences_labels_read_apart_at_360_pixels(table_at: TableAt) -> None:
    """At 360x740 (and on its side) each hand's label and the discard pile's beside it
    are in full-size type with a gap between: "the computer" (squeezed to 10 px) ran into
    "the computer's discard pile (1)", 5 px apart, read as one label, and at two
    people's one table "Player 2's hand" was squeezed to 9 px."""
    table = table_at("phone")
    page = table.page
    for opponent, (width, height) in [("random", (360, 740)), ("human", (360, 740))] + [
        ("human", table.VIEWPORTS["phone-landscape"])
    ]:
        page.set_viewport_size({"width": width, "height": height})
        table.start("chinese-patience", seed=11, opponent=opponent)
        labels = page.evaluate(LABELS)
        where = f"{opponent} at {width}x{height}"
        assert len(labels) == 12, where
        small = [(t["text"], t["size"]) for t in labels if t["size"] < 11]
        assert not small, f"{where}: squeezed {small}"
        for a in labels:
            for b in labels:
                if a is not b and abs(a["top"] - b["top"]) < 3 and a["left"] < b["left"]:
                    gap = b["left"] - a["right"]
                    assert gap >= 8, f"{where}: {a['text']!r} {gap:.0f} px from {b['text']!r}"
        check_geometry(table, where)


#: UNO positions (seed, moves, both seats played by two people at one table) where
#: the buttons that come and go are there: none yet; Challenge and Accept after a Wild
#: Draw Four; Catch, the other having played down to one card without calling UNO.
UNO_TURNS = {
    "start": (13, []),
    "challenge": (13, ["W:Y", "W4:R"]),
    "catch": (85, ["GD", "W:R", "draw", "RS", "BS", "B7", "draw", "B4"]),
}
#: Where the table's room and the moves' row are (left, top, width, height), and
#: each button: its word, disabled, left, top.
UNO_LAYOUT = """() => ({
  boxes: Object.fromEntries(['#controls', '.play-area'].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, [r.left, r.top, r.width, r.height].map(Math.round)];
  })),
  buttons: [...document.querySelectorAll('#controls button')].map((b) => {
    const r = b.getBoundingClientRect();
    return [b.dataset.word || b.className, b.disabled, Math.round(r.left), Math.round(r.top)];
  }),
})"""


def test_unos_buttons_come_and_go_without_moving_the_table(table_at: TableAt) -> None:
    """UNO draws a button only while its move is legal (Challenge and Accept after a
    Wild Draw Four, Catch when the other forgot to call UNO), as the best card sites
    show only what can be done now; Draw stays, greyed while it cannot be played, at
    the head of the row. Upright, the row stays one line (the Call UNO toggle, short
    there, is not drawn while no card can be played), so the table keeps its size; on
    its side the table spans the width under the status and the row, so it keeps its
    place as the row grows (the Draw button there moves left as the row grows: the
    row's column is as wide as its buttons)."""
    table = table_at("phone")
    page = table.page
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    for viewport in ("phone", "phone-landscape"):
        width, height = table.VIEWPORTS[viewport]
        page.set_viewport_size({"width": width, "height": height})
        seen = {}
        for name, (seed, moves) in UNO_TURNS.items():
            game_id = table.start("uno", seed, opponent="human", w4_challenge=True, uno_call=True)
            table.play_by_api(game_id, moves)
            seen[name] = page.evaluate(UNO_LAYOUT)
            if shots:
                page.screenshot(path=f"{shots}/uno-buttons-{name}-{viewport}.png")
        words = {name: [(b[0], b[1]) for b in at["buttons"]] for name, at in seen.items()}
        assert words == {
            "start": [("draw", False), ("uno-call", False)],
            "challenge": [("draw", True), ("challenge", False), ("accept", False)],
            "catch": [("draw", False), ("catch", False), ("uno-call", False)],
        }, words
        # the table's room keeps its width and place across (its top follows the
        # status line, which a longer sentence makes taller)
        across = {name: at["boxes"][".play-area"][::2] for name, at in seen.items()}
        assert len({tuple(box) for box in across.values()}) == 1, f"at {viewport}: {across}"
        rows = {name: {b[3] for b in at["buttons"]} for name, at in seen.items()}
        assert all(len(tops) == 1 for tops in rows.values()), f"at {viewport}: {rows}"
        if viewport == "phone":
            controls = {name: at["boxes"]["#controls"] for name, at in seen.items()}
            assert len({tuple(box) for box in controls.values()}) == 1, controls
            draw_at = {at["buttons"][0][2] for at in seen.values()}
            assert len(draw_at) == 1, f"Draw moved: {draw_at}"


#: The table's box, the status area's, and the counts line's (left, top, width, height).
BOXES = """() => Object.fromEntries(
  ['#table', '#status', '#status .say', '#status .counts', '#message'].map((s) => {
  const el = document.querySelector(s);
  const r = el ? el.getBoundingClientRect() : null;
  return [s, r ? [r.left, r.top, r.width, r.height].map(Math.round) : null];
}))"""


def test_the_table_keeps_its_place_whatever_the_status_says(table_at: TableAt) -> None:
    """On a phone the status area keeps its height (two lines for the sentence, one
    for the counts), so the table under it stays where it is as the sentence grows
    from 'Your turn.' to three lines of the computer's reply and back (it moved at
    each change). A longer sentence is cut, and a tap shows it all; a hint covers the
    sentence, not the counts. Every game, upright and (UNO) on its side. The sentence
    sits on the counts, however many lines it takes (a short one left a blank line
    between them, which read as a gap)."""
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    cases = [(game, "phone") for game in ("calculation", "gate", "eight-by-eight")]
    cases += [("chinese-patience", "phone"), ("uno", "phone"), ("uno", "phone-landscape")]
    table = table_at("phone")
    page = table.page
    for game, viewport in cases:
        width, height = table.VIEWPORTS[viewport]
        page.set_viewport_size({"width": width, "height": height})
        table.start(game, seed=9, opponent="random")
        first = page.evaluate(BOXES)
        said = {page.inner_text("#status")}
        for _ in range(8):
            moves = [m for m in table.moves() if not m.get("colour")]
            if not moves or table.answer.get("outcome"):
                break
            placed = [m for m in moves if m.get("source") is not None]
            table.click_move((placed or moves)[0])
            now = page.evaluate(BOXES)
            said.add(page.inner_text("#status"))
            where = f"{game} at {viewport} after {table.answer['moves_played']} moves"
            assert now["#table"] == first["#table"], f"{where}: {now} (was {first})"
            # its top and height (on its side its width gives way to the moves' buttons)
            assert now["#status"][1::2] == first["#status"][1::2], where
            # the sentence sits on its counts: a one-line sentence left a blank line
            # between them (the room kept for a second line is above it, under the toolbar)
            sentence, counts = now["#status .say"], now["#status .counts"]
            if sentence and counts:
                assert counts[1] - (sentence[1] + sentence[3]) <= 2, f"{where}: {now}"
        assert len(said) > 1 or game != "uno", f"{game}: the status never changed"
        if shots:
            page.screenshot(path=f"{shots}/status-{game}-{viewport}.png")
        # a hint covers the sentence, not the counts
        if table.answer["your_turn"]:
            page.locator("#hint").click()
            page.wait_for_selector("#message.shown")
            boxes = page.evaluate(BOXES)
            message, counts = boxes["#message"], boxes["#status .counts"]
            assert message[1] + message[3] <= counts[1] + 1, (game, boxes)
            assert boxes["#table"] == first["#table"], game
            if shots:
                page.screenshot(path=f"{shots}/status-hint-{game}-{viewport}.png")
            page.keyboard.press("Escape")
    # a sentence longer than its two lines (written in here: the games' own seldom
    # are) is cut; a tap shows it all, over the table, and another puts it back
    page.set_viewport_size({"width": 390, "height": 844})
    table.start("uno", seed=9, opponent="random")
    page.evaluate(
        "(text) => { const status = document.querySelector('#status');"
        " status.querySelector('.say').textContent = text; status.classList.add('cut'); }",
        "The computer plays a blue Draw Two. " * 4,
    )
    before = page.evaluate(BOXES)
    page.locator("#status.cut").click()
    opened = page.locator("#status .status-full")
    box = opened.bounding_box()
    assert box is not None and box["height"] > before["#status"][3]
    assert opened.inner_text().startswith("The computer plays a blue Draw Two. " * 3)
    # opened, the status says the counts in full words (a phone's shorter ones hidden)
    wide = page.locator("#status .counts .wide")
    assert opened.inner_text().endswith(wide.text_content() or "")
    assert page.evaluate(BOXES)["#table"] == before["#table"]
    if shots:
        page.screenshot(path=f"{shots}/status-open-uno-phone.png")
    page.locator("#status").click()
    assert page.locator("#status.open, #status .status-full").count() == 0


#: Each line of the counts after the status line: its words, and whether they fit.
COUNT_LINES = """() => [...document.querySelectorAll('#status .count-line, #status .counts')]
  .filter((el) => el.getClientRects().length && !el.querySelector('.count-line:not(:empty)'))
  .map((el) => [el.innerText, el.scrollWidth <= el.clientWidth + 1])"""


@pytest.mark.parametrize("opponent", ["random", "human"])
def test_chinese_patience_counts_fit_a_phone(table_at: TableAt, opponent: str) -> None:
    """Chinese Patience's counts ('Cards left (hand and discard pile): ...; 3 of 60
    turns without a card home. Series game 1.') were cut at 390x844: a phone shows the
    service's narrow words instead, two lines that each fit, and the status is not cut;
    a laptop keeps the full words on one line. Through moves, the lines stay whole."""
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    table = table_at("phone")
    page = table.page
    table.start("chinese-patience", seed=9, opponent=opponent)
    for _ in range(6):
        lines = page.evaluate(COUNT_LINES)
        assert [text for text, _ in lines] == table.answer["counts_narrow"], lines
        assert all(fits for _, fits in lines), lines
        # cut, if at all, for a long sentence (the computer's turn told), not the counts
        long_sentence = page.evaluate(
            "() => { const say = document.querySelector('#status .say');"
            " return !!say && say.scrollHeight > say.clientHeight + 1; }"
        )
        assert long_sentence or page.locator("#status-more").is_hidden(), "cut by its counts"
        if table.answer["outcome"]:
            break
        moves = [m for m in table.moves() if m.get("source") is not None] or table.moves()
        table.click_move(moves[0])
        if page.locator("#take-over").count():  # two people: the next one's table
            page.locator("#take-over").click()
            page.wait_for_function("() => !document.querySelector('#handover')")
            page.wait_for_selector("#scene .card")
            table.settle()
    if shots:
        page.screenshot(path=f"{shots}/cp-counts-{opponent}-phone.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(
        "() => document.querySelector('#status .counts').innerText"
        " === window.Parlour.game.answer.counts"
    )


def test_chinese_patiences_cards_keep_their_size_at_its_end(table_at: TableAt) -> None:
    """A phone's status keeps a line for each count the game can say, said or not:
    once Chinese Patience is over "1 of 60 turns, no card to a foundation" is not said, and
    its line went, so the cards grew a step at the end (360x740: 54.1 -> 56.5 px;
    390x844: 66.4 -> 68.8)."""
    table = table_at("phone")
    page = table.page
    for width, height in ((360, 740), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        table.start("chinese-patience", seed=3, opponent="random")
        assert len(table.answer["counts_narrow"]) == 2
        playing = page.evaluate(BOXES)
        unit = page.evaluate("window.Parlour.game.unit")
        table.give_up()
        page.wait_for_selector("#endpanel")
        table.settle()
        assert len(table.answer["counts_narrow"]) == 1  # the count towards a blocked game
        where = f"at {width}x{height}"
        assert page.evaluate("window.Parlour.game.unit") == unit, f"the cards changed size {where}"
        over = page.evaluate(BOXES)
        assert over["#table"] == playing["#table"] and over["#status"] == playing["#status"], where


def test_the_counts_fit_a_360_pixel_phone(table_at: TableAt) -> None:
    """At 360 px, the narrowest phone the table is made for, every game's counts line
    fits and the page does not scroll sideways (UNO's "Match to 500: Player 1 (0),
    Player 2 (0); hand 1." at one table was cut: 352 px of words in 340), and the
    status sentence of a new game is whole. The lines are the service's words, a
    patience's cards "on the foundations" as its end panel says (the web app counted
    "cards home" itself), 8 x 8's longest on one line too."""
    table = table_at("phone")
    page = table.page
    page.set_viewport_size({"width": 360, "height": 740})
    tables = [(game, "random") for game in GAMES] + [("uno", "human")]
    for game, opponent in tables:
        table.start(game, 9, opponent=opponent)
        lines = page.evaluate(COUNT_LINES)
        assert lines and all(fits for _, fits in lines), (game, opponent, lines)
        assert [text for text, _ in lines] == table.answer["counts_narrow"], lines
        assert "home" not in page.inner_text("#status"), lines
        if game == "eight-by-eight":
            longest = "Foundations: 99 of 104; talon 40, pass 3 of 3."
            fits = page.evaluate(
                "(text) => { const el = document.querySelector('#status .count-line');"
                " el.textContent = text; return el.scrollWidth <= el.clientWidth + 1; }",
                longest,
            )
            assert fits, longest
        assert page.evaluate("document.documentElement.scrollWidth") == 360, game
        # and a new game's status sentence is whole (The Gate's was cut)
        assert page.locator("#status-more").is_hidden(), (game, table.answer["status"])
        # the commands in one row (Log wrapped onto a second), each a touch target
        tools = page.evaluate(TOOLS)
        assert len({top for _, top, _, _, _ in tools}) == 1, (game, tools)
        assert all(w >= 24 and h >= 24 and right <= 360 for _, _, right, w, h in tools), tools
    if os.environ.get("PARLOUR_SHOTS"):
        page.screenshot(path=f"{os.environ['PARLOUR_SHOTS']}/toolbar-360.png")


#: The table's commands: each one's id, top, right edge, width and height.
TOOLS = """() => [...document.querySelectorAll('.toolbar > .tool')].map((el) => {
  const r = el.getBoundingClientRect();
  return [el.id || el.title, Math.round(r.top), r.right, r.width, r.height];
})"""


def test_a_matchs_score_on_a_phone_says_what_it_counts_to(table_at: TableAt) -> None:
    """UNO on a phone: the counts line says "To 500: you 0, the computer 0; hand 1.",
    the target the match is played to (it said "500 wins: you 0, the computer 0",
    a count of 500 wins to a reader), and the longest one, late in a match at one
    table, still fits a 360-px phone on one line."""
    table = table_at("phone")
    page = table.page
    table.start("uno", 9)
    lines = page.evaluate(COUNT_LINES)
    assert lines == [["To 500: you 0, the computer 0; hand 1.", True]], lines
    assert "wins" not in page.inner_text("#status")
    page.set_viewport_size({"width": 360, "height": 740})
    table.start("uno", 9, opponent="human")
    late = "To 500: Player 1 (480), Player 2 (495); hand 12."
    fits = page.evaluate(
        "(text) => { const el = document.querySelector('#status .count-line');"
        " el.textContent = text; return el.scrollWidth <= el.clientWidth + 1; }",
        late,
    )
    assert fits, late


#: The header's links: their words (the accessible name), box and whether shown.
HEADER_LINKS = """() => [...document.querySelectorAll('header.top a')].map((a) => {
  const r = a.getBoundingClientRect();
  return { name: a.textContent.trim(), top: r.top, left: r.left, right: r.right,
    shown: r.width > 0 && getComputedStyle(a).visibility !== 'hidden' };
})"""


def test_how_to_play_is_in_the_header_on_a_phone(table_at: TableAt) -> None:
    """A phone reaches "How to play" from the header, as an icon named for it (at 430
    px and less the link was hidden), and the header's links still take one row at
    360 px, clear of its right edge; wider, the link is its words."""
    table = table_at("phone")
    page = table.page
    for width, height in ((360, 740), (390, 844), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        table.open("#/")
        page.wait_for_selector("h1")
        links = page.evaluate(HEADER_LINKS)
        assert all(link["shown"] for link in links), (width, links)
        tops = [link["top"] for link in links]
        assert max(tops) - min(tops) < 4, (width, links)  # one row
        assert max(link["right"] for link in links) <= width - 8, (width, links)
        howto = page.locator("header.top").get_by_role("link", name="How to play", exact=True)
        box = howto.bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, (width, box)
        narrow = page.locator("header.top .nav-text").evaluate("(e) => e.offsetWidth <= 1")
        assert narrow == (width <= 430), width
    howto.click()
    page.wait_for_selector('header.top a[data-page="howto"][aria-current="page"]')
    assert page.url.endswith("#/howto")


#: The finished games' date cells: the words shown and their lines (height over line height).
WHEN_CELLS = """() => [...document.querySelectorAll('section.history td.when')].map((td) => {
  const lh = parseFloat(getComputedStyle(td).lineHeight);
  const shown = [...td.querySelectorAll('span')].find((s) => s.offsetWidth > 0);
  return { text: shown ? shown.textContent : '', lines: Math.round(shown.offsetHeight / lh),
    title: td.querySelector('time').title };
})"""


#: The finished games' table: how far it and the page scroll sideways, and each
#: score and deal cell: its words, lines, whether they show whole, and its tooltip.
HISTORY_FIT = """() => {
  const region = document.querySelector('section.history .scroll-x');
  const cells = [...document.querySelectorAll('section.history td.score, section.history td.deal')]
    .filter((td) => td.textContent).map((td) => ({
      text: td.textContent, title: td.title,
      lines: (() => { const range = document.createRange(); range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size; })(),
      whole: td.scrollWidth <= td.clientWidth + 1,
    }));
  return { page: document.scrollingElement.scrollWidth - innerWidth,
    table: region.scrollWidth - region.clientWidth, cells };
}"""


def test_finished_games_dates_take_one_line_on_a_phone(table_at: TableAt) -> None:
    """The history's "Finished" dates read on one line at 360 and 390 px, in a shorter
    form (the day and time: "Nov 27, 10:31 AM" took three lines of its column), and in
    full, with the year, on a desktop; the full form is the tooltip everywhere. The
    table fits a phone without scrolling sideways (its five columns were 620 px wide
    at 360: a random deal's number has 16 digits), each score and deal number whole
    on one line ("22 to the computer" took two)."""
    table = table_at("phone")
    page = table.page
    table.open("#/")
    page.wait_for_selector("h1")
    finish(table, "gate", 7)
    finish(table, "chinese-patience", 7)
    finish(table, "calculation", 9007199254740991)  # the longest deal number there is
    for width, height in ((360, 740), (390, 844), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto("about:blank")
        table.open("#/")
        page.wait_for_selector("section.history td.when")
        cells = page.evaluate(WHEN_CELLS)
        assert len(cells) == 3 and all(c["lines"] == 1 for c in cells), (width, cells)
        year = str(page.evaluate("new Date().getFullYear()"))
        assert all(year in c["title"] for c in cells), cells
        assert all((year in c["text"]) == (width > 430) for c in cells), (width, cells)
        fit = page.evaluate(HISTORY_FIT)
        assert fit["page"] <= 0 and fit["table"] <= 0, (width, fit)
        texts = [c["text"] for c in fit["cells"]]
        assert "22 to the computer" in texts and any("9007199254740991" in t for t in texts)
        assert all(c["lines"] == 1 and c["whole"] for c in fit["cells"]), (width, fit)
        deals = [c for c in fit["cells"] if c["title"]]
        assert len(deals) == 3 and all(c["text"].endswith(c["title"][5:]) for c in deals)


#: The width of the cards in the person's UNO hand, and how many rows of them.
UNO_HAND = """() => {
  const piles = document.querySelectorAll('#scene .pile.hand');
  const card = document.querySelector('#scene .pile.hand .card');
  return { rows: piles.length, width: card.getBoundingClientRect().width,
    cards: window.Parlour.game.answer.view.hand.length };
}"""


def test_unos_cards_keep_their_size_as_the_hand_grows(table_at: TableAt) -> None:
    """UNO's cards keep one size as a hand grows: a longer hand overlaps more on its one
    row, as at cardgames.io, while each card's index stays in view: to 13 cards on a
    phone (at 11 a phone's hand took a second row and every card shrank, 79 to 64 px at
    360 px), to 22 and more on a desktop (at 22 its cards shrank from 118 to 94 px). A
    longer hand on a phone takes a second row (test_long_piles_and_big_hands_still_fit
    holds every index in view)."""
    table = table_at("phone")
    page = table.page
    game_id = table.start("uno", seed=11, opponent="random")
    sizes = ((360, 740), (390, 844), (1440, 900))

    def widths() -> dict[int, dict[str, float]]:
        seen = {}
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)  # the table fits itself to the new size
            table.settle()
            seen[width] = page.evaluate(UNO_HAND)
        return seen

    url = f"{table.server.url}/api/games/{game_id}"

    def grow_to(cards: int) -> None:
        for _ in range(60):  # draw (and keep, or pass) until the hand is long
            answer = page.request.get(url).json()
            if len(answer["view"]["hand"]) >= cards or answer["outcome"]:
                break
            legal = answer["legal_moves"]
            move = next(m for m in ("draw", "keep", "pass") if m in legal)
            assert page.request.post(f"{url}/moves", data={"move": move}).ok
        page.reload()
        page.wait_for_selector("#scene .pile.hand .card")

    start = widths()
    grow_to(11)
    grown = widths()
    assert all(11 <= grown[w]["cards"] <= 13 for w, _ in sizes), grown
    for width, _ in sizes:
        assert grown[width]["rows"] == 1, (width, grown)
        assert abs(grown[width]["width"] - start[width]["width"]) < 0.5, (width, start, grown)
    grow_to(22)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_timeout(300)
    table.settle()
    wide = page.evaluate(UNO_HAND)
    assert wide["cards"] >= 22 and wide["rows"] == 1, wide
    assert abs(wide["width"] - start[1440]["width"]) < 0.5, (start, wide)
