"""Resources of a count used in ``with`` blocks: the block's end closes them."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Closing:
    """A resource whose ``with`` block closes it (``close``), however the block ends:
    a checkpoint file, a count's plan."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
