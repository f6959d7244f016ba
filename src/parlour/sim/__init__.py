"""Simulations: play many games, reproducibly, on every core or on a Ray cluster.

>>> from parlour import sim
>>> results = sim.run("calculation", "random", games=20, seed=1, jobs=1)
>>> results.summary.games, len(results.records)
(20, 20)

Game ``i`` of a run is dealt from seed ``seed + i``, so a run's per-game
results are the same whatever the number of jobs and the backend. The engine
part needs no third-party package; the command line's progress bar and table
use Rich (``pip install parlour[sim]``) and the Ray backend Ray
(``pip install parlour[ray]``). Bad input is a ``SimulationError`` (a player
level, a number of games) or a ``BackendError`` (jobs, a backend, a cluster, a
worker process that died), both ``parlour.ParlourError``; so are a results file
that cannot be written (``parlour.StorageError``) and a missing Rich or pandas
(``parlour.MissingExtraError``).
"""

from .backends import BACKENDS, default_jobs
from .play import SimSpec, SimulationError, default_max_moves, make_spec, play_game
from .pool import BackendError
from .records import CAPPED, GameRecord, RecordResult
from .results import SimResults, read_records, records_frame
from .runner import run, run_spec
from .stats import SeatSummary, Summary, Tally, wilson

__all__ = [
    "BACKENDS",
    "BackendError",
    "CAPPED",
    "GameRecord",
    "RecordResult",
    "SeatSummary",
    "SimResults",
    "SimSpec",
    "SimulationError",
    "Summary",
    "Tally",
    "default_jobs",
    "default_max_moves",
    "make_spec",
    "play_game",
    "read_records",
    "records_frame",
    "run",
    "run_spec",
    "wilson",
]
