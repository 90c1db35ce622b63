//! Generates the W4 message type (`bench.message.Message`) the receiver reads.

fn main() -> std::io::Result<()> {
    cser_build::Config::new()
        .include("../../../schema/examples")
        .compile(&["../../../schema/examples/message.cser"])
}
