//! The protobuf messages of `benchmarks/proto/workloads.proto`, written by hand with prost's
//! derives (what prost-build would generate, without protoc), and their conversion from the cser
//! values. W3's properties are a list of `PropertyEntry` (protobuf maps are unordered and hold
//! one value per key); W5's optional coordinate lists are a packed list plus a `has_` flag.

use crate::{bench, chem, sakai};

/// W1 item.
#[derive(Clone, PartialEq, prost::Message)]
pub struct EmptyData {
    #[prost(map = "string, string", tag = "1")]
    pub attributes: std::collections::HashMap<String, String>,
    #[prost(string, repeated, tag = "2")]
    pub tags: Vec<String>,
}

/// W1.
#[derive(Clone, PartialEq, prost::Message)]
pub struct EmptyDataSet {
    #[prost(message, repeated, tag = "1")]
    pub items: Vec<EmptyData>,
}

/// W2 item.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Employee {
    #[prost(string, tag = "1")]
    pub last_name: String,
    #[prost(string, tag = "2")]
    pub first_name: String,
    #[prost(string, tag = "3")]
    pub ssn: String,
    #[prost(int32, tag = "4")]
    pub salary: i32,
    #[prost(int32, tag = "5")]
    pub level: i32,
}

/// W2.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Staff {
    #[prost(message, repeated, tag = "1")]
    pub employees: Vec<Employee>,
}

/// W3 access mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
pub enum AccessMode {
    Inherited = 0,
    Grouped = 1,
    Public = 2,
}

/// W3 audit stamps.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Audit {
    #[prost(string, tag = "1")]
    pub created_by: String,
    #[prost(int64, tag = "2")]
    pub created_at: i64,
    #[prost(string, tag = "3")]
    pub modified_by: String,
    #[prost(int64, tag = "4")]
    pub modified_at: i64,
}

/// W3 property (a key and its values).
#[derive(Clone, PartialEq, prost::Message)]
pub struct PropertyEntry {
    #[prost(string, tag = "1")]
    pub key: String,
    #[prost(string, repeated, tag = "2")]
    pub values: Vec<String>,
}

/// W3.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ContentResource {
    #[prost(string, tag = "1")]
    pub id: String,
    #[prost(string, tag = "2")]
    pub resource_type: String,
    #[prost(enumeration = "AccessMode", tag = "3")]
    pub access: i32,
    #[prost(string, repeated, tag = "4")]
    pub groups: Vec<String>,
    #[prost(bool, tag = "5")]
    pub hidden: bool,
    #[prost(int64, optional, tag = "6")]
    pub release_date: Option<i64>,
    #[prost(int64, optional, tag = "7")]
    pub retract_date: Option<i64>,
    #[prost(message, repeated, tag = "8")]
    pub properties: Vec<PropertyEntry>,
    #[prost(string, tag = "9")]
    pub content_type: String,
    #[prost(int64, tag = "10")]
    pub content_length: i64,
    #[prost(string, tag = "11")]
    pub file_path: String,
    #[prost(message, optional, tag = "13")]
    pub audit: Option<Audit>,
    #[prost(bytes = "vec", optional, tag = "14")]
    pub body: Option<Vec<u8>>,
}

/// W4.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Message {
    #[prost(int32, tag = "1")]
    pub r#type: i32,
    #[prost(bool, tag = "2")]
    pub active: bool,
    #[prost(string, tag = "3")]
    pub username: String,
    #[prost(int32, tag = "4")]
    pub userid: i32,
    #[prost(string, tag = "5")]
    pub data: String,
}

/// W5 bond order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
pub enum BondOrder {
    Unset = 0,
    Single = 1,
    Double = 2,
    Triple = 3,
    Aromatic = 4,
}

/// W5 bond stereo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
pub enum Stereo {
    None = 0,
    Up = 1,
    Down = 2,
    Cis = 3,
    Trans = 4,
    Either = 5,
}

/// W5 atom.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Atom {
    #[prost(uint32, tag = "1")]
    pub element: u32,
    #[prost(sint32, tag = "2")]
    pub charge: i32,
    #[prost(uint32, tag = "3")]
    pub implicit_hydrogens: u32,
    #[prost(bool, tag = "4")]
    pub aromatic: bool,
}

/// W5 bond.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Bond {
    #[prost(uint32, tag = "1")]
    pub begin: u32,
    #[prost(uint32, tag = "2")]
    pub end: u32,
    #[prost(enumeration = "BondOrder", tag = "3")]
    pub order: i32,
    #[prost(enumeration = "Stereo", tag = "4")]
    pub stereo: i32,
}

/// W5 molecule.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Molecule {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, repeated, tag = "2")]
    pub atoms: Vec<Atom>,
    #[prost(message, repeated, tag = "3")]
    pub bonds: Vec<Bond>,
    #[prost(float, repeated, tag = "4")]
    pub coords_2d: Vec<f32>,
    #[prost(bool, tag = "6")]
    pub has_coords_2d: bool,
    #[prost(double, repeated, tag = "5")]
    pub coords_3d: Vec<f64>,
    #[prost(bool, tag = "7")]
    pub has_coords_3d: bool,
}

