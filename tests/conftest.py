"""Shared test helpers: the known counts table and an independent validator.

The validator is deliberately written apart from the package (plain pairwise
comparisons, O(N^2)) so that a bug in queens.validate cannot hide one in a
solver.
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator, Sequence
from itertools import pairwise, permutations
from pathlib import Path
from typing import Any, NoReturn

import pytest

from queens.board import Board
from queens.puzzle import _sat

try:
    from hypothesis import settings
except ImportError:  # the README's tests run against an installed wheel with pytest alone
    pass
else:
    # No deadline on any example: a test never asserts on wall-clock time, and an example can
    # take over the default 200 ms on a busy machine (or beside another test worker) without
    # anything being wrong.  pytest-timeout still fails a test that runs away.
    settings.register_profile("queens", deadline=None)
    settings.load_profile("queens")

# A shell without job control starts a background job (`pytest &` in a script) with Ctrl-C
# ignored, and an ignored signal stays ignored in every process started from it: the tests
# that press Ctrl-C on a `queens` process would then find it deaf.  A handler of our own is
# reset to the default in each child, so the children hear Ctrl-C as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

DATA = Path(__file__).parent / "data"
BOARDS = DATA / "boards"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Write the package's bytecode once, before the workers start, as an installed package
    has it: where PYTHONDONTWRITEBYTECODE is set (as in some sandboxes and CI), a checkout's
    editable install has none, and every ``queens`` process the tests start (hundreds: the
    docs' sessions, the command's tests) compiled each module again, 80 ms of CPU a process
    (`queens count 8`: 0.21 s against 0.13 s). The fast suite from a fresh clone took 3:02
    without it, 2:35 with it. Up-to-date files are left alone, and a package that is not
    writable is left as it is."""
    if hasattr(session.config, "workerinput"):  # a pytest-xdist worker: its controller did it
        return
    import compileall

    import queens

    compileall.compile_dir(str(Path(queens.__file__).parent), quiet=2)


OPTIONAL = {
    "starlette", "anyio", "uvicorn", "PIL", "numpy", "pysat", "dask", "distributed", "anywidget"
}  # fmt: skip
"""The extras' imports: a test needing one is skipped when it is missing (never in CI)."""


needs_sat = pytest.mark.skipif(
    not _sat.available() and os.environ.get("CI") != "true",
    reason="python-sat is not installed: pip install 'queens-toolkit[sat]'",
)
"""A test of the sat extra: skipped without python-sat, except under CI=true (it fails)."""


def skip_for_missing_extra(error: ImportError, what: str) -> NoReturn:
    """Skip the test when ``error`` is an extra's module missing (one of ``OPTIONAL``),
    naming it; raise ``error`` when the module is no extra's, and under CI=true (where every
    extra is installed)."""
    root = (error.name or "").split(".")[0]
    if root in OPTIONAL and os.environ.get("CI") != "true":
        pytest.skip(f"{what} needs {error.name} (an extra), not installed")
    raise error


def _is_queens(argv: list[bytes]) -> bool:
    """Whether a command line runs the ``queens`` command (``python -m queens ...`` or the
    ``queens`` script), not merely a program under a directory named so."""
    return any(a == b"-m" and b == b"queens" for a, b in pairwise(argv)) or any(
        os.path.basename(arg) == b"queens" for arg in argv[:2]
    )


def _queens_children() -> list[int]:
    """This process's children that run ``queens`` (Linux's /proc; none elsewhere)."""
    found = []
    for listing in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
        try:
            children = listing.read_text().split()
        except OSError:
            continue  # a thread that ended meanwhile
        for pid in children:
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue  # ended meanwhile
            if _is_queens(argv):
                found.append(int(pid))
    return found


