"""Counting benchmark: ``queens count N`` against the reference C counter.

Compiles ``../shared/reference/refcount.c`` (next to the project checkout;
``--reference`` to point elsewhere) with ``gcc -O3 -march=native`` into
``benchmarks/.build/`` and times it beside ``queens count N`` (the queens of
this Python environment, as a whole process with its default workers),
alternating the two, for N = 12..17.  Prints medians, the ratio
queens / reference of wall times (below 1: queens is faster), the same ratio
of CPU times (worker processes included: the work done, less sensitive to
other jobs on the machine) and the solutions counted per second.  Also
times ``python -c "import queens"`` and ``queens count 8`` (wall and CPU, with
``--only-paths`` too) and ``queens solve 14 --all --format list > file`` as
whole processes, and
(unless ``--no-proxy``) ``queens count 18`` over the reference's ``16``,
the quick proxy for ``count 20`` and ``21``.

Boards of other shapes (``--no-shapes`` skips them): 12 queens on 12 x 16
and 10 queens on 14 x 14, counted in this process on one core by the
kernel's shaped search, sub-problem by sub-problem as ``queens count`` splits
them (all of them, or every K-th with ``--shape-sample K`` for 14 x 14, whose
whole count takes several core-minutes).  Their speed is in nodes (queens
placed) per CPU second, beside the square count's: the plain SQUARE_N x
SQUARE_N tree's nodes (the same shaped search counts them) over the CPU
time of the square board's own count (the symmetric counter, with its
vector search), and over the time of the plain masks loop on that board.

Other attack rules (``--no-rules`` skips them): ``queens count 17 --rule
toroidal`` and ``queens count 15 --rule superqueen`` as whole processes
against the same counts by the pure-Python reference search
(``QUEENS_PURE_PYTHON=1``), as ratios of medians; and the kernel's nodes per
CPU second under each rule against the queen rule's on the same N (the same
shaped search, and the classic count's vector search).

Paths (``--no-paths`` skips them): ``queens count N --workers 1`` on each
search this CPU runs (``QUEENS_SIMD`` = ``avx512``, ``avx2``, ``generic``,
``off``: the plain loop) beside ``benchmarks/constellations.c`` (a
constellations counter written from NQueensFAF's published method, compiled
here as the reference is), in rounds of one run each in an order turned by one
each round, as one-core CPU-time ratios for N = 15..17 (``--path-sizes``): the
median of the rounds' own ratios, and their range; every total is checked
against the constellations counter's.

The package's bytecode is written first, as an installed package has it (else, under
PYTHONDONTWRITEBYTECODE, every run would compile each module again).

Without the reference source or gcc it says so and skips the ratios.  Other
processes share the CPU: the load average is printed with the results.

    .venv/bin/python benchmarks/count.py [--sizes 12-17] [--repeat 3] [--no-proxy]
    .venv/bin/python benchmarks/count.py --only-paths [--path-sizes 15-17] [--repeat 3]
"""

from __future__ import annotations

import argparse
import compileall
import functools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "benchmarks" / ".build"
REFERENCE_PATH = Path("shared") / "reference" / "refcount.c"
# ../shared next to the checkout (or next to the folder of a git worktree).
DEFAULT_REFERENCE = next(
    (up / REFERENCE_PATH for up in ROOT.parents if (up / REFERENCE_PATH).is_file()),
    ROOT.parent / REFERENCE_PATH,
)
QUEENS = Path(sys.executable).parent / "queens"
SOLVE_N = 14


def timed(
    command: list[str],
    stdout: int | IO[str] = subprocess.PIPE,
    env: dict[str, str] | None = None,
) -> tuple[float, str]:
    """Wall time of one whole-process run, and what it printed (checked to succeed)."""
    elapsed, _, output = timed_cpu(command, stdout, env)
    return elapsed, output


