from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import BOARDS
from queens.board import Board, BoardError, attack_kind, parse_board, text_limit
from strategies import boards

SAMPLE = """\
........
........
..*.....
........
........
.....**.
...*....
........
"""


def test_parse_sample() -> None:
    board = parse_board(SAMPLE)
    assert board.n == 8
    assert board.reserved == {(2, 2), (5, 5), (5, 6), (6, 3)}
    assert board.queens == frozenset()


def test_parse_queens_both_cases_and_spaces() -> None:
    board = parse_board("Q . .\n. . q\n* . .\n")
    assert board.queens == {(0, 0), (1, 2)}
    assert board.reserved == {(2, 0)}


def test_str_reads_back() -> None:
    board = Board.build(5, reserved=[(0, 1), (4, 4)], queens=[(2, 3)])
    assert parse_board(str(board)) == board
    assert str(board).splitlines()[0] == ". * . . ."


def test_tolerated_noise() -> None:
    text = "\ufeff.Q\r\n..  \r\n\r\n\n"
    board = parse_board("\ufeff.*\r\n..  \r\n\r\n\n")
    assert board == Board.build(2, reserved=[(0, 1)])
    assert parse_board(text).queens == {(0, 1)}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "board: no board (the input is empty)"),
        ("\n\n", "board: no board (the input is empty)"),
        ("...\n.x.\n...", "board line 2, column 2: unexpected 'x' (expected '.', '*' or 'Q')"),
        (
            ". . .\n. .x.\n. . .",
            "board line 2, column 4: expected a single space between cells, got 'x'",
        ),
        (
            ". . .\n. . x\n. . .",
            "board line 2, column 5: unexpected 'x' (expected '.', '*' or 'Q')",
        ),
        ("...\n..\n...", "board line 2: 2 cells, but line 1 has 3"),
        ("...\n\n...", "board line 2: empty line inside the board"),
        (
            "..\t.\n....\n....\n....",
            "board line 1, column 3: unexpected '\\t' (expected '.', '*' or 'Q')",
        ),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        parse_board(text)
    assert str(caught.value) == message


def test_error_carries_position() -> None:
    with pytest.raises(BoardError) as caught:
        parse_board("...\n.x.\n...")
    assert (caught.value.line, caught.value.column) == (2, 2)


def test_allowed_masks() -> None:
    board = Board.build(4, reserved=[(0, 0), (1, 3)], queens=[(2, 1)])
    assert board.allowed_masks() == (0b1110, 0b0111, 0b0010, 0b1111)


def test_allowed_masks_two_queens_in_a_row() -> None:
    assert Board.build(3, queens=[(1, 0), (1, 2)]).allowed_masks()[1] == 0


def test_conflict_names_the_queens() -> None:
    board = parse_board((BOARDS / "nauck-1850-2.txt").read_text())
    assert board.conflict() is None
    clash = Board.build(8, queens=[(3, 3), (5, 5)])
    assert clash.conflict() == (
        "the queens at row 4, column 4 and row 6, column 6 share a diagonal"
    )


def test_attack_kind() -> None:
    assert attack_kind((0, 0), (0, 5)) == "row"
    assert attack_kind((0, 0), (5, 0)) == "column"
    assert attack_kind((1, 4), (3, 2)) == "diagonal"
    assert attack_kind((0, 0), (1, 2)) is None


def test_board_checks_its_squares() -> None:
    with pytest.raises(ValueError, match="off a 3 x 3 board"):
        Board.build(3, reserved=[(3, 0)])
    with pytest.raises(ValueError, match="at least 1"):
        Board(0)


# -- an immutable value ------------------------------------------------------------------------


