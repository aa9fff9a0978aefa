"""The "Queens" region puzzle: an n x n grid cut into n regions; place n queens, one in
every row, every column and every region, no two touching (not even diagonally).

- ``queens.puzzle.grid``: the grid and its text (one letter a cell naming its region).
- ``queens.puzzle.solve``: solutions, uniqueness and counting (bitmasks and propagation).
- ``queens.puzzle.explain``: the solution as the deductions a person makes.
- ``queens.puzzle.generate``: new grids with one solution, at a difficulty, for 1 to 6 stars.
- ``queens.puzzle.read``: a grid read from a picture (Pillow and numpy).

Everything works on plain data (n and a region index per cell), so other engines can
take the same input.  Submodules are imported when used.
"""
