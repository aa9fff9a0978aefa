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
    # queens solve's keys (n, columns), then the puzzle schema's for every K (stars, rows)
    assert status == 0 and json.loads(out) == {
        "n": 4, "stars": 1, "rows": [[1], [3], [0], [2]], "columns": [1, 3, 0, 2]
    }  # fmt: skip
    assert out == '{"n": 4, "stars": 1, "rows": [[1], [3], [0], [2]], "columns": [1, 3, 0, 2]}\n'


def test_solution_is_checked_independently(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from queens.puzzle.maker import generate

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


# ---- one path for every K: the same answers, statuses and one-line errors ----------------

EIGHT_TWO = (  # one solution with two stars
    "AAABBCCC\nAABBCCCC\nAAABBCCD\nEABBBDDD\nEEFFGHDD\nEFFFGHHH\nEFFGGHHH\nEFFFGHHH\n"
)
ROWS_SIX = "".join("ABCDEF"[r] * 6 + "\n" for r in range(6))  # no solution with 2 stars


@pytest.mark.parametrize(("stars", "text"), [("1", UNIQUE), ("2", EIGHT_TWO)])
def test_every_command_takes_stars_alike(
    stars: str, text: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "grid.txt"
    path.write_text(text)
    k = ("--stars", stars)
    status, out, _ = run(capsys, "solve", str(path), "--format", "json", *k)
    found = json.loads(out)
    assert status == 0 and found["stars"] == int(stars)
    assert all(len(columns) == int(stars) for columns in found["rows"])
    assert run(capsys, "solve", str(path), "--count", *k)[:2] == (0, "1\n")
    status, out, _ = run(capsys, "solve", str(path), "--all", *k)
    assert status == 0 and out.count("*") == int(stars) * len(text.split())
    status, out, _ = run(capsys, "explain", str(path), "--json", *k)
    assert status == 0 and json.loads(out)["rows"] == found["rows"]
    status, out, _ = run(capsys, "explain", str(path), *k)
    assert status == 0 and out.splitlines()[-1].startswith("difficulty: ")
    solved, bare = tmp_path / "solved.svg", tmp_path / "bare.svg"
    assert run(capsys, "render", str(path), "--out", str(solved), *k)[0] == 0
    assert run(capsys, "render", str(path), "--out", str(bare), "--empty", *k)[0] == 0
    assert solved.read_text() != bare.read_text()  # the stars drawn


@pytest.mark.parametrize(
    ("stars", "text", "why"),
    [("1", NONE, "put a queen in every row"), ("2", ROWS_SIX, "a 6 x 6 grid holds at most 9")],
)
def test_no_solution_is_exit_1_in_one_line_for_every_k(
    stars: str, text: str, why: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "grid.txt"
    path.write_text(text)
    for command in (["solve"], ["explain"], ["render", "--out", str(tmp_path / "x.svg")]):
        status, out, err = run(capsys, *command, str(path), "--stars", stars)
        assert (status, out) == (1, "") and err.count("\n") == 1 and why in err, command


def test_star_limits_and_formats_are_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "grid.txt"
    path.write_text(EIGHT_TWO)
    status, _, err = run(capsys, "solve", str(path), "--stars", "2", "--format", "letters")
    assert status == 2 and "--format letters with --stars 2: choose from board, json" in err
    status, _, err = run(capsys, "solve", str(path), "--stars", "2", "--style", "color")
    assert status == 2 and "only plain" in err
    status, _, err = run(capsys, "generate", "6", "--stars", "2")
    assert status == 2 and "2-star grids are generated from 8 x 8" in err
    big = tmp_path / "big.txt"
    big.write_text("".join(("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[r] * 26) + "\n" for r in range(26)))
    status, _, err = run(capsys, "solve", str(big), "--stars", "2")
    assert status == 2 and "limited to n <= 25" in err and err.count("\n") == 1