def timed_cpu(
    command: list[str],
    stdout: int | IO[str] = subprocess.PIPE,
    env: dict[str, str] | None = None,
) -> tuple[float, float, str]:
    """Wall time and CPU time (user + system, worker processes included) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=stdout, text=True, env=env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"benchmark: {' '.join(command)} failed with status {result.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, (result.stdout or "").strip()


def paired_ratios(ours: list[float], theirs: list[float]) -> tuple[float, float, float]:
    """The median, least and greatest of the ratios of runs made in the same round.

    Each round's ratio is of two runs made minutes apart at most, so a drift of the
    machine's speed between rounds (on a shared host, a fifth either way within an
    hour) moves both: the median of the ratios holds where the ratio of the medians
    moves with whichever rounds were slow.
    """
    ratios = [mine / base for mine, base in zip(ours, theirs, strict=True)]
    return statistics.median(ratios), min(ratios), max(ratios)


def compile_reference(source: Path) -> Path | None:
    if not source.is_file():
        print(f"reference counter not found at {source}: ratios skipped (see --reference)")
        return None
    if shutil.which("gcc") is None:
        print("gcc not found: the reference counter cannot be built, ratios skipped")
        return None
    BUILD.mkdir(parents=True, exist_ok=True)
    binary = BUILD / "refcount"
    subprocess.run(["gcc", "-O3", "-march=native", "-o", str(binary), str(source)], check=True)
    print(f"reference: {source} compiled with gcc -O3 -march=native")
    return binary


CONSTELLATIONS = ROOT / "benchmarks" / "constellations.c"
PATHS = ("avx512", "avx2", "generic", "off")  # QUEENS_SIMD names, fastest first


def compile_constellations() -> Path | None:
    """The constellations counter, built as the reference is (None without gcc)."""
    if shutil.which("gcc") is None:
        print("gcc not found: the constellations counter cannot be built, paths skipped")
        return None
    BUILD.mkdir(parents=True, exist_ok=True)
    binary = BUILD / "constellations"
    command = ["gcc", "-O3", "-march=native", "-o", str(binary), str(CONSTELLATIONS)]
    subprocess.run(command, check=True)
    return binary


def runnable_paths() -> list[str]:
    """The searches of PATHS this CPU and build run (the plain loop always)."""
    from queens.engines.counting import kernel

    module = kernel.loaded()
    if module is None:
        return []
    before, found = module.simd(), []
    for name in PATHS:
        try:
            module.simd(False if name == "off" else name)
        except ValueError:  # not compiled in, or not on this CPU
            continue
        found.append(name)
    module.simd(before)
    return found


def bench_paths(sizes: list[int], repeat: int) -> None:
    """One-core CPU time of ``queens count N --workers 1`` on each search over the
    constellations counter's, runs alternating (issue 42)."""
    binary = compile_constellations()
    paths = runnable_paths()
    if binary is None or not paths:
        print("\npaths: no constellations counter or no compiled kernel, skipped")
        return
    print()
    print(
        f"one core, CPU seconds (medians of {repeat}), ratio to {CONSTELLATIONS.name}"
        " (the median of each round's ratio, and their range)"
    )
    header = f"{'N':>3} {'constell.':>9}" + "".join(f" {p:>8} {'ratio (range)':<19}" for p in paths)
    print(header.rstrip())
    for n in sizes:
        theirs: list[float] = []
        ours: dict[str, list[float]] = {p: [] for p in paths}
        runs = ["constellations", *paths]  # the counter, then the searches (QUEENS_SIMD names)
        for round_ in range(repeat):
            # (in an order turned by one each round: no run always follows the long counter,
            # or always comes first)
            turn = round_ % len(runs)
            answers: dict[str, str] = {}
            for run in runs[turn:] + runs[:turn]:
                if run == runs[0]:
                    _, cpu, answers[run] = timed_cpu([str(binary), str(n)])
                    theirs.append(cpu)
                else:
                    env = {**os.environ, "QUEENS_SIMD": run}
                    command = [str(QUEENS), "count", str(n), "--workers", "1", "--quiet"]
                    _, cpu, answers[run] = timed_cpu(command, env=env)
                    ours[run].append(cpu)
            expected = answers[runs[0]]
            for path in paths:
                if answers[path] != expected:
                    sys.exit(f"benchmark: N = {n} ({path}) counted {answers[path]}, not {expected}")
        base = statistics.median(theirs)
        line = f"{n:>3} {base:>9.3f}"
        for path in paths:
            ratio, low, high = paired_ratios(ours[path], theirs)
            line += f" {statistics.median(ours[path]):>8.3f} {ratio:.3f} ({low:.3f}-{high:.3f})"
        print(f"{line}   (load average {os.getloadavg()[0]:.2f})", flush=True)


