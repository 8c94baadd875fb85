// A unit-only enum keys `BTreeMap` and `HashMap` in JSON and BEVE, with renames, an alias
// and an `other` variant.
use std::collections::{BTreeMap, HashMap};
use structio_derive::Structio;

#[derive(Structio, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[structio(format = "structio_json", format = "structio_beve", rename_all = "lowercase")]
enum Mode {
    Fast,
    #[structio(alias = "slowly")]
    Slow,
    #[structio(other)]
    Unknown,
}

fn main() {
    let m = BTreeMap::from([(Mode::Fast, 1u8), (Mode::Slow, 2)]);
    assert_eq!(structio_json::to_string(&m).unwrap(), r#"{"fast":1,"slow":2}"#);
    let h: HashMap<Mode, u8> = structio_json::from_str(r#"{"slowly":2,"turbo":3}"#).unwrap();
    assert_eq!((h[&Mode::Slow], h[&Mode::Unknown]), (2, 3));
    let bytes = structio_beve::to_vec(&m).unwrap();
    assert_eq!(structio_beve::from_slice::<BTreeMap<Mode, u8>>(&bytes).unwrap(), m);
}
