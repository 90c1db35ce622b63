"""Reading with the writer's schema (SPEC §9.1): whether bytes a writer's schema wrote mean the same
read with the reader's, and if not, the first difference, in the same words as the Java and Rust
runtimes.

:func:`schema_difference` runs §9.1's algorithm step by step: pairs of types compared in the order
they are first met, breadth first from the root, each pair once; fields and variants by id, a name
found at another id a move; field types the same shape or a promotion within an integer family;
enum members by name in the reader's number order. It is the compiler's checker (``cserc
compat``, SPEC §9) applied to one writer and one reader, and agrees with it on
``conformance/schema-compat.json``.
"""

from __future__ import annotations

from collections import deque

from cser.schema_text import Member, SchemaText, TypeDecl, TypeRef

__all__ = ["schema_difference"]

# Which built-ins another one widens to, in the families whose values are written alike (SPEC §9):
# zigzag varints, varints, and the bytes 0 and 1.
_WIDENS_TO = {
    "i16": frozenset(("i32", "i64")),
    "i32": frozenset(("i64",)),
    "u16": frozenset(("u32", "u64")),
    "u32": frozenset(("u64",)),
    "bool": frozenset(("u8", "u16", "u32", "u64")),
}
_ARTICLES = {"record": "a record", "struct": "a struct", "union": "a union", "enum": "an enum"}

_Pair = tuple[TypeDecl, TypeDecl]


def schema_difference(writer: str | SchemaText, reader: str | SchemaText, root: str) -> str | None:
    """The first difference (SPEC §9.1) that makes bytes written with the canonical text ``writer``
    read as something else with the canonical text ``reader``, both of the root type ``root`` (a
    qualified name), or ``None`` when they are compatible: the reader then reads them, keeping
    what it does not know, and fails loudly on a promoted integer out of its range.

    The texts are parsed first (:meth:`SchemaText.parse`; a bad one raises
    :class:`~cser.schema_text.SchemaTextError`). ``root`` must be a type of the reader's text
    (else :class:`ValueError`)."""
    w = writer if isinstance(writer, SchemaText) else SchemaText.parse(writer)
    r = reader if isinstance(reader, SchemaText) else SchemaText.parse(reader)
    reader_root = r.types.get(root)
    if reader_root is None:
        raise ValueError(f"{root} is not a type of the reader's schema")
    if w.text == r.text:
        return None
    writer_root = w.types.get(root)
    if writer_root is None:
        return f"{root}: not in the writer's schema"
    return _Comparison(w, r).run((writer_root, reader_root))


