"""The Python face of the compiled kernel, with a pure-Python fallback.

The kernel (``src/kernel/``) is an optional extension: an install without a C
compiler still works, with the same answers, only slower.  The first use of
the fallback warns once through ``warnings``.  Setting the environment
variable ``QUEENS_PURE_PYTHON=1`` forces the fallback (for tests and
comparisons), and ``QUEENS_SIMD=off`` (or ``generic``, ``avx2``, ``avx512``) chooses the
compiled kernel's search for plain boards instead of the best this CPU runs.
This module is the one place that loads the kernel (``loaded``): local
search (``queens.engines.anyn.local``) takes it from here too.

Every function takes plain data: ``allowed`` (a column bitmask per row, see
``queens.board.Board.allowed_masks``) and ``group`` (the symmetries that
map the board onto itself, for fundamental counts); on boards of another
shape also ``width`` (the number of columns, default: as many as rows),
``queens`` (how many to place, default: one per row) and ``required`` (a
bitmask of the rows that must hold a queen when some may stay empty).
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import NamedTuple, TypeVar

from queens import symmetry
from queens.engines import Counts, watch
from queens.engines.counting import few, reference
from queens.engines.counting import symmetric as pure_symmetric
from queens.rules import Rule
from queens.symmetry import Symmetry

T = TypeVar("T")

FORCE_PURE_ENV = "QUEENS_PURE_PYTHON"
SIMD_ENV = "QUEENS_SIMD"

_simd_warning: str | None = None  # a bad QUEENS_SIMD, said on first use (warnings set up)


def _load() -> ModuleType | None:
    if os.environ.get(FORCE_PURE_ENV, "") not in ("", "0"):
        return None
    try:
        from queens.engines import _kernel  # lazy: compiled, may be missing
    except ImportError:
        return None
    choice = os.environ.get(SIMD_ENV, "")
    if choice:  # e.g. to compare the searches: off (the plain loop), generic, avx2, avx512
        try:
            _kernel.simd(False if choice in ("off", "0") else choice)
        except ValueError as error:
            global _simd_warning
            _simd_warning = f"{SIMD_ENV}={choice} ignored: {error}"
    return _kernel


_kernel = _load()
_warned = False

KERNEL_MAX_N: int = _kernel.MAX_N if _kernel is not None else 0
"""The widest board the compiled kernel takes (wider ones use the fallback)."""

KERNEL_MAX_ROWS: int = _kernel.MAX_ROWS if _kernel is not None else 0
"""The most rows of a board of another shape the compiled kernel takes (n x n boards
with n queens: up to ``KERNEL_MAX_N``)."""

SHAPE_MAX_WIDTH = 64
"""The widest board the kernel's shaped search takes (its MAX_N): a board is
counted transposed only when it fits then (with or without the kernel, so the
orientation, and the estimates made from it, never depend on the build)."""

SYMMETRIC_MIN_N = pure_symmetric.MIN_N

FORMAT_CODES = {"list": 0, "letters": 1, "json": 2, "board": 3}
"""The formats the kernel writes itself (as ``queens.formats`` does)."""

BATCH_BYTES = 1 << 20
"""About how much text or columns one call into the kernel produces."""


class Stopped(Exception):
    """A count or search was told to stop (through its ``StopFlag``) before it finished."""


class StopFlag:
    """Tells counts (and local searches) running in other threads to stop early.

    The compiled kernel looks at the flag now and then as it counts (every
    few milliseconds on the boards people count), then raises
    ``Stopped`` instead of returning a partial count.  The pure-Python
    fallback looks only before it starts (local search: before each restart).
    """

    def __init__(self) -> None:
        self.byte = bytearray(1)  # the kernel reads this byte while it counts

    def set(self) -> None:
        self.byte[0] = 1

    def is_set(self) -> bool:
        return self.byte[0] != 0


TIMER_LOOK = 0.05
"""Seconds between a ``TimedStop``'s looks at the clock and at the flag it wraps."""


