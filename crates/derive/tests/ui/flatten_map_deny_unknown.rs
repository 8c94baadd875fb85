use std::collections::BTreeMap;
use structio_derive::Json;

// A catch-all map takes every unknown key, so denying unknown keys contradicts it.
#[derive(Json)]
#[structio(deny_unknown_fields)]
struct Config {
    name: String,
    #[structio(flatten)]
    extra: BTreeMap<String, u32>,
}

fn main() {}
