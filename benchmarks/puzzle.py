"""The region puzzle: generating (balance, speed) and solving, in the library.

- generate: ``queens.puzzle.generate.generate`` for ``--seeds`` seeds (0, 1, ...) at each
  size of ``--sizes`` (default 8, 10, 12, 14, 16) and each difficulty (easy, medium,
  hard).  For each size and difficulty: the largest region's share of the board (median
  and largest over the seeds), the grids with a one-cell region (and the most such
  regions in one grid), and the time to generate (median and largest).  Every grid is
  checked: counted to exactly one solution by the independent counter (the compiled
  kernel's, else the propagating search), every region connected, and explained at the
  difficulty asked for.
- solve: ``queens.puzzle.solve.solve`` (the first solution and the search for a second) on
  the generated grids, and on 25 x 25 grids whose regions are grown around a random
  placement (not checked for uniqueness: the solver proves whatever there is to prove).

Times are in-process wall clock (``time.perf_counter`` around one call, the interpreter
and its imports already loaded), median and largest over the seeds; the machine is
shared, so they are noisy: the load average before and after is printed with them.

Usage: python benchmarks/puzzle.py [--seeds K] [--sizes 8,10,...] [--difficulties easy,...]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from queens.puzzle.explain import explain
from queens.puzzle.generate import generate, grow_regions, random_solution
from queens.puzzle.grid import Grid
from queens.puzzle.solve import count, problem, solve

T = TypeVar("T")

DIFFICULTIES = ("easy", "medium", "hard")


def timed(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def row(label: str, seconds: list[float], unit: str = "ms") -> None:
    """One table row: the label, how many, the median and the largest time."""
    scale = 1000 if unit == "ms" else 1
    digits = 1 if unit == "ms" else 2
    shown = [
        f"{value * scale:.{digits}f} {unit}" for value in (statistics.median(seconds), max(seconds))
    ]
    print(f"| {label} | {len(seconds)} | {shown[0]} | {shown[1]} |")


def checked(grid: Grid, difficulty: str) -> None:
    assert count(grid) == 1, f"not exactly one solution:\n{grid}"
    assert all(grid.connected(g) for g in range(grid.n)), f"a region not connected:\n{grid}"
    assert explain(grid).difficulty == difficulty, f"not {difficulty}:\n{grid}"


def bench_generate(sizes: list[int], difficulties: list[str], seeds: int) -> list[Grid]:
    print("| generate | grids | largest region, median / max | grids with a one-cell region "
          "(most in one) | median | max |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    made = []
    for n in sizes:
        for difficulty in difficulties:
            times, shares, singles = [], [], []
            for seed in range(seeds):
                seconds, result = timed(lambda n=n, seed=seed, d=difficulty: generate(n, seed, d))
                grid: Grid = result  # type: ignore[assignment]
                checked(grid, difficulty)
                sizes_of = Counter(grid.cells).values()
                times.append(seconds)
                shares.append(max(sizes_of) / n**2)
                singles.append(sum(1 for size in sizes_of if size == 1))
                made.append(grid)
            share = f"{statistics.median(shares):.0%} / {max(shares):.0%}"
            ones = f"{sum(1 for k in singles if k)} ({max(singles)})"
            print(f"| {n} x {n} {difficulty} | {seeds} | {share} | {ones} | "
                  f"{statistics.median(times):.2f} s | {max(times):.2f} s |")  # fmt: skip
    return made


def grown(n: int, seed: int) -> Grid:
    rng = random.Random(seed)
    truth = random_solution(n, rng)
    return Grid.from_regions(grow_regions(n, list(enumerate(truth)), rng))


def bench_solve(made: list[Grid], seeds: int) -> None:
    print()
    print("| solve + uniqueness | grids | median | max |")
    print("|---|---|---|---|")
    by_size: dict[int, list[float]] = {}
    for grid in made:
        seconds, verdict = timed(lambda grid=grid: solve(grid))
        assert verdict.unique and problem(grid, verdict.solution) is None  # type: ignore[attr-defined]
        by_size.setdefault(grid.n, []).append(seconds)
    times = []
    for seed in range(seeds):
        grid = grown(25, seed)
        seconds, verdict = timed(lambda grid=grid: solve(grid))
        assert verdict.solution is not None and problem(grid, verdict.solution) is None  # type: ignore[attr-defined]
        times.append(seconds)
    by_size[25] = times
    for n, seconds_list in by_size.items():
        label = f"{n} x {n}, " + ("grown regions" if n == 25 else "generated (one solution)")
        row(label, seconds_list)


def numbers(text: str) -> list[int]:
    return [int(part) for part in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="grids of each kind (default 20)")
    parser.add_argument("--sizes", type=numbers, default=[8, 10, 12, 14, 16])
    parser.add_argument("--difficulties", type=lambda t: t.split(","), default=DIFFICULTIES)
    args = parser.parse_args()
    print(f"load average before: {load()}\n")
    made = bench_generate(args.sizes, args.difficulties, args.seeds)
    bench_solve(made, args.seeds)
    print(f"\nload average after: {load()}")


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (2 cores here)."""
    return " / ".join(f"{value:.1f}" for value in os.getloadavg())


