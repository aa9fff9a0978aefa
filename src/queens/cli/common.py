"""What every command shares: errors, reading N and boards, input files."""

from __future__ import annotations

import argparse
import codecs
import math
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, BinaryIO, NoReturn, TypeVar

from queens.board import (
    MAX_TEXT_N,
    Board,
    BoardError,
    Size,
    no_solution_message,
    parse_board,
    parse_size,
    parse_whole,
    shown_text,
    text_limit,
    whole_range,
)
from queens.rules import RULE_NAMES, Rule, shape_problem

T = TypeVar("T")


class CommandError(Exception):
    """An error for the user: one line, with the exit status it ends in."""

    status = 2
    label = "error: "

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class NoSolution(CommandError):
    """The answer is no (not an error): exit 1 with a plain message."""

    status = 1
    label = ""


class OutOfTime(CommandError):
    """No answer within the time allowed (``--timeout``): exit 3, the CLI's face of
    ``queens.engines.hard.budget.Undecided``.

    The message reads like ``undecided: no answer within 5 s``.
    """

    status = 3
    label = ""


def no_solution(board: Board) -> NoSolution:
    """The exit-1 answer for a board without solutions, naming clashing fixed queens."""
    return NoSolution(no_solution_message(board))


_UNKNOWN_VALUE = re.compile(r"unknown [\w ]+ '([^']*)' \(choose from ([^)]*?)(?:, or None)?\)")


class UsageError(CommandError):
    """Bad arguments: exit 2 with a hint to ``--help``, and for a misspelt value (``unknown
    format 'lst' (choose from board, list, ...)``, the words of every value check) the
    nearest one: ``did you mean 'list'?``."""

    def __init__(self, message: str, prog: str = "queens") -> None:
        match = _UNKNOWN_VALUE.search(message)
        guess = nearest(match[1], match[2].split(", ")) if match else None
        if guess is not None:
            message = f"{message}; did you mean {guess!r}?"
        super().__init__(f"{message}; see '{prog} --help'")


class OutputError(CommandError):
    """Standard output cannot be written (disk full, I/O error, closed): exit 2, as grep does."""

    def __init__(self, error: OSError) -> None:
        super().__init__(f"cannot write output: {error.strerror or error}")


_TYPE_ERROR = re.compile(r"argument (\S+): ((?:must|is) .*)")
_SHORT_AND_LONG = re.compile(r"(?<![\w-])-[a-zA-Z]/(--[\w-]+)")

SHORT_OPTIONS: dict[str, str] = {
    "--all": "-a",
    "--board": "-b",
    "--format": "-f",
    "--json": "-j",
    "--limit": "-l",
    "--method": "-m",
    "--out": "-o",
    "--queens": "-q",
    "--rule": "-r",
    "--timeout": "-t",
    "--unique": "-u",
    "--verbose": "-v",
    "--workers": "-w",
}
"""The one short form of each long option that has one, the same in every command
(``add_short_options`` gives them to every parser)."""


_GIVEN = "_options_given"  # in a namespace while it is parsed: dest -> the option that set it


