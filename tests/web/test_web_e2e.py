"""End to end: the real server (``parlour serve``) driven in headless Chromium.

The front page starts a game with its options in words; Calculation takes moves
from the keyboard alone, double-clicks and drag and drop (an illegal drop snaps
back and says why); every other game takes moves through its table and logs
them in sentences; the server is restarted mid-game and the browser carries on;
the rules and how-to-play pages; the UNO colour chooser; reduced motion. Set
``PARLOUR_SCREENSHOTS=1`` to refresh the README's screenshots in
``docs/screenshots/`` (every game at desktop and phone size).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tabletools import COVERED, GAMES, Table

from parlour.errors import ParlourError
from parlour.service.policy import check_seed

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
TableAt = Callable[..., Table]
#: Count the animations started from now on (a short deal can end between two polls).
COUNT_ANIMATIONS = """() => {
  window.__animated = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.__animated++;
    return animate.apply(this, args);
  };
}"""


def test_front_page_starts_a_game_with_options_in_words(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.open("#/")
    form = table.page.locator("form[data-game=uno]")
    assert "Who starts" in form.inner_text() and "Call UNO" in form.inner_text()
    assert "uno_call" not in table.page.inner_text("main")
    calc = table.page.locator("form[data-game=calculation]")
    assert calc.get_by_label("Winnable deals only").count() == 1
    assert calc.locator("button.daily").inner_text() == "Deal of the day"
    # no card has a tall blank between its summary and its form (The Gate's lined up
    # with UNO's options beside it, 160 px of nothing)
    gaps = table.page.evaluate(
        """() => [...document.querySelectorAll('.game-card')].map((card) =>
            [card.querySelector('h3').textContent,
             card.querySelector('form').getBoundingClientRect().top
               - card.querySelector('.summary').getBoundingClientRect().bottom])"""
    )
    assert len(gaps) == 5 and all(gap < 24 for _, gap in gaps), gaps
    form.get_by_label("Points to win the match").fill("100")
    form.get_by_label("Who starts").select_option(label="You")
    form.get_by_label("Computer").select_option("random")
    form.locator("summary").click()
    form.get_by_label("Deal number").fill("2")
    form.locator("button[type=submit]").click()
    table.page.wait_for_selector("#scene .card")
    table.settle()
    answer = table.answer
    assert answer["options"]["target"] == 100 and answer["options"]["first"] == 0
    assert answer["opponent"] == "random"
    table.open("#/")
    assert "UNO" in table.page.inner_text(".continue")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_deal_of_the_day_says_so_while_it_is_played(table_at: TableAt, size: str) -> None:
    table = table_at(size)
    table.open("#/")
    table.page.locator("form[data-game=gate] button.daily").click()
    table.page.wait_for_selector("#scene .card")
    label = table.page.locator("#deal-kind")
    assert label.inner_text().startswith("Deal of the day, ")
    assert label.is_visible()
    box = label.bounding_box()
    assert box and box["x"] + box["width"] <= table.page.viewport_size["width"]


def deal_number_box(table: Table, game: str) -> tuple[Any, Any]:
    """The front page's new-game form of ``game``, and its deal number box, opened."""
    table.open("#/")
    form = table.page.locator(f"form[data-game={game}]")
    form.locator("summary").click()
    return form, form.get_by_label("Deal number")


