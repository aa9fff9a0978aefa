from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings

import queens
from conftest import BOARDS, is_solution, known_counts, sample_boards
from hardboards import answers_rule, need_pysat, ruled_boards
from queens import api
from queens.board import Board
from queens.counting import estimate
from queens.symmetry import board_symmetries
from queens.validate import board_problem
from strategies import boards, shaped_boards


@pytest.mark.parametrize("n", range(1, 13))
def test_counts(n: int) -> None:
    total, unique = known_counts()[n]
    assert queens.count(n) == total
    assert queens.count(n, unique=True) == unique


def test_counts_together() -> None:
    assert tuple(queens.api.counts(8)) == known_counts()[8]


@pytest.mark.parametrize(("path", "expected"), sample_boards(), ids=lambda v: getattr(v, "stem", v))
def test_sample_boards(path: object, expected: int) -> None:
    board = Board.parse(path.read_text())  # type: ignore[attr-defined]
    assert queens.count(board) == expected
    found = list(queens.solutions(board))
    assert len(found) == expected
    assert all(is_solution(s, board) for s in found)


def test_nauck_has_two_completions() -> None:
    board = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert board.queens == {(3, 3), (4, 1)}
    found = list(queens.solutions(board))
    assert [s.letters() for s in found] == ["eahdbgcf", "egadbhfc"]


def test_solve() -> None:
    assert queens.solve(8) == queens.Solution([0, 4, 7, 5, 2, 6, 1, 3])
    assert queens.solve(3) is None
    assert queens.solve(1) == queens.Solution([0])
    clash = Board.build(8, queens=[(0, 0), (1, 1)])
    assert queens.solve(clash) is None
    assert queens.count(clash) == 0


def test_solutions_is_lexicographic_and_streamed() -> None:
    found = queens.solutions(8)
    first = next(found)
    assert first.list_text() == "[1, 5, 8, 6, 3, 7, 2, 4]"
    rest = list(found)
    assert len(rest) == 91
    assert [first, *rest] == sorted([first, *rest])


def test_unique_solutions_are_canonical_representatives() -> None:
    unique = list(queens.solutions(8, unique=True))
    assert len(unique) == 12
    assert all(s == s.canonical() for s in unique)
    classes = {s.canonical() for s in queens.solutions(8)}
    assert set(unique) == classes
    assert unique == sorted(unique)


@settings(max_examples=60, deadline=None)
@given(boards(max_n=6))
def test_unique_counts_orbits_under_board_group(board: Board) -> None:
    group = board_symmetries(board)
    orbits = {min(tuple(g.columns(s)) for g in group) for s in queens.solutions(board)}
    assert queens.count(board, unique=True) == len(orbits)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        queens.count("8")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown method"):
        queens.solve(8, method="magic")


# -- solve methods (construct, local, auto) --------------------------------------------------


def first_by_search(board: Board) -> list[int]:
    return next(queens.engines.counting.reference.solutions(board.allowed_masks()))


@pytest.mark.parametrize("n", [1, 4, 5, 8, 13, queens.api.AUTO_SEARCH_MAX_N])
def test_auto_searches_small_boards(n: int) -> None:
    solution = queens.solve(n)
    assert solution is not None
    assert list(solution) == first_by_search(Board.empty(n))


@pytest.mark.parametrize("n", [queens.api.AUTO_SEARCH_MAX_N + 1, 100, 10_001])
def test_auto_constructs_above_the_threshold(n: int) -> None:
    solution = queens.solve(n)
    assert solution == queens.solve(n, method="construct")
    assert solution is not None and solution.is_valid()


def test_auto_solves_boards_with_constraints() -> None:
    # Any valid solution: auto hands such boards to the hard-puzzle engines.
    n = queens.api.AUTO_SEARCH_MAX_N + 1
    board = Board.build(n, queens=[(0, 0)])
    solution = queens.solve(board)
    assert solution is not None
    assert is_solution(list(solution), board)


def test_impossible_sizes_by_every_method() -> None:
    for method in ("auto", "search", "construct", "local"):
        for n in (2, 3):
            assert queens.solve(n, method=method) is None


def test_local_by_seed() -> None:
    first = queens.solve(300, method="local", seed=99)
    assert first is not None and first.is_valid()
    assert first == queens.solve(300, method="local", seed=99)
    unseeded = queens.solve(300, method="local")
    assert unseeded is not None and unseeded.is_valid()


