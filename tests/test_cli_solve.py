"""queens solve --method / --seed and huge-N output, through queens.cli.main(argv)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from queens import api
from queens.api import AUTO_SEARCH_MAX_N
from queens.board import Board
from queens.cli import main
from queens.formats import BOARD_FORMAT_MAX_N


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def valid(columns: Sequence[int]) -> bool:
    """O(N), independent of queens.validate."""
    n = len(columns)
    return (
        all(0 <= c < n for c in columns)
        and len(set(columns)) == n
        and len({r + c for r, c in enumerate(columns)}) == n
        and len({r - c for r, c in enumerate(columns)}) == n
    )


def list_columns(out: str) -> list[int]:
    """0-based columns from one line of list output."""
    assert out.endswith("]\n") and out.count("\n") == 1
    return [int(c) - 1 for c in out.strip("[]\n").split(", ")]


@pytest.mark.parametrize("method", ["auto", "search", "construct", "local"])
@pytest.mark.parametrize("n", [1, 4, 8, 9, 14, 15])
def test_every_method_gives_a_solution(
    capsys: pytest.CaptureFixture[str], method: str, n: int
) -> None:
    status, out, err = run(capsys, "solve", str(n), "--method", method, "--format", "list")
    assert (status, err) == (0, "")
    columns = list_columns(out)
    assert len(columns) == n and valid(columns)


def test_auto_switches_at_the_documented_size(capsys: pytest.CaptureFixture[str]) -> None:
    for n, expected in ((AUTO_SEARCH_MAX_N, "search"), (AUTO_SEARCH_MAX_N + 1, "construct")):
        auto = run(capsys, "solve", str(n), "--format", "list")
        assert auto == run(capsys, "solve", str(n), "--method", expected, "--format", "list")
    # The two methods really differ there, so the test above can tell them apart.
    n = str(AUTO_SEARCH_MAX_N + 1)
    assert run(capsys, "solve", n, "--method", "search", "--format", "list") != run(
        capsys, "solve", n, "--method", "construct", "--format", "list"
    )


def test_seed_with_leading_zeros(capsys: pytest.CaptureFixture[str]) -> None:
    plain = run(capsys, "solve", "30", "--method", "local", "--seed", "5", "--format", "list")
    padded = run(
        capsys, "solve", "30", "--method", "local", "--seed", "0" * 40 + "5", "--format", "list"
    )
    assert plain == padded and plain[0] == 0
    status, out, _ = run(
        capsys, "solve", "30", "--method", "local", "--seed", "0", "--format", "list"
    )
    assert status == 0 and out


def test_seeded_local_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("solve", "500", "--method", "local", "--seed", "42", "--format", "list")
    first = run(capsys, *argv)
    assert first == run(capsys, *argv)
    other = run(capsys, "solve", "500", "--method", "local", "--seed", "43", "--format", "list")
    assert other[0] == 0 and other[1] != first[1]
    assert valid(list_columns(first[1])) and valid(list_columns(other[1]))


def test_no_solution_by_any_method(capsys: pytest.CaptureFixture[str]) -> None:
    for method in ("auto", "search", "construct", "local"):
        status, out, err = run(capsys, "solve", "3", "--method", method)
        assert (status, out) == (1, "")
        assert err == "queens: no solution exists for this 3 x 3 board\n"


def test_huge_n_list_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    n = 200_003
    status, out, _ = run(capsys, "solve", str(n), "--format", "list")
    assert status == 0
    columns = list_columns(out)
    assert len(columns) == n and valid(columns)
    status, out, _ = run(capsys, "solve", str(n), "--format", "json")
    record = json.loads(out)
    assert status == 0 and out.count("\n") == 1
    assert record == {"n": n, "columns": columns}
    status, out, _ = run(
        capsys, "solve", str(n), "--method", "local", "--seed", "1", "--format", "json"
    )
    record = json.loads(out)
    assert record["n"] == n and valid(record["columns"])


def test_board_format_refused_above_its_limit(capsys: pytest.CaptureFixture[str]) -> None:
    n = str(BOARD_FORMAT_MAX_N + 1)
    for argv in (["solve", n], ["solve", n, "--method", "construct", "--format", "board"]):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert err.startswith(
            f"queens: error: the board format is limited to {BOARD_FORMAT_MAX_N} rows and columns"
        )
        assert "use --format list" in err and err.count("\n") == 1
    status, out, _ = run(capsys, "solve", str(BOARD_FORMAT_MAX_N), "--method", "construct")
    assert status == 0 and out.count("\n") == BOARD_FORMAT_MAX_N


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "8", "--method", "magic"], "unknown method 'magic'"),
        (["solve", "8", "--seed", "1"], "--seed goes with --method local only"),
        (["solve", "8", "--method", "construct", "--seed", "1"], "--seed goes with --method local"),
        (["solve", "8", "--method", "local", "--seed", "x"], "--seed must be a whole number"),
        (["solve", "8", "--method", "local", "--seed", "-1"], "--seed must be a whole number"),
        (
            ["solve", "8", "--method", "local", "--seed", str(2**64)],
            "--seed must be a whole number",
        ),
        (
            ["solve", "8", "--method", "local", "--seed", "9" * 5000],
            "--seed must be a whole number",
        ),
        (["solve", "8", "--method", "local", "--all"], "--method local finds one solution"),
        (["solve", "8", "--method", "construct", "--limit", "3"], "--method construct finds one"),
        (["solve", "8", "--method", "construct", "--unique"], "--method construct finds one"),
        (
            ["solve", str(2**31), "--format", "list"],
            "is too big: method construct goes up to N = 2,147,483,647",
        ),
        (
            ["solve", str(2**30), "--method", "local", "--format", "json"],
            "is too big: method local goes up to",
        ),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("queens: error: ") and message in err
    assert err.count("\n") == 1 and "--help" in err


@pytest.mark.parametrize("method", ["construct", "local"])
def test_plain_only_methods_refuse_constraints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str
) -> None:
    board = tmp_path / "board.txt"
    board.write_text("*...\n....\n....\n....\n")
    status, out, err = run(capsys, "solve", "--board", str(board), "--method", method)
    assert (status, out) == (2, "")
    assert f"--method {method} solves plain boards only" in err
    # auto and search take such boards.
    for ok in ("auto", "search"):
        status, out, _ = run(
            capsys, "solve", "--board", str(board), "--method", ok, "--format", "list"
        )
        assert status == 0 and out == "[2, 4, 1, 3]\n"


def test_too_deep_for_search_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "3000", "--method", "search", "--format", "list")
    assert (status, out) == (2, "")
    # Refused by its size before the search recurses (issue 26, class F).
    assert err == (
        "queens: error: the search goes up to N = 900, not 3000 x 3000 "
        "(use --method construct or local)\n"
    )
    assert err.count("\n") == 1


# -- boards of any shape and queen count -------------------------------------------------------

SHAPES = [
    ("10x8",),
    ("8x10",),
    # k < N, square and not: a thousand or so placements each, all written and read back
    ("6", "--queens", "4"),
    ("5x7", "--queens", "4"),
    ("3", "--queens", "0"),
    ("1x3",),
]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["0x5"], "N must be at least 1 on each side, got '0x5'"),
        (["8x"], "N must be N or WxH (width x height, e.g. 10x8), got '8x'"),
        (["axb"], "N must be N or WxH (width x height, e.g. 10x8), got 'axb'"),
        (["8x8x8"], "N must be N or WxH"),
        (["8", "--queens", "9"], "--queens 9 does not fit: a 8 x 8 board takes at most 8"),
        (["10x8", "--queens", "9"], "--queens 9 does not fit: a 10 x 8 board takes at most 8"),
        (["8", "--queens", "-1"], "--queens must be a whole number"),
        (["2000x3"], "a 2000 x 3 board is too big"),
        (["30x8", "--format", "letters"], "the letters format takes at most 26 columns, got 30"),
        (["10x8", "--method", "construct"], "--method construct solves N queens on N x N only"),
        (["8", "--queens", "7", "--method", "local"], "not 7 queens on 8 x 8"),
    ],
)
def test_bad_shapes_are_one_line_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "solve", *argv)
    assert (status, out) == (2, "")
    assert err.startswith("queens: error: ") and err.count("\n") == 1, err
    assert message in err and "Traceback" not in err


def test_a_rectangle_from_a_board_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("Q . . . .\n. . . . .\n. . * . .\n")
    status, out, _ = run(capsys, "solve", "--board", str(path), "--format", "json")
    assert status == 0
    record = json.loads(out)
    assert (record["width"], record["height"], record["columns"][0]) == (5, 3, 0)
    status, out, err = run(capsys, "solve", "5x3", "--board", str(path), "--queens", "2")
    assert status == 0 and out.splitlines()[0] == "Q . . . ."
    status, _, err = run(capsys, "solve", "3x5", "--board", str(path))
    assert status == 2 and "the size is 3x5 but the board is 5 x 3" in err


def test_no_solution_names_the_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "solve", "3x2", "--queens", "2", "--method", "propagate")
    assert (status, out) == (0, "Q . .\n. . Q\n")
    path = tmp_path / "board.txt"
    path.write_text("* * *\n. . .\n")
    for method in ("auto", "search", "propagate"):
        status, out, err = run(capsys, "solve", "--board", str(path), "--method", method)
        assert (status, out) == (1, ""), method
        assert "for 2 queens on this 3 x 2 board" in err and err.count("\n") == 1
    status, out, err = run(capsys, "solve", "--board", str(path), "--queens", "1", "--all")
    assert (status, out) == (0, ". . .\nQ . .\n\n. . .\n. Q .\n\n. . .\n. . Q\n")


@pytest.mark.parametrize("fmt", ["board", "list", "letters", "json"])
def test_no_queens_is_one_placement(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status, out, _ = run(capsys, "solve", "4x3", "--queens", "0", "--all", "--format", fmt)
    expected = {
        "board": ". . . .\n. . . .\n. . . .\n",
        "list": "[0, 0, 0]\n",
        "letters": "---\n",
        "json": '{"width": 4, "height": 3, "columns": [null, null, null]}\n',
    }
    assert (status, out) == (0, expected[fmt])


@pytest.mark.parametrize("fmt", ["board", "list", "letters", "json"])
@pytest.mark.parametrize("shape", SHAPES, ids=" ".join)
@pytest.mark.parametrize(
    "which", [(), ("--all",), ("--unique", "--limit", "3"), ("--method", "propagate")]
)
def test_what_solve_prints_check_reads_back(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    fmt: str,
    shape: tuple[str, ...],
    which: tuple[str, ...],
) -> None:
    status, out, _ = run(capsys, "solve", *shape, *which, "--format", fmt)
    assert status == 0 and out
    path = tmp_path / "out.txt"
    path.write_text(out)
    size = ["--size", shape[0], *shape[1:]]
    status, checked, err = run(capsys, "check", str(path), *size)
    lines = checked.splitlines()
    assert status == 0 and lines and all(line.endswith(": ok") for line in lines), checked + err
    expected = out.count("\n\n") + 1 if fmt == "board" else out.count("\n")
    assert len(lines) == expected
    if "--all" in which:
        assert len(lines) == api.count(board_from(shape))
    if fmt == "json":  # the JSON says its own shape: no size needed
        status, again, _ = run(capsys, "check", str(path), *shape[1:])
        assert (status, again) == (0, checked)


def board_from(shape: tuple[str, ...]) -> Board:
    width, _, height = shape[0].partition("x")
    queens = int(shape[2]) if len(shape) > 1 else None
    return Board(int(width), height=int(height or width), k=queens)
