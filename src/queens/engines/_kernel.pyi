from array import array
from collections.abc import Sequence

MAX_N: int
MAX_ROWS: int
SYMMETRIC_MIN_N: int
VECTOR_SEARCH: int  # 1: built with the vector search (x86-64), 0: the plain loops alone

def count_masks(
    allowed: Sequence[int], group: int = 1, stop: bytearray | None = None, /
) -> tuple[int, int] | None: ...
def count_symmetric(
    n: int, prefix: Sequence[int] | None = (), wide: bool = False, stop: bytearray | None = None, /
) -> tuple[int, int] | None: ...
def count_shape(
    allowed: Sequence[int],
    width: int,
    queens: int,
    required: bytes,
    group: int = 1,
    stop: bytearray | None = None,
    rule: int = 0,
    /,
) -> tuple[int, int, int] | None: ...
def count_regions(n: int, cells: bytes, stop: bytearray | None = None, /) -> int | None: ...
def solve_regions(
    n: int, cells: bytes, limit: int = 0, stop: bytearray | None = None, budget: int = 0, /
) -> tuple[int, tuple[int, ...] | None, tuple[int, ...] | None, bool] | None: ...
def count_stars(
    n: int,
    k: int,
    cells: bytes,
    limit: int = 0,
    stop: bytearray | None = None,
    budget: int = 0,
    /,
) -> (
    tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]
    | tuple[int, tuple[int, ...] | None, tuple[int, ...] | None, bool]  # past the budget
    | None
): ...
def search_stars(
    n: int,
    k: int,
    cells: bytes,
    limit: int = 0,
    stop: bytearray | None = None,
    star: int = -1,
    budget: int = 0,
    /,
) -> tuple[tuple[int, tuple[int, ...] | None, tuple[int, ...] | None], int, int] | None: ...
def star_ways(
    n: int, k: int, cells: bytes, open: bytes, held: bytes, unit: int, first_only: bool = False, /
) -> tuple[int, bytes, bytes]: ...
def simd(kind: str | bool | None = None, /) -> str: ...
def symmetric_prefixes(n: int, depth: int, /) -> list[tuple[int, ...]]: ...
def local_fill(
    columns: array[int], seed: int, stop: bytearray | None = None, knight: bool = False, /
) -> bool:
    """Fill ``columns`` with a solution by local search; False when ``stop`` was set.

    It searches until it finds one: on a board without any (n = 2 or 3; superqueens,
    ``knight``, n = 2 to 9) it runs until ``stop`` is set or Ctrl-C.  Its one caller,
    :func:`queens.engines.anyn.local.local_search`, never passes such a board.
    """

def walk_board(ok: bytes, columns: array[int], seed: int, steps: int, /) -> bool:
    """At most ``steps`` min-conflicts steps from the permutation ``columns`` on the n x n
    board whose ``ok[r * n + c]`` is 1 where a queen may stand; True when ``columns`` is
    then a solution (:mod:`queens.engines.hard.walk` checks it again)."""

class Enumerator:
    def __init__(
        self,
        allowed: Sequence[int],
        group: int = 1,
        width: int = 0,
        queens: int = 0,
        required: bytes | None = None,
        rule: int = 0,
    ) -> None: ...
    def columns(self, k: int, /) -> bytes: ...
    def text(self, k: int, fmt: int, first: bool, /) -> tuple[int, str]: ...
    def finished(self) -> bool: ...
