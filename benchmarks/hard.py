"""Hard puzzles: whole-process ``queens solve --board`` times on generated instances.

Families (near the hard region of each, see docs/how-it-works/hard-boards.md):

- completion: ``--place`` instances with N = round(0.19 d**2) for d = 10..30
  queens left to place (about half solvable), and N = 400 with 40 queens
  removed from a random solution;
- blocked: each square reserved with the density where about half the
  boards are solvable, N = 20..50;
- diagonals: whole diagonals reserved, N = 14..20, with the count near the peak;
- excluded: whole diagonals reserved past the published frontier, N = 21..30,
  K diagonals at the mixing density (``EXCLUDED``: measured, about half of
  the boards solvable at N = 21..25), 8 a size: the first 4 solvable and the
  first 4 unsolvable seeds (``EXCLUDED_SEEDS``, found once by ``--scan``,
  which tries seeds 0, 1, 2, ... with the ``auto`` engine in this process,
  checks each solution and lists any seed left undecided within the
  timeout).  Every timed run that decides must give the recorded answer (a
  solution, which is checked, or "no solution"), else the script stops.  So
  ``python benchmarks/hard.py --families excluded --methods auto`` is the
  one command for the issue's table (N = 21..30, 80 boards).
- symmetric: boards that keep a symmetry, for symmetry breaking: whole
  diagonals reserved as unions of orbits under the half turn (even seeds) or
  the mirror (odd seeds), N = 20..26, K = N - 2 diagonals (the mixing
  density, as for ``excluded``), the first 4 solvable and 4 unsolvable seeds
  of each size (``SYMMETRIC_SEEDS``, found by ``--scan`` as above).

``--frontier`` runs instead the benchmark of issue 42: excluded-diagonal
boards at N = 32, 36 and 40 made by ``queens generate diagonals`` (K = 80, 85
and 90 % of N diagonals, seeds 0 and 1 each: 18 boards, mostly solvable; and
K = N, the recorded seeds the identities refute, ``FRONTIER_UNSOLVABLE``),
each solved by whole ``queens solve --board F --certificate C`` processes
(``auto`` and ``sat``) under a limit of ``--cpu-cap`` CPU-seconds for the
whole process tree (the solver processes it forks included: ``cpu_run``),
the plain CNF of the board (``queens.certificate.board_cnf``) through each
PySAT solver of ``--alone`` beside them (CaDiCaL's options after slashes:
``cadical195/phase=0``), and each certificate replayed by
``queens check --certificate C``; CPU seconds (user + system, the process and
its children) throughout.

``--symmetry on|off|both`` times each method with symmetry breaking (the
default), without it (the same ``queens solve`` process with
``queens.engines.hard.symmetry_breaking.ENABLED`` turned off), or both.

For each family and method (auto, propagate, sat) it prints the median and
the largest time of one ``queens solve --board FILE --method M`` process per
instance (each answer checked), then the comparison of the two SAT solvers
considered, OR-Tools CP-SAT and PySAT's CaDiCaL, on the same instances after
propagation (one thread each, in-process solver time), with their installed
sizes.  Timings are medians of single runs per instance: on a shared machine
they are noisy.

The solver comparison gives CaDiCaL alone (the ``sat`` method's encoding of
the propagated board, without the diagonal-sum reasoning) and CP-SAT the same
instances, each run in a child process stopped at ``--compare-timeout``
seconds (what timed out is counted as undecided).

Usage: python benchmarks/hard.py [--seeds K] [--timeout S] [--quick]
       [--families F,...] [--methods M,...] [--compare-timeout S] [--no-compare] [--scan]
       [--symmetry on|off|both]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from queens import hard_boards
from queens.board import Board
from queens.engines.hard import cnf, propagate, sat
from queens.symmetry import Symmetry
from queens.validate import board_problem

METHODS = ("auto", "propagate", "sat")
TARGETS = {
    "completion": 2.0,
    "blocked": 5.0,
    "diagonals": 20.0,
    "excluded": 20.0,
    "symmetric": 20.0,
}

# Densities and counts near the hard region, from calibration runs of this
# generator (about half of the boards solvable): see docs/how-it-works/hard-boards.md.
BLOCKED = {20: 0.70, 30: 0.76, 40: 0.82, 50: 0.85}
DIAGONALS = {14: 12, 16: 14, 18: 16, 20: 18}
# Excluded diagonals past the frontier: K for each N where about half of the
# boards (seeds 0..9) were solvable, scanning K = N-4..N (see docs/how-it-works/hard-boards.md).
EXCLUDED = {21: 19, 22: 20, 23: 21, 24: 22, 25: 23, 26: 24, 27: 25, 28: 26, 29: 27, 30: 28}
EXCLUDED_EACH = 4
"""Solvable and unsolvable instances a size (so 8 a size)."""
EXCLUDED_SCAN = 60
"""Seeds tried a size before giving up on finding EXCLUDED_EACH of each kind."""
EXCLUDED_SEEDS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    21: ((2, 4, 5, 6), (0, 1, 3, 7)),
    22: ((0, 1, 2, 5), (3, 4, 8, 11)),
    23: ((1, 2, 5, 6), (0, 3, 4, 7)),
    24: ((2, 5, 7, 9), (0, 1, 3, 4)),
    25: ((2, 5, 7, 8), (0, 1, 3, 4)),
    26: ((1, 2, 5, 6), (0, 3, 4, 11)),
    27: ((0, 1, 2, 4), (3, 13, 14, 18)),
    28: ((0, 1, 5, 6), (3, 4, 13, 14)),
    29: ((0, 1, 2, 4), (3, 13, 14, 16)),
    30: ((0, 1, 2, 5), (3, 4, 13, 14)),
}
"""The solvable and the unsolvable seeds of each size, as ``--scan`` found them (the
scan left N = 28 seed 2 and N = 30 seed 9 undecided within 60 s, under load)."""
SYMMETRIC = {n: n - 2 for n in range(20, 27)}
"""K diagonals (with their images) for each N of the symmetric family: the mixing
density, measured as for EXCLUDED (seeds 0..9, K = N - 2: 3 to 7 of 10 solvable)."""
SYMMETRIC_SEEDS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    20: ((0, 1, 2, 3), (5, 6, 7, 8)),
    21: ((0, 1, 2, 4), (3, 5, 9, 11)),
    22: ((1, 2, 4, 5), (0, 3, 6, 8)),
    23: ((1, 4, 5, 7), (0, 2, 3, 6)),
    24: ((0, 1, 3, 5), (2, 4, 6, 7)),
    25: ((0, 1, 3, 7), (2, 4, 5, 6)),
    26: ((1, 2, 3, 7), (0, 4, 5, 6)),
}
"""The symmetric family's solvable and unsolvable seeds of each size, as ``--scan`` found
them (with symmetry breaking; none left undecided within 60 s, under load 5)."""
EXPECTED: dict[str, str] = {}
"""The answer ("sat" or "unsat") recorded for a board of the excluded family, by its text."""

Instance = tuple[str, str, Board]
"""(family, label, board)"""


def instances(
    seeds: int, quick: bool, families: set[str], timeout: float, scan: bool = False
) -> list[Instance]:
    found: list[Instance] = []
    if "excluded" in families:
        found += excluded_instances(quick, timeout, scan)
    if "symmetric" in families:
        found += symmetric_instances(quick, timeout, scan)
    ds = (10, 20, 30) if quick else (10, 15, 20, 25, 30)
    for d in ds:
        n = round(0.19 * d * d)
        for seed in range(seeds):
            found.append(("completion", f"place N={n} d={d}", hard_boards.placed(n, n - d, seed)))
    for seed in range(seeds):
        found.append(("completion", "remove N=400 D=40", hard_boards.removed(400, 40, seed)))
    for n, density in BLOCKED.items():
        for seed in range(seeds):
            found.append(("blocked", f"N={n} p={density}", hard_boards.blocked(n, density, seed)))
    for n, count in DIAGONALS.items():
        if quick and n > 16:
            continue
        for seed in range(seeds):
            found.append(("diagonals", f"N={n} K={count}", hard_boards.diagonals(n, count, seed)))
    return [i for i in found if i[0] in families]


Generator = Callable[[int, int, int], Board]
"""A seeded family's boards: (N, K, seed) -> board."""


