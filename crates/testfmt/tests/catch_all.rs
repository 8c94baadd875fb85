//! A map flattened into a struct as its catch-all, in a format the derive has never heard of:
//! the format's `Fields` / `WriteFields` impls for the map and `member_str` are all it takes.

use std::collections::BTreeMap;
use structio_derive::Structio;
use structio_testfmt::{from_slice, to_vec};

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Config {
    #[structio(flatten)]
    extra: BTreeMap<String, u8>,
    name: String,
}

#[test]
fn the_map_takes_what_the_struct_does_not_name() {
    let c = Config {
        extra: BTreeMap::from([("a".into(), 1)]),
        name: "x".into(),
    };
    let bytes = to_vec(&c).unwrap();
    assert_eq!(bytes, b"{2:1:ai1;4:names1:x}");
    assert_eq!(from_slice::<Config>(&bytes).unwrap(), c);
    let other: Config = from_slice(b"{2:4:names1:x1:bi2;}").unwrap();
    assert_eq!(other.extra["b"], 2);
}
