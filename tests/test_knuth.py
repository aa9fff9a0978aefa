"""Knuth's estimate of the counting tree."""

from __future__ import annotations

import pytest

from queens.board import Board
from queens.engines.counting import knuth, reference
from queens.rules import Rule


def test_a_single_path_tree_is_estimated_exactly() -> None:
    # One allowed square per row, on a knight's-move staircase: one path, one solution.
    board = Board.build(5, queens=[(0, 0), (1, 2), (2, 4), (3, 1), (4, 3)])
    found = knuth.estimate(board.allowed_masks(), probes=10)
    assert found == knuth.Estimate(nodes=6, solutions=1, probes=10)


def test_a_dead_board_has_no_solutions() -> None:
    board = Board.build(6, reserved=[(3, c) for c in range(6)])
    assert knuth.estimate(board.allowed_masks(), probes=50).solutions == 0


@pytest.mark.parametrize("n", [6, 8, 10])
def test_many_probes_come_close_to_the_true_count(n: int) -> None:
    allowed = [(1 << n) - 1] * n
    true = reference.count(allowed)
    found = knuth.estimate(allowed, probes=20_000, seed=1)
    assert 0.8 * true <= found.solutions <= 1.2 * true


def test_estimates_are_repeatable_per_seed() -> None:
    allowed = [(1 << 12) - 1] * 12
    assert knuth.estimate(allowed, seed=7) == knuth.estimate(allowed, seed=7)


@pytest.mark.parametrize(("width", "height", "k"), [(8, 8, 5), (10, 8, 6), (6, 9, 4), (7, 7, 0)])
def test_shapes_with_empty_rows_come_close_to_the_true_count(
    width: int, height: int, k: int
) -> None:
    board = Board(width, height=height, k=k)
    masks, required = board.allowed_masks(), board.required_rows()
    true = reference.count(masks, k, required)
    found = knuth.estimate(masks, probes=20_000, queens=k, required=required)
    assert abs(found.solutions - true) <= 0.05 * true


def test_required_rows_are_honoured() -> None:
    # One queen that must stand in row 2 of 3: only that row's 4 squares.
    found = knuth.estimate([0b1111] * 3, probes=200, queens=1, required=0b100)
    assert found.solutions == 4
    assert knuth.estimate([0b1111] * 3, probes=200, queens=1, required=0b101).solutions == 0


@pytest.mark.parametrize(
    ("rule", "n"), [(Rule.TOROIDAL, 7), (Rule.TOROIDAL, 11), (Rule.SUPERQUEEN, 11)]
)
def test_the_tree_walked_is_the_rules_own(rule: Rule, n: int) -> None:
    allowed = [(1 << n) - 1] * n
    true = reference.count(allowed, rule=rule)
    found = knuth.estimate(allowed, probes=20_000, seed=1, rule=rule)
    assert 0.8 * true <= found.solutions <= 1.2 * true
    # The queen rule's tree is another: its count differs by far more than the noise.
    assert not 0.8 * true <= knuth.estimate(allowed, probes=20_000, seed=1).solutions <= 1.2 * true
