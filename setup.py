"""The optional C kernel: the package works without it (pure-Python fallbacks).

``queens.engines._kernel``: counting and enumeration (``engines/counting/kernel.py``) and local
search for any N (``engines/anyn/local.py``).  One compilation unit, ``src/kernel/_kernel.c``,
which includes its parts (the other files of ``src/kernel/``, listed as ``depends`` so a
change to any of them rebuilds it).  The sources live outside the package, so the wheel
carries only the compiled module; MANIFEST.in puts them in the sdist.

Without a C compiler the install still succeeds and queens falls back to its
pure-Python engines (``queens --version`` says which one is in use).  No
``-march=native``: wheels must run on any CPU of their platform.
"""

import sys
from pathlib import Path

from setuptools import Extension, setup

KERNEL = Path("src/kernel")
PARTS = sorted(path.as_posix() for path in KERNEL.glob("*.[ch]") if path.name != "_kernel.c")

OPTIMISE = [] if sys.platform == "win32" else ["-O3"]
# Linux: the shared object without its symbols and debug information (684 KB -> 114 KB).
STRIP = ["-Wl,--strip-all"] if sys.platform.startswith("linux") else []

ext_modules = [
    Extension(
        "queens.engines._kernel",
        [(KERNEL / "_kernel.c").as_posix()],
        depends=PARTS,
        extra_compile_args=OPTIMISE,
        extra_link_args=STRIP,
        optional=True,
    ),
]

setup(ext_modules=ext_modules)
