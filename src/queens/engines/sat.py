"""The SAT backend for the hardest boards: PySAT's CaDiCaL (the optional ``sat`` extra).

The propagating search (``queens.engines.propagate``) first places
everything forced, and the diagonal-sum identity
(``queens.engines.diagonal_sums``) may refute the board there; what is
left goes to the SAT solver.  One Boolean
variable per square still open (an open row crossed with an open column);
exactly one queen per open row and per open column that must hold one, at
most one per other row and column and per diagonal, exactly as many queens
as are left in all when some rows or columns may stay empty, squares that
are reserved or attacked false.  The cardinality
constraints come from ``pysat.card``, not written by hand: the pairwise
encoding for groups of up to ``PAIRWISE_UP_TO`` squares (no auxiliary
variables; measured faster with CaDiCaL on blocked and diagonal boards),
sequential counters for longer ones (linear size).

CaDiCaL was chosen over OR-Tools CP-SAT by ``benchmarks/hard.py``: on the
same propagated instances (one thread each) it was faster in median and
worst case on every family, and python-sat weighs about 14 MB installed
against about 240 MB for ortools with its dependencies.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.util import find_spec
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Unpack

from queens.engines import propagate, verdict
from queens.engines.budget import NEVER, Deadline
from queens.engines.propagate import Shape
from queens.engines.verdict import Verdict

if TYPE_CHECKING:
    from pysat.formula import IDPool

SOLVER = "cadical195"
"""The PySAT solver used."""

PAIRWISE_UP_TO = 32
"""Groups up to this size get the pairwise encoding (n*(n-1)/2 clauses), longer ones counters."""

MISSING = (
    "the sat method needs python-sat: install queens-toolkit[sat] "
    "(pip install 'queens-toolkit[sat]')"
)


Needed = tuple[set[int], set[int]]
"""The d1 and the d2 diagonals that every solution uses."""


class SolverMissing(RuntimeError):
    """The optional SAT solver is not installed."""

    def __init__(self) -> None:
        super().__init__(MISSING)


def available() -> bool:
    """True when the SAT solver can be imported."""
    return find_spec("pysat") is not None


@dataclass(frozen=True)
class Residual:
    """What is left after propagation, as groups of square indices.

    ``squares[i]`` is the square of variable ``i + 1``; ``rows`` and
    ``columns`` are exactly-one groups (the lines that must hold a queen), and
    so is ``wrapped`` (on a torus the queens fill, its free wrapped diagonals:
    see ``rule_groups``), ``diagonals`` at-most-one groups (the rule's
    diagonals with two or more squares, the rows and columns that may stay
    empty, and under the superqueen rule each pair of squares a knight's jump
    apart), ``excluded`` the open-row, open-column squares no queen may take
    (reserved or attacked).  When some rows and columns may stay empty and the
    exactly-one groups do not settle how many queens there are, ``queens`` of
    the rows in ``counted`` (the rows that may stay empty) hold one.
    """

    state: propagate.State
    squares: tuple[tuple[int, int], ...]
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[int, ...], ...]
    excluded: tuple[int, ...]
    needed: tuple[tuple[int, ...], ...] = ()
    counted: tuple[tuple[int, ...], ...] = ()
    queens: int = 0
    wrapped: tuple[tuple[int, ...], ...] = ()


Groups = list[tuple[int, ...]]


def residual(state: propagate.State, needed: Needed = (set(), set())) -> Residual:
    """The open part of a propagated state, ready to encode.

    ``needed`` are the d1 (r + c) and d2 (r - c) diagonals every solution
    uses (``queens.engines.diagonal_sums.support``): each gets an
    at-least-one clause beside its at-most-one.
    """
    open_rows = sorted(state.rows)
    open_cols = sorted(state.cols)
    squares: list[tuple[int, int]] = []
    excluded: list[int] = []
    by_row: dict[int, list[int]] = {}
    by_col: dict[int, list[int]] = {}
    by_sum: dict[int, list[int]] = {}
    by_diff: dict[int, list[int]] = {}
    for r in open_rows:
        mask = state.rows[r]
        for c in open_cols:
            index = len(squares)
            squares.append((r, c))
            if (mask >> c) & 1:
                by_row.setdefault(r, []).append(index)
                by_col.setdefault(c, []).append(index)
                by_sum.setdefault(r + c, []).append(index)
                by_diff.setdefault(r - c, []).append(index)
            else:
                excluded.append(index)
    full_cols = len(open_cols) == state.left
    rows = [tuple(by_row[r]) for r in open_rows if state.must_fill(r)]
    columns = [tuple(by_col[c]) for c in open_cols] if full_cols else []
    free_rows = [tuple(by_row[r]) for r in open_rows if not state.must_fill(r)]
    free_cols = [] if full_cols else [tuple(by_col[c]) for c in open_cols]
    exactly, diagonals = rule_groups(state, squares, by_sum, by_diff)
    diagonals += [group for group in (*free_rows, *free_cols) if len(group) > 1]
    wanted = [tuple(by_sum.get(d, ())) for d in sorted(needed[0])]
    wanted += [tuple(by_diff.get(d, ())) for d in sorted(needed[1])]
    settled = full_cols or not free_rows  # the exactly-one groups say how many queens
    return Residual(
        state,
        tuple(squares),
        tuple(rows),
        tuple(columns),
        tuple(diagonals),
        tuple(excluded),
        tuple(wanted),
        () if settled else tuple(free_rows),
        0 if settled else state.left - len(rows),
        tuple(exactly),
    )


def rule_groups(
    state: propagate.State,
    squares: list[tuple[int, int]],
    by_sum: dict[int, list[int]],
    by_diff: dict[int, list[int]],
) -> tuple[Groups, Groups]:
    """The exactly-one and at-most-one groups of the rule's attacks beyond rows and
    columns, from the open squares' indices by d1 (r + c) and d2 (r - c) diagonal.

    The queen: its diagonals, at most one queen each.  The superqueen: the
    same, and each pair of open squares a knight's jump apart.  The torus:
    the wrapped diagonals (d1 and d2 modulo n), at most one queen each; when
    the queens left fill the torus
    (``queens.engines.diagonal_sums.fills_the_torus``), each wrapped
    diagonal that no placed queen takes holds exactly one (there are as many
    as queens left): exactly-one groups, with which CaDiCaL refuted the empty
    14 x 14 torus in 1.9 s against 19 s with at-most-one groups (measured
    without the identities of ``torus_refutes``,
    which refute that board at once).
    """
    from queens.engines.diagonal_sums import fills_the_torus

    if state.rule == "toroidal":
        n = state.width
        wrapped: dict[tuple[int, int], list[int]] = {}
        for side, groups in ((0, by_sum), (1, by_diff)):
            for d, group in groups.items():
                wrapped.setdefault((side, d % n), []).extend(group)
        if fills_the_torus(state):
            taken = {(0, (r + c) % n) for r, c in state.placed.items()}
            taken |= {(1, (r - c) % n) for r, c in state.placed.items()}
            free = [(side, d) for side in (0, 1) for d in range(n) if (side, d) not in taken]
            return [tuple(wrapped.get(key, ())) for key in free], []
        return [], [tuple(g) for g in wrapped.values() if len(g) > 1]
    diagonals = [tuple(g) for g in (*by_sum.values(), *by_diff.values()) if len(g) > 1]
    if state.rule == "superqueen":
        diagonals += knight_pairs(state, squares)
    return [], diagonals


def knight_pairs(state: propagate.State, squares: list[tuple[int, int]]) -> Groups:
    """Each pair of open squares (their indices in ``squares``) a knight's jump apart."""
    index = {
        square: i for i, square in enumerate(squares) if (state.rows[square[0]] >> square[1]) & 1
    }
    pairs: Groups = []
    for (r, c), i in index.items():
        # Only the jumps to a later row: each pair once.
        for dr, dc in ((1, 2), (1, -2), (2, 1), (2, -1)):
            j = index.get((r + dr, c + dc))
            if j is not None:
                pairs.append((i, j))
    return pairs


