"""What checkpointing costs: `queens count N` with and without --checkpoint.

Usage: python benchmarks/scale.py [N] [--repeat R] [--workers K] [--no-reference]

Runs whole processes, alternating the two variants so that a change of load
on the machine hits both alike, and prints medians of wall time and of CPU
time (user + sys of the process and its workers), the checkpoint's overhead
in percent of each, and, for scale, the same medians for the reference C
counter /work/shared/reference/refcount.c compiled here with
gcc -O3 -march=native (one thread, no symmetry beyond the mirror) in the same
run.  That comparison is skipped, saying so, when the file or gcc is absent.
Each --checkpoint run starts from a fresh file, so it records every
sub-problem.  Every run must print the same total.

On a busy machine the difference of two whole-process CPU medians is mostly
noise, so the script also measures the checkpoint's own work directly, in
this process: recording every sub-problem of the split, plus one synced
commit per second of the plain run (the group-commit rate), as a share of
the plain run's CPU time.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REFCOUNT = Path("/work/shared/reference/refcount.c")
QUEENS = [sys.executable, "-m", "queens"]


def timed(argv: Sequence[str]) -> tuple[str, float, float]:
    """Run ``argv``; its output, wall seconds and CPU seconds (it and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = os.times().elapsed
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = os.times().elapsed - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): {result.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result.stdout.strip(), wall, cpu


def compile_reference(folder: Path) -> Path | None:
    if not REFCOUNT.exists():
        print(f"(no {REFCOUNT}: reference C counter skipped)")
        return None
    gcc = shutil.which("gcc")
    if gcc is None:
        print("(no gcc: reference C counter skipped)")
        return None
    binary = folder / "refcount"
    subprocess.run([gcc, "-O3", "-march=native", "-o", str(binary), str(REFCOUNT)], check=True)
    return binary


def recording_cpu(n: int, folder: Path, run_seconds: float) -> tuple[int, float]:
    """Sub-problems of N's split and the CPU seconds of checkpointing a run of them."""
    from queens.board import Board
    from queens.counting.checkpoint import FLUSH_SECONDS, Checkpoint, Header
    from queens.counting.split import split
    from queens.engines import Counts

    parts = split(Board.empty(n))
    header = Header(parts.key, len(parts.subproblems))
    start = time.process_time()  # all threads of this process, the flusher's too
    with Checkpoint.open(str(folder / "direct.db"), header) as checkpoint:
        for subproblem in parts.subproblems:
            checkpoint.record(subproblem.index, Counts(1, 1))
    records = time.process_time() - start
    # In a real run the records arrive over run_seconds: one commit a second.
    samples = 20
    with Checkpoint.open(str(folder / "commits.db"), header) as checkpoint:
        start = time.process_time()
        for i in range(samples):
            checkpoint.record(i, Counts(1, 1))
            checkpoint.flush()
        per_commit = (time.process_time() - start) / samples
    commits = run_seconds / FLUSH_SECONDS
    return len(parts.subproblems), records + commits * per_commit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=18, help="board size (default 18)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each variant")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-reference", action="store_true", help="skip the C reference")
    args = parser.parse_args()

    from queens.engines.counting import kernel

    print(f"# queens count {args.n}: with and without --checkpoint")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}; engine: "
        f"{kernel.description()}; load average at start: {os.getloadavg()[0]:.2f}"
    )
    base = [*QUEENS, "count", str(args.n), "--quiet", "--workers", str(args.workers)]
    walls: dict[str, list[float]] = {"plain": [], "checkpoint": [], "reference": []}
    cpus: dict[str, list[float]] = {"plain": [], "checkpoint": [], "reference": []}
    outputs: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:
        reference = None if args.no_reference else compile_reference(Path(folder))
        for i in range(args.repeat):
            checkpoint = Path(folder) / f"run-{i}.db"
            runs = {"plain": base, "checkpoint": [*base, "--checkpoint", str(checkpoint)]}
            if reference is not None:
                runs["reference"] = [str(reference), str(args.n)]
            for name, argv in runs.items():
                out, wall, cpu = timed(argv)
                outputs.add(out)
                walls[name].append(wall)
                cpus[name].append(cpu)
        if len(outputs) != 1:
            sys.exit(f"the runs disagree: {sorted(outputs)}")
        wall = {k: statistics.median(v) for k, v in walls.items() if v}
        cpu = {k: statistics.median(v) for k, v in cpus.items() if v}
        subproblems, direct = recording_cpu(args.n, Path(folder), wall["plain"])
    labels = {
        "plain": f"queens count {args.n} --workers {args.workers}",
        "checkpoint": f"queens count {args.n} --workers {args.workers} --checkpoint FILE",
        "reference": "refcount.c (gcc -O3 -march=native, 1 thread)",
    }
    print(f"total: {outputs.pop()}; medians of {args.repeat} runs each\n")
    print("| run | wall (s) | CPU user+sys (s) |")
    print("|---|---:|---:|")
    for key in wall:
        print(f"| {labels[key]} | {wall[key]:.2f} | {cpu[key]:.2f} |")
    print()
    cpu_overhead = 100 * (cpu["checkpoint"] / cpu["plain"] - 1)
    wall_overhead = 100 * (wall["checkpoint"] / wall["plain"] - 1)
    print(f"checkpoint overhead: CPU {cpu_overhead:+.1f} %, wall {wall_overhead:+.1f} %")
    print(
        f"checkpoint's own work, measured directly: {direct * 1000:.1f} ms CPU for "
        f"{subproblems} sub-problems and {wall['plain']:.0f} group commits = "
        f"{100 * direct / cpu['plain']:.3f} % of the plain run's CPU"
    )
    if "reference" in wall:
        print(
            f"queens / reference C: CPU {cpu['plain'] / cpu['reference']:.2f}x, "
            f"wall {wall['plain'] / wall['reference']:.2f}x"
        )


if __name__ == "__main__":
    main()
