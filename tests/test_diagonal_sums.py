"""The diagonal-sum identity: it holds on every solution, and refutes only boards without one."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import queens
from hardboards import need_pysat, small_boards
from queens import hard_boards
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import cnf, diagonal_sums, propagate
from queens.engines.hard.state import State
from queens.rules import Rule, attack_kind


@st.composite
def diagonal_boards(draw: st.DrawFn, max_n: int = 9) -> Board:
    """Boards with every square of some diagonals reserved, and maybe a fixed queen."""
    n = draw(st.integers(4, max_n))
    sums = draw(st.frozensets(st.integers(0, 2 * n - 2), max_size=n))
    diffs = draw(st.frozensets(st.integers(-(n - 1), n - 1), max_size=n))
    reserved = [(r, c) for r in range(n) for c in range(n) if r + c in sums or r - c in diffs]
    queens_ = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=1))
    # A square is free, reserved or a queen: a queen drawn on a reserved square is left out.
    return Board(n, frozenset(reserved), frozenset(queens_) - frozenset(reserved))


def _identities_hold(columns: list[int]) -> bool:
    n = len(columns)
    d1 = [r + c for r, c in enumerate(columns)]
    d2 = [r - c for r, c in enumerate(columns)]
    return (
        len(set(d1)) == n
        and len(set(d2)) == n
        and sum(d1) == n * (n - 1)
        and sum(d2) == 0
        and sum(x * x for x in d1) + sum(x * x for x in d2) == 4 * sum(i * i for i in range(n))
    )


def _states_along(columns: list[int], allowed: list[int], rule: Rule = Rule.QUEEN) -> list[State]:
    """The propagated states of a search that places this solution's queens row by row."""
    state = propagate.root(allowed, rule=rule)
    assert state is not None  # propagation is sound: a board with a solution survives it
    states = [state]
    for r, c in enumerate(columns):
        if r in state.rows:
            state = state.copy()
            assert state.propagate([(r, c)])
            states.append(state)
    return states


def _check(board: Board) -> None:
    allowed, rule = board.allowed_masks(), board.rule
    found = list(reference.solutions(allowed, rule=rule))
    assert all(_identities_hold(columns) for columns in found)
    for columns in found[:8]:  # (the states of a few solutions: support is the slow part)
        # The identity never rules out a state on the way to a solution, nor a
        # diagonal the solution uses, nor calls one it leaves empty necessary.
        for state in _states_along(columns, allowed, rule):
            assert not diagonal_sums.refutes(state)
            support = diagonal_sums.support(state)
            assert support is not None
            unused1, needed1, unused2, needed2 = support
            d1 = {r + c for r, c in enumerate(columns) if r in state.rows}
            d2 = {r - c for r, c in enumerate(columns) if r in state.rows}
            assert not d1 & unused1 and not d2 & unused2
            assert needed1 <= d1 and needed2 <= d2
        # Narrowing keeps every square of the solution.
        state = propagate.root(allowed, rule=rule)
        assert state is not None and diagonal_sums.narrow(state)
        assert all((state.rows[r] >> c) & 1 for r, c in enumerate(columns) if r in state.rows)
        assert all(state.placed[r] == c for r, c in enumerate(columns) if r not in state.rows)
    state = propagate.root(allowed, rule=rule)
    if state is not None and (diagonal_sums.refutes(state) or not diagonal_sums.narrow(state)):
        assert found == [] and queens.count(board) == 0


@settings(max_examples=100, deadline=None)
@given(diagonal_boards())
def test_sound_on_boards_with_excluded_diagonals(board: Board) -> None:
    _check(board)


@settings(max_examples=60, deadline=None)
@given(small_boards())
def test_sound_on_boards_with_reserved_squares_and_fixed_queens(board: Board) -> None:
    _check(board)


def test_it_refutes_boards_that_propagation_leaves_open() -> None:
    # Excluded-diagonal boards near the mixing density: the identity decides
    # many of the unsolvable ones, each confirmed by the exhaustive counter.
    refuted = 0
    for seed in range(20):
        board = hard_boards.diagonals(12, 10, seed)
        state = propagate.root(board.allowed_masks())
        if state is not None and state.rows and diagonal_sums.refutes(state):
            assert queens.count(board) == 0
            refuted += 1
    assert refuted >= 5


