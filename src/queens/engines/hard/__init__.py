"""Hard boards: reserved squares, fixed queens, other shapes and rules.

From the bottom up (each module imports only those before it in this list):

- :mod:`~queens.engines.hard.budget`, :mod:`~queens.engines.hard.verdict`: time
  budgets, and what decided a board;
- :mod:`~queens.engines.hard.state`: the propagated board
  (:class:`~queens.engines.hard.state.State`);
- :mod:`~queens.engines.hard.hall`, :mod:`~queens.engines.hard.symmetry_breaking`,
  :mod:`~queens.engines.hard.diagonal_sums`: reasoning over a state (a Hall-type
  count, its own symmetries, the diagonal-sum identities);
- :mod:`~queens.engines.hard.cnf`: a state's CNF encoding;
- :mod:`~queens.engines.hard.propagate`: the propagating search;
- :mod:`~queens.engines.hard.sat`: the SAT backend (CaDiCaL, the optional ``sat`` extra);
- :mod:`~queens.engines.hard.portfolio`: the search first, then SAT.
"""
