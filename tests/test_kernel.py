"""The compiled kernel (and its fallback) against the reference solver and the known counts."""

from __future__ import annotations

import contextlib
import csv
import os
import platform
import subprocess
import sys
import warnings
from array import array
from collections.abc import Iterator
from itertools import islice
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA, is_solution, known_counts
from queens import api, symmetry
from queens.board import Board
from queens.engines import Counts
from queens.engines.counting import kernel, reference
from queens.formats import render
from queens.rules import Rule
from queens.solution import Solution
from queens.validate import board_problem
from stopping import assert_the_flag_stops
from strategies import boards, shaped_boards

needs_kernel = pytest.mark.skipif(
    not kernel.compiled() and os.environ.get("CI") != "true",
    reason="the compiled kernel is not built (pure-Python fallback in use)",
)


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Force the fallback, as on an install without a C compiler (warnings silenced)."""
    monkeypatch.setattr(kernel, "_kernel", None)
    monkeypatch.setattr(kernel, "_warned", True)
    yield


def test_compiled_kernel_is_built_in_ci() -> None:
    # In CI a broken build must not hide behind the fallback.
    if os.environ.get("CI") != "true" and not kernel.compiled():
        pytest.skip("the compiled kernel is not built (pure-Python fallback in use)")
    assert kernel.compiled(), "the compiled kernel failed to build"
    assert kernel.description().startswith("compiled C kernel")


NO_SIMD_BUILD_ENV = "QUEENS_NO_SIMD_BUILD"
"""Set to 1 by .ci/portable when it tests a kernel built with -DQUEENS_NO_SIMD."""

NO_X86_BUILD_ENV = "QUEENS_NO_X86_SIMD_BUILD"
"""Set to 1 by .ci/portable when it tests a kernel built with -DQUEENS_NO_X86_SIMD (the
portable vector search alone, as on ARM)."""


def _cpu_flags() -> set[str]:
    try:
        with open("/proc/cpuinfo") as info:
            return next((set(line.split()) for line in info if line.startswith("flags")), set())
    except OSError:
        return set()


@needs_kernel
def test_the_stub_names_every_entry_of_the_kernel() -> None:
    """``_kernel.pyi`` (shipped for type checkers) declares exactly the module's names."""
    import ast
    from pathlib import Path

    import queens.engines

    stub = Path(queens.engines.__file__).with_name("_kernel.pyi")
    tree = ast.parse(stub.read_text())
    declared = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    declared |= {
        n.target.id
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }
    module = kernel.loaded()
    assert module is not None
    assert declared == {name for name in dir(module) if not name.startswith("_")}