class TimedStop(StopFlag):
    """A stop flag that is also set ``seconds`` after it is made, or once ``outer`` is set:
    a time limit that ends searches (the kernel's too) as a Ctrl-C does.

    Python code sees the time and ``outer`` at once (``is_set``); the kernel reads the
    byte, which a thread of its own sets within ``TIMER_LOOK`` seconds while the ``with``
    block runs.  ``timed_out`` tells a stop by the time from one by ``outer``.

    >>> with TimedStop(0.0) as flag:
    ...     flag.is_set(), flag.timed_out()
    (True, True)
    >>> outer = StopFlag()
    >>> with TimedStop(60.0, outer) as flag:
    ...     outer.set()
    ...     flag.is_set(), flag.timed_out()
    (True, False)
    """

    def __init__(self, seconds: float, outer: StopFlag | None = None) -> None:
        super().__init__()
        self.outer = outer
        self.at = time.monotonic() + seconds
        self._done = threading.Event()
        self._timer = threading.Thread(target=self._watch, name="queens-timer", daemon=True)

    def _outer_set(self) -> bool:
        return self.outer is not None and self.outer.is_set()

    def is_set(self) -> bool:
        if not self.byte[0] and (self._outer_set() or time.monotonic() >= self.at):
            self.set()
        return self.byte[0] != 0

    def timed_out(self) -> bool:
        """True once the time is up, unless ``outer`` was set (then it is its stop)."""
        return time.monotonic() >= self.at and not self._outer_set()

    def _watch(self) -> None:
        while not self._done.wait(TIMER_LOOK) and not self.is_set():
            pass

    def __enter__(self) -> TimedStop:
        self._timer.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._timer.join()


STOP_WAIT_SECONDS = 0.5
"""How long a Ctrl-C waits for a stopped search to end before it goes on anyway (the
pure-Python fallback does not look at the flag; its thread is a daemon)."""


def needs_helper(stop: StopFlag | None) -> bool:
    """True when ``interruptible`` runs its work in a helper thread: no ``stop`` flag,
    the compiled kernel in use, and this the main thread (where Ctrl-C arrives)."""
    return (
        stop is None
        and _kernel is not None
        and threading.current_thread() is threading.main_thread()
    )


def interruptible(work: Callable[[StopFlag | None], T], stop: StopFlag | None) -> T:
    """``work(stop)``; called from the main thread without a ``stop`` flag while the
    compiled kernel is in use, in a helper thread with a flag of its own, so that a
    Ctrl-C (which Python sees only between the main thread's bytecodes, never in C
    code) sets the flag and ends the search within milliseconds, then goes on as
    KeyboardInterrupt."""
    if not needs_helper(stop):
        return work(stop)
    flag = StopFlag()
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(work(flag))
        except BaseException as error:  # handed to the waiting thread
            failure.append(error)

    helper = threading.Thread(target=run, name="queens-search", daemon=True)
    helper.start()
    try:
        while helper.is_alive():
            helper.join(0.1)
    except KeyboardInterrupt:
        flag.set()
        helper.join(STOP_WAIT_SECONDS)
        raise
    if failure:
        raise failure[0]
    return outcome[0]


def check_stop(stop: StopFlag | None) -> None:
    """Raises ``Stopped`` when ``stop`` is set (the look Python loops take between steps).

    >>> flag = StopFlag()
    >>> check_stop(flag); check_stop(None)
    >>> flag.set(); check_stop(flag)
    Traceback (most recent call last):
    ...
    queens.engines.counting.kernel.Stopped
    """
    if stop is not None and stop.is_set():
        raise Stopped


def stop_byte(stop: StopFlag | None) -> bytearray | None:
    """The byte the kernel reads; raises ``Stopped`` when the flag is already set."""
    check_stop(stop)
    return None if stop is None else stop.byte


def _stoppable(items: Iterable[T], stop: StopFlag | None) -> Iterator[T]:
    """``items``, raising ``Stopped`` once ``stop`` is set (looked at every 4096)."""
    for i, item in enumerate(items):
        if stop is not None and i % 4096 == 0 and stop.is_set():
            raise Stopped
        yield item


