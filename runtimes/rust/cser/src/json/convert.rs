//! The conversions between values of the schema's types and JSON values (SPEC §11) that
//! generated `to_json` / `from_json` code composes: scalars, enums, options, lists, maps,
//! records and unions.

use std::hash::Hash;

use indexmap::IndexMap;

use super::base64::{base64_decode, base64_encode};
use super::errors::expected;
use super::{JsonError, Value};
use crate::unknown::UnknownVariant;

// ---- Scalars ------------------------------------------------------------------------------

/// `true` / `false`.
pub fn bool_to_json(v: &bool) -> Value {
    Value::Bool(*v)
}

/// A boolean.
///
/// # Errors
///
/// Anything but `true` or `false`.
pub fn bool_from_json(v: &Value) -> Result<bool, JsonError> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(expected("a boolean", v)),
    }
}

/// An integer JSON number of type `name` whose value is in `min..=max`.
fn integer(v: &Value, name: &str, min: i128, max: i128) -> Result<i128, JsonError> {
    let Value::Number(text) = v else {
        return Err(expected(&format!("an integer ({name})"), v));
    };
    if text.contains(['.', 'e', 'E']) {
        return Err(JsonError::new(format!(
            "{} is not an integer ({name})",
            shown(text)
        )));
    }
    match text.parse::<i128>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(JsonError::new(format!(
            "{} is out of range for {name}",
            shown(text)
        ))),
    }
}

/// A number's text for an error message: a literal may be millions of digits long.
fn shown(text: &str) -> String {
    match text.char_indices().nth(37) {
        Some((i, _)) if text.len() > 40 => format!("{}...", &text[..i]),
        _ => text.to_owned(),
    }
}

macro_rules! integers {
    ($($t:ident $to:ident $from:ident),*) => {$(
        #[doc = concat!("A `", stringify!($t), "` as a JSON number.")]
        pub fn $to(v: &$t) -> Value {
            Value::Number(v.to_string())
        }

        #[doc = concat!("A `", stringify!($t), "` from an integer JSON number (no fraction or exponent).")]
        ///
        /// # Errors
        ///
        /// Not a number, not an integer, or out of range.
        pub fn $from(v: &Value) -> Result<$t, JsonError> {
            let n = integer(v, stringify!($t), i128::from($t::MIN), i128::from($t::MAX))?;
            $t::try_from(n).map_err(|_| JsonError::new("out of range"))
        }
    )*};
}

integers!(
    i8 i8_to_json i8_from_json,
    i16 i16_to_json i16_from_json,
    i32 i32_to_json i32_from_json,
    i64 i64_to_json i64_from_json,
    u8 u8_to_json u8_from_json,
    u16 u16_to_json u16_from_json,
    u32 u32_to_json u32_from_json,
    u64 u64_to_json u64_from_json
);

/// A double: the shortest decimal that reads back as the same value (`-0.0` keeps its
/// sign), or the string `"NaN"`, `"Infinity"` or `"-Infinity"`.
pub fn f64_to_json(v: &f64) -> Value {
    if v.is_nan() {
        Value::String("NaN".into())
    } else if v.is_infinite() {
        Value::String(if *v > 0.0 { "Infinity" } else { "-Infinity" }.into())
    } else {
        // Debug prints the shortest round-trip digits, as `1.0`, `-0.0`, `1e300` or `5e-324`:
        // always a valid JSON number.
        Value::Number(format!("{v:?}"))
    }
}

/// A float, widened to a double and written as one (`0.1f32` is `0.10000000149011612`).
pub fn f32_to_json(v: &f32) -> Value {
    f64_to_json(&f64::from(*v))
}

/// A double from a JSON number or `"NaN"`, `"Infinity"`, `"-Infinity"`.
///
/// # Errors
///
/// Anything else, or a finite number too large for a double.
pub fn f64_from_json(v: &Value) -> Result<f64, JsonError> {
    match v {
        Value::Number(text) => match text.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(JsonError::new(format!(
                "{} is out of range for f64",
                shown(text)
            ))),
        },
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(JsonError::new(format!(
                "expected a number (f64), got the string {v}"
            ))),
        },
        _ => Err(expected("a number (f64)", v)),
    }
}

