"""queens completion: the shell completion script, made by shtab from the parser itself.

So completion always knows the commands and options of the installed version.
Install lines (bash, zsh, fish): see ``queens completion --help``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from queens.cli import build_parser
from queens.cli.common import COMPLETES_TO

SHELLS = ("bash", "zsh", "fish")

INSTALL = {
    "bash": 'eval "$(queens completion bash)"   # in ~/.bashrc',
    "zsh": 'queens completion zsh > "${fpath[1]}/_queens"   # then restart zsh',
    "fish": "queens completion fish > ~/.config/fish/completions/queens.fish",
}


DESCRIPTION = "Print the script that completes queens' commands, options and choices in SHELL."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    install = "\n".join(f"  {shell}: {line}" for shell, line in INSTALL.items())
    parser.epilog = f"Install it once:\n{install}"
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("shell", metavar="SHELL", choices=SHELLS, help=", ".join(SHELLS))


def script(shell: str) -> str:
    """The completion script of every ``queens`` command for ``shell``."""
    import shtab  # lazy: start-up of the CLI (only this command writes scripts)

    parser = build_parser(every=True)
    _complete_values(parser, shtab.FILE)
    return shtab.complete(parser, shell=shell)


def _complete_values(parser: argparse.ArgumentParser, files: Any) -> None:
    """Arguments that name a file (metavar FILE) complete to file names, and options whose
    values the command checks itself (``offer``: formats, methods, difficulties...) to those
    values: shtab completes an action's ``choices``, set here on a parser that only writes
    the script (never parses), so the commands keep their own messages."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _complete_values(sub, files)
        elif action.metavar == "FILE":
            action.complete = files  # type: ignore[attr-defined]
        elif hasattr(action, COMPLETES_TO):
            action.choices = getattr(action, COMPLETES_TO)


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(script(args.shell))
    return 0