def test_a_deal_number_too_long_for_the_browser_is_refused(table_at: TableAt) -> None:
    # JavaScript reads 548861766482768326 as 548861766482768300, another deal: the form
    # must refuse it rather than deal that one
    table = table_at("laptop")
    form, field = deal_number_box(table, "gate")
    field.fill("548861766482768326")
    form.locator("button[type=submit]").click()
    table.page.wait_for_timeout(300)
    assert table.page.evaluate("location.hash") in ("", "#/")
    refused = form.locator(".seed .field-error").inner_text()
    assert "9007199254740991" in refused.replace(",", "").replace(".", "")
    field.fill("9007199254740991")
    form.locator("button[type=submit]").click()
    table.page.wait_for_selector("#scene .card")
    assert table.answer["seed"] == 9007199254740991


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
def test_a_negative_deal_number_is_refused_in_the_services_words(
    table_at: TableAt, viewport: str
) -> None:
    """'-3' is refused under the box in the words of the service's seed error (every
    front end's), not in the browser's own validation bubble; a good number then deals."""
    table = table_at(viewport)
    form, field = deal_number_box(table, "calculation")
    field.fill("-3")
    form.locator("button[type=submit]").click()
    shown = form.locator(".seed .field-error")
    shown.wait_for(state="visible")
    assert field.evaluate("e => e.validationMessage") == "", "no browser bubble"
    with pytest.raises(ParlourError) as refused:
        check_seed(-3)
    words = str(refused.value)
    assert shown.inner_text() == f"{words[0].upper()}{words[1:]}."
    assert field.get_attribute("aria-invalid") == "true"
    assert field.evaluate("e => e.getAttribute('aria-describedby')") == shown.get_attribute("id")
    assert field.evaluate("e => e === document.activeElement")
    assert table.page.evaluate("location.hash") in ("", "#/")
    assert form.locator("p.error[role=alert]").inner_text() == "", "said once, by the box"
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    if shots:
        form.screenshot(path=f"{shots}/seed-refused-{viewport}.png")
    field.fill("3")
    form.locator("button[type=submit]").click()
    table.page.wait_for_selector("#scene .card")
    assert table.answer["seed"] == 3


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_two_people_at_one_table_from_the_front_page(table_at: TableAt, game: str) -> None:
    """The front page offers two people at one table where the catalogue says a game
    takes people (its two-player games), by the catalogue's words; the game starts
    from the form (deal number and all), and each seat plays a move, the screen handed
    over between them. A patience offers it not."""
    table = table_at("phone")
    page = table.page
    table.open("#/")
    catalog = {
        g["name"]: g for g in page.request.get(f"{table.server.url}/api/catalog").json()["games"]
    }
    for name, entry in catalog.items():
        offered = page.locator(f"form[data-game={name}] button[data-one-table]")
        people = {p["name"]: p["label"] for p in entry["people"]}
        assert offered.count() == (1 if "human" in people else 0), name
        assert ("human" in people) == (entry["players"] == 2), name
        summary = page.locator(f"article:has(form[data-game={name}]) p.summary").inner_text()
        if entry["players"] == 2:  # whom it is played with, as the form offers them
            assert summary.endswith(
                "Two players: you against the computer, a friend online or someone at the"
                " same screen."
            ), summary
        else:
            assert summary.endswith("One player."), summary
    form, field = deal_number_box(table, game)
    field.fill("13")
    form.locator("button[data-one-table]").click()
    page.wait_for_selector("#handover")
    table.settle()
    # the first player's cards are shown once they have the screen (they were face up
    # for whoever had pressed the button)
    first = table.answer["hand_over"]["seat"]
    cover = page.locator("#handover-text").inner_text()
    assert cover == f"Player {first + 1}'s turn: pass the screen to Player {first + 1}."
    assert page.evaluate(COVERED), "a hand shows before the screen is passed"
    table.take_over()
    answer = table.answer
    assert answer["opponent"] == "human" and answer["seed"] == 13
    assert page.inner_text("#game-title .who").strip() == "for two people at one table"
    played: list[int] = []
    for _ in range(2):
        seat = table.answer["seat"]
        assert table.answer["your_turn"] and table.answer["to_move"] == seat
        before = table.played()
        for _ in range(12):  # a seat's moves, until the turn passes
            moves = table.moves()
            placed = [m for m in moves if m.get("source") is not None]
            table.click_move((placed or [m for m in moves if not m.get("colour")] or moves)[0])
            if page.locator("#take-over").count():
                break
        assert table.played() > before
        played.append(seat)
        cover = page.locator("#handover-text").inner_text()
        assert cover == f"Player {2 - seat}'s turn: pass the screen to Player {2 - seat}."
        page.locator("#take-over").click()
        page.wait_for_function("(s) => window.Parlour.game.answer.seat === s", arg=1 - seat)
        page.wait_for_selector("#scene .card")
        table.settle()
    assert played[0] != played[1], "both seats played"


