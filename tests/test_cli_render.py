"""queens render through main(argv): SVG and PNG files, grids, limits and errors."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import BOARDS
from queens.cli import main
from queens.cli.render import RENDER_MAX_BOARDS

NS = "{http://www.w3.org/2000/svg}"


def boards_and_queens(path: Path) -> list[int]:
    """The number of queens on each board of an SVG picture."""
    root = ET.parse(path).getroot()
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") == "board"]
    return [len(list(g.iter(f"{NS}use"))) for g in groups]


def test_first_solution(tmp_path: Path) -> None:
    out = tmp_path / "eight.svg"
    assert main(["render", "8", "--out", str(out), "--coordinates", "--pixels", "300"]) == 0
    assert boards_and_queens(out) == [8]
    assert ET.parse(out).getroot().get("width") == "300"


def test_all_and_limit(tmp_path: Path) -> None:
    out = tmp_path / "six.svg"
    assert main(["render", "6", "--all", "--out", str(out)]) == 0
    assert boards_and_queens(out) == [6] * 4
    assert main(["render", "8", "--limit", "5", "--out", str(out)]) == 0
    assert boards_and_queens(out) == [8] * 5


def test_board_file(tmp_path: Path) -> None:
    out = tmp_path / "nauck.svg"
    assert (
        main(["render", "--board", str(BOARDS / "nauck-1850-2.txt"), "--all", "--out", str(out)])
        == 0
    )
    assert boards_and_queens(out) == [8, 8]
    assert ET.parse(out).getroot().iter(f"{NS}use")
    fixed = [u for u in ET.parse(out).getroot().iter(f"{NS}use") if "fixed" in str(u.attrib)]
    assert len(fixed) == 4  # two fixed queens on each of the two boards


def test_png(tmp_path: Path) -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("PIL", reason="no Pillow (pip install 'queens-toolkit[png]')")
    out = tmp_path / "eight.png"
    assert main(["render", "8", "--out", str(out), "--pixels", "240"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 240


def test_too_many_boards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ten.svg"
    assert main(["render", "10", "--all", "--out", str(out)]) == 2  # 724 solutions
    assert f"more than {RENDER_MAX_BOARDS} solutions" in capsys.readouterr().err
    assert not out.exists()


def test_no_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "3", "--out", str(tmp_path / "x.svg")]) == 1
    assert capsys.readouterr().err == "queens: no solution exists for this 3 x 3 board\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["render", "8"], "the following arguments are required: --out"),
        (["render", "8", "--out", "x.gif"], "--out must name a .svg or .png file"),
        (["render", "8", "--out", "x.svg", "--limit", "0"], "--limit must be a whole number"),
        (["render", "8", "--out", "x.svg", "--pixels", "big"], "--pixels must be a whole number"),
        (["render", "201", "--out", "x.svg"], "N = 201 is too big: queens render goes up to"),
    ],
)
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("queens: error: ") and message in err and err.count("\n") == 1


def test_unwritable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["render", "4", "--out", str(tmp_path / "missing" / "x.svg")]) == 2
    assert capsys.readouterr().err.startswith("queens: error: cannot write picture file")


# -- boards of any shape ------------------------------------------------------------


def picture(path: Path) -> tuple[str | None, list[int]]:
    root = ET.parse(path).getroot()
    return root.get("viewBox"), boards_and_queens(path)


def test_a_rectangle(tmp_path: Path) -> None:
    out = tmp_path / "wide.svg"
    assert main(["render", "10x8", "--out", str(out)]) == 0
    assert picture(out) == (f"0 0 {10 * 45} {8 * 45}", [8])


def test_fewer_queens_leave_rows_empty(tmp_path: Path) -> None:
    out = tmp_path / "five.svg"
    assert main(["render", "8", "--queens", "5", "--limit", "3", "--out", str(out)]) == 0
    assert picture(out)[1] == [5, 5, 5]
    rows = [
        {
            round(float(u.get("transform", "").split(",")[1].split(")")[0]) / 45)
            for u in g.iter(f"{NS}use")
        }
        for g in ET.parse(out).getroot().iter(f"{NS}g")
        if g.get("class") == "board"
    ]
    assert rows[0] == {3, 4, 5, 6, 7}  # the first solution leaves the first three rows empty


def test_a_rectangle_board_file(tmp_path: Path) -> None:
    board = tmp_path / "tall.txt"
    board.write_text(". * .\n. . .\n. . .\nQ . .\n. . .\n")
    out = tmp_path / "tall.svg"
    assert main(["render", "--board", str(board), "--all", "--out", str(out)]) == 0
    _, queens = picture(out)
    assert queens and set(queens) == {3}
    fixed = [u for u in ET.parse(out).getroot().iter(f"{NS}use") if "fixed" in str(u.attrib)]
    assert len(fixed) == len(queens)  # the fixed queen on every board
    assert main(["render", "3x5", "--board", str(board), "--out", str(out)]) == 0
    assert main(["render", "5x3", "--board", str(board), "--out", str(out)]) == 2


def test_a_rectangle_png(tmp_path: Path) -> None:
    if os.environ.get("CI") != "true":
        pytest.importorskip("PIL", reason="no Pillow (pip install 'queens-toolkit[png]')")
    out = tmp_path / "wide.png"
    assert main(["render", "10x5", "--queens", "4", "--out", str(out), "--pixels", "200"]) == 0
    data = out.read_bytes()
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (200, 100)
