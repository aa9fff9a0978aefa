"""queens plan: what a count too long to run here would cost (core-hours, pieces, cluster)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from queens.cli.common import CommandError, add_size_argument, whole
from queens.show.durations import describe_seconds

if TYPE_CHECKING:
    from queens.counting.plan import CostedPlan

DEFAULT_MACHINES = (1, 10, 100, 1000)

DESCRIPTION = (
    "Cost the count of the plain N x N board from measurements on this machine: "
    "core-hours per search (AVX-512, AVX2, generic vector, plain loop), sub-problems, checkpoint "
    "size, and the wall time on a Dask cluster. Takes a few seconds (it times a "
    "sample of the N = 18 count)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from queens.counting.plan import MIN_N, PLAN_MAX_N  # lazy: start-up of the CLI

    add_size_argument(parser, MIN_N, PLAN_MAX_N, f"board size ({MIN_N} to {PLAN_MAX_N})")
    parser.add_argument(
        "--machines",
        metavar="K[,K...]",
        type=machine_counts,
        help="cluster sizes to cost (default 1,10,100,1000)",
    )
    parser.add_argument(
        "--cores",
        metavar="C",
        type=whole(1, MAX_COUNT),
        help="cores of each cluster machine (default: this machine's)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


MAX_COUNT = 10**9
"""The most machines or cores a plan costs."""


def machine_counts(text: str) -> tuple[int, ...]:
    """``--machines``: whole numbers from 1 to ``MAX_COUNT``, separated by commas."""
    convert = whole(1, MAX_COUNT)
    return tuple(convert(part) for part in text.split(","))


def run(args: argparse.Namespace) -> int:
    from queens.counting.plan import make_plan  # lazy: start-up of the CLI

    machines = DEFAULT_MACHINES if args.machines is None else args.machines
    cores = args.cores
    try:
        plan = make_plan(args.n)
    except RuntimeError as error:
        raise CommandError(str(error)) from None
    cores = plan.cores if cores is None else cores
    if args.json:
        print(json.dumps(_record(plan, machines, cores)))
    else:
        print("\n".join(_lines(plan, machines, cores)))
    return 0


def _record(plan: CostedPlan, machines: tuple[int, ...], cores: int) -> dict[str, Any]:
    return {
        "n": plan.n,
        "subproblems": plan.subproblems,
        "split": plan.split_version,
        "checkpoint_bytes": plan.checkpoint_bytes,
        "tree_nodes": plan.tree_nodes,
        "tree_relative_error": plan.tree_spread,
        "calibration": {
            "n": plan.calibration_n,
            "sampled": plan.calibration_sampled,
            "subproblems": plan.calibration_subproblems,
        },
        "engines": [
            {
                "engine": e.name,
                "core_hours": e.core_hours,
                "measured": e.measured,
                "calibration_core_seconds": e.calibration_seconds,
                "cluster_hours": {
                    str(k): plan.cluster_seconds(e, k, cores) / 3600 for k in machines
                },
            }
            for e in plan.engines
        ],
        "cores_per_machine": cores,
    }


def _lines(plan: CostedPlan, machines: tuple[int, ...], cores: int) -> list[str]:
    fastest = next(e for e in plan.engines if e.measured)
    lines = [
        f"queens plan {plan.n}: the plain {plan.n} x {plan.n} board (total and unique)",
        f"sub-problems: {plan.subproblems:,} (split {plan.split_version}); "
        f"checkpoint when done: {plan.checkpoint_bytes / 1e6:.1f} MB",
        f"search tree: about {plan.tree_nodes:.2e} nodes (Knuth's estimator, "
        f"+-{100 * plan.tree_spread:.1f} %), {plan.tree_nodes / plan.calibration_nodes:.3g} "
        f"times N = {plan.calibration_n}'s",
        f"timed here: {plan.calibration_sampled} of the {plan.calibration_subproblems:,} "
        f"sub-problems of N = {plan.calibration_n}, with each search this CPU runs",
        "",
        f"{'search':<14} {'core-hours':>12} {'core-years':>11}  N = {plan.calibration_n} (core-s)",
    ]
    for e in plan.engines:
        note = "measured" if e.measured else "not on this CPU: scaled"
        lines.append(
            f"{e.name:<14} {e.core_hours:>12.4g} {e.core_hours / 8766:>11.3g}  "
            f"{e.calibration_seconds:>8.2f}  {note}"
        )
    lines += ["", f"wall time, {cores} cores a machine, pieces spread evenly:"]
    header = "".join(f"{e.name:>16}" for e in plan.engines)
    lines.append(f"{'machines':>9}{header}")
    for k in machines:
        row = "".join(
            f"{describe_seconds(plan.cluster_seconds(e, k, cores)):>16}" for e in plan.engines
        )
        lines.append(f"{k:>9}{row}")
    if plan.subproblems < max(machines) * cores:
        lines.append(
            f"(more cores than sub-problems: beyond {plan.subproblems:,} cores the "
            "largest pieces set the pace)"
        )
    lines.append(f"(fastest search measured here: {fastest.name})")
    return lines
