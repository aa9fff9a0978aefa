"""Pictures of region grids in many styles, for the tests of ``queens puzzle read``.

Each picture is drawn here, with Pillow, from a grid the tests make (regions grown at
random around a solution, so every grid has one; some with a region in two pieces), in
one of ``STYLES``: the project's own rendering, pastel palettes, thin grey grid lines with
thick black region borders, colour alone, dark mode, a rotation of 1 to 3 degrees, JPEG at
quality 50, half and double scale, a phone's screen around the board, glyphs (queens,
crosses, letters, numbers) in the cells.
"""

from __future__ import annotations

import colorsys
import io
import random
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from queens.puzzle.generate import grow_regions, random_solution
from queens.puzzle.grid import Grid
from queens.show.puzzle import puzzle_png

Colour = tuple[int, int, int]


def grown(n: int, rng: random.Random) -> tuple[Grid, list[int]]:
    """A grid of n regions grown at random around a random solution (its columns)."""
    columns = random_solution(n, rng)
    regions = grow_regions(n, list(enumerate(columns)), rng)
    return Grid.from_regions(regions), columns


def split_region(grid: Grid, columns: list[int], rng: random.Random) -> Grid | None:
    """The grid with one cell given to a region it does not touch, so that region is in
    two pieces (the solution's queens stay where they were, so it still has a solution)."""
    n = grid.n
    rows = [[grid.region(r, c) for c in range(n)] for r in range(n)]
    queens = set(enumerate(columns))
    cells = [(r, c) for r in range(n) for c in range(n) if (r, c) not in queens]
    rng.shuffle(cells)
    for r, c in cells:
        own = rows[r][c]
        if sum(1 for v in (x for line in rows for x in line) if v == own) < 3:
            continue
        near = {rows[a][b] for a, b in _around(n, r, c, diagonal=True)}
        others = [g for g in range(n) if g != own and g not in near]
        if not others or not _connected_without(rows, own, (r, c)):
            continue
        rows[r][c] = rng.choice(others)
        return Grid.from_regions(rows)
    return None


def _around(n: int, r: int, c: int, *, diagonal: bool = False) -> list[tuple[int, int]]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + a, c + b) for a, b in steps if 0 <= r + a < n and 0 <= c + b < n]


def _connected_without(rows: list[list[int]], region: int, gone: tuple[int, int]) -> bool:
    """Whether ``region`` stays in one piece without the cell ``gone``."""
    n = len(rows)
    cells = {(r, c) for r in range(n) for c in range(n) if rows[r][c] == region} - {gone}
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for near in _around(n, *todo.pop()):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == cells


def pieces(grid: Grid) -> int:
    """How many regions of ``grid`` are in more than one piece."""
    return sum(not grid.connected(g) for g in range(grid.n))


def palette(n: int, rng: random.Random, *,
            lightness: tuple[float, ...] = (0.7, 0.8, 0.9),
            saturation: float = 0.65) -> list[Colour]:  # fmt: skip
    """n distinct colours: hues spread around the wheel, cycling through lightnesses."""
    offset = rng.random()
    colours = []
    for k in range(n):
        hue = (offset + k / n) % 1.0
        light = lightness[k % len(lightness)]
        r, g, b = colorsys.hls_to_rgb(hue, light, saturation)
        colours.append((round(r * 255), round(g * 255), round(b * 255)))
    rng.shuffle(colours)
    return colours


@dataclass
class Look:
    """How a board is drawn."""

    cell: int = 40
    colours: list[Colour] | None = None
    page: Colour = (255, 255, 255)
    grid_line: Colour | None = None
    grid_width: int = 1
    border: Colour | None = (30, 30, 30)
    border_width: int = 3
    frame: Colour | None = (30, 30, 30)
    frame_width: int = 4
    margin: int = 20
    glyphs: str = ""
    """Which glyphs to draw: q (the solution's queens), x (crosses), a (letters), 1 (numbers)."""
    glyph_colour: Colour = (40, 40, 40)


