"""Pictures of a grid: SVG (regions coloured and lettered, queens), PNG, the terminal board."""

from __future__ import annotations

import os
import struct
import xml.etree.ElementTree as ET

import pytest

from queens.puzzle.grid import parse_grid
from queens.show.puzzle import PALETTE, ansi_puzzle, puzzle_png, puzzle_svg, region_color

GRID = parse_grid("AAAB\nCAAB\nCCDB\nCCDD")
SOLUTION = [1, 3, 0, 2]


def test_svg_colours_letters_and_queens() -> None:
    root = ET.fromstring(puzzle_svg(GRID, SOLUTION, size=200))
    assert root.get("width") == "200"
    ns = "{http://www.w3.org/2000/svg}"
    cells = [e for e in root.iter(f"{ns}rect") if e.get("class") == "cell"]
    assert [c.get("fill") for c in cells] == [region_color(g) for g in GRID.cells]
    letters = [t.text for t in root.iter(f"{ns}text")]
    assert letters == [GRID.names[g] for g in GRID.cells]
    assert len(list(root.iter(f"{ns}use"))) == 4
    assert len(list(root.iter(f"{ns}path"))) == 1  # the region borders
    assert len(list(ET.fromstring(puzzle_svg(GRID)).iter(f"{ns}use"))) == 0


def test_palette_distinct() -> None:
    assert len(set(PALETTE)) == len(PALETTE) >= 10


def test_png() -> None:
    if os.environ.get("CI") == "true":
        import PIL  # noqa: F401
    else:
        pytest.importorskip("PIL", reason="no Pillow (pip install 'queens-toolkit[png]')")
    data = puzzle_png(GRID, SOLUTION, size=180)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (184, 184)


def test_terminal_board() -> None:
    text = ansi_puzzle(GRID, SOLUTION)
    assert text.count("♛") == 4 and "\x1b[" in text
    assert "A" in text and "D" in text