def parse_sizes(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def bench_counts(sizes: list[int], repeat: int, reference: Path | None) -> None:
    print()
    # CPU time (of all processes of a run) does not depend on the other jobs
    # on the machine as much as wall time does: its ratio shows the work done.
    header = ("N", "queens s", "ref s", "ratio", "cpu ratio", "queens sol/s", "ref sol/s")
    print("{:>3} {:>9} {:>9} {:>6} {:>9} {:>13} {:>11}".format(*header))
    for n in sizes:
        ours: list[float] = []
        theirs: list[float] = []
        ours_cpu: list[float] = []
        theirs_cpu: list[float] = []
        answer = ""
        for _ in range(repeat):  # alternate, so both see the same machine load
            if reference is not None:
                elapsed, cpu, theirs_answer = timed_cpu([str(reference), str(n)])
                theirs.append(elapsed)
                theirs_cpu.append(cpu)
            elapsed, cpu, answer = timed_cpu([str(QUEENS), "count", str(n), "--quiet"])
            ours.append(elapsed)
            ours_cpu.append(cpu)
            if reference is not None and theirs_answer != answer:
                sys.exit(f"benchmark: counts differ for N = {n}: {answer} vs {theirs_answer}")
        total = int(answer)
        mine = statistics.median(ours)
        line = f"{n:>3} {mine:>9.3f}"
        if theirs:
            ref = statistics.median(theirs)
            cpu_ratio = statistics.median(ours_cpu) / max(statistics.median(theirs_cpu), 1e-9)
            line += f" {ref:>9.3f} {mine / ref:>6.3f} {cpu_ratio:>9.3f}"
            line += f" {total / mine:>13.3g} {total / ref:>11.3g}"
        else:
            line += f" {'-':>9} {'-':>6} {'-':>9} {total / mine:>13.3g} {'-':>11}"
        print(line, flush=True)


PROXY_OURS, PROXY_THEIRS = 18, 16


def bench_proxy(repeat: int, reference: Path | None) -> None:
    """``queens count 18`` against the reference's ``16``, alternating (issue 19's proxy).

    Each row of N costs about 7.5 times the one before, so this ratio at
    most 1.5 on two cores puts ``count 20`` under 6 minutes and ``count 21``
    under an hour (the reference's 16 takes about 3.4 s).
    """
    if reference is None:
        return
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(repeat):
        theirs.append(timed([str(reference), str(PROXY_THEIRS)])[0])
        ours.append(timed([str(QUEENS), "count", str(PROXY_OURS), "--quiet"])[0])
    mine, ref = statistics.median(ours), statistics.median(theirs)
    print()
    print(
        f"queens count {PROXY_OURS} {mine:.3f} s / reference {PROXY_THEIRS} {ref:.3f} s "
        f"= {mine / ref:.3f} (wall, medians of {repeat}; target at most 1.5)"
    )


SQUARE_N = 15
SHAPES = ((12, 16, 12), (14, 14, 10))  # width, height, queens
RULES = (("toroidal", 17), ("superqueen", 15))  # rule, N (issue 16)


def _cpu_timed(work: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds of this thread for ``work()``, and what it returned."""
    start = time.thread_time()
    result = work()
    return time.thread_time() - start, result


def _shape_rate(width: int, height: int, queens: int, step: int) -> tuple[int, float, int, int]:
    """Nodes, CPU seconds, sub-problems counted and their total, every ``step``-th."""
    from queens.board import Board
    from queens.counting.split import split
    from queens.engines.counting import kernel

    module = kernel.loaded()
    assert module is not None
    parts = split(Board(width, height=height, k=queens)).subproblems[::step]
    nodes = total = 0
    seconds = 0.0
    for part in parts:
        assert part.queens is not None
        shape = kernel.counting_shape(
            part.pinned_masks(),
            width=part.width,
            queens=part.queens,
            required=part.pinned_required(),
        )
        args = (shape.allowed, shape.width, shape.queens, shape.required_bytes())
        spent, found = _cpu_timed(functools.partial(module.count_shape, *args))
        assert isinstance(found, tuple)
        seconds += spent
        total += found[0]
        nodes += found[2]
    return nodes, seconds, len(parts), total


def bench_shapes(repeat: int, sample: int) -> None:
    """Nodes per CPU second of the shaped search against the square count's (issue 15)."""
    from queens.board import Board
    from queens.counting.run import count_split
    from queens.counting.split import split
    from queens.engines.counting import kernel

    module = kernel.loaded()
    if module is None:
        print("\nshapes: the compiled kernel is not in use, skipped")
        return
    n = SQUARE_N
    full = [(1 << n) - 1] * n
    square_nodes = module.count_shape(full, n, n, bytes([1] * n))[2]
    classic = statistics.median(
        _cpu_timed(lambda: count_split(split(Board(n)), workers=1))[0] for _ in range(repeat)
    )
    loop = statistics.median(_cpu_timed(lambda: module.count_masks(full))[0] for _ in range(repeat))
    module_simd = module.simd()
    module.simd(False)
    try:
        plain = statistics.median(
            _cpu_timed(lambda: module.count_masks(full))[0] for _ in range(repeat)
        )
    finally:
        module.simd(module_simd)
    rate = square_nodes / classic
    print()
    print(f"nodes per CPU second (one core; nodes: queens placed in the plain {n} x {n} tree)")
    print(f"{'board':<28} {'nodes':>14} {'cpu s':>8} {'Mnodes/s':>9} {'vs count':>9}")
    _rate_row(f"{n} x {n}, {n} queens (count)", square_nodes, classic, rate)
    _rate_row(f"{n} x {n}, masks loop", square_nodes, loop, rate)
    _rate_row(f"{n} x {n}, masks, no SIMD", square_nodes, plain, rate)
    for width, height, queens in SHAPES:
        step = sample if (width, height, queens) == SHAPES[-1] else 1
        nodes, seconds, parts, total = _shape_rate(width, height, queens, step)
        label = f"{width} x {height}, {queens} queens" + (f" (1/{step})" if step > 1 else "")
        _rate_row(label, nodes, seconds, rate, f"{parts} sub-problems, {total:,} solutions")


def bench_rules(repeat: int) -> None:
    """Other attack rules: whole counts against the pure-Python reference, and node rates."""
    from queens.engines.counting import kernel

    module = kernel.loaded()
    pure = {**os.environ, "QUEENS_PURE_PYTHON": "1"}
    print()
    print("rules: queens count N --rule R against the pure-Python reference (whole processes)")
    print(f"{'command':<36} {'queens s':>9} {'pure s':>9} {'ratio':>8}  answer")
    for rule, n in RULES:
        command = [str(QUEENS), "count", str(n), "--rule", rule]
        ours = [timed(command) for _ in range(repeat)]
        theirs = [timed(command, env=pure) for _ in range(max(1, repeat // 3))]
        answer, other = ours[0][1].strip(), theirs[0][1].strip()
        assert answer == other, (rule, n, answer, other)
        wall = statistics.median(t for t, _ in ours)
        slow = statistics.median(t for t, _ in theirs)
        print(
            f"{' '.join(command[1:]):<36} {wall:>9.3f} {slow:>9.3f} {wall / slow:>8.4f}  {answer}"
        )
    if module is None:
        print("rules: the compiled kernel is not in use, node rates skipped")
        return
    print(f"{'nodes per CPU second (one core)':<36} {'Mnodes/s':>9} {'queen':>9} {'ratio':>8}")
    for rule, n in RULES:
        ruled, queen = _rule_rate(module, rule, n, repeat), _rule_rate(module, "queen", n, repeat)
        label = f"{n} x {n}, {rule}"
        print(f"{label:<36} {ruled / 1e6:>9.1f} {queen / 1e6:>9.1f} {ruled / queen:>8.2f}")


def _rule_rate(module: Any, rule: str, n: int, repeat: int) -> float:
    """Nodes (queens placed) per CPU second of the kernel's shaped search of the n x n
    board under ``rule`` (median of ``repeat`` runs, this thread)."""
    from queens.rules import Rule

    full, required = [(1 << n) - 1] * n, bytes([1] * n)
    work = functools.partial(module.count_shape, full, n, n, required, 1, None, Rule(rule).code)
    runs = [_cpu_timed(work) for _ in range(repeat)]
    found = runs[0][1]
    assert isinstance(found, tuple)
    return int(found[2]) / max(statistics.median(t for t, _ in runs), 1e-9)


def _rate_row(label: str, nodes: int, seconds: float, square: float, note: str = "") -> None:
    rate = nodes / max(seconds, 1e-9)
    line = f"{label:<28} {nodes:>14,} {seconds:>8.3f} {rate / 1e6:>9.1f} {rate / square:>9.2f}"
    print(f"{line}   {note}".rstrip(), flush=True)


def compile_bytecode() -> None:
    """Write the bytecode of this environment's queens, as an installed package has it.

    Python writes it on first import, unless PYTHONDONTWRITEBYTECODE is set (as in some
    sandboxes); then every timed run of an editable install would compile each module
    again (about 0.09 s of CPU a run here), which no installed user pays.
    """
    import queens

    compileall.compile_dir(str(Path(queens.__file__).parent), quiet=1)


def bench_startup(repeat: int) -> None:
    """Wall and CPU time of ``import queens`` and of ``queens count 8 --quiet`` (whole
    processes, medians), beside an empty Python's start."""
    runs = max(repeat, 9)  # short runs: a few more of them
    print()
    for label, command in (
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("python -c 'import queens'", [sys.executable, "-c", "import queens"]),
        ("queens count 8 --quiet", [str(QUEENS), "count", "8", "--quiet"]),
    ):
        times = [timed_cpu(command, subprocess.DEVNULL) for _ in range(runs)]
        wall = statistics.median(t[0] for t in times)
        cpu = statistics.median(t[1] for t in times)
        print(f"{label:<26} {wall * 1000:7.1f} ms, CPU {cpu * 1000:6.1f} ms (medians of {runs})")


def bench_solve(repeat: int) -> None:
    times = []
    lines = 0
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "solutions.txt"
        for _ in range(repeat):
            with target.open("w") as out:
                command = [str(QUEENS), "solve", str(SOLVE_N), "--all", "--format", "list"]
                times.append(timed(command, stdout=out)[0])
            with target.open() as written:
                lines = sum(1 for _ in written)
    elapsed = statistics.median(times)
    print(
        f"queens solve {SOLVE_N} --all --format list > file: {lines} solutions in "
        f"{elapsed:.3f} s = {lines / elapsed:,.0f} solutions/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="12-17", help="N or a range LOW-HIGH (default 12-17)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE, help="refcount.c")
    parser.add_argument(
        "--no-proxy",
        action="store_true",
        help=f"skip count {PROXY_OURS} against the reference's {PROXY_THEIRS}",
    )
    parser.add_argument("--no-shapes", action="store_true", help="skip the shaped boards")
    parser.add_argument(
        "--no-paths", action="store_true", help="skip each search against constellations"
    )
    parser.add_argument(
        "--path-sizes", default="15-17", help="N or LOW-HIGH of the paths (default 15-17)"
    )
    parser.add_argument("--only-paths", action="store_true", help="run the paths alone")
    parser.add_argument("--no-rules", action="store_true", help="skip the other attack rules")
    parser.add_argument(
        "--shape-sample",
        type=int,
        default=16,
        metavar="K",
        help="count every K-th sub-problem of 10 queens on 14 x 14 (default 16; 1: all)",
    )
    args = parser.parse_args()
    if not QUEENS.exists():
        sys.exit(f"benchmark: no queens command next to {sys.executable}; pip install -e . first")
    engine = subprocess.run([str(QUEENS), "--version"], capture_output=True, text=True).stdout
    print(f"{engine.strip()}; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    print(f"medians of {args.repeat} whole-process runs, alternating queens and the reference")
    compile_bytecode()
    if args.only_paths:
        bench_paths(parse_sizes(args.path_sizes), args.repeat)
        bench_startup(args.repeat)
        return
    reference = compile_reference(args.reference)
    bench_counts(parse_sizes(args.sizes), args.repeat, reference)
    if not args.no_proxy:
        bench_proxy(args.repeat, reference)
    if not args.no_paths:
        bench_paths(parse_sizes(args.path_sizes), args.repeat)
    if not args.no_shapes:
        bench_shapes(args.repeat, args.shape_sample)
    if not args.no_rules:
        bench_rules(args.repeat)
    bench_startup(args.repeat)
    bench_solve(args.repeat)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
