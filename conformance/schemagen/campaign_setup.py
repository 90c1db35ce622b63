"""The campaign's testees, set up once per run (conformance/schemagen/README.md): the Rust crate a
batch's code is built in (conformance/rust/template's testee as its binary), with the recursion
limit each batch's code asks for, and the Java and java-dynamic testees, compiled when their
sources changed."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from campaign_env import HERE, JAR, ROOT, TARGET, java_classpath, run, write_if_changed


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
    cp = java_classpath()
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
