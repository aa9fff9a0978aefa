"""Checkpoints: a durable record of finished sub-problems, to resume and to merge.

Storage: one SQLite file (stdlib ``sqlite3``) with the default rollback
journal and ``synchronous=FULL``.  Why:

- SQLite's atomic commit makes a kill -9 (or a power cut) at any instant
  leave each transaction either whole or absent: a half-written record cannot
  exist, and the next opener rolls back a hot journal by itself.  An
  append-only log would need its own torn-write detection and recovery for
  the same guarantee.
- ``synchronous=FULL`` syncs the journal and the database before a commit
  returns, so what is committed is on disk, not in the page cache.
- The rollback journal (not WAL) keeps every committed row in the one
  database file: copying shard files to another machine for ``queens merge``
  carries everything, and it also works on network file systems where WAL's
  shared memory does not.

Group commit: a synced commit costs milliseconds (over 10 ms on a busy
disk), and a split has thousands of sub-problems, some finishing in
microseconds.  So results are committed together, at most
``FLUSH_SECONDS`` apart (a background thread commits what waits), and
on close, including after Ctrl-C.  A kill -9 thus loses at most the last
second's results, which the resumed run simply counts again; it never
loses or corrupts anything committed.

A header (table ``meta``) names what the file belongs to: the split key
(board hash and split version), the number of sub-problems of the split, the
shard, the package version that wrote it, the board's width, height and
queen count, and the board itself (its text, so ``queens merge --verify``
can recount).  A file from another run is refused, never mixed; one of
another shape is refused saying which shape it holds.

Checksums: each record carries a checksum of its sub-problem's identity (the
split key and index) and its counts (``checksum``).  A record whose
checksum fails (a disk error, an edit) is refused when the file is read:
the file is damaged.  The checksum is no signature (anyone can compute it);
a wrong count stored with a right checksum, as a faulty worker would
produce, is what recounting a sample catches (``queens.counting.verify``).
Files of the first format, without checksums, are refused with a message
saying so rather than read unverified: they come from an older queens, and
counting again is the only way to a verifiable file.
"""

from __future__ import annotations

import hashlib
import math
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from queens import __version__
from queens.board import Board, BoardError
from queens.counting.closing import Closing
from queens.counting.shards import MAX_SHARDS, WHOLE, Shard
from queens.counting.split import Split, sum_counts
from queens.engines import Counts
from queens.rules import RULE_NAMES, parse_rule

FLUSH_SECONDS = 1.0
"""Longest time a finished sub-problem waits before it is committed."""

FORMAT = "queens-checkpoint-2"
"""The layout of the file itself (tables and meta keys)."""

OLD_FORMATS = ("queens-checkpoint-1",)
"""Layouts of older versions, refused with a message that says why (no checksums)."""

_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE results (subproblem INTEGER PRIMARY KEY,"
    " total INTEGER NOT NULL, uniq INTEGER NOT NULL, checksum TEXT NOT NULL)",
)


class CheckpointError(Exception):
    """A checkpoint that cannot be used: unreadable, not one, or from another run."""


MAX_SUBPROBLEMS = 1_000_000
"""The most sub-problems a checkpoint's header may claim.  No split makes more:
it stops at its target (at most 10,000) times one row's choices (at most 65).
A larger claim is damage, refused before merging sets up that many indices."""


class Incomplete(Exception):
    """Checkpoints that do not cover every sub-problem (the answer is "not yet")."""

    def __init__(self, message: str, missing: Sequence[int]) -> None:
        super().__init__(message)
        self.missing = tuple(missing)


@dataclass(frozen=True)
class Header:
    """What a checkpoint belongs to."""

    split_key: str
    subproblems: int  # in the whole split, not only the shard
    shard: Shard = WHOLE
    version: str = __version__
    board: str = ""  # the board's text (empty: unknown, so no recounting from the file alone)
    width: int = 0  # the board's shape (0: unknown, as in files written before shapes came)
    height: int = 0
    queens: int = 0
    rule: str = "queen"  # the attack rule (files written before rules came: the queen's)

    @property
    def shape_text(self) -> str:
        """``10 x 8 with 6 queens`` (and ``, toroidal``), or "" when the file does not say."""
        if not self.width:
            return ""
        ruled = "" if self.rule == "queen" else f", {self.rule}"
        return f"{self.width} x {self.height} with {self.queens} queens{ruled}"

    def as_rows(self) -> list[tuple[str, str]]:
        return [
            ("format", FORMAT),
            ("split_key", self.split_key),
            ("subproblems", str(self.subproblems)),
            ("shard_index", str(self.shard.index)),
            ("shard_count", str(self.shard.count)),
            ("package_version", self.version),
            ("board", self.board),
            ("width", str(self.width)),
            ("height", str(self.height)),
            ("queens", str(self.queens)),
            ("rule", self.rule),
        ]


