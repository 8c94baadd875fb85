//! Placeholder: filled in by the value benchmark work.
fn main() {}
