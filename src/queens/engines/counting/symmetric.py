"""The symmetric counter of the C kernel, in plain Python (the fallback).

Counts the plain n x n board by searching for one representative per class
of solutions under the 8 symmetries, weighted by the size of its class (2, 4
or 8); the bounds below prune about three quarters of the search tree.  It
is the corner/border method of Takaken's well-known counter:

- *corner*: the queen of row 0 in column 0.  Such a solution is never
  symmetric, so its class has 8 members; row 1's queen (``bound1``) picks the
  representative among the transposes by keeping column 1 free above it.
- *border*: the queen of row 0 in column ``bound1`` (left half).  The queens
  on the four edges must all be at least ``bound1`` from the corners; a
  final rotation check (``_classify``) keeps one placement per class and
  tells its size.

A *prefix* (the columns of the first rows) selects one sub-tree: a prefix
of length 1 with column 0 stands for every corner sub-tree, ``(0, b)`` for
one corner sub-tree, ``(b,)`` for one border sub-tree, longer prefixes for
parts of those.  This module mirrors the kernel's ``symmetric.c`` line by line, so the two
split and count identically.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from queens.engines import Counts

MIN_N = 4
"""Below this the method does not apply (count those boards plainly)."""


class NotASubproblem(ValueError):
    """A prefix that is not a sub-tree of the method."""


@dataclass
class _State:
    n: int
    corner: bool
    bound1: int
    bound2: int
    rowmask: list[int]
    sidemask: int
    topbit: int
    endbit: int
    board: list[int] = field(default_factory=list)  # the queen of each row, as a bit
    c2: int = 0
    c4: int = 0
    c8: int = 0

    def avail(self, y: int, attacked: int, down: int) -> int:
        avail = self.rowmask[y] & ~attacked
        if y == self.bound2:
            side = down & self.sidemask
            if not side:
                return 0
            if side != self.sidemask:
                avail &= self.sidemask
        return avail


def _setup(n: int, prefix: Sequence[int]) -> _State:
    mask = (1 << n) - 1
    topbit = 1 << (n - 1)
    sidemask = topbit | 1
    if prefix[0] == 0:
        if len(prefix) < 2 or not 2 <= prefix[1] <= n - 2:
            raise NotASubproblem(prefix)
        b = prefix[1]
        rowmask = [mask & ~2 if k < b else mask for k in range(n)]
        return _State(n, True, b, -1, rowmask, sidemask, topbit, 0, [0] * n)
    b = prefix[0]
    bound2 = n - 1 - b
    if not 1 <= b < bound2:
        raise NotASubproblem(prefix)
    lastmask = 0
    for k in range(b):
        lastmask |= (1 << k) | (topbit >> k)
    rowmask = [mask & ~sidemask if k < b else mask for k in range(n)]
    rowmask[n - 1] = mask & ~lastmask
    return _State(n, False, b, bound2, rowmask, sidemask, topbit, topbit >> b, [0] * n)


def _classify(s: _State) -> None:
    """Count a complete border placement if it represents its class (by class size)."""
    b, last = s.board, s.n - 1
    if b[s.bound2] == 1:  # invariant under rotation by 90 degrees?
        ptn, own = 2, 1
        while own <= last:
            bit, you = 1, last
            while b[you] != ptn and b[own] >= bit:
                bit <<= 1
                you -= 1
            if b[own] > bit:
                return
            if b[own] < bit:
                break
            own += 1
            ptn <<= 1
        if own > last:
            s.c2 += 1
            return
    if b[last] == s.endbit:  # rotation by 180 degrees
        you, own = last - 1, 1
        while own <= last:
            bit, ptn = 1, s.topbit
            while ptn != b[you] and b[own] >= bit:
                bit <<= 1
                ptn >>= 1
            if b[own] > bit:
                return
            if b[own] < bit:
                break
            own += 1
            you -= 1
        if own > last:
            s.c4 += 1
            return
    if b[s.bound1] == s.topbit:  # rotation by 270 degrees
        ptn, own = s.topbit >> 1, 1
        while own <= last:
            bit, you = 1, 0
            while b[you] != ptn and b[own] >= bit:
                bit <<= 1
                you += 1
            if b[own] > bit:
                return
            if b[own] < bit:
                break
            own += 1
            ptn >>= 1
    s.c8 += 1


def _search(s: _State, y: int, cd: int, ld: int, rd: int) -> None:
    avail = s.avail(y, cd | ld | rd, cd)
    if y == s.n - 1:
        if avail:
            s.board[y] = avail
            if s.corner:
                s.c8 += 1
            else:
                _classify(s)
        return
    while avail:
        bit = avail & -avail
        avail ^= bit
        s.board[y] = bit
        _search(s, y + 1, cd | bit, (ld | bit) << 1, (rd | bit) >> 1)


def _replay(s: _State, prefix: Sequence[int]) -> tuple[int, int, int]:
    """Place the prefix queens; NotASubproblem when one of them is not allowed."""
    cd = ld = rd = 0
    for y, col in enumerate(prefix):
        if not 0 <= col < s.n:
            raise NotASubproblem(prefix)
        bit = 1 << col
        if y and not s.avail(y, cd | ld | rd, cd) & bit:
            raise NotASubproblem(prefix)
        s.board[y] = bit
        cd, ld, rd = cd | bit, (ld | bit) << 1, (rd | bit) >> 1
    return cd, ld, rd


def heads(n: int) -> list[tuple[int, ...]]:
    """The top-level sub-trees: ``(0, b)`` for corners, ``(b,)`` for borders."""
    corners: list[tuple[int, ...]] = [(0, b) for b in range(2, n - 1)]
    borders: list[tuple[int, ...]] = [(b,) for b in range(1, n) if b < n - 1 - b]
    return corners + borders


def count(n: int, prefix: Sequence[int] = ()) -> Counts:
    """Total and fundamental counts of the plain board below ``prefix``."""
    if n < MIN_N:
        raise ValueError(f"the symmetric counter needs n >= {MIN_N}, got {n}")
    if len(prefix) == 0 or tuple(prefix) == (0,):
        total = Counts(0, 0)
        for head in heads(n):
            if not prefix or head[0] == 0:
                total += count(n, head)
        return total
    if len(prefix) >= n:
        raise NotASubproblem(prefix)
    s = _setup(n, prefix)
    cd, ld, rd = _replay(s, prefix)
    _search(s, len(prefix), cd, ld, rd)
    return Counts(8 * s.c8 + 4 * s.c4 + 2 * s.c2, s.c8 + s.c4 + s.c2)


def prefixes(n: int, depth: int) -> list[tuple[int, ...]]:
    """Every sub-tree of ``depth`` rows, in search order (what the split hands out)."""
    if n < MIN_N or not 2 <= depth <= n - 1:
        raise ValueError(f"no prefixes of depth {depth} for n = {n}")
    found: list[tuple[int, ...]] = []
    for head in heads(n):
        s = _setup(n, head)
        cd, ld, rd = _replay(s, head)
        found.extend(_extend(s, list(head), depth, cd, ld, rd))
    return found


def _extend(
    s: _State, prefix: list[int], depth: int, cd: int, ld: int, rd: int
) -> Iterator[tuple[int, ...]]:
    y = len(prefix)
    if y >= depth:
        yield tuple(prefix)
        return
    avail = s.avail(y, cd | ld | rd, cd)
    while avail:
        bit = avail & -avail
        avail ^= bit
        prefix.append(bit.bit_length() - 1)
        yield from _extend(s, prefix, depth, cd | bit, (ld | bit) << 1, (rd | bit) >> 1)
        prefix.pop()
