"""The Ray backend plays exactly the games the process pool plays.

Needs the ``ray`` extra (installed by the test command); starting a local Ray
takes 10-30 seconds, so everything Ray checks runs in one test, on one start.
"""

from __future__ import annotations

import pytest

from parlour import sim

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'parlour[ray]')")


def test_ray_and_process_pool_give_identical_games(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = [
        ("chinese-patience", "random,random"),
        ("uno", "random,random"),
        ("calculation", "random"),
    ]
    # One Ray start for the whole test (each takes 10-30 s): the first run finds no Ray
    # running, so the backend starts a local one and asks to shut it down at the end;
    # that shutdown is recorded and put off, and every later run uses the same Ray.
    shutdowns: list[bool] = []
    real_shutdown = ray.shutdown
    monkeypatch.setattr(ray, "shutdown", lambda: shutdowns.append(True))
    assert not ray.is_initialized()
    try:
        started = sim.run("calculation", "random", games=10, seed=1, jobs=2, backend="ray")
        assert started.records == sim.run("calculation", "random", games=10, seed=1, jobs=1).records
        # the backend started Ray and asked once to stop it
        assert ray.is_initialized() and shutdowns == [True]
        for game, players in runs:
            # Ray is running already: the backend uses it and leaves it running
            on_ray = sim.run(game, players, games=24, seed=77, jobs=2, backend="ray")
            in_pool = sim.run(game, players, games=24, seed=77, jobs=2, backend="process")
            assert on_ray.records == in_pool.records, game
            assert on_ray.summary.results == in_pool.summary.results
        # Ctrl-C keeps what finished, and the next run on the same Ray is whole (its
        # chunks once went to workers that cancelling the last run was killing)
        finished: list[int] = []

        def interrupt(done: int) -> None:
            finished.append(done)
            raise KeyboardInterrupt

        expected = sim.run("calculation", "random", games=24, seed=77, jobs=1).records
        for _ in range(3):
            finished.clear()
            cut = sim.run(
                "calculation", "random", games=4000, jobs=2, backend="ray", progress=interrupt
            )
            assert cut.interrupted and [r.index for r in cut.records] == list(range(sum(finished)))
            whole = sim.run("calculation", "random", games=24, seed=77, jobs=2, backend="ray")
            assert whole.records == expected
        # none of the runs on a Ray it found running asked to stop it
        assert shutdowns == [True]
    finally:
        real_shutdown()
    assert not ray.is_initialized()