def checksum(split_key: str, index: int, counts: Counts) -> str:
    """The checksum of one record: its sub-problem (split key and index) and its counts."""
    text = f"{split_key}\n{index}\n{counts.total}\n{counts.unique}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def describe_indices(indices: Iterable[int], limit: int = 8) -> str:
    """Sub-problem indices as a person reads them: 1-based ranges, ``3-7, 12, ...``."""
    ranges: list[tuple[int, int]] = []
    for i in sorted(indices):
        if ranges and ranges[-1][1] == i - 1:
            ranges[-1] = (ranges[-1][0], i)
        else:
            ranges.append((i, i))
    parts = [f"{a + 1}" if a == b else f"{a + 1}-{b + 1}" for a, b in ranges[:limit]]
    if len(ranges) > limit:
        parts.append("...")
    return ", ".join(parts)


class Checkpoint(Closing):
    """An open checkpoint file: its header and finished sub-problems."""

    def __init__(self, path: str, connection: sqlite3.Connection, header: Header) -> None:
        self.path = path
        self.header = header
        self._connection = connection
        # The connection is shared with the flusher thread, under this lock.
        self._lock = threading.Lock()
        self._pending: list[tuple[int, int, int, str]] = []
        self._last_commit = time.monotonic()
        self._stop = threading.Event()
        self._flusher: threading.Thread | None = None
        self._failure: CheckpointError | None = None

    @classmethod
    def open(cls, path: str, expected: Header) -> Checkpoint:
        """Open ``path`` for the run ``expected`` names, creating it when absent or empty.

        Raises CheckpointError when the file is not a checkpoint or belongs to
        another run (another board, split, shard or package version).
        """
        existed = os.path.exists(path) and os.path.getsize(path) > 0
        connection = _connect(path)
        try:
            if existed:
                found = _read_header(connection, path)
                _check_same_run(path, found, expected)
            else:
                _initialize(connection, path, expected)
        except BaseException:
            connection.close()
            raise
        return cls(path, connection, expected)

    @classmethod
    def read(cls, path: str) -> Checkpoint:
        """Open an existing checkpoint, whatever run it belongs to (for merging)."""
        if not os.path.isfile(path):
            raise CheckpointError(f"checkpoint {path!r} does not exist")
        connection = _connect(path)
        try:
            header = _read_header(connection, path)
        except BaseException:
            connection.close()
            raise
        return cls(path, connection, header)

    def done(self) -> dict[int, Counts]:
        """The finished sub-problems, checked against the header."""
        try:
            with self._lock:
                self._commit()
                rows = self._connection.execute(
                    "SELECT subproblem, total, uniq, checksum FROM results ORDER BY subproblem"
                ).fetchall()
        except sqlite3.Error as error:
            raise CheckpointError(f"cannot read checkpoint {self.path!r}: {error}") from None
        done: dict[int, Counts] = {}
        for index, total, unique, check in rows:
            if not (isinstance(index, int) and self.header.shard.holds(index)) or not (
                0 <= index < self.header.subproblems
            ):
                raise CheckpointError(
                    f"checkpoint {self.path!r} is damaged: it records sub-problem {index!r}, "
                    f"which is not part of shard {self.header.shard} "
                    f"of {self.header.subproblems} sub-problems"
                )
            if not (isinstance(total, int) and isinstance(unique, int)):
                raise CheckpointError(
                    f"checkpoint {self.path!r} is damaged: sub-problem {index + 1} "
                    f"has counts {total!r}, {unique!r}"
                )
            counts = Counts(total, unique)
            if not _plausible(counts, self.header):
                raise CheckpointError(
                    f"checkpoint {self.path!r} is damaged: sub-problem {index + 1} has "
                    f"{total} solutions ({unique} fundamental), which cannot be "
                    f"({_plausible_text(self.header)})"
                )
            if check != checksum(self.header.split_key, index, counts):
                raise CheckpointError(
                    f"checkpoint {self.path!r} is damaged: the record of sub-problem "
                    f"{index + 1} ({total}, {unique}) fails its checksum (edited or corrupted); "
                    "remove the file to count again"
                )
            done[index] = counts
        return done

    def record(self, index: int, counts: Counts) -> None:
        """Store one finished sub-problem: committed within FLUSH_SECONDS, or on close."""
        if self._failure is not None:
            raise self._failure
        check = checksum(self.header.split_key, index, counts)
        with self._lock:
            self._pending.append((index, counts.total, counts.unique, check))
            if time.monotonic() - self._last_commit >= FLUSH_SECONDS:
                self._commit()
        if self._flusher is None:
            # Kept only once started: a Ctrl-C between the two would leave close() joining
            # a thread never started (a RuntimeError, exit 1 instead of 130).
            flusher = threading.Thread(target=self._flush_regularly, daemon=True)
            flusher.start()
            self._flusher = flusher

    def flush(self) -> None:
        """Commit what waits, now; it is on disk when this returns."""
        with self._lock:
            self._commit()

    def _commit(self) -> None:
        # Called with the lock held.  One transaction for all that waits.
        if self._pending:
            try:
                self._connection.execute("BEGIN IMMEDIATE")
                self._connection.executemany(
                    "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)", self._pending
                )
                self._connection.execute("COMMIT")
            except BaseException as error:  # even Ctrl-C: leave no transaction open
                if self._connection.in_transaction:
                    self._connection.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise CheckpointError(
                        f"cannot write checkpoint {self.path!r}: {error}"
                    ) from None
                raise
            self._pending.clear()
        self._last_commit = time.monotonic()

    def _flush_regularly(self) -> None:
        while not self._stop.wait(FLUSH_SECONDS):
            try:
                self.flush()
            except CheckpointError as error:
                self._failure = error  # raised by the next record() or close()
                return

    def close(self) -> None:
        """Commit what waits and close the file."""
        self._stop.set()
        if self._flusher is not None:
            self._flusher.join()
        try:
            self.flush()
            if self._failure is not None:
                raise self._failure
        finally:
            self._connection.close()


