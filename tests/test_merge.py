"""queens merge: shards counted by separate processes add up to the whole count."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import known_counts, without_engine_warning
from queens import __version__
from scale_helpers import edit_record, queens


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Shards 1/3, 2/3, 3/3 of N = 10, each counted by its own process."""
    folder = tmp_path_factory.mktemp("shards")
    paths = []
    for i in (1, 2, 3):
        path = str(folder / f"shard-{i}.db")
        result = queens("count", "10", "--shard", f"{i}/3", "--checkpoint", path, "--json")
        assert result.returncode == 0, result.stderr
        record = json.loads(result.stdout)
        assert record["shard_index"] == i - 1 and record["shards"] == 3
        paths.append(path)
    return paths


def _edited(source: str, folder: Path, *statements: str) -> Path:
    """A copy of the checkpoint ``source`` with SQL ``statements`` run on it."""
    copy = folder / f"edited-{Path(source).name}"
    copy.write_bytes(Path(source).read_bytes())
    with sqlite3.connect(copy) as connection:
        for statement in statements:
            connection.execute(statement)
    return copy


def test_three_shards_merge_to_the_total(shards: list[str]) -> None:
    result = queens("merge", *shards)
    assert (result.returncode, result.stdout, result.stderr) == (0, "724\n", "")
    record = json.loads(queens("merge", "--json", *reversed(shards)).stdout)
    assert (record["total"], record["unique"]) == known_counts()[10]
    assert record["files"] == 3
    assert queens("merge", "--unique", *shards).stdout == "92\n"


def test_shard_totals_add_up(shards: list[str]) -> None:
    parts = [
        int(queens("count", "10", "--shard", f"{i}/3", "--checkpoint", p).stdout)
        for i, p in enumerate(shards, 1)
    ]  # resumed: every sub-problem is done
    assert sum(parts) == 724 and all(parts)


def test_two_of_three_refuse(shards: list[str]) -> None:
    result = queens("merge", shards[0], shards[2])
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("queens: incomplete: ")
    assert "shard 2/3 absent" in result.stderr and "Traceback" not in result.stderr


def test_an_unfinished_shard_is_named(shards: list[str], tmp_path: Path) -> None:
    cut = _edited(shards[1], tmp_path, "DELETE FROM results WHERE subproblem = 4")
    result = queens("merge", shards[0], str(cut), shards[2])
    assert result.returncode == 1
    assert "sub-problems 5)" in result.stderr and "shard 2/3 unfinished (1 left)" in result.stderr


@pytest.mark.parametrize(("total", "unique"), [(1, 0), (1, 1)])
def test_disagreeing_files_refuse(
    shards: list[str], tmp_path: Path, total: int, unique: int
) -> None:
    """Two files with the same sub-problem: a difference in either count is caught
    (an impossible one, fundamental over total, is refused before: see test_bounds)."""
    wrong = _edited(shards[0], tmp_path)
    edit_record(wrong, 3, total, unique)
    result = queens("merge", *shards, str(wrong))
    assert result.returncode == 2 and result.stdout == ""
    assert "disagree on sub-problem 4" in result.stderr


def test_files_of_different_versions_refuse(shards: list[str], tmp_path: Path) -> None:
    older = _edited(
        shards[1], tmp_path, "UPDATE meta SET value = '0.0.9' WHERE key = 'package_version'"
    )
    result = queens("merge", shards[0], str(older), shards[2])
    assert result.returncode == 2 and result.stdout == ""
    assert f"written by queens 0.0.9, this is queens {__version__}" in result.stderr


def test_an_edited_record_is_refused_by_its_checksum(shards: list[str], tmp_path: Path) -> None:
    """The issue's case: one sub-problem's total + 1 by hand; the file is refused."""
    edited = _edited(
        shards[2], tmp_path, "UPDATE results SET total = total + 1 WHERE subproblem = 5"
    )
    result = queens("merge", shards[0], shards[1], str(edited))
    assert result.returncode == 2 and result.stdout == ""
    assert "the record of sub-problem 6" in result.stderr and "fails its checksum" in result.stderr
    again = queens("count", "10", "--shard", "3/3", "--checkpoint", str(edited))
    assert again.returncode == 2 and "fails its checksum" in again.stderr


def test_verify_recounts_at_least_one_per_shard(shards: list[str]) -> None:
    result = queens("merge", "--json", "--verify", "0.000001", *shards)
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["verified"] == 3 and record["total"] == known_counts()[10][0]
    everything = json.loads(queens("merge", "--json", "--verify", "1", *shards).stdout)
    assert everything["verified"] == everything["subproblems"]


