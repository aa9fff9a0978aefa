"""Live boards for notebooks (JupyterLab, Jupyter Notebook 7, VS Code, marimo).

``Search`` steps a search on its board, ``Puzzle`` plays a region puzzle or Star Battle,
``Compare`` runs the textbook algorithms side by side.  They are anywidget widgets: the
``notebook`` extra brings anywidget (``pip install 'queens-toolkit[notebook]'``), imported
only when a widget is first asked for, so ``import queens`` never needs it.

The search and the puzzle's rules, checks and hints are the library's own
(``queens.trace``, ``queens.puzzle``), computed in Python; the browser only draws them and
sends the clicks and keys back.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for type checkers only: at run time each is imported when asked for
    from queens.widgets.compare import Compare
    from queens.widgets.puzzle import Puzzle
    from queens.widgets.search import Search

__all__ = ["Compare", "MissingExtra", "Puzzle", "Search"]

EXTRA = "pip install 'queens-toolkit[notebook]'"
"""How to install what the widgets need."""

_MODULES = {"Search": "search", "Puzzle": "puzzle", "Compare": "compare"}


class MissingExtra(ImportError):
    """The widgets' dependency (anywidget) is not installed: the message names the extra,
    ``name`` the module missing (as ``ModuleNotFoundError``'s).

    >>> missing = MissingExtra("anywidget")
    >>> str(missing)
    "queens.widgets needs anywidget, which is not installed: pip install 'queens-toolkit[notebook]'"
    >>> missing.name
    'anywidget'
    """

    def __init__(self, module: str) -> None:
        message = f"queens.widgets needs {module}, which is not installed: {EXTRA}"
        super().__init__(message, name=module)


def __getattr__(name: str) -> object:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'queens.widgets' has no attribute {name!r}")
    try:
        importlib.import_module("anywidget")
    except ImportError as error:
        raise MissingExtra("anywidget") from error
    return getattr(importlib.import_module(f"queens.widgets.{module}"), name)
