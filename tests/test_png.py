"""PNG pictures through Pillow (the png extra): signature, size, a clear message without it."""

from __future__ import annotations

import os
import struct
import sys

import pytest

from queens import api
from queens.show.png import MissingPillow, solutions_png
from queens.show.svg import GAP, MARGIN, SQUARE

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def need_pillow() -> None:
    """Skip without Pillow, except in CI where the png extra must be installed."""
    if os.environ.get("CI") == "true":
        import PIL  # noqa: F401  (fails the test in CI when missing)
    else:
        pytest.importorskip("PIL", reason="no Pillow (pip install 'queens-toolkit[png]')")


def dimensions(data: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk, read without Pillow."""
    assert data[:8] == SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_one_board_at_a_given_size() -> None:
    need_pillow()
    data = solutions_png(8, [[0, 4, 7, 5, 2, 6, 1, 3]], size=400)
    assert dimensions(data) == (400, 400)


def test_natural_size_with_coordinates() -> None:
    need_pillow()
    data = solutions_png(5, [[0, 2, 4, 1, 3]], coordinates=True)
    side = 5 * SQUARE + MARGIN
    assert dimensions(data) == (side, side)


def test_grid_of_solutions() -> None:
    need_pillow()
    solutions = [s.to_list() for s in api.solutions(6)]  # 4 solutions: a 2 x 2 grid
    data = solutions_png(6, solutions)
    side = 6 * SQUARE
    assert dimensions(data) == (2 * side + GAP, 2 * side + GAP)


def test_queens_are_drawn() -> None:
    need_pillow()
    from io import BytesIO

    from PIL import Image

    empty = Image.open(BytesIO(solutions_png(4, [])))
    full = Image.open(BytesIO(solutions_png(4, [[1, 3, 0, 2]])))
    # The queen's ink is near black; an empty board has none.
    assert empty.convert("L").getextrema()[0] > 60
    assert full.convert("L").getextrema()[0] < 60


def test_missing_pillow_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)  # makes "import PIL" fail
    with pytest.raises(MissingPillow, match=r"queens-toolkit\[png\]"):
        solutions_png(4, [[1, 3, 0, 2]])


def test_a_rectangle_has_its_shape_and_its_empty_row_no_queen() -> None:
    need_pillow()
    from io import BytesIO

    from PIL import Image

    from queens.board import Board

    board = Board(6, height=3, k=2)
    data = solutions_png(board, [[0, -1, 5]])
    assert dimensions(data) == (6 * SQUARE, 3 * SQUARE)
    image = Image.open(BytesIO(data)).convert("L")

    def darkest(row: int, col: int) -> int:
        box = (col * SQUARE, row * SQUARE, (col + 1) * SQUARE, (row + 1) * SQUARE)
        return int(image.crop(box).getextrema()[0])

    assert darkest(0, 0) < 60 and darkest(2, 5) < 60  # the queens
    assert all(darkest(1, col) > 60 for col in range(6))  # the empty row
    coordinates = solutions_png(board, [[0, -1, 5]] * 3, coordinates=True, size=120)
    # Three boards: two across, two down, each 120 pixels wide and as high as its shape.
    scale = 120 / (6 * SQUARE + MARGIN)
    high = 3 * SQUARE + MARGIN
    assert dimensions(coordinates) == (round(240 + GAP * scale), round((2 * high + GAP) * scale))


def test_a_large_picture_has_a_palette_and_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 26: the largest render (10,000 x 10,000) took 400 MB in RGB; with its palette, 100.
    need_pillow()
    from io import BytesIO

    from PIL import Image, ImageChops

    from queens.board import Board
    from queens.show import png

    board = Board.build(6, reserved=[(2, 2)], queens=[(0, 1)])
    solutions = [[1, 3, 5, 0, 2, 4], [1, -1, -1, -1, -1, -1]]
    drawn = Image.open(BytesIO(solutions_png(board, solutions, size=90)))
    monkeypatch.setattr(png, "RGB_PIXELS", 90 * 90)  # one board's worth: this picture is over
    paletted = Image.open(BytesIO(solutions_png(board, solutions, size=90)))
    assert (drawn.mode, paletted.mode) == ("RGB", "P")
    assert ImageChops.difference(drawn, paletted.convert("RGB")).getbbox() is None
