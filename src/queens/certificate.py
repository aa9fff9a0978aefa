"""Certificates for the answers of ``queens solve --board``, checked without trusting the solver.

A certificate is a JSON object (``Certificate.to_json``; the format is
``FORMAT``) holding the board's text, the answer and the argument for it:

- ``"solution"``: the answer is a placement (``columns``, 0-based, one a
  row), checked square by square against the board's rules.
- ``"counting"``: no solution, by a counting argument this module re-derives
  from the board alone: its own propagation (a row or column with one open
  square gets its queen, and what that queen attacks is struck out), then,
  for the queens left, either a row or column with no open square, too few
  open diagonals of a colour (the colour count), or no choice of open
  diagonals meeting the diagonal-sum identities (``identities_met``).  The
  certificate states the argument's figures (``claims``); the checker
  recomputes them and refuses a certificate whose figures differ.
- ``"drat"``: no solution, by a DRAT proof that ``cnf`` (DIMACS) is
  unsatisfiable.  The checker encodes the board itself (``board_cnf``: the
  plain encoding, ``ENCODING``), refuses a certificate whose CNF is not that
  one, and checks the proof with dratify, a DRAT checker that shares no code
  with the SAT solver that wrote the proof.

This module is the independent side: it imports the board model and dratify
(the ``sat`` extra), never the engines that found the answer, so a bug there
cannot make a wrong certificate pass.  ``queens.certifying`` makes
certificates; ``queens check --certificate FILE`` replays them.

Certificates cover N queens on an N x N board under the queen rule (reserved
squares and fixed queens allowed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from queens import json_text
from queens.board import Board, BoardError, Square, parse_board
from queens.rules import Rule
from queens.validate import board_problem

FORMAT = "queens-certificate/1"
"""The value of a certificate's ``"certificate"`` key."""

ENCODING = "queens-plain/1"
"""The CNF of ``board_cnf``, named in a ``drat`` certificate."""

ARGUMENTS = ("solution", "counting", "drat")

MAX_CERTIFIED_N = 64
"""The largest board a certificate is made or checked for (its plain CNF has about
N**3 clauses: some 170,000 at N = 64)."""


class CertificateError(ValueError):
    """A certificate that is malformed or does not prove its answer (one line, why)."""


@dataclass(frozen=True)
class Certificate:
    """An answer for ``board`` and the argument for it (see the module docstring)."""

    board: Board
    argument: str
    columns: list[int] | None = None
    claims: dict[str, Any] = field(default_factory=dict)
    cnf: str = ""
    proof: str = ""

    @property
    def solvable(self) -> bool:
        return self.argument == "solution"

    def to_json(self) -> str:
        """The certificate as the JSON text written by ``queens solve --certificate``."""
        data: dict[str, Any] = {
            "certificate": FORMAT,
            "board": str(self.board),
            "answer": "solution" if self.solvable else "no solution",
            "argument": self.argument,
        }
        if self.columns is not None:
            data["columns"] = self.columns
        if self.argument == "counting":
            data["claims"] = self.claims
        if self.argument == "drat":
            data |= {"encoding": ENCODING, "cnf": self.cnf, "proof": self.proof}
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Certificate:
        """The certificate of ``text``; CertificateError when it is not one."""
        data = _certificate_object(text)
        argument = data.get("argument")
        if argument not in ARGUMENTS:
            raise CertificateError(f"unknown argument {argument!r} (one of {', '.join(ARGUMENTS)})")
        try:
            board = parse_board(str(data.get("board", "")))
        except BoardError as error:
            raise CertificateError(f"its board: {error}") from None
        expected = "solution" if argument == "solution" else "no solution"
        if data.get("answer") != expected:
            raise CertificateError(f'a {argument} certificate answers "{expected}"')
        columns = data.get("columns")
        if argument == "solution" and not _int_list(columns):
            raise CertificateError("a solution certificate needs its columns (0-based integers)")
        claims = data.get("claims", {})
        if not isinstance(claims, dict):
            raise CertificateError("its claims are not an object")
        if argument == "drat" and data.get("encoding") != ENCODING:
            raise CertificateError(f"unknown encoding {data.get('encoding')!r} (not {ENCODING})")
        cnf, proof = data.get("cnf", ""), data.get("proof", "")
        if not isinstance(cnf, str) or not isinstance(proof, str):
            raise CertificateError("its cnf and proof must be text")
        return cls(board, argument, columns, claims, cnf, proof)