def _counts(found: tuple[int, int] | None) -> Counts:
    if found is None:
        raise Stopped
    return Counts(*found)


def compiled() -> bool:
    """True when the compiled kernel is in use."""
    return _kernel is not None


def loaded() -> ModuleType | None:
    """The compiled kernel module as loaded (``QUEENS_PURE_PYTHON`` and ``QUEENS_SIMD``
    honoured), or None when the fallback is in use."""
    return _kernel


SIMD_NAMES = {"avx512": "AVX-512", "avx2": "AVX2", "generic": "generic vector"}
"""The vector searches by the kernel's names; "generic" is the portable one (GCC/Clang
vector extensions), on every CPU, and the best an ARM or pre-AVX2 x86 CPU has."""


def simd() -> str:
    """The vector search the compiled kernel counts plain boards with ("" for none)."""
    return SIMD_NAMES.get(_kernel.simd(), "") if _kernel is not None else ""


@contextmanager
def searching_with(kind: str) -> Iterator[None]:
    """Count plain boards with the compiled kernel's search ``kind`` ("avx512", "avx2",
    "generic", or "" for the plain loop; process-wide) inside, then put back the one before.
    ValueError when this CPU cannot run it; the compiled kernel must be in use."""
    assert _kernel is not None, "the compiled kernel is not in use"
    before = _kernel.simd()
    _kernel.simd(kind or False)
    try:
        yield
    finally:
        _kernel.simd(before or False)


def description() -> str:
    if _kernel is not None:
        vector = simd()
        return f"compiled C kernel, {vector}" if vector else "compiled C kernel"
    if os.environ.get(FORCE_PURE_ENV, "") not in ("", "0"):
        return f"pure-Python engine (forced by {FORCE_PURE_ENV})"
    return "pure-Python engine (the compiled kernel is not built)"


def _kernel_for(n: int) -> ModuleType | None:
    """The kernel when it takes an n-row board; else None, warning once if it is missing."""
    global _warned, _simd_warning
    if _simd_warning is not None:
        warning, _simd_warning = _simd_warning, None
        warnings.warn(warning, RuntimeWarning, stacklevel=3)
    if _kernel is None and not _warned:
        _warned = True
        warnings.warn(
            f"the compiled kernel is not available; queens uses its slow {description()}",
            RuntimeWarning,
            stacklevel=3,
        )
    return _kernel if _kernel is not None and n <= KERNEL_MAX_N else None


def warn_once() -> None:
    """Say now, if not said yet, that the fallback is in use (before work leaves this process)."""
    _kernel_for(0)


def leave_warning_to_parent() -> None:
    """In a pool worker: the parent process says the fallback's warning, once for all."""
    global _warned
    _warned = True


def group_bits(group: Sequence[Symmetry]) -> int:
    """The kernel's encoding of a symmetry group: bit i for ``symmetry.ALL[i]``."""
    return sum(1 << symmetry.ALL.index(s) for s in set(group))


@dataclass(frozen=True)
class Case:
    """What ``count`` and ``solutions`` make of a board, decided once from what the board
    and every sub-problem of its split share: its rows, width, queens and rule (not its
    masks, which a split pins; nor the build, so a sub-problem carries it to any worker).

    >>> board_case(8)
    Case(classic=True, torus=False, transpose=False)
    >>> board_case(6, width=9, queens=4)
    Case(classic=False, torus=False, transpose=False)
    >>> board_case(12, width=8, queens=8, rule=Rule.SUPERQUEEN).transpose
    True
    """

    classic: bool
    """n x n with n queens under the queen's rule: the classic searches (count_masks,
    the mirror-halved Enumerator), the fast paths."""
    torus: bool
    """n x n (n > 1) with n queens on the torus: when every square is open and no
    symmetry is asked, counted by column shifts (``count``)."""
    transpose: bool
    """Counted on its transpose (``counting_shape``)."""


