"""queens puzzle: solve, explain, generate and render from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_support import brute_force, is_solution
from queens.cli import main

UNIQUE = "AAAB\nCAAB\nCCDB\nCCDD\n"  # one solution: [2, 4, 1, 3]
TWO = "AABB\nAABB\nCCDD\nCCDD\n"  # two solutions
NONE = "AAAA\nAAAA\nBCCC\nBDDD\n"  # rows 1 and 2 both lie within region A: none


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["puzzle", *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def grid_file(tmp_path: Path) -> Path:
    path = tmp_path / "grid.txt"
    path.write_text(UNIQUE)
    return path


def test_solve_formats_as_queens_solve_writes_them(
    capsys: pytest.CaptureFixture[str], grid_file: Path
) -> None:
    assert run(capsys, "solve", str(grid_file)) == (0, "A * A B\nC A A *\n* C D B\nC C * D\n", "")
    assert run(capsys, "solve", str(grid_file), "--format", "list") == (0, "[2, 4, 1, 3]\n", "")
    assert run(capsys, "solve", str(grid_file), "--format", "letters") == (0, "bdac\n", "")
    status, out, _ = run(capsys, "solve", str(grid_file), "--format", "json")
    assert status == 0 and json.loads(out) == {"n": 4, "columns": [1, 3, 0, 2]}
    assert out == '{"n": 4, "columns": [1, 3, 0, 2]}\n'


def test_solution_is_checked_independently(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from queens.puzzle.generate import generate

    grid = generate(9, 5)
    path = tmp_path / "nine.txt"
    path.write_text(str(grid))
    status, out, err = run(capsys, "solve", str(path), "--format", "json")
    assert status == 0 and err == ""
    assert is_solution(grid.rows(), json.loads(out)["columns"])


def test_not_unique_is_said(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(TWO)
    status, out, err = run(capsys, "solve", str(path), "--format", "list")
    assert status == 0 and out == "[2, 4, 1, 3]\n"
    assert "not the only one" in err
    assert run(capsys, "solve", str(path), "--count") == (0, "2\n", "")
    status, out, _ = run(capsys, "solve", str(path), "--all", "--format", "list")
    assert out == "[2, 4, 1, 3]\n[3, 1, 4, 2]\n"
    status, out, _ = run(capsys, "solve", str(path), "--all")
    assert out.count("*") == 8 and "\n\n" in out


def test_no_solution_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "none.txt"
    path.write_text(NONE)
    assert brute_force(NONE.split()) == []
    status, out, err = run(capsys, "solve", str(path))
    assert (status, out) == (1, "")
    assert err.startswith("queens: no solution") and err.count("\n") == 1
    assert run(capsys, "solve", str(path), "--count") == (0, "0\n", "")
    assert run(capsys, "explain", str(path))[0] == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AB\nB#\n", "queens: error: grid line 2, column 2: unexpected '#'"),
        ("AAB\nCA\nCCB\n", "queens: error: grid line 2, column 3: 2 cells, but line 1 has 3"),
        ("AAB\nAAB\nABB\n", "queens: error: grid: region 'C' is empty"),
    ],
)
def test_bad_grids_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    for command in ("solve", "explain", "render"):
        extra = ["--out", str(tmp_path / "x.svg")] if command == "render" else []
        status, out, err = run(capsys, command, str(path), *extra)
        assert (status, out) == (2, "")
        assert err.startswith(message) and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "G", "--format", "svg"], "unknown format 'svg'"),
        (["solve", "G", "--all", "--count"], "not allowed with"),
        (["solve", "G", "--format", "list", "--style", "color"], "--style applies to"),
        (["generate", "4"], "N must be a whole number from 5 to 16"),
        (["generate", "7", "--difficulty", "evil"], "unknown difficulty 'evil'"),
        (["render", "G", "--out", "x.gif"], "--out must name a .svg or .png file"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str], grid_file: Path, argv: list[str], message: str
) -> None:
    argv = [str(grid_file) if a == "G" else a for a in argv]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_explain(capsys: pytest.CaptureFixture[str], grid_file: Path) -> None:
    status, out, _ = run(capsys, "explain", str(grid_file))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].lstrip().startswith("1. ")
    assert "A * A B" in lines and lines[-1].startswith("difficulty: ")
    status, out, _ = run(capsys, "explain", str(grid_file), "--json")
    record = json.loads(out)
    assert record["columns"] == [1, 3, 0, 2] and record["steps"][0]["text"]


def test_explain_refuses_a_grid_with_two_solutions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(TWO)
    status, out, err = run(capsys, "explain", str(path))
    assert (status, out) == (1, "")
    assert err.startswith("queens: not unique")


def test_generate_pipes_into_solve() -> None:
    queens = [sys.executable, "-m", "queens"]
    made = subprocess.run(
        [*queens, "puzzle", "generate", "9", "--seed", "3"], capture_output=True, text=True
    )
    assert made.returncode == 0 and len(made.stdout.splitlines()) == 9
    solved = subprocess.run(
        [*queens, "puzzle", "solve", "-", "--format", "list"],
        input=made.stdout,
        capture_output=True,
        text=True,
    )
    assert solved.returncode == 0 and solved.stderr == ""
    columns = [c - 1 for c in json.loads(solved.stdout)]
    assert is_solution(made.stdout.split(), columns)


def test_generate_repeatable_and_seed_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = run(capsys, "generate", "7", "--seed", "11", "--difficulty", "easy")[1]
    assert run(capsys, "generate", "7", "--seed", "11", "--difficulty", "easy")[1] == first
    _, out, err = run(capsys, "generate", "6")
    seed = err.strip().rsplit(" ", 1)[1]
    assert run(capsys, "generate", "6", "--seed", seed)[1] == out
    target = tmp_path / "g.txt"
    assert run(capsys, "generate", "6", "--seed", seed, "--out", str(target))[1] == ""
    assert target.read_text() == out


def test_render_svg(capsys: pytest.CaptureFixture[str], grid_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    assert run(capsys, "render", str(grid_file), "--out", str(out))[0] == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count("<use ") == 4
    assert run(capsys, "render", str(grid_file), "--out", str(out), "--empty")[0] == 0
    assert out.read_text().count("<use ") == 0


def test_color_board(capsys: pytest.CaptureFixture[str], grid_file: Path) -> None:
    status, out, _ = run(capsys, "solve", str(grid_file), "--style", "color")
    assert status == 0 and "\x1b[" in out and "♛" in out


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(
    "argv",
    [["generate", "7", "--seed", "1"], ["solve", "-", "--all"], ["explain", "-"]],
    ids=" ".join,
)
def test_disk_full_is_one_line_and_exit_2(argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "queens", "puzzle", *argv],
            input=UNIQUE.encode(),
            stdout=full.fileno(),
            stderr=subprocess.PIPE,
        )
    assert result.returncode == 2
    lines = result.stderr.decode().splitlines(keepends=True)
    err = "".join(line for line in lines if "compiled kernel is not available" not in line)
    assert err.startswith("queens: error: cannot write output") and err.count("\n") == 1
