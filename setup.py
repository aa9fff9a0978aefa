"""Build the optional C kernel (everything else is in pyproject.toml).

The extension is optional: without a C compiler the install still succeeds
and queens falls back to its pure-Python engine (``queens --version`` says
which one is in use).  No ``-march=native``: wheels must run on any CPU of
their platform.
"""

import sys

from setuptools import Extension, setup

COMPILE_ARGS = [] if sys.platform == "win32" else ["-O3", "-std=c99", "-Wall"]

setup(
    ext_modules=[
        Extension(
            "queens.engines._kernel",
            sources=["src/queens/engines/_kernel.c"],
            extra_compile_args=COMPILE_ARGS,
            optional=True,
        )
    ]
)
