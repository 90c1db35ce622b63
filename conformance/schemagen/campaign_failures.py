"""The campaign's failures (conformance/schemagen/README.md): a ``Failure`` (a schema's stage,
language and first error lines), its class for the summary, the counts of a run (``Stats``), a
failing schema kept with its failure.txt, and the classes of a kept run read back."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from schemagen import EVOLVED, Options, Schema, generate, is_evolved


@dataclass
class Failure:
    seed: int
    stage: str  # check compile build lint import round-trip patch restream compat evolve
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
    (r"compat/", r"", "compat: cserc compat refuses an evolved partner's compatible changes"),
    (r"evolve/", r"changes them|bytes changed|writes the older bytes back unlike",
     "evolve: pass-through across versions is not byte-identical"),
    (r"evolve/", r"refuses", "evolve: a reader refuses the other version's bytes"),
    (r"evolve/", r"", "evolve: a value read across versions differs"),
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
    pairs: int = 0  # evolved partners generated (schemagen_evolve), each counted in generated too
    pairs_passed: int = 0  # pairs whose values crossed both ways in every language
    failures: list[Failure] = field(default_factory=list)


def keep_failure(sch: Schema, options: Options, failures: list[Failure], store: Path) -> Path:
    seed = failures[0].seed
    d = store / sch.root
    shutil.rmtree(d, ignore_errors=True)
    sch.write(d)
    if is_evolved(seed):
        generate(seed - EVOLVED, options).write(d / "older")
    with open(d / "failure.txt", "w", encoding="utf-8") as f:
        f.write(f"seed {seed} (profile {sch.profile}); regenerate: python3 conformance/schemagen/schemagen.py "
                f"--seed {seed}{options_flags(options)}\n")
        if is_evolved(seed):
            f.write(f"the evolved partner of seed {seed - EVOLVED}, whose files are in older/\n")
        for fl in failures:
            f.write(f"\n== {fl.stage} / {fl.lang}\n" + "\n".join(fl.lines) + "\n")
    return d


def options_flags(o: Options) -> str:
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
