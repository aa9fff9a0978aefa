"""Running sub-problems: in this process, over a pool of workers, or on any executor.

Sub-problems are handed out in small chunks (a chunk is one task), so that a
few thousand of them cost few round trips, yet the chunks are many more than
the workers and a worker that finishes early simply takes the next one
(dynamic scheduling).  Results come back per sub-problem index, so the sum
does not depend on the order of completion or on the number of workers.

The workers are threads when the compiled kernel is in use: it lets go of
the GIL while it counts, so threads run on all cores, start at once (a
process pool costs a tenth of a second to start and feed, the whole of a
``queens count 15``) and stop within milliseconds through a
``StopFlag``.  The pure-Python fallback holds
the GIL, so it gets a process pool instead.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from queens.board import Board
from queens.counting import estimate
from queens.counting.split import Split, SubProblem, count_subproblem, sum_counts
from queens.engines import Counts
from queens.engines.counting import kernel

if TYPE_CHECKING:  # imported when a pool is needed: small counts start faster without
    import concurrent.futures as cf  # lazy: ``import queens`` stays quick

T = TypeVar("T")
Result = tuple[int, Counts]
OnResult = Callable[[int, Counts], None]
"""Hears of each newly finished sub-problem: its index and counts (progress bars, checkpoints)."""

CHUNKS_PER_WORKER = 24
"""Tasks per worker: enough for good load balance, few enough to keep overhead low."""

MAX_CHUNK = 64

IN_PROCESS_SECONDS = 0.1
"""Counts estimated below this many core-seconds run in the calling thread: a
pool and its chunks would cost about as much as they save (measured: the
0.06 s of ``queens count 15`` with the vector search took as long on two
threads)."""


def default_workers() -> int:
    return os.cpu_count() or 1


def count_chunk(
    chunk: Sequence[SubProblem], stop: kernel.StopFlag | None = None
) -> list[tuple[int, int, int]]:
    """Count a chunk of sub-problems (runs in a worker); plain tuples pickle cheaply."""
    results = []
    for subproblem in chunk:
        counts = count_subproblem(subproblem, stop)
        results.append((subproblem.index, counts.total, counts.unique))
    return results


def _chunks(subproblems: Sequence[SubProblem], workers: int) -> list[Sequence[SubProblem]]:
    size = max(1, min(MAX_CHUNK, len(subproblems) // (workers * CHUNKS_PER_WORKER)))
    return [subproblems[i : i + size] for i in range(0, len(subproblems), size)]


PARENT_CHECK_SECONDS = 0.5


def _worker_setup() -> None:
    """Runs in each pool worker as it starts."""
    # Ctrl-C reaches the whole process group: the parent alone handles it
    # (cancelling and stopping the workers), so workers print no tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    kernel.leave_warning_to_parent()  # one warning per command, not one per worker
    # A parent killed with kill -9 cannot stop its workers: they notice it
    # themselves (they are re-parented) and exit rather than count on for
    # nobody.  The kernel releases the GIL, so this thread gets to run.
    parent = os.getppid()
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def _on_processes(subproblems: Sequence[SubProblem], workers: int) -> Iterator[Result]:
    """Count on a pool of ``workers`` processes (the pure-Python fallback holds the GIL)."""
    # multiprocessing.Pool, not ProcessPoolExecutor: Pool.terminate() is the
    # documented way to end busy workers.  Ending them under a
    # ProcessPoolExecutor races its queue feeder thread, which then prints an
    # OSError traceback after "queens: interrupted" (seen in CI).
    import multiprocessing

    # A Ctrl-C while the pool starts its workers and threads would leave them to the exit
    # handlers: held until the try below, which ends them all.
    with _sigint_held() as release:
        pool = multiprocessing.Pool(workers, initializer=_worker_setup)
    try:
        release()
        for results in pool.imap_unordered(count_chunk, _chunks(subproblems, workers)):
            for index, total, unique in results:
                yield index, Counts(total, unique)
    except BaseException:  # KeyboardInterrupt, GeneratorExit, errors: stop now
        pool.terminate()
        raise
    else:
        pool.close()
    finally:
        pool.join()


@contextlib.contextmanager
def _sigint_held() -> Iterator[Callable[[], None]]:
    """SIGINT blocked in this thread until the function yielded is called (or the block
    raises): a Ctrl-C meanwhile is delivered then, as a KeyboardInterrupt there."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield lambda: None
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def release() -> None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)

    try:
        yield release
    except BaseException:
        release()
        raise


