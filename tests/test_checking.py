from __future__ import annotations

import io
import re
import sys
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.board import Board
from queens.checking import read_placements
from queens.cli import main
from queens.formats import render
from queens.show.text import ansi_board, unicode_board
from queens.solution import Solution

TEXT = """\
[2, 4, 1, 3]
1 2 3 4

. Q . .
. . . Q
Q . . .
. . Q .

2,4,1,3
"""


def test_reads_lists_and_boards() -> None:
    placements = read_placements(TEXT)
    assert [p.line for p in placements] == [1, 2, 4, 9]
    assert [p.problem() for p in placements] == [
        None,
        "queens at row 1, column 1 and row 2, column 2 share a diagonal",
        None,
        None,
    ]


def test_required_size() -> None:
    (placement,) = read_placements("[2, 4, 1, 3]")
    assert placement.problem(5) == "a placement for a board of size 4, expected 5"


def test_board_rows_without_one_queen() -> None:
    (empty_row,) = read_placements(". Q\n. .\n")
    assert empty_row.problem() == "row 2 has no queen (2 queens are to be placed)"
    assert empty_row.problem(queens=1) is None
    (two,) = read_placements("Q Q\n. .\n")
    assert two.problem() == "queens at row 1, column 1 and row 1, column 2 share a row"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]\n[1, x]\n", "line 2: 'x' is not a column number"),
        ("", "no placements in the input"),
        ("\n\n", "no placements in the input"),
        ("Q.\n.x\n", "board line 2, column 2: unexpected 'x' (expected '.', '*' or 'Q')"),
        ("[1, 2]\n\n..\n.Q.\n", "board line 4: 3 cells, but line 3 has 2"),
    ],
)
def test_unreadable(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_placements(text)
    assert str(caught.value) == message


def test_reads_every_format_solve_writes() -> None:
    board = Board.empty(4)
    text = "\n".join(
        [
            '{"n": 4, "columns": [1, 3, 0, 2]}',
            "bdac",
            "",
            unicode_board(board, [1, 3, 0, 2]),
            "",
            ansi_board(board, [1, 3, 0, 2]),
            "",
            ansi_board(board, [1, -1, 0, 2]),  # a free row is all blanks once uncoloured
        ]
    )
    placements = read_placements(text)
    assert [p.line for p in placements] == [1, 2, 4, 9, 14]
    assert [list(p.columns) for p in placements[:4]] == [[1, 3, 0, 2]] * 4
    assert [p.problem() for p in placements] == [None] * 4 + [
        "row 2 has no queen (4 queens are to be placed)"
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"n": 4, "columns": [1, 3, 0, 2]', "line 1: not valid JSON"),
        ('{"n": 4}', 'line 1: a JSON placement is {"n": N, "columns": [0-based columns]}'),
        ('{"n": true, "columns": []}', "line 1: a JSON placement is"),
        ('{"n": 2, "columns": [0, 1.5]}', "the columns must be whole numbers"),
    ],
)
def test_bad_json_lines(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        read_placements(line)


def test_json_placement_of_the_wrong_length() -> None:
    (placement,) = read_placements('{"n": 5, "columns": [1, 3, 0, 2]}')
    assert placement.problem() == "4 queens given for a board of size 5"


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.lists(
            st.sampled_from([*"123 ,[]{}\n.Q*♛·ab-:", '"n": ', "\x1b[0m"]),
            max_size=80,
        ).map("".join),
    )
)
def test_random_text_gives_placements_or_one_line_error(text: str) -> None:
    try:
        placements = read_placements(text)
    except ValueError as error:
        assert str(error) and "\n" not in str(error)
    else:
        for placement in placements:
            problem = placement.problem()
            assert problem is None or "\n" not in problem


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_to_check_end_in_a_documented_status(data: bytes) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(data))
    out, err = io.StringIO(), io.StringIO()
    with (
        patch.object(sys, "stdin", stdin),
        patch.object(sys, "stdout", out),
        patch.object(sys, "stderr", err),
    ):
        status = main(["check"])
    assert status in (0, 1, 2)
    if status == 2:
        assert err.getvalue().startswith("queens: error: ") and err.getvalue().count("\n") == 1
    else:
        assert err.getvalue() == "" and out.getvalue().startswith("line ")


@st.composite
def shaped_placements(draw: st.DrawFn) -> Solution:
    """Columns of any board up to 30 x 30, -1 for an empty row (valid or not)."""
    width = draw(st.integers(1, 30))
    height = draw(st.integers(1, 30))
    columns = draw(st.lists(st.integers(-1, width - 1), min_size=height, max_size=height))
    return Solution(columns, width)


@settings(max_examples=200, deadline=None)
@given(shaped_placements(), st.sampled_from(["board", "list", "letters", "json"]))
def test_every_format_reads_back_on_any_shape(solution: Solution, fmt: str) -> None:
    if fmt == "letters" and solution.width > 26:
        return
    (placement,) = read_placements(render(solution, fmt), solution.width)
    assert list(placement.columns) == solution.to_list()
    assert placement.height == solution.height
    if fmt in ("board", "json"):  # these say their width; lists and letters do not
        assert placement.width == solution.width


def test_a_lone_q_is_letters_only_on_a_board_wide_enough() -> None:
    # 'q' is both a 1 x 1 board's queen and the letters of a queen in column 17.
    assert read_placements("q")[0].columns == [0]
    assert read_placements("q", 1)[0].columns == [0]
    assert read_placements("q", 16)[0].columns == [0]
    assert read_placements("q", 17)[0].columns == [16]
    assert read_placements("qq", 17)[0].columns == [16, 16]
    assert read_placements("qq", 2)[0].width == 2  # a board: one row, two queens
    assert read_placements("q\nq", 17)[0].height == 2  # a board of two rows
    assert read_placements("Q", 17)[0].columns == [0]  # letters are lowercase


def test_empty_rows_and_rectangles_read() -> None:
    text = "\n".join(
        [
            "[0, 2, 0]",
            "-b-",
            '{"n": 3, "columns": [null, 1, null]}',
            '{"width": 5, "height": 2, "columns": [4, null]}',
            "",
            ". . . . .",
            ". Q . . .",
        ]
    )
    placements = read_placements(text)
    assert [list(p.columns) for p in placements] == [[-1, 1, -1]] * 3 + [[4, -1], [-1, 1]]
    assert [p.width for p in placements] == [None, None, 3, 5, 5]
    assert [p.problem(queens=1) for p in placements] == [None] * 5
    assert placements[3].problem() == "row 2 has no queen (2 queens are to be placed)"
    assert placements[0].problem((4, 3), 1) is None
    assert placements[3].problem((2, 5)) == "a placement for a 5 x 2 board, expected 2 x 5"