# ---- Star Battle with k stars (issue 30): self-contained, run with --stars -------------


def bench_stars(seeds: int, slow: bool) -> None:
    """k-star grids: solve with uniqueness proved (10 x 10, 2 stars, generated) and
    generate (10 x 10 and 12 x 12 with 2 stars, 14 x 14 with 3; with --slow also 14 x 14
    with 2 stars, some minutes)."""
    from queens.puzzle import solve as stars

    print()
    print("| stars: solve + uniqueness | grids | median | largest |")
    print("|---|---|---|---|")
    grids = [generate(10, seed, stars=2) for seed in range(seeds)]
    times = []
    for grid in grids:
        seconds, verdict = timed(lambda grid=grid: stars.solve(grid, 2))
        assert verdict.unique and stars.problem(grid, verdict.rows, 2) is None  # type: ignore[attr-defined]
        times.append(seconds)
    row("10 x 10, 2 stars, generated (one solution)", times)
    bench_planted(seeds)
    print()
    print("| stars: generate | grids | median | largest |")
    print("|---|---|---|---|")
    kinds = [(10, 2, seeds), (12, 2, seeds), (14, 3, seeds)] + ([(14, 2, seeds)] if slow else [])
    for n, k, count_of in kinds:
        times = []
        for seed in range(count_of):
            seconds, grid = timed(lambda n=n, k=k, seed=seed: generate(n, seed, stars=k))
            assert stars.count(grid, k) == 1  # type: ignore[arg-type]
            times.append(seconds)
        row(f"{n} x {n}, {k} stars", times, "s")


PLANTED = ((19, 4), (20, 4), (21, 5), (22, 5), (23, 5), (24, 6), (25, 6))
"""The full-size grids of 4 to 6 stars (issue 40): n and stars."""


def planted(n: int, stars: int, seed: int) -> Grid:
    """A grid grown around a random placement of ``stars`` a row and column (CaDiCaL's,
    ``queens.puzzle._sat.random_placement``: the generator's own placement search takes
    up to minutes at these sizes) by ``generate.grow_star_regions`` (a new placement
    when it cannot): it has a solution, often several."""
    from queens.puzzle._sat import random_placement
    from queens.puzzle.generate import grow_star_regions as grow_regions

    rng = random.Random(seed)
    while True:
        placement = random_placement(n, stars, rng)
        assert placement is not None, f"no placement of {stars} stars on {n} x {n}"
        cells = grow_regions(n, stars, placement, rng)
        if cells is not None:
            return Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])


def bench_planted(seeds: int) -> None:
    """Planted grids of 4 to 6 stars solved with uniqueness decided (``solve``: the
    kernel's search, CaDiCaL past ``KERNEL_NODES``), in CPU time (CaDiCaL runs in this
    process), with the load average beside each row."""
    from queens.puzzle import solve as stars

    print()
    print("| stars: planted, solve + uniqueness (CPU) | grids | median | largest | load |")
    print("|---|---|---|---|---|")
    for n, k in PLANTED:
        times = []
        for seed in range(seeds):
            grid = planted(n, k, seed)
            start = time.process_time()
            verdict = stars.solve(grid, k)
            times.append(time.process_time() - start)
            assert verdict.rows is not None and stars.problem(grid, verdict.rows, k) is None
        median, largest = statistics.median(times), max(times)
        print(f"| {n} x {n}, {k} stars | {seeds} | {median:.2f} s | {largest:.2f} s | {load()} |")


