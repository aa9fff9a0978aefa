"""The ``queens`` command: argument parsing and printing only.

Each command lives in its own module, as a Django management command does: its
``DESCRIPTION`` (the text of its ``--help``), ``add_arguments(parser)`` and
``run(args) -> int`` (or a ``run`` for each sub-command); the library does the work.
``main(argv)`` returns the exit status, so it is testable directly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Sequence

from queens import __version__
from queens.cli.common import CommandError, OutputError, Parser, add_short_options
from queens.cli.output import discard_stdout, guarded_stdout
from queens.engines.counting import kernel

COMMANDS: dict[str, str] = {
    "solve": "print a solution, or all of them",
    "count": "count the solutions",
    "check": "check placements",
    "trace": "log the search step by step",
    "animate": "watch the search step by step in the terminal",
    "compare": "the textbook algorithms side by side",
    "render": "draw solutions as SVG or PNG",
    "tree": "draw the recursion tree of the search",
    "generate": "generate a puzzle board (completion, blocked, diagonals)",
    "merge": "add up the checkpoint files of a sharded count",
    "plan": "cost a count too long to run here (core-hours, cluster)",
    "serve": "start the web page to watch and play with the search",
    "puzzle": "the region puzzle: solve, explain, generate and draw grids",
    "completion": "print the shell completion script (bash, zsh or fish)",
}
"""Each command, in the order of ``queens --help``, with its one-line summary.

The module ``queens.cli.NAME`` of a command (or the one ``MODULES`` names) is
imported only when that
command runs (or shows its help), so ``queens count 8`` does not pay for
the imports of pictures, animation or the web page.
"""

MODULES: dict[str, str] = {"generate": "hard_boards"}
"""The module ``queens.cli.MODULE`` of a command whose module is not named after it."""


def version_text() -> str:
    return f"queens {__version__} ({kernel.description()})"


def build_parser(argv: Sequence[str] = (), every: bool = False) -> argparse.ArgumentParser:
    """The parser, complete for the command named first in ``argv`` (others as
    summaries), or for every command (``every``: for shell completion)."""
    parser = Parser(
        prog="queens",
        description="Solve, count, check and show N-Queens placements.",
        epilog="Run 'queens COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=version_text())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    chosen = argv[0] if argv else None
    for name, summary in COMMANDS.items():
        if every or name == chosen:
            module = importlib.import_module(f"queens.cli.{MODULES.get(name, name)}")
            command = subparsers.add_parser(name, help=summary, description=module.DESCRIPTION)
            module.add_arguments(command)
            if hasattr(module, "run"):  # else each of its sub-commands names its own
                command.set_defaults(run=module.run)
        else:
            subparsers.add_parser(name, help=summary, add_help=False)
    add_short_options(parser)
    return parser


def _warning_line(message: Warning | str, *args: object, **kwargs: object) -> None:
    """Warnings (e.g. the missing compiled kernel) as one line on stderr."""
    print(f"queens: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default: the process arguments); return the exit status."""
    try:
        with guarded_stdout():
            return _run(sys.argv[1:] if argv is None else list(argv))
    except CommandError as error:
        print(f"queens: {error.label}{error}", file=sys.stderr)
        if isinstance(error, OutputError):
            discard_stdout()
        return error.status
    except SystemExit as stop:  # --help and --version
        return stop.code if isinstance(stop.code, int) else 0
    except BrokenPipeError:
        discard_stdout()
        return 0
    except KeyboardInterrupt:
        print("queens: interrupted", file=sys.stderr)
        return 130


def _run(arguments: list[str]) -> int:
    parser = build_parser(arguments)
    args, extras = parser.parse_known_args(arguments)
    if extras:  # named after the command given, so the hint is its --help
        raise args.help_parser.unrecognized(extras)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    status: int = args.run(args)
    sys.stdout.flush()  # here, not at exit: a failed write is still one line and exit 2
    return status


def entry_point() -> None:
    warnings.showwarning = _warning_line
    sys.exit(main())
