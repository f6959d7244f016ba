"""The packaged rules pages open with a brief for players, then the full rules.

A newcomer's trial found the pages read like the specification they copy
("Decision: ...", the move grammar): a person wants the goal, how a turn goes, what
the piles on the table are called, and a tip first. Every page now starts with
"## In brief" under its title, short enough to be the first screen of ``parlour rules
GAME`` in an 80 x 24 terminal, naming every pile the game's notation uses (its
``pile_legend``, which the web table shows as each pile's long name); the full rules
follow under "## The full rules".
"""

from __future__ import annotations

import difflib
import os
import re
from importlib.resources import files
from pathlib import Path

import pytest

from parlour.core.registry import game_class, game_names

#: A copy of the specification's pages (the project's rules, one page per game and
#: README.md for the notation), as it was given: the packaged pages copy it.
SPEC = Path(__file__).parent / "data" / "spec-rules"
#: Where the specification itself lies on the machine the project is worked on (when
#: it is there, the copy above must still be it).
SPEC_SOURCE = Path(os.environ.get("PARLOUR_SPEC_RULES", "/work/shared/rules"))
#: A range of pile names on a page: `T1`-`T4`, `5`-`8`.
RANGE = re.compile(r"`([A-Z]*)(\d+)`-`\1(\d+)`")
CODE = re.compile(r"`([^`]+)`")


def page(name: str) -> str:
    cls = game_class(name)
    return files("parlour").joinpath("rules", cls.rules_file).read_text(encoding="utf-8")


def brief(name: str) -> str:
    """The "In brief" section's text (what lies between it and the full rules)."""
    text = page(name)
    start = text.index("## In brief\n") + len("## In brief\n")
    return text[start : text.index("\n## The full rules\n")]


def named(text: str) -> set[str]:
    """Every pile name a text writes in code, ranges spelled out."""
    names = set(CODE.findall(text))
    for prefix, first, last in RANGE.findall(text):
        names |= {f"{prefix}{n}" for n in range(int(first), int(last) + 1)}
    return names


@pytest.mark.parametrize("name", game_names())
def test_every_page_starts_with_its_brief(name: str) -> None:
    cls = game_class(name)
    text = page(name)
    lines = text.splitlines()
    assert lines[0].startswith("# ") and cls.title.split()[0] in lines[0], lines[0]
    assert lines[1:3] == ["", "## In brief"], lines[:4]
    assert "\n## The full rules\n" in text
    told = brief(name).strip().splitlines()
    assert 5 <= len(told) <= 13, told  # a few plain sentences, not a second rules page
    # the first screen of `parlour rules GAME` in an 80 x 24 terminal shows all of it
    assert len(text[: text.index("\n## The full rules\n")].splitlines()) <= 23
    assert max(len(line) for line in told) <= 79
    for part in ("**Goal:**", "**A turn:**", "**Tip:**"):
        assert part in brief(name), part
    assert "Decision" not in brief(name)


@pytest.mark.parametrize("name", game_names())
def test_the_brief_names_every_pile_the_notation_uses(name: str) -> None:
    """What the web table's tooltips call "T1" is on the page a newcomer opens first."""
    missing = set(game_class(name).pile_legend) - named(brief(name))
    assert not missing, f"{name}'s brief does not name {sorted(missing)}"


@pytest.mark.parametrize("name", ["calculation", "gate", "eight-by-eight", "chinese-patience"])
def test_the_brief_of_a_french_suited_game_shows_suit_symbols(name: str) -> None:
    assert re.search("[♣♦♥♠]", brief(name)), name


@pytest.mark.parametrize("name", game_names())
def test_a_page_quotes_the_stuck_hint_as_the_hint_says_it(name: str) -> None:
    """The pages quote the hint a stuck patience gets, and every front end says it in
    those words: "no move leads anywhere: undo or resign", the specification's (the
    pages and the hint once said "anywhere new: undo or give up")."""
    from parlour.ai.hints import NO_WAY
    from parlour.service.words import stuck_words

    text = " ".join(page(name).split())
    quoted = re.findall(r'\("(no move leads[^"]*)"\)', text)
    assert quoted or game_class(name).players == 2 or name == "calculation"
    for quote in quoted:
        assert quote == stuck_words(NO_WAY, game_class(name).players)


def added_only(spec: str, packaged: str) -> list[str]:
    """Where ``packaged`` differs from ``spec`` other than by lines added (each hunk
    as the spec's lines and the page's), empty when it holds the spec's every line,
    in order, word for word."""
    old, new = spec.splitlines(), packaged.splitlines()
    hunks = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return [
        f"spec {old[i1:i2]} -> page {new[j1:j2]}"
        for tag, i1, i2, j1, j2 in hunks
        if tag not in ("equal", "insert")
    ]


@pytest.mark.parametrize("page_name", sorted(p.name for p in SPEC.glob("*.md")))
def test_a_packaged_page_holds_the_specifications_full_text(page_name: str) -> None:
    """The packaged pages are the specification plus only what was added for players
    (each "In brief", the README's line about it, Chinese Patience's decision on
    resigning): not one of its words changed. They had been changed to the product's
    words ("The player may give up", "no move leads anywhere new: undo or give up");
    the specification's words stand ("resign", "no move leads anywhere: undo or
    resign"), and the product says them."""
    spec = (SPEC / page_name).read_text(encoding="utf-8")
    packaged = files("parlour").joinpath("rules", page_name).read_text(encoding="utf-8")
    assert added_only(spec, packaged) == []


def test_every_packaged_page_has_the_specifications_copy() -> None:
    packaged = {p.name for p in files("parlour").joinpath("rules").iterdir()}
    assert {p.name for p in SPEC.glob("*.md")} == {n for n in packaged if n.endswith(".md")}
    assert len(packaged) >= 6


@pytest.mark.skipif(not SPEC_SOURCE.is_dir(), reason="the specification's pages are not here")
def test_the_copy_is_the_specification_as_it_stands() -> None:
    for spec in SPEC_SOURCE.glob("*.md"):
        assert (SPEC / spec.name).read_bytes() == spec.read_bytes(), spec.name