def excluded_instances(quick: bool, timeout: float, scan: bool) -> list[Instance]:
    """EXCLUDED_EACH solvable and unsolvable boards of each size: those of
    EXCLUDED_SEEDS, or with ``scan`` the first ones found (see the docstring)."""
    return seeded_instances(
        "excluded", hard_boards.diagonals, EXCLUDED, EXCLUDED_SEEDS, quick, timeout, scan
    )


def symmetric_instances(quick: bool, timeout: float, scan: bool) -> list[Instance]:
    """The symmetric family: as :func:`excluded_instances`, from SYMMETRIC_SEEDS."""
    return seeded_instances(
        "symmetric", symmetric_diagonals, SYMMETRIC, SYMMETRIC_SEEDS, quick, timeout, scan
    )


def seeded_instances(
    family: str,
    make: Generator,
    counts: dict[int, int],
    known: Seeds,
    quick: bool,
    timeout: float,
    scan: bool,
) -> list[Instance]:
    """The recorded (or, with ``scan``, newly found) seeds' boards, answers recorded."""
    seeds = seed_scan(family, make, counts, quick, timeout) if scan or not known else known
    found: list[Instance] = []
    for n, (solvable, unsolvable) in seeds.items():
        if quick and n % 4 != 1:
            continue
        label = f"N={n} K={counts[n]}"
        for seeds_, answer in ((solvable, "sat"), (unsolvable, "unsat")):
            for seed in seeds_:
                board = make(n, counts[n], seed)
                EXPECTED[str(board)] = answer
                found.append((family, label, board))
    return found


