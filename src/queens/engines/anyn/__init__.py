"""Any N: a placement for boards far beyond counting.

- ``construct``: explicit solutions in closed form;
- ``local``: local search (in C in the kernel, with a
  pure-Python fallback).
"""
