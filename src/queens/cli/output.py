"""Standard output for the commands: a failed write is one error, in one place.

Every command writes to ``sys.stdout`` (directly, through ``print`` or a rich
console).  While a command runs, ``guarded_stdout`` puts a thin wrapper
there that turns a failed write or flush (disk full, I/O error, a closed
descriptor) into ``OutputError``, so ``main`` ends
every command alike: one line and exit 2, as grep does.  A closed pipe stays
a ``BrokenPipeError``, which ends quietly.
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TextIO, cast

from queens.cli.common import CommandError, NoSolution, OutputError, UsageError


class _GuardedOutput:
    """``stream``'s writes and flushes, with OSError (but a closed pipe) as OutputError."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def _target(self) -> TextIO:
        if self._stream is None:  # the process started with its stdout closed
            raise OutputError(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        return self._stream

    def write(self, text: str) -> int:
        try:
            return self._target().write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error) from None

    def flush(self) -> None:
        try:
            self._target().flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)


@contextmanager
def guarded_stdout() -> Iterator[None]:
    """``sys.stdout`` guarded for the duration (restored after)."""
    original = sys.stdout
    sys.stdout = cast(TextIO, _GuardedOutput(original))
    try:
        yield
    finally:
        sys.stdout = original


def discard_stdout() -> None:
    """Drop what is still buffered for stdout, so the flush at exit cannot fail again.

    After a closed pipe or a failed write, Python's own flush at exit would
    print "Exception ignored" and exit 120: pointing the descriptor at
    /dev/null lets that flush succeed quietly.
    """
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def write_text(text: str, out: str | None) -> None:
    """``text`` to standard output (``out`` None or ``-``), or to the file ``out``: a
    failed write is one line."""
    if out is None or out == "-":
        sys.stdout.write(text)
        return
    try:
        with open(out, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise CommandError(f"cannot write {out!r}: {error.strerror}") from None


def console(**options: Any) -> Any:
    """A rich Console for standard output whose closed pipe ends the command quietly.

    rich answers a closed pipe with ``SystemExit(1)`` (``Console.on_broken_pipe``);
    here it is a ``BrokenPipeError`` again, which ``main`` ends with status 0 as
    every command does (``queens compare 8 | head -c 10``).
    """
    from rich.console import Console  # lazy: display (rich)

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return _Console(**options)


STDOUT = "-"
"""``--out -``: the picture (SVG) on standard output."""


def picture_kind(out: str, prog: str, kinds: tuple[str, ...] = ("svg", "png")) -> str:
    """``svg`` or ``png`` from the ``--out`` file name (``-``: SVG on standard output);
    a usage error for anything else."""
    if out == STDOUT:
        return "svg"
    kind = out.rsplit(".", 1)[-1].lower() if "." in out else ""
    if kind not in kinds:
        names = " or ".join(f".{kind}" for kind in kinds)
        raise UsageError(
            f"--out must name a {names} file (or - for SVG on standard output), got {out!r}",
            prog,
        )
    return kind


def write_picture(data: bytes, out: str) -> None:
    """A picture to the file ``out``, or to standard output (``-``, SVG text)."""
    if out == STDOUT:
        sys.stdout.write(data.decode())
        return
    try:
        with open(out, "wb") as file:
            file.write(data)
    except OSError as error:
        raise CommandError(f"cannot write picture file {out!r}: {error.strerror}") from None


def print_steps(texts: list[str]) -> None:
    """An explanation's steps, numbered and aligned (`puzzle explain`), then a blank line."""
    width = len(str(len(texts)))
    for number, text in enumerate(texts, 1):
        print(f"{number:>{width}}. {text}")
    print()


def print_explanation(
    as_json: bool, record: Mapping[str, object], picture: str, difficulty: str
) -> int:
    """`puzzle explain`'s output, for every K: ``record`` (``queens.puzzle.schema``'s
    explanation, its steps included) as one JSON line, or the numbered steps, the solved
    grid and its difficulty."""
    if as_json:
        print(json.dumps(record))
        return 0
    steps = record["steps"]
    assert isinstance(steps, list)
    print_steps([str(step["text"]) for step in steps])
    print(picture)
    print(f"difficulty: {difficulty}")
    return 0


def not_unique(count_command: str) -> NoSolution:
    """`puzzle explain`'s refusal of a grid with several solutions."""
    return NoSolution(
        "not unique: the grid has more than one solution, so no chain of deductions "
        f"reaches one ({count_command!r} counts them)"
    )