def test_calculation_by_keyboard_double_click_and_drag(table_at: TableAt) -> None:
    table = table_at("laptop")
    table.start("calculation", seed=4)
    page = table.page
    # The keyboard alone: Tab to the current card, Enter, Tab to a lit pile, Enter.
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.source === 'S'"):
            break
    page.keyboard.press("Enter")
    assert page.locator("#scene .pile.lit").count() >= 4
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-lit')"):
            break
    table.after(lambda: page.keyboard.press("Enter"))
    assert table.played() == 1
    table.after(lambda: page.keyboard.press("u"))
    assert table.played() == 0
    table.after(lambda: page.keyboard.press("r"))
    assert table.played() == 1
    # A double-click sends a card home.
    for _ in range(40):
        home = [m for m in table.moves() if m["target"].startswith("F")]
        if home:
            card = table.card(home[0]["source"])
            table.after(lambda card=card: card.dblclick(position=table.corner(card)))
            break
        stock = next(m for m in table.moves() if m["source"] == "S")
        table.click_move(stock)
    else:
        pytest.fail("no card could go to a foundation")
    # Drag and drop: the card follows the pointer; a legal drop plays.
    before = table.played()
    source = table.card("S")
    target = table.pile("W2")
    box, spot = source.bounding_box(), target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(spot["x"] + 20, spot["y"] + 30, steps=6)
    table.after(lambda: page.mouse.up())
    assert table.played() == before + 1
    # An illegal drop (the current card onto a foundation it does not fit) snaps back.
    fits = {m["target"] for m in table.moves() if m["source"] == "S"}
    wrong = next(f for f in ("F1", "F2", "F3", "F4") if f not in fits)
    box, spot = table.card("S").bounding_box(), table.pile(wrong).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(spot["x"] + 30, spot["y"] + 40, steps=6)
    page.mouse.up()
    page.wait_for_selector("#message.shown")
    assert "cannot go" in page.inner_text("#message")
    page.wait_for_function("document.querySelector('#message').textContent.includes('needs')")
    assert table.played() == before + 1
    table.settle()
    assert table.card("S").bounding_box() == box
    # "?" opens the keys.
    page.keyboard.press("?")
    assert "undo" in page.locator("dialog.keys").inner_text()
    page.keyboard.press("Escape")


#: UNO's seed 4 (the random player, you first): after these moves, a card drawn can
#: be played or kept. (Seed 9's moves stopped reaching it when the computer's replies
#: took their seeds from rng.derived_seed.)
UNO_TO_DRAW = ["R6", "R2", "R7", "Y5"]


