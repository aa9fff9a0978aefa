"""The sequential portfolio: solvers in child processes taking turns of CPU time."""

from __future__ import annotations

import multiprocessing
import os
import time
from functools import partial

import pytest
from hypothesis import given, settings

from hardboards import need_pysat, small_boards
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import sat, turns
from queens.engines.hard.budget import Deadline, Undecided
from queens.engines.hard.verdict import Verdict
from queens.validate import board_problem


@pytest.fixture(autouse=True)
def _short_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turns, "FIRST_TURN", 0.05)  # a spinning member's turn: keep tests quick


def _spin() -> Verdict:
    while True:
        pass


def _quick() -> Verdict:
    return Verdict([0], "quick")


def _later() -> Verdict:
    start = time.process_time()
    while time.process_time() - start < 0.1:  # CPU time, not sleep: a turn counts CPU
        pass
    return Verdict(None, "later")


def test_the_member_that_answers_first_in_cpu_time_wins() -> None:
    assert turns.race([_spin, _quick]).how == "quick"
    assert turns.race([_later, _spin]).how == "later"
    assert turns.race([_spin, _later]).how == "later"


def _work(seconds: float, how: str) -> Verdict:
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass
    return Verdict(None, how)


def test_a_larger_share_gets_longer_turns() -> None:
    # The second needs twice the first's CPU: with equal shares the first ends first, with
    # four times the first's share the second does (a margin of two both ways, so a busy
    # machine's uneven accounting of a turn cannot swap them; equal work was flaky).
    first, second = partial(_work, 0.3, "first"), partial(_work, 0.6, "second")
    assert turns.race([first, second]).how == "first"
    assert turns.race([first, second], shares=[1, 4]).how == "second"
    with pytest.raises(ValueError, match="1 shares for 2 members"):
        turns.race([first, second], shares=[1])


def _dies() -> Verdict:
    os._exit(9)  # as a process killed by a CPU limit or the out-of-memory killer


def test_a_member_that_dies_drops_out() -> None:
    assert turns.race([_dies, _later]).how == "later"
    assert turns.race([_later, _dies]).how == "later"
    with pytest.raises(RuntimeError, match="every solver process ended without an answer"):
        turns.race([_dies, _dies])


def test_the_deadline_stops_every_member() -> None:
    start = time.monotonic()
    with pytest.raises(Undecided):
        turns.race([_spin, _spin], Deadline(0.3))
    assert time.monotonic() - start < 30  # stopped, not run to the end (they never end)


def test_the_cpu_time_of_a_process() -> None:
    assert turns.cpu_seconds(os.getpid()) >= 0


@pytest.mark.parametrize(("name", "options"), [member[:2] for member in sat.PLAIN_MEMBERS])
@settings(max_examples=40, deadline=None)
@given(board=small_boards(max_n=7))
def test_the_plain_members_agree_with_the_reference(
    name: str, options: sat.Options, board: Board
) -> None:
    need_pysat()
    clauses = sat.plain_encoding(board.allowed_masks(), {})
    assert clauses is not None
    found = sat.decide_plain(clauses, board.n, name, options).columns
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert board_problem(found, Board.build(board.n, reserved=board.reserved)) is None
        allowed = board.allowed_masks()
        assert all((allowed[r] >> c) & 1 for r, c in enumerate(found))


def test_the_plain_member_is_for_n_queens_on_n_by_n() -> None:
    masks = Board.build(6).allowed_masks()
    assert sat.plain_encoding(masks, {"width": 7}) is None
    assert sat.plain_encoding(masks, {"queens": 5}) is None
    assert sat.plain_encoding(masks, {}) is not None


def test_a_member_waits_for_its_start() -> None:
    # A member stopped only after it was started could run (and answer) in the moment
    # between: each waits, asleep, for its first turn (a flaky test under load found it).
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    wait, start = context.Pipe(duplex=False)
    child = context.Process(target=turns._run, args=(send, _quick, wait), daemon=True)
    child.start()
    send.close()
    wait.close()
    try:
        assert not receive.poll(0.3)  # not started: no answer
        start.send(True)
        assert receive.poll(5) and receive.recv().how == "quick"
    finally:
        child.kill()
        child.join()


class _Process:
    def __init__(self, pid: int) -> None:
        self.pid = pid


def test_the_turn_goes_to_the_member_lowest_by_its_share() -> None:
    runners = [(_Process(pid), None) for pid in (1, 2, 3)]
    share = {1: 0.5, 2: 3.0, 3: 1.0}
    lowest = partial(turns.lowest, runners, share=share)  # type: ignore[arg-type]
    assert lowest({1: 0.0, 2: 0.0, 3: 0.0})[0].pid == 1  # ties: the first in order
    assert lowest({1: 0.25, 2: 0.0, 3: 0.0})[0].pid == 2
    assert lowest({1: 0.25, 2: 1.2, 3: 0.3})[0].pid == 3  # levels 0.5, 0.4, 0.3
    assert lowest({1: 0.1, 2: 1.2, 3: 0.3})[0].pid == 1  # levels 0.2, 0.4, 0.3