def _certificate_object(text: str) -> dict[str, Any]:
    """The JSON object of ``text`` if it says it is a certificate (``FORMAT``)."""
    try:
        data = json_text.loads(text)  # its integers bounded by length (a 5,000-digit one)
    except json.JSONDecodeError as error:
        raise CertificateError(f"not JSON: {error}") from None
    if isinstance(data, dict) and data.get("certificate") == FORMAT:
        return data
    raise CertificateError(f'not a certificate: no "certificate": "{FORMAT}"')


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def certifiable(board: Board) -> str | None:
    """Why ``board`` gets no certificate, or None when it can."""
    if not (board.is_square and board.is_full) or board.rule is not Rule.QUEEN:
        return "certificates are for N queens on an N x N board under the queen rule"
    if board.n > MAX_CERTIFIED_N:
        return f"certificates go up to N = {MAX_CERTIFIED_N}"
    return None


# -- the plain encoding ---------------------------------------------------------


def variable(n: int, square: Square) -> int:
    """The CNF variable of ``square`` (row, column; 0-based) on an n x n board."""
    r, c = square
    return r * n + c + 1


def board_cnf(board: Board) -> list[list[int]]:
    """The plain CNF of the board (``ENCODING``): true variables are the queens.

    Square (r, c) is variable r*N + c + 1.  A reserved square gets the unit
    clause "not it", a fixed queen the unit clause "it".  Each row and each
    column: one clause "at least one of its open squares", and "not both" for
    each pair of its open squares; each diagonal (r + c and r - c): "not both"
    for each pair of its open squares.  Its models are the board's solutions.
    """
    n = board.n
    open_ = [(r, c) for r in range(n) for c in range(n) if (r, c) not in board.reserved]
    clauses: list[list[int]] = [[-variable(n, s)] for s in sorted(board.reserved)]
    clauses += [[variable(n, s)] for s in sorted(board.queens)]
    lines: dict[tuple[str, int], list[int]] = {}
    for r, c in open_:
        v = variable(n, (r, c))
        for key in (("row", r), ("column", c), ("d1", r + c), ("d2", r - c)):
            lines.setdefault(key, []).append(v)
    for kind, number in sorted(lines):
        group = lines[(kind, number)]
        if kind in ("row", "column"):
            clauses.append(list(group))
        clauses += [[-a, -b] for i, a in enumerate(group) for b in group[i + 1 :]]
    for line in range(n):  # a line with no open square at all: the empty clause
        if ("row", line) not in lines or ("column", line) not in lines:
            clauses.append([])
    return clauses


def dimacs(clauses: Iterable[list[int]], variables: int) -> str:
    """``clauses`` as DIMACS text."""
    listed = list(clauses)
    head = f"p cnf {variables} {len(listed)}\n"
    return head + "".join(" ".join(map(str, clause)) + " 0\n" for clause in listed)


# -- the counting argument ------------------------------------------------------