class _Comparison:
    """The walk of §9.1 steps 2-6 over one writer's and one reader's types."""

    def __init__(self, writer: SchemaText, reader: SchemaText) -> None:
        self.writer = writer
        self.reader = reader
        self.pending: deque[_Pair] = deque()
        self.queued: set[tuple[str, str]] = set()

    def run(self, root: _Pair) -> str | None:
        self.queue([root])
        while self.pending:
            difference = self.compare(*self.pending.popleft())
            if difference is not None:
                return difference
        return None

    def queue(self, pairs: list[_Pair]) -> None:
        """Queues each pair not met before (step 2: each pair once, so recursion ends)."""
        for w, r in pairs:
            key = (w.name, r.name)
            if key not in self.queued:
                self.queued.add(key)
                self.pending.append((w, r))

    def compare(self, w: TypeDecl, r: TypeDecl) -> str | None:
        owner = r.name if w.name == r.name else f"{r.name} (the writer's {w.name})"
        if w.kind != r.kind:
            return f"{owner}: {_ARTICLES[w.kind]} in the writer's schema, {_ARTICLES[r.kind]} in the reader's"
        if r.kind == "enum":
            return _compare_enums(w, r, owner)
        if r.kind == "struct" and len(w.members) != len(r.members):
            # "1 field", "2 fields": as the Java runtime words it (conformance/schema-compat.json).
            n = len(w.members)
            fields = "1 field" if n == 1 else f"{n} fields"
            return f"struct {owner}: {fields} in the writer's schema, {len(r.members)} in the reader's"
        return self.compare_members(w.members, r.members, "variant" if r.kind == "union" else "field", owner)

    def compare_members(self, ws: tuple[Member, ...], rs: tuple[Member, ...], what: str, owner: str) -> str | None:
        """Step 4: fields (or variants) by id, from 1 to the larger count; ids run 1..N, so a
        member's id is its index plus one."""
        writer_ids = {m.name: m.id for m in ws}
        reader_ids = {m.name: m.id for m in rs}

        def moved(name: str, writer_id: int, reader_id: int) -> str:
            return f"{what} '{name}' of {owner}: id {writer_id} in the writer's schema, id {reader_id} in the reader's"

        for i in range(max(len(ws), len(rs))):
            wm = ws[i] if i < len(ws) else None
            rm = rs[i] if i < len(rs) else None
            if wm is not None and rm is not None:
                if wm.name != rm.name:
                    at = writer_ids.get(rm.name)
                    if at is not None:
                        return moved(rm.name, at, rm.id)
                    at = reader_ids.get(wm.name)
                    if at is not None:
                        return moved(wm.name, wm.id, at)
                difference = self.compare_types(wm, rm, what, owner)
                if difference is not None:
                    return difference
            elif wm is not None:
                at = reader_ids.get(wm.name)
                if at is not None:
                    return moved(wm.name, wm.id, at)
            elif rm is not None:
                at = writer_ids.get(rm.name)
                if at is not None:
                    return moved(rm.name, at, rm.id)
            # Else an appended field (kept as unknown fields, or read as its zero value) or variant.
        return None

    def compare_types(self, wm: Member, rm: Member, what: str, owner: str) -> str | None:
        """Step 5: the same shape, or a promotion; the pairs of named types the field's type
        makes are queued once the whole of it matched."""
        pairs: list[_Pair] = []
        if not self.same_shape(wm.type, rm.type, pairs):
            pairs.clear()
            if not self.promotes(wm.type, rm.type, pairs, [None]):
                return (
                    f"{what} '{rm.name}' (id {rm.id}) of {owner}: {wm.type.spelling} in the writer's schema, "
                    f"{rm.type.spelling} in the reader's"
                )
        self.queue(pairs)
        return None

    def same_shape(self, w: TypeRef, r: TypeRef, pairs: list[_Pair]) -> bool:
        """The same built-in; lists, maps or optionals of the same shapes; or named types of the
        same kind or of the same name, whose pair is added to ``pairs`` (left to right)."""
        if w.builtin is not None or r.builtin is not None:
            return w.builtin == r.builtin
        if w.generic is not None or r.generic is not None:
            return w.generic == r.generic and all(
                self.same_shape(a, b, pairs) for a, b in zip(w.args, r.args, strict=True)
            )
        return self.named_pair(w, r, pairs)

    def named_pair(self, w: TypeRef, r: TypeRef, pairs: list[_Pair]) -> bool:
        wd = self.writer.types[w.named or ""]
        rd = self.reader.types[r.named or ""]
        if wd.kind == rd.kind or wd.name == rd.name:
            pairs.append((wd, rd))
            return True
        return False

    def promotes(self, w: TypeRef, r: TypeRef, pairs: list[_Pair], direction: list[bool | None]) -> bool:
        """Whether every built-in that differs between ``w`` and ``r`` widens within its family,
        all in one direction (``direction[0]``: True once one widened from the writer to the
        reader, False once one narrowed), all else being the same shape."""
        if w.builtin is not None and r.builtin is not None:
            if w.builtin == r.builtin:
                return True
            if r.builtin in _WIDENS_TO.get(w.builtin, ()):
                wider = True
            elif w.builtin in _WIDENS_TO.get(r.builtin, ()):
                wider = False
            else:
                return False
            if direction[0] is not None and direction[0] != wider:
                return False
            direction[0] = wider
            return True
        if w.generic is not None and w.generic == r.generic:
            return all(self.promotes(a, b, pairs, direction) for a, b in zip(w.args, r.args, strict=True))
        return self.same_shape(w, r, pairs)


def _compare_enums(w: TypeDecl, r: TypeDecl, owner: str) -> str | None:
    """Step 6: the reader's members in number order; one whose name has another number in the
    writer's differs. Members added, removed or renamed are compatible (unknown numbers are kept)."""
    writer_numbers = {m.name: m.number for m in w.enum_members}
    for m in r.enum_members:
        number = writer_numbers.get(m.name)
        if number is not None and number != m.number:
            return f"member {m.name} of {owner}: {number} in the writer's schema, {m.number} in the reader's"
    return None
