//! W3 (seed 002): Sakai stores each content entity as a hand-rolled binary blob in a database
//! column. Here the blob is a cser message: this program builds a few thousand entities, writes
//! them to a stream (one BLOB per entity works the same way: `encode` / `decode`), reads them
//! back, and prints what they cost.
//!
//! Run it with `cargo run -p example-sakai` (CSERC must name the compiler, or cserc be on PATH).

use std::error::Error;

use cser::{IndexMap, StreamReader, StreamWriter};

cser::include_generated!();

use sakai::common::Audit;
use sakai::content::{AccessMode, ContentResource};

/// Entity number `n`, shaped like the one of the seed: a file upload with its DAV and CHEF
/// properties, some multi-valued or empty, some without release dates.
fn entity(n: u64) -> ContentResource {
    let name = match n % 3 {
        0 => "v14jun.amp".to_owned(),
        1 => format!("Lecture notes week {n}.pdf"),
        _ => format!("Résumé — ünïcödé {n}.docx"),
    };
    let mut properties = IndexMap::new();
    let mut put = |key: &str, values: &[&str]| {
        properties.insert(
            key.to_owned(),
            values.iter().map(|v| v.to_string()).collect(),
        );
    };
    put("DAV:creationdate", &["20070907215527865"]);
    put("CHEF:is-collection", &["false"]);
    put("DAV:getcontenttype", &["application/octet-stream"]);
    put("DAV:getcontentlength", &[&(103_371 + n).to_string()]);
    put("DAV:displayname", &[&name]);
    put("CHEF:creator", &["admin"]);
    if n.is_multiple_of(3) {
        put("CHEF:description", &[]);
    }
    ContentResource {
        id: format!("/group/site-{}/caret/darwinfiles/{name}", n / 100),
        resource_type: "org.sakaiproject.content.types.fileUpload".to_owned(),
        access: if n.is_multiple_of(10) {
            AccessMode::GROUPED
        } else {
            AccessMode::INHERITED
        },
        hidden: n.is_multiple_of(17),
        release_date: (n.is_multiple_of(2)).then_some(1_189_202_127_865 + n as i64),
        properties,
        content_type: "application/octet-stream".to_owned(),
        content_length: 103_371 + n as i64,
        file_path: format!("1/2007/250/21/{n:016x}"),
        audit: Audit {
            created_by: "admin".to_owned(),
            created_at: 1_189_202_127_865,
            modified_by: "admin".to_owned(),
            modified_at: 1_189_202_127_865 + 1000 * n as i64,
        },
        ..ContentResource::default()
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let entities: Vec<ContentResource> = (0..5000).map(entity).collect();

    // One BLOB per entity, as Sakai's column holds it.
    let blob = entities[0].encode();
    assert_eq!(ContentResource::decode(&blob)?, entities[0]);
    println!("one entity as a message: {} bytes", blob.len());

    // All of them as one stream (a file, a socket, a larger BLOB).
    let mut writer = StreamWriter::new(Vec::new());
    for e in &entities {
        writer.write(e)?;
    }
    let stream = writer.finish()?;
    let mut read = 0;
    for (i, e) in StreamReader::<_, ContentResource>::new(&stream[..]).enumerate() {
        assert_eq!(e?, entities[i], "entity {i} read back differs");
        read += 1;
    }
    println!(
        "{read} entities as a stream: {} bytes, {:.1} bytes per entity",
        stream.len(),
        stream.len() as f64 / read as f64
    );
    Ok(())
}