def test_meaningless_combinations() -> None:
    constrained = Board.build(8, reserved=[(0, 0)])
    for method in ("construct", "local"):
        with pytest.raises(ValueError, match="plain boards only"):
            queens.solve(constrained, method=method)
    for method in ("auto", "search", "construct"):
        with pytest.raises(ValueError, match="seed"):
            queens.solve(8, method=method, seed=1)


@pytest.mark.parametrize(
    ("board", "method", "seed", "error"),
    [
        (Board.empty(8), "magic", None, api.UnknownMethod),
        (Board.empty(8), "search", 1, api.SeedNotForMethod),
        (Board.build(8, reserved=[(0, 0)]), "local", None, api.NotPlainBoard),
        (Board.empty(2**31), "auto", None, api.TooBigForMethod),
    ],
)
def test_refusals_are_typed(board: Board, method: str, seed: int | None, error: type) -> None:
    """The command line tells them apart by type, to word them with its own options."""
    with pytest.raises(error):
        api.check_method(board, method, seed)
    with pytest.raises(error):
        queens.solve(board, method=method, seed=seed)  # type: ignore[arg-type]
    assert issubclass(error, api.MethodError) and issubclass(error, ValueError)


def test_any_n_methods_have_a_largest_board() -> None:
    assert queens.api.chosen_method(Board.empty(2**31)) == "construct"
    with pytest.raises(ValueError, match="goes up to"):
        queens.solve(2**31)
    with pytest.raises(ValueError, match="goes up to"):
        queens.solve(2**30, method="local")


# -- refusing hopeless counts ----------------------------------------------------------------

_BOUNDED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB: nothing may grow
import queens
try:
    queens.{call}
except {error} as refused:
    print(type(refused).__name__, refused)