/// A float: the JSON number read as a double, rounded to the nearest float.
///
/// # Errors
///
/// As [`f64_from_json`], and a finite number that rounds to an infinity.
pub fn f32_from_json(v: &Value) -> Result<f32, JsonError> {
    let x = f64_from_json(v).map_err(|e| JsonError::new(e.message().replace("f64", "f32")))?;
    if x.is_nan() {
        return Ok(f32::NAN);
    }
    #[allow(clippy::cast_possible_truncation)]
    let y = x as f32;
    if x.is_finite() && y.is_infinite() {
        return Err(JsonError::new(format!(
            "{} is out of range for f32",
            shown(&v.to_string())
        )));
    }
    Ok(y)
}

/// A JSON string.
pub fn string_to_json<S: AsRef<str> + ?Sized>(v: &S) -> Value {
    Value::String(v.as_ref().to_owned())
}

/// A string.
///
/// # Errors
///
/// Anything but a JSON string.
pub fn string_from_json(v: &Value) -> Result<String, JsonError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        _ => Err(expected("a string", v)),
    }
}

/// Bytes as standard base64 with padding (RFC 4648 §4).
pub fn bytes_to_json<B: AsRef<[u8]> + ?Sized>(v: &B) -> Value {
    Value::String(base64_encode(v.as_ref()))
}

/// Bytes from a standard base64 string with padding.
///
/// # Errors
///
/// Not a string, or not strict base64 (see [`base64_decode`]).
pub fn bytes_from_json(v: &Value) -> Result<Vec<u8>, JsonError> {
    match v {
        Value::String(s) => base64_decode(s),
        _ => Err(expected("a base64 string", v)),
    }
}
// ---- Enums --------------------------------------------------------------------------------

/// An enum value: the member's name, or the number when the schema does not name it.
pub fn enum_to_json(name: Option<&str>, number: u32) -> Value {
    match name {
        Some(name) => Value::String(name.to_owned()),
        None => Value::Number(number.to_string()),
    }
}

/// An enum number from a member name (looked up with `lookup`) or a number in 0..2³¹−1.
///
/// # Errors
///
/// An unknown name, a number out of range, or anything else.
pub fn enum_from_json(
    v: &Value,
    type_name: &str,
    lookup: impl Fn(&str) -> Option<u32>,
) -> Result<u32, JsonError> {
    match v {
        Value::String(s) => lookup(s)
            .ok_or_else(|| JsonError::new(format!("{v} is not a member of enum {type_name}"))),
        Value::Number(_) => {
            let n = integer(v, "an enum number (0..2147483647)", 0, i128::from(i32::MAX))?;
            u32::try_from(n).map_err(|_| JsonError::new("out of range"))
        }
        _ => Err(expected(&format!("a member name of enum {type_name}"), v)),
    }
}

// ---- Collections --------------------------------------------------------------------------

/// `null` when absent, else the value.
pub fn option_to_json<T: ?Sized>(v: Option<&T>, f: impl Fn(&T) -> Value) -> Value {
    match v {
        Some(x) => f(x),
        None => Value::Null,
    }
}

/// `None` for `null`, else the value read by `f`.
///
/// # Errors
///
/// Those of `f`.
pub fn option_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Option<T>, JsonError> {
    match v {
        Value::Null => Ok(None),
        _ => f(v).map(Some),
    }
}

/// An array of the items, each converted by `f`.
pub fn list_to_json<T>(items: &[T], f: impl Fn(&T) -> Value) -> Value {
    Value::Array(items.iter().map(f).collect())
}

/// A list from an array, each item read by `f` (errors name the index).
///
/// # Errors
///
/// Not an array, or an item `f` rejects.
pub fn list_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Vec<T>, JsonError> {
    let Value::Array(items) = v else {
        return Err(expected("an array", v));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, x)| f(x).map_err(|e| e.push_index(i)))
        .collect()
}

/// An array of optional items: `null` for each absent one.
pub fn optional_list_to_json<T>(items: &[Option<T>], f: impl Fn(&T) -> Value) -> Value {
    Value::Array(
        items
            .iter()
            .map(|x| option_to_json(x.as_ref(), &f))
            .collect(),
    )
}

/// A list of optional items from an array (`null` is absent).
///
/// # Errors
///
/// Not an array, or an item `f` rejects.
pub fn optional_list_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Vec<Option<T>>, JsonError> {
    list_from_json(v, |x| option_from_json(x, &f))
}

/// An array of `[key, value]` pairs, in the map's order.
pub fn map_to_json<K, V>(
    map: &IndexMap<K, V>,
    fk: impl Fn(&K) -> Value,
    fv: impl Fn(&V) -> Value,
) -> Value {
    Value::Array(
        map.iter()
            .map(|(k, v)| Value::Array(vec![fk(k), fv(v)]))
            .collect(),
    )
}

