"""New puzzles: a random grid with exactly one solution, at a chosen difficulty.

1. A random solution (the *truth*): one queen a row and a column, no two touching.  Each
   queen is the first cell of its region.
2. The regions grow from those queens one cell at a time, the smaller regions more likely
   to grow (a region's chance falls with its size to the power ``BALANCE``, times a
   random weight of its own so that sizes still vary), none past ``LARGEST`` of the
   board; for easy grids some regions grow as bars along one line (``BARS``).  A free
   cell joins a region it touches only if no solution of the grid so far (free cells
   holding no queen) puts a queen on it: a search with that queen given, short because
   the queen is given (the compiled kernel's ``solve_regions`` when it is there, else
   ``queens.puzzle.solve``'s).  So the truth stays the only solution while the grid
   fills, and every region stays connected.
3. A cell that no touching region can take that way (each would let a second solution
   through it) joins the touching region letting in the fewest solutions.  Then, while a
   second solution exists, one of its queens off the truth moves to a neighbouring
   region (a region then holds two of its queens, so it dies); the moves that let no
   new solution in are taken first, else the one letting in the fewest (counted by the
   kernel), never one made before.  When no move is left, the cells at and around the
   second solution's queens are freed and grown again as in 2 (``REGROWS``).  A
   one-cell region takes a cell of a neighbour and is repaired the same way.
4. The grid is explained (``queens.puzzle.explain``) with the steps of the difficulty
   asked for.  Where the explanation stops (it would need a harder step), an open region's
   cells left are confined to the row or column of its queen in the truth: its other cells
   left move to touching regions, so a step of level 2 is there.  The change is kept if
   the explanation then gets further (else the next of ``EASE_TRIES`` regions is tried,
   else the next attempt starts), until it reaches the solution, which proves it the only
   one.  The grid is kept when its hardest step is the difficulty asked for (never a case
   split), else the next attempt starts.

The kernel's searches in 2 and 3 have budgets of queens placed (``SEARCH_BUDGET``,
``COUNT_BUDGET``, ``CHECK_BUDGET``): past its budget a search through a cell counts as
finding a solution, a count as the largest, and a check for a second solution gives the
attempt up; so no single search takes long, and an answer given is always exact.

Everything comes from ``random.Random(seed)``, and the budgets count steps, not time, so
a seed gives the same grid on every run of the same Python (with the compiled kernel, or
without it, throughout).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from queens.engines.counting import kernel
from queens.puzzle.explain import LEVELS, Explanation, apply, difficulty_name, explain
from queens.puzzle.grid import NAMES, Grid
from queens.puzzle.solve import Contradiction, Square, State, given_state, search, solutions

MIN_N = 5
"""The smallest size generated (4 x 4 has two solutions and few grids; below, none)."""

MAX_N = 16
"""The largest size generated (16 x 16: about a second at the median, seconds at worst, as
measured in the docs)."""

ATTEMPTS = 2000
"""Grids tried for one difficulty before giving up (a GenerateError): medium 5 x 5 grids
are rare, and 400 attempts missed them for some seeds."""

LARGEST = 0.3
"""The largest share of the board a region grows to (published grids: about 29 %)."""

LARGEST_REPAIRED = 0.36
"""The largest share a region reaches as the repairs move cells into it (at most 40 %)."""

BALANCE = 1.5
"""How strongly small regions are preferred as the regions grow: a region's chance of
taking the next cell goes as its weight / size ** BALANCE."""

SKEW = {"easy": 3.0, "medium": 2.0, "hard": 2.0}
"""How uneven the regions' own weights are (``random() ** skew``): a larger skew leaves
a few regions small, and small regions make easy deductions."""

BARS = {"easy": 1 / 3}
"""The share of regions grown as bars along one line, by difficulty: a region within one
line makes the first deduction of an easy grid (without bars, 10 x 10 and larger easy
grids are rare: none in 60 unique 10 x 10 grids, 8 with n / 3 bars)."""

WANTED = {"easy": (1, 2), "medium": (3, 3), "hard": (4, 5)}
"""The levels of the hardest step of each difficulty."""

OTHERS = 1
"""Solutions other than the truth looked at before each move: the move takes a queen
most of them share (so it kills most of them at once)."""

SAFE_TRIES = 100
"""Moves checked for letting no new solution in before one that might is taken."""

REPAIRS = 4
"""Moves (times n) tried to make a grid's solution unique before starting afresh."""

