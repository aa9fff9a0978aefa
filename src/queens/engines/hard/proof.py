"""DRAT proofs of unsatisfiability from CaDiCaL (PySAT's ``with_proof``; the ``sat`` extra).

``refute`` runs CaDiCaL on a CNF while it logs every clause it learns and
deletes; when the CNF is unsatisfiable that log, ending in the empty clause,
is a DRAT proof that a checker sharing no code with the solver can replay
(``queens.certificate`` checks it with dratify).

CaDiCaL cannot be interrupted through PySAT, so with a deadline the solver
runs in a child process stopped when the time is up, as in
``queens.engines.hard.sat``.
"""

from __future__ import annotations

import multiprocessing
from multiprocessing.connection import Connection

from queens.engines.hard.budget import NEVER, Deadline

SOLVER = "cadical195"
"""The PySAT solver that writes the proofs (CaDiCaL 1.9.5)."""

Outcome = tuple[bool, str]
"""(satisfiable, the proof's text: one step a line; empty when satisfiable)."""


def refute(clauses: list[list[int]], deadline: Deadline = NEVER) -> Outcome:
    """Solve ``clauses``; when unsatisfiable, the DRAT proof of it.

    Raises ``Undecided`` when ``deadline`` passes first.
    """
    if deadline.at is None:
        return solve_logged(clauses)
    methods = multiprocessing.get_all_start_methods()
    # fork starts in milliseconds with everything imported; spawn elsewhere.
    context = (
        multiprocessing.get_context("fork")
        if "fork" in methods
        else multiprocessing.get_context("spawn")
    )
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, clauses), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(deadline.remaining()):
            raise deadline.undecided()
        try:
            outcome: Outcome = receive.recv()
        except EOFError:
            raise RuntimeError("the proof-writing solver ended without an answer") from None
        return outcome
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()


def solve_logged(clauses: list[list[int]]) -> Outcome:
    """``refute`` in this process, without a time limit."""
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    with Solver(name=SOLVER, bootstrap_with=clauses, with_proof=True) as solver:
        if solver.solve():
            return True, ""
        steps = solver.get_proof() or []
        return False, "".join(step + "\n" for step in steps)


def _child(conn: Connection, clauses: list[list[int]]) -> None:
    conn.send(solve_logged(clauses))
    conn.close()
