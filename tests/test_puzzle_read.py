"""A grid read from a picture: the project's own renderings at three sizes, as JPEG at
quality 70, inside a margin, with queens and crosses drawn; bad pictures refused with
one line; the command and the page's endpoint."""

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

from queens.puzzle.grid import Grid  # noqa: E402
from queens.puzzle.maker import generate, grow_regions, random_solution  # noqa: E402
from queens.puzzle.read import ReadError, read_grid  # noqa: E402
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
    """A grid of n regions grown at random (past 12 the palette's colours repeat)."""
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
    with pytest.raises(ReadError, match=r"^the picture's 7 x 7 cells do not make 7 regions$"):
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
    with pytest.raises(ReadError, match="no n x n grid with n regions found"):
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
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"queens: error: picture '{path}': no board found")
    assert done.stderr.count("\n") == 1


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
