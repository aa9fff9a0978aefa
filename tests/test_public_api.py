"""What ``import queens`` offers: the names of the library, cheap to import."""

from __future__ import annotations

import subprocess
import sys

import pytest

import queens
from queens.api import counts
from queens.engines import Counts
from queens.engines.hard.budget import Undecided
from queens.engines.hard.sat import SolverMissing


def test_the_exceptions_and_counts_come_from_the_top() -> None:
    assert queens.Undecided is Undecided
    assert queens.SolverMissing is SolverMissing
    assert queens.Counts is Counts
    assert queens.counts is counts
    assert queens.counts(6) == Counts(4, 1)


def test_every_exported_name_is_there() -> None:
    for name in queens.__all__:
        assert getattr(queens, name) is not None, name


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        queens.nothing  # type: ignore[attr-defined]  # noqa: B018


def test_the_sat_engine_loads_only_when_its_exception_is_asked_for() -> None:
    code = (
        "import sys, queens; before = 'queens.engines.hard.sat' in sys.modules; "
        "queens.SolverMissing; print(before, 'queens.engines.hard.sat' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]
