"""The schema campaign (conformance/schemagen/README.md): random valid schemas (schemagen.py),
each compiled to Java, Rust and Python, built with the project's linters and round-tripped through
testees of every language, in batches.

    python conformance/schemagen/campaign.py --schemas 2000 [--seed S] [--batch 40] [--smoke]

Per batch: ``cserc check`` over every file, ``cserc --java-out/--rust-out/--python-out --json``,
javac -Xlint:all -Werror; rustfmt (as cser-build runs it), rustfmt --check, cargo clippy
-D warnings and cargo build; ruff (the rules `make test-python` holds generated code to) and
mypy --strict; then random JSON values (SPEC §11) of every record, struct and union are encoded
by the Java, Rust, Python (C accelerator) and pure-Python testees, whose bytes must be identical;
every testee decodes them back to the same JSON and re-encodes them to the same bytes.

A stage that fails for some schemas is run again without them (the error lines name the schema's
files; when they do not, the batch is bisected), so one broken schema does not hide the others.
Every failure names the seed, the stage, the language and its first error lines, and the schema
is kept under conformance/target/schemagen/failures/. Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import schemagen  # noqa: E402
from harness import first_difference  # noqa: E402

# CSER_SCHEMAGEN_TARGET: another directory for the work, the testees and the logs, so that a
# second run (a smoke beside a campaign) does not share the first one's batch directory
TARGET = Path(os.environ.get("CSER_SCHEMAGEN_TARGET", ROOT / "conformance" / "target" / "schemagen"))
JAR = ROOT / "tools" / "cserc" / "target" / "cserc.jar"
VENV = ROOT / "runtimes" / "python" / ".venv" / "bin"
RUFF_RULES = "E4,E7,E9,F,W,UP,I,RUF,B"  # the Makefile's RUFF_RULES for generated code
JAVA_RUNTIME = ROOT / "runtimes" / "java" / "target" / "classes"
JAVA_JSON = ROOT / "runtimes" / "java" / "json" / "target" / "classes"
JAVA_JSON_DEPS = ROOT / "runtimes" / "java" / "json" / "target" / "classpath.txt"
LANGS = ("java", "rust", "python")
TESTEES = ("java", "java-dynamic", "rust", "python", "python-pure")
ERROR_LINES = 12
STAGE_TIMEOUT = 1800
RUSTFMT_TIMEOUT = 60


@dataclass
class Failure:
    seed: int
    stage: str  # check compile build lint round-trip
    lang: str
    lines: list[str]

    def signature(self) -> str:
        """The failure's class for the summary: the first error line with the names, paths and
        numbers that differ between schemas taken out."""
        first = next((ln for ln in self.lines if re.search(r"(?i)error|warning|\b[A-Z]+\d{3,4}\b", ln)
                      and not ln.startswith("Found ")), self.lines[0] if self.lines else "")
        s = re.sub(r"\S*/(c\d+)\S*", "PATH", first)
        s = re.sub(r"\bc\d+(\.\w+)*", "PKG", s)
        s = re.sub(r"`[^`]*`|'[^']*'|\"[^\"]*\"", "'X'", s)
        s = re.sub(r"\d+", "N", s)
        return f"{self.stage}/{self.lang}: {s.strip()[:160]}"


# Coarse classes of failures for the summary: (stage/language pattern, error pattern, class). The
# first that matches a failure's stage, language and first error lines names its class; the rest
# are grouped by their masked first line (Failure.signature).
CLASSES = [
    (r"check/", r"", "check: the schema is refused (a generator bug, or a limit cserc enforces)"),
    (r"compile/", r"Exception|Error\b|\tat ", "cserc: crashed with a stack trace"),
    (r"compile/", r"[Ff]ile name too long", "cserc: an output file name longer than the file system allows"),
    (r"build/java", r"<identifier> expected|illegal start|expected$", "java: a keyword where Java needs an identifier"),
    (r"build/java", r"already defined|clashes|cannot inherit|name clash", "java: two generated members or types with one name"),
    (r"build/java", r"code too large|too many constants|too many parameters", "java: a class or method past the JVM's limits"),
    (r"build/java", r"\[cast\]", "java: -Xlint [cast] warning"),
    (r"build/java", r"StackOverflow|timeout", "java: javac crashed or hung"),
    (r"build/java", r"warning:", "java: another -Xlint warning"),
    (r"lint/rust", r"rustfmt.*(timeout|more than)|ran for more than", "rust: rustfmt does not finish"),
    (r"lint/rust", r"rustfmt", "rust: rustfmt fails or changes the formatted code"),
    (r"lint/rust", r"direction of text|bidi", "rust: a bidi control in a doc comment"),
    (r"lint/rust", r"tabs in doc", "rust: a tab in a doc comment (clippy)"),
    (r"lint/rust", r"snake case name|camel case name|upper case name", "rust: a generated name rustc's case lints refuse"),
    (r"lint/rust", r"defined multiple times|E0428|E0255|E0252", "rust: two items with one name"),
    (r"lint/rust", r"very complex type", "rust: clippy type_complexity (deep type expressions)"),
    (r"lint/rust", r"overflow|recursion limit|stack", "rust: rustc overflows (depth)"),
    (r"lint/rust", r"", "rust: another rustc or clippy error"),
    (r"build/rust", r"", "rust: the testee does not build"),
    (r"lint/python", r"F811|Redefinition", "python: two classes with one name (ruff F811)"),
    (r"lint/python", r"RUF00[123]", "python: ambiguous Unicode in a docstring or string (ruff RUF001-003)"),
    (r"lint/python", r"I001", "python: imports not sorted (ruff I001)"),
    (r"lint/python", r"B007", "python: unused loop variable (ruff B007)"),
    (r"lint/python", r"W29[13]|E501|W605", "python: whitespace or escapes in generated text (ruff W)"),
    (r"lint/python", r"not callable|has no attribute|Name .* already defined|\[misc\]|\[valid-type\]",
     "python: a name a class body defines hides one it uses (mypy)"),
    (r"lint/python", r"error:", "python: another mypy error"),
    (r"lint/python", r"", "python: another ruff error"),
    (r"import/", r"null bytes", "python: a NUL in a doc comment breaks the import"),
    (r"import/", r"", "python: the generated code does not import"),
    (r"round-trip/python-pure", r"nested blocks|RecursionError|SyntaxError", "python-pure: deep types break the pure codec"),
    (r"round-trip/", r"bytes differ", "round-trip: encoders disagree on the bytes"),
    (r"round-trip/", r"decode .*: \.", "round-trip: a decoded value differs"),
    (r"round-trip/", r"testee died", "round-trip: a testee crashed"),
    (r"round-trip/", r"", "round-trip: another failure"),
]


def classify(f: Failure) -> str:
    head = "\n".join(f.lines[:6])
    for where, pattern, name in CLASSES:
        if re.match(where, f"{f.stage}/{f.lang}") and re.search(pattern, head, re.M):
            return name
    return f.signature()


@dataclass
class Stats:
    generated: int = 0
    checked: int = 0
    built: int = 0
    round_tripped: int = 0
    failures: list[Failure] = field(default_factory=list)


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None,
        timeout: float = STAGE_TIMEOUT) -> tuple[bool, str]:
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.output.decode("utf-8", "replace") if e.output else ""
        return False, out + f"\ntimeout: {' '.join(cmd[:3])} ran for more than {timeout:.0f} s"
    return p.returncode == 0, p.stdout.decode("utf-8", "replace")


def seeds_in(text: str, among: set[int]) -> set[int]:
    return {int(m) for m in re.findall(r"(?<![A-Za-z0-9_])c(\d+)(?=[/.:\"' ]|$)", text, re.M)} & among


class Batch:
    def __init__(self, index: int, seeds: list[int], options: schemagen.Options, work: Path, log: Callable[[str], None]):
        self.index = index
        self.options = options
        self.dir = work / f"batch{index:04d}"
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        self.log = log
        self.schemas: dict[int, schemagen.Schema] = {}
        self.files: dict[int, list[Path]] = {}
        for s in seeds:
            sch = schemagen.generate(s, options)
            self.schemas[s] = sch
            self.files[s] = sch.write(self.dir / "schemas" / sch.root)
        self.failures: list[Failure] = []
        self._generated: dict[str, Any] = {}
        self.failed: dict[int, set[str]] = {s: set() for s in seeds}  # languages (or "all")

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

    def java(self, seeds: list[int]) -> list[int]:
        out = self.dir / "java"

        def gen(ss: list[int]) -> tuple[bool, str]:
            return self.generate("java", out / "src", ss)

        seeds = self.settle("compile", "java", seeds, gen)
        if not seeds:
            return seeds
        cp = f"{JAVA_RUNTIME}:{JAVA_JSON}:{JAVA_JSON_DEPS.read_text().strip()}"

        def javac(ss: list[int]) -> tuple[bool, str]:
            classes = out / "classes"
            shutil.rmtree(classes, ignore_errors=True)
            sources = [str(p) for s in ss for p in (out / "src" / f"c{s}").rglob("*.java")]
            argfile = out / "sources.txt"
            argfile.write_text("\n".join(f'"{p}"' for p in sources))
            return run(["javac", "-Xlint:all", "-Werror", "-encoding", "UTF-8", "-Xmaxerrs", "10000",
                        "-Xmaxwarns", "10000", "-d", str(classes), "-cp", cp, f"@{argfile}"])

        return self.settle("build", "java", seeds, javac)

    def rust(self, seeds: list[int], crate: Path) -> list[int]:
        gen = crate / "gen"

        def generate(ss: list[int]) -> tuple[bool, str]:
            ok, text = self.generate("rust", gen, ss)
            if ok:
                apply_recursion_limit(crate)
            return ok, text

        def fmt(ss: list[int]) -> tuple[bool, str]:
            # cser-build formats what cserc writes with rustfmt; make test-rust then checks it
            ok, text = generate(ss)
            if not ok:
                return ok, text
            # one file at a time, each with a time limit: rustfmt can take minutes on one file
            texts = []
            for f in sorted(gen.glob("*.rs")):
                for args in (["rustfmt", "--edition", "2021", str(f)], ["rustfmt", "--edition", "2021", "--check", str(f)]):
                    ok, text = run(args, timeout=RUSTFMT_TIMEOUT)
                    if not ok:
                        # one block naming the file, so that the error stays with its schema
                        detail = "\n".join(ln for ln in text.strip().split("\n") if ln.strip())
                        texts.append(f"{' '.join(args[:-1])} {f.name}: {detail}")
                        break
            return not texts, "\n\n".join(texts)

        def clippy(ss: list[int]) -> tuple[bool, str]:
            ok, text = fmt(ss)
            if not ok:
                return ok, text
            return run(["cargo", "clippy", "-q", "--lib", "--", "-D", "warnings"], cwd=crate, env=self.cargo_env(crate))

        def build(ss: list[int]) -> tuple[bool, str]:
            ok, text = fmt(ss)
            if not ok:
                return ok, text
            return run(["cargo", "build", "-q", "--bin", "schemagen-testee"], cwd=crate, env=self.cargo_env(crate))

        seeds = self.settle("compile", "rust", seeds, generate)
        seeds = self.settle("lint", "rust", seeds, fmt)
        seeds = self.settle("lint", "rust", seeds, clippy)
        seeds = self.settle("build", "rust", seeds, build)
        return seeds

    @staticmethod
    def cargo_env(crate: Path) -> dict[str, str]:
        env = dict(os.environ)
        env["CARGO_TARGET_DIR"] = str(crate / "target")
        return env

    def python(self, seeds: list[int]) -> list[int]:
        gen = self.dir / "python"

        def generate(ss: list[int]) -> tuple[bool, str]:
            return self.generate("python", gen, ss)

        def ruff(ss: list[int]) -> tuple[bool, str]:
            ok, text = generate(ss)
            if not ok:
                return ok, text
            return run([str(VENV / "ruff"), "check", "--no-cache", "--isolated", "--select", RUFF_RULES,
                        "--output-format", "concise", "."], cwd=gen)

        def mypy(ss: list[int]) -> tuple[bool, str]:
            ok, text = ruff(ss)
            if not ok:
                return ok, text
            return run([str(VENV / "mypy"), "--strict", "--python-version", "3.10", "--explicit-package-bases",
                        "--no-error-summary", "--cache-dir", str(TARGET / "mypy-cache"),
                        *[f"c{s}.py" if (gen / f"c{s}.py").exists() else f"c{s}" for s in ss]],
                       cwd=gen)

        seeds = self.settle("compile", "python", seeds, generate)
        seeds = self.settle("lint", "python", seeds, ruff)
        seeds = self.settle("lint", "python", seeds, mypy)
        return seeds

    # --- round trips ----------------------------------------------------------------------

    def round_trip(self, built: dict[str, list[int]], crate: Path, java_testee: Path, dynamic_testee: Path) -> str:
        """Every value of every schema through every testee: encode (the same bytes), decode (the
        same JSON), reencode (the same bytes), patch (a record's or struct's field set from another
        value: the testee's own encoding of the patched value) and restream (a stream of a type's
        values: the same frames back, under the testee's fingerprint). ``built["java-dynamic"]``
        is every schema that passed the check: the schema-driven codec needs no build."""
        cp = f"{self.dir / 'java' / 'classes'}:{java_testee}:{JAVA_RUNTIME}:{JAVA_JSON}:{JAVA_JSON_DEPS.read_text().strip()}"
        commands = {
            "java-dynamic": (["java", "-XX:+UseSerialGC", "-cp", f"{dynamic_testee}:{JAR}", "dev.cser.conformance.DynamicTestee",
                              *self.paths(built.get("java-dynamic", []))], None),
            "java": (["java", "-XX:+UseSerialGC", "-cp", cp, "dev.cser.conformance.Testee",
                      str(self.dir / "java" / "classes")], None),
            "rust": ([str(crate / "target" / "debug" / "schemagen-testee")], None),
            "python": ([str(VENV / "python"), str(HERE / "batch_testee.py"), str(self.dir / "python")], None),
            "python-pure": ([str(VENV / "python"), str(HERE / "batch_testee.py"), str(self.dir / "python")],
                            {"CSER_PURE_PYTHON": "1"}),
        }
        langs = {"java": "java", "java-dynamic": "java-dynamic", "rust": "rust", "python": "python", "python-pure": "python"}
        # The values: every record, struct and union of every schema built in at least one language.
        seeds = sorted(set().union(*built.values()))
        reqs: dict[int, list[tuple[str, Any]]] = {}
        for s in seeds:
            try:
                reqs[s] = schemagen.values(self.schemas[s], s, self.options.values_per_type)
            except Exception as e:  # a bug of the generator, reported as such
                self.fail(s, "values", "generator", f"{type(e).__name__}: {e}")
        procs: dict[str, Proc] = {}
        for t, (cmd, extra) in commands.items():
            mine = [s for s in built[langs[t]] if s in reqs]
            if mine:
                env = dict(os.environ, **(extra or {}))
                if t.startswith("python"):
                    env["PYTHONPATH"] = str(ROOT / "runtimes" / "python" / "src")
                procs[t] = Proc(t, cmd, env, python=t.startswith("python"))
        try:
            for t, p in procs.items():
                if p.load_report is not None:
                    for pkg, err in p.load_report.get("failed", {}).items():
                        m = re.fullmatch(r"c(\d+)", pkg)
                        if m and int(m.group(1)) in self.failed:
                            self.fail(int(m.group(1)), "import", t, err)
            bad: set[tuple[int, str]] = {(s, t) for s in seeds for t in TESTEES if langs[t] in self.failed[s]}

            def active(t: str, s: int) -> bool:
                return t in procs and s in built[langs[t]] and (s, t) not in bad

            def report(s: int, t: str, stage: str, text: str) -> None:
                if (s, t) not in bad:
                    bad.add((s, t))
                    self.fail(s, stage, t, text)

            # 1. encode in every testee: the bytes must agree
            items = [(s, i, name, value) for s in seeds if s in reqs for i, (name, value) in enumerate(reqs[s])]
            self.log(f"  round-trip: {len(items)} values of {len(seeds)} schemas, testees {', '.join(procs)}")
            enc: dict[str, list[dict[str, Any] | None]] = {}
            for t, p in procs.items():
                rq = [{"op": "encode", "type": name, "value": value} for (s, i, name, value) in items]
                enc[t] = p.ask(rq, [active(t, s) for (s, *_r) in items])
            expected_hex: dict[int, str] = {}
            for k, (s, _i, name, value) in enumerate(items):
                answers = {t: enc[t][k] for t in procs if active(t, s)}
                for t, a in answers.items():
                    if a is not None and not a.get("ok"):
                        report(s, t, "round-trip", f"encode {name} refused: {a.get('error')}\nvalue: {dumps(value)[:400]}")
                hexes = {t: a["hex"] for t, a in answers.items() if a and a.get("ok") and active(t, s)}
                if not hexes:
                    continue
                votes = Counter(hexes.values())
                ref = hexes.get("java") if votes[hexes.get("java", "")] >= max(votes.values()) else votes.most_common(1)[0][0]
                expected_hex[k] = ref
                for t, h in hexes.items():
                    if h != ref:
                        report(s, t, "round-trip", f"encode {name}: bytes differ from the others'\n"
                               f"{t}: {h[:200]}\nothers: {ref[:200]}\nvalue: {dumps(value)[:400]}")
            # 2. decode the agreed bytes in every testee: the same JSON; 3. re-encode: the same bytes
            for op in ("decode", "reencode"):
                answers_by: dict[str, list[dict[str, Any] | None]] = {}
                for t, p in procs.items():
                    rq = [{"op": op, "type": name, "hex": expected_hex.get(k, "")} for k, (s, _i, name, value) in enumerate(items)]
                    answers_by[t] = p.ask(rq, [active(t, s) and k in expected_hex for k, (s, *_r) in enumerate(items)])
                for k, (s, _i, name, value) in enumerate(items):
                    if k not in expected_hex:
                        continue
                    for t in procs:
                        a = answers_by[t][k]
                        if a is None or not active(t, s):
                            continue
                        if not a.get("ok"):
                            report(s, t, "round-trip", f"{op} {name} failed: {a.get('error')}\nhex: {expected_hex[k][:200]}")
                        elif op == "decode":
                            d = first_difference(value, a["value"])
                            if d:
                                report(s, t, "round-trip", f"decode {name}: {d}\nhex: {expected_hex[k][:200]}")
                        elif a["hex"] != expected_hex[k]:
                            report(s, t, "round-trip", f"reencode {name}: {a['hex'][:200]}\n!= {expected_hex[k][:200]}")
            by_type: dict[tuple[int, str], list[int]] = {}
            for k, (s, _i, name, _v) in enumerate(items):
                if k in expected_hex:
                    by_type.setdefault((s, name), []).append(k)
            kinds = {d.qname: d.kind for s in seeds for d in self.schemas[s].decls}
            self.patch(procs, items, expected_hex, by_type, kinds, active, report)
            self.restream(procs, expected_hex, by_type, kinds, active, report)
            for t, p in procs.items():
                if p.dead:
                    for s in built[langs[t]]:
                        report(s, t, "round-trip", f"the {t} testee died: {p.error}\n{p.stderr()}")
        finally:
            for p in procs.values():
                p.close()
        return ", ".join(f"{t} {p.busy:.1f} s" for t, p in procs.items())


    def patch(self, procs: dict[str, Proc], items: list[tuple[int, int, str, Any]], expected_hex: dict[int, str],
              by_type: dict[tuple[int, str], list[int]], kinds: dict[str, str],
              active: Callable[[str, int], bool], report: Callable[[int, str, str, str], None]) -> None:
        """A record's or struct's first value with one field set from its second: every testee's
        bytes must be what it encodes the patched value to, and what the others do."""
        cases: list[tuple[int, str, str, dict[str, Any], dict[str, Any]]] = []
        for (s, name), ks in by_type.items():
            base, donor = items[ks[0]][3], items[ks[-1]][3]
            if kinds.get(name) in ("record", "struct") and len(ks) > 1 and isinstance(donor, dict) and donor:
                keys = sorted(donor)
                key = keys[(s + len(ks)) % len(keys)]
                cases.append((s, name, expected_hex[ks[0]], {key: donor[key]}, {**base, key: donor[key]}))
        if not cases:
            return
        patched: dict[str, list[dict[str, Any] | None]] = {}
        encoded: dict[str, list[dict[str, Any] | None]] = {}
        for t, p in procs.items():
            send = [active(t, s) for (s, *_r) in cases]
            patched[t] = p.ask([{"op": "patch", "type": n, "hex": h, "set": st} for (_s, n, h, st, _m) in cases], send)
            encoded[t] = p.ask([{"op": "encode", "type": n, "value": m} for (_s, n, _h, _st, m) in cases], send)
        for c, (s, name, _h, st, merged) in enumerate(cases):
            own = {t: (patched[t][c], encoded[t][c]) for t in procs if active(t, s) and patched[t][c] is not None}
            hexes = {t: e["hex"] for t, (_pa, e) in own.items() if e is not None and e.get("ok")}
            ref = Counter(hexes.values()).most_common(1)[0][0] if hexes else None
            for t, (pa, _e) in own.items():
                if pa is None:
                    continue
                if not pa.get("ok"):
                    report(s, t, "patch", f"patch {name} {dumps(st)[:200]} failed: {pa.get('error')}")
                elif pa["hex"] != hexes.get(t) or pa["hex"] != ref:
                    report(s, t, "patch", f"patch {name} {dumps(st)[:200]}: {pa['hex'][:200]}\n"
                           f"encoding of the patched value: {hexes.get(t, '?')[:200]}, others: {(ref or '?')[:200]}\n"
                           f"value: {dumps(merged)[:400]}")

    def restream(self, procs: dict[str, Proc], expected_hex: dict[int, str],
                 by_type: dict[tuple[int, str], list[int]], kinds: dict[str, str],
                 active: Callable[[str, int], bool], report: Callable[[int, str, str, str], None]) -> None:
        """A stream (SPEC §8, fingerprint 0) of each type's agreed values: every testee must give
        back its header's type and every frame byte for byte, under one fingerprint for all."""
        cases: list[tuple[int, str, bytes]] = []
        for (s, name), ks in by_type.items():
            frames = b""
            for k in ks:
                message = bytes.fromhex(expected_hex[k])
                # a record's message is its frame; a struct's or union's is framed by its length
                frames += message if kinds.get(name) == "record" else varint(len(message)) + message
            head = b"CSER\x01" + hashlib.sha256(name.encode()).digest()[:8]
            cases.append((s, name, head + bytes(8) + frames))
        answers = {t: p.ask([{"op": "restream", "type": n, "hex": st.hex()} for (_s, n, st) in cases],
                            [active(t, s) for (s, *_r) in cases]) for t, p in procs.items()}
        for c, (s, name, stream) in enumerate(cases):
            outs = {t: a for t in procs if active(t, s) and (a := answers[t][c]) is not None}
            prints = Counter(a["hex"][26:42] for a in outs.values() if a.get("ok"))
            ref = prints.most_common(1)[0][0] if prints else ""
            for t, a in outs.items():
                if not a.get("ok"):
                    report(s, t, "restream", f"restream {name} ({len(stream)} bytes) failed: {a.get('error')}")
                    continue
                out = bytes.fromhex(a["hex"])
                if out[:13] != stream[:13] or out[21:] != stream[21:] or a["hex"][26:42] != ref:
                    report(s, t, "restream", f"restream {name}: {a['hex'][:200]}\nsent: {stream.hex()[:200]}\n"
                           f"fingerprints: {dict(prints)}")


def varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def shown(path: Path) -> Path:
    """``path`` relative to the checkout when it is inside it (CSER_SCHEMAGEN_TARGET may be elsewhere)."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def dumps(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


class Proc:
    """A batch testee: JSON lines in, JSON lines out, requests written by a thread."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], python: bool) -> None:
        self.name = name
        self.dead = False
        self.error = ""
        self._err: list[str] = []
        # seconds spent starting this testee and waiting for its answers: the round trip's log
        # line names the slow testee (the testees are asked one after another)
        started = time.monotonic()
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        threading.Thread(target=self._drain, daemon=True).start()
        self.load_report: dict[str, Any] | None = None
        if python:
            assert self.p.stdout is not None
            line = self.p.stdout.readline()
            try:
                self.load_report = json.loads(line)
            except json.JSONDecodeError:
                self.dead = True
                self.error = f"no load report: {line[:200]!r}"
        self.busy = time.monotonic() - started

    def _drain(self) -> None:
        assert self.p.stderr is not None
        for line in self.p.stderr:
            self._err.append(line.decode("utf-8", "replace"))
            del self._err[:-40]

    def stderr(self) -> str:
        return "".join(self._err[-20:])

    def ask(self, requests: list[dict[str, Any]], send: list[bool]) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = [None] * len(requests)
        if self.dead:
            return out
        started = time.monotonic()
        try:
            return self._ask(requests, send, out)
        finally:
            self.busy += time.monotonic() - started

    def _ask(self, requests: list[dict[str, Any]], send: list[bool],
             out: list[dict[str, Any] | None]) -> list[dict[str, Any] | None]:
        chosen = [(k, dict(r, id=k)) for k, (r, go) in enumerate(zip(requests, send, strict=True)) if go]

        def write() -> None:
            assert self.p.stdin is not None
            try:
                for _, r in chosen:
                    self.p.stdin.write((json.dumps(r, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass"))
                self.p.stdin.flush()
            except OSError:
                pass

        threading.Thread(target=write, daemon=True).start()
        assert self.p.stdout is not None
        for k, _ in chosen:
            line = self.p.stdout.readline()
            if not line:
                self.dead = True
                self.error = f"exited with status {self.p.wait()}"
                break
            try:
                a = json.loads(line)
            except json.JSONDecodeError:
                a = {"ok": False, "error": f"an answer that is not JSON: {line[:200]!r}"}
            out[k] = a
        return out

    def close(self) -> None:
        try:
            assert self.p.stdin is not None
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()


# --- Set-up ---------------------------------------------------------------------------------


def setup_rust() -> Path:
    crate = TARGET / "rust"
    (crate / "src").mkdir(parents=True, exist_ok=True)
    runtime = ROOT / "runtimes" / "rust"
    cargo = (HERE / "rust" / "Cargo.toml").read_text().replace("@RUNTIME@", str(runtime))
    write_if_changed(crate / "Cargo.toml", cargo)
    write_if_changed(crate / "src" / "lib.rs.in", (HERE / "rust" / "lib.rs").read_text())
    main = (ROOT / "conformance" / "rust" / "template" / "src" / "main.rs").read_text()
    block = re.search(r"#\[allow\([^\n]*\)\]\nmod generated \{\n    cser::include_generated!\(\);\n\}\n", main)
    if not block:
        raise SystemExit("conformance/rust/template/src/main.rs: the `mod generated` block is not where schemagen looks")
    main = main.replace(block.group(0), "use schemagen_batch as generated;\n")
    # the testee's own limit goes: each batch gets the one its code asks for (apply_recursion_limit)
    main = re.sub(r'(?:^// [^\n]*\n)*^#!\[recursion_limit = "\d+"\]\n', "", main, flags=re.M)
    write_if_changed(crate / "src" / "main.rs.in", main)
    if not (crate / "Cargo.lock").exists():
        shutil.copy(runtime / "Cargo.lock", crate / "Cargo.lock")
    return crate


def apply_recursion_limit(crate: Path) -> None:
    """The testee's library and binary with the `#![recursion_limit]` that the generated
    cser_modules.rs asks for (SPEC §12.2), or none: what a user's crate roots say."""
    modules = crate / "gen" / "cser_modules.rs"
    asked = re.search(r'^//\s+#!\[recursion_limit = "(\d+)"\]$', modules.read_text(encoding="utf-8"), re.M) \
        if modules.exists() else None
    line = f'#![recursion_limit = "{asked.group(1)}"]\n' if asked else ""
    for name in ("lib.rs", "main.rs"):
        text = (crate / "src" / f"{name}.in").read_text(encoding="utf-8")
        # after the crate's doc comment (`//!` lines), where inner attributes go
        head = re.match(r"(?:\s*//![^\n]*\n)*", text)
        at = head.end() if head else 0
        write_if_changed(crate / "src" / name, text[:at] + line + text[at:])


def setup_java() -> Path:
    out = TARGET / "java-testee"
    src = ROOT / "conformance" / "java" / "src" / "dev" / "cser" / "conformance"
    stamp = out / "stamp"
    key = "".join((src / n).read_text() for n in ("Testee.java", "TesteeProtocol.java"))
    if stamp.exists() and stamp.read_text() == key:
        return out
    shutil.rmtree(out, ignore_errors=True)
    cp = f"{JAVA_RUNTIME}:{JAVA_JSON}:{JAVA_JSON_DEPS.read_text().strip()}"
    ok, text = run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out), "-cp", cp,
                    str(src / "Testee.java"), str(src / "TesteeProtocol.java")])
    if not ok:
        raise SystemExit(f"cannot compile the Java testee:\n{text}")
    stamp.write_text(key)
    return out


def setup_java_dynamic() -> Path:
    """The java-dynamic testee (conformance/java-dynamic), compiled against the compiler jar."""
    out = TARGET / "java-dynamic-testee"
    sources = [ROOT / "conformance" / "java-dynamic" / "src" / "dev" / "cser" / "conformance" / "DynamicTestee.java",
               ROOT / "conformance" / "java" / "src" / "dev" / "cser" / "conformance" / "TesteeProtocol.java"]
    stamp = out / "stamp"
    key = "".join(p.read_text() for p in sources) + str(JAR.stat().st_mtime_ns)
    if stamp.exists() and stamp.read_text() == key:
        return out
    shutil.rmtree(out, ignore_errors=True)
    ok, text = run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out), "-cp", str(JAR), *map(str, sources)])
    if not ok:
        raise SystemExit(f"cannot compile the java-dynamic testee:\n{text}")
    stamp.write_text(key)
    return out


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def keep_failure(batch: Batch, failures: list[Failure], store: Path) -> Path:
    seed = failures[0].seed
    sch = batch.schemas[seed]
    d = store / sch.root
    shutil.rmtree(d, ignore_errors=True)
    sch.write(d)
    with open(d / "failure.txt", "w", encoding="utf-8") as f:
        f.write(f"seed {seed} (profile {sch.profile}); regenerate: python3 conformance/schemagen/schemagen.py "
                f"--seed {seed}{options_flags(batch.options)}\n")
        for fl in failures:
            f.write(f"\n== {fl.stage} / {fl.lang}\n" + "\n".join(fl.lines) + "\n")
    return d


