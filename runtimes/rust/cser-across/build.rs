//! Generates the W3 (Sakai entity) and W4 (message) types the cross-language checks carry.

fn main() -> std::io::Result<()> {
    cser_build::Config::new()
        .include("../../../schema/examples")
        .compile(&[
            "../../../schema/examples/sakai.cser",
            "../../../schema/examples/message.cser",
        ])
}
