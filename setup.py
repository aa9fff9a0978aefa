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

import re
import sys
import tomllib
from pathlib import Path

from setuptools import Extension, setup

KERNEL = Path("src/kernel")
PARTS = sorted(path.as_posix() for path in KERNEL.glob("*.[ch]") if path.name != "_kernel.c")

OPTIMISE = [] if sys.platform == "win32" else ["-O3"]
# Linux: the shared object without its symbols and debug information (a fraction of the
# size; .ci/package checks it is stripped and prints its size).
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


def absolute_links(readme: str, urls: dict[str, str]) -> str:
    """The README with every relative link made absolute, for the package index, where a
    relative link leads nowhere: a page of docs/ to its page of the site
    (``docs/guides/boards.md#x`` -> ``<Documentation>guides/boards/#x``), a picture of docs/
    to the site's copy, any other file to the repository's (``<Source>/blob/main/...``)."""
    docs, source = urls["Documentation"], urls["Source"]

    def absolute(match: re.Match[str]) -> str:
        target = match.group(2)
        if re.match(r"[a-z]+:|#", target):
            return match.group(0)
        path, _, anchor = target.partition("#")
        if path.startswith("docs/"):
            page = path.removeprefix("docs/")
            if page.endswith(".md"):  # a page: its directory URL (index.md: the directory's)
                page = page.removesuffix(".md")
                page = page.removesuffix("index") if page.endswith("index") else page + "/"
            url = docs + page
        else:
            url = f"{source}/blob/main/{path}"
        return f"{match.group(1)}({url}{'#' + anchor if anchor else ''})"

    return re.sub(r"(!?\[[^\]]*\])\(([^)\s]+)\)", absolute, readme)


def long_description() -> str:
    """The package index's page: the README, its links absolute (pyproject.toml's URLs)."""
    urls = tomllib.loads(Path("pyproject.toml").read_text())["project"]["urls"]
    return absolute_links(Path("README.md").read_text(encoding="utf-8"), urls)


if __name__ == "__main__":  # run by the build backend; imported by the tests
    setup(
        ext_modules=ext_modules,
        long_description=long_description(),
        long_description_content_type="text/markdown",
    )
