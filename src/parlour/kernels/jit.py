"""Compiling a kernel written in the subset of Python that numba compiles.

A kernel module holds plain functions that call one another through the module's
globals, so without numba they simply run as Python. With numba, each is copied with
globals that hold the compiled copies (and any constants the compiled code needs typed
differently, such as ``numpy.uint64`` for 64-bit random numbers) and then compiled: the
plain functions stay plain, and the two versions run the same code.

numba is imported only when a kernel is first compiled, so importing a kernel module
costs nothing without it.
"""

from __future__ import annotations

import importlib
import time
import types
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

__all__ = [
    "JitLoader",
    "KernelFunctions",
    "compile_kernel",
    "numba_available",
    "register_warmer",
    "warm",
]

F = TypeVar("F", bound=Callable[..., Any])


def numba_available() -> bool:
    """Whether numba can be imported (the ``fast`` extra is installed)."""
    try:
        importlib.import_module("numba")
    except ImportError:
        return False
    return True


def compile_kernel(
    module_globals: Mapping[str, Any],
    names: Iterable[str],
    typed: Mapping[str, Any] | None = None,
    inline: Iterable[str] = (),
    refcounts: bool = True,
) -> dict[str, Callable[..., Any]] | None:
    """The named functions compiled by numba (None when numba is not installed).

    ``typed`` replaces module globals in the compiled copies only (for example a
    constant that must be a ``numpy.uint64`` there and a plain int in Python).
    ``inline``: the functions numba inlines into their callers (small ones on hot
    paths: a call that passes many arrays costs more than the work it does).
    ``refcounts=False`` compiles without numba's reference counting of arrays, for a
    kernel that never makes or returns an array (a large saving when arrays are
    passed down many calls). Compilation is lazy (at a function's first call), by
    which time every name is bound to its compiled copy, so the order of ``names``
    does not matter.
    """
    try:
        numba = importlib.import_module("numba")
    except ImportError:
        return None
    options: dict[str, Any] = {"cache": True, "nogil": True}
    if not refcounts:
        options["_nrt"] = False
    inlined = set(inline)
    space = dict(module_globals)
    space.update(typed or {})
    done: dict[str, Callable[..., Any]] = {}
    for name in names:
        plain = _with_globals(module_globals[name], space)
        extra = {"inline": "always"} if name in inlined else {}
        done[name] = space[name] = _njit(numba, options, extra, plain)
    return done


def _njit(numba: Any, options: dict[str, Any], extra: dict[str, Any], plain: Any) -> Any:
    """``plain`` compiled with ``options`` (updated for the next ones when numba refuses
    one: no private ``_nrt`` option in this numba, or no writable cache directory)."""
    try:
        return numba.njit(**options, **extra)(plain)
    except (KeyError, TypeError):
        if "_nrt" not in options:
            raise
        del options["_nrt"]
    except RuntimeError:
        if not options["cache"]:
            raise
        warnings.warn(
            f"numba cannot cache the compiled code of {plain.__module__}: no writable "
            "cache directory (set NUMBA_CACHE_DIR); it is compiled again in every process",
            RuntimeWarning,
            stacklevel=3,
        )
        options["cache"] = False
    return _njit(numba, options, extra, plain)


class KernelFunctions:
    """The functions of a kernel module, marked where they are defined: ``@kernel`` for
    a compiled function, ``@kernel.inline`` for a small one on a hot path that numba
    inlines into its callers. The functions themselves are returned unchanged."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.inlined: list[str] = []

    def __call__(self, function: F) -> F:
        self.names.append(function.__name__)
        return function

    def inline(self, function: F) -> F:
        self.inlined.append(function.__name__)
        return self(function)


class JitLoader:
    """A module's kernel functions, compiled on first use (once per process); the
    options are those of :func:`compile_kernel` (``typed`` made when compiling)."""

    def __init__(
        self,
        module_globals: Mapping[str, Any],
        names: Iterable[str],
        typed: Callable[[], Mapping[str, Any]] | None = None,
        inline: Iterable[str] = (),
        refcounts: bool = True,
    ) -> None:
        self._globals = module_globals
        self._names = tuple(names)
        self._typed = typed
        self._inline = tuple(inline)
        self._refcounts = refcounts
        self._tried = False
        self._compiled: dict[str, Callable[..., Any]] | None = None

    def compiled(self) -> dict[str, Callable[..., Any]] | None:
        """The compiled functions by name, or None when numba is not installed."""
        if not self._tried:
            self._tried = True
            if numba_available():
                typed = self._typed() if self._typed is not None else None
                self._compiled = compile_kernel(
                    self._globals, self._names, typed, self._inline, self._refcounts
                )
        return self._compiled


#: name -> a function that loads (or compiles) a kernel by a small call
_WARMERS: dict[str, Callable[[], object]] = {}
#: the warmers that have run in this process
_WARMED: set[str] = set()


def register_warmer(name: str, warmer: Callable[[], object]) -> None:
    """Register how to warm a compiled kernel: a small call that makes numba load (or
    compile) everything its real calls use. A module that uses a kernel registers its
    warmer when imported, under the name of its game (or of its use); :func:`warm`
    runs it."""
    _WARMERS[name] = warmer


def warm(*names: str) -> dict[str, float]:
    """Load every registered compiled kernel (or those named) from numba's disk cache,
    compiling what is not cached yet, once per process; returns the seconds each
    warmer took (none for those already run). Nothing happens without numba (the
    kernels then run as plain Python, or are not offered)."""
    timings: dict[str, float] = {}
    if not numba_available():
        return timings
    for name, warmer in list(_WARMERS.items()):
        if (names and name not in names) or name in _WARMED:
            continue
        start = time.perf_counter()
        warmer()
        _WARMED.add(name)
        timings[name] = time.perf_counter() - start
    return timings


def _with_globals(f: types.FunctionType, space: dict[str, Any]) -> types.FunctionType:
    """``f`` reading its globals from ``space`` (same code, name and defaults)."""
    g = types.FunctionType(f.__code__, space, f.__name__, f.__defaults__, f.__closure__)
    g.__qualname__ = f.__qualname__
    g.__module__ = f.__module__
    return g