def options_flags(o: schemagen.Options) -> str:
    s = f" --near-limit {o.near_limit}"
    if not o.hostile_docs:
        s += " --no-hostile-docs"
    if not o.hostile_names:
        s += " --no-hostile-names"
    return s


def read_failures(store: Path) -> list[Failure]:
    """The failures of a kept run, from each schema's failure.txt."""
    out = []
    for txt in sorted(store.glob("c*/failure.txt")):
        seed = int(txt.parent.name[1:])
        parts = re.split(r"^== (\S+) / (\S+)$", txt.read_text(encoding="utf-8"), flags=re.M)
        for i in range(1, len(parts) - 2, 3):
            lines = [ln for ln in parts[i + 2].split("\n") if ln.strip()]
            out.append(Failure(seed, parts[i], parts[i + 1], lines))
    return out


def print_classes(failures: list[Failure], log: Callable[[str], None] = print) -> int:
    log("failure classes (schemas with the failure, an example seed; a schema may fail in several):")
    examples: dict[str, int] = {}
    counts: Counter[str] = Counter()
    for c, seed in sorted({(classify(f), f.seed) for f in failures}):
        counts[c] += 1
        examples.setdefault(c, seed)
    for c, n in counts.most_common():
        log(f"  {n:5d}  {c}  (seed {examples[c]})")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--schemas", type=int, default=200, help="how many schemas (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="the first schema's seed; schema k has seed SEED + k")
    ap.add_argument("--batch", type=int, default=40, help="schemas per build (default 40)")
    ap.add_argument("--near-limit", type=float, default=schemagen.Options.near_limit,
                    help="the fraction of schemas with a construct near a limit")
    ap.add_argument("--no-hostile-docs", action="store_true", help="plain doc comments only (debugging)")
    ap.add_argument("--no-hostile-names", action="store_true", help="plain names only (debugging)")
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
    options = schemagen.Options(near_limit=a.near_limit, hostile_docs=not a.no_hostile_docs,
                                hostile_names=not a.no_hostile_names, values_per_type=a.values)
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
        t0 = time.monotonic()
        batch = Batch(b, seeds[lo:lo + a.batch], options, work, log)
        stats.generated += len(batch.schemas)
        profiles = Counter(s.profile for s in batch.schemas.values())
        checked = batch.check()
        stats.checked += len(checked)
        batch.generate_all(checked, crate)
        # The three languages' builds run side by side: each is a chain of processes.
        built: dict[str, list[int]] = {lang: [] for lang in LANGS}
        steps: dict[str, Callable[[], list[int]]] = {
            "java": functools.partial(batch.java, checked), "rust": functools.partial(batch.rust, checked, crate),
            "python": functools.partial(batch.python, checked)}

        def build(lang: str, step: Callable[[], list[int]], into: dict[str, list[int]]) -> None:
            into[lang] = step()

        threads = [threading.Thread(target=build, args=(lang, steps[lang], built)) for lang in LANGS if lang not in skip]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        t1 = time.monotonic()
        built["java-dynamic"] = list(checked)
        busy = batch.round_trip(built, crate, java_testee, dynamic_testee)
        log(f"  round-trip: {time.monotonic() - t1:.1f} s ({busy})")
        in_all = [s for s in checked if all(s in built[lang] for lang in LANGS)
                  and not batch.failed[s] & {"java", "rust", "python", "python-pure"} - set()]
        all_built = [s for s in checked if all(s in built[lang] for lang in LANGS)]
        stats.built += len([s for s in all_built if not any(f.seed == s and f.stage == "import" for f in batch.failures)])
        stats.round_tripped += len([s for s in in_all if not batch.failed[s]])
        by_seed: dict[int, list[Failure]] = {}
        for f in batch.failures:
            by_seed.setdefault(f.seed, []).append(f)
        for s, fs in by_seed.items():
            d = keep_failure(batch, fs, store)
            log(f"  kept seed {s}: {shown(d)}")
        stats.failures += batch.failures
        log(f"batch {b}: seeds {seeds[lo]}..{seeds[min(lo + a.batch, len(seeds)) - 1]} "
            f"({', '.join(f'{n} {p}' for p, n in sorted(profiles.items()))}): {len(by_seed)} failing, "
            f"{time.monotonic() - t0:.0f} s")
        if not a.keep and not by_seed:
            shutil.rmtree(batch.dir, ignore_errors=True)
    elapsed = time.monotonic() - start
    failing = len({f.seed for f in stats.failures})
    log("")
    print_classes(stats.failures, log)
    log(f"\n{stats.generated} schemas generated, {stats.built} built in all three languages, "
        f"{stats.round_tripped} round-tripped, {failing} failures "
        f"({elapsed:.0f} s, {stats.generated / max(elapsed, 1) * 60:.1f} schemas per minute)")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
