use std::collections::BTreeMap;
use structio_derive::Json;

// A catch-all map has `String` keys: a member's key is text.
#[derive(Json)]
struct Config {
    name: String,
    #[structio(flatten)]
    extra: BTreeMap<u32, u32>,
}

fn main() {}
