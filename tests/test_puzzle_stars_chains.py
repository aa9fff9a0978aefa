"""The K-star explainer's chains: at most ``most`` deductions from the star tried, the last
of them possibly the one that finds no way on (issue 39: this kills an injected bug of
``scripts/mutate.py`` that the explanations of generated grids never showed).

It reads ``_chain_from`` itself: no explanation of the generated grids tried (300 at
8 x 8) reaches the state where a chain one deduction too long is found first."""

from __future__ import annotations

import pytest

from queens.puzzle.explain import STAR_CHAIN_MAX, _chain_from
from queens.puzzle.grid import parse_grid
from queens.puzzle.solve import StarState, Units

TWO_STARS = """\
AAAAABBB
CCCCCBBB
CCCCDDBB
ECCCDDDD
EEEFFDDD
EEGGFFFG
HHHGGGGG
HHHGGGGG"""
"""An 8 x 8 2-star grid (``stars_generate.generate(8, 2, 2)``) where a star at row 1,
column 8 leads to three deductions and a fourth that finds no way on."""


@pytest.mark.parametrize("most", [1, STAR_CHAIN_MAX])
def test_a_chain_makes_at_most_most_deductions(most: int) -> None:
    grid = parse_grid(TWO_STARS)
    state = StarState.start(Units(grid), 2)
    for index in range(grid.n * grid.n):
        links = _chain_from(state, index, most)
        if links is None:
            continue
        # Each link but the last is a deduction; the last names the unit left with no
        # way, or is the deduction that found none ("which leaves no way on").
        deductions = len(links) - (links[-1] != "which leaves no way on")
        assert deductions <= most, (divmod(index, grid.n), links)
