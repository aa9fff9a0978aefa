"""The looks of a generated one-star grid: how the regions' chances of growing are
weighed while they grow (``queens.puzzle.generate``'s step 2).

- ``even`` (``None`` here): every region's chance falls with its size (the generator's
  own weighing, untouched, so the shipped levels and the dailies draw as they always
  have): even random blobs, often with 2-cell regions.
- ``background``: one region, drawn at random, grows with a chance that does not fall
  with its size, up to ``BACKGROUND_SHARE`` of the board: the large region the others
  sit in, as many published levels have.  The other regions grow round rather than
  stringy (a cell touching a region on more sides is likelier to join it) and a region
  of fewer than ``SMALL`` cells grows first, so 2-cell regions are rarer.

>>> import random
>>> shape = Background(8, random.Random(1))
>>> shape.owner, shape.cap(shape.owner, 19), shape.cap((shape.owner + 1) % 8, 19)
(2, 38, 19)
"""

from __future__ import annotations

import random

from queens.puzzle.grid import Grid

LOOKS = ("even", "background")
"""The looks ``generate`` takes (``even``: the default, the generator's own)."""

BACKGROUND_SHARE = 0.6
"""The largest share of the board the background region grows to (published 10 x 10
levels: largest region 0.34 of the board at the median, up to 0.71)."""

BACKGROUND_PULL = 8.0
"""The background's chance of taking a cell, against a one-cell region's 1 (times its
weight): constant, so it keeps growing while the others slow down."""

SMALL = 3
"""Regions below this size are drawn first (``SMALL_PULL`` times likelier)."""

SMALL_PULL = 40.0

ROUND = 2.0
"""How much likelier a cell is to join a region it touches on one more side."""


class Background:
    """The ``background`` look's weighing: one region (``owner``) the others sit in."""

    def __init__(self, n: int, rng: random.Random) -> None:
        self.owner = rng.randrange(n)
        self.big_cap = int(BACKGROUND_SHARE * n * n)

    def cap(self, owner: int, cap: int) -> int:
        """The most cells region ``owner`` grows to, where the others grow to ``cap``."""
        return max(cap, self.big_cap) if owner == self.owner else cap

    def chance(self, owner: int, size: int, weight: float, sides: int, balance: float) -> float:
        """The chance of region ``owner`` (of ``size`` cells and its own ``weight``) taking
        a free cell it touches on ``sides`` sides."""
        if owner == self.owner:
            return BACKGROUND_PULL * weight
        pull = SMALL_PULL if size < SMALL else 1.0
        return float(pull * ROUND ** (sides - 1) * weight / size**balance)


def shape_for(look: str, n: int, rng: random.Random) -> Background | None:
    """The weighing of ``look`` (None: the even look, the generator's own)."""
    if look == "even":
        return None
    if look == "background":
        return Background(n, rng)
    raise ValueError(f"unknown look {look!r} (choose from {', '.join(LOOKS)})")


def region_sizes(grid: Grid) -> list[int]:
    """The cells of each region."""
    sizes = [0] * grid.n
    for owner in grid.cells:
        sizes[owner] += 1
    return sizes


def largest_share(grid: Grid) -> float:
    """The largest region's share of the board.

    >>> from queens.puzzle.grid import parse_grid
    >>> largest_share(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
    0.3125
    """
    return max(region_sizes(grid)) / grid.n**2


def has_pair(grid: Grid) -> bool:
    """Whether a region has exactly two cells.

    >>> from queens.puzzle.grid import parse_grid
    >>> has_pair(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
    False
    """
    return 2 in region_sizes(grid)


def perimeter_per_area(grid: Grid) -> float:
    """The mean over regions of a region's perimeter (cell sides on its border, the board's
    edge included) over its area: 4 for a single cell, lower for rounder regions.

    >>> from queens.puzzle.grid import parse_grid
    >>> round(perimeter_per_area(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")), 3)
    2.333
    """
    n, cells = grid.n, grid.cells
    sides = [0] * n
    for index, owner in enumerate(cells):
        r, c = divmod(index, n)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < n and 0 <= cc < n) or cells[rr * n + cc] != owner:
                sides[owner] += 1
    sizes = region_sizes(grid)
    return sum(side / size for side, size in zip(sides, sizes, strict=True)) / n
