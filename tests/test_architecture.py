"""One-way imports: core first, then games, kernels, ai, then the user interfaces.

The layers, lowest first. A module may import from its own layer and lower
ones only; imports by name (``importlib.import_module("parlour.x")``) count too.
Third-party imports are allowed only at the edges (sim, tui, web, cli's optional
extras), never in the engine, but for the compiled fast paths' optional ``numpy``
and ``numba``, imported by name when first used. No module imports a private
module or name (``_x``) of another package.
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
    "kernels": 3,
    "ai": 4,
    "service": 5,
    "argtypes": 5,
    "sim": 5,
    "envs": 5,
    "cli": 6,
    "tui": 6,
    "web": 6,
    "__init__": 6,
    "__main__": 7,
}
ENGINE = {"errors", "rng", "cards", "notation", "core", "games", "kernels", "ai"}
#: Optional third-party modules the engine may import by name, where first used.
OPTIONAL_IN_ENGINE = {"numpy", "numba"}
IMPORTERS = {"import_module", "__import__"}


def part_of(module: str) -> str:
    """'parlour.games.gate' -> 'games'; 'parlour' -> '__init__'."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "__init__"


def package_of(path: Path) -> list[str]:
    """'src/parlour/games/uno.py' -> ['parlour', 'games']."""
    return list(path.relative_to(SRC.parent).with_suffix("").parts[:-1])


def imports_of(path: Path, text: str | None = None) -> list[tuple[str, bool]]:
    """Absolute module names imported by a file (relative imports resolved), each
    with whether it is imported by name (``importlib.import_module("...")``, a
    string literal). A ``from m import a`` gives ``m.a`` for a name starting with
    ``_`` (so private names are seen), else ``m``. ``text``: the file's source, if
    not read from ``path``."""
    package = package_of(path)
    names: list[tuple[str, bool]] = []
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [(alias.name, False) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                private = alias.name.startswith("_")
                named = node.module is None or private
                names.append((f"{module}.{alias.name}" if named else module, False))
        elif isinstance(node, ast.Call) and _call_name(node.func) in IMPORTERS and node.args:
            names.append((_imported_by_name(node.args[0], package, path), True))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and is_parlour_module(node.value)
        ):
            names.append((node.value, True))  # a module named in a string, imported later
    return names


#: What :func:`imports_of` gives for an import by name it cannot follow.
UNFOLLOWABLE = "<an import by a computed name>"


