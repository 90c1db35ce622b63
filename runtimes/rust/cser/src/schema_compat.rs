//! Whether a writer's schema can be read with a reader's (SPEC §9.1): the first difference that
//! would make a reader read something as something else, in words every runtime spells the
//! same way, or none.
//!
//! It is the comparison of `cserc compat` (the compiler's `CompatChecker`) applied to one
//! writer, one reader and one root, in category `wire`: what protects a schema's history
//! rather than this pair (a field, variant or member removed) is compatible here.

use std::collections::{HashMap, HashSet, VecDeque};

use crate::schema_text::{Builtin, Field, Kind, SchemaText, TypeDecl, TypeRef};

/// The first difference between the writer's schema and the reader's that makes the writer's
/// bytes mean something else to the reader (SPEC §9.1, steps 1–6), or `None` when the reader
/// reads them as the writer meant them. `root` is the qualified name of the reader's root type,
/// which the writer's type of the same name is paired with.
///
/// ```
/// use cser::schema_compat::difference;
/// use cser::SchemaText;
///
/// let writer = SchemaText::parse("record a.b.Order{1:string id;2:i64 created_at;}\n").unwrap();
/// let reader = SchemaText::parse("record a.b.Order{1:string id;2:u64 created_at;}\n").unwrap();
/// assert_eq!(
///     difference(&writer, &reader, "a.b.Order").as_deref(),
///     Some("field 'created_at' (id 2) of a.b.Order: i64 in the writer's schema, u64 in the reader's")
/// );
/// ```
pub fn difference(writer: &SchemaText, reader: &SchemaText, root: &str) -> Option<String> {
    if writer.as_str() == reader.as_str() {
        return None;
    }
    let Some(r) = reader.index_of(root) else {
        return Some(format!("{root}: not in the reader's schema"));
    };
    let Some(w) = writer.index_of(root) else {
        return Some(format!("{root}: not in the writer's schema"));
    };
    Comparison {
        writer,
        reader,
        queued: HashSet::new(),
        queue: VecDeque::new(),
    }
    .run(w, r)
}

/// The breadth-first walk over pairs of types (writer's index, reader's index).
struct Comparison<'a> {
    writer: &'a SchemaText,
    reader: &'a SchemaText,
    queued: HashSet<(usize, usize)>,
    queue: VecDeque<(usize, usize)>,
}

/// Which way a field's integers change, writer to reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Wider,
    Narrower,
}

