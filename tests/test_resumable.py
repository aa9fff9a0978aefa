"""Plan: resumable, sharded counts through the library, on any executor."""

from __future__ import annotations

import concurrent.futures as cf
from pathlib import Path

import pytest

from conftest import known_counts
from queens.board import Board
from queens.counting.checkpoint import Checkpoint, CheckpointError
from queens.counting.resumable import Plan
from queens.counting.shards import Shard
from queens.counting.split import count_subproblem
from queens.engines import Counts

N = 9


def test_fresh_then_resumed(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    seen: list[int] = []
    with Plan(Board.empty(N), checkpoint=path) as plan:
        assert plan.resumed == 0
        outcome = plan.run(workers=1, on_result=lambda index, _: seen.append(index))
    assert outcome.counts == Counts(*known_counts()[N]) and outcome.resumed == 0
    assert sorted(seen) == list(range(outcome.subproblems))
    with Plan(Board.empty(N), checkpoint=path) as plan:
        again = plan.run(workers=1, on_result=lambda index, _: seen.append(index))
    assert again.counts == outcome.counts and again.resumed == outcome.subproblems
    assert len(seen) == outcome.subproblems  # nothing was counted twice


def test_a_partial_checkpoint_is_trusted_not_recounted(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    with Plan(Board.empty(N), checkpoint=path) as plan:
        assert plan.checkpoint is not None
        plan.checkpoint.record(0, Counts(1000, 0))  # as if an earlier run had found this
        real = count_subproblem(next(sp for sp in plan.subproblems if sp.index == 0))
    with Plan(Board.empty(N), checkpoint=path) as plan:
        outcome = plan.run(workers=2)
    assert outcome.counts.total == known_counts()[N][0] - real.total + 1000
    assert outcome.resumed == 1


def test_shards_on_a_thread_pool_add_up(tmp_path: Path) -> None:
    total = Counts(0, 0)
    with cf.ThreadPoolExecutor(2) as pool:
        for i in range(3):
            with Plan(Board.empty(N), checkpoint=str(tmp_path / f"{i}.db"), shard=Shard(i, 3)) as p:
                outcome = p.run(executor=pool)
            assert outcome.shard == Shard(i, 3)
            total += outcome.counts
    assert total == Counts(*known_counts()[N])


def test_constrained_boards_resume_too(tmp_path: Path) -> None:
    board = Board.build(8, reserved=[(0, 0), (3, 4)])
    path = str(tmp_path / "c.db")
    with Plan(board) as plain:
        expected = plain.run(workers=1).counts
    with Plan(board, checkpoint=path) as plan:
        assert plan.run(workers=2).counts == expected
    assert len(Checkpoint.read(path).done()) == len(plan.subproblems)


def test_another_board_is_refused_before_any_work(tmp_path: Path) -> None:
    path = str(tmp_path / "c.db")
    with Plan(Board.empty(7), checkpoint=path) as plan:
        plan.run(workers=1)
    with pytest.raises(CheckpointError):
        Plan(Board.empty(8), checkpoint=path)