def diagonal_image(n: int, line: tuple[str, int], symmetry: Symmetry) -> tuple[str, int]:
    """The diagonal (``("sum", r + c)`` or ``("diff", r - c)``) a symmetry maps ``line`` onto:
    the half turn keeps the kind (r + c -> 2(n - 1) - (r + c), r - c -> c - r), the
    mirror swaps it (r + c -> (r + c) - (n - 1) as a difference, and back)."""
    kind, k = line
    if symmetry is Symmetry.ROTATE_180:
        return (kind, 2 * (n - 1) - k) if kind == "sum" else (kind, -k)
    if symmetry is Symmetry.MIRROR:
        return ("diff", k - (n - 1)) if kind == "sum" else ("sum", k + n - 1)
    raise ValueError(f"no diagonal image under {symmetry.value}")


def symmetric_diagonals(n: int, count: int, seed: int) -> Board:
    """Every square of about ``count`` diagonals reserved, chosen at random with their
    images under the half turn (even seeds) or the mirror (odd seeds): the board
    keeps that symmetry (``count`` or one more, when the last diagonal's image
    is another diagonal)."""
    symmetry = (Symmetry.ROTATE_180, Symmetry.MIRROR)[seed % 2]
    lines = [("sum", k) for k in range(2 * n - 1)] + [("diff", k) for k in range(-(n - 1), n)]
    random.Random(seed).shuffle(lines)
    chosen: set[tuple[str, int]] = set()
    for line in lines:
        if len(chosen) >= count:
            break
        chosen |= {line, diagonal_image(n, line, symmetry)}
    sums = {k for kind, k in chosen if kind == "sum"}
    diffs = {k for kind, k in chosen if kind == "diff"}
    reserved = [(r, c) for r in range(n) for c in range(n) if r + c in sums or r - c in diffs]
    return Board.build(n, reserved=reserved)


Seeds = dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
"""Each size's solvable and unsolvable seeds."""