def _connect(path: str) -> sqlite3.Connection:
    try:
        # isolation_level=None: transactions exactly where the code says BEGIN.
        # check_same_thread=False: the flusher thread commits too (under a lock).
        connection = sqlite3.connect(
            path, isolation_level=None, timeout=30, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise CheckpointError(f"cannot open checkpoint {path!r}: {error}") from None
    try:
        connection.execute("PRAGMA synchronous = FULL")
    except sqlite3.Error as error:
        connection.close()
        if "not a database" in str(error):
            raise CheckpointError(f"{path!r} is not a queens checkpoint") from None
        raise CheckpointError(f"cannot open checkpoint {path!r}: {error}") from None
    return connection


def _initialize(connection: sqlite3.Connection, path: str, header: Header) -> None:
    try:
        # The rollback journal (see the module docstring), whatever the default.
        connection.execute("PRAGMA journal_mode = DELETE")
        connection.execute("BEGIN IMMEDIATE")
        for statement in _SCHEMA:
            connection.execute(statement)
        connection.executemany("INSERT INTO meta VALUES (?, ?)", header.as_rows())
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        raise CheckpointError(f"cannot create checkpoint {path!r}: {error}") from None


_HEADER_DIGITS = 20
"""The longest whole number a header holds (a 64-bit value has 20 digits)."""


def _header_int(text: str) -> int:
    """A header's whole number, its length checked before ``int()`` (which is slow on
    long text and refuses 4,300 digits); ValueError for one no header holds."""
    if len(text) > _HEADER_DIGITS:
        raise ValueError(f"a number of {len(text):,} characters")
    return int(text)


def _read_header(connection: sqlite3.Connection, path: str) -> Header:
    not_one = f"{path!r} is not a queens checkpoint"
    try:
        rows = dict(connection.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error as error:
        if "no such table" in str(error) or "not a database" in str(error):
            raise CheckpointError(not_one) from None
        raise CheckpointError(f"cannot read checkpoint {path!r}: {error}") from None
    found = rows.get("format")
    if found in OLD_FORMATS:
        raise CheckpointError(
            f"checkpoint {path!r} has the old format {found} (records without checksums); "
            f"this queens reads {FORMAT} only: count again to get a verifiable file"
        )
    if found != FORMAT:
        raise CheckpointError(not_one if found is None else f"{not_one} of format {FORMAT}")
    if not all(isinstance(value, str) for value in rows.values()):
        raise CheckpointError(f"checkpoint {path!r} is damaged: its header holds a non-text value")
    try:
        header = Header(
            split_key=rows["split_key"],
            subproblems=_header_int(rows["subproblems"]),
            shard=Shard(_header_int(rows["shard_index"]), _header_int(rows["shard_count"])),
            version=rows["package_version"],
            board=rows["board"],
            width=_header_int(rows.get("width", "0")),
            height=_header_int(rows.get("height", "0")),
            queens=_header_int(rows.get("queens", "0")),
            rule=rows.get("rule", "queen"),
        )
    except (KeyError, ValueError):
        raise CheckpointError(f"checkpoint {path!r} is damaged: its header is incomplete") from None
    shard = header.shard
    if not (
        0 <= header.subproblems <= MAX_SUBPROBLEMS and 0 <= shard.index < shard.count <= MAX_SHARDS
    ):
        raise CheckpointError(f"checkpoint {path!r} is damaged: its header is inconsistent")
    problem = _header_problem(header)
    if problem is not None:
        raise CheckpointError(f"checkpoint {path!r} is damaged: its header {problem}")
    return header


def _header_problem(header: Header) -> str | None:
    """What is wrong between the header's fields, or None: the rule, the shape, the queens,
    and the board text, which must read as a board of that shape and give the split key.

    Files without a shape (written before shapes came) have only the split key to go by.
    """
    if header.rule not in RULE_NAMES:
        return f"names the rule {header.rule!r} (there are {', '.join(RULE_NAMES)})"
    if not header.width:
        return None
    width, height, queens = header.width, header.height, header.queens
    if not (width >= 1 and height >= 1 and 0 <= queens <= min(width, height)):
        return f"names {queens} queens on {width} x {height}, which cannot be"
    try:
        board = Board.parse(header.board).with_rule(parse_rule(header.rule))
    except (BoardError, ValueError) as error:
        return f"holds a board that does not read ({error})"
    if board.size != (width, height):
        return f"says {width} x {height} but its board is {board.size_text}"
    if Split(board.with_queens(queens), ()).key != header.split_key:
        return "holds a board that does not give its split key (edited)"
    return None


def most_solutions(header: Header) -> int | None:
    """A bound on any count of the header's board: k queens in k of its rows, in distinct
    columns (None when the header does not give the shape)."""
    if not header.width:
        return None
    k = header.queens
    return math.comb(header.height, k) * math.perm(header.width, k)


def _plausible(counts: Counts, header: Header) -> bool:
    """0 <= fundamental <= total <= the board's bound: anything else was written by no count."""
    most = most_solutions(header)
    return 0 <= counts.unique <= counts.total and (most is None or counts.total <= most)


def _plausible_text(header: Header) -> str:
    most = most_solutions(header)
    bound = "" if most is None else f" <= {most:,}, the placements of the board's queens"
    return f"a count is 0 <= fundamental <= total{bound}"


def _check_same_run(path: str, found: Header, expected: Header) -> None:
    if found.shape_text and expected.shape_text and found.shape_text != expected.shape_text:
        raise CheckpointError(
            f"checkpoint {path!r} belongs to another count, of {found.shape_text}; "
            f"this board is {expected.shape_text}"
        )
    if found.split_key != expected.split_key or found.subproblems != expected.subproblems:
        raise CheckpointError(
            f"checkpoint {path!r} belongs to another count ({found.split_key}, "
            f"{found.subproblems} sub-problems), not to this one ({expected.split_key}, "
            f"{expected.subproblems} sub-problems)"
        )
    if found.version != expected.version:
        raise CheckpointError(
            f"checkpoint {path!r} was written by queens {found.version}, this is queens "
            f"{expected.version}; counts from different versions are not mixed"
        )
    fields = ("board", "width", "height", "queens", "rule")
    for name in fields:
        if found.width and getattr(found, name) != getattr(expected, name):
            raise CheckpointError(
                f"checkpoint {path!r} belongs to another count: its {name} differs from "
                "this one's (edited, or another board)"
            )
    if found.shard != expected.shard:
        raise CheckpointError(
            f"checkpoint {path!r} holds {_shard_text(found.shard)}, "
            f"not {_shard_text(expected.shard)}"
        )


def _shard_text(shard: Shard) -> str:
    return "a whole count" if shard == WHOLE else f"shard {shard}"


@dataclass(frozen=True)
class Merged:
    """The total of complete checkpoints."""

    counts: Counts
    subproblems: int
    split_key: str
    files: int
    board: str = ""  # the board's text, from the headers
    queens: int | None = None  # the queens placed on it (None: the header does not say)
    rule: str = "queen"  # its attack rule
    # Each file's path and records, in the order given (for verifying a sample of each).
    records: tuple[tuple[str, dict[int, Counts]], ...] = field(default=(), repr=False)


def merge(paths: Sequence[str]) -> Merged:
    """The counts of checkpoint files that together cover a whole split.

    Raises CheckpointError when they belong to different runs or disagree on
    a sub-problem, Incomplete when sub-problems are missing.
    """
    if not paths:
        raise ValueError("no checkpoint files to merge")
    results: dict[int, tuple[Counts, str]] = {}
    headers: list[tuple[str, Header]] = []
    records: list[tuple[str, dict[int, Counts]]] = []
    for path in paths:
        with Checkpoint.read(path) as checkpoint:
            header, done = checkpoint.header, checkpoint.done()
        if header.version != __version__:
            raise CheckpointError(
                f"checkpoint {path!r} was written by queens {header.version}, this is queens "
                f"{__version__}; counts from other versions are not merged"
            )
        if headers:
            _check_mergeable(headers[0], (path, header))
        headers.append((path, header))
        records.append((path, done))
        for index, counts in done.items():
            earlier = results.get(index)
            if earlier is not None and earlier[0] != counts:
                raise CheckpointError(
                    f"checkpoints {earlier[1]!r} and {path!r} disagree on sub-problem "
                    f"{index + 1}: {tuple(earlier[0])} against {tuple(counts)}"
                )
            results[index] = (counts, path)
    first = headers[0][1]
    missing = sorted(set(range(first.subproblems)) - results.keys())
    if missing:
        raise Incomplete(_missing_message(headers, missing, first.subproblems), missing)
    total = sum_counts(counts for counts, _ in results.values())
    if not _plausible(total, first):
        raise CheckpointError(
            f"checkpoints {', '.join(map(repr, paths))} add up to {total.total} solutions "
            f"({total.unique} fundamental), which cannot be ({_plausible_text(first)})"
        )
    return Merged(
        total,
        first.subproblems,
        first.split_key,
        len(paths),
        first.board,
        first.queens if first.width else None,
        first.rule,
        tuple(records),
    )


def _check_mergeable(first: tuple[str, Header], other: tuple[str, Header]) -> None:
    (path_a, a), (path_b, b) = first, other
    if (a.split_key, a.subproblems, a.board) != (b.split_key, b.subproblems, b.board):
        raise CheckpointError(
            f"checkpoints {path_a!r} and {path_b!r} belong to different counts "
            f"({a.split_key} against {b.split_key})"
        )
    if a.version != b.version:
        raise CheckpointError(
            f"checkpoints {path_a!r} and {path_b!r} were written by different versions "
            f"of queens ({a.version} against {b.version})"
        )


_SHARDS_NAMED = 8  # an error names this many missing shards, then how many more


def _missing_message(headers: list[tuple[str, Header]], missing: list[int], of: int) -> str:
    message = (
        f"incomplete: {len(missing)} of {of} sub-problems missing "
        f"(sub-problems {describe_indices(missing)})"
    )
    counts = {header.shard.count for _, header in headers}
    if len(counts) == 1 and (k := counts.pop()) > 1:
        # Shards of one division: name the shards that are absent or unfinished.
        missing_set = set(missing)
        present = {header.shard for _, header in headers}
        notes: list[str] = []
        more = 0
        for i in range(k):
            shard = Shard(i, k)
            left = sum(1 for j in shard.indices(of) if j in missing_set)
            if shard in present and not left:
                continue
            if len(notes) == _SHARDS_NAMED:
                more += 1
            elif shard not in present:
                notes.append(f"shard {shard} absent")
            else:
                notes.append(f"shard {shard} unfinished ({left} left)")
        if more:
            notes.append(f"{more:,} more")
        message += "; " + ", ".join(notes)
    return message
