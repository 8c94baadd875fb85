//! Shared code of the structio benchmarks: document generation, the peers' adapters and the
//! comparison harness that `cargo xtask bench` and `cargo xtask glaze` run
//! (`src/bin/compare.rs`).
//!
//! - [`docgen`] generates the seven documents from a fixed seed ([`rng`]) and [`layout`] writes them
//!   in Glaze's layout; [`docs`] holds their types.
//! - [`peers`] adapts serde_json, sonic-rs, simd-json, bincode and postcard; [`sio`] adapts
//!   structio, one Cargo feature per capability.
//! - [`records`] is the records benchmark of the peer notes (tables and allocation counts).
//! - [`harness`] times contenders alternately, [`suite`] builds the typed groups, [`corpus`] the
//!   corpus rows, [`table`] and [`report`] print them; [`glaze`] measures structio beside the C++
//!   Glaze harness linked into the same binary (the `glaze` feature and build.rs); [`cpp_peers`]
//!   builds trees and runs the traversal tasks beside simdjson and yyjson (the `cpp-peers`
//!   feature).
#![warn(missing_docs)]

pub mod corpus;
pub mod cpp_peers;
pub mod docgen;
pub mod docs;
pub mod error_path;
pub mod glaze;
pub mod harness;
pub mod layout;
pub mod peers;
pub mod records;
pub mod report;
pub mod rng;
pub mod sio;
pub mod small;
pub mod stream;
pub mod suite;
pub mod table;