MOVES_COUNTED = 12
"""The moves compared by counting their solutions (the first, in order of preference)."""

REGROWS = 3
"""Times the cells around a second solution are freed and grown again, when no move
repairs a grid, before starting afresh."""

COUNT_LIMIT = 200
"""Solutions counted to compare the moves of a repair that each let some in."""

COUNT_BUDGET = 20_000
"""Queens the kernel places, at most, counting the solutions of one move: a move whose
count runs past it counts as letting in more than any counted.  (Some counts place
millions of queens, a second each at 16 x 16; a number of steps, not a time, so a seed
still gives the same grid on every machine.)"""

SEARCH_BUDGET = 20_000
"""Queens the kernel places, at most, looking for a solution through a cell: a search
running past it counts as finding one (the cell does not join that region)."""

CHECK_BUDGET = 100_000
"""Queens the kernel places, at most, looking for a second solution of a grid being
repaired: past it, the attempt is given up and the next starts afresh."""

EASE_TRIES = 4
"""Regions tried, where a grid's explanation stops, for one that takes it further once
confined to a line (``_eased``)."""

SINGLE_CELLS_FROM = 8
"""From this size up a generated grid has no one-cell region (below, at most one): each
hands out a queen for free."""

_FREE = 255
"""A free cell for the kernel's search (a cell that holds no queen)."""

Regions = list[list[int]]
"""A region index per cell, row by row; -1 for a free cell (while the regions grow)."""


class GenerateError(ValueError):
    """A size or difficulty generate does not take.

    >>> try:
    ...     generate(3, seed=0)
    ... except GenerateError as error:
    ...     print(error)
    generate makes grids from 5 x 5 to 16 x 16, not 3 x 3
    """


def random_solution(n: int, rng: random.Random) -> list[int]:
    """A random placement: one queen a row and a column, no two queens touching."""
    columns: list[int] = []
    used: set[int] = set()

    def extend() -> bool:
        if len(columns) == n:
            return True
        order = [c for c in range(n) if c not in used]
        rng.shuffle(order)
        for col in order:
            if columns and abs(columns[-1] - col) <= 1:
                continue
            columns.append(col)
            used.add(col)
            if extend():
                return True
            columns.pop()
            used.discard(col)
        return False

    if not extend():
        raise GenerateError(f"no {n} x {n} placement has queens that do not touch")
    return columns


def _neighbours(n: int, square: Square) -> Iterator[Square]:
    row, col = square
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < n and 0 <= c < n:
            yield r, c


def grow_regions(n: int, seeds: list[Square], rng: random.Random, skew: float = 2.0) -> Regions:
    """Regions grown from ``seeds`` (region i from seed i) until they fill the grid, with
    no check of the solutions: each step a region, drawn with a chance of
    ``weight / size ** BALANCE`` (its weight ``random() ** skew``), takes a free cell it
    touches.  (``unique_grid`` grows regions the same way, keeping one solution.)"""
    region = [[-1] * n for _ in range(n)]
    for index, (row, col) in enumerate(seeds):
        region[row][col] = index
    growth = _Growth(n, region, rng, skew, cap=n * n)
    while growth.free:
        choice = growth.draw(set())
        assert choice is not None
        growth.take(*choice)
    return region


