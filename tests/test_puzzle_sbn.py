"""Star Battle Notation (SBN), the one-line code Star Battle sites share puzzles by: read
and written by ``queens.puzzle.sbn`` (any grid with connected regions goes there and back),
taken by ``queens puzzle solve / explain`` with its stars checked, bad codes one line; and
``benchmarks/labels.py``'s reading of its files and labels."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzle_support import random_cells
from queens.cli import main
from queens.puzzle.generate import generate
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.sbn import (
    ALPHABET,
    MAX_SBN_CHARS,
    SbnError,
    border_chars,
    looks_like_sbn,
    parse_sbn,
    sbn,
)

BENCHMARK = Path(__file__).parent.parent / "benchmarks" / "labels.py"


@st.composite
def connected_grids(draw: st.DrawFn, high: int = 9) -> Grid:
    """An n x n grid of n connected regions grown from n random cells."""
    n = draw(st.integers(1, high))
    region = random_cells(n, random.Random(draw(st.integers(0, 2**32))))
    return Grid.from_regions([region[r * n : (r + 1) * n] for r in range(n)])


@given(connected_grids(), st.integers(1, 9))
def test_any_connected_grid_goes_there_and_back(grid: Grid, stars: int) -> None:
    code = sbn(grid, stars)
    assert looks_like_sbn(code)
    assert len(code) == 4 + border_chars(grid.n)
    puzzle = parse_sbn(code)
    assert puzzle.grid == grid and puzzle.stars == stars
    assert sbn(puzzle.grid, stars) == code
    # The player's marks after the borders are ignored, and so is surrounding space.
    assert parse_sbn(f"\ufeff {code}e0Ab_\r\n") == puzzle


def test_hand_made_codes() -> None:
    # AAAB / CCCB / CDDB / CDDD, worked by hand: inside rows 1-4 "001", "001", "101",
    # "100", inside columns 1-4 "100", "110", "110", "001" (1: a border); 24 bits, no padding.
    bits = "001001101100" + "100110110001"
    code = "441W" + "".join(ALPHABET[int(bits[i : i + 6], 2)] for i in range(0, 24, 6))
    assert code == "441W9icn"
    assert str(parse_sbn(code).grid) == "AAAB\nCCCB\nCDDB\nCDDD"
    assert sbn(parse_grid("AB\nAB"), 2) == "222WC"
    grid = generate(8, 0)
    assert parse_sbn(sbn(grid)).grid == grid


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("66", "2 characters, too short"),
        ("661W0#hNC8YZBb", "character 6: unexpected '#'"),
        ("671W0000000000", "size '67': expected one size digit twice"),
        ("001W", "size 0: grids here go from 1 to 62"),
        ("__1W" + "0" * 5000, "size 63: grids here go from 1 to 62"),
        ("660W0000000000", "stars '0': expected a digit from 1 to 9"),
        ("661W00000", "6 x 6 needs 10 border characters after the first 4, got 5"),
        ("881W" + "_" * 19, "the first 2 bits of the borders are padding, but are not 0"),
        ("AA2W" + "0" * 30, "1 region, but 10 x 10 needs 10"),
        ("221WF", "more than 2 regions, but 2 x 2 needs 2"),
        ("661W" + "0" * (MAX_SBN_CHARS + 1), f"more than the {MAX_SBN_CHARS} read"),
    ],
)
def test_bad_codes_are_one_line(code: str, message: str) -> None:
    with pytest.raises(SbnError) as caught:
        parse_sbn(code)
    assert message in str(caught.value)
    assert str(caught.value).startswith("SBN: ") and "\n" not in str(caught.value)


def test_limits_of_writing() -> None:
    with pytest.raises(SbnError, match="region A is in pieces"):
        sbn(parse_grid("ABA\nBBB\nACA"))
    with pytest.raises(SbnError, match="stars 10: SBN holds 1 to 9"):
        sbn(parse_grid("AB\nAB"), 10)
    assert parse_sbn("111W").grid.n == 1
    assert not looks_like_sbn("AB\nAB") and not looks_like_sbn('{"size": 2}')


def test_the_command_takes_sbn_and_checks_its_stars(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grid = generate(6, 0)
    path = tmp_path / "puzzle.sbn"
    path.write_text(sbn(grid) + "\n")
    assert main(["puzzle", "solve", str(path)]) == 0
    solved = capsys.readouterr().out
    path.write_text(str(grid))
    assert main(["puzzle", "solve", str(path)]) == 0
    assert capsys.readouterr().out == solved
    path.write_text(sbn(grid, 2))
    assert main(["puzzle", "solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the SBN code is a 2-star puzzle, but --stars is 1: run with --stars 2" in err
    path.write_text("661W0")
    assert main(["puzzle", "explain", str(path)]) == 2
    assert "SBN: 6 x 6 needs 10 border characters" in capsys.readouterr().err


def test_the_command_takes_a_code_given_as_the_argument(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    grid = generate(6, 0)
    code = sbn(grid)
    assert main(["puzzle", "solve", str(tmp_path / "grid.txt")]) == 2
    capsys.readouterr()
    (tmp_path / "grid.txt").write_text(str(grid))
    assert main(["puzzle", "solve", str(tmp_path / "grid.txt")]) == 0
    from_file = capsys.readouterr().out
    monkeypatch.chdir(tmp_path)
    assert main(["puzzle", "solve", code]) == 0
    assert capsys.readouterr().out == from_file
    Path(code).write_text("AB\nAB")  # a file of the code's name is read, not the code
    assert main(["puzzle", "solve", code]) == 1
    capsys.readouterr()


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("labels_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_reads_labels_and_checks_codes(tmp_path: Path) -> None:
    labels = _benchmark()
    source = labels.parse_source(str(tmp_path / "a:b.txt") + ":Hard")
    assert source.path == tmp_path / "a:b.txt" and source.label == "hard"
    for bad in ("hard.txt", "hard.txt:", ":hard"):
        with pytest.raises(ValueError, match="expected FILE:LABEL"):
            labels.parse_source(bad)
    # StarBattleLab's files: the size id names the size, the stars and the label.
    (tmp_path / "3.txt").write_text(sbn(generate(8, 0)) + "\n" + sbn(generate(6, 0)) + "\n")
    (tmp_path / "6.txt").write_text("")
    found = labels.starbattlelab(tmp_path)
    assert [(s.path.name, s.size, s.stars, s.label) for s in found] == [
        ("3.txt", 8, 1, "medium"),
        ("6.txt", 10, 2, "hard"),
    ]
    read = labels.read_codes(found, None, 0)
    kept = [labels.checked(s, code, read.skipped) for s, code in read.codes]
    assert [k is not None for k in kept] == [True, False]  # the 6 x 6 is not a size-3 grid
    assert read.skipped == {"not the file's size and stars": 1}
    two = parse_grid("AB\nAB")  # no solution: never graded
    assert labels.checked(labels.Source(Path("x"), "easy"), sbn(two), read.skipped) is None
    assert read.skipped["not exactly one solution"] == 1
    assert labels.parse_level("probe=6") == ("probe", 6)
    for bad in ("probe", "probe=7", "jump=2", "probe=x"):
        with pytest.raises(ValueError, match="expected KIND=LEVEL"):
            labels.parse_level(bad)
    assert labels.label_order({"hard", "expert", "easy", "normal"}) == [
        "easy",
        "normal",
        "hard",
        "expert",
    ]
