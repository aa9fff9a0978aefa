"""Helpers for the scale tests: real `queens` processes, checkpoints read from outside."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from queens.board import Board
from queens.counting.split import count_subproblem, split
from queens.engines.counting import kernel

QUEENS = [sys.executable, "-m", "queens"]


@functools.cache
def busy_n(seconds: float = 3.0, cap: int = 18) -> int:
    """The smallest N whose whole count takes at least about ``seconds`` of one core
    here, at most ``cap``.

    The tests that stop a run mid-way need one that lasts (they run it on one
    worker), whichever engine (pure Python or compiled) is installed and however
    fast this machine is: the first records reach a checkpoint only after about a
    second.  Counts growing boards in this process until the next one, about
    :data:`GROWTH` times the work of the last, would take long enough (it is not
    run here).  The cap keeps a fast machine from a size whose count takes minutes
    (N = 18: about 7 s of one AVX2 core; N = 19 about six times that).
    """
    for n in range(8, cap):
        start = time.process_time()
        # With a stop flag of its own, as a worker thread of `queens count` counts: without
        # one, each call from the main thread would run in a helper thread (for Ctrl-C), and
        # that start-up, not the search, would be most of what is timed at small N.
        stop = kernel.StopFlag()
        for subproblem in split(Board.empty(n)).subproblems:
            count_subproblem(subproblem, stop)
        if (time.process_time() - start) * GROWTH >= seconds:
            return n + 1
    return cap


GROWTH = 6
"""About how much more work N + 1 queens take than N (in the teens)."""


def rows(path: Path) -> int:
    """How many sub-problems a checkpoint holds, read without disturbing its writer."""
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as connection:
            return int(connection.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.Error:
        return 0  # not created yet


def start(*args: str, cwd: Path | None = None) -> subprocess.Popen[str]:
    """A ``queens`` process in a process group of its own (it and its workers)."""
    return subprocess.Popen(
        [*QUEENS, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        start_new_session=True,
    )


@contextlib.contextmanager
def started(*args: str, cwd: Path | None = None) -> Iterator[subprocess.Popen[str]]:
    """``start``, its process group killed after the block whatever happens in it: a test
    that fails (a Ctrl-C not obeyed, a timeout) leaves no ``queens`` counting on, loading
    the machine for the rest of the run."""
    process = start(*args, cwd=cwd)
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):  # the group ended already
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def queens(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*QUEENS, *args], capture_output=True, text=True, timeout=300)


def wait_until(
    condition: Callable[[], bool], process: subprocess.Popen[str], timeout: float = 120
) -> None:
    """Poll ``condition`` while ``process`` runs; fail if it ends first."""
    deadline = time.monotonic() + timeout
    while not condition():
        if process.poll() is not None:
            _, err = process.communicate()
            raise AssertionError(f"process ended first (status {process.returncode}): {err}")
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.01)


def stop(processes: Sequence[subprocess.Popen[str]]) -> None:
    """End processes this test started (by their own handles), waiting for each."""
    for process in processes:
        if process.poll() is None:
            process.kill()
    for process in processes:
        process.communicate()


def need_dask() -> None:
    """Skip (visibly) without Dask distributed, except under CI=true where it must be there."""
    if os.environ.get("CI") == "true":
        import distributed  # noqa: F401  (an ImportError fails the test)
    else:
        pytest.importorskip("distributed", reason="Dask is not installed: pip install -e '.[dask]'")


def edit_record(path: Path | str, index: int, total: int = 0, unique: int = 0) -> None:
    """Add ``total`` and ``unique`` to one stored record, as a faulty writer would:
    with the checksum of the new counts, so only a recount can tell."""
    from queens.counting.checkpoint import checksum
    from queens.engines import Counts

    with sqlite3.connect(path) as connection:
        key = connection.execute("SELECT value FROM meta WHERE key = 'split_key'").fetchone()[0]
        old = connection.execute(
            "SELECT total, uniq FROM results WHERE subproblem = ?", (index,)
        ).fetchone()
        new = Counts(old[0] + total, old[1] + unique)
        connection.execute(
            "UPDATE results SET total = ?, uniq = ?, checksum = ? WHERE subproblem = ?",
            (*new, checksum(key, index, new), index),
        )
