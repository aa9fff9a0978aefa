"""One or two queens on an open board in closed form, against the reference search."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from queens import symmetry
from queens.board import Board
from queens.engines import Counts
from queens.engines.counting import few, reference
from queens.symmetry import Symmetry


def _searched(board: Board) -> Counts:
    group = [s for s in symmetry.board_symmetries(board) if s is not Symmetry.IDENTITY]
    total = unique = 0
    masks, rule = board.allowed_masks(), board.rule
    for columns in reference.solutions(masks, board.k, board.required_rows(), rule, board.width):
        total += 1
        unique += symmetry.is_canonical(columns, group, board.width)
    return Counts(total, unique)


@st.composite
def open_boards(draw: st.DrawFn) -> Board:
    rule = draw(st.sampled_from(["queen", "toroidal", "superqueen"]))
    width = draw(st.integers(1, 9))
    height = width if rule == "toroidal" else draw(st.integers(1, 9))
    k = draw(st.integers(0, min(2, width, height)))
    return Board(width, height=height, k=k, rule=rule)


@settings(deadline=None)
@given(open_boards())
def test_closed_form_matches_the_search(board: Board) -> None:
    found = few.counts(
        board.allowed_masks(),
        symmetry.board_symmetries(board),
        width=board.width,
        queens=board.k,
        required=board.required_rows(),
        rule=board.rule,
    )
    assert found == _searched(board)


def test_only_open_boards_with_few_queens() -> None:
    assert few.counts([7, 7, 7]) is None  # three queens
    assert few.counts([7, 5, 7], queens=2) is None  # a reserved square
    assert few.counts([7, 7, 7], queens=1, required=0b010) is None  # a fixed queen's row


def test_wide_boards_count_at_once() -> None:
    # Class A of issue 26: 65 columns and more went to the Python search (minutes).
    code = (
        "import queens; b = queens.Board; "
        "print(queens.count(b(100, k=2)), queens.counts(b(65, k=2)).unique, "
        "queens.count(b(900, k=1), unique=True))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["48348300", "1059488", "101475"]