def clauses(problem: Residual) -> tuple[list[list[int]], int]:
    """CNF clauses of the residual problem and the number of variables used."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    pool = IDPool(start_from=len(problem.squares) + 1)
    cnf: list[list[int]] = [[-(i + 1)] for i in problem.excluded]
    for group in (*problem.rows, *problem.columns, *problem.wrapped):
        lits = [i + 1 for i in group]
        if not lits:  # a wrapped diagonal that must hold a queen and has no square left
            cnf.append([])
            continue
        encoding = EncType.pairwise if len(lits) <= PAIRWISE_UP_TO else EncType.seqcounter
        cnf.extend(CardEnc.equals(lits, 1, vpool=pool, encoding=encoding).clauses)
    for group in problem.diagonals:
        lits = [i + 1 for i in group]
        encoding = EncType.pairwise if len(lits) <= PAIRWISE_UP_TO else EncType.seqcounter
        cnf.extend(CardEnc.atmost(lits, 1, vpool=pool, encoding=encoding).clauses)
    cnf.extend([i + 1 for i in group] for group in problem.needed)
    if problem.counted:
        # At most one queen a row, so the queens are counted by a variable a row
        # (true when the row holds one): a counter over the rows, not the squares,
        # is smaller by a factor of the width, and measured far faster to solve.
        used = [row_used(group, pool, cnf) for group in problem.counted]
        total = CardEnc.equals(used, problem.queens, vpool=pool, encoding=EncType.seqcounter)
        cnf.extend(total.clauses)
    return cnf, pool.top


def row_used(group: tuple[int, ...], pool: IDPool, cnf: list[list[int]]) -> int:
    """A variable true exactly when a square of ``group`` holds a queen (its clauses
    go to ``cnf``); the square's own variable when the row has one square."""
    lits = [i + 1 for i in group]
    if len(lits) == 1:
        return lits[0]
    used: int = pool.id(("row", group))
    cnf.append([-used, *lits])
    cnf.extend([-lit, used] for lit in lits)
    return used


