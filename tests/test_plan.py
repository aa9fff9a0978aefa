"""queens.counting.plan: the costed plan of a long count, measured on a small calibration."""

from __future__ import annotations

import os

import pytest

from queens.board import Board
from queens.counting import plan
from queens.counting.split import split
from queens.engines.counting import kernel

needs_kernel = pytest.mark.skipif(
    not kernel.compiled() and os.environ.get("CI") != "true",
    reason="the plan times the compiled kernel, which is not built",
)


@pytest.fixture
def small_calibration(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every sub-problem of N = 10: milliseconds, whatever the search.
    monkeypatch.setattr(plan, "CALIBRATION_N", 10)
    monkeypatch.setattr(plan, "CALIBRATION_STEP", 1)


@needs_kernel
def test_a_plan_of_the_calibration_board_is_its_own_measurement(small_calibration: None) -> None:
    # Same board, same probes: the trees' ratio is 1, so each search's cost
    # is the calibration count's time itself.
    costed = plan.make_plan(10)
    assert costed.calibration_nodes == costed.tree_nodes
    assert costed.calibration_sampled == costed.calibration_subproblems
    for engine in costed.engines:
        assert engine.core_seconds == pytest.approx(engine.calibration_seconds)
        assert engine.core_seconds > 0


@needs_kernel
def test_bigger_boards_cost_more_by_the_ratio_of_trees(small_calibration: None) -> None:
    costed = plan.make_plan(14)
    growth = costed.tree_nodes / costed.calibration_nodes
    assert growth > 50  # the 14 x 14 tree is hundreds of times the 10 x 10 one
    for engine in costed.engines:
        assert engine.core_seconds == pytest.approx(engine.calibration_seconds * growth)
    assert costed.subproblems == len(split(Board.empty(14)).subproblems)


@needs_kernel
def test_every_search_is_listed_and_those_this_cpu_runs_are_measured(
    small_calibration: None,
) -> None:
    from queens.engines import _kernel

    before = _kernel.simd()
    costed = plan.make_plan(10)
    assert _kernel.simd() == before  # the search in use is put back
    assert [e.engine for e in costed.engines] == ["avx512", "avx2", "generic", ""]
    runs_here = {"", before}  # the best the CPU has is the default (unless QUEENS_SIMD)
    if before == "avx512":
        runs_here.add("avx2")
    if _kernel.VECTOR_SEARCH and before:
        # the portable search runs wherever a vector search does (on x86-64, SSSE3 ones)
        runs_here.add("generic")
    for engine in costed.engines:
        if engine.engine in runs_here:
            assert engine.measured
    plain = costed.engines[-1]
    assert plain.measured and plain.name == "plain loop"


def test_searches_not_run_here_are_scaled_from_the_fastest_measured() -> None:
    costs = plan._engine_costs({"avx2": 2.0, "": 7.0}, scale=10.0, growth=3.0)
    by_kind = {c.engine: c for c in costs}
    assert not by_kind["avx512"].measured
    assert by_kind["avx512"].calibration_seconds == pytest.approx(
        2.0 * plan.RELATIVE_COST["avx512"] * 10.0
    )
    assert by_kind["avx2"].measured and by_kind["avx2"].core_seconds == pytest.approx(60.0)
    assert by_kind[""].core_seconds == pytest.approx(210.0)
    assert by_kind["avx2"].core_hours == pytest.approx(60.0 / 3600)


def test_only_the_plain_loop_measured_scales_the_vector_searches_from_it() -> None:
    costs = plan._engine_costs({"": 38.0}, scale=1.0, growth=1.0)
    by_kind = {c.engine: c for c in costs}
    assert by_kind["avx2"].core_seconds == pytest.approx(38.0 / plan.RELATIVE_COST[""])


# Whole counts on the same two AVX2 cores, recorded in docs/how-it-works/counting-engine.md:
# N = 20 in 709.99 core-seconds, N = 21 in 5,885.10: the measured per-N ratio, 8.29.
MEASURED_CORE_SECONDS = {20: 709.99, 21: 5885.10}


@needs_kernel
@pytest.mark.slow
def test_the_plans_of_22_and_23_grow_by_the_measured_ratio(small_calibration: None) -> None:
    # A plan carries the calibration's time to N by the ratio of Knuth's trees (seeded, so
    # the same every run): from 20 to 21 that ratio must be the measured one (within the
    # estimate's few per cent), and from 21 to 22 and 22 to 23 it must keep growing slowly
    # from there, as every measured step did (7.6 from 18 to 19, 8.29 from 20 to 21): not
    # less than the last measured step, and not a jump.
    measured = MEASURED_CORE_SECONDS[21] / MEASURED_CORE_SECONDS[20]
    trees = {n: plan._tree(n)[0] for n in (20, 21)}
    assert trees[21] / trees[20] == pytest.approx(measured, rel=0.06)
    growth = {}
    for n in (22, 23):
        costed = plan.make_plan(n)
        trees[n] = costed.tree_nodes
        for engine in costed.engines:  # each search's core time: its calibration times the trees
            assert engine.core_seconds == pytest.approx(
                engine.calibration_seconds * costed.tree_nodes / costed.calibration_nodes
            )
        growth[n] = trees[n] / trees[n - 1]
    assert measured <= growth[22] <= growth[23] <= measured * 1.15
    # and so N = 21's measured count, carried on: about 9 times a step
    assert 8.0 * 8.0 < trees[23] / trees[21] < 10.0 * 10.0


def test_a_cluster_divides_the_core_time() -> None:
    engine = plan.EngineCost("avx2", 7200.0, True, 1.0)
    costed = plan.CostedPlan(
        n=20, subproblems=10, split_version="v", checkpoint_bytes=1, tree_nodes=1.0,
        tree_spread=0.0, calibration_nodes=1.0, calibration_n=18, calibration_sampled=1,
        calibration_subproblems=1, engines=(engine,), cores=2,
    )  # fmt: skip
    assert costed.cluster_seconds(engine, 1, 2) == 3600.0
    assert costed.cluster_seconds(engine, 10, 8) == 90.0


def test_the_checkpoint_size_is_that_of_a_real_file() -> None:
    small = plan.checkpoint_bytes(20, 100, 10**6)
    many = plan.checkpoint_bytes(20, 20_000, 10**6)
    bigger_numbers = plan.checkpoint_bytes(20, 20_000, 10**15)
    assert many > 20_000 * 8 > small  # each record takes room
    assert bigger_numbers > many  # records of bigger counts take more


@pytest.mark.parametrize("n", [3, 33])
def test_sizes_outside_the_model_are_refused(n: int) -> None:
    with pytest.raises(ValueError, match="4 to 32"):
        plan.make_plan(n)
