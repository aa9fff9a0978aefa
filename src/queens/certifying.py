"""Making the certificates of ``queens.certificate`` for answers the engines found.

A solution is its own certificate.  For "no solution", the counting argument
comes first (``queens.certificate.counting_claims``: propagation, the colour
count and the diagonal-sum identities, in well under a second at N = 40);
when it does not refute the board, CaDiCaL refutes the plain CNF of the
board (``queens.certificate.board_cnf``) while writing a DRAT proof
(``queens.engines.hard.proof``), which may take as long as the solver needs
on that encoding.  Every certificate is checked (``queens.certificate.check``)
before it is handed out.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens.board import Board
from queens.certificate import Certificate, board_cnf, check, counting_claims, dimacs
from queens.engines.hard import proof
from queens.engines.hard.budget import NEVER, Deadline


class Disagreement(RuntimeError):
    """The plain encoding has a solution where the engine found none: a bug, never an answer."""


def solution_certificate(board: Board, columns: Sequence[int]) -> Certificate:
    """The certificate of a solution (checked)."""
    made = Certificate(board, "solution", columns=list(columns))
    check(made)
    return made


def refutation(board: Board, deadline: Deadline = NEVER) -> Certificate:
    """The certificate that ``board`` has no solution (checked): the counting argument
    when it refutes the board, else a DRAT proof over its plain CNF.

    Raises ``Undecided`` when ``deadline`` passes before the proof is written,
    and ``Disagreement`` when the plain CNF turns out satisfiable.
    """
    claims = counting_claims(board)
    if claims is not None:
        made = Certificate(board, "counting", claims=claims)
    else:
        clauses = board_cnf(board)
        satisfiable, steps = proof.refute(clauses, deadline)
        if satisfiable:
            raise Disagreement(f"the plain encoding of this {board.size_text} board has a solution")
        made = Certificate(board, "drat", cnf=dimacs(clauses, board.n * board.n), proof=steps)
    check(made)
    return made
