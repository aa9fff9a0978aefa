"""Certificates of hard-board answers: made, checked independently, and refused when broken."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardboards import need_dratify, need_pysat, small_boards
from queens import api, certifying, hard_boards
from queens.board import Board
from queens.certificate import (
    Certificate,
    CertificateError,
    board_cnf,
    check,
    counting_claims,
    dimacs,
)
from queens.engines.counting import reference
from queens.validate import board_problem

# Refuted by the counting argument: the diagonal-sum identity after propagation.
IDENTITY_BOARD = hard_boards.diagonals(12, 11, 3)
# No solution, but the counting argument does not see it: a DRAT proof.
DRAT_BOARD = hard_boards.blocked(10, 0.55, 0)


def _refused(certificate: Certificate, why: str) -> None:
    with pytest.raises(CertificateError, match=why):
        check(certificate)


def _replaced(certificate: Certificate, **changes: object) -> Certificate:
    data = json.loads(certificate.to_json()) | changes
    return Certificate.from_json(json.dumps(data))


def test_the_boards_are_what_the_tests_need() -> None:
    assert reference.count(IDENTITY_BOARD.allowed_masks()) == 0
    assert reference.count(DRAT_BOARD.allowed_masks()) == 0
    assert counting_claims(IDENTITY_BOARD) is not None
    assert counting_claims(DRAT_BOARD) is None


def test_a_counting_certificate_is_accepted_and_its_figures_are_checked() -> None:
    made = certifying.refutation(IDENTITY_BOARD)
    assert made.argument == "counting" and "sum_squares" in made.claims
    check(Certificate.from_json(made.to_json()))
    claims = dict(made.claims)
    claims["d1"] = claims["d1"][1:]
    _refused(_replaced(made, claims=claims), "figures are wrong: d1")
    other = hard_boards.diagonals(12, 11, 7)  # solvable: nothing refutes it
    assert reference.count(other.allowed_masks()) > 0
    _refused(_replaced(made, board=str(other)), "does not refute this board")


def test_a_drat_certificate_is_accepted() -> None:
    need_dratify()
    made = certifying.refutation(DRAT_BOARD)
    assert made.argument == "drat"
    assert made.proof.rstrip().endswith("\n0") or made.proof.rstrip() == "0"
    check(Certificate.from_json(made.to_json()))


def _lemmas(proof: str) -> list[str]:
    return [line for line in proof.splitlines() if line and not line.startswith("d ")]


def test_a_broken_proof_is_refused() -> None:
    need_dratify()
    made = certifying.refutation(DRAT_BOARD)
    lines = made.proof.splitlines()
    # Every learnt clause but the last (the empty clause) removed: not a refutation.
    kept = [line for line in lines if line.startswith("d ")] + ["0"]
    _refused(_replaced(made, proof="\n".join(kept) + "\n"), "proof is refused")
    # The empty clause removed: the proof stops short.
    _refused(_replaced(made, proof="\n".join(lines[:-1]) + "\n"), "proof is refused")
    # A lemma changed into a clause that does not follow: the first learnt unit or clause
    # made to claim its first literal's negation alone.
    first = next(i for i, line in enumerate(lines) if not line.startswith("d "))
    literal = int(lines[first].split()[0])
    changed = [*lines[:first], f"{-literal} 0", f"{literal} 0", *lines[first + 1 :]]
    _refused(_replaced(made, proof="\n".join(changed) + "\n"), "proof is refused")


def test_a_tampered_cnf_or_another_board_is_refused() -> None:
    need_dratify()
    made = certifying.refutation(DRAT_BOARD)
    clauses = board_cnf(DRAT_BOARD)
    fewer = dimacs(clauses[1:], DRAT_BOARD.n**2)
    _refused(_replaced(made, cnf=fewer), "CNF is not the board's")
    other = hard_boards.blocked(10, 0.55, 3)  # solvable
    _refused(_replaced(made, board=str(other)), "CNF is not the board's")
    # The other board with its own CNF and this proof: no proof refutes a solvable board.
    _refused(
        _replaced(made, board=str(other), cnf=dimacs(board_cnf(other), 100)), "proof is refused"
    )


def test_a_solution_certificate_is_checked() -> None:
    board = hard_boards.diagonals(12, 11, 7)
    found = api.solve(board, method="propagate")
    assert found is not None
    columns = found.to_list()
    made = certifying.solution_certificate(board, columns)
    check(Certificate.from_json(made.to_json()))
    wrong = list(columns)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    _refused(_replaced(made, columns=wrong), "solution is wrong")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{", "not JSON"),
        # Issue 39: an integer past Python's 4,300-digit limit was a traceback.
        ('{"certificate": "queens-certificate/1", "n": ' + "9" * 5000 + "}", "5,000 digits"),
        ("[]", "not a certificate"),
        ('{"certificate": "queens-certificate/1", "argument": "faith"}', "unknown argument"),
        (
            '{"certificate": "queens-certificate/1", "argument": "drat", "answer": "solution",'
            ' "board": "."}',
            'answers "no solution"',
        ),
    ],
)
def test_malformed_certificates(text: str, why: str) -> None:
    with pytest.raises(CertificateError, match=why):
        Certificate.from_json(text)


def test_other_shapes_get_no_certificate() -> None:
    board = Board.build(8).with_queens(7)
    _refused(Certificate(board, "counting"), "N queens on an N x N board")


@settings(max_examples=50, deadline=None)
@given(small_boards(max_n=6))
def test_the_counting_argument_refutes_only_unsolvable_boards(board: Board) -> None:
    if counting_claims(board) is not None:
        assert reference.count(board.allowed_masks()) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 10), st.integers(0, 4), st.integers(0, 2**16))
def test_the_counting_argument_on_excluded_diagonals(n: int, fewer: int, seed: int) -> None:
    # Near the density where about half of these boards are solvable, where the
    # identities refute most of the unsolvable ones.
    board = hard_boards.diagonals(n, n - fewer, seed)
    if counting_claims(board) is not None:
        assert reference.count(board.allowed_masks()) == 0


@settings(max_examples=40, deadline=None)
@given(small_boards(max_n=7))
def test_the_plain_cnf_is_satisfiable_exactly_when_the_board_has_a_solution(board: Board) -> None:
    need_pysat()
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=board_cnf(board)) as solver:
        found = solver.solve()
        if found:
            model = set(solver.get_model() or [])
            n = board.n
            columns = [next(c for c in range(n) if r * n + c + 1 in model) for r in range(n)]
            assert board_problem(columns, board) is None
    assert found == (reference.count(board.allowed_masks()) > 0)
