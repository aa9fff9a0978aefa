"""The notebook widgets' Python side (no browser): ``Search``, ``Puzzle`` and ``Compare``
driven by their methods and by the messages their pages send.  They need anywidget (the
notebook extra): without it these tests skip with the reason, except under CI=true."""

from __future__ import annotations

import subprocess
import sys
from itertools import islice
from typing import Any

import pytest

from conftest import DATA
from queens.api import count, solutions, solve
from queens.board import Board
from queens.events import Found, Place
from queens.puzzle import levels
from queens.puzzle.grid import GridError, parse_grid
from queens.puzzle.solve import solve as solve_grid
from queens.puzzle.solve import solve as solve_stars
from queens.tracing import UnsupportedBoard, trace
from web_support import require

require("anywidget", why="pip install -e '.[notebook]'")

from queens.widgets import Compare, Puzzle, Search  # noqa: E402


def press(widget: Any, type: str, **fields: object) -> list[dict[str, object]]:
    """Send a message as the page does; what the widget sent back."""
    sent: list[dict[str, object]] = []
    widget.send = sent.append
    widget._received(widget, {"type": type, **fields}, [])
    return sent


# -- Search -------------------------------------------------------------------------------------


def test_search_steps_to_the_first_solution_of_6() -> None:
    events = list(trace(6))
    first = next(i for i, e in enumerate(events) if isinstance(e, Found)) + 1
    search = Search(6)
    for _ in range(first - 1):
        assert search.step() is not None
        assert search.solutions == 0
    assert isinstance(search.step(), Found)
    assert search.queens == solve(6).to_list()
    assert search.solutions == 1 and search.position == first
    assert search.nodes == sum(isinstance(e, Place) for e in events[:first])
    assert search.columns == solve(6).to_list()  # the synced state the page draws
    assert search.lines[-1].endswith("solution 1: [2, 4, 6, 1, 3, 5]")


def test_search_back_and_next_solution() -> None:
    search = Search(6)
    search.next_solution()
    search.next_solution()
    assert search.solutions == 2 and search.queens == [2, 5, 1, 4, 0, 3]
    search.back()
    assert search.solutions == 1 and search.queens == [2, 5, 1, 4, 0, 3]
    search.back()
    assert len(search.queens) == 5
    search.restart()
    assert search.position == 0 and search.queens == [] and search.nodes == 0


def test_search_clicks_reach_python() -> None:
    search = Search(5)
    version = search.version
    press(search, "step")
    press(search, "step", count=3)
    assert search.position == 4 and search.version > version
    press(search, "back")
    assert search.position == 3
    press(search, "step", count=10**9)  # a count out of bounds is one step
    assert search.position == 4
    press(search, "solution")
    assert search.solutions == 1
    press(search, "no such button")
    assert search.position == len(search.events)


def test_search_plays_only_while_playing_and_stops_at_the_end() -> None:
    search = Search(4)
    assert press(search, "tick", count=5) == [{"type": "ticked"}]
    assert search.position == 0  # paused: a late tick does nothing
    search.play()
    while search.playing:
        assert press(search, "tick", count=7) == [{"type": "ticked"}]
    assert search.finished and search.solutions == count(4)
    assert search.status.startswith("the search is over") and "2 solutions" in search.status
    search.play()
    assert not search.playing


def test_search_bounded() -> None:
    search = Search(12, max_events=300)
    search.play()
    while search.playing:
        press(search, "tick", count=100)
    assert search.position == 300 and search.finished
    assert "max_events" in search.status
    big = Search(30)  # over DRAW_MAX_N: the summary view, the same search
    big.step(100)
    assert not big.drawn and big.events == list(islice(trace(30), 100))
    search = Search(8)
    search.step(5)
    search.close()
    assert search.step() is None and search.position == 5


