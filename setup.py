"""Optional C extensions: the package works without them (pure-Python fallbacks)."""

import sys

from setuptools import Extension, setup

OPTIMISE = [] if sys.platform == "win32" else ["-O3"]

ext_modules = [
    Extension(
        "queens.engines._local",
        ["src/queens/engines/_local.c"],
        extra_compile_args=OPTIMISE,
        optional=True,
    ),
]

setup(ext_modules=ext_modules)
