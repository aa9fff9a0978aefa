"""The closed-form construction, checked by a validator written here (not the package's)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import is_solution
from queens.board import Board
from queens.engines.anyn.construct import construct
from queens.engines.counting import reference


def valid(columns: Sequence[int]) -> bool:
    """O(N) and independent of queens.validate: columns and both diagonal sums distinct."""
    n = len(columns)
    if any(not 0 <= c < n for c in columns):
        return False
    columns_seen = set()
    sums = set()
    differences = set()
    for row, col in enumerate(columns):
        columns_seen.add(col)
        sums.add(row + col)
        differences.add(row - col)
    return len(columns_seen) == len(sums) == len(differences) == n


def test_validator_catches_each_kind_of_clash() -> None:
    assert valid([1, 3, 0, 2])
    assert not valid([1, 3, 0, 1])  # column: rows 1 and 4
    assert not valid([1, 0, 3, 2])  # row + col: rows 1 and 2
    assert not valid([0, 1, 3, 2])  # row - col: rows 1 and 2
    assert not valid([1, 3, 0, 4])  # off the board


def test_validator_agrees_with_the_pairwise_one() -> None:
    for n in range(4, 9):
        assert valid(construct(n) or [])
        assert is_solution(construct(n) or [], Board.empty(n))


def test_sweep_4_to_2000() -> None:
    bad = [n for n in range(4, 2001) if not valid(construct(n) or [])]
    assert bad == []


@pytest.mark.slow
def test_sweep_to_20000() -> None:
    bad = [n for n in range(2001, 20001) if not valid(construct(n) or [])]
    assert bad == []


@pytest.mark.parametrize("n", [10**6 + k for k in range(6)])
def test_around_a_million_every_residue(n: int) -> None:
    columns = construct(n)
    assert columns is not None
    assert len(columns) == n
    assert valid(columns)


def test_small_cases() -> None:
    assert construct(1) is not None and list(construct(1) or []) == [0]
    assert construct(2) is None
    assert construct(3) is None
    with pytest.raises(ValueError, match="board size must be from 1 to"):
        construct(0)


def test_compact_array() -> None:
    columns = construct(1000)
    assert columns is not None
    assert columns.typecode == "i"


@given(st.integers(1, 10))
def test_is_one_of_the_reference_solvers_solutions(n: int) -> None:
    found = construct(n)
    every = [tuple(s) for s in reference.solutions(((1 << n) - 1,) * n)]
    if found is None:
        assert every == []
    else:
        assert tuple(found) in every


def test_the_chunks_join_up(monkeypatch: pytest.MonkeyPatch) -> None:
    from queens.engines.anyn import construct as module

    whole = {n: (construct(n), module.construct_toroidal(n)) for n in range(1, 300)}
    monkeypatch.setattr(module, "CHUNK", 3)  # many chunks, and ends in the middle of one
    assert {n: (construct(n), module.construct_toroidal(n)) for n in range(1, 300)} == whole
    assert all(valid(columns or []) for columns, _ in whole.values())


def test_ctrl_c_stops_two_billion_queens_at_once() -> None:
    # Issue 26: one array.extend of a billion columns held KeyboardInterrupt for minutes.
    # In 1 GB of address space, an unchunked build ends in MemoryError, not interrupted.
    import subprocess
    import sys

    code = (
        "import resource, threading, _thread\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from queens.engines.anyn.construct import construct\n"
        "threading.Timer(0.2, _thread.interrupt_main).start()\n"
        "try:\n"
        "    construct(2**31 - 1)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.stdout == "interrupted\n", done.stderr[-500:]