/// A map from an array of `[key, value]` pairs (errors name the pair and `[0]` or `[1]`).
///
/// # Errors
///
/// Not an array of two-element arrays, a key or value rejected, or a key repeated.
pub fn map_from_json<K: Hash + Eq, V>(
    v: &Value,
    fk: impl Fn(&Value) -> Result<K, JsonError>,
    fv: impl Fn(&Value) -> Result<V, JsonError>,
) -> Result<IndexMap<K, V>, JsonError> {
    let Value::Array(pairs) = v else {
        return Err(expected("an array of [key, value] pairs", v));
    };
    let mut map = IndexMap::with_capacity(pairs.len());
    for (i, pair) in pairs.iter().enumerate() {
        let (k, x) = match pair {
            Value::Array(kv) if kv.len() == 2 => (&kv[0], &kv[1]),
            _ => return Err(expected("a [key, value] pair", pair).push_index(i)),
        };
        let key = fk(k).map_err(|e| e.push_index(0).push_index(i))?;
        let value = fv(x).map_err(|e| e.push_index(1).push_index(i))?;
        if map.insert(key, value).is_some() {
            return Err(JsonError::new(format!("repeated map key {k}")).push_index(i));
        }
    }
    Ok(map)
}

/// A map with optional values: `null` for each absent value.
pub fn optional_map_to_json<K, V>(
    map: &IndexMap<K, Option<V>>,
    fk: impl Fn(&K) -> Value,
    fv: impl Fn(&V) -> Value,
) -> Value {
    map_to_json(map, fk, |x| option_to_json(x.as_ref(), &fv))
}

/// A map with optional values (`null` is absent) from an array of pairs.
///
/// # Errors
///
/// As [`map_from_json`].
pub fn optional_map_from_json<K: Hash + Eq, V>(
    v: &Value,
    fk: impl Fn(&Value) -> Result<K, JsonError>,
    fv: impl Fn(&Value) -> Result<V, JsonError>,
) -> Result<IndexMap<K, Option<V>>, JsonError> {
    map_from_json(v, fk, |x| option_from_json(x, &fv))
}

// ---- Records, structs, unions ---------------------------------------------------------------

/// The members of an object that a record or struct of type `type_name` is read from.
///
/// # Errors
///
/// Anything but an object.
pub fn object_members<'a>(
    v: &'a Value,
    type_name: &str,
) -> Result<&'a [(String, Value)], JsonError> {
    match v {
        Value::Object(members) => Ok(members),
        _ => Err(expected(&format!("an object ({type_name})"), v)),
    }
}

/// The error for a member `key` that the type does not have.
pub fn unknown_field(key: &str, type_name: &str) -> JsonError {
    JsonError::new(format!(
        "unknown field {} of {type_name}",
        Value::String(key.to_owned())
    ))
}

/// A union value: `{"variant": value}`.
pub fn variant_to_json(name: &str, value: Value) -> Value {
    Value::Object(vec![(name.to_owned(), value)])
}

/// The one member of the object a union of type `type_name` is read from.
///
/// # Errors
///
/// Anything but an object with exactly one member.
pub fn variant_member<'a>(
    v: &'a Value,
    type_name: &str,
) -> Result<(&'a str, &'a Value), JsonError> {
    match v {
        Value::Object(members) if members.len() == 1 => Ok((&members[0].0, &members[0].1)),
        _ => Err(expected(
            &format!("an object with exactly one key, the variant of union {type_name}"),
            v,
        )),
    }
}

/// An unknown variant (SPEC §5.7, §11): an object with one key, `#` and its tag in decimal,
/// whose value is its payload in standard base64 with padding: `{"#4": "Am9r"}`. No variant
/// name starts with `#`; JSON input never reads it back ([`unknown_variant`]).
pub fn unknown_variant_to_json(v: &UnknownVariant) -> Value {
    Value::Object(vec![(
        format!("#{}", v.tag()),
        Value::String(base64_encode(v.payload())),
    )])
}

