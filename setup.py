"""The optional C kernel: the package works without it (pure-Python fallbacks).

``queens.engines._kernel`` (one C99 file): counting and enumeration
(``engines/kernel.py``) and local search for any N (``engines/local.py``).

Without a C compiler the install still succeeds and queens falls back to its
pure-Python engines (``queens --version`` says which one is in use).  No
``-march=native``: wheels must run on any CPU of their platform.
"""

import sys

from setuptools import Extension, setup

OPTIMISE = [] if sys.platform == "win32" else ["-O3"]
# Linux: the shared object without its symbols and debug information (684 KB -> 114 KB).
STRIP = ["-Wl,--strip-all"] if sys.platform.startswith("linux") else []

ext_modules = [
    Extension(
        "queens.engines._kernel",
        ["src/queens/engines/_kernel.c"],
        extra_compile_args=OPTIMISE,
        extra_link_args=STRIP,
        optional=True,
    ),
]

setup(ext_modules=ext_modules)
