//! Canonical schema text (SPEC §8.1) read back: the parser a reader uses on a writer's text
//! (SPEC §9.1), which may come from anywhere.
//!
//! It accepts exactly what the compiler writes and rejects anything else with the line and
//! column of the first problem: lines sorted by qualified name, each name once; ids 1..N in
//! order; enum numbers ascending, one of them 0; every qualified name a type uses has a line;
//! the built-in types of SPEC §3 spelled as the compiler spells them (`map<K, V>` with exactly
//! `", "`); the rules of SPEC §2 a canonical text can break (naming cases, unique names, no
//! empty struct, union or enum, map keys, optionals) and the limits of SPEC §2.1 (32 levels of
//! type nesting, 1,000 fields or variants, 4,096 enum members, names of 120 characters, packages
//! of 16 parts). Time
//! is linear in the text's size, recursion is bounded by the nesting limit, and no input makes
//! it panic.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::canonical;

/// Most levels of `list`, `map` and `optional` in one type (SPEC §2.1).
pub const MAX_TYPE_NESTING: usize = 32;
/// Most fields of a record or struct, and variants of a union (SPEC §2.1).
pub const MAX_FIELDS: usize = 1000;
/// Most members of an enum (SPEC §2.1).
pub const MAX_MEMBERS: usize = 4096;
/// Longest name: a type, field, variant, member or package part (SPEC §2.1).
pub const MAX_NAME_LEN: usize = 120;
/// Most parts of a package name (SPEC §2.1).
pub const MAX_PACKAGE_PARTS: usize = 16;

/// What kind of declaration a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `record`: an evolvable product type.
    Record,
    /// `struct`: a frozen product type.
    Struct,
    /// `union`: a tagged choice.
    Union,
    /// `enum`: named numbers.
    Enum,
}

impl Kind {
    /// The keyword, as a line starts with it.
    pub fn keyword(self) -> &'static str {
        match self {
            Kind::Record => "record",
            Kind::Struct => "struct",
            Kind::Union => "union",
            Kind::Enum => "enum",
        }
    }

    /// The keyword with its article: `a record`, `an enum`.
    pub fn with_article(self) -> &'static str {
        match self {
            Kind::Record => "a record",
            Kind::Struct => "a struct",
            Kind::Union => "a union",
            Kind::Enum => "an enum",
        }
    }
}

/// A built-in type (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// `bool`
    Bool,
    /// `i8`
    I8,
    /// `u8`
    U8,
    /// `i16`
    I16,
    /// `u16`
    U16,
    /// `i32`
    I32,
    /// `u32`
    U32,
    /// `i64`
    I64,
    /// `u64`
    U64,
    /// `f32`
    F32,
    /// `f64`
    F64,
    /// `string`
    String,
    /// `bytes`
    Bytes,
}

impl Builtin {
    const ALL: [Builtin; 13] = [
        Builtin::Bool,
        Builtin::I8,
        Builtin::U8,
        Builtin::I16,
        Builtin::U16,
        Builtin::I32,
        Builtin::U32,
        Builtin::I64,
        Builtin::U64,
        Builtin::F32,
        Builtin::F64,
        Builtin::String,
        Builtin::Bytes,
    ];

    /// The name as a schema spells it.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::Bool => "bool",
            Builtin::I8 => "i8",
            Builtin::U8 => "u8",
            Builtin::I16 => "i16",
            Builtin::U16 => "u16",
            Builtin::I32 => "i32",
            Builtin::U32 => "u32",
            Builtin::I64 => "i64",
            Builtin::U64 => "u64",
            Builtin::F32 => "f32",
            Builtin::F64 => "f64",
            Builtin::String => "string",
            Builtin::Bytes => "bytes",
        }
    }

    fn from_name(name: &[u8]) -> Option<Builtin> {
        Builtin::ALL
            .into_iter()
            .find(|b| b.name().as_bytes() == name)
    }

    /// Whether a map may have it as its key: an integer type or `string` (SPEC §2).
    fn is_key(self) -> bool {
        !matches!(
            self,
            Builtin::Bool | Builtin::F32 | Builtin::F64 | Builtin::Bytes
        )
    }
}

/// The type of a field or variant, or one nested in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeRef {
    /// A built-in type.
    Builtin(Builtin),
    /// `list<T>`.
    List(Box<TypeRef>),
    /// `map<K, V>`.
    Map(Box<TypeRef>, Box<TypeRef>),
    /// `optional<T>`.
    Optional(Box<TypeRef>),
    /// A declared type: its index in [`SchemaText::types`].
    Named(usize),
}

/// A field of a record or struct, or a variant of a union.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    id: u32,
    deprecated: bool,
    ty: TypeRef,
    name: String,
}

impl Field {
    /// Its id: fields and variants run 1..N in order.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Whether it is marked deprecated (`!` after its id; never a variant).
    pub fn deprecated(&self) -> bool {
        self.deprecated
    }