class _Growth:
    """Regions growing over a grid: which free cell may join which region, and the draw."""

    def __init__(
        self,
        n: int,
        region: Regions,
        rng: random.Random,
        skew: float,
        cap: int,
        bars: int = 0,
    ) -> None:
        self.n = n
        self.region = region
        self.rng = rng
        self.cap = cap
        self.size = [0] * n
        for row in region:
            for owner in row:
                if owner >= 0:
                    self.size[owner] += 1
        self.free = sum(row.count(-1) for row in region)
        self.weight = [rng.random() ** skew + 0.05 for _ in range(n)]
        seeds = {region[r][c]: (r, c) for r in range(n) for c in range(n) if region[r][c] >= 0}
        self.line: dict[int, tuple[int, int]] = {}
        """Regions growing along one line only, each with its axis (0: a row) and line: the
        bars that make easy deductions (a region within one line)."""
        for owner in sorted(rng.sample(sorted(seeds), bars)) if bars else ():
            axis = rng.randrange(2)
            self.line[owner] = (axis, seeds[owner][axis])
        self.near = {(r, c): list(_neighbours(n, (r, c))) for r in range(n) for c in range(n)}
        self.frontier = {
            square
            for square, near in self.near.items()
            if region[square[0]][square[1]] < 0 and any(region[r][c] >= 0 for r, c in near)
        }
        """The free cells touching a region."""
        self.touching = {square: self._touching(square) for square in self.frontier}
        """The regions each free cell of the frontier touches, in order."""
        self.undone: set[tuple[Square, int]] = set()
        """The moves (a cell into a region) undoing a repair's move, or letting solutions
        in once already: the repairs take neither (else they may go round in circles)."""

    def options(self, square: Square) -> set[int]:
        """The regions of the cells touching a cell."""
        region = self.region
        return {region[r][c] for r, c in self.near[square] if region[r][c] >= 0}

    def _touching(self, square: Square) -> tuple[int, ...]:
        return tuple(sorted(self.options(square)))

    def _changed(self, square: Square) -> None:
        """Update the frontier around a cell that joined or changed region."""
        region = self.region
        self.frontier.discard(square)
        self.touching.pop(square, None)
        for r, c in self.near[square]:
            if region[r][c] < 0:
                self.frontier.add((r, c))
                self.touching[(r, c)] = self._touching((r, c))

    def draw(self, blocked: set[tuple[int, int, int]]) -> tuple[Square, int] | None:
        """A free cell and a region it may join, or None when no free cell has one.

        A cell with a single region left to join is drawn first (else it may end
        with none); the rest with the regions' chances."""
        pairs: list[tuple[Square, int]] = []
        weights: list[float] = []
        size, weight, line, cap, touching = (
            self.size,
            self.weight,
            self.line,
            self.cap,
            self.touching,
        )
        for row, col in sorted(self.frontier):
            open_ = [
                owner
                for owner in touching[(row, col)]
                if size[owner] < cap and (row, col, owner) not in blocked
            ]
            urgency = 20.0 if len(open_) == 1 else 1.0
            for owner in open_:
                if owner in line and (row, col)[line[owner][0]] != line[owner][1]:
                    continue
                pairs.append(((row, col), owner))
                weights.append(urgency * weight[owner] / size[owner] ** BALANCE)
        if not pairs:
            return None
        return self.rng.choices(pairs, weights)[0]

    def move(self, squares: list[Square], owner: int) -> None:
        """Cells of one region into another."""
        for row, col in squares:
            self.size[self.region[row][col]] -= 1
            self.region[row][col] = owner
            self._changed((row, col))
        self.size[owner] += len(squares)

    def release(self, square: Square) -> None:
        """A cell back to no region."""
        region = self.region
        self.size[region[square[0]][square[1]]] -= 1
        region[square[0]][square[1]] = -1
        self.free += 1
        for r, c in [square, *self.near[square]]:
            if region[r][c] >= 0:
                continue
            touching = self._touching((r, c))
            if touching:
                self.frontier.add((r, c))
                self.touching[(r, c)] = touching
            else:  # a free cell whose last region was this cell's: it touches none now
                self.frontier.discard((r, c))
                self.touching.pop((r, c), None)

    def take(self, square: Square, owner: int) -> None:
        region = self.region
        region[square[0]][square[1]] = owner
        self.size[owner] += 1
        self.free -= 1
        self._changed(square)


def _grid(region: Regions, filler: int = 0) -> Grid:
    """The grid of ``region`` as it stands (free cells in region ``filler``, to be excluded)."""
    n = len(region)
    cells = tuple(owner if owner >= 0 else filler for row in region for owner in row)
    return Grid(n, cells, tuple(NAMES[:n]))


