"""Splitting: the sub-problems add up to the count, and depend on the board alone."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given, settings

from conftest import known_counts
from queens import symmetry
from queens.board import Board
from queens.counting import split as split_module
from queens.counting.run import count_split, iter_results
from queens.counting.split import count_subproblem, split, target
from queens.engines import Counts
from queens.engines.counting import kernel, reference
from strategies import boards, shaped_boards


def _sum(board: Board) -> Counts:
    return sum((count_subproblem(sp) for sp in split(board).subproblems), Counts(0, 0))


@pytest.mark.parametrize(
    "n", [*range(1, 10), *(pytest.param(n, marks=pytest.mark.slow) for n in range(10, 13))]
)  # 10 to 12: seconds each, in CI's slow step
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


# -- boards of any shape ----------------------------------------------------------


def _orbits(found: list[list[int]], board: Board) -> int:
    group = symmetry.board_symmetries(board)
    return len({frozenset(tuple(s.columns(c, board.width)) for s in group) for c in found})


@settings(max_examples=120, deadline=None)
@given(shaped_boards(max_side=6))
def test_shaped_boards_sum_to_reference_counts(board: Board) -> None:
    found = list(reference.solutions(board.allowed_masks(), board.k, board.required_rows()))
    assert _sum(board) == Counts(len(found), _orbits(found, board))


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_a_shaped_split_leaves_rows_empty_in_order() -> None:
    # 3 queens on 8 x 8: prefixes with empty rows (-1) first, lexicographic, many of them.
    parts = split(Board(8, k=3)).subproblems
    prefixes = [sp.prefix for sp in parts]
    assert prefixes == sorted(prefixes) and len(prefixes) >= target(8)
    assert prefixes[0][0] == -1 and all(sum(c >= 0 for c in p) <= 3 for p in prefixes)
    assert _sum(Board(8, k=3)).total == 10_320  # published (A047659), for checking only
    rect = Board(10, height=8)
    assert _sum(rect).total == kernel.count(rect.allowed_masks(), width=10, queens=8).total


def test_the_classic_split_is_unchanged_by_shapes() -> None:
    # Old checkpoints of n x n boards with n queens keep their keys and sub-problems.
    board = Board.build(9, reserved=[(0, 0)])
    parts = split(board).subproblems
    assert all(sp.queens is None and sp.width is None for sp in parts)
    assert split(board).key.startswith("n=9;")
    assert split(Board(9, k=8)).key.startswith("size=9x9;queens=8;")
    assert split(Board(9, height=8)).key != split(Board(8, height=9)).key


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
@pytest.mark.parametrize(
    "board",
    [
        Board.build(8, reserved=[(0, 0)]),  # classic
        Board(9, height=7, k=6),  # rows left empty
        pytest.param(Board(12, height=8), marks=pytest.mark.slow),  # transposed; 10 s
        Board(7, rule="toroidal"),  # the whole torus
        Board.build(10, reserved=[(2, 3)]).with_rule("superqueen"),
    ],
)
def test_a_board_is_decided_once_for_all_its_subproblems(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = split(board).subproblems
    case = parts[0].case
    assert case is not None and all(sp.case is case for sp in parts)
    assert case == kernel.board_case(
        board.height, width=parts[0].width, queens=parts[0].queens, rule=board.rule
    )
    expected = _sum(board)
    decided: list[int] = []
    real = kernel.board_case

    def counted(*args: object, **kwargs: object) -> kernel.Case:
        decided.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(kernel, "board_case", counted)
    again = split(board).subproblems
    assert len(decided) == 1  # by split, once for all its sub-problems...
    assert sum((count_subproblem(sp) for sp in again), Counts(0, 0)) == expected
    assert len(decided) == 1  # ...never again by their counts


def test_a_subproblem_without_a_case_decides_its_own() -> None:
    board = Board(9, height=7, k=6)
    parts = split(board).subproblems[:20]
    bare = [dataclasses.replace(sp, case=None) for sp in parts]
    assert [sp.board_case() for sp in bare] == [sp.case for sp in parts]
    assert [count_subproblem(sp) for sp in bare] == [count_subproblem(sp) for sp in parts]
