//! Known schemas (SPEC §9.1): writers' canonical texts keyed by the fingerprint computed from
//! each, in which a stream reader looks up the fingerprint of a stream's header, and the
//! verdicts of comparing them with readers' schemas, each worked out once.

use std::collections::HashMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::canonical::{canonical_text, Canonical};
use crate::schema_compat::difference;
use crate::schema_text::{SchemaText, SchemaTextError};
use crate::stream::Message;

/// The extension of the files [`KnownSchemas::from_dir`] loads.
pub const CANONICAL_EXTENSION: &str = "canonical";

/// A set of canonical texts keyed by their fingerprints (SPEC §8), with a cache of verdicts:
/// for each writer's fingerprint and reader type, the first difference or none. Share one
/// among stream readers with an [`Arc`]
/// ([`StreamReader::with_known_schemas`](crate::StreamReader::with_known_schemas)), so that a
/// reader of many streams of one writer compares once.
///
/// ```
/// use cser::KnownSchemas;
///
/// let mut known = KnownSchemas::new();
/// let fp = known.add("record a.b.Order{1:string id;2:i64 created_at;}\n").unwrap();
/// assert_eq!(known.get(fp).unwrap().types()[0].name(), "a.b.Order");
/// assert!(known.add("record a.b.Order{}").is_err()); // no newline at its end
/// ```
#[derive(Default)]
pub struct KnownSchemas {
    texts: HashMap<u64, Arc<SchemaText>>,
    /// (writer's fingerprint, reader's type id, reader's fingerprint) → the difference.
    verdicts: Mutex<HashMap<(u64, u64, u64), Option<String>>>,
}

impl KnownSchemas {
    /// An empty set.
    pub fn new() -> Self {
        KnownSchemas::default()
    }

    /// Parses a canonical text (SPEC §8.1) and adds it under its fingerprint, which it returns.
    /// Adding a text twice keeps one.
    pub fn add(&mut self, text: &str) -> Result<u64, SchemaTextError> {
        let parsed = SchemaText::parse(text)?;
        let fingerprint = parsed.fingerprint();
        self.texts
            .entry(fingerprint)
            .or_insert_with(|| Arc::new(parsed));
        Ok(fingerprint)
    }

    /// Loads every file of `dir` whose name ends in `.canonical` (not its subdirectories), in
    /// name order. A file that cannot be read, is not UTF-8 or is not a canonical text fails the
    /// whole load, naming the file.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Self, LoadError> {
        let dir = dir.as_ref();
        let io_error = |path: &Path, e: io::Error| LoadError {
            path: path.to_path_buf(),
            cause: LoadErrorCause::Io(e),
        };
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let path = entry.map_err(|e| io_error(dir, e))?.path();
            if path.extension().is_some_and(|x| x == CANONICAL_EXTENSION) && path.is_file() {
                files.push(path);
            }
        }
        files.sort();
        let mut known = KnownSchemas::new();
        for path in files {
            let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
            known.add(&text).map_err(|e| LoadError {
                path: path.clone(),
                cause: LoadErrorCause::Text(e),
            })?;
        }
        Ok(known)
    }

    /// The text of a fingerprint, if known.
    pub fn get(&self, fingerprint: u64) -> Option<&SchemaText> {
        self.texts.get(&fingerprint).map(|t| &**t)
    }

    /// Whether the text of a fingerprint is known.
    pub fn contains(&self, fingerprint: u64) -> bool {
        self.texts.contains_key(&fingerprint)
    }

    /// The number of texts.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// The fingerprints of the texts, in no particular order.
    pub fn fingerprints(&self) -> impl Iterator<Item = u64> + '_ {
        self.texts.keys().copied()
    }

    /// The verdict on reading what the schema of `writer_fingerprint` wrote as `M` (SPEC §9.1):
    /// `None` when that schema is not known, `Some(None)` when it is compatible, and
    /// `Some(Some(difference))` when it is not. Worked out once per writer and reader type;
    /// a writer whose fingerprint is `M`'s is compatible without a comparison.
    pub fn verdict<M: Message + Canonical>(
        &self,
        writer_fingerprint: u64,
    ) -> Option<Option<String>> {
        if writer_fingerprint == M::FINGERPRINT {
            return Some(None);
        }
        let writer = self.texts.get(&writer_fingerprint)?;
        let key = (writer_fingerprint, M::TYPE_ID, M::FINGERPRINT);
        let cached = self.lock().get(&key).cloned();
        if let Some(verdict) = cached {
            return Some(verdict);
        }
        // Compared outside the lock: two readers meeting a new writer at once may both compare,
        // and agree.
        let verdict = compare_with::<M>(writer);
        self.lock().insert(key, verdict.clone());
        Some(verdict)
    }

    /// The number of verdicts worked out so far.
    pub fn verdicts_cached(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(u64, u64, u64), Option<String>>> {
        // A verdict is inserted whole: a panic elsewhere leaves the map consistent.
        self.verdicts.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl fmt::Debug for KnownSchemas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut fingerprints: Vec<_> = self.fingerprints().collect();
        fingerprints.sort_unstable();
        f.debug_struct("KnownSchemas")
            .field(
                "fingerprints",
                &fingerprints
                    .iter()
                    .map(|f| format!("{f:016x}"))
                    .collect::<Vec<_>>(),
            )
            .field("verdicts_cached", &self.verdicts_cached())
            .finish()
    }
}

/// The first difference between a writer's schema and `M`'s (SPEC §9.1), `M` the root.
pub fn compare_with<M: Message + Canonical>(writer: &SchemaText) -> Option<String> {
    let own = canonical_text::<M>();
    if writer.as_str() == own {
        return None;
    }
    match SchemaText::parse(&own) {
        Ok(reader) => difference(writer, &reader, M::TYPE_NAME),
        // The compiler's own text always parses; if it did not, nothing could be compared.
        Err(e) => Some(format!("the reader's own schema text does not parse: {e}")),
    }
}

/// Why [`KnownSchemas::from_dir`] failed: the file (or directory) and the cause.
#[derive(Debug)]
pub struct LoadError {
    path: PathBuf,
    cause: LoadErrorCause,
}

/// What went wrong with a file of known schemas.
#[derive(Debug)]
pub enum LoadErrorCause {
    /// It could not be read (or was not UTF-8).
    Io(io::Error),
    /// It is not a canonical text.
    Text(SchemaTextError),
}

impl LoadError {
    /// The file or directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn cause(&self) -> &LoadErrorCause {
        &self.cause
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cause {
            LoadErrorCause::Io(e) => write!(f, "{}: {e}", self.path.display()),
            LoadErrorCause::Text(e) => write!(f, "{}: {e}", self.path.display()),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            LoadErrorCause::Io(e) => Some(e),
            LoadErrorCause::Text(e) => Some(e),
        }
    }
}
