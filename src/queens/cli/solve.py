"""queens solve: print the first solution, or all of them, in a format."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import Any, cast

from queens import api
from queens.board import MAX_TEXT_N, Board
from queens.cli.common import (
    CommandError,
    OutOfTime,
    UsageError,
    add_board_arguments,
    add_seed_argument,
    board_of_args,
    no_solution,
    offer,
    positive,
    seconds,
)
from queens.cli.searching import add_force_argument, watched
from queens.engines import watch
from queens.engines.hard.budget import Deadline
from queens.formats import FORMATS, format_problem, write_chunks, write_solutions
from queens.show.text import STYLES, resolve_style

PROG = "queens solve"

DESCRIPTION = (
    "Print a solution (by default the lexicographically first one up to "
    f"N = {api.AUTO_SEARCH_MAX_N}, a constructed one above; any valid one of a board "
    "with reserved squares or fixed queens, or of another shape or queen count over "
    f"{api.AUTO_SEARCH_MAX_N} columns or rows), or all of them in order. A row "
    "without a queen (fewer queens than rows) is 0 in a list, null in JSON, - in "
    "letters."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_board_arguments(parser)
    _add_which_arguments(parser)
    _add_method_arguments(parser)
    style = parser.add_argument(
        "--style",
        default="auto",
        metavar="STYLE",
        help="for --format board: plain, unicode or color "
        "(default: color on a terminal, unless NO_COLOR is set to a non-empty value or "
        "TERM is dumb; else plain)",
    )
    offer(style, STYLES)


def _add_which_arguments(parser: argparse.ArgumentParser) -> None:
    """Which solutions, and in which format."""
    parser.add_argument("--all", action="store_true", help="print every solution, streamed")
    parser.add_argument(
        "--unique",
        action="store_true",
        help="only fundamental solutions (one per class under the board's symmetries)",
    )
    parser.add_argument(
        "--limit", metavar="K", type=positive, help="stop after K solutions (implies --all)"
    )
    formats = parser.add_argument(
        "--format", default="board", metavar="FORMAT", help=f"one of {', '.join(FORMATS)}"
    )
    offer(formats, FORMATS)


def _add_method_arguments(parser: argparse.ArgumentParser) -> None:
    """How one solution is found: the method and its time limit, report and seed."""
    method = parser.add_argument(
        "--method",
        default="auto",
        metavar="METHOD",
        help=(
            f"one of {', '.join(api.METHODS)}: search gives the lexicographically first "
            "solution, construct a closed-form one for any N, local a random one by local "
            f"search; auto (default) searches up to N = {api.AUTO_SEARCH_MAX_N} and "
            "constructs above; propagate and sat (the sat extra) for hard boards, which "
            "auto uses for boards with reserved squares or fixed queens, and for boards of "
            f"another shape or queen count over {api.AUTO_SEARCH_MAX_N} columns or rows "
            "(construct and local take N queens on N x N only)"
        ),
    )
    offer(method, api.METHODS)
    parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=seconds,
        help="give up after SECONDS and exit 3 (undecided; solutions written stay written); "
        "for every method but construct and local",
    )
    add_force_argument(parser)
    parser.add_argument(
        "--certificate",
        metavar="OUT",
        help="write to OUT a certificate of the answer that 'queens check --certificate OUT' "
        "checks without trusting the solver: the solution, or for no solution a counting "
        "argument or a DRAT proof over the board's CNF (the sat extra); N queens on N x N, "
        "queen rule; --timeout covers it",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="say on stderr what decided the board (auto, propagate, sat): refuted before "
        "search (and by what), the search (its decisions) or the SAT solver",
    )
    add_seed_argument(
        parser,
        "seed of --method local, 0 to 2**64 - 1 "
        "(same seed, same solution on this install; default random)",
    )


def run(args: argparse.Namespace) -> int:
    board = board_of_args(args, PROG)
    check_shape(board)
    style = output_style(args, board)
    limit: int | None = args.limit
    many = args.all or limit is not None
    method = method_args(args, board, many)
    timeout = check_timeout(args.timeout, method)
    check_certificate(args, board, many)
    searched = many or args.unique or method == "search"  # lexicographic: watched, timed here
    limited = Deadline(timeout if searched else None)
    try:
        with watched(board, args.force), watch.watching(lambda _: limited.check()):
            if many:
                written = write_all(
                    board, args.format, unique=args.unique, limit=limit, style=style
                )
            elif args.certificate is not None:
                written = write_certified(args, board, method, Deadline(timeout), style)
            else:
                written = write_one(args, board, method, timeout, style)
    except api.Undecided as error:  # what was written stays written
        raise OutOfTime(str(error)) from None
    except api.TooBigToSearch as error:
        raise CommandError(str(error).replace("method ", "--method ")) from None
    except RecursionError:
        raise CommandError(
            f"the search went too deep for this {board.size_text} board (it recurses once "
            f"a row; Python allows about {sys.getrecursionlimit()} levels); use --method "
            "construct or local"
        ) from None
    except MemoryError:
        raise CommandError(f"not enough memory for a {board.size_text} solution") from None
    if written == 0:
        raise no_solution(board)
    return 0


def write_all(
    board: Board, fmt: str, *, unique: bool = False, limit: int | None = None, style: str = "plain"
) -> int:
    """Write the board's solutions (at most ``limit``) in order to stdout; return how many.

    Plain text comes straight from the engine when it writes this format itself
    (``queens.api.solution_text``); otherwise each ``Solution``
    is rendered (``queens.formats.write_solutions``).
    """
    chunks = api.solution_text(board, fmt, unique=unique, limit=limit) if style == "plain" else None
    if chunks is not None:
        return write_chunks(sys.stdout, chunks)
    found = islice(api.solutions(board, unique=unique), limit)
    return write_solutions(sys.stdout, found, fmt, style=style, board=board)


SHAPED_MAX_SIDE = MAX_TEXT_N
"""The largest side of a board that is not N queens on N x N (a rectangle, or
fewer queens than rows): as far as board text goes, and within seconds of the
propagating search (999 queens on 1000 x 999 in 5.3 s and 220 MB, measured on
the shared 2-core machine); the classic board goes to a million and more, by
construction."""


def check_shape(board: Board) -> None:
    """A board of another shape or queen count within ``SHAPED_MAX_SIDE`` (usage error)."""
    if not (board.is_square and board.is_full) and max(board.size) > SHAPED_MAX_SIDE:
        raise UsageError(
            f"a {board.size_text} board is too big: boards other than N queens on N x N "
            f"go up to {SHAPED_MAX_SIDE:,} columns and rows",
            PROG,
        )


def output_style(args: argparse.Namespace, board: Board) -> str:
    """--format and --style, checked against each other and the board (usage errors)."""
    problem = format_problem(args.format, board.width, board.height)
    if problem is not None:
        raise UsageError(problem, PROG)
    if args.style not in STYLES:
        raise UsageError(f"unknown style {args.style!r} (choose from {', '.join(STYLES)})", PROG)
    if args.style != "auto" and args.format != "board":
        raise UsageError("--style applies to --format board only", PROG)
    return resolve_style(args.style, sys.stdout)


def write_one(
    args: argparse.Namespace,
    board: Board,
    method: api.Method,
    timeout: float | None,
    style: str,
) -> int:
    """The first fundamental solution (--unique) or one by ``method``; how many were written."""
    if args.unique:
        found = api.solutions(board, unique=True)
    else:
        one = solve_one(board, method, args.seed, timeout, verbose=args.verbose)
        found = iter(() if one is None else (one,))
    return write_solutions(sys.stdout, islice(found, 1), args.format, style=style, board=board)


def check_certificate(args: argparse.Namespace, board: Board, many: bool) -> None:
    """--certificate: one answer, on a board certificates cover (usage errors)."""
    from queens.certificate import certifiable  # lazy: start-up of the CLI

    if args.certificate is None:
        return
    if many or args.unique:
        raise UsageError(
            "--certificate certifies one answer: not with --all, --limit or --unique", PROG
        )
    why = certifiable(board)
    if why is not None:
        raise UsageError(f"--certificate: {why}", PROG)


def write_certified(
    args: argparse.Namespace, board: Board, method: api.Method, deadline: Deadline, style: str
) -> int:
    """``write_one`` with the answer's certificate written to ``args.certificate`` (checked
    first: ``queens.certifying``); how many solutions were written."""
    from queens import certifying  # lazy: start-up of the CLI
    from queens.certificate import CertificateError
    from queens.cli.output import write_text
    from queens.engines.hard.proof import SOLVER

    one = solve_one(board, method, args.seed, deadline.remaining(), verbose=args.verbose)
    try:
        if one is not None:
            made = certifying.solution_certificate(board, one.to_list())
        else:
            made = certifying.refutation(board, deadline)
    except api.Undecided:
        raise OutOfTime(f"undecided: no certificate within {deadline.seconds:g} s") from None
    except ModuleNotFoundError as error:
        raise CommandError(
            f"--certificate needs {error.name} ({SOLVER} and dratify): install "
            "queens-toolkit[sat] (pip install 'queens-toolkit[sat]')"
        ) from None
    except certifying.Disagreement as error:
        raise CommandError(f"no certificate: {error}") from None
    except CertificateError as error:  # never expected: the answer is not printed unchecked
        raise CommandError(f"the certificate failed its own check: {error}", status=1) from None
    write_text(made.to_json(), args.certificate)
    if args.verbose:
        print(
            f"queens: certificate ({made.argument}) written to {args.certificate}", file=sys.stderr
        )
    found = iter(() if one is None else (one,))
    return write_solutions(sys.stdout, found, args.format, style=style, board=board)


def check_timeout(timeout: float | None, method: str) -> float | None:
    """--timeout goes with every method but construct and local, which answer in seconds."""
    if timeout is not None and method in api.PLAIN_ONLY_METHODS:
        raise UsageError(
            f"--timeout goes with --method auto, search, propagate or sat (method {method} "
            "answers in seconds)",
            PROG,
        )
    return timeout


def solve_one(
    board: Board,
    method: api.Method,
    seed: int | None,
    timeout: float | None,
    *,
    verbose: bool = False,
) -> Any:
    """api.solve, with running out of time (exit 3) and a missing SAT extra as one-line answers.

    With ``verbose`` (auto, propagate, sat), what decided the board goes to stderr.
    """
    from queens.engines.hard.sat import SolverMissing  # lazy: start-up of the CLI

    try:
        if verbose and method in ("auto", *api.HARD_METHODS):
            decision = api.decide(board, method=method, timeout=timeout)
            print(f"queens: {decision.how}", file=sys.stderr)
            return decision.solution
        return api.solve(board, method=method, seed=seed, timeout=timeout)
    except api.Undecided as error:
        raise OutOfTime(str(error)) from None
    except SolverMissing as error:
        raise CommandError(str(error)) from None
    except RecursionError:
        raise  # run() says what to do instead
    except RuntimeError as error:  # the solvers' processes died (killed, out of memory)
        raise CommandError(f"no answer: {error}") from None


def method_args(args: argparse.Namespace, board: Board, many: bool) -> api.Method:
    """--method and --seed, checked by the library against each other and the board, and
    against --all, --limit and --unique here (usage errors)."""
    method: str = args.method
    try:
        known = api.check_method(board, method, args.seed)
    except api.TooBigForMethod as error:
        if not many:  # streaming many solutions is a search, whatever the method's limit
            raise UsageError(
                f"N = {error.n:,} is too big: method {error.method} goes up to "
                f"N = {error.limit:,} (32-bit arrays)",
                PROG,
            ) from None
        known = cast("api.Method", method)  # the size is the library's last check
    except api.MethodError as error:
        raise UsageError(method_message(error), PROG) from None
    if known in (*api.HARD_METHODS, *api.PLAIN_ONLY_METHODS) and (many or args.unique):
        raise UsageError(
            f"--method {method} finds one solution; --all, --limit and --unique need "
            "--method search",
            PROG,
        )
    return known


def method_message(error: api.MethodError) -> str:
    """The command's words for a method the library refuses (they name its options)."""
    if isinstance(error, api.SeedNotForMethod):
        return "--seed goes with --method local only"
    if isinstance(error, api.NotPlainBoard) and error.shaped:
        return (
            f"--method {error.method} solves N queens on N x N only, not {error.shape_text} "
            "(use --method search, propagate or sat)"
        )
    if isinstance(error, api.NotPlainBoard):
        return (
            f"--method {error.method} solves plain boards only, not one with reserved squares "
            "or fixed queens (use --method search)"
        )
    return str(error)
