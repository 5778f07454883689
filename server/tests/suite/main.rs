//! The server's integration tests, as one test binary: each module a feature, over a real
//! server on a free port (and, where a test says so, real Postgres, Redis and server
//! processes). One binary is linked once after a change, where a binary per file was linked
//! once each (`docs/performance.md`, "The edit-test loop").
//!
//! `common` holds the helpers (a server, an HTTP client, a WebSocket client), `db` the
//! stores (a SQLite file, a Postgres database of the test's own). `tests/metrics.rs` is the
//! one other binary: it reads the process's own counters, which the tests here would add to.

mod common;
mod db;

mod abuse;
mod accounts;
mod analysis;
mod bad_input;
mod bots;
mod chat;
mod clocks;
mod cluster;
mod faults;
mod hardening;
mod leases;
mod no_rules_in_web;
mod open_seats;
mod open_tail;
mod people;
mod private;
mod quick;
mod ratings;
mod read_models;
mod replay_example;
mod rule_reasons;
mod seeks;
mod server;
mod serving;
mod store;
mod store_sigkill;
mod test_dice;
mod tournaments;
mod tv;
mod verify_records;
mod web;
mod win_chances;
