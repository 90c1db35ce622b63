//! What the fuzz targets check, on the code cserc generates for every example and conformance
//! schema (see `build.rs`). The first input byte picks a root type from [`ROOTS`] (modulo its
//! length), the rest is the input.
//!
//! Any of these is a finding, reported by a panic (libFuzzer keeps the input):
//!
//! - [`check_decode`]: decode fails with anything but a `DecodeError` whose offset lies within
//!   the input, or succeeds with a value `v` for which encode(v) = b fails, decode(b) fails or
//!   differs from `v`, or encode(decode(b)) differs from `b`;
//! - [`check_stream`]: a `StreamReader` over the bytes does not end (more reads than bytes),
//!   or a message it decodes does not come back equal through a `StreamWriter`;
//! - both: one allocation while decoding larger than [`allocation_limit`] of the input, a
//!   panic, a stack overflow; `run` adds libFuzzer's `-timeout=1` (1 s on one input).

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Debug;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use cser::{DecodeError, EncodeError, Message, StreamReader, StreamWriter};

#[allow(clippy::all, missing_docs, dead_code)]
pub mod examples {
    include!(concat!(env!("OUT_DIR"), "/examples/cser_modules.rs"));
}

#[allow(clippy::all, missing_docs, dead_code)]
pub mod conf {
    include!(concat!(env!("OUT_DIR"), "/conf/cser_modules.rs"));
}

#[allow(clippy::all, missing_docs, dead_code)]
pub mod conf_v2 {
    include!(concat!(env!("OUT_DIR"), "/conf_v2/cser_modules.rs"));
}

#[allow(clippy::all, missing_docs, dead_code)]
pub mod conf_gen2 {
    include!(concat!(env!("OUT_DIR"), "/conf_gen2/cser_modules.rs"));
}

#[allow(clippy::all, missing_docs, dead_code)]
pub mod conf_gen3 {
    include!(concat!(env!("OUT_DIR"), "/conf_gen3/cser_modules.rs"));
}

/// A root type and the checks of its two targets.
pub struct Root {
    /// `examples`, `conf`, `conf_v2`, `conf_gen2` or `conf_gen3`: which schemas' code (see
    /// `build.rs`).
    pub group: &'static str,
    /// The qualified schema name.
    pub name: &'static str,
    /// [`check_decode`] for this type.
    pub decode: fn(&[u8]),
    /// [`check_stream`] for this type.
    pub stream: fn(&[u8]),
}

include!(concat!(env!("OUT_DIR"), "/roots.rs"));

/// The root the first byte picks, and the rest of the input.
pub fn pick(data: &[u8]) -> Option<(&'static Root, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((&ROOTS[first as usize % ROOTS.len()], rest))
}

/// A fuzz target (a file of `fuzz_targets/`, after `#![no_main]`): the [`Counting`] allocator,
/// and the check `check` of [`Root`] (`decode` or `stream`) on the root type the first byte
/// picks, with the rest of the input.
#[macro_export]
macro_rules! fuzz_root_target {
    ($check:ident) => {
        #[global_allocator]
        static ALLOCATOR: $crate::Counting = $crate::Counting;

        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            if let Some((root, rest)) = $crate::pick(data) {
                (root.$check)(rest);
            }
        });
    };
}

// ---- the largest allocation ------------------------------------------------------------------

/// The system allocator, recording the largest fresh allocation and the largest reallocation
/// since [`reset_largest`].
pub struct Counting;

