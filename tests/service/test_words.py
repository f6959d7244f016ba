"""The table's words: every event kind has its sentence, from the reader's side."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.core.events import KINDS, Event
from parlour.service import HUMAN, open_service
from parlour.service.words import (
    Names,
    card_words,
    cards_words,
    prompt_words,
    sentence,
    sentences,
    tally,
)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("who", [None, 0, 1])
def test_every_kind_has_a_sentence(kind: str, who: int | None) -> None:
    event = Event(kind, who=who, cards=("7D",), count=2, source="S", target="F1", value="R")
    text = sentence(event)
    assert (text[0].isupper() or text[0].isdigit()) and text.endswith(".")
    assert "player 0" not in text and "player 1" not in text
    assert "{" not in text and "None" not in text


@pytest.mark.parametrize(
    ("code", "words"),
    [("7D", "7♦"), ("TS", "10♠"), ("QH", "Q♥"), ("R8", "red 8"), ("GS", "green Skip")]
    + [("YD", "yellow Draw Two"), ("W", "Wild"), ("W4", "Wild Draw Four")],
)
def test_cards_are_named_as_people_read_them(code: str, words: str) -> None:
    assert card_words(code) == words


@pytest.mark.parametrize(
    ("event", "you", "computer"),
    [
        (
            Event("play", 0, ("7D",), source="S", target="F3"),
            "You play 7♦ from the stock to F3.",
            "The computer plays 7♦ from the stock to F3.",
        ),
        (
            Event("draw", 0, count=2),
            "You draw 2 cards.",
            "The computer draws 2 cards.",
        ),
        (Event("draw", 0, count=1), "You draw a card.", "The computer draws a card."),
        (
            Event("play", 0, ("W",), source="hand", target="discard", value="R"),
            "You play a Wild and choose red.",
            "The computer plays a Wild and chooses red.",
        ),
        (Event("skip", 0), "You lose your turn.", "The computer loses its turn."),
        (
            Event("hand_end", 0, ("R5", "GS"), count=25, value=2),
            "You win hand 2 and score 25 points (the computer held red 5 and green Skip).",
            "The computer wins hand 2 and scores 25 points (you held red 5 and green Skip).",
        ),
        (Event("catch", 0), "You catch the computer without an UNO call.", None),
    ],
)
def test_sentences_from_either_side(event: Event, you: str, computer: str | None) -> None:
    names = Names(places={"S": "the stock"})
    assert sentence(event, names) == you
    if computer is not None:
        mirrored = Event(
            event.what, 1, event.cards, event.count, event.source, event.target, event.value
        )
        assert sentence(mirrored, names) == computer


def test_deals_in_a_row_are_one_sentence() -> None:
    names = Names(places={"L": "the left post"})
    told = sentences(
        [
            Event("deal", 0, ("5C",), source="S", target="T1"),
            Event("deal", 0, ("6D",), source="S", target="B2"),
            Event("deal", 0, ("9S",), source="S", target="L"),
        ],
        names,
    )
    assert told == ["You deal 5♣ to T1, 6♦ to B2 and 9♠ to the left post."]


def test_runs_and_lists() -> None:
    assert cards_words(["5C", "4H", "3S"], run=True) == "5♣ 4♥ 3♠"
    assert cards_words(["R5", "BS", "W"]) == "red 5, blue Skip and Wild"
    assert cards_words(["KS", "QH", "JC", "TD", "9S", "8H"], run=True) == "K♠ … 8♥ (6 cards)"


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (Event("prompt", 0, ("R8",), value="match"), "Your turn: match the red 8 or draw."),
        (
            Event("prompt", 0, ("W",), target="B", value="match"),
            "Your turn: play a blue card or a Wild, or draw.",
        ),
        (
            Event("prompt", 0, ("8D",), value="place"),
            "Your turn: place 8♦ on a foundation or a waste pile.",
        ),
        (
            Event("prompt", 0, ("8D",), value="place_on_waste"),
            "Your turn: place 8♦ on a waste pile (no foundation takes it).",
        ),
        (Event("prompt", 0, value="twist"), "Your turn: start with a twist."),
        (
            Event("prompt", 0, value="move_or_turn"),
            "Your turn: move cards, or turn up the next talon card.",
        ),
        (
            Event("prompt", 0, count=3, value="redeal"),
            "Your turn: turn the waste over for pass 3 (no card can move).",
        ),
        (
            Event("prompt", 0, value="build_or_turn"),
            "Your turn: move cards to the foundations or bars, or deal a card to the waste heap.",
        ),
        (
            Event("prompt", 0, value="deal_to_fill"),
            "Your turn: deal to fill the gaps (no card can move).",
        ),
        (
            Event("prompt", 1, ("R8",), value="match"),
            "The computer's turn: match the red 8 or draw.",
        ),
    ],
)
def test_a_prompt_is_a_status_line(event: Event, words: str) -> None:
    assert prompt_words(event) == words


def test_the_gates_status_line_says_what_to_do() -> None:
    """The Gate's status line says what may be done, as the other games' do (it said
    only "Your turn.")."""
    table = open_service(":memory:")
    answer = table.start("me", "gate", seed=5)
    assert answer["status"] == (
        "Your turn: move cards to the foundations or bars, or deal a card to the waste heap."
    )


def test_the_eight_by_eights_status_line_says_what_to_do() -> None:
    """8 x 8's too (it said only "Your turn." when no card was pending)."""
    table = open_service(":memory:")
    answer = table.start("me", "eight-by-eight", seed=5)
    assert answer["status"] == "Your turn: move cards, or turn up the next talon card."


