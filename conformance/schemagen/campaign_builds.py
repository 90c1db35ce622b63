"""The build stages of a batch per language (conformance/schemagen/README.md): Java (cserc, javac
-Xlint:all -Werror), Rust (cserc, rustfmt as cser-build runs it and --check, clippy -D warnings,
the testee's build) and Python (cserc, ruff with the rules for generated code, mypy --strict).
Each gives the schemas that passed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from campaign_batch import Batch
from campaign_env import RUFF_RULES, RUSTFMT_TIMEOUT, TARGET, VENV, java_classpath, run
from campaign_setup import apply_recursion_limit


def java(batch: Batch, seeds: list[int]) -> list[int]:
    out = batch.dir / "java"

    def gen(ss: list[int]) -> tuple[bool, str]:
        return batch.generate("java", out / "src", ss)

    seeds = batch.settle("compile", "java", seeds, gen)
    if not seeds:
        return seeds
    cp = java_classpath()

    def javac(ss: list[int]) -> tuple[bool, str]:
        classes = out / "classes"
        shutil.rmtree(classes, ignore_errors=True)
        sources = [str(p) for s in ss for p in (out / "src" / f"c{s}").rglob("*.java")]
        argfile = out / "sources.txt"
        argfile.write_text("\n".join(f'"{p}"' for p in sources))
        return run(["javac", "-Xlint:all", "-Werror", "-encoding", "UTF-8", "-Xmaxerrs", "10000",
                    "-Xmaxwarns", "10000", "-d", str(classes), "-cp", cp, f"@{argfile}"])

    return batch.settle("build", "java", seeds, javac)


def rust(batch: Batch, seeds: list[int], crate: Path) -> list[int]:
    gen = crate / "gen"

    def generate(ss: list[int]) -> tuple[bool, str]:
        ok, text = batch.generate("rust", gen, ss)
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
        return run(["cargo", "clippy", "-q", "--lib", "--", "-D", "warnings"], cwd=crate, env=cargo_env(crate))

    def build(ss: list[int]) -> tuple[bool, str]:
        ok, text = fmt(ss)
        if not ok:
            return ok, text
        return run(["cargo", "build", "-q", "--bin", "schemagen-testee"], cwd=crate, env=cargo_env(crate))

    seeds = batch.settle("compile", "rust", seeds, generate)
    seeds = batch.settle("lint", "rust", seeds, fmt)
    seeds = batch.settle("lint", "rust", seeds, clippy)
    seeds = batch.settle("build", "rust", seeds, build)
    return seeds


def cargo_env(crate: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["CARGO_TARGET_DIR"] = str(crate / "target")
    return env


def python(batch: Batch, seeds: list[int]) -> list[int]:
    gen = batch.dir / "python"

    def generate(ss: list[int]) -> tuple[bool, str]:
        return batch.generate("python", gen, ss)

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

    seeds = batch.settle("compile", "python", seeds, generate)
    seeds = batch.settle("lint", "python", seeds, ruff)
    seeds = batch.settle("lint", "python", seeds, mypy)
    return seeds
