"""The attack rules: their definition, the reference search under each, OEIS counts."""

from __future__ import annotations

import csv
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from queens import Board, counts, solutions
from queens.api import ruled_shape
from queens.engines.counting import kernel, reference
from queens.rules import RULE_NAMES, Rule, attack_kind, parse_rule, rule_clash, shape_problem
from queens.symmetry import board_symmetries, is_canonical
from queens.validate import board_problem
from strategies import shaped_boards

KNIGHT = {(1, 2), (2, 1)}


def naive_attacks(rule: str, a: tuple[int, int], b: tuple[int, int], n: int) -> bool:
    """Whether ``a`` attacks ``b``, by walking the moves square by square (independent of
    the package): rays to the edge (or around the torus), and the knight's jumps."""
    directions = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    for dr, dc in directions:
        r, c = a
        for _ in range(2 * n):
            r, c = r + dr, c + dc
            if rule == "toroidal" and dr and dc:
                r, c = r % n, c % n
            if (r, c) == b:
                return True
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return rule == "superqueen" and (dr, dc) in KNIGHT


def naive_solutions(rule: str, board: Board) -> list[list[int]]:
    """Every placement of one queen per row by brute force over all column tuples."""
    n = board.width
    found: list[list[int]] = []

    def extend(prefix: list[int]) -> None:
        squares = list(enumerate(prefix))
        if len(prefix) == n:
            if not any(s in board.reserved for s in squares) and board.queens <= set(squares):
                found.append(list(prefix))
            return
        for col in range(n):
            new = (len(prefix), col)
            if not any(naive_attacks(rule, old, new, n) for old in squares):
                extend([*prefix, col])

    extend([])
    return found


def known_rule_counts() -> dict[int, dict[str, int]]:
    with (DATA / "oeis-rules.tsv").open() as file:
        return {
            int(r["n"]): {k: int(v) for k, v in r.items()}
            for r in csv.DictReader(file, delimiter="\t")
        }


def test_rule_names_are_one_each() -> None:
    assert RULE_NAMES == ("queen", "toroidal", "superqueen")
    assert all(parse_rule(name).value == name for name in RULE_NAMES)
    with pytest.raises(ValueError, match="unknown rule 'amazon'"):
        parse_rule("amazon")


def test_the_torus_needs_a_square_board() -> None:
    assert shape_problem(Rule.TOROIDAL, 8, 8) is None
    with pytest.raises(ValueError, match="the toroidal rule needs a square board, not 8 x 6"):
        Board(8, height=6, rule="toroidal")
    assert Board(8, height=6, rule="superqueen").rule is Rule.SUPERQUEEN


@pytest.mark.parametrize("rule", RULE_NAMES)
def test_attack_kind_agrees_with_walking_the_moves(rule: str) -> None:
    n = 6
    squares = [(r, c) for r in range(n) for c in range(n)]
    for a, b in combinations(squares, 2):
        assert (attack_kind(Rule(rule), a, b, n) is not None) == naive_attacks(rule, a, b, n)


@pytest.mark.parametrize("rule", ["toroidal", "superqueen"])
@pytest.mark.parametrize("n", range(1, 7))
def test_the_reference_finds_exactly_the_brute_force_solutions(rule: str, n: int) -> None:
    board = Board(n, rule=rule)
    assert [s.to_list() for s in solutions(board)] == naive_solutions(rule, board)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["toroidal", "superqueen"]),
    st.integers(1, 6),
    st.frozensets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=8),
    st.frozensets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=1),
)
def test_boards_with_constraints_under_every_rule(
    rule: str, n: int, reserved: frozenset[tuple[int, int]], queens: frozenset[tuple[int, int]]
) -> None:
    on_board = {s for s in reserved | queens if max(s) < n}
    fixed = {s for s in queens if s in on_board}
    board = Board(n, on_board - fixed, fixed, rule=rule)
    found = [s.to_list() for s in solutions(board)]
    assert found == naive_solutions(rule, board)
    assert all(board_problem(columns, board) is None for columns in found)


def test_rule_clash_names_the_pair() -> None:
    assert rule_clash(Rule.SUPERQUEEN, [2, 0, 3, 1], 4) == (
        "queens at row 1, column 3 and row 2, column 1 attack by a knight move"
    )
    assert rule_clash(Rule.TOROIDAL, [1, 3, 0, 2], 4) == (
        "queens at row 2, column 4 and row 3, column 1 share a wrapped diagonal"
    )
    assert board_problem([1, 3, 0, 2], Board(4, rule="toroidal")) is not None


@pytest.mark.parametrize("n", range(1, 14))
def test_counts_match_oeis(n: int) -> None:
    known = known_rule_counts()[n]
    toroidal = counts(Board(n, rule="toroidal"))
    assert toroidal == (known["toroidal_total"], known["toroidal_unique"])
    superqueens = counts(Board(n, rule="superqueen"))
    assert superqueens == (known["superqueen_total"], known["superqueen_unique"])


