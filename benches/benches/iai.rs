//! Placeholder: filled in by the iai benchmark work.
fn main() {}