    /// Its type.
    pub fn ty(&self) -> &TypeRef {
        &self.ty
    }

    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// A member of an enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    name: String,
    number: u32,
}

impl Member {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its number.
    pub fn number(&self) -> u32 {
        self.number
    }
}

/// One line: a declared type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeDecl {
    kind: Kind,
    name: String,
    fields: Vec<Field>,
    members: Vec<Member>,
}

impl TypeDecl {
    /// What kind of type it is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Its qualified name, e.g. `a.b.Media`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The fields of a record or struct, or the variants of a union, in id order (empty for an
    /// enum).
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// The members of an enum in ascending number order (empty for the others).
    pub fn members(&self) -> &[Member] {
        &self.members
    }
}

/// A parsed canonical text: its types sorted by qualified name, and its fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaText {
    text: String,
    types: Vec<TypeDecl>,
    index: HashMap<String, usize>,
    fingerprint: u64,
}

impl SchemaText {
    /// Parses a canonical text (SPEC §8.1), rejecting anything the compiler would not write.
    pub fn parse(text: &str) -> Result<SchemaText, SchemaTextError> {
        Parser::new(text).text()
    }

    /// The text itself.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The fingerprint of the text (SPEC §8): the first 8 bytes of its SHA-256, little-endian.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Every type, sorted by qualified name; [`TypeRef::Named`] holds an index into it.
    pub fn types(&self) -> &[TypeDecl] {
        &self.types
    }

    /// The index of the type of a qualified name, if the text has a line for it.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The type of a qualified name, if the text has a line for it.
    pub fn get(&self, name: &str) -> Option<&TypeDecl> {
        self.index_of(name).map(|i| &self.types[i])
    }

    /// A type spelled as the canonical text spells it: `map<string, list<a.b.Image>>`.
    pub fn spell(&self, ty: &TypeRef) -> String {
        let mut out = String::new();
        self.spell_into(ty, &mut out);
        out
    }

    fn spell_into(&self, ty: &TypeRef, out: &mut String) {
        match ty {
            TypeRef::Builtin(b) => out.push_str(b.name()),
            TypeRef::List(e) => {
                out.push_str("list<");
                self.spell_into(e, out);
                out.push('>');
            }
            TypeRef::Map(k, v) => {
                out.push_str("map<");
                self.spell_into(k, out);
                out.push_str(", ");
                self.spell_into(v, out);
                out.push('>');
            }
            TypeRef::Optional(e) => {
                out.push_str("optional<");
                self.spell_into(e, out);
                out.push('>');
            }
            TypeRef::Named(i) => out.push_str(self.types.get(*i).map_or("?", |t| &t.name)),
        }
    }
}

/// Why a canonical text was rejected: where (line and column, from 1; the column counts
/// characters) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaTextError {
    line: u32,
    column: u32,
    what: String,
}

impl SchemaTextError {
    /// The line of the problem, from 1.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The column of the problem, from 1, in characters.
    pub fn column(&self) -> u32 {
        self.column
    }

    /// What is wrong there.
    pub fn what(&self) -> &str {
        &self.what
    }
}

impl fmt::Display for SchemaTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad schema text at line {}, column {}: {}",
            self.line, self.column, self.what
        )
    }
}

impl std::error::Error for SchemaTextError {}

// ---- the parser -------------------------------------------------------------------------

/// A place in the text: line and byte offset, turned into a column only for an error.
#[derive(Clone, Copy)]
struct Pos {
    line: u32,
    line_start: usize,
    at: usize,
}

/// A qualified name a type uses, resolved once every line is read.
struct NameUse {
    first: Pos,
    /// Where it is a map key, which must be an enum.
    as_key: Option<Pos>,
}

