"""The region puzzle page's colours: a 20-colour palette, and each region's colour chosen
by colouring the region graph, so two regions that touch (by a side or a corner) never
share a colour.

The palette comes from ``docs/tools/region_palette.py``: every pair of its colours differs
by a CIE76 dE of 15 or more in normal vision and 8 or more under simulated deuteranopia and
protanopia (Machado 2009, full severity), and each is light enough for black text (4.5:1) and
outlines (3:1) (``tests/test_palette.py`` measures all of it).  Every
cell also carries its region's letter, for grayscale and print.

>>> from queens.puzzle.grid import parse_grid
>>> region_colors(parse_grid("AAB\\nCAB\\nCCB"))
['#a5f0d2', '#a569a5', '#c3874b']
"""

from __future__ import annotations

from queens.puzzle.grid import Grid

PAGE_PALETTE = (
    "#a5f0d2",
    "#a569a5",
    "#c3874b",
    "#1ec3ff",
    "#969696",
    "#ffffa5",
    "#ffd2ff",
    "#0f875a",
    "#5a87d2",
    "#ffd2a5",
    "#96c378",
    "#1ec3c3",
    "#ffa5a5",
    "#ffffff",
    "#f0ffd2",
    "#c36969",
    "#5ac396",
    "#78a5d2",
    "#87782d",
    "#f096c3",
)
"""In the order picked (each the farthest from those before it), so a grid of few regions
gets the most distinct ones."""


def touching_regions(grid: Grid) -> list[set[int]]:
    """Each region's neighbours: the regions of the cells beside or diagonal to its own."""
    n = grid.n
    near: list[set[int]] = [set() for _ in range(n)]
    for row in range(n):
        for col in range(n):
            here = grid.region(row, col)
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                r, c = row + dr, col + dc
                if 0 <= r < n and 0 <= c < n and grid.region(r, c) != here:
                    near[here].add(grid.region(r, c))
                    near[grid.region(r, c)].add(here)
    return near


def region_colors(grid: Grid) -> list[str]:
    """A palette colour for each region (DSATUR order: the region with the most differently
    coloured neighbours next, ties to the most neighbours, then the lowest), the first not
    taken by any region while some are left, else the first none of its neighbours has."""
    near = touching_regions(grid)
    colour: dict[int, int] = {}
    while len(colour) < grid.n:
        region = max(
            (r for r in range(grid.n) if r not in colour),
            key=lambda r: (len({colour[o] for o in near[r] if o in colour}), len(near[r]), -r),
        )
        taken = set(colour.values())
        beside = {colour[o] for o in near[region] if o in colour}
        free = [i for i in range(len(PAGE_PALETTE)) if i not in taken]
        colour[region] = free[0] if free else min(set(range(len(PAGE_PALETTE))) - beside)
    return [PAGE_PALETTE[colour[region]] for region in range(grid.n)]
