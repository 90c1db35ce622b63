"""The Sakai seed's rolling upgrade, in an SQLite file (SPEC §5.5.1): entities stored as blobs are
read and written back by programs of two schema generations in three languages, and no field is
lost.

1. A second-generation program in Java (conformance/schemas/generations_v2.cser) writes 10,000
   entities, every field set, as blobs into an SQLite file; 4 in 10 hold a union variant the
   second generation added (``Holder.badge``, ``Holder.previous``, SPEC §5.7).
2. A first-generation program in Rust (generations_v1.cser: it knows 8 of Entity's 12 fields
   and 2 of Holder's 4 variants) reads every tenth blob, changes its title and writes it back;
   each of those holds a ``previous`` holder, which it keeps as an unknown variant.
3. A second-generation program in Python reads every blob and checks it against what was
   written: every second-generation field intact, the edited titles changed, and every entity
   the old program did not touch byte for byte as Java wrote it.

The programs are the conformance testees of their language (conformance/README.md: the
``encode``, ``patch`` and ``decode`` operations of the code generated for each generation); this
script moves the blobs between them and the database, with the standard ``sqlite3`` module.

    python conformance/across/evolution_db.py [--entities N] [--writer java] [--editor rust] [--reader python]
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from evolve import GENERATIONS, PACKAGE, entity  # noqa: E402
from harness import Testee, first_difference  # noqa: E402

ENTITY = f"{PACKAGE}.Entity"
BATCH = 500


def testee(lang: str, generation: int) -> Testee:
    path = GENERATIONS[generation]
    return Testee(lang, path, [path.parent], timeout=600)


def call(t: Testee, requests: list[dict[str, object]]) -> list[dict[str, object]]:
    for i, r in enumerate(requests):
        r["id"] = i
    answers = t.run(requests)
    for r, a in zip(requests, answers, strict=True):
        if not a.get("ok"):
            sys.exit(f"evolution database: {t.lang} {r['op']} failed: {a.get('error')}")
    return answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entities", type=int, default=10_000)
    parser.add_argument("--writer", default="java")
    parser.add_argument("--editor", default="rust")
    parser.add_argument("--reader", default="python")
    args = parser.parse_args()
    started = time.monotonic()
    values = [entity(n, 2) for n in range(args.entities)]
    edited = {n: f"edited by {args.editor} (generation 1) #{n}" for n in range(3, args.entities, 10)}

    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "entities.db"
        with sqlite3.connect(db_path) as db:
            db.execute("CREATE TABLE entity (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")

        writer = testee(args.writer, 2)
        try:
            written: list[bytes] = []
            for start in range(0, len(values), BATCH):
                answers = call(writer, [{"op": "encode", "type": ENTITY, "value": v}
                                        for v in values[start:start + BATCH]])
                written += [bytes.fromhex(str(a["hex"])) for a in answers]
        finally:
            writer.close()
        with sqlite3.connect(db_path) as db:
            db.executemany("INSERT INTO entity (id, body) VALUES (?, ?)", enumerate(written))

        editor = testee(args.editor, 1)
        try:
            with sqlite3.connect(db_path) as db:
                rows = db.execute(f"SELECT id, body FROM entity WHERE id IN ({','.join(map(str, edited))})"
                                  " ORDER BY id").fetchall()
                answers = call(editor, [{"op": "patch", "type": ENTITY, "hex": body.hex(),
                                         "set": {"title": edited[n]}} for n, body in rows])
                db.executemany("UPDATE entity SET body = ? WHERE id = ?",
                               [(bytes.fromhex(str(a["hex"])), n) for (n, _), a in zip(rows, answers, strict=True)])
        finally:
            editor.close()

        reader = testee(args.reader, 2)
        try:
            with sqlite3.connect(db_path) as db:
                rows = db.execute("SELECT id, body FROM entity ORDER BY id").fetchall()
            if len(rows) != len(values):
                sys.exit(f"evolution database: {len(rows)} rows, expected {len(values)}")
            untouched = 0
            fields_checked = 0
            for start in range(0, len(rows), BATCH):
                chunk = rows[start:start + BATCH]
                answers = call(reader, [{"op": "decode", "type": ENTITY, "hex": body.hex()} for _, body in chunk])
                for (n, body), a in zip(chunk, answers, strict=True):
                    expected = values[n] | ({"title": edited[n]} if n in edited else {})
                    got = a["value"]
                    assert isinstance(got, dict)
                    # Every field the generation-2 writer set, the old program's edit included.
                    for key, want in expected.items():
                        diff = first_difference(want, got.get(key), f"entity {n}.{key}")
                        if diff is not None:
                            sys.exit(f"evolution database: {diff}")
                        fields_checked += 1
                    if n not in edited:
                        if body != written[n]:
                            sys.exit(f"evolution database: entity {n} was not edited, yet its bytes changed")
                        untouched += 1
        finally:
            reader.close()

    new_variant = sum(1 for v in values if next(iter(v["holder"])) not in ("address", "name"))
    edited_new_variant = sum(1 for n in edited if next(iter(values[n]["holder"])) not in ("address", "name"))
    print(f"evolution database: {args.writer} (generation 2) stored {len(values):,} entities in SQLite, "
          f"{new_variant:,} holding a union variant generation 1 lacks; "
          f"{args.editor} (generation 1, which knows 8 of Entity's 12 fields and 2 of Holder's 4 variants) "
          f"edited the title of {len(edited):,}, {edited_new_variant:,} of them holding such a variant; "
          f"{args.reader} (generation 2) read all of them back: {fields_checked:,} fields "
          f"as written (the edited titles changed, every generation-2 field intact), {untouched:,} "
          f"untouched blobs byte-identical ({time.monotonic() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