type Parsed<T> = std::result::Result<T, SchemaTextError>;

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    /// Qualified names types use, in the order first met; `TypeRef::Named` holds the index
    /// into this until they are resolved.
    used: Vec<(&'a str, NameUse)>,
    used_index: HashMap<&'a str, usize>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            b: text.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
            used: Vec::new(),
            used_index: HashMap::new(),
        }
    }

    fn here(&self) -> Pos {
        Pos {
            line: self.line,
            line_start: self.line_start,
            at: self.pos,
        }
    }

    fn error_at(&self, p: Pos, what: impl Into<String>) -> SchemaTextError {
        // Characters, not bytes: count the bytes that start one (every one but 10xxxxxx).
        let before = self.b.get(p.line_start..p.at).unwrap_or(&[]);
        let column = before.iter().filter(|&&c| c & 0xc0 != 0x80).count() + 1;
        SchemaTextError {
            line: p.line,
            column: u32::try_from(column).unwrap_or(u32::MAX),
            what: what.into(),
        }
    }

    fn error(&self, what: impl Into<String>) -> SchemaTextError {
        self.error_at(self.here(), what)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// What stands at the current position, for an error: `'x'`, `end of line`, `end of text`.
    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            None => "the end of the text".to_owned(),
            Some('\n') => "the end of the line".to_owned(),
            Some(c) if c.is_control() || c.is_whitespace() && c != ' ' => {
                format!("U+{:04X}", c as u32)
            }
            Some(c) => format!("'{c}'"),
        }
    }

    fn expected(&self, what: &str) -> SchemaTextError {
        self.error(format!("expected {what}, found {}", self.found()))
    }

    fn expect(&mut self, c: u8) -> Parsed<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.expected(&format!("'{}'", c as char)))
        }
    }

    /// The run of `[A-Za-z0-9_]` at the current position (maybe empty).
    fn word(&mut self) -> &'a [u8] {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.pos += 1;
        }
        &self.b[start..self.pos]
    }

    /// A name of the given case at the current position.
    fn name(&mut self, case: Case) -> Parsed<&'a str> {
        let start = self.here();
        let w = self.word();
        if w.is_empty() {
            return Err(self.expected(case.what()));
        }
        case.check(w)
            .map_err(|what| self.error_at(start, format!("{what}: '{}'", as_str(w))))?;
        if w.len() > MAX_NAME_LEN {
            return Err(self.error_at(
                start,
                format!("a name longer than {MAX_NAME_LEN} characters"),
            ));
        }
        Ok(as_str(w))
    }

    /// `name ("." name)*`: package parts, then a type name.
    fn qualified_name(&mut self) -> Parsed<&'a str> {
        let start = self.pos;
        let mut parts = 0;
        loop {
            let part_start = self.here();
            let w = self.word();
            if self.peek() == Some(b'.') {
                self.pos = part_start.at;
                if parts == MAX_PACKAGE_PARTS {
                    return Err(self.error(format!(
                        "a package of more than {MAX_PACKAGE_PARTS} parts (SPEC §2.1)"
                    )));
                }
                self.name(Case::Package)?;
                self.pos += 1;
                parts += 1;
            } else {
                if parts == 0 {
                    if w.is_empty() {
                        return Err(self.expected("a qualified type name"));
                    }
                    return Err(self.error_at(
                        part_start,
                        format!(
                            "a qualified type name, with its package, not '{}'",
                            as_str(w)
                        ),
                    ));
                }
                self.pos = part_start.at;
                self.name(Case::Type)?;
                return Ok(&self.text[start..self.pos]);
            }
        }
    }

    /// A decimal number without leading zeros, at most `max`.
    fn number(&mut self, max: u32) -> Parsed<u32> {
        let start = self.here();
        let mut value: u64 = 0;
        let mut digits = 0usize;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            value = (value * 10 + u64::from(c - b'0')).min(u64::from(u32::MAX) + 1);
            digits += 1;
            self.pos += 1;
        }
        if digits == 0 {
            return Err(self.expected("a number"));
        }
        if digits > 1 && self.b[start.at] == b'0' {
            return Err(self.error_at(start, "a number with a leading zero"));
        }
        if value > u64::from(max) {
            return Err(self.error_at(start, format!("a number above {max}")));
        }
        Ok(value as u32)
    }

    fn text(mut self) -> Parsed<SchemaText> {
        if self.b.is_empty() {
            return Err(self.error("an empty text: a canonical text has a line per type"));
        }
        let mut types: Vec<TypeDecl> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut positions: Vec<Pos> = Vec::new();
        while self.pos < self.b.len() {
            let name_at = self.line_name_position();
            let decl = self.line()?;
            if let Some(previous) = types.last() {
                if decl.name.as_str() <= previous.name.as_str() {
                    let what = if decl.name == previous.name {
                        format!("a second line of {}", decl.name)
                    } else {
                        format!(
                            "{} after {}: lines are sorted by qualified name",
                            decl.name, previous.name
                        )
                    };
                    return Err(self.error_at(name_at, what));
                }
            }
            index.insert(decl.name.clone(), types.len());
            types.push(decl);
            positions.push(name_at);
        }
        // Every name a type uses has a line; a map key names an enum.
        let mut resolved = Vec::with_capacity(self.used.len());
        for (name, usage) in &self.used {
            let Some(&i) = index.get(*name) else {
                return Err(self.error_at(usage.first, format!("no line declares {name}")));
            };
            if let Some(at) = usage.as_key {
                if types[i].kind != Kind::Enum {
                    return Err(self.error_at(
                        at,
                        format!(
                            "map key {name} is {}: a key is an integer type, string or an enum",
                            types[i].kind.with_article()
                        ),
                    ));
                }
            }
            resolved.push(i);
        }
        for t in &mut types {
            for f in &mut t.fields {
                resolve(&mut f.ty, &resolved);
            }
        }
        Ok(SchemaText {
            text: self.text.to_owned(),
            types,
            index,
            fingerprint: canonical::fingerprint(self.text),
        })
    }

    /// Where the qualified name of the line starting here begins (for the sorting error).
    fn line_name_position(&self) -> Pos {
        let rest = self.b.get(self.pos..).unwrap_or(&[]);
        let space = rest
            .iter()
            .take_while(|&&c| c != b'\n')
            .position(|&c| c == b' ');
        Pos {
            at: self.pos + space.map_or(0, |i| i + 1),
            ..self.here()
        }
    }

    /// `kind " " qname "{" item* "}" "\n"`.
    fn line(&mut self) -> Parsed<TypeDecl> {
        let start = self.here();
        let kind = match self.word() {
            b"record" => Kind::Record,
            b"struct" => Kind::Struct,
            b"union" => Kind::Union,
            b"enum" => Kind::Enum,
            _ => {
                self.pos = start.at;
                return Err(self.expected("record, struct, union or enum"));
            }
        };
        self.expect(b' ')?;
        let name = self.qualified_name()?.to_owned();
        self.expect(b'{')?;
        let mut decl = TypeDecl {
            kind,
            name,
            fields: Vec::new(),
            members: Vec::new(),
        };
        if kind == Kind::Enum {
            self.members(&mut decl)?;
        } else {
            self.fields(&mut decl)?;
        }
        self.expect(b'}')?;
        if self.peek() != Some(b'\n') {
            return Err(self.expected("the end of the line"));
        }
        self.pos += 1;
        self.line += 1;
        self.line_start = self.pos;
        Ok(decl)
    }

    /// `id ["!"] ":" type " " name ";"` until `}`.
    fn fields(&mut self, decl: &mut TypeDecl) -> Parsed<()> {
        let union = decl.kind == Kind::Union;
        let (case, what) = if union {
            (Case::Variant, "variant")
        } else {
            (Case::Field, "field")
        };
        let mut names: HashSet<&'a str> = HashSet::new();
        while self.peek() != Some(b'}') {
            if decl.fields.len() == MAX_FIELDS {
                return Err(self.error(format!(
                    "more than {MAX_FIELDS} {what}s in {} (SPEC §2.1)",
                    decl.name
                )));
            }
            let id_at = self.here();
            let expected_id = decl.fields.len() as u32 + 1;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(self.expected(&format!("{what} id {expected_id} or '}}'")));
            }
            let id = self.number(u32::MAX)?;
            if id != expected_id {
                return Err(self.error_at(
                    id_at,
                    format!(
                        "{what} id {id} where {expected_id} comes next (ids run 1..N in order)"
                    ),
                ));
            }
            let deprecated = !union && self.peek() == Some(b'!');
            if deprecated {
                self.pos += 1;
            }
            self.expect(b':')?;
            let type_at = self.here();
            let ty = self.ty(0)?;
            if union && matches!(ty, TypeRef::Optional(_)) {
                return Err(self.error_at(type_at, "a union variant cannot be optional"));
            }
            self.expect(b' ')?;
            let name_at = self.here();
            let name = self.name(case)?;
            if !names.insert(name) {
                return Err(self.error_at(name_at, format!("a second {what} '{name}'")));
            }
            self.expect(b';')?;
            decl.fields.push(Field {
                id,
                deprecated,
                ty,
                name: name.to_owned(),
            });
        }
        if decl.fields.is_empty() && decl.kind != Kind::Record {
            return Err(self.error(format!(
                "{} {} has no {what}s",
                decl.kind.keyword(),
                decl.name
            )));
        }
        Ok(())
    }

    /// `member "=" number ";"` until `}`.
    fn members(&mut self, decl: &mut TypeDecl) -> Parsed<()> {
        let mut names: HashSet<&'a str> = HashSet::new();
        while self.peek() != Some(b'}') {
            if decl.members.len() == MAX_MEMBERS {
                return Err(self.error(format!(
                    "more than {MAX_MEMBERS} members in {} (SPEC §2.1)",
                    decl.name
                )));
            }
            let name_at = self.here();
            if !self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
            {
                return Err(self.expected("an enum member or '}'"));
            }
            let name = self.name(Case::Member)?;
            if !names.insert(name) {
                return Err(self.error_at(name_at, format!("a second member {name}")));
            }
            self.expect(b'=')?;
            let number_at = self.here();
            let number = self.number(i32::MAX as u32)?;
            match decl.members.last() {
                None if number != 0 => {
                    return Err(self.error_at(
                        number_at,
                        format!(
                            "{number} for the first member: numbers ascend and one of them is 0"
                        ),
                    ))
                }
                Some(previous) if number <= previous.number => {
                    return Err(self.error_at(
                        number_at,
                        format!(
                            "{number} after {}: members are in ascending number order, each \
                             number once",
                            previous.number
                        ),
                    ))
                }
                _ => {}
            }
            self.expect(b';')?;
            decl.members.push(Member {
                name: name.to_owned(),
                number,
            });
        }
        if decl.members.is_empty() {
            return Err(self.error(format!("enum {} has no members", decl.name)));
        }
        Ok(())
    }

    /// `builtin | list<T> | map<K, V> | optional<T> | qname`, inside `depth` levels.
    fn ty(&mut self, depth: usize) -> Parsed<TypeRef> {
        let start = self.here();
        let w = self.word();
        let next = self.peek();
        if next == Some(b'<') && matches!(w, b"list" | b"map" | b"optional") {
            if depth == MAX_TYPE_NESTING {
                return Err(self.error_at(
                    start,
                    format!("a type nested more than {MAX_TYPE_NESTING} levels deep (SPEC §2.1)"),
                ));
            }
            self.pos += 1;
            let ty = match w {
                b"list" => TypeRef::List(Box::new(self.ty(depth + 1)?)),
                b"optional" => {
                    let inner_at = self.here();
                    let inner = self.ty(depth + 1)?;
                    if matches!(inner, TypeRef::Optional(_)) {
                        return Err(self.error_at(inner_at, "optional<optional<T>> is not a type"));
                    }
                    TypeRef::Optional(Box::new(inner))
                }
                _ => {
                    let key_at = self.here();
                    let key = self.ty(depth + 1)?;
                    match &key {
                        TypeRef::Builtin(b) if b.is_key() => {}
                        TypeRef::Named(i) => {
                            // Checked to be an enum once every line is read.
                            self.used[*i].1.as_key.get_or_insert(key_at);
                        }
                        _ => {
                            return Err(self.error_at(
                                key_at,
                                format!(
                                    "map key {}: a key is an integer type, string or an enum",
                                    self.spell_unresolved(&key)
                                ),
                            ))
                        }
                    }
                    if !self.b[self.pos..].starts_with(b", ") {
                        return Err(self.expected("', ' between a map's key and value types"));
                    }
                    self.pos += 2;
                    let value = self.ty(depth + 1)?;
                    TypeRef::Map(Box::new(key), Box::new(value))
                }
            };
            self.expect(b'>')?;
            return Ok(ty);
        }
        if next != Some(b'.') {
            if let Some(b) = Builtin::from_name(w) {
                return Ok(TypeRef::Builtin(b));
            }
        }
        self.pos = start.at;
        if w.is_empty() {
            return Err(self.expected("a type"));
        }
        if next != Some(b'.') {
            return Err(self.error_at(
                start,
                format!(
                    "'{}' is no type: a built-in type, list<T>, map<K, V>, optional<T> or a \
                     qualified name",
                    as_str(w)
                ),
            ));
        }
        let name = self.qualified_name()?;
        let i = match self.used_index.get(name) {
            Some(&i) => i,
            None => {
                let i = self.used.len();
                self.used.push((
                    name,
                    NameUse {
                        first: start,
                        as_key: None,
                    },
                ));
                self.used_index.insert(name, i);
                i
            }
        };
        Ok(TypeRef::Named(i))
    }

    /// A type before names are resolved (for an error about a map key).
    fn spell_unresolved(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Builtin(b) => b.name().to_owned(),
            TypeRef::List(e) => format!("list<{}>", self.spell_unresolved(e)),
            TypeRef::Map(k, v) => format!(
                "map<{}, {}>",
                self.spell_unresolved(k),
                self.spell_unresolved(v)
            ),
            TypeRef::Optional(e) => format!("optional<{}>", self.spell_unresolved(e)),
            TypeRef::Named(i) => self.used.get(*i).map_or("?", |u| u.0).to_owned(),
        }
    }
}

