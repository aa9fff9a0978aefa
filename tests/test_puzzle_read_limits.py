"""The picture reader's limits, checked before a picture is decoded: a side, the pixels
in all, and the least size a board can have (issue 39: these kill injected bugs of
``scripts/mutate.py`` in the rewritten reader)."""

from __future__ import annotations

import io
import struct
import zlib

import pytest

from web_support import require

require("PIL", "numpy", why="install queens-toolkit[read]")

from PIL import Image  # noqa: E402

from queens.puzzle.read import MAX_PIXELS, MAX_SIDE, MIN_CELL, ReadError, read_grid  # noqa: E402


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` x ``height`` pixels and holds none: enough for the
    checks made before decoding, and refused as unreadable past them."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


def refusal(data: bytes) -> str:
    with pytest.raises(ReadError) as caught:
        read_grid(data)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("width", "height"),
    [(MAX_SIDE + 1, 100), (100, MAX_SIDE + 1), (MAX_SIDE, MAX_PIXELS // MAX_SIDE + 1)],
)
def test_a_picture_past_a_side_or_the_pixels_in_all_is_refused_undecoded(
    width: int, height: int
) -> None:
    assert f"the picture is {width} x {height} pixels, over" in refusal(png_header(width, height))


def test_a_picture_within_the_limits_gets_past_them() -> None:
    # The same header within every limit: refused later, as unreadable, not as too big.
    assert "not a picture Pillow can read" in refusal(png_header(MAX_SIDE, 100))


@pytest.mark.parametrize(("width", "height"), [(600, 4 * MIN_CELL - 1), (4 * MIN_CELL - 1, 600)])
def test_a_picture_too_thin_for_a_board_says_so(width: int, height: int) -> None:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    message = refusal(out.getvalue())
    assert message == f"no board found: the picture is only {width} x {height} pixels"
