//! Every (workload, library, op) of the Rust harness as a closure handed to a [`Runner`]: the
//! report binary times them (in turns: it runs a workload again for each pass), counts their
//! allocations, or runs each once (smoke).
//!
//! Encoding reuses one buffer per case (cleared, then appended to; bitcode's own `Buffer`,
//! rkyv's `AlignedVec` and arena); decoding builds the full value from bytes encoded beforehand
//! and drops it inside the measured call. rkyv also has `decode_lazy`: validated access alone.

use std::hint::black_box;

use serde::de::DeserializeOwned;
use serde::Serialize;

use rkyv::ser::allocator::Arena;
use rkyv::util::AlignedVec;

use crate::rkyv_codec::{rkyv_encode, RkyvCodec};
use crate::workloads::{self, W5Source};
use crate::{bench, chem, pb, peer, peer_bitcode, sakai};

/// The libraries, in the order they run and are reported (bincode: the legacy yardstick).
pub const LIBRARIES: [&str; 7] = [
    "cser",
    "bitcode",
    "rkyv",
    "bincode",
    "postcard",
    "prost",
    "serde_json",
];

/// The workloads, in order.
pub const WORKLOADS: [&str; 6] = ["W1", "W2", "W3", "W4", "W5", "W6"];

/// An operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Value → bytes, into a reused buffer.
    Encode,
    /// Bytes → the fully built value.
    Decode,
    /// Bytes → validated, readable in place, nothing built (rkyv's `access`).
    DecodeLazy,
}

impl Op {
    /// The name in the results (`encode`, `decode`).
    pub fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::DecodeLazy => "decode_lazy",
        }
    }

    /// Every operation, in the order of the results.
    pub const ALL: [Op; 3] = [Op::Encode, Op::Decode, Op::DecodeLazy];
}

/// One measured operation.
#[derive(Debug, Clone)]
pub struct Case {
    pub workload: &'static str,
    pub library: &'static str,
    pub op: Op,
    /// The encoded size of the workload's value in this library's format.
    pub bytes: usize,
}

impl Case {
    /// `W3/cser/encode`.
    pub fn id(&self) -> String {
        format!("{}/{}/{}", self.workload, self.library, self.op.name())
    }
}

/// What is done with each case.
pub trait Runner {
    /// Runs (times, counts, ...) `f`, one operation per call.
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, f: F);
}

/// The generated cser types of the workloads, behind one interface (their inherent
/// `encode_into` and `decode` methods).
pub trait CserCodec: Sized {
    /// Appends the message to `buf`.
    fn encode_into(&self, buf: &mut Vec<u8>) -> Result<(), cser::EncodeError>;
    /// Decodes a message.
    fn decode(bytes: &[u8]) -> Result<Self, cser::DecodeError>;
}

macro_rules! cser_codec {
    ($($t:ty),*) => {$(
        impl CserCodec for $t {
            #[inline]
            fn encode_into(&self, buf: &mut Vec<u8>) -> Result<(), cser::EncodeError> {
                <$t>::encode_into(self, buf)
            }
            #[inline]
            fn decode(bytes: &[u8]) -> Result<Self, cser::DecodeError> {
                <$t>::decode(bytes)
            }
        }
    )*};
}

cser_codec!(
    bench::empty::EmptyDataSet,
    bench::employee::Staff,
    sakai::content::ContentResource,
    bench::message::Message,
    chem::MoleculeSet,
    bench::media::MediaContent
);

/// bincode's configuration: `standard()` (varint integers, little endian), its default.
pub const BINCODE: bincode::config::Configuration = bincode::config::standard();

/// cser: `encode_into` a cleared, reused Vec.
#[inline]
pub fn cser_encode<C: CserCodec>(value: &C, buf: &mut Vec<u8>) {
    buf.clear();
    value.encode_into(buf).expect("cser encodes");
}

/// cser: the generated `decode`.
#[inline]
pub fn cser_decode<C: CserCodec>(bytes: &[u8]) -> C {
    C::decode(bytes).expect("cser decodes")
}

/// bincode 2 (serde): `encode_into_std_write` into a cleared, reused Vec.
#[inline]
pub fn bincode_encode<S: Serialize>(value: &S, buf: &mut Vec<u8>) {
    buf.clear();
    bincode::serde::encode_into_std_write(value, buf, BINCODE).expect("bincode encodes");
}

/// bincode 2 (serde): `decode_from_slice`.
#[inline]
pub fn bincode_decode<S: DeserializeOwned>(bytes: &[u8]) -> S {
    let (value, read) = bincode::serde::decode_from_slice(bytes, BINCODE).expect("bincode decodes");
    debug_assert_eq!(read, bytes.len());
    value
}