def _in_process(subproblems: Iterable[SubProblem]) -> Iterator[Result]:
    for subproblem in subproblems:
        yield subproblem.index, count_subproblem(subproblem)


def _on_executor(
    subproblems: Sequence[SubProblem], executor: cf.Executor, workers: int
) -> Iterator[Result]:
    # Each future, once finished, puts itself on this queue (from whichever thread finishes
    # it), so waiting holds no lock of the executor's.  Not ``concurrent.futures.wait``: it
    # takes every pending future's lock in a Python loop, where a Ctrl-C can land and leave
    # some held, blocking for good whichever thread then finishes one of those futures.
    finished: queue.SimpleQueue[cf.Future[list[tuple[int, int, int]]]] = queue.SimpleQueue()
    pending = set()
    try:
        for chunk in _chunks(subproblems, workers):
            future = executor.submit(count_chunk, chunk)
            pending.add(future)
            future.add_done_callback(finished.put)
        while pending:
            future = _next(finished)
            pending.discard(future)
            for index, total, unique in future.result():
                yield index, Counts(total, unique)
    finally:
        for future in pending:
            future.cancel()


WAKE_SECONDS = 0.1
"""How often a thread waiting for results wakes up when none comes: a Ctrl-C that the
system hands to another thread is seen only when the main thread runs Python code."""


def _next(results: queue.SimpleQueue[T]) -> T:
    """The next item of ``results``: a Ctrl-C meanwhile raises KeyboardInterrupt at once."""
    while True:
        try:
            return results.get(timeout=WAKE_SECONDS)
        except queue.Empty:
            continue


def iter_results(
    subproblems: Iterable[SubProblem],
    *,
    executor: cf.Executor | None = None,
    workers: int | None = None,
) -> Generator[Result, None, None]:
    """``(index, counts)`` for each sub-problem, as each finishes.

    Without an ``executor``, runs a pool of ``workers`` threads (processes
    for the pure-Python fallback; default: all cores), or counts in this
    thread when ``workers == 1``.  Closing the generator or a
    KeyboardInterrupt stops the work and shuts down the pool this function
    started.
    """
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if executor is None and workers == 1:
        todo = list(subproblems)
        if todo and in_kernel(todo[0]):  # one thread, so that a Ctrl-C reaches the kernel
            yield from _on_threads(todo, 1)
        else:
            yield from _in_process(todo)
        return
    todo = list(subproblems)
    if not todo:
        return
    count = workers or default_workers()
    if executor is not None:
        yield from _on_executor(todo, executor, count)
        return
    workers = min(count, len(todo))
    if kernel.compiled() and not in_kernel(todo[0]):
        # Too wide for the kernel: the Python search holds the GIL (threads would
        # gain nothing) and sees a Ctrl-C at once in this thread.
        yield from _in_process(todo)
        return
    if kernel.compiled():
        yield from _on_threads(todo, workers)
        return
    kernel.warn_once()
    yield from _on_processes(todo, workers)


def in_kernel(subproblem: SubProblem) -> bool:
    """True when the compiled kernel counts ``subproblem`` (and lets go of the GIL).

    Boards wider than it takes are counted by the Python search even when it
    is built (in the calling thread: threads in Python code would not see the
    stop flag and would run on to the end after a Ctrl-C).
    """
    if not kernel.compiled():
        return False
    if subproblem.allowed is None or subproblem.queens is None:  # n x n, n queens
        return subproblem.n <= kernel.KERNEL_MAX_N
    width = subproblem.n if subproblem.width is None else subproblem.width
    return kernel.case_takes(subproblem.board_case(), subproblem.n, width)


