"""One table lay-out per game, looked up by the game's registry name."""

from __future__ import annotations

from ...core.registry import game_class
from .base import Table
from .calculation import CalculationTable
from .chinese_patience import ChinesePatienceTable
from .eight_by_eight import EightByEightTable
from .gate import GateTable
from .uno import UnoTable

__all__ = ["Table", "table_for", "TABLES"]

TABLES: dict[str, type[Table]] = {
    cls.game: cls
    for cls in (CalculationTable, GateTable, EightByEightTable, UnoTable, ChinesePatienceTable)
}


def table_for(name: str) -> Table:
    """A fresh table for a game (raises ``UnknownGameError`` for an unknown name)."""
    return TABLES[game_class(name).name]()
