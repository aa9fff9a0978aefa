"""Backtracking with queens: a marimo app (``marimo edit`` or ``marimo run`` this file).

The same walk-through as backtracking.ipynb, with live boards from ``queens.widgets``.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import queens
    from queens.widgets import Compare, Puzzle, Search

    return Compare, Puzzle, Search, mo, queens


@app.cell
def _(mo):
    mo.md(
        """
        # Backtracking with queens

        Put N queens on an N x N board so that no two attack each other. Backtracking
        tries the rows from the top: a queen goes on the first free square of the row,
        the search moves down, and when a row has no free square left (a *dead end*) it
        takes the last queen back and tries that row's next square.

        Step the search below (**step**, or the right arrow key on the board), watch the
        dots: the squares the queens attack. **next solution** goes to the next one.
        """
    )
    return


@app.cell
def _(Search, mo):
    search = mo.ui.anywidget(Search(6))
    search
    return (search,)


@app.cell
def _(mo, search):
    _widget = search.widget
    mo.md(
        f"""
        From Python, `search.widget.queens` is **{_widget.queens}** after
        **{_widget.position}** steps, with **{_widget.solutions}** solutions found
        (`.step()` in a cell moves the board too).
        """
    )
    return


@app.cell
def _(mo, queens):
    mo.md(
        f"""
        The library's own engine finds the same first solution at once:
        `queens.solve(6).to_list()` is `{queens.solve(6).to_list()}`, and there are
        `{queens.count(6)}` in all.
        """
    )
    return


@app.cell
def _(Compare, mo):
    mo.vstack(
        [
            mo.md(
                """
                ## Five ways to search

                `queens compare` runs the textbook algorithms side by side: naive
                permutations (every arrangement, checked at the end), permutations pruned
                as they grow, and backtracking with an array, with sets and with bitmasks.
                Here each takes one step at a time on its own board.
                """
            ),
            mo.ui.anywidget(Compare(5)),
        ]
    )
    return


@app.cell
def _(Puzzle, mo):
    # The puzzle under its introduction (level 1 of the archive: 7 x 7).
    puzzle = mo.ui.anywidget(Puzzle(1))
    _rules = mo.md(
        """
        ## The same reasoning by hand: a region puzzle

        One queen in every row, every column and every coloured region, and no two
        queens touching, not even diagonally. Tap a cell once for a cross, twice for a
        queen; **hint** shows the next deduction the library's explainer finds.
        """
    )
    mo.vstack([_rules, puzzle])
    return (puzzle,)


@app.cell
def _(mo, puzzle):
    mo.md(f"From Python, `puzzle.widget.solved` is **{puzzle.widget.solved}**.")
    return


if __name__ == "__main__":
    app.run()
