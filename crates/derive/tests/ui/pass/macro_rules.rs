// The derive inside `macro_rules!`: the caller writes the derive, the macro the fields, and the
// other way round.
use structio_derive::{Beve, Json};

macro_rules! with_attrs {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        struct $name {
            count: u32,
            label: Option<String>,
        }
    };
}

macro_rules! raw_tokens {
    ($name:ident { $($body:tt)* }) => {
        #[derive(Json, Beve, Debug, PartialEq)]
        struct $name { $($body)* }
    };
}

with_attrs!(
    #[derive(Json, Beve, Debug, PartialEq)]
    Counter
);
raw_tokens!(Raw { a: u8, b: Vec<u16> });

fn main() {
    let c: Counter = structio_json::from_str(r#"{"count":3}"#).unwrap();
    assert_eq!(c.count, 3);
    let bytes = structio_beve::to_vec(&c).unwrap();
    assert_eq!(structio_beve::from_slice::<Counter>(&bytes).unwrap(), c);
    let r: Raw = structio_json::from_str(r#"{"a":1,"b":[2,3]}"#).unwrap();
    assert_eq!(r.b, [2, 3]);
}
