"""The rewards of every environment, in one place: a learner is never paid to stall.

The scheme (``docs/environments.md`` explains it with the reasons):

* a game (or an UNO hand) **won** is worth ``WIN`` (+1), **lost** ``LOSS`` (-1);
* a **draw** by the rules (Chinese Patience's blocked game with equal cards; UNO's
  blocked hand, which no play can bring about with the full pack: the eight Wilds are
  always in the hands once both piles are empty, so someone can always play) is
  worth ``DRAW`` (0) to both;
* a game **cut off** by the environment's step limit (``max_steps``) is worth
  ``CUT_OFF`` = ``LOSS`` to every player at the table (the episode is truncated).
  Ending a game by dragging it out is therefore never better than losing it, so a
  learner gains nothing by stalling (reneging in UNO for ever, moving a card to and
  fro in Chinese Patience), whichever seat it is in;
* every other step is worth 0, except an illegal action (only possible when a
  learner ignores the mask), which costs its player ``illegal_reward`` (-1 by default).

The one-player patiences pay 1 for a win and 0 for anything else: there a loss is 0,
and a cut-off is worth the same as a loss, as everywhere.
"""

from __future__ import annotations

__all__ = ["WIN", "LOSS", "DRAW", "CUT_OFF", "end_rewards", "cut_off_rewards"]

WIN = 1.0
LOSS = -1.0
DRAW = 0.0
#: What a game cut off by the step limit is worth to every seat: a loss.
CUT_OFF = LOSS


def end_rewards(winner: int | None, seats: int = 2) -> list[float]:
    """Each seat's reward for a finished two-player game: ``WIN`` and ``LOSS``, or
    ``DRAW`` for both when there is no winner."""
    if winner is None:
        return [DRAW] * seats
    return [WIN if seat == winner else LOSS for seat in range(seats)]


def cut_off_rewards(seats: int = 2) -> list[float]:
    """Each seat's reward for a game the environment stopped: a loss for all."""
    return [CUT_OFF] * seats
