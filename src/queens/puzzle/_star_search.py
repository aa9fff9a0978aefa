"""The propagating search of Star Battle with k stars (k >= 2; the 1-star region puzzle's
own search is ``queens.puzzle._search``): a private part of ``queens.puzzle.solve``.

The search keeps the open cells as one mask over the grid (bit ``r * n + c``).  After each
star it propagates: a unit (row, column, region) with as many open cells as stars left
takes them all, one with fewer, or with too little room for its stars none touching
(``capacity``), is a dead end.  It branches on the first open cell of the most
constrained unit: the star there, then the same node without that cell.  Without the
compiled kernel it is the engine; with it, the second engine of the tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from queens.engines.counting.kernel import StopFlag, check_stop
from queens.puzzle.grid import NAMES, Grid

Rows = tuple[tuple[int, ...], ...]
"""A solution: ``rows[r]`` the sorted columns of row r's stars."""


def spread(mask: int) -> int:
    """The most columns of ``mask`` that can be taken with no two adjacent.

    >>> spread(0b1111), spread(0b10101), spread(0)
    (2, 3, 0)
    """
    count = 0
    while mask:
        low = mask & -mask
        count += 1
        mask &= ~(low | low << 1)
    return count


def capacity(rows: Sequence[int]) -> int:
    """An upper bound on the stars that fit, none touching, in the cells ``rows[r]``
    (a column mask a row): a band of two rows holds no two stars in the same or
    neighbouring columns, so each band (rows 0-1, 2-3, ...) holds at most the spread of
    its columns.  Exact for one line.

    >>> capacity([0b11, 0b11])  # a 2 x 2 block holds at most one star
    1
    >>> capacity([0b101, 0, 0b101])
    4
    """
    total = 0
    for top in range(0, len(rows), 2):
        band = rows[top] | (rows[top + 1] if top + 1 < len(rows) else 0)
        total += spread(band)
    return total


def transpose(masks: Sequence[int], n: int) -> list[int]:
    return [sum(1 << r for r in range(n) if masks[r] >> c & 1) for c in range(n)]


def columns_of(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(mask.bit_length()) if mask >> c & 1)


def rows_of_masks(masks: Sequence[int]) -> Rows:
    """A solution from its column masks, one a row."""
    return tuple(columns_of(mask) for mask in masks)


# ---- the propagating search ---------------------------------------------------------


