"""Make the shipped K-star dailies (src/queens/puzzle/star_dailies.json): for 2 and 3
stars, the grid of each day from queens.puzzle.levels.STARS_FIRST on, made by the rule
the program uses past them (queens.puzzle.levels.make_daily_stars), so a shipped day and
a made day agree.  Each day's grid is checked as it is made (one solution by two
engines, its explanation replayed with the difficulty stated).

    python scripts/make_star_dailies.py --days 2=728 --days 3=364   # hours for 3 stars
    python scripts/make_star_dailies.py --check                     # exit 1 if it differs

Made days go to a cache (--cache, one JSON record a line) as they come, so a run that is
stopped goes on where it stopped; the file is written from the cache, each K's days
running on from STARS_FIRST as far as the cache has them.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import timedelta
from pathlib import Path

from queens.puzzle.levels import (
    STARS_FIRST,
    make_daily_stars,
    read_star_dailies,
    star_dailies_text,
)

OUT = Path(__file__).resolve().parent.parent / "src" / "queens" / "puzzle" / "star_dailies.json"


def days_argument(text: str) -> tuple[int, int]:
    stars, _, days = text.partition("=")
    return int(stars), int(days)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=days_argument, action="append", default=[],
                        help="K=DAYS: make that many days of K-star dailies")  # fmt: skip
    parser.add_argument("--cache", type=Path, default=Path("star_dailies.cache.jsonl"))
    parser.add_argument("--check", action="store_true", help="remake the shipped file's days")
    args = parser.parse_args()
    if args.check:
        shipped = read_star_dailies(OUT.read_text(encoding="utf-8"))
        wrong = [key for key, daily in shipped.items() if make_daily_stars(*key[::-1]) != daily]
        print("the same" if not wrong else f"different: {wrong[:5]}", file=sys.stderr)
        return 1 if wrong else 0
    cached: dict[tuple[int, str], dict[str, object]] = {}
    if args.cache.exists():
        for line in args.cache.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            cached[record["stars"], record["date"]] = record
    with args.cache.open("a", encoding="utf-8") as cache:
        for stars, days in args.days:
            for offset in range(days):
                day = STARS_FIRST + timedelta(offset)
                if (stars, day.isoformat()) in cached:
                    continue
                record = make_daily_stars(day, stars).to_json()
                cached[stars, day.isoformat()] = record
                cache.write(json.dumps(record) + "\n")
                cache.flush()
                print(f"\r{stars} stars: day {offset + 1}/{days}", end="", file=sys.stderr)
            print(file=sys.stderr)
    dailies = []
    for stars in sorted({k for k, _ in cached}):
        day = STARS_FIRST
        while (stars, day.isoformat()) in cached:
            dailies.append(cached[stars, day.isoformat()])
            day += timedelta(1)
    text = star_dailies_text(dailies)
    read_star_dailies(text)  # its own check
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
