"""The runner: every sub-problem counted once, whatever the workers or executor."""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import known_counts
from queens.board import Board
from queens.counting.run import count_split, iter_results
from queens.counting.split import count_subproblem, split
from queens.engines import Counts
from queens.engines.counting import kernel


def _expected(n: int) -> Counts:
    return Counts(*known_counts()[n])


@pytest.mark.parametrize("workers", [1, 2])
def test_count_split_matches_known_counts(workers: int) -> None:
    assert count_split(split(Board.empty(9)), workers=workers) == _expected(9)


def test_each_subproblem_reported_once() -> None:
    parts = split(Board.empty(8))
    seen: list[int] = []
    total = count_split(parts, workers=2, on_result=lambda index, _: seen.append(index))
    assert sorted(seen) == [sp.index for sp in parts.subproblems]
    assert total == _expected(8)


def test_done_is_skipped_but_summed() -> None:
    parts = split(Board.empty(8))
    first = parts.subproblems[0]
    fake = Counts(1000, 100)  # a checkpointed value is trusted, not recounted
    seen: list[int] = []
    total = count_split(
        parts, workers=1, done={first.index: fake}, on_result=lambda index, _: seen.append(index)
    )
    assert first.index not in seen
    real = count_subproblem(first)
    expected = _expected(8)
    assert total == Counts(
        expected.total - real.total + fake.total, expected.unique - real.unique + fake.unique
    )


def test_thread_executor_gives_same_results() -> None:
    parts = split(Board.empty(8))
    with cf.ThreadPoolExecutor(3) as pool:
        results = dict(iter_results(parts.subproblems, executor=pool))
    assert results == dict(iter_results(parts.subproblems, workers=1))


def _children_gone_within(seconds: float) -> bool:
    """True once no worker process is left; a terminated worker may take a moment to be
    reaped on a loaded machine, so this waits (bounded) rather than looking once."""
    deadline = time.monotonic() + seconds
    while multiprocessing.active_children():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize("pool", ["as installed", "processes"])
def test_closing_the_generator_early_is_clean(monkeypatch: pytest.MonkeyPatch, pool: str) -> None:
    if pool == "processes":  # the pure-Python fallback's pool, whatever this install has
        monkeypatch.setattr(kernel, "compiled", lambda: False)
    subproblems = split(Board.empty(10)).subproblems
    results = iter_results(subproblems, workers=2)
    index, counts = next(results)
    assert counts == count_subproblem(next(sp for sp in subproblems if sp.index == index))
    results.close()
    # Clean: the pool it started is gone (no counting thread, no worker
    # process left behind) and the generator is over.
    assert _counting_threads() == []
    assert _children_gone_within(10.0)
    with pytest.raises(StopIteration):
        next(results)


def test_bad_workers() -> None:
    with pytest.raises(ValueError, match="workers"):
        list(iter_results(split(Board.empty(4)).subproblems, workers=0))


def _counting_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("queens-count")]


@pytest.mark.skipif(not kernel.compiled(), reason="the fallback counts in processes")
def test_the_kernel_counts_in_threads_that_stop_when_closed() -> None:
    # Sub-problems of N = 19 take tens of milliseconds each: closing after
    # the first result leaves the threads in the middle of others, which
    # the stop flag ends (they would otherwise run on for minutes).
    results = iter_results(split(Board.empty(19)).subproblems, workers=2)
    next(results)
    assert len(_counting_threads()) == 2
    results.close()
    assert _counting_threads() == []


def test_a_set_stop_flag_stops_a_count() -> None:
    stop = kernel.StopFlag()
    stop.set()
    with pytest.raises(kernel.Stopped):
        count_subproblem(split(Board.empty(8)).subproblems[0], stop)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks")
def test_a_ctrl_c_while_the_process_pool_starts_waits_for_its_try() -> None:
    # Between multiprocessing.Pool(...) and the try that terminates it, a Ctrl-C would
    # leave the workers to the exit handlers: it is held until released inside the try.
    from queens.counting.run import _sigint_held

    reached = []
    with pytest.raises(KeyboardInterrupt):
        with _sigint_held() as release:
            # At this thread: the mask is a thread's, and a signal sent to the whole
            # process may go to another thread that does not block it (pytest-xdist's).
            signal.pthread_kill(threading.get_ident(), signal.SIGINT)
            reached.append("held")
        reached.append("after the block")
        release()
        reached.append("after the release")
    assert reached == ["held", "after the block"]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


# Runs in a child process, so that a hang fails the test (by its timeout) instead of
# stopping the suite.  A trace function raises KeyboardInterrupt, as a Ctrl-C does, at the
# k-th line run by the main thread in the code that waits for the counting threads (the
# runner, concurrent.futures, queue), for random k; each time, the count must stop and its
# threads end.
_INTERRUPTED_AT_RANDOM_LINES = """
import random, sys, threading, time
from queens.board import Board
from queens.counting.run import count_subproblems
from queens.counting.split import split

WAITING = ("concurrent/futures/", "/queue.py", "queens/counting/run.py")
subproblems = split(Board.empty(12)).subproblems

def count(interrupt_at, workers):
    seen = 0
    def at_line(frame, event, arg):
        nonlocal seen
        if event == "line" and seen >= 0:
            seen += 1
            if seen == interrupt_at:
                seen = -1
                sys.settrace(None)
                raise KeyboardInterrupt
        return at_line
    def on_call(frame, event, arg):
        waits = any(part in frame.f_code.co_filename for part in WAITING)
        return at_line if waits else None
    sys.settrace(on_call)
    try:
        count_subproblems(subproblems, workers=workers)
    except KeyboardInterrupt:
        pass
    finally:
        sys.settrace(None)
    return seen

rng = random.Random(int(sys.argv[1]))
for workers in (1, 2):
    lines = count(0, workers)  # never interrupted: how many lines a whole count runs
    for _ in range(int(sys.argv[2])):
        count(rng.randint(1, lines), workers)
        deadline = time.monotonic() + 60  # a guard against a hang, not a timing assertion
        while any(t.name.startswith("queens-count") for t in threading.enumerate()):
            assert time.monotonic() < deadline, "counting threads left running"
            time.sleep(0.01)
print("stopped every time")
"""


@pytest.mark.slow  # 300 interrupted waits: CI's slow step
@pytest.mark.skipif(not kernel.compiled(), reason="the fallback counts in processes")
def test_a_ctrl_c_at_any_line_of_the_wait_stops_the_counting_threads() -> None:
    # Waiting with concurrent.futures.wait hung here within a few dozen tries (2 in 100):
    # a KeyboardInterrupt inside its loop over the futures' locks left some held, so the
    # worker finishing one blocked for good, and so did the join after the interrupt.
    # About 2 s here; the timeout only ends a hang (it kills the child).
    command = [sys.executable, "-c", _INTERRUPTED_AT_RANDOM_LINES, "1", "150"]
    try:
        child = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("a count interrupted at some line hung (its threads never ended)")
    assert child.returncode == 0 and child.stdout == "stopped every time\n", child.stderr