class Units:
    """A grid's rows, columns and regions as masks over its cells (bit ``r * n + c``),
    with each cell's king neighbourhood: the fixed data of a search."""

    def __init__(self, grid: Grid) -> None:
        n = grid.n
        self.grid = grid
        self.n = n
        self.cell_bytes = bytes(grid.cells)
        full = (1 << n) - 1
        rows = [full << (r * n) for r in range(n)]
        column = sum(1 << (r * n) for r in range(n))
        columns = [column << c for c in range(n)]
        regions = [0] * n
        for index, region in enumerate(grid.cells):
            regions[region] |= 1 << index
        self.masks: list[int] = rows + columns + regions
        self.kinds = ["row"] * n + ["column"] * n + ["region"] * n
        self.cell_units: list[tuple[int, int, int]] = [
            (index // n, n + index % n, 2 * n + grid.cells[index]) for index in range(n * n)
        ]
        self.around: list[int] = []
        for index in range(n * n):
            r, c = divmod(index, n)
            near = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        near |= 1 << ((r + dr) * n + c + dc)
            self.around.append(near)

    @cached_property
    def areas(self) -> list[int]:
        """Each unit's cells with their neighbours and the cells of their rows, columns
        and regions: what decides the ways the unit can take its stars."""
        areas = []
        for mask in self.masks:
            area = 0
            for cell in bit_indexes(mask):
                area |= self.around[cell]
                for other in self.cell_units[cell]:
                    area |= self.masks[other]
            areas.append(area)
        return areas

    def name(self, unit: int) -> str:
        """A unit for people: ``row 3``, ``column 5``, ``region B``."""
        n = self.n
        kind = self.kinds[unit]
        if kind == "region":
            return f"region {self.grid.names[unit - 2 * n]}"
        return f"{kind} {unit % n + 1}"

    def rows_of(self, cells: int) -> list[int]:
        """``cells`` as a column mask a row."""
        n = self.n
        full = (1 << n) - 1
        return [(cells >> (r * n)) & full for r in range(n)]

    def room(self, cells: int, unit: int) -> int:
        """An upper bound on the stars ``cells`` (within ``unit``) hold, none touching."""
        kind = self.kinds[unit]
        if kind == "row":
            return spread(cells >> ((unit % self.n) * self.n))
        rows = self.rows_of(cells)
        if kind == "column":
            return spread(sum(1 << r for r, mask in enumerate(rows) if mask))
        return min(capacity(rows), capacity(transpose(rows, self.n)))


@dataclass
class StarState:
    """Where stars may still go (``cand``, a cell mask), the stars placed (``stars``) and
    each unit's count of them."""

    units: Units
    stars_per_unit: int
    cand: int
    stars: int
    held: list[int]

    @classmethod
    def start(cls, units: Units, stars: int) -> StarState:
        n = units.n
        return cls(units, stars, (1 << (n * n)) - 1, 0, [0] * (3 * n))

    def copy(self) -> StarState:
        return StarState(self.units, self.stars_per_unit, self.cand, self.stars, self.held.copy())

    def place(self, cell: int) -> int:
        """A star on ``cell`` (an index): its neighbours and any unit it fills lose their
        candidates.  Returns the cells cleared."""
        units = self.units
        before = self.cand
        self.stars |= 1 << cell
        self.cand &= ~units.around[cell]
        for unit in units.cell_units[cell]:
            self.held[unit] += 1
            if self.held[unit] == self.stars_per_unit:
                self.cand &= ~units.masks[unit]
        return before & ~self.cand & ~(1 << cell)

    @property
    def solved(self) -> bool:
        return self.stars.bit_count() == self.units.n * self.stars_per_unit

    def rows(self) -> Rows:
        return tuple(columns_of(mask) for mask in self.units.rows_of(self.stars))

    def need(self, unit: int) -> int:
        return self.stars_per_unit - self.held[unit]

    def free(self, unit: int) -> int:
        return self.cand & self.units.masks[unit]

    def dead_unit(self) -> int | None:
        """A unit that can no longer get its stars (too few cells, or too little room), or
        None."""
        for unit in range(3 * self.units.n):
            need = self.need(unit)
            if need and self.units.room(self.free(unit), unit) < need:
                return unit
        return None


def bit_indexes(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def star_propagate(state: StarState) -> int | None:
    """Place every forced star (a unit with as many cells as stars left); None at a dead
    end, else a unit to branch on (-1 when solved)."""
    units = state.units
    while True:
        best = -1
        best_size = 1 << 30
        forced = 0
        for unit in range(3 * units.n):
            need = state.need(unit)
            if not need:
                continue
            free = state.free(unit)
            size = free.bit_count()
            if size < need:
                return None
            if size == need:
                forced = free
                break
            if size - need < best_size:
                best, best_size = unit, size - need
        if forced:
            for cell in bit_indexes(forced):
                if not state.cand >> cell & 1:
                    return None  # two of the unit's last cells touch
                state.place(cell)
            continue
        if best < 0:
            return -1 if state.solved else None
        if state.dead_unit() is not None:
            return None
        return best


def star_search(state: StarState, stop: StopFlag | None = None) -> Iterator[Rows]:
    """Every solution reachable from ``state`` (which it changes), each once; ``Stopped``
    once ``stop`` is set (looked at each node)."""
    while True:
        check_stop(stop)
        unit = star_propagate(state)
        if unit is None:
            return
        if unit < 0:
            yield state.rows()
            return
        cell = (state.free(unit) & -state.free(unit)).bit_length() - 1
        child = state.copy()
        child.place(cell)
        yield from star_search(child, stop)
        state.cand &= ~(1 << cell)  # the rest: the solutions without this star


def star_probe(units: Units, stars: int, rng: random.Random) -> tuple[float, float]:
    """One random path down the search tree (Knuth's estimator): the nodes and the
    solutions it stands for.  Both children of a node on the path are propagated (each is
    a node of the tree); the path goes on into one of the live ones, and each node below
    weighs the product of the live children counted on the way."""
    state = StarState.start(units, stars)
    unit = star_propagate(state)
    nodes = weight = 1.0
    while unit is not None:
        if unit < 0:
            return nodes, weight
        free = state.free(unit)
        cell = (free & -free).bit_length() - 1
        star = state.copy()
        star.place(cell)
        state.cand &= ~(1 << cell)
        live = []
        for child in (star, state):
            nodes += weight
            branch = star_propagate(child)
            if branch is not None:
                live.append((child, branch))
        if not live:
            break
        weight *= len(live)
        state, unit = rng.choice(live)
    return nodes, 0.0


def search_holes(
    n: int, stars: int, cells: Sequence[int], limit: int, star: int, hole: int
) -> tuple[int, Rows | None, Rows | None]:
    """The solutions of a grid being made, whose cells may be ``hole`` (in no region, no
    star there), with a star on cell ``star`` unless it is -1, up to ``limit`` (0: all),
    and the first and last found: the propagating search without the kernel (the
    generator's, as ``search_stars`` is with it)."""
    grid = Grid(n, tuple(0 if v == hole else v for v in cells), tuple(NAMES[:n]))
    state = StarState.start(Units(grid), stars)
    for index, v in enumerate(cells):
        if v == hole:
            state.cand &= ~(1 << index)
    total, first, last = 0, None, None
    if star >= 0:
        if not state.cand >> star & 1:
            return 0, None, None
        state.place(star)
    for rows in star_search(state):
        total += 1
        first = first or rows
        last = rows
        if total == limit:
            break
    return total, first, last
