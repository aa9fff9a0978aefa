"""Every "no solution" the hard-board engines give on the benchmark's instances up to
N = 20 agrees with the exhaustive counter (and every solution is valid)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

import queens
from hardboards import honours, need_pysat
from queens.board import Board
from queens.engines import portfolio, propagate, sat

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "hard.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hard_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _small_instances() -> list[tuple[str, Board]]:
    hard = _benchmark()
    found = hard.instances(4, False, {"completion", "blocked", "diagonals"}, 60.0)
    return [(f"{family} {label}", board) for family, label, board in found if board.n <= 20]


SMALL = _small_instances()


def test_the_instances_cover_every_family() -> None:
    assert {name.split()[0] for name, _ in SMALL} == {"completion", "blocked", "diagonals"}


@pytest.mark.parametrize(("name", "board"), SMALL, ids=[name for name, _ in SMALL])
def test_no_solution_agrees_with_the_counter(name: str, board: Board) -> None:
    need_pysat()
    answers = [
        engine(board.allowed_masks()) for engine in (propagate.solve, sat.solve, portfolio.solve)
    ]
    if any(answer is None for answer in answers):
        assert queens.count(board) == 0, name
        assert all(answer is None for answer in answers), name
    else:
        assert all(honours(answer, board) for answer in answers), name
