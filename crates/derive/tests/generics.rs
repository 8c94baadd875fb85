//! Const generics and bounded type parameters keep their bounds in the generated impls.

use structio_derive::{Beve, Json};

#[derive(Json, Beve, Debug, PartialEq)]
struct Fixed<const N: usize> {
    a: [u8; N],
}

#[derive(Json, Beve, Debug, PartialEq)]
struct Bounded<T: Clone + Default>
where
    T: PartialEq,
{
    t: T,
}

#[test]
fn const_generic_and_bounds() {
    let v: Fixed<2> = structio_json::from_str(r#"{"a":[1,2]}"#).unwrap();
    assert_eq!(v.a, [1, 2]);
    let b: Bounded<u8> = structio_json::from_str(r#"{"t":3}"#).unwrap();
    assert_eq!(b.t, 3);
    assert_eq!(structio_json::to_string(&b).unwrap(), r#"{"t":3}"#);
}
