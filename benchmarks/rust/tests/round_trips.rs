//! Every library round-trips every workload (rkyv through both its validated access and its
//! full deserialization), and cser's encoded sizes are exact (a size regression fails here
//! before it shows in a benchmark).

use std::fmt::Debug;

use cser::varint::varint_len;
use cser_benchmarks::harness::{
    bincode_decode, bincode_encode, bitcode_decode, bitcode_encode, cser_decode, cser_encode,
    json_decode, json_encode, postcard_decode, postcard_encode, prost_decode, prost_encode, Case,
    CserCodec, Op, Runner, Workload, Workloads, LIBRARIES, WORKLOADS,
};
use cser_benchmarks::rkyv_codec::{rkyv_encode, RkyvCodec};
use cser_benchmarks::workloads::{self, W5Source};
use cser_benchmarks::{chem, pb, peer, peer_bitcode};
use rkyv::ser::allocator::Arena;
use rkyv::util::AlignedVec;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Encodes with `encode` into a reused buffer holding garbage, decodes with `decode`, checks
/// the value, and returns the bytes.
fn round_trip<V: PartialEq + Debug, D: Fn(&[u8]) -> V>(
    library: &str,
    value: &V,
    encode: impl Fn(&V, &mut Vec<u8>),
    decode: D,
) -> Vec<u8> {
    let mut buf = vec![0xee; 3];
    encode(value, &mut buf);
    let first = buf.clone();
    encode(value, &mut buf);
    assert_eq!(buf, first, "{library}: encoding into a reused buffer");
    let back = decode(&buf);
    assert!(&back == value, "{library}: the value decoded differs");
    buf
}

/// bitcode with reused Buffers (one holding garbage from another value first): the same bytes
/// twice, and the value back.
fn bitcode_round_trip<B: bitcode::Encode + bitcode::DecodeOwned + PartialEq + Debug>(value: &B) {
    let mut buf = bitcode::Buffer::new();
    bitcode_encode(&vec![7u64; 9], &mut buf);
    let len = bitcode_encode(value, &mut buf);
    let first = buf.encode(value).to_vec();
    assert_eq!(first.len(), len);
    assert_eq!(bitcode_encode(value, &mut buf), len);
    assert_eq!(
        buf.encode(value),
        &first[..],
        "bitcode: encoding with a reused Buffer"
    );
    let mut decoder = bitcode::Buffer::new();
    let back: B = bitcode_decode(&first, &mut decoder);
    assert!(&back == value, "bitcode: the value decoded differs");
    let again: B = bitcode_decode(&first, &mut decoder);
    assert!(&again == value, "bitcode: decoding with a reused Buffer");
}

/// rkyv into a reused buffer holding garbage, with a reused arena: the same bytes twice, the
/// value back through access + deserialize, and access alone rejecting a truncated archive.
fn rkyv_round_trip<S: RkyvCodec + PartialEq + Debug>(value: &S) {
    let mut arena = Arena::new();
    let mut buf = AlignedVec::new();
    buf.extend_from_slice(&[0xee; 3]);
    rkyv_encode(value, &mut buf, &mut arena);
    let first = buf.clone();
    rkyv_encode(value, &mut buf, &mut arena);
    assert_eq!(&buf[..], &first[..], "rkyv: encoding into a reused buffer");
    assert!(
        &S::rkyv_decode(&first) == value,
        "rkyv: the value decoded differs"
    );
    S::rkyv_access(&first);
    // bytecheck runs: a truncated archive is an error, not undefined behaviour.
    let mut truncated = AlignedVec::<16>::new();
    truncated.extend_from_slice(&first[..first.len() - 4]);
    assert!(
        S::rkyv_check(&truncated).is_err(),
        "rkyv: a truncated archive was accepted"
    );
}

/// All seven libraries on one workload; returns cser's bytes.
fn all_libraries<C, S, P, B>(w: &Workload<C, S, P, B>) -> Vec<u8>
where
    C: CserCodec + PartialEq + Debug,
    S: Serialize + DeserializeOwned + RkyvCodec + PartialEq + Debug + for<'a> From<&'a C>,
    P: prost::Message + Default + PartialEq + Debug + for<'a> From<&'a C>,
    B: bitcode::Encode + bitcode::DecodeOwned + PartialEq + Debug + for<'a> From<&'a C>,
{
    let bytes = round_trip("cser", &w.cser, cser_encode, cser_decode::<C>);
    bitcode_round_trip(&w.bitcode);
    rkyv_round_trip(&w.serde);
    round_trip("bincode", &w.serde, bincode_encode, bincode_decode::<S>);
    round_trip("postcard", &w.serde, postcard_encode, postcard_decode::<S>);
    round_trip("prost", &w.prost, prost_encode, prost_decode::<P>);
    round_trip("serde_json", &w.serde, json_encode, json_decode::<S>);
    // The peers hold the same data: converting again gives the same values.
    assert!(S::from(&w.cser) == w.serde);
    assert!(P::from(&w.cser) == w.prost);
    assert!(B::from(&w.cser) == w.bitcode);
    bytes
}

