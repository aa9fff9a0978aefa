"""A real Dask cluster on 127.0.0.1: scheduler and workers are processes started here."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from conftest import known_counts, without_engine_warning
from queens.board import Board
from queens.counting.split import split
from scale_helpers import busy_n, need_dask, queens, rows, start, stop, wait_until

# Slow (CI's slow step): a Dask cluster starts for these, 20 s or more in all on 2 cores.
pytestmark = [pytest.mark.usefixtures("dask_installed"), pytest.mark.slow]


@pytest.fixture(scope="module")
def dask_installed() -> None:
    need_dask()


def _dask() -> list[str]:
    # The `dask` command of this interpreter's environment.
    script = Path(sys.executable).with_name("dask")
    if script.exists():
        return [str(script)]
    found = shutil.which("dask")
    assert found, "the dask command is missing"
    return [found]


def _spawn(args: list[str], folder: Path, log: str) -> subprocess.Popen[str]:
    with (folder / log).open("w") as output:
        return subprocess.Popen(
            [*_dask(), *args],
            cwd=folder,
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )


@contextmanager
def _scheduler(folder: Path) -> Iterator[str]:
    """A scheduler on a free loopback port (dashboard on a free port too); its address."""
    address_file = folder / "scheduler.json"
    process = _spawn(
        [
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--dashboard-address",
            "127.0.0.1:0",
            "--scheduler-file",
            str(address_file),
        ],
        folder,
        "scheduler.log",
    )
    try:
        deadline = time.monotonic() + 60
        while not address_file.exists() or not address_file.read_text().strip():
            assert process.poll() is None, (folder / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
        time.sleep(0.1)  # the file is written in one go, but be safe
        yield str(json.loads(address_file.read_text())["address"])
    finally:
        stop([process])


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _scheduler(tmp_path_factory.mktemp("dask")) as address:
        yield address


class Workers:
    """Dask worker processes for one test, stopped at its end."""

    def __init__(self, address: str, folder: Path) -> None:
        self.address = address
        self.folder = folder
        self.processes: list[subprocess.Popen[str]] = []
        self._client: Any = None

    def start(self, count: int, preload: Path | None = None) -> None:
        """Start ``count`` workers (at once: each takes seconds to come up),
        each importing the module ``preload`` first when given."""
        extra = [] if preload is None else ["--preload", str(preload)]
        for _ in range(count):
            name = f"w{len(self.processes)}"
            self.processes.append(
                _spawn(
                    [
                        "worker",
                        self.address,
                        "--name",
                        name,
                        "--host",
                        "127.0.0.1",
                        "--nthreads",
                        "1",
                        "--no-nanny",  # a killed worker stays dead
                        "--dashboard-address",
                        "127.0.0.1:0",
                        "--local-directory",
                        str(self.folder),
                        *extra,
                    ],
                    self.folder,
                    f"{name}.log",
                )
            )
        self.wait_for(len(self.processes))

    def client(self) -> Any:
        from distributed import Client

        if self._client is None:
            self._client = Client(self.address, timeout=30, set_as_default=False)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    def info(self) -> dict[str, dict[str, object]]:
        """The scheduler's view: worker address -> its details (name, pid, ...)."""
        workers: dict[str, dict[str, object]] = self.client().scheduler_info()["workers"]
        return workers

    def processing(self) -> dict[str, int]:
        """How many tasks each worker (by name) is running or holding."""
        busy = self.client().processing()
        names = {a: str(w["name"]) for a, w in self.info().items()}
        return {names[a]: len(tasks) for a, tasks in busy.items() if a in names}

    def wait_for(self, count: int) -> None:
        deadline = time.monotonic() + 60
        while len(self.info()) < count:
            for process in self.processes:
                assert process.poll() is None, "a worker died while starting"
            assert time.monotonic() < deadline, "the workers did not register"
            time.sleep(0.2)