def _lets_one_through(region: Regions, square: Square, owner: int) -> bool:
    """Whether a solution has a queen on ``square`` once it is in region ``owner`` (free
    cells holding no queen); with the kernel, True too when its search runs past
    ``SEARCH_BUDGET`` (so the answer False is always sure)."""
    n = len(region)
    row, col = square
    cells = bytearray(_FREE if owner < 0 else owner for line in region for owner in line)
    cells[row * n : row * n + n] = bytes([_FREE]) * n
    cells[row * n + col] = owner
    try:
        found = kernel.solve_regions(n, bytes(cells), 1, budget=SEARCH_BUDGET)
    except kernel.OverBudget:
        return True
    if found is not None:
        return found[1] is not None
    before = region[row][col]
    region[row][col] = owner
    free = [(r, c) for r in range(n) for c in range(n) if region[r][c] < 0]
    grid = _grid(region, owner)
    region[row][col] = before
    try:
        state = given_state(grid, [square], free)
    except Contradiction:
        return False
    return next(search(state), None) is not None


def _connected_without(region: Regions, *squares: Square) -> bool:
    """Whether the region of ``squares`` (all in one) stays connected once they leave it."""
    n = len(region)
    owner = region[squares[0][0]][squares[0][1]]
    gone = set(squares)
    cells = [
        (r, c) for r in range(n) for c in range(n) if region[r][c] == owner and (r, c) not in gone
    ]
    if not cells:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for s in _neighbours(n, todo.pop()):
            if s not in gone and s not in seen and region[s[0]][s[1]] == owner:
                seen.add(s)
                todo.append(s)
    return len(seen) == len(cells)


def _grow_unique(growth: _Growth) -> list[Square]:
    """Grow the regions keeping the truth the only solution; the cells left free (each
    region they touch would let a second solution through them)."""
    blocked: set[tuple[int, int, int]] = set()
    while growth.free:
        choice = growth.draw(blocked)
        if choice is None:
            break
        square, owner = choice
        if not _lets_one_through(growth.region, square, owner):
            growth.take(square, owner)
        else:
            blocked.add((*square, owner))
    region = growth.region
    return [(r, c) for r in range(growth.n) for c in range(growth.n) if region[r][c] < 0]


def _kernel_count(
    region: Regions, limit: int, budget: int = 0
) -> tuple[int, list[int] | None, list[int] | None] | None:
    """The solutions of a grid (free cells holding no queen), counted to ``limit`` by the
    compiled kernel, with the first two found (columns by row); None without the kernel.
    Raises ``kernel.OverBudget`` past ``budget`` queens placed (0: no budget)."""
    n = len(region)
    cells = bytes(_FREE if owner < 0 else owner for line in region for owner in line)
    found = kernel.solve_regions(n, cells, limit, budget=budget)
    if found is None:
        return None
    total, first, second = found
    return total, None if first is None else list(first), None if second is None else list(second)


def _others(region: Regions, truth: list[int]) -> list[list[int]]:
    """Up to ``OTHERS`` solutions other than the truth ([]: the truth is the only one);
    free cells hold no queen.  Raises ``kernel.OverBudget`` when the kernel's search runs
    past ``CHECK_BUDGET``."""
    found = _kernel_count(region, 2, CHECK_BUDGET)
    if found is not None:
        return [s for s in found[1:] if s is not None and s != truth][:OTHERS]
    n = len(region)
    free = [(r, c) for r in range(n) for c in range(n) if region[r][c] < 0]
    found_here = solutions(_grid(region), excluded=free)
    return list(islice((s for s in found_here if s != truth), OTHERS))


def _path_out(growth: _Growth, square: Square, keep: Square) -> tuple[list[Square], int] | None:
    """The shortest run of cells of ``square``'s region from ``square`` to a cell touching
    another region (not through ``keep``, the region's queen of the truth), and that
    region: moved together, they keep both regions connected.  None if there is none."""
    n, region, rng = growth.n, growth.region, growth.rng
    owner = region[square[0]][square[1]]
    before: dict[Square, Square | None] = {square: None}
    todo = [square]
    for here in todo:  # breadth first: todo grows as it is read
        targets = sorted(g for g in growth.options(here) - {owner} if growth.size[g] < growth.cap)
        if targets:
            path = []
            step: Square | None = here
            while step is not None:
                path.append(step)
                step = before[step]
            if growth.size[owner] - len(path) >= 2 and _connected_without(region, *path):
                return path, rng.choice(targets)
            continue
        near = [s for s in _neighbours(n, here) if region[s[0]][s[1]] == owner]
        rng.shuffle(near)
        for s in near:
            if s not in before and s != keep:
                before[s] = here
                todo.append(s)
    return None


