// A map flattened into a struct as its catch-all, declared before another flattened struct,
// with `String` keys in a `BTreeMap` and a `HashMap`, through two formats from one derive.
use std::collections::{BTreeMap, HashMap};
use structio_derive::Structio;

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Inner {
    id: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Config {
    #[structio(flatten)]
    extra: BTreeMap<String, u32>,
    #[structio(flatten)]
    inner: Inner,
    name: String,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Hashed {
    #[structio(flatten)]
    rest: HashMap<String, Vec<u8>>,
}

fn main() {
    let c: Config = structio_json::from_str(r#"{"name":"n","id":1,"x":2}"#).unwrap();
    assert_eq!((c.inner.id, c.extra["x"]), (1, 2));
    assert_eq!(structio_json::to_string(&c).unwrap(), r#"{"x":2,"id":1,"name":"n"}"#);
    let bytes = structio_beve::to_vec(&c).unwrap();
    assert_eq!(structio_beve::from_slice::<Config>(&bytes).unwrap(), c);
    let h: Hashed = structio_json::from_str(r#"{"a":[1]}"#).unwrap();
    assert_eq!(h.rest["a"], [1]);
}
