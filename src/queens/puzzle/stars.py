"""Star Battle with k stars: k stars in every row, column and region, no two touching.

The region puzzle with ``stars=1`` is the "Queens" puzzle of ``queens.puzzle.solve``;
puzzle books and championships play 2 stars on 10 x 10 grids, 3 on 14 x 14 and more.  The
grid text is the same (one letter a cell naming its region); a solution is the columns of
each row's stars, ``rows[r]`` a sorted tuple of k columns (0-based).

>>> from queens.puzzle.grid import parse_grid
>>> grid = parse_grid('''
... AAABBCCC
... AABBCCCC
... AAABBCCD
... EABBBDDD
... EEFFGHDD
... EFFFGHHH
... EFFGGHHH
... EFFFGHHH
... '''.strip())
>>> verdict = solve(grid, stars=2)
>>> verdict.rows, verdict.unique
(((1, 3), (5, 7), (1, 3), (5, 7), (0, 2), (4, 6), (0, 2), (4, 6)), True)
>>> count(grid, stars=2)
1

Limits, checked before any work: k from 1 to ``MAX_STARS``, and for k > 1 grids up to
``MAX_STARS_N`` rows.  A grid that cannot hold k stars a row (a 2 x 2 block holds at
most one star, so an n x n grid holds at most ceil(n/2)^2; 2 stars need n >= 7) or with a
region that cannot (``impossible``) simply has no solution.

Engines: the compiled kernel's propagating search (``count_stars``, in
``src/kernel/stars_search.c``) counts and finds the first solution; its row-by-row counter
(``count_rows``, ``src/kernel/stars.c``) is the second engine; without the kernel, and for
every solution in turn, this module's propagating search does.  All are checked against a
plain brute force in the tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from queens.engines.counting import kernel as counting_kernel
from queens.puzzle.grid import NAMES, Grid

MAX_STARS = 6
"""The most stars a row, column and region (as StarBattleLab and puzzle books go)."""

MAX_STARS_N = 25
"""The largest grid with more than one star a row."""

Rows = tuple[tuple[int, ...], ...]
"""A solution: ``rows[r]`` the sorted columns of row r's stars."""


class StarsError(ValueError):
    """A request outside the documented limits (stars, grid size).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> try:
    ...     count(grid, stars=7)
    ... except StarsError as error:
    ...     print(error)
    stars must be 1 to 6, got 7
    """


def check_limits(grid: Grid, stars: int) -> None:
    """Raise ``StarsError`` (one line) unless ``stars`` and the grid are within limits.

    >>> from queens.puzzle.grid import parse_grid
    >>> check_limits(parse_grid("A"), 7)
    Traceback (most recent call last):
    ...
    queens.puzzle.stars.StarsError: stars must be 1 to 6, got 7
    """
    if not 1 <= stars <= MAX_STARS:
        raise StarsError(f"stars must be 1 to {MAX_STARS}, got {stars}")
    if stars > 1 and grid.n > MAX_STARS_N:
        raise StarsError(
            f"a {grid.n} x {grid.n} grid: grids with {stars} stars are limited to "
            f"n <= {MAX_STARS_N}"
        )


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


