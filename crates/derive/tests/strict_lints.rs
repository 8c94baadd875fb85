//! Generated code stays quiet in a crate that denies the stricter rustc lints and clippy's
//! pedantic group (clippy runs on this file in CI with `-D warnings`).
#![deny(
    warnings,
    unused_qualifications,
    unused_results,
    single_use_lifetimes,
    elided_lifetimes_in_paths,
    trivial_casts,
    trivial_numeric_casts,
    missing_debug_implementations,
    unsafe_code
)]
#![deny(clippy::pedantic)]

use structio_derive::{Beve, Json};

/// A struct with every kind of field the derive treats specially.
#[derive(Json, Beve, Debug, PartialEq, Default)]
#[structio(rename_all = "camelCase")]
pub struct Strict<'a> {
    name: &'a str,
    #[structio(skip_serializing_if = "Option::is_none")]
    note: Option<u8>,
    #[structio(flatten)]
    inner: Inner,
}

/// Flattened into [`Strict`].
#[derive(Json, Beve, Debug, PartialEq, Default)]
pub struct Inner {
    x: u8,
}

/// Every enum layout.
#[derive(Json, Beve, Debug, PartialEq)]
#[structio(tag = "t")]
pub enum Tagged {
    /// A unit variant.
    A,
    /// A newtype around a struct.
    B(Inner),
}

/// Untagged.
#[derive(Json, Beve, Debug, PartialEq)]
#[structio(untagged)]
pub enum Loose {
    /// A number.
    N(u8),
    /// A pair.
    P(u8, u8),
}

#[test]
fn strict_crate_compiles_and_runs() {
    let s: Strict<'_> = structio_json::from_str(r#"{"name":"a","x":1}"#).unwrap();
    assert_eq!(s.inner.x, 1);
    assert_eq!(
        structio_json::to_string(&Tagged::B(Inner { x: 2 })).unwrap(),
        r#"{"t":"B","x":2}"#
    );
    assert_eq!(
        structio_json::from_str::<Loose>("[1,2]").unwrap(),
        Loose::P(1, 2)
    );
}
