from __future__ import annotations

import pytest

from queens.checking import read_placements

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
    assert empty_row.problem() == "row 2 has no queen"
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