def board_case(
    rows: int, *, width: int | None = None, queens: int | None = None, rule: Rule = Rule.QUEEN
) -> Case:
    """The ``Case`` of a board of ``rows`` rows (``width`` and ``queens``: as many, if None)."""
    columns = rows if width is None else width
    k = rows if queens is None else queens
    square_full = columns == rows and k == rows
    return Case(
        classic=square_full and rule is Rule.QUEEN,
        torus=rule is Rule.TOROIDAL and rows > 1 and square_full,
        # The search is fastest over the shorter side (see counting_shape), as far as
        # the kernel's shaped search takes the longer one as its columns.
        transpose=rows <= SHAPE_MAX_WIDTH and (columns < rows or columns > SHAPE_MAX_WIDTH),
    )


def case_takes(case: Case, rows: int, width: int) -> bool:
    """True when the compiled kernel takes a board of ``rows`` x ``width`` of ``case``
    in the orientation it is counted in (see ``takes``)."""
    if case.classic:
        return rows <= KERNEL_MAX_N
    counted_rows, counted_width = (width, rows) if case.transpose else (rows, width)
    return counted_width <= KERNEL_MAX_N and counted_rows <= KERNEL_MAX_ROWS


class Shape(NamedTuple):
    """A board as the kernel's shaped search takes it: masks, width, queens, required rows."""

    allowed: tuple[int, ...]
    width: int
    queens: int
    required: int
    group: tuple[Symmetry, ...]

    def required_bytes(self) -> bytes:
        """The kernel's encoding of ``required``: a byte per row, 1 where a queen must stand."""
        return bytes(self.required >> row & 1 for row in range(len(self.allowed)))


_TRANSPOSED = {
    Symmetry.MIRROR: Symmetry.FLIP,
    Symmetry.FLIP: Symmetry.MIRROR,
    Symmetry.ROTATE_90: Symmetry.ROTATE_270,
    Symmetry.ROTATE_270: Symmetry.ROTATE_90,
}


def transposed(shape: Shape) -> Shape | None:
    """The same count on the board mirrored in its main diagonal (rows become columns),
    or None when its required rows do not carry over.

    A required row of a board with empty rows is a fixed queen's: its one allowed
    square becomes the only allowed square of a required row.  (When every row
    holds a queen, the k queens fill them whatever the orientation.)  The group is
    conjugated, so the fundamental count (the number of classes) is the same.
    """
    rows, width, k = len(shape.allowed), shape.width, shape.queens
    allowed = [0] * width
    for row, mask in enumerate(shape.allowed):
        for col in range(width):
            allowed[col] |= (mask >> col & 1) << row
    required = 0
    if k < rows:
        for row in range(rows):
            mask = shape.allowed[row]
            if shape.required >> row & 1:
                col = mask.bit_length() - 1
                if mask & (mask - 1) or not mask or required >> col & 1:
                    return None  # no square, or several, or two in one column: as it is
                allowed[col] &= 1 << row
                required |= 1 << col
    if k == width:
        required = (1 << width) - 1
    group = tuple(_TRANSPOSED.get(s, s) for s in shape.group)
    return Shape(tuple(allowed), rows, k, required, group)


def counting_shape(
    allowed: Sequence[int],
    group: Sequence[Symmetry] = (),
    *,
    width: int | None = None,
    queens: int | None = None,
    required: int = 0,
) -> Shape:
    """The orientation the kernel counts a board of another shape in (counts do not
    depend on it; enumeration keeps the board's own, for the order): transposed when
    its case says so (``board_case``) and its required rows carry over.

    The search is fastest with a queen in every row (no empty choice to try, and
    the last queen counted in place), so a board with ``k`` queens on its shorter
    side is searched with that side as its rows; else over the shorter side too
    (measured: fewer rows to leave empty), unless its rows would be too many
    columns (or as it is, too wide).  See ``benchmarks/count.py``.
    """
    case = board_case(len(allowed), width=width, queens=queens)
    return _oriented(_shape(allowed, group, width, queens, required), case)


def _shape(
    allowed: Sequence[int],
    group: Sequence[Symmetry],
    width: int | None,
    queens: int | None,
    required: int,
) -> Shape:
    """The board as it is (``width``, ``queens``: as many as rows, if None)."""
    rows = len(allowed)
    columns, k = rows if width is None else width, rows if queens is None else queens
    return Shape(tuple(allowed), columns, k, required, tuple(group))


