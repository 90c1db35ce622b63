//! The canonical schema text of a generated type (SPEC §8.1), put together from the pieces
//! generated code carries, and the two numbers of a stream header derived by SHA-256 (SPEC §8).
//!
//! Every generated record, struct, union and enum implements [`Canonical`]: its own line of
//! canonical text and the types that line names. [`canonical_text`] follows those names from a
//! root with a work queue, not by recursion (a chain of ten thousand types is as safe as one),
//! takes each type once and sorts the lines by qualified name. A whole text per type would grow
//! with the square of the schema's size, as a type may reach every other.
//!
//! ```
//! use cser::{canonical_text, fingerprint, Canonical, CanonicalLines};
//!
//! struct Point;
//! impl Canonical for Point {
//!     const CANONICAL_LINE: &'static str = "struct geo.Point{1:f64 x;2:f64 y;}";
//!     fn canonical_named(_lines: &mut CanonicalLines) {}
//! }
//! struct Path;
//! impl Canonical for Path {
//!     const CANONICAL_LINE: &'static str = "record geo.Path{1:list<geo.Point> points;}";
//!     fn canonical_named(lines: &mut CanonicalLines) {
//!         lines.add::<Point>();
//!     }
//! }
//!
//! let text = canonical_text::<Path>();
//! assert_eq!(text, "record geo.Path{1:list<geo.Point> points;}\nstruct geo.Point{1:f64 x;2:f64 y;}\n");
//! let _header_fingerprint = fingerprint(&text);
//! ```

use std::collections::HashSet;

use crate::sha256;

/// A generated type's piece of canonical text (SPEC §8.1). The compiler implements it for every
/// record, struct, union and enum; [`canonical_text`] puts the pieces of everything a root
/// reaches together.
///
/// The names cannot meet a schema's: the constant is in upper case, which no type or field
/// name is, and an enum member of the same name is an inherent constant, which Rust resolves
/// before this one (`Color::CANONICAL_LINE` is the member, `<Color as Canonical>::…` the line).
pub trait Canonical {
    /// This type's own line of canonical text, without its newline, e.g.
    /// `record a.b.Media{1:string uri;2:a.b.Image image;}`.
    const CANONICAL_LINE: &'static str;

    /// Adds the other types this type's line names, each once, in the order the line names
    /// them ([`CanonicalLines::add`]). It adds, it does not follow: [`canonical_text`] does.
    fn canonical_named(lines: &mut CanonicalLines);
}

