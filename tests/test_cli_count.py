"""queens count: workers, the refusal of very long counts, JSON, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import known_counts, without_engine_warning
from queens.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("n", [1, 4, 8, 13])
def test_counts(capsys: pytest.CaptureFixture[str], n: int) -> None:
    total, unique = known_counts()[n]
    assert run(capsys, "count", str(n)) == (0, f"{total}\n", "")
    assert run(capsys, "count", str(n), "--unique", "--quiet") == (0, f"{unique}\n", "")


def test_workers_give_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    # 14 is big enough to be split over processes.
    expected = f"{known_counts()[14][0]}\n"
    assert run(capsys, "count", "14", "--workers", "2") == (0, expected, "")
    assert run(capsys, "count", "14", "--workers", "1") == (0, expected, "")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    # count --json always has both counts (and the fields pinned in tests/test_scaling.py)
    for argv in (["--json"], ["--json", "--unique"]):
        out = run(capsys, "count", "10", *argv)[1]
        assert json.loads(out).items() >= {"n": 10, "total": 724, "unique": 92}.items()


@pytest.mark.parametrize("workers", ["0", "x", "-1", "1.5"])
def test_bad_workers(capsys: pytest.CaptureFixture[str], workers: str) -> None:
    status, out, err = run(capsys, "count", "8", "--workers", workers)
    assert status == 2 and out == ""
    assert (
        err.startswith("queens: error: --workers must be a whole number") and err.count("\n") == 1
    )


def test_refuses_counts_of_hours(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "count", "24", "--workers", "2")
    assert status == 2 and out == ""
    assert "would take about" in err and "--force" in err and err.count("\n") == 1
    status, out, err = run(capsys, "count", "400")
    assert (status, out) == (2, "")
    assert "longer than the age of the universe" in err and err.count("\n") == 1


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc; empty elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_ctrl_c_stops_workers_and_exits_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "queens", "count", "19", "--force", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(2)
    workers = _children(process.pid)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=30) == 130
    time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read() == b""
    assert without_engine_warning(process.stderr.read()).strip().splitlines() == [
        "queens: interrupted"
    ]


def test_workers_exit_when_the_parent_is_killed() -> None:
    # Worker processes are the fallback's (the compiled kernel counts in
    # threads, which die with their process).
    process = subprocess.Popen(
        [sys.executable, "-m", "queens", "count", "19", "--force", "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "QUEENS_PURE_PYTHON": "1"},
    )
    time.sleep(2)
    workers = _children(process.pid)
    process.kill()  # before any assertion: no busy count is left behind
    process.wait(timeout=10)
    assert workers, "the count started no worker processes"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{p}").exists() for p in workers):
        time.sleep(0.1)
    alive = [p for p in workers if Path(f"/proc/{p}").exists()]
    for pid in alive:  # leave no busy orphan behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert not alive


def test_missing_kernel_warns_in_one_line() -> None:
    env = {**os.environ, "QUEENS_PURE_PYTHON": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "queens", "count", "6"], env=env, capture_output=True, text=True
    )
    assert (result.returncode, result.stdout) == (0, "4\n")
    assert result.stderr.splitlines() == [
        "queens: warning: the compiled kernel is not available; queens uses its slow "
        "pure-Python engine (forced by QUEENS_PURE_PYTHON)"
    ]
