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
from queens.tracing import (
    TRACERS,
    AlgorithmName,
    DeadEnd,
    Found,
    Place,
    Remove,
    UnknownAlgorithm,
    check_algorithm,
    replay,
    trace,
)
from strategies import boards


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
