"""Attack rules: which squares a piece attacks, beyond its own row and column.

Every rule of this family places at most one piece per row and per column;
what differs is the pattern of further attacks:

- ``queen``: the classic queen, along both diagonals to the edge of the board.
- ``toroidal``: the queen on a torus (square boards only): diagonals wrap
  around the edges, so a queen at ``(r, c)`` attacks every ``(r', c')`` with
  ``r' - c' = r - c`` or ``r' + c' = r + c`` modulo n.  Solutions exist
  exactly when n is coprime to 6 (Polya, 1918).
- ``superqueen``: the queen plus the knight's jumps (also called amazon).

A rule is part of a ``Board``, and one type everywhere
(``Rule``, a string enum): the command line parses it once, the engines
compare members (``rule is Rule.TOROIDAL``), the compiled kernel takes its
``code``, and JSON and checkpoints hold its name.
``attack_kind`` is the slow, independent definition that tests check every
engine against.
"""

from __future__ import annotations

from enum import StrEnum

Square = tuple[int, int]


class Rule(StrEnum):
    """How pieces attack; the value is the rule's one name everywhere (CLI, JSON, checkpoints).

    A string enum: a member is its name where text is wanted (``f"{rule}"``, JSON).

    >>> Rule("toroidal"), Rule.QUEEN.value, f"{Rule.SUPERQUEEN}"
    (<Rule.TOROIDAL: 'toroidal'>, 'queen', 'superqueen')
    >>> [rule.value for rule in Rule]
    ['queen', 'toroidal', 'superqueen']
    """

    QUEEN = "queen"
    TOROIDAL = "toroidal"
    SUPERQUEEN = "superqueen"

    @property
    def needs_square(self) -> bool:
        """True when the rule is defined on square boards only (the torus).

        >>> Rule.TOROIDAL.needs_square, Rule.QUEEN.needs_square
        (True, False)
        """
        return self is Rule.TOROIDAL

    @property
    def code(self) -> int:
        """The rule's number in the compiled kernel: its place in ``Rule``'s order.

        >>> [rule.code for rule in Rule]
        [0, 1, 2]
        """
        return _CODES[self]


_CODES = {rule: code for code, rule in enumerate(Rule)}

RULE_NAMES: tuple[str, ...] = tuple(rule.value for rule in Rule)
"""Every rule's name, in the order help texts list them."""


def parse_rule(name: str | Rule) -> Rule:
    """A rule from its name; ValueError naming the rules there are.

    >>> parse_rule("superqueen")
    <Rule.SUPERQUEEN: 'superqueen'>
    >>> parse_rule("king")
    Traceback (most recent call last):
    ...
    ValueError: unknown rule 'king' (choose from queen, toroidal, superqueen)
    """
    if isinstance(name, Rule):
        return name
    try:
        return Rule(name)
    except ValueError:
        raise ValueError(f"unknown rule {name!r} (choose from {', '.join(RULE_NAMES)})") from None


def shape_problem(rule: Rule, width: int, height: int) -> str | None:
    """Why ``rule`` cannot be played on a width x height board, or None.

    >>> shape_problem(Rule.TOROIDAL, 10, 8)
    'the toroidal rule needs a square board, not 10 x 8'
    >>> shape_problem(Rule.SUPERQUEEN, 10, 8) is None
    True
    """
    if rule.needs_square and width != height:
        return f"the {rule.value} rule needs a square board, not {width} x {height}"
    return None


def attack_kind(rule: Rule, a: Square, b: Square, n: int) -> str | None:
    """What lets a piece on ``a`` attack ``b`` under ``rule``, or None (``n``: the
    torus's side, used by the toroidal rule only).

    >>> attack_kind(Rule.QUEEN, (0, 0), (2, 2), 8), attack_kind(Rule.QUEEN, (0, 0), (1, 2), 8)
    ('diagonal', None)
    >>> attack_kind(Rule.TOROIDAL, (0, 0), (1, 4), 5)
    'wrapped diagonal'
    >>> attack_kind(Rule.SUPERQUEEN, (0, 0), (1, 2), 8)
    'knight move'
    """
    (r1, c1), (r2, c2) = a, b
    if a == b:
        return None
    if r1 == r2:
        return "row"
    if c1 == c2:
        return "column"
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    if dr == dc:
        return "diagonal"
    if rule is Rule.TOROIDAL and ((r1 - c1 - r2 + c2) % n == 0 or (r1 + c1 - r2 - c2) % n == 0):
        return "wrapped diagonal"
    if rule is Rule.SUPERQUEEN and {dr, dc} == {1, 2}:
        return "knight move"
    return None


def diagonals_down(rule: Rule, width: int, left: int, right: int) -> tuple[int, int]:
    """The diagonal attack masks one row further down, for row-by-row bitmask searches.

    ``left`` holds the diagonals running down-right (shifted up a column each
    row), ``right`` those running down-left; the torus rotates them around
    its width instead of letting them run off the board.

    >>> diagonals_down(Rule.QUEEN, 4, 0b1000, 0b0001)
    (0, 0)
    >>> diagonals_down(Rule.TOROIDAL, 4, 0b1000, 0b0001)
    (1, 8)
    """
    full = (1 << width) - 1
    if rule is Rule.TOROIDAL:
        return ((left << 1) | (left >> (width - 1))) & full, (
            (right >> 1) | (right << (width - 1))
        ) & full
    return (left << 1) & full, right >> 1


def knight_attacks(width: int, last: int, before: int) -> int:
    """The columns the superqueens of the row above (``last``, as a bit) and of the
    row before it (``before``) attack by a knight's jump in the next row.

    >>> bin(knight_attacks(6, 0b000100, 0b000001))
    '0b10011'
    """
    full = (1 << width) - 1
    return ((last << 2) | (last >> 2) | (before << 1) | (before >> 1)) & full


def rule_clash(rule: Rule, columns: list[int] | tuple[int, ...], width: int) -> str | None:
    """The first pair of queens that only ``rule``'s extra attacks forbid, or None.

    ``columns`` (one per row, -1 for an empty row) must already be a valid
    placement under the queen rule: this adds the wrapped diagonals of the
    torus and the knight's jumps, in O(n) for n rows (so it checks ten
    million queens), naming the pair 1-based.

    >>> rule_clash(Rule.SUPERQUEEN, [1, 3, 0, 2], 4)
    'queens at row 1, column 2 and row 2, column 4 attack by a knight move'
    >>> rule_clash(Rule.TOROIDAL, [0, 2, 4, 1, 3], 5) is None
    True
    """
    if rule is Rule.QUEEN:
        return None
    rows = len(columns)
    if rule is Rule.TOROIDAL:
        seen: dict[tuple[str, int], int] = {}
        for row, col in enumerate(columns):
            if col < 0:
                continue
            for key in (("-", (row - col) % width), ("+", (row + col) % width)):
                if key in seen:
                    return _pair(seen[key], columns[seen[key]], row, col, "a wrapped diagonal")
                seen[key] = row
        return None
    for row, col in enumerate(columns):
        for step, jump in ((1, 2), (2, 1)):
            other = row + step
            below = columns[other] if col >= 0 and other < rows else -1
            if below >= 0 and abs(below - col) == jump:
                return _pair(row, col, other, below, "a knight move", verb="attack by")
    return None


def _pair(r1: int, c1: int, r2: int, c2: int, what: str, verb: str = "share") -> str:
    return (
        f"queens at row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1} {verb} {what}"
    )