def seed_scan(
    family: str, make: Generator, counts: dict[int, int], quick: bool, timeout: float
) -> Seeds:
    """Scan seeds 0, 1, 2, ... of each size for the first EXCLUDED_EACH solvable and
    unsolvable boards, as decided in this process by ``auto`` (solutions checked)."""
    from queens.engines.hard import portfolio
    from queens.engines.hard.budget import Deadline, Undecided

    chosen: Seeds = {}
    for n, count in counts.items():
        if quick and n % 4 != 1:
            continue
        kinds: dict[bool, list[int]] = {True: [], False: []}
        for seed in range(EXCLUDED_SCAN):
            board = make(n, count, seed)
            try:
                columns = portfolio.decide(
                    board.allowed_masks(), deadline=Deadline(timeout)
                ).columns
            except Undecided:
                print(f"# {family} N={n} K={count} seed {seed}: undecided in {timeout:g} s")
                continue
            if columns is not None and board_problem(columns, board) is not None:
                raise SystemExit(f"wrong answer by auto on {family} N={n} seed {seed}")
            kind = kinds[columns is not None]
            if len(kind) < EXCLUDED_EACH:
                kind.append(seed)
            if min(len(k) for k in kinds.values()) >= EXCLUDED_EACH:
                break
        chosen[n] = (tuple(kinds[True]), tuple(kinds[False]))
        print(f"# {family} N={n} K={count}: seeds 0..{seed} scanned: solvable {kinds[True]}, "
              f"unsolvable {kinds[False]}", flush=True)  # fmt: skip
    print(f"# {family.upper()}_SEEDS = {chosen}")
    return chosen


def queens_command() -> list[str]:
    script = Path(sys.executable).with_name("queens")
    if script.exists():
        return [str(script)]
    found = shutil.which("queens")
    if found:
        return [found]
    return [sys.executable, "-c", "from queens.cli import entry_point; entry_point()"]


CPU_SECONDS: list[float] = []
"""CPU time (user + system, the process and its children) of each run_solve, in order."""


WITHOUT_SYMMETRY = (
    "import sys; from queens.engines.hard import symmetry_breaking; "
    "symmetry_breaking.ENABLED = False; from queens.cli import entry_point; entry_point()"
)
"""The ``queens`` command with symmetry breaking turned off (``--symmetry off``)."""


def run_solve(
    path: Path, board: Board, method: str, timeout: float, symmetry: bool = True
) -> tuple[str, float]:
    """One whole process: (answer, seconds), the answer checked against the board."""
    command = queens_command() if symmetry else [sys.executable, "-c", WITHOUT_SYMMETRY]
    argv = [*command, "solve", "--board", str(path), "--method", method]
    argv += ["--format", "json", "--timeout", str(timeout)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU_SECONDS.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if done.returncode == 0:
        problem = board_problem(json.loads(done.stdout)["columns"], board)
        if problem is not None:
            raise SystemExit(f"wrong answer by {method} on {path}: {problem}")
        return "sat", seconds
    if done.returncode == 1:
        return "unsat", seconds
    if done.returncode == 3:
        return "undecided", seconds
    raise SystemExit(f"queens solve failed on {path}: {done.stderr.strip()}")


# -- the solver comparison ----------------------------------------------------


def cadical(problem: cnf.Residual, timeout: float) -> bool | None:
    from pysat.solvers import Solver

    formula, _ = cnf.clauses(problem)
    with Solver(name=sat.SOLVER, bootstrap_with=formula) as solver:
        return bool(solver.solve())


def cpsat(problem: cnf.Residual, timeout: float) -> bool | None:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.NewBoolVar(f"q{i}") for i in range(len(problem.squares))]
    for i in problem.excluded:
        model.Add(x[i] == 0)
    for group in (*problem.rows, *problem.columns):
        model.AddExactlyOne([x[i] for i in group])
    for group in problem.diagonals:
        model.AddAtMostOne([x[i] for i in group])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = timeout
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True
    if status == cp_model.INFEASIBLE:
        return False
    return None


def ours(problem: cnf.Residual, timeout: float) -> bool | None:
    """This package's auto engine (with the diagonal-sum reasoning) on the same propagated board."""
    from queens.engines.hard import portfolio

    state = problem.state
    n = len(state.rows) + len(state.placed)
    allowed = [state.rows[r] if r in state.rows else 1 << state.placed[r] for r in range(n)]
    return portfolio.decide(allowed).columns is not None


