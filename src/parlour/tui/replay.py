"""The solver's winning line, replayed at the terminal table under the person's control.

As the web app's line bar (``web/static/js/replay.js``): ``space`` plays or pauses
(at the end of the line it plays again from the deal), ``←`` and ``→`` step a move
back or on (and pause), ``end`` goes to the last move, ``+`` and ``-`` (or ``1``,
``2``, ``4``) set the speed, ``esc`` goes back to the end of the person's own game.
The steps, their words and the counter are the service's
(:class:`parlour.service.answers.LineStep`); this only decides which step is on the
table and whether the line plays on. The screen (:mod:`.screen`) draws the steps and
keeps the time.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SPEEDS", "LineReplay"]

#: How many times faster than the computer's own moves the line may be played.
SPEEDS = (1, 2, 4)


class LineReplay:
    """Which step of the line is on the table (0: the deal), whether it plays on,
    and how fast."""

    def __init__(self, steps: list[dict[str, Any]]) -> None:
        self.steps = steps
        self.at = 0
        self.playing = False
        self.speed = SPEEDS[0]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    @property
    def step(self) -> dict[str, Any]:
        """The step on the table."""
        return self.steps[self.at]

    @property
    def at_end(self) -> bool:
        return self.at >= self.last

    def toggle(self) -> None:
        """``space``: pause, or play on (from the deal again once the end is reached)."""
        if self.playing:
            self.playing = False
            return
        if self.at_end:
            self.at = 0
        self.playing = True

    def jump(self, to: int) -> bool:
        """A step chosen by the person (a step back or on, the end): the line pauses
        there. Whether the table changes."""
        self.playing = False
        target = max(0, min(self.last, to))
        moved = target != self.at
        self.at = target
        return moved

    def advance(self) -> bool:
        """The next step while the line plays; at its last step it stops playing.
        Whether the table changes."""
        if not self.playing:
            return False
        if self.at_end:
            self.playing = False
            return False
        self.at += 1
        if self.at_end:
            self.playing = False
        return True

    def set_speed(self, key: str) -> bool:
        """``+`` / ``-`` one speed faster or slower, ``1``/``2``/``4`` that speed.
        Whether the key names a speed."""
        index = SPEEDS.index(self.speed)
        if key in ("plus", "equals_sign"):
            self.speed = SPEEDS[min(index + 1, len(SPEEDS) - 1)]
        elif key == "minus":
            self.speed = SPEEDS[max(index - 1, 0)]
        elif key in {str(s) for s in SPEEDS}:
            self.speed = int(key)
        else:
            return False
        return True

    def key_bar(self) -> str:
        """The keys that work while the line is on the table (one line in 80 columns)."""
        play = "pause" if self.playing else ("play again" if self.at_end else "play")
        return f"space {play}  ←/→ step  end last move  +/- speed {self.speed}×  esc back  q quit"