def counting_claims(board: Board) -> dict[str, Any] | None:
    """The counting argument that ``board`` has no solution, as figures to state and
    check; None when this argument does not refute the board.

    Keys: ``forced`` (the queens propagation placed, [row, column]), and
    ``empty`` (a line left with no open square: "row 3"), or ``colour`` (the
    open diagonals of each colour class against the queens left), or the
    identities' terms: ``queens`` left, ``d1`` and ``d2`` (the open
    diagonals), ``sum_d1``, ``sum_d2`` and ``sum_squares`` (what they must
    add up to).
    """
    n = board.n
    placed = dict(sorted(board.queens))
    if len(placed) < len(board.queens) or len(set(placed.values())) < len(placed):
        return {"forced": [], "empty": "two fixed queens share a line"}
    for (r, c), (r2, c2) in _pairs(sorted(placed.items())):
        if r + c == r2 + c2 or r - c == r2 - c2:
            return {"forced": [], "empty": "two fixed queens share a diagonal"}
    open_ = {(r, c) for r in range(n) for c in range(n) if (r, c) not in board.reserved}
    for queen in placed.items():
        open_ = _unattacked(open_, queen)
    forced: list[list[int]] = []
    empty = _propagate(n, placed, open_, forced)
    claims: dict[str, Any] = {"forced": forced}
    if empty is not None:
        return claims | {"empty": empty}
    rows = [r for r in range(n) if r not in placed]
    cols = [c for c in range(n) if c not in set(placed.values())]
    left = len(rows)
    d1 = sorted({r + c for r, c in open_})
    d2 = sorted({r - c for r, c in open_})
    colour = _colour_classes(d1, d2)
    if min(colour) < left:
        return claims | {"colour": list(colour), "queens": left}
    terms = {
        "queens": left,
        "d1": d1,
        "d2": d2,
        "sum_d1": sum(rows) + sum(cols),
        "sum_d2": sum(rows) - sum(cols),
        "sum_squares": 2 * sum(r * r for r in rows) + 2 * sum(c * c for c in cols),
    }
    if left and not identities_met(terms):
        return claims | terms
    return None


def _pairs(items: list[tuple[int, int]]) -> Iterable[tuple[tuple[int, int], tuple[int, int]]]:
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            yield a, b


def _unattacked(open_: set[Square], queen: Square) -> set[Square]:
    """The squares of ``open_`` that ``queen`` does not attack (nor stand on)."""
    r, c = queen
    return {
        (r2, c2)
        for r2, c2 in open_
        if r2 != r and c2 != c and r2 + c2 != r + c and r2 - c2 != r - c
    }


def _propagate(
    n: int, placed: dict[int, int], open_: set[Square], forced: list[list[int]]
) -> str | None:
    """Place the queen of each row and column left with one open square, until none is;
    the first line left with none ("row 3", 1-based), or None.  Changes its arguments."""
    while True:
        by_row: dict[int, list[Square]] = {r: [] for r in range(n) if r not in placed}
        taken = set(placed.values())
        by_col: dict[int, list[Square]] = {c: [] for c in range(n) if c not in taken}
        for r, c in open_:
            by_row[r].append((r, c))
            by_col[c].append((r, c))
        for kind, lines in (("row", by_row), ("column", by_col)):
            for line, squares in sorted(lines.items()):
                if not squares:
                    return f"{kind} {line + 1}"
        single = [s[0] for s in (*by_row.values(), *by_col.values()) if len(s) == 1]
        if not single:
            return None
        r, c = min(single)
        placed[r] = c
        forced.append([r, c])
        open_ -= {(r, c)}
        open_.intersection_update(_unattacked(open_, (r, c)))


def _colour_classes(d1: list[int], d2: list[int]) -> tuple[int, int]:
    """The open even d1 plus odd d2 diagonals, and the odd d1 plus even d2 ones.

    The two diagonals through a square differ by twice its column, so a queen
    uses one diagonal of each class: the queens left need as many of each.
    """
    even1 = sum(1 for d in d1 if d % 2 == 0)
    even2 = sum(1 for d in d2 if d % 2 == 0)
    return even1 + len(d2) - even2, len(d1) - even1 + even2


