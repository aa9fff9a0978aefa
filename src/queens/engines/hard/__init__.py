"""Hard boards: reserved squares, fixed queens, other shapes and rules.

From the bottom up (each module imports only those before it in this list):

- ``budget``, ``verdict``: time
  budgets, and what decided a board;
- ``state``: the propagated board
  (``State``);
- ``hall``, ``symmetry_breaking``,
  ``diagonal_sums``: reasoning over a state (a Hall-type
  count, its own symmetries, the diagonal-sum identities);
- ``cnf``: a state's CNF encoding;
- ``propagate``: the propagating search;
- ``sat``: the SAT backend (CaDiCaL, the optional ``sat`` extra);
- ``portfolio``: the search first, then SAT.
"""
