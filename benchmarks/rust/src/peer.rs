//! Plain structs holding the workloads' data, what a serde user would write: the serializers
//! bincode, postcard and serde_json encode these, and rkyv (its derives, `Archive` with
//! bytecheck) and bitcode (its derives, on the structs without maps: bitcode has no `IndexMap`
//! support, so W1 and W3 have twins in [`crate::peer_bitcode`]) too. Maps are `IndexMap`
//! (insertion order, like cser's); enums are closed Rust enums. Built from the cser values with
//! `From`.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::{bench, chem, sakai};

/// W1 item.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct EmptyData {
    pub attributes: IndexMap<String, String>,
    pub tags: Vec<String>,
}

/// W1.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct EmptyDataSet {
    pub items: Vec<EmptyData>,
}

/// W2 item.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Employee {
    pub last_name: String,
    pub first_name: String,
    pub ssn: String,
    pub salary: i32,
    pub level: i32,
}

/// W2.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Staff {
    pub employees: Vec<Employee>,
}

/// W3 access mode.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub enum AccessMode {
    Inherited,
    Grouped,
    Public,
}

/// W3 audit stamps.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Audit {
    pub created_by: String,
    pub created_at: i64,
    pub modified_by: String,
    pub modified_at: i64,
}

/// W3.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct ContentResource {
    pub id: String,
    pub resource_type: String,
    pub access: AccessMode,
    pub groups: Vec<String>,
    pub hidden: bool,
    pub release_date: Option<i64>,
    pub retract_date: Option<i64>,
    pub properties: IndexMap<String, Vec<String>>,
    pub content_type: String,
    pub content_length: i64,
    pub file_path: String,
    pub audit: Audit,
    pub body: Option<Vec<u8>>,
}

/// W4.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Default,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Message {
    #[serde(rename = "type")]
    pub kind: i32,
    pub active: bool,
    pub username: String,
    pub userid: i32,
    pub data: String,
}

/// W5 bond order.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub enum BondOrder {
    Unset,
    Single,
    Double,
    Triple,
    Aromatic,
}

/// W5 bond stereo.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub enum Stereo {
    None,
    Up,
    Down,
    Cis,
    Trans,
    Either,
}

/// W5 atom.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Atom {
    pub element: u8,
    pub charge: i8,
    pub implicit_hydrogens: u8,
    pub aromatic: bool,
}

/// W5 bond.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Bond {
    pub begin: u32,
    pub end: u32,
    pub order: BondOrder,
    pub stereo: Stereo,
}

/// W5 molecule.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Molecule {
    pub name: String,
    pub atoms: Vec<Atom>,
    pub bonds: Vec<Bond>,
    pub coords_2d: Option<Vec<f32>>,
    pub coords_3d: Option<Vec<f64>>,
}

/// W5.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct MoleculeSet {
    pub molecules: Vec<Molecule>,
}

/// W6 player.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub enum Player {
    Java,
    Flash,
}

/// W6 image size.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub enum Size {
    Small,
    Large,
}

/// W6 image.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Image {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub size: Size,
}

/// W6 media.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct Media {
    pub uri: String,
    pub title: Option<String>,
    pub width: i32,
    pub height: i32,
    pub format: String,
    pub duration: i64,
    pub size: i64,
    pub bitrate: Option<i32>,
    pub persons: Vec<String>,
    pub player: Player,
    pub copyright: Option<String>,
}

/// W6.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Serialize,
    Deserialize,
    bitcode::Encode,
    bitcode::Decode,
    rkyv::Archive,
    rkyv::Serialize,
    rkyv::Deserialize,
)]
pub struct MediaContent {
    pub media: Media,
    pub images: Vec<Image>,
}

fn enum_index(number: u32, len: usize, what: &str) -> usize {
    let i = number as usize;
    assert!(i < len, "{what} {number} has no peer variant");
    i
}

impl From<&bench::empty::EmptyDataSet> for EmptyDataSet {
    fn from(v: &bench::empty::EmptyDataSet) -> Self {
        EmptyDataSet {
            items: v
                .items
                .iter()
                .map(|d| EmptyData {
                    attributes: d
                        .attributes
                        .iter()
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                    tags: d.tags.clone(),
                })
                .collect(),
        }
    }
}

