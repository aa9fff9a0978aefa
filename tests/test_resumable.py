"""Plan: resumable, sharded counts through the library, on any executor."""

from __future__ import annotations

import concurrent.futures as cf
import random
from pathlib import Path
from typing import Any

import pytest

from conftest import known_counts
from queens.board import Board
from queens.counting import verify
from queens.counting.checkpoint import Checkpoint, CheckpointError
from queens.counting.resumable import Plan
from queens.counting.shards import Shard
from queens.counting.split import count_subproblem
from queens.counting.verify import Disagreement
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


class _Faulty(cf.ThreadPoolExecutor):
    """An executor whose workers get one sub-problem wrong (its total one too high)."""

    def __init__(self, wrong: int) -> None:
        super().__init__(2)
        self.wrong = wrong

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        def faulty(*a: Any, **k: Any) -> list[tuple[int, int, int]]:
            return [(i, t + (i == self.wrong), u) for i, t, u in fn(*a, **k)]

        return super().submit(faulty, *args, **kwargs)


@pytest.mark.parametrize("checkpoint", [True, False])
def test_verify_catches_a_faulty_executor(tmp_path: Path, checkpoint: bool) -> None:
    path = str(tmp_path / "c.db") if checkpoint else None
    with _Faulty(wrong=11) as pool, Plan(Board.empty(N), checkpoint=path) as plan:
        outcome = plan.run(executor=pool)
        assert outcome.counts.total == known_counts()[N][0] + 1  # wrong, and nothing noticed
        with pytest.raises(Disagreement, match="sub-problem 12 is recorded in") as caught:
            plan.verify(1.0)
        assert ("c.db" in str(caught.value)) == checkpoint
        # A sample of one finds it when it is the one drawn, and only then.
        draws = {
            seed: verify.sample(sorted(plan.results), 1e-9, random.Random(seed))
            for seed in range(5000)
        }
        unlucky = next(seed for seed, drawn in draws.items() if drawn == [11])
        lucky = next(seed for seed, drawn in draws.items() if drawn != [11])
        with pytest.raises(Disagreement):
            plan.verify(1e-9, rng=random.Random(unlucky))
        assert plan.verify(1e-9, rng=random.Random(lucky)) == 1


def test_verify_passes_a_right_count(tmp_path: Path) -> None:
    with Plan(Board.build(8, reserved=[(1, 2)]), checkpoint=str(tmp_path / "c.db")) as plan:
        plan.run(workers=1)
        assert plan.verify(0.5, rng=random.Random(1)) == -(-len(plan.subproblems) // 2)
        assert plan.verify(1.0) == len(plan.subproblems)


def test_a_plan_takes_a_size_like_the_rest_of_the_api() -> None:
    with Plan(N) as plan:
        assert plan.split.board == Board.empty(N)
        assert plan.run(workers=1).counts == Counts(*known_counts()[N])
    with pytest.raises(TypeError, match="a Board or a board size"):
        Plan("9")  # type: ignore[arg-type]


def test_a_plan_refuses_a_count_of_years_as_the_command_does() -> None:
    # Class E of issue 26: Plan(100).run() started counting.
    from queens.counting import estimate

    with pytest.raises(estimate.CountTooLong, match="force=True"):
        Plan(30)
    with pytest.raises(ValueError, match="limited to boards"):
        Plan(estimate.COUNT_MAX_N + 1, force=True)
    with Plan(8, force=True) as small:
        assert small.run(workers=1).counts.total == 92