def _oriented(shape: Shape, case: Case) -> Shape:
    """``shape`` in the orientation its ``case`` is counted in (see ``counting_shape``)."""
    return (transposed(shape) or shape) if case.transpose else shape


def count(
    allowed: Sequence[int],
    group: Sequence[Symmetry] = (),
    stop: StopFlag | None = None,
    *,
    width: int | None = None,
    queens: int | None = None,
    required: int = 0,
    rule: Rule = Rule.QUEEN,
    translations: bool = False,
    case: Case | None = None,
) -> Counts:
    """Total and fundamental counts of any board (``group``: its own symmetries).

    ``translations``: the board is the whole torus (perhaps with the queens of
    a sub-problem's first rows pinned), whose fundamental solutions are
    classes under ``group`` and its translations too
    (``queens.symmetry.is_torus_canonical``).  ``case``: the board's
    ``board_case``, when the caller has it (a split's sub-problems share theirs).

    Raises ``Stopped`` when ``stop`` is set before the count is done; a Ctrl-C
    stops it too (see ``interruptible``).
    """
    if case is None:
        case = board_case(len(allowed), width=width, queens=queens, rule=rule)
    if needs_helper(stop):
        return interruptible(
            lambda flag: count(
                allowed,
                group,
                flag,
                width=width,
                queens=queens,
                required=required,
                rule=rule,
                translations=translations,
                case=case,
            ),
            stop,
        )
    if translations and group:
        # Every canonical solution has its first queen in column 0: walk to
        # those (counting them), and count the other first columns.
        first = (allowed[0] & 1, *allowed[1:])
        found = _solutions(first, (), width, queens, required, rule, case)
        zero = canonical = 0
        for placement in _stoppable(found, stop):
            zero += 1
            canonical += symmetry.is_torus_canonical(placement)
        if _is_whole_torus(allowed, case, ()):
            return Counts(len(allowed) * zero, canonical)  # column shifts: as many per column
        rest = (allowed[0] & ~1, *allowed[1:])
        other = count(
            rest, (), stop, width=width, queens=queens, required=required, rule=rule, case=case
        )
        return Counts(zero + other.total, canonical)
    byte = stop_byte(stop)
    closed = few.counts(allowed, group, width=width, queens=queens, required=required, rule=rule)
    if closed is not None:  # one or two queens on an open board: no search
        return closed
    kernel = _kernel_for(len(allowed) if case.classic else 0)  # shapes: see takes
    if kernel is not None and case.classic:
        return _counts(kernel.count_masks(allowed, group_bits(group), byte))
    if _is_whole_torus(allowed, case, group):
        # A column shift of the torus maps solutions onto solutions, so each
        # column of the first queen has as many: count one, times n.
        n = len(allowed)
        first = (1, *allowed[1:])
        one = count(first, (), stop, width=n, queens=n, required=required, rule=rule, case=case)
        return Counts(n * one.total, n * one.total)
    shape = _oriented(_shape(allowed, group, width, queens, required), case)
    if kernel is not None and takes(shape):
        shaped = kernel.count_shape(
            shape.allowed,
            shape.width,
            shape.queens,
            shape.required_bytes(),
            group_bits(shape.group),
            byte,
            rule.code,
        )
        return _counts(None if shaped is None else shaped[:2])
    nontrivial = [s for s in group if s is not Symmetry.IDENTITY]
    if not nontrivial:
        total = reference.count(allowed, queens, required, rule, width)
        return Counts(total, total)
    total = unique = 0
    for columns in reference.solutions(allowed, queens, required, rule, width):
        total += 1
        unique += symmetry.is_canonical(columns, nontrivial, width)
    return Counts(total, unique)


def _is_whole_torus(allowed: Sequence[int], case: Case, group: Sequence[Symmetry]) -> bool:
    """True for the plain n x n torus with n queens (``case.torus``) with every square
    open, counted without its symmetries."""
    full = (1 << len(allowed)) - 1
    return (
        case.torus
        and all(mask == full for mask in allowed)
        and all(s is Symmetry.IDENTITY for s in group)
    )