def test_calculations_status_line_says_what_to_do_once_the_stock_is_used_up() -> None:
    """Calculation's too (it said only "Your turn." once the stock was used up, as a
    whole game of ``parlour play calculation`` showed)."""
    table = open_service(":memory:")
    answer = table.start("me", "calculation", seed=7)
    while answer["view"]["stock_count"] and answer["outcome"] is None:
        moves = answer["view"]["legal_moves"]
        home = [m for m in moves if m.split()[1].startswith("F")]
        answer = table.play("me", answer["id"], (home or moves)[0])
    assert answer["outcome"] is None, "the deal ends before its stock is used up"
    assert answer["status"] == (
        "Your turn: play the waste piles' top cards to the foundations (no stock left)."
    )


def test_the_end_facts_and_the_statistics_read_the_same_in_every_text_front_end() -> None:
    from parlour.service.ending import again_words, end_facts, stats_lines

    table = open_service(":memory:")
    answer = table.start("me", "gate", deal="daily")
    answer = table.resign("me", answer["id"])
    facts = end_facts(answer)
    assert facts[0] == "Cards on the foundations: 0 of 52"
    assert "Streak: no wins yet" in facts
    assert facts[-1].startswith("Deal number: ")
    assert again_words(answer) == "the deal of the day again"
    lines = stats_lines(table.stats("me"))
    assert lines[0].split() == ["Game", "Played", "Won", "Win", "rate", "Streak", "Longest"]
    assert lines[2].split()[:5] == ["The", "Gate", "1", "0", "0%"]
    assert lines[3].split()[:6] == ["deal", "of", "the", "day", "1", "0"]
    assert lines[4].split()[:3] == ["All", "games", "1"]
    # the best as the end says it ("Best: 0 cards on the foundations"), under the table
    assert "Best: 0 cards on the foundations" in facts
    assert lines[5:7] == [
        "Best in The Gate: 0 cards on the foundations.",
        "Best in The Gate, deal of the day: 0 cards on the foundations.",
    ]
    assert stats_lines(table.stats("me"), "uno") == ["No finished games of UNO yet."]
    assert stats_lines(table.stats("nobody")) == ["No finished games yet."]


