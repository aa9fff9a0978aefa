"""Splitting a count into independent sub-problems.

The split is deterministic: it depends on the board alone (never on the
number of workers or machines, nor on whether the compiled kernel is
present), so shards counted anywhere agree and a checkpoint can name
sub-problems by index.  ``SPLIT_VERSION`` changes whenever the way of
splitting changes, so old checkpoints are refused.

Two kinds of sub-problem:

- the plain n x n board (n >= 4) is split into the sub-trees of the
  symmetric counter (``queens.engines.counting.symmetric``), cut after the first
  rows: each counts one representative per class of solutions under all 8
  symmetries, so total and fundamental counts come from about a quarter
  of the search;
- any other board (reserved squares, fixed queens, a rectangle, k queens
  with k below the number of rows) pins the queens of its first rows to
  each of their placements (an empty row, -1, where the rows left still
  hold the queens to place) and counts the rest, fundamental solutions by a
  canonical check under the board's own symmetries (4 on a rectangle, 8 on a
  square).  An n x n board with n queens is split exactly as before shapes
  came, so its checkpoints stay valid.

The cut is the shallowest that gives at least ``target`` sub-problems:
enough for good load balance on many workers (and fine-grained checkpoints
for the long counts), few enough that the overhead stays small.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from queens import symmetry
from queens.board import Board
from queens.engines import Counts
from queens.engines.counting import few, kernel, reference
from queens.rules import Rule

SPLIT_VERSION = "symmetric-1/pinned-1"


def target(n: int) -> int:
    """How many sub-problems to aim at for an n x n board (n: a board's longer side)."""
    return 800 if n < 18 else 10_000


@dataclass(frozen=True)
class SubProblem:
    """One piece of a count, self-contained so it can be pickled to any worker.

    ``prefix`` holds the columns of the queens of the first rows (-1: an
    empty row).  With ``allowed`` None the board is the plain n x n one,
    counted with the symmetric counter; otherwise ``allowed`` holds the
    board's column masks (``n`` of them: its rows), ``group`` its own
    symmetries, and ``width``, ``queens`` and ``required`` its shape as the
    engines take it (None: as many as rows); ``case`` how the kernel counts the
    board (``kernel.board_case``), decided once by ``split`` for all its
    sub-problems (None: decided by each count).
    """

    index: int
    n: int
    prefix: tuple[int, ...]
    allowed: tuple[int, ...] | None = None
    group: tuple[symmetry.Symmetry, ...] = ()
    width: int | None = None
    queens: int | None = None
    required: int = 0
    rule: Rule = Rule.QUEEN  # the attack rule (queens.rules)
    case: kernel.Case | None = None

    def board_case(self) -> kernel.Case:
        """How the kernel counts the sub-problem's board (the same for all its sub-problems)."""
        if self.case is not None:
            return self.case
        return kernel.board_case(self.n, width=self.width, queens=self.queens, rule=self.rule)

    def pinned_masks(self) -> tuple[int, ...]:
        """The board's masks with the prefix's rows pinned to their queens (0: empty).

        >>> SubProblem(0, 3, (2, -1), (7, 7, 7)).pinned_masks()
        (4, 0, 7)
        """
        if self.allowed is None:
            raise ValueError("the plain board's sub-problems have no masks")
        pinned = tuple(0 if c < 0 else 1 << c for c in self.prefix)
        return pinned + self.allowed[len(pinned) :]

    def pinned_required(self) -> int:
        """The rows that must hold a queen: the board's, and those the prefix placed.

        >>> bin(SubProblem(0, 3, (2, -1), (7, 7, 7), required=0b100).pinned_required())
        '0b101'
        """
        return self.required | sum(1 << row for row, c in enumerate(self.prefix) if c >= 0)


@dataclass(frozen=True)
class Split:
    board: Board
    subproblems: tuple[SubProblem, ...]

    @property
    def key(self) -> str:
        """Names the board and the way it was split (for checkpoints and shards)."""
        import hashlib  # lazy: only checkpoints and shards need it, not a plain count

        board = self.board
        rule = board.rule
        if board.is_square and board.is_full and rule is Rule.QUEEN:
            # As before shapes and rules came: old files still resume.
            digest = hashlib.sha256(f"{board.n}\n{board.text()}".encode()).hexdigest()[:16]
            return f"n={board.n};board={digest};split={SPLIT_VERSION}"
        size = f"{board.width}x{board.height}"
        ruled = "" if rule is Rule.QUEEN else f";rule={rule.value}"
        if symmetry.keeps_translations(board):
            # Split and classes use the translations: files written before did not.
            ruled += ";translations"
        text = f"{size}:{board.k}{ruled}\n{board.text()}"
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        # Split on its transpose (see split_transposed): other sub-problems, another key.
        turned = ";transposed" if split_transposed(board) else ""
        return f"size={size};queens={board.k}{ruled};board={digest};split={SPLIT_VERSION}{turned}"


def split_transposed(board: Board) -> bool:
    """True for a board split on its transpose: one wider than the kernel's shaped search
    (``kernel.SHAPE_MAX_WIDTH``) that is counted transposed.  Its first rows would pin
    queens among its many columns (``65x4``: 238,514 sub-problems, 66 s; split as
    ``4x65``, the orientation every sub-problem is counted in, 11,489 and 3 s); the
    transpose has the same solutions, and its conjugate symmetries as many classes.
    Narrower boards keep their split (and the checkpoints written of it).
    """
    if board.width <= kernel.SHAPE_MAX_WIDTH:
        return False
    return kernel.board_case(board.height, width=board.width, queens=board.k).transpose


def split(board: Board) -> Split:
    """The board's count as a tuple of sub-problems (indexed 0..len-1)."""
    if board.is_plain and board.width >= kernel.SYMMETRIC_MIN_N:
        n = board.width
        prefixes = _symmetric_prefixes(n)
        return Split(board, tuple(SubProblem(i, n, p) for i, p in enumerate(prefixes)))
    counted = board.transposed() if split_transposed(board) else board
    return Split(board, _pinned_subproblems(counted))


def _pinned_subproblems(board: Board) -> tuple[SubProblem, ...]:
    """The sub-problems of a board that is not the plain n x n one (see the module)."""
    allowed = board.allowed_masks()
    group = symmetry.board_symmetries(board)
    k, required = board.k, board.required_rows()
    goal = target(max(board.width, board.height))
    rule = board.rule
    searched = allowed
    if symmetry.keeps_translations(board):
        # A column shift of the torus maps solutions onto solutions: only
        # first queens in column 0 are searched (count_subproblem counts n).
        searched = (allowed[0] & 1, *allowed[1:])
    prefixes: list[tuple[int, ...]]
    if few.counts(allowed, width=board.width, queens=k, required=required, rule=rule) is not None:
        prefixes = [()]  # one or two queens: the whole board at once, in closed form
    else:
        prefixes = _pinned_prefixes(searched, k, required, goal, rule, board.width)
    # The classic shape keeps its sub-problems' old form (no width, queens).
    classic = board.is_square and board.is_full and rule is Rule.QUEEN
    width, queens = (None, None) if classic else (board.width, k)
    shaped = 0 if classic else required
    case = kernel.board_case(board.height, width=width, queens=queens, rule=rule)
    return tuple(
        SubProblem(i, board.height, p, allowed, group, width, queens, shaped, rule, case)
        for i, p in enumerate(prefixes)
    )


def _symmetric_prefixes(n: int) -> list[tuple[int, ...]]:
    prefixes: list[tuple[int, ...]] = []
    for depth in range(2, n):
        prefixes = kernel.symmetric_prefixes(n, depth)
        if len(prefixes) >= target(n):
            break
    return prefixes


def _pinned_prefixes(
    allowed: tuple[int, ...], k: int, required: int, goal: int, rule: Rule, width: int
) -> list[tuple[int, ...]]:
    """Placements of the first rows (lexicographic), cut where they reach ``goal``."""
    prefixes: list[tuple[int, ...]] = [()]
    for depth in range(1, len(allowed)):
        prefixes = _prefixes(allowed, k, required, depth, rule, width)
        if len(prefixes) >= goal or not prefixes:
            break
    return prefixes


def _prefixes(
    allowed: tuple[int, ...], k: int, required: int, depth: int, rule: Rule, width: int
) -> list[tuple[int, ...]]:
    """The placements of the first ``depth`` rows that the rest of the board can complete
    as far as counting queens and required rows tells (the search tells the rest)."""
    rows = len(allowed)
    below = (required >> depth).bit_count()  # required rows after the prefix
    found: list[tuple[int, ...]] = []
    # The first rows alone form a board of their own: its solutions with q
    # queens are the prefixes placing q (q = depth when every row holds one).
    for q in range(min(k, depth) + 1):
        left = k - q
        if rows - depth >= left >= below:
            top = required & ((1 << depth) - 1)
            first = reference.solutions(allowed[:depth], q, top, rule, width)
            found.extend(tuple(p) for p in first)
    found.sort()  # -1 (an empty row) before every column: the search's order
    return found


def count_subproblem(subproblem: SubProblem, stop: kernel.StopFlag | None = None) -> Counts:
    """Total and fundamental counts of one sub-problem (``sum_counts`` adds them up).

    Raises ``queens.engines.counting.kernel.Stopped`` when ``stop`` is set first.
    """
    if subproblem.allowed is None:
        return kernel.count_symmetric(subproblem.n, subproblem.prefix, stop)
    allowed = subproblem.pinned_masks()
    case = subproblem.board_case()
    if subproblem.queens is None:  # the n x n board with n queens
        return kernel.count(allowed, subproblem.group, stop, case=case)
    torus = _on_whole_torus(subproblem)
    if torus:  # its first queen in column 0 stands for all n columns (see split)
        allowed = (allowed[0] & 1, *allowed[1:])
    found = kernel.count(
        allowed,
        subproblem.group,
        stop,
        width=subproblem.width,
        queens=subproblem.queens,
        required=subproblem.pinned_required(),
        rule=subproblem.rule,
        translations=torus,
        case=case,
    )
    return Counts(subproblem.n * found.total, found.unique) if torus else found


def _on_whole_torus(subproblem: SubProblem) -> bool:
    """True for a sub-problem of the whole torus (see ``symmetry.keeps_translations``)."""
    n, board = subproblem.n, subproblem.allowed or ()
    return (
        subproblem.rule is Rule.TOROIDAL
        and subproblem.queens == n
        and subproblem.width == n
        and all(mask == (1 << n) - 1 for mask in board)
    )


def sum_counts(results: Iterable[Counts]) -> Counts:
    """The counts of a board (or of a shard): the sum of its sub-problems' counts.

    The one place the sum is written; it holds because the sub-problems of a
    split partition the board's solutions (and its classes of solutions).
    """
    return sum(results, Counts(0, 0))
