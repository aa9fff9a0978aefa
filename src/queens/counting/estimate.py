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
pure-Python engine is about ``PURE_PYTHON_FACTOR`` times slower.  On a CPU
with AVX-512 or AVX2 the kernel counts plain boards with a vector search,
for which ``SIMD_CORE_SECONDS_16`` and ``SIMD_GROWTH`` hold instead
(measured with AVX-512: ``queens count 18`` 16 core-seconds, ``count 19``
122; AVX2 takes about 1.4 times as long).
"""

from __future__ import annotations

import math

from queens.board import Board
from queens.engines import kernel, knuth

CORE_SECONDS_16 = 1.45
GROWTH_BELOW_16 = 6.3
GROWTH = 7.0
PINNED_FACTOR = 5.0
PURE_PYTHON_FACTOR = 60.0
SIMD_CORE_SECONDS_16 = {"AVX-512": 0.31, "AVX2": 0.42}
SIMD_GROWTH = 7.6


def core_seconds(board: Board) -> float:
    """Estimated seconds of one core to count ``board``."""
    masks = board.allowed_masks()
    if board.is_plain:
        rows, factor = board.n, 1.0
    else:
        rows = sum(1 for m in masks if m & (m - 1))  # rows with a choice
        factor = PINNED_FACTOR
    if not kernel.compiled():
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


def seconds(board: Board, workers: int) -> float:
    """Estimated wall time to count ``board`` on ``workers`` cores."""
    return core_seconds(board) / max(1, workers)


def sampled_seconds(board: Board, workers: int) -> float:
    """:func:`seconds` for a board with reserved squares or fixed queens, sharpened by sampling.

    The model above sees such a board as a plain board of as many rows as
    have a choice, ignoring reserved squares, so it errs long on blocked
    boards.  Here its estimate is scaled by the ratio of this board's search
    tree to that plain board's, both sized by Knuth's estimator
    (:mod:`queens.engines.knuth`); the smaller of the two estimates is kept.
    """
    rough = seconds(board, workers)
    if board.is_plain:
        return rough
    masks = board.allowed_masks()
    rows = sum(1 for m in masks if m & (m - 1))
    assumed = Board.empty(max(1, rows)).allowed_masks()
    ratio = knuth.estimate(masks).nodes / max(1, knuth.estimate(assumed).nodes)
    return min(rough, rough * ratio)
