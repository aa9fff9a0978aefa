"""Batches of search events and the page's counters."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import brute_force
from queens.board import Board
from queens.tracing import TRACERS, Found, Place, Remove, trace
from queens.web import limits
from queens.web.stepper import Stepper
from strategies import boards, shaped_boards


@given(boards(max_n=6), st.sampled_from(list(TRACERS)), st.lists(st.integers(0, 9)))
def test_batches_add_up_to_the_whole_trace(board: Board, algorithm: str, sizes: list[int]) -> None:
    stepper = Stepper(board, algorithm)
    taken = []
    for size in [*sizes, 10**9]:
        batch = stepper.take(size)
        assert len(batch) <= max(size, 0)
        if not stepper.finished:
            assert len(batch) == size
        taken += batch
    assert stepper.finished and stepper.take(5) == []
    assert taken == list(trace(board, algorithm))
    found = [e.columns for e in taken if isinstance(e, Found)]
    assert sorted(found) == sorted(brute_force(board))
    counters = stepper.counters
    assert counters.steps == len(taken)
    assert counters.solutions == len(found)
    assert counters.nodes == sum(isinstance(e, Place) for e in taken)
    assert counters.depth == 0


def test_finished_comes_with_the_last_event() -> None:
    events = list(trace(Board.empty(4)))
    stepper = Stepper(Board.empty(4), "backtracking")
    assert stepper.take(len(events) - 1) == events[:-1]
    assert not stepper.finished
    assert stepper.take(1) == events[-1:]
    assert stepper.finished


def test_depth_follows_places_and_removes() -> None:
    stepper = Stepper(Board.empty(5), "backtracking")
    depths = []
    for _ in range(40):
        stepper.take(1)
        depths.append(stepper.counters.depth)
    assert max(depths) <= 5 and min(depths) >= 0
    assert depths[0] == 1


def test_history_only_for_small_boards() -> None:
    small = Stepper(Board.empty(limits.TREE_MAX_N), "backtracking")
    assert small.take(7) == small.history
    assert Stepper(Board.empty(limits.TREE_MAX_N + 1), "backtracking").history is None


@settings(deadline=None)  # whole searches: their time depends on the machine's load
@given(shaped_boards(max_side=5), st.lists(st.integers(1, 7), max_size=6))
def test_the_counters_of_any_shape_count_queens_not_empty_rows(
    board: Board, sizes: list[int]
) -> None:
    """Depth is the queens standing: a row left empty adds none, and no event takes it back."""
    stepper = Stepper(board, "backtracking")
    taken = []
    for size in [*sizes, 10**9]:
        taken += stepper.take(size)
        standing = sum(isinstance(e, Place) for e in taken) - sum(
            isinstance(e, Remove) for e in taken
        )
        assert stepper.counters.depth == standing <= board.k
    assert taken == list(trace(board))
    assert stepper.counters.depth == 0
    keeps_tree = max(board.size) <= limits.TREE_MAX_N
    assert (stepper.history is not None) == keeps_tree
