"""The card table in headless Chromium at four screen sizes, for all five games.

At a phone upright (390x844) and on its side (844x390), a laptop (1280x800) and a
desktop (1920x1080): nothing outside the window, no card over another pile's card
or hiding the corner of a card whose face should be read, the status line, the
commands and the end-of-game panel in view. A game of Calculation (its last moves)
and one of UNO are played by clicks to the end panel, then again from the panel.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tabletools import GAMES, VIEWPORTS, Table

TableAt = Callable[..., Table]
NEW_GAME = "(old) => window.Parlour.game.answer && window.Parlour.game.answer.id !== old"

#: Everything that must be in the window, without scrolling, at the table.
GEOMETRY = (Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")


def check_geometry(table: Table, where: str) -> None:
    problems = table.page.evaluate(GEOMETRY)
    assert not problems, f"{where}: " + "; ".join(problems[:12])


def some_moves(table: Table, count: int) -> None:
    """Play ``count`` moves by clicks (a card to a place, or a pile's own move)."""
    for _ in range(count):
        moves = table.moves()
        if not moves or table.answer.get("outcome"):
            return
        placed = [m for m in moves if m.get("source") is not None and not m.get("colour")]
        move = placed[0] if placed else moves[0]
        if move.get("colour"):
            return
        table.click_move(move)


@pytest.mark.parametrize("game", GAMES)
def test_every_table_fits_the_screen(table_at: TableAt, game: str) -> None:
    """Each game dealt and after a few moves, checked at all four sizes (the page
    resized and redrawn); the moves are clicked at a different size for each game."""
    played_at = list(VIEWPORTS)[GAMES.index(game) % len(VIEWPORTS)]
    table = table_at(played_at)
    table.start(game, seed=11)
    at_sizes(table, f"{game}, dealt", [played_at, *[v for v in VIEWPORTS if v != played_at]])
    # a phone upright: every game's cards a thumb's width (44 px) at least (8 x 8's
    # eight rows had 42 px, their gaps the rest of the width)
    resize(table, "phone")
    narrowest = table.page.evaluate(NARROWEST_CARD)
    assert narrowest >= 44, f"{game}: cards {narrowest:.1f} px wide at 390x844"
    resize(table, played_at)
    some_moves(table, 4)
    at_sizes(table, f"{game} after some moves at {played_at}", list(VIEWPORTS))


#: The width of the narrowest card on the table, in pixels.
NARROWEST_CARD = (
    "Math.min(...[...document.querySelectorAll('#scene .card')]"
    ".map((c) => c.getBoundingClientRect().width))"
)


def status_says_the_turn(table: Table) -> None:
    """The status line: the service's sentence, then the table's counts, in view."""
    answer = table.answer
    if answer.get("outcome"):
        return
    assert table.page.inner_text("#status .say") == answer["status"]
    assert table.page.locator("#status .counts").inner_text()
    fits = table.page.evaluate(
        "(() => { const s = document.querySelector('#status');"
        " return s.scrollWidth <= s.clientWidth && s.getBoundingClientRect().bottom"
        " <= document.querySelector('#table').getBoundingClientRect().top + 1; })()"
    )
    assert fits, f"the status line does not fit: {table.page.inner_text('#status')!r}"


def resize(table: Table, viewport: str) -> None:
    """The same page at another size, once the table is drawn again for it."""
    width, height = VIEWPORTS[viewport]
    if table.page.viewport_size == {"width": width, "height": height}:
        return
    table.page.set_viewport_size({"width": width, "height": height})
    table.page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h && new Promise("
        "(r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))",
        arg=[width, height],
    )
    table.settle()


def at_sizes(table: Table, what: str, viewports: list[str]) -> None:
    """The table and its status line checked at each of ``viewports`` in turn."""
    for viewport in viewports:
        resize(table, viewport)
        check_geometry(table, f"{what}, at {viewport}")
        status_says_the_turn(table)


def test_long_piles_and_big_hands_still_fit(table_at: TableAt) -> None:
    """Twenty waste cards in Calculation and a UNO hand of 25 squeeze, never spill."""
    table = table_at("phone")
    table.start("calculation", seed=3)
    for _ in range(20):
        move = next(m for m in table.moves() if m["source"] == "S" and m["target"] == "W1")
        table.click_move(move)
    at_sizes(table, "calculation with a long waste pile", ["phone", "phone-landscape"])
    table.start("uno", seed=3, first=0)
    for _ in range(18):
        words = [m for m in table.moves() if m.get("word") in ("draw", "keep", "pass")]
        if not words:
            break
        table.click_move(words[0])
    assert len(table.answer["view"]["hand"]) >= 15
    at_sizes(table, "uno with a big hand", ["phone", "phone-landscape"])


#: The fan of a pile short of room (scene.js), in card widths: the gaps between its
#: cards and which are squared up (covered), for the cards and room given.
FAN = """async ([cards, room]) => {
  const { fanOffsets } = await import('/static/js/scene.js');
  const { offsets, covered } = fanOffsets(cards, 'down', room);
  return { gaps: offsets.slice(1).map((o, i) => o - offsets[i]), covered };
}"""


def test_face_down_cards_make_room_for_a_run_before_it_is_hidden(table_at: TableAt) -> None:
    """An 8 x 8 row at 1440x900 (six face down, a run of nine from J♣, 4.2 card widths
    of room): every face-up card shows its corner, the face-down ones squared up first;
    J♣, the card the run is picked up by, had been squeezed to a sliver under them
    while the hint named it. A pile with no room left still squares up its lower cards."""
    table = table_at("laptop")
    table.open("#/")
    run = ["JC", "TH", "9S", "8H", "7C", "6D", "5C", "4D", "3S"]
    fan = table.page.evaluate(FAN, [[None] * 6 + run, 4.2])
    faces = fan["gaps"][6:]  # the gaps under each face-up card but the top one
    assert not any(fan["covered"]), fan
    assert min(faces) >= 0.2 * 1.4 - 1e-9, fan  # a readable corner: the fan's least step
    assert max(fan["gaps"][:6]) < min(faces), fan
    tight = table.page.evaluate(FAN, [[None] * 6 + run, 2.2])
    assert any(tight["covered"][6:]) and not tight["covered"][-1], tight


#: Face-up cards of the named piles whose corner the card on them hides: the geometry
#: check's measure (less than 0.19 of the height or 0.24 of the width in view), without
#: its pass for the cards a fan squares up (those were the ones squeezed to a sliver).
SQUEEZED = """(piles) => {
  const out = [];
  for (const id of piles) {
    const cards = [...document.querySelectorAll(`#scene .pile[data-pile="${id}"] .card`)]
      .sort((a, b) => a.dataset.index - b.dataset.index);
    for (let k = 0; k + 1 < cards.length; k++) {
      if (!cards[k].dataset.card) continue;
      const a = cards[k].getBoundingClientRect(), b = cards[k + 1].getBoundingClientRect();
      if (b.top - a.top < 0.19 * a.height && b.left - a.left < 0.24 * a.width)
        out.push(`${cards[k].dataset.card} in ${id} shows ${(b.top - a.top).toFixed(1)}px`);
    }
  }
  return out;
}"""


def moves_of(text: str) -> list[str]:
    """Moves written one after another, a comma between."""
    return text.split(",")


#: The hint's moves in The Gate, seed 1: bars of eleven (K♦ down to 3♥ in T1) and nine;
#: then seven more, to a column of 23 (T1 over K♣ down to 2♥ in B1), the stock's last
#: three cards left undealt (with the stock used up every card could go home, and the
#: table opened there sends them).
GATE_LONG_BARS = moves_of(
    "T3 F,T4 B2,L T1,L F,B4 T1,R T3,R B2,L T3,L T4,T3 T4,deal,T3 F,R T4,T1 T4,L T1,R T1,T4 T1,"
    "deal,T4 F,R T3,R F,deal,R B1,B2 B1,R T1,R T1,deal,deal,deal,W F,deal,W B3,T2 B3,deal,B1 T2,"
    "T2 B3,deal,deal,B1 F,T2 F,B2 F,R F,B3 F,deal,B1 B4,R T4,L B4,T2 B4,T1 B2,T1 F,T1 F,W F,B4 F,"
    "L F,W T1,B2 T1,T4 B3,T4 F,R T2,R F,L T4,R B1,B3 B1,L B1,T3 B1"
)
#: The hint's moves (the person's) in Chinese Patience, seed 1: tableau piles of five,
#: and the computer's discard pile of 13.
CHINESE_LONG_PILES = moves_of(
    "twist,end,twist,end,twist,end,5 9,0 5,0 5,twist,0 8,twist,end,twist,0 5,twist,0 9,twist,"
    "end,0 6,7 6,0 7,twist,end,twist,0 6,twist,end,twist,end,twist,end,0 8,twist,0 7,P5 7,0 5,"
    "0 9,twist,0 6"
)
#: Phones upright, an old laptop, the desktop the web trial used.
READING_SIZES = [(360, 740), (390, 844), (1024, 768), (1440, 900)]


def replay(table: Table, game_id: str, moves: list[str]) -> None:
    """Play ``moves`` through the API (the computer answers in between), then show them."""
    for move in moves:
        played = table.page.request.post(
            f"{table.server.url}/api/games/{game_id}/moves", data={"move": move}
        )
        assert played.ok, (move, played.text())
    table.page.reload()
    table.page.wait_for_function("() => window.Parlour && window.Parlour.game.answer")
    table.settle()


@pytest.mark.parametrize(
    ("game", "seed", "moves", "piles"),
    [
        ("gate", 1, GATE_LONG_BARS, [f"{r}{i}" for r in "TB" for i in range(1, 5)]),
        ("chinese-patience", 1, CHINESE_LONG_PILES, ["5", "6", "7", "8", "9", "0"]),
    ],
)
def test_long_bars_and_tableau_piles_show_every_card(
    table_at: TableAt, game: str, seed: int, moves: list[str], piles: list[str]
) -> None:
    """A web trial at 1440x900: The Gate's bars of four or five cards squeezed two to
    slivers (5♥ and 4♣, an 8 px strip to click), beside an empty half of the table, and
    Chinese Patience's piles of five did the same (6.5 px). Played on to longer piles,
    every face-up card of the bars, the tableau and the discard piles shows its corner
    at each size. Later trials: a bar column of more than twelve cards squared its lower
    ones up (at 1440x900 and on phones), and so did a discard pile of 13 on a phone."""
    table = table_at("laptop")
    game_id = table.start(game, seed=seed)
    replay(table, game_id, moves)
    view = table.answer["view"]
    if game == "gate":
        bars = view["piles"]
        assert max(len(bars[f"T{i}"]) + len(bars[f"B{i}"]) for i in (1, 2, 3, 4)) >= 23, view
    else:
        assert max(len(c) for c in view["tableau"]) >= 5, view
        assert len(view["pile_9"]) >= 13, view
    for width, height in READING_SIZES:
        table.page.set_viewport_size({"width": width, "height": height})
        table.page.wait_for_function(DRAWN_AT_SIZE)
        table.settle()
        hidden = table.page.evaluate(SQUEEZED, piles)
        assert not hidden, f"{game} at {width}x{height}: " + "; ".join(hidden)
        check_geometry(table, f"{game} with long piles at {width}x{height}")
        log_ends_in_view(table, f"{game} at {width}x{height}")


#: Whether the log's newest line is in view in the log (or the log is empty).
LOG_END_IN_VIEW = """() => { const log = document.querySelector('#log');
  const last = log.lastElementChild; if (!last) return true;
  const box = log.getBoundingClientRect(), end = last.getBoundingClientRect();
  return end.bottom <= box.bottom + 1 && end.top >= box.top - 1; }"""


def log_ends_in_view(table: Table, where: str) -> None:
    """The log shows its newest line: in its column, or once its drawer is opened. A
    hidden log cannot scroll, so it opened (or came back at a wider size) at its
    oldest line, the move just played out of sight."""
    page = table.page
    if page.locator("#log").is_visible():
        with contextlib.suppress(PlaywrightTimeout):  # scrolled in a frame after drawing
            page.wait_for_function(LOG_END_IN_VIEW, timeout=3_000)
        assert page.evaluate(LOG_END_IN_VIEW), f"{where}: the log's column shows old moves"
        return
    page.locator("#logbutton").click()
    page.locator("#log").wait_for(state="visible")
    # the drawer slides open and scrolls in the frames after it shows: a loaded
    # machine measured it mid-way (a CI run at load 7)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(LOG_END_IN_VIEW, timeout=3_000)
    assert page.evaluate(LOG_END_IN_VIEW), f"{where}: the log opened on old moves"
    page.locator("button.close-log").click()
    page.locator("#log").wait_for(state="hidden")


def calculation_choice(moves: list[tuple[str, str]], turn: int) -> int:
    """Which of ``moves`` ((source, target) pairs) to play at move ``turn``: a foundation
    first, else the current card to a waste pile (turn about)."""
    home = [i for i, (_, target) in enumerate(moves) if target.startswith("F")]
    stock = [i for i, m in enumerate(moves) if m[0] == "S" and m[1].startswith("W")]
    return home[0] if home else stock[turn % len(stock)] if stock else 0


def calculation_opening(seed: int, clicks: int, **options: Any) -> list[str]:
    """The moves of :func:`calculation_choice` on deal ``seed`` but its last ``clicks``."""
    from parlour import new_game

    game = new_game("calculation", seed=seed, **options)
    moves: list[str] = []
    while game.outcome is None:
        legal = game.legal_moves()
        move = legal[calculation_choice([tuple(m.split()) for m in legal], len(moves))]
        game.play(move)
        moves.append(move)
    assert len(moves) > clicks
    return moves[:-clicks]


def play_calculation(table: Table, turn: int = 0) -> set[str]:
    """Moves by clicks (:func:`calculation_choice`, from move ``turn``) to the end
    panel; the kinds of move made (stock to waste, stock to foundation, ...)."""
    kinds: set[str] = set()
    while not table.page.locator("#endpanel").count():
        moves = table.moves()
        assert moves, "no end panel, but no legal move either"
        move = moves[calculation_choice([(m["source"], m["target"]) for m in moves], turn)]
        kinds.add(move["source"][0] + move["target"][0])
        table.click_move(move)
        turn += 1
        assert turn < 300
    return kinds


def play_uno(table: Table) -> None:
    """Play the first playable card, else draw (and play it or keep it), by clicks."""
    turn = 0
    while not table.page.locator("#endpanel").count():
        moves = table.moves()
        assert moves, "no end panel, but no legal move either"
        words = {m.get("word") for m in moves}
        cards = [m for m in moves if m.get("source") and m.get("word") is None]
        if "colour" in words:  # the first card turned up is a Wild
            button = table.page.locator("#controls .colour-button").first
            table.after(lambda button=button: button.click())
        elif cards:
            move = cards[0]
            card = table.card(move["source"])
            if move.get("colour"):
                card.click()
                button = table.page.locator("dialog .colour-button").first
                table.after(lambda button=button: button.click())
            else:
                table.after(lambda card=card: card.click())
        else:
            word = next(w for w in ("play", "keep", "draw", "pass", "accept") if w in words)
            if word == "play" and any(m.get("colour") for m in moves):
                table.page.locator('#controls [data-word="keep"]').click()
                table.settle()
            else:
                table.click_move(next(m for m in moves if m.get("word") == word))
        turn += 1
        assert turn < 400


def end_panel_in_view(table: Table) -> None:
    panel = table.page.locator("#endpanel")
    panel.wait_for()
    table.page.wait_for_selector("#end-streak")  # the service's words, with the panel
    # read in one step: a redraw (the window resized) may put a new panel in its place
    box = table.page.evaluate(
        "(() => { const r = document.querySelector('#endpanel').getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()"
    )
    size = table.page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
    hidden = table.page.evaluate(
        "[...document.querySelectorAll('#endpanel, #endpanel .end-body')]"
        ".map(p => p.scrollHeight - p.clientHeight)"
    )
    assert max(hidden) <= 1, f"the end panel hides {max(hidden)}px of itself (it scrolls)"
    buttons_in_view(table)
    check_geometry(table, "with the end panel")


OUT_OF_VIEW = """() => {
  const panel = document.querySelector('#endpanel').getBoundingClientRect();
  return [...document.querySelectorAll('#endpanel .end-actions button, #endpanel .links > *')]
    .filter((b) => b.offsetParent !== null)
    .map((b) => [b.textContent, b.getBoundingClientRect()])
    .filter(([, r]) => r.top < Math.max(0, panel.top) || r.left < 0
      || r.bottom > Math.min(innerHeight, panel.bottom) || r.right > innerWidth)
    .map(([text]) => text);
}"""


def buttons_in_view(table: Table) -> None:
    """Every button of the end panel whole in the window and in the panel's own view
    (not scrolled out of it), once the panel has found its place (clearspot.js moves
    it after the table is drawn at a new size: a few frames, longer on a loaded
    machine)."""
    with contextlib.suppress(PlaywrightTimeout):
        table.page.wait_for_function(f"({OUT_OF_VIEW})().length === 0", timeout=5_000)
    out = table.page.evaluate(OUT_OF_VIEW)
    assert not out, f"end panel buttons out of view: {out}"


#: Whether the table is drawn for its present size (a resize redraws it a frame later).
DRAWN_AT_SIZE = """() => { const t = document.querySelector('#table');
  return !!t && window.Parlour.game.size === `${t.clientWidth}x${t.clientHeight}`; }"""

#: The screens the end panel is checked at: the narrowest phone, a phone upright and
#: on its side, a laptop.
END_SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]
#: The piles whose top card the end panel hides a quarter of, or more.
UNDER_PANEL = """() => {
  const p = document.querySelector('#endpanel').getBoundingClientRect();
  return [...document.querySelectorAll('#scene .pile')].filter((pile) => {
    const top = [...pile.querySelectorAll('.card')].pop();
    if (!top) return false;
    const r = top.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, p.right) - Math.max(r.left, p.left));
    const h = Math.max(0, Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top));
    return w * h > 0.25 * r.width * r.height;
  }).map((pile) => pile.dataset.pile);
}"""
#: The end panel's facts that do not read on one line ("label: value"): a label or
#: its value on more than one line, or the value not on its label's line.
BROKEN_FACTS = """() => [...document.querySelectorAll('#endpanel .facts dt')].map((dt) => {
  const dd = dt.nextElementSibling, lh = parseFloat(getComputedStyle(dt).lineHeight);
  const a = dt.getBoundingClientRect(), b = dd.getBoundingClientRect();
  const whole = a.height < 1.5 * lh && b.height < 1.5 * lh && Math.abs(a.top - b.top) < 2;
  return whole ? null : `${dt.innerText}: ${dd.innerText}`;
}).filter(Boolean)"""
#: How far apart (px) the middles of the end panel's links are, up and down: under 4
#: when they share one row.
LINKS_SPREAD = """() => { const mids = [...document.querySelectorAll('#endpanel .links > *')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; });
  return Math.max(...mids) - Math.min(...mids); }"""