def _imported_by_name(arg: ast.expr, package: list[str], path: Path) -> str:
    """The module ``importlib.import_module(arg)`` imports: a string literal, or an
    f-string that starts with the importer's own ``__name__`` / ``__package__`` and a
    dot (a module inside the importer's own package: its lowest possible layer is its
    own); anything else is :data:`UNFOLLOWABLE`."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value if not arg.value.startswith(".") else UNFOLLOWABLE
    if isinstance(arg, ast.JoinedStr) and len(arg.values) >= 2:
        head, dot = arg.values[0], arg.values[1]
        if (
            isinstance(head, ast.FormattedValue)
            and isinstance(head.value, ast.Name)
            and head.value.id in ("__name__", "__package__")
            and isinstance(dot, ast.Constant)
            and str(dot.value).startswith(".")
        ):
            in_module = head.value.id == "__name__" and path.stem != "__init__"
            return ".".join([*package, path.stem] if in_module else package)
    return UNFOLLOWABLE


def is_parlour_module(name: str) -> bool:
    """Whether ``name`` ('parlour.ai.uno') names a module or package of the source tree."""
    pieces = name.split(".")
    if len(pieces) < 2 or pieces[0] != "parlour" or not all(p.isidentifier() for p in pieces):
        return False
    where = SRC.parent.joinpath(*pieces)
    return where.is_dir() or where.with_suffix(".py").is_file()


def private_attributes_of_other_packages(path: Path, text: str | None = None) -> list[str]:
    """``module._name`` uses in a file where ``module`` is a parlour module of another
    package bound by an import (``from ..kernels import uno as kernel``;
    ``kernel._private``): a private name reached without importing it by name."""
    package = package_of(path)
    source = path.read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(source)
    modules: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                if is_parlour_module(full):
                    modules[alias.asname or alias.name] = full
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and is_parlour_module(alias.name):
                    modules[alias.asname] = alias.name
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            name = f"{modules[node.value.id]}.{node.attr}"
            if private_module_of_another_package(path, name):
                found.append(name)
    return found


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def private_module_of_another_package(importer: Path, name: str) -> bool:
    """Whether ``name`` (``parlour.a.b._c...``) reaches a private module or name ``_c``
    of a package the importer is not in (a private name of a module belongs to the
    module's package)."""
    pieces = name.split(".")
    own = package_of(importer)
    for i, piece in enumerate(pieces):
        if piece.startswith("_") and not piece.startswith("__"):
            owner = pieces[:i] if SRC.parent.joinpath(*pieces[:i]).is_dir() else pieces[: i - 1]
            return own[: len(owner)] != owner
    return False


FILES = sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down(path: Path) -> None:
    rel = path.relative_to(SRC.parent).with_suffix("")
    own = part_of(".".join(rel.parts))
    own_layer = LAYERS[own]
    assert not private_attributes_of_other_packages(path), (
        f"{rel} uses private names of another package: "
        f"{', '.join(private_attributes_of_other_packages(path))}"
    )
    for name, by_name in imports_of(path):
        assert name != UNFOLLOWABLE, (
            f"{rel} imports a module by a computed name the architecture test cannot follow: "
            "name it in a string literal, or build it from the module's own __name__"
        )
        if name == "parlour" or name.startswith("parlour."):
            assert not private_module_of_another_package(path, name), (
                f"{rel} imports {name}, private to another package"
            )
            target = part_of(name)
            if target not in LAYERS:  # e.g. 'parlour.games' imported as a name
                continue
            assert LAYERS[target] <= own_layer, f"{rel} (layer {own}) imports {name}"
        elif own in ENGINE:
            top = name.split(".")[0]
            assert (
                top in sys.stdlib_module_names
                or top == "__future__"
                or (by_name and top in OPTIONAL_IN_ENGINE)
            ), f"{rel}: the engine must not import the third-party module {name!r}"


def test_the_checks_see_string_imports_and_private_modules() -> None:
    """The rules above catch what they are meant to (checked on a made-up file)."""
    fake = SRC / "games" / "fake.py"
    assert private_module_of_another_package(fake, "parlour.sim._kernel")
    assert private_module_of_another_package(fake, "parlour.sim.uno_fast._table")
    assert not private_module_of_another_package(fake, "parlour.games._shared")
    assert not private_module_of_another_package(fake, "parlour.games.uno._plan")
    assert not private_module_of_another_package(fake, "parlour.games.__init__")
    assert private_module_of_another_package(SRC / "sim" / "x.py", "parlour.games.uno._plan")
    found = imports_of(
        fake,
        "import importlib\n"
        "from ..sim import _kernel\n"
        "from .uno import Uno, _private\n"
        "k = importlib.import_module('parlour.envs.table')\n"
        "n = importlib.import_module('numba')\n",
    )
    assert ("parlour.sim._kernel", False) in found
    assert ("parlour.games.uno._private", False) in found  # allowed: the same package
    assert ("parlour.envs.table", True) in found and ("numba", True) in found
    computed = imports_of(
        fake,
        "import importlib\n"
        "for m in ('parlour.sim.play', 'os'):\n"
        "    importlib.import_module(m)\n"
        "importlib.import_module(f'{__name__}.inner')\n"
        "importlib.import_module(f'parlour.{m}')\n",
    )
    assert ("parlour.sim.play", True) in computed  # a module named in a string
    assert ("parlour.games.fake", True) in computed  # inside its own module
    assert (UNFOLLOWABLE, True) in computed
    assert private_attributes_of_other_packages(
        fake, "from ..kernels import uno as k\nx = k._private\ny = k.public\n"
    ) == ["parlour.kernels.uno._private"]
    assert not private_attributes_of_other_packages(fake, "from . import uno\nx = uno._private\n")


def test_every_part_has_a_layer() -> None:
    for path in FILES:
        rel = path.relative_to(SRC.parent).with_suffix("")
        assert part_of(".".join(rel.parts)) in LAYERS, (
            f"{rel} has no layer in the architecture test"
        )


TESTS = SRC.parents[1] / "tests"


def test_tests_import_public_names_only() -> None:
    """Tests import parlour's public modules and names only (issue 22): a private
    helper a test needs is made public where it lives, so the test checks what users
    can reach."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("parlour"):
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("parlour")]
            for name in names:
                if any(p.startswith("_") and not p.startswith("__") for p in name.split(".")):
                    found.append(f"{path.relative_to(TESTS)}:{node.lineno} {name}")
    assert not found, "tests import private names: " + ", ".join(found)
