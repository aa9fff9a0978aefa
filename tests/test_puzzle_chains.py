"""The region puzzle's ``chain`` steps against a plain follower of forced queens: each is
the shortest chain any open cell starts, at most ``CHAIN_MAX`` queens long (issue 39:
these kill injected bugs of ``scripts/mutate.py`` the generated grids never showed)."""

from __future__ import annotations

import pytest

from queens.puzzle import explain as region_explain
from queens.puzzle.grid import parse_grid
from queens.puzzle.solve import State

TWO_CHAINS = """\
ABBBBBCC
AABBABBC
AAAAADDD
AAAEEDDD
AAAEFFDD
GADEEDDD
GADDDDDD
GHHHDDDD"""
"""An 8 x 8 grid (``maker.unique_grid`` of seed 74) whose explanation reaches a chain step
where a queen at row 1, column 2 forces two queens before a row is left with no cell,
and one at row 1, column 7 forces four."""

FIVE_QUEENS = """\
AAAAABBCCDDDDD
AAAAEBBBBDDDDD
AAEEEEBBDDDDDD
AAEEEEEBDDDDDF
GAEEHEEBBDDDIF
GGEEHHEEEHDIII
GGEEHHEEEHHHHI
GJKHHHEEHHHHII
GJKKHHHHHHIIII
GGGKHHHHHHHLII
MMMHHHHHLLHLLI
MMMMHMHLLHHLLL
MMMMHMHLLLLLLL
MMMMMMMLLLLNNL"""
"""A 14 x 14 grid (``maker.unique_grid`` of seed 42) whose explanation reaches a state
where a queen at row 11, column 12 forces five queens before a region is left with no
cell, and no cell starts a shorter chain: past ``CHAIN_MAX``, so a case split there."""


def forced_queens(state: State, square: tuple[int, int], most: int) -> int | None:
    """How many queens a queen at ``square`` forces, one unit left with one cell at a
    time, before a unit has no cell; None if none empties within ``most`` of them."""
    after = state.copy()
    after.place(*square)
    for forced in range(most + 1):
        units = list(after.open_units())
        if any(not cells for _, _, cells in units):
            return forced
        single = next((cells[0] for _, _, cells in units if len(cells) == 1), None)
        if single is None or forced == most:
            return None
        after.place(*single)
    return None


def shortest_chain(state: State, most: int) -> int | None:
    n = state.grid.n
    lengths = [
        forced_queens(state, (r, c), most)
        for r in range(n)
        for c in range(n)
        if state.is_candidate(r, c)
    ]
    found = [length for length in lengths if length is not None]
    return min(found, default=None)


def chain_steps(text: str) -> list[tuple[State, region_explain.Step]]:
    """Each chain step of the grid's explanation, with the state it was taken from."""
    grid = parse_grid(text)
    state = State.start(grid)
    found = []
    for step in region_explain.explain(grid).steps:
        if step.kind == "chain":
            found.append((state.copy(), step))
        region_explain.apply(state, step)
    return found


@pytest.mark.parametrize("text", [TWO_CHAINS, FIVE_QUEENS])
def test_a_chain_step_is_the_shortest_chain_of_any_cell(text: str) -> None:
    # Killed by keeping the longest chain found instead of the shortest (TWO_CHAINS), and
    # by chains one queen longer than CHAIN_MAX (FIVE_QUEENS).
    steps = chain_steps(text)
    if text == TWO_CHAINS:
        assert steps, "the grid's explanation has a chain step"
    for state, step in steps:
        forced = len(step.focus) - 1  # its focus: the cell tried, then the queens it forces
        assert forced <= region_explain.CHAIN_MAX, step.text
        assert forced == shortest_chain(state, region_explain.CHAIN_MAX), step.text