def test_a_board_keeps_frozen_copies_of_its_squares() -> None:
    reserved, queens = {(1, 1)}, [[0, 0]]  # any iterables of pairs
    board = Board(3, reserved, queens)  # type: ignore[arg-type]
    assert board.reserved == frozenset({(1, 1)}) and board.queens == frozenset({(0, 0)})
    assert isinstance(board.reserved, frozenset) and isinstance(board.queens, frozenset)
    before = hash(board)
    reserved.add((2, 2))
    queens.append([2, 1])
    assert hash(board) == before and board == Board.build(3, [(1, 1)], [(0, 0)])
    assert hash(Board(3, queens={(0, 0)})) == hash(Board.build(3, queens=[(0, 0)]))  # type: ignore[arg-type]
    assert len({board, Board.parse(str(board))}) == 1


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Board(3, queens={(0, 0, 0)}), TypeError, r"queens: a square is a \(row, column\)"),
        (lambda: Board(3, reserved={("a", 1)}), TypeError, "reserved: a square"),
        (lambda: Board(3, reserved={(0.5, 1)}), TypeError, "reserved: a square"),
        (lambda: Board(3.0), TypeError, "whole number"),
        (lambda: Board(True), TypeError, "whole number"),
        (lambda: Board(3, {(0, 0)}, {(0, 0)}), ValueError, "both reserved and a fixed queen"),
        (lambda: Board(3, queens={(-1, 0)}), ValueError, "off a 3 x 3 board"),
    ],
)
def test_board_refuses_what_is_no_board(make: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make()


@settings(max_examples=150, deadline=None)
@given(boards(max_n=9))
def test_every_board_reads_back_from_its_text(board: Board) -> None:
    assert Board.parse(str(board)) == board


def test_of_takes_a_board_or_a_size() -> None:
    board = Board.build(4, reserved=[(0, 1)])
    assert Board.of(board) is board and Board.of(5) == Board.empty(5)
    for bad in ("5", 5.0, True, None):
        with pytest.raises(TypeError, match="a Board or a board size"):
            Board.of(bad)  # type: ignore[arg-type]


def test_boards_over_max_n_are_refused_on_their_first_line() -> None:
    with pytest.raises(BoardError) as caught:
        parse_board("." * 1001 + "\n")
    assert str(caught.value) == (
        "board line 1: 1001 cells, but boards here are limited to N <= 1000"
    )
    with pytest.raises(BoardError, match="limited to N <= 4"):
        parse_board(". " * 5, max_n=4)
    assert parse_board("\n".join(["." * 4] * 4), max_n=4).n == 4


def test_text_limit_holds_the_largest_board_in_every_form() -> None:
    n = 50
    spaced = "\ufeff" + "".join(" ".join("." * n) + "  \r\n" for _ in range(n)) + "\r\n" * 3
    assert len(spaced) <= text_limit(n)
    assert parse_board(spaced, max_n=n).n == n


BOARD_ALPHABET = st.sampled_from([".", "*", "Q", "q", " ", "\n", "\r\n", "\t", "x", "\ufeff", "♛"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(BOARD_ALPHABET, max_size=120).map("".join)))
def test_random_text_gives_a_board_or_a_board_error(text: str) -> None:
    try:
        board = parse_board(text, max_n=12)
    except BoardError as error:
        message = str(error)
        assert message.startswith("board") and "\n" not in message
    else:
        assert 1 <= board.width <= 12 and 1 <= board.height <= 12
        assert parse_board(str(board)) == board  # what it read, it writes back


# -- boards of any shape -----------------------------------------------------------------------


def test_a_rectangle_of_lines_is_a_board_of_that_shape() -> None:
    board = parse_board("..*\n.Q.")
    assert (board.width, board.height, board.k) == (3, 2, 2)
    assert board == Board.build(3, [(0, 2)], [(1, 1)], height=2)
    assert board.allowed_masks() == (0b011, 0b010) and not board.is_square
    assert Board.parse(str(board)) == board
    with pytest.raises(BoardError, match="board line 3: more than 2 lines"):
        parse_board("..\n..\n..", max_n=2)


def test_the_queen_count_defaults_to_the_shorter_side_and_is_checked() -> None:
    assert Board(10, height=8).k == 8 and Board(3, height=7).k == 3 and Board(5, k=0).k == 0
    with pytest.raises(ValueError, match="6 queens do not fit on a 5 x 6 board"):
        Board(5, height=6, k=6)
    with pytest.raises(ValueError, match="do not fit"):
        Board(5, k=-1)
    with pytest.raises(TypeError, match="number of queens must be a whole number"):
        Board(5, k=2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="board height must be at least 1"):
        Board(5, height=0)


def test_only_the_classic_board_is_plain() -> None:
    assert Board(6).is_plain
    assert not Board(6, k=5).is_plain and not Board(6, height=7).is_plain


def test_rows_that_must_hold_a_queen() -> None:
    assert Board(4).required_rows() == 0b1111
    assert Board.build(4, queens=[(2, 1)], k=3).required_rows() == 0b0100
    assert Board(4, height=6).required_rows() == 0


def test_transposing_swaps_the_sides() -> None:
    board = Board.build(5, reserved=[(0, 4)], queens=[(2, 1)], height=3, k=2)
    flipped = board.transposed()
    assert (flipped.width, flipped.height, flipped.k) == (3, 5, 2)
    assert flipped.reserved == {(4, 0)} and flipped.queens == {(1, 2)}
    assert flipped.transposed() == board


def test_too_many_fixed_queens_for_k_is_a_conflict() -> None:
    board = Board.build(5, queens=[(0, 0), (2, 1)], k=1)
    assert board.conflict() == "2 fixed queens, but only 1 are to be placed"


# -- bounded representations (notebooks, print) ------------------------------------------------


def test_a_big_boards_text_picture_and_repr_are_summaries() -> None:
    import io

    from rich.console import Console

    from queens.board import PICTURE_MAX_SIDE, TEXT_MAX_SIDE

    diagonal = [(i, i) for i in range(0, 2000, 2)]
    board = Board(2000, reserved=diagonal, queens=[(1, 5)])
    assert str(board) == (
        "a 2000 x 2000 board, 1,000 reserved squares, 1 queen given: over 1000 a side, too "
        "big to show here; use .reserved and .queens for its squares"
    )
    assert repr(board) == (
        "Board(2000, reserved=[(0, 0), (2, 2), (4, 4), (6, 6), (8, 8), (10, 10), (12, 12), "
        "(14, 14), ...] (1,000 squares), queens=[(1, 5)])"
    )
    svg = board._repr_svg_()
    assert len(svg) < 2000 and "2000 x 2000" in svg
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(Board(PICTURE_MAX_SIDE + 1))
    assert "too big to show" in console.file.getvalue()  # type: ignore[attr-defined]
    # Up to the limits, whole: str() reads back in.
    whole = Board(TEXT_MAX_SIDE, reserved=[(3, 4)])
    assert parse_board(str(whole)) == whole and str(whole) == whole.text()
    assert Board(PICTURE_MAX_SIDE)._repr_svg_().count("<rect") >= PICTURE_MAX_SIDE
