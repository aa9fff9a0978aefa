"""Checkpoints: durable across kill -9, refused when from another run, merged exactly."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from conftest import known_counts, without_engine_warning
from queens.board import Board
from queens.counting.checkpoint import (
    FLUSH_SECONDS,
    Checkpoint,
    CheckpointError,
    Header,
    Incomplete,
    describe_indices,
    merge,
)
from queens.counting.shards import WHOLE, Shard
from queens.counting.split import count_subproblem, split
from queens.engines import Counts
from scale_helpers import busy_n, queens, rows, start, wait_until


def _header(n: int = 8, shard: Shard = WHOLE, version: str = "1.0") -> Header:
    parts = split(Board.empty(n))
    return Header(parts.key, len(parts.subproblems), shard, version)


def test_records_survive_reopening(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    header = _header()
    with Checkpoint.open(path, header) as checkpoint:
        assert checkpoint.done() == {}
        checkpoint.record(3, Counts(5, 1))
        checkpoint.record(0, Counts(2, 0))
    with Checkpoint.open(path, header) as checkpoint:
        assert checkpoint.done() == {0: Counts(2, 0), 3: Counts(5, 1)}
    assert Checkpoint.read(path).header == header


def test_records_reach_the_disk_while_open(tmp_path: Path) -> None:
    """Group commit: a record is committed within FLUSH_SECONDS even if nothing follows."""
    path = tmp_path / "c.db"
    checkpoint = Checkpoint.open(str(path), _header())
    try:
        checkpoint.record(5, Counts(1, 1))
        deadline = time.monotonic() + 10 * FLUSH_SECONDS
        while rows(path) == 0:
            assert time.monotonic() < deadline, "never committed"
            time.sleep(0.05)
        checkpoint.record(6, Counts(2, 1))  # waits for the next commit ...
    finally:
        checkpoint.close()  # ... which closing makes
    assert rows(path) == 2


def test_counts_beyond_32_bits_round_trip(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    big = Counts(2**62 + 7, 2**61 + 3)
    with Checkpoint.open(path, _header()) as checkpoint:
        checkpoint.record(1, big)
    assert Checkpoint.read(path).done() == {1: big}


@pytest.mark.parametrize(
    ("other", "message"),
    [
        (_header(n=9), "belongs to another count"),
        (_header(version="2.0"), "written by queens 1.0, this is queens 2.0"),
        (_header(shard=Shard(1, 3)), "holds a whole count, not shard 2/3"),
    ],
)
def test_other_runs_are_refused(tmp_path: Path, other: Header, message: str) -> None:
    path = str(tmp_path / "c.db")
    Checkpoint.open(path, _header()).close()
    with pytest.raises(CheckpointError, match=message):
        Checkpoint.open(path, other)


def test_a_board_with_other_constraints_is_another_run(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    plain = split(Board.empty(8))
    blocked = split(Board.build(8, reserved=[(0, 0)]))
    Checkpoint.open(path, Header(plain.key, len(plain.subproblems))).close()
    with pytest.raises(CheckpointError, match="another count"):
        Checkpoint.open(path, Header(blocked.key, len(blocked.subproblems)))


def test_other_files_are_refused_and_left_alone(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    before = text.read_bytes()
    with pytest.raises(CheckpointError, match="not a queens checkpoint"):
        Checkpoint.open(str(text), _header())
    assert text.read_bytes() == before
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE t (x)")
    with pytest.raises(CheckpointError, match="not a queens checkpoint"):
        Checkpoint.open(str(other), _header())


def test_damaged_records_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    header = _header(shard=Shard(0, 2))
    Checkpoint.open(str(path), header).close()
    with sqlite3.connect(path) as connection:
        connection.execute("INSERT INTO results VALUES (1, 3, 1)")  # belongs to shard 2/2
    with pytest.raises(CheckpointError, match=r"damaged.*sub-problem 1"):
        Checkpoint.open(str(path), header).done()


def test_merge_adds_shards_and_names_what_is_missing(tmp_path: Path) -> None:
    parts = split(Board.empty(8))
    results = {sp.index: count_subproblem(sp) for sp in parts.subproblems}
    paths = []
    for i in range(3):
        shard = Shard(i, 3)
        path = str(tmp_path / f"s{i}.db")
        with Checkpoint.open(path, Header(parts.key, len(results), shard)) as checkpoint:
            for index in shard.indices(len(results)):
                checkpoint.record(index, results[index])
        paths.append(path)
    merged = merge(paths)
    assert merged.counts == Counts(*known_counts()[8])
    assert merged.subproblems == len(results) and merged.files == 3
    with pytest.raises(Incomplete, match="shard 2/3 absent") as missing:
        merge([paths[0], paths[2]])
    assert missing.value.missing == tuple(Shard(1, 3).indices(len(results)))


def test_merge_refuses_disagreeing_files(tmp_path: Path) -> None:
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    for path, counts in ((a, Counts(4, 1)), (b, Counts(5, 1))):
        with Checkpoint.open(path, _header()) as checkpoint:
            checkpoint.record(2, counts)
    with pytest.raises(CheckpointError, match="disagree on sub-problem 3"):
        merge([a, b])


def test_describe_indices() -> None:
    assert describe_indices([0, 1, 2, 5, 7, 8]) == "1-3, 6, 8-9"
    assert describe_indices(range(0, 40, 2), limit=3) == "1, 3, 5, ..."


def _check_intact(path: Path, n: int) -> dict[int, Counts]:
    """The checkpoint passes SQLite's own check, and its records are right."""
    with sqlite3.connect(path) as connection:  # rolls back a hot journal, if any
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    done = Checkpoint.read(str(path)).done()
    parts = {sp.index: sp for sp in split(Board.empty(n)).subproblems}
    for index in random.Random(n).sample(sorted(done), min(4, len(done))):
        assert done[index] == count_subproblem(parts[index])
    return done


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT])
def test_killed_run_resumes_to_the_same_total(tmp_path: Path, how: signal.Signals) -> None:
    """kill -9 (or Ctrl-C) mid-run: the file is intact and the rerun finishes the count.

    The signal goes to the whole process group, workers too, as a batch
    system's kill or a terminal's Ctrl-C does.
    """
    n = busy_n()
    path = tmp_path / "run.db"
    process = start("count", str(n), "--checkpoint", str(path))
    wait_until(lambda: rows(path) > 0, process)
    os.killpg(process.pid, how)
    _, err = process.communicate(timeout=60)
    if how == signal.SIGINT:
        assert process.returncode == 130 and without_engine_warning(err) == "queens: interrupted\n"
    else:
        assert process.returncode == -signal.SIGKILL
    done = _check_intact(path, n)
    subproblems = len(split(Board.empty(n)).subproblems)
    assert 0 < len(done) < subproblems, "the run was not stopped mid-way"

    resumed = queens("count", str(n), "--checkpoint", str(path), "--json")
    assert resumed.returncode == 0, resumed.stderr
    record = json.loads(resumed.stdout)
    total, unique = known_counts()[n]
    assert (record["total"], record["unique"]) == (total, unique)
    assert record["provenance"] == "resumed" and record["resumed"] == len(done)
    assert record["subproblems"] == subproblems
    assert rows(path) == subproblems


def test_cli_refuses_another_runs_checkpoint(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    assert queens("count", "7", "--checkpoint", path).stdout == "40\n"
    other = queens("count", "8", "--checkpoint", path)
    assert other.returncode == 2 and other.stdout == ""
    err = without_engine_warning(other.stderr)
    assert err.startswith("queens: error: checkpoint") and "another count" in err
    assert "Traceback" not in other.stderr
