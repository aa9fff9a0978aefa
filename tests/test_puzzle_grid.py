"""Grid text: read and written back, every fault a one-line error naming line and column."""

from __future__ import annotations

import doctest
import importlib

import pytest

from queens.puzzle.grid import MAX_N, NAMES, Grid, GridError, parse_grid


def test_packed_and_spaced_cells_read_alike() -> None:
    packed = parse_grid("AAB\nCAB\nCCB\n")
    spaced = parse_grid("\ufeffA A B\r\nC A B  \r\nC C B\r\n\r\n")
    assert packed == spaced
    assert packed.n == 3 and packed.names == ("A", "B", "C")
    assert str(packed) == "AAB\nCAB\nCCB"
    assert parse_grid(str(packed)) == packed


def test_regions_are_numbered_in_reading_order_and_case_matters() -> None:
    grid = parse_grid("ba\nab")
    assert grid.names == ("b", "a")
    assert grid.cells == (0, 1, 1, 0)
    assert parse_grid("aA\nAa").names == ("a", "A")


def test_a_region_need_not_be_connected() -> None:
    grid = parse_grid("ABA\nBCB\nACA")
    assert grid.squares(0) == [(0, 0), (0, 2), (2, 0), (2, 2)]
    assert [grid.connected(region) for region in range(3)] == [False, False, True]
    snake = parse_grid("AAAB\nBBAB\nCAAB\nCCDD")  # A winds round; B is cut in two
    assert [snake.connected(region) for region in range(4)] == [True, False, True, True]


def test_region_masks() -> None:
    grid = parse_grid("AAB\nCAB\nCCB")
    assert grid.region_masks[0] == (0b011, 0b010, 0)
    assert grid.region_masks[1] == (0b100, 0b100, 0b100)


def test_board_marks_queens() -> None:
    assert parse_grid("AAB\nCAB\nCCB").board([0, 2, 1]) == "* A B\nC A *\nC * B"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "grid: no grid (the input is empty)"),
        ("AB\n\nBA", "grid line 2: empty line inside the grid"),
        ("AB\nB#", "grid line 2, column 2: unexpected '#' (expected a letter or digit"),
        ("AAB\nCA\nCCB", "grid line 2, column 3: 2 cells, but line 1 has 3"),
        ("AAB\nCABB\nCCB", "grid line 2, column 4: 4 cells, but line 1 has 3"),
        ("A B\nB A-", "grid line 2, column 4: expected a single space between cells, got '-'"),
        ("AB\nBA\nAB", "grid line 3, column 1: 3 lines of 2 cells each (a grid must be square)"),
        ("AAB\nCAB", "grid line 3, column 1: the grid ends after 2 lines of 3 cells"),
        ("AAB\nCAB\nCDB", "grid line 3, column 2: region 'D' is the 4th region, but a 3 x 3"),
        ("AAB\nAAB\nABB", "grid: region 'C' is empty: a 3 x 3 grid needs 3 regions"),
        ("xxy\nxxy\nxyy", "grid: a 3 x 3 grid needs 3 regions, this one has 2"),
    ],
)
def test_errors_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_grid(text)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_size_limit() -> None:
    with pytest.raises(GridError, match=f"limited to n <= {MAX_N}"):
        parse_grid("A" * (MAX_N + 1))
    big = "\n".join(NAMES[r:] + NAMES[:r] for r in range(MAX_N))
    assert parse_grid(big).n == MAX_N


def test_from_regions() -> None:
    assert str(Grid.from_regions([[7, 7, 1], [3, 7, 1], [3, 3, 1]])) == "AAB\nCAB\nCCB"


@pytest.mark.parametrize(
    "name", ["grid", "solve", "explain", "generate"], ids=lambda name: f"queens.puzzle.{name}"
)
def test_the_examples_hold(name: str) -> None:
    from queens.engines.counting import kernel

    if name == "generate" and not kernel.compiled():
        pytest.skip("generate's example grid is the compiled kernel's (it steers the repairs)")
    module = importlib.import_module(f"queens.puzzle.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