fn zigzag(n: i32) -> u64 {
    u64::from(((n << 1) ^ (n >> 31)) as u32)
}

/// A record: its length (varint) and body (SPEC §5.5).
fn record(body: usize) -> usize {
    varint_len(body as u64) + body
}

/// A string: its length (varint) and UTF-8.
fn string(s: &str) -> usize {
    varint_len(s.len() as u64) + s.len()
}

#[test]
fn w1_empty_data_round_trips_and_is_two_bytes_an_item() {
    let w = Workload::<_, peer::EmptyDataSet, pb::EmptyDataSet, peer_bitcode::EmptyDataSet>::new(
        "W1",
        workloads::empty_data_set(workloads::W1_ITEMS),
    );
    let bytes = all_libraries(&w);
    // The set's record length, the list count, then 2 bytes (two empty counts) per struct.
    let body = varint_len(100_000) + 2 * 100_000;
    assert_eq!(record(body), 200_006);
    assert_eq!(bytes.len(), 200_006);
}

#[test]
fn w2_staff_round_trips_with_its_exact_size() {
    let w = Workload::<_, peer::Staff, pb::Staff, peer::Staff>::new(
        "W2",
        workloads::staff(workloads::W2_EMPLOYEES),
    );
    let bytes = all_libraries(&w);
    let employees: usize = w
        .cser
        .employees
        .iter()
        .map(|e| {
            record(
                string(&e.last_name)
                    + string(&e.first_name)
                    + string(&e.ssn)
                    + varint_len(zigzag(e.salary))
                    + varint_len(zigzag(e.level)),
            )
        })
        .sum();
    let expected = record(varint_len(5_000) + employees);
    assert_eq!(expected, 216_675);
    assert_eq!(bytes.len(), 216_675);
    // Employee 17 alone is the 38 bytes the Java tests assert.
    assert_eq!(workloads::employee(17).encode().len(), 38);
}

#[test]
fn w3_sakai_entity_round_trips_in_702_bytes() {
    let w = Workload::<_, peer::ContentResource, pb::ContentResource, peer_bitcode::ContentResource>::new(
        "W3",
        workloads::sakai_entity(0),
    );
    assert_eq!(all_libraries(&w).len(), 702);
}

#[test]
fn w4_message_round_trips_in_28_bytes() {
    let w = Workload::<_, peer::Message, pb::Message, peer::Message>::new(
        "W4",
        workloads::message(12345),
    );
    assert_eq!((w.cser.r#type, w.cser.active), (1, false));
    assert_eq!(all_libraries(&w).len(), 28);
}

#[test]
fn w5_molecules_round_trip() {
    let (set, source) = workloads::molecules();
    if source == W5Source::File {
        assert_eq!(set.molecules.len(), 4_991, "the molecules of first_5K.smi");
    }
    let w = Workload::<_, peer::MoleculeSet, pb::MoleculeSet, peer::MoleculeSet>::new("W5", set);
    all_libraries(&w);
    // The fallback set is measured when the file is absent: it must round-trip too.
    let builtin = Workload::<_, peer::MoleculeSet, pb::MoleculeSet, peer::MoleculeSet>::new(
        "W5",
        workloads::builtin_molecules(),
    );
    all_libraries(&builtin);
}

#[test]
fn w5_file_format_is_read_from_its_json_mapping() {
    let set = workloads::parse_molecules(
        r#"{"smiles_bytes": 4, "molecules": [{"name": "CCO", "atoms": [
            {"element": 6, "charge": 0, "implicit_hydrogens": 3, "aromatic": false}],
            "bonds": [{"begin": 0, "end": 1, "order": "SINGLE", "stereo": "NONE"}],
            "coords_2d": [0.5, 1.0]}]}"#,
    );
    assert_eq!(set.molecules.len(), 1);
    let m = &set.molecules[0];
    assert_eq!(m.name, "CCO");
    assert_eq!(m.bonds[0].order, chem::BondOrder::SINGLE);
    assert_eq!(m.coords_2d, Some(vec![0.5, 1.0]));
    assert_eq!(m.coords_3d, None);
}

#[test]
fn w6_media_content_round_trips_in_222_bytes() {
    let w = Workload::<_, peer::MediaContent, pb::MediaContent, peer::MediaContent>::new(
        "W6",
        workloads::media_content(),
    );
    assert_eq!(all_libraries(&w).len(), 222);
}

/// Counts the cases the harness hands to a runner, running each once.
struct Once(Vec<String>);

impl Runner for Once {
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, mut f: F) {
        assert!(case.bytes > 0, "{}: empty encoding", case.id());
        f();
        self.0.push(case.id());
    }
}

#[test]
fn the_harness_runs_every_workload_library_and_op() {
    let mut once = Once(Vec::new());
    Workloads::load().run(&mut once);
    let mut expected = Vec::new();
    for w in WORKLOADS {
        for l in LIBRARIES {
            for op in Op::ALL {
                // Only rkyv reads its bytes in place: decode_lazy is its alone.
                if op != Op::DecodeLazy || l == "rkyv" {
                    expected.push(format!("{w}/{l}/{}", op.name()));
                }
            }
        }
    }
    assert_eq!(once.0, expected);
}
