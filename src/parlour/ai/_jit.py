"""Compiling a kernel written in the subset of Python that numba compiles.

The search kernels (``uno_search``, ``calculation_kernel``) are plain functions that
call one another through their module's globals, so without numba they simply run as
Python. With numba, each is copied with globals that hold the compiled copies and then
compiled: the plain functions stay plain, and the two versions run the same code.
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["JitLoader", "compile_kernel"]


def compile_kernel(
    module_globals: Mapping[str, Any], names: Iterable[str]
) -> dict[str, Callable[..., Any]] | None:
    """The named functions compiled by numba (None when numba is not installed).

    Compilation is lazy (at a function's first call), by which time every name is
    bound to its compiled copy, so the order of ``names`` does not matter.
    """
    try:
        numba = importlib.import_module("numba")
    except ImportError:
        return None
    jit = numba.njit(cache=True, nogil=True)
    space = dict(module_globals)
    done: dict[str, Callable[..., Any]] = {}
    for name in names:
        done[name] = space[name] = jit(_with_globals(module_globals[name], space))
    return done


class JitLoader:
    """A module's kernel functions, compiled on first use (once per process)."""

    def __init__(self, module_globals: Mapping[str, Any], names: Iterable[str]) -> None:
        self._globals = module_globals
        self._names = tuple(names)
        self._tried = False
        self._compiled: dict[str, Callable[..., Any]] | None = None

    def compiled(self) -> dict[str, Callable[..., Any]] | None:
        """The compiled functions by name, or None when numba is not installed."""
        if not self._tried:
            self._tried = True
            self._compiled = compile_kernel(self._globals, self._names)
        return self._compiled


def _with_globals(f: types.FunctionType, space: dict[str, Any]) -> types.FunctionType:
    """``f`` reading its globals from ``space`` (same code, name and defaults)."""
    g = types.FunctionType(f.__code__, space, f.__name__, f.__defaults__, f.__closure__)
    g.__qualname__ = f.__qualname__
    g.__module__ = f.__module__
    return g