def takes(shape: Shape) -> bool:
    """True when the compiled kernel's shaped search takes this board."""
    return shape.width <= KERNEL_MAX_N and len(shape.allowed) <= KERNEL_MAX_ROWS


def count_regions(n: int, cells: bytes, stop: StopFlag | None = None) -> int | None:
    """The solutions of the region puzzle of an n x n grid (``cells``: a region
    number per cell, row by row), by the compiled kernel; None without it (the
    puzzle's own search counts then: ``queens.puzzle.solve``).

    Raises ``Stopped`` when ``stop`` is set before the count is done; a Ctrl-C
    stops it too (see ``interruptible``).
    """
    if needs_helper(stop):
        return interruptible(lambda flag: count_regions(n, cells, flag), stop)
    byte = stop_byte(stop)
    kernel = _kernel_for(n)
    if kernel is None:
        return None
    found: int | None = kernel.count_regions(n, cells, byte)
    if found is None:
        raise Stopped
    return found


RegionSolutions = tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]
"""How many solutions (up to a limit), the first and the second found (a column a row)."""


class OverBudget(Exception):
    """A search that gave up after its budget (of queens placed, or of nodes): its answer
    is unknown."""


def solve_regions(
    n: int, cells: bytes, limit: int = 0, stop: StopFlag | None = None, budget: int = 0
) -> RegionSolutions | None:
    """The region puzzle of an n x n grid (``cells``: a region number per cell, row by
    row; 255 for a cell that holds no queen), counted up to ``limit`` solutions
    (0: all), with the first two solutions found; None without the compiled kernel.
    Made for short searches (a generator's checks): no helper thread for Ctrl-C.

    With a ``budget`` (0: none), the search gives up after placing that many queens and
    raises ``OverBudget``: a count of steps, not of time, so a grid gets the same answer
    on every run and every machine.  Raises ``Stopped`` when ``stop`` is set before the
    count is done.
    """
    byte = stop_byte(stop)
    kernel = _kernel_for(n)
    if kernel is None:
        return None
    found = kernel.solve_regions(n, cells, limit, byte, budget)
    if found is None:
        raise Stopped
    total, first, second, done = found
    if not done:
        raise OverBudget(f"no answer within {budget} queens placed")
    return total, first, second


StarsFound = tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]
"""A Star Battle count: (total, the first solution, the last one found), a solution a
column mask a row (None when there is none)."""

STARS_SEARCH_MAX_N = 32
"""The largest grid of the kernel's propagating Star Battle search (``search_stars``)."""


def count_stars(
    n: int, stars: int, cells: bytes, limit: int = 0, stop: StopFlag | None = None
) -> StarsFound | None:
    """Star Battle with ``stars`` a row, column and region on an n x n grid (``cells``: a
    region number per cell, row by row), counted up to ``limit`` solutions (0: all), with
    the first and the last solution found; None without the compiled kernel.  The
    kernel's propagating search (``src/kernel/stars_search.c``) up to
    ``STARS_SEARCH_MAX_N`` rows, its row-by-row counter beyond.

    Raises ``Stopped`` when ``stop`` is set before the count is done; a Ctrl-C stops it
    too (see ``interruptible``).
    """
    if n > STARS_SEARCH_MAX_N:
        return count_stars_rows(n, stars, cells, limit, stop)
    if needs_helper(stop):
        return interruptible(lambda flag: count_stars(n, stars, cells, limit, flag), stop)
    searched = search_stars(n, stars, cells, limit, stop)
    return None if searched is None else searched[0]


STARS_HOLE = 255
"""A cell in no region, where no star stands (``search_stars``, for grids being made)."""


