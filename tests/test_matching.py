"""Kuhn's augmenting paths (queens.engines.matching) against trying every assignment."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from queens.engines.matching import matched

graphs = st.lists(st.lists(st.integers(0, 4), max_size=5, unique=True), max_size=5)


def _largest(options: list[list[int]]) -> int:
    """The most items with a line of their own, by trying every order of the lines."""
    lines = sorted({line for lines in options for line in lines})
    best = 0
    for order in permutations(lines + [-1] * len(options), len(options)):
        best = max(best, sum(line in options[i] for i, line in enumerate(order)))
    return best


@given(graphs)
def test_the_matching_is_maximum(options: list[list[int]]) -> None:
    assert sum(matched(options)) == _largest(options)


@given(graphs)
def test_every_item_matched_exactly_when_a_perfect_matching_exists(
    options: list[list[int]],
) -> None:
    assert all(matched(options)) == (_largest(options) == len(options))


def test_items_are_answered_in_turn() -> None:
    assert list(matched([[0, 1], [0], [1], []])) == [True, True, False, False]
