"""What the page may ask of the server: sizes, speeds and run counts.

Every request is checked against these on the server; the page reads them
from ``/api/info`` only to set up its controls.
"""

from __future__ import annotations

MIN_N = 4
"""The smallest board the page offers (smaller ones teach nothing about backtracking)."""

STEP_MAX_N = 20
"""The largest board a search may step through (beyond it, stepping is hopeless to watch)."""

MAX_COUNT_N = 18
"""The largest board the count action takes; ``queens count`` is there for more."""

TREE_MAX_N = 6
"""The largest board whose recursion tree is drawn as the search runs."""

MAX_BOARD_TEXT = 4096
"""Characters of board text accepted (a 20 x 20 board with spaces and CRLF needs 840)."""

MAX_BODY = 16384
"""Bytes of a JSON request body accepted."""

MIN_SPEED = 1
MAX_SPEED = 5000
"""Search events per second while playing."""

DEFAULT_SPEED = 10

MAX_STEPS = 1000
"""Events one ``step`` request may ask for."""

MAX_RUNS = 4
"""Searches and counts open at once over all pages; more get 429."""

PENDING_TIMEOUT = 30.0
"""Seconds a created run may wait for its page to open the event stream."""

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})
"""The host names of this machine as a browser writes them in ``Host`` headers."""
