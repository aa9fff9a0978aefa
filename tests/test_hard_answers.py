"""Every "no solution" the hard-board engines give on the benchmark's instances up to
N = 20 agrees with the exhaustive counter (and every solution is valid)."""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import queens
from hardboards import honours, need_pysat
from queens.board import Board
from queens.engines.hard import portfolio, propagate, sat

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "hard.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hard_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _small_instances() -> list[tuple[str, Board]]:
    # Made when a test asks, not at import: making them takes seconds (propagation), and
    # every worker of the suite imports this file to collect it.
    hard = _benchmark()
    found = hard.instances(4, False, {"completion", "blocked", "diagonals"}, 60.0)
    return [(f"{family} {label}", board) for family, label, board in found if board.n <= 20]


def test_the_instances_cover_every_family() -> None:
    names = {name.split()[0] for name, _ in _small_instances()}
    assert names == {"completion", "blocked", "diagonals"}


@pytest.mark.slow  # 2-6 s in the fast suite, which must stay under 3 minutes
def test_no_solution_agrees_with_the_counter() -> None:
    need_pysat()
    for name, board in _small_instances():
        answers = [
            engine(board.allowed_masks()).columns
            for engine in (propagate.decide, sat.decide, portfolio.decide)
        ]
        if any(answer is None for answer in answers):
            assert queens.count(board) == 0, name
            assert all(answer is None for answer in answers), name
        else:
            assert all(honours(answer, board) for answer in answers), name


def test_the_symmetric_family_keeps_its_symmetry() -> None:
    from queens.symmetry import Symmetry, board_symmetries

    hard = _benchmark()
    found = hard.symmetric_instances(False, 60.0, False)
    assert len(found) == 8 * len(hard.SYMMETRIC)
    for _, label, board in found:
        kept = board_symmetries(board)
        assert Symmetry.ROTATE_180 in kept or Symmetry.MIRROR in kept, label
        assert board.reserved, label
        # Whole diagonals: a reserved square's diagonal through it is reserved in full
        # in one of the two directions.
        for r, c in board.reserved:
            n = board.n
            d1 = {(i, r + c - i) for i in range(n) if 0 <= r + c - i < n}
            d2 = {(i, i - r + c) for i in range(n) if 0 <= i - r + c < n}
            assert d1 <= board.reserved or d2 <= board.reserved, label


@pytest.mark.slow
def test_the_symmetric_family_at_n20_agrees_with_and_without_breaking() -> None:
    need_pysat()
    hard = _benchmark()
    for _, label, board in hard.symmetric_instances(False, 60.0, False):
        if board.n != 20:
            continue
        masks = board.allowed_masks()
        broken = portfolio.decide(masks)
        plain = portfolio.decide(masks, symmetry=False)
        assert (broken.columns is None) == (plain.columns is None), label
        assert (broken.columns is None) == (hard.EXPECTED[str(board)] == "unsat"), label
        for found in (broken.columns, plain.columns):
            if found is not None:
                assert honours(found, board), label


@pytest.mark.slow
def test_the_frontier_benchmark_refutes_its_unsolvable_boards_with_checked_certificates() -> None:
    """The K = N boards of ``benchmarks/hard.py --frontier`` (N = 32..40), whole
    ``queens solve --certificate`` and ``queens check --certificate`` processes: the
    benchmark stops on a certificate refused or an answer the methods disagree on."""
    need_pysat()
    hard = _benchmark()
    unsolvable = [(n, k, s) for n, k, s in hard.frontier_boards() if k == n]
    assert len(unsolvable) == 5
    only = ",".join(f"{n}:{k}:{s}" for n, k, s in unsolvable)
    argv = [sys.executable, str(BENCHMARK), "--frontier", "--methods", "auto", "--no-plain"]
    done = subprocess.run(
        [*argv, "--cpu-cap", "600", "--only", only],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split("|") for line in done.stdout.splitlines() if line.startswith("| ")]
    cells = [[cell.strip() for cell in row[1:-1]] for row in rows[1:]]
    assert len(cells) == 5
    assert all(row[3] == "unsat" and row[-2] == "counting" for row in cells), done.stdout