class _StoreOnce(argparse._StoreAction):
    """argparse's plain ``store``, but an option given again with another value (or another
    option for the same value, ``--size 8 --n 9``) is a usage error, not the last one wins."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        self.announce(parser, option_string)
        given: dict[str, str] = namespace.__dict__.setdefault(_GIVEN, {})
        earlier = given.get(self.dest)
        if earlier is not None and getattr(namespace, self.dest) != values:
            if earlier == option_string:
                parser.error(f"{earlier} given twice with different values")
            parser.error(f"{earlier} and {option_string} give different values")
        given[self.dest] = option_string or self.dest
        setattr(namespace, self.dest, values)

    def announce(self, parser: argparse.ArgumentParser, option_string: str | None) -> None:
        """Say something as the option is read: nothing here (an old spelling warns)."""


class _Renamed(_StoreOnce):
    """An option's old spelling, kept for one release (``add_old_spelling``): it still
    works, with a one-line warning naming the new one."""

    def __init__(self, *args: Any, new: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.new = new

    def announce(self, parser: argparse.ArgumentParser, option_string: str | None) -> None:
        print(
            f"queens: warning: {option_string} is now {self.new} in '{parser.prog}' "
            f"(the old spelling goes in the next release)",
            file=sys.stderr,
        )


def add_old_spelling(parser: argparse.ArgumentParser, old: str, new: argparse.Action) -> None:
    """Keep ``old`` as a deprecated, hidden spelling of the option ``new`` (one meaning per
    option name across the commands: ``--size`` is a board's size, ``--pixels`` a picture's,
    ``--count`` asks how many)."""
    typed: dict[str, Any] = {} if new.type is None else {"type": new.type}
    parser.add_argument(
        old,
        dest=new.dest,
        metavar=new.metavar,
        help=argparse.SUPPRESS,
        action=_Renamed,
        new=new.option_strings[-1],
        **typed,
    )


class Parser(argparse.ArgumentParser):
    """argparse that raises UsageError instead of printing usage and exiting, takes
    no abbreviated options (``--form`` is not ``--format``: a new option sharing the
    prefix would change its meaning), and suggests the nearest command, choice or
    option for a misspelt one.

    ``help_prog`` in the parsed namespace names the innermost command given
    (``queens generate completion``), for errors found after parsing, and
    ``help_parser`` is that command's parser (for suggestions).  An option given
    twice must give the same value (``_StoreOnce``).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)

    def error(self, message: str) -> NoReturn:
        # Options are named by their long form: "-l/--limit" reads "--limit".
        message = _SHORT_AND_LONG.sub(r"\1", message)
        # A converter's "argument --limit: must be ..." reads "--limit must be ...".
        match = _TYPE_ERROR.fullmatch(message)
        if match:
            message = f"{match[1]} {match[2]}"
        raise UsageError(message, self.prog)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        parsed.__dict__.pop(_GIVEN, None)
        if getattr(parsed, "help_prog", None) is None:  # the innermost command sets it first
            parsed.help_prog = self.prog
            parsed.help_parser = self
        return parsed, extras

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as error:
            choices = [str(choice) for choice in action.choices or ()]
            guess = nearest(str(value), choices)
            if guess is None:
                raise
            message = f"{error.message}; did you mean {guess!r}?"
            raise argparse.ArgumentError(action, message) from None

    def unrecognized(self, extras: Sequence[str]) -> UsageError:
        """The error for arguments this command does not know, with the nearest option
        to a misspelt one (``--form``: did you mean ``--format``?)."""
        message = f"unrecognized arguments: {' '.join(extras)}"
        options = [option for option in self._option_string_actions if option.startswith("--")]
        for extra in extras:
            guess = nearest(extra.split("=", 1)[0], options) if extra.startswith("--") else None
            if guess is not None:
                message += f" (did you mean {guess}?)"
                break
        return UsageError(message, self.prog)


def nearest(word: str, choices: Sequence[str]) -> str | None:
    """The choice closest to a misspelt ``word`` (``slove``: ``solve``), if one is close."""
    import difflib  # lazy: only a mistyped word needs it

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.7)
    return close[0] if close else None


COMPLETES_TO = "queens_values"
"""The attribute naming the values an option takes, for shell completion (``offer``)."""


def offer(action: argparse.Action, values: Sequence[str]) -> argparse.Action:
    """Name the values an option takes, for shell completion (``queens completion``), where
    the command checks them itself (with its own message and a suggestion), not argparse's
    ``choices``."""
    setattr(action, COMPLETES_TO, tuple(values))
    return action


