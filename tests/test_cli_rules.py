"""--rule on the command line: counts, solutions read back by check, refusals in one line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from conftest import DATA
from hardboards import answers_rule, need_pysat
from queens.board import Board
from queens.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def known(n: int, column: str) -> int:
    with (DATA / "oeis-rules.tsv").open() as file:
        return next(
            int(r[column]) for r in csv.DictReader(file, delimiter="\t") if r["n"] == str(n)
        )


@pytest.mark.parametrize(("rule", "n"), [("toroidal", 11), ("toroidal", 13), ("superqueen", 12)])
def test_counts_match_oeis(capsys: pytest.CaptureFixture[str], rule: str, n: int) -> None:
    assert run(capsys, "count", str(n), "--rule", rule) == (0, f"{known(n, rule + '_total')}\n", "")


def test_torus_unique_counts_match_oeis_through_a_checkpointed_split(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = str(tmp_path / "torus.ckpt")
    status, out, _ = run(
        capsys, "count", "13", "--rule", "toroidal", "--unique", "--json", "--checkpoint", path
    )
    record = json.loads(out)
    assert status == 0 and record["subproblems"] > 1
    assert (record["total"], record["unique"]) == (
        known(13, "toroidal_total"),
        known(13, "toroidal_unique"),
    )


def test_count_json_and_checkpoint_name_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "count.ckpt"
    status, out, _ = run(
        capsys,
        "count",
        "12",
        "--rule",
        "superqueen",
        "--unique",
        "--json",
        "--checkpoint",
        str(path),
    )
    record = json.loads(out)
    assert status == 0 and record["rule"] == "superqueen"
    assert (record["total"], record["unique"]) == (156, 22)
    status, out, _ = run(capsys, "count", "12", "--rule", "superqueen", "--checkpoint", str(path))
    assert (status, out) == (0, "156\n")  # resumed from the file
    status, _, err = run(capsys, "count", "12", "--checkpoint", str(path))
    assert status == 2 and "belongs to another count" in err and "\n" not in err.rstrip("\n")


@pytest.mark.parametrize("fmt", ["list", "letters", "json", "board"])
def test_what_solve_prints_check_reads_back_under_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    status, out, _ = run(capsys, "solve", "11", "--rule", "superqueen", "--all", "--format", fmt)
    assert status == 0
    path = tmp_path / "solutions.txt"
    path.write_text(out)
    status, checked, _ = run(capsys, "check", str(path), "--rule", "superqueen")
    lines = checked.splitlines()
    assert status == 0 and len(lines) == 44 and all(line.endswith(": ok") for line in lines)


def test_check_names_the_knight_move(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "eight.txt"
    path.write_text("[1, 5, 8, 6, 3, 7, 2, 4]\n")
    assert run(capsys, "check", str(path)) == (0, "line 1: ok\n", "")
    status, out, _ = run(capsys, "check", str(path), "--rule", "superqueen")
    assert (status, out) == (
        1,
        "line 1: queens at row 2, column 5 and row 4, column 6 attack by a knight move\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "2000", "--rule", "superqueen", "--method", "local", "--seed", "7"],
        ["solve", "300", "--rule", "superqueen"],  # auto: local search above 20
    ],
)
def test_big_superqueen_boards_by_local_search(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    status, out, _ = run(capsys, *argv, "--format", "list")
    assert status == 0
    assert run(capsys, *argv, "--format", "list")[1] == out  # the same seed, the same placement
    path = tmp_path / "superqueens.txt"
    path.write_text(out)
    assert run(capsys, "check", str(path), "--rule", "superqueen") == (0, "line 1: ok\n", "")
    assert run(capsys, "check", str(path))[0] == 0  # a superqueen solution is a queen one too


def test_superqueen_local_search_says_when_there_is_no_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "9", "--rule", "superqueen", "--method", "local")
    assert (status, out) == (1, "")
    assert "no solution exists for this 9 x 9 board under the superqueen rule" in err


def test_a_big_torus_is_constructed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "solve", "1001", "--rule", "toroidal", "--format", "list")
    assert status == 0
    path = tmp_path / "torus.txt"
    path.write_text(out)
    assert run(capsys, "check", str(path), "--rule", "toroidal") == (0, "line 1: ok\n", "")
    status, _, err = run(capsys, "solve", "1002", "--rule", "toroidal", "--format", "list")
    assert status == 1 and "under the toroidal rule" in err


@pytest.mark.parametrize("method", ["propagate", "sat", "auto"])
@pytest.mark.parametrize(
    ("rule", "text"),
    [
        # A fixed queen and a reserved square on the 13 x 13 torus; a fixed
        # superqueen and two reserved squares on 12 x 12.
        ("toroidal", "Q" + "." * 12 + "\n" + ("." * 13 + "\n") * 11 + "." * 12 + "*\n"),
        ("superqueen", ("*" + "." * 11 + "\n") * 2 + "....Q.......\n" + ("." * 12 + "\n") * 9),
    ],
)
def test_hard_methods_solve_under_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, method: str, rule: str, text: str
) -> None:
    need_pysat()
    path = tmp_path / "board.txt"
    path.write_text(text)
    argv = ["solve", "--board", str(path), "--rule", rule, "--method", method, "--verbose"]
    status, out, err = run(capsys, *argv, "--format", "list")
    assert status == 0 and err.startswith("queens: ") and err.count("\n") == 1
    columns = [int(c) - 1 for c in out.strip("[]\n").split(",")]
    answers_rule(columns, Board.parse(text).with_rule(rule))
    solution = tmp_path / "solution.txt"
    solution.write_text(out)
    assert run(capsys, "check", str(solution), "--rule", rule) == (0, "line 1: ok\n", "")


def test_hard_methods_say_no_solution_under_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    need_pysat()
    for method in ("propagate", "sat"):
        status, out, err = run(capsys, "solve", "12", "--rule", "toroidal", "--method", method)
        assert (status, out) == (1, "")
        assert "under the toroidal rule" in err and err.count("\n") == 1
        status, _, _ = run(capsys, "solve", "9", "--rule", "superqueen", "--method", method)
        assert status == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["count", "10x8", "--rule", "toroidal"],
            "the toroidal rule needs a square board, not 10 x 8",
        ),
        (["trace", "5", "--rule", "superqueen"], "queens trace supports the queen rule only"),
        (["compare", "6", "--rule", "toroidal"], "queens compare supports the queen rule only"),
        (
            ["solve", "11", "--rule", "toroidal", "--method", "local"],
            "method 'local' knows the queen and superqueen rules, not 'toroidal'",
        ),
        (["count", "8", "--rule", "king"], "invalid choice: 'king'"),
    ],
)
def test_refusals_are_one_line_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
