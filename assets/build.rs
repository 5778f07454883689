//! Rebuilds the crate when a file is added to (or removed from) a folder it embeds.
//!
//! `rust-embed` reads each embedded file with `include_bytes!`, so a changed file rebuilds
//! the crate, but a new one would not: a new variant's how-to page or rules text would stay
//! unseen (and its test failing) until some Rust source changed. Cargo scans a directory
//! named here for any change, new files included.

fn main() {
    println!("cargo::rerun-if-changed=../web");
    println!("cargo::rerun-if-changed=../docs/rules");
}