BIG = ((4, (17, 18, 19, 20)), (5, (21, 22, 23)), (6, (24, 25)))
"""The sizes of the 4- to 6-star generate rows (``--big``)."""


def bench_generate_big(seeds: int, timeout: float, only: set[tuple[int, int]]) -> None:
    """Generate 4- to 6-star grids (``BIG``, or the ``N:K`` of ``only``, made by
    ``queens.puzzle._planted``) for seeds 0, 1, ...: each grid checked unique again here by
    CaDiCaL and Gluecard (the kernel's searches stall on many from 19 x 19), times in CPU
    seconds of the process (the machine is shared) with the load average beside each
    row, and the parts: CaDiCaL's attempts (placement, regions, repairs) and the
    confirmation (``_planted.confirmed``: the kernel's quick look, Gluecard); a grid not
    made within ``timeout`` s of wall time (a stop flag ends the work) is marked so."""
    import threading

    from queens.engines.counting import kernel
    from queens.puzzle import _cardinality, _planted, _sat
    from queens.puzzle import generate as generate_module

    parts = {"attempt": 0.0, "confirmed": 0.0}

    def clocked(name: str, call: Callable[..., T]) -> Callable[..., T]:
        def timed(*args: object) -> T:
            start = time.process_time()
            try:
                return call(*args)
            finally:
                parts[name] += time.process_time() - start

        return timed

    plain = _planted.attempt, _planted.confirmed
    _planted.attempt = clocked("attempt", _planted.attempt)  # type: ignore[assignment]
    _planted.confirmed = clocked("confirmed", _planted.confirmed)  # type: ignore[assignment]
    print()
    print(
        "| stars: generate 4 to 6 (CPU) | grids | median | largest | seeds: CPU (attempts "
        "+ confirmation) | load |"
    )
    print("|---|---|---|---|---|---|")
    try:
        for k, sizes in BIG:
            for n in sizes:
                if only and (n, k) not in only:
                    continue
                times, each = [], []
                for seed in range(seeds):
                    stop = kernel.StopFlag()
                    timer = threading.Timer(timeout, stop.set)
                    timer.start()
                    parts.update(attempt=0.0, confirmed=0.0)
                    start = time.process_time()
                    try:
                        grid = generate(n, seed, stars=k, stop=stop, force=True)
                    except (kernel.Stopped, generate_module.GenerateError):
                        each.append(f"{seed}: none in {time.process_time() - start:.0f} s")
                        continue
                    finally:
                        timer.cancel()
                    times.append(time.process_time() - start)
                    each.append(
                        f"{seed}: {times[-1]:.1f} ({parts['attempt']:.1f} + "
                        f"{parts['confirmed']:.1f})"
                    )
                    assert len(_sat.solve(grid, k)) == 1, grid
                    assert len(_cardinality.solutions(grid, k) or ()) == 1, grid
                median = f"{statistics.median(times):.1f} s" if len(times) == seeds else "-"
                largest = f"{max(times):.1f} s" if times else "-"
                print(
                    f"| {n} x {n}, {k} stars | {len(times)} | {median} | {largest} "
                    f"| {'; '.join(each)} | {load()} |",
                    flush=True,
                )
    finally:
        _planted.attempt, _planted.confirmed = plain


def bench_page(
    seeds: int, difficulties: list[str], only: set[tuple[int, int]] | None = None
) -> None:
    """The page's grids of 3 to 6 stars (issue 40): ``POST /api/puzzle/generate`` for each
    size the page offers (or the ``N:K`` of ``only``, 2 stars too, offered for the run, so
    that sizes the page leaves out are measured too) and each of ``difficulties`` ("any": none asked
    for), seeds 0, 1, ..., through Starlette's test client in this process under the
    page's own time (``GENERATE_SECONDS``; every difficulty offered for the run too): the
    process's CPU seconds and the wall seconds of each request, how many came back past
    the time (503), with the load average; then a hint past the page's time
    (``late_hint``)."""
    from starlette.testclient import TestClient

    from queens.web import puzzle as page
    from queens.web.app import create_app

    print()
    print("| page: generate (CPU / wall) | grids | median | largest | past the time | load |")
    print("|---|---|---|---|---|---|")
    from queens.puzzle import generate as maker

    offered, sizes, measured = page.GRADED, page.GENERATE_SIZES, maker.PLANTED_UP_TO
    if only:  # offered for the run, made unforced
        maker.PLANTED_UP_TO = {
            k: max([high, *(n for n, s in only if s == k)]) for k, high in measured.items()
        }
        page.GENERATE_SIZES = {
            k: (min(n for n, s in only if s == k), max(n for n, s in only if s == k))
            for k in sorted({s for _, s in only})
        }
    page.GRADED = {
        k: dict.fromkeys(DIFFICULTIES, low_high) for k, low_high in page.GENERATE_SIZES.items()
    }
    try:
        with TestClient(create_app(allowed_hosts={"testserver"})) as client:
            for k, (low, high) in page.GENERATE_SIZES.items():
                for n in range(low, high + 1) if k >= 3 or only else ():
                    if not only or (n, k) in only:
                        for difficulty in difficulties:
                            page_row(client, n, k, difficulty, seeds)
            if not only:
                late_hint(client)
    finally:
        page.GRADED, page.GENERATE_SIZES, maker.PLANTED_UP_TO = offered, sizes, measured


