"""The UNO kernel plays the engine's game: move by move, same legal moves, same state.

``parlour.kernels.uno`` is the one compiled copy of UNO's rules (the simulator, the
vector environment and the strong player's search all play on it); the engine in
``parlour.games.uno`` is the reference. Here the kernel's table is played against the
engine over many seeds with every kind of move (reneges, wrong Wild Draw Fours, kept
cards, Wilds turned up first, reshuffles), comparing the legal moves before and the
whole state after every move, and the result of each hand.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed (pip install 'parlour[fast]')")
pytest.importorskip("numba", reason="numba is not installed (pip install 'parlour[fast]')")

from parlour.cards import uno_deck  # noqa: E402
from parlour.envs.actions import action_table  # noqa: E402
from parlour.games import uno as engine  # noqa: E402
from parlour.kernels import uno as kernel  # noqa: E402
from parlour.rng import Rng, batch_plan  # noqa: E402

OPTIONS = {"target": 100_000, "uno_call": False, "w4_challenge": False, "first": None}
ACTIONS = action_table("uno")
INDEX = {text: a for a, text in enumerate(ACTIONS)}
SEEDS = range(400)
#: Moves of one hand compared at most: a few of these random hands run to tens of
#: thousands of moves (91,373 at the longest), four fifths of the test's time for no
#: new path (the draw pile is turned over many times within the first thousand).
HAND_MOVES = 1000


@pytest.fixture(scope="module")
def compiled() -> dict[str, Any]:
    done = kernel.compiled()
    assert done is not None
    return done


def kernel_key(t: tuple[Any, ...], g: int) -> tuple[Any, ...]:
    """Row ``g`` of the table in the shape of the first items of ``Uno.key()``."""
    eng, cnt, _, draw, disc, dcnt, meta, _, _ = t
    cards = np.arange(kernel.N_CARDS)
    hands = [tuple(np.repeat(cards, cnt[g, p]).tolist()) for p in (0, 1)]
    discard = tuple(disc[g, : meta[g, kernel.NC]].tolist())
    counted = np.bincount(np.asarray(discard, dtype=np.int64), minlength=kernel.N_CARDS)
    assert counted.tolist() == dcnt[g].tolist(), "discard counts out of step"
    return (
        hands[0],
        hands[1],
        tuple(draw[g, : meta[g, kernel.ND]].tolist()),
        discard,
        int(meta[g, kernel.COLOUR]),
        int(meta[g, kernel.TURN]),
        int(meta[g, kernel.PHASE]),
        int(meta[g, kernel.DRAWN]),
        int(meta[g, kernel.PASSES]),
        tuple(int(x) for x in eng[g]),
        (int(meta[g, kernel.SHOWN0]), int(meta[g, kernel.SHOWN1])),
    )


def engine_key(state: engine.Uno) -> tuple[Any, ...]:
    """The same items of the engine's ``key()`` (hands, piles, colour, turn, phase,
    drawn card, passes, random stream, W4s shown)."""
    key: tuple[Any, ...] = state.key()  # type: ignore[assignment]
    return (*key[:9], key[14], key[15])


def pick(legal: list[Any], rng: Rng) -> Any:
    """Mostly a card (so hands end), sometimes any move: a draw with a card that fits,
    a wrong W4, keeping a drawn card."""
    plays = [m for m in legal if m[0] in (engine.K_PLAY, engine.K_PLAYDRAWN)]
    if plays and rng.randbelow(10) < 7:
        return plays[rng.randbelow(len(plays))]
    return legal[rng.randbelow(len(legal))]


def kernel_move(move: Any) -> tuple[int, int, int]:
    """An engine move tuple as the kernel's (kind, card, named colour)."""
    kind = move[0]
    if kind == engine.K_PLAY:
        return kind, move[1], move[2]
    if kind in (engine.K_PLAYDRAWN, engine.K_COLOUR):
        return kind, -1, move[1]
    return kind, -1, -1


def test_card_rules_are_the_engines() -> None:
    for c in set(uno_deck()):
        assert kernel.card_points(c) == engine.card_points(c)
    for n in range(109):
        plan = [(pos[0], pos[-1], accept - 1) for accept, pos in batch_plan(n)]
        assert kernel.shuffle_plan(n) == plan, n


def test_the_table_plays_the_engines_hands_move_by_move(compiled: dict[str, Any]) -> None:
    pack, plans = kernel.engine_tables()
    actions = kernel.action_arrays(ACTIONS)
    t = kernel.new_table(1)
    mask = np.zeros((1, len(ACTIONS)), np.int8)
    seen: set[str] = set()
    moves = 0
    for seed in SEEDS:
        state = engine.Uno.new(seed, None, OPTIONS)
        compiled["deal"](0, np.uint64(seed), t, pack, plans)
        rng = Rng(seed + 1)
        for _ in range(HAND_MOVES):
            assert kernel_key(t, 0) == engine_key(state), (seed, moves)
            legal = state.legal_moves()
            compiled["fill_mask"](0, t, actions, mask)
            assert set(np.flatnonzero(mask[0]).tolist()) == {
                INDEX[state.move_str(m)] for m in legal
            }, (seed, moves)
            move = pick(legal, rng)
            seen.add(state.move_str(move).split(":")[0])
            p = state.to_move
            result = compiled["apply_move"](0, t, *kernel_move(move), plans)
            state.apply(move)
            moves += 1
            if state.hand_number != 1:
                last = state.view(0)["last_hand"]
                assert result == kernel.WENT_OUT and last["winner"] == p
                loser = t[1][0, 1 - p]
                points = sum(int(loser[c]) * kernel.card_points(c) for c in range(kernel.N_CARDS))
                assert points == last["points"]
                break
            assert result == kernel.ONGOING
    # every kind of move was made, a wrong W4 among them
    assert {"draw", "keep", "play", "colour", "W", "W4"} <= seen
    assert moves > 20 * len(SEEDS)


def test_a_wrong_wild_draw_four_is_shown_and_penalised(compiled: dict[str, Any]) -> None:
    """The penalty path: the card goes back into the hand in sight, four are drawn."""
    pack, plans = kernel.engine_tables()
    t = kernel.new_table(1)
    for seed in SEEDS:
        state = engine.Uno.new(seed, None, OPTIONS)
        wrong = [m for m in state.legal_moves() if m[0] == engine.K_PLAY and m[1] == kernel.W4]
        colour = state.view(state.to_move)["colour"]
        hand = state.view(state.to_move)["hand"]
        if not wrong or colour is None or not any(s[0] == colour for s in hand):
            continue
        compiled["deal"](0, np.uint64(seed), t, pack, plans)
        compiled["apply_move"](0, t, *kernel_move(wrong[0]), plans)
        state.apply(wrong[0])
        assert kernel_key(t, 0) == engine_key(state)
        assert state.view(state.to_move)["opponent_known"] == ["W4"]  # the other player's
        assert t[6][0, kernel.SHOWN0 + 1 - state.to_move] == 1
        return
    pytest.fail("no seed deals a wrong Wild Draw Four at once")