def test_search_boards_and_algorithms() -> None:
    board = Board.build(6, reserved=[(0, 0)], queens=[(3, 0)])
    search = Search(board)
    assert search.reserved == [[0, 0]] and search.fixed == [[3, 0]]
    search.next_solution()
    assert search.queens == next(solutions(board)).to_list()
    with pytest.raises(UnsupportedBoard):
        Search(Board(8, k=5), "sets")
    sets = Search(6, "sets")
    sets.next_solution()
    assert sets.queens == solve(6).to_list()


# -- Puzzle -------------------------------------------------------------------------------------


def level_one() -> tuple[Puzzle, tuple[int, ...]]:
    puzzle = Puzzle(1)
    truth = solve_grid(puzzle.grid).solution
    assert truth is not None and puzzle.n == 7
    return puzzle, truth


def test_puzzle_won_by_moves_calls_on_solved_once() -> None:
    puzzle, truth = level_one()
    seen: list[bool] = []
    puzzle.on_solved(lambda widget: seen.append(widget.solved))
    for row, col in enumerate(truth):
        assert not puzzle.solved
        puzzle.place(row, col)
    assert puzzle.solved and seen == [True] and puzzle.message == "Solved!"
    assert [line.index("q") for line in puzzle.marks] == list(truth)
    puzzle.clear(0, truth[0])  # nothing moves once solved
    assert puzzle.solved and puzzle.marks[0][truth[0]] == "q" and seen == [True]


def test_puzzle_full_of_wrong_queens_is_not_solved() -> None:
    puzzle, _ = level_one()
    seen: list[object] = []
    puzzle.on_solved(seen.append)
    puzzle.autocross = False
    for row in range(7):
        puzzle.place(row, 0)  # a queen a row, all in one column
    assert not puzzle.solved and seen == [] and len(puzzle.clashes) == 7


def test_puzzle_taps_cycle_and_keys_toggle() -> None:
    puzzle, truth = level_one()
    cell = 3 * 7 + truth[3]
    press(puzzle, "cycle", cell=cell)
    assert puzzle.marks[3][truth[3]] == "x"
    press(puzzle, "cycle", cell=cell)
    assert puzzle.marks[3][truth[3]] == "q"
    assert puzzle.marks[3].count("x") == 6  # auto-cross: the rest of its row
    press(puzzle, "toggle", cell=cell, mark="queen")
    assert "".join(puzzle.marks) == "." * 49  # lifted, it takes its auto-crosses
    press(puzzle, "undo")
    assert puzzle.marks[3][truth[3]] == "q"
    press(puzzle, "redo")
    press(puzzle, "clear", cell=cell)
    assert "q" not in "".join(puzzle.marks)
    press(puzzle, "cycle", cell=49)  # off the grid: ignored
    press(puzzle, "paint", cells=[0, 1, 2], erase=False)
    assert puzzle.marks[0][:3] == "xxx"
    press(puzzle, "undo")
    assert puzzle.marks[0][:3] != "xxx"


def test_puzzle_clashes_and_no_autocross() -> None:
    puzzle, _ = level_one()
    puzzle.autocross = False
    puzzle.place(0, 0)
    puzzle.place(0, 5)
    assert puzzle.clashes == [0, 5] and "x" not in "".join(puzzle.marks)
    puzzle.autocross = True
    puzzle.place(6, 6)
    assert puzzle.clashes == [0, 5] and "x" in "".join(puzzle.marks)


