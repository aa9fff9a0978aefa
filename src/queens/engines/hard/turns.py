"""Solvers taking turns on the CPU, each in its own process: a sequential portfolio.

Each member (a function returning a ``Verdict``) runs in a child process;
one at a time is let run (the others are stopped with SIGSTOP) for a turn
of CPU time, read from ``/proc/PID/stat``, until one answers.  A member's
*level* is its CPU time so far over its share (``race``'s ``shares``, 1 when
not given); the turn always goes to the member of the lowest level (the first
in order on ties), and takes it ``GROWTH`` times higher (``FIRST_TURN`` at
least).  So when a member of share s answers after t CPU-seconds, every other
member has had about t / s times its own share, and the portfolio cost about
t times the sum of the shares over s (the others at most ``GROWTH`` times that
much), whichever member answers on a board; the CPU time a turn overshoots
(the ``POLL``) counts in its member's level, so it is paid back.  Each solver
runs exactly as it would alone.

Why levels and not rounds of equal turns growing 1.5 times a round (the turns
before): there, the members before the winner in the order had a whole round
more, up to half as much again as their share: on N = 32, K = 29, seed 0 of
``benchmarks/hard.py --frontier`` Kissat needs 2.2 CPU-seconds alone, about 14
in the turns by the shares, and the rounds took it past 20.

Why processes and not turns of conflicts in one process: CaDiCaL stopped and
resumed by conflict budgets (``solve_limited``) took 29.7 CPU-seconds on an
excluded-diagonal board of N = 32 (K = 27, seed 2) that one uninterrupted
``solve`` decided in 2.1: every resumption starts its search afresh.  Why
not both at once: on two cores shared with other work they fight for the
cores (``benchmarks/hard.py``), and the turns keep the CPU spent by each
member equal whatever else runs.

``deadline`` (wall-clock: the user's ``--timeout``) is looked at every
``POLL`` seconds, and so is Ctrl-C; every child is killed on the way out.
Where SIGSTOP or ``/proc`` is missing (not Linux), the members run side by
side instead.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from pathlib import Path

from queens.engines.hard.budget import NEVER, Deadline
from queens.engines.hard.verdict import Verdict

FIRST_TURN = 0.25
"""CPU seconds a unit of share of each member's first turn, and the least a turn
raises its member's level by."""

GROWTH = 1.1
"""How much higher a turn takes its member's level (CPU seconds over share): the
others have at most this much more than their share when a member answers."""

POLL = 0.02
"""Seconds between looks at a running member (its answer, its CPU time, the deadline)."""

Member = Callable[[], Verdict]

Runner = tuple[multiprocessing.process.BaseProcess, Connection]
"""A member's process and the end of the pipe its verdict comes through."""


def race(
    members: Sequence[Member], deadline: Deadline = NEVER, shares: Sequence[float] = ()
) -> Verdict:
    """The verdict of the first member to answer, the members taking turns of CPU time;
    ``Undecided`` when ``deadline`` passes first.  A member whose process ends
    without an answer (killed, out of memory) drops out; RuntimeError when
    every member has.

    ``shares``: each member's turn is the round's turn times its share (1 for
    every member when not given), so a member of share s answering after t
    CPU-seconds costs about t times the sum of the shares over s.
    """
    if shares and len(shares) != len(members):
        raise ValueError(f"{len(shares)} shares for {len(members)} members")
    methods = multiprocessing.get_all_start_methods()
    # fork starts in milliseconds with everything imported; spawn elsewhere.
    context = (
        multiprocessing.get_context("fork")
        if "fork" in methods
        else multiprocessing.get_context("spawn")
    )
    runners: list[Runner] = []
    starts: dict[int | None, Connection] = {}
    try:
        for member in members:
            receive, send = context.Pipe(duplex=False)
            wait, start = context.Pipe(duplex=False)
            child = context.Process(target=_run, args=(send, member, wait), daemon=True)
            child.start()
            send.close()
            wait.close()
            runners.append((child, receive))
            starts[child.pid] = start
        if not _can_stop(runners[0][0].pid):
            for start in starts.values():
                start.send(True)
            return _side_by_side(runners, deadline)
        weights = shares or [1.0] * len(runners)
        share = {process.pid: weight for (process, _), weight in zip(runners, weights, strict=True)}
        return _in_turns(runners, deadline, share, starts)
    finally:
        for ended, receive in runners:
            if ended.is_alive():
                ended.kill()
            ended.join()
            receive.close()
        for start in starts.values():
            start.close()


