from __future__ import annotations

import pytest
from hypothesis import given, settings

import queens
from conftest import BOARDS, is_solution, known_counts, sample_boards
from queens.board import Board
from queens.symmetry import board_symmetries
from strategies import boards


@pytest.mark.parametrize("n", range(1, 13))
def test_counts(n: int) -> None:
    total, unique = known_counts()[n]
    assert queens.count(n) == total
    assert queens.count(n, unique=True) == unique


def test_counts_together() -> None:
    assert tuple(queens.api.counts(8)) == known_counts()[8]


@pytest.mark.parametrize(("path", "expected"), sample_boards(), ids=lambda v: getattr(v, "stem", v))
def test_sample_boards(path: object, expected: int) -> None:
    board = Board.parse(path.read_text())  # type: ignore[attr-defined]
    assert queens.count(board) == expected
    found = list(queens.solutions(board))
    assert len(found) == expected
    assert all(is_solution(s, board) for s in found)


def test_nauck_has_two_completions() -> None:
    board = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert board.queens == {(3, 3), (4, 1)}
    found = list(queens.solutions(board))
    assert [s.letters() for s in found] == ["eahdbgcf", "egadbhfc"]


def test_solve() -> None:
    assert queens.solve(8) == queens.Solution([0, 4, 7, 5, 2, 6, 1, 3])
    assert queens.solve(3) is None
    assert queens.solve(1) == queens.Solution([0])
    clash = Board.build(8, queens=[(0, 0), (1, 1)])
    assert queens.solve(clash) is None
    assert queens.count(clash) == 0


def test_solutions_is_lexicographic_and_streamed() -> None:
    found = queens.solutions(8)
    first = next(found)
    assert first.list_text() == "[1, 5, 8, 6, 3, 7, 2, 4]"
    rest = list(found)
    assert len(rest) == 91
    assert [first, *rest] == sorted([first, *rest])


def test_unique_solutions_are_canonical_representatives() -> None:
    unique = list(queens.solutions(8, unique=True))
    assert len(unique) == 12
    assert all(s == s.canonical() for s in unique)
    classes = {s.canonical() for s in queens.solutions(8)}
    assert set(unique) == classes
    assert unique == sorted(unique)


@settings(max_examples=60, deadline=None)
@given(boards(max_n=6))
def test_unique_counts_orbits_under_board_group(board: Board) -> None:
    group = board_symmetries(board)
    orbits = {min(tuple(g.columns(s)) for g in group) for s in queens.solutions(board)}
    assert queens.count(board, unique=True) == len(orbits)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        queens.count("8")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown method"):
        queens.solve(8, method="magic")
