"""The package's metadata as the package index shows it: the long description (setup.py's,
from the README) has no relative link or picture, which would lead nowhere there, and the
project's URLs are the ones it links to."""

from __future__ import annotations

import re
import runpy
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent


def setup_py() -> dict[str, object]:
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup")  # not "__main__": no build


def relative_links(markdown: str) -> list[str]:
    """Link and picture targets that are neither URLs nor anchors, in Markdown or HTML."""
    targets = re.findall(r"!?\[[^\]]*\]\(([^)\s]+)", markdown)
    targets += re.findall(r"""(?:src|href)=["']([^"']+)""", markdown)
    return [target for target in targets if not re.match(r"(https?|mailto):|#", target)]


def test_the_long_description_has_no_relative_link() -> None:
    absolute_links = setup_py()["absolute_links"]
    readme = (ROOT / "README.md").read_text()
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert len(relative_links(readme)) > 20  # the README's own links, relative for GitHub
    described = absolute_links(readme, urls)  # type: ignore[operator]
    assert relative_links(described) == []
    assert f"]({urls['Documentation']}guides/boards/)" in described
    assert f"]({urls['Documentation']}commands/#queens-solve)" in described
    assert f"]({urls['Documentation']}api/)" in described
    assert f"]({urls['Source']}/blob/main/LICENSE)" in described


def test_the_check_finds_a_relative_link() -> None:
    assert relative_links("[a](docs/a.md) ![b](b.png) <img src='c.png'> [d](#d)") == [
        "docs/a.md",
        "b.png",
        "c.png",
    ]


def test_the_project_urls() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    urls = project["urls"]
    assert sorted(urls) == ["Changelog", "Documentation", "Issues", "Source"]
    assert all(url.startswith("https://") for url in urls.values())
    config = (ROOT / "mkdocs.yml").read_text()
    assert f"site_url: {urls['Documentation']}" in config
    assert f"repo_url: {urls['Source']}" in config
    assert urls["Issues"] == urls["Source"] + "/issues"
    assert urls["Changelog"] == urls["Documentation"] + "changelog/"
