"""queens count --json, --checkpoint, --shard, --scheduler: the command-line side."""

from __future__ import annotations

import concurrent.futures as cf
import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from conftest import known_counts
from queens.cli import main
from queens.counting.cluster import Cluster
from scale_helpers import edit_record, need_dask


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_json_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    status, out, err = run(capsys, "count", "8", "--json", "--checkpoint", path)
    record = json.loads(out)
    assert status == 0 and err == ""
    assert (record["total"], record["unique"]) == known_counts()[8]
    assert record["provenance"] == "fresh" and record["resumed"] == 0
    assert record["subproblems"] > 1 and record["elapsed"] >= 0
    assert "shard_index" not in record
    again = json.loads(run(capsys, "count", "8", "--json", "--checkpoint", path)[1])
    assert again["provenance"] == "resumed" and again["resumed"] == record["subproblems"]
    assert again["total"] == record["total"]


def test_plain_output_with_checkpoint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    assert run(capsys, "count", "8", "--checkpoint", path) == (0, "92\n", "")
    assert run(capsys, "count", "8", "--unique", "--checkpoint", path) == (0, "12\n", "")


def test_shard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    totals = []
    for i in (1, 2):
        path = str(tmp_path / f"{i}.db")
        _, out, _ = run(capsys, "count", "8", "--shard", f"{i}/2", "--checkpoint", path)
        totals.append(int(out))
    assert sum(totals) == 92


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--shard", "1/2"], "--shard needs --checkpoint"),
        (["--shard", "0/2", "--checkpoint", "x.db"], "I/K with I between 1 and K"),
        (["--shard", "3/2", "--checkpoint", "x.db"], "I/K with I between 1 and K"),
        (["--shard", "1/1000001", "--checkpoint", "x.db"], "I/K with K at most 1,000,000"),
        (["--shard", "1-2", "--checkpoint", "x.db"], "--shard must look like I/K"),
        (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
        (["--scheduler", "127.0.0.1"], "bad Dask scheduler address '127.0.0.1': missing port"),
        (["--scheduler", "http://127.0.0.1:1"], "unknown address scheme 'http'"),
        (["--verify", "0", "--checkpoint", "x.db"], "--verify must be a fraction above 0"),
        (["--verify", "-0.5", "--checkpoint", "x.db"], "--verify must be a fraction above 0"),
        (["--verify", "1%", "--checkpoint", "x.db"], "--verify must be a fraction above 0"),
        (["--verify", "inf", "--checkpoint", "x.db"], "--verify must be a fraction above 0"),
    ],
)
def test_usage_errors(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    if "--scheduler" in argv:
        need_dask()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("queens.counting.cluster.CONNECT_TIMEOUT", 2)
    status, out, err = run(capsys, "count", "8", *argv)
    assert status == 2 and out == ""
    assert err.startswith("queens: error: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "x.db").exists()


def test_scheduler_without_dask(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if absent
    status, _, err = run(capsys, "count", "8", "--scheduler", "tcp://127.0.0.1:1")
    assert status == 2 and "pip install 'queens-toolkit[dask]'" in err


def test_a_bad_scheduler_address_ends_the_process() -> None:
    """A real process: no Dask thread left behind keeps it alive after the error."""
    need_dask()
    result = subprocess.run(
        [sys.executable, "-m", "queens", "count", "8", "--scheduler", "nohost"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "bad Dask scheduler address" in result.stderr


class _LostCluster(cf.Executor):
    """Stands in for a Dask cluster whose scheduler went away: every task is cancelled."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        future.cancel()
        future.set_running_or_notify_cancel()  # what an executor does with a cancelled task
        return future


def test_a_lost_cluster_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    @contextmanager
    def lost(address: str, quiet: bool) -> Iterator[Cluster]:
        yield Cluster(_LostCluster(), 2)

    monkeypatch.setattr("queens.counting.cluster.dask_executor", lost)  # imported when used
    path = str(tmp_path / "c.db")
    status, out, err = run(capsys, "count", "9", "--scheduler", "tcp://x:1", "--checkpoint", path)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "Dask cluster at tcp://x:1 failed: its tasks were cancelled" in err
    assert "rerun to resume" in err
    assert run(capsys, "count", "9", "--checkpoint", path)[1] == "352\n"


def test_verify_recounts_a_sample(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    status, out, err = run(capsys, "count", "10", "--checkpoint", path, "--verify", "0.1", "--json")
    record = json.loads(out)
    assert status == 0 and err == ""
    assert record["verified"] == -(-record["subproblems"] // 10)  # rounded up
    assert (record["total"], record["unique"]) == known_counts()[10]
    # At least one, however small the fraction; without a checkpoint, this run's results.
    status, out, _ = run(capsys, "count", "10", "--verify", "1e-9", "--json")
    assert status == 0 and json.loads(out)["verified"] == 1


def test_verify_names_the_first_wrong_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A wrong count stored with its right checksum (a faulty worker): the recount tells."""
    path = tmp_path / "c.db"
    assert run(capsys, "count", "10", "--checkpoint", str(path))[0] == 0
    edit_record(path, 7, total=1, unique=1)
    edit_record(path, 2, total=2)  # plausible: only a recount tells
    with sqlite3.connect(path) as connection:  # the rest is counted again by this run
        connection.execute("DELETE FROM results WHERE subproblem NOT IN (2, 7)")
    status, out, err = run(capsys, "count", "10", "--checkpoint", str(path))
    assert status == 0 and out != f"{known_counts()[10][0]}\n"  # nothing else notices
    status, out, err = run(capsys, "count", "10", "--checkpoint", str(path), "--verify", "1")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "verification failed: sub-problem 3 is recorded in" in err and "(and 1 more)" in err
