"""The reference solver against brute force and the known counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from conftest import brute_force, is_solution, known_counts
from queens.board import Board
from queens.engines.counting import reference
from strategies import boards


@pytest.mark.parametrize("n", range(1, 10))
def test_counts_match_known(n: int) -> None:
    allowed = Board.empty(n).allowed_masks()
    assert reference.count(allowed) == known_counts()[n][0]
    assert sum(1 for _ in reference.solutions(allowed)) == known_counts()[n][0]


@settings(max_examples=150, deadline=None)
@given(boards())
def test_matches_brute_force(board: Board) -> None:
    found = [tuple(s) for s in reference.solutions(board.allowed_masks())]
    assert found == brute_force(board)  # same set, same (lexicographic) order
    assert reference.count(board.allowed_masks()) == len(found)
    assert all(is_solution(s, board) for s in found)


def test_yields_fresh_lists() -> None:
    found = list(reference.solutions(Board.empty(6).allowed_masks()))
    assert len({tuple(s) for s in found}) == len(found) == 4
