//! Generates the code of schema/shop/orders.cser (and the file it imports) into OUT_DIR with
//! the cserc that cser-build finds: CSERC, else PATH.

fn main() -> std::io::Result<()> {
    cser_build::Config::new()
        .include("schema")
        .compile(&["schema/shop/orders.cser"])
}