def _kill(growth: _Growth, truth: list[int], others: list[list[int]], min_size: int) -> bool:
    """Move a queen of ``other`` off the truth into a neighbouring region: a move that
    lets no new solution in if there is one, else any; when no single cell can move (the
    regions would split or shrink too far), the queen's cell with a run of its region's
    cells to another region.  False if nothing moves."""
    n, region, size, rng = growth.n, growth.region, growth.size, growth.rng
    moves = []
    shared = Counter((row, s[row]) for s in others for row in range(n) if s[row] != truth[row])
    for square, times in shared.items():
        owner = region[square[0]][square[1]]
        if size[owner] <= min_size or not _connected_without(region, square):
            continue
        for target in sorted(growth.options(square) - {owner}):
            if size[target] < growth.cap:
                moves.append((-times, size[target] + rng.random(), square, target))
    moves.sort()
    for *_, square, target in moves[:SAFE_TRIES]:
        if not _lets_one_through(region, square, target):
            break
    else:  # each move lets solutions in: not one undoing an earlier move, nor one made before
        untried = [(s, t) for *_, s, t in moves if (s, t) not in growth.undone]
        if not untried:
            return _kill_by_path(growth, truth, others[0])
        (square,), target = _fewest_solutions(growth, untried)
        growth.undone.add((square, target))
    growth.undone.add((square, region[square[0]][square[1]]))
    growth.move([square], target)
    return True


def _kill_by_path(growth: _Growth, truth: list[int], other: list[int]) -> bool:
    rows = [row for row in range(growth.n) if other[row] != truth[row]]
    growth.rng.shuffle(rows)
    for row in rows:
        square = (row, other[row])
        owner = growth.region[row][other[row]]
        found = _path_out(growth, square, (owner, truth[owner]))
        if found is not None and (found[0][0], found[1]) not in growth.undone:
            growth.undone.add((found[0][0], found[1]))  # (a path is not taken twice)
            growth.move(*found)
            return True
    return False


def _widen_single(growth: _Growth, truth: list[int]) -> bool:
    """Give a one-cell region a second cell, taken from a touching region that stays
    connected with two cells or more: the move letting in the fewest solutions (the
    repairs then take them out again).  False if no cell can move."""
    region, size = growth.region, growth.size
    owner = size.index(1)
    moves = []
    for square in growth.near[(owner, truth[owner])]:
        donor = region[square[0]][square[1]]
        # >= 2 is the same: a 2-cell donor's other cell would touch two truth cells that touch
        if size[donor] > 2 and square[1] != truth[square[0]] and _connected_without(region, square):
            moves.append((square, owner))
    if not moves:
        return False
    growth.move(*_fewest_solutions(growth, moves))
    return True


def _fewest_solutions(growth: _Growth, moves: list[tuple[Square, int]]) -> tuple[list[Square], int]:
    """Of the moves (a cell into a region), the one leaving the fewest solutions (counted
    to ``COUNT_LIMIT`` by the compiled kernel, a count past ``COUNT_BUDGET`` as more than
    any counted); without the kernel, the first."""
    region = growth.region
    best: tuple[int, int] | None = None
    for index, (square, target) in enumerate(moves[:MOVES_COUNTED]):
        before = region[square[0]][square[1]]
        region[square[0]][square[1]] = target
        try:
            found = _kernel_count(region, COUNT_LIMIT, COUNT_BUDGET)
            total = None if found is None else found[0]
        except kernel.OverBudget:
            total = COUNT_LIMIT + 1
        region[square[0]][square[1]] = before
        if total is None:
            break
        if best is None or total < best[0]:
            best = (total, index)
    square, target = moves[0 if best is None else best[1]]
    return [square], target


def unique_grid(
    n: int, rng: random.Random, skew: float = 2.0, bars: int = 0
) -> tuple[Grid, list[int]] | None:
    """A grid with exactly one solution (and that solution), or None if the repair failed."""
    made = _unique_regions(n, rng, skew, bars)
    if made is None:
        return None
    growth, truth = made
    return Grid.from_regions(growth.region, NAMES), truth


