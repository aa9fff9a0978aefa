"""The kernel's propagating Star Battle search (``src/kernel/stars_search.c``) at the
rules that only prune: what they find at the root, and the work they spare (issue 39:
these kill injected bugs of ``scripts/mutate.py`` no answer tells apart)."""

from __future__ import annotations

import pytest

from queens.engines.counting import kernel

pytestmark = pytest.mark.skipif(not kernel.compiled(), reason="the compiled kernel's search")


def rows_cells(n: int) -> list[int]:
    """The n x n grid whose regions are its rows (many solutions)."""
    return [r for r in range(n) for _ in range(n)]


def transposed(cells: list[int], n: int) -> list[int]:
    return [cells[c * n + r] for r in range(n) for c in range(n)]


@pytest.mark.parametrize("by_columns", [False, True])
def test_a_dead_end_two_last_lines_show_is_found_at_the_root(by_columns: bool) -> None:
    # One star a line: the last two rows keep open cells in columns 1 and 2 only, so
    # their two stars would touch.  Each row alone, each column and each region (a row)
    # still has room: only the rule on two lines together sees it, before any guess.
    n = 6
    cells = rows_cells(n)
    for row in (n - 2, n - 1):
        for col in range(2, n):
            cells[row * n + col] = kernel.STARS_HOLE
    if by_columns:
        cells = transposed(cells, n)
    searched = kernel.search_stars(n, 1, bytes(cells))
    assert searched is not None
    (total, _, _), nodes, root_open = searched
    assert (total, nodes, root_open) == (0, 1, -1)


# Measured on the kernel as it is: a complete search of each grid (every solution).
SEARCH_NODES = {8: (2, 167), 9: (664, 6865)}


@pytest.mark.parametrize("n", sorted(SEARCH_NODES))
def test_the_search_work_on_a_grid_of_many_solutions_is_pinned(n: int) -> None:
    # The count is checked elsewhere against brute force; the nodes pin the branching rule
    # (the unit with the fewest spare cells, ties to the smaller) and the pruning: a change
    # to either shows here.  Update the numbers only for a change meant to make them, with
    # a benchmark saying the search got no slower.
    searched = kernel.search_stars(n, 2, bytes(rows_cells(n)))
    assert searched is not None
    (total, _, _), nodes, _ = searched
    assert (total, nodes) == SEARCH_NODES[n]
