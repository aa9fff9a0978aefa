"""The API reference is complete: every public name has an entry, and every public function,
class, method and property shows itself in use (a ``>>>`` example, run by test_doctests.py).

The pages (docs/api/*.md) are mkdocstrings directives (``::: module``); with ``filters:
public`` a module's ``__all__`` decides what its entry shows, so what ``__all__`` lists is what
must be documented, and what it leaves out (the internals) is hidden.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import queens
import queens.puzzle
from conftest import skip_for_missing_extra

API_PAGES = Path(__file__).parent.parent / "docs" / "api"


def directives() -> dict[str, str]:
    """Each module an API page renders (``::: module``), with the page's text."""
    found = {}
    for page in sorted(API_PAGES.glob("*.md")):
        text = page.read_text()
        for name in re.findall(r"^::: ([\w.]+)$", text, flags=re.M):
            found[name] = text
    return found


def index_members() -> list[str]:
    """The names the package's page lists under ``::: queens``'s ``members:``."""
    text = (API_PAGES / "index.md").read_text()
    block = text.split("::: queens\n", 1)[1].split("members:\n", 1)[1]
    return re.findall(r"^ +- (\S+)$", block.split("\n\n", 1)[0], flags=re.M)


def public_modules_of_the_puzzle() -> list[str]:
    """The puzzle's modules that declare a public face (``__all__``)."""
    names = [info.name for info in pkgutil.iter_modules(queens.puzzle.__path__, "queens.puzzle.")]
    return [name for name in names if hasattr(importlib.import_module(name), "__all__")]


def members(cls: type) -> list[str]:
    """The public methods and properties a class defines itself (not inherited ones)."""
    found = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if inspect.isfunction(value) or isinstance(
            value, property | classmethod | staticmethod | functools.cached_property
        ):
            found.append(name)
    return found


def without_example(obj: object) -> bool:
    return ">>>" not in (inspect.getdoc(obj) or "")


def missing_examples(module: ModuleType, names: list[str]) -> list[str]:
    """The functions, classes, methods and properties among ``names`` with no example."""
    missing = []
    for name in names:
        obj = getattr(module, name)
        if not (inspect.isclass(obj) or inspect.isfunction(inspect.unwrap(obj))):
            continue  # a constant or a type alias: its docstring is read from the source
        if without_example(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for member in members(obj):
                value = vars(obj)[member]
                if isinstance(value, property | functools.cached_property):
                    value = value.fget if isinstance(value, property) else value.func
                if without_example(value):
                    missing.append(f"{name}.{member}")
    return missing


def test_the_package_page_lists_every_name_of_queens_all() -> None:
    assert sorted(index_members()) == sorted(queens.__all__)


def test_every_name_of_queens_all_shows_itself_in_use() -> None:
    names = [name for name in queens.__all__ if name != "__version__"]
    assert missing_examples(queens, names) == []


def test_every_public_puzzle_module_has_a_page() -> None:
    modules = public_modules_of_the_puzzle()
    assert {"queens.puzzle.grid", "queens.puzzle.solve"} <= set(modules)
    assert sorted(set(modules) - set(directives())) == []


def test_the_pages_hide_internals() -> None:
    config = (API_PAGES.parent.parent / "mkdocs.yml").read_text()
    assert re.search(r"^ +filters: public$", config, flags=re.M)
    assert re.search(r"^ +show_if_no_docstring: false$", config, flags=re.M)


@pytest.mark.parametrize(
    "name", sorted({*public_modules_of_the_puzzle(), *(m for m in directives() if m != "queens")})
)
def test_every_public_name_of_a_page_shows_itself_in_use(name: str) -> None:
    """Each module a page renders: what its ``__all__`` lists (or, without one, its public
    functions and classes) has an example, and so do their methods."""
    try:
        module = importlib.import_module(name)
        for entry in getattr(module, "__all__", ()):
            getattr(module, entry, None)  # what a lazy module imports when asked (an extra)
    except ImportError as missing:
        skip_for_missing_extra(missing, name)
    names = getattr(module, "__all__", None)
    if names is None:  # every public function and class defined here
        names = [
            key
            for key, value in vars(module).items()
            if not key.startswith("_") and getattr(value, "__module__", None) == name
        ]
    assert [entry for entry in names if not hasattr(module, entry)] == []
    assert missing_examples(module, list(names)) == []


def test_a_method_without_an_example_is_found() -> None:
    class Shown:
        """>>> Shown().shown()"""

        def shown(self) -> None:
            """>>> None"""

        @property
        def hidden(self) -> None:
            """No example."""

    module = ModuleType("example")
    module.Shown = Shown  # type: ignore[attr-defined]
    assert missing_examples(module, ["Shown"]) == ["Shown.hidden"]
