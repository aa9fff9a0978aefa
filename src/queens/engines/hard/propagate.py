"""Search with propagation for hard boards: completion puzzles, reserved squares.

The board is a ``State``: the domains of
its open rows and columns, narrowed by propagation to a fixpoint after every
decision (``propagate``).

Decisions are two-way: on the open row or column with the fewest squares
left (most constrained first), either the queen goes on one of its squares,
or that square is struck out.  Every board with a solution has one on some
branch, so exhausting the tree proves there is none.

Before any decision, ``checked_root`` also checks the diagonal-sum
identity (``queens.engines.hard.diagonal_sums``) where it holds, which refutes
many boards with excluded diagonals outright and strikes out squares on
others.

Boards arrive as ``allowed`` masks per row (see
``queens.board.Board.allowed_masks``), so fixed queens are rows with a
single allowed square and are placed by the first propagation.

Boards of any shape and queen count (``width``, ``queens`` and ``required``
rows: ``Shape``) are searched the same way,
except that a row or column may stay empty when there are more of them than
queens: such a line is dropped when its squares run out, and only forced by
its last square once the open lines are as many as the queens left (or, for a
row, when a fixed queen stands there: ``required``).  On the classic board
every line must hold a queen at every step, and the search is the one above.

Every attack rule of ``queens.rules`` is searched the same way (``rule``
in ``Shape``): each rule attacks what the
queen does, plus a few more squares on each other line, and those are struck
out too (``further_shifts``): the torus's
diagonals wrap around the board, the superqueen also jumps like a knight.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Unpack

from queens.engines.hard import diagonal_sums, hall, symmetry_breaking, verdict
from queens.engines.hard.budget import NEVER, Deadline
from queens.engines.hard.state import Shape, Square, State
from queens.engines.hard.verdict import Verdict
from queens.symmetry import Symmetry


def root(allowed: Sequence[int], **shape: Unpack[Shape]) -> State | None:
    """The board's state after propagating what is forced before any decision.

    ``shape`` is the board's shape as every engine takes it (``Shape``):
    default, a square board with a queen in every row.
    """
    state = State.from_allowed(allowed, **shape)
    forced = state.initial_forced()
    if forced is None or not state.propagate(forced):
        return None
    return state


def solve(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
    **shape: Unpack[Shape],
) -> list[int] | None:
    """A solution (0-based columns per row, -1 for an empty row) or None when there is none.

    Raises ``Undecided`` when ``deadline`` passes.
    With ``rng``, ties are not broken towards low columns but at random, for
    random solutions.
    """
    return decide(allowed, deadline=deadline, rng=rng, **shape).columns


def decide(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
    symmetry: bool = True,
    **shape: Unpack[Shape],
) -> Verdict:
    """``solve``, saying what decided the board.

    After the first propagation, the diagonal-sum identity
    (``queens.engines.hard.diagonal_sums``) may refute the board before any
    search.  With ``symmetry`` (and without ``rng``: random solutions are
    drawn from every solution), the search cuts orbits under the propagated
    board's own symmetries (``root_group``, ``search``).
    """
    start = before_search(allowed, **shape)
    if isinstance(start, Verdict):
        return start
    stats = Stats()
    group = root_group(start) if symmetry and rng is None else ()
    columns = search(start, deadline=deadline, rng=rng, stats=stats, group=group)
    return Verdict(columns, searched(stats, group))


def before_search(allowed: Sequence[int], **shape: Unpack[Shape]) -> State | Verdict:
    """The board propagated and checked (``checked_root``), ready for a search or a
    solver; or the verdict when that already decided it (no rows, refuted, or solved by
    propagation)."""
    if not allowed:
        return Verdict([], verdict.EMPTY)
    start, how = checked_root(allowed, **shape)
    if start is None:
        return Verdict(None, how)
    if not start.left:
        return Verdict(start.solution(), verdict.SOLVED)
    return start


def root_group(start: State) -> tuple[Symmetry, ...]:
    """The symmetries of the propagated board ``start`` for the orbit cut of
    ``search`` (the identity alone when there are none, or when symmetry
    breaking is turned off: ``queens.engines.hard.symmetry_breaking.ENABLED``)."""
    if not symmetry_breaking.ENABLED:
        return (Symmetry.IDENTITY,)
    return symmetry_breaking.state_group(start)


def searched(stats: Stats, group: Sequence[Symmetry]) -> str:
    """The verdict of a search: its decisions, and the symmetries it cut orbits under
    when the cut struck out any square."""
    how = verdict.searched(stats.decisions)
    if len(group) > 1 and stats.cut:
        squares = f"{stats.cut} square{'' if stats.cut == 1 else 's'}"
        how += f", {symmetry_breaking.describe(group)} ({squares} cut)"
    return how


def checked_root(allowed: Sequence[int], **shape: Unpack[Shape]) -> tuple[State | None, str]:
    """``root``, then the diagonal-sum identity; None with the reason when refuted.

    The identity first refutes, or else narrows the board: squares on
    diagonals that no set meeting it can use are struck out, and a diagonal
    every such set uses, left with one square, gets its queen
    (``queens.engines.hard.diagonal_sums.narrow``).  It holds only while the
    queens left fill every open row and column, as on the classic board, under
    a rule whose pieces attack what the queen does (every rule there is:
    ``queens.engines.hard.diagonal_sums.applies``); elsewhere it is not used.
    On a torus the queens fill, its own identities modulo n are checked too
    (``queens.engines.hard.diagonal_sums.torus_refutes``).  Last, the
    Hall-type count of ``queens.engines.hard.hall`` (rows, columns and
    diagonals matched in pairs), on every shape and rule.
    """
    start = root(allowed, **shape)
    if start is None:
        return None, verdict.PROPAGATION
    if diagonal_sums.refutes(start) or not diagonal_sums.narrow(start):
        return None, verdict.IDENTITY
    short = hall.short_pair(start)
    if short is not None:
        return None, verdict.hall(*short)
    return start, ""


class Stats:
    """What a search did: the number of decisions made, and the squares struck by the
    orbit cut beyond the refuted ones (see ``search``)."""

    __slots__ = ("cut", "decisions")

    def __init__(self) -> None:
        self.decisions = 0
        self.cut = 0


def search(
    start: State,
    *,
    deadline: Deadline = NEVER,
    rng: random.Random | None = None,
    node_limit: int | None = None,
    stats: Stats | None = None,
    group: Sequence[Symmetry] = (),
) -> list[int] | None:
    """Depth-first two-way branching from a propagated ``start`` (left unchanged).

    Returns None after exhausting the tree; raises ``Undecided`` at the
    deadline, and ``NodeLimit`` after ``node_limit`` decisions.  With
    ``stats``, the number of decisions is kept there (also when it raises).

    ``group``: symmetries that map ``start`` onto itself (see
    ``queens.engines.hard.symmetry_breaking.state_group``), for the orbit
    cut.  In a state S that a group G maps onto itself, once the branch
    placing a queen on s is exhausted without a solution, the squares g(s)
    for g in G are struck out together with s.  Proof: let Sol(S) be the
    complete placements that extend S (its queens placed, the others on
    squares of its open rows' and columns' domains, its required rows
    filled).  Each g in G keeps the attack rule
    (``keeps_rule``) and maps S onto
    itself, so x is in Sol(S) exactly when g(x) is.  No x in Sol(S) holds s
    (the branch proved it: propagation and the search drop no solution), so
    none holds g(s): if x did, g^-1(x) would be in Sol(S) and hold s.
    Striking every g(s) so keeps Sol(S), and the search stays complete.
    A child's group is checked again (``state_group``),
    among the symmetries that can keep it: after the cut, G; after placing
    s, those fixing s; so the cut is used only in states proven symmetric.
    Without ``group`` (or with the identity alone) the search is exactly the
    plain one.
    """
    if stats is None:
        stats = Stats()
    symmetric = len(group) > 1
    # Each entry is a state to explore, with a square to strike out of it
    # first (the right branch, made lazily from its parent's state) or None,
    # and the symmetries the state is known to keep (its group).
    stack: list[tuple[State, Square | None, Sequence[Symmetry]]] = [(start, None, group)]
    while stack:
        state, excluded, kept = stack.pop()
        if excluded is not None:
            state = state.copy()
            if len(kept) > 1:
                if not _strike_orbit(state, excluded, kept, stats):
                    continue
                kept = _still_kept(state, kept)
            elif not state.strike(*excluded):
                continue
        if not state.left:
            return state.solution()
        stats.decisions += 1
        nodes = stats.decisions
        if nodes & 63 == 0:
            deadline.check()
            if node_limit is not None and nodes > node_limit:
                raise NodeLimit(nodes)
        square = state.choose(rng)
        stack.append((state, square, kept))
        child = state.copy()
        if child.propagate([square]):
            fixing: Sequence[Symmetry] = ()
            if symmetric and len(kept) > 1:
                fixing = _still_kept(child, _fixing(square, kept, state))
            stack.append((child, None, fixing))
    return None


def _strike_orbit(state: State, square: Square, group: Sequence[Symmetry], stats: Stats) -> bool:
    """Strike out ``square``, refuted in ``state``, and its images under ``group``,
    which ``state`` keeps (the orbit cut of ``search``); False at a dead end."""
    first, *images = symmetry_breaking.orbit(square, group, state.width, state.height)
    if not state.strike(*first):
        return False
    for r, c in images:
        if state.is_open(r, c):
            stats.cut += 1
        if not state.strike_refuted(r, c):
            return False
    return True


def _fixing(square: Square, group: Sequence[Symmetry], state: State) -> tuple[Symmetry, ...]:
    return symmetry_breaking.stabilizer(square, group, state.width, state.height)


def _still_kept(state: State, candidates: Sequence[Symmetry]) -> tuple[Symmetry, ...]:
    """Those of ``candidates`` that map ``state`` onto itself (the identity always)."""
    if len(candidates) <= 1:
        return (Symmetry.IDENTITY,)
    return symmetry_breaking.state_group(state, candidates)


class NodeLimit(Exception):
    """The search made more decisions than it was allowed."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"gave up after {nodes} decisions")
        self.nodes = nodes
