"""The SAT backend for the hardest boards: PySAT's CaDiCaL (the optional ``sat`` extra).

The propagating search (``queens.engines.hard.propagate``) first places
everything forced, and the diagonal-sum identity
(``queens.engines.hard.diagonal_sums``) may refute the board there; what is
left is encoded as CNF (``queens.engines.hard.cnf``) and goes to the SAT
solver.

CaDiCaL was chosen over OR-Tools CP-SAT by ``benchmarks/hard.py``: on the
same propagated instances (one thread each) it was faster in median and
worst case on every family, and python-sat weighs about 14 MB installed
against about 240 MB for ortools with its dependencies.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from importlib.util import find_spec
from multiprocessing.connection import Connection
from typing import Unpack

from queens.board import Board
from queens.certificate import board_cnf
from queens.engines.hard import diagonal_sums, propagate, turns, verdict, walk
from queens.engines.hard.budget import NEVER, Deadline
from queens.engines.hard.cnf import clauses, colour_clauses, residual, symmetry_clauses
from queens.engines.hard.state import Shape
from queens.engines.hard.verdict import Verdict
from queens.rules import Rule

SOLVER = "cadical195"
"""The PySAT solver used on the propagated board (and on the plain CNF beside Kissat)."""

KISSAT = "kissat404"
"""The PySAT solver (Kissat 4.0.4) beside CaDiCaL on the plain CNF (``PLAIN_MEMBERS``)."""

NARROWED_SHARE = 0.5
"""The share of the turns (``queens.engines.hard.turns.race``) of CaDiCaL on the
propagated board: it goes first, so a small board is decided in its first
turn, but on the frontier boards it was seldom the fastest."""

Options = tuple[tuple[str, int], ...]
"""CaDiCaL's options (name, value), as its ``--name=value`` command-line options."""

SAT_CONFIGURATION: Options = (("stabilizeonly", 1), ("elimreleff", 10), ("subsumereleff", 60))
"""CaDiCaL's ``--sat`` configuration (these three options, as its ``src/config.cpp``
sets them): always in stable mode (long phases of the saved assignment), less
time in elimination and subsumption; its authors' preset for satisfiable
instances.  CaDiCaL ignores an option name it does not know, silently."""

WALK_SHARE = 5.0
"""The share of the turns of the local search (``queens.engines.hard.walk``), after
CaDiCaL on the propagated board and before the plain members: 5 of 8.5.
On the frontier boards it alone decided within 20 CPU-seconds the three boards no SAT
member did (N = 36, K = 32, seed 0: 3.8 to 19 CPU-seconds over four seeds of its
own, under load 10; 8.0 from the portfolio's seed since the swap cost is worked out
from the counts, load 12), and most others in under a second; it never answers on a
board with no solution, whose proof then takes about 2.4 times as long (8.5 / 3.5).
``benchmarks/hard.py --frontier`` (turns by level, ``queens.engines.hard.turns``;
load 10 to 12): with a share of 3 of 6.5 the walk took N = 36, K = 32, seed 0 past
20 CPU-seconds in the turns; with 4 of 7.5 it took 17.0 and 18.9 in two runs, with 5
of 8.5, 14.8, where Kissat's board N = 32, K = 29, seed 0 (``PLAIN_MEMBERS``) went
from 14.3 and 12.3 to 16.1."""

PLAIN_MEMBERS: tuple[tuple[str, Options, float], ...] = (
    (SOLVER, SAT_CONFIGURATION, 1.0),
    (KISSAT, (), 1.5),
    (SOLVER, (), 0.25),
    (SOLVER, (("phase", 0),), 0.25),
)
"""The solvers that work on the plain CNF beside CaDiCaL on the propagated board:
PySAT's name, CaDiCaL's options, and the share of the turns.

Measured alone on the plain CNF of the boards of ``benchmarks/hard.py
--frontier`` (N = 32..40, CPU-seconds, capped at 20, load 7 to 17): Kissat
decided boards CaDiCaL left undecided (N = 32, K = 27, seed 0: 1.82 s), and
CaDiCaL others many times faster than Kissat (N = 36, K = 31, seed 0: 0.65 s
against 8.89).  CaDiCaL with the initial phase false (``phase=0``) decided
N = 40, K = 34, seed 0, which neither did (2.0 s), but took 8.9 s where the
default took 0.16 (N = 36, K = 31, seed 1).  CaDiCaL in its ``--sat``
configuration (``SAT_CONFIGURATION``) decided N = 40, K = 32, seed 0 in 0.3 s,
which CaDiCaL as it comes took 14.95 s for, and 4 of 5 other solvable boards tried
in 0.19 to 3.2 s (load 15), so it takes the first plain turn.  None wins
everywhere, so all take turns.  Since the local search (``WALK_SHARE``) takes turns
too, CaDiCaL as it comes and with ``phase=0`` have a share of 0.25 each: the boards
where they were the quickest (N = 36, K = 29 and 31, seed 0; N = 40, K = 34, seed 0)
the walk decides in about a second, while on N = 32, K = 29, seed 0 (which the walk
did not decide within 60 CPU-seconds) only Kissat (2.19 alone) and the ``--sat``
CaDiCaL (3.15) did, the other two not within 20 (load 8 to 10).  So Kissat has a
share of 1.5: with 1 (of 7.5) that board took more than 20 CPU-seconds in the
turns, with 1.5 it took 14.3 (``benchmarks/hard.py --frontier``, load 10; 16.1
with the walk's share 5, of 8.5)."""