impl Comparison<'_> {
    fn run(mut self, w: usize, r: usize) -> Option<String> {
        self.enqueue(w, r);
        while let Some((w, r)) = self.queue.pop_front() {
            if let Some(d) = self.compare(w, r) {
                return Some(d);
            }
        }
        None
    }

    fn enqueue(&mut self, w: usize, r: usize) {
        if self.queued.insert((w, r)) {
            self.queue.push_back((w, r));
        }
    }

    /// Steps 2–4 and 6 for one pair.
    fn compare(&mut self, w: usize, r: usize) -> Option<String> {
        let wt = &self.writer.types()[w];
        let rt = &self.reader.types()[r];
        let t = owner(wt, rt);
        if wt.kind() != rt.kind() {
            return Some(format!(
                "{t}: {} in the writer's schema, {} in the reader's",
                wt.kind().with_article(),
                rt.kind().with_article()
            ));
        }
        match rt.kind() {
            Kind::Enum => members(wt, rt, &t),
            Kind::Struct if wt.fields().len() != rt.fields().len() => Some(format!(
                "struct {t}: {} in the writer's schema, {} in the reader's",
                field_count(wt.fields().len()),
                rt.fields().len()
            )),
            _ => self.fields(wt, rt, &t),
        }
    }

    /// Step 4: fields or variants by id.
    fn fields(&mut self, wt: &TypeDecl, rt: &TypeDecl, t: &str) -> Option<String> {
        let what = if rt.kind() == Kind::Union {
            "variant"
        } else {
            "field"
        };
        let writer_ids: HashMap<&str, u32> =
            wt.fields().iter().map(|f| (f.name(), f.id())).collect();
        let reader_ids: HashMap<&str, u32> =
            rt.fields().iter().map(|f| (f.name(), f.id())).collect();
        let moved = |name: &str, writer_id: u32, reader_id: u32| {
            format!(
                "{what} '{name}' of {t}: id {writer_id} in the writer's schema, id {reader_id} in the reader's"
            )
        };
        let count = wt.fields().len().max(rt.fields().len());
        for i in 0..count {
            let id = i as u32 + 1;
            match (wt.fields().get(i), rt.fields().get(i)) {
                (Some(wf), Some(rf)) => {
                    if wf.name() != rf.name() {
                        if let Some(&writer_id) = writer_ids.get(rf.name()) {
                            return Some(moved(rf.name(), writer_id, id));
                        }
                        if let Some(&reader_id) = reader_ids.get(wf.name()) {
                            return Some(moved(wf.name(), id, reader_id));
                        }
                    }
                    if let Some(d) = self.field_types(wf, rf, what, t) {
                        return Some(d);
                    }
                }
                (None, Some(rf)) => {
                    if let Some(&writer_id) = writer_ids.get(rf.name()) {
                        return Some(moved(rf.name(), writer_id, id));
                    }
                }
                (Some(wf), None) => {
                    if let Some(&reader_id) = reader_ids.get(wf.name()) {
                        return Some(moved(wf.name(), id, reader_id));
                    }
                }
                (None, None) => {}
            }
        }
        None
    }

    /// Step 5: the types of one field (or variant) in both.
    fn field_types(&mut self, wf: &Field, rf: &Field, what: &str, t: &str) -> Option<String> {
        let mut pairs = Vec::new();
        if self.same_shape(wf.ty(), rf.ty(), &mut pairs) {
            pairs.into_iter().for_each(|(w, r)| self.enqueue(w, r));
            return None;
        }
        pairs.clear();
        let mut direction = None;
        if self.promotes(wf.ty(), rf.ty(), &mut pairs, &mut direction) {
            pairs.into_iter().for_each(|(w, r)| self.enqueue(w, r));
            return None;
        }
        Some(format!(
            "{what} '{}' (id {}) of {t}: {} in the writer's schema, {} in the reader's",
            rf.name(),
            rf.id(),
            self.writer.spell(wf.ty()),
            self.reader.spell(rf.ty())
        ))
    }

    /// The same built-in type; lists, maps or optionals of the same shapes; or named types of
    /// the same kind or the same name, whose pair is added to `pairs` (left to right).
    fn same_shape(&self, w: &TypeRef, r: &TypeRef, pairs: &mut Vec<(usize, usize)>) -> bool {
        match (w, r) {
            (TypeRef::Builtin(a), TypeRef::Builtin(b)) => a == b,
            (TypeRef::List(a), TypeRef::List(b)) | (TypeRef::Optional(a), TypeRef::Optional(b)) => {
                self.same_shape(a, b, pairs)
            }
            (TypeRef::Map(wk, wv), TypeRef::Map(rk, rv)) => {
                self.same_shape(wk, rk, pairs) && self.same_shape(wv, rv, pairs)
            }
            (TypeRef::Named(a), TypeRef::Named(b)) => self.named_pair(*a, *b, pairs),
            _ => false,
        }
    }

    fn named_pair(&self, w: usize, r: usize, pairs: &mut Vec<(usize, usize)>) -> bool {
        let (wt, rt) = (&self.writer.types()[w], &self.reader.types()[r]);
        if wt.kind() == rt.kind() || wt.name() == rt.name() {
            pairs.push((w, r));
            true
        } else {
            false
        }
    }

    /// The same shape but for built-in types that each widen (or each narrow) within their
    /// family (SPEC §9).
    fn promotes(
        &self,
        w: &TypeRef,
        r: &TypeRef,
        pairs: &mut Vec<(usize, usize)>,
        direction: &mut Option<Direction>,
    ) -> bool {
        match (w, r) {
            (TypeRef::Builtin(a), TypeRef::Builtin(b)) => {
                if a == b {
                    return true;
                }
                let d = if widens(*a, *b) {
                    Direction::Wider
                } else if widens(*b, *a) {
                    Direction::Narrower
                } else {
                    return false;
                };
                *direction.get_or_insert(d) == d
            }
            (TypeRef::List(a), TypeRef::List(b)) | (TypeRef::Optional(a), TypeRef::Optional(b)) => {
                self.promotes(a, b, pairs, direction)
            }
            (TypeRef::Map(wk, wv), TypeRef::Map(rk, rv)) => {
                self.promotes(wk, rk, pairs, direction) && self.promotes(wv, rv, pairs, direction)
            }
            _ => self.same_shape(w, r, pairs),
        }
    }
}