def search_stars(
    n: int,
    stars: int,
    cells: bytes,
    limit: int = 0,
    stop: StopFlag | None = None,
    star: int = -1,
    budget: int = 0,
) -> tuple[StarsFound, int, int] | None:
    """``count_stars`` by the propagating search (n up to ``STARS_SEARCH_MAX_N``), with
    the nodes it propagated and the cells left open when the grid alone is propagated
    (0: solved without a guess; -1: no solution); None without the compiled kernel.
    A cell may be a ``STARS_HOLE``, and ``star`` (a cell index ``r * n + c``, unless -1)
    a cell that must hold a star.  Raises ``Stopped`` when ``stop`` is set before the
    search is done.

    With a ``budget`` (0: none), the search gives up after propagating that many nodes
    and raises ``OverBudget``: a count of steps, not of time, so a grid gets the same
    answer on every run and every machine."""
    byte = stop_byte(stop)
    kernel = _kernel_for(n)
    if kernel is None:
        return None
    searched: tuple[StarsFound, int, int] | None = kernel.search_stars(
        n, stars, cells, limit, byte, star, budget
    )
    if searched is None:
        raise Stopped
    if budget and searched[1] > budget:
        raise OverBudget(f"no answer within {budget} nodes")
    return searched


def star_ways(
    n: int, stars: int, cells: bytes, cand: int, held: Sequence[int], unit: int, first_only: bool
) -> tuple[int, int, int] | None:
    """The ways ``unit`` (rows, then columns, then regions) of a Star Battle position
    takes its stars left (``src/kernel/stars_ways.c``): how many (or how many were listed
    before none could teach anything; 1 at most with ``first_only``), the cells in every
    way and the open cells every way rules out, as cell masks (bit ``r * n + c``); None
    without the compiled kernel.  ``cand``: the open cells; ``held``: each unit's stars."""
    kernel = _kernel_for(n)
    if kernel is None:
        return None
    size = (n * n + 7) // 8
    ways, every, ruled = kernel.star_ways(
        n, stars, cells, cand.to_bytes(size, "little"), bytes(held), unit, first_only
    )
    return ways, int.from_bytes(every, "little"), int.from_bytes(ruled, "little")


def count_stars_rows(
    n: int,
    stars: int,
    cells: bytes,
    limit: int = 0,
    stop: StopFlag | None = None,
    budget: int = 0,
) -> StarsFound | None:
    """``count_stars`` by the kernel's other engine, a row-by-row search pruned by the
    room left in columns and regions (``src/kernel/stars.c``; no propagation, slower on
    big grids): the second engine that checks generated grids.  With a ``budget`` (0:
    none) of candidate stars tried, raises ``OverBudget`` past it (a count of steps, not
    of time)."""
    if needs_helper(stop):
        return interruptible(
            lambda flag: count_stars_rows(n, stars, cells, limit, flag, budget), stop
        )
    byte = stop_byte(stop)
    kernel = _kernel_for(n)
    if kernel is None:
        return None
    found = kernel.count_stars(n, stars, cells, limit, byte, budget)
    if found is None:
        raise Stopped
    if len(found) == 4:
        raise OverBudget(f"no answer within {budget} stars tried")
    counted: StarsFound = found
    return counted


def count_symmetric(n: int, prefix: Sequence[int] = (), stop: StopFlag | None = None) -> Counts:
    """Total and fundamental counts of the plain n x n board (n >= 4) below ``prefix``.

    See ``queens.engines.counting.symmetric`` for what a prefix means.  Raises
    ``Stopped`` when ``stop`` is set before the count is done; a Ctrl-C stops it
    too (see ``interruptible``).
    """
    if needs_helper(stop):
        return interruptible(lambda flag: count_symmetric(n, prefix, flag), stop)
    byte = stop_byte(stop)
    kernel = _kernel_for(n)
    if kernel is not None:
        return _counts(kernel.count_symmetric(n, tuple(prefix), False, byte))
    return pure_symmetric.count(n, prefix)


def symmetric_prefixes(n: int, depth: int) -> list[tuple[int, ...]]:
    """The sub-trees of the symmetric counter cut at ``depth`` rows."""
    kernel = _kernel_for(n)
    if kernel is not None:
        result: list[tuple[int, ...]] = kernel.symmetric_prefixes(n, depth)
        return result
    return pure_symmetric.prefixes(n, depth)


