"""A costed plan for a count too long to run here: core-hours, pieces, checkpoint, cluster.

The plan is measured, not assumed: each search of the compiled kernel this
CPU runs (AVX-512, AVX2, the portable vector search, the plain loop) counts the same fixed sample of
sub-problems of a calibration board (every ``step``-th piece of the split of
N = ``CALIBRATION_N``), timed in CPU seconds of the calling thread, and
the sample's time is scaled up to the whole calibration count.  That is
then carried to the board asked for by the ratio of the two search trees,
both sized by Knuth's estimator (``queens.engines.counting.knuth``): the vector
search's time per node hardly changes from N = 16 to 19 (the CPU time of
``count 19`` over ``count 18`` was 7.6, and so is the ratio of their
trees), so the ratio of trees is the ratio of times.

A search this CPU cannot run is scaled from one it can by the ratio of CPU
times measured on a machine that runs both (``RELATIVE_COST``), and the
plan says so.  The checkpoint's size is measured too: a checkpoint of the
board's split is written to a temporary folder, with one record per
sub-problem of the expected size, and its file size read.

The estimate of the tree is the main uncertainty: its spread over the
batches of probes is reported with it.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass

from queens.board import Board
from queens.counting.checkpoint import Checkpoint, Header
from queens.counting.split import SPLIT_VERSION, split
from queens.engines import Counts
from queens.engines.counting import kernel, knuth

CALIBRATION_N = 18
"""The board whose sub-problems are timed (large enough for the vector search's steady pace)."""

CALIBRATION_STEP = 50
"""Every how many sub-problems of the calibration split one is timed (259 of 12,950 for N = 18)."""

MIN_N = 4
PLAN_MAX_N = 32
"""The vector searches take boards of up to 32 columns; the plan models those."""

PROBE_BATCHES = 8
PROBES_PER_BATCH = 2000

ENGINES = ("avx512", "avx2", "generic", "")
"""The kernel's searches of plain boards, fastest first ("generic": the portable vector
search, ARM's; "" is the plain loop)."""

ENGINE_NAMES = {"avx512": "AVX-512", "avx2": "AVX2", "generic": "generic vector", "": "plain loop"}

GENERIC_COST = 1.9
"""The portable vector search's CPU time relative to AVX2 (the mean of 1.97 and 1.79,
``queens plan 22`` and ``queens plan 23`` on the 2-core AVX2 machine, load average 11 to
12, 2026-11-29, after its packing went to SSSE3's byte shuffle; 3.4 before, on SSE2).
What an ARM CPU gets, timed here on x86-64's SSSE3: on ARM, its own NEON."""

RELATIVE_COST = {"avx512": 0.74, "avx2": 1.0, "generic": GENERIC_COST, "": 6.3}
"""CPU time of each search relative to AVX2, for a search this CPU cannot run.

Measured by ``queens plan 21`` on the AVX-512 development machine (AMD EPYC, 2026-11-26,
after the marks of the border nodes): 8.26, 11.22 and 70.21 core-seconds for the timed
sub-problems of N = 18 with AVX-512, AVX2 and the plain loop (0.82 and 5.2 after the
refill, before the marks; an older AVX-512 machine measured 0.77 and 3.8 before the
refill; the plain loop's share differs most by CPU)."""


@dataclass(frozen=True)
class EngineCost:
    engine: str  # "avx512", "avx2", "generic" or "" (plain loop)
    core_seconds: float
    measured: bool  # False: scaled from a measured search by RELATIVE_COST
    calibration_seconds: float  # the calibration count's core-seconds (measured or scaled)

    @property
    def name(self) -> str:
        return ENGINE_NAMES[self.engine]

    @property
    def core_hours(self) -> float:
        return self.core_seconds / 3600


@dataclass(frozen=True)
class CostedPlan:
    n: int
    subproblems: int
    split_version: str
    checkpoint_bytes: int
    tree_nodes: float  # Knuth's estimate of the plain search tree
    tree_spread: float  # relative standard error of that estimate
    calibration_nodes: float
    calibration_n: int
    calibration_sampled: int  # sub-problems timed
    calibration_subproblems: int  # in the calibration split
    engines: tuple[EngineCost, ...]  # fastest first
    cores: int  # of this machine

    def cluster_seconds(self, engine: EngineCost, machines: int, cores: int) -> float:
        """Wall time on ``machines`` machines of ``cores`` cores, the pieces spread evenly."""
        return engine.core_seconds / max(1, machines * cores)


def make_plan(n: int, calibration_n: int | None = None, step: int | None = None) -> CostedPlan:
    """Measure and cost the count of the plain ``n`` x ``n`` board on this machine.

    Needs the compiled kernel (raises RuntimeError without it).  Takes a few
    seconds: the calibration counts run in the calling thread, and choose the
    kernel's search for the whole process while they run.  By default the
    calibration is every ``CALIBRATION_STEP``-th sub-problem of
    N = ``CALIBRATION_N``.
    """
    calibration_n = CALIBRATION_N if calibration_n is None else calibration_n
    step = CALIBRATION_STEP if step is None else step

    if not MIN_N <= n <= PLAN_MAX_N:
        raise ValueError(f"the plan is for boards of {MIN_N} to {PLAN_MAX_N} columns, got {n}")
    if not kernel.compiled():
        raise RuntimeError("a plan times the compiled kernel, which is not built here")
    pieces = split(Board.empty(n)).subproblems
    sample = split(Board.empty(calibration_n)).subproblems
    timed = [p.prefix for p in sample[::step]]
    measured = {kind: _timed_with(kind, calibration_n, timed) for kind in _searches()}
    scale = len(sample) / len(timed)
    nodes, spread = _tree(n)
    calibration_nodes, _ = _tree(calibration_n)
    engines = _engine_costs(measured, scale, nodes / calibration_nodes)
    solutions = knuth.estimate(Board.empty(n).allowed_masks(), probes=PROBES_PER_BATCH).solutions
    return CostedPlan(
        n=n,
        subproblems=len(pieces),
        split_version=SPLIT_VERSION,
        checkpoint_bytes=checkpoint_bytes(n, len(pieces), max(1, solutions // len(pieces))),
        tree_nodes=nodes,
        tree_spread=spread,
        calibration_nodes=calibration_nodes,
        calibration_n=calibration_n,
        calibration_sampled=len(timed),
        calibration_subproblems=len(sample),
        engines=engines,
        cores=os.cpu_count() or 1,
    )


def _engine_costs(
    measured: dict[str, float], scale: float, growth: float
) -> tuple[EngineCost, ...]:
    """Each search's cost; those not run here scaled from the fastest that was."""
    base_kind = next(kind for kind in ENGINES if kind in measured)
    per_avx2 = measured[base_kind] / RELATIVE_COST[base_kind]
    costs = []
    for kind in ENGINES:
        here = kind in measured
        sample = measured[kind] if here else per_avx2 * RELATIVE_COST[kind]
        calibration = sample * scale
        costs.append(EngineCost(kind, calibration * growth, here, calibration))
    return tuple(costs)


def _searches() -> list[str]:
    """The searches of plain boards this CPU runs ("" is the plain loop)."""
    from queens.engines import _kernel  # lazy: compiled, may be missing (checked before)

    found = [""]
    with kernel.searching_with(_kernel.simd()):
        for kind in ("generic", "avx2", "avx512"):
            with suppress(ValueError):  # raised when this CPU (or build) cannot run it
                found.append(_kernel.simd(kind))
    return found


def _timed_with(kind: str, n: int, prefixes: Sequence[tuple[int, ...]]) -> float:
    """CPU seconds of the calling thread to count these sub-problems with the search ``kind``."""
    from queens.engines import _kernel  # lazy: compiled, may be missing (checked before)

    with kernel.searching_with(kind):
        start = time.thread_time()
        for prefix in prefixes:
            _kernel.count_symmetric(n, prefix)
        return time.thread_time() - start


def _tree(n: int) -> tuple[float, float]:
    """Knuth's estimate of the plain n x n tree's nodes, and its relative standard error."""
    allowed = Board.empty(n).allowed_masks()
    batches = [
        knuth.estimate(allowed, probes=PROBES_PER_BATCH, seed=seed).nodes
        for seed in range(PROBE_BATCHES)
    ]
    mean = statistics.fmean(batches)
    error = statistics.stdev(batches) / (len(batches) ** 0.5) if len(batches) > 1 else 0.0
    return mean, error / mean if mean else 0.0


def checkpoint_bytes(n: int, subproblems: int, per_subproblem: int) -> int:
    """The size of a finished checkpoint of the n x n count, measured by writing one.

    Each record holds ``per_subproblem`` solutions (the expected size of a
    piece's count: records of bigger numbers take more bytes).
    """

    header = Header(f"n={n};plan;split={SPLIT_VERSION}", subproblems)
    record = Counts(per_subproblem, max(1, per_subproblem // 8))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "plan.db")
        with Checkpoint.open(path, header) as checkpoint:
            for index in range(subproblems):
                checkpoint.record(index, record)
        return os.path.getsize(path)
