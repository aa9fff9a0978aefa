"""The widgets' pure-Python state, without anywidget: a search stepped forwards and back
(``SearchSteps``) and a player's marks under the page's rules (``Marks``)."""

from __future__ import annotations

import doctest
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from puzzle_support import small_grids
from queens.api import count, solve
from queens.board import Board
from queens.events import Found, Place, Remove
from queens.puzzle.grid import Grid, parse_grid
from queens.tracing import TRACERS, UnsupportedBoard, check_algorithm, trace
from queens.widgets.marks import CROSS, EMPTY, QUEEN, Marks
from queens.widgets.stepping import SearchSteps

# -- the search -------------------------------------------------------------------------------


def placement(events: list[object], height: int) -> list[int]:
    """The queens after ``events``, rebuilt here from places and removes alone."""
    columns = [-1] * height
    for event in events:
        if isinstance(event, Place):
            columns[event.row] = event.col
        elif isinstance(event, Remove):
            columns[event.row] = -1
    return columns


def test_steps_follow_the_trace_one_event_at_a_time() -> None:
    events = list(trace(6))
    steps = SearchSteps(6)
    for done, expected in enumerate(events, 1):
        assert steps.step() == expected
        assert steps.position == done
        assert steps.columns == placement(events[:done], 6)
        assert steps.nodes == sum(isinstance(e, Place) for e in events[:done])
    assert steps.step() is None and steps.finished and not steps.capped
    assert steps.solutions == count(6)


@pytest.mark.parametrize("n", [4, 5, 6, 8])
def test_the_first_solution_is_the_libraries(n: int) -> None:
    steps = SearchSteps(n)
    found = steps.next_solution()
    assert found is not None and found.number == 1
    assert steps.queens == solve(n).to_list() == list(found.columns)
    assert steps.solutions == 1


@settings(max_examples=40)  # the fast suite's budget: about 0.3 s
@given(
    n=st.integers(1, 6),
    algorithm=st.sampled_from(sorted(TRACERS)),
    moves=st.lists(st.sampled_from([1, 1, 3, -1, -2]), max_size=40),
)
def test_back_undoes_step_exactly(n: int, algorithm: str, moves: list[int]) -> None:
    """Any walk forwards and back ends where stepping straight to its position ends."""
    walked = SearchSteps(n, check_algorithm(algorithm))
    for move in moves:
        for _ in range(abs(move)):
            walked.step() if move > 0 else walked.back()
    straight = SearchSteps(n, check_algorithm(algorithm))
    straight.forwards(walked.position)
    state = lambda s: (s.position, s.columns, s.nodes, s.solutions, s.row, s.log())  # noqa: E731
    assert state(walked) == state(straight)


def test_the_cap_stops_a_runaway_search() -> None:
    steps = SearchSteps(12, max_events=500)
    assert steps.forwards(10_000) == 500
    assert steps.capped and steps.finished and steps.step() is None
    assert len(steps.seen) == 500
    assert steps.back() is not None and steps.step() is not None  # within what was read


def test_a_closed_search_reads_no_more() -> None:
    steps = SearchSteps(8)
    steps.forwards(10)
    steps.close()
    assert steps.step() is None and steps.finished and steps.stopped
    assert steps.position == 10


def test_bad_arguments_are_refused_before_any_search() -> None:
    with pytest.raises(UnsupportedBoard):
        SearchSteps(Board(8, k=5), "sets")
    with pytest.raises(ValueError, match="max_events"):
        SearchSteps(8, max_events=0)
    with pytest.raises(ValueError, match="tracing goes up to"):
        SearchSteps(901)


def test_the_log_is_numbered_and_one_based() -> None:
    steps = SearchSteps(4)
    steps.forwards(2)
    assert steps.log() == ["   1  place queen at row 1, col 1", "   2  place queen at row 2, col 3"]
    assert isinstance(steps.next_solution(), Found)
    assert steps.log(1) == [f"{steps.position:>4}  solution 1: [2, 4, 1, 3]"]


# -- the marks --------------------------------------------------------------------------------


def attacked(marks: Marks, a: int, b: int) -> bool:
    """Whether a queen on a rules out b, written apart from Marks (one star)."""
    n = marks.grid.n
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    near = max(abs(ra - rb), abs(ca - cb)) <= 1
    same = ra == rb or ca == cb or marks.grid.cells[a] == marks.grid.cells[b]
    return a != b and (near or same)


@settings(max_examples=40)
@given(grid=small_grids(3, 6), cells=st.lists(st.integers(0, 35), max_size=25))
def test_auto_crosses_belong_to_a_queen_that_rules_them_out(grid: Grid, cells: list[int]) -> None:
    marks = Marks(grid)
    size = grid.n * grid.n
    for cell in cells:
        marks.cycle(cell % size)
    for cell, owner in enumerate(marks.owner):
        if owner >= 0:
            assert marks.marks[cell] == CROSS
            assert marks.marks[owner] == QUEEN and attacked(marks, owner, cell)
    queens = marks.queens()
    expected = {q for q in queens for other in queens if attacked(marks, q, other)}
    assert marks.clashes() == expected
    while marks.undo():
        pass
    assert marks.marks == [EMPTY] * size


def test_a_queen_lifted_takes_its_crosses_but_not_anothers() -> None:
    marks = Marks(parse_grid("AAAB\nCAAB\nCCDB\nCCDD"))
    marks.set(0, QUEEN)  # row 1, column 1
    marks.set(marks.cell((3, 2)), QUEEN)
    both = marks.cell((0, 2))  # in row 1 (the first queen's) and column 3 (the second's)
    marks.set(0, EMPTY)
    assert marks.marks[both] == CROSS and marks.owner[both] == marks.cell((3, 2))
    assert marks.marks[1] == EMPTY  # only the first queen ruled it out
    marks.undo()
    assert marks.marks[0] == QUEEN
    marks.redo()
    assert marks.marks[0] == EMPTY


def test_k_stars_clash_on_touching_and_on_a_full_unit() -> None:
    grid = parse_grid((DATA / "stars-8.txt").read_text())
    marks = Marks(grid, stars=2)
    marks.set(0, QUEEN)
    marks.set(2, QUEEN)  # two in row 1: allowed with 2 stars, and the row is now full
    assert marks.clashes() == set()
    assert marks.marks[4] == CROSS  # row 1 holds its 2 stars
    marks.set(4, QUEEN)
    assert marks.clashes() == {0, 2, 4}
    marks.set(9, QUEEN)  # touches the queen on cell 2
    assert {2, 9} <= marks.clashes()


@pytest.mark.parametrize(
    "name", ["queens.widgets", "queens.widgets.marks", "queens.widgets.stepping"]
)
def test_the_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner()
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.failures == 0, "".join(report)
