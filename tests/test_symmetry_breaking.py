"""Symmetry breaking under the board's own symmetries: the group found keeps the
propagated state, the orbit cut and the lex-leader clauses lose no answer, and the
paths that promise every solution or the lexicographically first are unchanged."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardboards import answers_rule, need_pysat
from queens import api
from queens.api import ruled_shape
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import cnf, portfolio, propagate, sat, symmetry_breaking, walk
from queens.engines.hard.state import State
from queens.rules import Rule, attack_kind
from queens.symmetry import Symmetry, shape_symmetries

Square = tuple[int, int]


def _cycle(square: Square, symmetry: Symmetry, width: int, height: int) -> set[Square]:
    """The orbit of ``square`` under the powers of ``symmetry``."""
    found = {square}
    moved = symmetry.square_on(width, height, square)
    while moved not in found:
        found.add(moved)
        moved = symmetry.square_on(width, height, moved)
    return found


@st.composite
def symmetric_boards(draw: st.DrawFn, max_side: int = 7) -> Board:
    """Random small boards that keep a symmetry of their shape: reserved squares and
    fixed queens (which may clash) chosen as unions of orbits, under every rule, any
    queen count; superqueen and queen boards may be rectangles."""
    rule = draw(st.sampled_from(list(Rule)))
    height = draw(st.integers(1, max_side))
    square = rule is Rule.TOROIDAL or draw(st.booleans())
    width = height if square else draw(st.integers(1, max_side))
    symmetry = draw(st.sampled_from(shape_symmetries(width, height)[1:]))
    squares = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    seeds = draw(st.frozensets(squares, max_size=width * height // 4))
    queen_seeds = draw(st.frozensets(squares, max_size=1))
    reserved = {s for seed in seeds for s in _cycle(seed, symmetry, width, height)}
    queens = {s for seed in queen_seeds for s in _cycle(seed, symmetry, width, height)}
    most = min(width, height)
    k = draw(st.one_of(st.just(most), st.integers(0, most)))
    return Board(width, reserved - queens, queens, height=height, k=k, rule=rule)


def _squares(state: State) -> tuple[set[Square], set[Square]]:
    """The open squares as the rows see them and as the columns see them."""
    by_rows = {(r, c) for r, m in state.rows.items() for c in range(state.width) if m >> c & 1}
    by_cols = {(r, c) for c, m in state.cols.items() for r in range(state.height) if m >> r & 1}
    return by_rows, by_cols


def _keeps(state: State, symmetry: Symmetry) -> bool:
    """Whether ``symmetry`` maps ``state`` onto itself, square by square (the slow
    definition that :func:`symmetry_breaking.keeps_state` is checked against)."""
    width, height = state.width, state.height
    if symmetry.swaps_sides and width != height:
        return False

    def move(squares: set[Square]) -> set[Square]:
        return {symmetry.square_on(width, height, s) for s in squares}

    by_rows, by_cols = _squares(state)
    placed = set(state.placed.items())
    if move(placed) != placed:
        return False
    required = set() if len(state.rows) == state.left else state.required
    if symmetry.swaps_sides:
        return not required and move(by_rows) == by_cols and move(by_cols) == by_rows
    rows = {symmetry.square_on(width, height, (r, 0))[0] for r in required}
    return rows == required and move(by_rows) == by_rows and move(by_cols) == by_cols


def test_every_rule_is_kept_by_every_symmetry_of_the_shape() -> None:
    for rule in Rule:
        for width, height in ((5, 5), (6, 6), (7, 7), (6, 4), (3, 7)):
            if rule.needs_square and width != height:
                continue
            cells = [(r, c) for r in range(height) for c in range(width)]
            for symmetry in shape_symmetries(width, height):
                assert symmetry_breaking.keeps_rule(rule, symmetry)
                for a in cells:
                    for b in cells:
                        ga = symmetry.square_on(width, height, a)
                        gb = symmetry.square_on(width, height, b)
                        attacks = attack_kind(rule, a, b, width) is not None
                        assert attacks == (attack_kind(rule, ga, gb, width) is not None)


@settings(max_examples=200, deadline=None)
@given(symmetric_boards())
def test_the_group_found_maps_the_propagated_state_onto_itself(board: Board) -> None:
    state = propagate.root(board.allowed_masks(), **ruled_shape(board))
    if state is None:
        return
    group = symmetry_breaking.state_group(state)
    assert group[0] is Symmetry.IDENTITY
    expected = [s for s in shape_symmetries(board.width, board.height) if _keeps(state, s)]
    assert list(group) == expected
    # A group: closed under composition (squares of a 3 x 2 test pattern suffice
    # to tell the symmetries apart on boards of side 3 or more).
    for g in group:
        for h in group:
            composed = [
                h.square_on(board.width, board.height, g.square_on(board.width, board.height, s))
                for s in [(0, 0), (0, 1), (1, 0)]
            ]
            assert (
                any(
                    composed
                    == [k.square_on(board.width, board.height, s) for s in [(0, 0), (0, 1), (1, 0)]]
                    for k in group
                )
                or min(board.width, board.height) < 2
            )


def test_the_board_symmetry_survives_propagation() -> None:
    # Reserved squares in half-turn pairs: the propagated state keeps the half turn.
    board = Board.build(10, reserved=[(0, 3), (9, 6), (4, 4), (5, 5)])
    state = propagate.root(board.allowed_masks(), **ruled_shape(board))
    assert state is not None
    assert Symmetry.ROTATE_180 in symmetry_breaking.state_group(state)
    assert Symmetry.MIRROR not in symmetry_breaking.state_group(state)


ENGINES = {"propagate": propagate.decide, "sat": sat.decide, "auto": portfolio.decide}


@settings(max_examples=200, deadline=None)
@given(symmetric_boards(max_side=9), st.sampled_from(sorted(ENGINES)))
def test_breaking_agrees_with_the_reference(board: Board, engine: str) -> None:
    if engine != "propagate":
        need_pysat()
    found = ENGINES[engine](board.allowed_masks(), **ruled_shape(board))
    answers_rule(found.columns, board)  # valid, or None only when the reference finds none


@settings(max_examples=100, deadline=None)
@given(symmetric_boards())
def test_the_sat_child_takes_over_with_breaking(board: Board) -> None:
    need_pysat()
    saved = portfolio.QUICK_DECISIONS
    portfolio.QUICK_DECISIONS = 0
    try:
        found = portfolio.decide(board.allowed_masks(), **ruled_shape(board))
    finally:
        portfolio.QUICK_DECISIONS = saved
    answers_rule(found.columns, board)


def _symmetric_board(n: int, symmetry: Symmetry, density: float, seed: int) -> Board:
    rng = random.Random(seed)
    reserved: set[Square] = set()
    for r in range(n):
        for c in range(n):
            if rng.random() < density:
                reserved |= _cycle((r, c), symmetry, n, n)
    return Board.build(n, reserved=reserved)


def _boards() -> Iterator[Board]:
    for seed in range(12):
        for symmetry in (Symmetry.ROTATE_180, Symmetry.MIRROR, Symmetry.TRANSPOSE):
            yield _symmetric_board(10, symmetry, 0.35, seed)


def test_the_orbit_cut_strikes_squares_and_loses_no_answer() -> None:
    cuts = 0
    for board in _boards():
        masks = board.allowed_masks()
        start = propagate.root(masks)
        if start is None or not start.left:
            continue
        group = symmetry_breaking.state_group(start)
        with_cut, plain = propagate.Stats(), propagate.Stats()
        found = propagate.search(start, stats=with_cut, group=group)
        assert (found is None) == (propagate.search(start, stats=plain) is None)
        answers_rule(found, board)
        if len(group) == 1:
            assert with_cut.cut == 0
        cuts += with_cut.cut > 0
    assert cuts >= 5  # 10 x 10 boards at density 0.35: most searches cut orbits


D4_BOARD = Board.parse(
    """\
