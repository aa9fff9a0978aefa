"""A grid read from a picture (a screenshot or a rendering): Pillow and numpy (the read
extra), imported when used.

1. The board's frame: the dark lines around it are the longest dark runs of pixels; the
   outermost rows and columns holding one nearly as long as the longest bound the board.
2. The cell count: ``size`` when given, else every n from ``MIN_N`` to
   ``MAX_N`` is tried and the one whose cells are most evenly coloured, and whose
   colours give exactly n regions, is taken.
3. Each cell's colour: the median of small patches near its edges, away from its centre
   and its top left corner, so queens, crosses and letters drawn on it are ignored.
4. The regions: neighbouring cells of the same colour (within ``SAME_COLOUR``) and no
   dark border between them are one region; there must be exactly n, lettered in reading
   order.

>>> read_grid(b"not a picture")
Traceback (most recent call last):
...
queens.puzzle.read.ReadError: not a picture Pillow can read (PNG, JPEG, ...)
"""

from __future__ import annotations

import io
import math
from typing import Any

from queens.puzzle.grid import Grid

MIN_N = 4
MAX_N = 20
"""The cell counts tried when none is given (the web page takes grids up to 20)."""

MAX_BYTES = 20_000_000
"""The largest picture file read (bytes)."""

MAX_PIXELS = 40_000_000
"""The most pixels a picture may have (checked before it is decoded)."""

WORK_PIXELS = 4_000_000
"""A larger picture is read at 1/s of its size a side (s whole, the least that brings it
under this), so that a 40-megapixel photograph takes about 310 MB, not 1.7 GB; a board
filling it keeps cells of over 100 pixels a side.  Each s x s block gives its darkest
pixel to the lines (a line one pixel wide stays) and its centre pixel to the colours."""

SAME_COLOUR = 28.0
"""The largest distance (RGB, 0-255 a channel) between the colours of two cells of one
region (the palette's colours are further apart; JPEG at quality 70 moves them less)."""

DARK = 100
"""Pixels darker than this (luminance, 0-255) are lines: the frame and region borders."""

SAMPLES = ((0.12, 0.5), (0.12, 0.85), (0.5, 0.12), (0.85, 0.12), (0.85, 0.85), (0.5, 0.88),
           (0.88, 0.5), (0.12, 0.3), (0.7, 0.12))  # fmt: skip
"""Where a cell's colour is sampled, as (x, y) fractions of the cell: near the edges, where
nothing is drawn on it but (at most) a few of them."""


class ReadError(ValueError):
    """A picture that does not give an n x n grid with n regions.

    >>> issubclass(ReadError, ValueError)
    True
    """


class MissingReader(ReadError):
    """Pillow or numpy is missing.

    >>> issubclass(MissingReader, ReadError)
    True
    """

    def __init__(self) -> None:
        super().__init__(
            "reading a picture needs Pillow and numpy: pip install 'queens-toolkit[read]'"
        )


def _pixels(data: bytes) -> tuple[Any, Any]:
    """The picture's colours (H x W x 3) and luminance (H x W), float arrays, at most about
    ``WORK_PIXELS`` of them (see there)."""
    try:
        import numpy as np  # lazy: optional extra (read)
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise MissingReader() from None
    if len(data) > MAX_BYTES:
        raise ReadError(f"the picture is over {MAX_BYTES // 1_000_000} MB")
    try:
        image = Image.open(io.BytesIO(data))
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise ReadError(f"the picture is {width} x {height}, over {MAX_PIXELS:,} pixels")
        scale = math.ceil(math.sqrt(width * height / WORK_PIXELS))
        if scale == 1:
            rgb = np.asarray(image.convert("RGB"))
            luminance = np.asarray(image.convert("L"))
        else:
            width, height = width // scale, height // scale
            box = (0, 0, width * scale, height * scale)  # whole blocks (no copy cropped)
            # Lines: each block's darkest pixel, so a line one pixel wide stays dark.
            gray = np.asarray(image.convert("L"))[: box[3], : box[2]]
            luminance = gray.reshape(height, scale, width, scale).min(axis=(1, 3))
            del gray
            # Colours: each block's centre pixel (cells are sampled away from their lines).
            nearest = image.resize((width, height), Image.Resampling.NEAREST, box=box)
            rgb = np.asarray(nearest.convert("RGB"))
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        raise ReadError("not a picture Pillow can read (PNG, JPEG, ...)") from None
    return rgb.astype(np.float32), luminance.astype(np.float32)


def _longest_runs(mask: Any) -> Any:
    """The longest run of True in each row of a 2-D boolean array."""
    import numpy as np  # lazy: optional extra (read)

    positions = np.arange(mask.shape[1])
    last_false = np.maximum.accumulate(np.where(mask, -1, positions), axis=1)
    return (positions - last_false).max(axis=1)


def _span(runs: Any) -> tuple[int, int] | None:
    """The inner span between the first and the last band of lines at least 90 % as long
    as the longest (the frame's two sides), or None."""
    import numpy as np  # lazy: optional extra (read)

    longest = runs.max()
    if longest < 16:
        return None
    long_ = np.flatnonzero(runs >= 0.9 * longest)
    first, last = int(long_[0]), int(long_[-1])
    while first + 1 <= last and runs[first + 1] >= 0.9 * longest:
        first += 1
    while last - 1 >= first and runs[last - 1] >= 0.9 * longest:
        last -= 1
    if last - first < 8:
        return None
    return first + 1, last