/// bitcode: `Buffer::encode` with a reused Buffer (the bytes stay in it); returns their length.
#[inline]
pub fn bitcode_encode<B: bitcode::Encode>(value: &B, buf: &mut bitcode::Buffer) -> usize {
    buf.encode(value).len()
}

/// bitcode: `Buffer::decode` with a reused Buffer.
#[inline]
pub fn bitcode_decode<B: bitcode::DecodeOwned>(bytes: &[u8], buf: &mut bitcode::Buffer) -> B {
    buf.decode(bytes).expect("bitcode decodes")
}

/// postcard: `to_extend` a cleared, reused Vec.
#[inline]
pub fn postcard_encode<S: Serialize>(value: &S, buf: &mut Vec<u8>) {
    buf.clear();
    *buf = postcard::to_extend(value, std::mem::take(buf)).expect("postcard encodes");
}

/// postcard: `from_bytes`.
#[inline]
pub fn postcard_decode<S: DeserializeOwned>(bytes: &[u8]) -> S {
    postcard::from_bytes(bytes).expect("postcard decodes")
}

/// prost: `Message::encode` into a cleared, reused Vec.
#[inline]
pub fn prost_encode<P: prost::Message>(value: &P, buf: &mut Vec<u8>) {
    buf.clear();
    value.encode(buf).expect("prost encodes");
}

/// prost: `Message::decode`.
#[inline]
pub fn prost_decode<P: prost::Message + Default>(bytes: &[u8]) -> P {
    P::decode(bytes).expect("prost decodes")
}

/// serde_json: `to_writer` a cleared, reused Vec (compact JSON).
#[inline]
pub fn json_encode<S: Serialize>(value: &S, buf: &mut Vec<u8>) {
    buf.clear();
    serde_json::to_writer(&mut *buf, value).expect("serde_json encodes");
}

/// serde_json: `from_slice`.
#[inline]
pub fn json_decode<S: DeserializeOwned>(bytes: &[u8]) -> S {
    serde_json::from_slice(bytes).expect("serde_json decodes")
}

/// One workload's value in four shapes: the generated cser type, the peer struct (serde and
/// rkyv), the prost message and bitcode's struct (the peer struct itself, or its twin in
/// [`peer_bitcode`] where the peer holds an `IndexMap`).
pub struct Workload<C, S, P, B> {
    pub name: &'static str,
    pub cser: C,
    pub serde: S,
    pub prost: P,
    pub bitcode: B,
}

impl<C, S, P, B> Workload<C, S, P, B>
where
    C: CserCodec,
    S: Serialize + DeserializeOwned + RkyvCodec + for<'a> From<&'a C>,
    P: prost::Message + Default + for<'a> From<&'a C>,
    B: bitcode::Encode + bitcode::DecodeOwned + for<'a> From<&'a C>,
{
    /// The peers' values converted from the cser value.
    pub fn new(name: &'static str, cser: C) -> Self {
        Workload {
            name,
            serde: S::from(&cser),
            prost: P::from(&cser),
            bitcode: B::from(&cser),
            cser,
        }
    }

    /// Runs encode then decode of every library, in [`LIBRARIES`] order.
    pub fn run(&self, r: &mut impl Runner) {
        library(
            r,
            self.name,
            "cser",
            &self.cser,
            cser_encode,
            cser_decode::<C>,
        );
        bitcode_library(r, self.name, &self.bitcode);
        rkyv_library(r, self.name, &self.serde);
        library(
            r,
            self.name,
            "bincode",
            &self.serde,
            bincode_encode,
            bincode_decode::<S>,
        );
        library(
            r,
            self.name,
            "postcard",
            &self.serde,
            postcard_encode,
            postcard_decode::<S>,
        );
        library(
            r,
            self.name,
            "prost",
            &self.prost,
            prost_encode,
            prost_decode::<P>,
        );
        library(
            r,
            self.name,
            "serde_json",
            &self.serde,
            json_encode,
            json_decode::<S>,
        );
    }
}

/// Hands one library's encode and decode of `value` to the runner.
fn library<V, D, E, Dd, R>(
    r: &mut R,
    workload: &'static str,
    library: &'static str,
    value: &V,
    encode: E,
    decode: Dd,
) where
    R: Runner,
    E: Fn(&V, &mut Vec<u8>),
    Dd: Fn(&[u8]) -> D,
{
    let mut buf = Vec::new();
    encode(value, &mut buf);
    let bytes = buf.clone();
    let case = |op| Case {
        workload,
        library,
        op,
        bytes: bytes.len(),
    };
    r.run(&case(Op::Encode), || {
        encode(black_box(value), &mut buf);
        buf.len()
    });
    r.run(&case(Op::Decode), || decode(black_box(&bytes)));
}