def test_the_best_vector_search_is_used() -> None:
    # The CPU is looked at when the kernel loads: on a CPU with AVX-512F (as
    # in CI) that search must be the one in use, with AVX2 the AVX2 one,
    # else the portable one, and --version says which; QUEENS_SIMD=off keeps
    # the plain loop, QUEENS_SIMD=generic chooses the portable search.
    module = kernel.loaded()
    if module is None:
        pytest.skip("the compiled kernel is not built (test_compiled_kernel_is_built_in_ci)")
    if not module.VECTOR_SEARCH:  # only on purpose: .ci/portable's -DQUEENS_NO_SIMD build
        assert os.environ.get(NO_SIMD_BUILD_ENV) == "1", "the kernel lacks its vector search"
        pytest.skip("the kernel is built without its vector search (-DQUEENS_NO_SIMD)")
    flags = _cpu_flags()
    x86 = platform.machine() in ("x86_64", "AMD64") and os.environ.get(NO_X86_BUILD_ENV) != "1"
    expected = (
        "AVX-512"
        if x86 and "avx512f" in flags
        else "AVX2"
        if x86 and "avx2" in flags
        # x86-64 compiles the portable copy for SSSE3 (simd_generic.h): without it, the loop
        else ""
        if x86 and "ssse3" not in flags
        else "generic vector"  # the portable copy: ARM, older x86, a build without the x86 sets
    )
    assert kernel.simd() == expected
    if not expected:  # an x86-64 CPU without SSSE3 has the plain loop alone
        assert kernel.description() == "compiled C kernel"
        return
    assert kernel.description() == f"compiled C kernel, {expected}"
    choices = [("off", "compiled C kernel"), ("generic", "compiled C kernel, generic vector")]
    if expected != "generic vector":
        choices.append(("avx2", "compiled C kernel, AVX2"))
    for choice, engine in choices:
        env = {**os.environ, "QUEENS_SIMD": choice}
        for argv, out in ((["--version"], f"({engine})"), (["count", "10"], "724")):
            result = subprocess.run(
                [sys.executable, "-m", "queens", *argv], env=env, capture_output=True, text=True
            )
            assert (result.returncode, result.stderr) == (0, "")
            assert result.stdout.strip().endswith(out)
    env = {**os.environ, "QUEENS_SIMD": "avx3000"}
    result = subprocess.run(
        [sys.executable, "-m", "queens", "count", "10"], env=env, capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (0, "724\n")
    assert "QUEENS_SIMD=avx3000 ignored: no vector search 'avx3000'" in result.stderr


def _vector_searches() -> list[str]:
    """The vector searches this CPU can run, by the kernel's names."""
    if not kernel.compiled():
        return []
    from queens.engines import _kernel

    before, found = _kernel.simd(), []
    for kind in ("generic", "avx2", "avx512"):
        with contextlib.suppress(ValueError):  # raised when this CPU cannot run it
            found.append(_kernel.simd(kind))
    _kernel.simd(before)
    return found


def _reference_counts(board: Board) -> Counts:
    group = symmetry.board_symmetries(board)
    found = list(reference.solutions(board.allowed_masks()))
    return Counts(len(found), sum(symmetry.is_canonical(s, group) for s in found))


@needs_kernel
@pytest.mark.parametrize("n", range(kernel.SYMMETRIC_MIN_N, 16))
def test_symmetric_counts_match_known(n: int) -> None:
    assert kernel.count_symmetric(n) == known_counts()[n]


@needs_kernel
@pytest.mark.parametrize("n", range(kernel.SYMMETRIC_MIN_N, 14))
def test_wide_masks_count_the_same(n: int) -> None:
    # Boards of n <= 32 use 32-bit masks; the 64-bit search (for n > 32) is
    # forced here so it is checked too, sub-problem by sub-problem.
    from queens.engines import _kernel

    assert _kernel.count_symmetric(n, (), True) == known_counts()[n]
    for prefix in _kernel.symmetric_prefixes(n, min(3, n - 1)):
        assert _kernel.count_symmetric(n, prefix, True) == _kernel.count_symmetric(n, prefix)


@needs_kernel
@settings(max_examples=25, deadline=None)
@given(st.integers(8, 12), st.integers(2, 10))
def test_plain_walkers_count_every_subproblem_like_the_wide_loop(n: int, depth: int) -> None:
    # Without a vector search, boards of n <= 32 are counted by the branch-free walkers
    # (symmetric_flat.h); the 64-bit loop (symmetric_loop.h, forced with `wide`) is
    # another search: the same classes of 2, 4 and 8 (total and unique) sub-problem by
    # sub-problem, those whose rows need the rotation check included.
    from queens.engines import _kernel

    prefixes = _kernel.symmetric_prefixes(n, min(depth, n - 5))
    with kernel.searching_with(""):
        found = [_kernel.count_symmetric(n, p) for p in prefixes]
    assert found == [_kernel.count_symmetric(n, p, True) for p in prefixes]
    assert tuple(map(sum, zip(*found, strict=True))) == known_counts()[n]


def _eight_images(columns: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A placement under the board's 8 symmetries (a queen per row: its column)."""
    n = len(columns)
    inverse = [0] * n
    for row, column in enumerate(columns):
        inverse[column] = row
    images = []
    for turned in (list(columns), inverse):
        for flipped in (turned, turned[::-1]):
            images += [tuple(flipped), tuple(n - 1 - c for c in flipped)]
    return images


@needs_kernel
@pytest.mark.parametrize("free", [5, 8])
@pytest.mark.parametrize("n", [16, 23, 31, 32])
def test_plain_walkers_count_the_last_rows_of_wide_boards_like_the_wide_loop(
    n: int, free: int
) -> None:
    # The walkers' rows under row BOUND2's rule are read at an index made by a product
    # that depends on n (symmetric_flat.h's flat_sides): every width up to 32 must count
    # as the 64-bit loop does.  The sub-problems: random solutions (local search) under
    # the 8 symmetries, their first n - free rows kept where the method takes them.
    from queens.engines import _kernel
    from queens.engines.anyn.local import local_search

    solutions = [local_search(n, seed) for seed in range(8)]
    prefixes = {image[: n - free] for s in solutions if s for image in _eight_images(tuple(s))}
    compared = completed = 0
    for prefix in sorted(prefixes):
        try:
            wide = _kernel.count_symmetric(n, prefix, True)
        except ValueError:  # not a sub-problem of the method
            continue
        with kernel.searching_with(""):
            assert _kernel.count_symmetric(n, prefix) == wide, prefix
        compared += 1
        completed += wide != (0, 0)
    assert compared >= 6 and completed >= 4


@needs_kernel
@pytest.mark.parametrize("kind", _vector_searches() or ["none on this CPU"])
@pytest.mark.parametrize("n", range(kernel.SYMMETRIC_MIN_N, 15))
def test_vector_searches_and_plain_loop_count_the_same(n: int, kind: str) -> None:
    # Every sub-tree of depths 2..4, counted by each vector search this CPU
    # runs and by the plain loop: the same counts, one by one.
    from queens.engines import _kernel

    if kind not in _vector_searches():
        pytest.skip("this CPU runs no vector search: the plain loop counts")
    depths = range(2, min(5, n))
    before = _kernel.simd()
    counts: dict[str, list[list[tuple[int, int] | None]]] = {}
    try:
        for search in (kind, False):
            _kernel.simd(search)
            assert _kernel.count_symmetric(n) == known_counts()[n]
            counts[str(search)] = [
                [_kernel.count_symmetric(n, p) for p in _kernel.symmetric_prefixes(n, d)]
                for d in depths
            ]
    finally:
        _kernel.simd(before)
    assert counts[kind] == counts["False"]


@needs_kernel
@pytest.mark.parametrize("kind", [*_vector_searches(), ""])
def test_every_small_board_counts_right_in_each_search(kind: str) -> None:
    # The refill of the vector lanes at its edges: boards with fewer waiting
    # nodes than lanes (n = 4..7), the masks counter (any n, no symmetry: the
    # same vector search without the border rules) and the symmetric one.
    from queens.engines import _kernel

    with kernel.searching_with(kind):
        for n in range(1, 14):
            total, unique = known_counts()[n]
            assert _kernel.count_masks(Board.empty(n).allowed_masks()) == (total, total), n
            if n >= kernel.SYMMETRIC_MIN_N:
                assert _kernel.count_symmetric(n) == (total, unique), n


@needs_kernel
@settings(max_examples=40, deadline=None)
@given(
    st.integers(kernel.SYMMETRIC_MIN_N, 12),
    st.integers(2, 11),
    st.sampled_from([*_vector_searches(), ""]),
)
def test_each_search_counts_every_subproblem_like_the_plain_loop(
    n: int, depth: int, kind: str
) -> None:
    # The sub-problems of a split (prefixes of 2..n-1 rows, the deepest
    # leaving the vector search fewer rows than it expands) one by one: the same counts by
    # each search as by the plain loop, and together the whole board's,
    # which the reference solver counts too.
    from queens.engines import _kernel

    prefixes = _kernel.symmetric_prefixes(n, min(depth, n - 1))
    with kernel.searching_with(kind):
        found = [_kernel.count_symmetric(n, p) for p in prefixes]
    with kernel.searching_with(""):
        assert found == [_kernel.count_symmetric(n, p) for p in prefixes]
    total = sum(t for t, _ in found)
    assert (total, sum(u for _, u in found)) == known_counts()[n]
    if n <= 8:
        assert total == reference.count(Board.empty(n).allowed_masks())


@needs_kernel
@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
@pytest.mark.parametrize("kind", _vector_searches() or ["none on this CPU"])
def test_marks_from_the_rows_of_a_prefix(kind: str) -> None:
    # The vector search counts the completions of a border node as classes
    # of 8 unless its rows need sym_check: it marks the nodes below row
    # BOUND1's queen on the top column or row BOUND2's on column 0, and a
    # sub-problem whose prefix already holds such a row starts marked.  Every
    # such sub-problem (the prefix reaching past the middle row), counted by
    # the vector search and by the plain loop: the same counts.
    from queens.engines import _kernel

    if kind not in _vector_searches():
        pytest.skip("this CPU runs no vector search: the plain loop counts")
    checked = 0
    for n in range(9, 15):
        for depth in range(n // 2 + 1, n - 3):
            prefixes = [
                p
                for p in _kernel.symmetric_prefixes(n, depth)
                if p[0] != 0
                and (p[p[0]] == n - 1 or (len(p) > n - 1 - p[0] and p[n - 1 - p[0]] == 0))
            ]
            with kernel.searching_with(kind):
                found = [_kernel.count_symmetric(n, p) for p in prefixes]
            with kernel.searching_with(""):
                assert found == [_kernel.count_symmetric(n, p) for p in prefixes], (n, depth)
            checked += sum(total > 0 for total, _ in found)
    assert checked > 1000


@pytest.mark.slow
@needs_kernel
@pytest.mark.parametrize("kind", [*_vector_searches(), ""])
@pytest.mark.parametrize("n", [16, 17])
def test_symmetric_counts_match_known_slow(n: int, kind: str) -> None:
    # Whole and as the command splits it (sub-problems of two rows and more),
    # with each search this CPU runs.
    from queens.engines import _kernel

    with kernel.searching_with(kind):
        assert kernel.count_symmetric(n) == known_counts()[n]
        if kind:
            found = [_kernel.count_symmetric(n, p) for p in _kernel.symmetric_prefixes(n, 3)]
            assert tuple(map(sum, zip(*found, strict=True))) == known_counts()[n]


@needs_kernel
@pytest.mark.parametrize("n", range(1, 12))
def test_mask_counts_match_known(n: int) -> None:
    allowed = Board.empty(n).allowed_masks()
    assert kernel.count(allowed, symmetry.ALL) == known_counts()[n]
    assert kernel.count(allowed).total == known_counts()[n][0]


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(boards(max_n=8))
def test_kernel_matches_reference(board: Board) -> None:
    allowed = board.allowed_masks()
    group = symmetry.board_symmetries(board)
    assert kernel.count(allowed, group) == _reference_counts(board)
    found = [s.tolist() for s in kernel.solutions(allowed)]
    assert found == list(reference.solutions(allowed))
    assert all(is_solution(s, board) for s in found)
    canonical = [s.tolist() for s in kernel.solutions(allowed, group)]
    assert canonical == [s for s in found if symmetry.is_canonical(s, group)]


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(boards(max_n=11), st.sampled_from(_vector_searches() or [""]))
def test_each_search_counts_boards_like_the_reference(board: Board, kind: str) -> None:
    # Boards with reserved squares and fixed queens, counted without a
    # symmetry check, by a vector search (each this CPU runs) or the loop.
    from queens.engines import _kernel

    before = _kernel.simd()
    _kernel.simd(kind or False)
    try:
        found = _kernel.count_masks(board.allowed_masks())
    finally:
        _kernel.simd(before)
    total = reference.count(board.allowed_masks())
    assert found == (total, total)


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(boards(max_n=7))
def test_text_matches_formats(board: Board) -> None:
    allowed = board.allowed_masks()
    solutions = [Solution(s) for s in reference.solutions(allowed)]
    for fmt in kernel.FORMAT_CODES:
        chunks = list(kernel.solution_text(allowed, fmt))
        separator = "\n" if fmt == "board" else ""
        assert "".join(text for _, text in chunks) == "".join(
            (separator if i else "") + render(s, fmt) + "\n" for i, s in enumerate(solutions)
        )
        assert sum(count for count, _ in chunks) == len(solutions)


@needs_kernel
def test_text_limit_and_growing_batches() -> None:
    allowed = Board.empty(10).allowed_masks()
    chunks = list(kernel.solution_text(allowed, "list", limit=500))
    assert sum(count for count, _ in chunks) == 500
    assert len(chunks) > 2  # streamed, not one block
    lines = "".join(text for _, text in chunks).splitlines()
    assert lines == [Solution(s).list_text() for s in list(reference.solutions(allowed))[:500]]


@needs_kernel
def test_a_long_search_without_solutions_returns_between_budgets() -> None:
    # Nothing may stand in the last row: a whole 13-queen search, no solution.
    board = Board.build(13, reserved=[(12, c) for c in range(13)])
    assert list(kernel.solutions(board.allowed_masks())) == []
    assert list(kernel.solution_text(board.allowed_masks(), "list")) == []


def test_group_bits() -> None:
    assert kernel.group_bits(()) == 0
    assert kernel.group_bits(symmetry.ALL) == 255
    assert kernel.group_bits([symmetry.Symmetry.IDENTITY, symmetry.Symmetry.MIRROR]) == 0b10001


@pytest.mark.parametrize("n", range(1, 12))
def test_fallback_counts_match_known(pure_python: None, n: int) -> None:
    board = Board.empty(n)
    assert kernel.count(board.allowed_masks(), symmetry.ALL) == known_counts()[n]
    if n >= kernel.SYMMETRIC_MIN_N:
        assert kernel.count_symmetric(n) == known_counts()[n]


@settings(max_examples=50, deadline=None)
@given(boards(max_n=7))
def test_fallback_matches_reference(board: Board) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel, "_kernel", None)
        patch.setattr(kernel, "_warned", True)
        assert not kernel.compiled()
        group = symmetry.board_symmetries(board)
        assert kernel.count(board.allowed_masks(), group) == _reference_counts(board)
        found = [s.tolist() for s in kernel.solutions(board.allowed_masks(), group)]
    expected = [s for s in reference.solutions(board.allowed_masks())]
    assert found == [s for s in expected if symmetry.is_canonical(s, group)]


def test_fallback_warns_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernel, "_kernel", None)
    monkeypatch.setattr(kernel, "_warned", False)
    with pytest.warns(RuntimeWarning, match="compiled kernel is not available"):
        kernel.count([7, 7, 7])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kernel.count([7, 7, 7])  # no second warning
    assert "pure-Python" in kernel.description()


def test_fallback_cannot_write_text(pure_python: None) -> None:
    assert not kernel.writes_text(8, "list")
    with pytest.raises(ValueError, match="does not write"):
        next(kernel.solution_text(Board.empty(8).allowed_masks(), "list"))


def test_env_var_forces_the_fallback() -> None:
    code = "from queens.engines.counting import kernel; "
    code += "print(kernel.compiled(), kernel.description())"
    env = {**os.environ, kernel.FORCE_PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.startswith("False pure-Python engine (forced by QUEENS_PURE_PYTHON)")


@needs_kernel
@pytest.mark.parametrize("n", [1, 2, 4, 5, 8, 9, 10, 15, 16])
def test_mirror_symmetric_boards_keep_lexicographic_order(n: int) -> None:
    # Boards that are their own mirror image are enumerated half by search,
    # half by replaying mirror images: the order must not change.
    mirrored = [(r, c) for r in range(1, n, 3) for c in {r % n, n - 1 - r % n}]
    for board in (Board.empty(n), Board.build(n, reserved=mirrored)):
        allowed = board.allowed_masks()
        if n <= 10:
            found = [s.tolist() for s in kernel.solutions(allowed)]
            assert found == list(reference.solutions(allowed))
        text = "".join(t for _, t in kernel.solution_text(allowed, "letters", limit=3000))
        first = [Solution(s).letters() for s in islice(reference.solutions(allowed), 3000)]
        assert text.splitlines() == first


@needs_kernel
@pytest.mark.parametrize(
    "plain", ["symmetric", "walkers", ""], ids=["symmetric", "walkers", "masks"]
)
def test_stop_flag_ends_a_long_count(plain: str) -> None:
    # Counting all of N = 19 in one call takes minutes: only the kernel's own
    # look at the flag can end it within the join's timeout.  "walkers": the
    # symmetric counter without a vector search (symmetric_flat.h) on N = 32, whose
    # walkers' first sub-tree alone outlasts the join by years: between sub-trees is
    # not enough, they must look at the flag as they go.
    if plain == "walkers":
        with kernel.searching_with(""):
            assert_the_flag_stops(lambda stop: kernel.count_symmetric(32, (), stop))
    elif plain:
        assert_the_flag_stops(lambda stop: kernel.count_symmetric(19, (), stop))
    else:
        masks = Board.empty(19).allowed_masks()
        assert_the_flag_stops(lambda stop: kernel.count(masks, (), stop))


@needs_kernel
def test_a_timed_stop_ends_a_long_count_by_its_time() -> None:
    # N = 19 takes minutes: the kernel stops only when the flag's own thread sets the
    # byte it reads (nothing in Python looks at the flag meanwhile).  The time limit
    # is not asserted on, only that its stop came from the time.
    with kernel.TimedStop(0.2) as flag, pytest.raises(kernel.Stopped):
        kernel.count_symmetric(19, (), flag)
    assert flag.timed_out()
    assert not flag._timer.is_alive()  # its thread ended with the block


def test_a_timed_stop_passes_its_outer_flag_on() -> None:
    outer = kernel.StopFlag()
    with kernel.TimedStop(600.0, outer) as flag:
        assert not flag.is_set()
        outer.set()
        flag._timer.join(5)  # its thread saw the outer flag and set the byte
        assert flag.byte[0] == 1 and not flag.timed_out()


# ---- the wrapper: every argument is checked; no size can wrap around --------------------

DOCUMENTED = (TypeError, ValueError, OverflowError, BufferError, MemoryError)
"""What a bad argument to the kernel may raise (never a crash)."""


def _module() -> ModuleType:
    module = kernel.loaded()
    assert module is not None
    return module


@needs_kernel
@pytest.mark.parametrize("k", [2**31, 2**61, 2**62, sys.maxsize])
def test_huge_batch_sizes_ask_only_for_what_is_found(k: int) -> None:
    # k near 2**61 once wrapped the size of the batch buffer into a small one (a heap
    # overflow); k is only a limit now.
    allowed = Board.empty(8).allowed_masks()
    columns = _module().Enumerator(allowed).columns(k)
    assert len(columns) == 92 * 8 * 4
    count, text = _module().Enumerator(allowed).text(k, kernel.FORMAT_CODES["board"], True)
    assert count == 92 and text.count("Q") == 92 * 8


@needs_kernel
def test_batch_size_and_format_checks() -> None:
    enumerator = _module().Enumerator(Board.empty(6).allowed_masks())
    with pytest.raises(ValueError, match="k must be"):
        enumerator.columns(-1)
    with pytest.raises(OverflowError):
        enumerator.columns(2**63)
    with pytest.raises(ValueError, match="bad batch size or format"):
        enumerator.text(1, 4, True)
    with pytest.raises(ValueError, match="bad batch size or format"):
        _module().Enumerator(Board.empty(27).allowed_masks()).text(1, 1, True)
    assert enumerator.columns(0) == b""


@needs_kernel
def test_an_enumerator_that_was_never_initialised() -> None:
    enumerator_type = _module().Enumerator
    raw = enumerator_type.__new__(enumerator_type)
    with pytest.raises(ValueError, match="not initialised"):
        raw.columns(5)
    with pytest.raises(ValueError, match="not initialised"):
        raw.text(5, 0, True)
    with pytest.raises(ValueError):  # a failed __init__ leaves it unusable too
        raw.__init__([])
    with pytest.raises(ValueError, match="not initialised"):
        raw.columns(5)


@needs_kernel
def test_group_and_board_arguments() -> None:
    module = _module()
    for group in (-1, 256, 2**40):
        with pytest.raises((ValueError, OverflowError)):
            module.count_masks([1], group)
        with pytest.raises((ValueError, OverflowError)):
            module.Enumerator([1], group)
    with pytest.raises(OverflowError):
        module.count_masks([2**64])
    with pytest.raises(OverflowError):
        module.count_masks([-1])
    with pytest.raises(TypeError):
        module.count_masks(5)
    with pytest.raises(ValueError, match=r"1\.\.64 rows"):
        module.count_masks([1] * 65)
    with pytest.raises(ValueError, match="stop flag"):
        module.count_masks([1], 1, bytearray())
    with pytest.raises(ValueError, match="column out of range"):
        module.count_symmetric(8, (70,))
    with pytest.raises(ValueError):
        module.symmetric_prefixes(8, 9)
    with pytest.raises(UnicodeEncodeError):
        module.simd("\ud800")
    with pytest.raises(TypeError):
        module.simd(3)


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(
    allowed=st.lists(st.integers(-(2**70), 2**70), max_size=70)
    | st.binary(max_size=70)
    | st.text(max_size=10),
    group=st.integers(-(2**40), 2**40),
    k=st.integers(-(2**64), 2**64),
    fmt=st.integers(-5, 10),
)
def test_random_arguments_raise_only_documented_errors(
    allowed: object, group: int, k: int, fmt: int
) -> None:
    # Boards of up to 8 rows (so that a count is quick); everything else as it comes.
    module = _module()
    if isinstance(allowed, (list, bytes)) and len(allowed) > 8:
        allowed = allowed[:8] if k % 2 else allowed
    with contextlib.suppress(*DOCUMENTED):
        if len(allowed) <= 8:  # type: ignore[arg-type]
            module.count_masks(allowed, group)
    with contextlib.suppress(*DOCUMENTED):
        enumerator = module.Enumerator(allowed, group)
        enumerator.columns(k)
        enumerator.text(k, fmt, True)
    with contextlib.suppress(*DOCUMENTED):
        module.count_symmetric(max(4, min(group, 9)), allowed if isinstance(allowed, list) else ())
    with contextlib.suppress(*DOCUMENTED):
        module.symmetric_prefixes(group % 12, fmt)


# -- boards of any shape: k queens on width x height --------------------------


def _orbits(found: list[list[int]], group: tuple[symmetry.Symmetry, ...], width: int) -> int:
    """The number of classes of ``found`` under ``group``, counted as sets of images."""
    return len({frozenset(tuple(s.columns(c, width)) for s in group) for c in found})


def _published_shapes() -> list[tuple[str, int, int, int, int]]:
    with (DATA / "oeis-shapes.tsv").open() as file:
        lines = [line for line in file if not line.startswith("#")]
    rows = csv.DictReader(lines, delimiter="\t")
    return [
        (r["sequence"], int(r["width"]), int(r["height"]), int(r["queens"]), int(r["total"]))
        for r in rows
    ]


@pytest.mark.parametrize(("sequence", "width", "height", "k", "total"), _published_shapes())
def test_shaped_counts_match_published(
    sequence: str, width: int, height: int, k: int, total: int
) -> None:
    # Both orientations and the board's own (published totals, for checking only).
    if not kernel.compiled() and total >= 20_000:
        pytest.skip("the pure-Python fallback is the reference: checked on the smaller entries")
    for w, h in {(width, height), (height, width)}:
        board = Board(w, height=h, k=k)
        shape = {"width": w, "queens": k, "required": board.required_rows()}
        assert kernel.count(board.allowed_masks(), **shape).total == total, sequence
        if total < 20_000:  # the pure reference, quick enough
            assert reference.count(board.allowed_masks(), k, shape["required"]) == total


@pytest.mark.parametrize("n", range(1, 8))
def test_k_queens_on_n_by_n_match_the_reference(n: int) -> None:
    # Every k = 0..n, unique counts too (the 8 symmetries of the square, also with k < n).
    for k in range(n + 1):
        board = Board(n, k=k)
        allowed, required = board.allowed_masks(), board.required_rows()
        found = list(reference.solutions(allowed, k, required))
        counts = kernel.count(allowed, symmetry.ALL, width=n, queens=k, required=required)
        assert counts == Counts(len(found), _orbits(found, symmetry.ALL, n))


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(shaped_boards(max_side=7))
def test_kernel_matches_reference_on_shapes(board: Board) -> None:
    allowed, shape = board.allowed_masks(), api.engine_shape(board)
    group = symmetry.board_symmetries(board)
    found = list(reference.solutions(allowed, board.k, board.required_rows()))
    assert all(board_problem(s, board) is None for s in found)
    assert kernel.count(allowed, **shape) == Counts(len(found), len(found))
    assert kernel.count(allowed, group, **shape) == Counts(
        len(found), _orbits(found, group, board.width)
    )
    assert [s.tolist() for s in kernel.solutions(allowed, **shape)] == found
    canonical = [s.tolist() for s in kernel.solutions(allowed, group, **shape)]
    assert canonical == [s for s in found if symmetry.is_canonical(s, group, board.width)]


def _shape_counts(args: tuple[object, ...], search: str) -> tuple[int, int, int]:
    """count_shape(*args) by one search: a vector search by name, or "" for the loop."""
    module = _module()
    before = module.simd()
    module.simd(search or False)
    try:
        found = module.count_shape(*args)
    finally:
        module.simd(before)
    assert isinstance(found, tuple)
    return found


@st.composite
def _rule_boards(draw: st.DrawFn, square: bool = False) -> Board:
    """Boards the vector searches take under the other rules: 3..8 rows, a few
    reserved squares, up to two fixed queens; half of them (or all: SQUARE)
    square (the torus's, with any number of queens: rows may stay empty), the
    others a queen in every row of up to 11 columns (the search of full rows,
    which takes every rule)."""
    height = draw(st.integers(3, 8))
    width, k = draw(st.integers(height, 11)), height
    if square or draw(st.booleans()):  # full rows half the time, else any number of queens
        width, k = height, draw(st.one_of(st.just(height), st.integers(1, height)))
    squares = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    reserved = draw(st.frozensets(squares, max_size=width * height // 8))
    queens = draw(st.frozensets(squares, max_size=2))
    return Board(width, reserved - queens, queens, height=height, k=k)


@needs_kernel
@settings(max_examples=300, deadline=None)
@given(
    st.one_of(shaped_boards(max_side=8), _rule_boards()),
    st.sampled_from(list(Rule)),
    st.booleans(),
)
def test_vector_searches_count_shapes_like_the_loop(
    board: Board, rule: Rule, grouped: bool
) -> None:
    # A queen in every row or rows left empty, reserved squares, fixed queens
    # (required rows), a mirror-symmetric board's halving, with or without the
    # board's group: each vector search counts the solutions, the fundamental
    # ones and the plain tree's queens (nodes) as the loop does (the vector
    # search of full rows takes every rule, that of empty rows the queen and
    # toroidal rules: superqueens must still count right), and the totals are
    # the reference's.
    if rule is Rule.TOROIDAL and board.width != board.height:
        rule = Rule.QUEEN  # the torus is square
    _check_vector_searches(board, rule, grouped)


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(_rule_boards(square=True), st.booleans())
def test_vector_searches_count_torus_boards_like_the_loop(board: Board, grouped: bool) -> None:
    # The torus's own boards, more of them: rows full or left empty, the
    # diagonals going round (the faults the test above finds only now and then).
    _check_vector_searches(board, Rule.TOROIDAL, grouped)


def _check_vector_searches(board: Board, rule: Rule, grouped: bool) -> None:
    """Each vector search counts the board under ``rule`` as the loop does (the
    solutions, the fundamental ones, the nodes); the loop's total is the reference's."""
    group = symmetry.board_symmetries(board) if grouped else ()
    shape = kernel.counting_shape(
        board.allowed_masks(),
        group,
        width=board.width,
        queens=board.k,
        required=board.required_rows(),
    )
    bits = kernel.group_bits(shape.group) | 1
    args = (
        shape.allowed,
        shape.width,
        shape.queens,
        shape.required_bytes(),
        bits,
        None,
        rule.code,
    )
    loop = _shape_counts(args, "")
    allowed, k, required = board.allowed_masks(), board.k, board.required_rows()
    assert loop[0] == reference.count(allowed, k, required, rule, board.width)
    for search in _vector_searches():
        assert _shape_counts(args, search) == loop, search


@st.composite
def _wide_or_tall_shapes(draw: st.DrawFn) -> tuple[tuple[int, ...], int, int, bytes]:
    """count_shape's board arguments around the vector searches' limits: 24..34
    columns (their lanes hold 32) in 3..7 rows, or 20..70 rows (they take 64) of
    2..10 columns with up to 3 queens; each row a few columns, some required."""
    if draw(st.booleans()):
        width, rows = draw(st.integers(24, 34)), draw(st.integers(3, 7))
        k = draw(st.integers(1, rows))
    else:
        width, rows = draw(st.integers(2, 10)), draw(st.integers(20, 70))
        k = draw(st.integers(1, min(3, width)))
    columns = st.frozensets(st.integers(0, width - 1), max_size=5)
    allowed = tuple(sum(1 << c for c in draw(columns)) for _ in range(rows))
    required = draw(st.frozensets(st.integers(0, rows - 1), max_size=k))
    if k == rows:
        required = frozenset(range(rows))
    return allowed, width, k, bytes(int(row in required) for row in range(rows))


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
@needs_kernel
@settings(max_examples=150, deadline=None)
@given(_wide_or_tall_shapes())
def test_vector_searches_count_wide_and_tall_shapes_like_the_loop(
    shape: tuple[tuple[int, ...], int, int, bytes],
) -> None:
    loop = _shape_counts(shape, "")
    for search in _vector_searches():
        assert _shape_counts(shape, search) == loop, search


@settings(max_examples=200, deadline=None)
@given(shaped_boards(max_side=6))
def test_transposing_keeps_the_counts(board: Board) -> None:
    # The counting orientation (rows become columns) counts what the board's own does.
    shape = kernel.Shape(
        board.allowed_masks(),
        board.width,
        board.k,
        board.required_rows(),
        symmetry.board_symmetries(board),
    )
    other = kernel.transposed(shape)
    if other is None:  # a fixed queen's row with no square, or two in a column
        assert any(
            (m & (m - 1)) or not m
            for row, m in enumerate(shape.allowed)
            if shape.required >> row & 1
        ) or len({c for _, c in board.queens}) < len(board.queens)
        return
    assert (len(other.allowed), other.width) == (board.width, board.height)
    here = list(reference.solutions(shape.allowed, shape.queens, shape.required))
    there = list(reference.solutions(other.allowed, other.queens, other.required))
    assert len(there) == len(here)
    assert _orbits(there, other.group, other.width) == _orbits(here, shape.group, shape.width)


def test_the_counting_orientation_puts_the_queens_in_every_row() -> None:
    # 12 queens on 12 columns x 16 rows: searched as 16 columns x 12 rows, a queen in each.
    shape = kernel.counting_shape(Board(12, height=16).allowed_masks(), width=12, queens=12)
    assert (len(shape.allowed), shape.width, shape.required) == (12, 16, (1 << 12) - 1)
    wide = kernel.counting_shape(Board(16, height=12).allowed_masks(), width=16, queens=12)
    assert (len(wide.allowed), wide.width) == (12, 16)
    if kernel.compiled():
        assert kernel.SHAPE_MAX_WIDTH == _module().MAX_N
    tall = kernel.counting_shape([1] * 65, width=1, queens=1)  # 65 columns: as it is
    assert (len(tall.allowed), tall.width) == (65, 1)


def test_fallback_counts_shapes(pure_python: None) -> None:
    board = Board(5, height=4, k=3, queens=[(1, 2)])
    found = list(reference.solutions(board.allowed_masks(), 3, board.required_rows()))
    shape = api.engine_shape(board)
    group = symmetry.board_symmetries(board)
    assert kernel.count(board.allowed_masks(), group, **shape) == Counts(
        len(found), _orbits(found, group, 5)
    )
    assert [s.tolist() for s in kernel.solutions(board.allowed_masks(), **shape)] == found


@needs_kernel
def test_zero_queens_is_one_placement() -> None:
    module = _module()
    assert module.count_shape([7, 7], 3, 0, bytes(2)) == (1, 1, 0)
    assert module.count_shape([7, 7], 3, 0, b"\x01\x00") == (0, 0, 0)  # a row needs a queen
    enumerator = module.Enumerator([7, 7], 1, width=3, queens=0, required=bytes(2))
    assert enumerator.columns(5) == array("i", [-1, -1]).tobytes()
    assert enumerator.finished()


@needs_kernel
def test_shape_arguments_are_checked() -> None:
    module = _module()
    with pytest.raises(ValueError, match=r"1\.\.64 columns"):
        module.count_shape([1], 65, 1, b"\x01")
    with pytest.raises(ValueError, match=r"1\.\.64 columns"):
        module.count_shape([1], 0, 0, b"\x00")
    with pytest.raises(ValueError, match=rf"1\.\.{module.MAX_ROWS} rows"):
        module.count_shape([1] * (module.MAX_ROWS + 1), 1, 1, bytes(module.MAX_ROWS + 1))
    with pytest.raises(ValueError, match=r"1\.\.\d+ rows"):
        module.count_shape([], 3, 0, b"")
    with pytest.raises(ValueError, match="do not fit"):
        module.count_shape([7, 7], 3, 3, bytes(2))
    with pytest.raises(ValueError, match="do not fit"):
        module.count_shape([7, 7], 3, -1, bytes(2))
    with pytest.raises(ValueError, match="a byte per row"):
        module.count_shape([7, 7], 3, 1, bytes(3))
    with pytest.raises(TypeError):
        module.count_shape([7, 7], 3, 1, "ab")
    with pytest.raises(ValueError, match="quarter turns"):
        module.count_shape([7, 7], 3, 1, bytes(2), 1 | 2)
    with pytest.raises(ValueError, match="quarter turns"):
        module.Enumerator([7, 7], 1 | 2, width=3, queens=1, required=bytes(2))
    with pytest.raises(ValueError, match="stop flag"):
        module.count_shape([7, 7], 3, 1, bytes(2), 1, bytearray())
    enumerator = module.Enumerator([7, 7], 1, width=3, queens=1, required=bytes(2))
    with pytest.raises(ValueError, match="format"):  # text: n x n boards with n queens only
        enumerator.text(3, 0, True)
    with pytest.raises(ValueError):  # a failed __init__ leaves it unusable
        enumerator.__init__([7], 1, width=3, queens=2, required=bytes(1))
    with pytest.raises(ValueError, match="not initialised"):
        enumerator.columns(5)


@needs_kernel
def test_a_tall_board_and_its_stop_flag() -> None:
    # More rows than columns (up to MAX_ROWS), and a long shaped count stops when told.
    module = _module()
    rows = module.MAX_ROWS
    total, _, _ = module.count_shape([0b11] * rows, 2, 1, bytes(rows))
    assert total == 2 * rows
    stop = kernel.StopFlag()
    stop.set()
    with pytest.raises(kernel.Stopped):
        kernel.count(Board(14, k=10).allowed_masks(), (), stop, width=14, queens=10)
    flag = bytearray(b"\x01")
    assert module.count_shape([(1 << 14) - 1] * 14, 14, 10, bytes(14), 1, flag) is None


@needs_kernel
@settings(max_examples=200, deadline=None)
@given(
    allowed=st.lists(st.integers(-(2**70), 2**70), max_size=10) | st.binary(max_size=10),
    width=st.integers(-3, 70),
    k=st.integers(-3, 12),
    required=st.binary(max_size=12) | st.integers(),
    group=st.integers(-3, 300),
)
def test_random_shape_arguments_raise_only_documented_errors(
    allowed: object, width: int, k: int, required: object, group: int
) -> None:
    module = _module()
    with contextlib.suppress(*DOCUMENTED):
        module.count_shape(allowed, width, k, required, group)
    with contextlib.suppress(*DOCUMENTED):
        module.Enumerator(allowed, group, width=width, queens=k, required=required).columns(50)
