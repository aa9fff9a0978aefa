"""queens merge: the total of checkpoint files that together cover a count."""

from __future__ import annotations

import argparse
import json

from queens.cli.common import CommandError, nonempty
from queens.cli.scaling import add_verify_argument, parse_fraction
from queens.counting.checkpoint import CheckpointError, Incomplete, merge
from queens.counting.verify import Disagreement, Unverifiable, split_of, verify

PROG = "queens merge"


class NotCovered(CommandError):
    """The files do not cover every sub-problem: exit 1 naming what is missing (not an error)."""

    status = 1
    label = ""


DESCRIPTION = (
    "Print the total of checkpoint files (from 'queens count N --shard I/K "
    "--checkpoint FILE'). Exit 1 naming what is missing when they do not cover "
    "every sub-problem; exit 2 when they belong to different counts or disagree "
    "(with --verify, also with a recount)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", metavar="FILE", nargs="+", type=nonempty, help="checkpoint files")
    parser.add_argument(
        "--unique",
        action="store_true",
        help="print the number of fundamental solutions instead",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_verify_argument(parser)


def run(args: argparse.Namespace) -> int:
    fraction = parse_fraction(args.verify, PROG)
    verified = None
    try:
        merged = merge(args.files)
        if fraction is not None:
            where = f"checkpoint {args.files[0]!r}"
            parts = split_of(merged.board, merged.split_key, where, merged.queens, merged.rule)
            files = [(f"checkpoint {path!r}", records) for path, records in merged.records]
            verified = verify(parts, files, fraction)
    except (CheckpointError, Disagreement, Unverifiable) as error:
        raise CommandError(str(error)) from None
    except Incomplete as missing:
        raise NotCovered(str(missing)) from None
    if args.json:
        record = {
            "total": merged.counts.total,
            "unique": merged.counts.unique,
            "subproblems": merged.subproblems,
            "files": merged.files,
            "split": merged.split_key,
        }
        if verified is not None:
            record["verified"] = verified
        print(json.dumps(record))
    else:
        print(merged.counts.unique if args.unique else merged.counts.total)
    return 0
