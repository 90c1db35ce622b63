"""One batch of the campaign (conformance/schemagen/README.md): its schemas checked, generated,
built in the three languages side by side and round-tripped; its failures kept and counted."""

from __future__ import annotations

import functools
import shutil
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import campaign_builds
import campaign_evolve
from campaign_batch import Batch
from campaign_env import LANGS, shown
from campaign_failures import Failure, Stats, keep_failure
from campaign_roundtrip import round_trip
from schemagen import EVOLVED, Options


def run_batch(b: int, batch_seeds: list[int], options: Options, work: Path, store: Path, crate: Path,
              testees: tuple[Path, Path], skip: set[str], keep: bool, log: Callable[[str], None],
              stats: Stats) -> None:
    """Batch ``b`` of the run: ``batch_seeds`` through every stage, its counts added to ``stats``;
    ``testees`` the Java and the java-dynamic testee; ``keep`` keeps its directory."""
    java_testee, dynamic_testee = testees
    t0 = time.monotonic()
    batch = Batch(b, batch_seeds, options, work, log)
    stats.generated += len(batch.schemas)
    profiles = Counter(s.profile for s in batch.schemas.values())
    checked = batch.check()
    stats.checked += len(checked)
    pairs = [e for e in sorted(batch.evolutions) if e in checked and e - EVOLVED in checked]
    campaign_evolve.compat(batch, pairs)
    batch.generate_all(checked, crate)
    # The three languages' builds run side by side: each is a chain of processes.
    built: dict[str, list[int]] = {lang: [] for lang in LANGS}
    steps: dict[str, Callable[[], list[int]]] = {
        "java": functools.partial(campaign_builds.java, batch, checked),
        "rust": functools.partial(campaign_builds.rust, batch, checked, crate),
        "python": functools.partial(campaign_builds.python, batch, checked)}

    def build(lang: str, step: Callable[[], list[int]], into: dict[str, list[int]]) -> None:
        into[lang] = step()

    threads = [threading.Thread(target=build, args=(lang, steps[lang], built)) for lang in LANGS if lang not in skip]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    t1 = time.monotonic()
    built["java-dynamic"] = list(checked)
    busy = round_trip(batch, built, crate, java_testee, dynamic_testee)
    log(f"  round-trip: {time.monotonic() - t1:.1f} s ({busy})")
    in_all = [s for s in checked if all(s in built[lang] for lang in LANGS)
              and not batch.failed[s] & {"java", "rust", "python", "python-pure"} - set()]
    all_built = [s for s in checked if all(s in built[lang] for lang in LANGS)]
    stats.built += len([s for s in all_built if not any(f.seed == s and f.stage == "import" for f in batch.failures)])
    stats.round_tripped += len([s for s in in_all if not batch.failed[s]])
    stats.pairs += len(batch.evolutions)
    stats.pairs_passed += len([e for e in pairs if e in in_all and e - EVOLVED in in_all
                               and not batch.failed[e] and not batch.failed[e - EVOLVED]])
    by_seed: dict[int, list[Failure]] = {}
    for f in batch.failures:
        by_seed.setdefault(f.seed, []).append(f)
    for s, fs in by_seed.items():
        d = keep_failure(batch.schemas[s], batch.options, fs, store)
        log(f"  kept seed {s}: {shown(d)}")
    stats.failures += batch.failures
    log(f"batch {b}: seeds {batch_seeds[0]}..{batch_seeds[-1]} "
        f"({', '.join(f'{n} {p}' for p, n in sorted(profiles.items()))}): {len(by_seed)} failing, "
        f"{time.monotonic() - t0:.0f} s")
    if not keep and not by_seed:
        shutil.rmtree(batch.dir, ignore_errors=True)
