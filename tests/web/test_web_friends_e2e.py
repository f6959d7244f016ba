"""Two people in two browsers (two Playwright contexts: two cookies) play each other
through the real server (``parlour serve``): an UNO match of one hand to its end,
and Chinese Patience until one resigns, each invited from the front page with the
link and a name, the other's moves arriving over the live line; one of them reloads
mid-game and carries on. The first moves are made on the table; the rest go from
each browser context straight to the API, so each test takes some 20 s."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tabletools import Table

TableAt = Callable[..., Table]


@pytest.fixture
def two(table_at: TableAt) -> Iterator[tuple[Table, Table]]:
    yield table_at("laptop"), table_at("laptop")


def invite(host: Table, game: str, **fields: str) -> str:
    """Ann invites a friend from the front page; the link she would send."""
    host.open("#/")
    form = host.page.locator(f"form[data-game={game}]")
    for label, value in fields.items():
        form.get_by_label(label).fill(value)
    form.locator(f"button[data-friend={game}]").click()
    dialog = host.page.locator("dialog.friend-name")
    name_box(dialog.locator("input"))
    dialog.locator("input").fill("Ann")
    dialog.locator("button[type=submit]").click()
    host.page.wait_for_selector("#invite-link")
    host.settle()
    link: str = host.page.input_value("#invite-link")
    return link


def name_box(box: Any) -> None:
    """The name asked for a friend's game is a field like the front page's others (40 px
    tall, bordered, the page's font), not the browser's bare 20-px box it was while
    its input had no type (their look is for ``input[type=text]``)."""
    look = box.evaluate(
        "(el) => { const s = getComputedStyle(el);"
        " return [el.getBoundingClientRect().height, s.borderRadius, s.fontSize] }"
    )
    assert look[0] >= 40 and look[1] == "6px", look
    assert look[2] == box.evaluate("(el) => getComputedStyle(document.body).fontSize"), look


def invite_to_deal(host: Table, game: str, seed: int) -> str:
    """Ann's invitation to deal ``seed`` (made through the API: the front page offers no
    deal number for a friend's game), her table open at it; the link she would send."""
    body = {"game": game, "opponent": "friend", "name": "Ann", "seed": seed}
    made = host.page.request.post(f"{host.server.url}/api/games", data=body)
    assert made.ok, made.text()
    host.open(f"#/game/{made.json()['id']}")
    host.page.wait_for_selector("#invite-link")
    host.settle()
    link: str = host.page.input_value("#invite-link")
    return link


def join(guest: Table, link: str) -> None:
    guest.page.goto(link.replace("/#/", "/?fast#/"))
    guest.page.fill("#join-name", "Bob")
    guest.page.click(".join button[type=submit]")
    guest.page.wait_for_selector("#scene .card")
    guest.settle()


def shot(table: Table, name: str) -> None:
    """A screenshot to look at, when ``PARLOUR_SHOTS`` names a folder for them."""
    shots = os.environ.get("PARLOUR_SHOTS")
    if shots:
        table.page.screenshot(path=f"{shots}/{name}.png")


def played(table: Table) -> int:
    return int(table.page.evaluate("window.Parlour.game.answer.moves_played"))


def caught_up(table: Table, moves: int) -> None:
    table.page.wait_for_function(
        f"window.Parlour.game.answer && window.Parlour.game.answer.moves_played >= {moves}"
        " && !window.Parlour.game.busy"
    )


def whose_turn(people: list[Table]) -> Table:
    for person in people:
        if person.page.evaluate("window.Parlour.game.answer.your_turn"):
            return person
    raise AssertionError("someone is to move while the game goes on")


def request(table: Table, method: str, path: str, **body: Any) -> dict[str, Any]:
    """The API through the page's own cookie (the same person as the page)."""
    url = f"{table.server.url}/api/games/{table.answer['id']}{path}"
    reply = table.page.request.fetch(url, method=method, data=body or None)
    assert reply.ok, reply.text()
    answer: dict[str, Any] = reply.json()
    return answer


def play_out(
    people: list[Table],
    choose: Callable[[list[str], int], str],
    clicks: int,
    reload_at: int,
    resign_at: int = 1000,
) -> int:
    """Moves until the game is over, each by whoever's turn it is: the first ``clicks``
    on the table (the other sees "Waiting for ..." and each move arrive, and reloads at
    move ``reload_at``, finding the game exactly as it was); the rest sent by each
    person's own browser context straight to the API, fast, while both tables follow
    over their live lines (the test's time goes to the game, not to pointer travel).
    Both tables must end showing the same last move. At move ``resign_at`` the person
    to move resigns at the table."""
    count = 0
    for count in range(clicks):
        mover = whose_turn(people)
        other = people[1] if mover is people[0] else people[0]
        assert "Waiting for" in other.page.inner_text("#live")
        chosen = choose(mover.answer["legal_moves"], count)
        mover.click_move(next(m for m in mover.moves() if m["move"] == chosen))
        caught_up(other, mover.played())
        if count == reload_at:
            other.settle()
            seen = other.page.evaluate("JSON.stringify(window.Parlour.game.answer.view)")
            other.page.reload()
            other.page.wait_for_selector("#live .seat.other")
            other.settle()
            assert other.page.evaluate("JSON.stringify(window.Parlour.game.answer.view)") == seen
    answers = [request(p, "GET", "") for p in people]
    for count in range(clicks, 1000):
        if answers[0]["outcome"] is not None:
            break
        if count == resign_at:
            mover_table = people[0] if answers[0]["your_turn"] else people[1]
            caught_up(mover_table, answers[0]["moves_played"])
            mover_table.settle()
            mover_table.page.locator("#resign").click()
            mover_table.page.locator("dialog button[value=yes]").click()
            answers = [request(p, "GET", "") for p in people]
            break
        mover = next(i for i, a in enumerate(answers) if a["your_turn"])
        reply = request(
            people[mover], "POST", "/moves", move=choose(answers[mover]["legal_moves"], count)
        )
        answers = [reply, request(people[1 - mover], "GET", "")]
        if mover:
            answers.reverse()
    else:
        pytest.fail("the game did not end")
    for person in people:
        caught_up(person, answers[0]["moves_played"])
        person.page.wait_for_selector("#endpanel")
        person.settle()
    return count


def test_an_uno_match_between_two_browsers(two: tuple[Table, Table]) -> None:
    ann, bob = two
    link = invite(ann, "uno", **{"Points to win the match": "1"})
    assert "#/join/" in link and "Waiting for your friend" in ann.page.inner_text("#status")
    join(bob, link)
    ann.page.wait_for_function("document.querySelector('#live-other').textContent.includes('Bob')")
    assert "Ann" in bob.page.inner_text("#live") and "against Ann" in bob.page.inner_text("h1")
    # the next game comes for both from the end panel: no "New deal" while playing
    assert ann.page.locator("#newgame").count() == bob.page.locator("#newgame").count() == 0

    def choose(legal: list[str], count: int) -> str:
        plays = [m for m in legal if m not in ("draw", "pass", "keep")]
        if count < 5:  # on the table: no colour to name in a dialog
            plays = [m for m in plays if ":" not in m] or [m for m in legal if ":" not in m]
        return (plays or legal)[0]

    assert play_out([ann, bob], choose, clicks=5, reload_at=3) > 5
    results = {ann.answer["end"]["result"], bob.answer["end"]["result"]}
    assert results == {"won", "lost"}
    text = ann.page.inner_text("#log")
    assert "Bob" in text and "player 2" not in text.lower() and "the computer" not in text.lower()
    # Bob offers a rematch: nothing starts until Ann accepts (it moved her into the
    # next match unasked); then Bob's table follows her there and says why
    finished = ann.answer["id"]
    bob.page.locator("#play-again").click()
    ann.page.wait_for_selector("#accept-rematch")
    bob.page.wait_for_selector("#withdraw-rematch")
    # the keyboard follows the offer to its new button, as Ann's goes to "Accept" (it
    # went to "Look at the table": the panel was drawn again while the table was busy)
    focused = "() => document.activeElement.id || document.activeElement.textContent"
    for person, button in ((bob, "withdraw-rematch"), (ann, "accept-rematch")):
        person.settle()
        assert person.page.evaluate(focused) == button
    # and keeps it when the panel is drawn again while the table is busy (a window
    # resized while it draws): the new panel's button has it, not the page's body
    bob.page.evaluate(
        "() => { window.Parlour.game.busy = true;"
        " document.querySelector('#withdraw-rematch').dataset.old = '1'; }"
    )
    bob.page.set_viewport_size({"width": 1200, "height": 760})
    bob.page.wait_for_function("!document.querySelector('#withdraw-rematch').dataset.old")
    bob.page.evaluate("() => { window.Parlour.game.busy = false; }")
    assert bob.page.evaluate(focused) == "withdraw-rematch"
    assert ann.page.inner_text("#rematch-text") == "Bob offers a rematch."
    waiting = "You offered a rematch: waiting for Ann to accept."
    assert bob.page.inner_text("#rematch-text") == waiting
    assert ann.answer["id"] == bob.answer["id"] == finished
    ann.page.locator("#accept-rematch").click()
    for person in (ann, bob):
        person.page.wait_for_function(
            "(id) => window.Parlour.game.answer && window.Parlour.game.answer.id !== id",
            arg=finished,
        )
    bob.page.wait_for_function(
        "document.querySelector('#message').textContent"
        " === 'Ann accepted: the next game has started.'"
    )
    assert "accepted" not in ann.page.inner_text("#message")


def test_a_chinese_patience_game_between_two_browsers(two: tuple[Table, Table]) -> None:
    """Chinese Patience between two browsers, until one of them resigns. On an upright
    phone at 200% zoom (195 x 422) the status takes the width over the moves, as the
    table's own does (beside them it was 20 px wide, unread), the players' bar under."""
    ann, bob = two
    join(bob, invite(ann, "chinese-patience"))
    bob.page.set_viewport_size({"width": 195, "height": 422})
    bob.page.wait_for_function("document.querySelector('#status').offsetWidth > 150")
    boxes = bob.page.evaluate(
        "['#status', '#controls', '.live-bar'].map((s) => {"
        " const r = document.querySelector(s).getBoundingClientRect();"
        " return [r.top, r.bottom, r.width]; })"
    )
    (status, controls, bar) = boxes
    assert status[2] >= 180 and status[1] <= controls[0] + 1 <= bar[0] + 1, boxes
    bob.page.set_viewport_size({"width": 1280, "height": 800})

    def choose(legal: list[str], count: int) -> str:
        # End each turn as soon as the rules allow, no card home: the game ends
        # blocked after 60 such turns (the rules' end of a game nobody can win).
        for word in ("end", "twist"):
            if word in legal:
                return word
        return legal[count * 7 % len(legal)]

    # A whole game takes some 150 moves (the API test plays them); here, after the
    # first moves and a reload, Bob or Ann resigns at the table at move 40.
    play_out([bob, ann], choose, clicks=4, reload_at=2, resign_at=40)
    results = {ann.answer["end"]["result"], bob.answer["end"]["result"]}
    assert results == {"won", "resigned"}
    assert bob.answer["series"]["totals"] == ann.answer["series"]["totals"]
    # one next step each, the offer of the series' next game to the same friend (a
    # "New game" beside it started the very same game)
    for person in (ann, bob):
        buttons = person.page.locator("#endpanel .end-actions button").all_inner_texts()
        assert buttons == ["Offer the next game of the series"], buttons


def test_the_join_page_names_the_inviter_and_a_used_link_is_no_game(
    table_at: TableAt,
) -> None:
    """The link says who invites to which game and asks for a name (an empty one is
    refused in words); once used, a third browser gets exactly the page of a game
    that does not exist, before any name is asked."""
    ann, bob, eve = table_at("laptop"), table_at("phone"), table_at("phone")
    link = invite(ann, "uno")
    bob.page.goto(link.replace("/#/", "/?fast#/"))
    heading = bob.page.locator("h1")
    heading.wait_for()
    assert heading.inner_text() == "Ann invites you to a game of UNO"
    shot(bob, "join-phone")
    name_box(bob.page.locator("#join-name"))
    bob.page.fill("#join-name", "  ")
    bob.page.click(".join button[type=submit]")
    assert "Type your name first: Ann" in bob.page.inner_text(".join .error")
    shot(bob, "join-empty-phone")
    join(bob, link)
    eve.page.goto(link.replace("/#/", "/?fast#/"))
    eve.page.wait_for_selector("h1:text('No such game')")
    used = eve.page.inner_text("#main")
    assert eve.page.locator("#join-name").count() == 0 and "Ann" not in used
    shot(eve, "used-link-phone")
    game_id = link.split("/join/")[1].split("/")[0]
    eve.open(f"#/game/{game_id}")
    eve.page.wait_for_selector("h1:text('No such game')")
    assert eve.page.inner_text("#main") == used


def test_each_friend_has_the_panel_between_two_hands(two: tuple[Table, Table]) -> None:
    """At a friend's game a hand's end stays in view for both (the mover's own move, the
    other's over the live line), each with their own panel, named from their side;
    either goes on in their own time: the engine dealt the next hand with the move, so
    one need not wait for the other's "Next hand", and the other's moves wait until
    they ask for it. Deal 41: Ann can go out at the tenth move (a random deal took 52
    moves on average, up to 177, each drawn by both tables), and Bob starts hand 2."""
    ann, bob = two
    join(bob, invite_to_deal(ann, "uno", 41))
    people = [ann, bob]
    answers = [request(p, "GET", "") for p in people]
    for _ in range(400):  # fast through the API, until the mover can go out
        mover = next(i for i, a in enumerate(answers) if a["your_turn"])
        view, legal = answers[mover]["view"], answers[mover]["legal_moves"]
        cards = [m for m in legal if m not in ("draw", "pass", "keep", "catch")]
        if len(view["hand"]) == 1 and cards and ":" not in cards[0] and view["drawn"] is None:
            break
        # with one card left, only on the table (a Wild's colour waits in a dialog there)
        lone = len(view["hand"]) == 1 and "draw" in legal
        reply = request(
            people[mover], "POST", "/moves", move="draw" if lone else (cards or legal)[0]
        )
        answers[mover] = reply
        answers[1 - mover] = request(people[1 - mover], "GET", "")
    else:
        raise AssertionError("nobody could go out")
    winner, loser = people[mover], people[1 - mover]
    played = answers[mover]["moves_played"]
    caught_up(winner, played)
    caught_up(loser, played)
    winner.settle()
    move = next(m for m in winner.moves() if m["move"] == cards[0])
    winner.card(move["source"]).click(position=winner.corner(winner.card(move["source"])))
    for person in people:
        person.page.wait_for_selector("#handpanel")
        person.settle()
    names = {ann: "Ann", bob: "Bob"}
    assert winner.page.inner_text("#handpanel h2") == "You win hand 1"
    assert loser.page.inner_text("#handpanel h2") == f"{names[winner]} wins hand 1"
    assert loser.page.inner_text("#handpanel .shown-text") == "You held:"
    shot(loser, "friend-hand-end-loser")
    # the loser goes on first; the winner's panel stays until the winner asks
    loser.next_hand("Enter")
    assert loser.page.locator("#handpanel").count() == 0
    assert winner.page.locator("#handpanel").count() == 1
    assert loser.answer["your_turn"]
    moves = loser.moves()
    loser.click_move(next((m for m in moves if m.get("source") and not m.get("colour")), moves[0]))
    winner.page.wait_for_timeout(300)
    assert winner.page.locator("#handpanel").count() == 1  # its moves wait
    winner.next_hand()
    caught_up(winner, loser.played())
    assert winner.answer["view"]["hand_number"] == 2
