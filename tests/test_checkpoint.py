"""Checkpoints: durable across kill -9, refused when from another run, merged exactly."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import known_counts, without_engine_warning
from queens import __version__
from queens.board import Board
from queens.counting.checkpoint import (
    FLUSH_SECONDS,
    Checkpoint,
    CheckpointError,
    Header,
    Incomplete,
    checksum,
    describe_indices,
    merge,
)
from queens.counting.shards import WHOLE, Shard
from queens.counting.split import count_subproblem, split
from queens.engines import Counts
from scale_helpers import busy_n, queens, rows, started, wait_until


def _header(n: int = 8, shard: Shard = WHOLE, version: str = __version__) -> Header:
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


def test_a_ctrl_c_as_the_flusher_starts_leaves_the_file_closable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C while the first record starts the flusher thread: closing then commits
    the record and closes the file (it used to join a thread never started, a
    RuntimeError: exit 1 instead of 130)."""
    import threading

    def interrupted(self: threading.Thread) -> None:
        raise KeyboardInterrupt

    path = tmp_path / "c.db"
    checkpoint = Checkpoint.open(str(path), _header())
    monkeypatch.setattr(threading.Thread, "start", interrupted)
    with pytest.raises(KeyboardInterrupt):
        checkpoint.record(5, Counts(1, 1))
    monkeypatch.undo()
    checkpoint.close()
    assert rows(path) == 1


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
        (_header(version="2.0"), f"written by queens {__version__}, this is queens 2.0"),
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
        check = checksum(header.split_key, 1, Counts(3, 1))
        connection.execute("INSERT INTO results VALUES (1, 3, 1, ?)", (check,))  # shard 2/2
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


def test_an_incomplete_merge_names_eight_missing_shards_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "s1.db")
    Checkpoint.open(path, _header(shard=Shard(0, 20))).close()
    with pytest.raises(Incomplete) as missing:
        merge([path])
    notes = str(missing.value).split("; ")[1]
    assert notes.startswith("shard 1/20 unfinished") and notes.endswith(
        "shard 8/20 absent, 12 more"
    )


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


# kill -9 in the slow step: the fast one keeps Ctrl-C, the same resume from a stopped run.
@pytest.mark.parametrize(
    "how",
    [
        pytest.param(signal.SIGKILL, marks=pytest.mark.slow),
        pytest.param(signal.SIGINT, marks=pytest.mark.slow),  # 20 s or more: CI's slow step
    ],
)
def test_killed_run_resumes_to_the_same_total(tmp_path: Path, how: signal.Signals) -> None:
    """kill -9 (or Ctrl-C) mid-run: the file is intact and the rerun finishes the count.

    The signal goes to the whole process group, workers too, as a batch
    system's kill or a terminal's Ctrl-C does.
    """
    n = busy_n()
    path = tmp_path / "run.db"
    # One worker: the run lasts its whole count's CPU time, so it is stopped mid-way.
    with started("count", str(n), "--checkpoint", str(path), "--workers", "1") as process:
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


# -- checksums and the reader's errors ---------------------------------------------------------


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE results SET total = total + 1 WHERE subproblem = 3",
        "UPDATE results SET uniq = uniq - 1 WHERE subproblem = 3",
        "UPDATE results SET subproblem = 4 WHERE subproblem = 3",
        "UPDATE results SET checksum = '0123456789abcdef' WHERE subproblem = 3",
        "UPDATE results SET total = 'seven' WHERE subproblem = 3",
    ],
)
def test_a_record_whose_checksum_fails_is_refused(tmp_path: Path, edit: str) -> None:
    path = tmp_path / "c.db"
    header = _header()
    with Checkpoint.open(str(path), header) as checkpoint:
        checkpoint.record(3, Counts(7, 1))
        checkpoint.record(6, Counts(2, 1))
    assert Checkpoint.read(str(path)).done() == {3: Counts(7, 1), 6: Counts(2, 1)}
    with sqlite3.connect(path) as connection:
        connection.execute(edit)
    with pytest.raises(CheckpointError, match=r"damaged: .*sub-problem [45] "):
        Checkpoint.open(str(path), header).done()


def test_checksums_name_the_split_the_index_and_both_counts() -> None:
    key = _header().split_key
    base = checksum(key, 3, Counts(7, 1))
    others = [
        checksum(key + "x", 3, Counts(7, 1)),
        checksum(key, 4, Counts(7, 1)),
        checksum(key, 3, Counts(8, 1)),
        checksum(key, 3, Counts(7, 2)),
    ]
    assert base not in others and len(set(others)) == 4


def test_the_issue_case_an_edited_record_is_noticed(tmp_path: Path) -> None:
    """One sub-problem's total + 1 in the file: count and merge refuse it (was 73713, exit 0)."""
    path = str(tmp_path / "n13.db")
    assert queens("count", "13", "--checkpoint", path).stdout == f"{known_counts()[13][0]}\n"
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE results SET total = total + 1 WHERE subproblem = 100")
    for argv in (["count", "13", "--checkpoint", path], ["merge", path]):
        result = queens(*argv)
        assert (result.returncode, result.stdout) == (2, "")
        stderr = without_engine_warning(result.stderr)
        assert "sub-problem 101" in stderr and "fails its checksum" in stderr
        assert stderr.count("\n") == 1


