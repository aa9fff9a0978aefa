"""Symmetry breaking for the hard-board engines, under the board's own symmetries.

Many puzzle boards keep a symmetry: reserved squares or excluded diagonals
chosen in mirror pairs, a fixed queen in the centre.  Such a board's
solutions come in orbits, and a search that refutes a square has refuted its
images too.  This module finds the symmetries of a *propagated* state
(``State``), which the propagating search and
the SAT encoding then use:

- ``state_group``: the symmetries of ``queens.symmetry`` (8 on a
  square board, 4 on a rectangle) that map the state onto itself: its placed
  queens, the open rows and columns with their domains, the rows that must
  hold a queen.
- ``orbit``: the images of a square under such a group, for the orbit
  cut of ``queens.engines.hard.propagate.search``.
- ``lex_leader_clauses``: clauses that keep, of every orbit of the SAT
  encoding's solutions, the lexicographically least (and drop the others),
  for ``queens.engines.hard.sat``, which adds them only once CaDiCaL has
  spent a budget of conflicts without them (``queens.engines.hard.sat.run_solver``:
  they slow its search for solutions, and speed up its proofs).

Why the attack rules allow it (``keeps_rule``): every symmetry of the
square maps rows and columns onto rows or columns, and diagonals (``r + c``
and ``r - c`` constant) onto diagonals, so it maps queen placements that do
not attack onto placements that do not attack.  The knight's jumps
(``{|dr|, |dc|} = {1, 2}``) are kept too, since a symmetry permutes or
negates the two coordinates' differences.  On the n x n torus, rows and
columns map as before, and a wrapped diagonal (``r - c`` or ``r + c``
constant modulo n) maps onto a wrapped diagonal: with ``r' = n - 1 - r``,
``r' + c = (n - 1) - (r - c)``, so classes modulo n map to classes modulo n,
and likewise for the other reflections and turns.  So every rule of
``queens.rules`` is kept by every symmetry of the board's shape
(tests check it against ``queens.rules.attack_kind``).

It is used only where any one solution is asked for (``solve`` and
``decide`` by ``auto``, ``propagate`` and ``sat``, without a random
generator): never where every solution, a count, or the lexicographically
first solution is wanted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from queens.rules import Rule
from queens.symmetry import Symmetry, shape_symmetries

if TYPE_CHECKING:
    from pysat.formula import IDPool

    from queens.engines.hard.state import State

Square = tuple[int, int]

ENABLED = True
"""False turns symmetry breaking off in every engine of this process (for measuring
with and without it: ``benchmarks/hard.py --symmetry``)."""

KEPT_BY_EVERY_SYMMETRY = frozenset({Rule.QUEEN, Rule.TOROIDAL, Rule.SUPERQUEEN})
"""The rules every symmetry of the board's shape keeps (see the module docstring)."""

LEX_LEADER_MAX_SQUARES = 4096
"""The SAT encoding gets lex-leader clauses only up to this many square variables
(3 clauses and 1 auxiliary variable per square moved, per symmetry)."""


def keeps_rule(rule: Rule, symmetry: Symmetry) -> bool:
    """True when ``symmetry`` maps non-attacking placements to non-attacking ones under
    ``rule``: every rule, every symmetry of the board's shape (see the module docstring).

    >>> all(keeps_rule(rule, s) for rule in Rule for s in Symmetry)
    True
    """
    return rule in KEPT_BY_EVERY_SYMMETRY and symmetry in Symmetry


def _reverse(mask: int, width: int) -> int:
    """``mask`` read backwards over ``width`` bits (bit i becomes bit width - 1 - i)."""
    if not mask:
        return 0
    return int(f"{mask:0{width}b}"[::-1], 2)


def _flags(symmetry: Symmetry, width: int, height: int) -> tuple[bool, bool]:
    """How ``symmetry`` moves squares, as two flags.

    Keeping the sides: ``(r, c) -> (R(r), C(c))`` with R reversing the rows
    when the first flag is set, C the columns when the second is.  Swapping
    them (square boards): ``(r, c) -> (A(c), B(r))``, A and B reversing when
    the flags are set.  Read off the image of the corner ``(0, 0)``.
    """
    first, second = symmetry.square_on(width, height, (0, 0))
    if symmetry.swaps_sides:
        return first == width - 1 and width > 1, second == height - 1 and height > 1
    return first == height - 1 and height > 1, second == width - 1 and width > 1


def _mover(reverses: bool, size: int) -> Callable[[int], int]:
    """A line's index moved along a side of ``size`` lines: reversed or kept."""
    if reverses:
        return lambda i: size - 1 - i
    return lambda i: i


def image(
    state: State, symmetry: Symmetry
) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """The open rows' domains, open columns' domains and placed queens of the state's
    image under ``symmetry`` (which must keep the board's shape)."""
    width, height = state.width, state.height
    first, second = _flags(symmetry, width, height)
    if symmetry.swaps_sides:
        # (r, c) -> (A(c), B(r)): column c's rows become row A(c)'s columns.
        a, b = _mover(first, width), _mover(second, height)
        rows = {a(c): _reverse(m, height) if second else m for c, m in state.cols.items()}
        cols = {b(r): _reverse(m, width) if first else m for r, m in state.rows.items()}
        placed = {a(c): b(r) for r, c in state.placed.items()}
        return rows, cols, placed
    row_of, col_of = _mover(first, height), _mover(second, width)
    rows = {row_of(r): _reverse(m, width) if second else m for r, m in state.rows.items()}
    cols = {col_of(c): _reverse(m, height) if first else m for c, m in state.cols.items()}
    placed = {row_of(r): col_of(c) for r, c in state.placed.items()}
    return rows, cols, placed