@settings(max_examples=200, deadline=None)
@given(
    st.frozensets(st.integers(-9, 9), max_size=10),
    st.integers(0, 10),
    st.integers(-30, 30),
    st.integers(0, 400),
)
def test_square_sums_is_every_subset(
    values: frozenset[int], count: int, total: int, cap: int
) -> None:
    expected = 0
    for subset in itertools.combinations(sorted(values), count):
        square = sum(v * v for v in subset)
        if sum(subset) == total and square <= cap:
            expected |= 1 << square
    assert diagonal_sums.square_sums(values, count, total, cap) == expected


def test_too_much_work_is_not_checked() -> None:
    # A plain board of 30 would cost more than the limit: skipped, never refuted.
    state = propagate.root([(1 << 30) - 1] * 30)
    assert state is not None
    sums, _ = diagonal_sums.open_diagonals(state)
    assert diagonal_sums.work(sums, 30) > diagonal_sums.WORK_LIMIT
    assert not diagonal_sums.refutes(state)
    rng = random.Random(1)
    assert diagonal_sums.work(set(rng.sample(range(-29, 30), 45)), 30) < diagonal_sums.WORK_LIMIT


# -- attack rules -----------------------------------------------------------------


@st.composite
def ruled_square_boards(draw: st.DrawFn, max_n: int = 8) -> Board:
    """n queens on n x n under any rule, with reserved squares and up to two fixed queens."""
    board = draw(small_boards(max_n))
    return board.with_rule(draw(st.sampled_from(list(Rule))))


@settings(max_examples=100, deadline=None)
@given(ruled_square_boards())
def test_sound_under_every_rule(board: Board) -> None:
    _check(board)


def _attacks_what_the_queen_does(rule: Rule, n: int) -> bool:
    squares = list(itertools.product(range(n), repeat=2))
    return all(
        attack_kind(rule, a, b, n) is not None
        for a in squares
        for b in squares
        if attack_kind(Rule.QUEEN, a, b, n) is not None
    )


@pytest.mark.parametrize("rule", list(Rule))
def test_the_identities_hold_under_the_rules_that_attack_what_the_queen_does(rule: Rule) -> None:
    # The premise of the proof in the module's docstring, against the rules'
    # slow definition: the identities are used under exactly those rules.
    premise = all(_attacks_what_the_queen_does(rule, n) for n in range(1, 9))
    assert premise == (rule in diagonal_sums.HOLDS_UNDER)
    state = propagate.root([0b11111] * 5, rule=rule)
    assert state is not None and diagonal_sums.applies(state) == premise


@pytest.mark.parametrize("n", range(1, 41))
def test_the_torus_identities_refute_the_empty_torus_when_n_shares_a_factor_with_6(
    n: int,
) -> None:
    state = State.from_allowed([(1 << n) - 1] * n, rule=Rule.TOROIDAL)
    assert diagonal_sums.torus_refutes(state) == (math.gcd(n, 6) != 1)  # Polya, 1918
    plain = State.from_allowed([(1 << n) - 1] * n)
    assert not diagonal_sums.torus_refutes(plain)


@settings(max_examples=150, deadline=None)
@given(small_boards(max_n=9))
def test_the_torus_identities_refute_only_tori_without_solutions(board: Board) -> None:
    torus = board.with_rule(Rule.TOROIDAL)
    allowed = torus.allowed_masks()
    found = list(reference.solutions(allowed, rule=Rule.TOROIDAL))
    for columns in found[:4]:
        assert not any(
            diagonal_sums.torus_refutes(state)
            for state in _states_along(columns, allowed, Rule.TOROIDAL)
        )
    state = propagate.root(allowed, rule=Rule.TOROIDAL)
    if state is not None and diagonal_sums.torus_refutes(state):
        assert found == []


def test_the_torus_identities_need_every_row_filled() -> None:
    # Fewer queens than rows: nothing is known of the wrapped diagonals left empty.
    state = State.from_allowed([(1 << 8) - 1] * 8, queens=6, rule=Rule.TOROIDAL)
    assert not diagonal_sums.fills_the_torus(state) and not diagonal_sums.torus_refutes(state)
    assert reference.count([(1 << 8) - 1] * 8, queens=6, rule=Rule.TOROIDAL, width=8) > 0


