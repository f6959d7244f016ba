"""Imports every module that registers computer players."""

from . import chinese_patience_ai as chinese_patience_ai  # noqa: F401
from . import eight_by_eight_ai as eight_by_eight_ai  # noqa: F401
from . import uno_ai  # noqa: F401
