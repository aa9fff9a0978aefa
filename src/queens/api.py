"""The public functions: solve, solutions, count.

Each takes a board size ``n`` or a ``Board``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, TypedDict, get_args

from queens import symmetry
from queens.board import MAX_TEXT_N, Board
from queens.engines import Counts, watch
from queens.engines.anyn import construct, local
from queens.engines.counting import kernel
from queens.engines.hard.budget import Deadline
from queens.engines.hard.budget import Undecided as Undecided  # re-exported: what solve raises
from queens.rules import Rule
from queens.solution import Solution

BoardOrN = Board | int


def as_board(board_or_n: BoardOrN) -> Board:
    """A ``Board`` for a board or a size (an empty board of that size).

    >>> as_board(4)
    Board(4)
    """
    return Board.of(board_or_n)


class EngineShape(TypedDict):
    """The keyword arguments of the engines' functions for a board's shape.

    >>> EngineShape(width=8, queens=8, required=255)
    {'width': 8, 'queens': 8, 'required': 255}
    """

    width: int
    queens: int
    required: int


class RuledShape(EngineShape):
    """``EngineShape`` and the attack rule, for the engines that know every rule
    (the kernel, the reference search, and the hard-board engines).

    >>> RuledShape(width=8, queens=8, required=255, rule=Rule.TOROIDAL)["rule"]
    <Rule.TOROIDAL: 'toroidal'>
    """

    rule: Rule


def engine_shape(board: Board) -> EngineShape:
    """What engines need to know of a board beyond its masks: width, queens, required rows.

    >>> engine_shape(Board(5, height=3, k=2))
    {'width': 5, 'queens': 2, 'required': 0}
    """
    return {"width": board.width, "queens": board.k, "required": board.required_rows()}


def ruled_shape(board: Board) -> RuledShape:
    """``engine_shape`` with the board's attack rule, for the engines that know it.

    >>> ruled_shape(Board(5, rule="superqueen"))["rule"]
    <Rule.SUPERQUEEN: 'superqueen'>
    """
    return {**engine_shape(board), "rule": board.rule}


def solutions(board_or_n: BoardOrN, *, unique: bool = False) -> Iterator[Solution]:
    """All solutions in lexicographic order, as a generator.

    Never refused as too long (unlike ``count``): the search runs only as
    far as the caller takes solutions, and taking a few of a huge board's is
    quick.

    With ``unique``, only the fundamental ones: each class of solutions that
    the board's own symmetries map onto each other, represented by its
    lexicographically smallest member.

    >>> [s.to_list() for s in solutions(4)]
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    >>> sum(1 for _ in solutions(8, unique=True))
    12
    >>> [s.list_text() for s in solutions(Board(3, height=2, k=1))][:4]
    ['[0, 1]', '[0, 2]', '[0, 3]', '[1, 0]']
    """
    board = as_board(board_or_n)
    check_searchable(board)
    group = symmetry.board_symmetries(board) if unique else ()
    found = kernel.solutions(
        board.allowed_masks(),
        group,
        translations=symmetry.keeps_translations(board),
        **ruled_shape(board),
    )
    for columns in found:
        yield Solution._owning(columns, board.width)  # a fresh array each: no copy needed


SEARCH_MAX_N = 900
"""The largest side searched (``solutions``, ``solve(method="search")``): wider boards than
the compiled kernel takes are searched in Python, which recurses once a row and ends in
a RecursionError a little above this (``count`` has the same limit)."""


class TooBigToSearch(ValueError):
    """A board with a side over ``SEARCH_MAX_N`` asked of the search.

    >>> str(TooBigToSearch(Board(1000)))
    'the search goes up to N = 900, not 1000 x 1000 (use method construct or local)'
    """

    def __init__(self, board: Board) -> None:
        super().__init__(
            f"the search goes up to N = {SEARCH_MAX_N}, not {board.size_text} "
            "(use method construct or local)"
        )


def check_searchable(board: Board) -> None:
    """``TooBigToSearch`` for a side over ``SEARCH_MAX_N``, before any memory is spent.

    >>> check_searchable(Board(SEARCH_MAX_N, height=8))
    >>> check_searchable(Board(SEARCH_MAX_N + 1, height=8))
    Traceback (most recent call last):
    ...
    queens.api.TooBigToSearch: the search goes up to N = 900, not 901 x 8 (use method construct ...
    """
    if max(board.size) > SEARCH_MAX_N:
        raise TooBigToSearch(board)


def solution_text(
    board_or_n: BoardOrN, fmt: str, *, unique: bool = False, limit: int | None = None
) -> Iterator[tuple[int, str]] | None:
    """The solutions of ``solutions`` as ``(count, text)`` chunks in ``fmt``, or None.

    The compiled kernel writes the plain ``board``, ``list``, ``letters`` and
    ``json`` text of ``queens.formats`` itself (millions of solutions a
    second); None when it cannot for this board and format (no compiled
    kernel, or a board wider than it takes), and the caller renders each
    ``Solution`` instead.  ``limit`` stops after that many solutions.

    >>> chunks = solution_text(6, "list", limit=2)  # None without the compiled kernel
    >>> chunks is None or sum(count for count, _ in chunks) == 2
    True
    """
    board = as_board(board_or_n)
    classic = board.is_square and board.is_full and board.rule is Rule.QUEEN
    if not (classic and kernel.writes_text(board.width, fmt)):
        return None
    group = symmetry.board_symmetries(board) if unique else ()
    return kernel.solution_text(board.allowed_masks(), fmt, group, limit)


Method = Literal["auto", "search", "construct", "local", "propagate", "sat"]
"""A way of finding one solution; ``auto`` picks by board size and constraints."""

METHODS: tuple[Method, ...] = get_args(Method)
"""Every ``Method``, in the order help texts list them."""

AUTO_SEARCH_MAX_N = 20
"""``auto`` searches (lexicographically first solution) plain boards up to this
size and constructs above it.  Fixed, whatever engines are installed, so the
same call gives the same solution everywhere; the time of a first solution
by search grows steeply (and unevenly) just above it."""

AUTO_LOCAL_SEED = 0
"""The seed of ``local`` when ``auto`` chooses it (big superqueen boards)."""

SEED_LIMIT = local.SEED_LIMIT
"""Seeds of ``local`` are whole numbers 0 <= seed < SEED_LIMIT (2**64)."""

METHOD_MAX_N = {"construct": construct.CONSTRUCT_MAX_N, "local": local.LOCAL_MAX_N}
"""The largest board each of the any-N methods handles (32-bit arrays)."""

PLAIN_ONLY_METHODS: tuple[Method, ...] = ("construct", "local")
"""Methods for the plain board only: they know nothing of reserved squares or fixed queens."""

HARD_METHODS: tuple[Method, ...] = ("propagate", "sat")
"""Methods for hard boards (many fixed queens or reserved squares), of any shape and
under every rule: any valid solution, ``Undecided`` when ``timeout`` runs out; ``sat``
needs the ``sat`` extra."""

HARD_MAX_N = MAX_TEXT_N
"""The largest side of a board the engines for hard boards take (``propagate``, ``sat``,
and ``auto`` where it runs them): as far as board text goes, as ``queens solve`` has it.
Their state holds a bitmask a row and a column (999 queens on 1000 x 999: about 220 MB);
ten million a side filled 900 MB in two seconds before its MemoryError (issue 26)."""


class MethodError(ValueError):
    """A method that cannot be used as asked; ``method`` is the name given.

    >>> issubclass(UnknownMethod, MethodError) and issubclass(MethodError, ValueError)
    True
    """

    def __init__(self, message: str, method: str) -> None:
        super().__init__(message)
        self.method = method


class UnknownMethod(MethodError):
    """Not one of ``METHODS``.

    >>> UnknownMethod("magic").method
    'magic'
    """

    def __init__(self, method: str) -> None:
        super().__init__(f"unknown method {method!r} (choose from {', '.join(METHODS)})", method)


class SeedNotForMethod(MethodError):
    """A seed given to another method than ``local``.

    >>> str(SeedNotForMethod("search"))
    "a seed is for method 'local' only, not 'search'"
    """

    def __init__(self, method: str) -> None:
        super().__init__(f"a seed is for method 'local' only, not {method!r}", method)


class NotPlainBoard(MethodError):
    """``construct`` or ``local`` asked for another board than the classic one: reserved
    squares, fixed queens, a board that is not square or fewer queens than rows.

    ``shaped`` says it is the shape or the queen count (not constraints) that is
    not classic, and ``shape_text`` says what was asked ("8 queens on 10 x 8").

    >>> try:
    ...     solve(Board.build(8, reserved=[(0, 0)]), method="construct")
    ... except NotPlainBoard as error:
    ...     print(error.method, error.shaped)
    construct False
    >>> str(NotPlainBoard("local", Board(10, height=8)))
    "method 'local' solves the classic board only (N queens on N x N), not 8 queens on 10 x 8"
    """

    def __init__(self, method: str, board: Board | None = None) -> None:
        self.shaped = board is not None and not (board.is_square and board.is_full)
        self.shape_text = "" if board is None else f"{board.k} queens on {board.size_text}"
        if self.shaped:
            message = (
                f"method {method!r} solves the classic board only (N queens on N x N), "
                f"not {self.shape_text}"
            )
        else:
            message = (
                f"method {method!r} solves plain boards only (this one has reserved squares "
                "or fixed queens)"
            )
        super().__init__(message, method)


class RuleNotForMethod(MethodError):
    """A method asked for a board under an attack rule it does not know.

    >>> str(RuleNotForMethod("local", Rule.TOROIDAL))
    "method 'local' knows the queen and superqueen rules, not 'toroidal'"
    """

    def __init__(self, method: str, rule: Rule) -> None:
        if method == "construct":
            message = "method 'construct' builds the whole board under the queen and toroidal rules"
        else:  # local search (every other method takes every rule)
            message = f"method {method!r} knows the queen and superqueen rules, not {rule.value!r}"
        super().__init__(message, method)
        self.rule = rule


def _is_whole_board(board: Board) -> bool:
    """True for the empty n x n board with n queens, whatever its rule."""
    return not board.reserved and not board.queens and board.is_square and board.is_full


class TooBigForMethod(MethodError):
    """A board wider than the method (``method`` is the one chosen) handles.

    >>> error = TooBigForMethod("local", 2**30, local.LOCAL_MAX_N)
    >>> error.method, error.n, error.limit
    ('local', 1073741824, 1073741823)
    """

    def __init__(self, method: str, n: int, limit: int) -> None:
        super().__init__(f"method {method!r} goes up to N = {limit:,}, not {n:,}", method)
        self.n = n
        self.limit = limit


def check_method(board: Board, method: str, seed: int | None = None) -> Method:
    """``method`` as ``solve`` takes it for ``board`` and ``seed``, or a ``MethodError``.

    >>> check_method(Board.empty(8), "local", seed=1)
    'local'
    >>> check_method(Board.empty(8), "search", seed=1)
    Traceback (most recent call last):
    ...
    queens.api.SeedNotForMethod: a seed is for method 'local' only, not 'search'
    """
    known = _known_method(method, seed)
    _check_board(board, known)
    return known


def _known_method(method: str, seed: int | None) -> Method:
    if method not in METHODS:
        raise UnknownMethod(method)
    if seed is not None and method != "local":
        raise SeedNotForMethod(method)
    return method


def _check_board(board: Board, method: Method) -> None:
    rule = board.rule
    if method == "local" and rule not in local.LOCAL_RULES:
        raise RuleNotForMethod(method, rule)
    if rule is not Rule.QUEEN and method == "construct":
        if not symmetry.keeps_translations(board):
            raise RuleNotForMethod(method, rule)
        return
    if method in PLAIN_ONLY_METHODS and not (board.is_plain or _is_whole_board(board)):
        raise NotPlainBoard(method, board)
    chosen = chosen_method(board, method)
    if chosen in PLAIN_ONLY_METHODS and board.n > METHOD_MAX_N[chosen]:
        raise TooBigForMethod(chosen, board.n, METHOD_MAX_N[chosen])
    if (chosen == "auto" or chosen in HARD_METHODS) and max(board.size) > HARD_MAX_N:
        raise TooBigForMethod(chosen, max(board.size), HARD_MAX_N)


def solve(
    board_or_n: BoardOrN,
    *,
    method: Method = "auto",
    seed: int | None = None,
    timeout: float | None = None,
) -> Solution | None:
    """One solution, or None when there is none.

    ``search`` gives the lexicographically first solution; ``construct`` the
    closed-form one (any N); ``local`` a random one by local search (queen and
    superqueen rules), the same for the same ``seed`` on one install (a fresh
    random seed when None);
    ``auto`` searches plain boards up to ``AUTO_SEARCH_MAX_N`` and
    constructs above (see ``chosen_method`` for boards of other shapes and
    queen counts).  ``propagate`` and ``sat`` (and ``auto`` on a board with
    reserved squares or fixed queens, which runs one then the other) give any
    valid solution, on boards of any shape and under every rule; ``sat`` needs the ``sat``
    extra (``SolverMissing`` otherwise).  ``search``, ``propagate``, ``sat`` and
    ``auto`` raise ``Undecided`` when ``timeout`` seconds pass without an
    answer (the search looks at the clock every few milliseconds); ``construct``
    and ``local`` answer in seconds on any board they take.  ``timeout`` must
    be None or a number >= 0 whatever the method and the board.
    A ``MethodError`` (a ValueError) for an unknown method, a seed given
    to another method than ``local``, ``construct``/``local`` on a board with
    constraints or one too big for them (see ``check_method``).

    >>> solve(8)
    Solution([0, 4, 7, 5, 2, 6, 1, 3])
    >>> solve(3) is None
    True
    >>> solve(Board.build(6, queens=[(0, 3)]), method="propagate").is_valid()
    True
    >>> solve(1000, method="construct").n
    1000
    >>> solve(Board(5, height=3, k=2), method="propagate").queen_count
    2
    """
    known = _known_method(method, seed)
    _check_timeout(timeout)
    board = as_board(board_or_n)
    _check_board(board, known)
    chosen = chosen_method(board, known)
    if chosen == "auto" or chosen in HARD_METHODS:
        return _solve_hard(board, chosen, timeout)
    if chosen == "construct" and board.rule is Rule.TOROIDAL:
        return _solution(construct.construct_toroidal(board.n))
    if chosen == "construct":
        return _solution(construct.construct(board.n))
    if chosen == "local":
        if seed is None:
            import secrets  # imported here: only this path needs it

            # auto gives the same solution each time (on one install; see chosen_method).
            seed = AUTO_LOCAL_SEED if known == "auto" else secrets.randbelow(local.SEED_LIMIT)
        return _solution(local.local_search(board.n, seed, rule=board.rule))
    return _first(board, Deadline(timeout))


def _first(board: Board, deadline: Deadline) -> Solution | None:
    """The lexicographically first solution, or ``Undecided`` once ``deadline`` passes."""
    check_searchable(board)
    if deadline.at is None:
        return next(solutions(board), None)
    with watch.watching(lambda _: deadline.check()):
        return next(solutions(board), None)


def _check_timeout(timeout: float | None) -> None:
    """One rule for every board and method: None, or a number of seconds >= 0."""
    if timeout is None:
        return
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"a timeout is a number of seconds, got {timeout!r}")
    if not timeout >= 0:  # also refuses NaN
        raise ValueError(f"a timeout cannot be negative, got {timeout}")


def chosen_method(board: Board, method: Method = "auto") -> Method:
    """The method ``solve`` uses for ``board``: ``method`` itself, unless it is ``auto``.

    ``auto`` stays ``auto`` on a board with reserved squares or fixed queens,
    and on a board of another shape or queen count with a side over
    ``AUTO_SEARCH_MAX_N``: the propagating search, then SAT (see
    ``queens.engines.hard.portfolio``).  Smaller boards of any shape without
    constraints are searched (the lexicographically first solution), and so is
    the classic board up to ``AUTO_SEARCH_MAX_N``; above, it is constructed.

    Under another attack rule (``queens.rules``) a board goes as a board
    of another shape does (the search, propagation and SAT know every rule):
    ``auto`` with reserved squares or fixed queens or a side over
    ``AUTO_SEARCH_MAX_N``, else searched.  Except the whole n x n board:
    the torus is constructed over ``AUTO_SEARCH_MAX_N`` and wherever n
    is not coprime to 6 (Polya: no solution then, which the construction
    answers at once), and superqueens over ``AUTO_SEARCH_MAX_N`` are
    placed by local search with the seed ``AUTO_LOCAL_SEED`` (the same
    solution each time on one install, but another with the pure-Python
    fallback than with the compiled kernel).  (The first superqueen solution
    by search took 0.9 s at N = 28, 9 s at 32 and over a minute at 40, whole
    processes on a loaded machine.)

    >>> chosen_method(Board.empty(8)), chosen_method(Board.empty(100))
    ('search', 'construct')
    >>> chosen_method(Board(100, rule="superqueen")), chosen_method(Board(20, rule="superqueen"))
    ('local', 'search')
    >>> chosen_method(Board(10, height=8)), chosen_method(Board(30, height=25))
    ('search', 'auto')
    >>> chosen_method(Board.build(11, queens=[(0, 0)], rule="toroidal"))
    'auto'
    >>> superqueens = Board(12, rule="superqueen"), Board(30, k=25, rule="superqueen")
    >>> [chosen_method(board) for board in superqueens]
    ['search', 'auto']
    >>> chosen_method(Board(25, rule="toroidal")), chosen_method(Board(25, k=24, rule="toroidal"))
    ('construct', 'auto')
    >>> chosen_method(Board(9, rule="toroidal")), chosen_method(Board(17, rule="toroidal"))
    ('construct', 'search')
    """
    if method != "auto":
        return method
    if board.rule is not Rule.QUEEN:
        big = board.width > AUTO_SEARCH_MAX_N
        if symmetry.keeps_translations(board) and (big or math.gcd(board.width, 6) != 1):
            return "construct"
        if board.rule is Rule.SUPERQUEEN and big and _is_whole_board(board):
            return "local"
    elif board.is_plain:
        return "search" if board.n <= AUTO_SEARCH_MAX_N else "construct"
    if board.reserved or board.queens or max(board.size) > AUTO_SEARCH_MAX_N:
        return "auto"
    return "search"


def _solve_hard(board: Board, method: Method, timeout: float | None) -> Solution | None:
    """The engines for hard boards: propagating search, SAT, or one then the other (auto)."""
    return decide(board, method=method, timeout=timeout).solution


@dataclass(frozen=True)
class Decision:
    """A solution or None (no solution), and what decided the board, in words.

    >>> decision = decide(Board.build(8, queens=[(0, 0), (1, 2)]))
    >>> decision.solution is None, decision.how
    (True, 'refuted by the diagonal-sum identity before search')
    """

    solution: Solution | None
    how: str


def decide(
    board_or_n: BoardOrN, *, method: Method = "auto", timeout: float | None = None
) -> Decision:
    """``solve`` by ``auto``, ``propagate`` or ``sat``, saying what decided the board.

    ``how`` is, for instance, "refuted by the diagonal-sum identity before
    search", "search: 1234 decisions" or "SAT solver (CaDiCaL)" (the texts
    of ``queens.engines.hard.verdict``).  On a plain board ``auto`` is not a
    hard-board method, and ``how`` names the method used.

    >>> decide(Board.build(8, queens=[(0, 0), (1, 4)]))
    Decision(solution=Solution([0, 4, 7, 5, 2, 6, 1, 3]), how='solved by propagation before search')
    >>> decide(8).how
    'method search'
    """
    _check_timeout(timeout)
    board = as_board(board_or_n)
    if method not in ("auto", *HARD_METHODS):
        raise ValueError(f"decide takes auto, propagate or sat, not {method!r}")
    _check_board(board, method)
    chosen = chosen_method(board, method)
    if chosen not in ("auto", *HARD_METHODS):
        return Decision(solve(board, method=chosen), f"method {chosen}")
    # Imported here: ``import queens`` stays quick (the SAT engine loads multiprocessing).
    from queens.engines.hard import portfolio, propagate, sat

    engines = {"auto": portfolio.decide, "propagate": propagate.decide, "sat": sat.decide}
    found = engines[chosen](board.allowed_masks(), **ruled_shape(board), deadline=Deadline(timeout))
    columns = found.columns
    return Decision(None if columns is None else Solution(columns, board.width), found.how)


def _solution(columns: construct.Columns | None) -> Solution | None:
    return None if columns is None else Solution._owning(columns)  # the engine's fresh array


def count(board_or_n: BoardOrN, *, unique: bool = False, force: bool = False) -> int:
    """The number of solutions (with ``unique``, of fundamental solutions).

    Counted in this thread (one core).  A count estimated to take longer than
    an hour (``queens.counting.estimate``) raises
    ``CountTooLong``, carrying the estimate,
    unless ``force``; a board over ``estimate.COUNT_MAX_N`` rows is a ValueError.

    >>> count(8), count(8, unique=True)
    (92, 12)
    >>> count(Board.build(8, reserved=[(0, 0)]))
    88
    """
    board = _countable(board_or_n, force)
    if unique or board.is_plain:
        found = _counts(board)
        return found.unique if unique else found.total
    return kernel.count(board.allowed_masks(), **ruled_shape(board)).total


def counts(board_or_n: BoardOrN, *, force: bool = False) -> Counts:
    """Total and fundamental counts together, from one search (in this thread).

    Refused as ``count`` is.  For many cores, split the count: see
    ``queens.counting``.

    >>> counts(8)
    Counts(total=92, unique=12)
    """
    return _counts(_countable(board_or_n, force))


def _countable(board_or_n: BoardOrN, force: bool) -> Board:
    """The board, once it is known to be small enough to count (see ``count``)."""
    from queens.counting import estimate  # imported here: ``import queens`` stays quick

    board = as_board(board_or_n)
    estimate.check(board, 1, force=force)
    return board


def _counts(board: Board) -> Counts:
    if board.is_plain and board.n >= kernel.SYMMETRIC_MIN_N:
        return kernel.count_symmetric(board.n)
    return kernel.count(
        board.allowed_masks(),
        symmetry.board_symmetries(board),
        translations=symmetry.keeps_translations(board),
        **ruled_shape(board),
    )


__all__ = [
    "AUTO_SEARCH_MAX_N",
    "HARD_MAX_N",
    "METHODS",
    "SEARCH_MAX_N",
    "BoardOrN",
    "Decision",
    "Method",
    "MethodError",
    "NotPlainBoard",
    "RuleNotForMethod",
    "SeedNotForMethod",
    "TooBigForMethod",
    "TooBigToSearch",
    "Undecided",
    "UnknownMethod",
    "count",
    "counts",
    "decide",
    "solutions",
    "solve",
]
"""The library's face here (the API page shows these); the rest serves the command."""
