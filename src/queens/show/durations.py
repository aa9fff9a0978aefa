"""Durations as people read them, for the tables of ``queens compare`` and ``queens plan``."""

from __future__ import annotations


def describe_seconds(seconds: float) -> str:
    """A duration for the table: ``0.012 s``, ``41 s``, ``3.2 min``, ``5.1 h``, ``2e+04 years``."""
    if seconds < 10:
        return f"{seconds:.3f} s"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.1f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} h"
    if seconds < 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365 * 86400):.2g} years"
