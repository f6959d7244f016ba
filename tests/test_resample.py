"""``GameState.resample(player, rng)``: the hidden cards dealt again as ``player`` could
imagine them, for determinisation, information-set search and PIMC.

The conformance walk: at positions of random play (several seeds, every game and
variant), for each player, the sample gives that player the same view, the same legal
moves when it is their move, every card of the game, and plays on like any position; a
seed gives one sample on every call, other seeds other hidden cards. Then what a view
does not show but the player has seen: 8 x 8's talon after the first pass, UNO's
draw pile made of the discards, and a patience with nothing hidden left.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import parlour
from parlour.core.protocol import GameState
from parlour.rng import Rng
from test_conformance import variant_id, variants

#: Moves of random play per seed, a sample checked every ``EVERY`` of them.
STEPS = 120
EVERY = 6
SEEDS = 3
#: Moves a sample is played on with random moves (8 x 8's random play can shuttle a
#: run between rows for ever, so "to the end" is "to the end or this many moves").
PLAY_ON = 300


def hidden(state: Any, player: int) -> Any:
    """The cards ``player`` cannot see, where they lie (the test's privilege)."""
    name = state.name
    if name == "calculation":
        return state._stock[state._top + 1 :]
    if name == "gate":
        from parlour.games.gate import S

        return state._piles[S]
    if name == "eight-by-eight":
        down = tuple(row[: state.down[n]] for n, row in enumerate(state.rows))
        return down, state.talon if state.passes == 1 else ()
    if name == "uno":
        return tuple(state._hands[1 - player]), tuple(state._draw)
    if name == "chinese-patience":
        return tuple(
            tuple(hand) for i, hand in enumerate(state.hands) if not (state.turned >> i) & 1
        )
    raise AssertionError(f"no hidden cards known for {name}")


def hidden_flat(state: Any, player: int) -> list[int]:
    """:func:`hidden`'s cards in one list."""
    flat: list[int] = []

    def walk(x: Any) -> None:
        if isinstance(x, int):
            flat.append(x)
        else:
            for y in x:
                walk(y)

    walk(hidden(state, player))
    return flat


def arrangements(state: Any, player: int) -> bool:
    """Whether the hidden cards can lie in more than one way (two different cards hidden)."""
    flat = hidden_flat(state, player)
    if state.name == "uno":
        # the cards the player knows the other holds are not hidden; the other hand is
        # a set of cards, so with the draw pile empty it can be only one
        known = Counter(state.known_cards(player))
        flat = list((Counter(flat) - known).elements())
        if not state._draw or len(flat) == len(state._draw):
            return False
    return len(set(flat)) > 1


def moves_of(state: GameState) -> list[str]:
    return [state.move_str(m) for m in state.legal_moves()]


def play_on(state: GameState, seed: int) -> None:
    """Random moves from the sample: each legal, every card kept, to the end or PLAY_ON."""
    pack = Counter(state.all_cards())
    chooser = Rng(seed)
    for _ in range(PLAY_ON):
        if state.outcome is not None:
            assert state.legal_moves() == []
            return
        moves = state.legal_moves()
        assert moves, "a sample with no legal move and no outcome"
        state.apply(moves[chooser.randbelow(len(moves))])
        assert Counter(state.all_cards()) == pack


def check_sample(game: parlour.Game, player: int, step: int) -> None:
    state = game.state
    view = state.view(player)
    sample = state.resample(player, step)
    assert sample is not state
    assert sample.view(player) == view, f"the sample shows player {player} another table"
    assert sample.render_for(player) == state.render_for(player)
    assert sample.last_events(player) == state.last_events(player)
    assert sample.prompt(player) == state.prompt(player)
    json.dumps(sample.view(1 - player if state.players == 2 else 0))
    if player == state.to_move:
        assert moves_of(sample) == moves_of(state)
    assert Counter(sample.all_cards()) == Counter(state.all_cards())
    assert state.resample(player, step).key() == sample.key(), "a seed gives one sample"
    assert state.resample(player, Rng(step)).key() == sample.key(), "a seed or its Rng"
    assert state.view(player) == view, "resampling changed the state"
    if state.name != "uno":
        # the game's own word for "nothing hidden" (what its finishing line waits
        # for) is what its sampling deals: then the sample is the position itself
        assert state.all_seen() == (not hidden_flat(state, player))
        if state.all_seen():
            assert sample.key() == state.key()
    if arrangements(state, player):
        samples = {repr(hidden(state.resample(player, step + k), player)) for k in range(8)}
        assert len(samples) > 1, "other seeds gave the same hidden cards"
    if state.name != "uno":
        # Where the game writes its deal, the sample's deal and this game's moves reach
        # the sample: it is a game that could have been played to here, move for move.
        again = parlour.new_game(state.name, deck=sample.deal_str(), options=game.options)
        for move in game.moves:
            again.play(move)
        assert again.state.key() == sample.key()


@pytest.mark.parametrize("variant", variants(), ids=variant_id)
def test_a_sample_is_the_same_table_to_its_player(variant: tuple[str, dict[str, Any], int]) -> None:
    name, options, _ = variant
    played_on = False
    for seed in range(SEEDS):
        game = parlour.new_game(name, seed=seed, **options)
        chooser = Rng(seed + 99)
        for step in range(STEPS):
            if game.is_over:
                break
            if step % EVERY == 0:
                for player in range(game.players):
                    check_sample(game, player, 1000 * seed + step)
            if step == STEPS // 2 and not played_on:
                for player in range(game.players):
                    play_on(game.state.resample(player, step), seed)
                played_on = True
            moves = game.legal_moves()
            game.play(moves[chooser.randbelow(len(moves))])
        for player in range(game.players):  # the last position (often the end) too
            check_sample(game, player, 7)


def test_nothing_hidden_samples_to_itself() -> None:
    """A patience with no hidden card left: the sample is the position itself."""
    gate = parlour.new_game("gate", seed=4)
    while gate.state.view(0)["stock_count"]:
        gate.play("deal")
    calc = parlour.new_game("calculation", seed=4)
    while calc.view()["stock_count"] > 1:
        calc.play("S W1")
    for game in (gate, calc):
        assert game.state.all_seen()
        sample = game.state.resample(0, 11)
        assert sample.key() == game.state.key()
        assert sample.deal_str() == game.state.deal_str()


def test_eight_by_eight_keeps_the_talon_once_turned_over() -> None:
    """From the second pass the talon is the waste turned over, seen card by card: a
    sample keeps its order and deals only the face-down cards again."""
    game = parlour.new_game("eight-by-eight", seed=2)
    state: Any = game.state
    while state.passes == 1:
        legal = game.legal_moves()
        game.play("turn" if "turn" in legal else next(m for m in legal if m.startswith("P")))
        state = game.state
    assert state.talon
    downs = set()
    for seed in range(5):
        sample: Any = state.resample(0, seed)
        assert sample.talon == state.talon
        downs.add(tuple(sample.rows))
    assert len(downs) > 1


def test_uno_keeps_what_the_discards_told() -> None:
    """When the discards become the draw pile, each player has seen every card but the
    other's hand, so knows that hand: a sample keeps it and deals only the draw pile
    again; an ordinary sample deals the other hand from the unseen cards."""
    game = parlour.new_game("uno", seed=1)
    chooser = Rng(5)
    while True:
        mover = game.to_move
        legal = game.legal_moves()
        game.play("draw" if "draw" in legal else legal[chooser.randbelow(len(legal))])
        if any(e.what == "reshuffle" for e in game.state.last_events(0)):
            break
    state: Any = game.state
    other = 1 - mover
    hands = set()
    for seed in range(6):
        sample: Any = state.resample(mover, seed)
        assert sample._hands[other] == state._hands[other]
        assert Counter(sample._draw) == Counter(state._draw)
        # the other player's hand, sampled for them: they know the mover's cards but
        # the ones just drawn
        hands.add(tuple(state.resample(other, seed)._hands[mover]))
    assert len(hands) > 1


def test_uno_sample_tells_the_other_player_sampled_draws() -> None:
    """The sample's record of the other player's draws names sampled cards: their view
    of the sample tells nothing of the real hand, and a card just drawn that may be
    played is a playable card of the sampled hand."""
    for seed in range(40):
        game = parlour.new_game("uno", seed=seed)
        while game.state.view(game.to_move)["phase"] != "play_or_keep":
            legal = game.legal_moves()
            game.play("draw" if "draw" in legal else legal[0])
        drawer = game.to_move
        sample: Any = game.state.resample(1 - drawer, 3)
        view = sample.view(drawer)
        assert view["drawn"] in view["hand"] and "keep" in view["legal_moves"]
        drawn = [text.split("drew ")[1] for text in view["events"] if "you drew" in text]
        assert drawn == [view["drawn"]]
        return
    raise AssertionError("no seed drew a playable card")


@pytest.mark.parametrize(
    ("player", "rng", "error"),
    [
        (2, 0, parlour.InvalidPlayerError),
        (True, 0, parlour.InvalidPlayerError),
        (0, -1, parlour.InvalidSeedError),
        (0, "7", parlour.InvalidSeedError),
    ],
)
def test_bad_arguments_are_parlour_errors(player: Any, rng: Any, error: type) -> None:
    state = parlour.new_game("uno", seed=1).state
    with pytest.raises(error):
        state.resample(player, rng)


def test_uno_challenge_verdict_follows_the_sampled_hand() -> None:
    """A Wild Draw Four waiting for ``player``'s challenge: whether it was wrong depends
    on the other hand, which the sample deals, so the sample's verdict is its own."""
    verdicts = set()
    for seed in range(60):
        game = parlour.new_game("uno", seed=seed, w4_challenge=True)
        chooser = Rng(seed)
        for _ in range(200):
            if game.is_over or "challenge" in game.legal_moves():
                break
            legal = game.legal_moves()
            plays = [m for m in legal if m.startswith("W4")]
            game.play(plays[0] if plays else legal[chooser.randbelow(len(legal))])
        if game.is_over or "challenge" not in game.legal_moves():
            continue
        state: Any = game.state
        challenger = game.to_move
        for k in range(6):
            sample: Any = state.resample(challenger, k)
            held = [c for c in sample._hands[1 - challenger] if c >> 4 == state._w4_col]
            sample.apply(sample.parse_move("challenge"))
            upheld = [e.value for e in sample.last_events(challenger) if e.what == "challenge"]
            assert upheld == ["upheld" if held else "failed"]
            verdicts.add(upheld[0])
        if len(verdicts) == 2:
            return
    raise AssertionError(f"no challenge went both ways in the samples: {verdicts}")
