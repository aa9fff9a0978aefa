"""Any N: a placement for boards far beyond counting.

- :mod:`~queens.engines.anyn.construct`: explicit solutions in closed form;
- :mod:`~queens.engines.anyn.local`: local search (in C in the kernel, with a
  pure-Python fallback).
"""
