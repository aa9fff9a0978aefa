"""Board pictures as PNG, drawn with Pillow (the optional ``png`` extra).

The same picture as ``queens.show.svg`` (same colours, same queen, same
grid), drawn directly with Pillow's ImageDraw since Pillow cannot read SVG.
Pillow is imported inside ``solutions_png``; without it a
``MissingPillow`` error says how to install it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from queens.board import Board, Size
from queens.show.svg import (
    MARGIN,
    QUEEN_BALL_RADIUS,
    QUEEN_BALLS,
    QUEEN_BASE,
    QUEEN_CROWN,
    SQUARE,
    Layout,
    picture_size,
    placed_squares,
)

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

Columns = Sequence[int]

RGB_PIXELS = 25_000_000
"""The largest picture drawn in RGB, which Pillow keeps in 4 bytes a pixel (100 MB here).
Larger ones, up to ``queens.cli.render``'s 10,000 x 10,000, are drawn with a palette of
their few colours, 1 byte a pixel (100 MB, not 400): the same pixels, but for the
coordinates' digits, which Pillow draws without anti-aliasing on a palette."""


class MissingPillow(ImportError):
    """PNG output needs Pillow, which is not installed."""

    def __init__(self) -> None:
        super().__init__(
            "PNG pictures need Pillow: pip install 'queens-toolkit[png]' (or write .svg instead)"
        )


def _queen(
    draw: ImageDraw.ImageDraw, x: float, y: float, side: float, fill: str, line: str
) -> None:
    """The queen of the SVG picture (a 100 x 100 design) in a ``side``-pixel square."""
    k = side / 100

    def at(px: float, py: float) -> tuple[float, float]:
        return x + px * k, y + py * k

    width = max(1, round(3 * k))
    draw.polygon([at(px, py) for px, py in QUEEN_CROWN], fill=fill, outline=line, width=width)
    r = QUEEN_BALL_RADIUS
    for bx, by in QUEEN_BALLS:
        draw.ellipse([at(bx - r, by - r), at(bx + r, by + r)], fill=fill, outline=line, width=width)
    left, top, right, bottom = QUEEN_BASE
    draw.rectangle([at(left, top), at(right, bottom)], fill=fill, outline=line, width=width)


# The arguments of queens.show.svg.solutions_svg, name for name, on purpose: the same picture.
def solutions_png(
    board: Board | int,
    solutions: Sequence[Columns],
    *,
    size: int | None = None,
    coordinates: bool = False,
    per_row: int | None = None,
    colors: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of the picture ``queens.show.svg.solutions_svg`` draws.

    ``size`` is the pixel width of one board (default: 45 pixels a square).
    """
    try:
        from PIL import Image, ImageDraw, ImageFont  # lazy: optional extra (png)
    except ImportError:
        raise MissingPillow() from None
    layout = Layout.of(board, solutions, size, coordinates, per_row, colors)
    board, palette, scale = layout.board, layout.palette, layout.scale
    count = len(layout.placements)
    width, height = picture_size(board.size, count, size, coordinates, per_row)
    mode = "RGB" if width * height <= RGB_PIXELS else "P"
    image = Image.new(mode, (width, height), palette["background"])
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, round(13 * scale)))
    square = SQUARE * scale
    for index, columns in enumerate(layout.placements):
        x, y = layout.origin(index)
        ox, oy = x * scale, y * scale
        if coordinates:
            _coordinates(draw, (ox, oy), board.size, scale, font, palette["coordinates"])
            ox += MARGIN * scale
            oy += MARGIN * scale
        _board(draw, (ox, oy), square, board, columns, palette)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _coordinates(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    size: Size,
    scale: float,
    font: ImageFont.ImageFont | ImageFont.FreeTypeFont,
    color: str,
) -> None:
    """Row numbers down the left margin and column numbers along the top one."""
    ox, oy = origin
    half = MARGIN * scale / 2
    width, height = size
    for i in range(max(width, height)):
        middle = (MARGIN + (i + 0.5) * SQUARE) * scale
        label = str(i + 1)
        if i < height:
            draw.text((ox + half, oy + middle), label, fill=color, font=font, anchor="mm")
        if i < width:
            draw.text((ox + middle, oy + half), label, fill=color, font=font, anchor="mm")


def _board(
    draw: ImageDraw.ImageDraw,
    origin: tuple[float, float],
    square: float,
    board: Board,
    columns: Columns | None,
    palette: Mapping[str, str],
) -> None:
    """One board's squares (reserved ones struck through) and queens, from its top left corner."""
    ox, oy = origin
    queens = set(board.queens) | placed_squares(columns)
    for row in range(board.height):
        for col in range(board.width):
            x, y = ox + col * square, oy + row * square
            box = [x, y, x + square, y + square]
            if (row, col) in board.reserved:
                draw.rectangle(box, fill=palette["reserved"])
                draw.line([x, y + square, x + square, y], fill=palette["light"], width=2)
            else:
                shade = "light" if (row + col) % 2 == 0 else "dark"
                draw.rectangle(box, fill=palette[shade])
            if (row, col) in queens:
                fill = palette["fixed queen" if (row, col) in board.queens else "queen"]
                _queen(draw, x, y, square, fill, palette["queen outline"])
