"""The local web page of ``queens serve``: watch and play with the search.

The stepping, validation and run bookkeeping (``limits``, ``inputs``,
``stepper``, ``runs``) are plain Python; only ``app``, ``guard`` and
``server`` need the optional ``web`` extra (Starlette and uvicorn), and
nothing here is imported by ``import queens``.
"""