"""


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        ("count(10**30)", "ValueError", "counting is limited to boards of N <= "),
        ("count(10**30, force=True)", "ValueError", "counting is limited to boards of N <= "),
        ("count(100)", "queens.CountTooLong", "far longer than the age of the universe"),
        ("counts(100)", "queens.CountTooLong", "far longer than the age of the universe"),
        ("count(22, unique=True)", "queens.CountTooLong", "pass force=True"),
        ("count(queens.Board(60, reserved={(0, 0)}))", "queens.CountTooLong", "on 1 worker"),
    ],
)
def test_hopeless_counts_are_refused_at_once_in_bounded_memory(
    call: str, error: str, words: str
) -> None:
    """Each was a count that hung with its memory growing; now refused before any work."""
    script = _BOUNDED.format(call=call, error=error)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert words in result.stdout and result.stderr == ""


def test_refusal_carries_the_estimate() -> None:
    with pytest.raises(queens.CountTooLong) as refused:
        queens.count(21)
    assert refused.value.seconds == estimate.seconds(Board.empty(21), 1)
    assert refused.value.workers == 1
    assert refused.value.seconds > estimate.REFUSE_SECONDS


def test_force_runs_what_would_be_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(estimate, "REFUSE_SECONDS", 0.0)  # every count is "too long"
    for call in (lambda **k: queens.count(8, **k), lambda **k: queens.counts(8, **k)):
        with pytest.raises(queens.CountTooLong):
            call()
    assert queens.count(8, force=True) == 92
    assert tuple(queens.counts(8, force=True)) == known_counts()[8]
    blocked = Board.build(8, reserved=[(0, 0)])
    with pytest.raises(queens.CountTooLong):
        queens.count(blocked, unique=True)
    assert queens.count(blocked, force=True) == len(list(queens.solutions(blocked)))


def test_solutions_are_not_refused() -> None:
    """A generator does only the work asked of it: the first solutions of a big board come."""
    first = next(queens.solutions(30))
    assert first.is_valid() and first.n == 30


@pytest.mark.parametrize(
    "board", [Board.empty(8), Board.build(8, reserved=[(0, 0)])], ids=["plain", "reserved"]
)
@pytest.mark.parametrize("method", ["auto", "search", "propagate"])
def test_one_rule_for_timeouts(board: Board, method: str) -> None:
    """A timeout is checked alike whatever the board and the method."""
    for bad, error in ((-1, ValueError), (float("nan"), ValueError), ("5", TypeError)):
        with pytest.raises(error, match="timeout"):
            queens.solve(board, method=method, timeout=bad)  # type: ignore[arg-type]
    assert queens.solve(board, method=method, timeout=30) is not None


# -- boards of any shape and queen count -------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "method"),
    [
        (Board(10, height=8), "search"),
        (Board(8, k=5), "search"),
        (Board(30, height=25), "auto"),
        (Board(21, k=20), "auto"),
        (Board(10, reserved=[(0, 0)], height=8), "auto"),
        (Board.build(8, queens=[(0, 0)], k=6), "auto"),
    ],
)
def test_auto_on_shaped_boards(board: Board, method: str) -> None:
    """Small plain shapes are searched (lexicographically first), the rest go to the
    hard-board engines; every answer is checked against the board."""
    assert api.chosen_method(board) == method
    found = queens.solve(board)
    assert found is not None and found.width == board.width
    assert board_problem(found, board) is None
    if method == "search":
        assert found == next(api.solutions(board))


@pytest.mark.parametrize("method", ["propagate", "sat"])
@settings(max_examples=60, deadline=None)
@given(board=shaped_boards())
def test_hard_methods_on_shaped_boards(method: api.Method, board: Board) -> None:
    if method == "sat":
        need_pysat()
    decision = api.decide(board, method=method)
    if decision.solution is None:
        assert board.conflict() is not None or api.count(board) == 0
    else:
        assert decision.solution.width == board.width
        assert board_problem(decision.solution, board) is None


@pytest.mark.parametrize("method", ["construct", "local"])
@pytest.mark.parametrize("board", [Board(10, height=8), Board(8, k=7), Board(1, height=2)])
def test_classic_only_methods_refuse_other_shapes(method: api.Method, board: Board) -> None:
    with pytest.raises(api.NotPlainBoard, match="classic board only") as refused:
        queens.solve(board, method=method)
    assert refused.value.shaped and f"{board.k} queens on {board.size_text}" in str(refused.value)


def test_no_queens_is_one_placement() -> None:
    board = Board(5, height=3, k=0)
    for method in ("auto", "search", "propagate"):
        found = queens.solve(board, method=method)  # type: ignore[arg-type]
        assert found is not None and found.to_list() == [-1, -1, -1] and found.width == 5


@pytest.mark.parametrize("method", ["auto", "propagate", "sat"])
@settings(max_examples=60, deadline=None)
@given(board=ruled_boards())
def test_hard_methods_under_every_rule(method: api.Method, board: Board) -> None:
    if method != "propagate":
        need_pysat()
    found = queens.solve(board, method=method)
    answers_rule(None if found is None else found.to_list(), board)
    assert found is None or found.width == board.width


@pytest.mark.parametrize(
    ("board", "method"),
    [
        (Board.build(11, queens=[(0, 0)], rule="toroidal"), "auto"),
        (Board.build(10, reserved=[(0, 0)], rule="superqueen"), "auto"),
        (Board(12, height=10, rule="superqueen"), "search"),
        (Board(11, rule="toroidal"), "search"),
        (Board(23, rule="toroidal"), "construct"),
        (Board(9, rule="toroidal"), "construct"),  # no solution (Polya): said at once
        (Board(23, rule="superqueen"), "local"),
        (Board(23, k=22, rule="superqueen"), "auto"),
        (Board(23, k=22, rule="toroidal"), "auto"),
    ],
)
def test_auto_under_the_rules(board: Board, method: str) -> None:
    """Ruled boards go as queen-rule boards of another shape do: with reserved squares,
    fixed queens or a side over 20 to the hard-board engines, else searched; but the
    whole big torus (or one without solutions) is constructed, and the whole big
    superqueen board goes to local search."""
    assert api.chosen_method(board) == method
    decision = api.decide(board)
    if method != "auto":
        assert decision.how == f"method {method}"
    answers_rule(None if decision.solution is None else decision.solution.to_list(), board)


def test_local_knows_the_queen_and_superqueen_rules_only() -> None:
    with pytest.raises(api.RuleNotForMethod, match="knows the queen and superqueen rules, not"):
        queens.solve(Board(13, rule="toroidal"), method="local")
    with pytest.raises(api.RuleNotForMethod, match="under the queen and toroidal rules"):
        queens.solve(Board.build(11, queens=[(0, 0)], rule="toroidal"), method="construct")
