"""How big a count would be, before counting: Knuth's estimator of a search tree.

Knuth (1975) walks random paths down the backtracking tree: at each level
the number of children multiplies a weight, and the weights summed along a
path estimate the number of nodes of the whole tree (the weight on reaching
the last row estimates the number of solutions).  Averaged over many paths
the estimate is unbiased, and each path costs one row's work per level, so
``queens count --board`` can tell a board it would take hours to count
from one it counts in seconds.

The tree walked is the counter's own: rows top to bottom, a queen in each
(or, with fewer queens than rows, a queen or none), inside the row's
allowed columns, under the board's attack rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from queens.rules import Rule, diagonals_down, knight_attacks


class Estimate(NamedTuple):
    """Estimated size of the counting search: tree nodes and solutions, from ``probes`` paths."""

    nodes: int
    solutions: int
    probes: int


def estimate(
    allowed: Sequence[int],
    probes: int | None = None,
    seed: int = 0,
    *,
    queens: int | None = None,
    required: int = 0,
    rule: Rule = Rule.QUEEN,
    width: int | None = None,
) -> Estimate:
    """Knuth's estimate of the counter's search tree for the board given by ``allowed``.

    ``queens``, ``required``, ``rule`` and ``width`` as the engines take them
    (``queens.engines.counting.reference``): with fewer queens than rows, a row may
    also stay empty, one more child of its node.
    Deterministic for a given ``seed``.  By default the number of probes
    shrinks with the board so the estimate takes a fraction of a second.
    """
    n = len(allowed)
    if probes is None:
        probes = max(100, 30_000 // max(n, 1))
    rng = random.Random(seed)
    k = n if queens is None else queens
    # The required rows at or below each row: a branch ends once fewer queens remain.
    need = [(required >> row).bit_count() for row in range(n + 1)]
    # Exact integers: the weights outgrow floats (about 400! on a 400 x 400 board).
    total_nodes = 0
    total_solutions = 0
    if width is None:  # wide enough for every allowed column
        width = max(n, *(mask.bit_length() for mask in allowed)) if allowed else 0
    attacks = _Attacks(rule, width)
    for _ in range(probes):
        nodes, solutions = _probe(allowed, k, need, rng, attacks)
        total_nodes += nodes
        total_solutions += solutions
    return Estimate(total_nodes // probes, total_solutions // probes, probes)


@dataclass(frozen=True)
class _Attacks:
    """How a rule's attacks reach the next row (``queens.rules``)."""

    rule: Rule
    width: int

    def down(self, left: int, right: int) -> tuple[int, int]:
        return diagonals_down(self.rule, self.width, left, right)

    def knights(self, last: int, before: int) -> int:
        if self.rule is not Rule.SUPERQUEEN:
            return 0
        return knight_attacks(self.width, last, before)


def _probe(
    allowed: Sequence[int], k: int, need: Sequence[int], rng: random.Random, attacks: _Attacks
) -> tuple[int, int]:
    """One random path: (estimated nodes, estimated solutions)."""
    n = len(allowed)
    cols = left = right = last = before = 0
    weight = 1
    nodes = 1
    for row in range(n):
        if k == 0:
            return nodes, weight if need[row] == 0 else 0
        blocked = cols | left | right | attacks.knights(last, before)
        free = allowed[row] & ~blocked if need[row + 1] <= k - 1 else 0
        empty = n - row - 1 >= k and not (need[row] - need[row + 1])
        width = free.bit_count() + empty
        if not width:
            return nodes, 0
        weight *= width
        nodes += weight
        choice = rng.randrange(width) - empty
        if choice < 0:  # the row stays empty
            left, right = attacks.down(left, right)
            last, before = 0, last
            continue
        for _ in range(choice):
            free &= free - 1
        bit = free & -free
        cols |= bit
        left, right = attacks.down(left | bit, right | bit)
        last, before = bit, last
        k -= 1
    return nodes, weight if k == 0 else 0
