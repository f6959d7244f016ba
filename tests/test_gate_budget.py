"""The Gate's strong player keeps a hint inside its budget (issue 23), by counting its
work (positions looked at, solver nodes), never by reading a clock: so a seeded
player makes the same moves on every machine, and these tests time nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import parlour
from parlour.ai import hint
from parlour.ai.gate import GateFairPlayer, rollout, sampling
from parlour.ai.gate import player as gate_player
from parlour.ai.gate.position import pos_of_gate
from parlour.ai.hints import HINT_SECONDS
from parlour.cards import card_str, french_deck, parse_cards
from parlour.core.session import Game
from parlour.games.gate import Gate

#: What a hint may do: the budget, counted.
HINT_STEPS = int(HINT_SECONDS * sampling.STEPS_PER_SECOND)


def _count_steps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the Gate players' work from now on: every position an exploration
    looks at and every solver node, in the fair player's plan, the play-outs and the
    search to the end."""
    count = [0]
    for module in (gate_player, rollout):
        explore = module.explore
        deep_search = module.deep_search

        def counted_explore(*args: Any, _explore: Callable[..., Any] = explore) -> Any:
            got = _explore(*args)
            count[0] += len(got[1])
            return got

        def counted_search(*args: Any, _search: Callable[..., Any] = deep_search) -> Any:
            got = _search(*args)
            count[0] += got[2]
            return got

        monkeypatch.setattr(module, "explore", counted_explore)
        monkeypatch.setattr(module, "deep_search", counted_search)
    return count


def _fair_to(seed: int, stock: int) -> Game:
    """A 3-card-bar deal played by the fair player until ``stock`` cards are left."""
    game = parlour.new_game("gate", seed=seed, bars=3)
    fair = GateFairPlayer(seed)
    while game.view(0)["stock_count"] > stock:
        game.play(fair.choose(game.view(0), game.legal_moves()))
    return game


@pytest.mark.parametrize(
    ("seed", "stock", "what"),
    [
        (1_000_583, 4, "keeps the most deals winnable"),  # many play-outs undecided
        (1_000_583, 0, "on the way to"),  # the search to the end runs out of nodes
    ],
)
def test_a_hint_does_no_more_work_than_its_budget_pays_for(
    monkeypatch: pytest.MonkeyPatch, seed: int, stock: int, what: str
) -> None:
    game = _fair_to(seed, stock)
    steps = _count_steps(monkeypatch)
    got = hint(game)
    assert what in got.reason
    assert 0.8 * HINT_STEPS < steps[0] <= HINT_STEPS
    # it is the budget that held the work: uncapped, the same decision does more
    monkeypatch.setattr(sampling, "STEPS_PER_SECOND", 10**9)
    steps[0] = 0
    hint(game)
    assert steps[0] > HINT_STEPS


def test_a_play_out_keeps_to_its_steps() -> None:
    """Whatever the sampled order, a play-out given so many steps uses no more; when
    they run out before the end it counts as undecided."""
    first = parse_cards("9C AD AH AS AC  2C 2D 2H  2S KC KS  QD QH 7C 8C 9D")
    deck = " ".join(card_str(c) for c in first + [c for c in french_deck() if c not in first])
    state = parlour.new_game("gate", seed=0, deck=deck, options={"bars": 3}).state
    assert isinstance(state, Gate)
    p, stock = pos_of_gate(state)
    limit, nodes = sampling.ROLLOUT_LIMIT, sampling.END_NODES
    won, used = rollout.play_out(p, stock, limit, nodes)
    assert won == 1.0 and used > 2 * limit
    for steps in (0, limit, used // 2, used - 1):
        short, spent = rollout.play_out(p, stock, limit, nodes, steps)
        assert short == 0.5 and spent <= steps
    # an exploration is begun only if its largest possible cost fits
    assert rollout.play_out(p, stock, limit, nodes, used + limit + rollout.MAX_SUCCESSORS) == (
        1.0,
        used,
    )
