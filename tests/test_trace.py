"""Search events: the library generator, the registry, and replaying events."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

import pytest
from hypothesis import given, settings

import queens
from queens import api
from queens.algorithms import ALGORITHMS as TEXTBOOK
from queens.board import Board
from queens.engines.counting import reference
from queens.tracing import (
    TRACERS,
    AlgorithmName,
    DeadEnd,
    Found,
    Place,
    Remove,
    Skip,
    UnknownAlgorithm,
    UnsupportedBoard,
    check_algorithm,
    replay,
    trace,
)
from strategies import boards, shaped_boards


def test_top_level_trace_accepts_a_size_or_a_board() -> None:
    assert list(queens.trace(5)) == list(trace(Board.empty(5)))
    board = Board.build(5, reserved=[(0, 0)])
    assert list(queens.trace(board, algorithm="sets")) == list(TEXTBOOK["sets"].trace(board))


def test_every_compare_algorithm_is_steppable() -> None:
    assert set(TEXTBOOK) <= set(TRACERS)
    assert "backtracking" in TRACERS


def test_the_algorithm_names_are_the_tracers() -> None:
    """The Literal type of a name and the table of tracers list the same algorithms."""
    assert get_args(AlgorithmName) == tuple(TRACERS)
    assert all(check_algorithm(name) == name for name in TRACERS)
    with pytest.raises(UnknownAlgorithm, match="unknown algorithm 'quantum'"):
        check_algorithm("quantum")


def test_unknown_algorithm_is_named() -> None:
    with pytest.raises(ValueError, match="unknown algorithm 'quantum'"):
        trace(4, "quantum")


def test_not_a_board() -> None:
    with pytest.raises(TypeError):
        trace("8")  # type: ignore[arg-type]


def test_four_queens_trace_starts_like_the_textbook() -> None:
    events = list(trace(4))
    assert events[:5] == [Place(0, 0), Place(1, 2), DeadEnd(2), Remove(1, 2), Place(1, 3)]
    assert [e for e in events if isinstance(e, Found)] == [
        Found((1, 3, 0, 2), 1),
        Found((2, 0, 3, 1), 2),
    ]


@pytest.mark.parametrize("algorithm", list(TRACERS))
@settings(max_examples=30, deadline=None)
@given(board=boards(max_n=6))
def test_replay_reproduces_the_solvers_solutions(algorithm: str, board: Board) -> None:
    replayed = sorted(replay(trace(board, algorithm), board.n))
    assert replayed == [tuple(s) for s in api.solutions(board)]


def test_a_small_rectangle_traces_with_rows_left_empty() -> None:
    """3 x 2 with one queen: the empty row comes before every column, as the reference has it."""
    events = list(trace(Board(3, height=2, k=1)))
    assert events[:4] == [Skip(0), Place(1, 0), Found((-1, 0), 1), Remove(1, 0)]
    found = [e.columns for e in events if isinstance(e, Found)]
    assert found == [(-1, 0), (-1, 1), (-1, 2), (0, -1), (1, -1), (2, -1)]


@settings(max_examples=150, deadline=None)
@given(board=shaped_boards(max_side=5))
def test_the_trace_of_any_shape_finds_the_reference_solutions_in_order(board: Board) -> None:
    events = list(trace(board))
    found = [list(e.columns) for e in events if isinstance(e, Found)]
    expected = list(reference.solutions(board.allowed_masks(), board.k, board.required_rows()))
    assert found == expected
    assert [e.number for e in events if isinstance(e, Found)] == list(range(1, len(found) + 1))
    assert list(replay(events, board.height, board.k)) == [tuple(c) for c in expected]


@settings(max_examples=100, deadline=None)
@given(board=shaped_boards(max_side=5))
def test_a_row_is_left_empty_before_any_queen_is_tried_in_it(board: Board) -> None:
    """Skip(r) comes before every Place(r, c) that the same queens above lead to,
    and only where a row may stay empty (fewer queens than rows, not a fixed queen's row)."""
    fixed_rows = {row for row, _ in board.queens}
    placed_in_row: set[int] = set()
    for event in trace(board):
        if isinstance(event, Place | Skip):
            # A new node of row r: whatever was tried in rows below is history.
            placed_in_row = {r for r in placed_in_row if r <= event.row}
        if isinstance(event, Skip):
            assert board.k < board.height and event.row not in fixed_rows
            assert event.row not in placed_in_row, "a row left empty after a queen was tried"
        elif isinstance(event, Place):
            placed_in_row.add(event.row)


def test_the_classic_trace_leaves_no_row_empty() -> None:
    assert not any(isinstance(e, Skip) for e in trace(6))


def test_no_queens_is_one_empty_placement() -> None:
    assert list(trace(Board(3, height=2, k=0))) == [Found((-1, -1), 1)]


def test_fixed_queens_below_keep_their_queen() -> None:
    """One queen on 4 rows with a fixed queen in the last: the rows above stay empty,
    no queen is placed above it only to be taken back."""
    board = Board.build(3, queens=[(3, 1)], height=4, k=1)
    assert list(trace(board)) == [
        Skip(0), Skip(1), Skip(2), Place(3, 1), Found((-1, -1, -1, 1), 1), Remove(3, 1)
    ]  # fmt: skip


@pytest.mark.parametrize("algorithm", sorted(set(TRACERS) - {"backtracking", "bitmask"}))
@pytest.mark.parametrize("board", [Board(5, height=4), Board(5, k=4)])
def test_the_textbook_algorithms_refuse_other_shapes(algorithm: str, board: Board) -> None:
    with pytest.raises(UnsupportedBoard, match=f"the {algorithm} algorithm takes N x N"):
        trace(board, algorithm)  # type: ignore[arg-type]


def test_replay_ignores_a_found_without_a_full_board() -> None:
    events = [Place(0, 0), Found((0, 1), 1), Remove(0, 0)]
    assert list(replay(events, 2)) == []


def test_import_queens_stays_light() -> None:
    """The top-level trace must not pull in rich or Pillow (presentation is imported lazily)."""
    code = "import sys, queens; queens.trace(4); print(sorted({'rich', 'PIL'} & set(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_function_and_its_module() -> None:
    """``queens.trace`` is the function; its module is ``queens.tracing``."""
    import queens.tracing as tracing

    assert (
        "queens.algorithms"
        not in subprocess.run(
            [sys.executable, "-c", "import sys, queens; print(sorted(sys.modules))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert list(queens.trace(4)) == list(tracing.trace(4))