def board(grid: Grid, columns: list[int], look: Look, rng: random.Random) -> Image.Image:
    """The board drawn as ``look`` says, on its page with its margin."""
    n, side = grid.n, look.cell
    colours = look.colours or palette(n, rng)
    size = n * side + 2 * look.margin
    image = Image.new("RGB", (size, size), look.page)
    draw = ImageDraw.Draw(image)
    x0 = look.margin

    def at(k: int) -> int:
        return x0 + k * side

    for r in range(n):
        for c in range(n):
            fill = colours[grid.region(r, c) % len(colours)]
            draw.rectangle([at(c), at(r), at(c + 1) - 1, at(r + 1) - 1], fill=fill)
    if look.grid_line is not None:
        for k in range(1, n):
            draw.line([at(k), at(0), at(k), at(n)], fill=look.grid_line, width=look.grid_width)
            draw.line([at(0), at(k), at(n), at(k)], fill=look.grid_line, width=look.grid_width)
    if look.border is not None:
        for r in range(n):
            for c in range(n):
                if c + 1 < n and grid.region(r, c) != grid.region(r, c + 1):
                    draw.line([at(c + 1), at(r), at(c + 1), at(r + 1)], fill=look.border,
                              width=look.border_width)  # fmt: skip
                if r + 1 < n and grid.region(r, c) != grid.region(r + 1, c):
                    draw.line([at(c), at(r + 1), at(c + 1), at(r + 1)], fill=look.border,
                              width=look.border_width)  # fmt: skip
    if look.frame is not None:
        half = look.frame_width // 2
        draw.rectangle([at(0) - half, at(0) - half, at(n) + half, at(n) + half],
                       outline=look.frame, width=look.frame_width)  # fmt: skip
    if look.glyphs:
        _glyphs(draw, grid, columns, look, rng, at)
    return image