def solutions(
    allowed: Sequence[int],
    group: Sequence[Symmetry] = (),
    *,
    width: int | None = None,
    queens: int | None = None,
    required: int = 0,
    rule: Rule = Rule.QUEEN,
    translations: bool = False,
) -> Iterator[array[int]]:
    """Every solution in lexicographic order as an ``array('i')`` of columns
    (-1 for an empty row, which comes before every column).

    With a ``group``, only the canonical ones (smallest of their images; with
    ``translations``, of the whole torus, as ``count`` says).
    Streams in batches: the kernel is asked for the next batch only when
    the previous one has been consumed (and returns after a few
    milliseconds of search even when the batch is not full).  Between
    batches (and every few thousand nodes of the Python search) it tells
    the watcher of ``queens.engines.watch.watching``, if any.
    """
    case = board_case(len(allowed), width=width, queens=queens, rule=rule)
    if translations and group:
        first = (allowed[0] & 1, *allowed[1:])
        found = _solutions(first, (), width, queens, required, rule, case)
        return filter(symmetry.is_torus_canonical, found)
    return _solutions(allowed, group, width, queens, required, rule, case)


def _solutions(
    allowed: Sequence[int],
    group: Sequence[Symmetry],
    width: int | None,
    queens: int | None,
    required: int,
    rule: Rule,
    case: Case,
) -> Iterator[array[int]]:
    """``solutions`` of a board whose ``case`` is decided, without translations."""
    n = len(allowed)
    classic = case.classic
    kernel = _kernel_for(n if classic else 0)  # shapes: see takes
    bits = group_bits(group)
    shape = _shape(allowed, (), width, queens, required)
    if kernel is not None and classic:
        enumerator = kernel.Enumerator(allowed, bits)
    elif kernel is not None and takes(shape):
        enumerator = kernel.Enumerator(
            allowed,
            bits,
            width=shape.width,
            queens=shape.queens,
            required=shape.required_bytes(),
            rule=rule.code,
        )
    else:
        nontrivial = [s for s in group if s is not Symmetry.IDENTITY]
        searched = reference.solutions(allowed, queens, required, rule, width, watch.tick)
        for columns in searched:
            if not nontrivial or symmetry.is_canonical(columns, nontrivial, width):
                watch.tick(1)
                yield array("i", columns)
        return
    batch = 16  # small first batches: the first solution comes at once
    while True:
        flat = array("i")
        flat.frombytes(enumerator.columns(batch))
        watch.tick(len(flat) // max(1, n))  # a time limit or progress line (watch.watching)
        if not flat and enumerator.finished():
            return
        for start in range(0, len(flat), n):
            yield flat[start : start + n]
        batch = min(batch * 4, max(1, BATCH_BYTES // (4 * n)))


def solution_text(
    allowed: Sequence[int], fmt: str, group: Sequence[Symmetry] = (), limit: int | None = None
) -> Iterator[tuple[int, str]]:
    """Solutions as ``(count, text)`` chunks in ``fmt``, exactly as ``queens.formats`` writes.

    Only with the compiled kernel (see ``writes_text``); ``limit`` stops
    after that many solutions.
    """
    n = len(allowed)
    kernel = _kernel_for(n)
    if kernel is None or fmt not in FORMAT_CODES:
        raise ValueError(f"the kernel does not write {fmt!r} for n = {n}")
    enumerator = kernel.Enumerator(allowed, group_bits(group))
    per_solution = 2 * n * n if fmt == "board" else 4 * n + 32
    batch, left, first = 16, limit, True
    while left is None or left > 0:
        found, text = enumerator.text(
            batch if left is None else min(batch, left), FORMAT_CODES[fmt], first
        )
        watch.tick(found)
        if found:
            yield found, text
            first = False
            if left is not None:
                left -= found
        elif enumerator.finished():
            return
        batch = min(batch * 4, max(1, BATCH_BYTES // per_solution))


def writes_text(n: int, fmt: str) -> bool:
    """True when ``solution_text`` can write this (n x n, n queens) board and format."""
    return _kernel is not None and n <= KERNEL_MAX_N and fmt in FORMAT_CODES