MISSING = (
    "the sat method needs python-sat: install queens-toolkit[sat] "
    "(pip install 'queens-toolkit[sat]')"
)


class SolverMissing(RuntimeError):
    """The optional SAT solver is not installed.

    >>> print(SolverMissing())
    the sat method needs python-sat: install queens-toolkit[sat] (pip install 'queens-toolkit[sat]')
    >>> isinstance(SolverMissing(), RuntimeError)
    True
    """

    def __init__(self) -> None:
        super().__init__(MISSING)


def available() -> bool:
    """True when the SAT solver can be imported."""
    return find_spec("pysat") is not None


def decide(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    symmetry: bool = True,
    **shape: Unpack[Shape],
) -> Verdict:
    """CaDiCaL's ``Verdict`` on the board: a solution
    (0-based columns per row, -1 for an empty row) or None, and what decided it.

    ``shape``: as ``queens.engines.hard.propagate.decide`` takes it.  Raises
    ``SolverMissing`` without python-sat and
    ``Undecided`` when ``deadline`` passes.
    CaDiCaL cannot be interrupted, so with a deadline it runs in a child
    process that is stopped when the time is up.  For N queens on N x N under
    the queen rule, the local search (``queens.engines.hard.walk``), Kissat and
    CaDiCaL (three times) on the board's plain CNF (``plain_encoding``,
    ``PLAIN_MEMBERS``) take turns with it, each in its own process
    (``queens.engines.hard.turns``).  With ``symmetry``, the
    propagated board's own symmetries get lex-leader clauses
    (``symmetry_clauses``).
    """
    if not available():
        raise SolverMissing
    plain = plain_encoding(allowed, shape)
    if plain is not None and not multiprocessing.current_process().daemon:
        members = [partial(decide_here, allowed, shape, symmetry)]
        shares = [NARROWED_SHARE]
        members.append(partial(walk.decide, list(allowed)))
        shares.append(WALK_SHARE)
        for name, options, share in PLAIN_MEMBERS:
            members.append(partial(decide_plain, plain, len(allowed), name, options))
            shares.append(share)
        return turns.race(members, deadline, shares)
    if deadline.at is None:
        return decide_here(allowed, shape, symmetry)
    child = Background(allowed, shape, symmetry)
    try:
        if not child.wait(deadline.remaining()):
            raise deadline.undecided()
        return child.result()
    finally:
        child.stop()


def decide_here(
    allowed: Sequence[int], shape: Shape | None = None, symmetry: bool = True
) -> Verdict:
    """``decide`` in this process, without a time limit.

    The board is first propagated and checked against the diagonal-sum
    identity (``queens.engines.hard.propagate.checked_root``); only what
    survives goes to the solver.
    """
    state = propagate.before_search(allowed, **(shape or {}))
    if isinstance(state, Verdict):
        return state
    found = diagonal_sums.support(state)
    if found is None:
        return Verdict(None, verdict.IDENTITY)
    problem = residual(state, (found[1], found[3]))
    cnf, top = clauses(problem)
    cnf += colour_clauses(problem, top)
    broken = symmetry_clauses(problem, cnf, top) if symmetry else None
    answer = run_solver(cnf, broken[1] if broken is not None else [])
    how = verdict.SAT
    if answer.lex_used and broken is not None:
        how += f", {broken[0]} (lex-leader)"
    if answer.model is None:
        return Verdict(None, how)
    for index, (r, c) in enumerate(problem.squares):
        if answer.model[index] > 0:
            state.placed[r] = c
    return Verdict(state.solution(), how)


