"""The textbook algorithms side by side: solutions, nodes and time on one board.

Each algorithm of ``queens.algorithms`` runs its non-tracing ``search``;
the last row is the library's own engine (``queens.api.count``).  Before
running, an algorithm that would take longer than the time limit is skipped:
its time is estimated by running it on smaller empty boards and growing the
measured node counts to size n (nodes grow roughly like ``r**n * n!``, so
the ratio from one size to the next is scaled by ``n``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from queens import api
from queens.algorithms import ALGORITHMS, Algorithm
from queens.board import Board
from queens.show.durations import describe_seconds

CALIBRATION_SECONDS = 0.05
"""Stop calibrating on smaller boards once one run takes this long (enough to extrapolate)."""


@dataclass(frozen=True)
class Row:
    """One line of the table; ``skipped`` says why there are no numbers."""

    name: str
    summary: str
    solutions: int | None = None
    nodes: int | None = None
    seconds: float | None = None
    skipped: str | None = None


@dataclass(frozen=True)
class Calibration:
    """Runs on smaller empty boards: the largest size tried, its time, and node counts."""

    size: int
    seconds: float
    nodes: dict[int, int]


T = TypeVar("T")


def _timed(run: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def calibrate(algorithm: Algorithm, n: int, budget: float) -> Calibration | None:
    """Run ``algorithm`` on empty boards from 4 up to n - 1 while each run stays quick."""
    nodes: dict[int, int] = {}
    last: tuple[int, float] | None = None
    for m in range(4, n):
        outcome, seconds = _timed(partial(algorithm.search, Board.empty(m)))
        nodes[m] = outcome.nodes
        last = (m, seconds)
        if seconds > min(CALIBRATION_SECONDS, budget / 20):
            break
    if last is None:
        return None
    return Calibration(last[0], last[1], nodes)


def grow(nodes: dict[int, int], n: int) -> float:
    """Node count at size ``n`` extrapolated from the counts of the largest sizes measured."""
    m = max(nodes)
    if m >= n:
        return float(nodes[m])
    ratio = nodes[m] / nodes[m - 1] if m - 1 in nodes and nodes[m - 1] else float(m)
    estimate = float(nodes[m])
    for size in range(m + 1, n + 1):
        estimate *= ratio * size / m
    return estimate


def estimate_seconds(calibration: Calibration | None, growth: dict[int, int], n: int) -> float:
    """Seconds at size n: the last calibration run's time, grown like the node counts."""
    if calibration is None or calibration.size >= n:
        return 0.0
    at_size = growth.get(calibration.size) or 1
    return calibration.seconds * grow(growth, n) / at_size


def _skip_note(estimate: float, limit: float) -> str:
    return f"skipped: ~{describe_seconds(estimate)} > {limit:g} s"


def compare(board: Board, limit_seconds: float, engine_label: str) -> Iterator[Row]:
    """The table rows, one per algorithm (slowest first) and the engine last, as each finishes."""
    n = board.n
    bitmask_growth: dict[int, int] = {}
    for algorithm in ALGORITHMS.values():
        calibration = calibrate(algorithm, n, limit_seconds)
        if algorithm.name == "bitmask" and calibration is not None:
            bitmask_growth = calibration.nodes
        estimate = estimate_seconds(calibration, calibration.nodes if calibration else {}, n)
        if estimate > limit_seconds:
            yield Row(
                algorithm.name, algorithm.summary, skipped=_skip_note(estimate, limit_seconds)
            )
            continue
        outcome, seconds = _timed(partial(algorithm.search, board))
        yield Row(algorithm.name, algorithm.summary, len(outcome.solutions), outcome.nodes, seconds)
    yield _engine_row(board, limit_seconds, engine_label, bitmask_growth)


def _engine_row(board: Board, limit: float, label: str, growth: dict[int, int]) -> Row:
    """The library's own count; its growth follows the bitmask search it runs."""
    n = board.n
    summary = "queens.api.count, the library's own engine"
    calibration: Calibration | None = None
    if growth:
        last: tuple[int, float] | None = None
        for m in range(4, n):
            _, seconds = _timed(partial(api.count, m))
            last = (m, seconds)
            if seconds > min(CALIBRATION_SECONDS, limit / 20) or m >= max(growth):
                break
        if last is not None:
            calibration = Calibration(last[0], last[1], growth)
    estimate = estimate_seconds(calibration, growth, n)
    if estimate > limit:
        return Row(label, summary, skipped=_skip_note(estimate, limit))
    found, seconds = _timed(partial(api.count, board))
    return Row(label, summary, found, None, seconds)


def disagreement(rows: list[Row]) -> str | None:
    """Which rows found different numbers of solutions, or None when all that ran agree."""
    counts = {row.name: row.solutions for row in rows if row.solutions is not None}
    if len(set(counts.values())) <= 1:
        return None
    return "the algorithms disagree: " + ", ".join(f"{k} found {v}" for k, v in counts.items())