/// The error for a key that names no variant of the union: a name it does not have, or an
/// unknown variant's `#<tag>` (SPEC §11), which JSON cannot give: an unknown variant comes only
/// from bytes.
pub fn unknown_variant(key: &str, type_name: &str) -> JsonError {
    let shown = Value::String(key.to_owned());
    if key.starts_with('#') {
        return JsonError::new(format!(
            "{shown} is an unknown variant of union {type_name}, which cannot be read from \
             JSON: an unknown variant comes only from bytes"
        ));
    }
    JsonError::new(format!("unknown variant {shown} of union {type_name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Value {
        Value::parse(s).unwrap()
    }

    #[test]
    fn unknown_variants_are_written_and_refused() {
        let v = UnknownVariant::new(4, &[0x02, 0x6f, 0x6b]);
        assert_eq!(
            unknown_variant_to_json(&v).to_string(),
            r##"{"#4":"Am9r"}"##
        );
        let big = UnknownVariant::new(u32::MAX, &[]);
        assert_eq!(
            unknown_variant_to_json(&big).to_string(),
            r##"{"#4294967295":""}"##
        );
        let e = unknown_variant("#4", "spec.examples.Shape").to_string();
        assert!(e.contains("cannot be read from JSON"), "{e}");
        assert!(e.contains("\"#4\""), "{e}");
        let e = unknown_variant("nope", "spec.examples.Shape").to_string();
        assert!(e.contains("unknown variant \"nope\""), "{e}");
    }

    #[test]
    fn integers_are_exact() {
        assert_eq!(u64_from_json(&p("18446744073709551615")).unwrap(), u64::MAX);
        assert_eq!(i64_from_json(&p("-9223372036854775808")).unwrap(), i64::MIN);
        assert_eq!(i64_to_json(&i64::MIN).to_string(), "-9223372036854775808");
        assert_eq!(i8_from_json(&p("-0")).unwrap(), 0);
        assert_eq!(
            i32_from_json(&p("4294967296")).unwrap_err().to_string(),
            "4294967296 is out of range for i32"
        );
        assert!(u64_from_json(&p("18446744073709551616")).is_err());
        assert!(u8_from_json(&p("-1")).is_err());
        assert!(u64_from_json(&p("1".repeat(60).as_str())).is_err());
        assert_eq!(
            i32_from_json(&p("1.0")).unwrap_err().to_string(),
            "1.0 is not an integer (i32)"
        );
        assert!(i32_from_json(&p("1e2")).is_err());
        assert!(i32_from_json(&p("\"1\"")).is_err());
    }

    #[test]
    fn floats() {
        let t = |x: f64| f64_to_json(&x).to_string();
        assert_eq!(t(-0.0), "-0.0");
        assert_eq!(t(1.0), "1.0");
        assert_eq!(t(0.1), "0.1");
        assert_eq!(t(1e300), "1e300");
        assert_eq!(t(5e-324), "5e-324");
        assert_eq!(t(f64::NAN), "\"NaN\"");
        assert_eq!(t(f64::INFINITY), "\"Infinity\"");
        assert_eq!(t(f64::NEG_INFINITY), "\"-Infinity\"");
        assert_eq!(f32_to_json(&0.1f32).to_string(), "0.10000000149011612");
        for x in [
            0.1,
            -0.0,
            1e300,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            123.456,
        ] {
            let back = f64_from_json(&p(&t(x))).unwrap();
            assert_eq!(back.to_bits(), x.to_bits());
        }
        assert_eq!(
            f64_from_json(&p("\"NaN\"")).unwrap().to_bits(),
            0x7ff8000000000000
        );
        assert_eq!(f32_from_json(&p("\"NaN\"")).unwrap().to_bits(), 0x7fc00000);
        assert_eq!(f32_from_json(&p("0.1")).unwrap(), 0.1f32);
        assert_eq!(
            f32_from_json(&p("\"-Infinity\"")).unwrap(),
            f32::NEG_INFINITY
        );
        assert!(f32_from_json(&p("1e39"))
            .unwrap_err()
            .to_string()
            .contains("out of range for f32"));
        assert!(f64_from_json(&p("1e400")).is_err());
        assert!(f64_from_json(&p("\"nan\"")).is_err());
        assert!(f64_from_json(&p("null")).is_err());
        assert_eq!(f64_from_json(&p("1e-400")).unwrap(), 0.0);
    }

    #[test]
    fn numbers_follow_spec_11() {
        // Zero keeps its sign for floats, whatever the spelling; -0 is 0 for integers.
        for text in ["-0", "-0.0", "-0e0", "-1e-400", "-2e-324"] {
            assert_eq!(
                f64_from_json(&p(text)).unwrap().to_bits(),
                (-0.0f64).to_bits(),
                "{text}"
            );
            assert_eq!(
                f32_from_json(&p(text)).unwrap().to_bits(),
                (-0.0f32).to_bits(),
                "{text}"
            );
        }
        assert_eq!(f64_from_json(&p("0e0")).unwrap().to_bits(), 0);
        assert_eq!(u64_from_json(&p("-0")).unwrap(), 0);
        let look = |_: &str| None;
        assert_eq!(enum_from_json(&p("-0"), "E", look).unwrap(), 0);
        // Rounding to the nearest double, then f32; past the largest is an error.
        assert_eq!(
            f64_from_json(&p("1.7976931348623158e308")).unwrap(),
            f64::MAX
        );
        assert!(f64_from_json(&p("1.7976931348623159e308")).is_err());
        assert!(f64_from_json(&p("-1e400")).is_err());
        assert_eq!(f32_from_json(&p("3.4028235e38")).unwrap(), f32::MAX);
        assert!(f32_from_json(&p("3.4028236e38")).is_err());
        assert!(f32_from_json(&p("3.5e38")).is_err());
        // An integer type takes an integer literal only.
        for text in ["1e2", "1.0", "1E0", "-0.0", "0e0"] {
            assert!(i64_from_json(&p(text)).is_err(), "{text}");
            assert!(enum_from_json(&p(text), "E", look).is_err(), "{text}");
        }
        // Literals of any length: refused as out of range, quickly, with a short message.
        let started = std::time::Instant::now();
        for digits in [21, 5000, 1_000_000] {
            for text in ["9".repeat(digits), format!("-{}", "9".repeat(digits))] {
                let v = p(&text);
                let e = i64_from_json(&v).unwrap_err().to_string();
                assert!(
                    e.ends_with(" is out of range for i64") && e.len() < 80,
                    "{e}"
                );
                assert!(u64_from_json(&v).is_err());
                if digits > 309 {
                    assert!(f64_from_json(&v).unwrap_err().to_string().len() < 80);
                }
            }
        }
        let tiny = format!("0.{}1", "0".repeat(1_000_000));
        assert_eq!(f64_from_json(&p(&tiny)).unwrap(), 0.0);
        // Quadratic work on a million digits would take many minutes; linear takes well under one.
        assert!(started.elapsed().as_secs() < 60);
    }

    #[test]
    fn map_keys_repeated_once_read() {
        let look = |s: &str| (s == "RED").then_some(0);
        let color = |v: &Value| enum_from_json(v, "Color", look);
        assert!(map_from_json(&p(r#"[["RED","a"],[0,"b"]]"#), color, string_from_json).is_err());
        assert!(
            map_from_json(&p(r#"[[0,"a"],[-0,"b"]]"#), i32_from_json, string_from_json).is_err()
        );
        assert!(map_from_json(
            &p(r#"[["a",1],["\u0061",2]]"#),
            string_from_json,
            i32_from_json
        )
        .is_err());
    }

    #[test]
    fn collections_and_paths() {
        let v = p(r#"[[1,"a"],[2,"b"]]"#);
        let m = map_from_json(&v, i32_from_json, string_from_json).unwrap();
        assert_eq!(map_to_json(&m, i32_to_json, string_to_json), v);
        let e =
            map_from_json(&p(r#"[[1,"a"],[1,"b"]]"#), i32_from_json, string_from_json).unwrap_err();
        assert_eq!(e.to_string(), "[1]: repeated map key 1");
        let e = list_from_json(&p("[1, 2, 1.5]"), i32_from_json)
            .map_err(|e| {
                e.push_field("Image.sizes")
                    .push_index(1)
                    .push_field("Media.images")
            })
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Media.images[1].sizes[2]: 1.5 is not an integer (i32)"
        );
        let opt = optional_list_from_json(&p("[null, 3]"), u8_from_json).unwrap();
        assert_eq!(opt, vec![None, Some(3)]);
        assert_eq!(
            optional_list_to_json(&opt, u8_to_json).to_string(),
            "[null,3]"
        );
        assert!(map_from_json(&p("[[1]]"), i32_from_json, i32_from_json).is_err());
        assert_eq!(enum_to_json(None, 7).to_string(), "7");
        let look = |s: &str| (s == "RED").then_some(0);
        assert_eq!(enum_from_json(&p("\"RED\""), "Color", look).unwrap(), 0);
        assert_eq!(
            enum_from_json(&p("2147483647"), "Color", look).unwrap(),
            i32::MAX as u32
        );
        assert!(enum_from_json(&p("2147483648"), "Color", look).is_err());
        assert!(enum_from_json(&p("\"BLUE\""), "Color", look).is_err());
    }
}