/// Step 6: the reader's members in value order; a name with another number in the writer's.
fn members(wt: &TypeDecl, rt: &TypeDecl, t: &str) -> Option<String> {
    let writer_numbers: HashMap<&str, u32> = wt
        .members()
        .iter()
        .map(|m| (m.name(), m.number()))
        .collect();
    rt.members().iter().find_map(|m| {
        let &w = writer_numbers.get(m.name())?;
        (w != m.number()).then(|| {
            format!(
                "member {} of {t}: {w} in the writer's schema, {} in the reader's",
                m.name(),
                m.number()
            )
        })
    })
}

/// A count of fields as step 3 says it: `1 field`, `2 fields`.
fn field_count(n: usize) -> String {
    if n == 1 {
        "1 field".to_owned()
    } else {
        format!("{n} fields")
    }
}

/// How a pair is named: the reader's name, and the writer's when it differs.
fn owner(wt: &TypeDecl, rt: &TypeDecl) -> String {
    if wt.name() == rt.name() {
        rt.name().to_owned()
    } else {
        format!("{} (the writer's {})", rt.name(), wt.name())
    }
}

/// Whether every value of `from` is written as the same value of `to` is (SPEC §9).
fn widens(from: Builtin, to: Builtin) -> bool {
    use Builtin::*;
    match from {
        I16 => matches!(to, I32 | I64),
        I32 => to == I64,
        U16 => matches!(to, U32 | U64),
        U32 => to == U64,
        Bool => matches!(to, U8 | U16 | U32 | U64),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The difference between two texts, root `a.b.T`. The tests write the root's line
    /// first; here the lines are sorted, as in a canonical text.
    fn diff(writer: &str, reader: &str) -> Option<String> {
        let parse = |text: &str| {
            let mut lines: Vec<&str> = text.lines().collect();
            lines.sort_by_key(|l| l.split(['{', ' ']).nth(1));
            let sorted: String = lines.iter().map(|l| format!("{l}\n")).collect();
            SchemaText::parse(&sorted).unwrap_or_else(|e| panic!("{e}\n{sorted}"))
        };
        difference(&parse(writer), &parse(reader), "a.b.T")
    }

    fn same(writer: &str, reader: &str) {
        assert_eq!(diff(writer, reader), None, "\n{writer}\n{reader}");
    }

    fn differs(writer: &str, reader: &str, expected: &str) {
        assert_eq!(
            diff(writer, reader).as_deref(),
            Some(expected),
            "\n{writer}\n{reader}"
        );
    }

    #[test]
    fn step1_equal_texts_and_the_root() {
        same("record a.b.T{1:i32 x;}\n", "record a.b.T{1:i32 x;}\n");
        differs(
            "record a.b.S{1:i32 x;}\n",
            "record a.b.T{1:i32 x;}\n",
            "a.b.T: not in the writer's schema",
        );
        differs(
            "record a.b.T{1:i32 x;}\n",
            "record a.b.S{1:i32 x;}\n",
            "a.b.T: not in the reader's schema",
        );
    }

    #[test]
    fn step2_kinds() {
        differs(
            "record a.b.T{1:i32 x;}\n",
            "struct a.b.T{1:i32 x;}\n",
            "a.b.T: a record in the writer's schema, a struct in the reader's",
        );
        differs(
            "union a.b.T{1:i32 x;}\n",
            "enum a.b.T{X=0;}\n",
            "a.b.T: a union in the writer's schema, an enum in the reader's",
        );
        // Named types of the same name but different kinds are a pair, which then differs.
        differs(
            "record a.b.T{1:a.b.P p;}\nstruct a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.P p;}\nrecord a.b.P{1:i32 x;}\n",
            "a.b.P: a struct in the writer's schema, a record in the reader's",
        );
        // Of the same kind under another name, they are compared under both names.
        differs(
            "record a.b.T{1:a.b.P p;}\nrecord a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.Q p;}\nrecord a.b.Q{1:bytes x;2:string y;}\n",
            "field 'x' (id 1) of a.b.Q (the writer's a.b.P): i32 in the writer's schema, bytes in the reader's",
        );
        same(
            "record a.b.T{1:a.b.P p;}\nrecord a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.Q p;}\nrecord a.b.Q{1:i32 x;2:string y;}\n",
        );
        // Of another kind and another name: the field's type differs.
        differs(
            "record a.b.T{1:a.b.P p;}\nrecord a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.Q p;}\nstruct a.b.Q{1:i32 x;}\n",
            "field 'p' (id 1) of a.b.T: a.b.P in the writer's schema, a.b.Q in the reader's",
        );
        differs(
            "record a.b.T{1:x.y.P p;}\nstruct x.y.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.Q p;}\nstruct a.b.Q{1:u32 x;}\n",
            "field 'x' (id 1) of a.b.Q (the writer's x.y.P): i32 in the writer's schema, u32 in the reader's",
        );
    }

    #[test]
    fn step3_struct_field_counts() {
        differs(
            "struct a.b.T{1:i32 x;2:i32 y;}\n",
            "struct a.b.T{1:i32 x;2:i32 y;3:i32 z;}\n",
            "struct a.b.T: 2 fields in the writer's schema, 3 in the reader's",
        );
        differs(
            "record a.b.T{1:a.b.P p;}\nstruct a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.Q p;}\nstruct a.b.Q{1!:i32 x;2:bool b;}\n",
            "struct a.b.Q (the writer's a.b.P): 1 field in the writer's schema, 2 in the reader's",
        );
        // Renamed or deprecated struct fields change nothing on the wire.
        differs(
            "struct a.b.T{1:i32 x;2:i32 y;}\n",
            "struct a.b.T{1:i32 x;}\n",
            "struct a.b.T: 2 fields in the writer's schema, 1 in the reader's",
        );
        same("struct a.b.T{1:i32 x;}\n", "struct a.b.T{1!:i32 y;}\n");
    }

    #[test]
    fn step4_moves_appends_and_removals() {
        // The reader's name at another id in the writer's.
        differs(
            "record a.b.T{1:i32 a;2:i32 b;3:i32 c;}\n",
            "record a.b.T{1:i32 a;2:i32 c;3:i32 b;}\n",
            "field 'c' of a.b.T: id 3 in the writer's schema, id 2 in the reader's",
        );
        // Else the writer's name at another id in the reader's (a field inserted before it).
        differs(
            "record a.b.T{1:i32 a;2:i32 b;}\n",
            "record a.b.T{1:i32 a;2:i32 new;3:i32 b;}\n",
            "field 'b' of a.b.T: id 2 in the writer's schema, id 3 in the reader's",
        );
        // An id only the reader has, whose name the writer has elsewhere.
        differs(
            "record a.b.T{1:i32 b;}\n",
            "record a.b.T{1:i32 a;2:i32 b;}\n",
            "field 'b' of a.b.T: id 1 in the writer's schema, id 2 in the reader's",
        );
        // An id only the writer has, whose name the reader has elsewhere.
        differs(
            "record a.b.T{1:i32 a;2:i32 b;}\n",
            "record a.b.T{1:i32 b;}\n",
            "field 'b' of a.b.T: id 2 in the writer's schema, id 1 in the reader's",
        );
        // Appended and removed fields, renamed ones (compared by type), deprecation.
        same(
            "record a.b.T{1:i32 a;}\n",
            "record a.b.T{1:i32 a;2:string b;}\n",
        );
        same(
            "record a.b.T{1:i32 a;2:string b;}\n",
            "record a.b.T{1:i32 a;}\n",
        );
        same("record a.b.T{1:i32 a;}\n", "record a.b.T{1!:i32 z;}\n");
        differs(
            "record a.b.T{1:i32 a;}\n",
            "record a.b.T{1:string z;}\n",
            "field 'z' (id 1) of a.b.T: i32 in the writer's schema, string in the reader's",
        );
        // Variants alike.
        differs(
            "union a.b.T{1:i32 a;2:string b;}\n",
            "union a.b.T{1:string b;2:i32 a;}\n",
            "variant 'b' of a.b.T: id 2 in the writer's schema, id 1 in the reader's",
        );
        same(
            "union a.b.T{1:i32 a;}\n",
            "union a.b.T{1:i32 a;2:string b;}\n",
        );
        same(
            "union a.b.T{1:i32 a;2:string b;}\n",
            "union a.b.T{1:i32 a;}\n",
        );
        differs(
            "union a.b.T{1:i32 a;}\n",
            "union a.b.T{1:u32 a;2:bytes x;}\n",
            "variant 'a' (id 1) of a.b.T: i32 in the writer's schema, u32 in the reader's",
        );
        // The first difference by id: a type change at 1 before a move at 2.
        differs(
            "record a.b.T{1:i32 a;2:i32 b;3:i32 c;}\n",
            "record a.b.T{1:u32 a;2:i32 c;3:i32 b;}\n",
            "field 'a' (id 1) of a.b.T: i32 in the writer's schema, u32 in the reader's",
        );
    }

    #[test]
    fn step5_shapes_and_promotions() {
        let pairs = [
            ("i16", "i32"),
            ("i16", "i64"),
            ("i32", "i64"),
            ("u16", "u32"),
            ("u16", "u64"),
            ("u32", "u64"),
            ("bool", "u8"),
            ("bool", "u16"),
            ("bool", "u32"),
            ("bool", "u64"),
            ("list<i16>", "list<i64>"),
            ("optional<u32>", "optional<u64>"),
            ("map<i16, bool>", "map<i32, u8>"),
            (
                "map<string, list<optional<u16>>>",
                "map<string, list<optional<u32>>>",
            ),
        ];
        for (narrow, wide) in pairs {
            let w = format!("record a.b.T{{1:{narrow} f;}}\n");
            let r = format!("record a.b.T{{1:{wide} f;}}\n");
            same(&w, &r);
            same(&r, &w);
        }
        let differences = [
            ("i8", "i16"),
            ("u8", "u16"),
            ("i32", "u32"),
            ("u32", "i64"),
            ("bool", "i8"),
            ("f32", "f64"),
            ("string", "bytes"),
            ("i32", "optional<i32>"),
            ("optional<i32>", "i32"),
            ("list<i32>", "map<i32, i32>"),
            ("list<i32>", "i32"),
            // Widened in one place, narrowed in another.
            ("map<i16, i64>", "map<i32, i32>"),
            ("map<i16, list<i64>>", "map<i32, list<i32>>"),
            // A promotion with another change.
            ("map<i16, i32>", "map<i32, u32>"),
        ];
        for (writer, reader) in differences {
            differs(
                &format!("record a.b.T{{1:{writer} f;}}\n"),
                &format!("record a.b.T{{1:{reader} f;}}\n"),
                &format!(
                    "field 'f' (id 1) of a.b.T: {writer} in the writer's schema, {reader} in the reader's"
                ),
            );
        }
        // Named types in a promoted field are compared too.
        differs(
            "record a.b.T{1:map<i16, a.b.E> m;}\nenum a.b.E{A=0;B=1;}\n",
            "record a.b.T{1:map<i32, a.b.E> m;}\nenum a.b.E{A=0;B=2;}\n",
            "member B of a.b.E: 1 in the writer's schema, 2 in the reader's",
        );
        // Deprecation does not matter: a deprecated field is on the wire.
        differs(
            "record a.b.T{1!:i32 f;}\n",
            "record a.b.T{1!:string f;}\n",
            "field 'f' (id 1) of a.b.T: i32 in the writer's schema, string in the reader's",
        );
    }

    #[test]
    fn step5_pairs_queue_only_when_the_whole_type_matched() {
        // The key names a changed enum, but the value differs: the field is the difference,
        // and the enum is never compared.
        differs(
            "record a.b.T{1:map<a.b.E, i32> m;}\nenum a.b.E{A=0;B=1;}\n",
            "record a.b.T{1:map<a.b.E, string> m;}\nenum a.b.E{A=0;B=2;}\n",
            "field 'm' (id 1) of a.b.T: map<a.b.E, i32> in the writer's schema, map<a.b.E, string> in the reader's",
        );
    }

    #[test]
    fn step2_breadth_first_order_each_pair_once() {
        // T's fields name P then Q; P names R. Breadth first: P and Q before R.
        let writer = "record a.b.P{1:a.b.R r;}\nrecord a.b.Q{1:i32 q;}\nrecord a.b.R{1:i32 r;}\n\
                      record a.b.T{1:a.b.P p;2:a.b.Q q;}\n";
        let reader = "record a.b.P{1:a.b.R r;}\nrecord a.b.Q{1:u32 q;}\nrecord a.b.R{1:u32 r;}\n\
                      record a.b.T{1:a.b.P p;2:a.b.Q q;}\n";
        differs(
            writer,
            reader,
            "field 'q' (id 1) of a.b.Q: i32 in the writer's schema, u32 in the reader's",
        );
        // A map's key before its value.
        differs(
            "record a.b.T{1:map<a.b.K, a.b.V> m;}\nenum a.b.K{A=0;B=1;}\nrecord a.b.V{1:i32 v;}\n",
            "record a.b.T{1:map<a.b.K, a.b.V> m;}\nenum a.b.K{A=0;B=2;}\nrecord a.b.V{1:u32 v;}\n",
            "member B of a.b.K: 1 in the writer's schema, 2 in the reader's",
        );
        // Recursion ends: each pair is compared once.
        same(
            "record a.b.T{1:list<a.b.T> kids;2:optional<a.b.U> u;}\nunion a.b.U{1:a.b.T t;}\n",
            "record a.b.T{1:list<a.b.T> kids;2:optional<a.b.U> u;3:i32 n;}\nunion a.b.U{1:a.b.T t;}\n",
        );
        // One writer type paired with two reader types: two pairs, both compared.
        differs(
            "record a.b.T{1:a.b.P a;2:a.b.P b;}\nrecord a.b.P{1:i32 x;}\n",
            "record a.b.T{1:a.b.P a;2:a.b.Q b;}\nrecord a.b.P{1:i32 x;}\nrecord a.b.Q{1:u32 x;}\n",
            "field 'x' (id 1) of a.b.Q (the writer's a.b.P): i32 in the writer's schema, u32 in the reader's",
        );
        // Types the root does not reach do not count.
        same(
            "record a.b.T{1:i32 x;}\nrecord a.b.Z{1:i32 z;}\n",
            "record a.b.T{1:i32 x;}\nrecord a.b.Z{1:string z;}\n",
        );
    }

    #[test]
    fn step6_enums() {
        differs(
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;PAID=1;SHIPPED=2;}\n",
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;SHIPPED=1;PAID=2;}\n",
            "member SHIPPED of a.b.S: 2 in the writer's schema, 1 in the reader's",
        );
        // Added, removed and renamed members are compatible.
        same(
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;PAID=1;}\n",
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;SETTLED=1;SHIPPED=2;}\n",
        );
        same(
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;PAID=1;GONE=2;}\n",
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{NEW=0;PAID=1;}\n",
        );
        // A renamed enum is followed.
        differs(
            "record a.b.T{1:a.b.S s;}\nenum a.b.S{A=0;B=1;}\n",
            "record a.b.T{1:a.b.R s;}\nenum a.b.R{A=0;B=3;}\n",
            "member B of a.b.R (the writer's a.b.S): 1 in the writer's schema, 3 in the reader's",
        );
    }

    #[test]
    fn the_spec_message_example() {
        differs(
            "record a.b.T{1:string id;2:i64 created_at;}\n",
            "record a.b.T{1:string id;2:u64 created_at;}\n",
            "field 'created_at' (id 2) of a.b.T: i64 in the writer's schema, u64 in the reader's",
        );
    }
}