def _unique_regions(
    n: int, rng: random.Random, skew: float, bars: int
) -> tuple[_Growth, list[int]] | None:
    """The regions of a grid with exactly one solution (region i holding the solution's
    queen of row i) and that solution, or None if the repair failed."""
    truth = random_solution(n, rng)
    region = [[-1] * n for _ in range(n)]
    for row, col in enumerate(truth):
        region[row][col] = row
    growth = _Growth(n, region, rng, skew, cap=max(2, int(LARGEST * n * n)), bars=bars)
    _fill(growth)
    try:
        return _repaired(growth, truth)
    except kernel.OverBudget:  # a second solution too long to look for: start afresh
        return None


def _repaired(growth: _Growth, truth: list[int]) -> tuple[_Growth, list[int]] | None:
    """The grown regions repaired until the truth is their only solution (step 3 of the
    module's outline), or None if the repair failed."""
    n, region = growth.n, growth.region
    min_size = 2 if n >= 8 else 1
    regrown = 0
    for _ in range(REPAIRS * n):
        others = _others(region, truth)
        if not others:
            if growth.size.count(1) <= (0 if n >= SINGLE_CELLS_FROM else 1):
                return growth, truth
            if not _widen_single(growth, truth):
                return None
            continue
        if not _kill(growth, truth, others, min_size):
            if regrown == REGROWS or not _regrow(growth, truth, others[0]):
                return None
            regrown += 1
    return None


def _graded(growth: _Growth, truth: list[int], low: int, high: int) -> Grid | None:
    """The grid once its explanation (steps up to level ``high``) reaches the solution with
    a step of level ``low`` or more, eased where it stops (``_eased``) while that takes it
    further.  None when the grid ends easier than ``low`` or cannot be eased.  (An
    explanation that reaches a solution proves the solution the only one.)"""
    grid = Grid.from_regions(growth.region, NAMES)
    explanation = explain(grid, hardest=high)
    while explanation.solution is None:
        eased = _eased(growth, truth, grid, explanation, high)
        if eased is None:
            return None
        grid, explanation = eased
    return grid if explanation.level >= low else None


def _eased(
    growth: _Growth, truth: list[int], grid: Grid, explanation: Explanation, high: int
) -> tuple[Grid, Explanation] | None:
    """Where the explanation stops, an open region's cells left confined to the row or
    column of its queen in the solution (a step of level 2 there): its other cells left
    move to touching regions (``_confine``).  The first of the ``EASE_TRIES`` regions
    needing the fewest moves whose grid's explanation then gets further (fewer cells left
    where it stops, or the solution): that grid and its explanation.  None if none does."""
    state = _stopped_at(grid, explanation)
    left = sum(mask.bit_count() for mask in state.cand)
    region = growth.region
    done = {region[row][col] for row, col in enumerate(state.queen) if col >= 0}
    options = []
    for kind, _, cells in state.open_units():
        if kind != "region" or len(cells) < 2:
            continue
        owner = region[cells[0][0]][cells[0][1]]
        queen = (owner, truth[owner])
        for axis in (0, 1):
            off = [s for s in cells if s[axis] != queen[axis]]
            if off:
                options.append((len(off), growth.rng.random(), owner, off, queen))
    options.sort()
    for *_, owner, off, queen in options[:EASE_TRIES]:
        moved = _confine(growth, owner, off, queen, done)
        if moved is None:
            continue
        eased = Grid.from_regions(region, NAMES)
        now = explain(eased, hardest=high)
        if now.solution is not None or _cells_left(eased, now) < left:
            return eased, now
        for square in moved:
            growth.move([square], owner)
    return None


def _stopped_at(grid: Grid, explanation: Explanation) -> State:
    """The state where ``explanation`` stops."""
    state = State.start(grid)
    for step in explanation.steps:
        apply(state, step)
    return state


def _cells_left(grid: Grid, explanation: Explanation) -> int:
    """The cells still open where ``explanation`` stops (a row with its queen has none)."""
    return sum(mask.bit_count() for mask in _stopped_at(grid, explanation).cand)