/// Hands bitcode's encode and decode of `value` to the runner, each with a Buffer of its own.
fn bitcode_library<B, R>(r: &mut R, workload: &'static str, value: &B)
where
    R: Runner,
    B: bitcode::Encode + bitcode::DecodeOwned,
{
    let mut buf = bitcode::Buffer::new();
    let bytes = buf.encode(value).to_vec();
    let case = |op| Case {
        workload,
        library: "bitcode",
        op,
        bytes: bytes.len(),
    };
    r.run(&case(Op::Encode), || {
        bitcode_encode(black_box(value), &mut buf)
    });
    let mut decoder = bitcode::Buffer::new();
    r.run(&case(Op::Decode), || {
        bitcode_decode::<B>(black_box(&bytes), &mut decoder)
    });
}

/// Hands rkyv's encode, decode (access + deserialize) and decode_lazy (access) to the runner.
fn rkyv_library<S, R>(r: &mut R, workload: &'static str, value: &S)
where
    R: Runner,
    S: RkyvCodec,
{
    let mut arena = Arena::new();
    let mut buf = AlignedVec::new();
    rkyv_encode(value, &mut buf, &mut arena);
    // An aligned copy: rkyv reads the archive in place.
    let bytes = buf.clone();
    let case = |op| Case {
        workload,
        library: "rkyv",
        op,
        bytes: bytes.len(),
    };
    r.run(&case(Op::Encode), || {
        rkyv_encode(black_box(value), &mut buf, &mut arena);
        buf.len()
    });
    let slice: &[u8] = &bytes;
    r.run(&case(Op::Decode), move || S::rkyv_decode(black_box(slice)));
    r.run(&case(Op::DecodeLazy), move || {
        S::rkyv_access(black_box(slice)) as *const S::Archived
    });
}

/// W1–W6, each in its four shapes.
pub struct Workloads {
    pub w1: Workload<
        bench::empty::EmptyDataSet,
        peer::EmptyDataSet,
        pb::EmptyDataSet,
        peer_bitcode::EmptyDataSet,
    >,
    pub w2: Workload<bench::employee::Staff, peer::Staff, pb::Staff, peer::Staff>,
    pub w3: Workload<
        sakai::content::ContentResource,
        peer::ContentResource,
        pb::ContentResource,
        peer_bitcode::ContentResource,
    >,
    pub w4: Workload<bench::message::Message, peer::Message, pb::Message, peer::Message>,
    pub w5: Workload<chem::MoleculeSet, peer::MoleculeSet, pb::MoleculeSet, peer::MoleculeSet>,
    pub w6: Workload<
        bench::media::MediaContent,
        peer::MediaContent,
        pb::MediaContent,
        peer::MediaContent,
    >,
    /// Whether W5 is the real molecule file or the built-in fallback.
    pub w5_source: W5Source,
}

impl Workloads {
    /// Builds every workload (W5 from `w5_molecules.json`, see [`workloads::molecules`]).
    pub fn load() -> Self {
        // The values built in code come first, W5's file is parsed last: where on the heap the
        // 15,000 strings of W2 land otherwise depends on how the W5 parser allocated and freed,
        // which moves W2's encode with no change in its instructions (benchmarks/notes.md,
        // "Rust (report)").
        let w1 = Workload::new("W1", workloads::empty_data_set(workloads::W1_ITEMS));
        let w2 = Workload::new("W2", workloads::staff(workloads::W2_EMPLOYEES));
        let w3 = Workload::new("W3", workloads::sakai_entity(0));
        let w4 = Workload::new("W4", workloads::message(12345));
        let (molecules, w5_source) = workloads::molecules();
        Workloads {
            w1,
            w2,
            w3,
            w4,
            w5: Workload::new("W5", molecules),
            w6: Workload::new("W6", workloads::media_content()),
            w5_source,
        }
    }

    /// Runs every (workload, library, op) in order.
    pub fn run(&self, r: &mut impl Runner) {
        self.w1.run(r);
        self.w2.run(r);
        self.w3.run(r);
        self.w4.run(r);
        self.w5.run(r);
        self.w6.run(r);
    }

    /// Runs every (library, op) of one workload (`W3`), in order.
    pub fn run_workload(&self, workload: &str, r: &mut impl Runner) {
        match workload {
            "W1" => self.w1.run(r),
            "W2" => self.w2.run(r),
            "W3" => self.w3.run(r),
            "W4" => self.w4.run(r),
            "W5" => self.w5.run(r),
            "W6" => self.w6.run(r),
            other => panic!("unknown workload {other}"),
        }
    }
}