def test_files_of_the_old_format_are_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:  # a file as queens-checkpoint-1 wrote it
        connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        connection.execute(
            "CREATE TABLE results (subproblem INTEGER PRIMARY KEY, total INTEGER NOT NULL,"
            " uniq INTEGER NOT NULL)"
        )
        rows = [r for r in _header().as_rows() if r[0] not in ("format", "board")]
        connection.executemany(
            "INSERT INTO meta VALUES (?, ?)", [("format", "queens-checkpoint-1"), *rows]
        )
        connection.execute("INSERT INTO results VALUES (0, 4, 1)")
    for opening in (
        lambda: Checkpoint.read(str(path)),
        lambda: Checkpoint.open(str(path), _header()),
    ):
        with pytest.raises(CheckpointError, match=r"old format queens-checkpoint-1 .*count again"):
            opening()


_DOCUMENTED = (CheckpointError, Incomplete)
"""All that reading and merging checkpoints may raise."""


@pytest.mark.parametrize(
    ("key", "value"), [("subproblems", 2**62), ("shard_count", 2**62), ("shard_count", 10**6 + 1)]
)
def test_a_header_claiming_too_many_parts_is_refused_before_merging(
    tmp_path: Path, key: str, value: int
) -> None:
    """Merging sets up every claimed index (and names missing shards): a damaged header
    claiming 2**62 of them once grew pytest to the whole machine's memory."""
    path = tmp_path / "c.db"
    Checkpoint.open(str(path), _header()).close()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = ?", (str(value), key))
    with pytest.raises(CheckpointError, match="damaged: its header is inconsistent"):
        merge([str(path)])


def _read_all_ways(path: Path) -> None:
    """Open, read and merge ``path``: only the documented errors may come out."""
    for attempt in (
        lambda: Checkpoint.read(str(path)).done(),
        lambda: Checkpoint.open(str(path), _header()).done(),
        lambda: merge([str(path)]),
    ):
        with contextlib.suppress(*_DOCUMENTED):
            attempt()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4096))
def test_random_bytes_give_only_documented_errors(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.db"
        path.write_bytes(data)
        _read_all_ways(path)


_CELL = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    st.text(max_size=20),
    st.binary(max_size=20),
)


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    meta=st.dictionaries(st.sampled_from([k for k, _ in _header().as_rows()]), _CELL, max_size=8),
    results=st.lists(st.tuples(_CELL, _CELL, _CELL, _CELL), max_size=5),
    keep_header=st.booleans(),
)
def test_random_values_in_a_checkpoint_give_only_documented_errors(
    meta: dict[str, object], results: list[tuple[object, ...]], keep_header: bool
) -> None:
    """A file with the right tables and anything at all in them (text, numbers, blobs)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.db"
        Checkpoint.open(str(path), _header()).close()
        with sqlite3.connect(path) as connection:
            if not keep_header:
                connection.execute("DELETE FROM meta")
            inserts = [("INSERT OR REPLACE INTO meta VALUES (?, ?)", row) for row in meta.items()]
            inserts += [("INSERT INTO results VALUES (?, ?, ?, ?)", row) for row in results]
            for statement, row in inserts:
                # A NULL or a repeated index: SQLite itself refuses it.
                with contextlib.suppress(sqlite3.IntegrityError):
                    connection.execute(statement, row)
        _read_all_ways(path)


@pytest.fixture(scope="module")
def whole_count(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A complete checkpoint of N = 8, as bytes."""
    path = tmp_path_factory.mktemp("whole") / "c.db"
    parts = split(Board.empty(8))
    header = Header(parts.key, len(parts.subproblems))
    with Checkpoint.open(str(path), header) as checkpoint:
        for sp in parts.subproblems:
            checkpoint.record(sp.index, count_subproblem(sp))
    return path.read_bytes()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    flips=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(-12, 15), st.integers(1, 255)),
        min_size=1,
        max_size=3,
    )
)
def test_damaged_bytes_never_give_a_wrong_total(
    whole_count: bytes, flips: list[tuple[int, int, int]]
) -> None:
    """Bytes of a complete file changed in its records (near a checksum, so in the
    counts, the index or the checksum itself): the right total, or a documented error."""
    data = bytearray(whole_count)
    records = [m.start() for m in re.finditer(rb"[0-9a-f]{16}", whole_count)]
    for which, delta, xor in flips:
        data[(records[which % len(records)] + delta) % len(data)] ^= xor
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.db"
        path.write_bytes(bytes(data))
        try:
            merged = merge([str(path)])
        except _DOCUMENTED:
            return
        assert merged.counts == Counts(*known_counts()[8])
