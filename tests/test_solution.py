from __future__ import annotations

import operator
from array import array
from typing import Any

import pytest

from queens.solution import Solution

EIGHT = Solution([0, 4, 7, 5, 2, 6, 1, 3])


def test_representations() -> None:
    assert EIGHT.list_text() == "[1, 5, 8, 6, 3, 7, 2, 4]"
    assert EIGHT.letters() == "aehfcgbd"
    assert EIGHT.to_list() == [0, 4, 7, 5, 2, 6, 1, 3]
    assert EIGHT.to_json() == {"n": 8, "columns": [0, 4, 7, 5, 2, 6, 1, 3]}
    assert EIGHT.board().splitlines()[:2] == ["Q . . . . . . .", ". . . . Q . . ."]
    assert str(EIGHT) == EIGHT.board()
    assert repr(EIGHT) == "Solution([0, 4, 7, 5, 2, 6, 1, 3])"


def test_letters_limit() -> None:
    with pytest.raises(ValueError, match="at most 26 columns"):
        Solution(range(27)).letters()


def test_value_semantics() -> None:
    assert Solution([1, 3, 0, 2]) == Solution((1, 3, 0, 2))
    assert len({Solution([1, 3, 0, 2]), Solution([1, 3, 0, 2])}) == 1
    assert Solution([1, 3, 0, 2]) < Solution([2, 0, 3, 1])
    assert list(EIGHT) == EIGHT.to_list()
    assert EIGHT[1] == 4 and EIGHT.n == 8


def test_validity() -> None:
    assert EIGHT.is_valid()
    assert Solution([0, 1]).problem() == (
        "queens at row 1, column 1 and row 2, column 2 share a diagonal"
    )


def test_canonical_and_fundamental() -> None:
    images = EIGHT.images()
    assert len(images) == 8
    assert all(image.is_valid() for image in images)
    canonical = EIGHT.canonical()
    assert canonical == min(images)
    assert canonical.is_fundamental
    assert all(image.canonical() == canonical for image in images)
    assert not Solution([2, 0, 3, 1]).is_fundamental


@pytest.mark.parametrize("text", ["[1, 5, 8, 6, 3, 7, 2, 4]", "1 5 8 6 3 7 2 4", "1,5,8,6,3,7,2,4"])
def test_from_text(text: str) -> None:
    assert Solution.from_text(text) == EIGHT


# -- a value of its own ------------------------------------------------------------------------


def test_a_solution_keeps_a_copy_of_its_columns() -> None:
    for columns in ([1, 3, 0, 2], array("i", [1, 3, 0, 2]), array("l", [1, 3, 0, 2])):
        solution = Solution(columns)
        before = hash(solution)
        columns[0] = 3
        assert hash(solution) == before and solution.to_list() == [1, 3, 0, 2]


@pytest.mark.parametrize(
    "columns", [[1.0, 0], [0, "1"], [None], [True, False], "0123", b"\x00\x00\x00\x00"]
)
def test_columns_must_be_whole_numbers(columns: Any) -> None:
    with pytest.raises(TypeError, match="columns must be whole numbers"):
        Solution(columns)


def test_columns_past_32_bits_are_refused() -> None:
    with pytest.raises(ValueError, match="32-bit"):
        Solution([0, 2**40])


def test_solutions_are_ordered_among_themselves_only() -> None:
    a, b = Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])
    assert a < b and a <= b and b > a and b >= a and not a > b and a <= a and a >= a
    assert sorted([b, a]) == [a, b] and max(a, b) is b
    assert a != [1, 3, 0, 2]  # a solution is no list ...
    for other in ([2, 0], (2, 0), array("i", [2, 0]), "x"):
        for compare in (operator.lt, operator.le, operator.gt, operator.ge):
            for left, right in ((a, other), (other, a)):
                with pytest.raises(TypeError, match="not supported between"):
                    compare(left, right)  # ... so not ordered against one (as tuple and list)


# -- bounded representations (notebooks, print) ------------------------------------------------


def test_a_big_solutions_picture_is_a_small_summary() -> None:
    """A 10,000-queen solution in a notebook: a summary picture, not 340 MB of SVG."""
    from queens import solve
    from queens.board import PICTURE_MAX_SIDE

    solution = solve(10_000)
    svg = solution._repr_svg_()
    assert len(svg.encode()) < 100_000
    assert svg.startswith("<svg") and "N = 10,000" in svg and "board_svg" in svg
    assert "[2, 4, 6, 8, 10, 12, 14, 16, ...]" in svg  # its first columns, 1-based
    small = solve(PICTURE_MAX_SIDE)._repr_svg_()
    assert small.count("<use") >= PICTURE_MAX_SIDE  # drawn whole up to the limit


def test_printing_a_huge_solution_prints_one_line() -> None:
    from queens import solve
    from queens.board import TEXT_MAX_SIDE

    text = str(solve(100_000))
    assert "\n" not in text and len(text) < 200
    assert text.startswith("a solution for N = 100,000, columns [2, 4, 6,")
    assert text.endswith("use .list_text() for its columns")
    assert str(solve(TEXT_MAX_SIDE)).count("\n") == TEXT_MAX_SIDE - 1  # whole up to the limit
    wide = Solution([0] + [-1] * 1999, width=3)
    assert str(wide).startswith("a solution for 3 x 2,000, columns [1, 0, 0,")


def test_every_hint_of_a_big_solution_works_at_its_size() -> None:
    """``str()`` names a method, and ``.board()`` refuses (never hours and gigabytes) naming
    others: each named method answers at 200,000 queens."""
    import re

    from queens import solve
    from queens.board import TEXT_MAX_SIDE

    solution = solve(200_000)
    with pytest.raises(ValueError, match="limited to 1000 a side") as refused:
        solution.board()
    named = re.findall(r"\.(\w+)\(\)", f"{solution} {refused.value}")
    assert sorted(set(named)) == ["list_text", "to_list"]
    for method in named:
        assert len(getattr(solution, method)()) >= 200_000
    assert solve(TEXT_MAX_SIDE).board().count("\n") == TEXT_MAX_SIDE - 1


def test_rich_shows_a_summary_for_a_big_solution() -> None:
    import io

    from rich.console import Console

    from queens import solve

    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(solve(40))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert "a solution for N = 40" in shown and shown.count("\n") <= 3
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(solve(8))
    assert console.file.getvalue().count("\n") == 8  # type: ignore[attr-defined]


def test_repr_of_a_huge_solution_is_short() -> None:
    from queens import solve

    assert repr(solve(100_000)) == "Solution(n=100000, [1, 3, 5, 7, 9, 11, 13, 15, ...])"
