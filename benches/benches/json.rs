//! Placeholder: filled in by the json benchmark work.
fn main() {}
