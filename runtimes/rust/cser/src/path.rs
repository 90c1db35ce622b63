//! [`FieldPath`]: where in a value an error is, `MediaContent.images[1].title`. The decoders
//! ([`DecodeError`](crate::DecodeError)) and the JSON mapping (`json::JsonError`) both build
//! one while they unwind, innermost segment first, and render it with the same rule, as the
//! Java and Python runtimes do.

use std::borrow::Cow;
use std::fmt;

/// One step of a [`FieldPath`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// `"Type.field"` (or a bare field name). Only the outermost keeps its type name.
    Field(Cow<'static, str>),
    /// A list element index, rendered `[1]`.
    Index(u64),
    /// A map key, already rendered: `["a"]` for a string key, `[7]` otherwise.
    Key(String),
}

/// The path of fields, list indexes and map keys leading to an error.
///
/// Segments are pushed innermost first, as the error unwinds out of nested values; the path
/// renders outermost first (`Display`): the first field with its type (`MediaContent.images`),
/// each later field by its name alone (`.title`, the type being implied by the field before
/// it), indexes and keys in brackets (`[1]`, `["a"]`, `[7]`). The empty path renders as the
/// empty string.
///
/// ```
/// use cser::path::FieldPath;
///
/// let mut path = FieldPath::new();
/// path.push_field("Image.title");
/// path.push_index(1);
/// path.push_field("MediaContent.images");
/// assert_eq!(path.to_string(), "MediaContent.images[1].title");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldPath {
    /// Innermost first, in the order they were pushed.
    segments: Vec<PathSegment>,
}

impl FieldPath {
    /// The empty path.
    pub const fn new() -> Self {
        FieldPath {
            segments: Vec::new(),
        }
    }

    /// Prepends a segment.
    pub fn push(&mut self, segment: PathSegment) {
        self.segments.push(segment);
    }

    /// Prepends a field segment, `"Type.field"`.
    pub fn push_field(&mut self, segment: impl Into<Cow<'static, str>>) {
        self.push(PathSegment::Field(segment.into()));
    }

    /// Prepends a list (or JSON array) index.
    pub fn push_index(&mut self, index: u64) {
        self.push(PathSegment::Index(index));
    }

    /// Prepends a string map key, rendered quoted: `["a"]`.
    pub fn push_str_key(&mut self, key: &str) {
        self.push(PathSegment::Key(format!("[\"{key}\"]")));
    }

    /// Prepends a non-string map key (an integer or an enum), rendered `[7]`, `[RED]`.
    pub fn push_key(&mut self, key: impl fmt::Display) {
        self.push(PathSegment::Key(format!("[{key}]")));
    }

    /// The segments, innermost first (the order they were pushed).
    pub fn segments(&self) -> &[PathSegment] {
        &self.segments
    }

    /// Whether the path has no segment (the error is not inside a field).
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Whether nothing has been written yet: the first field keeps its type name.
        let mut at_start = true;
        for segment in self.segments.iter().rev() {
            match segment {
                PathSegment::Index(i) => {
                    write!(f, "[{i}]")?;
                    at_start = false;
                }
                PathSegment::Key(k) => {
                    f.write_str(k)?;
                    at_start &= k.is_empty();
                }
                PathSegment::Field(name) if at_start => {
                    f.write_str(name)?;
                    at_start = name.is_empty();
                }
                PathSegment::Field(name) => {
                    let name = match name.rfind('.') {
                        Some(i) => &name[i + 1..],
                        None => name.as_ref(),
                    };
                    write!(f, ".{name}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(build: impl FnOnce(&mut FieldPath)) -> String {
        let mut p = FieldPath::new();
        build(&mut p);
        p.to_string()
    }

    #[test]
    fn renders_outermost_first() {
        assert_eq!(path(|_| {}), "");
        assert_eq!(path(|p| p.push_field("Media.title")), "Media.title");
        assert_eq!(
            path(|p| {
                p.push_field("Image.title");
                p.push_index(1);
                p.push_field("MediaContent.images");
            }),
            "MediaContent.images[1].title"
        );
        assert_eq!(
            path(|p| {
                p.push_field("Person.name");
                p.push_str_key("bob");
                p.push_field("Media.persons");
                p.push_key(7);
                p.push_field("Root.by_id");
            }),
            "Root.by_id[7].persons[\"bob\"].name"
        );
    }

    #[test]
    fn a_path_starting_with_an_index_drops_later_type_names() {
        // JSON errors of a map's key or value: `[3][1].width`.
        assert_eq!(
            path(|p| {
                p.push_field("Image.width");
                p.push_index(1);
                p.push_index(3);
            }),
            "[3][1].width"
        );
        assert_eq!(path(|p| p.push_field("bare")), "bare");
        assert_eq!(
            path(|p| {
                p.push_field("inner");
                p.push_field("Outer.field");
            }),
            "Outer.field.inner"
        );
    }

    #[test]
    fn segments_are_kept_innermost_first() {
        let mut p = FieldPath::new();
        assert!(p.is_empty());
        p.push_index(2);
        p.push_field("T.f");
        assert_eq!(
            p.segments(),
            [PathSegment::Index(2), PathSegment::Field("T.f".into())]
        );
        assert!(!p.is_empty());
    }
}
