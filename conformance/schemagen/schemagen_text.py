"""A generated schema and its .cser text (conformance/schemagen/README.md): ``Schema`` (the files,
the declarations, the profile) and ``render``, which writes one of its files as text."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemagen_model import Decl, SchemaFile, Type


@dataclass
class Schema:
    seed: int
    root: str  # the first package segment, unique to the seed (schemas of a batch share a build)
    files: list[SchemaFile]
    decls: list[Decl]
    profile: str
    rng_state: Any = None

    def texts(self) -> dict[str, str]:
        return {f.name: render(self, f) for f in self.files}

    def write(self, directory: Path) -> list[Path]:
        directory.mkdir(parents=True, exist_ok=True)
        paths = []
        for name, text in self.texts().items():
            p = directory / name
            p.write_bytes(text.encode("utf-8"))
            paths.append(p)
        return paths


def type_text(owner: Decl, t: Type) -> str:
    if t[0] == "s":
        scalar: str = t[1]
        return scalar
    if t[0] == "list":
        return f"list<{type_text(owner, t[1])}>"
    if t[0] == "map":
        return f"map<{type_text(owner, t[1])}, {type_text(owner, t[2])}>"
    if t[0] == "opt":
        return f"optional<{type_text(owner, t[1])}>"
    target: Decl = t[1]
    # same package: mostly the simple name, sometimes the qualified one (both are valid, SPEC §1)
    if target.pkg == owner.pkg and zlib.crc32(f"{owner.name} {target.name}".encode()) & 3:
        return target.name
    return target.qname


def _doc_lines(doc: list[str], indent: str) -> list[str]:
    out = []
    for line in doc:
        # a doc comment runs to the end of its line: CR and LF cannot be inside one
        out.append(f"{indent}///{line}".replace("\r", " ").replace("\n", " ") if line[:1] == " " else
                   f"{indent}/// {line}".replace("\r", " ").replace("\n", " "))
    return out


def render(schema: Schema, f: SchemaFile) -> str:
    lines = _doc_lines(f.doc, "")
    lines.append(f"package {f.pkg};")
    for i in f.imports:
        lines.append(f'import "{schema.files[i].name}";')
    for d in f.decls:
        lines.append("")
        lines += _doc_lines(d.doc, "")
        lines.append(f"{d.kind} {d.name} {{")
        for m in d.members:
            lines += _doc_lines(m.doc, "  ")
            if d.kind == "enum":
                lines.append(f"  {m.name} = {m.number};")
            else:
                dep = "deprecated " if m.deprecated else ""
                lines.append(f"  {dep}{type_text(d, m.type)} {m.name} = {m.number};")
        lines.append("}")
    return "\n".join(lines) + "\n"
