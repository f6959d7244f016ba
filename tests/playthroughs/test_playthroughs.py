"""Each game replays its golden playthrough exactly (see ``record.py``).

A difference means the engine now shows, offers or tells something else in a
position of that game. If the change is intended, regenerate the files
(``python -m tests.playthroughs.regenerate``, or run this test with
``PARLOUR_REGENERATE=1``) and commit them with the change.
"""

from __future__ import annotations

import os

import pytest

from .record import PLAYTHROUGHS, Playthrough, record


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=[p.file for p in PLAYTHROUGHS])
def test_playthrough(spec: Playthrough) -> None:
    text = record(spec)
    if os.environ.get("PARLOUR_REGENERATE") == "1":
        spec.path.write_text(text)
    golden = spec.path.read_text()
    if text == golden:
        return
    new, old = text.splitlines(), golden.splitlines()
    at = next((i for i, (a, b) in enumerate(zip(new, old, strict=False)) if a != b), None)
    if at is None:
        at = min(len(new), len(old))
    block = max((i for i in range(at + 1) if i < len(old) and old[i].startswith("[")), default=0)
    was = old[at] if at < len(old) else "(end of file)"
    now = new[at] if at < len(new) else "(end of file)"
    column = next((i for i, (a, b) in enumerate(zip(was, now, strict=False)) if a != b), 0)
    start = max(0, column - 60)
    pytest.fail(
        f"{spec.file} differs at line {at + 1}, column {column + 1} "
        f"(in block {old[block] if old else '?'}):\n"
        f"  golden: ...{was[start : column + 60]}\n"
        f"  now:    ...{now[start : column + 60]}\n"
        "If the change is intended: python -m tests.playthroughs.regenerate"
    )
