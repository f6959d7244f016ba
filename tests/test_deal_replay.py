"""Golden tests: seed -> deal string -> the same game, move for move, in all five games.

A deal string (``state.deal_str()``) is the whole deck in the rules pages'
notation, plus the fields parlour adds where the cards alone do not say it all
(``docs/notation.md``): ``first=1`` when player 1 starts a two-player game, and
``seed=N`` for UNO, whose match shuffles again after the deal. Given alone to
``new_game(game, deck=...)``, it must replay the seeded game exactly: same
positions (hidden cards and random stream included), same legal moves, same views.
"""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.cli import main

#: (game, seed, options, the start and end of the seeded game's deal string).
#: UNO seed 25 turns up a Wild Draw Four first (shuffled back into the draw pile);
#: seed 1 starts with player 1.
GOLDEN = [
    ("calculation", 3, {}, "AH 2D 3S 4C", "4D 7H QS"),
    ("gate", 4, {}, "KH 2D TS AD", "TH QC 7H"),
    ("eight-by-eight", 5, {}, "4D 2D 7S 5H", "5S 8C KS"),
    ("chinese-patience", 0, {}, "6D 7S 8D TC", "AC TD 4D first=1"),
    ("chinese-patience", 5, {}, "6D TD AS 4S", "9S 4H KD"),
    ("uno", 0, {"target": 100}, "Y7 RS GD GD", "G3 BS R4"),
    ("uno", 1, {"target": 100}, "B0 R9 G8 Y8", "GD BS G3 first=1 seed=1"),
    ("uno", 25, {"target": 100}, "Y4 Y8 R7 RS", "Y3 B8 GD first=1 seed=25"),
]


def policy(game: parlour.Game, chooser: random.Random) -> str:
    """A random legal move; in UNO one that gets rid of a card when one can (not a
    Wild Draw Four, mostly wrong), since reneging at random makes hands very long."""
    legal = game.legal_moves()
    calm = [m for m in legal if not m.startswith("W4") and m not in ("draw", "keep")]
    return chooser.choice(calm or legal)


def assert_same(a: parlour.Game, b: parlour.Game, skip_first_events: bool) -> None:
    assert b.state.key() == a.state.key()
    assert b.legal_moves() == a.legal_moves()
    assert b.to_move == a.to_move and b.outcome == a.outcome
    for seat in range(a.players):
        va, vb = a.view(seat), b.view(seat)
        if skip_first_events:
            va.pop("events"), vb.pop("events")
        assert vb == va


@pytest.mark.parametrize("game,seed,options,head,tail", GOLDEN, ids=lambda v: str(v))
def test_seed_deal_string_same_game(
    game: str, seed: int, options: dict[str, int], head: str, tail: str
) -> None:
    seeded = parlour.new_game(game, seed=seed, **options)
    text = seeded.state.deal_str()
    assert text.startswith(head) and text.endswith(tail)
    replay = parlour.new_game(game, deck=text, **options)
    # UNO takes the deal's seed= field; the other games' deals need no seed (0).
    assert replay.seed == (seed if game == "uno" else 0)
    assert replay.state.deal_str() == text
    # A seeded UNO hand whose first card was a W4 announces it; its deal string
    # shows the deck after the W4 went back, so the replay has nothing to announce.
    first_events_differ = game == "uno" and seed == 25
    assert_same(seeded, replay, first_events_differ)
    chooser = random.Random(seed)
    hands = 1
    for _ in range(4000):
        if seeded.is_over:
            break
        move = policy(seeded, chooser)
        seeded.play(move)
        replay.play(move)
        assert_same(seeded, replay, False)
        hands = max(hands, seeded.view(0).get("hand_number", 1))
    if game == "uno":
        assert hands >= 2, "the replay should cross into a later hand (shuffled from the seed)"


@pytest.mark.parametrize("game", ["uno", "chinese-patience"])
def test_most_seeds_replay_from_the_deal_alone(game: str) -> None:
    for seed in range(40):
        seeded = parlour.new_game(game, seed=seed)
        replay = parlour.new_game(game, deck=seeded.state.deal_str())
        assert replay.state.key() == seeded.state.key(), seed
        assert replay.to_move == seeded.to_move


def test_fields_are_checked_against_the_seed_and_options() -> None:
    text = parlour.new_game("uno", seed=1).state.deal_str()
    assert parlour.new_game("uno", deck=text, seed=1, first=1).seed == 1
    with pytest.raises(parlour.InvalidDeckError, match="seed=1 but the game's seed is 2"):
        parlour.new_game("uno", deck=text, seed=2)
    with pytest.raises(parlour.InvalidDeckError, match="first=1 but option first=0"):
        parlour.new_game("uno", deck=text, first=0)
    cards = text.split(" first=")[0]
    with pytest.raises(parlour.InvalidDeckError, match="first is 0|1"):
        parlour.new_game("uno", deck=cards + " first=2")
    with pytest.raises(parlour.InvalidDeckError, match="write the cards first"):
        parlour.new_game("uno", deck="first=1 " + cards)
    with pytest.raises(parlour.InvalidDeckError, match="given twice"):
        parlour.new_game("uno", deck=cards + " first=1 first=1")
    cp = parlour.new_game("chinese-patience", seed=0).state.deal_str()
    with pytest.raises(parlour.InvalidDeckError, match="Chinese Patience's deals take first=N"):
        parlour.new_game("chinese-patience", deck=cp + " seed=3")
    calc = parlour.new_game("calculation", seed=0).state.deal_str()
    with pytest.raises(parlour.InvalidDeckError, match="cards only"):
        parlour.new_game("calculation", deck=calc + " first=1")


def test_a_deck_without_a_seed_plays_the_same_on_every_run() -> None:
    """An explicit deal never takes a fresh random seed (rules page: default 0)."""
    text = parlour.new_game("uno", seed=7).state.deal_str()
    cards = " ".join(word for word in text.split() if "=" not in word)
    a = parlour.new_game("uno", deck=cards)
    b = parlour.new_game("uno", deck=cards)
    assert a.seed == b.seed == 0
    chooser = random.Random(1)
    for _ in range(600):  # far enough for reshuffles and later hands
        move = policy(a, chooser)
        a.play(move)
        b.play(move)
    assert a.state.key() == b.state.key()


def test_cli_play_with_a_deal_string_deals_the_same_every_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    text = parlour.new_game("uno", seed=25).state.deal_str()
    outputs = []
    for _ in range(2):
        monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nkeep\n" * 12))
        main(["play", "uno", "--deck", text, "--colour", "never", "--opponent", "random"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "Red 7 is turned face up" in outputs[0]
