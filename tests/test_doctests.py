"""The examples in the library's docstrings hold, and every public function and class has one."""

from __future__ import annotations

import doctest
import importlib
import inspect
import os
import pkgutil
import re
from types import ModuleType

import pytest

import queens
from conftest import skip_for_missing_extra

MODULES = [
    "queens",
    "queens.api",
    "queens.board",
    "queens.events",
    "queens.formats",
    "queens.located",
    "queens.notation",
    "queens.rules",
    "queens.solution",
    "queens.symmetry",
    "queens.tracing",
    "queens.validate",
]
"""The modules of the public library (python-chess style: each name shown in use)."""

EVERY_MODULE = sorted(
    info.name
    for info in pkgutil.walk_packages(queens.__path__, "queens.")
    if not info.name.endswith("__main__")  # runs the command when imported
)
"""Every module of the package: each docstring example runs (``pytest --doctest-modules
--pyargs queens`` does the same, in CI), not only those of the public modules above."""

MUST_HAVE_EXAMPLES = ["queens.board.Board.empty", "queens.board.Board.build"]
"""Methods singled out by issue 14, besides every public function and class."""


def public_objects(module: ModuleType) -> list[tuple[str, object]]:
    """The functions and classes a module offers: in ``__all__`` if it has one, else not
    ``_``-prefixed, and defined there (not imported from elsewhere)."""
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    found = []
    for name in names:
        obj = getattr(module, name)
        defined_here = getattr(obj, "__module__", None) == module.__name__
        if (inspect.isfunction(obj) or inspect.isclass(obj)) and defined_here:
            found.append((f"{module.__name__}.{name}", obj))
    return found


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_hold(name: str) -> None:
    attempted, failures = run_examples(importlib.import_module(name))
    assert attempted > 0, f"{name} has no examples"
    assert failures == ""


def run_examples(module: ModuleType) -> tuple[int, str]:
    """How many examples a module's docstrings hold, and the report of those that failed."""
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    return runner.summarize(verbose=False).attempted, "".join(report)


def import_or_skip(name: str) -> ModuleType:
    """The module, or a skip naming the extra's package it needs (a failure in CI)."""
    try:
        return importlib.import_module(name)
    except ImportError as missing:  # queens.widgets raises its own, naming anywidget
        skip_for_missing_extra(missing, name)


def test_every_module_is_listed() -> None:
    assert len(EVERY_MODULE) > 100 and "queens.puzzle.solve" in EVERY_MODULE


@pytest.mark.parametrize("name", EVERY_MODULE)
def test_every_modules_examples_hold(name: str) -> None:
    failures = run_examples(import_or_skip(name))[1]
    if failures:
        skip_if_an_extra_is_missing(failures, name)
    assert failures == ""


MISSING_EXTRA = re.compile(r"No module named '([\w.]+)'|pip install 'queens-toolkit\[(\w+)\]'")
"""What a failed example prints when an extra it uses is not installed: the import's error,
or the package's own message naming the extra (``MissingReader``, ``SolverMissing``)."""


def skip_if_an_extra_is_missing(failures: str, name: str) -> None:
    """Skip (never under CI=true) when the examples failed for an extra not installed: the
    modules import their extras lazily, so only running an example finds one missing."""
    found = MISSING_EXTRA.search(failures)
    if found is None:
        return
    if found.group(1) is not None:
        skip_for_missing_extra(ModuleNotFoundError(name=found.group(1)), name)
    if os.environ.get("CI") != "true":
        pytest.skip(f"{name}'s examples need the {found.group(2)} extra, not installed")


@pytest.mark.parametrize("name", MODULES)
def test_every_public_function_and_class_has_an_example(name: str) -> None:
    module = importlib.import_module(name)
    missing = [
        qualified for qualified, obj in public_objects(module) if ">>>" not in (obj.__doc__ or "")
    ]
    assert missing == []


@pytest.mark.parametrize("qualified", MUST_HAVE_EXAMPLES)
def test_singled_out_methods_have_examples(qualified: str) -> None:
    module_name, class_name, method = qualified.rsplit(".", 2)
    obj = getattr(getattr(importlib.import_module(module_name), class_name), method)
    assert ">>>" in (obj.__doc__ or "")
