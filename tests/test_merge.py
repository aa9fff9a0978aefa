"""queens merge: shards counted by separate processes add up to the whole count."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import known_counts
from scale_helpers import queens


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
    cut = tmp_path / "cut.db"
    cut.write_bytes(Path(shards[1]).read_bytes())
    with sqlite3.connect(cut) as connection:
        connection.execute("DELETE FROM results WHERE subproblem = 4")
    result = queens("merge", shards[0], str(cut), shards[2])
    assert result.returncode == 1
    assert "sub-problems 5)" in result.stderr and "shard 2/3 unfinished (1 left)" in result.stderr


def test_disagreeing_files_refuse(shards: list[str], tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.db"
    wrong.write_bytes(Path(shards[0]).read_bytes())
    with sqlite3.connect(wrong) as connection:
        connection.execute("UPDATE results SET total = total + 1 WHERE subproblem = 3")
    result = queens("merge", *shards, str(wrong))
    assert result.returncode == 2
    assert "disagree on sub-problem 4" in result.stderr


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
    ],
)
def test_bad_input(argv: list[str], message: str, tmp_path: Path) -> None:
    result = queens(*argv)
    assert result.returncode == 2 and message in result.stderr
    assert result.stderr.startswith("queens: error: ") and result.stderr.count("\n") == 1
