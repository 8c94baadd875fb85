//! The derive on types that a `macro_rules!` macro declares: the generated code's own names
//! (`r`, `w`, `__p`) must resolve where the derive put them, not where the macro's tokens
//! (the field types) came from.

use structio_derive::{Beve, Json};

macro_rules! config_struct {
    ($name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        #[derive(Json, Beve, Debug, PartialEq)]
        struct $name {
            $($field: $ty),*
        }
    };
}

// Everything typed inside the macro body: the field types carry the macro's hygiene.
macro_rules! fixed_struct {
    () => {
        #[derive(Json, Debug, PartialEq)]
        struct Fixed {
            a: u8,
            b: Option<String>,
            c: (u16, bool),
        }

        #[derive(Json, Debug, PartialEq)]
        struct Wrap(u32);

        #[derive(Json, Debug, PartialEq)]
        enum Mode {
            Off,
            Level(u8),
            Pair(u8, u8),
            Named { x: i32 },
        }

        #[derive(Json, Debug, PartialEq, Eq, PartialOrd, Ord)]
        enum Key {
            On,
            Off,
        }
    };
}

config_struct!(Port {
    number: u16,
    name: String
});
fixed_struct!();

#[test]
fn struct_from_macro_arguments() {
    let p: Port = structio_json::from_str(r#"{"number":80,"name":"http"}"#).unwrap();
    assert_eq!(
        p,
        Port {
            number: 80,
            name: "http".into()
        }
    );
    assert_eq!(
        structio_json::to_string(&p).unwrap(),
        r#"{"number":80,"name":"http"}"#
    );
    let bytes = structio_beve::to_vec(&p).unwrap();
    assert_eq!(structio_beve::from_slice::<Port>(&bytes).unwrap(), p);
}

#[test]
fn types_declared_in_the_macro_body() {
    let f: Fixed = structio_json::from_str(r#"{"a":1,"c":[2,true]}"#).unwrap();
    assert_eq!(
        f,
        Fixed {
            a: 1,
            b: None,
            c: (2, true)
        }
    );
    let w: Wrap = structio_json::from_str("7").unwrap();
    assert_eq!(w, Wrap(7));
    let m: Mode = structio_json::from_str(r#"{"Named":{"x":-1}}"#).unwrap();
    assert_eq!(m, Mode::Named { x: -1 });
    let m: Mode = structio_json::from_str(r#"{"Pair":[1,2]}"#).unwrap();
    assert_eq!(structio_json::to_string(&m).unwrap(), r#"{"Pair":[1,2]}"#);
    assert_eq!(
        structio_json::to_string(&Mode::Level(3)).unwrap(),
        r#"{"Level":3}"#
    );
}

// The caller writes the derive; the macro body writes the fields.
macro_rules! with_attrs {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        struct $name {
            count: u32,
            label: Option<String>,
        }
    };
}

with_attrs!(
    #[derive(Json, Beve, Debug, PartialEq)]
    Counter
);

// Fields as raw tokens from the caller, derive in the body.
macro_rules! raw_tokens {
    ($name:ident { $($body:tt)* }) => {
        #[derive(Json, Beve, Debug, PartialEq)]
        struct $name { $($body)* }
    };
}

raw_tokens!(Raw { a: u8, b: Vec<u16> });

#[test]
fn derive_from_the_caller_fields_from_the_macro() {
    let c: Counter = structio_json::from_str(r#"{"count":3}"#).unwrap();
    assert_eq!(
        c,
        Counter {
            count: 3,
            label: None
        }
    );
    let bytes = structio_beve::to_vec(&c).unwrap();
    assert_eq!(structio_beve::from_slice::<Counter>(&bytes).unwrap(), c);
    let r: Raw = structio_json::from_str(r#"{"a":1,"b":[2,3]}"#).unwrap();
    assert_eq!(
        r,
        Raw {
            a: 1,
            b: vec![2, 3]
        }
    );
}

#[test]
fn unit_enum_from_a_macro_keys_a_map() {
    let m: std::collections::BTreeMap<Key, u8> =
        structio_json::from_str(r#"{"Off":0,"On":1}"#).unwrap();
    assert_eq!(m[&Key::On], 1);
    assert_eq!(structio_json::to_string(&m).unwrap(), r#"{"On":1,"Off":0}"#);
}
