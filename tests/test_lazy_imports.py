"""Imports inside functions in the library are the documented lazy ones: each says why
(display, an optional extra, the compiled kernel that may be missing, start-up time of
``import queens`` or of the command), in a comment on its line or just above its group."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "queens"


def _said_why(lines: list[str], index: int) -> bool:
    """Whether the import on ``lines[index]`` has a comment on its line, or on the line
    above the run of imports it belongs to (blank lines may part a run)."""
    while index >= 0:
        if "#" in lines[index]:
            return True
        above = lines[index - 1].strip() if index else ""
        if above.startswith("#"):
            return True
        if above.startswith(("import ", "from ")):
            index -= 1
        elif not above and index >= 2 and lines[index - 2].strip().startswith(("import ", "from ")):
            index -= 2
        else:
            return False
    return False


def unexplained(text: str) -> list[int]:
    """The lines of the imports inside functions of a module's ``text`` that do not say why."""
    lines = text.splitlines()
    found = set()
    for function in ast.walk(ast.parse(text)):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            imports = (n for n in ast.walk(function) if isinstance(n, (ast.Import, ast.ImportFrom)))
            found.update(n.lineno for n in imports if not _said_why(lines, n.lineno - 1))
    return sorted(found)


def test_every_import_inside_a_function_says_why() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50
    missing = [
        f"{path.relative_to(PACKAGE).as_posix()}:{line}"
        for path in modules
        for line in unexplained(path.read_text(encoding="utf-8"))
    ]
    assert missing == []


def test_an_unexplained_import_is_found() -> None:
    text = (
        "def f():\n    import json\n\n    return json\n\n\n"
        "def g():\n    import json  # lazy: said\n    import csv\n\n    return json, csv\n\n\n"
        "def h():\n    x = 1\n    import csv\n    return x, csv\n"
    )
    assert unexplained(text) == [2, 16]
