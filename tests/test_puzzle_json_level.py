"""The community's JSON level format ({"size": n, "colorRegions": [[...], ...]}): read as
the same grid as its text, by the library, ``queens puzzle solve`` and the page's API;
bad levels are one-line errors saying what and where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given

from puzzle_support import small_grids
from queens.cli import main
from queens.puzzle.generate import generate
from queens.puzzle.grid import Grid, GridError, parse_grid
from queens.puzzle.json_level import (
    LevelJsonError,
    json_level,
    parse_json_level,
    parse_puzzle,
)


def as_json(rows: list[str], **extra: object) -> str:
    return json.dumps({"size": len(rows), "colorRegions": [list(row) for row in rows], **extra})


@given(small_grids())
def test_json_and_text_read_as_the_same_grid(grid: Grid) -> None:
    text = str(grid)
    assert parse_json_level(as_json(grid.rows())) == parse_grid(text) == grid
    assert parse_puzzle(json.dumps(json_level(grid), indent=2)) == grid
    assert parse_puzzle(text) == grid


def test_other_labels_and_keys() -> None:
    rows = [["red", "red", "blue"], ["green", "red", "blue"], ["green", "green", "blue"]]
    level = {"size": 3, "colorRegions": rows, "regionColors": {"red": "#f00"}, "level": 7}
    assert str(parse_json_level(json.dumps(level))) == "AAB\nCAB\nCCB"
    assert parse_puzzle("\ufeff \n" + as_json(["AB", "BA"])) == parse_grid("AB\nBA")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"size": 2, "colorRegions": [["A", "B"], ["B", "A"]', "line 1, column 52: Expecting ','"),
        ("[1, 2]", "expected an object"),
        ('{"size": 2}', "no 'colorRegions'"),
        ('{"size": "8", "colorRegions": []}', 'size must be a whole number from 1 to 62, got "8"'),
        ('{"size": 99, "colorRegions": []}', "size must be a whole number from 1 to 62, got 99"),
        ('{"size": 2, "colorRegions": [["A", "B"]]}', "colorRegions has 1 rows, but size is 2"),
        ('{"size": 2, "colorRegions": [["A", "B"], ["B"]]}', "row 2 has 1 cells, but size is 2"),
        ('{"size": 2, "colorRegions": [["A", 5], ["B", "A"]]}', "row 1, cell 2: expected a region"),
        ('{"size": 2, "colorRegions": [["A", "B"], ["C", "A"]]}', 'cell 1: region "C" is the 3rd'),
        ('{"size": 2, "colorRegions": [["A", "A"], ["A", "A"]]}', "1 regions, but size 2 needs 2"),
    ],
)
def test_bad_levels_are_one_line(text: str, message: str) -> None:
    with pytest.raises(LevelJsonError) as caught:
        parse_puzzle(text)
    assert isinstance(caught.value, GridError)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith("level JSON: ")


def test_cli_solves_a_json_level_as_its_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = generate(9, 11)
    text_file, json_file = tmp_path / "grid.txt", tmp_path / "level.json"
    text_file.write_text(str(grid) + "\n")
    json_file.write_text(json.dumps(json_level(grid)))
    for fmt in ("board", "json"):
        assert main(["puzzle", "solve", str(text_file), "--format", fmt]) == 0
        from_text = capsys.readouterr()
        assert main(["puzzle", "solve", str(json_file), "--format", fmt]) == 0
        assert capsys.readouterr() == from_text
    json_file.write_text('{"size": 9, "colorRegions": [["A"]]}')
    assert main(["puzzle", "solve", str(json_file)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "queens: error: level JSON: colorRegions has 1 rows, but size is 9\n"


def test_the_page_reads_json_levels() -> None:
    from web_support import require

    require("starlette", "httpx2")
    from starlette.testclient import TestClient

    from queens.web.app import create_app

    grid = generate(8, 3)
    with TestClient(create_app(allowed_hosts={"testserver"})) as client:
        from_text = client.post("/api/puzzle/grid", json={"grid": str(grid)}).json()
        level = json.dumps(json_level(grid), indent=4)  # one cell a line: about 2,800 characters
        assert client.post("/api/puzzle/grid", json={"grid": level}).json() == from_text
        bad = client.post("/api/puzzle/grid", json={"grid": '{"size": 3}'})
        assert bad.status_code == 400
        assert bad.json()["error"] == "level JSON: no 'colorRegions' (expected " + (
            '{"size": n, "colorRegions": [["A", "B", ...], ...]})'
        )