Backend = Callable[[cnf.Residual, float], "bool | None"]


def _child(conn: Any, backend: Backend, problem: cnf.Residual, timeout: float) -> None:
    start = time.perf_counter()
    answer = backend(problem, timeout)
    conn.send((answer, time.perf_counter() - start))


def timed(backend: Backend, problem: cnf.Residual, timeout: float) -> tuple[bool | None, float]:
    """Solver time in a child process, stopped at ``timeout`` (CaDiCaL cannot be interrupted)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, backend, problem, timeout))
    process.start()
    try:
        if receive.poll(timeout + 1):
            answer: tuple[bool | None, float] = receive.recv()
            return answer
        return None, timeout
    finally:
        process.kill()
        process.join()


def installed_size(distribution: str) -> tuple[float, int]:
    """Megabytes on disk of a distribution and everything it requires, and how many packages."""
    seen: set[str] = set()
    todo = [distribution]
    total = 0
    while todo:
        name = re.split(r"[ ;<>=!\[~(]", todo.pop(), maxsplit=1)[0].lower().replace("_", "-")
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen.add(name)
        for file in dist.files or ():
            with contextlib.suppress(OSError):
                total += os.path.getsize(Path(str(file.locate())))
        todo += [r for r in dist.requires or () if "extra ==" not in r]
    return total / 1e6, len(seen)


def available(module: str) -> bool:
    from importlib.util import find_spec

    return find_spec(module) is not None


# -- reporting -------------------------------------------------------------------


def table(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"
        for row in rows
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def answers_text(answers: list[str]) -> str:
    return "/".join(str(answers.count(a)) for a in ("sat", "unsat", "undecided"))


# -- the frontier: N = 32..40, with certificates (issue 42) ------------------------

FRONTIER_SIZES = (32, 36, 40)
FRONTIER_SHARES = (0.80, 0.85, 0.90)
"""K = round(share * N) diagonals excluded (both directions, as the generator picks)."""
FRONTIER_SEEDS = (0, 1)
FRONTIER_UNSOLVABLE = {32: (4,), 36: (1, 2), 40: (1, 2)}
"""Seeds of K = N boards the diagonal-sum identities refute (found by trying seeds 0..7)."""


def frontier_boards(sizes: tuple[int, ...] = FRONTIER_SIZES) -> list[tuple[int, int, int]]:
    """(N, K, seed) of every frontier board of ``sizes``."""
    found = [
        (n, round(share * n), seed)
        for n in sizes
        for share in FRONTIER_SHARES
        for seed in FRONTIER_SEEDS
    ]
    unsolvable = FRONTIER_UNSOLVABLE.items()
    return found + [(n, n, seed) for n, seeds in unsolvable if n in sizes for seed in seeds]


def capped(seconds: float) -> Callable[[], None]:
    """A ``preexec_fn`` limiting a child process to ``seconds`` of CPU."""

    def limit() -> None:
        cap = max(1, round(seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap + 1))

    return limit


def cpu_run(argv: list[str], cap: float) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``argv`` under a CPU cap: the finished process and its CPU seconds (with children).

    The cap holds for the whole process tree (the solver processes a run forks
    included): its CPU time is read from ``/proc`` every ``TREE_POLL`` seconds and
    the tree killed past the cap (exit status -9); ``RLIMIT_CPU`` caps each
    process besides."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, text=True,
                                 preexec_fn=capped(cap), start_new_session=True)  # fmt: skip
        while True:
            try:
                child.wait(TREE_POLL)
                break
            except subprocess.TimeoutExpired:
                if tree_cpu(child.pid) > cap:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(child.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # members left behind, if any
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(argv, child.returncode, out.read(), err.read())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


TREE_POLL = 0.1
"""Seconds between two looks at a capped run's CPU time."""


