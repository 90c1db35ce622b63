"""The schema campaign (conformance/schemagen/README.md): random valid schemas (schemagen.py),
each compiled to Java, Rust and Python, built with the project's linters and round-tripped through
testees of every language, in batches.

    python conformance/schemagen/campaign.py --schemas 2000 [--seed S] [--batch 40] [--smoke]

Per batch: ``cserc check`` over every file, ``cserc --java-out/--rust-out/--python-out --json``,
javac -Xlint:all -Werror; rustfmt (as cser-build runs it), rustfmt --check, cargo clippy
-D warnings and cargo build; ruff (the rules `make test-python` holds generated code to) and
mypy --strict; then random JSON values (SPEC §11) of every record, struct and union are encoded
by the Java, Rust, Python (C accelerator) and pure-Python testees, whose bytes must be identical;
every testee decodes them back to the same JSON and re-encodes them to the same bytes. Half of
the small schemas come with an evolved partner (schemagen_evolve), and each pair's values cross
between the two versions in every testee, passed through byte for byte (campaign_evolve).

A stage that fails for some schemas is run again without them (the error lines name the schema's
files; when they do not, the batch is bisected), so one broken schema does not hide the others.
Every failure names the seed, the stage, the language and its first error lines, and the schema
is kept under conformance/target/schemagen/failures/. Exit status 1 on any failure.

This file is the command line; each job has its own module: campaign_env (paths, limits, running
a command), campaign_batch (a batch, ``settle`` and bisection), campaign_builds (the build and
lint stages per language), campaign_testee (a testee process), campaign_roundtrip (the round
trip, patch and restream), campaign_evolve (the evolved pairs), campaign_setup (the testees),
campaign_failures (failures, classes, the summary), campaign_runner (one batch through every stage).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from campaign_env import JAR, TARGET, shown  # noqa: E402
from campaign_failures import Stats, options_flags, print_classes, read_failures  # noqa: E402
from campaign_runner import run_batch  # noqa: E402
from campaign_setup import setup_java, setup_java_dynamic, setup_rust  # noqa: E402
from schemagen import Options  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--schemas", type=int, default=200, help="how many schemas (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="the first schema's seed; schema k has seed SEED + k")
    ap.add_argument("--batch", type=int, default=40, help="schemas per build (default 40)")
    ap.add_argument("--near-limit", type=float, default=Options.near_limit,
                    help="the fraction of schemas with a construct near a limit")
    ap.add_argument("--no-hostile-docs", action="store_true", help="plain doc comments only (debugging)")
    ap.add_argument("--no-hostile-names", action="store_true", help="plain names only (debugging)")
    ap.add_argument("--evolve", type=float, default=Options.evolve,
                    help="the fraction of small schemas paired with an evolved partner")
    ap.add_argument("--values", type=int, default=2, help="random values per type (default 2)")
    ap.add_argument("--skip", default="", help="comma-separated languages not to build (debugging)")
    ap.add_argument("--keep", action="store_true", help="keep every batch's directory")
    ap.add_argument("--smoke", action="store_true",
                    help="the smoke of make test: 16 schemas from seed 2000 in batches of 8, a quarter near a limit")
    ap.add_argument("--classify", type=Path, metavar="DIR",
                    help="print the failure classes of a kept run (conformance/target/schemagen/failures/RUN) and exit")
    a = ap.parse_args()
    if a.classify:
        return print_classes(read_failures(a.classify))
    if a.smoke:
        # Seeds 2000-2015 hold a ring of 170 records, a struct of 256 fields, a package of 16
        # segments, a zero value 64 deep and three cyclic packages besides the small schemas;
        # hostile names and docs throughout.
        a.schemas, a.seed, a.batch, a.near_limit = 16, 2000, 8, 0.25
    options = Options(near_limit=a.near_limit, hostile_docs=not a.no_hostile_docs,
                      hostile_names=not a.no_hostile_names, values_per_type=a.values, evolve=a.evolve)
    skip = {x for x in a.skip.split(",") if x}
    if not JAR.is_file():
        print(f"schemagen: {JAR} is missing: make build", file=sys.stderr)
        return 2
    TARGET.mkdir(parents=True, exist_ok=True)
    run_id = time.strftime("%Y%m%d-%H%M%S")
    work = TARGET / "work"
    store = TARGET / "failures" / run_id
    logf = open(TARGET / f"campaign-{run_id}.log", "w", encoding="utf-8")

    def log(msg: str) -> None:
        print(msg, flush=True)
        logf.write(msg + "\n")
        logf.flush()

    crate = setup_rust()
    java_testee = setup_java()
    dynamic_testee = setup_java_dynamic()
    stats = Stats()
    start = time.monotonic()
    seeds = list(range(a.seed, a.seed + a.schemas))
    log(f"schemagen: {a.schemas} schemas from seed {a.seed}, {a.batch} per batch{options_flags(options)}; "
        f"failures kept in {shown(store)}")
    for b, lo in enumerate(range(0, len(seeds), a.batch)):
        run_batch(b, seeds[lo:lo + a.batch], options, work, store, crate, (java_testee, dynamic_testee), skip,
                  a.keep, log, stats)
    elapsed = time.monotonic() - start
    failing = len({f.seed for f in stats.failures})
    log("")
    print_classes(stats.failures, log)
    log(f"\n{stats.generated} schemas generated, {stats.built} built in all three languages, "
        f"{stats.round_tripped} round-tripped, {stats.pairs_passed} of {stats.pairs} evolved pairs read both ways, "
        f"{failing} failures "
        f"({elapsed:.0f} s, {stats.generated / max(elapsed, 1) * 60:.1f} schemas per minute)")
    if a.smoke and stats.pairs_passed == 0:
        log("schemagen: the smoke checked no evolved pair")
        return 1
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
