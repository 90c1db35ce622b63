"""Random valid cser schemas and random values of their types (conformance/schemagen/README.md).

``generate(seed, options)`` builds one schema (one or more files) from a seed, reproducibly: the
same seed and options give the same text on every machine. Seed ``EVOLVED + s`` (1,000,000,000 + s)
is the evolved partner of seed s (schemagen_evolve). Every schema it writes is valid
(SPEC.md §1-§3 and the limits of issue 31: 1,000 fields or variants, 4,096 enum members, type
expressions 32 deep, zero values 64 deep, names of 120 characters, 16 package segments), so a
schema that ``cserc check`` refuses is a bug here, and one that fails later is a bug in cser.

Names come from pools holding every keyword, literal and builtin of Java, Rust and Python that
the position's case rule allows, the runtimes' own type and module names, the members the
generators add, and pairs that differ only by case or underscores. ``values(schema, rng)`` gives
random JSON values (SPEC §11) of each record, struct and union, complete (every non-deprecated
field present) so that decoding them must give them back.

This file is the command line and the names other scripts use (``schemagen.generate``, ...); each
job has its own module: schemagen_model (the limits and the model: declarations, members, types,
files, options), schemagen_words (the name pools, ``Names``, hostile docs), schemagen_types (the
generator), schemagen_text (``Schema`` and its .cser text), schemagen_values (``ValueGen``),
schemagen_evolve (a schema's evolved partner).

    python3 conformance/schemagen/schemagen.py --seed 7 [--out DIR]   # writes or prints one schema
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from schemagen_evolve import EVOLVED, Evolution, evolve, has_partner, is_evolved, older_name
from schemagen_model import Decl, Member, Options, SchemaFile, Type
from schemagen_text import Schema, render
from schemagen_types import Generator
from schemagen_types import generate as generate_base
from schemagen_values import ValueGen, values

# The generator's names as schemagen.X (campaign.py uses Options, Schema, generate and values),
# each defined in one of the modules above.
__all__ = ["EVOLVED", "Decl", "Evolution", "Generator", "Member", "Options", "Schema", "SchemaFile", "Type", "ValueGen",
           "evolve", "generate", "has_partner", "is_evolved", "older_name", "render", "values"]


def generate(seed: int, options: Options | None = None) -> Schema:
    """The schema of a seed: a generated one, or for ``EVOLVED + s`` the evolved partner of s."""
    return evolve(seed, options)[0] if is_evolved(seed) else generate_base(seed, options)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, help="write the files into this directory (default: print them)")
    ap.add_argument("--near-limit", type=float, default=Options.near_limit)
    ap.add_argument("--no-hostile-docs", action="store_true")
    ap.add_argument("--no-hostile-names", action="store_true")
    a = ap.parse_args()
    opts = Options(near_limit=a.near_limit, hostile_docs=not a.no_hostile_docs, hostile_names=not a.no_hostile_names)
    s = generate(a.seed, opts)
    if a.out:
        for p in s.write(a.out):
            print(p)
    else:
        for name, text in s.texts().items():
            sys.stdout.write(f"==> {name} <== ({s.profile})\n{text}")


if __name__ == "__main__":
    main()