def test_the_statistics_table_gives_each_best_its_unit() -> None:
    """Was: a bare "best" column, 52 for Calculation's cards home beside 549 for UNO's
    points, and the "all games" line's best the larger of the two (549: UNO points
    above Calculation cards). Now "52 cards on the foundations" (as the end of a game
    says it) and "549 points", the service's ``best_text`` the web app's statistics
    page writes too, no best across games, the games by their titles, and
    "1 game in play (parlour tui resumes it)"."""
    from parlour.service.ending import stats_lines

    table = open_service(":memory:")
    answer = table.start("me", "calculation", seed=3)
    ended = table.resign("me", table.play("me", answer["id"], "S W1")["id"])["end"]
    uno = table.start("me", "uno", seed=3, opponent="random", options={"target": 1})
    while uno["end"] is None:
        uno = table.play("me", uno["id"], uno["legal_moves"][0])
    table.start("me", "gate", seed=3)
    stats = table.stats("me")
    lines = stats_lines(stats)
    # the four bases, in the end's words (the statistics said "4 cards home"), a line
    # of its own under the table (a column of them made it wider than 80)
    assert "Best in Calculation: 4 cards on the foundations." in lines, lines
    calculation = next(r for r in stats["games"] if r["game"] == "calculation")
    assert ended is not None and calculation["best_text"] == ended["best_text"]
    best = next(r["best_score"] for r in stats["games"] if r["game"] == "uno")
    assert best is None or f"Best in UNO: {best} points." in lines, lines
    assert not any(line.startswith("Best in All games") for line in lines), lines
    assert lines[-1] == "1 game in play (parlour tui resumes it)."
    assert max(len(line) for line in lines) < 80


def test_the_end_of_a_game_and_the_statistics_say_the_same_best() -> None:
    """One game's best in one set of words: the end panel said "a score of 22" and "no
    record yet" where the web statistics said "22 points" and "none yet" (its own
    words) and the table "-". Now the service's ``best_text`` is both (points as
    test_end_words' best_words says them), "no record yet" for a game with none, and
    ``parlour stats`` still gives no line for such a game."""
    from parlour.service.ending import stats_lines

    table = open_service(":memory:")
    lost = table.start("me", "uno", seed=3, opponent="random", options={"target": 1})
    lost = table.resign("me", lost["id"])
    resigned = table.start("me", "calculation", seed=3)
    resigned = table.resign("me", table.play("me", resigned["id"], "S W1")["id"])
    stats = {row["game"]: row for row in table.stats("me")["games"]}
    assert lost["end"] is not None and lost["end"]["best_text"] == "no record yet"
    assert stats["uno"]["best_text"] == "no record yet"
    end = resigned["end"]
    assert end is not None and stats["calculation"]["best_text"] == end["best_text"]
    assert end["best_text"] == "4 cards on the foundations"
    lines = stats_lines(table.stats("me"))
    assert not any(line.startswith("Best in UNO") for line in lines), lines
    assert table.stats("me")["total"]["best_text"] is None  # points and cards do not compare


@pytest.mark.parametrize(
    ("parts", "reason", "words"),
    [
        (
            {"move": "B5", "source": "B5", "target": "discard", "count": 1, "card": "B5"},
            "leaves blue in play (you hold no more of it)",
            "Hint: play blue 5: leaves blue in play (you hold no more of it).",
        ),
        (
            {"move": "W:R uno", "source": "W", "target": "discard", "count": 1, "card": "W"}
            | {"colour": "R", "uno": True},
            "nothing else fits: a Wild",
            "Hint: play a Wild and choose red and call UNO: nothing else fits: a Wild.",
        ),
        (
            {"move": "colour:G", "source": None, "target": None, "count": 0, "card": None}
            | {"colour": "G"},
            "the colour held most",
            "Hint: choose green: the colour held most.",
        ),
        (
            {"move": "keep", "source": None, "target": None, "count": 0, "card": None},
            "the drawn card is worth more kept",
            "Hint: keep the card drawn: the drawn card is worth more kept.",
        ),
        (
            {"move": "S F1", "source": "S", "target": "F1", "count": 1, "card": "2H"},
            "plays 2H to F1: next needed there",
            "Hint: play 2♥ to F1: next needed there.",
        ),
        (
            {"move": "S F1", "source": "S", "target": "F1", "count": 1, "card": "2H"},
            "next needed there",
            "Hint: play 2♥ from the stock to F1: next needed there.",
        ),
        (
            {"move": "T1 T3", "source": "T1", "target": "T3", "count": 2, "card": "4C"},
            "the talon is known, and this line turns up a face-down card",
            "Hint: move 4♣ and the card on it from T1 to T3: the talon is known, and this"
            " line turns up a face-down card.",
        ),
        (
            {"move": "5 6", "source": "5", "target": "6", "count": 4, "card": "9C"},
            "it begins a line that wins (a move)",
            "Hint: move 9♣ and the 3 cards on it from pile 5 to pile 6: it begins a line"
            " that wins (a move).",
        ),
        (
            {"move": "twist", "source": None, "target": None, "count": 0, "card": None},
            "twist: the only legal move",
            "Hint: twist: the only legal move.",
        ),
    ],
)
def test_a_hint_names_its_card_as_people_read_it(
    parts: dict[str, object], reason: str, words: str
) -> None:
    from parlour.service.words import hint_words

    assert hint_words(parts, reason, Names(places={"S": "the stock"})) == words


