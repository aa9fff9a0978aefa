"""The CNF encoding of a propagated board, for the SAT backend (``queens.engines.hard.sat``).

One Boolean variable per square still open (an open row crossed with an open
column); exactly one queen per open row and per open column that must hold
one, at most one per other row and column and per diagonal, exactly as many
queens as are left in all when some rows or columns may stay empty, squares
that are reserved or attacked false (``residual``, ``clauses``).
The cardinality constraints come from ``pysat.card``, not written by hand:
the pairwise encoding for groups of up to ``PAIRWISE_UP_TO`` squares (no
auxiliary variables; measured faster with CaDiCaL on blocked and diagonal
boards), sequential counters for longer ones (linear size).  Beside them,
the colour count (``colour_clauses``) and lex-leader clauses for the
state's own symmetries (``symmetry_clauses``).

``pysat`` (the optional ``sat`` extra) is imported only by the functions that
build clauses with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from queens.engines.hard import symmetry_breaking
from queens.engines.hard.diagonal_sums import fills_the_torus
from queens.engines.hard.state import State
from queens.rules import Rule

if TYPE_CHECKING:
    from pysat.formula import IDPool  # lazy: optional extra (sat)

PAIRWISE_UP_TO = 32
"""Groups up to this size get the pairwise encoding (n*(n-1)/2 clauses), longer ones counters."""

Needed = tuple[set[int], set[int]]
"""The d1 and the d2 diagonals that every solution uses."""


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

    state: State
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


def residual(state: State, needed: Needed = (set(), set())) -> Residual:
    """The open part of a propagated state, ready to encode.

    ``needed`` are the d1 (r + c) and d2 (r - c) diagonals every solution
    uses (``queens.engines.hard.diagonal_sums.support``): each gets an
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
    state: State,
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
    (``queens.engines.hard.diagonal_sums.fills_the_torus``), each wrapped
    diagonal that no placed queen takes holds exactly one (there are as many
    as queens left): exactly-one groups, with which CaDiCaL refuted the empty
    14 x 14 torus in 1.9 s against 19 s with at-most-one groups (measured
    without the identities of ``torus_refutes``,
    which refute that board at once).
    """
    if state.rule is Rule.TOROIDAL:
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
    if state.rule is Rule.SUPERQUEEN:
        diagonals += knight_pairs(state, squares)
    return [], diagonals


def knight_pairs(state: State, squares: list[tuple[int, int]]) -> Groups:
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
    from pysat.card import CardEnc, EncType  # lazy: optional extra (sat)
    from pysat.formula import IDPool  # lazy: optional extra (sat)

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
    from pysat.formula import IDPool  # lazy: optional extra (sat)

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


COLOUR_SLACK = 1.65
"""The colour count goes to the SAT solver only when its diagonals are at most this
many times the queens left.  Measured after the identity on the benchmark's
boards (``benchmarks/hard.py``): 1.0 to 1.6 on the solvable excluded-diagonal
boards of N = 21..30, 1.7 to 1.95 on most blocked ones, where the count slowed
CaDiCaL down (8 blocked boards of N = 40 and 50: 8.9 s of CPU in all with it,
7.4 s without)."""


def colour_clauses(problem: Residual, top: int) -> list[list[int]]:
    """CNF saying that the even d1 diagonals and the odd d2 diagonals the queens
    still to place use number the queens left (variables from ``top + 1`` on).

    Proof: the two diagonals through a square, ``r + c`` and ``r - c``,
    differ by ``2c``, so they are both even (a square of one colour) or both
    odd (the other colour).  A queen on an even square uses one even d1
    diagonal, one on an odd square one odd d2 diagonal, and no diagonal holds
    two queens; so the even d1 diagonals used are as many as the queens on
    even squares, the odd d2 ones as many as those on odd squares, together
    every queen left.  This holds on every shape and queen count, but only
    under the queen rule (on a torus of odd size a wrapped diagonal mixes the
    colours): under another rule, or when nothing is left, no clause; nor
    when the diagonals are many for the queens (``COLOUR_SLACK``).

    The count is over diagonal variables (true when a square of the diagonal
    holds a queen); over the squares themselves it would say only that the
    queens number those left.  Measured once on the 22 excluded-diagonal
    boards of N = 27 and 28, seeds 0..11, that the identity leaves open (20 s
    each, on a shared machine): CaDiCaL left 6 undecided without it, 3 with
    it.  Its time on one board varies several-fold with the order of the
    clauses, so this is a tendency, not a proof.
    """
    from pysat.card import CardEnc, EncType  # lazy: optional extra (sat)
    from pysat.formula import IDPool  # lazy: optional extra (sat)

    # A row's "holds a queen" variable (row_used) is the same thing for a diagonal.
    state = problem.state
    if state.rule is not Rule.QUEEN or not state.left:
        return []
    excluded = set(problem.excluded)
    even_sums: dict[int, list[int]] = {}
    odd_diffs: dict[int, list[int]] = {}
    for index, (r, c) in enumerate(problem.squares):
        if index in excluded:
            continue
        if (r + c) % 2 == 0:
            even_sums.setdefault(r + c, []).append(index)
        else:
            odd_diffs.setdefault(r - c, []).append(index)
    groups = [tuple(g) for g in (*even_sums.values(), *odd_diffs.values())]
    if len(groups) < state.left:
        return [[]]  # too few such diagonals for the queens left: no placement
    if len(groups) > COLOUR_SLACK * state.left:
        return []
    pool = IDPool(start_from=top + 1)
    cnf: list[list[int]] = []
    used = [row_used(group, pool, cnf) for group in groups]
    total = CardEnc.equals(used, state.left, vpool=pool, encoding=EncType.seqcounter)
    cnf.extend(total.clauses)
    return cnf