@pytest.mark.parametrize("game", GAMES)
def test_the_end_panel_fits_every_screen(table_at: TableAt, game: str) -> None:
    """Each game's end panel, a patience's with the solver's verdict on it (the
    longest), whole at four sizes: at 360x740 it scrolled, its last buttons under the
    table's edge. On a screen too short for it its words scroll, never its buttons.
    Each fact reads on one line, its value beside its label, and the links share a
    row: on a phone "Cards on the foundations", "The computer's score", "4 cards on
    the foundations" took two lines each (the values had what the longest label left)
    and "All games" a row of its own, so the panel was taller than it needed."""
    table = table_at("phone")
    page = table.page
    page.set_viewport_size({"width": 360, "height": 740})
    table.start(game, seed=1)
    give_up(table)
    # the moves played and the time they took, in the service's words, for every game
    # (there were neither: cardgames.io shows both)
    end = table.answer["end"]
    played = page.locator("#end-played")
    assert played.inner_text() == end["played_text"]
    assert played.evaluate("(dd) => dd.previousElementSibling.innerText") == "Played"
    assert re.fullmatch(r"\d+ moves? in (under 1 s|\d+ s)", end["played_text"]), end
    if page.locator("#ask-verdict").count():
        page.locator("#ask-verdict").click()
        page.wait_for_selector("#end-verdict:not(:has(.spinner))", timeout=60_000)
    # the keyboard on the panel's last button stays there through every redraw (it went
    # back to the first button whenever the window changed size)
    page.locator("#endpanel .end-actions button").last.focus()
    kept = page.evaluate("document.activeElement.id")
    assert kept
    for width, height in END_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => innerWidth === w", arg=width)
        page.wait_for_function(DRAWN_AT_SIZE)  # the table drawn again for the new size
        table.settle()
        end_panel_in_view(table)
        assert page.evaluate("document.activeElement.id") == kept, (width, height)
        broken = page.evaluate(BROKEN_FACTS)
        assert not broken, f"{game} at {width}x{height}: facts on two lines {broken}"
        assert page.evaluate(LINKS_SPREAD) < 4, f"{game} at {width}x{height}: links wrap"
        if game == "uno" and width >= 390:
            # the panel stands where it hides least of the table as it was left, the
            # cards the person held in view (it stood in the middle of the table)
            under = page.evaluate(UNDER_PANEL)
            assert not {"hand", "hand-1", "hand-2"} & set(under), (width, height, under)
    # Shorter than any phone: the words scroll inside the panel, the buttons stay.
    page.set_viewport_size({"width": 360, "height": 480})
    page.wait_for_function("innerHeight === 480")
    # the table drawn again and the panel placed again for the new size (clearspot.js
    # moves it once the table is drawn: measured before, it could stand half off-screen)
    page.wait_for_function(DRAWN_AT_SIZE)
    table.settle()
    buttons_in_view(table)


