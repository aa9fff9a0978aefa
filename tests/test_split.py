"""Splitting: the sub-problems add up to the count, and depend on the board alone."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings

from conftest import known_counts
from queens import symmetry
from queens.board import Board
from queens.counting import split as split_module
from queens.counting.run import count_split, iter_results
from queens.counting.split import count_subproblem, split, target
from queens.engines import Counts, kernel, reference
from strategies import boards


def _sum(board: Board) -> Counts:
    return sum((count_subproblem(sp) for sp in split(board).subproblems), Counts(0, 0))


@pytest.mark.parametrize("n", range(1, 13))
def test_plain_boards_sum_to_known_counts(n: int) -> None:
    assert _sum(Board.empty(n)) == known_counts()[n]


@settings(max_examples=80, deadline=None)
@given(boards(max_n=7))
def test_boards_sum_to_reference_counts(board: Board) -> None:
    group = symmetry.board_symmetries(board)
    found = list(reference.solutions(board.allowed_masks()))
    expected = Counts(len(found), sum(symmetry.is_canonical(s, group) for s in found))
    assert _sum(board) == expected


def test_many_subproblems_for_large_boards() -> None:
    parts = split(Board.empty(18)).subproblems
    assert len(parts) >= target(18) >= 1000
    assert [sp.index for sp in parts] == list(range(len(parts)))


def test_board_with_constraints_is_split_too() -> None:
    board = Board.build(12, reserved=[(5, 5), (6, 6)], queens=[(0, 3)])
    parts = split(board).subproblems
    assert len(parts) >= 100
    assert all(sp.prefix[0] == 3 for sp in parts)
    assert (
        sum((count_subproblem(sp) for sp in parts), Counts(0, 0)).total
        == kernel.count(board.allowed_masks()).total
    )


def test_deterministic_and_independent_of_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.empty(11)
    first = split(board)
    assert split(board) == first
    monkeypatch.setattr(kernel, "_kernel", None)
    monkeypatch.setattr(kernel, "_warned", True)
    without = split(board)
    assert without == first and without.key == first.key
    # ...and the pure-Python engine counts each sub-problem alike.
    sample = first.subproblems[::40]
    slow = [count_subproblem(sp) for sp in sample]
    monkeypatch.undo()
    assert slow == [count_subproblem(sp) for sp in sample]


def test_results_independent_of_workers() -> None:
    parts = split(Board.empty(10)).subproblems
    alone = dict(iter_results(parts, workers=1))
    assert dict(iter_results(parts, workers=2)) == alone
    assert count_split(split(Board.empty(10)), workers=2) == Counts(*known_counts()[10])


def test_subproblems_pickle() -> None:
    for board in (Board.empty(9), Board.build(6, reserved=[(1, 1)])):
        parts = split(board).subproblems
        assert pickle.loads(pickle.dumps(parts)) == parts


def test_key_names_board_and_version() -> None:
    key = split(Board.empty(8)).key
    assert "n=8" in key and split_module.SPLIT_VERSION in key
    assert split(Board.build(8, reserved=[(0, 0)])).key != key
