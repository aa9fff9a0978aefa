"""Running sub-problems on an executor (stand-in with the INTERFACES.md signatures).

The ``kernel`` helper owns this module; this minimal version lets the
checkpoint, shard and cluster code be built and tested before it lands.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping

from queens.counting.split import Split, SubProblem, count_subproblem
from queens.engines import Counts


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group: only the parent should react.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_on(
    executor: concurrent.futures.Executor, subproblems: list[SubProblem]
) -> Iterator[tuple[int, Counts]]:
    futures = {executor.submit(count_subproblem, sp): sp.index for sp in subproblems}
    try:
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()
    finally:
        for future in futures:
            future.cancel()


def iter_results(
    subproblems: Iterable[SubProblem],
    *,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
) -> Iterator[tuple[int, Counts]]:
    """``(index, counts)`` of each sub-problem as it finishes."""
    items = list(subproblems)
    if executor is not None:
        yield from _run_on(executor, items)
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(items) <= 1:
        for sp in items:
            yield sp.index, count_subproblem(sp)
        return
    pool = concurrent.futures.ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    try:
        yield from _run_on(pool, items)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def count_split(
    split: Split,
    *,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    done: Mapping[int, Counts] | None = None,
    on_result: Callable[[int, Counts], None] | None = None,
) -> Counts:
    """The counts of the whole split; sub-problems in ``done`` are summed, not rerun."""
    done = done or {}
    total = sum(done.values(), Counts(0, 0))
    todo = [sp for sp in split.subproblems if sp.index not in done]
    for index, counts in iter_results(todo, executor=executor, workers=workers):
        total += counts
        if on_result is not None:
            on_result(index, counts)
    return total
