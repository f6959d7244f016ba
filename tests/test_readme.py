"""The README's Python API example runs as pasted (a newcomer's first lines)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_block(after: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(r"```python\n(.*?)```", text[start:], re.S)
    assert match is not None, f"no python block after {after!r}"
    return match.group(1)


def test_the_python_api_example_runs_as_pasted() -> None:
    code = _python_block("## The Python API")
    space: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "README.md", "exec"), space)  # noqa: S102 (our own README)
    g = space["g"]
    assert g.outcome is not None and g.outcome.result == "resigned"  # type: ignore[attr-defined]
    assert space["g2"].moves == ["T3 F"]  # type: ignore[attr-defined]
