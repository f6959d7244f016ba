"""Rewrite every golden playthrough: ``python -m tests.playthroughs.regenerate``.

Run it from the repository root after an intended change to an engine's views,
moves or events, then read the diff: it is the change as a player would see it.
"""

from __future__ import annotations

from .record import PLAYTHROUGHS, record


def main() -> None:
    for spec in PLAYTHROUGHS:
        text = record(spec)
        old = spec.path.read_text() if spec.path.exists() else None
        spec.path.write_text(text)
        state = "unchanged" if old == text else "written"
        print(f"{spec.file}: {state} ({len(text.encode()):,} bytes)")


if __name__ == "__main__":
    main()
