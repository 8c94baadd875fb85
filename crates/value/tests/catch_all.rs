//! `Object` as a derived struct's catch-all, in JSON and BEVE (and BJData and CBOR with their
//! features): the members the struct does not name, kept in order, written back as members.

use structio_derive::Structio;
use structio_value::{value, Object};

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Config {
    name: String,
    #[structio(flatten)]
    extra: Object,
}

fn config() -> Config {
    let mut extra = Object::new();
    extra.insert("z", value!([1, 2.5]));
    extra.insert("a", value!({"b": null}));
    Config {
        name: "n".into(),
        extra,
    }
}

#[test]
fn json_keeps_the_order_read() {
    let c = config();
    let text = structio_json::to_string(&c).unwrap();
    assert_eq!(text, r#"{"name":"n","z":[1,2.5],"a":{"b":null}}"#);
    let back: Config = structio_json::from_str(&text).unwrap();
    assert_eq!(back, c);
    let e = structio_json::from_str::<Config>(r#"{"z":1}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingField("name"));
    let opts = structio_json::ReadOptions::new().deny_duplicate_keys(true);
    let e =
        structio_json::from_slice_with::<Config>(br#"{"name":"n","z":1,"z":2}"#, opts).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (structio_json::DUPLICATE_KEY, 18));
}

#[test]
fn beve_round_trips() {
    let c = config();
    let bytes = structio_beve::to_vec(&c).unwrap();
    assert_eq!(structio_beve::from_slice::<Config>(&bytes).unwrap(), c);
}

#[cfg(all(feature = "cbor", feature = "bjdata"))]
#[test]
fn cbor_and_bjdata_round_trip() {
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_cbor", format = "structio_bjdata")]
    struct Config {
        name: String,
        #[structio(flatten)]
        extra: Object,
    }
    let mut extra = Object::new();
    extra.insert("z", value!([1, "x"]));
    let c = Config {
        name: "n".into(),
        extra,
    };
    let bytes = structio_cbor::to_vec(&c).unwrap();
    assert_eq!(structio_cbor::from_slice::<Config>(&bytes).unwrap(), c);
    let bytes = structio_bjdata::to_vec(&c).unwrap();
    assert_eq!(structio_bjdata::from_slice::<Config>(&bytes).unwrap(), c);
}
