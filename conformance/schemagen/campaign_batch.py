"""A batch of schemas through the campaign's stages (conformance/schemagen/README.md): its
directory, its schemas and their files, its failures, and ``settle``, which runs a stage again
without the schemas its errors name (or that bisection finds) until it passes; the check and
cserc's output for every language."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from campaign_env import ERROR_LINES, JAR, run
from campaign_failures import Failure
from schemagen import EVOLVED, Evolution, Options, Schema, evolve, generate, has_partner


def seeds_in(text: str, among: set[int]) -> set[int]:
    return {int(m) for m in re.findall(r"(?<![A-Za-z0-9_])c(\d+)(?=[/.:\"' ]|$)", text, re.M)} & among


class Batch:
    """A batch's schemas, written under its directory, and what failed of each (``failed``: the
    languages, or "all")."""

    def __init__(self, index: int, seeds: list[int], options: Options, work: Path, log: Callable[[str], None]):
        self.index = index
        self.options = options
        self.dir = work / f"batch{index:04d}"
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        self.log = log
        self.schemas: dict[int, Schema] = {}
        self.files: dict[int, list[Path]] = {}
        # seed EVOLVED + s: the evolved partner of schema s, and the changes that made it
        self.evolutions: dict[int, Evolution] = {}
        for s in seeds:
            sch = generate(s, options)
            self.schemas[s] = sch
            self.files[s] = sch.write(self.dir / "schemas" / sch.root)
            if has_partner(sch, options):
                newer, self.evolutions[EVOLVED + s] = evolve(EVOLVED + s, options)
                self.schemas[newer.seed] = newer
                self.files[newer.seed] = newer.write(self.dir / "schemas" / newer.root)
        self.failures: list[Failure] = []
        self._generated: dict[str, Any] = {}
        self.failed: dict[int, set[str]] = {s: set() for s in self.schemas}  # languages (or "all")

    # --- failures -------------------------------------------------------------------------

    def fail(self, seed: int, stage: str, lang: str, text: str) -> None:
        lines = [ln for ln in text.split("\n") if ln.strip()][:ERROR_LINES]
        f = Failure(seed, stage, lang, lines)
        self.failures.append(f)
        self.failed[seed].add(lang)
        self.log(f"  FAIL seed {seed} ({self.schemas[seed].profile}) {stage}/{lang}: {lines[0] if lines else ''}"[:300])

    def blame(self, text: str, seeds: set[int]) -> dict[int, str]:
        """The error text of each schema the output names."""
        blocks = re.split(r"\n\s*\n", text)
        out: dict[int, list[str]] = {}
        lines = text.split("\n")
        for s in seeds_in(text, seeds):
            mine = [b for b in blocks if s in seeds_in(b, {s})]
            if len(mine) == len(blocks) or len(blocks) == 1:
                # a line naming the schema, and the lines after it that name no other (javac's
                # source line and caret)
                mine, own = [], False
                for ln in lines:
                    named = seeds_in(ln, seeds)
                    own = s in named or (own and not named)
                    if own:
                        mine.append(ln)
            out[s] = mine
        return {s: "\n".join(v) for s, v in out.items()}

    def settle(self, stage: str, lang: str, seeds: list[int], attempt: Callable[[list[int]], tuple[bool, str]],
               attribute: bool = True) -> list[int]:
        """Runs ``attempt`` on the schemas, drops those its errors name (or that bisection finds)
        and runs it again, until it passes; the schemas it passed for."""
        remaining = list(seeds)
        while remaining:
            t0 = time.monotonic()
            ok, text = attempt(remaining)
            self.log(f"  {stage}/{lang}: {len(remaining)} schemas, {'ok' if ok else 'failed'}, {time.monotonic() - t0:.1f} s")
            if ok:
                return remaining
            blamed = self.blame(text, set(remaining)) if attribute else {}
            if not blamed:
                blamed = self.bisect(remaining, attempt, text)
            for s, t in blamed.items():
                self.fail(s, stage, lang, t)
                remaining.remove(s)
        return remaining

    def bisect(self, seeds: list[int], attempt: Callable[[list[int]], tuple[bool, str]], text: str) -> dict[int, str]:
        if len(seeds) == 1:
            return {seeds[0]: text}
        half = len(seeds) // 2
        for part in (seeds[:half], seeds[half:]):
            ok, t = attempt(part)
            if not ok:
                return self.bisect(part, attempt, t)
        return {s: "fails only together with the others of its batch:\n" + text for s in seeds}

    # --- stages ---------------------------------------------------------------------------

    def paths(self, seeds: list[int]) -> list[str]:
        return [str(p) for s in seeds for p in self.files[s]]

    def cserc(self, args: list[str], seeds: list[int]) -> tuple[bool, str]:
        return run(["java", "-jar", str(JAR), *args, *self.paths(seeds)])

    def generate(self, lang: str, out: Path, ss: list[int]) -> tuple[bool, str]:
        """cserc --LANG-out for these schemas, unless its output for them is there already."""
        key = (lang, tuple(ss))
        if self._generated.get(lang) == key and out.is_dir():
            return True, ""
        shutil.rmtree(out, ignore_errors=True)
        self._generated.pop(lang, None)
        ok, text = self.cserc([f"--{lang}-out", str(out), "--json"], ss)
        self._generated[lang] = key if ok else None
        return ok, text

    def generate_all(self, seeds: list[int], crate: Path) -> None:
        """One cserc run for the three targets (a failure leaves each language to its own run)."""
        outs = {"java": self.dir / "java" / "src", "rust": crate / "gen", "python": self.dir / "python"}
        for out in outs.values():
            shutil.rmtree(out, ignore_errors=True)
        args = [a for lang, out in outs.items() for a in (f"--{lang}-out", str(out))]
        ok, _ = self.cserc([*args, "--json"], seeds)
        for lang in outs:
            self._generated[lang] = (lang, tuple(seeds)) if ok else None

    def check(self) -> list[int]:
        return self.settle("check", "all", sorted(self.schemas), lambda ss: self.cserc(["check"], ss))