def tree_cpu(session: int) -> float:
    """CPU seconds of the processes of ``session`` (a run started in a session of its
    own), the children they have reaped included; 0 for what cannot be read."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[3]) == session:  # field 6 of the stat line: the session
                total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / os.sysconf("SC_CLK_TCK")


def plain_child(conn: Any, path: str, name: str) -> None:
    """PySAT's solver ``name`` alone on the board's plain CNF, in a child process: sends
    True or False.  ``name`` may carry CaDiCaL's options, as in
    ``cadical195/phase=0/stabilizeonly=1``."""
    from pysat.solvers import Solver

    from queens.certificate import board_cnf

    board = Board.parse(Path(path).read_text())
    solver_name, *options = name.split("/")
    with Solver(name=solver_name, bootstrap_with=board_cnf(board)) as solver:
        if options:
            settings = (option.split("=") for option in options)
            solver.configure({key: int(value) for key, value in settings})
        conn.send(bool(solver.solve()))


def plain_run(path: Path, cap: float, name: str) -> tuple[str, float]:
    """PySAT's solver ``name`` on the plain CNF under a CPU cap: (answer, CPU seconds)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = context.Process(target=_capped_plain, args=(send, str(path), cap, name))
    child.start()
    send.close()
    answer = "undecided"
    with contextlib.suppress(EOFError):
        answer = "sat" if receive.recv() else "unsat"
    child.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return answer, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _capped_plain(conn: Any, path: str, cap: float, name: str) -> None:
    capped(cap)()
    plain_child(conn, path, name)


