"""Imports every module that registers computer players and solvers.

A game's computer players live in its own package under ``parlour.ai`` (for
example ``parlour.ai.gate``) or in a module ``parlour.ai.<game>_ai``; both are
found by name, so adding a game's players touches no shared list.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

__all__ = ["player_modules"]


def player_modules() -> list[str]:
    """The names of the packages and modules that hold a game's players, in a fixed order."""
    here = [str(Path(__file__).parent)]
    return sorted(
        info.name for info in pkgutil.iter_modules(here) if info.ispkg or info.name.endswith("_ai")
    )


for _name in player_modules():
    importlib.import_module(f"{__package__}.{_name}")
