"""Local search: compiled module and pure-Python fallback, checked by an independent validator."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import threading
from array import array
from collections.abc import Sequence
from functools import cache
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import wait_until_at_work
from queens import rules, validate
from queens.board import Board
from queens.engines.anyn import local
from queens.engines.counting import kernel, reference
from queens.rules import Rule

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


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
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
    with pytest.raises(ImportError, match="not in use"):
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


# Golden placements: a seed pins its placement on each engine (recorded from the kernel and
# the fallback as they were before the kernel learnt to let go of the GIL; a change to
# either search or generator changes them).  Large boards by a digest of their columns.
LAST_SEED = 2**64 - 1
GOLDEN: dict[str, dict[tuple[int, int], str]] = {
    "compiled": {
        (8, 0): "1 6 2 5 7 4 0 3",
        (8, 1): "6 4 2 0 5 7 1 3",
        (12, 42): "5 1 6 9 0 2 7 10 3 11 8 4",
        (30, LAST_SEED): (
            "16 23 13 18 14 2 8 1 20 10 15 29 21 9 17 19 4 0 5 26 12 6 28 3 24 11 25 22 7 27"
        ),
        (1000, 7): "667142c3e0e5a0417d2d2995ca924ebec31d83d8d0f8d1ee40457763d0c674d6",
        (100000, 3): "4b8265942ba8f30ece2b87c4cb236b5f0fcbd50c0d48f27a611e107dc0080c98",
    },
    "python": {
        (8, 0): "4 2 0 5 7 1 3 6",
        (8, 1): "2 5 7 0 4 6 1 3",
        (12, 42): "7 4 1 8 6 11 2 5 9 0 10 3",
        (30, LAST_SEED): (
            "14 16 19 8 25 2 10 13 20 28 17 29 7 12 1 24 26 9 6 15 18 22 0 23 27 11 5 3 21 4"
        ),
        (1000, 7): "ab087a280cd90389749d2e9cca0d3bc0dfe45286fd81a2607549f9f4099677f7",
    },
}


def digest(columns: Sequence[int]) -> str:
    """The columns as text, or for large boards a SHA-256 digest of that text."""
    if len(columns) <= 30:
        return " ".join(map(str, columns))
    return hashlib.sha256(",".join(map(str, columns)).encode()).hexdigest()


def test_golden_placements(compiled: bool) -> None:
    for (n, seed), expected in GOLDEN["compiled" if compiled else "python"].items():
        found = local.local_search(n, seed, compiled=compiled)
        assert found is not None and valid(found)
        assert digest(found) == expected


def run_python(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_pure_python_env_var_is_honoured() -> None:
    code = "from queens.engines.anyn import local; print(local.compiled_available(), "
    code += "local.local_search(8, 0).tolist())"
    out = run_python(code, QUEENS_PURE_PYTHON="1")
    assert out.split(None, 1) == ["False", f"[{GOLDEN['python'][8, 0].replace(' ', ', ')}]\n"]


def compiled_or_skip() -> ModuleType:
    module = compiled_module()
    if module is None:
        pytest.skip("the compiled kernel is not built on this install")
    return module


def test_kernel_looks_at_the_stop_flag() -> None:
    # A flag set before the call: the kernel sees it at its first look (after about a
    # million steps), leaves the columns alone and says it stopped.
    module = compiled_or_skip()
    columns = array("i", [0]) * (1 << 21)
    assert module.local_fill(columns, 1, bytearray(b"\x01")) is False
    assert not any(columns)
    with pytest.raises(kernel.Stopped):
        flag = kernel.StopFlag()
        flag.set()
        local.local_search(50, 1, stop=flag, compiled=False)


def test_the_search_lets_go_of_the_gil() -> None:
    # The worker enters the kernel holding the GIL; this thread can set the flag while the
    # search runs only if the kernel let go of it.  Holding it, the search would finish
    # first and fill the columns.
    module = compiled_or_skip()
    columns = array("i", [0]) * (1 << 21)
    flag = kernel.StopFlag()
    outcome: list[bool] = []
    worker = threading.Thread(
        target=lambda: outcome.append(module.local_fill(columns, 5, flag.byte))
    )
    worker.start()
    flag.set()
    worker.join(timeout=60)
    assert outcome == [False]
    assert not any(columns)


def test_bad_arguments_to_the_kernel() -> None:
    module = compiled_or_skip()
    with pytest.raises(TypeError, match="array"):
        module.local_fill(array("d", [0.0] * 8), 1)
    with pytest.raises(TypeError, match="array"):
        module.local_fill(bytearray(32), 1)
    with pytest.raises(BufferError):
        module.local_fill(bytes(32), 1)  # not writable
    with pytest.raises(ValueError, match="4 <= n"):
        module.local_fill(array("i", [0] * 3), 1)
    for seed in (-1, 2**64):
        with pytest.raises(OverflowError):
            module.local_fill(array("i", [0] * 8), seed)
    with pytest.raises(TypeError):
        module.local_fill(array("i", [0] * 8), 1.5)
    with pytest.raises(ValueError, match="stop flag"):
        module.local_fill(array("i", [0] * 8), 1, bytearray())


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_long_local_search() -> None:
    # 30 million queens take many seconds; Ctrl-C must end the command at once, exit 130.
    compiled_or_skip()
    command = [sys.executable, "-m", "queens", "solve", "30000000", "--method", "local"]
    command += ["--format", "list"]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_until_at_work(child)  # into the search (the kernel's helper thread)
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=30)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 130, stderr
    assert "Traceback" not in stderr


# ---- superqueens (queen + knight moves) ---------------------------------------------------


def superqueen_clash(columns: Sequence[int]) -> tuple[int, int] | None:
    """The first attacking pair of rows under the superqueen rule, by the rules' own
    pairwise definition (``attack_kind``, O(n^2): small boards only)."""
    n = len(columns)
    for a in range(n):
        for b in range(a + 1, n):
            if rules.attack_kind(rules.Rule.SUPERQUEEN, (a, columns[a]), (b, columns[b]), n):
                return a, b
    return None


def superqueen_problem(columns: Sequence[int] | None) -> str | None:
    """Why ``columns`` is not a superqueen solution (queens.validate, which knows the rule)."""
    if columns is None:
        return "no placement"
    return validate.board_problem(list(columns), Board(len(columns), rule="superqueen"))


SUPERQUEEN_SIZES = [12, 13, 14, 15, 16, 17, 20, 31, 32, 33, 34, 64, 100, 257, 1000]


def test_superqueens_are_valid_for_many_seeds(compiled: bool) -> None:
    seeds = range(10) if compiled else range(2)  # the fallback's restarts are slow on small n
    for n in SUPERQUEEN_SIZES if compiled else [12, 20, 33, 100, 1000]:
        for seed in seeds:
            columns = local.local_search(n, seed, compiled=compiled, rule=Rule.SUPERQUEEN)
            assert superqueen_problem(columns) is None, (n, seed)
            if n <= 100:
                assert columns is not None and superqueen_clash(columns) is None


def test_superqueens_on_a_big_board(compiled: bool) -> None:
    n = 100_000 if compiled else 20_000
    columns = local.local_search(n, 5, compiled=compiled, rule=Rule.SUPERQUEEN)
    assert superqueen_problem(columns) is None


def test_superqueen_seed_gives_one_placement(compiled: bool) -> None:
    for n in (12, 50, 5000):
        first = local.local_search(n, 99, compiled=compiled, rule=Rule.SUPERQUEEN)
        assert first == local.local_search(n, 99, compiled=compiled, rule=Rule.SUPERQUEEN)
    placements = {
        bytes(local.local_search(3000, seed, compiled=compiled, rule=Rule.SUPERQUEEN) or b"")
        for seed in range(3)
    }
    assert len(placements) == 3


def test_a_queen_solution_is_rarely_a_superqueen_one(compiled: bool) -> None:
    """The knight moves are really looked at: the queen rule's placements break them."""
    found = [local.local_search(200, seed, compiled=compiled) for seed in range(5)]
    assert all(superqueen_problem(columns) is not None for columns in found)


