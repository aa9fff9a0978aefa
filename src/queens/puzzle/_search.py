"""The propagating search of the region puzzle (one star, or queen, a row, column and
region): a private part of ``queens.puzzle.solve``.

The search keeps, for every row, the columns where a queen may still stand as a
bitmask.  After each queen it propagates: a row, column or region with no cell left is
a dead end, one with a single cell gets its queen.  When nothing is forced it branches
on the row, column or region with the fewest cells left, trying them left to right,
top to bottom.  Its inputs are plain data (n and a region index per cell), so another
engine (the compiled kernel) can take the same problem.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from queens.engines.counting.kernel import StopFlag, check_stop
from queens.engines.matching import matched
from queens.puzzle.grid import Grid

Square = tuple[int, int]


class Contradiction(Exception):
    """Givens that no solution can hold (two queens in a line, touching, on an excluded cell)."""


@dataclass
class State:
    """Where queens may still go: ``cand[row]`` is a bitmask of columns; ``queen[row]`` is
    the column of the queen placed in that row, or -1.

    A cell leaves ``cand`` when a queen is placed in its row, column or region, or next
    to it.  ``regions_done`` is a bitmask of the regions holding a queen.
    """

    grid: Grid
    cand: list[int]
    queen: list[int]
    regions_done: int = 0

    @classmethod
    def start(cls, grid: Grid) -> State:
        full = (1 << grid.n) - 1
        return cls(grid, [full] * grid.n, [-1] * grid.n)

    def copy(self) -> State:
        return State(self.grid, self.cand.copy(), self.queen.copy(), self.regions_done)

    def place(self, row: int, col: int) -> None:
        """A queen at (row, col): its row, column, region and neighbours lose their cells."""
        grid = self.grid
        region = grid.region(row, col)
        self.queen[row] = col
        self.regions_done |= 1 << region
        self.cand[row] = 0
        keep = ~(1 << col)
        around = ~((7 << col) >> 1)
        masks = grid.region_masks[region]
        cand = self.cand
        for r in range(grid.n):
            cand[r] &= keep & ~masks[r]
        if row > 0:
            cand[row - 1] &= around
        if row + 1 < grid.n:
            cand[row + 1] &= around

    def exclude(self, row: int, col: int) -> None:
        self.cand[row] &= ~(1 << col)

    def is_candidate(self, row: int, col: int) -> bool:
        return bool(self.cand[row] >> col & 1)

    @property
    def solved(self) -> bool:
        return -1 not in self.queen

    @property
    def columns_done(self) -> int:
        done = 0
        for col in self.queen:
            if col >= 0:
                done |= 1 << col
        return done

    def row_cells(self, row: int) -> list[Square]:
        return [(row, c) for c in bits(self.cand[row])]

    def column_cells(self, col: int) -> list[Square]:
        bit = 1 << col
        return [(r, col) for r, mask in enumerate(self.cand) if mask & bit]

    def region_cells(self, region: int) -> list[Square]:
        # (the explanations' look-aheads list units millions of times: rows of the
        # region with no cell left are skipped before any cell is listed)
        cand = self.cand
        return [
            (r, c)
            for r, mask in enumerate(self.grid.region_masks[region])
            if (here := cand[r] & mask)
            for c in bits(here)
        ]

    def empty_unit(self) -> tuple[str, int] | None:
        """The first row, column or region without a queen and with no cell left (in the
        order of ``open_units``), or None: from the masks, listing no cell."""
        cand, queen = self.cand, self.queen
        for row, mask in enumerate(cand):
            if queen[row] < 0 and not mask:
                return "row", row
        seen = self.columns_done
        for mask in cand:
            seen |= mask
        if seen != (1 << self.grid.n) - 1:
            return "column", (~seen & (seen + 1)).bit_length() - 1
        for region, masks in enumerate(self.grid.region_masks):
            if not self.regions_done >> region & 1 and not any(map(int.__and__, cand, masks)):
                return "region", region
        return None

    def open_units(self) -> Iterator[tuple[str, int, list[Square]]]:
        """Each row, column and region without a queen, with its cells left."""
        n = self.grid.n
        for row in range(n):
            if self.queen[row] < 0:
                yield "row", row, self.row_cells(row)
        done = self.columns_done
        for col in range(n):
            if not done >> col & 1:
                yield "column", col, self.column_cells(col)
        for region in range(n):
            if not self.regions_done >> region & 1:
                yield "region", region, self.region_cells(region)


def bits(mask: int) -> Sequence[int]:
    """The set bits of ``mask``, lowest first."""
    if mask < _SMALL_MASKS:
        return _small_bits(mask)
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_SMALL_MASKS = 1 << 16
"""Masks below this (the lines of grids up to 16 x 16) have their bits kept once found:
the explanations' look-aheads take the bits of the same few masks millions of times."""