def _confine(
    growth: _Growth, owner: int, off: list[Square], queen: Square, done: set[int]
) -> list[Square] | None:
    """Move the cells ``off`` of region ``owner`` to touching regions, the farthest from
    ``queen`` first, each to a region with its queen where the explanation stops (``done``:
    the cell then goes with that queen), else to the smallest.  The cells moved, or None
    (nothing moved) if one cannot move (the region would split or shrink below two cells,
    or no touching region is below the cap)."""
    region, size = growth.region, growth.size
    if size[owner] - len(off) < 2:
        return None
    moved: list[Square] = []
    for square in sorted(off, key=lambda s: -abs(s[0] - queen[0]) - abs(s[1] - queen[1])):
        targets = [g for g in growth.options(square) - {owner} if size[g] < growth.cap]
        if not targets or not _connected_without(region, square):
            for back in moved:
                growth.move([back], owner)
            return None
        growth.move([square], min(targets, key=lambda g: (g not in done, size[g], g)))
        moved.append(square)
    return moved


def _fill(growth: _Growth) -> None:
    """Grow the regions keeping the truth the only solution, then give each cell left
    (each region it touches would let a second solution through it) to the region letting
    in the fewest solutions; the repairs' cap on sizes from then on."""
    growth.cap = max(2, int(LARGEST * growth.n**2))
    left = _grow_unique(growth)
    while left:  # each round takes the cells touching a region (all, in the end)
        for square in [s for s in left if growth.options(s)]:
            owners = sorted(growth.options(square), key=lambda g: (growth.size[g], g))
            (_,), owner = _fewest_solutions(growth, [(square, g) for g in owners])
            growth.take(square, owner)
            left.remove(square)
    growth.cap = max(2, int(LARGEST_REPAIRED * growth.n**2))


def _regrow(growth: _Growth, truth: list[int], other: list[int]) -> bool:
    """When no move repairs the grid: free the cells at and around the queens of ``other``
    off the truth (those whose regions stay connected), and grow them again as at first.
    Again around the next other solution while there is one (``REGROWS`` rounds at most);
    False if the grid with those cells free still has another solution."""
    region, n = growth.region, growth.n
    for _ in range(REGROWS):
        for row in range(n):
            if other[row] == truth[row]:
                continue
            square = (row, other[row])
            for r, c in [square, *growth.near[square]]:
                owner = region[r][c]
                if owner < 0 or c == truth[r] or growth.size[owner] < 2:
                    continue
                if _connected_without(region, (r, c)):
                    growth.release((r, c))
        others = _others(region, truth)
        if not others:
            break
        other = others[0]
    else:
        return False
    growth.undone.clear()
    _fill(growth)
    return True


def generate(
    n: int, seed: int, difficulty: str | None = None, *, seconds: float | None = None
) -> Grid:
    """A grid with exactly one solution whose explanation needs ``difficulty``'s reasoning
    (easy, medium, hard; None: any that needs no case split).  With ``seconds``, a
    ``GenerateError`` once that time has passed between two attempts.

    >>> grid = generate(5, seed=1)
    >>> grid.n, len({grid.region(row, col) for row in range(5) for col in range(5)})
    (5, 5)
    """
    if not MIN_N <= n <= MAX_N:
        raise GenerateError(
            f"generate makes grids from {MIN_N} x {MIN_N} to {MAX_N} x {MAX_N}, not {n} x {n}"
        )
    if difficulty is not None and difficulty not in WANTED:
        raise GenerateError(
            f"unknown difficulty {difficulty!r} (choose from {', '.join(WANTED)}, or None)"
        )
    low, high = WANTED[difficulty] if difficulty is not None else (1, LEVELS["probe"])
    rng = random.Random(seed)
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(ATTEMPTS):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerateError(f"no {n} x {n} grid found within {seconds:g} s")
        bars = int(BARS.get(difficulty or "hard", 0.0) * n)
        made = _unique_regions(n, rng, SKEW.get(difficulty or "hard", 2.0), bars)
        if made is None:
            continue
        grid = _graded(*made, low, high)
        if grid is not None:
            return grid
    wanted = difficulty or "any difficulty"
    raise GenerateError(f"no {wanted} {n} x {n} grid found in {ATTEMPTS} attempts with seed {seed}")


__all__ = ["MAX_N", "MIN_N", "GenerateError", "difficulty_name", "generate"]
