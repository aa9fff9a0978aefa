"""What decided a hard board: the answer, and which reasoning reached it.

The engines for hard boards (``propagate``,
``sat``, ``portfolio``) return a
``Verdict``, so ``queens solve --verbose`` can say whether a board was
refuted before any search (by propagation, by the diagonal-sum identity of
``diagonal_sums`` or by the Hall-type count of
``hall``), decided by the search (and after how
many decisions) or by the SAT solver.
"""

from __future__ import annotations

from dataclasses import dataclass

PROPAGATION = "refuted by propagation before search"
IDENTITY = "refuted by the diagonal-sum identity before search"
SAT = "SAT solver (CaDiCaL)"
KISSAT = "SAT solver (Kissat)"
"""Kissat, on the plain CNF (``queens.engines.hard.sat.PLAIN_MEMBERS``)."""
EMPTY = "nothing to decide (a board of no rows)"
SOLVED = "solved by propagation before search"


def hall(first: str, second: str) -> str:
    """How a board refuted by the Hall-type count (``hall``) is
    described."""
    return f"refuted by a Hall-type count ({first} against {second}) before search"


def searched(decisions: int) -> str:
    """How a board decided by the propagating search is described."""
    return f"search: {decisions} decisions"


@dataclass(frozen=True)
class Verdict:
    """An answer (0-based columns per row, or None: no solution) and what decided it."""

    columns: list[int] | None
    how: str
