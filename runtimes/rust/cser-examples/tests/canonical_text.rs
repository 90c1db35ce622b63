//! Generated code carries its canonical text in pieces (SPEC §8.1): for every record, struct and
//! union of `schema/examples`, the text `cser::canonical_text` puts together from them hashes to
//! the fingerprint the compiler computed from its own text, so the pieces reproduce it; and the
//! runtime's parser reads every one of them back.

use cser::schema_compat::difference;
use cser::{canonical_text, Canonical, Message, SchemaText};
use cser_examples::canonical_names::examples::canonical_names as names;

/// The name, the text put together and the compiler's fingerprint of each type.
macro_rules! roots {
    ($($t:ty),* $(,)?) => {
        vec![$((
            <$t as Message>::TYPE_NAME,
            canonical_text::<$t>(),
            <$t as Message>::FINGERPRINT,
        )),*]
    };
}

include!(concat!(env!("OUT_DIR"), "/canonical_roots.rs"));

#[test]
fn pieces_reproduce_the_compilers_text() {
    let roots = canonical_roots();
    // Every record, struct and union the JSON registry lists.
    assert_eq!(roots.len(), cser_examples::JSON_TYPES.len());
    for (name, text, fingerprint) in roots {
        assert_eq!(
            cser::fingerprint(&text),
            fingerprint,
            "{name}: the text put together differs from the compiler's:\n{text}"
        );
        let parsed = SchemaText::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(parsed.fingerprint(), fingerprint);
        assert!(parsed.get(name).is_some(), "{name} has no line of its own");
        assert_eq!(difference(&parsed, &parsed, name), None);
    }
}

#[test]
fn the_spec_examples_text() {
    // SPEC §13.16, through generated code.
    assert_eq!(
        canonical_text::<cser_examples::spec::examples::Reading>(),
        "record spec.examples.Reading{1:u32 sensor;2:i32 value;3:spec.examples.Unit unit;\
         4!:string label;5:optional<map<string, i32>> tags;}\n\
         enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}\n"
    );
    // An enum has a text of its own too, though it is never a root.
    assert_eq!(
        canonical_text::<cser_examples::spec::examples::Unit>(),
        "enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}\n"
    );
}

/// Members named like the trait's constant stay the enum's constants; types named like the
/// trait and its work queue are the schema's.
#[test]
fn names_that_meet_the_canonical_impls() {
    assert_eq!(names::Lines::CANONICAL_LINE, names::Lines::from_number(0));
    assert_eq!(names::Lines::CANONICAL_NAMED.number(), 1);
    assert_eq!(
        <names::Lines as Canonical>::CANONICAL_LINE,
        "enum examples.canonical_names.Lines{CANONICAL_LINE=0;CANONICAL_NAMED=1;}"
    );
    let text = canonical_text::<names::Canonical>();
    assert_eq!(text, canonical_text::<names::CanonicalLines>());
    assert_eq!(cser::fingerprint(&text), names::Canonical::FINGERPRINT);
    assert_eq!(text.lines().count(), 3);
    let value = names::Canonical {
        lines: names::Lines::CANONICAL_NAMED,
        add: Some(names::CanonicalLines::default()),
        ..Default::default()
    };
    assert_eq!(names::Canonical::decode(&value.encode()).unwrap(), value);
}
