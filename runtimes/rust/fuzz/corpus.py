#!/usr/bin/env python3
"""Seed corpora from the conformance vectors: every hex of conformance/vectors/*.jsonl, with
the selector byte of its type (from roots.txt, which build.rs writes) in front.

    corpus.py ROOTS_TXT VECTORS_DIR OUT_DIR

writes OUT_DIR/decode/ (selector + message) and OUT_DIR/stream/ (selector, flags 0x01 = "put
the header in front", then the message as one frame and again as a length-prefixed frame:
a record's message is its frame, a struct's or union's needs the length in front).
"""

import hashlib
import json
import pathlib
import sys

# The one varint encoder of the Python code base: the runtime's, importable from its source
# (the Makefile's venv has it installed too).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python" / "src"))
from cser.varint import encode_varint as varint  # noqa: E402


# The later generations of a conformance schema, each compiled in a group of its own (build.rs).
GENERATIONS = {
    "evolution_v2.cser": "conf_v2",
    "generations_v2.cser": "conf_gen2",
    "generations_v3.cser": "conf_gen3",
}


def group_of(schema: str) -> str:
    if schema.startswith("schema/examples/"):
        return "examples"
    return GENERATIONS.get(schema.rsplit("/", 1)[-1], "conf")


def main() -> int:
    roots_txt, vectors, out = (pathlib.Path(a) for a in sys.argv[1:4])
    index = {}
    by_name = {}
    for line in roots_txt.read_text().splitlines():
        i, group, name = line.split("\t")
        index[(group, name)] = int(i)
        by_name.setdefault(name, int(i))
    seeds = {"decode": set(), "stream": set()}
    missing = set()
    for path in sorted(vectors.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            v = json.loads(line)
            if "hex" not in v or "type" not in v:
                continue
            i = index.get((group_of(v.get("schema", "")), v["type"]), by_name.get(v["type"]))
            if i is None:
                missing.add(v["type"])
                continue
            b = bytes.fromhex(v["hex"])
            sel = bytes([i])
            seeds["decode"].add(sel + b)
            seeds["stream"].add(sel + b"\x01" + b + b)
            seeds["stream"].add(sel + b"\x01" + varint(len(b)) + b + varint(len(b)) + b)
    for target, inputs in seeds.items():
        d = out / target
        d.mkdir(parents=True, exist_ok=True)
        for old in d.iterdir():
            old.unlink()
        for s in inputs:
            (d / hashlib.sha1(s).hexdigest()).write_bytes(s)
    counts = ", ".join(f"{t}: {len(s)}" for t, s in seeds.items())
    print(f"seeds from the conformance vectors: {counts}")
    if missing:
        print(f"(no root type for {', '.join(sorted(missing))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
