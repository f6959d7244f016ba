"""The five games. Importing this package registers every one of them."""

from . import calculation, chinese_patience, eight_by_eight, gate, uno

__all__ = ["calculation", "chinese_patience", "eight_by_eight", "gate", "uno"]