static FRESH: AtomicUsize = AtomicUsize::new(0);
static GROWN: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        FRESH.fetch_max(layout.size(), Relaxed);
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        FRESH.fetch_max(layout.size(), Relaxed);
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        GROWN.fetch_max(new_size, Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

/// The largest allocations since [`reset_largest`].
#[derive(Debug, Clone, Copy)]
pub struct Largest {
    /// The largest fresh allocation (`alloc`): a reservation, a string, a byte vector.
    pub fresh: usize,
    /// The largest reallocation (`realloc`): a `Vec` or map growing as elements arrive.
    pub grown: usize,
}

/// Starts measuring the largest allocations anew.
pub fn reset_largest() {
    FRESH.store(0, Relaxed);
    GROWN.store(0, Relaxed);
}

/// The largest allocations since [`reset_largest`].
pub fn largest() -> Largest {
    Largest {
        fresh: FRESH.load(Relaxed),
        grown: GROWN.load(Relaxed),
    }
}

/// Slack for allocations whose size does not depend on the input: error messages and field
/// paths, the minimum capacity std gives a growing `Vec` (4 elements of up to 1 KiB), a
/// map's first table. 4 KiB covers them with room to spare; anything that grows with the
/// input must stay within 64 bytes per input byte.
pub const SLACK: usize = 4 << 10;

/// The largest single allocation allowed while decoding `input_len` bytes: 64 per byte plus
/// [`SLACK`], plus `fixed` (the stream reader's 64 KiB buffer).
pub fn allocation_limit(input_len: usize, fixed: usize) -> usize {
    64 * input_len + SLACK + fixed
}

/// Fails if an allocation made while decoding `input_len` bytes is above [`allocation_limit`]
/// and above twice `value`, the largest allocation a clone of the decoded value makes (0 when
/// decoding failed).
///
/// A value may legitimately need more than 64 bytes per input byte (a record with no field
/// present is one byte on the wire and its whole struct in memory; eight absent optionals
/// are one byte and eight `Option<String>`s), and a `Vec` grown element by element reaches
/// twice its length: hence the allowance of twice the value. What decoding reserves on the
/// word of the input alone (a count) is a fresh allocation, and gets no more than that.
/// Growth (a reallocation) happens only as elements are actually decoded, so when decoding
/// fails its size is that of a valid value's prefix; it is checked only when decoding
/// succeeds (libFuzzer's 2 GiB malloc and RSS limits still apply).
fn check_allocation(what: &str, input_len: usize, fixed: usize, seen: Largest, value: usize) {
    let limit = allocation_limit(input_len, fixed).max(2 * value);
    assert!(
        seen.fresh <= limit,
        "{what}: one allocation of {} bytes for {input_len} input bytes (limit {limit})",
        seen.fresh
    );
    if value > 0 {
        assert!(
            seen.grown <= limit,
            "{what}: one reallocation to {} bytes for {input_len} input bytes (limit {limit})",
            seen.grown
        );
    }
}

// ---- the checks -------------------------------------------------------------------------------

/// The largest allocation a clone of `v` makes: what the value itself needs.
fn clone_alloc<T: Clone>(v: &T) -> usize {
    reset_largest();
    drop(v.clone());
    let seen = largest();
    seen.fresh.max(seen.grown)
}

/// Equal, or both print alike and hold a NaN (NaN != NaN; the bytes are compared as well).
fn same<T: PartialEq + Debug>(a: &T, b: &T) -> bool {
    a == b || {
        let (a, b) = (format!("{a:?}"), format!("{b:?}"));
        a == b && a.contains("NaN")
    }
}

/// Decodes `data`; a value must survive encode, decode, encode unchanged.
pub fn check_decode<T: PartialEq + Clone + Debug>(
    data: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    encode: fn(&T) -> Result<Vec<u8>, EncodeError>,
) {
    reset_largest();
    let decoded = decode(data);
    let seen = largest();
    let value = decoded.as_ref().map_or(0, clone_alloc);
    check_allocation("decode", data.len(), 0, seen, value);
    let v = match decoded {
        Err(e) => {
            assert!(
                e.offset() <= data.len() as u64,
                "error offset beyond the input of {} bytes: {e}",
                data.len()
            );
            let _ = e.to_string();
            return;
        }
        Ok(v) => v,
    };
    let b = encode(&v).unwrap_or_else(|e| panic!("decoded {v:?} does not encode: {e}"));
    let v2 = decode(&b).unwrap_or_else(|e| panic!("re-encoding {b:02x?} does not decode: {e}"));
    assert!(same(&v, &v2), "decode(encode(v)) != v:\n{v:?}\n{v2:?}");
    let b2 = encode(&v2).unwrap_or_else(|e| panic!("{v2:?} does not encode: {e}"));
    assert_eq!(b, b2, "encode is not stable");
}

/// The stream reader's own buffer, allocated whatever the input.
const STREAM_BUFFER: usize = 64 << 10;

/// Reads `data` as a stream of `M`. The first byte's low bit set: the right header is put in
/// front (so the frames are reached at once); bit 1 set: a maximum message size of 64 bytes.
pub fn check_stream<M: Message + PartialEq + Clone + Debug>(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = Vec::with_capacity(rest.len() + cser::HEADER_LEN);
    if flags & 1 != 0 {
        bytes.extend_from_slice(&cser::stream::encode_header(M::TYPE_ID, M::FINGERPRINT));
    }
    bytes.extend_from_slice(rest);
    let mut reader: StreamReader<_, M> = StreamReader::new(&bytes[..]);
    if flags & 2 != 0 {
        reader = reader.with_max_message_size(64);
    }
    let mut good = Vec::new();
    let mut reads = 0;
    loop {
        // Each read is measured on its own and held to what its own message needs, as
        // check_decode does: a message that fails may have grown a valid prefix past the rule
        // (F3 in RESULTS.md), which must not be charged to the good messages around it.
        reset_largest();
        let Some(message) = reader.next() else { break };
        let seen = largest();
        reads += 1;
        // Every read consumes a byte at least (a frame length), so this many reads means the
        // reader goes round in circles.
        assert!(reads <= bytes.len() + 1, "the stream does not end");
        match message {
            Ok(m) => {
                check_allocation("stream", bytes.len(), STREAM_BUFFER, seen, clone_alloc(&m));
                good.push(m);
            }
            Err(e) => {
                check_allocation("stream", bytes.len(), STREAM_BUFFER, seen, 0);
                let _ = e.to_string();
            }
        }
    }
    assert!(reader.read().is_err() || reader.read().unwrap().is_none());
    // What was read comes back through a writer.
    let mut w: StreamWriter<Vec<u8>, M> = StreamWriter::new(Vec::new());
    for m in &good {
        w.write(m)
            .unwrap_or_else(|e| panic!("read {m:?} does not write: {e}"));
    }
    let written = w.finish().expect("writing to a Vec");
    let again: Vec<M> = StreamReader::new(&written[..])
        .map(|m| m.unwrap_or_else(|e| panic!("written stream does not read: {e}")))
        .collect();
    assert_eq!(good.len(), again.len());
    for (a, b) in good.iter().zip(&again) {
        assert!(same(a, b), "stream round trip:\n{a:?}\n{b:?}");
    }
}
