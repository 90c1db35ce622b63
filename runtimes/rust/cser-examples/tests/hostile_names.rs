//! edge_hostile.cser: schema names that meet after Rust's conversions, or name what the generated
//! code imports (SPEC §12.2), stay apart; that the code compiles under clippy -D warnings is half
//! the test, and the values keep every field and tag.

use cser_examples::edge::r#static::{DecodeError, Expr, ExprLit, Holder, Message, Reader, Writer};

#[test]
fn types_named_like_the_runtime_types_round_trip() {
    let reader = Reader {
        a_b: "a_b".into(),
        a_b_2: "a__b".into(),
        enabled: true,
        is_enabled: false,
        class: "class".into(),
        class_: "class_".into(),
        unknown_fields_: "unknown_fields".into(),
        unknown_fields_8: "unknown_fields_".into(),
        java: "java".into(),
        dev: "dev".into(),
        foo_bar: "foo_bar".into(),
        foo_bar_12: "foo__bar".into(),
        ..Default::default()
    };
    let back = Reader::decode(&reader.encode()).expect("decodes");
    assert_eq!(back, reader);
    assert_eq!(back.a_b_2, "a__b");
    assert_eq!(back.unknown_fields_8, "unknown_fields_");
    assert!(back.unknown_fields.is_empty());

    let holder = Holder {
        expr: Expr::Lit(-7),
        reader,
        writer: Writer { x: 1, x_: 2 },
        error: DecodeError::A__B,
        lit: ExprLit {
            value: 9,
            ..Default::default()
        },
        message: Message::default(),
        ..Default::default()
    };
    let back = Holder::decode(&holder.encode()).expect("decodes");
    assert_eq!(back, holder);
    assert_eq!(back.error, DecodeError::A__B);
    assert_ne!(DecodeError::A_B, DecodeError::A__B);
    assert_eq!(DecodeError::VALUES.number(), 0);
}

#[test]
fn variants_that_meet_after_pascal_case_keep_their_tags() {
    // Tag 3 (a__b) decodes to its own variant and encodes as tag 3 again, not as tag 2 (a_b).
    let tag3 = Expr::AB3("x".into()).encode();
    assert_eq!(tag3[0], 3);
    let decoded = Expr::decode(&tag3).expect("decodes");
    assert_eq!(decoded, Expr::AB3("x".into()));
    assert_eq!(decoded.tag(), 3);
    assert_eq!(decoded.encode(), tag3);
    let ab = Expr::decode(&Expr::AB("y".into()).encode()).expect("decodes");
    assert_eq!(ab.tag(), 2);
    assert_eq!(
        Expr::decode(&Expr::Expr(true).encode()).expect("decodes"),
        Expr::Expr(true)
    );
    assert_eq!(Expr::Reader(Reader::default()).tag(), 5);
}
