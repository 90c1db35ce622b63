//! Kept unknown fields (SPEC §5.5.1), with the two generations of `schema/examples/evolution.cser`:
//! `V2` bytes decoded as `V1` and encoded again are the same bytes, for records at the root and
//! nested as fields, list elements, map values, optionals and union variants, and in streams;
//! a `V1` program that edits what it knows leaves every `V2` field intact; the API, equality,
//! hashing, `Debug` and the JSON mapping treat them as SPEC §5.5.1 and §12.2 say; hostile bodies
//! keep no more than the message holds.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use cser::{
    DecodeError, DecodeErrorKind, IndexMap, Message, Reader, StreamReader, StreamWriter,
    UnknownFields, Writer,
};
use cser_examples::evolution::*;

fn address_v2(city: &str, n: u32) -> AddressV2 {
    AddressV2 {
        city: city.to_owned(),
        zip: Some(format!("Z{n}")),
        floor: n,
        ..Default::default()
    }
}

/// An `EntityV2` with every field set, the appended ones (ids 10–19) non-zero, and `AddressV2`s
/// (with their appended fields set) in every place an `AddressV1` would be.
fn entity_v2(n: u32) -> EntityV2 {
    let mut places = IndexMap::new();
    places.insert("home".to_owned(), address_v2("Home", n + 1));
    places.insert("work".to_owned(), address_v2("Work", n + 2));
    let mut attrs = IndexMap::new();
    attrs.insert("k".to_owned(), "v".to_owned());
    EntityV2 {
        id: format!("e{n}"),
        title: format!("Title {n}"),
        owner: Some("owner".to_owned()),
        address: address_v2("Paris", n + 3),
        history: vec![address_v2("Lyon", n + 4), address_v2("Nice", n + 5)],
        places,
        billing: Some(address_v2("Lille", n + 6)),
        holder: HolderV2::Address(address_v2("Brest", n + 7)),
        status: StatusV2::PAUSED,
        revision: Some(-7),
        labels: vec!["a".to_owned(), "b".to_owned()],
        shipping: Some(address_v2("Metz", n + 8)),
        archived: Some(true),
        priority: Some(3),
        color: Some("red".to_owned()),
        score: Some(0.5),
        expires: Some(1_700_000_000),
        attrs,
        office: address_v2("Nantes", n + 9),
        ..Default::default()
    }
}

fn batch_v2() -> BatchV2 {
    let mut by_id = IndexMap::new();
    by_id.insert("x".to_owned(), entity_v2(10));
    by_id.insert("y".to_owned(), entity_v2(20));
    BatchV2 {
        entities: vec![entity_v2(30), entity_v2(40)],
        by_id,
        first: Some(entity_v2(50)),
        written_at: 1_700_000_123,
        ..Default::default()
    }
}

fn hash<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// Decodes as `V1` and encodes again.
fn through<T>(
    bytes: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    encode: fn(&T) -> Vec<u8>,
) -> Vec<u8> {
    encode(&decode(bytes).expect("V1 decodes V2 bytes"))
}

#[test]
fn v2_bytes_pass_through_v1_unchanged() {
    let address = address_v2("Paris", 1).encode();
    assert_eq!(
        through(&address, AddressV1::decode, AddressV1::encode),
        address
    );
    let entity = entity_v2(1).encode();
    assert_eq!(through(&entity, EntityV1::decode, EntityV1::encode), entity);
    let batch = batch_v2().encode();
    assert_eq!(through(&batch, BatchV1::decode, BatchV1::encode), batch);
    for holder in [
        HolderV2::Address(address_v2("Brest", 2)),
        HolderV2::Name("n".to_owned()),
    ] {
        let bytes = holder.encode();
        assert_eq!(through(&bytes, HolderV1::decode, HolderV1::encode), bytes);
    }
    // A V1 value is a V2 value with the appended fields at their zero values: V2 passes it on
    // unchanged too, with nothing unknown.
    let v1 = EntityV1 {
        id: "e".to_owned(),
        owner: Some("o".to_owned()),
        ..Default::default()
    };
    let v2 = EntityV2::decode(&v1.encode()).unwrap();
    assert!(v2.unknown_fields.is_empty());
    assert_eq!(v2.office, AddressV2::default());
}

