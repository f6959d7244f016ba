"""Compiled fast paths, each checked move by move against its engine.

A kernel plays a game's rules on small integer arrays in the subset of Python that
numba compiles (``pip install parlour[fast]``); the engine in ``parlour.games``
stays the reference, and a differential test plays each kernel against it.

* :mod:`.jit`: compiling a kernel module (plain Python without numba);
* :mod:`.uno`: UNO (the simulator, the vector environment and the strong
  player's search all play on it).

:func:`warm` loads every kernel in use from numba's disk cache (compiling what is not
cached yet), for a server to call as it starts.
"""

from . import uno
from .jit import JitLoader, compile_kernel, numba_available, register_warmer, warm

__all__ = ["JitLoader", "compile_kernel", "numba_available", "register_warmer", "uno", "warm"]
