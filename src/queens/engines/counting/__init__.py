"""Counting and enumeration: the compiled kernel's Python face and the pure-Python engines
behind it.

- ``kernel``: the one place that loads the C kernel
  (``queens.engines._kernel``), with a pure-Python fallback; counts, solutions, text.
- ``symmetric``: the symmetric counter (fundamental
  solutions), in pure Python, splitting the board as the kernel does.
- ``reference``: the plain backtracking solver, the
  oracle every other engine is checked against.
- ``knuth``: Knuth's estimate of a search tree's size.
- ``few``: one or two queens on an open board, in closed form.
"""
