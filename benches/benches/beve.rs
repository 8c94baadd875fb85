//! Placeholder: filled in by the beve benchmark work.
fn main() {}
