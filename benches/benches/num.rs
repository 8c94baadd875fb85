//! Placeholder: filled in by the num benchmark work.
fn main() {}
