"""Paired timing of kernel builds: runs in turn, and the median of each round's ratio.

On a shared machine the speed drifts by more than a change to the kernel gains, so two
builds are compared run against run, not median against median.  Each build is a binary
of ``benchmarks/kernel_stats.c`` (its header says how to build one; build one before
and one after a change)::

    python benchmarks/pairs.py 16 11 OLD:off NEW:off NEW:avx2
    python benchmarks/pairs.py 16 11 NEW:off NEW:avx2 --constellations

Each round runs every ``BINARY:SEARCH`` as ``BINARY N SEARCH split`` (the order turned
round each round) and prints, for each, its median CPU seconds, the median of its
ratios to the first one's time in the same round (with ``--constellations``: to the
constellations counter's, run first in each round and built by ``benchmarks/count.py``),
their range, and in how many rounds it was the faster.  CPU time is the
child process's own (user and system), from ``getrusage``.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from count import compile_constellations, paired_ratios, timed_cpu  # benchmarks/count.py


def cpu_seconds(command: list[str]) -> float:
    """The CPU time of one run of ``command`` (which must succeed)."""
    return timed_cpu(command)[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, help="the board's size")
    parser.add_argument("rounds", type=int, help="rounds of runs")
    parser.add_argument("builds", nargs="+", metavar="BINARY:SEARCH")
    parser.add_argument(
        "--constellations", action="store_true", help="ratios to the constellations counter"
    )
    args = parser.parse_args(argv)
    runs = []
    for build in args.builds:
        binary, _, search = build.rpartition(":")
        if not binary or search not in ("off", "generic", "avx2", "avx512"):
            parser.error(f"{build!r}: expected BINARY:SEARCH (SEARCH off, generic, avx2 or avx512)")
        runs.append((build, [binary, str(args.n), search, "split"]))
    counter = compile_constellations() if args.constellations else None
    if args.constellations and counter is None:
        return 1  # (it said why: no gcc)
    times: dict[str, list[float]] = {name: [] for name, _ in runs}
    bases: list[float] = []
    for round_ in range(args.rounds):
        if counter is not None:
            bases.append(cpu_seconds([str(counter), str(args.n)]))
        for name, command in runs if round_ % 2 == 0 else runs[::-1]:
            times[name].append(cpu_seconds(command))
    if counter is None:
        bases = times[runs[0][0]]
    else:
        print(f"constellations  median {statistics.median(bases):.3f} s")
    for name, _ in runs:
        ratio, low, high = paired_ratios(times[name], bases)
        faster = sum(t < b for t, b in zip(times[name], bases, strict=True))
        print(
            f"{name}  median {statistics.median(times[name]):.3f} s  ratio median "
            f"{ratio:.3f} ({low:.3f} to {high:.3f}), faster in {faster} of {len(bases)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
