"""Live games between two people under load (issue 24, item 6): many games at once on
one app server, each move sent over one person's WebSocket and timed until the other
person's WebSocket has it.

    nice -n 10 python benchmarks/bench_friends_live.py                  # 100 games, 30 s
    nice -n 10 python benchmarks/bench_friends_live.py --games 20 --seconds 10
    nice -n 10 python benchmarks/bench_friends_live.py --think 2   # a person's pace

The server is ``parlour serve`` (uvicorn) in a subprocess on a fresh SQLite file, as
a person would start it; every move is stored before anyone is told of it. The
clients run in this process (one asyncio loop, two WebSockets per game): for each of
``--games`` UNO matches to 500 points, Ann invites, Bob joins with the token, both
open ``/api/games/{id}/live``, and whoever is to move plays the first card they can
(else draws, keeps, passes) until ``--seconds`` have passed, each person taking
``--think`` seconds on average (0.5 to 1.5 times it, seeded per game) before a move:
0, the default, plays as fast as the server answers (a throughput test, where every
move queues behind the others); 2 is a quick person's pace. The delay of a move is
from just before the mover's message is sent to the moment the other person's line
delivers the news of it (the other's screen can draw it then), wall clock. Prints
moves per second, the delay's 50th, 95th and 99th percentiles and maximum in
milliseconds, the target (p99 under ``--target-ms``, 100 ms), and the load average.
The deals are random (the server deals them); no seed is tuned.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from _report import percentile
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, db: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--db", db],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=2).close()
            return proc
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start in 60 s")


def post(url: str, body: dict[str, Any], cookie: str | None = None) -> tuple[dict[str, Any], str]:
    """A JSON POST; the answer and the player cookie (the one sent, or the new one)."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    if cookie:
        request.add_header("Cookie", cookie)
    with urllib.request.urlopen(request, timeout=30) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
        for header in reply.headers.get_all("Set-Cookie") or []:
            cookie = header.split(";", 1)[0]
    assert cookie is not None
    return answer, cookie


class Line:
    """One person's WebSocket: the latest answer, replies by id, and when each move
    count was first told."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.answer: dict[str, Any] = {}
        self.version = -1
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.waiting: tuple[int, asyncio.Future[float]] | None = None
        self.count = 0
        self.changed = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        async for text in self.ws:
            now = time.perf_counter()
            message = json.loads(text)
            answer = message.get("answer")
            if answer is not None and answer["live"]["version"] >= self.version:
                self.version = answer["live"]["version"]
                self.answer = answer
                self.changed.set()
                if self.waiting and answer["moves_played"] >= self.waiting[0]:
                    if not self.waiting[1].done():
                        self.waiting[1].set_result(now)
                    self.waiting = None
            ident = message.get("id")
            if ident in self.replies:
                self.replies.pop(ident).set_result(message)

    async def send(self, kind: str, **body: Any) -> dict[str, Any]:
        self.count += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[self.count] = future
        await self.ws.send(json.dumps({"type": kind, "id": self.count, **body}))
        return await future

    def told(self, moves: int) -> asyncio.Future[float]:
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.answer.get("moves_played", -1) >= moves:
            future.set_result(time.perf_counter())
        else:
            self.waiting = (moves, future)
        return future


def choose(legal: list[str]) -> str:
    plays = [m for m in legal if m not in ("draw", "pass", "keep")]
    return (plays or legal)[0]


async def open_line(base: str, game_id: str, cookie: str) -> Line:
    ws = await connect(
        f"ws://{base}/api/games/{game_id}/live",
        additional_headers={"Cookie": cookie},
        max_size=2**22,
        open_timeout=60,
    )
    return Line(ws)


async def seat(base: str, number: int) -> list[Line]:
    """Ann invites, Bob joins; both lines open and hear the game."""
    url = f"http://{base}/api/games"
    body = {"game": "uno", "opponent": "friend", "name": f"Ann{number}"}
    made, ann = await asyncio.to_thread(post, url, body)
    token = {"token": made["live"]["invite"], "name": f"Bob{number}"}
    _, bob = await asyncio.to_thread(post, f"{url}/{made['id']}/join", token)
    lines = [await open_line(base, made["id"], ann), await open_line(base, made["id"], bob)]
    for line in lines:
        line.reader = asyncio.create_task(line.read())
    while not all(line.answer for line in lines):
        await asyncio.sleep(0.01)
    return lines


async def play(
    lines: list[Line], stop: float, delays: list[float], moves: list[int], think: float, seed: int
) -> None:
    """Moves until ``stop`` (or the match's end), each timed to the other's line."""
    pace = random.Random(seed)
    while time.perf_counter() < stop:
        answers = [line.answer for line in lines]
        if answers[0]["outcome"] is not None:
            break
        movers = [i for i, a in enumerate(answers) if a["your_turn"]]
        if len(movers) != 1:  # one of them has not heard of the last move yet
            for line in lines:
                line.changed.clear()
            waits = [asyncio.create_task(line.changed.wait()) for line in lines]
            await asyncio.wait(waits, timeout=1, return_when=asyncio.FIRST_COMPLETED)
            for task in waits:
                task.cancel()
            continue
        mover, other = lines[movers[0]], lines[1 - movers[0]]
        if think:
            await asyncio.sleep(think * pace.uniform(0.5, 1.5))
        arrived = other.told(mover.answer["moves_played"] + 1)
        start = time.perf_counter()
        reply = await mover.send("move", move=choose(mover.answer["legal_moves"]))
        if reply["type"] != "answer":
            raise SystemExit(f"a move was refused: {reply}")
        delays.append((await asyncio.wait_for(arrived, 30)) - start)
        moves[0] += 1


async def run(
    base: str, games: int, seconds: float, think: float
) -> tuple[list[float], int, float]:
    """Seat every game (a few at a time), then play them all at once for ``seconds``."""
    tables: list[list[Line]] = []
    for first in range(0, games, 10):
        tables += await asyncio.gather(
            *(seat(base, i) for i in range(first, min(games, first + 10)))
        )
    delays: list[float] = []
    moves = [0]
    began = time.perf_counter()
    await asyncio.gather(
        *(play(lines, began + seconds, delays, moves, think, i) for i, lines in enumerate(tables))
    )
    took = time.perf_counter() - began
    for lines in tables:
        for line in lines:
            await line.ws.close()
            if line.reader is not None:
                line.reader.cancel()
    return delays, moves[0], took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--target-ms", type=float, default=100.0)
    parser.add_argument("--think", type=float, default=0.0, help="a person's seconds per move")
    args = parser.parse_args()
    print("command: python benchmarks/bench_friends_live.py " + " ".join(sys.argv[1:]))
    print(
        f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.python_version()}"
    )
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        proc = start_server(port, str(Path(folder) / "bench.db"))
        try:
            delays, count, took = asyncio.run(
                run(f"127.0.0.1:{port}", args.games, args.seconds, args.think)
            )
        finally:
            proc.terminate()
            proc.wait(10)
    ms = [1000 * d for d in delays]
    p99 = percentile(ms, 0.99)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.games} live UNO games, {count} moves in {took:.1f} s: {count / took:.0f} moves/s")
    print(
        f"move to the other's line: p50 {percentile(ms, 0.5):.1f} ms, p95 "
        f"{percentile(ms, 0.95):.1f} ms, p99 {p99:.1f} ms, max {max(ms):.1f} ms"
    )
    verdict = "met" if p99 < args.target_ms else "NOT met"
    print(f"target p99 < {args.target_ms:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
