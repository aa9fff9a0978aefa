"""Knuth's estimate of the counting tree, and the refusal to count boards too big."""

from __future__ import annotations

import pytest

from queens.board import Board
from queens.engines import estimate, reference


def test_a_single_path_tree_is_estimated_exactly() -> None:
    # One allowed square per row, on a knight's-move staircase: one path, one solution.
    board = Board.build(5, queens=[(0, 0), (1, 2), (2, 4), (3, 1), (4, 3)])
    found = estimate.estimate(board.allowed_masks(), probes=10)
    assert found == estimate.Estimate(nodes=6, solutions=1, probes=10)


def test_a_dead_board_has_no_solutions() -> None:
    board = Board.build(6, reserved=[(3, c) for c in range(6)])
    assert estimate.estimate(board.allowed_masks(), probes=50).solutions == 0


@pytest.mark.parametrize("n", [6, 8, 10])
def test_many_probes_come_close_to_the_true_count(n: int) -> None:
    allowed = [(1 << n) - 1] * n
    true = reference.count(allowed)
    found = estimate.estimate(allowed, probes=20_000, seed=1)
    assert 0.8 * true <= found.solutions <= 1.2 * true


def test_estimates_are_repeatable_per_seed() -> None:
    allowed = [(1 << 12) - 1] * 12
    assert estimate.estimate(allowed, seed=7) == estimate.estimate(allowed, seed=7)


def test_refusal_only_for_big_boards() -> None:
    assert estimate.refusal([(1 << 8) - 1] * 8) is None
    reason = estimate.refusal([(1 << 30) - 1] * 30)
    assert reason is not None
    assert "too big to count" in reason and "--force" in reason and "e+" in reason


def test_scientific_notation() -> None:
    assert estimate.scientific(0) == "0"
    assert estimate.scientific(999_999) == "999999"
    assert estimate.scientific(2_500_000) == "2.5e+6"
    assert estimate.scientific(9_990_000) == "1.0e+7"
    assert estimate.scientific(10**700) == "1.0e+700"
