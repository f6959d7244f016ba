"""``move_parts``: every legal move split into source, target, count and card.

For many seeded positions of every game, each legal move's parts must be what a
front end needs to offer it as a gesture without parsing move strings: the
source and target are piles the view names, the card is the face-up card found
there, the count is how many cards move, the same gesture never means two moves,
and re-composing the parts in the game's notation gives the move back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import parlour
from parlour.core.protocol import GameState, MoveParts
from parlour.core.session import Game
from parlour.rng import Rng

Recompose = Callable[[MoveParts, dict[str, Any]], str | None]


def positions(name: str, seeds: int, steps: int, **options: Any) -> Iterator[Game]:
    """Seeded random playouts: every position reached, the first included."""
    for seed in range(seeds):
        game = parlour.new_game(name, seed=seed, **options)
        chooser = Rng(seed + 4_242)
        for _ in range(steps):
            if game.outcome is not None:
                break
            yield game
            moves = game.legal_moves()
            game.play(moves[chooser.randbelow(len(moves))])


def check_position(state: GameState, recompose: Recompose) -> list[MoveParts]:
    """The parts of every legal move, checked for what every game promises."""
    view = state.view(state.to_move)
    all_parts = []
    gestures: set[tuple[Any, ...]] = set()
    for move in state.legal_moves():
        parts = state.move_parts(move)
        text = state.move_str(move)
        assert parts["move"] == text
        assert parts["count"] >= 0
        if parts["source"] is None:
            assert parts["target"] is None and parts["card"] is None, parts
        else:
            assert parts["target"] is not None and parts["count"] >= 1, parts
            gesture = (
                parts["source"],
                parts["target"],
                parts["count"],
                parts.get("colour"),
                parts.get("uno", False),
            )
            assert gesture not in gestures, f"two moves share the gesture {gesture}"
            gestures.add(gesture)
        again = recompose(parts, view)
        if again is not None:
            assert state.parse_move(again) == move, (again, text)
        all_parts.append(parts)
    return all_parts


def pile_of(view: dict[str, Any], name: str) -> list[str]:
    """A face-up pile of a patience view by its notation name."""
    for key in ("piles", "foundations", "waste"):
        value = view.get(key)
        if isinstance(value, dict) and name in value:
            pile = value[name]
            return [pile] if isinstance(pile, str) else list(pile)
    raise AssertionError(f"no pile {name} in the view")


@pytest.mark.parametrize("classic", [False, True])
def test_calculation_parts(classic: bool) -> None:
    def recompose(parts: MoveParts, view: dict[str, Any]) -> str:
        source = parts["source"]
        assert source is not None and parts["count"] == 1
        top = view["current"] if source == "S" else pile_of(view, source)[-1]
        assert parts["card"] == top
        return f"{source} {parts['target']}"

    for game in positions("calculation", 20, 80, classic=classic):
        for parts in check_position(game.state, recompose):
            assert parts["source"] is not None
            assert f"{parts['source']} {parts['target']}" == parts["move"]


@pytest.mark.parametrize("bars", [4, 3])
def test_gate_parts(bars: int) -> None:
    def recompose(parts: MoveParts, view: dict[str, Any]) -> str | None:
        source = parts["source"]
        if source is None:
            assert parts["move"] == "deal"
            return None
        cards = view["waste"] if source == "W" else view["piles"][source]
        assert cards[-parts["count"]] == parts["card"]
        target = parts["target"]
        assert target is not None
        if target.startswith("F"):
            assert target in view["foundations"] and parts["move"] == f"{source} F"
        else:
            assert target in view["piles"] and parts["move"] == f"{source} {target}"
        return f"{source} {target}"

    deals = 0
    for game in positions("gate", 12, 100, bars=bars):
        for parts in check_position(game.state, recompose):
            if parts["move"] == "deal":
                deals += 1
                before = game.view(0)
                trial = game.copy()
                trial.play("deal")
                after = trial.view(0)
                moved = (
                    before["stock_count"]
                    + len(before["waste"])
                    - after["stock_count"]
                    - len(after["waste"])
                )
                assert parts["count"] == (moved or 1)
    assert deals


def test_eight_by_eight_parts() -> None:
    def recompose(parts: MoveParts, view: dict[str, Any]) -> str | None:
        source, target, count = parts["source"], parts["target"], parts["count"]
        if source is None:
            assert parts["move"] == "turn"
            return None
        assert target is not None
        if source == "P":
            assert parts["card"] == view["pending"]
        elif source == "W":
            assert parts["card"] == view["waste"][-1]
        else:
            row = view["rows"][int(source[1]) - 1]
            assert len(row["face_up"]) >= count and row["face_up"][-count] == parts["card"]
        if target.startswith("F"):
            assert parts["move"] == f"{source} F"
        if source.startswith("T") and target.startswith("T"):
            return f"{source} {target} {count}"
        return f"{source} {target}"

    for game in positions("eight-by-eight", 8, 200):
        check_position(game.state, recompose)


def test_chinese_patience_parts() -> None:
    def recompose(parts: MoveParts, view: dict[str, Any]) -> str | None:
        source, target = parts["source"], parts["target"]
        if source is None:
            assert parts["move"] in ("twist", "end")
            return None
        pile = view["pile_0"] if source == "0" else view["tableau"][int(source) - 5]
        if parts["count"] > 1:
            assert parts["count"] == len(pile) and parts["card"] == pile[0]
            return f"P{source} {target}"
        assert parts["card"] == pile[-1]
        return f"{source} {target}"

    for game in positions("chinese-patience", 10, 400):
        check_position(game.state, recompose)


@pytest.mark.parametrize("options", [{}, {"uno_call": True, "w4_challenge": True}])
def test_uno_parts(options: dict[str, Any]) -> None:
    def recompose(parts: MoveParts, view: dict[str, Any]) -> str | None:
        source = parts["source"]
        colour = parts.get("colour")
        call = " uno" if parts.get("uno") else ""
        if source is None:
            if colour is not None:
                assert parts["move"] == f"colour:{colour}"
            return None
        assert parts["target"] == "discard" and parts["card"] == source
        assert source in view["hand"]
        if parts["move"].startswith("play"):
            assert source == view["drawn"]
            return "play" + (f":{colour}" if colour else "") + call
        assert (colour is not None) == source.startswith("W")
        return source + (f":{colour}" if colour else "") + call

    calls = 0
    for game in positions("uno", 6, 300, **options):
        for parts in check_position(game.state, recompose):
            calls += bool(parts.get("uno"))
    assert calls or not options