def _frame(luminance: Any) -> tuple[int, int, int, int]:
    """The board inside its frame: left, top, right, bottom (exclusive)."""
    dark = luminance < DARK
    rows = _span(_longest_runs(dark))
    columns = _span(_longest_runs(dark.T))
    if rows is None or columns is None:
        raise ReadError("no board found: no dark frame around a grid")
    top, bottom = rows
    left, right = columns
    width, height = right - left, bottom - top
    if abs(width - height) > 0.08 * max(width, height):
        raise ReadError(f"no square board found (the frame found is {width} x {height} pixels)")
    return left, top, right, bottom


def _cell_colours(pixels: Any, box: tuple[int, int, int, int], n: int) -> tuple[Any, float]:
    """Each cell's colour (n x n x 3) and how unevenly the cells are coloured (the mean
    spread of a cell's samples around its colour)."""
    import numpy as np  # lazy: optional extra (read)

    left, top, right, bottom = box
    side_x, side_y = (right - left) / n, (bottom - top) / n
    half = max(1, int(min(side_x, side_y) * 0.04))
    offsets = np.arange(-half, half + 1)
    lines = np.arange(n)
    samples = []
    for fx, fy in SAMPLES:
        ys = (top + (lines + fy) * side_y).astype(int)[:, None] + offsets  # n x k
        xs = (left + (lines + fx) * side_x).astype(int)[:, None] + offsets
        patch = pixels[ys[:, None, :, None], xs[None, :, None, :]]  # n x n x k x k x 3
        samples.append(np.median(patch.reshape(n, n, -1, 3), axis=2))
    patches = np.stack(samples, axis=2)  # n x n x samples x 3
    colours = np.median(patches, axis=2)
    spread = np.linalg.norm(patches - colours[:, :, None, :], axis=3)
    return colours, float(np.median(spread, axis=2).mean())


def _border(luminance: Any, box: tuple[int, int, int, int], n: int, a: tuple[int, int],
            b: tuple[int, int]) -> bool:  # fmt: skip
    """Whether a dark line runs along most of the edge between neighbouring cells a, b."""
    import numpy as np  # lazy: optional extra (read)

    left, top, right, bottom = box
    side_x, side_y = (right - left) / n, (bottom - top) / n
    darks = 0
    for along in (0.2, 0.35, 0.5, 0.65, 0.8):
        if a[0] == b[0]:  # side by side: the edge is vertical
            edge = left + (a[1] + 1) * side_x
            at = int(top + (a[0] + along) * side_y)
            lo, hi = int(edge - 0.03 * side_x), int(edge + 0.03 * side_x) + 1
            line = luminance[at, lo:hi]
        else:
            edge = top + (a[0] + 1) * side_y
            at = int(left + (a[1] + along) * side_x)
            lo, hi = int(edge - 0.03 * side_y), int(edge + 0.03 * side_y) + 1
            line = luminance[lo:hi, at]
        darks += bool(np.min(line) < DARK) if line.size else 0
    return darks >= 4


def _regions(
    luminance: Any, box: tuple[int, int, int, int], n: int, colours: Any
) -> list[list[int]]:
    """Cells joined into regions: same colour and no border between them."""
    import numpy as np  # lazy: optional extra (read)

    parent = list(range(n * n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for row in range(n):
        for col in range(n):
            for other in ((row, col + 1), (row + 1, col)):
                if other[0] >= n or other[1] >= n:
                    continue
                distance = float(np.linalg.norm(colours[row, col] - colours[other]))
                if distance <= SAME_COLOUR and not _border(luminance, box, n, (row, col), other):
                    parent[find(row * n + col)] = find(other[0] * n + other[1])
    return [[find(row * n + col) for col in range(n)] for row in range(n)]


def read_grid(data: bytes, size: int | None = None) -> Grid:
    """The grid of a picture (PNG, JPEG, ... bytes); ``size``: its cells a side, else found.

    Raises ``ReadError`` (one line) when the picture does not give an n x n grid
    with n regions.

    >>> try:
    ...     read_grid(b'not a picture')
    ... except ReadError as error:
    ...     print("not read:", isinstance(error, ReadError))
    not read: True
    """
    pixels, luminance = _pixels(data)
    box = _frame(luminance)
    sizes = [size] if size is not None else list(range(MIN_N, MAX_N + 1))
    least = min(box[2] - box[0], box[3] - box[1])
    fits = []
    for n in sizes:
        if least / n >= 8:
            colours, spread = _cell_colours(pixels, box, n)
            fits.append((spread, n, colours))
    best: tuple[float, int, list[list[int]]] | None = None
    for spread, n, colours in sorted(fits, key=lambda fit: (fit[0], fit[1])):
        regions = _regions(luminance, box, n, colours)
        if len({g for row in regions for g in row}) == n:
            best = (spread, n, regions)
            break
    if best is None:
        if size is not None:
            raise ReadError(f"the picture's {size} x {size} cells do not make {size} regions")
        raise ReadError(
            f"no n x n grid with n regions found (n from {MIN_N} to {MAX_N}; --size N says n)"
        )
    return Grid.from_regions(best[2])


__all__ = [
    "MAX_N",
    "MIN_N",
    "MissingReader",
    "ReadError",
    "read_grid",
]
