"""Open runs: pacing, controls, the bound on their number, expiry and stopping."""

from __future__ import annotations

import asyncio

import pytest

from queens.board import Board
from queens.web import limits
from queens.web.inputs import Control, InputError
from queens.web.runs import TICK, Busy, Registry, Run
from queens.web.stepper import Stepper


def new_run() -> Run:
    board = Board.empty(4)
    return Run("id", board, Stepper(board, "backtracking"), 0.0)


def test_a_new_run_waits_paused() -> None:
    assert new_run().next_batch() == (0, 0.0)


def test_steps_come_at_once_and_pause() -> None:
    run = new_run()
    run.control(Control("play", None, 1))
    run.control(Control("step", None, 3))
    run.control(Control("step", None, 2))
    assert run.paused
    assert run.next_batch() == (5, 0.0)
    assert run.next_batch() == (0, 0.0)


def test_steps_asked_for_are_bounded() -> None:
    run = new_run()
    for _ in range(3):
        run.control(Control("step", None, limits.MAX_STEPS))
    assert run.next_batch()[0] == limits.MAX_STEPS


@pytest.mark.parametrize("speed", [1, 2, 10, 25, 26, 100, 1000, limits.MAX_SPEED])
def test_playing_paces_about_speed_events_a_second(speed: int) -> None:
    run = new_run()
    run.control(Control("play", speed, 1))
    count, wait = run.next_batch()
    assert count >= 1 and wait >= TICK
    assert abs(count / wait - speed) <= max(0.5 / TICK, 0.05 * speed)


def test_controls_wake_a_waiting_stream() -> None:
    async def scenario() -> tuple[bool, bool]:
        run = new_run()
        slept = await run.wait(0.01)
        asyncio.get_running_loop().call_later(0.01, run.control, Control("play", None, 1))
        woke = await run.wait(5)
        return slept, woke

    assert asyncio.run(scenario()) == (False, True)


def test_the_registry_is_bounded_and_releases() -> None:
    registry = Registry(max_runs=2)
    first = registry.create(Board.empty(4))
    registry.create(Board.empty(4))
    with pytest.raises(Busy) as busy:
        registry.create(Board.empty(4))
    assert busy.value.status == 429
    registry.release(first.id)
    assert first.stopped
    assert first.counting.is_set()  # a count in progress ends mid-sub-problem
    registry.create(Board.empty(4))
    assert len(registry) == 2


def test_ids_are_unguessable_and_kinds_kept_apart() -> None:
    registry = Registry()
    count = registry.create(Board.empty(4))
    search = registry.create(Board.empty(4), Stepper(Board.empty(4), "backtracking"))
    assert len(count.id) >= 20 and count.id != search.id
    with pytest.raises(InputError):
        registry.get(count.id, count=False)
    with pytest.raises(InputError):
        registry.get(search.id, count=True)


def test_a_stream_attaches_once() -> None:
    registry = Registry()
    run = registry.create(Board.empty(4))
    assert registry.attach(run.id, count=True) is run
    with pytest.raises(InputError) as again:
        registry.attach(run.id, count=True)
    assert again.value.status == 409


def test_runs_never_attached_expire_but_attached_ones_stay() -> None:
    now = [0.0]
    registry = Registry(pending_timeout=10.0, clock=lambda: now[0])
    pending = registry.create(Board.empty(4))
    attached = registry.create(Board.empty(4))
    registry.attach(attached.id, count=True)
    now[0] = 11.0
    with pytest.raises(InputError) as gone:
        registry.get(pending.id, count=True)
    assert gone.value.status == 404
    assert registry.get(attached.id, count=True) is attached