def frontier(
    cap: float, methods: list[str], boards: list[tuple[int, int, int]], alone: list[str]
) -> None:
    """The frontier benchmark (see the module docstring): one table row a board."""
    command = queens_command()
    rows = [["N", "K", "seed", "answer", *(f"{m} CPU" for m in methods),
             *(f"{name} alone CPU" for name in alone), "certificate", "check CPU"]]  # fmt: skip
    tally: dict[str, list[int]] = {}  # method: [within the cap, over it, undecided]
    with tempfile.TemporaryDirectory() as folder:
        for n, k, seed in boards:
            path = Path(folder) / f"d{n}-{k}-{seed}.txt"
            subprocess.run([*command, "generate", "diagonals", str(n), "--diagonals", str(k),
                            "--seed", str(seed), "--out", str(path)], check=True)  # fmt: skip
            board = Board.parse(path.read_text())
            answers: set[str] = set()
            spent: list[str] = []
            kind, check_cpu = "-", "-"
            for method in methods:
                cert = Path(folder) / f"{path.stem}-{method}.cert"
                argv = [*command, "solve", "--board", str(path), "--method", method]
                done, cpu = cpu_run([*argv, "--format", "json", "--certificate", str(cert)], cap)
                refuted = done.returncode == 1 and "no solution exists" in done.stderr
                answer = "sat" if done.returncode == 0 else "unsat" if refuted else "undecided"
                if answer == "sat":
                    problem = board_problem(json.loads(done.stdout)["columns"], board)
                    if problem is not None:
                        raise SystemExit(f"wrong answer by {method} on {path}: {problem}")
                if answer != "undecided":
                    answers.add(answer)
                    checked, check_seconds = cpu_run([*command, "check", "--certificate",
                                                      str(cert)], 600)  # fmt: skip
                    if checked.returncode != 0:
                        raise SystemExit(f"certificate refused: {checked.stdout.strip()}")
                    kind = json.loads(cert.read_text())["argument"]
                    check_cpu = f"{check_seconds:.2f}"
                kinds = tally.setdefault(method, [0, 0, 0])
                kinds[2 if answer == "undecided" else 0 if cpu <= cap else 1] += 1
                spent.append(f"{cpu:.2f}" if answer != "undecided" else f"> {cap:g}")
            for name in alone:
                plain, plain_cpu = plain_run(path, cap, name)
                if plain != "undecided":
                    answers.add(plain)
                spent.append(f"{plain_cpu:.2f}" if plain != "undecided" else f"> {cap:g}")
            if len(answers) > 1:
                raise SystemExit(f"the methods disagree on {path}: {answers}")
            answer = answers.pop() if answers else "undecided"
            rows.append([str(n), str(k), str(seed), answer, *spent, kind, check_cpu])
            print("  " + " ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"\n## Frontier boards: CPU seconds a board (cap {cap:g} s; load {os.getloadavg()})\n")
    print(table(rows))
    for method, (within, over, undecided) in tally.items():
        # "In more": the tree is looked at every TREE_POLL seconds, so a run may end past it.
        print(f"- {method}: {within} decided within {cap:g} CPU-seconds, {over} in more, "
              f"{undecided} undecided")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4, help="instances per size (default 4)")
    parser.add_argument("--timeout", type=float, default=60.0, help="cap per run in seconds")
    parser.add_argument("--quick", action="store_true", help="fewer sizes, for a smoke test")
    parser.add_argument(
        "--families",
        default=",".join(TARGETS),
        help=f"comma-separated, from {', '.join(TARGETS)} (default all)",
    )
    parser.add_argument(
        "--compare-timeout",
        type=float,
        default=60.0,
        help="cap per solver run in the solver comparison, seconds (default 60)",
    )
    parser.add_argument(
        "--methods",
        default=",".join(METHODS),
        help=f"comma-separated methods to time (default {','.join(METHODS)})",
    )
    parser.add_argument("--no-compare", action="store_true", help="skip the solver comparison")
    parser.add_argument(
        "--scan",
        action="store_true",
        help="find the seeded families' seeds again instead of the recorded ones (slow)",
    )
    parser.add_argument(
        "--symmetry",
        choices=("on", "off", "both"),
        default="on",
        help="time with symmetry breaking (default), without it, or both",
    )
    parser.add_argument(
        "--frontier",
        action="store_true",
        help="run the frontier benchmark instead (N = 32..40, certificates; see above)",
    )
    parser.add_argument(
        "--cpu-cap",
        type=float,
        default=20.0,
        help="CPU-seconds a frontier run may take (default 20)",
    )
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, FRONTIER_SIZES)),
        help="the frontier's board sizes (default 32,36,40)",
    )
    parser.add_argument(
        "--only", default="", help="frontier: these boards only, as N:K:SEED,... (default all)"
    )
    parser.add_argument(
        "--alone",
        default=sat.SOLVER,
        help="frontier: PySAT solvers timed alone on the plain CNF, comma-separated, "
        "CaDiCaL's options after slashes "
        f"(default {sat.SOLVER}; e.g. {sat.SOLVER},{sat.KISSAT},{sat.SOLVER}/phase=0)",
    )
    parser.add_argument(
        "--no-plain", action="store_true", help="frontier: time no solver alone (as --alone '')"
    )
    args = parser.parse_args()
    if args.frontier:
        methods = [m for m in args.methods.split(",") if m in ("auto", "sat")]
        sizes = tuple(int(n) for n in args.sizes.split(","))
        boards = frontier_boards(sizes)
        if args.only:
            specs = [[int(x) for x in spec.split(":")] for spec in args.only.split(",")]
            boards = [(n, k, seed) for n, k, seed in specs]
        alone = [] if args.no_plain else [name for name in args.alone.split(",") if name]
        frontier(args.cpu_cap, methods, boards, alone)
        return
    families = set(args.families.split(","))
    if not families <= set(TARGETS):
        parser.error(f"unknown family in {args.families!r}")

    found = instances(args.seeds, args.quick, families, args.timeout, args.scan)
    methods = [m for m in args.methods.split(",") if m != "sat" or sat.available()]
    if not set(methods) <= set(METHODS):
        parser.error(f"unknown method in {args.methods!r}")
    print(f"# queens hard-puzzle benchmark: {len(found)} instances, {args.seeds} seeds a size")
    print(f"# {os.cpu_count()} CPUs; one `queens solve --board` process per instance and method")
    results: dict[tuple[str, str, str], list[tuple[str, float]]] = {}
    cpu: dict[tuple[str, str, str], list[float]] = {}
    modes = {"on": (True,), "off": (False,), "both": (True, False)}[args.symmetry]
    variants = [(m, on) for m in methods for on in modes]
    with tempfile.TemporaryDirectory() as folder:
        for index, (family, label, board) in enumerate(found):
            path = Path(folder) / f"board-{index}.txt"
            path.write_text(str(board) + "\n")
            for plain, on in variants:
                method = plain if on else f"{plain} (no symmetry breaking)"
                answer = run_solve(path, board, plain, args.timeout, on)
                if answer[0] != "undecided" and EXPECTED.get(str(board), answer[0]) != answer[0]:
                    raise SystemExit(f"{method} answered {answer[0]} on {family} {label}, "
                                     f"recorded {EXPECTED[str(board)]}: {path}")  # fmt: skip
                results.setdefault((family, label, method), []).append(answer)
                cpu.setdefault((family, label, method), []).append(CPU_SECONDS[-1])
                print(
                    f"  {family} {label} {method}: {answer[0]} {answer[1]:.2f} s", file=sys.stderr
                )

    print("\n## Whole-process `queens solve --board` times (seconds)\n")
    rows = [["family", "instances", "method", "sat/unsat/undecided", "median", "max", "target",
             "CPU median", "CPU max"]]  # fmt: skip
    for family in (f for f in TARGETS if f in families):
        for method in dict.fromkeys(m for (_, _, m) in results):
            runs = [
                r for (f, _, m), rs in results.items() if f == family and m == method for r in rs
            ]
            spent = [c for (f, _, m), cs in cpu.items() if f == family and m == method for c in cs]
            times = [t for _, t in runs]
            rows.append([family, str(len(runs)), method, answers_text([a for a, _ in runs]),
                         f"{statistics.median(times):.2f}", f"{max(times):.2f}",
                         f"< {TARGETS[family]:g}", f"{statistics.median(spent):.2f}",
                         f"{max(spent):.2f}"])  # fmt: skip
    print(table(rows))
    print("\n### By size\n")
    rows = [["family", "size", "method", "sat/unsat/undecided", "median", "max", "CPU median",
             "CPU max"]]  # fmt: skip
    for (family, label, method), runs in results.items():
        times = [t for _, t in runs]
        spent = cpu[family, label, method]
        rows.append([family, label, method, answers_text([a for a, _ in runs]),
                     f"{statistics.median(times):.2f}", f"{max(times):.2f}",
                     f"{statistics.median(spent):.2f}", f"{max(spent):.2f}"])  # fmt: skip
    print(table(rows))
    if not args.no_compare:
        compare(found, args.compare_timeout)


