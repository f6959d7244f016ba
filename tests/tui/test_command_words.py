"""The table's commands are named once, by the service (``answer["commands"]``): the
terminal table's key bar says for each action what the web table's toolbar says, in
the same words and with the same key. Was: each wrote its own ("n new" at the
terminal where the web said "New deal", "New match" or "New game"; "? help" where the
web's button was "Keys"; the web's labels and key hints written in table.js)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual", reason="the terminal table needs the 'tui' extra (Textual)")

from parlour.service import open_service  # noqa: E402
from parlour.tui.screen import OWN_KEYS, QUIT_KEY, common_keys  # noqa: E402

ME = "me"

#: A patience, a match against the computer, a game of a series: each kind of new game.
STARTS: list[tuple[str, dict[str, Any], str]] = [
    ("gate", {}, "New deal"),
    ("uno", {"opponent": "random"}, "New match"),
    ("chinese-patience", {"opponent": "random"}, "New game"),
]


def web_label(words: dict[str, Any]) -> str:
    """What the web table's button says and its tooltip's key (table.js: the label,
    and "Label (K)"), from the service's words as table.js reads them."""
    return f"{words['label']} ({words['key']})" if words["key"] else str(words["label"])


def said_by_action(bar: str, commands: dict[str, Any]) -> dict[str, str]:
    """The key bar's entries by the action each key does ("u undo" -> undo: "undo")."""
    keys = {(w["key"] or OWN_KEYS[name]).lower(): name for name, w in commands.items()}
    found = {}
    for entry in bar.split("  "):
        key, _, words = entry.partition(" ")
        if key in keys:
            found[keys[key]] = words
    return found


@pytest.mark.parametrize(("game", "body", "new"), STARTS)
def test_every_label_the_terminal_shows_for_an_action_is_the_web_tables(
    game: str, body: dict[str, Any], new: str
) -> None:
    table = open_service(":memory:")
    answer: dict[str, Any] = dict(table.start(ME, game, seed=3, **body))
    move = answer["legal_moves"][0]
    played = dict(table.play(ME, answer["id"], move))
    answers = [answer, played]
    if played["can_undo"]:  # a move that showed no card: redo is offered too
        answers.append(dict(table.undo(ME, answer["id"])))
    for shown in answers:
        commands = shown["commands"]
        assert commands["new"]["label"] == new
        assert commands["resign"]["label"] == shown["give_up"]["label"]
        assert commands["resign"]["question"] == shown["give_up"]["question"]
        bar = common_keys(shown)
        said = said_by_action(bar, commands)
        assert bar.endswith(QUIT_KEY)
        for action, words in said.items():
            web = commands[action]["label"]
            # the same words as the web's button, in the key bar's lower case
            assert words == web[:1].lower() + web[1:], (action, words, web)
            assert words == commands[action]["short"]
        # what the key bar offers is what the web table's toolbar has on: undo, redo,
        # a hint where the service allows them; the rest always
        offered = {"undo": shown["can_undo"], "redo": shown["can_redo"]}
        offered["hint"] = shown["can_hint"]
        for action in commands:
            assert (action in said) == offered.get(action, True), (action, bar)
    last = answers[-1]
    assert ("redo" in said_by_action(common_keys(last), last["commands"])) == last["can_redo"]
    assert web_label(last["commands"]["undo"]) == "Undo (U)"
    assert web_label(last["commands"]["games"]) == "Games"
    assert game != "gate" or last["can_redo"]


def test_a_new_game_is_asked_for_in_the_words_of_its_button() -> None:
    """The question before a game in play is left for a new one: "Start a new deal?"
    (the terminal asked "Start a new game?" of every game, the web "Start a new
    deal?")."""
    table = open_service(":memory:")
    for game, body, new in STARTS:
        words = table.start(ME, game, seed=3, **body)["commands"]["new"]
        assert words["question"] == f"Start a {new.lower()}?" and words["key"] == "N"


def test_parlour_play_takes_the_same_keys_for_the_same_commands() -> None:
    """``parlour play``'s one-letter commands are the tables' keys for the same
    actions (``u`` undo, ``r`` redo, ``h`` hint, ``x`` resign), in the same words."""
    from parlour.cli import COMMAND_KEYS, GIVE_UP_KEY

    commands: dict[str, Any] = dict(open_service(":memory:").start(ME, "gate", seed=3)["commands"])
    for action in ("undo", "redo", "hint"):
        key = commands[action]["key"]
        assert key is not None and COMMAND_KEYS[key.lower()] == commands[action]["short"]
    assert commands["resign"]["key"] == GIVE_UP_KEY.upper()