#[test]
fn every_nested_record_keeps_its_own() {
    let v1 = BatchV1::decode(&batch_v2().encode()).unwrap();
    // BatchV2 appends no optional: no unknown bits, and written_at is the unknown bytes.
    let mut written_at = Writer::new();
    written_at.write_u64(1_700_000_123);
    assert_eq!(
        v1.unknown_fields,
        UnknownFields::new(0, written_at.finish().unwrap())
    );
    let entities: Vec<&EntityV1> = v1
        .entities
        .iter()
        .chain(v1.by_id.values())
        .chain(v1.first.iter())
        .collect();
    assert_eq!(entities.len(), 5);
    for e in entities {
        // revision, shipping, archived, priority, color and score: slots 2..7 of EntityV1's
        // presence byte, whose own bits are owner (01) and billing (02).
        assert_eq!(e.unknown_fields.presence_bits(), 0xfc, "{}", e.id);
        assert!(!e.unknown_fields.bytes().is_empty());
        let addresses = [&e.address, e.billing.as_ref().unwrap()]
            .into_iter()
            .chain(e.history.iter())
            .chain(e.places.values());
        for a in addresses {
            // zip (a presence byte AddressV1 does not have) and floor: bytes only.
            assert_eq!(a.unknown_fields.presence_bits(), 0);
            assert!(!a.unknown_fields.is_empty(), "{}", a.city);
        }
        match &e.holder {
            HolderV1::Address(a) => assert!(!a.unknown_fields.is_empty()),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            e.status,
            StatusV1::from_number(1),
            "the unknown enum number kept"
        );
    }
}

#[test]
fn edits_by_v1_keep_every_v2_field() {
    let original = entity_v2(1);
    let mut v1 = EntityV1::decode(&original.encode()).unwrap();
    v1.title = "Edited".to_owned();
    v1.owner = None;
    v1.address.city = "Rome".to_owned();
    v1.history[1].city = "Oslo".to_owned();
    v1.places.get_mut("work").unwrap().city = "Bern".to_owned();
    if let HolderV1::Address(a) = &mut v1.holder {
        a.city = "Cork".to_owned();
    }
    let back = EntityV2::decode(&v1.encode()).unwrap();
    let mut expected = original.clone();
    expected.title = "Edited".to_owned();
    expected.owner = None;
    expected.address.city = "Rome".to_owned();
    expected.history[1].city = "Oslo".to_owned();
    expected.places.get_mut("work").unwrap().city = "Bern".to_owned();
    if let HolderV2::Address(a) = &mut expected.holder {
        a.city = "Cork".to_owned();
    }
    assert_eq!(back, expected);
    assert!(back.unknown_fields.is_empty());

    // Setting an optional of the shared presence byte: its bit joins the unknown ones.
    let mut without_owner = entity_v2(2);
    without_owner.owner = None;
    let mut v1 = EntityV1::decode(&without_owner.encode()).unwrap();
    assert_eq!(v1.owner, None);
    v1.owner = Some("new owner".to_owned());
    let back = EntityV2::decode(&v1.encode()).unwrap();
    assert_eq!(
        back,
        EntityV2 {
            owner: Some("new owner".to_owned()),
            ..without_owner
        }
    );

    // Replacing a nested record drops what the old one kept, as it should: the new value was
    // built by the program. The rest of the entity keeps its V2 fields.
    let mut v1 = EntityV1::decode(&original.encode()).unwrap();
    v1.billing = Some(AddressV1 {
        city: "New".to_owned(),
        ..Default::default()
    });
    let back = EntityV2::decode(&v1.encode()).unwrap();
    let mut expected = original.clone();
    expected.billing = Some(AddressV2 {
        city: "New".to_owned(),
        ..Default::default()
    });
    assert_eq!(back, expected);
}

