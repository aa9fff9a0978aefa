"""How long a count will take: a simple model, to refuse runs of years.

The model (measured with the compiled kernel on the 2-core development
machine, see benchmarks/count.py): the symmetric counter needs about
``CORE_SECONDS_16`` seconds of one core for the plain 16 x 16 board, and
each further row multiplies the work by about ``GROWTH`` (the search tree
grows by a factor of 6 to 8 per row in this range; 6.3 measured from 14 to
16, more above).  Boards with reserved squares or fixed queens are counted
without the 8-fold symmetry (``PINNED_FACTOR`` times the work) and rows
holding a fixed queen are taken as free rows; reserved squares are ignored,
so the estimate errs on the long side.  Without the compiled kernel, the
pure-Python engine is about ``PURE_PYTHON_FACTOR`` times slower, and so are
boards wider (or, of other shapes, taller) than the kernel takes
(``kernel.KERNEL_MAX_N``): the Python search counts those whatever the build.
One or two queens on a board without reserved squares or fixed queens are
counted in closed form (``queens.engines.counting.few``), at once.  On a CPU
with AVX-512 or AVX2 the kernel counts plain boards with a vector search,
for which ``SIMD_CORE_SECONDS_16`` and ``SIMD_GROWTH`` hold instead
(measured on the AVX-512 machine after the marks of the border nodes:
``queens count 18 --workers 1`` 8.5 core-seconds with AVX-512, 11.4 with
``QUEENS_SIMD=avx2``: the values below times ``SIMD_GROWTH`` squared; the earlier
values are in the docs' counting engine page).

Boards of other shapes (a rectangle, or fewer queens than rows) have no such
simple growth: their search tree is sized by Knuth's estimator
(``queens.engines.counting.knuth``) in the orientation the kernel counts them in,
at ``SHAPE_NODES_PER_SECOND`` (measured: ``queens count 12x16``, with its
fundamental count, places about 47 million queens a CPU second; totals alone
go faster, see benchmarks/count.py; so the estimate errs long).

``check`` refuses a count estimated over ``REFUSE_SECONDS`` (the
library's ``queens.count`` and the command line alike) by raising
``CountTooLong``.  Nothing here allocates memory that grows with the
board: the rows are read from the board's squares, not from its masks, and
a board over ``COUNT_MAX_N`` rows is refused before anything else.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from math import comb, perm

from queens import symmetry
from queens.board import Board
from queens.engines.counting import few, kernel
from queens.rules import Rule

CORE_SECONDS_16 = 1.45
GROWTH_BELOW_16 = 6.3
GROWTH = 7.0
PINNED_FACTOR = 5.0
PURE_PYTHON_FACTOR = 60.0
SIMD_CORE_SECONDS_16 = {"AVX-512": 0.147, "AVX2": 0.197, "generic vector": 0.374}
"""The portable vector search's: AVX2's times ``queens.counting.plan.GENERIC_COST`` (1.9)."""
SIMD_GROWTH = 7.6
SHAPE_NODES_PER_SECOND = 25e6
SHAPE_PROBES = 1000

REFUSE_SECONDS = 3600.0
"""Counts estimated to take longer are refused unless forced."""

COUNT_MAX_N = 900
"""The largest board that is counted at all, forced or not: boards the
compiled kernel does not take (over ``kernel.KERNEL_MAX_N`` rows) are counted by
Python searches that recurse once a row, which end in a RecursionError a
little above this."""

_YEAR = 365 * 86400


class CountTooLong(Exception):
    """A count estimated to take longer than ``REFUSE_SECONDS``.

    ``seconds`` is the estimate (``math.inf`` when it is beyond any float),
    ``workers`` the cores it assumes.  ``str(error)`` says so in one line
    and tells how to run the count anyway (``force=True``); ``reason`` is
    that line without the advice.

    >>> from queens import count
    >>> try:
    ...     count(40)
    ... except CountTooLong as refused:
    ...     print(refused.seconds > 1e9, refused.reason.startswith("this count would take"))
    True True
    """

    def __init__(
        self, seconds: float, workers: int, model: str = "queens.counting.estimate"
    ) -> None:
        self.seconds = seconds
        self.workers = workers
        self.reason = (
            f"this count would take {describe(seconds)} on {workers} "
            f"worker{'s' if workers > 1 else ''} (estimate: see {model})"
        )
        super().__init__(f"{self.reason}; pass force=True to run it anyway")


def _many(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def describe(seconds: float) -> str:
    """An estimate in words: ``about 2.2 h``, ``about 3.1e+04 years``.

    >>> describe(90), describe(5 * 3600), describe(1e40)
    ('about 1.5 min', 'about 5.0 h', 'far longer than the age of the universe')
    """
    if seconds >= 1e30:
        return "far longer than the age of the universe"
    if seconds < 2 * 3600:
        return f"about {seconds / 60:.1f} min"
    if seconds < 3 * 86400:
        return f"about {seconds / 3600:.1f} h"
    if seconds < _YEAR:
        return f"about {seconds / 86400:.0f} days"
    return f"about {seconds / _YEAR:.2g} years"


def check(board: Board, workers: int = 1, *, force: bool = False) -> float:
    """The estimated wall time on ``workers`` cores; CountTooLong when it is too long.

    A board with reserved squares or fixed queens that the model finds too
    long is sampled first (``sampled_seconds``).  With ``force`` nothing
    is refused nor sampled.  A board over ``COUNT_MAX_N`` rows is a
    ValueError, forced or not.

    >>> from queens.board import Board
    >>> check(Board(8)) < 1
    True
    >>> try:
    ...     check(Board(40))
    ... except CountTooLong as refused:
    ...     print(refused.seconds > REFUSE_SECONDS)
    True
    """
    side = max(board.width, board.height)
    if side > COUNT_MAX_N and board.is_square:
        raise ValueError(f"counting is limited to boards of N <= {COUNT_MAX_N}, got N = {side}")
    if side > COUNT_MAX_N:  # a rectangle: say which side is too long
        raise ValueError(
            f"counting is limited to boards of at most {COUNT_MAX_N} columns and "
            f"{COUNT_MAX_N} rows, got {board.size_text} ({_many(board.width, 'column')}, "
            f"{_many(board.height, 'row')})"
        )
    expected = seconds(board, workers)
    if expected > REFUSE_SECONDS and not force and not board.is_plain:
        expected = sampled_seconds(board, workers)
    if expected > REFUSE_SECONDS and not force:
        raise CountTooLong(expected, workers)
    return expected


def core_seconds(board: Board) -> float:
    """Estimated seconds of one core to count ``board``."""
    if closed_form(board):
        return 0.0
    if not (board.is_square and board.is_full) or board.rule is not Rule.QUEEN:
        return _shape_core_seconds(board)
    if board.is_plain:
        rows, factor = board.n, 1.0
    else:
        rows, factor = choice_rows(board), PINNED_FACTOR
    if not kernel.compiled() or board.n > kernel.KERNEL_MAX_N:  # the Python search counts
        factor *= PURE_PYTHON_FACTOR
    steps = rows - 16
    growth = GROWTH if steps > 0 else GROWTH_BELOW_16
    base = CORE_SECONDS_16
    vector = kernel.simd()
    if board.is_plain and vector in SIMD_CORE_SECONDS_16:
        base, growth = SIMD_CORE_SECONDS_16[vector], SIMD_GROWTH if steps > 0 else GROWTH_BELOW_16
    try:
        return base * factor * growth**steps
    except OverflowError:  # hundreds of rows: beyond any float, and any lifetime
        return math.inf


@functools.lru_cache(maxsize=16)
def _shape_core_seconds(board: Board) -> float:
    """Estimated seconds of one core to count a board of another shape (Knuth's estimator)."""
    from queens.engines.counting import knuth  # imported here: ``import queens`` stays quick

    rule = board.rule
    allowed = board.allowed_masks()
    if symmetry.keeps_translations(board):  # the split searches one column of n (see split)
        allowed = (allowed[0] & 1, *allowed[1:])
    shape = kernel.counting_shape(
        allowed, width=board.width, queens=board.k, required=board.required_rows()
    )
    found = knuth.estimate(
        shape.allowed,
        SHAPE_PROBES,
        queens=shape.queens,
        required=shape.required,
        rule=rule,
        width=shape.width,
    )
    # Too wide or too tall for the compiled kernel: the Python search counts it.
    factor = 1.0 if kernel.compiled() and kernel.takes(shape) else PURE_PYTHON_FACTOR
    return max(found.nodes, open_board_nodes(board)) * factor / SHAPE_NODES_PER_SECOND


def open_board_nodes(board: Board) -> float:
    """About the search tree of k queens on a board without reserved squares or fixed
    queens and with rows to spare: its placements of k - 1 queens, each tried in the
    rows below.  (Knuth's estimator misses these trees: its random paths place the
    queens in the first rows, where the search spends little; so the larger is kept.)

    Placements of j queens: j rows of H, j columns of W in order, and each pair of
    them not attacking, with the chance of two queens in other rows and columns
    (from the exact count of pairs, ``queens.engines.counting.few.pairs``).
    """
    # In the orientation the count runs in (``counted_size``): the shorter side as rows,
    # unless the longer one is too wide for the kernel's shaped search (``65x8``: 65
    # rows of 8, most of them empty), so a board and its transpose get one estimate.
    width, height = counted_size(board)
    k = board.k
    if board.reserved or board.queens or k >= height or k < 3:
        return 0.0
    apart = comb(height, 2) * width * (width - 1)
    chance = few.pairs(width, height, board.rule.value) / apart if apart else 0.0
    j = k - 1
    try:
        placements = comb(height, j) * perm(width, j) * chance ** comb(j, 2)
        return placements * (height - j) / 2
    except OverflowError:
        return math.inf


def counted_size(board: Board) -> tuple[int, int]:
    """(width, rows) of the board as the count searches it (``kernel.board_case``)."""
    case = kernel.board_case(board.height, width=board.width, queens=board.k, rule=board.rule)
    return (board.height, board.width) if case.transpose else (board.width, board.height)


def closed_form(board: Board) -> bool:
    """True for the boards counted in closed form, at once (``queens.engines.counting.few``)."""
    return not board.reserved and not board.queens and board.k <= few.MAX_QUEENS


def choice_rows(board: Board) -> int:
    """The rows where a queen has more than one square to choose from.

    Read from the reserved squares and fixed queens, not from the board's
    masks: no memory that grows with the board.
    """
    fixed = {row for row, _ in board.queens}  # one allowed column, or none
    reserved = Counter(row for row, _ in board.reserved if row not in fixed)
    untouched = board.height - len(fixed) - len(reserved)
    width = board.width
    return (untouched if width >= 2 else 0) + sum(width - k >= 2 for k in reserved.values())


def seconds(board: Board, workers: int) -> float:
    """Estimated wall time to count ``board`` on ``workers`` cores.

    >>> from queens.board import Board
    >>> seconds(Board(8), 1) < seconds(Board(16), 1) < seconds(Board(20), 1)
    True
    """
    return core_seconds(board) / max(1, workers)


def sampled_seconds(board: Board, workers: int) -> float:
    """``seconds`` for a board with reserved squares or fixed queens, sharpened by sampling.

    The model above sees such a board as a plain board of as many rows as
    have a choice, ignoring reserved squares, so it errs long on blocked
    boards.  Here its estimate is scaled by the ratio of this board's search
    tree to that plain board's, both sized by Knuth's estimator
    (``queens.engines.counting.knuth``); the smaller of the two estimates is kept.
    """
    rough = seconds(board, workers)
    if board.is_plain or not (board.is_square and board.is_full) or board.rule is not Rule.QUEEN:
        # shapes and other rules: sampled already
        return rough
    from queens.engines.counting import knuth  # imported here: ``import queens`` stays quick

    masks = board.allowed_masks()
    rows = choice_rows(board)
    assumed = Board.empty(max(1, rows)).allowed_masks()
    ratio = knuth.estimate(masks).nodes / max(1, knuth.estimate(assumed).nodes)
    return min(rough, rough * ratio)


__all__ = [
    "COUNT_MAX_N",
    "REFUSE_SECONDS",
    "CountTooLong",
    "check",
    "describe",
    "seconds",
]
"""The estimates a program asks for (the API page shows these); the rest is the model."""