@pytest.mark.parametrize("viewport", ["phone"])
def test_a_game_of_calculation_ends_by_clicks(table_at: TableAt, viewport: str) -> None:
    """Deal 4's game played to its end panel, the last moves by clicks: each kind of
    move (the stock to a waste pile and to a foundation, a waste pile to a foundation)
    and the move after which none is left. The moves before them go through the API
    (the table's clicks for them took half a minute, each like the others)."""
    table = table_at(viewport)
    game_id = table.start("calculation", seed=4, classic=True)
    opening = calculation_opening(4, clicks=9, classic=True)
    table.play_by_api(game_id, opening)
    kinds = play_calculation(table, turn=len(opening))
    assert kinds == {"SW", "SF", "WF"}, kinds
    end_panel_in_view(table)
    text = table.page.inner_text("#endpanel")
    assert "You won!" in text or "You lost" in text
    assert "Deal number" in text and "4" in text
    old = table.answer["id"]
    table.page.locator("#play-again").click()
    table.page.wait_for_function(NEW_GAME, arg=old)
    table.settle()
    assert table.answer["options"] == {"classic": True}
    assert table.answer["deal"] == "random"
    assert table.page.locator("#endpanel").count() == 0


def test_next_game_of_a_series_from_the_end_panel(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.start("chinese-patience", seed=5)
    first = table.answer["view"]["first"]
    give_up(table)
    old = table.answer["id"]
    table.page.locator("#next-in-series").click()
    table.page.wait_for_function(NEW_GAME, arg=old)
    table.settle()
    assert table.answer["series"]["number"] == 2
    assert table.answer["options"]["first"] == 1 - first  # the other player starts


def give_up(table: Table) -> None:
    """Resign from the toolbar (and say yes): a patience is then over for good."""
    table.page.locator("#resign").click()
    table.after(lambda: table.page.locator("dialog button.primary").click())
    table.page.wait_for_selector("#endpanel")


#: Every sentence the status line shows from now on (the replay of a line is quick).
WATCH_STATUS = """() => {
  window.__said = [];
  const status = document.querySelector('#status');
  new MutationObserver(() => window.__said.push(status.querySelector('.say')?.textContent))
    .observe(status, {childList: true, subtree: true});
}"""


def test_deal_of_the_day_again_its_verdict_and_a_winning_line(table_at: TableAt) -> None:
    """The deal of the day, given up: the solver's verdict, its winning line replayed
    on the table, the same day's deal again from the panel; "New deal" after it asks
    for a random or a winnable deal, and a winnable deal's "play again" is winnable."""
    table = table_at("phone-landscape")  # the shortest screen, the most buttons
    page = table.page
    table.start("calculation", seed=None, deal="daily")
    first = table.answer
    assert first["deal"] == "daily" and first["day"]
    give_up(table)
    end_panel_in_view(table)
    assert "Deal of the day" in page.inner_text("#endpanel")
    assert page.locator("#replay").count() == 0  # "again" is this deal already
    assert page.locator("#play-again").inner_text() == "Play the deal of the day again"
    # the streak and the best in the service's words (the terminal says the same)
    end = table.answer["end"]
    assert page.inner_text("#end-streak") == end["streak_text"]
    assert page.inner_text("#end-best") == end["best_text"]
    page.locator("#ask-verdict").click()
    page.locator("#watch-line").wait_for(timeout=60_000)
    assert "could have been won" in page.inner_text("#end-verdict").lower()
    line = page.evaluate(  # its moves: the steps after the deal (step 0)
        "async (id) => (await (await fetch(`/api/games/${id}/verdict/line`)).json()).length - 1",
        first["id"],
    )
    page.evaluate(WATCH_STATUS)
    page.locator("#watch-line").click()
    page.wait_for_function(
        "document.querySelector('#message').textContent.includes('winning line')",
        timeout=60_000,
    )
    said = page.evaluate("window.__said")
    assert len(set(said)) >= line // 2, f"{len(set(said))} sentences for a line of {line}"
    assert not any(s and s.startswith("You ") for s in said), "the solver's moves, not yours"
    assert page.inner_text("#line-counter") == f"Move {line} of {line}"
    page.locator("#line-leave").click()  # back to the end of the game played
    page.wait_for_selector("#endpanel")
    assert "could have been won" in page.inner_text("#end-verdict").lower()  # still said
    # Play again: the same day's deal, dealt the same.
    page.locator("#play-again").click()
    page.wait_for_function(NEW_GAME, arg=first["id"])
    table.settle()
    again = table.answer
    assert (again["deal"], again["day"], again["view"]) == ("daily", first["day"], first["view"])
    # New deal after the deal of the day: random or winnable.
    page.locator("#newgame").click()
    page.locator("#choice button", has_text="Winnable deal").click()
    page.wait_for_function(NEW_GAME, arg=again["id"], timeout=60_000)
    table.settle()
    assert table.answer["deal"] == "winnable"
    give_up(table)
    assert page.inner_text("#play-again") == "Play again: new winnable deal"
    winnable = table.answer["id"]
    page.locator("#play-again").click()
    page.wait_for_function(NEW_GAME, arg=winnable, timeout=60_000)
    table.settle()
    assert table.answer["deal"] == "winnable"
    assert table.answer["options"] == first["options"]


def test_a_whole_game_of_uno_by_clicks(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.start("uno", seed=8, target=1)
    play_uno(table)
    end_panel_in_view(table)
    assert "Match to 1" in table.page.inner_text("#endpanel")
    old = table.answer["id"]
    # a new match; not this deal again, whose hands (the computer's too) were seen
    assert table.page.locator("#replay").count() == 0
    assert table.page.inner_text("#play-again") == "Play again: new match"
    table.page.locator("#play-again").click()
    table.page.wait_for_function(NEW_GAME, arg=old)
    table.settle()
    assert table.answer["options"]["target"] == 1
    assert table.answer["opponent"] == "random" and table.answer.get("seed") != 8


def test_naming_the_colour_of_a_wild_turned_up(table_at: TableAt) -> None:
    """Deal 36 turns up a Wild: its colour is named with a button per colour (each
    marked with its word and colour, as the person's other one-word moves are)."""
    table = table_at("laptop")
    table.start("uno", seed=36, first=0)
    moves = [m for m in table.moves() if m.get("word") == "colour"]
    assert len(moves) == 4
    blue = next(m for m in moves if m["colour"] == "B")
    table.click_move(blue)
    table.settle()
    assert table.answer["moves_played"] >= 1
    assert not [m for m in table.answer["legal_moves"] if m.startswith("colour:")]


def test_a_complete_foundations_calculator_row_reads_complete(table_at: TableAt) -> None:
    """Once a foundation's King is on, its calculator row has every rank struck through
    (as the ranks played on a foundation still building are) and says "complete"; it
    showed its twelve ranks as if none were played. Seed 3's winning line, 70 moves in:
    F1, F2 and F4 are complete, F3 is building."""
    from parlour import new_game
    from parlour.ai.solver import parse_budget, solve

    line = solve(new_game("calculation", seed=3), parse_budget("20000")).moves
    assert line is not None
    for viewport in ("phone", "desktop"):
        table = table_at(viewport)
        game_id = table.start("calculation", seed=3)
        for move in line[:70]:
            played = table.page.request.post(
                f"{table.server.url}/api/games/{game_id}/moves", data={"move": move}
            )
            assert played.ok, played.text()
        table.page.reload()
        table.page.wait_for_function(
            "window.Parlour && window.Parlour.game.answer"
            " && window.Parlour.game.answer.moves_played === 70"
        )
        table.settle()
        rows = table.page.evaluate(
            """() => [...document.querySelectorAll('#scene .calculator')].map((row) => ({
                 label: row.getAttribute('aria-label'),
                 mark: row.querySelector('.done-mark')?.textContent ?? null,
                 struck: [...row.querySelectorAll('span:not(.done-mark)')].map((s) =>
                   getComputedStyle(s).textDecorationLine.includes('line-through')),
               }))"""
        )
        complete = [r for r in rows if r["label"].endswith("is complete")]
        assert [r["label"] for r in complete] == [f"F{i} is complete" for i in (1, 2, 4)]
        for row in complete:
            assert row["mark"] == "✓ complete" and all(row["struck"]) and len(row["struck"]) == 12
        (building,) = [r for r in rows if r not in complete]
        assert building["mark"] is None and 0 < sum(building["struck"]) < 12


#: The enabled buttons of the controls row under the table, by their words.
ENABLED_CONTROLS = """() => [...document.querySelectorAll('#controls button')]
  .filter((b) => !b.disabled && b.offsetParent !== null)
  .map((b) => b.textContent.trim())"""


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_no_game_controls_once_the_game_is_over(table_at: TableAt, viewport: str) -> None:
    """Once a game is over no move is left, so the row under the table offers none:
    after resigning UNO (with its "Call UNO" option) the toggle stayed, pressable, beside
    a greyed Draw, and the patiences kept their greyed Deal or Turn. Before the end
    each game's row is there; after it nothing in it is enabled (it is hidden), at the
    end panel and with the table looked at."""
    table = table_at(viewport)
    for game in GAMES:
        if game == "uno":
            table.start(game, 13, uno_call=True, first=0)
        else:
            table.start(game, 7)
        if game in ("uno", "gate", "eight-by-eight", "chinese-patience"):
            assert table.page.locator("#controls button").count(), game
        table.give_up()
        table.page.wait_for_selector("#endpanel")
        table.settle()
        assert table.page.evaluate(ENABLED_CONTROLS) == [], game
        assert table.page.locator("#controls").is_hidden(), game
        table.page.reload()
        table.page.wait_for_selector("#endpanel")
        table.settle()
        assert table.page.evaluate(ENABLED_CONTROLS) == [], game


#: The hand's cards under the table, left to right: their left and right edges, and
#: the room the hand has (the scene's width).
HAND = """() => ({
  cards: [...document.querySelectorAll('#scene .pile.hand .card')].map((c) => {
    const r = c.getBoundingClientRect();
    return [r.left, r.right];
  }).sort((a, b) => a[0] - b[0]),
  room: document.querySelector('#scene').getBoundingClientRect(),
})"""


def test_a_uno_hand_overlaps_only_when_its_row_has_no_room(table_at: TableAt) -> None:
    """Seven cards lie side by side where the row has room (1440x900, a laptop, a
    desktop: they overlapped by 38% whatever the room); on a phone, where it has not,
    they overlap evenly, just enough to fill the row, as the same rule says."""
    table = table_at("laptop")
    page = table.page
    for width, height in ((1440, 900), VIEWPORTS["laptop"], VIEWPORTS["desktop"], (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        table.start("uno", seed=17, first=0)
        hand = page.evaluate(HAND)
        cards = hand["cards"]
        assert len(cards) == 7
        steps = [b[0] - a[0] for a, b in zip(cards, cards[1:], strict=False)]
        card = cards[0][1] - cards[0][0]
        if width >= 1280:
            gaps = [b[0] - a[1] for a, b in zip(cards, cards[1:], strict=False)]
            assert min(gaps) >= 0, f"at {width}x{height} the cards overlap: {gaps}"
        else:
            assert max(steps) < card, f"at {width}x{height}: {steps}"
            assert max(steps) - min(steps) <= 1, f"unevenly at {width}x{height}: {steps}"
            spread = cards[-1][1] - cards[0][0]
            assert spread >= hand["room"]["width"] - 2, "overlapped more than the row needs"
        check_geometry(table, f"UNO's hand at {width}x{height}")