def impossible(grid: Grid, stars: int) -> str | None:
    """Why no placement of ``stars`` a row can exist, whatever the regions' shapes
    (too small a grid, a region too small for its stars), or None when it may.

    >>> from queens.puzzle.grid import parse_grid
    >>> impossible(parse_grid("AABB\\nAABB\\nCCDD\\nCCDD"), 2)
    'a 4 x 4 grid holds at most 4 stars with none touching (a 2 x 2 block holds one), 8 needed'
    """
    n = grid.n
    most = ((n + 1) // 2) ** 2
    if most < n * stars:
        return (
            f"a {n} x {n} grid holds at most {most} stars with none touching "
            f"(a 2 x 2 block holds one), {n * stars} needed"
        )
    for region, masks in enumerate(grid.region_masks):
        room = min(capacity(masks), capacity(_transpose(masks, n)))
        if room < stars:
            return (
                f"region {grid.names[region]} holds at most {room} "
                f"star{'s' if room != 1 else ''} with none touching, {stars} needed"
            )
    return None


def _transpose(masks: Sequence[int], n: int) -> list[int]:
    return [sum(1 << r for r in range(n) if masks[r] >> c & 1) for c in range(n)]


def problem(grid: Grid, stars: int, rows: Sequence[Sequence[int]]) -> str | None:
    """Why ``rows`` is not a solution with ``stars`` a row (1-based, for people), or None."""
    n = grid.n
    if len(rows) != n:
        return f"{len(rows)} rows of stars for {n} rows"
    cells = []
    for row, columns in enumerate(rows):
        if len(set(columns)) != stars:
            return f"row {row + 1}: {len(set(columns))} stars, {stars} needed"
        for col in columns:
            if not 0 <= col < n:
                return f"row {row + 1}: column {col + 1} is off the grid"
            cells.append((row, col))
    for col in range(n):
        held = sum(1 for r, c in cells if c == col)
        if held != stars:
            return f"column {col + 1}: {held} stars, {stars} needed"
    for region, name in enumerate(grid.names):
        held = sum(1 for r, c in cells if grid.region(r, c) == region)
        if held != stars:
            return f"region {name}: {held} stars, {stars} needed"
    for i, (r1, c1) in enumerate(cells):
        for r2, c2 in cells[i + 1 :]:
            if max(abs(r1 - r2), abs(c1 - c2)) <= 1:
                return (
                    f"the stars at row {r1 + 1}, column {c1 + 1} and "
                    f"row {r2 + 1}, column {c2 + 1} touch"
                )
    return None


def board(grid: Grid, rows: Sequence[Sequence[int]]) -> str:
    """The grid with a star (``*``) in each solution cell, cells separated by spaces.

    >>> from queens.puzzle.grid import parse_grid
    >>> print(board(parse_grid("AB\\nBA"), [[0], [1]]))
    * B
    B *
    """
    lines = []
    for row, text in enumerate(grid.rows()):
        cells = list(text)
        for col in rows[row]:
            cells[col] = "*"
        lines.append(" ".join(cells))
    return "\n".join(lines)


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
        return min(capacity(rows), capacity(_transpose(rows, self.n)))


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


def propagate(state: StarState) -> int | None:
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


def search(state: StarState) -> Iterator[Rows]:
    """Every solution reachable from ``state`` (which it changes), each once."""
    while True:
        unit = propagate(state)
        if unit is None:
            return
        if unit < 0:
            yield state.rows()
            return
        cell = (state.free(unit) & -state.free(unit)).bit_length() - 1
        child = state.copy()
        child.place(cell)
        yield from search(child)
        state.cand &= ~(1 << cell)  # the rest: the solutions without this star


@dataclass(frozen=True)
class StarVerdict:
    """A solution (``rows``, or None) and whether it is the only one.

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> verdict = solve(grid, stars=2)
    >>> verdict.rows[:2], verdict.unique
    (((1, 3), (5, 7)), True)
    """

    rows: Rows | None
    unique: bool


class _Problem:
    """A grid and a number of stars, checked against the limits."""

    def __init__(self, grid: Grid, stars: int) -> None:
        check_limits(grid, stars)
        self.grid = grid
        self.stars = stars

    @cached_property
    def hopeless(self) -> bool:
        return impossible(self.grid, self.stars) is not None

    def kernel(self, limit: int) -> tuple[int, Rows | None, Rows | None] | None:
        """(count up to limit, first solution, last solution found) by the compiled kernel,
        or None without it."""
        found = counting_kernel.count_stars(self.grid.n, self.stars, bytes(self.grid.cells), limit)
        return _found(found)

    def kernel_rows(self, limit: int) -> tuple[int, Rows | None, Rows | None] | None:
        """``kernel`` by the kernel's row-by-row counter (the second engine)."""
        found = counting_kernel.count_stars_rows(
            self.grid.n, self.stars, bytes(self.grid.cells), limit
        )
        return _found(found)


def _found(
    found: tuple[int, tuple[int, ...] | None, tuple[int, ...] | None] | None,
) -> tuple[int, Rows | None, Rows | None] | None:
    if found is None:
        return None
    total, first, last = found
    if first is None or last is None:
        return total, None, None
    return total, rows_of_masks(first), rows_of_masks(last)


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
    for rows in search(state):
        total += 1
        first = first or rows
        last = rows
        if total == limit:
            break
    return total, first, last


def solutions(grid: Grid, stars: int = 2) -> Iterator[Rows]:
    """Every solution with ``stars`` a row, column and region (the propagating search).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> next(solutions(grid, stars=2))[:3]
    ((1, 3), (5, 7), (1, 3))
    """
    task = _Problem(grid, stars)
    if task.hopeless:
        return
    yield from search(StarState.start(Units(grid), stars))


def count(grid: Grid, stars: int = 2, limit: int | None = None) -> int:
    """How many solutions, counting no further than ``limit`` (the kernel when there).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> count(grid, stars=2), count(grid, stars=1)
    (1, 694)
    """
    task = _Problem(grid, stars)
    if task.hopeless:
        return 0
    found = task.kernel(limit or 0)
    if found is not None:
        return found[0]
    total = 0
    for _ in search(StarState.start(Units(grid), stars)):
        total += 1
        if total == limit:
            break
    return total


def count_rows(grid: Grid, stars: int = 2, limit: int | None = None) -> int | None:
    """``count`` by the kernel's other engine, its row-by-row counter (the second engine
    that checks generated grids); None without the kernel."""
    task = _Problem(grid, stars)
    if task.hopeless:
        return 0
    found = task.kernel_rows(limit or 0)
    return None if found is None else found[0]


ROWS_BUDGET = 30_000_000
"""Candidate stars the second engine (the kernel's row-by-row counter, about 35 million a
second) tries on one image of a grid before the next image (``unique_by_rows``): its time
depends on the grid's direction (one 14 x 14 2-star grid took 78 s one way, 0.03 s
others)."""


def unique_by_rows(
    grid: Grid, stars: int, stop: counting_kernel.StopFlag | None = None
) -> bool | None:
    """Whether the grid has exactly one solution by the second engine, the kernel's
    row-by-row counter: on the grid, then (past ``ROWS_BUDGET``) on it upside down,
    transposed and both; False also when no image is counted within the budget, None
    without the kernel."""
    n = grid.n
    rows = [grid.cells[r * n : (r + 1) * n] for r in range(n)]
    images = (rows, rows[::-1], list(zip(*rows, strict=True)), list(zip(*rows[::-1], strict=True)))
    for image in images:
        try:
            found = counting_kernel.count_stars_rows(
                n, stars, bytes(v for row in image for v in row), 2, stop, ROWS_BUDGET
            )
        except counting_kernel.OverBudget:
            continue
        return None if found is None else found[0] == 1
    return False


def solve(grid: Grid, stars: int = 2) -> StarVerdict:
    """The first solution and whether another exists (the search stops at the second).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("\\n".join([
    ...     "AAABBCCC", "AABBCCCC", "AAABBCCD", "EABBBDDD",
    ...     "EEFFGHDD", "EFFFGHHH", "EFFGGHHH", "EFFFGHHH",
    ... ]))
    >>> solve(grid, stars=2).unique
    True
    """
    task = _Problem(grid, stars)
    if task.hopeless:
        return StarVerdict(None, unique=False)
    found = task.kernel(2)
    if found is not None:
        total, first, _ = found
        return StarVerdict(first, unique=total == 1)
    return solve_python(grid, stars)


def sample(grid: Grid, stars: int, limit: int) -> tuple[int, list[Rows]]:
    """How many solutions up to ``limit``, and up to two different ones of them."""
    task = _Problem(grid, stars)
    if task.hopeless:
        return 0, []
    found = task.kernel(limit)
    if found is not None:
        total, first, last = found
        shown = [] if first is None or last is None else [first, last][: min(total, 2)]
        return total, shown
    shown = []
    total = 0
    for rows in search(StarState.start(Units(grid), stars)):
        total += 1
        if len(shown) < 2:
            shown.append(rows)
        if total == limit:
            break
    return total, shown


def solve_python(grid: Grid, stars: int = 2) -> StarVerdict:
    """``solve`` by the propagating search alone (the second engine of the tests and
    the generator)."""
    _Problem(grid, stars)
    found = search(StarState.start(Units(grid), stars))
    first = next(found, None)
    if first is None:
        return StarVerdict(None, unique=False)
    return StarVerdict(first, unique=next(found, None) is None)


__all__ = [
    "MAX_STARS",
    "MAX_STARS_N",
    "StarVerdict",
    "StarsError",
    "board",
    "check_limits",
    "count",
    "solutions",
    "solve",
]