def test_one_word_moves_take_the_games_keys(table_at: TableAt) -> None:
    """The keys of one-word moves are the service's (``answer.move_keys``, the game's
    ``move_keys``: the terminal table's keys): at UNO, D draws and K keeps the card
    drawn (the web table knew D alone, its own copy), the buttons show them, and the
    keys help lists each the table's options have (no C, A or G without the challenge
    and the call)."""
    table = table_at("laptop")
    page = table.page
    game_id = table.start("uno", seed=4)
    moves_url = f"{table.server.url}/api/games/{game_id}/moves"
    for move in UNO_TO_DRAW:
        sent = page.request.post(moves_url, data={"move": move})
        assert sent.ok, sent.text()
    page.reload()
    page.wait_for_function("() => (window.Parlour.game.answer || {}).moves_played")
    table.settle()
    keys = {k["move"]: k["key"] for k in table.answer["move_keys"]}
    assert keys == {"draw": "d", "play": "p", "keep": "k", "pass": "s"}, keys
    page.keyboard.press("d")
    page.wait_for_function("() => window.Parlour.game.moves.some((m) => m.word === 'keep')")
    table.settle()
    assert page.locator('#controls [data-word="keep"] kbd').inner_text() == "K"
    page.keyboard.press("k")
    page.wait_for_function("() => window.Parlour.game.answer.view.drawn == null")
    table.settle()
    assert table.answer["played"]["move"] == "keep", table.answer["played"]
    page.keyboard.press("?")
    rows = page.locator("dialog.keys[open] caption:text('This game') + tbody tr")
    shown = [r.split("\t", 1)[0] for r in rows.all_inner_texts()]
    assert shown == ["D", "P", "K", "S", "R, Y, G, B"], shown
    page.keyboard.press("Escape")
    # with the challenge and the call, their keys too (the service's, in its order)
    table.start("uno", seed=9, w4_challenge=True, uno_call=True)
    page.keyboard.press("?")
    shown = [r.split("\t", 1)[0] for r in rows.all_inner_texts()]
    assert shown == ["D", "P", "K", "S", "C", "A", "G", "R, Y, G, B"], shown


@pytest.mark.parametrize("game", ["gate", "eight-by-eight", "chinese-patience", "uno"])
def test_moves_in_each_other_game(table_at: TableAt, game: str) -> None:
    table = table_at("laptop")
    table.start(game, seed=5)
    made = 0
    for _ in range(6):
        moves = [m for m in table.moves() if not m.get("colour")]
        if not moves:
            break
        before = table.played()
        placed = sorted(moves, key=lambda m: (m.get("source") is None, m["move"]))
        table.click_move(placed[0])
        assert table.played() > before, f"{placed[0]['move']} was not played"
        made += 1
    assert made >= 3
    log = table.page.locator("#log li")
    assert log.count() >= made
    text = table.page.inner_text("#log")
    assert "player 0" not in text and "player 1" not in text


def test_the_server_restarts_mid_game(table_at: TableAt, live_server: object) -> None:
    table = table_at("laptop")
    table.start("gate", seed=9)
    for _ in range(3):
        table.click_move(sorted(table.moves(), key=lambda m: (m["source"] is None, m["move"]))[0])
    view = table.page.evaluate("JSON.stringify(window.Parlour.game.answer.view)")
    live_server.restart()  # type: ignore[attr-defined]
    table.page.reload()
    table.page.wait_for_selector("#scene .card")
    table.settle()
    assert table.page.evaluate("JSON.stringify(window.Parlour.game.answer.view)") == view
    assert table.page.locator("#log li").count() >= 3  # the log is kept across reloads
    table.click_move(table.moves()[0])
    assert table.played() == 4


#: Each list item holding a list: its words before the list (up to a semicolon or its
#: first 35 characters), how many items the inner list has, and how a paragraph after
#: the inner list begins.
NESTED = """() => [...document.querySelectorAll('article.rules li')]
  .filter((li) => li.querySelector(':scope > ul, :scope > ol'))
  .map((li) => {
    const inner = li.querySelector(':scope > ul, :scope > ol');
    let own = '';
    for (const n of li.childNodes) { if (n === inner) break; own += n.textContent; }
    own = own.trim().split(';')[0].slice(0, 35).trim();
    const found = [own, inner.children.length];
    const after = li.querySelector(':scope > ul ~ p, :scope > ol ~ p');
    if (after) found.push(after.textContent.split(' ').slice(0, 4).join(' '));
    return found;
  })"""


