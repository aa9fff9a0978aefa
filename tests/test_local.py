"""Local search: compiled module and pure-Python fallback, checked by an independent validator."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cache
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.engines import local, reference

CI = os.environ.get("CI") == "true"


def valid(columns: Sequence[int]) -> bool:
    """O(N), independent of queens.validate: columns and both diagonal sums distinct."""
    n = len(columns)
    return (
        all(0 <= c < n for c in columns)
        and len(set(columns)) == n
        and len({row + col for row, col in enumerate(columns)}) == n
        and len({row - col for row, col in enumerate(columns)}) == n
    )


def compiled_module() -> ModuleType | None:
    """The compiled extension; under CI=true it must be there (the build is part of CI)."""
    if CI:
        from queens.engines import _kernel

        return _kernel
    return local._load_compiled()


def test_compiled_module_is_built() -> None:
    module = compiled_module()
    if module is None:
        pytest.skip("the compiled kernel is not built on this install (no C compiler?)")
    assert local.compiled_available()


@pytest.fixture(params=["compiled", "python"])
def compiled(request: pytest.FixtureRequest) -> bool:
    """Run a test once with the C module (skipped when absent outside CI) and once forced to the
    pure-Python fallback."""
    if request.param == "compiled":
        if compiled_module() is None:
            pytest.skip("the compiled kernel is not built on this install")
        return True
    return False


SIZES = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 31, 32, 33, 34, 64, 100, 257, 1000]


def test_valid_for_many_seeds(compiled: bool) -> None:
    seeds = range(20) if compiled else range(5)
    for n in SIZES:
        for seed in seeds:
            columns = local.local_search(n, seed, compiled=compiled)
            assert columns is not None
            assert valid(columns), (n, seed)


def test_reaches_all_92_solutions_of_8(compiled: bool) -> None:
    found = {tuple(local.local_search(8, seed, compiled=compiled) or ()) for seed in range(1500)}
    assert all(valid(f) for f in found)
    assert len(found) == 92


def test_same_seed_same_placement(compiled: bool) -> None:
    for n in (8, 50, 5000):
        first = local.local_search(n, 12345, compiled=compiled)
        assert first == local.local_search(n, 12345, compiled=compiled)


def test_different_seeds_differ_at_large_n(compiled: bool) -> None:
    placements = {
        bytes(local.local_search(20000, seed, compiled=compiled) or b"") for seed in range(4)
    }
    assert len(placements) == 4


def test_huge_seed_and_bounds(compiled: bool) -> None:
    assert valid(local.local_search(40, 2**64 - 1, compiled=compiled) or [])
    with pytest.raises(ValueError, match="seed"):
        local.local_search(40, 2**64, compiled=compiled)
    with pytest.raises(ValueError, match="seed"):
        local.local_search(40, -1, compiled=compiled)


def test_small_and_impossible_sizes(compiled: bool) -> None:
    assert list(local.local_search(1, 0, compiled=compiled) or []) == [0]
    assert local.local_search(2, 0, compiled=compiled) is None
    assert local.local_search(3, 0, compiled=compiled) is None
    with pytest.raises(ValueError, match="board size must be from 1 to"):
        local.local_search(0, 0, compiled=compiled)


def test_compiled_required_but_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local, "_load_compiled", lambda: None)
    assert not local.compiled_available()
    with pytest.raises(ImportError, match="not installed"):
        local.local_search(10, 1, compiled=True)
    # The default falls back to pure Python.
    assert valid(local.local_search(10, 1) or [])


@cache
def all_solutions(n: int) -> frozenset[tuple[int, ...]]:
    return frozenset(map(tuple, reference.solutions(((1 << n) - 1,) * n)))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(4, 9), seed=st.integers(0, 2**64 - 1), compiled=st.booleans())
def test_agrees_with_the_reference_solver(n: int, seed: int, compiled: bool) -> None:
    if compiled and not local.compiled_available():
        compiled = False
    found = local.local_search(n, seed, compiled=compiled)
    assert found is not None
    assert tuple(found) in all_solutions(n)


@pytest.mark.slow
def test_sweep_every_n_to_3000(compiled: bool) -> None:
    top = 3000 if compiled else 300
    bad = [
        n for n in range(4, top + 1) if not valid(local.local_search(n, n, compiled=compiled) or [])
    ]
    assert bad == []
