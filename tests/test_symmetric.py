"""The pure-Python symmetric counter: known counts, and prefixes that partition the count."""

from __future__ import annotations

import pytest

from conftest import known_counts
from queens.engines import Counts
from queens.engines.counting import kernel, symmetric


@pytest.mark.parametrize("n", range(symmetric.MIN_N, 11))
def test_counts_match_known(n: int) -> None:
    assert symmetric.count(n) == known_counts()[n]


@pytest.mark.parametrize("n", [6, 9, 10])
def test_prefixes_partition_the_count(n: int) -> None:
    for depth in range(2, 5):
        prefixes = symmetric.prefixes(n, depth)
        assert len(set(prefixes)) == len(prefixes)
        parts = [symmetric.count(n, p) for p in prefixes]
        assert sum(parts, Counts(0, 0)) == known_counts()[n]


def test_heads_and_corner_prefix() -> None:
    heads = symmetric.heads(8)
    assert heads[0] == (0, 2) and (3,) in heads and (4,) not in heads
    corners = symmetric.count(9, (0,))
    assert corners.total == 8 * corners.unique  # corner solutions are never symmetric


@pytest.mark.skipif(not kernel.compiled(), reason="the compiled kernel is not built")
@pytest.mark.parametrize("n", [5, 8, 11])
def test_same_as_the_compiled_kernel(n: int) -> None:
    from queens.engines import _kernel

    for depth in (2, 3):
        prefixes = symmetric.prefixes(n, depth)
        assert prefixes == _kernel.symmetric_prefixes(n, depth)
        for prefix in prefixes:
            assert tuple(symmetric.count(n, prefix)) == _kernel.count_symmetric(n, prefix)


@pytest.mark.parametrize("prefix", [(0, 1), (0, 7), (4,), (1, 1), (0, 2, 0), (9,), tuple(range(8))])
def test_rejects_what_is_not_a_subproblem(prefix: tuple[int, ...]) -> None:
    with pytest.raises(symmetric.NotASubproblem):
        symmetric.count(8, prefix)
    if kernel.compiled():
        with pytest.raises(ValueError, match="not a sub-problem"):
            kernel.count_symmetric(8, prefix)


def test_small_boards_refused() -> None:
    with pytest.raises(ValueError, match="n >= 4"):
        symmetric.count(3)
    with pytest.raises(ValueError, match="depth"):
        symmetric.prefixes(8, 8)
