"""The vector search's counters (benchmarks/kernel_stats.c, the kernel built with -DQUEENS_STATS).

The counters are how the search is measured (docs/how-it-works/counting-engine.md, "Where
the time goes"): this builds the harness the way its comment says and checks that it counts
right and that its numbers hang together.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from conftest import known_counts

# Building the harness (the whole kernel, instrumented) takes 7 to 17 s of one fast-suite
# worker, for a benchmark's tool: the kernel's own paths are cross-checked in test_kernel.py.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "benchmarks" / "kernel_stats.c"


def _python_config() -> str | None:
    bindir = sysconfig.get_config_var("BINDIR") or ""
    candidate = os.path.join(bindir, f"python{sysconfig.get_config_var('VERSION')}-config")
    return candidate if os.path.exists(candidate) else shutil.which("python3-config")


def _build(tmp_path: Path, *flags: str) -> Path:
    config = _python_config()
    if shutil.which("gcc") is None or config is None:
        pytest.skip("gcc and python3-config are needed to build benchmarks/kernel_stats.c")
    includes = subprocess.run([config, "--includes"], capture_output=True, text=True, check=True)
    links = subprocess.run(
        [config, "--ldflags", "--embed"], capture_output=True, text=True, check=True
    )
    binary = tmp_path / "kernel_stats"
    command = ["gcc", "-O2", *flags, *includes.stdout.split(), str(HARNESS)]
    command += [*links.stdout.split(), "-o", str(binary)]
    subprocess.run(command, check=True, capture_output=True)
    return binary


@pytest.fixture(scope="module")
def stats_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("stats"), "-DQUEENS_STATS")


def _run(binary: Path, *argv: str) -> str:
    return subprocess.run([str(binary), *argv], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("n", [8, 12, 13])
def test_the_counters_build_counts_right(stats_binary: Path, n: int) -> None:
    out = _run(stats_binary, str(n))
    total, unique = known_counts()[n]
    assert f"n={n} total={total} unique={unique} status=0" in out


def _split_counts_right(binary: Path, search: str) -> list[str]:
    """The known counts of N = 9, 12 and 13 by `binary N SEARCH split` (skips when this
    CPU cannot run SEARCH); the runs' outputs."""
    outputs = []
    for n in (9, 12, 13):
        run = subprocess.run([str(binary), str(n), search, "split"], capture_output=True, text=True)
        if run.returncode == 2 and "no such search" in run.stderr:
            pytest.skip(f"this CPU cannot run {search}")
        total, unique = known_counts()[n]
        assert f"n={n} total={total} unique={unique} status=0" in run.stdout, run.stdout
        outputs.append(run.stdout)
    return outputs


@pytest.mark.parametrize("search", ["avx512", "avx2", "generic", "off"])
def test_the_split_counts_right(stats_binary: Path, search: str) -> None:
    # `split`: sub-problem by sub-problem, each with two rows placed (row 1 on
    # the board, as `queens count` splits), with each search this CPU runs.
    _split_counts_right(stats_binary, search)
    bad = subprocess.run([str(stats_binary), "9", search, "whole"], capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_the_counters_hang_together(stats_binary: Path) -> None:
    out = _run(stats_binary, "13")
    if "search=off" in out:
        pytest.skip("this CPU runs no vector search: no counters to look at")
    rows = [int(m) for m in re.findall(r"row +\d+: (\d+) nodes expanded", out)]
    steps = re.search(r"expansion steps (\d+): lanes busy ([0-9.]+), children kept ([0-9.]+)", out)
    finish = re.search(
        r"three-row count: (\d+) nodes in (\d+) vectors \(lanes busy ([0-9.]+)\)", out
    )
    assert rows and steps and finish
    assert 0 < float(steps[2]) <= 1 and 0 < float(steps[3]) <= 1
    assert 0 < float(finish[3]) <= 1
    lanes = 16 if "search=avx512" in out else 8
    # every step runs a vector of nodes of one row, so there are at least as many
    # steps as vectors of expanded nodes
    assert int(steps[1]) * lanes >= sum(rows)
    assert int(finish[2]) * lanes >= int(finish[1]) > 0
    _assert_within_room(out, lanes)


def _assert_within_room(out: str, lanes: int) -> None:
    # The most nodes a row's buffer held, with a whole vector written past
    # the last of them, within the buffer's room (SIMD_CAP + SIMD_ROOM).
    peak = re.search(r"buffer peak (\d+) nodes \(room (\d+)\)", out)
    assert peak is not None
    assert int(peak[1]) + lanes <= int(peak[2])


# Each build of the harness compiles the whole kernel (several seconds of a core): the
# module's tests build it once (`stats_binary`), these tests twice more.
@pytest.fixture(scope="module", params=[1, 40])
def tight_binary(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Buffers of SIMD_CAP = 1 or 40 nodes: a row waits as soon as the next one
    # holds more, so the vectors in flight stop taking nodes and empty
    # (never refilled at 1, now and then at 40) on nearly every call.
    directory = tmp_path_factory.mktemp(f"cap{request.param}")
    return _build(directory, "-DQUEENS_STATS", f"-DSIMD_CAP={request.param}")


def test_buffers_near_their_room_count_right(tight_binary: Path) -> None:
    known = known_counts()
    for search in ("avx512", "avx2", "generic", "off"):
        for n in range(4, 14):
            run = subprocess.run(
                [str(tight_binary), str(n), search], capture_output=True, text=True
            )
            if run.returncode == 2 and "no such search" in run.stderr:
                break  # this CPU cannot run it
            total, unique = known[n]
            assert f"n={n} total={total} unique={unique} status=0" in run.stdout, run.stdout
            if search != "off":
                _assert_within_room(run.stdout, {"avx512": 16, "avx2": 8, "generic": 4}[search])


def test_the_plain_loop_and_bad_arguments(stats_binary: Path) -> None:
    out = _run(stats_binary, "12", "off")
    assert "search=off" in out and "expansion steps 0" in out
    bad = subprocess.run([str(stats_binary), "3"], capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_without_the_counters_it_measures_the_kernel_as_shipped(tmp_path: Path) -> None:
    out = _run(_build(tmp_path), "12")
    total, unique = known_counts()[12]
    assert f"total={total} unique={unique}" in out and "expansion steps" not in out


def test_the_parents_array_counts_right_where_avx2_packs_them(tmp_path: Path) -> None:
    # AVX2 packs each node's parent in its columns' word on boards of up to 19
    # columns (src/kernel/simd.c); wider boards, which no fast test counts, keep
    # the parents' array.  Built with SIMD_PARENTS_ARRAY, every board keeps it:
    # the border nodes' boards rebuilt from it give the same counts.
    binary = _build(tmp_path, "-DQUEENS_STATS", "-DSIMD_PARENTS_ARRAY")
    for search in ("avx2", "generic"):
        for out in _split_counts_right(binary, search):
            classified = re.search(r"(\d+) classified one by one", out)
            assert classified is not None and int(classified[1]) > 0
