"""Watching a search as it runs: a time limit, a progress line, with no thread.

The searches that may run long (the compiled kernel's enumeration, the
Python search) call ``tick`` now and then; a caller that wants to hear
wraps them in ``watching``.  Whatever the watcher raises (a time limit's
``Undecided``, a command's refusal, a
Ctrl-C's KeyboardInterrupt on its way) ends the search there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Watcher = Callable[[int], None]
"""Hears, now and then during a search, how many solutions it found since it last
heard (often 0); it may raise to stop the search."""

_watcher: ContextVar[Watcher | None] = ContextVar("queens_search_watcher", default=None)


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Searches run inside (in this thread) call ``watcher`` now and then: after each
    batch of the compiled kernel's enumeration (a few milliseconds of search at most)
    and every few thousand nodes of the Python search.  Watchers nest: inside another
    ``watching``, both hear (a caller's progress line and a library's time limit).

    >>> heard = []
    >>> with watching(heard.append):
    ...     tick(2)
    >>> tick(1)  # nobody listens
    >>> heard
    [2]
    """
    outer = _watcher.get()
    if outer is not None:

        def both(found: int, inner: Watcher = watcher, outer: Watcher = outer) -> None:
            inner(found)
            outer(found)

        watcher = both
    token = _watcher.set(watcher)
    try:
        yield
    finally:
        _watcher.reset(token)


def tick(found: int = 0) -> None:
    """Tell the current watcher (if any) that the search goes on, with ``found`` new solutions."""
    watcher = _watcher.get()
    if watcher is not None:
        watcher(found)