def _in_turns(
    runners: list[Runner],
    deadline: Deadline,
    share: dict[int | None, float],
    starts: dict[int | None, Connection],
) -> Verdict:
    # Every member waits for its start (``_run``) and is then stopped between its turns:
    # one that ran between its fork and a stop would have had CPU time no turn gave it.
    waiting = dict(starts)
    used = {process.pid: 0.0 for process, _ in runners}
    while True:
        process, receive = lowest(runners, used, share)
        if process.pid in waiting:
            waiting.pop(process.pid).send(True)
        level = used[process.pid] / share[process.pid]
        until = max(level + FIRST_TURN, level * GROWTH) * share[process.pid]
        _signal(process, signal.SIGCONT)
        while process.is_alive() and cpu_seconds(process.pid) < until:
            if receive.poll(POLL):
                break
            deadline.check()
        _signal(process, signal.SIGSTOP)
        if process.is_alive():
            used[process.pid] = max(used[process.pid], cpu_seconds(process.pid))
        for runner in list(runners):  # an answer, perhaps sent just before a stop
            answer = _answer(runner)
            if answer is not None:
                return answer
            if not runner[0].is_alive():  # ended without an answer (killed, out of memory)
                runners.remove(runner)
        if not runners:
            raise RuntimeError("every solver process ended without an answer")


def lowest(
    runners: Sequence[Runner], used: dict[int | None, float], share: dict[int | None, float]
) -> Runner:
    """The runner whose CPU time over its share is the lowest, the first of them on ties."""
    return min(runners, key=lambda runner: used[runner[0].pid] / share[runner[0].pid])


def _side_by_side(runners: list[Runner], deadline: Deadline) -> Verdict:
    while runners:
        for runner in list(runners):
            answer = _answer(runner)
            if answer is not None:
                return answer
            if not runner[0].is_alive():
                runners.remove(runner)
        time.sleep(POLL)
        deadline.check()
    raise RuntimeError("every solver process ended without an answer")


def _answer(runner: Runner) -> Verdict | None:
    """The verdict waiting from ``runner``, or None (none yet, or its process ended
    without one: a verdict sent stays in the pipe after its process ends)."""
    receive = runner[1]
    if not receive.poll(0):
        return None
    try:
        answer: Verdict = receive.recv()
    except EOFError:
        return None
    return answer


def _run(conn: Connection, member: Member, start: Connection) -> None:
    start.recv()  # its first turn (asleep until then, using no CPU time)
    start.close()
    conn.send(member())
    conn.close()


def _signal(process: multiprocessing.process.BaseProcess, signum: int) -> None:
    if process.pid is not None and process.is_alive():
        os.kill(process.pid, signum)


def _can_stop(pid: int | None) -> bool:
    return hasattr(signal, "SIGSTOP") and pid is not None and _stat(pid) is not None


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def cpu_seconds(pid: int | None) -> float:
    """The CPU time (user + system) of process ``pid`` so far, from ``/proc``; the
    time of day where it cannot be read (a process gone, which the caller will see)."""
    fields = None if pid is None else _stat(pid)
    if fields is None:
        return time.monotonic()
    # Fields 14 and 15 of the stat line (utime, stime, in clock ticks); the split
    # starts at field 3.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