def identities_met(terms: dict[str, Any]) -> bool:
    """True when some ``queens`` of the ``d1`` diagonals summing to ``sum_d1`` and as
    many of the ``d2`` ones summing to ``sum_d2`` have squares adding up to
    ``sum_squares``: what the queens left of any solution do (each open row and
    column holds one, so their d1 = r + c add up to the rows' and columns' sum,
    their d2 = r - c to the difference, and d1**2 + d2**2 = 2 r**2 + 2 c**2)."""
    m = terms["queens"]
    total1, total2, target = terms["sum_d1"], terms["sum_d2"], terms["sum_squares"]
    # Sums of squares about a centre z: sum((d - z)**2) = sum(d**2) - 2 z sum(d) + m z**2,
    # which keeps the bitsets short; both sides' shifts are undone in ``cap``.
    z1, z2 = total1 // m, total2 // m
    cap = target - (2 * z1 * total1 - m * z1 * z1) - (2 * z2 * total2 - m * z2 * z2)
    if cap < 0:
        return False
    first = _squares_reached([d - z1 for d in terms["d1"]], m, total1 - m * z1, cap)
    second = _squares_reached([d - z2 for d in terms["d2"]], m, total2 - m * z2, cap)
    return any((first >> s) & 1 for s in range(cap + 1) if (second >> (cap - s)) & 1)


def _squares_reached(values: list[int], count: int, total: int, cap: int) -> int:
    """Bitset of the sums of squares (at most ``cap``) of ``count`` distinct ``values``
    adding up to ``total``.

    Dynamic programming over the values, largest first, each state (how
    many, their sum) holding a bitset of the sums of squares; a state that the
    values still to come cannot bring to ``count`` and ``total`` is dropped.
    """
    items = sorted(values, reverse=True)
    mask = (1 << (cap + 1)) - 1
    # What the j values still to come can add: at least the j smallest, at most the j largest.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for i, v in enumerate(items):
        rest = sorted(items[i + 1 :])
        low = [0]
        for w in rest:
            low.append(low[-1] + w)
        high = [0]
        for w in reversed(rest):
            high.append(high[-1] + w)
        grown: dict[tuple[int, int], int] = {}
        for (k, s), bits in states.items():
            for k2, s2, b in ((k, s, bits), (k + 1, s + v, (bits << (v * v)) & mask)):
                need = count - k2
                if b and 0 <= need <= len(rest) and low[need] <= total - s2 <= high[need]:
                    grown[(k2, s2)] = grown.get((k2, s2), 0) | b
        states = grown
    return states.get((count, total), 0)


# -- checking -------------------------------------------------------------------


def check(certificate: Certificate) -> None:
    """Raise CertificateError (saying why) unless ``certificate`` proves its answer
    for its board; return quietly when it does."""
    board = certificate.board
    why = certifiable(board)
    if why is not None:
        raise CertificateError(why)
    if certificate.argument == "solution":
        _check_solution(board, certificate.columns or [])
    elif certificate.argument == "counting":
        _check_counting(board, certificate.claims)
    else:
        _check_drat(board, certificate.cnf, certificate.proof)


def _check_solution(board: Board, columns: list[int]) -> None:
    problem = board_problem(columns, board)
    if problem is not None:
        raise CertificateError(f"the solution is wrong: {problem}")


def _check_counting(board: Board, claims: dict[str, Any]) -> None:
    found = counting_claims(board)
    if found is None:
        raise CertificateError("the counting argument does not refute this board")
    if found != claims:
        differ = sorted(k for k in found.keys() | claims.keys() if found.get(k) != claims.get(k))
        raise CertificateError(f"the counting argument's figures are wrong: {', '.join(differ)}")


def _check_drat(board: Board, cnf: str, proof: str) -> None:
    from dratify import check_proof, parse_dimacs  # lazy: optional extra (sat)

    clauses = board_cnf(board)
    if cnf != dimacs(clauses, board.n * board.n):
        raise CertificateError(f"its CNF is not the board's ({ENCODING}, as board_cnf writes it)")
    try:
        result = check_proof(parse_dimacs(cnf), proof)
    except ValueError as error:
        raise CertificateError(f"the proof is malformed: {error}") from None
    if not (result.ok and result.reached_empty):
        raise CertificateError(f"the DRAT proof is refused: {result}")