def solve(
    allowed: Sequence[int], *, deadline: Deadline = NEVER, **shape: Unpack[Shape]
) -> list[int] | None:
    """A solution (0-based columns per row, -1 for an empty row) or None when there is none.

    ``shape`` is the board's shape (``Shape``).
    Raises ``SolverMissing`` without python-sat and
    ``Undecided`` when ``deadline`` passes.
    """
    return decide(allowed, deadline=deadline, **shape).columns


def decide(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    symmetry: bool = True,
    **shape: Unpack[Shape],
) -> Verdict:
    """``solve``, saying what decided the board.

    CaDiCaL cannot be interrupted, so with a deadline it runs in a child
    process that is stopped when the time is up.  With ``symmetry``, the
    propagated board's own symmetries get lex-leader clauses
    (``symmetry_clauses``).
    """
    if not available():
        raise SolverMissing
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
    identity (``queens.engines.propagate.checked_root``); only what
    survives goes to the solver.
    """
    if not allowed:
        return Verdict([], verdict.EMPTY)
    state, how = propagate.checked_root(allowed, **(shape or {}))
    if state is None:
        return Verdict(None, how)
    if not state.left:
        return Verdict(state.solution(), verdict.SOLVED)
    from queens.engines import diagonal_sums

    found = diagonal_sums.support(state)
    if found is None:
        return Verdict(None, verdict.IDENTITY)
    problem = residual(state, (found[1], found[3]))
    cnf, top = clauses(problem)
    cnf += diagonal_sums.colour_clauses(problem, top)
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
    from pysat.solvers import Solver

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


def _top(cnf: list[list[int]]) -> int:
    """The largest variable in ``cnf``."""
    return max((abs(lit) for clause in cnf for lit in clause), default=0)


def symmetry_clauses(
    problem: Residual, cnf: list[list[int]], top: int
) -> tuple[str, list[list[int]]] | None:
    """Lex-leader clauses for the propagated state's own symmetries (new variables
    above ``top`` and every variable of ``cnf``, looked up only when the clauses are
    made): the group described and the clauses, or None when the state
    keeps no symmetry, symmetry breaking is off, or the encoding has over
    ``LEX_LEADER_MAX_SQUARES`` squares.

    Sound because every symmetry of the state maps the encoding's solutions
    onto solutions: the groups of squares encoded (lines, diagonals, knight
    pairs) are the state's, which the symmetry keeps, and the clauses added
    beside them (needed diagonals, the colour count) are necessary conditions
    every solution meets (see
    ``lex_leader_clauses``).
    """
    from pysat.formula import IDPool

    from queens.engines import symmetry_breaking

    state = problem.state
    if (
        not symmetry_breaking.ENABLED
        or len(problem.squares) > symmetry_breaking.LEX_LEADER_MAX_SQUARES
    ):
        return None
    group = symmetry_breaking.state_group(state)
    if len(group) <= 1:
        return None
    pool = IDPool(start_from=max(top, _top(cnf)) + 1)
    found = symmetry_breaking.lex_leader_clauses(
        problem.squares, group, state.width, state.height, pool
    )
    return symmetry_breaking.describe(group), found


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