@pytest.mark.parametrize(("total", "unique"), [(1, 0), (2, 1)])
def test_verify_catches_a_wrong_count_with_a_right_checksum(
    shards: list[str], tmp_path: Path, total: int, unique: int
) -> None:
    wrong = _edited(shards[1], tmp_path)
    edit_record(wrong, 4, total, unique)  # sub-problem 5, in shard 2/3
    unverified = queens("merge", shards[0], str(wrong), shards[2])
    assert unverified.returncode == 0  # nothing else can tell
    result = queens("merge", "--verify", "1", shards[0], str(wrong), shards[2])
    assert result.returncode == 2 and result.stdout == ""
    stderr = without_engine_warning(result.stderr)
    assert stderr.count("\n") == 1 and "verification failed: sub-problem 5" in stderr
    assert str(wrong) in stderr


def test_old_format_files_are_refused(shards: list[str], tmp_path: Path) -> None:
    old = _edited(
        shards[0], tmp_path, "UPDATE meta SET value = 'queens-checkpoint-1' WHERE key = 'format'"
    )
    result = queens("merge", str(old), shards[1], shards[2])
    assert result.returncode == 2
    assert "old format queens-checkpoint-1 (records without checksums)" in result.stderr


@pytest.mark.parametrize("found", ["queens-checkpoint-3", "sqlite-notes-1"])
def test_files_of_an_unknown_or_newer_format_are_refused(
    shards: list[str], tmp_path: Path, found: str
) -> None:
    """A file whose format field names another layout (a newer queens's, or none of
    ours) is refused by merge and by resume, in one line: its records cannot be trusted
    to mean what this queens reads (a check that the field is merely present is not
    enough)."""
    other = _edited(shards[0], tmp_path, f"UPDATE meta SET value = '{found}' WHERE key = 'format'")
    merged = queens("merge", str(other), shards[1], shards[2])
    resumed = queens("count", "10", "--shard", "1/3", "--checkpoint", str(other))
    for result in (merged, resumed):
        assert (result.returncode, result.stdout) == (2, ""), result.stderr
        stderr = without_engine_warning(result.stderr)
        assert stderr.startswith("queens: error: ") and stderr.count("\n") == 1
        assert f"{str(other)!r} is not a queens checkpoint of format queens-checkpoint-2" in stderr


def test_files_of_different_runs_refuse(shards: list[str], tmp_path: Path) -> None:
    other = str(tmp_path / "other.db")
    assert queens("count", "9", "--shard", "2/3", "--checkpoint", other).returncode == 0
    result = queens("merge", shards[0], other, shards[2])
    assert result.returncode == 2 and "belong to different counts" in result.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["merge"], "the following arguments are required"),
        (["merge", "missing.db"], "checkpoint 'missing.db' does not exist"),
        (["merge", "--verify", "0", "x.db"], "--verify must be a fraction above 0"),
        (["merge", "--verify", "nan", "x.db"], "--verify must be a fraction above 0"),
        (["merge", "--verify", "1.5", "x.db"], "--verify must be a fraction above 0"),
    ],
)
def test_bad_input(argv: list[str], message: str, tmp_path: Path) -> None:
    result = queens(*argv)
    assert result.returncode == 2 and message in result.stderr
    assert result.stderr.startswith("queens: error: ") and result.stderr.count("\n") == 1


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_shards_of_a_shaped_count_merge_and_verify(tmp_path: Path) -> None:
    # 4 queens on 7 x 6, in two shards: merged, recounted from the header's board and
    # queen count, and the total is the whole count's.
    whole = queens("count", "7x6", "--queens", "4", "--json")
    assert whole.returncode == 0, whole.stderr
    expected = json.loads(whole.stdout)
    paths = []
    for i in (1, 2):
        path = str(tmp_path / f"part-{i}.db")
        result = queens("count", "7x6", "--queens", "4", "--shard", f"{i}/2", "--checkpoint", path)
        assert result.returncode == 0, result.stderr
        paths.append(path)
    result = queens("merge", "--json", "--verify", "0.1", *paths)
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert (record["total"], record["unique"]) == (expected["total"], expected["unique"])
    assert record["verified"] >= 2
    other = str(tmp_path / "other.db")
    assert (
        queens("count", "7x6", "--queens", "3", "--shard", "1/2", "--checkpoint", other).returncode
        == 0
    )
    refused = queens("merge", paths[0], other)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