@cache
def all_superqueen_solutions(n: int) -> frozenset[tuple[int, ...]]:
    return frozenset(map(tuple, reference.solutions(((1 << n) - 1,) * n, rule=Rule.SUPERQUEEN)))


def test_small_superqueen_boards_are_searched_exactly(compiled: bool) -> None:
    """Below SUPERQUEEN_SEARCH_BELOW the answer is the exact search's (None below 10)."""
    assert list(local.local_search(1, 0, compiled=compiled, rule=Rule.SUPERQUEEN) or []) == [0]
    for n in range(2, local.SUPERQUEEN_SEARCH_BELOW):
        found = local.local_search(n, 3, compiled=compiled, rule=Rule.SUPERQUEEN)
        solutions = all_superqueen_solutions(n)
        assert (found is None) == (not solutions)
        assert found is None or (tuple(found) in solutions and superqueen_problem(found) is None)


@settings(max_examples=20, deadline=None)
@given(n=st.integers(12, 13), seed=st.integers(0, 2**64 - 1))
def test_superqueens_agree_with_the_reference_solver(n: int, seed: int) -> None:
    compiled = local.compiled_available()
    found = local.local_search(n, seed, compiled=compiled, rule=Rule.SUPERQUEEN)
    assert found is not None and tuple(found) in all_superqueen_solutions(n)


def test_other_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="knows the queen and superqueen rules, not 'toroidal'"):
        local.local_search(13, 0, rule=Rule.TOROIDAL)
