"""A grid read from a picture (a screenshot, a photograph of a screen, a rendering): Pillow
and numpy (the read extra), imported when used.

Nothing here is an absolute threshold on darkness: every decision is made against the
picture's own contrast and noise.

1. The picture is decoded at a reduced scale when big (``WORK_PIXELS``; JPEG in its
   decoder's draft mode), after its width and height are checked (``MAX_SIDE``,
   ``MAX_PIXELS``), and turned into CIELAB.
2. Its edges (the colour difference between neighbouring pixels) give the tilt: the small
   rotation (within ``MAX_TILT`` degrees) whose projections of the edges are sharpest,
   which is undone.
3. The board's lines: the projections of the edges that run on for nearly half a cell
   (not the strokes of glyphs) hold a comb of evenly spaced teeth (the cell lines, or
   the colour changes between cells); its spacing comes from their autocorrelation (both
   ways added: the cells are square), its ends are two strong lines with the teeth
   between them found or (a few) missing and no line a cell beyond (a part of a board is
   not a board). The two directions must give the same n and square cells; the picture
   is searched again across the board's extent alone.
4. Each cell's colour: the densest colour among samples on a ring inside it (a queen, a
   cross, a letter or a number drawn on it covers less than half of them).
5. The regions: cells of one colour (within a distance set by the picture's own noise,
   in CIELAB) and no border line between them are one piece; a border is told from a
   grid line by its colour (when the lines between different colours have another
   colour than the others) or by its weight (Otsu's split). Pieces of one colour that do
   not touch may be one region in pieces or, when a palette repeats, regions of their
   own: every way of making n regions of them is tried, and exactly one may have a
   solution.
6. The check: n x n cells in exactly n regions, every cell in one, ``size`` agreeing when
   given, and at least one solution (with ``stars`` in every row, column and region).
   Anything else is a ``ReadError`` saying what was uncertain: a misread is never
   returned as a grid.

>>> read_grid(b"not a picture")
Traceback (most recent call last):
...
queens.puzzle.read.BadPicture: not a picture Pillow can read (PNG, JPEG, ...)
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Any

from queens.puzzle.grid import Grid

MIN_N = 4
MAX_N = 20
"""The cell counts read (the web page takes grids up to 20)."""

MAX_BYTES = 20_000_000
"""The largest picture file read (bytes)."""

MAX_SIDE = 10_000
"""The widest and tallest picture read (pixels; checked before it is decoded)."""

MAX_PIXELS = 40_000_000
"""The most pixels a picture may have (checked before it is decoded)."""

WORK_PIXELS = 1_300_000
"""A larger picture is read at 1/s of its size a side (s whole, the least that brings it
under this; a box average, so a line one pixel wide stays, fainter): a 40-megapixel
picture then takes about 200 MB and a board filling it still has cells of 50 pixels."""

MAX_TILT = 3.0
"""The largest rotation undone (degrees either way)."""

MIN_CELL = 7
"""The fewest pixels a cell side may have at the working scale."""

CLIP = 60
"""The most a pixel boundary's colour change counts (0-255, the channels' mean)."""


class ReadError(ValueError):
    """A picture that does not give a checked grid (exit 1: the read is uncertain).

    >>> from PIL import Image
    >>> blank = io.BytesIO()
    >>> Image.new("RGB", (300, 300), "white").save(blank, format="PNG")
    >>> read_picture(blank.getvalue()).error
    ReadError('no board found: no evenly spaced lines of cells')
    """


class BadPicture(ReadError):
    """Not a picture that can be read at all: not decodable, or over the limits (exit 2).

    >>> read_picture(b"not a picture")
    Traceback (most recent call last):
    queens.puzzle.read.BadPicture: not a picture Pillow can read (PNG, JPEG, ...)
    """


class MissingReader(BadPicture):
    """Pillow or numpy is missing.

    >>> print(MissingReader())
    reading a picture needs Pillow and numpy: pip install 'queens-toolkit[read]'
    """

    def __init__(self) -> None:
        super().__init__(
            "reading a picture needs Pillow and numpy: pip install 'queens-toolkit[read]'"
        )


@dataclass
class Reading:
    """What was found in a picture, as far as it got: the working picture (deskewed), its
    tilt, the cell lines, each cell's region, the grid and the marks, and the error.

    >>> from queens.puzzle.generate import generate
    >>> from queens.show.puzzle import puzzle_png
    >>> GRID = generate(6, 2)
    >>> reading = read_picture(puzzle_png(GRID, None, size=300))
    >>> reading.grid == GRID, reading.error, len(reading.xs), reading.marks[:6]
    (True, None, 7, '......')
    """

    image: Any = None
    tilt: float = 0.0
    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)
    regions: list[list[int]] | None = None
    grid: Grid | None = None
    marks: str | None = None
    error: ReadError | None = None

    def debug_png(self) -> bytes:
        """The working picture (turned upright) with the cell lines found (magenta), each
        cell's region letter in its lower right corner (or its colour group's number when
        no grid was read), and the verdict along the bottom.

        >>> from PIL import Image
        >>> from queens.puzzle.generate import generate
        >>> from queens.show.puzzle import puzzle_png
        >>> reading = read_picture(puzzle_png(generate(6, 2), None, size=300))
        >>> Image.open(io.BytesIO(reading.debug_png())).format
        'PNG'
        """
        from PIL import Image, ImageDraw, ImageFont  # lazy: optional extra (read)

        image = (self.image or Image.new("RGB", (200, 200), "white")).convert("RGB")
        scale = max(1, math.ceil(600 / max(image.size)))
        canvas = Image.new("RGB", (image.width * scale, (image.height + 24) * scale), "white")
        canvas.paste(image.resize((image.width * scale, image.height * scale)))
        image = canvas
        draw = ImageDraw.Draw(image)
        xs, ys = [x * scale for x in self.xs], [y * scale for y in self.ys]
        if xs and ys:
            for x in xs:
                draw.line([x, ys[0], x, ys[-1]], fill="#ff00ff", width=max(1, scale))
            for y in ys:
                draw.line([xs[0], y, xs[-1], y], fill="#ff00ff", width=max(1, scale))
        if self.regions is not None and len(xs) == len(self.regions) + 1:
            self._label(draw, xs, ys)
        font = ImageFont.load_default(size=14 * scale)
        bottom = image.height - 24 * scale
        draw.rectangle([0, bottom, image.width, image.height], fill="white")
        verdict = "read: " + ("ok" if self.error is None else str(self.error))
        draw.text((4, bottom + 4 * scale), verdict, fill="#b000b0", font=font)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def _label(self, draw: Any, xs: list[float], ys: list[float]) -> None:
        from PIL import ImageFont  # lazy: optional extra (read)

        assert self.regions is not None
        side = xs[1] - xs[0]
        font = ImageFont.load_default(size=max(8, round(side * 0.3)))
        for row, line in enumerate(self.regions):
            for col, region in enumerate(line):
                label = self.grid.name(row, col) if self.grid else str(region)
                spot = (xs[col] + side * 0.8, ys[row] + side * 0.8)
                draw.text(spot, label, fill="#b000b0", font=font, anchor="mm", stroke_width=2,
                          stroke_fill="white")  # fmt: skip


def _modules() -> tuple[Any, Any]:
    try:
        import numpy as np  # lazy: optional extra (read)
        from PIL import Image  # lazy: optional extra (read)
    except ImportError:
        raise MissingReader() from None
    return np, Image


def _decode(data: bytes) -> Any:
    """The picture as an RGB Pillow image of at most about ``WORK_PIXELS``."""
    _, Image = _modules()
    if len(data) > MAX_BYTES:
        raise BadPicture(f"the picture is over {MAX_BYTES // 1_000_000} MB")
    try:
        image = Image.open(io.BytesIO(data))
        width, height = image.size
        if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
            raise BadPicture(
                f"the picture is {width} x {height} pixels, over {MAX_SIDE:,} a side "
                f"or {MAX_PIXELS:,} in all"
            )
        scale = math.ceil(math.sqrt(width * height / WORK_PIXELS))
        if scale > 1 and image.format == "JPEG":  # decoded at 1/2, 1/4 or 1/8 directly
            image.draft("RGB", (width // scale, height // scale))
        image = image.convert("RGB")
        scale = math.ceil(math.sqrt(image.width * image.height / WORK_PIXELS))
        if scale > 1:
            image = image.reduce(scale)
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as error:
        if isinstance(error, BadPicture):
            raise
        raise BadPicture("not a picture Pillow can read (PNG, JPEG, ...)") from None
    if min(image.size) < 4 * MIN_CELL:
        raise ReadError(f"no board found: the picture is only {width} x {height} pixels")
    return image


def _lab_of(rgb: Any) -> Any:
    """CIELAB (D65) of sRGB colours (any shape ending in 3, 0-255), float32."""
    np, _ = _modules()
    level = np.arange(256, dtype=np.float64) / 255
    linear = np.where(level <= 0.04045, level / 12.92, ((level + 0.055) / 1.055) ** 2.4)
    table = linear.astype(np.float32)
    rgb = np.asarray(rgb, dtype=np.uint8)
    r, g, b = table[rgb[..., 0]], table[rgb[..., 1]], table[rgb[..., 2]]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: Any) -> Any:
        return np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)

    fx, fy, fz = f(x), f(y), f(z)
    return np.stack([116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)], axis=-1).astype(np.float32)


class _Lab:
    """A picture's CIELAB colours, converted only where sampled (the cells and the bands
    across their edges are a small part of the picture)."""

    def __init__(self, rgb: Any) -> None:
        self.rgb = rgb
        self.shape = rgb.shape

    def __getitem__(self, key: Any) -> Any:
        return _lab_of(self.rgb[key])


def _edges(rgb: Any) -> tuple[Any, Any]:
    """The colour change across each vertical (H x W-1) and horizontal (H-1 x W) pixel
    boundary: the mean of the three channels' differences (0-255), clipped so that black
    ink does not outweigh the colour changes between pastel cells."""
    np, _ = _modules()
    pixels = rgb.astype(np.int16)
    across = np.abs(np.diff(pixels, axis=1)).sum(axis=2, dtype=np.int16)
    down = np.abs(np.diff(pixels, axis=0)).sum(axis=2, dtype=np.int16)
    del pixels
    limit = np.int16(3 * CLIP)
    return (np.minimum(across, limit).astype(np.float32) / 3,
            np.minimum(down, limit).astype(np.float32) / 3)  # fmt: skip


def _sharpness(edges: Any, slope: float, vertical: bool) -> float:
    """How peaked the projection of ``edges`` is along lines of the given slope."""
    np, _ = _modules()
    if not vertical:
        edges = edges.T
    height, width = edges.shape
    rows = np.arange(height, dtype=np.float32)[:, None]
    shifted = np.rint(np.arange(width)[None, :] + rows * slope).astype(np.int64)
    shifted -= shifted.min()
    profile = np.bincount(shifted.ravel(), weights=edges.ravel())
    return float((profile**2).sum())


def _tilt(across: Any, down: Any) -> float:
    """The picture's rotation in degrees (within ``MAX_TILT``): the one whose projections
    of the edges are sharpest (coarse steps, then finer around the best)."""
    np, _ = _modules()
    # Every other row along the lines, and pairs of pixels across them summed: a line one
    # pixel wide stays, and the search takes a quarter of the time.
    step = max(1, round(max(across.shape) / 350))
    a = across[::step, : across.shape[1] // step * step]
    a = a.reshape(a.shape[0], -1, step).sum(axis=2)
    d = down[: down.shape[0] // step * step, ::step]
    d = d.reshape(-1, step, d.shape[1]).sum(axis=1)

    def score(degrees: float) -> float:
        slope = math.tan(math.radians(degrees))
        return _sharpness(a, slope, True) + _sharpness(d, -slope, False)

    coarse = max(np.arange(-MAX_TILT, MAX_TILT + 0.01, 0.5), key=score)
    fine = [coarse + t for t in (-0.2, -0.1, 0.1, 0.2) if abs(coarse + t) <= MAX_TILT + 1e-9]
    return float(max([coarse, *fine], key=score))


def _window_sum(values: Any, width: int) -> Any:
    """The sum of ``values`` over a window of ``width`` centred on each position."""
    np, _ = _modules()
    kernel = np.ones(max(1, width), dtype=np.float64)
    return np.convolve(values, kernel, mode="same")


def _runs(edges: Any, length: int, noise: float) -> Any:
    """The edges (over the picture's own noise) that belong to a run of at least
    ``length`` along axis 0, the pieces of lines, not of letters (the others 0)."""
    np, _ = _modules()
    on = edges > noise
    if length <= 1:
        return np.where(on, edges, np.float32(0))
    total = np.cumsum(np.pad(on, ((1, 0), (0, 0))).astype(np.int32), axis=0)
    full = (total[length:] - total[:-length]) == length  # windows entirely on
    # Each full window marks its pixels: a run's pixels are those some full window covers.
    marks = np.cumsum(np.pad(full, ((1, 0), (0, 0))).astype(np.int32), axis=0)
    height = on.shape[0]
    index = np.arange(height)
    lo = np.clip(index - length + 1, 0, full.shape[0])
    hi = np.clip(index + 1, 0, full.shape[0])
    covered = (marks[hi] - marks[lo]) > 0
    return np.where(covered & on, edges, np.float32(0))


def _correlation(profile: Any, largest: int) -> Any:
    """The autocorrelation of ``profile`` (its slow changes taken out) up to ``largest``,
    as a share of its value at lag 0."""
    np, _ = _modules()
    window = min(len(profile) - 1, largest) | 1
    centred = profile - _window_sum(profile, window) / window
    size = 1 << (2 * len(centred) - 1).bit_length()
    spectrum = np.fft.rfft(centred, size)
    correlation = np.fft.irfft(spectrum * np.conj(spectrum), size)[: largest + 2]
    if len(correlation) < largest + 2:
        correlation = np.pad(correlation, (0, largest + 2 - len(correlation)))
    return correlation / correlation[0] if correlation[0] > 0 else correlation * 0


def _pitch(across: Any, down: Any) -> int | None:
    """The cells' side: the smallest lag whose autocorrelation, of the projections of the
    edges both ways added (square cells: one spacing), is nearly the best's (a comb
    correlates at its spacing and at every multiple)."""
    columns = across.sum(axis=0)
    rows = down.sum(axis=1)
    largest = min(len(columns), len(rows)) // MIN_N
    if largest <= MIN_CELL:
        return None
    correlation = _correlation(columns, 2 * largest + 2) + _correlation(rows, 2 * largest + 2)
    peaks = [
        lag
        for lag in range(MIN_CELL, largest + 1)
        if correlation[lag] > 0
        and correlation[lag] >= correlation[lag - 1]
        and correlation[lag] >= correlation[lag + 1]
        # a comb correlates at twice its spacing too (the two edges of a thick line
        # correlate at its width only)
        and correlation[2 * lag - 1 : 2 * lag + 2].max() >= 0.3 * correlation[lag]
    ]
    if not peaks:
        return None
    best = max(correlation[p] for p in peaks)
    return next(lag for lag in peaks if correlation[lag] >= 0.6 * best)


@dataclass
class _Comb:
    """Lines at ``start + k * pitch`` for k = 0..n; ``strength``: lines found less lines
    missing; ``weight``: the mean line's share of the strongest line (a missing one 0);
    ``closed``: no line a cell beyond either end (else it may be part of a board)."""

    start: float
    pitch: float
    n: int
    strength: float
    weight: float = 0.0
    closed: bool = True


def _comb(count: Any, heavy: Any, pitch: float) -> dict[int, _Comb]:
    """The evenly spaced teeth (lines) of ``count`` (how many pixels of a line there are
    at each position) that make the board: between two strong teeth (the board's sides,
    where the page meets the board, are full lines), n cells of about ``pitch`` (within
    a third), each line between them found (a tooth within a tenth of a cell) or missing
    (a column boundary where no colour changes); no three in a row missing and at most
    half of them. For each n, the closed pair (no line a cell beyond either end) with the
    most lines found less those missing, else one open at one end. ``heavy`` (the lines' pixels
    weighed by their contrast) places each line: the middle of a thick dark line, not a
    faint edge beside it."""
    np, _ = _modules()
    width = max(3, round(pitch * 0.15) | 1)
    pad = width + 1  # a line at the picture's edge still makes a peak
    smooth = _window_sum(np.pad(count, pad), width)
    padded = np.pad(heavy, pad)
    weighed = _window_sum(padded, width)
    top = float(smooth.max())
    if top <= 0:
        return {}
    inner = smooth[1:-1]
    is_peak = (inner >= smooth[:-2]) & (inner > smooth[2:]) & (inner >= 0.12 * top)
    peaks = np.flatnonzero(is_peak) + 1
    strong: list[int] = []
    for p in (int(p) for p in peaks if smooth[p] >= 0.4 * top):  # one a line (two edges)
        if strong and p - strong[-1] < pitch * 0.3:
            if weighed[p] > weighed[strong[-1]]:
                strong[-1] = p
            continue
        strong.append(p)
    if len(strong) > 40:
        strong = sorted(sorted(strong, key=lambda p: -smooth[p])[:40])
    reach = max(2, round(pitch * 0.15))
    ends = [_centroid(padded, p, reach) for p in strong]  # a thick line's middle
    # For every position, the nearest peak and how far it is (a tooth is looked up, not
    # searched for).
    positions = np.arange(len(smooth))
    after = np.searchsorted(peaks, positions).clip(1, len(peaks) - 1) if len(peaks) > 1 else None
    if after is None:
        return {}
    before = after - 1
    closer_before = np.abs(peaks[before] - positions) <= np.abs(peaks[after] - positions)
    nearest = np.where(closer_before, peaks[before], peaks[after])
    distance = np.abs(nearest - positions)
    best: dict[int, _Comb] = {}
    far = distance.tolist()  # scalar look-ups, for the quick test below
    size = len(far)

    def goes_on(at: float, slack: int) -> bool:  # a line a cell beyond an end
        spot = round(at)
        return 0 <= spot < size and far[spot] <= slack

    for i, first in enumerate(ends):
        for last in ends[i + 1 :]:
            span = last - first
            guess = round(span / pitch)  # and its neighbours: the pitch is a guess
            for n in (guess - 1, guess, guess + 1):
                if not (MIN_N <= n <= MAX_N and abs(span / n - pitch) <= pitch / 3):
                    continue
                step = span / n
                slack = max(2, round(step * 0.1))
                before, beyond = goes_on(first - step, slack), goes_on(last + step, slack)
                closed = not before and not beyond
                if (before and beyond) or (not closed and n in best and best[n].closed):
                    continue  # lines go on both ways: inside a board
                comb = _teeth(first, last, n, nearest, distance, smooth, padded)
                if comb is None:
                    continue
                comb = _Comb(comb.start - pad, comb.pitch, n, comb.strength, comb.weight / top,
                             closed)  # fmt: skip
                if n not in best or (closed, comb.strength) > (best[n].closed, best[n].strength):
                    best[n] = comb
    return best


def _teeth(first: float, last: float, n: int, nearest: Any, distance: Any, smooth: Any,
           padded: Any) -> _Comb | None:  # fmt: skip
    """The comb of n cells from tooth ``first`` to tooth ``last`` (see ``_comb``), or None."""
    np, _ = _modules()
    step = (last - first) / n
    slack = max(2, round(step * 0.1))
    reach = max(2, round(step * 0.15))
    size = len(smooth)
    expect = np.rint(first + step * np.arange(-1, n + 2)).astype(np.int64)
    inside = (expect >= 0) & (expect < size)
    at = expect.clip(0, size - 1)
    hit = inside & (distance[at] <= slack)
    middle = hit[2:-2]
    missing = int((~middle).sum())
    if missing > (n - 1) / 2 or _longest_false(middle) > 2:
        return None
    numbers = np.flatnonzero(hit[1:-1]).astype(np.float64)
    if len(numbers) < 3:
        return None  # too few lines to fit
    teeth = nearest[at[1:-1][hit[1:-1]]]
    centres = _centroids(padded, teeth, reach)
    fit_step, offset = np.polyfit(numbers, centres, 1)
    if np.abs(offset + fit_step * numbers - centres).max() > max(2.5, 0.12 * step):
        return None  # not evenly spaced after all
    weight = float(smooth[teeth].sum()) / (n + 1)
    return _Comb(float(offset), float(fit_step), n, float(len(teeth) - missing), weight)


def _longest_false(flags: Any) -> int:
    longest = run = 0
    for flag in flags:
        run = 0 if flag else run + 1
        longest = max(longest, run)
    return longest


def _centroids(profile: Any, teeth: Any, reach: int) -> Any:
    """``_centroid`` of each of ``teeth`` (whole positions) at once."""
    np, _ = _modules()
    spots = (teeth[:, None] + np.arange(-reach, reach + 1)).clip(0, len(profile) - 1)
    weights = profile[spots]
    total = weights.sum(axis=1)
    safe = np.where(total > 0, total, 1.0)
    return np.where(total > 0, (spots * weights).sum(axis=1) / safe, teeth)


def _centroid(profile: Any, at: float, reach: int) -> float:
    """The middle of the line near ``at``: the profile's centroid within ``reach`` (the
    two edges of a thick line, not the one the smoothing happened to peak on)."""
    np, _ = _modules()
    lo, hi = max(0, round(at) - reach), min(len(profile), round(at) + reach + 1)
    weights = profile[lo:hi]
    total = float(weights.sum())
    return at if total <= 0 else float((np.arange(lo, hi) * weights).sum() / total)


def _axis(lines: Any, span: tuple[int, int] | None, pitch: float, halves: bool = False
          ) -> dict[int, _Comb]:  # fmt: skip
    """The combs of the lines along axis 0 of ``lines`` (the edges in long runs, see
    ``_runs``), by n, counting only the rows of ``span`` (the board's extent the other
    way, when known); ``halves``: combs of half ``pitch`` too (the autocorrelation may
    have found two cells' side)."""
    np, _ = _modules()
    part = lines if span is None else lines[span[0] : span[1]]
    count = (part > 0).sum(axis=0).astype(np.float64)
    heavy = part.sum(axis=0, dtype=np.float64)
    combs = _comb(count, heavy, pitch)
    if halves:
        for n, comb in _comb(count, heavy, pitch / 2).items():
            if n not in combs or comb.strength > combs[n].strength:
                combs[n] = comb
    return combs


@dataclass
class _Lines:
    xs: list[float]
    ys: list[float]


def _square(columns: dict[int, _Comb], rows: dict[int, _Comb]) -> tuple[_Comb, _Comb] | None:
    """The combs that agree (as many columns as rows, of the same pitch, closed at least
    one way: a line a cell beyond a board happens, beyond both ways it is a part of a
    board) of most cells, unless they are those of half as many cells with light lines
    through the middle of the cells."""
    agreeing = [
        (n, columns[n], rows[n])
        for n in set(columns) & set(rows)
        if MIN_N <= n <= MAX_N
        and _same_pitch(columns[n], rows[n])
        and (columns[n].closed or rows[n].closed)
    ]
    if not agreeing:
        return None
    combs = {n: (x, y) for n, x, y in agreeing}
    n = max(combs)
    while n % 2 == 0 and n // 2 in combs and _nested(combs[n], combs[n // 2]):
        n //= 2
    return combs[n]


def _nested(fine: tuple[_Comb, _Comb], coarse: tuple[_Comb, _Comb]) -> bool:
    """Whether the ``fine`` combs are the ``coarse`` ones with a light line through the
    middle of each cell (the strokes of glyphs, at half the pitch): the same board, and
    the lines on average much lighter."""
    for a, b in zip(fine, coarse, strict=True):
        if abs(a.start - b.start) > 0.25 * b.pitch or abs(2 * a.pitch - b.pitch) > 0.06 * b.pitch:
            return False
    return min(fine[0].weight, fine[1].weight) < 0.7 * min(coarse[0].weight, coarse[1].weight)


def _same_pitch(columns: _Comb, rows: _Comb) -> bool:
    """Whether the cells are square (their sides within 6 %)."""
    return abs(columns.pitch - rows.pitch) <= 0.06 * max(columns.pitch, rows.pitch)


def _lines(across: Any, down: Any, noise: float) -> _Lines:
    """The board's cell lines: x of each vertical line, y of each horizontal one. Only the
    edges in runs of nearly half a cell count (not the strokes of glyphs)."""
    pitch = _pitch(across, down)
    if pitch is None:
        raise ReadError("no board found: no evenly spaced lines of cells")
    length = max(2, round(pitch * 0.45))
    upright, level = _runs(across, length, noise), _runs(down.T, length, noise)
    columns = _axis(upright, None, pitch, halves=True)
    rows = _axis(level, None, pitch, halves=True)
    if not columns or not rows:
        raise ReadError("no board found: no evenly spaced lines of cells")
    found = _square(columns, rows)
    if found is None:
        raise ReadError(
            f"no square grid found: {max(columns)} columns of cells but {max(rows)} rows"
        )
    # Again, each way counting the board's extent the other way only.
    x, y = found
    span_y = (max(0, int(y.start)), int(y.start + y.n * y.pitch) + 2)
    span_x = (max(0, int(x.start)), int(x.start + x.n * x.pitch) + 2)
    again = _square(_axis(upright, span_y, x.pitch), _axis(level, span_x, y.pitch))
    x, y = found if again is None else again
    n = x.n
    if not MIN_N <= n <= MAX_N:
        raise ReadError(f"the grid found is {n} x {n}, not {MIN_N} to {MAX_N} cells a side")
    if min(x.pitch, y.pitch) < MIN_CELL:
        raise ReadError("no board found: the cells found are too small")
    xs = [x.start + k * x.pitch + 0.5 for k in range(n + 1)]
    ys = [y.start + k * y.pitch + 0.5 for k in range(n + 1)]
    return _Lines(xs, ys)


RING = (0.14, 0.2, 0.26, 0.74, 0.8, 0.86)
"""Where a cell is sampled, as fractions of its side: a ring of points inside its edges
(clear of the lines) and around its centre (where queens and crosses are drawn)."""


def _cell_samples(lab: Any, lines: _Lines, fractions: Any) -> Any:
    """The colours at ``fractions`` x ``fractions`` points of every cell (n x n x k x 3),
    the points where both fractions are inside the middle third left out when
    ``fractions`` is the ring."""
    np, _ = _modules()
    xs, ys = np.array(lines.xs), np.array(lines.ys)
    fx = (xs[:-1, None] + np.outer(np.diff(xs), fractions)).astype(np.int64)  # n x f
    fy = (ys[:-1, None] + np.outer(np.diff(ys), fractions)).astype(np.int64)
    fx = np.clip(fx, 0, lab.shape[1] - 1)
    fy = np.clip(fy, 0, lab.shape[0] - 1)
    n = fx.shape[0]
    points = lab[fy[:, None, :, None], fx[None, :, None, :]]  # n x n x f x f x 3
    inner = (fractions > 0.35) & (fractions < 0.65)
    keep = ~(inner[:, None] & inner[None, :])
    return points[:, :, keep, :].reshape(n, n, -1, 3)


def _densest(samples: Any, radius: float) -> tuple[Any, Any, Any]:
    """Each cell's colour: the median of the samples near its densest sample (the cell's
    own colour, not a glyph drawn on part of it); the spread of those samples around it
    (NaN for the others); the share of the samples near it."""
    np, _ = _modules()
    gaps = np.linalg.norm(samples[:, :, :, None, :] - samples[:, :, None, :, :], axis=4)
    near = gaps <= radius
    centre = near.sum(axis=3).argmax(axis=2)  # n x n
    chosen = np.take_along_axis(near, centre[:, :, None, None], axis=2)[:, :, 0, :]
    masked = np.where(chosen[..., None], samples, np.nan)
    colours = np.nanmedian(masked, axis=2)
    spread = np.linalg.norm(samples - colours[:, :, None, :], axis=3)
    share = chosen.mean(axis=2)
    return colours, np.where(chosen, spread, np.nan), share


def _groups(colours: Any, threshold: float) -> tuple[list[int], float]:
    """Cells grouped by colour: joined when within ``threshold`` (single linkage); and the
    widest distance of a cell from its group's mean (chaining through near colours)."""
    np, _ = _modules()
    flat = colours.reshape(-1, 3)
    count = len(flat)
    parent = list(range(count))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    gaps = np.linalg.norm(flat[:, None, :] - flat[None, :, :], axis=2)
    for a, b in zip(*np.nonzero(np.triu(gaps <= threshold, 1)), strict=True):
        parent[find(int(a))] = find(int(b))
    labels = [find(i) for i in range(count)]
    widest = 0.0
    for label in set(labels):
        members = flat[[i for i in range(count) if labels[i] == label]]
        widest = max(widest, float(np.linalg.norm(members - members.mean(axis=0), axis=1).max()))
    return labels, widest


def _border_weights(lab: Any, lines: _Lines, colours: Any) -> tuple[Any, Any, Any, Any]:
    """How much line lies between each pair of neighbouring cells: across a band around
    their common edge, the colour distance of each pixel from the nearer of the two
    cells' colours, summed (ΔE x pixels), nearly the least along the edge; and the line's
    colour (the band's pixel furthest from both cells, the median along the edge).
    ``right[r, c]``: between (r, c) and (r, c + 1); ``below[r, c]``: (r, c) and (r + 1, c);
    then the colours of those lines."""
    np, _ = _modules()
    xs, ys = np.array(lines.xs), np.array(lines.ys)
    pitch = float(min(np.diff(xs).mean(), np.diff(ys).mean()))
    half = max(2, round(pitch * 0.12))
    across = np.arange(-half, half + 1)
    along = np.linspace(0.1, 0.9, 9)
    height, width = lab.shape[:2]

    def weights(vertical: bool) -> Any:
        if vertical:  # edges between columns c and c + 1, at x = xs[c + 1]
            centre = xs[1:-1]
            spots = ys[:-1, None] + np.outer(np.diff(ys), along)  # n rows x a
            x = np.clip((centre[None, :, None, None] + across).astype(np.int64), 0, width - 1)
            y = np.clip(spots.astype(np.int64), 0, height - 1)
            band = lab[y[:, None, :, None], x[:, :, 0, :][:, :, None, :]]  # n x n-1 x a x w
            first, second = colours[:, :-1], colours[:, 1:]
        else:
            centre = ys[1:-1]
            spots = xs[:-1, None] + np.outer(np.diff(xs), along)  # n cols x a
            y = np.clip((centre[:, None, None] + across).astype(np.int64), 0, height - 1)
            x = np.clip(spots.astype(np.int64), 0, width - 1)
            band = lab[y[:, 0, :][:, None, None, :], x[None, :, :, None]]  # n-1 x n x a x w
            first, second = colours[:-1, :], colours[1:, :]
        to_first = np.linalg.norm(band - first[:, :, None, None, :], axis=4)
        to_second = np.linalg.norm(band - second[:, :, None, None, :], axis=4)
        apart = np.minimum(to_first, to_second)
        # The second least along the edge: a line runs all along it, a glyph drawn near
        # it covers part of it.
        weight = np.sort(apart.sum(axis=3), axis=2)[:, :, 1]
        furthest = np.take_along_axis(band, apart.argmax(axis=3)[..., None, None], axis=3)
        return weight, np.median(furthest[:, :, :, 0, :], axis=2)

    right, right_ink = weights(True)
    below, below_ink = weights(False)
    return right, below, right_ink, below_ink


MIN_BORDER = 20.0
"""The least weight (ΔE x pixels) of a border line told by its colour: a line, not the
blur of a colour change."""


def _borders(labels: list[int], n: int, weights: tuple[Any, Any, Any, Any]) -> tuple[Any, Any]:
    """Which edges between cells of one colour group are region borders. When the lines
    between cells of different colours (borders, mostly) have another colour than those
    between cells of one colour (grid lines, mostly), a border is a line of the borders'
    colour and nearly their weight; else (one kind of line) the heavy lines of Otsu's
    split of the weights, if there are two kinds of weight."""
    np, _ = _modules()
    right, below, right_ink, below_ink = weights
    grid = np.array(labels).reshape(n, n)
    same = np.concatenate([(grid[:, :-1] == grid[:, 1:]).ravel(), (grid[:-1] == grid[1:]).ravel()])
    weight = np.concatenate([right.ravel(), below.ravel()])
    ink = np.concatenate([right_ink.reshape(-1, 3), below_ink.reshape(-1, 3)])
    border = np.zeros(len(weight), dtype=bool)
    # Lines between different colours (a line at all: a fifth of a cell of black, or a
    # colour change alone has almost none), of another colour than the others.
    heavy = float(np.median(weight[~same])) if (~same).any() else 0.0
    if same.any() and heavy >= MIN_BORDER:
        border_ink = np.median(ink[~same], axis=0)
        line_ink = np.median(ink[same], axis=0)
        if float(np.linalg.norm(border_ink - line_ink)) >= 15:
            to_border = np.linalg.norm(ink - border_ink, axis=1)
            nearer = to_border < np.linalg.norm(ink - line_ink, axis=1)
            return _split(nearer & (weight >= 0.5 * heavy), n)
    cut = _otsu_split(weight)
    if cut is not None:
        border = weight > cut
    return _split(border, n)


def _split(flags: Any, n: int) -> tuple[Any, Any]:
    """Flags of all edges (right ones, then below ones) as ``right`` and ``below`` arrays."""
    return flags[: n * (n - 1)].reshape(n, n - 1), flags[n * (n - 1) :].reshape(n - 1, n)


def _otsu_split(values: Any) -> float | None:
    """The threshold between light and heavy lines when ``values`` fall in two clearly
    separate groups (Otsu's split; the heavy at least twice the light and well apart),
    else None."""
    np, _ = _modules()
    ordered = np.sort(np.asarray(values, dtype=np.float64))
    count = len(ordered)
    if count < 2 or ordered[-1] <= 0:
        return None
    k = np.arange(1, count)
    below = np.cumsum(ordered)[:-1]
    low_mean = below / k
    high_mean = (ordered.sum() - below) / (count - k)
    split = int(np.argmax(k * (count - k) * (low_mean - high_mean) ** 2)) + 1
    low, high = ordered[:split], ordered[split:]
    if high.mean() < 2 * low.mean() + 8 or high.min() < low.max() * 1.3:
        return None
    return float((low.max() + high.min()) / 2)


def _pieces(labels: Any, right: Any, below: Any, n: int) -> list[int]:
    """Each cell's piece: neighbouring cells of one colour group and no border between
    them (``right``, ``below``: see ``_borders``) are one piece (numbered by a cell)."""
    parent = list(range(n * n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for row in range(n):
        for col in range(n):
            here = row * n + col
            if col + 1 < n and labels[here] == labels[here + 1] and not right[row, col]:
                parent[find(here)] = find(here + 1)
            if row + 1 < n and labels[here] == labels[here + n] and not below[row, col]:
                parent[find(here)] = find(here + n)
    return [find(i) for i in range(n * n)]


MOST_PIECES = 6
"""The most pieces of one colour whose ways of making regions are tried."""

MOST_READINGS = 64
"""The most ways of joining pieces into regions that are checked with the solver."""


def _groupings(items: list[int], apart: set[tuple[int, int]]) -> list[list[list[int]]]:
    """Every way of putting ``items`` into groups, no two items of a group in ``apart``."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    ways = []
    for way in _groupings(rest, apart):
        ways.append([[first], *way])
        for k, group in enumerate(way):
            if all((min(first, o), max(first, o)) not in apart for o in group):
                ways.append([*way[:k], [first, *group], *way[k + 1 :]])
    return ways


def _readings(labels: list[int], pieces: list[int], n: int) -> list[list[list[int]]]:
    """Every way of making exactly n regions of the pieces: pieces of one colour that do
    not touch may be one region in pieces (published levels have such regions), or
    regions of their own (a palette that repeats); pieces of one colour that touch are
    different regions (a border line runs between them)."""
    count = len(set(pieces))
    if count <= n:  # fewer than n: no reading (said by the caller)
        return [[[pieces[r * n + c] for c in range(n)] for r in range(n)]]
    by_colour: dict[int, list[int]] = {}
    for cell, piece in enumerate(pieces):
        members = by_colour.setdefault(labels[cell], [])
        if piece not in members:
            members.append(piece)
    touching: set[tuple[int, int]] = set()
    for here in range(n * n):
        for other in (here + 1 if (here + 1) % n else -1, here + n if here + n < n * n else -1):
            if other >= 0 and pieces[here] != pieces[other]:
                touching.add((min(pieces[here], pieces[other]), max(pieces[here], pieces[other])))
    if any(len(members) > MOST_PIECES for members in by_colour.values()):
        raise ReadError(f"{count} pieces of colour for {n} regions: too many to tell apart")
    options = [_groupings(members, touching) for members in by_colour.values()]
    found: list[list[list[int]]] = []

    def choose(k: int, groups: int, chosen: list[list[int]]) -> None:
        if len(found) > MOST_READINGS:
            return
        if k == len(options):
            if groups == n:
                region = {piece: g for g, group in enumerate(chosen) for piece in group}
                found.append([[region[pieces[r * n + c]] for c in range(n)] for r in range(n)])
            return
        for way in options[k]:
            if groups + len(way) + (len(options) - k - 1) <= n:
                choose(k + 1, groups + len(way), chosen + way)

    choose(0, 0, [])
    if len(found) > MOST_READINGS:
        raise ReadError(f"{count} pieces of colour for {n} regions: too many ways to join them")
    return found


def _solvable(grid: Grid, stars: int) -> bool:
    from queens.puzzle.solve import StarsError, check_limits, solve  # lazy: after a grid is read

    try:
        check_limits(grid, stars)
    except StarsError:
        return False
    return solve(grid, stars).rows is not None


def _marks(lab: Any, lines: _Lines, colours: Any, radius: float) -> str:
    """The queens and crosses drawn in the cells, as the page's links write them: ``q`` a
    cell mostly covered by ink in its middle, ``x`` one inked along both diagonals only."""
    np, _ = _modules()
    fractions = np.linspace(0.28, 0.72, 9)
    xs, ys = np.array(lines.xs), np.array(lines.ys)
    fx = np.clip((xs[:-1, None] + np.outer(np.diff(xs), fractions)).astype(np.int64), 0,
                 lab.shape[1] - 1)  # fmt: skip
    fy = np.clip((ys[:-1, None] + np.outer(np.diff(ys), fractions)).astype(np.int64), 0,
                 lab.shape[0] - 1)  # fmt: skip
    points = lab[fy[:, None, :, None], fx[None, :, None, :]]  # n x n x 9 x 9 x 3
    ink = np.linalg.norm(points - colours[:, :, None, None, :], axis=4) > max(25.0, 3 * radius)
    index = np.arange(9)
    diagonal = np.zeros((9, 9), dtype=bool)
    diagonal[index, index] = True
    diagonal[index, 8 - index] = True
    near = diagonal.copy()
    near[index[:-1], index[1:]] = near[index[1:], index[:-1]] = True
    near[index[:-1], 7 - index[:-1]] = near[index[1:], 8 - index[:-1]] = True
    cover = ink.mean(axis=(2, 3))
    on_diagonals = ink[:, :, diagonal].mean(axis=2)
    off = ink[:, :, ~near].mean(axis=2)
    n = len(xs) - 1
    text = []
    for row in range(n):
        for col in range(n):
            if cover[row, col] >= 0.3 and off[row, col] >= 0.2:
                text.append("q")
            elif on_diagonals[row, col] >= 0.6 and off[row, col] < 0.1:
                text.append("x")
            else:
                text.append(".")
    return "".join(text)


def read_picture(data: bytes, size: int | None = None, stars: int = 1) -> Reading:
    """Everything read from a picture (PNG, JPEG, ... bytes): its ``grid`` when the read
    passed every check, else its ``error`` (and what was found up to there, for
    ``Reading.debug_png``). ``size``: the cells a side it must have; ``stars``: the stars
    a row, column and region its solution has. ``BadPicture`` when the bytes are not a
    picture within the limits.

    >>> from queens.puzzle.generate import generate
    >>> from queens.show.puzzle import puzzle_png
    >>> GRID = generate(6, 2)
    >>> print(read_picture(puzzle_png(GRID, None, size=300)).grid)
    ABBBBB
    ABBBBC
    DBBBEC
    DEEEEE
    DDFFEE
    FFFFEE
    >>> read_picture(puzzle_png(GRID, None, size=300), size=7).error
    ReadError('the grid found is 6 x 6, not 7 x 7 (--size 7)')
    """
    np, Image = _modules()
    reading = Reading()
    image = _decode(data)
    reading.image = image
    try:
        _read(np, Image, image, reading, size, stars)
    except ReadError as error:
        reading.error = error
    except (ArithmeticError, np.linalg.LinAlgError) as error:  # a degenerate fit: no grid
        reading.error = ReadError(f"no grid read: the lines found do not fit ({error})")
    return reading


def _read(np: Any, Image: Any, image: Any, reading: Reading, size: int | None,
          stars: int) -> None:  # fmt: skip
    rgb = np.asarray(image)
    across, down = _edges(rgb)
    tilt = _tilt(across, down)
    if abs(tilt) >= 0.15:
        edge = np.concatenate([rgb[0], rgb[-1], rgb[:, 0], rgb[:, -1]])
        fill = tuple(int(v) for v in np.median(edge, axis=0))
        image = image.rotate(tilt, resample=Image.Resampling.BICUBIC, fillcolor=fill)
        reading.image, reading.tilt = image, tilt
        rgb = np.asarray(image)
        across, down = _edges(rgb)
    lab = _Lab(rgb)
    # The picture's own noise: most pixel boundaries are inside flat areas.
    noise = max(2.0, float(np.percentile(across, 60)) * 3, float(np.percentile(down, 60)) * 3)
    lines = _lines(across, down, noise)
    reading.xs, reading.ys = lines.xs, lines.ys
    n = len(lines.xs) - 1
    if size is not None and size != n:
        raise ReadError(f"the grid found is {n} x {n}, not {size} x {size} (--size {size})")
    samples = _cell_samples(lab, lines, np.array(RING))
    colours, spread, share = _densest(samples, 6.0)
    if float(share.min()) < 0.34:
        row, col = np.unravel_index(int(share.argmin()), share.shape)
        raise ReadError(f"the colour of the cell at row {row + 1}, column {col + 1} is unclear")
    wobble = float(np.nanmedian(spread))
    threshold = max(4.0, 3 * wobble + 2)
    labels, widest = _groups(colours, threshold)
    reading.regions = [[labels[r * n + c] for c in range(n)] for r in range(n)]
    if widest > 1.5 * threshold + 4:
        raise ReadError("the cells' colours run into one another (no clear colour groups)")
    right, below = _borders(labels, n, _border_weights(lab, lines, colours))
    pieces = _pieces(labels, right, below, n)
    reading.regions = [[pieces[r * n + c] for c in range(n)] for r in range(n)]
    count = len(set(pieces))
    if count < n:
        raise ReadError(f"the {n} x {n} cells found make {count} regions, not {n}")
    readings = _readings(labels, pieces, n)
    if not readings:
        raise ReadError(f"the {n} x {n} cells found make {count} pieces, not {n} regions")
    what = "solution" if stars == 1 else f"{stars}-star solution"
    grids = [g for g in (Grid.from_regions(r) for r in readings) if _solvable(g, stars)]
    if not grids:
        raise ReadError(f"the {n} x {n} grid read has no {what}: a misread, or not a puzzle")
    if len(grids) > 1:
        raise ReadError(
            f"the {n} x {n} cells make {count} pieces of colour, and {len(grids)} ways of "
            f"joining them into {n} regions have a {what}"
        )
    grid = grids[0]
    reading.regions = [[grid.region(r, c) for c in range(n)] for r in range(n)]
    reading.grid = grid
    reading.marks = _marks(lab, lines, colours, threshold)


def marks_link(grid: Grid, marks: str, stars: int = 1) -> str:
    """The puzzle page's link fragment for ``grid`` with ``marks`` (``q`` a queen, ``x`` a
    cross, ``.`` empty, row by row), as the page writes it.

    >>> from queens.puzzle.grid import parse_grid
    >>> marks_link(parse_grid("AAB\\nCAB\\nCCB"), "q....x...")
    '#grid=AAB-CAB-CCB&marks=q....x...'
    """
    rows = "-".join(str(grid).split("\n"))
    star_part = f"&stars={stars}" if stars > 1 else ""
    return f"#grid={rows}{star_part}&marks={marks}"


def read_grid(data: bytes, size: int | None = None, stars: int = 1) -> Grid:
    """The grid of a picture (PNG, JPEG, ... bytes); ``size``: its cells a side, when known.

    Raises ``ReadError`` (one line) when no grid is read for certain: no square grid of
    ``MIN_N`` to ``MAX_N`` cells a side, not n regions, a grid without a solution, or
    another n than ``size``.

    >>> from queens.puzzle.generate import generate
    >>> from queens.show.puzzle import puzzle_png
    >>> GRID = generate(6, 2)
    >>> read_grid(puzzle_png(GRID, None, size=300)) == GRID
    True
    """
    reading = read_picture(data, size, stars)
    if reading.error is not None:
        raise reading.error
    assert reading.grid is not None
    return reading.grid


__all__ = [
    "MAX_N",
    "MIN_N",
    "BadPicture",
    "MissingReader",
    "ReadError",
    "Reading",
    "marks_link",
    "read_grid",
    "read_picture",
]
