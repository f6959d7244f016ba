"""Cold and warm starts of the compiled kernels, each in a fresh process (issue 25).

    python benchmarks/bench_cold_start.py            # every case, cold then warm
    python benchmarks/bench_cold_start.py --only vector-env

numba compiles a kernel at its first call in a process, or loads it from its disk
cache. Each case runs twice in a new Python process, both with ``NUMBA_CACHE_DIR``
set to a fresh temporary directory: *cold*, the cache empty (what a first ever run
costs: compiling), then *warm*, the same directory again (every later process).
Printed per run: the whole process (start of Python to exit, wall clock, and the
child's CPU time), and the first call itself (wall); for ``solve`` also the seconds
the solver reports, which must be search only (its kernel is warmed before its
clock starts). The goal: every warm process under 2 s.

``--warm-only`` skips the cold runs (minutes of compiling) and times warm processes
with numba's own cache (the one every later process of the install uses: compiled
once by an earlier run). ``--without-scipy`` runs the children as if SciPy were not
installed: numba imports ``scipy.linalg`` at its first compiled call whenever SciPy
is importable (to find BLAS for ``numpy.dot``), which costs 0.3-0.5 s of CPU; parlour
needs no SciPy and its extras install none, so this is a fresh install's figure.
The header says whether SciPy is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

#: name -> Python code run in the child; it prints a JSON object with "first" (the
#: seconds of the first call) and anything else worth showing.
CASES = {
    "warm (server start)": """
import parlour.ai
t = time.perf_counter(); parlour.ai.warm(); out["first"] = time.perf_counter() - t
""",
    "uno strong decision": """
import parlour
from parlour.ai import make_player
g = parlour.new_game("uno", seed=3)
p = make_player("uno", "strong", seed=3, seat=g.to_move)
t = time.perf_counter(); p.choose(g.view(g.to_move), g.legal_moves())
out["first"] = time.perf_counter() - t
""",
    "vector-env": """
from parlour.envs import UnoVectorEnv
t = time.perf_counter()
env = UnoVectorEnv(8); s = env.reset(seed=0); env.step(s.action_mask.argmax(axis=1))
out["first"] = time.perf_counter() - t
""",
    "uno simulator": """
from parlour.sim import uno_fast
t = time.perf_counter(); uno_fast.simulate_hands(range(100)); out["first"] = time.perf_counter() - t
""",
    "calculation solve 10s": """
import parlour
from parlour.ai.solver import solve
g = parlour.new_game("calculation", seed=3)
t = time.perf_counter(); r = solve(g, "10s"); out["first"] = time.perf_counter() - t
out["solver"] = f"{r.status}, {r.nodes} nodes, {r.seconds:.2f} s by its own clock"
""",
}


#: Prepended to a child's code by --without-scipy: ``import scipy`` then fails.
HIDE_SCIPY = "import sys\nsys.modules['scipy'] = None\n"


def scipy_installed() -> bool:
    return importlib.util.find_spec("scipy") is not None


def run_case(code: str, cache: str | None, without_scipy: bool = False) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter; its timings and the process's. ``cache``:
    numba's cache directory (None: numba's default, next to the sources)."""
    script = f"import json, time\nout = {{}}\n{code}\nprint(json.dumps(out))\n"
    if without_scipy:
        script = HIDE_SCIPY + script
    env = dict(os.environ, PYTHONPATH=str(SRC))
    env.pop("NUMBA_CACHE_DIR", None)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"the case failed:\n{done.stderr}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    result["process"] = wall
    result["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=tuple(CASES), help="one case only")
    parser.add_argument("--goal", type=float, default=2.0, help="seconds a warm process may take")
    parser.add_argument(
        "--warm-only", action="store_true", help="warm runs only, with numba's own cache"
    )
    parser.add_argument(
        "--without-scipy", action="store_true", help="children as if SciPy were not installed"
    )
    args = parser.parse_args()
    scipy = "installed" if scipy_installed() else "not installed"
    if args.without_scipy:
        scipy += ", hidden from the children"
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, SciPy {scipy}, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    print()
    print("| case | run | process s (wall) | process s (CPU) | first call s | notes |")
    print("|---|---|---|---|---|---|")
    warm_ok = True
    for name, code in CASES.items():
        if args.only and name != args.only:
            continue
        if args.warm_only:
            r = run_case(code, None, args.without_scipy)
            print(
                f"| {name} | warm | {r['process']:.2f} | {r['cpu']:.2f} | "
                f"{r['first']:.2f} | {r.get('solver', '')} |",
                flush=True,
            )
            warm_ok = warm_ok and float(r["process"]) <= args.goal  # type: ignore[arg-type]
            continue
        with tempfile.TemporaryDirectory(prefix="parlour-numba-") as cache:
            for run in ("cold", "warm"):
                r = run_case(code, cache, args.without_scipy)
                note = str(r.get("solver", ""))
                print(
                    f"| {name} | {run} | {r['process']:.2f} | {r['cpu']:.2f} | "
                    f"{r['first']:.2f} | {note} |",
                    flush=True,
                )
                if run == "warm" and float(r["process"]) > args.goal:  # type: ignore[arg-type]
                    warm_ok = False
    print()
    print(f"every warm process under {args.goal:.0f} s (wall): {warm_ok}")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
