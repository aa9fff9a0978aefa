"""queens plan: the costed plan on the command line (text, JSON, errors)."""

from __future__ import annotations

import json
import os

import pytest

from queens.cli import main
from queens.counting import plan
from queens.engines.counting import kernel

needs_kernel = pytest.mark.skipif(
    not kernel.compiled() and os.environ.get("CI") != "true",
    reason="the plan times the compiled kernel, which is not built",
)


@pytest.fixture(autouse=True)
def small_calibration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plan, "CALIBRATION_N", 10)
    monkeypatch.setattr(plan, "CALIBRATION_STEP", 1)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@needs_kernel
def test_text_names_every_search_and_each_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "plan", "16", "--machines", "1,7", "--cores", "4")
    assert status == 0 and err == ""
    assert out.startswith("queens plan 16: the plain 16 x 16 board")
    for name in ("AVX-512", "AVX2", "generic vector", "plain loop"):
        assert any(line.startswith(name) for line in out.splitlines())
    assert "4 cores a machine" in out
    rows = [line.split()[0] for line in out.splitlines() if line[:9].strip().isdigit()]
    assert rows == ["1", "7"]


@needs_kernel
def test_json_holds_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "plan", "14", "--json", "--machines", "1,10", "--cores", "2")
    assert status == 0
    record = json.loads(out)
    assert record["n"] == 14 and record["cores_per_machine"] == 2
    assert record["subproblems"] > 0 and record["checkpoint_bytes"] > 0
    names = ["AVX-512", "AVX2", "generic vector", "plain loop"]
    assert [e["engine"] for e in record["engines"]] == names
    for engine in record["engines"]:
        one, ten = engine["cluster_hours"]["1"], engine["cluster_hours"]["10"]
        assert one == pytest.approx(engine["core_hours"] / 2)
        assert ten == pytest.approx(one / 10)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["plan", "3"], "N must be a whole number from 4 to 32, got '3'"),
        (["plan", "40"], "N must be a whole number from 4 to 32, got '40'"),
        (["plan", "x"], "N must be a whole number from 4 to 32, got 'x'"),
        (["plan", "2²"], "N must be a whole number from 4 to 32, got '2²'"),
        (["plan", "20", "--machines", "1,0"], "--machines must be a whole number"),
        (
            ["plan", "20", "--machines", "99999999999"],
            "--machines must be a whole number from 1 to 1,000,000,000",
        ),
        (["plan", "20", "--cores", "-2"], "--cores must be a whole number"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_without_the_compiled_kernel_it_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kernel, "compiled", lambda: False)
    status, out, err = run(capsys, "plan", "20")
    assert status == 2 and out == ""
    assert "a plan times the compiled kernel, which is not built here" in err