def _on_threads(subproblems: Sequence[SubProblem], workers: int) -> Iterator[Result]:
    """Count on ``workers`` threads of this process (the compiled kernel lets go of the GIL).

    This thread, where a Ctrl-C raises KeyboardInterrupt between any two bytecodes,
    shares only the stop flag and two queues (written in C) with the workers: no lock
    of theirs can be left held by it.  (A ThreadPoolExecutor waited on with
    ``concurrent.futures.wait`` could: a Ctrl-C in that loop over the futures' locks
    left the worker finishing one blocked for good, and the shutdown joining it.)
    """
    stop = kernel.StopFlag()
    todo: queue.SimpleQueue[Sequence[SubProblem]] = queue.SimpleQueue()
    chunks = _chunks(subproblems, workers)
    for chunk in chunks:
        todo.put(chunk)
    results: queue.SimpleQueue[list[tuple[int, int, int]] | BaseException] = queue.SimpleQueue()
    threads = [
        threading.Thread(
            target=_count_chunks,
            args=(todo, results, stop),
            name=f"queens-count-{i}",
            daemon=True,  # never waited for at exit: the stop flag ends them
        )
        for i in range(workers)
    ]
    try:
        for thread in threads:
            thread.start()
        for _ in chunks:
            outcome = _next(results)
            if isinstance(outcome, BaseException):  # a worker's error, raised here
                raise outcome
            for index, total, unique in outcome:
                yield index, Counts(total, unique)
    finally:  # done, KeyboardInterrupt, GeneratorExit, an error: the workers stop now
        stop.set()  # the counting threads give up within milliseconds
        for thread in threads:
            if thread.is_alive():  # not one whose start a Ctrl-C cut short (it ends at once)
                thread.join()


def _count_chunks(
    todo: queue.SimpleQueue[Sequence[SubProblem]],
    results: queue.SimpleQueue[list[tuple[int, int, int]] | BaseException],
    stop: kernel.StopFlag,
) -> None:
    """A counting thread: counts chunks of ``todo`` until none is left or ``stop`` is set."""
    while not stop.is_set():
        try:
            chunk = todo.get_nowait()
        except queue.Empty:
            return
        try:
            results.put(count_chunk(chunk, stop))
        except kernel.Stopped:
            return
        except BaseException as error:  # handed to the waiting thread
            results.put(error)
            return


def count_split(
    split: Split,
    *,
    executor: cf.Executor | None = None,
    workers: int | None = None,
    done: Mapping[int, Counts] | None = None,
    on_result: OnResult | None = None,
) -> Counts:
    """The counts of the whole board: the sum over every sub-problem of ``split``.

    As ``count_subproblems`` over all of them.
    """
    return count_subproblems(
        split.subproblems, executor=executor, workers=workers, done=done, on_result=on_result
    )


def count_subproblems(
    subproblems: Sequence[SubProblem],
    *,
    executor: cf.Executor | None = None,
    workers: int | None = None,
    done: Mapping[int, Counts] | None = None,
    on_result: OnResult | None = None,
) -> Counts:
    """The sum of the counts of ``subproblems`` (a split, or a shard of one).

    Those in ``done`` (finished earlier, e.g. read from a checkpoint) are
    not counted again but are part of the sum.  ``on_result`` hears of each
    newly finished sub-problem (for progress bars and checkpoints).
    """
    finished = dict(done or {})
    todo = [sp for sp in subproblems if sp.index not in finished]
    # Closed here when ``on_result`` raises (a Ctrl-C while it records): its workers stop
    # now, not whenever the traceback holding the suspended generator is let go of.
    with contextlib.closing(iter_results(todo, executor=executor, workers=workers)) as results:
        for index, counts in results:
            finished[index] = counts
            if on_result is not None:
                on_result(index, counts)
    return sum_counts(finished[sp.index] for sp in subproblems)


def workers_for(board: Board, workers: int | None = None) -> int:
    """How many processes to count ``board`` with: 1 (this process) when it is small."""
    if estimate.core_seconds(board) < IN_PROCESS_SECONDS:
        return 1
    return workers or default_workers()
