"""Test helpers for the long runs: a grid of many solutions, and a child ``queens``
interrupted once it says it runs (on a pseudo-terminal or pipes)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

from conftest import wait_until_at_work

GUARD_SECONDS = 60.0
"""How long a child may take to show what is awaited, or to stop: a guard against a
hang on a loaded machine, not a timing assertion."""


def rows_grid(n: int) -> str:
    """The n x n grid whose regions are its rows (many solutions)."""
    names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(names[row] * n + "\n" for row in range(n))


def interrupted_after(argv: list[str], awaited: bytes, *, terminal: bool) -> tuple[int, bytes]:
    """Run ``queens argv`` (stdout and stderr on a pseudo-terminal, or pipes), wait for
    ``awaited`` in what it writes, press Ctrl-C: its exit status and all it wrote."""
    if terminal:
        reader, writer = pty.openpty()
        stdin = stdout = stderr = writer
    else:
        reader, writer = os.pipe()
        stdin, stdout, stderr = subprocess.DEVNULL, writer, writer
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    process = subprocess.Popen(
        [sys.executable, "-m", "queens", *argv],
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        env={**env, "TERM": "xterm-256color"},
    )
    os.close(writer)
    written = b""
    try:
        deadline = time.monotonic() + GUARD_SECONDS
        while awaited not in written and time.monotonic() < deadline:
            if select.select([reader], [], [], 0.05)[0]:
                try:
                    chunk = os.read(reader, 65536)
                except OSError:  # EIO: the terminal's other end closed
                    break
                if not chunk:  # the end: it stopped before saying so
                    break
                written += chunk
        assert awaited in written, written
        wait_until_at_work(process)
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=GUARD_SECONDS)
        while select.select([reader], [], [], 0.05)[0]:
            try:
                chunk = os.read(reader, 65536)
            except OSError:
                break
            if not chunk:
                break
            written += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(reader)
    return status, written
