//! Shared code of the structio benchmarks: document generation, the peers' adapters and the
//! comparison harness that `cargo xtask bench` runs (`src/bin/compare.rs`).

pub mod docs;
pub mod gen;
pub mod layout;
pub mod rng;