def test_rules_and_how_to_play_pages(table_at: TableAt) -> None:
    table = table_at("phone")
    table.open("#/rules/chinese-patience")
    table.page.wait_for_selector("article.rules h1")
    assert "Chinese Patience" in table.page.inner_text("article.rules h1")
    assert table.page.locator("article.rules li").count() > 10
    table.page.locator("a", has_text="How to play, with pictures").click()
    table.page.wait_for_selector(".howto-steps")
    assert table.page.locator(".howto-table svg").count() == 1
    assert table.page.locator(".howto-steps .card").count() >= 4
    table.page.locator("a", has_text="The full rules").click()
    table.page.wait_for_selector("article.rules h1")
    # from the site's menu the page's heading has the keyboard, and Tab from it goes to
    # the other games' rules (the heading stood after them: Tab went on past every link,
    # to the table at the page's end)
    table.page.locator("header.top a[data-page='stats']").click()
    table.page.wait_for_selector(".stats-page")
    table.page.locator("header.top a[data-page='rules']").click()
    table.page.wait_for_function("document.activeElement.matches('article.rules h1')")
    table.page.keyboard.press("Tab")
    assert table.page.evaluate("document.activeElement.closest('.subnav') !== null")
    # the Markdown reader nests lists by indentation: UNO's cases of the first card
    # turned are a list inside their item (they were items of their own), and every
    # page reads as its Markdown means, with no marks left over
    for game in GAMES:
        table.open(f"#/rules/{game}")
        table.page.wait_for_selector(f'.subnav a[aria-current][href="#/rules/{game}"]')
        nested = table.page.evaluate(NESTED)
        assert nested, f"{game}: no list inside a list item"
        text = table.page.inner_text("article.rules")
        assert not re.search(r"`|\*\*|^#|^\s*- ", text, re.M), game
        if game == "uno":
            assert ["First card turned:", 5] in nested, nested
            assert ["Option w4_challenge (off by default", 4] in nested, nested
        if game == "calculation":  # a paragraph after the sub-list goes on with its item
            assert ["An explicit deck is either", 2, "Anything else is rejected"] in nested


def test_uno_colour_chooser(table_at: TableAt) -> None:
    """Deal 13's Wild Draw Four is held with yellow 7 on yellow, so playing it is
    penalised: the service's warning is the card's tooltip and in its accessible name,
    and read in the colour chooser before a colour is named (was: nowhere before the
    penalty); Cancel plays nothing. The Wild beside it warns of nothing."""
    table = table_at("laptop")
    table.start("uno", seed=13, first=0)
    assert any(m["source"] == "W" and m.get("colour") == "B" for m in table.moves())
    warning = (
        "You hold a yellow card: a Wild Draw Four now is penalised: "
        "you take it back, draw four and lose your turn."
    )
    w4 = table.card("W4")
    assert w4.get_attribute("title") == warning
    assert w4.get_attribute("aria-label") == f"Wild Draw Four, your hand: play. {warning}"
    assert table.card("W").get_attribute("title") is None
    w4.click()
    dialog = table.page.locator("dialog.colours")
    assert dialog.locator("p.note").inner_text() == warning
    assert dialog.get_attribute("aria-describedby") == "colour-note"
    dialog.locator("button.cancel").click()
    assert dialog.count() == 0 and table.played() == 0
    table.card("W").click()
    assert dialog.locator("p.note").count() == 0
    assert dialog.get_attribute("aria-describedby") is None
    assert dialog.locator("button").count() == 5  # four colours and Cancel
    buttons = [dialog.locator(".colour-button").nth(i) for i in range(4)]
    # each names its colour, with the letter key that picks it
    assert [b.locator("span").inner_text() for b in buttons] == ["red", "yellow", "green", "blue"]
    assert [b.locator("kbd").inner_text() for b in buttons] == ["R", "Y", "G", "B"]
    table.after(lambda: dialog.locator(".colour-button", has_text="blue").click())
    assert table.played() >= 1
    assert re.search(r"Wild", table.page.inner_text("#log"))