/// A type met while putting a canonical text together: its line, and how to find the types it
/// names.
type Piece = (&'static str, fn(&mut CanonicalLines));

/// The work queue of [`canonical_text`]: the types named but not yet taken.
#[derive(Default)]
pub struct CanonicalLines {
    queue: Vec<Piece>,
}

impl CanonicalLines {
    /// Queues `T`, a type a line names.
    pub fn add<T: Canonical>(&mut self) {
        self.queue.push((T::CANONICAL_LINE, T::canonical_named));
    }
}

/// The canonical text of `T` (SPEC §8.1): the line of `T` and of every type it reaches, each
/// once, sorted by qualified name, each ending in `\n`. Its [`fingerprint`] is `T`'s
/// `FINGERPRINT`.
pub fn canonical_text<T: Canonical>() -> String {
    let mut lines = CanonicalLines::default();
    lines.add::<T>();
    text_of(lines)
}

/// Takes the queued types and every type they name, each once, and writes their lines sorted.
fn text_of(mut lines: CanonicalLines) -> String {
    let mut seen: HashSet<&'static str> = HashSet::new();
    let mut taken: Vec<(&'static str, &'static str)> = Vec::new();
    while let Some((line, named)) = lines.queue.pop() {
        let name = qualified_name(line);
        if seen.insert(name) {
            taken.push((name, line));
            named(&mut lines);
        }
    }
    taken.sort_unstable_by_key(|&(name, _)| name);
    let mut text = String::with_capacity(taken.iter().map(|(_, l)| l.len() + 1).sum());
    for (_, line) in taken {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// The qualified name of a line: between its kind and its `{`.
fn qualified_name(line: &str) -> &str {
    let start = line.find(' ').map_or(0, |i| i + 1);
    let end = line[start..].find('{').map_or(line.len(), |i| start + i);
    &line[start..end]
}

/// The fingerprint of a canonical text (SPEC §8): the first 8 bytes of its SHA-256, read
/// little-endian. For a generated type's text it is the type's `FINGERPRINT`.
pub fn fingerprint(canonical_text: &str) -> u64 {
    sha256::first8_le(canonical_text.as_bytes())
}

/// The stream type id of a qualified name (SPEC §8): the first 8 bytes of its SHA-256, read
/// little-endian.
pub fn type_id(qualified_name: &str) -> u64 {
    sha256::first8_le(qualified_name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    struct Unit;
    impl Canonical for Unit {
        const CANONICAL_LINE: &'static str = "enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}";
        fn canonical_named(_lines: &mut CanonicalLines) {}
    }

    struct Reading;
    impl Canonical for Reading {
        const CANONICAL_LINE: &'static str = "record spec.examples.Reading{1:u32 sensor;\
            2:i32 value;3:spec.examples.Unit unit;4!:string label;\
            5:optional<map<string, i32>> tags;}";
        fn canonical_named(lines: &mut CanonicalLines) {
            lines.add::<Unit>();
        }
    }

    /// SPEC §13.16: the text and fingerprint of `spec.examples.Reading`.
    #[test]
    fn spec_reading() {
        let text = canonical_text::<Reading>();
        assert_eq!(text.len(), 177);
        assert!(text.ends_with("enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}\n"));
        assert_eq!(fingerprint(&text), 0x44a5_2822_52a0_0f73);
        assert_eq!(type_id("spec.examples.Reading"), 0x51fc_411e_632c_c32e);
        assert_eq!(
            canonical_text::<Unit>(),
            format!("{}\n", Unit::CANONICAL_LINE)
        );
    }

    /// Types that hold each other: each line once.
    struct Tree;
    impl Canonical for Tree {
        const CANONICAL_LINE: &'static str = "record t.Tree{1:list<t.Tree> kids;2:t.Leaf leaf;}";
        fn canonical_named(lines: &mut CanonicalLines) {
            lines.add::<Leaf>();
        }
    }
    struct Leaf;
    impl Canonical for Leaf {
        const CANONICAL_LINE: &'static str = "union t.Leaf{1:t.Tree tree;2:string s;}";
        fn canonical_named(lines: &mut CanonicalLines) {
            lines.add::<Tree>();
        }
    }

    #[test]
    fn loops_take_each_type_once() {
        let text = canonical_text::<Leaf>();
        assert_eq!(text, canonical_text::<Tree>());
        assert_eq!(
            text,
            "union t.Leaf{1:t.Tree tree;2:string s;}\n\
             record t.Tree{1:list<t.Tree> kids;2:t.Leaf leaf;}\n"
        );
    }

    /// A chain of 10,000 types, each naming the next: taken with the work queue, where a
    /// recursion that deep would overflow a test thread's stack. Types cannot be made at run
    /// time, so one function stands for every link: it adds the next line of a thread-local
    /// list, as each generated type of a chain would add the next type.
    #[test]
    fn long_chains_need_no_recursion() {
        const N: usize = 10_000;
        thread_local! {
            static CHAIN: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
        }
        fn next_link(lines: &mut CanonicalLines) {
            if let Some(line) = CHAIN.with(|c| c.borrow_mut().pop()) {
                lines.queue.push((line, next_link));
            }
        }
        let chain: Vec<&'static str> = (0..N)
            .rev()
            .map(|i| {
                let line = format!("record c.T{i:05}{{1:optional<c.T{:05}> next;}}", i + 1);
                &*Box::leak(line.into_boxed_str())
            })
            .collect();
        CHAIN.with(|c| *c.borrow_mut() = chain);
        let mut lines = CanonicalLines::default();
        next_link(&mut lines);
        let text = text_of(lines);
        assert_eq!(text.lines().count(), N);
        assert!(text.starts_with("record c.T00000{1:optional<c.T00001> next;}\n"));
        assert!(text.ends_with("record c.T09999{1:optional<c.T10000> next;}\n"));
    }
}
