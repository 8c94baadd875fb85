//! Borrowing reads for types with more than one lifetime: `&'a str` and `Cow<'a, str>` read
//! from an input of a longer lifetime `'de`, by hand-written impls and through the derive.

use structio_derive::Json;
use structio_json::{ErrorKind, JsonRead, Reader, Result};

/// Two borrowed fields of different lifetimes, read by hand (the derive contract's calls).
#[derive(Debug, PartialEq)]
struct Two<'a, 'b> {
    name: &'a str,
    kind: &'b str,
}

impl<'de: 'a + 'b, 'a, 'b> JsonRead<'de> for Two<'a, 'b> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let (mut name, mut kind) = (None, None);
        let mut scratch = structio_json::KeyBuf::new();
        let mut more = !r.begin_object()?;
        while more {
            let at = r.offset();
            match r.object_key(&mut scratch)? {
                b"name" => name = Some(<&'a str>::read_json(r)?),
                b"kind" => kind = Some(<&'b str>::read_json(r)?),
                _ => r.unknown_field(at)?,
            }
            more = r.object_next()?;
        }
        Ok(Two {
            name: name.ok_or_else(|| r.missing_field("name"))?,
            kind: kind.ok_or_else(|| r.missing_field("kind"))?,
        })
    }
}

/// Reads `T` from `input` and hands back a value whose borrows are only as long as `'a`,
/// strictly shorter than the input's `'de`: the impl must hold for `'de: 'a`.
fn read_shorter<'de: 'a, 'a, T: JsonRead<'de> + 'a>(input: &'de [u8]) -> Result<T> {
    structio_json::from_slice(input)
}

#[derive(Json, Debug, PartialEq)]
#[structio(crate = "structio_json")]
struct Derived<'a, 'b> {
    a: &'a str,
    b: &'b str,
    n: u32,
}

#[test]
fn hand_written_two_lifetimes() {
    let input: &'static [u8] = br#"{"kind": "probe", "x": [1, {"y": null}], "name": "t1"}"#;
    let v: Two<'_, '_> = read_shorter(input).unwrap();
    assert_eq!(
        v,
        Two {
            name: "t1",
            kind: "probe"
        }
    );
    // Borrowed straight from the input: the same bytes, not a copy.
    assert!(input.as_ptr_range().contains(&v.name.as_ptr()));
    let e =
        structio_json::from_slice::<Two<'_, '_>>(br#"{"name": "a\nb", "kind": "k"}"#).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::EscapeInBorrowedStr, 11));
}

#[test]
fn derived_two_lifetimes() {
    let owned = String::from(r#"{"a": "x", "b": "yz", "n": 7}"#);
    let v = {
        // `'a` and `'b` end here, `'de` (the `String`) lives on.
        let v: Derived<'_, '_> = read_shorter(owned.as_bytes()).unwrap();
        (v.a.len(), v.b.to_owned(), v.n)
    };
    assert_eq!(v, (1, "yz".to_owned(), 7));
    #[cfg(feature = "alloc")]
    {
        let d = Derived {
            a: "x",
            b: "yz",
            n: 7,
        };
        assert_eq!(
            structio_json::to_string(&d).unwrap(),
            r#"{"a":"x","b":"yz","n":7}"#
        );
    }
}

#[cfg(feature = "alloc")]
mod cow {
    use std::borrow::Cow;
    use structio_derive::Json;

    #[derive(Json, Debug, PartialEq)]
    #[structio(crate = "structio_json")]
    struct Notes<'a, 'b> {
        title: Cow<'a, str>,
        body: Cow<'b, str>,
        tags: Vec<&'a str>,
    }

    #[test]
    fn cow_with_two_lifetimes() {
        let input = br#"{"title": "plain", "body": "esc\"aped", "tags": ["p", "q"]}"#.to_vec();
        let v: Notes<'_, '_> = super::read_shorter(&input).unwrap();
        assert!(matches!(v.title, Cow::Borrowed("plain")));
        assert!(matches!(&v.body, Cow::Owned(s) if s == "esc\"aped"));
        assert_eq!(v.tags, ["p", "q"]);
        let map: std::collections::BTreeMap<Cow<'_, str>, &str> =
            super::read_shorter(br#"{"k": "v", "l\u0021": "w"}"#).unwrap();
        assert_eq!(map.get("l!"), Some(&"w"));
    }
}