def test_reduced_motion_moves_cards_without_animation(table_at: TableAt) -> None:
    table = table_at("laptop", reduced_motion="reduce")
    table.start("calculation", seed=6)
    table.page.goto(table.page.url.replace("?fast", ""))
    table.page.wait_for_selector("#scene .card")
    table.settle()
    card = table.card("S")
    card.click()
    spot = table.page.locator("#scene .pile.lit").first.locator(".card, .slot").last
    with table.page.expect_response(re.compile(r"/moves")):
        spot.click()
    running = table.page.evaluate(
        "document.getAnimations().filter(a => a.effect && a.effect.target"
        " && a.effect.target.closest && a.effect.target.closest('#scene')"
        " && a.effect.getTiming().duration > 20).length"
    )
    assert running == 0


@pytest.mark.skipif(not os.environ.get("PARLOUR_SCREENSHOTS"), reason="PARLOUR_SCREENSHOTS=1 only")
@pytest.mark.parametrize(("viewport", "name"), [("laptop", "desktop"), ("phone", "phone")])
def test_screenshots(table_at: TableAt, viewport: str, name: str) -> None:
    table = table_at(viewport)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        table.start(game, seed=21)
        for _ in range(8):
            moves = [m for m in table.moves() if not m.get("colour")]
            if not moves or table.answer.get("outcome"):
                break
            table.click_move(sorted(moves, key=lambda m: (m.get("source") is None, m["move"]))[0])
        table.page.wait_for_timeout(300)
        table.page.screenshot(path=str(SHOTS / f"{game}-{name}.png"))
        table.page.evaluate(
            "fetch(`/api/games/${window.Parlour.game.answer.id}/resign`, {method: 'POST'})"
        )
    table.open("#/")
    table.page.wait_for_selector(".game-card")
    table.page.screenshot(path=str(SHOTS / f"home-{name}.png"))
    table.open("#/stats")
    table.page.wait_for_selector(".chart")
    table.page.screenshot(path=str(SHOTS / f"stats-{name}.png"))


def test_cards_travel_and_turn_over(table_at: TableAt) -> None:
    """Without ``?fast``: a moved card travels for 150-300 ms, the next stock card
    turns over on its way, and a new game is dealt card by card."""
    table = table_at("laptop")
    table.start("calculation", seed=6)
    table.page.goto(table.page.url.replace("?fast", ""))
    table.page.wait_for_selector("#scene .card")
    table.settle()
    table.card("S").click()
    spot = table.page.locator('#scene .pile.lit[data-target="W1"] .slot')
    with table.page.expect_response(re.compile(r"/moves")):
        spot.click()
    table.page.wait_for_function(
        "document.getAnimations().some(a => a.effect && a.effect.target"
        " && a.effect.target.closest && a.effect.target.closest('#scene'))"
    )
    durations = table.page.evaluate(
        "document.getAnimations().filter(a => a.effect && a.effect.target"
        " && a.effect.target.closest && a.effect.target.closest('#scene'))"
        ".map(a => a.effect.getTiming().duration)"
    )
    assert durations and all(150 <= d <= 300 for d in durations), durations
    assert table.page.locator("#scene svg.turning").count() >= 1  # the new current card
    table.settle()
    table.page.evaluate(COUNT_ANIMATIONS)
    table.page.locator("#newgame").click()
    table.page.locator("#confirm-yes").click()  # a move was made: it asks first
    table.page.wait_for_function("window.__animated >= 5")  # the new deal is dealt


def test_an_unknown_address_says_so(table_at: TableAt) -> None:
    """A mistyped or old link (#/nonsense/route) says there is no such page, with the
    way back, rather than showing the front page as if the link had worked."""
    table = table_at("phone")
    table.open("#/nonsense/route")
    table.page.wait_for_selector("h1:text('No such page')")
    assert "#/nonsense/route" in table.page.inner_text("main")
    table.page.locator("main a[href='#/']").click()
    table.page.wait_for_selector("form[data-game=gate]")
