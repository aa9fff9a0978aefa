"""The search redrawn in the terminal at every step (rich Live).

``Progress`` follows the events (queens standing, step, depth,
solutions so far); ``frame`` draws it: the checkered board with attacked
squares tinted, and a status line.  ``animate`` drives a rich ``Live``
display when the console is a terminal; otherwise it runs the search through
and the caller prints only the final board and a summary, never an escape
code.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip
from queens.show.steps import event_text
from queens.show.text import rich_board

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

Wait = Callable[[], bool]
"""Called between steps in step mode; False stops the animation (the user pressed q)."""


@dataclass
class Progress:
    """Where a search of a ``width`` x ``height`` board (``queens`` to place) stands
    after the events seen so far.

    ``Progress(n)`` follows an n x n board with n queens.
    """

    width: int
    height: int | None = None
    queens: int | None = None
    columns: list[int] = field(default_factory=list)
    """The column of each row decided so far, -1 for a row left empty."""
    steps: int = 0
    placed: int = 0
    solutions: int = 0
    last: str = "ready"
    last_solution: tuple[int, ...] | None = None
    stopped: bool = False
    """True when the user stopped the animation before the search ended."""

    def __post_init__(self) -> None:
        if self.height is None:
            self.height = self.width
        if self.queens is None:
            self.queens = min(self.width, self.height)

    @classmethod
    def of(cls, board: Board) -> Progress:
        return cls(board.width, board.height, board.k)

    @property
    def depth(self) -> int:
        """Rows decided so far (a queen placed or the row left empty)."""
        return len(self.columns)

    @property
    def standing(self) -> int:
        """Queens on the board now."""
        return sum(col >= 0 for col in self.columns)

    @property
    def shape(self) -> str:
        """``6 x 6 board``, or ``8 x 8 board, 5 queens`` when some rows stay empty."""
        text = f"{self.width} x {self.height} board"
        return text if self.queens == self.height else f"{text}, {self.queens} queens"

    def apply(self, event: Event) -> None:
        self.steps += 1
        self.last = event_text(event)
        # Every event names its row, which says how many rows above it are decided
        # (a row left empty is never taken back by an event of its own).
        if isinstance(event, Place):
            self.placed += 1
            del self.columns[event.row :]
            self.columns.append(event.col)
        elif isinstance(event, Skip):
            del self.columns[event.row :]
            self.columns.append(-1)
        elif isinstance(event, Remove | DeadEnd):
            del self.columns[event.row :]
        elif isinstance(event, Found):
            self.solutions += 1
            self.last_solution = event.columns

    def status(self) -> str:
        queens = "" if self.queens == self.height else f"  queens {self.standing}/{self.queens}"
        return (
            f"step {self.steps}  depth {self.depth}/{self.height}{queens}  "
            f"solutions {self.solutions}  — {self.last}"
        )

    def summary(self, algorithm: str) -> str:
        plural = "" if self.solutions == 1 else "s"
        if self.stopped:
            return (
                f"{self.shape}, {algorithm}: stopped after {self.steps} steps "
                f"({self.solutions} solution{plural} so far)"
            )
        return (
            f"{self.shape}, {algorithm}: {self.solutions} solution{plural} "
            f"in {self.steps} steps ({self.placed} queens placed)"
        )


def frame(board: Board, progress: Progress, *, final: bool = False) -> RenderableType:
    """The board (attacked squares tinted) over the status line."""
    from rich.console import Group  # lazy: display (rich)
    from rich.text import Text

    if final and progress.last_solution is not None:
        shown: tuple[int, ...] | list[int] = progress.last_solution
    else:
        shown = progress.columns
    board_text = rich_board(board, shown, attacked=not final)
    return Group(board_text, Text(progress.status(), style="bold", no_wrap=True, overflow="crop"))


def animate(
    board: Board,
    events: Iterable[Event],
    console: Console,
    *,
    delay: float = 0.0,
    wait: Wait | None = None,
) -> Progress:
    """Play ``events`` on ``console``; returns the progress at the end.

    On a terminal: a Live display redrawn at each step, ``delay`` seconds
    apart, or on each ``wait()`` in step mode; the last frame shows the last
    solution found.  Elsewhere the events are only followed, not drawn.
    """
    progress = Progress.of(board)
    if not console.is_terminal:
        for event in events:
            progress.apply(event)
        return progress
    from rich.live import Live  # lazy: display (rich)

    with Live(frame(board, progress), console=console, auto_refresh=False) as live:
        for event in events:
            # In step mode the key comes first, so the first key shows the first step.
            if wait is not None and not wait():
                progress.stopped = True
                break
            progress.apply(event)
            live.update(frame(board, progress), refresh=True)
            if wait is None and delay:
                time.sleep(delay)
        live.update(frame(board, progress, final=True), refresh=True)
    return progress


class KeysUnavailable(RuntimeError):
    """Keys cannot be read one at a time here: the terminal is not POSIX (no termios)."""

    def __init__(self) -> None:
        super().__init__(
            "stepping by keys needs a POSIX terminal (termios), which this system lacks; "
            "pipe the steps in instead (each line a step), or leave out --step"
        )


@contextmanager
def key_reader() -> Iterator[Wait]:
    """A ``Wait`` for step mode: one key (Enter, space...) a step, ``q`` to stop.

    On a terminal, keys are read one at a time without echo (so the Live
    display is not pushed down); from a pipe, one line a step, and at the
    end of the input the animation runs on without waiting.
    """
    stdin = sys.stdin
    if not stdin.isatty():
        ended = False

        def next_line() -> bool:
            nonlocal ended
            if not ended:
                line = stdin.readline()
                ended = line == ""
                return line.strip().lower() != "q"
            return True

        yield next_line
        return
    try:
        import termios  # lazy: POSIX terminals only
        import tty
    except ImportError:  # not POSIX (Windows): no way to read a key at a time
        raise KeysUnavailable() from None

    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        # TCSANOW, not setcbreak's default TCSAFLUSH: keys typed before the first
        # frame are kept, not thrown away (a quick typist's first steps count).
        tty.setcbreak(fd, termios.TCSANOW)
        termios.tcsetattr(fd, termios.TCSANOW, _without_echo(termios.tcgetattr(fd)))

        def next_key() -> bool:
            key = stdin.read(1)
            return key not in ("q", "Q", "")

        yield next_key
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _without_echo(attributes: list[int | list[bytes | int]]) -> list[int | list[bytes | int]]:
    import termios  # lazy: POSIX terminals only

    lflag = attributes[3]
    assert isinstance(lflag, int)
    attributes[3] = lflag & ~termios.ECHO
    return attributes
