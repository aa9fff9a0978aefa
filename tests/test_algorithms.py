"""The textbook algorithms of queens compare: correct, honest node counts, same events."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from conftest import is_solution, known_counts, sample_boards
from queens import api
from queens.algorithms import ALGORITHMS, Algorithm
from queens.board import Board
from queens.events import DeadEnd, Found, Place, Remove
from strategies import boards

EACH = pytest.mark.parametrize("algorithm", list(ALGORITHMS.values()), ids=list(ALGORITHMS))


def reference(board: Board) -> list[tuple[int, ...]]:
    return [tuple(s) for s in api.solutions(board)]


@EACH
@pytest.mark.parametrize("n", range(1, 8))
def test_empty_boards_match_known_counts(algorithm: Algorithm, n: int) -> None:
    outcome = algorithm.search(Board.empty(n))
    assert len(outcome.solutions) == known_counts()[n][0]
    assert all(is_solution(s, Board.empty(n)) for s in outcome.solutions)


# The naive search tests 8! placements one by one: it is checked on smaller boards above.
PRUNING = [a for a in ALGORITHMS.values() if a.name != "permutations"]


@pytest.mark.parametrize("algorithm", PRUNING, ids=[a.name for a in PRUNING])
@pytest.mark.parametrize(("path", "expected"), sample_boards(), ids=lambda v: str(v)[-30:])
def test_sample_boards(algorithm: Algorithm, path: object, expected: int) -> None:
    board = Board.parse(Path(str(path)).read_text())
    outcome = algorithm.search(board)
    assert len(outcome.solutions) == expected
    assert all(is_solution(s, board) for s in outcome.solutions)


@EACH
@settings(max_examples=40, deadline=None)
@given(board=boards(max_n=6))
def test_agrees_with_reference_on_random_boards(algorithm: Algorithm, board: Board) -> None:
    assert sorted(algorithm.search(board).solutions) == reference(board)


@EACH
@settings(max_examples=25, deadline=None)
@given(board=boards(max_n=6))
def test_trace_and_search_are_the_same_search(algorithm: Algorithm, board: Board) -> None:
    events = list(algorithm.trace(board))
    outcome = algorithm.search(board)
    assert sum(isinstance(e, Place) for e in events) == outcome.nodes
    assert [e.columns for e in events if isinstance(e, Found)] == outcome.solutions
    numbers = [e.number for e in events if isinstance(e, Found)]
    assert numbers == list(range(1, len(numbers) + 1))


@EACH
@settings(max_examples=25, deadline=None)
@given(board=boards(max_n=6))
def test_events_are_well_formed(algorithm: Algorithm, board: Board) -> None:
    """Places and removes nest like a stack, row by row; a dead end names the next row."""
    stack: list[tuple[int, int]] = []
    for event in algorithm.trace(board):
        if isinstance(event, Place):
            assert event.row == len(stack)
            # Only the naive search places on reserved squares: it tests complete placements.
            if algorithm.name != "permutations":
                assert (event.row, event.col) not in board.reserved
            stack.append((event.row, event.col))
        elif isinstance(event, Remove):
            assert stack.pop() == (event.row, event.col)
        elif isinstance(event, DeadEnd):
            assert event.row == len(stack)
        else:
            assert list(event.columns) == [c for _, c in stack]
    assert stack == []


def test_pruning_visits_fewer_nodes_than_naive() -> None:
    board = Board.empty(6)
    naive = ALGORITHMS["permutations"].search(board).nodes
    pruned = ALGORITHMS["pruned-permutations"].search(board).nodes
    # The full tree of partial permutations: sum over k of 6!/(6-k)!.
    assert naive == 6 + 30 + 120 + 360 + 720 + 720
    assert pruned < naive


def test_row_backtrackers_visit_the_same_tree() -> None:
    """array, sets and bitmask differ in how they test a square, not in what they try."""
    board = Board.empty(7)
    nodes = {name: ALGORITHMS[name].search(board).nodes for name in ("array", "sets", "bitmask")}
    assert len(set(nodes.values())) == 1