def decide_plain(
    clauses: list[list[int]], n: int, name: str = SOLVER, options: Options = ()
) -> Verdict:
    """The verdict of PySAT's solver ``name`` on the plain CNF of an n x n board
    (``plain_encoding``), with CaDiCaL's ``options`` (name, value) set."""
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    how = f"{verdict.KISSAT if name == KISSAT else verdict.SAT}, plain encoding"
    how += "".join(f", {option}={value}" for option, value in options)
    with Solver(name=name, bootstrap_with=clauses) as solver:
        if options:
            solver.configure(dict(options))
        if not solver.solve():
            return Verdict(None, how)
        true = {v for v in solver.get_model() or [] if v > 0}
    return Verdict([next(c for c in range(n) if r * n + c + 1 in true) for r in range(n)], how)


def plain_encoding(allowed: Sequence[int], shape: Shape) -> list[list[int]] | None:
    """The plain CNF of the unpropagated board (``queens.certificate.board_cnf``: square
    (r, c) is variable r*n + c + 1) for N queens on N x N under the queen rule; None for
    other shapes and rules."""
    n = len(allowed)
    width, queens = shape.get("width"), shape.get("queens")
    rule = shape.get("rule", Rule.QUEEN)
    if width not in (None, n) or queens not in (None, n) or rule is not Rule.QUEEN:
        return None
    reserved = [(r, c) for r in range(n) for c in range(n) if not (allowed[r] >> c) & 1]
    return board_cnf(Board.build(n, reserved=reserved))


LEX_AFTER_CONFLICTS = 200_000
"""Conflicts CaDiCaL gets on the plain encoding before the lex-leader clauses join."""


@dataclass(frozen=True)
class Answer:
    """CaDiCaL's model (None: unsatisfiable), and whether the lex-leader clauses were added."""

    model: list[int] | None
    lex_used: bool


def run_solver(cnf: list[list[int]], lex: list[list[int]]) -> Answer:
    """Solve ``cnf``; with ``lex`` (lex-leader clauses), first without them for
    ``LEX_AFTER_CONFLICTS`` conflicts, then with them added to the same solver.

    Why in two steps: measured on the solvable boards of the ``symmetric``
    family (16 boards, N = 21..26), the clauses made CaDiCaL find solutions
    about three times slower in total (it may only find a lex-leader), while
    they halved its proof on an unsolvable one (N = 23 seed 0: 37 s -> 16 s
    CPU).  Most solutions come within the budget; a proof that takes longer
    gets the clauses.  Sound: the clauses learnt in the first step follow
    from ``cnf`` alone, and ``cnf`` with ``lex`` is satisfiable exactly when
    ``cnf`` is (``lex_leader_clauses``).
    """
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    with Solver(name=SOLVER, bootstrap_with=cnf) as solver:
        found: bool | None
        if lex:
            solver.conf_budget(LEX_AFTER_CONFLICTS)
            found = solver.solve_limited()
            if found is None:
                solver.append_formula(lex)
                found = solver.solve()
                return Answer(solver.get_model() if found else None, True)
        else:
            found = solver.solve()
        return Answer(solver.get_model() if found else None, False)


def _child(conn: Connection, allowed: Sequence[int], shape: Shape, symmetry: bool) -> None:
    """The child process: decide and send the verdict back."""
    conn.send(decide_here(allowed, shape, symmetry))
    conn.close()


class Background:
    """The SAT solver working on a board in a child process, stopped at will."""

    def __init__(self, allowed: Sequence[int], shape: Shape, symmetry: bool = True) -> None:
        methods = multiprocessing.get_all_start_methods()
        # fork starts in milliseconds with everything imported; spawn elsewhere.
        context = (
            multiprocessing.get_context("fork")
            if "fork" in methods
            else multiprocessing.get_context("spawn")
        )
        self._conn, child_end = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_child, args=(child_end, list(allowed), shape, symmetry), daemon=True
        )
        self._process.start()
        child_end.close()

    def wait(self, seconds: float | None) -> bool:
        """Wait up to ``seconds`` (None: for ever) for the answer; True when it is in."""
        return self._conn.poll(seconds)

    def result(self) -> Verdict:
        try:
            answer: Verdict = self._conn.recv()
        except EOFError:
            raise RuntimeError("the SAT solver process ended without an answer") from None
        return answer

    def stop(self) -> None:
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._conn.close()
