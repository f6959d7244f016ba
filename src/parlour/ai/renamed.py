"""Former names of a module's classes, still importable with a warning.

A class renamed (Chinese Patience's ``StrongPlayer`` is now
``ChinesePatienceStrongPlayer``, like every other game's players) keeps its old name
for a while, so code written against it runs and is told the new one. Each module
that keeps old names defines a PEP 562 ``__getattr__`` that calls
:func:`renamed_attribute`, so a type checker still sees the old names (as ``Any``).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

__all__ = ["renamed_attribute"]


def renamed_attribute(
    module: str, namespace: Mapping[str, Any], renamed: Mapping[str, str], name: str
) -> Any:
    """The attribute ``name`` of ``module`` (its ``__name__``) looked up by its former
    name: the object now named ``renamed[name]`` in ``namespace`` (the module's
    ``globals()``), with a ``DeprecationWarning`` pointing at the code that used it;
    ``AttributeError`` for any other name, as a module without it would raise."""
    new = renamed.get(name)
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(
        f"{module}.{name} is renamed {new}; the old name will go",
        DeprecationWarning,
        stacklevel=3,  # the caller of the module's __getattr__
    )
    return namespace[new]
