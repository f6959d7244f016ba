"""How long a person waits at the web table for their turn after a move the computer answers.

    python benchmarks/bench_web_wait.py                   # Chinese Patience against strong, deal 15
    python benchmarks/bench_web_wait.py --seed 0 --level greedy --viewport 1440x900

The project's standard is no waiting on the computer. ``bench_reply_time.py`` times the
server's answer (milliseconds); what a person waits for is longer: the answer, then
the computer's moves shown one by one on the table. This plays a whole game in
Chromium (``/usr/bin/chromium``, headless) at the real pace (no ``?fast``) against a
server started from this checkout on a free port and a throwaway database: the person
plays like ``greedy`` (the answer's view and legal moves) through the page's typed-move
form, and for every move the computer answered, the time from sending it to the table
being still with the person to move again is measured (wall clock). Prints the median
and the worst, with the number of computer moves of the worst and of the longest turn.
Needs the ``web`` extra and Playwright.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from parlour.ai import make_player  # noqa: E402

#: The table is still: the answer drawn, nothing being shown or moving.
STILL = (
    "() => window.Parlour && window.Parlour.game.answer && !window.Parlour.game.busy"
    " && document.getAnimations().filter(a => a.playState === 'running').length === 0"
)
GAME = "chinese-patience"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15, help="the deal (15 has a 37-move turn)")
    parser.add_argument("--level", default="strong", help="the computer's level")
    parser.add_argument("--viewport", default="390x844", help="the page's size, WxH")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    width, height = (int(x) for x in args.viewport.split("x"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen(
            [sys.executable, "-m", "parlour", "serve", "--port", str(port)]
            + ["--db", f"{tmp}/db.sqlite"],
            env=env,
            stdout=subprocess.DEVNULL,
        )
        try:
            # (a fresh checkout compiles the computer players first: up to a minute or more)
            for _ in range(3000):
                try:
                    urllib.request.urlopen(url, timeout=1)
                    break
                except OSError:
                    if server.poll() is not None:
                        raise SystemExit(f"the server stopped: exit {server.returncode}") from None
                    time.sleep(0.1)
            waits = play(sync_playwright, url, args.seed, args.level, (width, height))
        finally:
            server.terminate()
            server.wait()
    print(f"command: python benchmarks/bench_web_wait.py {' '.join(sys.argv[1:])}".rstrip())
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    if not waits:
        print("the computer answered no move")
        return
    seconds = sorted(w for w, _ in waits)
    worst = max(waits)
    print(
        f"{GAME} against {args.level}, deal {args.seed}: {len(waits)} moves answered;"
        f" your move to your turn: median {statistics.median(seconds):.2f} s,"
        f" worst {worst[0]:.2f} s ({worst[1]} computer moves);"
        f" longest turn {max(n for _, n in waits)} computer moves"
    )


def play(
    playwright: Any, url: str, seed: int, level: str, size: tuple[int, int]
) -> list[tuple[float, int]]:
    """(seconds waited, computer moves shown) for each move the computer answered."""
    waits: list[tuple[float, int]] = []
    with playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.goto(f"{url}/#/")
        started = page.request.post(
            f"{url}/api/games", data={"game": GAME, "seed": seed, "opponent": level, "options": {}}
        )
        page.goto(f"{url}/#/game/{started.json()['id']}")
        page.wait_for_function(STILL, timeout=120_000)
        person = make_player(GAME, "greedy", seed=seed + 1, seat=0)
        while True:
            answer = page.evaluate("window.Parlour.game.answer")
            if answer["outcome"] is not None or not answer["your_turn"]:
                break
            move = person.choose(answer["view"], answer["legal_moves"])
            begun = time.perf_counter()
            page.evaluate(
                "(m) => { const f = document.querySelector('#typed-move'); f.value = m;"
                " f.form.requestSubmit(); }",
                move,
            )
            page.wait_for_function(
                "(n) => window.Parlour.game.answer.moves_played > n", arg=answer["moves_played"]
            )
            page.wait_for_function(STILL, polling=20, timeout=120_000)
            waited = time.perf_counter() - begun
            shown = len(page.evaluate("window.Parlour.game.answer.computer_moves || []"))
            if shown:
                waits.append((waited, shown))
        browser.close()
    return waits


if __name__ == "__main__":
    main()
