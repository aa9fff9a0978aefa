"""The puzzle page's region colours (queens.show.palette): over the 364 shipped levels no
two touching regions share a colour; every pair of palette colours differs by dE 15 or
more in normal vision and 8 or more under simulated deuteranopia and protanopia
(colorspacious: Machado 2009, full severity); black letters keep 4.5:1 and the hint
outlines of the page's style sheet 3:1 on every colour."""

from __future__ import annotations

import itertools
import re
from importlib import resources

from queens.puzzle.grid import parse_grid
from queens.puzzle.levels import CYCLE, levels
from queens.show.palette import PAGE_PALETTE, region_colors, touching_regions
from web_support import require

VIEWS = {
    "normal": (None, 15.0),
    "deuteranopia": ({"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100}, 8.0),
    "protanopia": ({"name": "sRGB1+CVD", "cvd_type": "protanomaly", "severity": 100}, 8.0),
}


def rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(2 * c for c in value)
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def luminance(colour: str) -> float:
    """WCAG's relative luminance."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_touching_regions_never_share_a_colour_in_the_shipped_levels() -> None:
    shipped = levels()
    assert len(shipped) == CYCLE == 364
    for level in shipped:
        colours = region_colors(level.grid)
        assert len(colours) == level.n and set(colours) <= set(PAGE_PALETTE)
        for region, near in enumerate(touching_regions(level.grid)):
            for other in near:
                assert colours[region] != colours[other], (level.number, region, other)


def test_a_corner_counts_as_touching() -> None:
    grid = parse_grid("AB\nBA")  # the two A cells meet B on sides; B's two cells by a corner
    assert touching_regions(grid) == [{1}, {0}]


def test_more_regions_than_colours_still_never_share_with_a_neighbour() -> None:
    # 24 regions, as 24 stripes: only each stripe's neighbours must differ.
    grid = parse_grid("\n".join(chr(ord("A") + row) * 24 for row in range(24)), max_n=24)
    colours = region_colors(grid)
    assert all(colours[row] != colours[row + 1] for row in range(23))


def test_every_pair_of_colours_stays_apart_in_normal_and_colour_blind_vision() -> None:
    require("colorspacious", why="pip install --group test")
    import colorspacious
    import numpy as np

    assert len(PAGE_PALETTE) >= 16 and len(set(PAGE_PALETTE)) == len(PAGE_PALETTE)
    colours = np.array([rgb(c) for c in PAGE_PALETTE])
    for name, (view, need) in VIEWS.items():
        seen = (
            colours
            if view is None
            else np.clip(colorspacious.cspace_convert(colours, view, "sRGB1"), 0, 1)
        )
        lab = colorspacious.cspace_convert(seen, "sRGB1", "CIELab")
        for i, j in itertools.combinations(range(len(PAGE_PALETTE)), 2):
            distance = float(np.linalg.norm(lab[i] - lab[j]))
            assert distance >= need, (name, PAGE_PALETTE[i], PAGE_PALETTE[j], distance)


def test_letters_and_hint_outlines_contrast_with_every_colour() -> None:
    style = (resources.files("queens.web") / "static" / "puzzle.css").read_text(encoding="utf-8")
    letter = re.search(r"\.cell \.name \{[^}]*; color: (#[0-9a-f]{3,6}); \}", style)
    assert letter is not None
    outlines = re.findall(r"\.cell\.hint-(\w+) \{ outline: \d+px \w+ (#[0-9a-f]{3,6});", style)
    assert {kind for kind, _ in outlines} == {"focus", "place", "clear"}
    for colour in PAGE_PALETTE:
        assert contrast(letter.group(1), colour) >= 4.5, colour
        for kind, ink in outlines:
            assert contrast(ink, colour) >= 3, (kind, colour)


def test_the_examples_hold() -> None:
    import doctest

    from queens.show import palette

    result = doctest.testmod(palette)
    assert result.attempted > 0 and result.failed == 0