/// Turns the index of a used name into the index of its type.
fn resolve(ty: &mut TypeRef, resolved: &[usize]) {
    match ty {
        TypeRef::Builtin(_) => {}
        TypeRef::List(e) | TypeRef::Optional(e) => resolve(e, resolved),
        TypeRef::Map(k, v) => {
            resolve(k, resolved);
            resolve(v, resolved);
        }
        TypeRef::Named(i) => *i = resolved[*i],
    }
}

/// The bytes of a word, which are ASCII.
fn as_str(w: &[u8]) -> &str {
    std::str::from_utf8(w).unwrap_or("?")
}

/// The case rules of SPEC §2 (and §1 for package parts).
#[derive(Clone, Copy)]
enum Case {
    Package,
    Type,
    Field,
    Variant,
    Member,
}

impl Case {
    fn what(self) -> &'static str {
        match self {
            Case::Package => "a package name",
            Case::Type => "a type name",
            Case::Field => "a field name",
            Case::Variant => "a variant name",
            Case::Member => "an enum member",
        }
    }

    fn check(self, w: &[u8]) -> Result<(), String> {
        let first = w[0];
        let ok = match self {
            Case::Package | Case::Field | Case::Variant => {
                first.is_ascii_lowercase()
                    && w.iter()
                        .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
            }
            Case::Type => {
                first.is_ascii_uppercase() && w.iter().all(|&c| c.is_ascii_alphanumeric())
            }
            Case::Member => {
                first.is_ascii_uppercase()
                    && w.iter()
                        .all(|&c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_')
            }
        };
        if ok {
            return Ok(());
        }
        let rule = match self {
            Case::Package => "lower case, [a-z][a-z0-9_]*",
            Case::Type => "PascalCase, [A-Z][A-Za-z0-9]*",
            Case::Field | Case::Variant => "snake_case, [a-z][a-z0-9_]*",
            Case::Member => "UPPER_SNAKE, [A-Z][A-Z0-9_]*",
        };
        Err(format!("{} must be {rule}", self.what()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC §8.1's example.
    const MEDIA: &str = "union a.b.Event{1:a.b.Image shot;2:string note;}\n\
        struct a.b.Image{1:f64 x;2:f64 y;}\n\
        record a.b.Media{1:string uri;2:optional<string> title;3:list<a.b.Image> images;\
        4!:i32 old;5:map<string, a.b.Player> players;6:a.b.Event last;}\n\
        enum a.b.Player{JAVA=0;FLASH=1;}\n";

    fn error(text: &str) -> String {
        match SchemaText::parse(text) {
            Ok(_) => panic!("accepted: {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_the_spec_example() {
        let s = SchemaText::parse(MEDIA).unwrap();
        assert_eq!(s.as_str(), MEDIA);
        assert_eq!(s.fingerprint(), canonical::fingerprint(MEDIA));
        let names: Vec<_> = s.types().iter().map(TypeDecl::name).collect();
        assert_eq!(names, ["a.b.Event", "a.b.Image", "a.b.Media", "a.b.Player"]);
        let media = s.get("a.b.Media").unwrap();
        assert_eq!(media.kind(), Kind::Record);
        let spelled: Vec<_> = media.fields().iter().map(|f| s.spell(f.ty())).collect();
        assert_eq!(
            spelled,
            [
                "string",
                "optional<string>",
                "list<a.b.Image>",
                "i32",
                "map<string, a.b.Player>",
                "a.b.Event"
            ]
        );
        assert!(media.fields()[3].deprecated());
        assert_eq!(media.fields()[3].name(), "old");
        assert_eq!(media.fields()[5].ty(), &TypeRef::Named(0));
        let player = s.get("a.b.Player").unwrap();
        assert_eq!(player.kind().with_article(), "an enum");
        assert_eq!(player.members()[1].name(), "FLASH");
        assert_eq!(player.members()[1].number(), 1);
        assert_eq!(s.index_of("a.b.Image"), Some(1));
        assert!(s.get("a.b.Nothing").is_none());
    }

    #[test]
    fn every_builtin_and_nesting() {
        let mut line = String::from("record p.All{");
        for (i, b) in Builtin::ALL.iter().enumerate() {
            line.push_str(&format!("{}:{} f{i};", i + 1, b.name()));
        }
        line.push_str(
            "14:map<p.E, list<optional<map<i64, bytes>>>> deep;15:list<list<p.All>> all;}\n",
        );
        let text = format!("{line}enum p.E{{Z=0;}}\n");
        let s = SchemaText::parse(&text).unwrap();
        let all = s.get("p.All").unwrap();
        assert_eq!(all.fields().len(), 15);
        assert_eq!(
            s.spell(all.fields()[13].ty()),
            "map<p.E, list<optional<map<i64, bytes>>>>"
        );
        // Package parts may be keywords and built-in names; a field may be called `map`.
        let s = SchemaText::parse("record list.i32.map.T{1:list.i32.map.T map;}\n").unwrap();
        assert_eq!(s.types()[0].fields()[0].ty(), &TypeRef::Named(0));
    }

    #[test]
    fn rejects_with_line_and_column() {
        let cases = [
            ("", "line 1, column 1: an empty text: a canonical text has a line per type"),
            ("record a.R{}", "line 1, column 13: expected the end of the line, found the end of the text"),
            ("record a.R{}\r\n", "line 1, column 13: expected the end of the line, found U+000D"),
            ("record a.R{} \n", "line 1, column 13: expected the end of the line, found ' '"),
            ("message a.R{}\n", "line 1, column 1: expected record, struct, union or enum, found 'm'"),
            ("record  a.R{}\n", "line 1, column 8: expected a qualified type name, found ' '"),
            ("record R{}\n", "line 1, column 8: a qualified type name, with its package, not 'R'"),
            ("record a.r{}\n", "line 1, column 10: a type name must be PascalCase, [A-Z][A-Za-z0-9]*: 'r'"),
            ("record A.R{}\n", "line 1, column 8: a package name must be lower case, [a-z][a-z0-9_]*: 'A'"),
            ("record a.R {}\n", "line 1, column 11: expected '{', found ' '"),
            ("record a.R{2:i32 x;}\n", "line 1, column 12: field id 2 where 1 comes next (ids run 1..N in order)"),
            ("record a.R{01:i32 x;}\n", "line 1, column 12: a number with a leading zero"),
            ("record a.R{1:i32 x;1:i32 y;}\n", "line 1, column 20: field id 1 where 2 comes next (ids run 1..N in order)"),
            ("record a.R{1:i32 x;2:i32 x;}\n", "line 1, column 26: a second field 'x'"),
            ("record a.R{1:i32 X;}\n", "line 1, column 18: a field name must be snake_case, [a-z][a-z0-9_]*: 'X'"),
            ("record a.R{1:int x;}\n", "line 1, column 14: 'int' is no type: a built-in type, list<T>, map<K, V>, optional<T> or a qualified name"),
            ("record a.R{1:i32  x;}\n", "line 1, column 18: expected a field name, found ' '"),
            ("record a.R{1:i32 x}\n", "line 1, column 19: expected ';', found '}'"),
            ("record a.R{1:map<string,i32> m;}\n", "line 1, column 24: expected ', ' between a map's key and value types, found ','"),
            ("record a.R{1:map<f64, i32> m;}\n", "line 1, column 18: map key f64: a key is an integer type, string or an enum"),
            ("record a.R{1:map<optional<i32>, i32> m;}\n", "line 1, column 18: map key optional<i32>: a key is an integer type, string or an enum"),
            ("record a.R{1:map<a.R, i32> m;}\n", "line 1, column 18: map key a.R is a record: a key is an integer type, string or an enum"),
            ("record a.R{1:optional<optional<i32>> m;}\n", "line 1, column 23: optional<optional<T>> is not a type"),
            ("record a.R{1:list<i32 > m;}\n", "line 1, column 22: expected '>', found ' '"),
            ("record a.R{1:a.S s;}\n", "line 1, column 14: no line declares a.S"),
            ("record a.R{1!:a.S s;}\nrecord a.S{}\nrecord a.S{}\n", "line 3, column 8: a second line of a.S"),
            ("record a.S{}\nrecord a.R{}\n", "line 2, column 8: a.R after a.S: lines are sorted by qualified name"),
            ("struct a.S{}\n", "line 1, column 12: struct a.S has no fields"),
            ("union a.U{}\n", "line 1, column 11: union a.U has no variants"),
            ("union a.U{1!:i32 x;}\n", "line 1, column 12: expected ':', found '!'"),
            ("union a.U{1:optional<i32> x;}\n", "line 1, column 13: a union variant cannot be optional"),
            ("enum a.E{}\n", "line 1, column 10: enum a.E has no members"),
            ("enum a.E{A=1;}\n", "line 1, column 12: 1 for the first member: numbers ascend and one of them is 0"),
            ("enum a.E{A=0;B=0;}\n", "line 1, column 16: 0 after 0: members are in ascending number order, each number once"),
            ("enum a.E{A=0;A=1;}\n", "line 1, column 14: a second member A"),
            ("enum a.E{A=0;b=1;}\n", "line 1, column 14: an enum member must be UPPER_SNAKE, [A-Z][A-Z0-9_]*: 'b'"),
            ("enum a.E{A=0;B=2147483648;}\n", "line 1, column 16: a number above 2147483647"),
            ("enum a.E{A=0;B=-1;}\n", "line 1, column 16: expected a number, found '-'"),
            ("enum a.E{A=0;;}\n", "line 1, column 14: expected an enum member or '}', found ';'"),
            ("record a.R{1:i32 x;\n}\n", "line 1, column 20: expected field id 2 or '}', found the end of the line"),
            ("record a.R{1:i32 é;}\n", "line 1, column 18: expected a field name, found 'é'"),
            ("record a.R{1:string é;}\n", "line 1, column 21: expected a field name, found 'é'"),
            ("record a.R{}\nrecord a.S{1:i32 x;}\nrecord a.T{1:a.Q q;}\n", "line 3, column 14: no line declares a.Q"),
        ];
        for (text, expected) in cases {
            assert_eq!(
                error(text),
                format!("bad schema text at {expected}"),
                "{text:?}"
            );
        }
        let e = SchemaText::parse("record a.R{}\nrecord a.S{x}\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (2, 12));
        assert_eq!(e.what(), "expected field id 1 or '}', found 'x'");
    }

    #[test]
    fn limits_of_spec_2_1() {
        let fields = |n: usize| {
            let items: String = (1..=n).map(|i| format!("{i}:i32 f{i};")).collect();
            format!("record a.R{{{items}}}\n")
        };
        assert!(SchemaText::parse(&fields(MAX_FIELDS)).is_ok());
        assert!(
            error(&fields(MAX_FIELDS + 1)).ends_with("more than 1000 fields in a.R (SPEC §2.1)")
        );
        let variants = |n: usize| {
            let items: String = (1..=n).map(|i| format!("{i}:i32 v{i};")).collect();
            format!("union a.U{{{items}}}\n")
        };
        assert!(SchemaText::parse(&variants(MAX_FIELDS)).is_ok());
        assert!(error(&variants(MAX_FIELDS + 1))
            .ends_with("more than 1000 variants in a.U (SPEC §2.1)"));
        let members = |n: usize| {
            let items: String = (0..n).map(|i| format!("M{i}={i};")).collect();
            format!("enum a.E{{{items}}}\n")
        };
        assert!(SchemaText::parse(&members(MAX_MEMBERS)).is_ok());
        assert!(
            error(&members(MAX_MEMBERS + 1)).ends_with("more than 4096 members in a.E (SPEC §2.1)")
        );
        let nested = |n: usize| {
            format!(
                "record a.R{{1:{}i32{} x;}}\n",
                "list<".repeat(n),
                ">".repeat(n)
            )
        };
        assert!(SchemaText::parse(&nested(MAX_TYPE_NESTING)).is_ok());
        assert_eq!(
            error(&nested(MAX_TYPE_NESTING + 1)),
            "bad schema text at line 1, column 174: a type nested more than 32 levels deep (SPEC §2.1)"
        );
        // Far deeper nesting is rejected at the same place, without going deeper.
        assert!(error(&nested(1_000_000)).contains("column 174:"));
        let named = |n: usize| format!("record {}.R{}{{}}\n", "a".repeat(n), "x".repeat(n - 1));
        assert!(SchemaText::parse(&named(MAX_NAME_LEN)).is_ok());
        assert!(error(&named(MAX_NAME_LEN + 1)).ends_with("a name longer than 120 characters"));
        let package = |n: usize| format!("record {}R{{}}\n", "p.".repeat(n));
        assert!(SchemaText::parse(&package(MAX_PACKAGE_PARTS)).is_ok());
        assert_eq!(
            error(&package(MAX_PACKAGE_PARTS + 1)),
            "bad schema text at line 1, column 40: a package of more than 16 parts (SPEC §2.1)"
        );
        let long_field = format!("record a.R{{1:i32 {};}}\n", "f".repeat(MAX_NAME_LEN + 1));
        assert!(error(&long_field).contains("column 18: a name longer than 120 characters"));
    }

    /// A text of 50,000 types, each holding the next: parsed in one pass, resolved by name.
    #[test]
    fn large_texts() {
        let n = 50_000;
        let text: String = (0..n)
            .map(|i| {
                let next = if i + 1 < n {
                    format!("a.T{:06}", i + 1)
                } else {
                    "string".into()
                };
                format!("record a.T{i:06}{{1:optional<{next}> next;2:list<a.T000000> first;}}\n")
            })
            .collect();
        let s = SchemaText::parse(&text).unwrap();
        assert_eq!(s.types().len(), n);
        assert_eq!(
            s.types()[7].fields()[0].ty(),
            &TypeRef::Optional(Box::new(TypeRef::Named(8)))
        );
    }

    /// Random mutations of valid texts: never a panic, and every error says where.
    #[test]
    fn mutations_never_panic() {
        let seeds = [
            MEDIA,
            "record spec.examples.Reading{1:u32 sensor;2:i32 value;3:spec.examples.Unit unit;\
             4!:string label;5:optional<map<string, i32>> tags;}\n\
             enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}\n",
            "record a.R{1:map<a.E, list<optional<map<i64, bytes>>>> m;}\nenum a.E{Z=0;}\n",
        ];
        let pieces: [&[u8]; 16] = [
            b"<",
            b">",
            b", ",
            b"\n",
            b"{",
            b"}",
            b";",
            b":",
            b"!",
            b".",
            b"list<",
            b"map<",
            b"optional<",
            "é".as_bytes(),
            b"0",
            b"a.b.Image",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound.max(1) as u64) as usize
        };
        let mut accepted = 0;
        for round in 0..20_000 {
            let mut bytes = seeds[round % seeds.len()].as_bytes().to_vec();
            for _ in 0..1 + next(3) {
                let at = next(bytes.len() + 1);
                match next(4) {
                    0 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    1 => {
                        let piece = pieces[next(pieces.len())];
                        bytes.splice(at..at, piece.iter().copied());
                    }
                    2 if at < bytes.len() => bytes[at] = b" abz09_AZ.<>{};:=!\n"[next(19)],
                    _ => bytes.truncate(at),
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            match SchemaText::parse(&text) {
                Ok(s) => {
                    accepted += 1;
                    // What is accepted spells its types back as they were written.
                    for t in s.types() {
                        for f in t.fields() {
                            assert!(text.contains(&format!("{} {};", s.spell(f.ty()), f.name())));
                        }
                    }
                }
                Err(e) => {
                    assert!(e.line() >= 1 && e.column() >= 1, "{e}");
                    assert!(e.line() as usize <= text.lines().count() + 1, "{e}");
                }
            }
        }
        assert!(accepted > 0);
    }
}
