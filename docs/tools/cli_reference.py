"""The command reference, generated from the argparse parsers themselves (an MkDocs hook).

A page marks where a command's reference goes with ``<!-- options: COMMAND -->`` (for
example ``<!-- options: solve -->`` or ``<!-- options: puzzle solve -->``); the hook puts
there the command's usage, description and a table of its arguments, read from the parser
that ``queens`` itself parses with (``queens.cli.build_parser``), so the page cannot drift
from ``queens COMMAND --help``. A marker naming no command fails the build, and
``tests/test_docs_examples.py`` checks that every command has its marker.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterator
from typing import Any

MARKER = re.compile(r"^<!-- options:((?: [a-z-]+)*) -->$", re.MULTILINE)
WIDTH = "88"  # columns of the usage lines, whatever the terminal that runs the build


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-parsers of ``parser`` by name, in the order of its help (none: empty)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def parser_for(path: tuple[str, ...]) -> argparse.ArgumentParser:
    """The complete parser of ``queens PATH...`` (``()``: ``queens`` itself)."""
    from queens.cli import build_parser

    parser = build_parser(list(path[:1]))
    for name in path:
        found = subcommands(parser)
        if name not in found:
            raise KeyError(f"no command 'queens {' '.join(path)}'")
        parser = found[name]
    return parser


def commands(path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and sub-command, depth first: ("solve",), ..., ("puzzle", "solve")."""
    from queens.cli import COMMANDS

    names = list(COMMANDS) if not path else list(subcommands(parser_for(path)))
    for name in names:
        yield (*path, name)
        yield from commands((*path, name))


def escape(text: str) -> str:
    """Text for a Markdown table cell: no markup, no cell break."""
    text = " ".join(text.split())
    return re.sub(r"([\\`*_>|\[\]])", r"\\\1", text).replace("<", "&lt;")


def argument(action: argparse.Action) -> str:
    """How an argument is written: ``N``, ``--board FILE``, ``--all``, ``-h, --help``."""
    if not action.option_strings:
        return str(action.metavar or action.dest)
    metavar = ""
    if action.nargs != 0:
        metavar = " " + str(action.metavar or action.dest.upper())
    return ", ".join(option + metavar for option in action.option_strings)


def described(action: argparse.Action, prog: str) -> str:
    formatter = argparse.HelpFormatter(prog)
    text = formatter._expand_help(action) if action.help else ""
    notes = []
    if action.required and action.option_strings:
        notes.append("required")
    choices = [str(c) for c in action.choices or ()]
    if choices and not all(choice in text for choice in choices):
        notes.append("one of " + ", ".join(choices))
    return escape(text) + (f" ({'; '.join(notes)})" if notes else "")


def reference(path: tuple[str, ...]) -> str:
    """The Markdown of one command's reference: usage, description, arguments."""
    parser = parser_for(path)
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        usage = parser.format_usage().rstrip()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    lines = ["    " + line for line in usage.splitlines()]
    lines.append("")
    if parser.description:
        lines += [" ".join(parser.description.split()), ""]
    rows = []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                link = "-".join(("queens", *path, choice.dest))
                rows.append(f"| [`{choice.dest}`](#{link}) | {escape(choice.help or '')} |")
            continue
        rows.append(f"| `{argument(action)}` | {described(action, parser.prog)} |")
    if rows:
        lines += ["| argument | what it does |", "|---|---|", *rows, ""]
    return "\n".join(lines)


def expand(markdown: str) -> str:
    """``markdown`` with each ``<!-- options: COMMAND -->`` replaced by its reference."""
    return MARKER.sub(lambda m: reference(tuple(m[1].split())), markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """The MkDocs hook: expand the markers of every page that has them."""
    return expand(markdown) if MARKER.search(markdown) else markdown
