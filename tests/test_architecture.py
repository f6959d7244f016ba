"""One-way imports: core first, then games, then ai, then the user interfaces.

The layers, lowest first. A module may import from its own layer and lower
ones only. Third-party imports are allowed only at the edges (sim, tui, web,
cli's optional extras), never in the engine.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "parlour"

# layer number of each top-level part of the package
LAYERS = {
    "errors": 0,
    "rng": 0,
    "cards": 0,
    "notation": 0,
    "core": 1,
    "games": 2,
    "ai": 3,
    "service": 4,
    "sim": 4,
    "envs": 4,
    "cli": 5,
    "tui": 5,
    "web": 5,
    "__init__": 5,
    "__main__": 6,
}
ENGINE = {"errors", "rng", "cards", "notation", "core", "games", "ai"}


def part_of(module: str) -> str:
    """'parlour.games.gate' -> 'games'; 'parlour' -> '__init__'."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "__init__"


def imports_of(path: Path) -> list[str]:
    """Absolute module names imported by a file (relative imports resolved)."""
    rel = path.relative_to(SRC.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    if rel.name == "__init__":
        package = list(rel.parts[:-1])
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:
                    names += [f"{module}.{alias.name}" for alias in node.names]
                else:
                    names.append(module)
            elif node.module:
                names.append(node.module)
    return names


FILES = sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down(path: Path) -> None:
    rel = path.relative_to(SRC.parent).with_suffix("")
    own = part_of(".".join(rel.parts))
    own_layer = LAYERS[own]
    for name in imports_of(path):
        if name == "parlour" or name.startswith("parlour."):
            target = part_of(name)
            if target not in LAYERS:  # e.g. 'parlour.games' imported as a name
                continue
            assert LAYERS[target] <= own_layer, f"{rel} (layer {own}) imports {name}"
        elif own in ENGINE:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top == "__future__", (
                f"{rel}: the engine must not import the third-party module {name!r}"
            )


def test_every_part_has_a_layer() -> None:
    for path in FILES:
        rel = path.relative_to(SRC.parent).with_suffix("")
        assert part_of(".".join(rel.parts)) in LAYERS, (
            f"{rel} has no layer in the architecture test"
        )