def late_hint(client: Any) -> None:
    """A hint the page cannot give in time: a 14 x 14 3-star grid whose regions are its
    rows (many solutions, so the explainer's case split searches): when its 503 came."""
    from queens.web import puzzle as page

    grid = "\n".join("ABCDEFGHIJKLMN"[r] * 14 for r in range(14))
    start, began = time.process_time(), time.monotonic()
    body = {"grid": grid, "queens": [], "crosses": [], "stars": 3}
    status = client.post("/api/puzzle/hint", json=body).status_code
    print(
        f"\nhint on a 14 x 14 3-star grid of rows (page's time {page.SOLVE_SECONDS:g} s): "
        f"HTTP {status} after {time.monotonic() - began:.2f} s wall, "
        f"{time.process_time() - start:.2f} s CPU; load {load()}"
    )


def page_row(client: Any, n: int, k: int, difficulty: str, seeds: int) -> None:
    """One row of ``bench_page``."""
    cpu, wall, late = [], [], 0
    for seed in range(seeds):
        start, began = time.process_time(), time.monotonic()
        body: dict[str, object] = {"n": n, "stars": k, "seed": seed}
        if difficulty != "any":
            body["difficulty"] = difficulty
        response = client.post("/api/puzzle/generate", json=body)
        cpu.append(time.process_time() - start)
        wall.append(time.monotonic() - began)
        assert response.status_code in (200, 503), response.text
        late += response.status_code == 503
    print(
        f"| {n} x {n}, {k} stars, {difficulty} | {seeds} | {statistics.median(cpu):.2f} / "
        f"{statistics.median(wall):.2f} s | {max(cpu):.2f} / {max(wall):.2f} s "
        f"| {late} | {load()} |",
        flush=True,
    )


def main_stars() -> None:
    parser = argparse.ArgumentParser(description=bench_stars.__doc__)
    parser.add_argument("--stars", action="store_true", required=True)
    parser.add_argument("--slow", action="store_true", help="also 14 x 14 2-star grids")
    parser.add_argument("--seeds", type=int, default=20, help="grids of each kind (default 20)")
    parser.add_argument(
        "--planted", action="store_true", help="only the planted 4- to 6-star grids' rows"
    )
    parser.add_argument("--big", action="store_true", help="only the 4- to 6-star generate rows")
    parser.add_argument("--timeout", type=float, default=600, help="wall s a --big grid may take")
    parser.add_argument(
        "--only", nargs="*", default=[], help="--big or --page sizes as N:K (all; offered)"
    )
    parser.add_argument("--page", action="store_true", help="only the page's 3- to 6-star rows")
    parser.add_argument(
        "--difficulties",
        type=lambda t: t.split(","),
        default=["any"],
        help="with --page: any (none asked for), easy, medium, hard (default any)",
    )
    args = parser.parse_args()
    only = {(int(n), int(k)) for n, k in (size.split(":") for size in args.only)}
    if args.page:
        bench_page(args.seeds, args.difficulties, only)
    elif args.planted:
        bench_planted(args.seeds)
    elif args.big:
        bench_generate_big(args.seeds, args.timeout, only)
    else:
        bench_stars(args.seeds, args.slow)


if __name__ == "__main__":
    import sys

    main_stars() if "--stars" in sys.argv else main()
