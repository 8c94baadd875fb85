//! Shared code of the structio benchmarks: document generation, the peers' adapters and the
//! comparison harness that `cargo xtask bench` runs (`src/bin/compare.rs`).

pub mod corpus;
pub mod docs;
pub mod gen;
pub mod harness;
pub mod layout;
pub mod peers;
pub mod report;
pub mod rng;
pub mod side;
pub mod sio;
pub mod suite;
pub mod table;
