"""Small screens in headless Chromium: words that stay readable.

The statistics page on a phone draws its charts for the phone's width (a chart
drawn 640 wide and shrunk to fit showed 5 px words), and its table of figures,
wider than the screen, fades at the right edge until scrolled to its end. The
labels of the piles are at least 11 px, and a long one shrinks to its room
rather than run into the next.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletools import Table

TableAt = Callable[..., Table]
#: The rendered height of every word in the statistics' charts, in pixels.
CHART_WORDS = (
    "[...document.querySelectorAll('.chart text')].map((t) => t.getBoundingClientRect().height)"
)


def finish(table: Table, game: str, seed: int) -> None:
    body = {"game": game, "options": {}, "deal": "random", "seed": seed}
    if game == "chinese-patience":
        body["opponent"] = "random"
    started = table.page.request.post(f"{table.server.url}/api/games", data=body)
    assert started.ok, started.text()
    resigned = table.page.request.post(
        f"{table.server.url}/api/games/{started.json()['id']}/resign"
    )
    assert resigned.ok, resigned.text()


def test_statistics_on_a_phone(table_at: TableAt) -> None:
    table = table_at("phone")
    table.open("#/")
    for seed, game in enumerate(["calculation", "gate", "chinese-patience"]):
        finish(table, game, seed)
    table.open("#/stats")
    page = table.page
    page.wait_for_selector(".chart")
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


def test_pile_labels_on_a_phone(table_at: TableAt) -> None:
    table = table_at("phone")
    for game, viewport in [("eight-by-eight", "phone"), ("chinese-patience", "phone-landscape")]:
        width, height = table.VIEWPORTS[viewport]
        table.page.set_viewport_size({"width": width, "height": height})
        table.start(game, seed=11)
        labels = table.page.evaluate(
            """() => [...document.querySelectorAll('#scene .tag')].map((t) => {
                 const r = t.getBoundingClientRect();
                 return {text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize),
                         left: r.left, right: r.right, top: r.top, bottom: r.bottom};
               })"""
        )
        if game == "chinese-patience":  # the discard piles say whose they are
            texts = {t["text"] for t in labels}
            assert {"your discard pile (0)", "the computer's discard pile (9)"} <= texts
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