def test_the_uno_hint_names_the_card_it_lights(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.ai.hints import hint
    from parlour.service import table as table_module

    monkeypatch.setattr(table_module, "ai_hint", lambda game: hint(game, seconds=0.1))
    table = open_service(":memory:")
    answer = table.start("me", "uno", seed=3, options={"first": 0}, opponent="basic")
    found = table.hint("me", answer["id"])
    (part,) = [p for p in answer["moves"] if p["move"] == found["move"]]
    assert part["card"] and card_words(part["card"]) in found["text"]
    assert found["text"].startswith("Hint: play ") and found["text"].endswith(".")


def test_a_seats_pile_is_named_from_the_readers_side() -> None:
    """Chinese Patience numbers the discard piles from the side of the seat its events
    are told to (0 that seat's own, 9 the other's); a sentence says whose pile it is,
    as the table's labels do, and "its" or "their" where the one who moves owns it
    ("The computer twists 10♣ onto its discard pile", not "onto the computer's")."""
    piles = {"0": (0, "discard pile"), "9": (1, "discard pile")}
    you = Names(seat_places=piles)
    twist = Event("twist", 0, ("7H",), target="0")
    load = Event("play", 0, ("4S",), source="7", target="9")
    assert sentence(twist, you) == "You twist 7♥ onto your discard pile."
    assert sentence(load, you) == "You play 4♠ from pile 7 to the computer's discard pile."
    theirs = Event("play", 1, ("7S",), source="9", target="7")  # told to seat 0
    assert sentence(theirs, you) == "The computer plays 7♠ from its discard pile to pile 7."
    friend = Names(viewer=1, seats=("Bob", "Ann"), seat_places=piles)  # Ann reads
    loaded = Event("play", 0, ("4S",), source="7", target="0")  # told to Ann: her pile 0
    assert sentence(loaded, friend) == "Bob plays 4♠ from pile 7 to your discard pile."
    bobs = Event("twist", 0, ("7H",), target="9")
    assert sentence(bobs, friend) == "Bob twists 7♥ onto their discard pile."
    one_screen = Names(viewer=None, seats=("player 1", "player 2"), seat_places=piles, side=1)
    # another's pile keeps its owner's name; its owner's own is "its" or "their"
    assert sentence(twist, one_screen) == "Player 1 twists 7♥ onto player 2's discard pile."
    assert sentence(Event("twist", 1, ("7H",), target="0"), one_screen) == (
        "Player 2 twists 7♥ onto their discard pile."
    )
    asked = Event("prompt", 1, ("7H",), value="end_or_move")  # the mover's own pile 0
    assert (
        prompt_words(asked, friend) == "Your turn: move 7♥ off your discard pile, or end the turn."
    )
    assert prompt_words(asked, you) == (
        "The computer's turn: move 7♥ off the computer's discard pile, or end the turn."
    )
    assert sentence(twist) == "You twist 7♥ onto pile 0."  # a game without seat piles
    stuck = Event("prompt", 1, ("QH",), value="stuck_or_move")  # Q♥ cannot move
    assert prompt_words(stuck, friend) == (
        "Your turn: Q♥ cannot move off your discard pile: move other cards, or end the turn."
    )
    only_end = Event("prompt", 1, value="end_or_move")
    assert prompt_words(only_end, friend) == "Your turn: end the turn."


OWN_PILES = re.compile(r"\bpiles? [09]\b")


def _told(answer: Any) -> list[str]:
    return [str(entry["text"]) for entry in answer["log"]] + [str(answer["status"])]


def _play_on(table: Any, player: str, game_id: str, seat: int | None, moves: int) -> Any:
    answer = table.get(player, game_id, seat)
    for _ in range(moves):
        if answer["outcome"] is not None or not answer["your_turn"]:
            break
        legal = answer["legal_moves"]
        move = next((m for m in legal if m.startswith("0 ") or m.endswith(" 9")), legal[0])
        answer = table.play(player, game_id, move, seat)
    return answer


def test_chinese_patience_tells_whose_discard_pile_on_every_table() -> None:
    """The log and the status name the discard piles from the reader's side against the
    computer, at a friend's game (either seat) and at one shared screen, never "pile 0"
    or "pile 9" (the words come from the table service, so every front end says them)."""
    table = open_service(":memory:")
    # against the computer
    answer = table.start("me", "chinese-patience", seed=5)
    for _ in range(12):
        answer = _play_on(table, "me", answer["id"], None, 20)
        if answer["outcome"] is not None:
            break
    told = _told(table.get("me", answer["id"]))
    assert not [t for t in told if OWN_PILES.search(t)], told
    assert any("onto your discard pile" in t for t in told)
    assert any("The computer twists" in t and "onto its discard pile" in t for t in told)
    # a friend's game: each person reads the other's pile by the other's name
    started = table.start("bob", "chinese-patience", seed=5, opponent="friend", player_name="Bob")
    game_id = started["id"]
    table.join("ann", game_id, started["live"]["invite"], name="Ann")
    for _ in range(8):
        for player in ("bob", "ann"):
            _play_on(table, player, game_id, None, 20)
    bob, ann = _told(table.get("bob", game_id)), _told(table.get("ann", game_id))
    for told in (bob, ann):
        assert not [t for t in told if OWN_PILES.search(t)], told
    assert any("Ann twists" in t and "onto their discard pile" in t for t in bob)
    assert any("You twist" in t and "onto your discard pile" in t for t in ann)
    assert any("Bob twists" in t and "onto their discard pile" in t for t in ann)
    # two people at one screen: each seat's own pile by its player's number
    answer = table.start("me", "chinese-patience", seed=5, opponent=HUMAN)
    for _ in range(8):
        answer = _play_on(table, "me", answer["id"], answer["to_move"], 20)
    for seat in (0, 1):
        told = _told(table.get("me", answer["id"], seat))
        assert not [t for t in told if OWN_PILES.search(t)], told
        assert any("Player 1 twists" in t and "onto their discard pile" in t for t in told)
        assert any("Player 2 twists" in t and "onto their discard pile" in t for t in told)


def _words_of(answer: Any) -> list[str]:
    """Every sentence and name an answer gives a front end to show."""
    end = answer["end"] or {}
    named = [n[k] for n in answer["names"] for k in ("name", "whose")]
    return [
        *_told(answer),
        *named,
        str(answer["who_plays"]),
        str(end.get("headline", "")),
        str(end.get("detail", "")),
    ]


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_two_people_at_one_table_are_player_1_and_player_2_everywhere(game: str) -> None:
    """At one shared table nobody is "you" and nobody is the computer: the answer
    names both seats "Player 1" and "Player 2" (the table's labels, title and score
    lines are drawn from ``names`` and ``who_plays``), as the log, the status and the
    end of the game do, from either seat's side. (The web table called the other seat
    "the computer" in its labels, title and score line.)"""
    table = open_service(":memory:")
    answer = table.start("me", game, seed=13, opponent=HUMAN)
    for _ in range(6):
        answer = _play_on(table, "me", answer["id"], answer["to_move"], 3)
    over = table.resign("me", answer["id"])
    for seat in (0, 1):
        seen = table.get("me", answer["id"], seat)
        assert seen["names"] == [
            {"name": "Player 1", "whose": "Player 1's"},
            {"name": "Player 2", "whose": "Player 2's"},
        ]
        assert seen["who_plays"] == "for two people at one table"
        words = _words_of(seen)
        assert not [w for w in words if "computer" in w.lower()], words
        assert not [w for w in words if re.search(r"\bplayer [0-9]", w)], words
    assert over["end"]["headline"] in ("Player 1 won!", "Player 2 won!")  # type: ignore[index]


def test_each_seat_is_named_from_the_readers_side() -> None:
    """Against the computer the reader is "you"; at a friend's game each reads the
    other by the name they chose; a patience names no seats."""
    table = open_service(":memory:")
    computer = table.start("me", "uno", seed=13)
    assert computer["names"] == [
        {"name": "you", "whose": "your"},
        {"name": "the computer", "whose": "the computer's"},
    ]
    assert computer["who_plays"] == "against the computer"
    started = table.start("bob", "uno", seed=13, opponent="friend", player_name="Bob")
    assert started["who_plays"] == "against your friend"  # nobody has opened the link
    joined = table.join("ann", started["id"], started["live"]["invite"], name="Ann")  # type: ignore[index]
    assert joined["names"] == [
        {"name": "Bob", "whose": "Bob's"},
        {"name": "you", "whose": "your"},
    ]
    assert joined["who_plays"] == "against Bob"
    assert table.get("bob", started["id"])["who_plays"] == "against Ann"
    patience = table.start("me", "gate", seed=1)
    assert patience["names"] == [] and patience["who_plays"] is None


def test_figures_by_name_never_run_into_a_players_number() -> None:
    assert tally([("you", 120), ("the computer", 40)]) == "you 120, the computer 40"
    assert tally([("Player 2", 0), ("Player 1", 35)]) == "Player 2 (0), Player 1 (35)"
    assert tally([("Ann", 3), ("R2D2", 5)]) == "Ann 3, R2D2 (5)"


def test_the_end_facts_of_two_people_at_one_table_name_both_players() -> None:
    """The terminal's end facts said "you 0, your opponent 0" to two people sharing it."""
    from parlour.service.ending import end_facts

    table = open_service(":memory:")
    answer = table.start("me", "uno", seed=13, opponent=HUMAN)
    over = table.resign("me", answer["id"])
    assert "Match to 500: Player 1 (0), Player 2 (0)" in end_facts(over)
    computer = table.resign("me", table.start("me", "uno", seed=13)["id"])
    assert "Match to 500: you 0, the computer 0" in end_facts(computer)


@pytest.mark.parametrize("width", [60, 68, 79])
def test_help_texts_are_fitted_to_the_screen_word_for_word(width: int) -> None:
    """The games' help texts run to 92 columns (UNO's, 8 x 8's 85): parlour play printed
    them past 80 columns and the terminal table's help page cut them at about 70 ("first
    hand's starter; d"). ``fitted`` wraps a paragraph, a table's row (under its words'
    column) or a list's item (under its text) that is too long, and nothing else."""
    from parlour.core.registry import game_class, game_names
    from parlour.service.words import fitted

    for name in game_names():
        text = game_class(name).help_text
        fit = fitted(text, width)
        assert max(len(line) for line in fit.splitlines()) <= width, (name, fit)
        assert fit.split() == text.split(), name
        assert fitted(text, 200) == text
    uno = fitted(game_class("uno").help_text, 68).splitlines()
    row = uno.index("  play / keep       after drawing a playable card: play it (a drawn")
    assert uno[row + 1] == "                    Wild: play:G) or keep it"
    item = next(i for i, line in enumerate(uno) if line.startswith("- A Wild Draw Four"))
    assert uno[item + 1].startswith("  ") and not uno[item + 1].startswith("   ")
