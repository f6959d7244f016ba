"""Compiling kernels: marks, warmers, and what happens when numba refuses an option."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from parlour.kernels import jit


def double(x: int) -> int:
    return 2 * x


class FakeNumba:
    """``numba.njit`` that records its options and refuses some."""

    def __init__(self, refuse: str) -> None:
        self.refuse = refuse
        self.calls: list[dict[str, Any]] = []

    def njit(self, **options: Any) -> Any:
        self.calls.append(dict(options))
        if self.refuse == "_nrt" and "_nrt" in options:
            raise KeyError("unrecognized option _nrt")
        if self.refuse == "cache" and options.get("cache"):
            raise RuntimeError("cannot cache function: no locator available")
        return lambda f: f


@pytest.mark.parametrize("refuse", ["_nrt", "cache"])
def test_a_refused_option_is_dropped_and_the_kernel_still_compiles(
    refuse: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeNumba(refuse)
    monkeypatch.setattr(jit.importlib, "import_module", lambda name: fake)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        done = jit.compile_kernel({"double": double}, ["double"], refcounts=False)
    assert done is not None and done["double"](4) == 8
    last = fake.calls[-1]
    if refuse == "_nrt":
        assert "_nrt" not in last and last["cache"] is True
        assert not caught
    else:
        assert last["cache"] is False and last["_nrt"] is False
        assert "NUMBA_CACHE_DIR" in str(caught[0].message)


def test_marks_say_which_functions_compile_and_which_inline() -> None:
    kernel = jit.KernelFunctions()

    @kernel
    def big(x: int) -> int:
        return small(x) + 1

    @kernel.inline
    def small(x: int) -> int:
        return x

    assert kernel.names == ["big", "small"] and kernel.inlined == ["small"]
    assert big(1) == 2  # the functions themselves are unchanged


def test_a_warmer_runs_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "_WARMERS", {})
    monkeypatch.setattr(jit, "_WARMED", set())
    monkeypatch.setattr(jit, "numba_available", lambda: True)
    ran: list[str] = []
    jit.register_warmer("a", lambda: ran.append("a"))
    jit.register_warmer("b", lambda: ran.append("b"))
    assert set(jit.warm("a")) == {"a"}
    assert set(jit.warm()) == {"b"}
    assert jit.warm() == {}
    assert ran == ["a", "b"]