def required_rows(state: State) -> set[int]:
    """The open rows that must hold a queen *because they are required*: none when every
    open row must anyway (as many open rows as queens left), so that the classic
    board's rows, all required, do not stop the symmetries swapping rows and columns."""
    return set() if len(state.rows) == state.left else state.required


def keeps_state(state: State, symmetry: Symmetry) -> bool:
    """True when ``symmetry`` maps the state onto itself.

    The state is its placed queens, its open rows' and columns' domains, the
    queens left (the same number in the image) and its required rows
    (``required_rows``): a symmetry swapping rows and columns keeps a
    state only without them, others must map them onto themselves.
    """
    if symmetry is Symmetry.IDENTITY:
        return True
    if not keeps_rule(state.rule, symmetry):
        return False
    required = required_rows(state)
    if symmetry.swaps_sides and (state.width != state.height or required):
        return False
    if required:
        row_of = _mover(_flags(symmetry, state.width, state.height)[0], state.height)
        if {row_of(r) for r in required} != required:
            return False
    rows, cols, placed = image(state, symmetry)
    return rows == state.rows and cols == state.cols and placed == state.placed


def state_group(state: State, candidates: Sequence[Symmetry] | None = None) -> tuple[Symmetry, ...]:
    """The symmetries among ``candidates`` (default: those of the board's shape) that
    map the state onto itself, the identity first.

    When the candidates form a group, so does the answer (the stabilizer of
    the state within it).
    """
    if candidates is None:
        candidates = shape_symmetries(state.width, state.height)
    found = [s for s in candidates if s is not Symmetry.IDENTITY and keeps_state(state, s)]
    return (Symmetry.IDENTITY, *found)


def orbit(square: Square, group: Sequence[Symmetry], width: int, height: int) -> list[Square]:
    """The distinct images of ``square`` under ``group``, ``square`` first."""
    images = [square]
    for symmetry in group:
        moved = symmetry.square_on(width, height, square)
        if moved not in images:
            images.append(moved)
    return images


def stabilizer(
    square: Square, group: Sequence[Symmetry], width: int, height: int
) -> tuple[Symmetry, ...]:
    """The symmetries of ``group`` that leave ``square`` where it is."""
    return tuple(s for s in group if s.square_on(width, height, square) == square)


def describe(group: Sequence[Symmetry]) -> str:
    """The group for a verdict: "symmetry breaking under rotate 180, mirror".

    >>> describe(list(Symmetry))
    'symmetry breaking under all 8 symmetries of the square'
    """
    if len(group) == len(Symmetry):
        return "symmetry breaking under all 8 symmetries of the square"
    names = ", ".join(s.value for s in group if s is not Symmetry.IDENTITY)
    return f"symmetry breaking under {names}"


def lex_leader_clauses(
    squares: Sequence[Square],
    group: Sequence[Symmetry],
    width: int,
    height: int,
    pool: IDPool,
) -> list[list[int]]:
    """Clauses keeping only solutions x with x <=lex x o g for every g of ``group``.

    ``squares[i]`` is the square of variable ``i + 1``; ``group`` must map
    that set of squares onto itself and the encoded problem's solutions onto
    solutions (a symmetry of the propagated state, whose encoding is built
    from the state alone).  Auxiliary variables come from ``pool``.

    Soundness: the models' square assignments are a set S that every g maps
    onto itself (x in S gives x o g in S: the variables are permuted as g
    moves squares).  The least element x of an orbit of S (in the order
    "lexicographic over variables 1, 2, ...") has x <=lex x o g for every g,
    since x o g is in its orbit; so every orbit keeps a model, and the
    problem keeps a solution exactly when it had one.

    Encoding (the compact chain): with y = x o g and the positions i that g
    moves, in order, e_i means "x and y agree up to i", so
    e_{i-1} -> (x_i -> y_i), and e_{i-1} and (x_i or not y_i) -> e_i
    (there x_i = y_i, given x_i <= y_i): three clauses a position.  In any
    model, e holds on every equal prefix, so at the first position where x
    and y differ x_i < y_i: x <lex y or x = y.  And the lex-least x of its
    orbit satisfies them with e_i set to "equal up to i".
    """
    index = {square: i + 1 for i, square in enumerate(squares)}
    clauses: list[list[int]] = []
    for symmetry in group:
        if symmetry is Symmetry.IDENTITY:
            continue
        previous: int | None = None
        for i, square in enumerate(squares):
            x = i + 1
            y = index[symmetry.square_on(width, height, square)]
            if y == x:
                continue
            equal = pool.id(("lex", symmetry.value, x))
            guard = [] if previous is None else [-previous]
            clauses.append([*guard, -x, y])
            clauses.append([*guard, -x, equal])
            clauses.append([*guard, y, equal])
            previous = equal
    return clauses
