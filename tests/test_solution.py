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
