"""The examples in the library's docstrings hold, and every public function and class has one."""

from __future__ import annotations

import doctest
import importlib
import inspect
from types import ModuleType

import pytest

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
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    tests = doctest.DocTestFinder().find(module)
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).attempted > 0, f"{name} has no examples"
    assert runner.failures == 0, "".join(report)


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
