"""Executors on a Dask distributed cluster (the optional extra ``dask``).

The runner takes any ``concurrent.futures.Executor``; this module turns a
scheduler address into one.  Dask is imported here only, when asked for.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

CONNECT_TIMEOUT = 30.0
"""Seconds to wait for the scheduler to answer."""


class ClusterError(Exception):
    """The cluster cannot be used: Dask missing or the scheduler unreachable."""


def _quiet_dask_logging() -> None:
    """Keep Dask's own log records (recovery notices, reconnection tracebacks) off stderr.

    Dask recovers from a lost worker by itself, and what it cannot recover
    from reaches the caller as an exception, which the CLI turns into one
    line; its log records would only bury that line.
    """
    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed")]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL)


@dataclass(frozen=True)
class Cluster:
    executor: concurrent.futures.Executor
    threads: int  # worker threads on the cluster when connecting (for sizing the tasks)


@contextmanager
def dask_executor(
    address: str, *, timeout: float | None = None, quiet: bool = False
) -> Iterator[Cluster]:
    """An executor running on the Dask scheduler at ``address`` (``tcp://HOST:PORT``).

    ``quiet`` silences Dask's logging (for the command line, where failures
    are reported as one line).
    """
    try:
        # Imported by name: Dask is optional, and untyped for mypy either way.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask distributed: pip install 'queens-toolkit[dask]'"
        ) from None
    if quiet:
        _quiet_dask_logging()
    try:
        # Checked first: a Client that fails on a malformed address leaves its
        # event-loop thread behind, which keeps the process from exiting.
        distributed.comm.get_address_host_port(address)
    except ValueError as error:
        raise ClusterError(f"bad Dask scheduler address {address!r}: {error}") from None
    try:
        client = distributed.Client(
            address, timeout=timeout or CONNECT_TIMEOUT, set_as_default=False
        )
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        # pure=False: every submission is its own task, never deduplicated by value.
        threads = sum(client.nthreads().values())
        yield Cluster(client.get_executor(pure=False), max(1, threads))
    finally:
        client.close()
