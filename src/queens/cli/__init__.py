"""The ``queens`` command: argument parsing and printing only.

Each command lives in its own module with ``add_parser(subparsers)`` and
``run(args) -> int``; the library does the work.  ``main(argv)`` returns the
exit status, so it is testable directly.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

from queens.cli import animate, check, compare, count, merge, render, serve, solve, trace, tree
from queens.cli.common import CommandError, Parser

COMMANDS: tuple[ModuleType, ...] = (solve, count, check)
COMMANDS += (trace, animate, compare, render, tree)  # show: watch it think
COMMANDS += (serve,)  # web: the page
COMMANDS += (merge,)  # scale: the total of sharded counts


def version_text() -> str:
    from queens import __version__
    from queens.engines import engine_description

    return f"queens {__version__} ({engine_description()})"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="queens",
        description="Solve, count, check and show N-Queens placements.",
        epilog="Run 'queens COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=version_text())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(subparsers)
    return parser


def _warning_line(message: Warning | str, *args: object, **kwargs: object) -> None:
    """Warnings (e.g. the missing compiled kernel) as one line on stderr."""
    print(f"queens: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default: the process arguments); return the exit status."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        status: int = args.run(args)
        sys.stdout.flush()
        return status
    except CommandError as error:
        print(f"queens: {error.label}{error}", file=sys.stderr)
        return error.status
    except SystemExit as stop:  # --help and --version
        return stop.code if isinstance(stop.code, int) else 0
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        print("queens: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """After the reader of a pipe went away, drop what is still buffered for it."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def entry_point() -> None:
    warnings.showwarning = _warning_line
    sys.exit(main())
