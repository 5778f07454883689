//! `senet-checks`: tests of the workspace's shape, run with the rest (`cargo test`).
//!
//! The house rules (docs/architecture.md): crates and modules whose dependencies only point
//! down, so no import circle ([`modules`]); source files a reader can hold in their head
//! ([`sizes`]); no `match` over rulesets with a catch-all arm, so a new ruleset is a list
//! of compile errors ([`exhaustive`]); and pure crates with no I/O crate in their tree
//! (`tests/house.rs`, from `cargo metadata`).

pub mod exhaustive;
pub mod modules;
pub mod sizes;