@pytest.fixture(scope="module")
def workers(scheduler: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    """Three single-threaded workers, shared by the tests of this module (started once:
    starting Dask processes is the slow part); the last test kills one of them."""
    pool = Workers(scheduler, tmp_path_factory.mktemp("workers"))
    try:
        pool.start(3)
        yield pool
    finally:
        pool.close()
        stop(pool.processes)


def test_count_on_a_cluster(workers: Workers, tmp_path: Path) -> None:
    workers.start(2)
    path = tmp_path / "c.db"
    result = queens("count", "9", "--scheduler", workers.address, "--checkpoint", str(path))
    assert (result.returncode, result.stdout) == (0, f"{known_counts()[9][0]}\n"), result.stderr
    assert rows(path) == len(split(Board.empty(9)).subproblems)
    again = queens(
        "count", "9", "--scheduler", workers.address, "--checkpoint", str(path), "--json"
    )
    record = json.loads(again.stdout)
    assert record["provenance"] == "resumed" and record["total"] == known_counts()[9][0]


def test_a_shaped_count_on_a_cluster(workers: Workers, tmp_path: Path) -> None:
    # 4 queens on 7 x 6: the same answer as counted here, every sub-problem recorded.
    here = queens("count", "7x6", "--queens", "4", "--json")
    assert here.returncode == 0, here.stderr
    path = tmp_path / "shape.db"
    argv = ["count", "7x6", "--queens", "4", "--scheduler", workers.address, "--json"]
    result = queens(*argv, "--checkpoint", str(path))
    assert result.returncode == 0, result.stderr
    found, expected = json.loads(result.stdout), json.loads(here.stdout)
    assert (found["total"], found["unique"]) == (expected["total"], expected["unique"])
    assert rows(path) == len(split(Board(7, height=6, k=4)).subproblems)


@pytest.mark.slow  # 20 s on a 2-core machine: CI's slow step
def test_a_worker_killed_mid_run_changes_nothing(workers: Workers, tmp_path: Path) -> None:
    n = busy_n()
    path = tmp_path / "c.db"
    run = start("count", str(n), "--scheduler", workers.address, "--checkpoint", str(path))
    try:
        # Kill a worker that is holding work, while the count is under way.
        wait_until(lambda: any(workers.processing().values()), run)
        busy = [name for name, tasks in workers.processing().items() if tasks]
        victim = workers.processes[int(busy[0][1:])]
        os.killpg(victim.pid, signal.SIGKILL)
        victim.wait()
        subproblems = len(split(Board.empty(n)).subproblems)
        assert rows(path) < subproblems and run.poll() is None, "killed too late"
        out, err = run.communicate(timeout=300)
    finally:
        stop([run])
    assert (run.returncode, out) == (0, f"{known_counts()[n][0]}\n"), err
    assert rows(path) == subproblems


_FAULTY = """
# Preloaded by a Dask worker: it gets sub-problem 8 wrong (a total one too high).
import queens.counting.run as run

# Dask may load a preload file twice: wrap the honest function once only.
honest = getattr(run.count_chunk, "honest", run.count_chunk)


def count_chunk(chunk, stop=None):
    return [(i, t + (i == 7), u) for i, t, u in honest(chunk, stop)]


count_chunk.honest = honest
run.count_chunk = count_chunk  # what the tasks, pickled by reference, find here
"""


def test_a_faulty_worker_is_caught_by_verify(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    folder = tmp_path_factory.mktemp("faulty")
    (folder / "faulty.py").write_text(_FAULTY)
    total = known_counts()[9][0]
    with _scheduler(folder) as address:
        pool = Workers(address, folder)
        try:
            pool.start(1, preload=folder / "faulty.py")
            argv = ["count", "9", "--scheduler", address, "--checkpoint"]
            trusted = queens(*argv, str(tmp_path / "a.db"))
            assert (trusted.returncode, trusted.stdout) == (0, f"{total + 1}\n"), trusted.stderr
            checked = queens(*argv, str(tmp_path / "b.db"), "--verify", "1")
            # Resumed from the file the faulty worker filled: a sample of it is recounted too.
            resumed = queens(*argv, str(tmp_path / "a.db"), "--verify", "1")
        finally:
            pool.close()
            stop(pool.processes)
    for result in (checked, resumed):
        assert result.returncode == 2 and result.stdout == "", result.stderr
        stderr = without_engine_warning(result.stderr)
        assert stderr.startswith("queens: error: verification failed: sub-problem 8 ")
        assert stderr.count("\n") == 1