def test_puzzle_hints_from_the_explainer() -> None:
    puzzle, truth = level_one()
    text = puzzle.hint()
    assert text and puzzle.hints == 1 and puzzle.message == text
    place = puzzle.hint_cells["place"]
    assert place and all(cell % 7 == truth[cell // 7] for cell in place)
    press(puzzle, "apply-hint")
    assert all(puzzle.marks[cell // 7][cell % 7] == "q" for cell in place)
    assert puzzle.hint_cells == {}
    wrong_row = next(r for r in range(7) if puzzle.marks[r].count("q") == 0)
    wrong_col = next(
        c for c in range(7) if c != truth[wrong_row] and puzzle.marks[wrong_row][c] == "."
    )
    puzzle.place(wrong_row, wrong_col)
    hints = puzzle.hints
    said = puzzle.hint()  # its auto-crosses are wrong too: counted, never pointed at
    assert said.startswith("1 queen is wrong (outlined)")
    assert said.endswith(". Undo back to before the mistake first.")
    assert puzzle.wrong == [wrong_row * 7 + wrong_col] and puzzle.hints == hints + 1
    assert puzzle.check() == "1 queen is not where the solution has one (outlined)."
    assert puzzle.checks == 1
    puzzle.undo()
    assert puzzle.check() == "Your queen is right so far."  # the hint's, alone again
    puzzle.reset()
    assert puzzle.check() == "No queen to check yet (Check judges queens, never crosses)."


def test_puzzle_reads_grid_text_a_grid_and_levels() -> None:
    grid = levels.level(2).grid
    assert Puzzle(str(grid)).grid == grid == Puzzle(grid).grid
    with pytest.raises(GridError):
        Puzzle("AAB\nAB")
    with pytest.raises(ValueError, match="levels go from 1"):
        Puzzle(0)
    with pytest.raises(TypeError):
        Puzzle(2.5)  # type: ignore[arg-type]


def test_star_battle_won_by_moves() -> None:
    grid = parse_grid((DATA / "stars-8.txt").read_text())
    puzzle = Puzzle(grid, stars=2)
    verdict = solve_stars(grid, 2)
    assert verdict.rows is not None
    hint = puzzle.hint()
    assert hint and puzzle.hint_cells
    for row, columns in enumerate(verdict.rows):
        for col in columns:
            puzzle.place(row, col)
    assert puzzle.solved and puzzle.clashes == []
    assert puzzle.counts == [2] * 24  # 8 rows, 8 columns, 8 regions: 2 stars each


# -- Compare ------------------------------------------------------------------------------------


def test_compare_steps_each_algorithm_on_its_own_trace() -> None:
    compare = Compare(5)
    compare.step(40)
    for name in compare.nodes:
        events = list(islice(trace(5, name), 40))  # type: ignore[arg-type]
        assert compare.nodes[name] == sum(isinstance(e, Place) for e in events)
    compare.play()
    while compare.playing:
        press(compare, "tick", count=100)
    assert set(compare.solutions.values()) == {count(5)}
    rows = compare.table()
    assert [row.solutions for row in rows] == [count(5)] * len(rows)
    assert compare.note == "all that ran agree" and len(compare.rows) == 6
    with pytest.raises(ValueError, match="N x N"):
        Compare(Board(6, k=4))


# -- the extra --------------------------------------------------------------------------------


def test_without_anywidget_the_error_names_the_extra() -> None:
    script = (
        "import sys; sys.modules['anywidget'] = None\n"
        "import queens, queens.widgets\n"
        "assert 'anywidget' not in sys.modules or sys.modules['anywidget'] is None\n"
        "try:\n    queens.widgets.Search\n"
        "except ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "queens.widgets needs anywidget, which is not installed: "
        "pip install 'queens-toolkit[notebook]'"
    )


def test_import_queens_does_not_import_the_widgets() -> None:
    script = (
        "import sys, queens; print('anywidget' in sys.modules, 'queens.widgets' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_the_examples_hold() -> None:
    import doctest

    from queens.widgets import playing, puzzle

    for module in (playing, puzzle):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_the_docs_notebook_runs() -> None:
    """The code cells of docs/notebooks/backtracking.ipynb, run in order as a kernel would."""
    import json

    notebook = json.loads((DATA.parent.parent / "docs/notebooks/backtracking.ipynb").read_text())
    scope: dict[str, Any] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), scope)
    assert scope["search"].queens == solve(6).to_list() and scope["search"].solutions == 1
    assert scope["puzzle"].hints == 1 and "q" in "".join(scope["puzzle"].marks)
    assert sum(scope["compare"].nodes.values()) > 0