@pytest.fixture(autouse=True)
def _no_queens_left_running() -> Iterator[None]:
    """A test that fails while its ``queens`` child runs (a Ctrl-C not obeyed, a timeout)
    would leave it counting on, loading the machine for the rest of the run: after each
    test, such children are killed (their process group, when they lead one)."""
    yield
    for pid in _queens_children():
        with contextlib.suppress(ProcessLookupError):  # ended meanwhile
            if os.getpgid(pid) == pid:
                os.killpg(pid, signal.SIGKILL)
            else:
                os.kill(pid, signal.SIGKILL)


# What queens says once on stderr on a machine without the compiled kernel (no C compiler,
# or QUEENS_PURE_PYTHON=1): tests of a command's exact stderr leave it out.
ENGINE_WARNING = re.compile(
    r"^queens: warning: the compiled kernel is not available; .*\n", flags=re.MULTILINE
)


def without_engine_warning(stderr: str | bytes) -> str:
    """``stderr`` (decoded) less the compiled kernel's absence, said once when it is missing."""
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    return ENGINE_WARNING.sub("", text, count=1)


def known_counts() -> dict[int, tuple[int, int]]:
    """n -> (total, unique) from OEIS A000170 / A002562 (for checking only)."""
    with (DATA / "oeis-queens.tsv").open() as file:
        rows = csv.DictReader(file, delimiter="\t")
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in rows}


def sample_boards() -> list[tuple[Path, int]]:
    """The sample boards with the count their file name gives (``name-8-65.txt``)."""
    return [(p, int(p.stem.rsplit("-", 1)[1])) for p in sorted(BOARDS.glob("*.txt"))]


def is_solution(columns: Sequence[int], board: Board) -> bool:
    """True when ``columns`` places n mutually non-attacking queens honouring ``board``."""
    n = board.n
    if len(columns) != n or any(not 0 <= c < n for c in columns):
        return False
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            c1, c2 = columns[r1], columns[r2]
            if c1 == c2 or abs(c1 - c2) == r2 - r1:
                return False
    squares = set(enumerate(columns))
    return not (squares & board.reserved) and board.queens <= squares


def brute_force(board: Board) -> list[tuple[int, ...]]:
    """All solutions by trying every permutation (tiny boards only)."""
    return [p for p in permutations(range(board.n)) if is_solution(p, board)]


WORK_CPU_SECONDS = 1.0
"""CPU time after which a ``queens`` process is surely past its imports (a fifth of a
second of CPU, however busy the machine: unlike wall-clock time, it does not stretch)."""


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name, or None (gone, or no /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def at_work(pid: int) -> bool:
    """True once process ``pid`` is inside its command, past the imports during which a
    Ctrl-C is Python's own (a traceback and death by SIGINT, not ``queens: interrupted``
    and 130): it runs a second thread or a child process (counting, searching helpers), or
    has used ``WORK_CPU_SECONDS`` of CPU.  A sleep before the signal is no such proof on a
    loaded machine.  Linux /proc; True at once where there is none."""
    fields = _proc_stat(pid)
    if fields is None:
        return True
    threads = int(fields[17])  # field 20 of stat: num_threads
    cpu_seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    if threads > 1 or cpu_seconds >= WORK_CPU_SECONDS:
        return True
    return bool(children(pid))


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc; empty elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        fields = _proc_stat(int(stat.parent.name))
        if fields is not None and int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def wait_until_at_work(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Wait for ``at_work``; an AssertionError if the process ends first (or in 2 minutes)."""
    deadline = time.monotonic() + 120
    while not at_work(process.pid):
        assert process.poll() is None, f"ended before it was interrupted: {process.returncode}"
        assert time.monotonic() < deadline, "never got to work"
        time.sleep(0.02)


@pytest.fixture
def client() -> Iterator[Any]:
    """A test client of the web app (the web extra: its tests call ``require`` first).
    One portal for all requests (the ``with``), so runs and their streams share a loop."""
    from starlette.testclient import TestClient

    from queens.web.app import create_app

    with TestClient(create_app(allowed_hosts={"testserver"})) as test_client:
        yield test_client
