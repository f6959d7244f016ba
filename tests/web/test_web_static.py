"""The front end is served from the package: ES modules with a JavaScript type,
every import resolvable, the package data complete, nothing fetched from elsewhere."""

from __future__ import annotations

import ast
import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

from fastapi.testclient import TestClient

from parlour.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "parlour" / "web" / "static"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"']*?from\s+["']([^"']+)["']""", re.M)
#: The one kind of address allowed in the files: XML namespace names (never fetched).
NAMESPACE = re.compile(r"http://www\.w3\.org/2000/svg")


def static_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.is_file())


def test_every_module_is_served_as_javascript(client: TestClient) -> None:
    for path in static_files():
        rel = path.relative_to(STATIC).as_posix()
        answer = client.get(f"/static/{rel}")
        assert answer.status_code == 200, rel
        if path.suffix == ".js":
            assert answer.headers["content-type"].startswith("text/javascript"), rel


def test_every_import_resolves_to_a_file() -> None:
    for path in STATIC.rglob("*.js"):
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            assert target.startswith("."), f"{path.name} imports {target!r} from outside"
            assert (path.parent / target).resolve().is_file(), f"{path.name}: {target}"


def test_nothing_is_fetched_from_another_site() -> None:
    for path in static_files():
        text = NAMESPACE.sub("", path.read_text(encoding="utf-8"))
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
        assert "@import" not in text and "url(http" not in text, path.name


def test_package_data_ships_every_static_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["parlour"]
    for path in static_files():
        rel = path.relative_to(ROOT / "src" / "parlour").as_posix()
        assert any(fnmatch(rel, p) and rel.count("/") == p.count("/") for p in patterns), rel


def test_no_front_end_writes_the_words_of_its_waiting() -> None:
    """ "Thinking…", "Still thinking about a hint…", "The computer is thinking…" and
    "Working…" are the service's (the answers' ``working``): table.js and the terminal
    table wrote their own, and said different things for the same wait."""
    for path in (STATIC / "js" / "table.js", ROOT / "src" / "parlour" / "tui" / "screen.py"):
        code = [
            line
            for line in path.read_text(encoding="utf-8").splitlines()
            if not line.lstrip().startswith(("*", "//", "#", "/*"))
        ]
        written = [line for line in code if re.search(r"[\"'`][^\"'`]*(?:hinking|Working)…", line)]
        assert not written, (path.name, written)


def test_no_renderer_writes_a_one_word_moves_key() -> None:
    """The keys of one-word moves (Deal's D, UNO's D P K S C A G ...) are the game's,
    declared once (``move_keys``) and read from the service's answer; a renderer
    writing its own copy (``key: "d"`` beside a control) could drift from the terminal
    table's and ``parlour play``'s."""
    for game in ("calculation", "gate", "eight-by-eight", "chinese-patience", "uno"):
        text = (STATIC / "js" / "games" / f"{game}.js").read_text(encoding="utf-8")
        written = {k.lower() for k in re.findall(r"""\bkey:\s*["'`]([a-zA-Z])["'`]""", text)}
        declared = {k.key for k in game_class(game).move_keys}
        assert not written & declared, (game, written & declared)


def test_no_front_end_writes_the_words_of_its_commands() -> None:
    """The toolbar's labels and their keys ("Undo (U)", "New deal", "Keys"), and the
    terminal table's key bar ("u undo", "n new"), are the service's (the answers'
    ``commands``): table.js, endpanel.js and the terminal table wrote their own, and
    did not agree ("n new" where the web said "New match"; "? help" where it said
    "Keys")."""
    from parlour.service.words import command_words

    words = command_words(2, match=True, series=False)
    new = {"New match", "New deal", "New game"}
    # the end panel's own buttons are its (its "Undo" among them); what the toolbar's
    # new game is called is the service's there too
    for name, labels in (
        ("table.js", {w["label"] for w in words.values()} | new),
        ("endpanel.js", new),
    ):
        text = (STATIC / "js" / name).read_text(encoding="utf-8")
        code = "\n".join(
            line for line in text.splitlines() if not line.lstrip().startswith(("*", "//", "/*"))
        )
        written = {label for label in labels if re.search(rf"[\"'`]{label}\b", code)}
        assert written <= {"New deal"}, (name, written)  # newLabel's, for an old answer
    screen = (ROOT / "src" / "parlour" / "tui" / "screen.py").read_text(encoding="utf-8")
    tree = ast.parse(screen)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if id(node) not in docstrings
    ]
    entry = re.compile(r"\b[urhxnl?] (?:undo|redo|hint|resign|new|log|help|keys)\b")
    assert not [text for text in strings if entry.search(text)]


def test_no_front_end_writes_the_words_of_handing_the_screen_over() -> None:
    """At two people's one table the screen's two ways on, "Show Player 2's cards" and
    "Take your move back", are the service's (``hand_over.show``, ``take_back``):
    the web's cover, the terminal's notice and ``parlour play`` each wrote them."""
    src = ROOT / "src" / "parlour"
    for path in (STATIC / "js" / "table.js", src / "tui" / "screen.py", src / "cli.py"):
        lines = path.read_text(encoding="utf-8").splitlines()
        code = "\n".join(
            re.sub(r"\s(#|//) .*", "", line)
            for line in lines
            if not line.lstrip().startswith(("*", "/*", "#", "//"))
        )
        assert "ake your move back" not in code, path
        assert not re.search(r"[\"'`][Ss]how \$?\{", code), path