def _torus_images(columns: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every image of a toroidal placement under translations and the 8 symmetries,
    written out square by square (independent of queens.symmetry.is_torus_canonical)."""
    n = len(columns)
    squares = [(r, c) for r, c in enumerate(columns)]
    images = set()
    for down in range(n):
        for right in range(n):
            for turn in range(4):
                for mirror in (False, True):
                    moved = []
                    for r, c in squares:
                        r, c = (r + down) % n, (c + right) % n
                        for _ in range(turn):
                            r, c = c, n - 1 - r
                        moved.append((r, n - 1 - c) if mirror else (r, c))
                    images.add(tuple(c for _, c in sorted(moved)))
    return images


@pytest.mark.parametrize("n", [5, 7, 11])
def test_torus_unique_counts_are_orbits_under_translations_and_the_square_group(n: int) -> None:
    board = Board(n, rule="toroidal")
    every = [tuple(s) for s in solutions(board)]
    orbits = {min(_torus_images(columns)) for columns in every}
    assert counts(board) == (len(every), len(orbits))
    assert [tuple(s) for s in solutions(board, unique=True)] == sorted(orbits)


def test_a_torus_with_a_reserved_square_keeps_only_the_square_symmetries() -> None:
    board = Board.build(7, reserved=[(3, 3)], rule="toroidal")  # the centre: all 8 kept
    every = list(solutions(board))
    orbits = {min(tuple(image) for image in s.images()) for s in every}
    assert counts(board) == (len(every), len(orbits)) and len(every) > 0


def test_unique_counts_are_orbits_under_the_square_group() -> None:
    for rule in (Rule.SUPERQUEEN,):
        for n in (5, 7, 10, 11):
            board = Board(n, rule=rule)
            every = {tuple(s) for s in solutions(board)}
            orbits = {min(tuple(image) for image in s.images()) for s in solutions(board)}
            assert counts(board) == (len(every), len(orbits))
            assert reference.count(board.allowed_masks(), rule=rule) == len(every)


def test_the_toroidal_construction_is_a_solution_exactly_when_n_is_coprime_to_6() -> None:
    from queens.engines.anyn.construct import construct_toroidal

    for n in range(1, 400):
        columns = construct_toroidal(n)
        if n % 2 == 0 or n % 3 == 0:
            assert columns is None
            continue
        assert columns is not None
        board = Board(n, rule="toroidal")
        assert board_problem(columns.tolist(), board) is None
        if n <= 13:
            assert any(s.to_list() == columns.tolist() for s in solutions(board))


@settings(max_examples=150, deadline=None)
@given(shaped_boards(max_side=7), st.sampled_from([Rule.TOROIDAL, Rule.SUPERQUEEN]))
def test_the_compiled_search_agrees_with_the_reference_under_every_rule(
    board: Board, rule: Rule
) -> None:
    if rule is Rule.TOROIDAL and not board.is_square:
        board = Board(
            board.width,
            {s for s in board.reserved if s[0] < board.width},
            {s for s in board.queens if s[0] < board.width},
            k=min(board.k, board.width),
        )
    board = board.with_rule(rule)
    allowed, shape = board.allowed_masks(), ruled_shape(board)
    expected = list(reference.solutions(allowed, board.k, board.required_rows(), rule, board.width))
    found = [s.to_list() for s in solutions(board)]
    assert found == expected
    assert all(board_problem(columns, board) is None for columns in found)
    group = board_symmetries(board)
    orbits = {min(tuple(s.transform(g)) for g in group) for s in solutions(board)}
    assert kernel.count(allowed, group, **shape) == (len(expected), len(orbits))
    canonical = [a.tolist() for a in kernel.solutions(allowed, group, **shape)]
    assert canonical == [c for c in expected if is_canonical(c, group, board.width)]


def test_the_whole_torus_is_counted_by_its_column_shifts() -> None:
    for n in (5, 7, 11, 13):
        allowed = Board(n).allowed_masks()
        assert (
            kernel.count(allowed, rule=Rule.TOROIDAL)
            == (reference.count(allowed, rule=Rule.TOROIDAL),) * 2
        )


@pytest.mark.parametrize(
    "board",
    [
        Board(11, rule="toroidal"),
        Board(11, rule="superqueen"),
        Board(9, height=7, k=6, rule="superqueen"),
    ],
)
def test_a_split_count_under_a_rule_adds_up_and_names_its_rule(board: Board) -> None:
    from queens.counting.split import count_subproblem, split, sum_counts

    parts = split(board)
    assert sum_counts(count_subproblem(p) for p in parts.subproblems) == counts(board)
    assert f"rule={board.rule.value}" in parts.key
    assert parts.key != split(board.with_rule(Rule.QUEEN)).key


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_the_split_of_the_whole_torus_searches_first_queens_in_column_0_only() -> None:
    from queens.counting.split import count_subproblem, split, sum_counts

    board = Board(13, rule="toroidal")
    parts = split(board)
    assert all(p.prefix[0] == 0 for p in parts.subproblems) and "translations" in parts.key
    known = known_rule_counts()[13]
    found = sum_counts(count_subproblem(p) for p in parts.subproblems)
    assert found == (known["toroidal_total"], known["toroidal_unique"])
    reserved = Board.build(13, reserved=[(6, 6)], rule="toroidal")  # no translations kept
    assert {p.prefix[0] for p in split(reserved).subproblems} == set(range(13))
