//! Shared code of the structio benchmarks: document generation and the comparison harness.
