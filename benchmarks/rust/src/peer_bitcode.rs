//! bitcode's twins of the peer structs that hold maps (W1's `EmptyData`, W3's
//! `ContentResource`): bitcode's derive supports `HashMap` and `BTreeMap` but not `IndexMap`,
//! so these hold `HashMap`s (std's SipHash, as `IndexMap`'s default; decoding builds the hash
//! table like the other peers' decode does, only without the insertion order, which equality of
//! maps ignores anyway). Every other field is the [`crate::peer`] type itself.

use std::collections::HashMap;

use crate::peer::{AccessMode, Audit};
use crate::{bench, peer, sakai};

/// W1 item.
#[derive(Debug, Clone, PartialEq, Default, bitcode::Encode, bitcode::Decode)]
pub struct EmptyData {
    pub attributes: HashMap<String, String>,
    pub tags: Vec<String>,
}

/// W1.
#[derive(Debug, Clone, PartialEq, Default, bitcode::Encode, bitcode::Decode)]
pub struct EmptyDataSet {
    pub items: Vec<EmptyData>,
}

/// W3.
#[derive(Debug, Clone, PartialEq, bitcode::Encode, bitcode::Decode)]
pub struct ContentResource {
    pub id: String,
    pub resource_type: String,
    pub access: AccessMode,
    pub groups: Vec<String>,
    pub hidden: bool,
    pub release_date: Option<i64>,
    pub retract_date: Option<i64>,
    pub properties: HashMap<String, Vec<String>>,
    pub content_type: String,
    pub content_length: i64,
    pub file_path: String,
    pub audit: Audit,
    pub body: Option<Vec<u8>>,
}

impl From<&bench::empty::EmptyDataSet> for EmptyDataSet {
    fn from(v: &bench::empty::EmptyDataSet) -> Self {
        let p = peer::EmptyDataSet::from(v);
        EmptyDataSet {
            items: p
                .items
                .into_iter()
                .map(|d| EmptyData {
                    attributes: d.attributes.into_iter().collect(),
                    tags: d.tags,
                })
                .collect(),
        }
    }
}

impl From<&sakai::content::ContentResource> for ContentResource {
    fn from(v: &sakai::content::ContentResource) -> Self {
        let p = peer::ContentResource::from(v);
        ContentResource {
            id: p.id,
            resource_type: p.resource_type,
            access: p.access,
            groups: p.groups,
            hidden: p.hidden,
            release_date: p.release_date,
            retract_date: p.retract_date,
            properties: p.properties.into_iter().collect(),
            content_type: p.content_type,
            content_length: p.content_length,
            file_path: p.file_path,
            audit: p.audit,
            body: p.body,
        }
    }
}