impl From<&bench::employee::Staff> for Staff {
    fn from(v: &bench::employee::Staff) -> Self {
        Staff {
            employees: v
                .employees
                .iter()
                .map(|e| Employee {
                    last_name: e.last_name.clone(),
                    first_name: e.first_name.clone(),
                    ssn: e.ssn.clone(),
                    salary: e.salary,
                    level: e.level,
                })
                .collect(),
        }
    }
}

impl From<&sakai::content::ContentResource> for ContentResource {
    fn from(v: &sakai::content::ContentResource) -> Self {
        const ACCESS: [AccessMode; 3] = [
            AccessMode::Inherited,
            AccessMode::Grouped,
            AccessMode::Public,
        ];
        ContentResource {
            id: v.id.clone(),
            resource_type: v.resource_type.clone(),
            access: ACCESS[enum_index(v.access.number(), ACCESS.len(), "AccessMode")],
            groups: v.groups.clone(),
            hidden: v.hidden,
            release_date: v.release_date,
            retract_date: v.retract_date,
            properties: v
                .properties
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            content_type: v.content_type.clone(),
            content_length: v.content_length,
            file_path: v.file_path.clone(),
            audit: Audit {
                created_by: v.audit.created_by.clone(),
                created_at: v.audit.created_at,
                modified_by: v.audit.modified_by.clone(),
                modified_at: v.audit.modified_at,
            },
            body: v.body.clone(),
        }
    }
}

impl From<&bench::message::Message> for Message {
    fn from(v: &bench::message::Message) -> Self {
        Message {
            kind: v.r#type,
            active: v.active,
            username: v.username.clone(),
            userid: v.userid,
            data: v.data.clone(),
        }
    }
}

impl From<&chem::MoleculeSet> for MoleculeSet {
    fn from(v: &chem::MoleculeSet) -> Self {
        use BondOrder::*;
        const ORDERS: [BondOrder; 5] = [Unset, Single, Double, Triple, Aromatic];
        const STEREOS: [Stereo; 6] = [
            Stereo::None,
            Stereo::Up,
            Stereo::Down,
            Stereo::Cis,
            Stereo::Trans,
            Stereo::Either,
        ];
        MoleculeSet {
            molecules: v
                .molecules
                .iter()
                .map(|m| Molecule {
                    name: m.name.clone(),
                    atoms: m
                        .atoms
                        .iter()
                        .map(|a| Atom {
                            element: a.element,
                            charge: a.charge,
                            implicit_hydrogens: a.implicit_hydrogens,
                            aromatic: a.aromatic,
                        })
                        .collect(),
                    bonds: m
                        .bonds
                        .iter()
                        .map(|b| Bond {
                            begin: b.begin,
                            end: b.end,
                            order: ORDERS[enum_index(b.order.number(), 5, "BondOrder")],
                            stereo: STEREOS[enum_index(b.stereo.number(), 6, "Stereo")],
                        })
                        .collect(),
                    coords_2d: m.coords_2d.clone(),
                    coords_3d: m.coords_3d.clone(),
                })
                .collect(),
        }
    }
}

impl From<&bench::media::MediaContent> for MediaContent {
    fn from(v: &bench::media::MediaContent) -> Self {
        const SIZES: [Size; 2] = [Size::Small, Size::Large];
        const PLAYERS: [Player; 2] = [Player::Java, Player::Flash];
        let m = &v.media;
        MediaContent {
            media: Media {
                uri: m.uri.clone(),
                title: m.title.clone(),
                width: m.width,
                height: m.height,
                format: m.format.clone(),
                duration: m.duration,
                size: m.size,
                bitrate: m.bitrate,
                persons: m.persons.clone(),
                player: PLAYERS[enum_index(m.player.number(), 2, "Player")],
                copyright: m.copyright.clone(),
            },
            images: v
                .images
                .iter()
                .map(|i| Image {
                    uri: i.uri.clone(),
                    title: i.title.clone(),
                    width: i.width,
                    height: i.height,
                    size: SIZES[enum_index(i.size.number(), 2, "Size")],
                })
                .collect(),
        }
    }
}
