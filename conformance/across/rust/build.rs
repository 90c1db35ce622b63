//! Generates the W3 (Sakai entity) and W4 (message) types the cross-language checks carry,
//! and the other workload types that the shared workload data (`src/main.rs`, `workloads`)
//! names.

fn main() -> std::io::Result<()> {
    cser_build::Config::new()
        .include("../../../schema/examples")
        .compile(&[
            "../../../schema/examples/sakai.cser",
            "../../../schema/examples/message.cser",
            "../../../schema/examples/employee.cser",
            "../../../schema/examples/empty_data.cser",
            "../../../schema/examples/media.cser",
            "../../../schema/examples/molecule.cser",
        ])
}
