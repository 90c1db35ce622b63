"""Holds the java-dynamic testee to the java testee answer for answer, error messages included:
every vector's bytes and value, seeded mutations of the bytes (a byte replaced, a bit flipped, a
byte inserted or removed), patches, and example values with one field (or one field of a nested
object) replaced by values of every JSON kind. The vectors only check error kinds; this checks
the whole answer (kind, reason, offset and path of a decode error; the path and message of a
JSON or encode error). Exits 1 on any difference.

    python3 conformance/java-dynamic/compare.py [--mutations N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from harness import ROOT, Testee, Vector, read_vectors

# Values of every JSON kind, and edge cases of the mapping (SPEC §11), put in place of a field.
ODD_VALUES: list[Any] = [None, 1.5, -1, 2**64, 2**63, -(2**63) - 1, "x", "NaN", True, [], {}, [[1, 2]],
                         [["a", None]], [None], {"a": 1}, {"nope": 1}, "AAA=", "QR==", 0, [1, 2.5]]


def mutations(data: bytes, n: int, rng: random.Random) -> list[bytes]:
    out = []
    for _ in range(n):
        m = bytearray(data)
        k = rng.randrange(4)
        if k == 0 and m:
            m[rng.randrange(len(m))] = rng.randrange(256)
        elif k == 1 and m:
            m[rng.randrange(len(m))] ^= 1 << rng.randrange(8)
        elif k == 2:
            m.insert(rng.randrange(len(m) + 1), rng.randrange(256))
        elif m:
            del m[rng.randrange(len(m))]
        out.append(bytes(m))
    return out


def requests(vectors: list[Vector], n_mutations: int, rng: random.Random) -> list[dict[str, Any]]:
    reqs: list[dict[str, Any]] = []
    for v in vectors:
        if v.mode in ("example", "encode-reject"):
            reqs.append({"op": "encode", "type": v.type, "value": v.value})
        if v.hex is not None:
            for op in ("decode", "reencode"):
                reqs.append({"op": op, "type": v.type, "hex": v.hex})
            for m in mutations(bytes.fromhex(v.hex), n_mutations if v.mode == "example" else 2, rng):
                reqs.append({"op": "decode", "type": v.type, "hex": m.hex()})
        if v.mode == "example" and isinstance(v.value, dict) and v.value:
            first = next(iter(v.value))
            for s in ({first: v.value[first]}, {first: {"bad": [1]}}, {"no_such_field": 1}):
                reqs.append({"op": "patch", "type": v.type, "hex": v.hex, "set": s})
            for k, field in v.value.items():
                for odd in ODD_VALUES:
                    reqs.append({"op": "encode", "type": v.type, "value": {**v.value, k: odd}})
                if isinstance(field, dict):
                    for k2 in field:
                        for odd in ODD_VALUES[:8]:
                            reqs.append({"op": "encode", "type": v.type, "value": {**v.value, k: {**field, k2: odd}}})
    for i, r in enumerate(reqs):
        r["id"] = i
    return reqs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutations", type=int, default=12, help="mutated messages per example vector")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    by_schema: dict[str, list[Vector]] = defaultdict(list)
    for v in read_vectors():
        if v.mode != "evolve":
            by_schema[v.schema].append(v)
    total = differ = 0
    for schema, vectors in sorted(by_schema.items()):
        path = ROOT / schema
        reqs = requests(vectors, args.mutations, rng)
        answers = {}
        for lang in ("java", "java-dynamic"):
            testee = Testee(lang, path, [path.parent])
            try:
                answers[lang] = testee.run(reqs)
            finally:
                testee.close()
        for r, a, b in zip(reqs, answers["java"], answers["java-dynamic"], strict=True):
            total += 1
            if a != b:
                differ += 1
                if differ <= 20:
                    print(f"{schema}: {json.dumps(r)[:300]}\n  java:         {a}\n  java-dynamic: {b}")
        print(f"  {schema}: {len(reqs)} requests", file=sys.stderr)
    print(f"{total} requests, {differ} answers differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