def compare(found: list[Instance], timeout: float) -> None:
    print("\n## SAT solvers on the same instances after propagation (solver time, seconds)\n")
    backends: dict[str, Backend] = {}
    if available("pysat"):
        backends["queens auto (identity, then search or CaDiCaL)"] = ours
        backends["CaDiCaL alone (python-sat)"] = cadical
    if available("ortools"):
        backends["CP-SAT (ortools, 1 worker)"] = cpsat
    if not backends:
        print("neither python-sat nor ortools is installed: no comparison")
        return
    times: dict[tuple[str, str], list[float]] = {}
    outcomes: dict[tuple[str, str], list[bool | None]] = {}
    for family, _, board in found:
        state = propagate.root(board.allowed_masks())
        if state is None or not state.rows:
            continue  # decided by propagation alone: nothing for a solver to do
        problem = cnf.residual(state)
        for name, backend in backends.items():
            answer, seconds = timed(backend, problem, timeout)
            times.setdefault((family, name), []).append(seconds)
            outcomes.setdefault((family, name), []).append(answer)
    rows = [["family", "solver", "instances", "sat/unsat/undecided", "median", "max"]]
    for (family, name), seconds in times.items():
        got = [
            "sat" if a else "unsat" if a is False else "undecided" for a in outcomes[family, name]
        ]
        rows.append([family, name, str(len(seconds)), answers_text(got),
                     f"{statistics.median(seconds):.2f}", f"{max(seconds):.2f}"])  # fmt: skip
    print(table(rows))
    print("\nInstalled size (the distribution and everything it requires, as installed here):\n")
    for name in ("python-sat", "ortools"):
        megabytes, packages = installed_size(name)
        if packages:
            print(f"- {name}: {megabytes:.0f} MB in {packages} packages")
        else:
            print(f"- {name}: not installed")


if __name__ == "__main__":
    main()
