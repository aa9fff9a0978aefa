from __future__ import annotations

import io
import json
from itertools import islice

import pytest

from queens.board import Board
from queens.formats import (
    BOARD_FORMAT_MAX_N,
    FORMATS,
    format_problem,
    render,
    write_chunks,
    write_solutions,
)
from queens.solution import Solution

FOUR = [Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])]


def test_render() -> None:
    assert render(FOUR[0], "list") == "[2, 4, 1, 3]"
    assert render(FOUR[0], "letters") == "bdac"
    assert json.loads(render(FOUR[0], "json")) == {"n": 4, "columns": [1, 3, 0, 2]}
    assert render(FOUR[0], "board") == ". Q . .\n. . . Q\nQ . . .\n. . Q ."


def test_write_boards_separated_by_blank_line() -> None:
    out = io.StringIO()
    assert write_solutions(out, iter(FOUR), "board") == 2
    assert out.getvalue().split("\n\n")[1].startswith(". . Q .")
    out = io.StringIO()
    write_solutions(out, iter(FOUR), "list")
    assert out.getvalue() == "[2, 4, 1, 3]\n[3, 1, 4, 2]\n"


@pytest.mark.parametrize(
    ("fmt", "n", "problem"),
    [
        ("list", 10**6, None),
        ("letters", 26, None),
        ("letters", 27, "the letters format takes at most 26 columns, got 27; use --format list"),
        ("board", BOARD_FORMAT_MAX_N, None),
        ("xml", 8, "unknown format 'xml' (choose from board, list, letters, json)"),
    ],
)
def test_format_problem(fmt: str, n: int, problem: str | None) -> None:
    assert format_problem(fmt, n) == problem


def test_board_limit_suggests_list() -> None:
    problem = format_problem("board", BOARD_FORMAT_MAX_N + 1)
    assert problem is not None and problem.endswith("use --format list")


@pytest.mark.parametrize("chunk", [1, 3, 7, 1 << 16])
def test_streamed_list_and_json(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    import queens.formats

    monkeypatch.setattr(queens.formats, "STREAM_CHUNK", chunk)
    for n in (1, 7, 8, 21, 1000):
        solution = Solution(reversed(range(n)))  # not valid; formats do not care
        out = io.StringIO()
        write_solutions(out, [solution, solution], "json")
        lines = out.getvalue().splitlines()
        assert [json.loads(line) for line in lines] == [solution.to_json()] * 2
        assert lines[0] == json.dumps(solution.to_json())
        out = io.StringIO()
        write_solutions(out, [solution], "list")
        expected = "[" + ", ".join(str(n - r) for r in range(n)) + "]\n"
        assert out.getvalue() == expected
        assert solution.list_text() + "\n" == expected


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("unique", [False, True])
@pytest.mark.parametrize("board", [Board.build(7, reserved=[(3, 3)]), Board.empty(7)], ids=str)
def test_board_solutions_written_like_solutions(
    fmt: str, unique: bool, board: Board, capsys: pytest.CaptureFixture[str]
) -> None:
    """``queens solve --all`` writes the kernel's text where it can (the classic board,
    with the compiled kernel) and renders each solution elsewhere: the same text."""
    from queens import api
    from queens.cli.solve import write_all

    for limit in (None, 1, 5):
        plain = io.StringIO()
        found = islice(api.solutions(board, unique=unique), limit)
        expected = write_solutions(plain, found, fmt)
        capsys.readouterr()
        assert write_all(board, fmt, unique=unique, limit=limit) == expected
        assert capsys.readouterr().out == plain.getvalue()


def test_chunks_are_written_as_they_come() -> None:
    out = io.StringIO()
    assert write_chunks(out, [(2, "ab"), (0, ""), (3, "cde")]) == 5
    assert out.getvalue() == "abcde"


@pytest.mark.parametrize(
    ("width", "height", "fmt", "problem"),
    [
        (26, 40, "letters", None),
        (
            27,
            5,
            "letters",
            "the letters format takes at most 26 columns, got 27; use --format list",
        ),
        (5, 1001, "board", "the board format is limited to 1000 rows and columns"),
        (1001, 5, "board", "(1,001 x 5 would print 10,010 characters)"),
        (1000, 3, "board", None),
    ],
)
def test_format_problem_of_rectangles(
    width: int, height: int, fmt: str, problem: str | None
) -> None:
    found = format_problem(fmt, width, height)
    assert found == problem if problem is None else problem in str(found)


@pytest.mark.parametrize("chunk", [1, 2, 1 << 16])
def test_empty_rows_and_rectangles(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    import queens.formats

    monkeypatch.setattr(queens.formats, "STREAM_CHUNK", chunk)
    wide = Solution([4, -1, 0], width=5)
    expected = {
        "board": ". . . . Q\n. . . . .\nQ . . . .\n",
        "list": "[5, 0, 1]\n",
        "letters": "e-a\n",
        "json": '{"width": 5, "height": 3, "columns": [4, null, 0]}\n',
    }
    square = Solution([-1, 1, -1])
    for fmt in FORMATS:
        out = io.StringIO()
        write_solutions(out, [wide], fmt)
        assert out.getvalue() == expected[fmt]
        out = io.StringIO()
        write_solutions(out, [square], fmt)
        assert out.getvalue() == render(square, fmt) + "\n"
    out = io.StringIO()
    write_solutions(out, [square], "json")
    assert json.loads(out.getvalue()) == {"n": 3, "columns": [None, 1, None]}