/// W5.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MoleculeSet {
    #[prost(message, repeated, tag = "1")]
    pub molecules: Vec<Molecule>,
}

/// W6 player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
pub enum Player {
    Java = 0,
    Flash = 1,
}

/// W6 image size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
pub enum Size {
    Small = 0,
    Large = 1,
}

/// W6 image.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Image {
    #[prost(string, tag = "1")]
    pub uri: String,
    #[prost(string, optional, tag = "2")]
    pub title: Option<String>,
    #[prost(int32, tag = "3")]
    pub width: i32,
    #[prost(int32, tag = "4")]
    pub height: i32,
    #[prost(enumeration = "Size", tag = "5")]
    pub size: i32,
}

/// W6 media.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Media {
    #[prost(string, tag = "1")]
    pub uri: String,
    #[prost(string, optional, tag = "2")]
    pub title: Option<String>,
    #[prost(int32, tag = "3")]
    pub width: i32,
    #[prost(int32, tag = "4")]
    pub height: i32,
    #[prost(string, tag = "5")]
    pub format: String,
    #[prost(int64, tag = "6")]
    pub duration: i64,
    #[prost(int64, tag = "7")]
    pub size: i64,
    #[prost(int32, optional, tag = "8")]
    pub bitrate: Option<i32>,
    #[prost(string, repeated, tag = "9")]
    pub persons: Vec<String>,
    #[prost(enumeration = "Player", tag = "10")]
    pub player: i32,
    #[prost(string, optional, tag = "11")]
    pub copyright: Option<String>,
}

/// W6.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MediaContent {
    #[prost(message, optional, tag = "1")]
    pub media: Option<Media>,
    #[prost(message, repeated, tag = "2")]
    pub images: Vec<Image>,
}

/// An open cser enum number as a protobuf enum value (protobuf enums are open too).
fn num(n: u32) -> i32 {
    i32::try_from(n).expect("enum numbers are below 2^31")
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
        ContentResource {
            id: v.id.clone(),
            resource_type: v.resource_type.clone(),
            access: num(v.access.number()),
            groups: v.groups.clone(),
            hidden: v.hidden,
            release_date: v.release_date,
            retract_date: v.retract_date,
            properties: v
                .properties
                .iter()
                .map(|(k, v)| PropertyEntry {
                    key: k.clone(),
                    values: v.clone(),
                })
                .collect(),
            content_type: v.content_type.clone(),
            content_length: v.content_length,
            file_path: v.file_path.clone(),
            audit: Some(Audit {
                created_by: v.audit.created_by.clone(),
                created_at: v.audit.created_at,
                modified_by: v.audit.modified_by.clone(),
                modified_at: v.audit.modified_at,
            }),
            body: v.body.clone(),
        }
    }
}

impl From<&bench::message::Message> for Message {
    fn from(v: &bench::message::Message) -> Self {
        Message {
            r#type: v.r#type,
            active: v.active,
            username: v.username.clone(),
            userid: v.userid,
            data: v.data.clone(),
        }
    }
}

impl From<&chem::MoleculeSet> for MoleculeSet {
    fn from(v: &chem::MoleculeSet) -> Self {
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
                            element: a.element.into(),
                            charge: a.charge.into(),
                            implicit_hydrogens: a.implicit_hydrogens.into(),
                            aromatic: a.aromatic,
                        })
                        .collect(),
                    bonds: m
                        .bonds
                        .iter()
                        .map(|b| Bond {
                            begin: b.begin,
                            end: b.end,
                            order: num(b.order.number()),
                            stereo: num(b.stereo.number()),
                        })
                        .collect(),
                    coords_2d: m.coords_2d.clone().unwrap_or_default(),
                    has_coords_2d: m.coords_2d.is_some(),
                    coords_3d: m.coords_3d.clone().unwrap_or_default(),
                    has_coords_3d: m.coords_3d.is_some(),
                })
                .collect(),
        }
    }
}

impl From<&bench::media::MediaContent> for MediaContent {
    fn from(v: &bench::media::MediaContent) -> Self {
        let m = &v.media;
        MediaContent {
            media: Some(Media {
                uri: m.uri.clone(),
                title: m.title.clone(),
                width: m.width,
                height: m.height,
                format: m.format.clone(),
                duration: m.duration,
                size: m.size,
                bitrate: m.bitrate,
                persons: m.persons.clone(),
                player: num(m.player.number()),
                copyright: m.copyright.clone(),
            }),
            images: v
                .images
                .iter()
                .map(|i| Image {
                    uri: i.uri.clone(),
                    title: i.title.clone(),
                    width: i.width,
                    height: i.height,
                    size: num(i.size.number()),
                })
                .collect(),
        }
    }
}