@cache
def _small_bits(mask: int) -> tuple[int, ...]:
    return tuple(index for index in range(mask.bit_length()) if mask >> index & 1)


def given_state(
    grid: Grid, queens: Iterable[Square] = (), excluded: Iterable[Square] = ()
) -> State:
    """The start of a search with some queens placed and some cells ruled out.

    Raises ``Contradiction`` when the queens cannot stand together.
    """
    state = State.start(grid)
    for row, col in excluded:
        state.exclude(row, col)
    for row, col in sorted(set(queens)):
        if not state.is_candidate(row, col):
            raise Contradiction(f"the queen at row {row + 1}, column {col + 1} cannot stand")
        state.place(row, col)
    return state


def propagate(state: State) -> list[Square] | None:
    """Place every forced queen and clear what confined regions rule out; None at a dead
    end, else the cells of the unit to branch on (the open row or region with the fewest
    cells; [] when solved)."""
    while True:
        cells = _forced_or_branch(state)
        if cells is None or not cells:
            return cells
        if len(cells) == 1:
            state.place(*cells[0])
        elif not _confine(state):
            return cells if _matchable(state) else None


def _forced_or_branch(state: State) -> list[Square] | None:
    """None at a dead end (an open row, column or region without a cell); else a forced
    cell alone, or the cells of the smallest open row or region ([] when every row has
    its queen).  Counted with bitmasks; only the cells returned are listed."""
    grid = state.grid
    cand = state.cand
    once = twice = 0
    best_size = grid.n + 1
    best: tuple[str, int] | None = None
    for row in range(grid.n):
        if state.queen[row] >= 0:
            continue
        mask = cand[row]
        size = mask.bit_count()
        if size == 0:
            return None
        if size == 1:
            return [(row, mask.bit_length() - 1)]
        if size < best_size:
            best_size, best = size, ("row", row)
        twice |= once & mask
        once |= mask
    if best is None:
        return []
    open_columns = ~state.columns_done & ((1 << grid.n) - 1)
    if open_columns & ~once:
        return None
    single = open_columns & ~twice
    if single:
        col = (single & -single).bit_length() - 1
        return state.column_cells(col)
    for region in range(grid.n):
        if state.regions_done >> region & 1:
            continue
        size = 0
        for row, mask in grid.region_rows[region]:
            size += (cand[row] & mask).bit_count()
        if size == 0:
            return None
        if size < best_size:
            best_size, best = size, ("region", region)
            if size == 1:
                break
    kind, index = best
    return state.row_cells(index) if kind == "row" else state.region_cells(index)


def _confine(state: State) -> bool:
    """Clear a line outside a region lying within it (the region's queen is on that line);
    whether anything was cleared."""
    grid = state.grid
    cand = state.cand
    changed = False
    for region in range(grid.n):
        if state.regions_done >> region & 1:
            continue
        masks = grid.region_masks[region]
        rows = [r for r in range(grid.n) if cand[r] & masks[r]]
        if len(rows) == 1:
            row = rows[0]
            if cand[row] & ~masks[row]:
                cand[row] &= masks[row]
                changed = True
        columns = 0
        for r in rows:
            columns |= cand[r] & masks[r]
        if columns and not columns & (columns - 1):
            for r in range(grid.n):
                if cand[r] & columns and not masks[r] & columns:
                    cand[r] &= ~columns
                    changed = True
    return changed


def _matchable(state: State) -> bool:
    """Whether the open regions can take one open row each and one open column each
    (a perfect matching; none means some k regions lie within fewer than k lines)."""
    grid = state.grid
    open_regions = [g for g in range(grid.n) if not state.regions_done >> g & 1]
    rows = []
    columns = []
    for region in open_regions:
        masks = grid.region_masks[region]
        row_mask = 0
        column_mask = 0
        for r in range(grid.n):
            here = state.cand[r] & masks[r]
            if here:
                row_mask |= 1 << r
                column_mask |= here
        rows.append(row_mask)
        columns.append(column_mask)
    return _perfect(rows) and _perfect(columns)


def _perfect(options: list[int]) -> bool:
    """Whether every item can have its own line, ``options[i]`` a bitmask of item i's lines
    (Kuhn's augmenting paths, ``queens.engines.matching``; the items with fewest lines first)."""
    ordered = sorted(options, key=int.bit_count)
    return all(matched([list(bits(mask)) for mask in ordered]))


def search(state: State, stop: StopFlag | None = None) -> Iterator[list[int]]:
    """Every solution reachable from ``state`` (which it changes), as columns by row;
    ``Stopped`` once ``stop`` is set (looked at each node)."""
    check_stop(stop)
    branch = propagate(state)
    if branch is None:
        return
    if not branch:
        yield state.queen.copy()
        return
    for row, col in branch:
        child = state.copy()
        child.place(row, col)
        yield from search(child, stop)
        state.exclude(row, col)  # the later branches are the solutions without this queen