def marks_of(grid: Grid, columns: list[int], glyphs: str) -> str:
    """The marks a picture with ``glyphs`` shows, as the page's links write them."""
    n = grid.n
    text = ["."] * (n * n)
    if "x" in glyphs:
        for r in range(n):
            for c in range(n):
                if (r * 3 + c * 2) % 5 == 0 and columns[r] != c:
                    text[r * n + c] = "x"
    if "q" in glyphs:
        for r, c in enumerate(columns[: max(1, n // 2)]):
            text[r * n + c] = "q"
    return "".join(text)


def _glyphs(draw: ImageDraw.ImageDraw, grid: Grid, columns: list[int], look: Look,
            rng: random.Random, at: Callable[[int], int]) -> None:  # fmt: skip
    n, side = grid.n, look.cell
    font = ImageFont.load_default(size=max(8, round(side * 0.3)))
    marks = marks_of(grid, columns, look.glyphs)
    for r in range(n):
        for c in range(n):
            x, y = at(c), at(r)
            if "a" in look.glyphs:
                draw.text((x + side * 0.12, y + side * 0.06), grid.name(r, c),
                          fill=look.glyph_colour, font=font)  # fmt: skip
            if "1" in look.glyphs and (r + c) % 3 == 0:
                draw.text((x + side * 0.62, y + side * 0.58), str(rng.randrange(1, 10)),
                          fill=look.glyph_colour, font=font)  # fmt: skip
            mark = marks[r * n + c]
            cx, cy = x + side / 2, y + side / 2
            if mark == "q":
                _queen(draw, cx, cy, side * 0.25, look.glyph_colour)
            elif mark == "x":
                arm = side * 0.18
                width = max(2, round(side * 0.06))
                draw.line([cx - arm, cy - arm, cx + arm, cy + arm], fill=look.glyph_colour,
                          width=width)  # fmt: skip
                draw.line([cx - arm, cy + arm, cx + arm, cy - arm], fill=look.glyph_colour,
                          width=width)  # fmt: skip


def _queen(draw: ImageDraw.ImageDraw, cx: float, cy: float, half: float, ink: Colour) -> None:
    """A crown: five points over a band."""
    top, bottom = cy - half, cy + half
    points = [(cx - half, bottom - half * 0.4), (cx - half, top + half * 0.3),
              (cx - half * 0.5, cy - half * 0.1), (cx, top), (cx + half * 0.5, cy - half * 0.1),
              (cx + half, top + half * 0.3), (cx + half, bottom - half * 0.4)]  # fmt: skip
    draw.polygon(points, fill=ink)
    draw.rectangle([cx - half, bottom - half * 0.5, cx + half, bottom], fill=ink)


def _title(image: Image.Image, text: str, colour: Colour, height: int) -> Image.Image:
    """The picture with a band of ``height`` on top holding a title."""
    page = image.getpixel((0, 0))
    out = Image.new("RGB", (image.width, image.height + height), page)  # type: ignore[arg-type]
    out.paste(image, (0, height))
    draw = ImageDraw.Draw(out)
    font = ImageFont.load_default(size=max(10, height // 2))
    draw.text((12, height // 4), text, fill=colour, font=font)
    return out


def _phone(image: Image.Image, rng: random.Random, dark: bool) -> Image.Image:
    """The board on a phone's screen: a status bar, a title, buttons and a tab bar."""
    width = image.width + rng.randrange(20, 80)
    height = int(width * rng.uniform(1.7, 2.1))
    page = (18, 18, 18) if dark else (246, 246, 242)
    ink = (230, 230, 230) if dark else (25, 25, 25)
    screen = Image.new("RGB", (width, height), page)
    draw = ImageDraw.Draw(screen)
    small = ImageFont.load_default(size=max(10, width // 30))
    big = ImageFont.load_default(size=max(14, width // 16))
    bar = max(20, height // 28)
    draw.rectangle([0, 0, width, bar], fill=(0, 0, 0) if dark else (230, 230, 230))
    draw.text((10, bar // 4), "9:41", fill=ink, font=small)
    draw.text((width - 60, bar // 4), "5G 87%", fill=ink, font=small)
    draw.text((16, bar + 12), f"Queens #{rng.randrange(100, 999)}", fill=ink, font=big)
    draw.text((16, bar + 20 + width // 14), "Tap a cell to place a queen", fill=ink, font=small)
    top = bar + 40 + width // 8
    screen.paste(image, ((width - image.width) // 2, top))
    button = top + image.height + 24
    for k, label in enumerate(("Undo", "Hint", "Clear")):
        left = 16 + k * (width - 32) // 3
        right = left + (width - 32) // 3 - 12
        draw.rounded_rectangle([left, button, right, button + bar * 2], radius=bar // 2,
                               outline=ink, width=2)  # fmt: skip
        draw.text((left + 12, button + bar // 2), label, fill=ink, font=small)
    draw.line([0, height - bar * 2, width, height - bar * 2], fill=(120, 120, 120), width=1)
    for k in range(4):
        x = width * (2 * k + 1) // 8
        draw.ellipse([x - bar // 2, height - bar * 1.6, x + bar // 2, height - bar * 0.6],
                     outline=ink, width=2)  # fmt: skip
    return screen


def _scaled(image: Image.Image, factor: float) -> Image.Image:
    size = (round(image.width * factor), round(image.height * factor))
    return image.resize(size, Image.Resampling.LANCZOS)


def png(image: Image.Image, *, jpeg: int | None = None) -> bytes:
    """The picture's bytes: PNG, or JPEG at quality ``jpeg``."""
    out = io.BytesIO()
    if jpeg is None:
        image.save(out, format="PNG")
    else:
        image.save(out, format="JPEG", quality=jpeg)
    return out.getvalue()


def _pastel(grid: Grid, columns: list[int], rng: random.Random, **more: object) -> Image.Image:
    look = Look(cell=rng.randrange(30, 70), colours=palette(grid.n, rng),
                grid_line=(255, 255, 255), border=(40, 40, 40), border_width=2)  # fmt: skip
    for key, value in more.items():
        setattr(look, key, value)
    return board(grid, columns, look, rng)


def _own(grid: Grid, columns: list[int], rng: random.Random) -> bytes:
    size = grid.n * rng.randrange(30, 70)
    queens = columns if rng.random() < 0.5 else None
    return puzzle_png(grid, queens, size=size)


def _grey_lines(grid: Grid, columns: list[int], rng: random.Random) -> Image.Image:
    look = Look(cell=rng.randrange(30, 90), colours=palette(grid.n, rng),
                grid_line=(90, 90, 90), grid_width=1, border=(0, 0, 0), border_width=3,
                frame=(0, 0, 0), frame_width=4)  # fmt: skip
    return board(grid, columns, look, rng)


def _colour_only(grid: Grid, columns: list[int], rng: random.Random) -> Image.Image:
    look = Look(cell=rng.randrange(30, 70), colours=palette(grid.n, rng),
                border=None, frame=None, margin=rng.randrange(10, 40))  # fmt: skip
    return board(grid, columns, look, rng)


def _dark(grid: Grid, columns: list[int], rng: random.Random) -> Image.Image:
    look = Look(cell=rng.randrange(30, 70),
                colours=palette(grid.n, rng, lightness=(0.3, 0.42, 0.54), saturation=0.5),
                page=(18, 18, 20), grid_line=(70, 70, 70), border=(0, 0, 0), border_width=3,
                frame=(200, 200, 200), frame_width=2, glyph_colour=(235, 235, 235),
                glyphs="q" if rng.random() < 0.5 else "")  # fmt: skip
    image = board(grid, columns, look, rng)
    return _title(image, "Queens (dark)", (235, 235, 235), 40)


def _rotated(grid: Grid, columns: list[int], rng: random.Random) -> bytes:
    degrees = rng.choice((-1, 1)) * rng.uniform(1.0, 3.0)
    image = _pastel(grid, columns, rng, margin=40)
    turned = image.rotate(degrees, resample=Image.Resampling.BICUBIC, fillcolor=(255, 255, 255))
    return png(turned)


STYLES: dict[str, Callable[[Grid, list[int], random.Random], bytes]] = {
    "own": _own,
    "pastel": lambda g, c, r: png(_pastel(g, c, r)),
    "grey-lines": lambda g, c, r: png(_grey_lines(g, c, r)),
    "colour-only": lambda g, c, r: png(_colour_only(g, c, r)),
    "dark": lambda g, c, r: png(_dark(g, c, r)),
    "rotated": _rotated,
    "jpeg50": lambda g, c, r: png(_grey_lines(g, c, r), jpeg=50),
    "half": lambda g, c, r: png(_scaled(_pastel(g, c, r, cell=r.randrange(60, 90)), 0.5)),
    "double": lambda g, c, r: png(_scaled(_pastel(g, c, r, cell=r.randrange(24, 40)), 2.0)),
    "phone": lambda g, c, r: png(_phone(_pastel(g, c, r, margin=8), r, r.random() < 0.3)),
    "glyphs": lambda g, c, r: png(_pastel(g, c, r, glyphs=r.choice(("qx", "a", "1", "qxa")))),
}
"""Each style's drawing: the grid, its solution's columns, a random source -> picture bytes."""


@dataclass
class Case:
    """One test picture: its style, the grid it shows and the picture."""

    style: str
    grid: Grid
    data: bytes
    name: str


def cases(per_style: int, seed: int = 0, sizes: tuple[int, int] = (4, 20)) -> list[Case]:
    """``per_style`` pictures in every style, of grids of random sizes (a quarter of them
    with a region in two pieces), the same for the same seed."""
    made = []
    for style, draw in STYLES.items():
        rng = random.Random(f"{seed}-{style}")
        for k in range(per_style):
            n = rng.randint(*sizes)
            grid, columns = grown(n, rng)
            if k % 4 == 1:
                grid = split_region(grid, columns, rng) or grid
            made.append(Case(style, grid, draw(grid, columns, rng), f"{style}-{k}-{n}x{n}"))
    return made
