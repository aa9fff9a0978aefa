"""Helpers shared by the web tests: optional dependencies and reading event streams."""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import Any

import pytest


def require(*modules: str, why: str = "pip install -e '.[web]' --group web-test") -> None:
    """Skip the calling test module (visibly) when a module is missing; fail under CI=true."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            reason = f"{module} is not installed ({why})"
            if os.environ.get("CI") == "true":
                pytest.fail(f"CI=true but {reason}", pytrace=False)
            pytest.skip(reason, allow_module_level=True)


def messages(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """The JSON messages of a server-sent event stream, given its lines."""
    for line in lines:
        if line.startswith("data: "):
            message: dict[str, Any] = json.loads(line.removeprefix("data: "))
            yield message
