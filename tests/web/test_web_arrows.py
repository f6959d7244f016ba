"""The arrow keys at the card table, in headless Chromium: they follow the table's
layout (up and down go up and down, left and right along a row), and step through
every card of a hand, those that cannot be played now as well (told so), so a
keyboard or screen-reader user can read the whole hand."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletools import Table

TableAt = Callable[..., Table]
#: Where the keyboard is: the pile, and the card's accessible name.
FOCUSED = """() => {
  const el = document.activeElement;
  const pile = el && el.closest('.pile');
  return {pile: pile ? pile.dataset.pile : null, card: el.dataset.card || null,
          label: el.getAttribute('aria-label'), disabled: el.getAttribute('aria-disabled')};
}"""


#: The keyboard's ring where it is, as the browser draws it: the outline and the box
#: shadow's colours, and the page's own colours it must stand apart from.
RING = """() => {
  const el = document.activeElement;
  const s = getComputedStyle(el);
  const root = getComputedStyle(document.documentElement);
  const colour = (name) => root.getPropertyValue(name).trim();
  return {visible: el.matches(':focus-visible'), style: s.outlineStyle, outline: s.outlineColor,
          width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset),
          shadows: s.boxShadow.match(/rgba?\\([^)]*\\)/g) || [],
          hint: colour('--hint'), felt: [colour('--felt'), colour('--felt-dark')]};
}"""
#: UNO's card colours, as the cards are drawn (static/js/cards.js), and a Wild's black.
UNO_FILL = re.findall(
    r"#[0-9a-f]{6}",
    re.search(
        r"UNO_FILL = \{([^}]*)\}",
        (Path(__file__).parents[2] / "src/parlour/web/static/js/cards.js").read_text(),
    )[1],  # type: ignore[index]
) + ["#1b1b1b", "#ffffff"]


def rgb(text: str) -> tuple[int, int, int]:
    """A CSS colour, "#ffb020" or "rgb(255, 176, 32)", as its red, green and blue."""
    if text.startswith("#"):
        return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
    r, g, b = (int(float(n)) for n in re.findall(r"[\d.]+", text)[:3])
    return (r, g, b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours."""

    def lum(colour: str) -> float:
        parts = [c / 255 for c in rgb(colour)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def check_ring(table: Table) -> dict[str, Any]:
    """The keyboard's ring is clearly seen and unlike a hint's glow: a crisp outline
    set off from the element, and a ring inside it, of two colours one of which stands
    3:1 (WCAG 2.2's non-text contrast) against every card colour and the felt, neither
    of them the hint's amber (the ring was amber too, and faint on a yellow card)."""
    ring: dict[str, Any] = table.page.evaluate(RING)
    assert ring["visible"] and ring["style"] == "solid", ring
    assert ring["width"] >= 2 and ring["offset"] >= 2, ring
    colours = [ring["outline"], ring["shadows"][0]]
    assert rgb(ring["hint"]) not in {rgb(c) for c in colours}, ring
    for fill in UNO_FILL + ring["felt"]:
        assert max(contrast(c, fill) for c in colours) >= 3, (fill, ring)
    assert all(contrast(ring["outline"], felt) >= 3 for felt in ring["felt"]), ring
    return ring


def tab_order(table: Table) -> list[str]:
    """The piles of the table's places in the order Tab reaches them."""
    order: list[str] = table.page.evaluate(
        "[...document.querySelectorAll('#scene [tabindex=\"0\"]')]"
        ".map((el) => el.closest('.pile').dataset.pile)"
    )
    return order


def focused(table: Table) -> dict[str, Any]:
    where: dict[str, Any] = table.page.evaluate(FOCUSED)
    return where


def press(table: Table, key: str) -> dict[str, Any]:
    table.page.keyboard.press(key)
    return focused(table)


def shot(table: Table, name: str) -> None:
    shots = os.environ.get("PARLOUR_SHOTS")  # a folder for screenshots to look at
    if shots:
        table.page.screenshot(path=f"{shots}/{name}.png")


def test_arrow_keys_follow_calculations_layout(table_at: TableAt) -> None:
    """With the current card picked up, the waste piles are lit places to put it: at a
    phone's size (the waste piles above the current card) ArrowDown from W2 goes down
    to the current card, not along to W3 as it did; left and right go along the row.
    Tab goes where play starts: the current card first (it came after the waste
    piles, the last place on the table), then the places it may go, foundations first."""
    for viewport in ("phone", "laptop"):
        table = table_at(viewport)
        table.start("calculation", seed=4)
        assert tab_order(table)[0] == "S"
        table.card("S").focus()
        table.page.keyboard.press("Enter")
        order = tab_order(table)
        assert order[0] == "S" and len(order) > 1, order
        assert order == sorted(order, key=lambda pile: "SFW".index(pile[0])), order
        assert press(table, "Tab")["pile"] == order[1]
        spot = table.page.locator('#scene .pile[data-pile="W2"] [data-lit]')
        spot.focus()
        assert press(table, "ArrowRight")["pile"] == "W3"
        assert press(table, "ArrowLeft")["pile"] == "W2"
        assert press(table, "ArrowLeft")["pile"] == "W1"
        spot.focus()
        shot(table, f"arrows-calculation-{viewport}")
        if viewport == "phone":  # the current card lies under the waste piles
            assert press(table, "ArrowDown")["pile"] == "S"
            assert press(table, "ArrowUp")["pile"] == "W2"
        else:  # one row: F1-F4, W1-W4, the current card; nothing lies under W2
            assert press(table, "ArrowDown")["pile"] == "W2"
            for _ in range(3):
                table.page.keyboard.press("ArrowRight")
            assert focused(table)["pile"] == "S"


def test_arrow_keys_read_the_whole_uno_hand(table_at: TableAt) -> None:
    """Left and right step through every card of the hand in order, a card that cannot
    be played now as well (its name says so, and Enter says it cannot move); Tab still
    goes only to what can be used."""
    for viewport in ("phone", "laptop"):
        table = table_at(viewport)
        table.start("uno", seed=5, first=0)
        hand = table.answer["view"]["hand"]
        playable = {m["source"] for m in table.moves() if m.get("source")}
        assert playable and set(hand) - playable, "the deal needs both kinds of card"
        table.page.locator("#scene .pile.hand .card").first.focus()
        seen = [focused(table)]
        for _ in range(len(hand) - 1):
            seen.append(press(table, "ArrowRight"))
            check_ring(table)  # the same ring on every card, a yellow one's too
        assert [s["card"] for s in seen] == hand
        for card, where in zip(hand, seen, strict=True):
            if card in playable:  # Enter plays it at once (it said "pick up")
                assert where["disabled"] is None and where["label"].endswith(": play"), where
            else:
                assert where["disabled"] == "true"
                assert where["label"].endswith("your hand: not playable now"), where
        assert press(table, "ArrowLeft")["card"] == hand[-2]
        shot(table, f"arrows-uno-{viewport}")
        stuck = next(c for c in hand if c not in playable)
        table.page.locator(f'#scene .pile.hand .card[data-card="{stuck}"]').first.focus()
        table.page.keyboard.press("Enter")
        table.page.wait_for_function(
            "document.querySelector('#message').textContent.includes('cannot move now')"
        )
        assert table.played() == 0
        assert press(table, "ArrowUp")["pile"] == "draw"  # the draw pile lies above
        tabbed = table.page.evaluate(
            "[...document.querySelectorAll('#scene .pile.hand [tabindex=\"0\"]')]"
            ".map((c) => c.dataset.card)"
        )
        assert sorted(tabbed) == sorted(c for c in hand if c in playable)
        if viewport == "laptop":
            # a hint asked from the keyboard leaves it on the hinted card: the ring and
            # the hint's glow round it, each its own (the glow alone showed, amber)
            table.page.keyboard.press("h")
            table.page.wait_for_selector("#message.hint.shown", timeout=30_000)
            table.page.wait_for_selector("#scene .card.hinted:focus-visible")
            ring = check_ring(table)
            assert rgb(ring["hint"]) in {rgb(c) for c in ring["shadows"][1:]}, ring


def test_a_card_sent_home_by_keyboard_is_heard_and_the_keyboard_stays_near(
    table_at: TableAt,
) -> None:
    """The Gate's A♣ put on a foundation with Enter, Enter: a screen reader hears the
    move, its cards in words (the status says only what the turn asks next: nothing
    told it); the keyboard, which cannot stay on the foundation, goes to the place
    nearest to where the card was (T4, beside T3), not to the table's first card (L)."""
    table = table_at("laptop")
    page = table.page
    table.start("gate", seed=1)
    table.card("T3").focus()
    page.keyboard.press("Enter")
    page.locator('#scene .pile[data-pile="F1"] [data-lit]').focus()
    table.after(lambda: page.keyboard.press("Enter"))
    assert table.answer["moves_played"] == 1
    heard = page.locator("#heard")
    assert heard.get_attribute("aria-live") == "polite"
    assert heard.inner_text().startswith("You play Ace of clubs from T3 to F1."), heard.inner_text()
    assert focused(table)["pile"] == "T4"


#: Where the keyboard is: a card of the person's hand (playable or not), else what.
IN_HAND = """() => {
  const el = document.activeElement;
  const pile = el && el.closest && el.closest('.pile.hand');
  return pile ? {hand: true, movable: el.classList.contains('movable'),
                 index: Number(el.dataset.index), card: el.dataset.card}
              : {hand: false, tag: el ? el.tagName : null, id: el ? el.id : null};
}"""
HAS_PLAYABLE = "() => !!document.querySelector('#scene .pile.hand .card.movable')"


def test_the_keyboard_stays_in_the_uno_hand_through_the_computers_reply(
    table_at: TableAt,
) -> None:
    """A hand card played with Enter: the keyboard stays in the hand while the
    computer replies and after (the next playable card from that place on, else the
    card there), not on the page's body (Tab from the top again); between two hands
    "Next hand" has it, and the hand after; at the end, the end panel's first button."""
    table = table_at("laptop")
    page = table.page
    table.start("uno", seed=17, opponent="random", first=0, target=1)
    plays = ["R6", "R8", "W:B", "B2", "BS", "YS", "YD"]
    for move in plays:
        source = move.split(":")[0]
        card = page.locator(f'#scene .pile.hand .card.movable[data-source="{source}"]').first
        card.focus()
        if ":" in move:  # a Wild: its colour is chosen in the dialog
            page.keyboard.press("Enter")
            page.locator("dialog.colours .colour-button", has_text="blue").click()
            table.settle()
            continue
        table.after(lambda: page.keyboard.press("Enter"))
        if table.answer.get("outcome"):
            break
        where = page.evaluate(IN_HAND)
        assert where["hand"], f"after {move} the keyboard is on {where}"
        assert where["movable"] == page.evaluate(HAS_PLAYABLE), where
    page.wait_for_selector("#endpanel")
    table.settle()
    assert page.evaluate("document.activeElement.id") == "play-again"


def test_next_hand_leaves_the_keyboard_in_the_new_hand(table_at: TableAt) -> None:
    table = table_at("phone")
    page = table.page
    game_id = table.start("uno", seed=17, opponent="random", first=0)
    for move in ["R6", "R8", "W:B", "B2", "BS", "YS"]:
        url = f"{table.server.url}/api/games/{game_id}/moves"
        assert page.request.post(url, data={"move": move}).ok
    page.reload()
    page.wait_for_selector("#scene .card.movable")
    table.settle()
    page.locator('#scene .card.movable[data-source="YD"]').focus()
    page.keyboard.press("Enter")
    table.next_hand("Enter")
    where = page.evaluate(IN_HAND)
    assert where["hand"] and where["movable"], where
    shot(table, "focus-next-hand-phone")


def test_the_colour_of_a_wild_is_chosen_by_arrow_keys_or_its_letter(
    table_at: TableAt,
) -> None:
    """The colour chooser of a Wild: the arrow keys go round its grid as it lies (red,
    yellow / green, blue: only Tab went from one to the next), Enter names the one
    focused, and a colour's first letter, shown on its button, names it at once."""
    table = table_at("phone")
    page = table.page
    game_id = table.start("uno", seed=17, opponent="random", first=0)
    for move in ["R6", "R8"]:  # the computer replies to each
        url = f"{table.server.url}/api/games/{game_id}/moves"
        assert page.request.post(url, data={"move": move}).ok
    page.reload()
    page.wait_for_selector('#scene .pile.hand .card.movable[data-source="W"]')
    table.settle()
    wild = page.locator('#scene .pile.hand .card.movable[data-source="W"]').first
    wild.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog.colours")
    name = "() => document.activeElement.value"
    assert page.evaluate(name) == "R"
    assert [press_in(page, k, name) for k in ("ArrowRight", "ArrowDown", "ArrowLeft")] == [
        "Y",
        "B",
        "G",
    ]
    assert press_in(page, "ArrowUp", name) == "R"
    kbd = page.locator("dialog.colours .colour-button kbd").all_inner_texts()
    assert sorted(kbd) == ["B", "G", "R", "Y"], kbd
    played = table.played()
    table.after(lambda: page.keyboard.press("b"))
    assert page.locator("dialog.colours").count() == 0
    assert table.played() > played
    log = page.evaluate("window.Parlour.game.log.map((e) => e.text)")
    assert any("Wild" in t and "blue" in t for t in log), log
    page.locator("#keys").click()
    assert "R, Y, G, B" in page.inner_text("dialog.keys")


def press_in(page: Any, key: str, read: str) -> Any:
    page.keyboard.press(key)
    return page.evaluate(read)
