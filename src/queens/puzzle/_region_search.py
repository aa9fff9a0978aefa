"""The compiled kernel's ``solve_regions`` in Python, step for step.

The 1-star generator (``queens.puzzle.generate``) steers its growth and repairs by the
first two solutions this search finds and by where its budget of queens placed runs out.
A different engine finds other solutions first (or none within the budget), so the
generator drew other grids from a seed without a C compiler.  This port takes the same
steps as ``src/kernel/regions.c`` (row by row, columns in order, the same propagation
after each queen, the budget counted at the same places), so a seed gives the same grid
with the kernel or without it; ``tests/test_puzzle_generate.py`` compares the two on
random grids.
"""

from __future__ import annotations

from queens.engines.counting.kernel import OverBudget, StopFlag, check_stop

FREE = 255
"""A cell that holds no queen (a cell of no region yet)."""

Found = tuple[int, list[int] | None, list[int] | None]
"""The solutions counted, with the first two found (a column a row)."""


class _Level:
    """What the search knows at one level: each row's open columns, the rows whose queen
    is known, and the columns and regions those queens take (``struct region_rows``)."""

    __slots__ = ("cand", "fixed", "taken", "used")

    def __init__(self, cand: list[int], fixed: int, used: int, taken: int) -> None:
        self.cand = cand
        self.fixed = fixed
        self.used = used
        self.taken = taken


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _augment(side: int, adj: list[int], partner: list[int], visited: list[int]) -> bool:
    options = adj[side] & ~visited[0]
    while options:
        g = _lowest(options)
        options &= options - 1
        visited[0] |= 1 << g
        if partner[g] < 0 or _augment(partner[g], adj, partner, visited):
            partner[g] = side
            return True
    return False


def _match(n: int, s: _Level, cells_of: list[list[int]], start: int) -> bool:
    """Whether the open rows, then the open columns, each get a different open region."""
    row_adj = [0] * n
    col_adj = [0] * n
    open_regions = ((1 << n) - 1) & ~s.used
    for r in range(start, n):
        if s.fixed >> r & 1:
            continue
        left = open_regions
        while left:
            g = _lowest(left)
            left &= left - 1
            here = s.cand[r] & cells_of[g][r]
            if not here:
                continue
            row_adj[r] |= 1 << g
            while here:
                col_adj[_lowest(here)] |= 1 << g
                here &= here - 1
    partner = [-1] * n
    for r in range(start, n):
        if not s.fixed >> r & 1 and not _augment(r, row_adj, partner, [0]):
            return False
    partner = [-1] * n
    for c in range(n):
        if not s.taken >> c & 1 and not _augment(c, col_adj, partner, [0]):
            return False
    return True


def _fix(
    n: int, s: _Level, cells_of: list[list[int]], cells: bytes, start: int, r: int, c: int
) -> None:
    bit = 1 << c
    near = bit | bit << 1 | bit >> 1
    g = cells[r * n + c]
    s.fixed |= 1 << r
    s.used |= 1 << g
    s.taken |= bit
    for k in range(start, n):
        if k == r:
            continue
        s.cand[k] &= ~(bit | cells_of[g][k])
        if k in (r - 1, r + 1):
            s.cand[k] &= ~near
    s.cand[r] = bit


def _settle(n: int, s: _Level, cells_of: list[list[int]], cells: bytes, start: int) -> bool:
    """Propagate over rows ``start``.. until nothing changes (``settle_regions``)."""
    full = (1 << n) - 1
    changed = True
    while changed:
        once = twice = 0
        changed = False
        for r in range(start, n):
            m = s.cand[r]
            if not m:
                return False
            if s.fixed >> r & 1:
                continue
            if not m & (m - 1):
                _fix(n, s, cells_of, cells, start, r, _lowest(m))
                changed = True
                continue
            twice |= once & m
            once |= m
        if changed:
            continue
        if (full & ~s.taken) & ~once:
            return False
        lone = (full & ~s.taken) & once & ~twice
        if lone:
            c = _lowest(lone)
            r = next(r for r in range(start, n) if not s.fixed >> r & 1 and s.cand[r] >> c & 1)
            _fix(n, s, cells_of, cells, start, r, c)
            changed = True
            continue
        open_regions = full & ~s.used
        while open_regions:
            g = _lowest(open_regions)
            open_regions &= open_regions - 1
            count = at = at_r = 0
            for r in range(start, n):
                if count >= 2:
                    break
                if s.fixed >> r & 1:
                    continue
                here = s.cand[r] & cells_of[g][r]
                if here:
                    count += here.bit_count()
                    at, at_r = here, r
            if count == 0:
                return False
            if count == 1:
                _fix(n, s, cells_of, cells, start, at_r, _lowest(at))
                changed = True
                break
    return _match(n, s, cells_of, start)


def solve_regions(
    n: int, cells: bytes, limit: int = 0, stop: StopFlag | None = None, budget: int = 0
) -> Found:
    """What ``queens.engines.counting.kernel.solve_regions`` answers, found the same way:
    the solutions up to ``limit`` (0: all) with the first two; ``OverBudget`` after
    ``budget`` queens placed (0: none), ``Stopped`` when ``stop`` is set.

    >>> solve_regions(4, bytes([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]))
    (2, [1, 3, 0, 2], [2, 0, 3, 1])
    """
    cells_of = [[0] * n for _ in range(n)]
    start = _Level([0] * n, 0, 0, 0)
    for y in range(n):
        for c in range(n):
            g = cells[y * n + c]
            if g < n:
                cells_of[g][y] |= 1 << c
                start.cand[y] |= 1 << c
    if not _settle(n, start, cells_of, cells, 0):
        return 0, None, None
    level = [start]
    rem = [start.cand[0]] + [0] * n
    col_of = [0] * n
    found: list[list[int]] = []
    total = 0
    y = 0
    while True:
        free = rem[y]
        if free:
            bit = free & -free
            c = bit.bit_length() - 1
            rem[y] = free ^ bit
            col_of[y] = c
            if y == n - 1:
                total += 1
                if total <= 2:
                    found.append(col_of.copy())
                if limit and total >= limit:
                    break
                continue
            here = level[y]
            nxt = _Level(
                here.cand.copy(), here.fixed & ~((1 << (y + 1)) - 1), here.used, here.taken
            )
            if not here.fixed >> y & 1:
                g = cells[y * n + c]
                nxt.used |= 1 << g
                nxt.taken |= bit
                for k in range(y + 1, n):
                    nxt.cand[k] &= ~(bit | cells_of[g][k])
            nxt.cand[y + 1] &= ~(bit | bit << 1 | bit >> 1)
            if budget:
                budget -= 1
                if budget == 0:
                    raise OverBudget("no answer within the budget of queens placed")
            if not _settle(n, nxt, cells_of, cells, y + 1):
                continue
            del level[y + 1 :]
            level.append(nxt)
            y += 1
            rem[y] = nxt.cand[y]
        elif y == 0:
            break
        else:
            y -= 1
            check_stop(stop)
    first = found[0] if found else None
    second = found[1] if len(found) > 1 else None
    return total, first, second