def test_the_identities_are_kept_off_any_other_rule() -> None:
    # A state the identity refutes under the queen rule, relabelled with a rule
    # the proof does not cover (one whose pieces need not attack diagonally).
    board = hard_boards.diagonals(12, 10, seed=0)
    state = propagate.root(board.allowed_masks())
    assert state is not None and diagonal_sums.refutes(state)
    state.rule = "region"
    assert not diagonal_sums.applies(state) and not diagonal_sums.refutes(state)
    assert diagonal_sums.support(state) == (set(), set(), set(), set())


def _colour_count(columns: list[int]) -> int:
    """Even d1 diagonals plus odd d2 diagonals a placement uses."""
    squares = [(r, c) for r, c in enumerate(columns) if c >= 0]
    return sum((r + c) % 2 == 0 for r, c in squares) + sum((r - c) % 2 != 0 for r, c in squares)


def _models(board: Board) -> set[tuple[int, ...]] | None:
    """Every placement the SAT encoding with the colour clauses allows, by their squares."""
    from pysat.solvers import Solver

    from queens.engines.hard import sat

    state = propagate.root(board.allowed_masks())
    if state is None:
        return None
    problem = cnf.residual(state)
    formula, top = cnf.clauses(problem)
    slack, cnf.COLOUR_SLACK = cnf.COLOUR_SLACK, float("inf")
    try:  # every board gets the clauses here, however many its diagonals
        colour = cnf.colour_clauses(problem, top)
    finally:
        cnf.COLOUR_SLACK = slack
    assert colour or not state.left
    found: set[tuple[int, ...]] = set()
    with Solver(name=sat.SOLVER, bootstrap_with=formula + colour) as solver:
        while solver.solve():
            model = solver.get_model()
            chosen = [i + 1 for i in range(len(problem.squares)) if model[i] > 0]
            placed = dict(state.placed)
            placed.update(problem.squares[i - 1] for i in chosen)
            found.add(tuple(placed[r] for r in range(board.n)))
            solver.add_clause([-i for i in chosen])  # the next placement differs in a square
    return found


@settings(max_examples=80, deadline=None)
@given(st.one_of(diagonal_boards(max_n=7), small_boards()))
def test_the_colour_count_keeps_exactly_the_solutions(board: Board) -> None:
    need_pysat()
    solutions = {tuple(columns) for columns in reference.solutions(board.allowed_masks())}
    assert all(_colour_count(list(columns)) == board.n for columns in solutions)
    models = _models(board)
    assert (models or set()) == solutions


def test_support_is_remembered_and_its_answer_is_a_copy() -> None:
    board = hard_boards.diagonals(14, 12, 1)  # an open board whose support strikes diagonals
    state = propagate.root(board.allowed_masks())
    assert state is not None
    first = diagonal_sums.support(state)
    assert first is not None
    first[0].add(999)  # a caller may change the sets it gets
    again = diagonal_sums.support(state.copy())
    assert again is not None and 999 not in again[0]
    assert again == diagonal_sums._support(state)


@settings(max_examples=150, deadline=None)
@given(st.one_of(diagonal_boards(max_n=8), small_boards()))
def test_the_colour_count_refutes_only_boards_without_a_solution(board: Board) -> None:
    state = propagate.root(board.allowed_masks())
    if state is not None and diagonal_sums.colour_refutes(state):
        assert queens.count(board) == 0


def test_the_colour_count_refutes_some_boards() -> None:
    # Boards where it fires, each confirmed by the exhaustive counter (a check
    # that never fires would pass the test above).
    refuted = 0
    for seed in range(40):
        board = hard_boards.diagonals(8, 8, seed)
        state = propagate.root(board.allowed_masks())
        if state is not None and diagonal_sums.colour_refutes(state):
            assert queens.count(board) == 0
            refuted += 1
    assert refuted >= 1


def test_the_colour_count_goes_to_the_solver_only_when_its_diagonals_are_few() -> None:

    def clauses(board: Board) -> list[list[int]]:
        state = propagate.root(board.allowed_masks())
        assert state is not None
        problem = cnf.residual(state)
        return cnf.colour_clauses(problem, cnf.clauses(problem)[1])

    need_pysat()
    assert clauses(hard_boards.diagonals(22, 20, 0))
    assert not clauses(hard_boards.blocked(50, 0.85, 0))