. . * * . . * * . .
. * * * . . * * * .
* * . . . . . . * *
* * . . . . . . * *
. . . . . . . . . .
. . . . . . . . . .
* * . . . . . . * *
* * . . . . . . * *
. * * * . . * * * .
. . * * . . * * . .
"""
)
"""A 10 x 10 board that all 8 symmetries of the square keep (its reserved squares are
unions of orbits), without a solution."""


def test_a_refuted_square_strikes_its_whole_orbit_under_the_full_group() -> None:
    """The orbit cut strikes every image of a refuted square, not only the first: with
    the whole orbit the search proves this board unsolvable in 9 decisions, cutting 7
    squares.  Measured by breaking :func:`queens.engines.hard.propagate._strike_orbit`:
    the refuted square and its first image only, 35 decisions (1 square cut); the
    refuted square alone, 39, as without symmetry breaking."""
    masks = D4_BOARD.allowed_masks()
    start = propagate.root(masks)
    assert start is not None and len(symmetry_breaking.state_group(start)) == 8
    assert reference.count(masks) == 0
    found = propagate.decide(masks)
    assert found.columns is None
    assert found.how == (
        "search: 9 decisions, symmetry breaking under all 8 symmetries of the square "
        "(7 squares cut)"
    )
    plain = propagate.decide(masks, symmetry=False)
    assert plain.columns is None and plain.how == "search: 39 decisions"


def test_the_verdict_says_when_symmetry_breaking_was_used() -> None:
    board = _symmetric_board(10, Symmetry.ROTATE_180, 0.35, 1)
    how = propagate.decide(board.allowed_masks()).how
    assert how.startswith("search: ") and "symmetry breaking under rotate 180" in how
    assert "square" in how and "cut" in how
    assert "symmetry" not in propagate.decide(board.allowed_masks(), symmetry=False).how
    lopsided = Board.build(10, reserved=[(0, 1), (4, 7)])
    assert "symmetry" not in propagate.decide(lopsided.allowed_masks()).how


def test_turned_off_in_the_whole_process() -> None:
    board = _symmetric_board(10, Symmetry.ROTATE_180, 0.35, 1)
    symmetry_breaking.ENABLED = False
    try:
        assert "symmetry" not in propagate.decide(board.allowed_masks()).how
    finally:
        symmetry_breaking.ENABLED = True


# -- the lex-leader clauses ------------------------------------------------------


def _models(formula: list[list[int]], variables: int) -> set[tuple[int, ...]]:
    """Every assignment of variables 1..``variables`` that extends to a model."""
    from pysat.solvers import Solver

    found: set[tuple[int, ...]] = set()
    with Solver(name=sat.SOLVER, bootstrap_with=formula) as solver:
        while solver.solve():
            model = solver.get_model()
            chosen = tuple(v for v in range(1, variables + 1) if model[v - 1] > 0)
            found.add(chosen)
            solver.add_clause([-v if v in chosen else v for v in range(1, variables + 1)])
    return found


@settings(max_examples=150, deadline=None)
@given(symmetric_boards(max_side=6))
def test_lex_leader_keeps_exactly_one_solution_of_every_orbit(board: Board) -> None:
    need_pysat()
    shape = ruled_shape(board)
    state = propagate.root(board.allowed_masks(), **shape)
    if state is None or not state.left:
        return
    problem = cnf.residual(state)
    formula, top = cnf.clauses(problem)
    squares = problem.squares
    index = {square: i + 1 for i, square in enumerate(squares)}
    # The solutions as sets of square variables, from the reference search.
    solutions = set()
    for columns in reference.solutions(
        board.allowed_masks(), shape["queens"], shape["required"], shape["rule"], board.width
    ):
        queens = {(r, c) for r, c in enumerate(columns) if c >= 0}
        solutions.add(tuple(sorted(index[s] for s in queens - set(state.placed.items()))))
    assert _models(formula, len(squares)) == solutions  # the encoding, as a check of the test
    group = symmetry_breaking.state_group(state)
    from pysat.formula import IDPool

    pool = IDPool(start_from=top + 1)
    lex = symmetry_breaking.lex_leader_clauses(squares, group, board.width, board.height, pool)
    kept = _models(formula + lex, len(squares))
    assert kept <= solutions
    orbits = {
        frozenset(
            tuple(sorted(index[g.square_on(board.width, board.height, squares[v - 1])] for v in s))
            for g in group
        )
        for s in solutions
    }
    for orbit in orbits:
        assert len(orbit & kept) == 1  # the least of each orbit, and only it
    assert len(kept) == len(orbits)


@settings(max_examples=40, deadline=None)
@given(symmetric_boards())
def test_the_lex_leader_clauses_join_after_the_budget(board: Board) -> None:
    need_pysat()
    saved = sat.LEX_AFTER_CONFLICTS
    sat.LEX_AFTER_CONFLICTS = 1  # at once, after the first conflict
    try:
        found = sat.decide(board.allowed_masks(), **ruled_shape(board))
    finally:
        sat.LEX_AFTER_CONFLICTS = saved
    answers_rule(found.columns, board)


def _spin_forever(ok: bytes, n: int, seed: int) -> list[int]:
    while True:  # CPU time, so its turns end
        pass


def test_the_verdict_names_the_lex_leader_clauses_when_they_joined(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    need_pysat()
    # The local search takes turns too and, on a busy machine, may answer first: here it
    # only spins, so the verdict is CaDiCaL's.
    monkeypatch.setattr(walk, "solve", _spin_forever)
    masks = _symmetric_board(12, Symmetry.ROTATE_180, 0.3, 1).allowed_masks()
    # Within the default budget CaDiCaL solves it without the clauses.
    assert sat.decide(masks).how == "SAT solver (CaDiCaL)"
    monkeypatch.setattr(sat, "LEX_AFTER_CONFLICTS", 1)
    how = sat.decide(masks).how
    assert how == "SAT solver (CaDiCaL), symmetry breaking under rotate 180 (lex-leader)"
    assert sat.decide(masks, symmetry=False).how == "SAT solver (CaDiCaL)"
    # Decided before any conflict: the clauses are not needed.
    assert not sat.run_solver([[1, 2]], [[-1]]).lex_used


def test_lex_leader_clauses_skip_big_encodings(monkeypatch: pytest.MonkeyPatch) -> None:
    need_pysat()
    board = _symmetric_board(10, Symmetry.ROTATE_180, 0.35, 1)
    state = propagate.root(board.allowed_masks())
    assert state is not None
    problem = cnf.residual(state)
    assert cnf.symmetry_clauses(problem, [], 10_000) is not None
    monkeypatch.setattr(symmetry_breaking, "LEX_LEADER_MAX_SQUARES", len(problem.squares) - 1)
    assert cnf.symmetry_clauses(problem, [], 10_000) is None


# -- the paths that must not change ----------------------------------------------


@settings(max_examples=60, deadline=None)
@given(symmetric_boards(max_side=6))
def test_enumeration_counting_and_the_first_solution_are_unchanged(board: Board) -> None:
    shape = ruled_shape(board)
    every = list(
        reference.solutions(
            board.allowed_masks(), shape["queens"], shape["required"], shape["rule"], board.width
        )
    )
    assert [s.to_list() for s in api.solutions(board)] == every
    assert api.count(board) == len(every)
    first = api.solve(board, method="search")
    assert (first.to_list() if first is not None else None) == (every[0] if every else None)


def test_random_solutions_are_drawn_without_breaking() -> None:
    board = _symmetric_board(10, Symmetry.ROTATE_180, 0.2, 3)
    masks = board.allowed_masks()
    for seed in range(5):
        drawn = propagate.decide(masks, rng=random.Random(seed))
        plain = propagate.decide(masks, rng=random.Random(seed), symmetry=False)
        assert drawn == plain and "symmetry" not in drawn.how


@settings(max_examples=80, deadline=None)
@given(
    st.integers(6, 10),
    st.sampled_from(list(Symmetry)[1:]),
    st.floats(0.15, 0.45),
    st.integers(0, 10**6),
    st.sampled_from(list(Rule)),
)
def test_the_orbit_cut_on_denser_boards_agrees_with_the_reference(
    n: int, symmetry: Symmetry, density: float, seed: int, rule: Rule
) -> None:
    board = _symmetric_board(n, symmetry, density, seed)
    board = Board(n, board.reserved, rule=rule)
    found = propagate.decide(board.allowed_masks(), **ruled_shape(board))
    answers_rule(found.columns, board)


def test_the_module_examples_hold() -> None:
    import doctest

    failures, attempted = doctest.testmod(symmetry_breaking)
    assert attempted > 0 and failures == 0
