"""Choose the web page's region palette (``queens.show.palette.PAGE_PALETTE``): greedy
farthest-point picks from the sRGB cube (a step of 15) that keep every pair of colours
apart by CIE76 dE in normal vision and under simulated deuteranopia and protanopia
(Machado 2009, full severity: colorspacious), each colour light enough (relative luminance
at least ``MIN_Y``) that black marks and outlines keep 3:1 contrast or more on it.

Run: ``python docs/tools/region_palette.py [COUNT]`` (needs colorspacious) prints the list.
"""

from __future__ import annotations

import itertools
import sys

import numpy as np
from colorspacious import cspace_convert

MIN_Y = 0.18
"""Black on this luminance: (0.18 + 0.05) / 0.05 = 4.6:1, enough for small text."""

MAX_CHROMA = 45.0
"""CIELab chroma at most: softer colours than the cube's corners."""

VIEWS = (
    None,
    {"name": "sRGB1+CVD", "cvd_type": "deuteranomaly", "severity": 100},
    {"name": "sRGB1+CVD", "cvd_type": "protanomaly", "severity": 100},
)
NEED = (15.0, 8.0, 8.0)
"""The dE each pair keeps in each view (normal, deuteranopia, protanopia)."""


def lab(rgb: np.ndarray, view: dict[str, object] | None) -> np.ndarray:
    seen = rgb if view is None else np.clip(cspace_convert(rgb, view, "sRGB1"), 0, 1)
    return np.asarray(cspace_convert(seen, "sRGB1", "CIELab"))


def luminance(rgb: np.ndarray) -> np.ndarray:
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return np.asarray(linear @ np.array([0.2126, 0.7152, 0.0722]))


def choose(count: int) -> list[str]:
    steps = np.arange(0, 256, 15) / 255
    cube = np.array(list(itertools.product(steps, repeat=3)))
    normal = lab(cube, None)
    cube = cube[(luminance(cube) >= MIN_Y) & (np.hypot(normal[:, 1], normal[:, 2]) <= MAX_CHROMA)]
    labs = [lab(cube, view) for view in VIEWS]
    # Start from a soft yellow-ish light colour; then the candidate farthest (in units of
    # each view's need) from everything chosen, among those that keep every need.
    chosen = [int(np.argmin(np.abs(luminance(cube) - 0.75)))]
    for _ in range(count - 1):
        score = np.full(len(cube), np.inf)
        for space, need in zip(labs, NEED, strict=True):
            for index in chosen:
                score = np.minimum(score, np.linalg.norm(space - space[index], axis=1) / need)
        best = int(np.argmax(score))
        if score[best] < 1:
            raise SystemExit(f"only {len(chosen)} colours keep the distances")
        chosen.append(best)
    return ["#" + "".join(f"{round(v * 255):02x}" for v in cube[i]) for i in chosen]


if __name__ == "__main__":
    print(choose(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
