#![doc = include_str!("../../../README.md")]
//!
//! ## This crate
//!
//! `structio` is a facade: it re-exports the format crates behind features (`json`, `beve`,
//! `value`; `derive` for the macros), so one dependency gives the whole library. A crate that
//! needs only JSON can depend on `structio-json` and `structio-derive` instead; the derive finds
//! the runtime crate either way.
#![no_std]

/// Digits to numbers and back (`structio-num`).
///
/// ```
/// assert_eq!(structio::num::parse_f64(b"2.5", 0).ok(), Some((2.5, 3)));
/// ```
pub use structio_num as num;

/// JSON (`structio-json`): [`json::from_str`], [`json::to_string`], the `JsonRead`/`JsonWrite`
/// traits.
///
/// ```
/// let v: Vec<u8> = structio::json::from_str("[1,2]").unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
#[cfg(feature = "json")]
pub use structio_json as json;

/// BEVE (`structio-beve`), the binary format.
///
/// ```
/// let bytes = structio::beve::to_vec(&[1.5f64, 2.0]).unwrap();
/// let v: Vec<f64> = structio::beve::from_slice(&bytes).unwrap();
/// assert_eq!(v, [1.5, 2.0]);
/// ```
#[cfg(feature = "beve")]
pub use structio_beve as beve;

/// CBOR (RFC 8949): reader, writer and typed-array bulk copies (`structio-cbor`, feature
/// `cbor`).
///
/// ```
/// # #[cfg(feature = "cbor")] {
/// let bytes = structio::cbor::to_vec(&vec![1.5f64, 2.0]).unwrap();
/// assert_eq!(structio::cbor::from_slice::<Vec<f64>>(&bytes).unwrap(), [1.5, 2.0]);
/// # }
/// ```
#[cfg(feature = "cbor")]
pub use structio_cbor as cbor;

/// BJData (Draft 4): reader, writer, speed and size modes, packed numeric arrays
/// (`structio-bjdata`, feature `bjdata`).
///
/// ```
/// # #[cfg(feature = "bjdata")] {
/// let bytes = structio::bjdata::to_vec(&vec![1.5f64, 2.0]).unwrap();
/// assert_eq!(structio::bjdata::from_slice::<Vec<f64>>(&bytes).unwrap(), [1.5, 2.0]);
/// # }
/// ```
#[cfg(feature = "bjdata")]
pub use structio_bjdata as bjdata;

/// `Value`, a dynamic tree for either format (`structio-value`).
///
/// ```
/// # #[cfg(feature = "value")] {
/// let v = structio::value::from_str(r#"{"a":[1,2]}"#).unwrap();
/// assert_eq!(structio::value::to_string(&v), r#"{"a":[1,2]}"#);
/// # }
/// ```
#[cfg(feature = "value")]
pub use structio_value as value;

/// `#[derive(Json)]`: `JsonRead` and `JsonWrite` for a struct or enum, with serde's attributes
/// under `#[structio(...)]`.
///
/// ```
/// #[derive(structio::Json)]
/// struct Point { x: i32, y: i32 }
///
/// assert_eq!(structio::json::to_string(&Point { x: 1, y: 2 }).unwrap(), r#"{"x":1,"y":2}"#);
/// ```
#[cfg(feature = "derive")]
pub use structio_derive::Json;

/// `#[derive(Beve)]`: `BeveRead` and `BeveWrite`, sharing the key table of `Json`.
///
/// ```
/// #[derive(structio::Beve, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = structio::beve::to_vec(&Point { x: 1, y: 2 }).unwrap();
/// assert_eq!(structio::beve::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: 2 });
/// ```
#[cfg(feature = "derive")]
pub use structio_derive::Beve;

/// `#[derive(Cbor)]`: `CborRead` and `CborWrite` (feature `cbor`), sharing the key table of
/// `Json`.
///
/// ```
/// # #[cfg(feature = "cbor")] {
/// #[derive(structio::Cbor, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let bytes = structio::cbor::to_vec(&Point { x: 1, y: 2 }).unwrap();
/// assert_eq!(structio::cbor::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: 2 });
/// # }
/// ```
#[cfg(feature = "derive")]
pub use structio_derive::Cbor;

/// `#[derive(Structio)]`: the read and write impls of every format named by
/// `#[structio(format = "path")]` (repeatable), for this crate's formats or any other crate
/// that implements the derive protocol (`docs/derive-contract.md`).
///
/// ```
/// #[derive(structio::Structio, Debug, PartialEq)]
/// #[structio(format = "structio::json", format = "structio::beve")]
/// struct Point { x: i32, y: i32 }
///
/// let p = Point { x: 1, y: 2 };
/// assert_eq!(structio::json::to_string(&p).unwrap(), r#"{"x":1,"y":2}"#);
/// let bytes = structio::beve::to_vec(&p).unwrap();
/// assert_eq!(structio::beve::from_slice::<Point>(&bytes).unwrap(), p);
/// ```
#[cfg(feature = "derive")]
pub use structio_derive::Structio;
