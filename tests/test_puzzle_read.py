"""A grid read from a picture: the project's own renderings at three sizes, as JPEG at
quality 70, inside a margin, with queens and crosses drawn; pictures in eleven styles
(``tests/pictures.py``: a few here, 132 in the slow test); bad pictures refused with one
line; uncertain reads exit 1 and print no grid; the command and the page's endpoint."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from web_support import require

require("PIL", "numpy", why="install queens-toolkit[read]")

from PIL import Image, ImageDraw  # noqa: E402

import pictures  # noqa: E402
from queens.puzzle.generate import generate, grow_regions, random_solution  # noqa: E402
from queens.puzzle.grid import Grid, parse_grid  # noqa: E402
from queens.puzzle.read import ReadError, read_grid, read_picture  # noqa: E402
from queens.puzzle.solve import solve  # noqa: E402
from queens.show.puzzle import puzzle_png  # noqa: E402


def picture(
    grid: Grid,
    pixels: int,
    *,
    queens: bool = False,
    crosses: bool = False,
    margin: int = 0,
    jpeg: bool = False,
) -> bytes:
    """The renderer's PNG of ``grid``, with its solution's queens, crosses on some cells
    (drawn here, as a player marks them), a white margin, saved as JPEG at quality 70."""
    columns = list(solve(grid).solution or ()) if queens else None
    image = Image.open(io.BytesIO(puzzle_png(grid, columns, size=pixels))).convert("RGB")
    if crosses:
        draw = ImageDraw.Draw(image)
        side = (image.width - 4) / grid.n
        for row in range(grid.n):
            col = (row * 3 + 1) % grid.n
            x, y = 2 + (col + 0.5) * side, 2 + (row + 0.5) * side
            arm = side * 0.2
            draw.line([x - arm, y - arm, x + arm, y + arm], fill="#444444", width=3)
            draw.line([x - arm, y + arm, x + arm, y - arm], fill="#444444", width=3)
    if margin:
        framed = Image.new("RGB", (image.width + 2 * margin, image.height + 2 * margin), "white")
        framed.paste(image, (margin, margin))
        image = framed
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=70) if jpeg else image.save(out, format="PNG")
    return out.getvalue()


def grown(n: int, seed: int) -> Grid:
    """A grid of n regions grown at random."""
    rng = random.Random(seed)
    return Grid.from_regions(grow_regions(n, list(enumerate(random_solution(n, rng))), rng))


GRIDS = [(generate(6, 1), 240), (generate(9, 2), 420), (grown(14, 3), 700)]


@pytest.mark.parametrize(("grid", "pixels"), GRIDS, ids=["6x6", "9x9", "14x14"])
@pytest.mark.parametrize(
    "how",
    [
        {},
        {"jpeg": True},
        {"margin": 20},
        {"queens": True, "crosses": True},
        {"queens": True, "crosses": True, "margin": 20, "jpeg": True},
    ],
    ids=["png", "jpeg70", "margin20", "queens+crosses", "all"],
)
def test_the_renderings_read_back(grid: Grid, pixels: int, how: dict[str, object]) -> None:
    data = picture(grid, pixels, **how)  # type: ignore[arg-type]
    assert str(read_grid(data)) == str(grid)
    assert str(read_grid(data, grid.n)) == str(grid)


def test_the_wrong_size_is_refused() -> None:
    grid, pixels = GRIDS[1]
    with pytest.raises(ReadError, match=r"^the grid found is 9 x 9, not 7 x 7 \(--size 7\)$"):
        read_grid(picture(grid, pixels), 7)


def blank(width: int, height: int, colour: str = "white") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"GIF89a nonsense", "not a picture Pillow can read"),
        (blank(300, 200), "no board found"),
        (blank(100, 100, "#00ff00"), "no board found"),
    ],
)
def test_bad_pictures_are_one_line_errors(data: bytes, message: str) -> None:
    with pytest.raises(ReadError) as caught:
        read_grid(data)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_frame_without_regions_is_refused() -> None:
    image = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(image).rectangle([10, 10, 290, 290], outline="black", width=4)
    out = io.BytesIO()
    image.save(out, format="PNG")
    with pytest.raises(ReadError, match=r"^no board found: no evenly spaced lines of cells$"):
        read_grid(out.getvalue())


@pytest.fixture
def queens_command() -> Iterator[list[str]]:
    yield [sys.executable, "-m", "queens"]


def test_the_command_prints_the_grid_and_solves_it(
    tmp_path: Path, queens_command: list[str]
) -> None:
    grid, pixels = GRIDS[1]
    path = tmp_path / "grid.jpg"
    path.write_bytes(picture(grid, pixels, jpeg=True, queens=True, margin=20))
    done = subprocess.run(
        [*queens_command, "puzzle", "read", str(path), "--solve"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    columns = list(solve(grid).solution or ())
    assert done.stdout == f"{grid}\n\n{grid.board(columns)}\n"
    path.write_bytes(blank(50, 50))
    done = subprocess.run(
        [*queens_command, "puzzle", "read", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 1 and done.stdout == ""  # uncertain: exit 1, no grid
    assert done.stderr.startswith(f"queens: error: picture '{path}': no board found")
    assert done.stderr.count("\n") == 1
    path.write_bytes(b"GIF89a nonsense")  # not a picture at all: bad input, exit 2
    done = subprocess.run(
        [*queens_command, "puzzle", "read", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "not a picture Pillow can read" in done.stderr


def test_the_page_endpoint_reads_a_picture() -> None:
    require("starlette", "httpx2")
    from starlette.testclient import TestClient

    from queens.web.app import create_app

    grid, pixels = GRIDS[0]
    with TestClient(create_app(allowed_hosts={"testserver"})) as client:
        data = picture(grid, pixels, jpeg=True, queens=True)
        answer = client.post("/api/puzzle/read", content=data)
        assert answer.status_code == 200 and answer.json()["text"] == f"{grid}\n"
        answer = client.post(f"/api/puzzle/read?size={grid.n}", content=data)
        assert answer.json()["text"] == f"{grid}\n"
        for query, body in (("", b"junk"), ("?size=x", data), ("?size=99", data)):
            answer = client.post("/api/puzzle/read" + query, content=body)
            assert answer.status_code == 400 and "\n" not in answer.json()["error"]
        too_big = client.post("/api/puzzle/read", content=b"0" * 8_000_001)
        assert too_big.status_code == 400 and "over 8 MB" in too_big.json()["error"]


def thin_lined(grid: Grid, side: int, *, coloured: bool = True) -> bytes:
    """A picture of ``grid`` ``side`` pixels wide whose region borders are one pixel wide,
    as on a photograph of a board: the cells in their regions' colours (or all white, the
    borders alone telling the regions apart), a 3-pixel frame."""
    from queens.show.puzzle import region_color

    image = Image.new("RGB", (side, side), "white")
    draw = ImageDraw.Draw(image)
    square = (side - 6) / grid.n

    def at(cells: float) -> int:
        return round(3 + cells * square)

    for row in range(grid.n):
        for col in range(grid.n):
            box = [at(col), at(row), at(col + 1), at(row + 1)]
            colour = region_color(grid.region(row, col)) if coloured else "white"
            draw.rectangle(box, fill=colour)
    for row in range(grid.n):
        for col in range(grid.n):
            if col + 1 < grid.n and grid.region(row, col + 1) != grid.region(row, col):
                draw.line([at(col + 1), at(row), at(col + 1), at(row + 1)], fill="black")
            if row + 1 < grid.n and grid.region(row + 1, col) != grid.region(row, col):
                draw.line([at(col), at(row + 1), at(col + 1), at(row + 1)], fill="black")
    draw.rectangle([0, 0, side - 1, side - 1], outline="black", width=3)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_a_large_picture_is_read_at_a_reduced_scale() -> None:
    # 2,601 pixels a side (6.8 megapixels): read at half size, where each one-pixel border
    # must stay dark (with the cells all white, the borders alone make the regions).
    grid = grown(14, 3)
    assert str(read_grid(thin_lined(grid, 2601))) == str(grid)
    assert str(read_grid(thin_lined(grid, 2601, coloured=False), 14)) == str(grid)


@pytest.mark.slow
def test_a_picture_at_the_pixel_limit_is_read_in_little_memory(tmp_path: Path) -> None:
    grid = grown(14, 3)
    path = tmp_path / "big.png"
    path.write_bytes(thin_lined(grid, 6300))  # 39.7 megapixels, under MAX_PIXELS
    # The command in a process of its own that says its peak resident memory at the end.
    script = (
        "import resource, sys\n"
        "from queens.cli import main\n"
        "status = main(['puzzle', 'read', sys.argv[1]])\n"
        "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0 and done.stdout == f"{grid}\n", done.stderr
    peak_kb = int(done.stderr)
    assert peak_kb < 450_000, f"{peak_kb / 1000:.0f} MB"  # 1.7 GB when read at full size


# Pictures in many styles (tests/pictures.py draws them from grids made here).


def _exact(case: pictures.Case) -> bool | None:
    """True when the picture reads back exactly, None when the read refused (an error,
    no grid), False when a wrong grid came back (never allowed)."""
    reading = read_picture(case.data)
    if reading.grid is None:
        assert reading.error is not None and "\n" not in str(reading.error)
        return None
    return str(reading.grid) == str(case.grid)


def test_a_picture_of_each_style_reads_back() -> None:
    # One small grid in each of the eleven styles (regions in two pieces: the next test
    # and the slow one).
    for case in pictures.cases(1, seed=7, sizes=(5, 8)):
        assert _exact(case), case.name


@pytest.mark.slow
def test_132_pictures_in_11_styles_read_back_and_no_miss_prints_a_grid() -> None:
    made = pictures.cases(12, seed=0)
    results: dict[str, list[bool | None]] = {}
    for case in made:
        results.setdefault(case.style, []).append(_exact(case))
    rates = {style: f"{found.count(True)}/{len(found)}" for style, found in results.items()}
    print("exact reads per style:", rates)
    every = [r for found in results.values() for r in found]
    assert False not in every, "a wrong grid came back from a picture"
    assert sum(r is True for r in every) >= 0.98 * len(every), rates
    assert len(made) >= 120 and len(results) >= 10
    assert sum(pictures.pieces(case.grid) > 0 for case in made) >= 20  # regions in pieces
    assert {case.grid.n for case in made} >= {4, 20}


def test_a_region_in_two_pieces_reads_as_one(tmp_path: Path) -> None:
    # The example: region B in two pieces (the top row's and the bottom row's).
    grid = parse_grid("ABAB\nCCDD\nCCDD\nBBBB")
    image = tmp_path / "g.png"
    image.write_bytes(puzzle_png(grid, None, size=300))
    assert str(read_grid(image.read_bytes())) == str(grid)


def test_thin_grid_lines_and_dark_mode_read_back() -> None:
    # The misreads: a 9 x 9 grid with grid lines of grey 90 and a light grey
    # region (was read as 8 x 8), a 6 x 6 dark-mode grid with lines of grey 70 (16 x 16).
    rng = random.Random(36)
    grid, columns = pictures.grown(9, rng)
    colours = pictures.palette(9, rng)
    colours[0] = (225, 225, 225)
    look = pictures.Look(cell=48, colours=colours, grid_line=(90, 90, 90), border=(0, 0, 0))
    assert str(read_grid(pictures.png(pictures.board(grid, columns, look, rng)))) == str(grid)
    grid, columns = pictures.grown(6, rng)
    dark = pictures.Look(cell=56, page=(18, 18, 20), grid_line=(70, 70, 70), border=(0, 0, 0),
                         frame=(200, 200, 200), colours=pictures.palette(6, rng, lightness=(
                             0.3, 0.42, 0.54), saturation=0.5))  # fmt: skip
    assert str(read_grid(pictures.png(pictures.board(grid, columns, dark, rng)))) == str(grid)


def test_a_grid_without_solution_is_not_printed(tmp_path: Path) -> None:
    # Regions A and B are single cells side by side: no solution, so whatever the
    # picture holds, it is not printed.
    grid = parse_grid("ABCCC\nCCCCC\nDDDDD\nEEEEE\nEEEEE")
    path = tmp_path / "none.png"
    path.write_bytes(puzzle_png(grid, None, size=300))
    done = subprocess.run(
        [sys.executable, "-m", "queens", "puzzle", "read", str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "grid read has no solution" in done.stderr and done.stderr.count("\n") == 1


def test_size_stars_marks_and_the_debug_image(tmp_path: Path) -> None:
    stars_grid = parse_grid((Path(__file__).parent / "data" / "stars-8.txt").read_text())
    path = tmp_path / "stars.png"
    path.write_bytes(puzzle_png(stars_grid, None, size=400))
    command = [sys.executable, "-m", "queens", "puzzle", "read", str(path)]
    done = subprocess.run([*command, "--stars", "2"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == f"{stars_grid}\n", done.stderr
    debug = tmp_path / "debug.png"
    done = subprocess.run(
        [*command, "--size", "9", "--debug-image", str(debug)], capture_output=True, text=True
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "the grid found is 8 x 8, not 9 x 9 (--size 9)" in done.stderr
    assert Image.open(debug).format == "PNG"  # drawn even though the read failed
    done = subprocess.run([*command, "--debug-image", "-"], capture_output=True, text=True)
    assert done.returncode == 2 and "--debug-image needs a file name" in done.stderr
    rng = random.Random(5)
    grid, columns = pictures.grown(7, rng)
    look = pictures.Look(cell=50, colours=pictures.palette(7, rng), grid_line=(255, 255, 255),
                         glyphs="qxa")  # fmt: skip
    path.write_bytes(pictures.png(pictures.board(grid, columns, look, rng)))
    done = subprocess.run([*command, "--marks"], capture_output=True, text=True)
    marks = pictures.marks_of(grid, columns, "qx")
    rows = "-".join(str(grid).split("\n"))
    assert done.returncode == 0 and done.stdout == f"{grid}\n#grid={rows}&marks={marks}\n"
    assert marks.count("q") == 3 and marks.count("x") >= 5


def test_the_guides_screenshot_reads_with_its_marks(tmp_path: Path) -> None:
    # docs/make_pictures.py draws the guide's screenshot and its --debug-image picture.
    import importlib.util

    script = Path(__file__).parent.parent / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shot, debug = module.make_read_pictures(tmp_path)
    reading = read_picture(shot.read_bytes())
    assert reading.grid is not None and str(reading.grid) == str(generate(7, 3))
    assert reading.marks is not None and reading.marks.count("q") == 2
    assert reading.marks.count("x") == 6 and Image.open(debug).format == "PNG"


def test_a_part_of_a_board_is_not_a_board() -> None:
    # Seven equally strong lines 40 pixels apart: six cells. Any fewer cells between two
    # of them have a line a cell beyond an end: open, never taken as a board alone.
    import numpy as np

    from queens.puzzle.read import _comb

    profile = np.zeros(300)
    profile[[10 + 40 * k for k in range(7)]] = 100.0
    combs = _comb(profile, profile, 40.0)
    assert combs[6].closed and round(combs[6].pitch) == 40 and round(combs[6].start) == 10
    assert all(not comb.closed for n, comb in combs.items() if n < 6)
