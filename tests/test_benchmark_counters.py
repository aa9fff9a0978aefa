"""The C programs the benchmarks compare against, and the kernel's standalone harness.

benchmarks/constellations.c (the constellations counter that benchmarks/count.py times each
search against) must count right before its times mean anything, and
tests/kernel_harness.c (which .ci/aarch64 runs under qemu-aarch64) must fail when a count
is wrong: both are built here with gcc and run.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import DATA, known_counts

ROOT = Path(__file__).resolve().parent.parent
CONSTELLATIONS = ROOT / "benchmarks" / "constellations.c"
HARNESS = ROOT / "tests" / "kernel_harness.c"
FLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror"]


def _build(source: Path, target: Path, *flags: str) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the benchmarks' C programs")
    subprocess.run(["gcc", *FLAGS, *flags, str(source), "-o", str(target)], check=True)
    return target


@pytest.fixture(scope="module")
def constellations(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(CONSTELLATIONS, tmp_path_factory.mktemp("c") / "constellations")


def _count(binary: Path, n: int) -> int:
    out = subprocess.run([str(binary), str(n)], capture_output=True, text=True, check=True)
    return int(out.stdout)


@pytest.mark.parametrize("n", range(5, 14))
def test_the_constellations_counter_counts_right(constellations: Path, n: int) -> None:
    assert _count(constellations, n) == known_counts()[n][0]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(14, 18))
def test_the_constellations_counter_counts_right_to_17(constellations: Path, n: int) -> None:
    assert _count(constellations, n) == known_counts()[n][0]


def test_the_constellations_counter_refuses_sizes_out_of_range(constellations: Path) -> None:
    for argv in ([], ["4"], ["32"]):
        result = subprocess.run([str(constellations), *argv], capture_output=True, text=True)
        assert result.returncode == 2 and result.stdout == ""


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # (the whole kernel's counting parts: a few CPU seconds to compile, so slow tests only)
    return _build(HARNESS, tmp_path_factory.mktemp("h") / "harness")


@pytest.mark.slow
def test_the_kernel_harness_checks_every_search(harness: Path) -> None:
    result = subprocess.run(
        [str(harness), str(DATA / "oeis-queens.tsv")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout
    assert "off: n = 4..12" in result.stdout and "FAILED" not in result.stdout


@pytest.mark.slow
def test_the_kernel_harness_fails_on_wrong_known_counts(harness: Path, tmp_path: Path) -> None:
    # Its answers are checked, not printed: a wrong known count (N = 8 as 93) fails it.
    wrong = tmp_path / "wrong.tsv"
    text = (DATA / "oeis-queens.tsv").read_text()
    wrong.write_text(text.replace("8\t92\t12", "8\t93\t12"))
    result = subprocess.run([str(harness), str(wrong)], capture_output=True, text=True)
    assert result.returncode == 1
    assert "n = 8 counted 92 (12 unique), known 93 (12)" in result.stdout
