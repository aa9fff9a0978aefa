"""Showing boards and searches: text and rich boards, SVG and PNG pictures,
the recursion tree, the terminal animation and the table of ``queens compare``.

This is the presentation layer: nothing below imports it, and it imports
rich and Pillow only inside the functions that need them.
"""
