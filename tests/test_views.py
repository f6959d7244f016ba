"""Typed views: what each game's ``view`` returns is exactly its TypedDict.

mypy checks the engines against the TypedDicts; this checks the running values:
the same keys (nested ones too), and ``moves`` holding the parts of exactly the
legal moves, for the player to move only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NotRequired, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import parlour
from parlour.games.calculation import CalculationView
from parlour.games.chinese_patience import ChinesePatienceView
from parlour.games.eight_by_eight import EightByEightView
from parlour.games.gate import GateView
from parlour.games.uno import UnoView
from parlour.rng import Rng

VIEWS: dict[str, Any] = {
    "calculation": CalculationView,
    "gate": GateView,
    "eight-by-eight": EightByEightView,
    "uno": UnoView,
    "chinese-patience": ChinesePatienceView,
}


def nested_typeddict(hint: Any) -> Any:
    """The TypedDict a key holds (alone, in a list, or or-None), else None."""
    if is_typeddict(hint):
        return hint
    for arg in get_args(hint):
        found = nested_typeddict(arg)
        if found is not None:
            return found
    return None


def check_keys(value: dict[str, Any], typed: Any, where: str) -> None:
    """``value`` has exactly the keys of ``typed``, nested TypedDicts included."""
    assert is_typeddict(typed)
    # From the hints: with postponed annotations the runtime cannot see NotRequired.
    hints = get_type_hints(typed, include_extras=True)
    optional = {key for key, hint in hints.items() if get_origin(hint) is NotRequired}
    required = set(hints) - optional
    assert required <= set(value) <= set(hints), (
        f"{where}: keys {sorted(set(value) ^ required)} differ from {typed.__name__}"
    )
    for key, hint in get_type_hints(typed).items():
        nested = nested_typeddict(hint)
        if nested is None or key not in value:
            continue
        item = value[key]
        items = item if isinstance(item, list) else [] if item is None else [item]
        for entry in items:
            check_keys(entry, nested, f"{where}.{key}")


@pytest.mark.parametrize("name", list(VIEWS))
def test_views_match_their_typed_dicts(name: str) -> None:
    for seed in range(4):
        game = parlour.new_game(name, seed=seed)
        chooser = Rng(seed)
        for _ in range(150):
            state = game.state
            for player in range(game.players):
                view = state.view(player)
                check_keys(dict(view), VIEWS[name], name)
                json.dumps(view)
                if player == state.to_move and state.outcome is None:
                    legal = state.legal_moves()
                    assert view["legal_moves"] == [state.move_str(m) for m in legal]
                    assert view["moves"] == [state.move_parts(m) for m in legal]
                else:
                    assert view["legal_moves"] == [] and view["moves"] == []
            if game.outcome is not None:
                break
            moves = game.legal_moves()
            game.play(moves[chooser.randbelow(len(moves))])


def test_a_resigned_game_offers_no_moves() -> None:
    game = parlour.new_game("gate", seed=1)
    game.resign()
    view = game.view(0)
    assert view["legal_moves"] == [] and view["moves"] == []


#: The rules' own word for the pile a game deals or draws from: a deprecated alias of
#: stock_count, kept (equal to it) for code and web pages written before (CHANGELOG.md).
STOCK_WORDS = {"calculation": None, "gate": "stock", "eight-by-eight": "talon", "uno": "draw_pile"}


@pytest.mark.parametrize("name", list(VIEWS))
def test_one_idea_has_one_key_in_every_game(name: str) -> None:
    """``options`` was in Calculation's and UNO's views only (The Gate said ``bars``
    alone), and the cards left to deal or draw were ``stock_count``, ``stock``, ``talon``
    and ``draw_pile``: code written for one game did not read another."""
    game = parlour.new_game(name, seed=3)
    chooser = Rng(3)
    for _ in range(60):
        view = game.view(game.to_move or 0)
        # as the state keeps them: Chinese Patience's "first" is who did move first
        assert view["options"] == game.state.options
        assert view["options"] == game.options or name == "chinese-patience"
        if name in STOCK_WORDS:
            word = STOCK_WORDS[name]
            assert isinstance(view["stock_count"], int)
            assert word is None or view[word] == view["stock_count"]
        else:
            assert "stock_count" not in view  # Chinese Patience deals from no stock
        if game.outcome is not None:
            break
        moves = game.legal_moves()
        game.play(moves[chooser.randbelow(len(moves))])
    first = {"gate": 34, "eight-by-eight": 40, "calculation": 48}  # the cards not dealt out
    if name in first:
        assert parlour.new_game(name, seed=1).view(0)["stock_count"] == first[name]


ROOT = Path(__file__).resolve().parents[1]
#: How a reader reads an alias: view["talon"], view.get("talon"), view.talon in JS.
ALIAS_READ = re.compile(
    r"""\[\s*["'](?:stock|talon|draw_pile)["']\s*\]"""
    r"""|\.get\(\s*["'](?:stock|talon|draw_pile)["']"""
    r"|\bview\.(?:stock|talon|draw_pile)\b"
)


def test_nothing_in_parlour_reads_the_deprecated_stock_keys() -> None:
    """Every reader (front ends, encoders, environments, computer players, tests) reads
    ``stock_count``; the aliases stay in the views for others (this file checks them)."""
    found = []
    where = [("src", "*.py"), ("src", "*.js"), ("tests", "*.py")]
    where += [("benchmarks", "*.py"), ("examples", "*.py")]
    for folder, pattern in where:
        for path in sorted((ROOT / folder).rglob(pattern)):
            if path == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if ALIAS_READ.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "read stock_count instead:\n" + "\n".join(found)
