"""SVG pictures: valid XML, exactly n queens per board, givens drawn distinctly, options."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import BOARDS
from queens import api
from queens.board import Board
from queens.show.svg import GAP, MARGIN, SQUARE, board_svg, grid_shape, picture_size, solutions_svg
from queens.solution import Solution

NS = "{http://www.w3.org/2000/svg}"
HREF = "xlink:href"


def boards_in(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{NS}svg"
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "board"]


def queens_on(group: ET.Element) -> list[tuple[str, str]]:
    """(symbol, transform) of each queen placed on one board."""
    return [
        (use.get("{http://www.w3.org/1999/xlink}href") or "", use.get("transform") or "")
        for use in group.iter(f"{NS}use")
    ]


def test_one_solution_has_n_queens_on_the_right_squares() -> None:
    solution = [0, 4, 7, 5, 2, 6, 1, 3]
    (board,) = boards_in(board_svg(8, solution))
    queens = queens_on(board)
    assert len(queens) == 8
    expected = {f"translate({c * SQUARE},{r * SQUARE})" for r, c in enumerate(solution)}
    assert {t.split(" ")[0] for _, t in queens} == expected
    assert len(list(board.iter(f"{NS}rect"))) == 64


@pytest.mark.parametrize("n", [4, 5, 6])
def test_all_solutions_as_a_grid(n: int) -> None:
    solutions = [s.to_list() for s in api.solutions(n)]
    groups = boards_in(solutions_svg(n, solutions))
    assert len(groups) == len(solutions)
    assert all(len(queens_on(g)) == n for g in groups)


def test_grid_shape() -> None:
    assert grid_shape(1) == (1, 1)
    assert grid_shape(10) == (4, 3)
    assert grid_shape(10, per_row=5) == (5, 2)
    assert grid_shape(2, per_row=5) == (2, 1)


def test_reserved_squares_and_fixed_queens_are_distinct() -> None:
    board = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    reserved_board = Board.build(8, reserved=[(0, 0), (7, 7)], queens=board.queens)
    solution = next(api.solutions(reserved_board)).to_list()
    (group,) = boards_in(board_svg(reserved_board, solution))
    symbols = [symbol for symbol, _ in queens_on(group)]
    assert symbols.count("#fixed-queen") == 2
    assert symbols.count("#queen") == 6
    reserved = [r for r in group.iter(f"{NS}rect") if "reserved" in (r.get("class") or "")]
    assert len(reserved) == 2
    assert all(r.get("fill") == "url(#reserved)" for r in reserved)


def test_defs_and_use() -> None:
    root = ET.fromstring(board_svg(4, [1, 3, 0, 2]))
    defs = root.find(f"{NS}defs")
    assert defs is not None
    ids = {element.get("id") for element in defs}
    assert {"queen", "fixed-queen", "reserved"} <= ids


def test_size_and_coordinates() -> None:
    root = ET.fromstring(board_svg(8, size=400))
    assert (root.get("width"), root.get("height")) == ("400", "400")
    labelled = ET.fromstring(board_svg(8, coordinates=True))
    labels = [t.text for t in labelled.iter(f"{NS}text")]
    # Rows and columns each numbered 1..8, as the CLI numbers them.
    assert sorted(labels, key=int) == sorted([str(i) for i in range(1, 9)] * 2, key=int)


def test_colors_override() -> None:
    svg = board_svg(4, colors={"dark": "#769656"})
    assert "#769656" in svg and "#b58863" not in svg


def test_bare_board_without_solution() -> None:
    (group,) = boards_in(board_svg(Board.build(4, queens=[(0, 1)])))
    assert [symbol for symbol, _ in queens_on(group)] == ["#fixed-queen"]


def test_solution_repr_svg_for_notebooks() -> None:
    (group,) = boards_in(Solution([1, 3, 0, 2])._repr_svg_())
    assert len(queens_on(group)) == 4


def test_board_repr_svg_for_notebooks() -> None:
    (group,) = boards_in(Board.build(4, reserved=[(0, 1), (2, 3)], queens=[(3, 1)])._repr_svg_())
    assert [symbol for symbol, _ in queens_on(group)] == ["#fixed-queen"]
    hatched = [r for r in group.iter(f"{NS}rect") if r.get("fill") == "url(#reserved)"]
    assert len(hatched) == 2


# -- boards of any shape ------------------------------------------------------------


def test_a_rectangle_with_an_empty_row() -> None:
    """10 columns, 3 rows, 2 queens: 30 squares, a queen per non-empty row, its own shape."""
    board = Board(10, height=3, k=2)
    svg = board_svg(board, [-1, 9, 0])
    root = ET.fromstring(svg)
    assert root.get("viewBox") == f"0 0 {10 * SQUARE} {3 * SQUARE}"
    (group,) = boards_in(svg)
    assert len(list(group.iter(f"{NS}rect"))) == 30
    places = {t.split(" ")[0] for _, t in queens_on(group)}
    assert places == {f"translate({9 * SQUARE},{SQUARE})", f"translate(0,{2 * SQUARE})"}


def test_a_grid_of_tall_boards_with_coordinates() -> None:
    board = Board(3, height=5, k=2)
    solutions = [s.to_list() for s in api.solutions(board)][:4]
    svg = solutions_svg(board, solutions, coordinates=True, size=100)
    root = ET.fromstring(svg)
    wide, high = 3 * SQUARE + MARGIN, 5 * SQUARE + MARGIN
    assert root.get("viewBox") == f"0 0 {2 * wide + GAP} {2 * high + GAP}"
    assert float(root.get("width") or 0) == pytest.approx((2 * wide + GAP) * 100 / wide, abs=1e-3)
    groups = boards_in(svg)
    assert [len(queens_on(g)) for g in groups] == [2, 2, 2, 2]
    labels = [t.text for t in root.iter(f"{NS}text")]
    # Row and column labels in turn: 5 rows, 3 columns.
    assert labels[:8] == ["1", "1", "2", "2", "3", "3", "4", "5"]
    xs = [float(t.get("x") or 0) for t in root.iter(f"{NS}text")][:8]
    assert xs.count(MARGIN / 2) == 5  # the row labels run down the left margin
    assert len(labels) == 4 * 8


def test_picture_size_follows_the_shape() -> None:
    assert picture_size((10, 8), 1) == (10 * SQUARE, 8 * SQUARE)
    assert picture_size((4, 8), 2, size=40) == (2 * 40 + round(GAP * 40 / (4 * SQUARE)), 80)