def add_short_options(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` and its sub-commands' parsers the short form of each long option
    that has one (``SHORT_OPTIONS``), so ``-o`` is ``--out`` in every command.

    Done once a parser is built, so each command module declares its long options only.
    """
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                add_short_options(sub)
            continue
        for option in list(action.option_strings):
            short = SHORT_OPTIONS.get(option)
            if short is not None and short not in parser._option_string_actions:
                action.option_strings = [short, *action.option_strings]
                parser._option_string_actions[short] = action


# -- converters for argparse ``type=``: ASCII digits only ---------------------


def _argument(parse: Callable[[str], T], text: str) -> T:
    """``parse(text)`` for argparse: its ValueError becomes argparse's error, whose
    message the parser shows after the argument's name."""
    try:
        return parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _whole(text: str, low: int, high: int | None, wanted: str) -> int:
    return _argument(lambda digits: parse_whole(digits, low, high, wanted), text)


def whole(low: int = 0, high: int | None = None) -> Callable[[str], int]:
    """A converter for a whole number from ``low`` to ``high`` (no upper bound if None)."""
    wanted = whole_range(low, high)

    def convert(text: str) -> int:
        return _whole(text, low, high, wanted)

    return convert


board_size = whole(1)
"""N: digits only, at least 1 (each command checks its own largest N)."""


def board_shape(text: str) -> Size:
    """``N`` (N x N) or ``WxH`` (W columns, H rows) as ``(width, height)``
    (``queens.board.parse_size``)."""
    return _argument(parse_size, text)


def nonempty(text: str) -> str:
    """A file name, address or host: anything but the empty string (which would mean
    "none" or "every interface" without saying so)."""
    if not text:
        raise argparse.ArgumentTypeError("must not be empty")
    return text


positive = whole(1)
"""Counts such as ``--limit`` and ``--workers``: at least 1."""

port = whole(0, 65535)


def seed(text: str) -> int:
    """A random seed: 0 <= S < 2**64."""
    return _whole(text, 0, 2**64 - 1, "a whole number from 0 to 2**64 - 1")


def _number(text: str) -> float:
    if not text.isascii():  # float() takes other scripts' digits too
        return math.nan
    try:
        value = float(text)
    except ValueError:
        return math.nan
    return value


def seconds(text: str) -> float:
    """A positive, finite number of seconds (``--timeout``)."""
    value = _number(text)
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(
            f"must be a positive number of seconds, got {shown_text(text)}"
        )
    return value


def pause(text: str) -> float:
    """A finite number of seconds, 0 or more (``--delay``)."""
    value = _number(text)
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds, 0 or more, got {shown_text(text)}"
        )
    return value


def fraction(text: str) -> float:
    """A probability from 0 to 1 (``--density``)."""
    value = _number(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {shown_text(text)}")
    return value


# -- reading input, bounded ---------------------------------------------------

CHUNK = 1 << 16
"""Bytes read at a time: a NUL, bad UTF-8 or an oversized input is seen within one chunk."""


def _open_input(path: str, what: str) -> tuple[BinaryIO, str, bool]:
    """The binary stream for ``path`` (``-``: stdin), its name in messages, whether to close it."""
    if path == "-":
        if sys.stdin is None:  # the process started with its stdin closed
            raise CommandError("cannot read standard input: it is closed")
        return sys.stdin.buffer, "standard input", False
    try:
        return open(path, "rb"), f"{what} file {path!r}", True  # closed by the caller
    except OSError as error:
        raise CommandError(f"cannot read {what} file {path!r}: {error.strerror}") from None


def read_chunks(path: str, what: str) -> Iterator[tuple[str, str]]:
    """Decoded text of ``path`` a chunk at a time, with the input's name for messages.

    Stops with a one-line error at the first NUL byte or bad UTF-8, so binary
    input (``/dev/zero``) fails within the first chunk, whatever its size.
    """
    stream, name, owned = _open_input(path, what)
    # read1 returns what a pipe or terminal has so far: check answers as lines come.
    read = getattr(stream, "read1", stream.read)
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    try:
        while True:
            try:
                data = read(CHUNK)
            except OSError as error:
                raise CommandError(f"cannot read {name}: {error.strerror}") from None
            if b"\0" in data:
                raise CommandError(f"{name} is not text (it holds a NUL byte)")
            try:
                text = decoder.decode(data, final=not data)
            except UnicodeDecodeError as error:
                raise CommandError(
                    f"{name} is not UTF-8 text (byte {offset + error.start + 1})"
                ) from None
            offset += len(data)
            if not data:
                return
            yield text, name
    finally:
        if owned:
            stream.close()


def read_text(path: str, what: str, limit: int, reason: str) -> str:
    """A text file's contents (``-`` for stdin), read no further than ``limit`` characters.

    ``reason`` says where the limit comes from, for the message.
    """
    parts: list[str] = []
    size = 0
    for text, name in read_chunks(path, what):
        size += len(text)
        if size > limit:
            raise CommandError(f"{name} is too long: over {limit:,} characters ({reason})")
        parts.append(text)
    return "".join(parts)


def read_lines(path: str, what: str, limit: Callable[[str], int]) -> Iterator[str]:
    """The lines of ``path`` (``-``: stdin) one at a time, without their newlines.

    ``limit(start)`` is the longest a line beginning with ``start`` may be;
    a longer one ends the reading with a one-line error, so memory stays
    within the longest acceptable line whatever the input.
    """
    parts: list[str] = []  # the line being read, in pieces (no quadratic joining)
    size = 0
    number = 1
    for text, name in read_chunks(path, what):
        pieces = text.split("\n")
        for piece in pieces[:-1]:
            _check_length(parts, size + len(piece), piece, number, name, limit)
            parts.append(piece)
            yield "".join(parts)
            parts, size, number = [], 0, number + 1
        tail = pieces[-1]
        size += len(tail)
        parts.append(tail)
        _check_length(parts, size, tail, number, name, limit)
    if size:
        yield "".join(parts)


def _check_length(
    parts: list[str], size: int, piece: str, number: int, name: str, limit: Callable[[str], int]
) -> None:
    start = (parts[0] if parts and parts[0] else piece)[:64]
    longest = limit(start)
    if size > longest:
        raise CommandError(
            f"{name}, line {number}: too long for a placement (over {longest:,} characters)"
        )


def read_board(path: str, max_n: int) -> Board:
    """A board file, read no further than board text of a ``max_n`` board can go."""
    text = read_text(path, "board", text_limit(max_n), f"boards here go up to N = {max_n:,}")
    try:
        return parse_board(text, max_n=max_n)
    except BoardError as error:
        raise CommandError(str(error)) from None


def board_from_args(
    size: Size | None,
    board_path: str | None,
    prog: str,
    max_n: int | None = None,
    queens: int | None = None,
    rule: Rule = Rule.QUEEN,
    queen_rule_only: bool = False,
) -> Board:
    """The board a command works on, from N or WxH, ``--board FILE`` or both (must
    agree), with ``queens`` queens to place (default: as many as fit), under
    ``rule`` (a usage error for a command that knows the queen rule only, or
    the torus on a board that is not square).

    ``max_n``, the largest side the command takes, also bounds reading the
    board file (board text itself stops at ``queens.board.MAX_TEXT_N``).
    """
    if queen_rule_only and rule is not Rule.QUEEN:
        raise UsageError(f"{prog} supports the queen rule only", prog)
    if size is not None and max_n is not None and max(size) > max_n:
        shown = f"N = {size[0]:,}" if size[0] == size[1] else f"{size[0]:,}x{size[1]:,}"
        raise UsageError(f"{shown} is too big: {prog} goes up to N = {max_n:,}", prog)
    if board_path is None:
        if size is None:
            raise UsageError("give N or --board FILE", prog)
        board = Board.empty(*size)
    else:
        board = read_board(board_path, min(max_n or MAX_TEXT_N, MAX_TEXT_N))
        if size is not None and size != board.size:
            given = f"N is {size[0]}" if size[0] == size[1] else f"the size is {size[0]}x{size[1]}"
            raise UsageError(f"{given} but the board is {board.size_text}", prog)
    if rule is not Rule.QUEEN:
        problem = shape_problem(rule, board.width, board.height)
        if problem is not None:
            raise UsageError(problem, prog)
        board = board.with_rule(rule)
    if queens is None:
        return board
    most = min(board.width, board.height)
    if queens > most:
        raise UsageError(
            f"--queens {queens} does not fit: a {board.size_text} board takes at most {most}",
            prog,
        )
    return board.with_queens(queens)


def board_of_args(
    args: argparse.Namespace, prog: str, max_n: int | None = None, queen_rule_only: bool = False
) -> Board:
    """``board_from_args`` with what ``add_board_arguments`` parsed."""
    return board_from_args(
        args.n,
        args.board,
        prog,
        max_n,
        queens=args.queens,
        rule=args.rule,
        queen_rule_only=queen_rule_only,
    )


PLACED = "how many queens to place (default: as many as fit, one per row or column)"
RANDOM_SEED = "random seed, 0 to 2**64 - 1 (default: random)"


def add_size_argument(parser: argparse.ArgumentParser, low: int, high: int, help: str) -> None:
    """N: the size of the board or grid a command makes, ``low`` to ``high``."""
    parser.add_argument("n", metavar="N", type=whole(low, high), help=help)


def add_queens_argument(parser: argparse.ArgumentParser, help: str = PLACED) -> None:
    """``--queens K``: the queens on the board (``board_from_args``) or required (``check``)."""
    parser.add_argument("--queens", metavar="K", type=whole(0), help=help)


def add_seed_argument(parser: argparse.ArgumentParser, help: str = RANDOM_SEED) -> None:
    """``--seed S``: a random seed (``seed``), for whatever a command makes at random."""
    parser.add_argument("--seed", metavar="S", type=seed, help=help)


def add_out_argument(parser: argparse.ArgumentParser) -> None:
    """``--out FILE``: where a generated board or grid goes."""
    parser.add_argument(
        "--out", metavar="FILE", type=nonempty, help="write to FILE instead of stdout"
    )


def add_picture_argument(parser: argparse.ArgumentParser) -> None:
    """``--out FILE``: the picture a command draws, its format named by its ending
    (``queens.cli.output.picture_kind``)."""
    parser.add_argument(
        "--out",
        metavar="FILE",
        type=nonempty,
        required=True,
        help="FILE.svg or FILE.png; - for SVG on stdout",
    )


def add_board_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "n",
        metavar="N",
        nargs="?",
        type=board_shape,
        help="board size: N (N x N) or WxH (W columns, H rows); optional with --board",
    )
    parser.add_argument(
        "--board",
        metavar="FILE",
        type=nonempty,
        help="board text file ('.' free, '*' reserved, 'Q' queen); - for stdin",
    )
    add_queens_argument(parser)
    add_rule_argument(parser)


def _rule(name: str) -> Rule | str:
    """``--rule``'s name as the ``Rule`` it names; any other text as it
    is, for argparse's ``choices`` to refuse with its usual message."""
    return Rule(name) if name in RULE_NAMES else name


def add_rule_argument(parser: argparse.ArgumentParser) -> None:
    """``--rule``: how queens attack (``queens.rules``), the queen's by default."""
    parser.add_argument(
        "--rule",
        choices=RULE_NAMES,
        type=_rule,
        default=Rule.QUEEN,
        help="how queens attack: queen (default), toroidal (diagonals wrap around a square "
        "board), superqueen (also a knight's jumps)",
    )
