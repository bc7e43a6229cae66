#!/usr/bin/env python3
"""Validates nibscript's JSON output against the schemas beside this script, with the
standard `jsonschema` package (Draft 2020-12).

    validate.py SCHEMA FILE...     SCHEMA: run, matrix, explore or audit

A `run` file is JSON Lines (one record per line, each checked); the others hold one JSON
document. Prints each violation as `FILE:LINE: PATH: MESSAGE` and exits 1 when there is one,
0 when every document is valid, 2 for a usage error, 3 when `jsonschema` is not installed.
"""
import json
import os
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3's jsonschema module is not installed (pip install jsonschema, or apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 2 or argv[0] not in ("run", "matrix", "explore", "audit"):
        print(__doc__, file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, argv[0] + ".schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    bad = 0
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        docs = [(n + 1, line) for n, line in enumerate(text.split("\n")) if line] if argv[0] == "run" else [(1, text)]
        for line, doc in docs:
            try:
                value = json.loads(doc)
            except ValueError as e:
                print(f"{path}:{line}: not JSON: {e}")
                bad += 1
                continue
            for err in sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path)):
                where = "/".join(str(p) for p in err.absolute_path) or "(top)"
                print(f"{path}:{line}: {where}: {err.message}")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