#[test]
fn edits_inside_collections_of_a_batch() {
    let original = batch_v2();
    let mut v1 = BatchV1::decode(&original.encode()).unwrap();
    v1.entities[0].title = "first edited".to_owned();
    v1.by_id.get_mut("y").unwrap().address.city = "Vigo".to_owned();
    v1.first.as_mut().unwrap().owner = None;
    v1.entities.remove(1);
    let back = BatchV2::decode(&v1.encode()).unwrap();
    let mut expected = original.clone();
    expected.entities[0].title = "first edited".to_owned();
    expected.by_id.get_mut("y").unwrap().address.city = "Vigo".to_owned();
    expected.first.as_mut().unwrap().owner = None;
    expected.entities.remove(1);
    assert_eq!(back, expected);
}

#[test]
fn streams_of_records_keep_them_in_every_frame() {
    /// `EntityV1` as the stream type of `EntityV2`: the same record seen by an older schema
    /// (the stream type id names the root type, which the two generations of a real schema
    /// share; here they live side by side under two names).
    #[derive(Debug, PartialEq)]
    struct OldEntity(EntityV1);

    impl Message for OldEntity {
        const TYPE_NAME: &'static str = EntityV2::TYPE_NAME;
        const TYPE_ID: u64 = EntityV2::TYPE_ID;
        const FINGERPRINT: u64 = EntityV2::FINGERPRINT;

        fn encode_content(&self, w: &mut Writer) {
            self.0.encode_content(w);
        }

        fn decode_content(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
            EntityV1::decode_content(r).map(OldEntity)
        }
    }

    let mut w = StreamWriter::new(Vec::new());
    for n in 0..5 {
        w.write(&entity_v2(n)).unwrap();
    }
    let written = w.finish().unwrap();
    let read: Vec<OldEntity> = StreamReader::<_, OldEntity>::new(&written[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(read.iter().all(|e| !e.0.unknown_fields.is_empty()));
    let mut w = StreamWriter::new(Vec::new());
    for e in &read {
        w.write(e).unwrap();
    }
    assert_eq!(w.finish().unwrap(), written, "the stream written back");

    // Edited frames: EntityV2 reads its fields back from each.
    let mut w = StreamWriter::new(Vec::new());
    for mut e in read {
        e.0.title.push_str(" (v1)");
        w.write(&e).unwrap();
    }
    let edited = w.finish().unwrap();
    let back: Vec<EntityV2> = StreamReader::new(&edited[..])
        .collect::<Result<_, _>>()
        .unwrap();
    for (n, e) in back.into_iter().enumerate() {
        let mut expected = entity_v2(n as u32);
        expected.title.push_str(" (v1)");
        assert_eq!(e, expected);
    }
}

#[test]
fn the_api_equality_hash_and_debug() {
    let bytes = address_v2("Paris", 7).encode();
    let decoded = AddressV1::decode(&bytes).unwrap();
    let built = AddressV1 {
        city: "Paris".to_owned(),
        ..Default::default()
    };
    let u = &decoded.unknown_fields;
    assert!(!u.is_empty());
    assert_eq!(u.presence_bits(), 0);
    // What follows city in AddressV2's body: zip's presence byte, zip "Z7", floor 7.
    assert_eq!(u.bytes(), &[0x01, 0x02, b'Z', b'7', 0x07]);
    assert!(built.unknown_fields.is_empty());

    // Equality includes them; hashes follow equality.
    assert_ne!(decoded, built);
    assert_eq!(decoded, AddressV1::decode(&bytes).unwrap());
    assert_eq!(hash(&decoded), hash(&AddressV1::decode(&bytes).unwrap()));
    let set: HashSet<AddressV1> = [decoded.clone(), built.clone(), decoded.clone()].into();
    assert_eq!(set.len(), 2);
    let mut cleared = decoded.clone();
    cleared.unknown_fields.clear();
    assert_eq!(cleared, built);
    assert_eq!(hash(&cleared), hash(&built));
    assert_eq!(cleared.encode(), built.encode());
    // Set by hand: written back as given (only what the record has no slot for).
    let mut set_by_hand = built.clone();
    set_by_hand.unknown_fields = decoded.unknown_fields.clone();
    assert_eq!(set_by_hand, decoded);
    assert_eq!(set_by_hand.encode(), bytes);

    // Debug shows the presence bits and the size, not the bytes.
    assert_eq!(
        format!("{decoded:?}"),
        "AddressV1 { city: \"Paris\", unknown_fields: UnknownFields { presence_bits: 0x00, size: 5 } }"
    );
    assert_eq!(
        format!("{built:?}"),
        "AddressV1 { city: \"Paris\", unknown_fields: UnknownFields }"
    );
    let todo = EntityV1::decode(&entity_v2(0).encode()).unwrap();
    let debug = format!("{todo:?}");
    assert!(
        debug.ends_with(&format!(
            "unknown_fields: UnknownFields {{ presence_bits: 0xfc, size: {} }} }}",
            todo.unknown_fields.bytes().len()
        )),
        "{debug}"
    );
}

#[test]
fn the_json_mapping_leaves_them_out() {
    let decoded = EntityV1::decode(&entity_v2(3).encode()).unwrap();
    let mut cleared = decoded.clone();
    cleared.unknown_fields.clear();
    cleared.address.unknown_fields.clear();
    cleared.billing.as_mut().unwrap().unknown_fields.clear();
    for a in cleared
        .history
        .iter_mut()
        .chain(cleared.places.values_mut())
    {
        a.unknown_fields.clear();
    }
    if let HolderV1::Address(a) = &mut cleared.holder {
        a.unknown_fields.clear();
    }
    let json = decoded.to_json();
    assert_eq!(json, cleared.to_json(), "no member for unknown fields");
    let text = json.to_string();
    assert!(!text.contains("unknown"), "{text}");
    let back = EntityV1::from_json(&json).unwrap();
    assert_eq!(back, cleared, "from_json makes none");
    assert_ne!(back, decoded);
}

#[test]
fn a_value_built_by_a_program_encodes_as_before() {
    let v1 = EntityV1 {
        id: "e".to_owned(),
        title: "t".to_owned(),
        owner: Some("o".to_owned()),
        address: AddressV1 {
            city: "c".to_owned(),
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(
        v1.encode(),
        [
            0x10, // length 16
            0x01, b'e', // id
            0x01, b't', // title
            0x01, // presence: owner
            0x01, b'o', // owner
            0x02, 0x01, b'c', // address
            0x00, // history
            0x00, // places
            0x01, 0x01, 0x00, // holder: address, AddressV1 {city: ""}
            0x00, // status
        ]
    );
    assert_eq!(EntityV1::decode(&v1.encode()).unwrap(), v1);
}

#[test]
fn unknown_bytes_are_bounded_by_the_message_and_not_parsed() {
    // An AddressV1 body of "c" and then a megabyte of bytes no schema could parse.
    let garbage = vec![0xff; 1 << 20];
    let mut w = Writer::new();
    let mark = w.begin_length();
    w.write_str("c");
    w.write_raw(&garbage);
    w.end_length(mark);
    let bytes = w.finish().unwrap();
    let a = AddressV1::decode(&bytes).unwrap();
    assert_eq!(a.city, "c");
    assert_eq!(a.unknown_fields.bytes(), &garbage[..]);
    assert_eq!(a.encode(), bytes);
    // A newer reader does parse them, and rejects them.
    assert!(AddressV2::decode(&bytes).is_err());
    // A length beyond the input is rejected before anything is kept.
    let cut = &bytes[..bytes.len() - 1];
    assert_eq!(
        AddressV1::decode(cut).unwrap_err().kind(),
        DecodeErrorKind::LengthTooLarge
    );

    // Nested: each body keeps its own rest, up to its own end, and the next one reads on.
    let mut w = Writer::new();
    let batch = w.begin_length();
    w.write_count(2);
    for city in ["a", "b"] {
        let entity = w.begin_length();
        w.write_str("id");
        w.write_str(city);
        w.write_byte(0x80); // presence: a slot EntityV1 does not have
        w.write_raw(&[0x02, 0x00, 0x09]); // address: AddressV1 { city: "" }, then a byte
        w.write_count(0);
        w.write_count(0);
        w.write_raw(&[0x01, 0x01, 0x00, 0x00]); // holder, status
        w.write_raw(&[0x80, 0x80]); // an overlong, unterminated varint: not parsed
        w.end_length(entity);
    }
    w.write_count(0);
    w.write_raw(&[0x00, 0x63]); // first: absent; then one byte BatchV1 does not know
    w.end_length(batch);
    let bytes = w.finish().unwrap();
    let b = BatchV1::decode(&bytes).unwrap();
    assert_eq!(b.entities.len(), 2);
    for (e, city) in b.entities.iter().zip(["a", "b"]) {
        assert_eq!(e.title, city);
        assert_eq!(e.unknown_fields, UnknownFields::new(0x80, vec![0x80, 0x80]));
        assert_eq!(e.address.unknown_fields, UnknownFields::new(0, vec![0x09]));
    }
    assert_eq!(b.unknown_fields, UnknownFields::new(0, vec![0x63]));
    assert_eq!(b.encode(), bytes);
}

#[test]
fn a_body_ending_after_the_presence_byte_keeps_its_bits() {
    // EntityV1's body: id, title, a presence byte with bit 2 (a V2 slot) set, then its end: the
    // fields after it take their zero values, the bit is kept (SPEC §5.5.1).
    let bytes = [0x04, 0x01, b'e', 0x00, 0x04];
    let e = EntityV1::decode(&bytes).unwrap();
    assert_eq!(e.unknown_fields, UnknownFields::new(0x04, Vec::new()));
    assert_eq!(e.owner, None);
    // Encoded, it is a whole body (every field written) with the bit in place.
    let mut expected = EntityV1 {
        id: "e".to_owned(),
        ..Default::default()
    }
    .encode();
    expected[4] |= 0x04;
    assert_eq!(e.encode(), expected);
    // A body ending before its presence byte has none.
    let e = EntityV1::decode(&[0x03, 0x01, b'e', 0x00]).unwrap();
    assert!(e.unknown_fields.is_empty());
    // The reader's own bits stay its fields': owner's bit set with no value is truncated.
    assert_eq!(
        EntityV1::decode(&[0x04, 0x01, b'e', 0x00, 0x05])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::Truncated
    );
}

#[test]
fn presence_bits_of_slots_the_record_has_are_not_written() {
    // Built by hand: bits of EntityV1's own slots (owner 01, billing 02) cannot be unknown, so
    // encoding leaves them to the fields.
    let e = EntityV1 {
        unknown_fields: UnknownFields::new(0xff, vec![0x07]),
        ..Default::default()
    };
    let bytes = e.encode();
    assert_eq!(
        bytes[3], 0xfc,
        "the presence byte: the unknown bits without owner's and billing's"
    );
    assert_eq!(*bytes.last().unwrap(), 0x07);
    let back = EntityV1::decode(&bytes).unwrap();
    assert_eq!(back.unknown_fields, UnknownFields::new(0xfc, vec![0x07]));
    // A record with no free presence bits writes its bytes only.
    let a = AddressV1 {
        unknown_fields: UnknownFields::new(0x01, vec![0x07]),
        ..Default::default()
    };
    assert_eq!(a.encode(), [0x02, 0x00, 0x07]);
}
