//! serde and [`Value`] (feature `serde`): `Value` reads from and writes to any serde format,
//! and any serde type converts to and from a `Value`.
//!
//! - `impl Serialize for Value` and `impl Deserialize for Value`: a `Value` goes through
//!   serde_json, `structio_json::serde`, `structio_beve::serde` or any other serde format.
//!   Integers keep their kind (`u64` / `i64`), floats stay floats, objects keep their members'
//!   order. Reading keeps every member of a map, duplicates included, as this crate's JSON
//!   reader does.
//! - [`to_value`]: a serde type as a `Value`, through [`Serializer`] (serde_json's layout:
//!   `{"Variant": content}`, `None` as `null`, integer map keys as text).
//! - [`from_value`]: a serde type from a `Value`, through `&Value` as a serde `Deserializer`
//!   (which `T::deserialize(&value)` can also use directly, and which lends strings to
//!   `&str` fields).
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use structio_value::value;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! enum Shape { Circle { r: f64 }, Square(u32) }
//!
//! let v = structio_value::to_value(&vec![Shape::Circle { r: 0.5 }, Shape::Square(3)])?;
//! assert_eq!(v, value!([{"Circle": {"r": 0.5}}, {"Square": 3}]));
//! let back: Vec<Shape> = structio_value::from_value(v)?;
//! assert_eq!(back[1], Shape::Square(3));
//! # Ok::<(), structio_value::serde::Error>(())
//! ```
//!
//! A type that derives structio's own traits rather than serde's converts through JSON text
//! with [`to_value_json`](crate::to_value_json) and [`from_value_json`](crate::from_value_json),
//! which need no feature.

mod de;
mod error;
mod ser;

pub use error::Error;
pub use ser::{SerializeMap, SerializeVec, Serializer};

use ::serde::de::DeserializeOwned;
use ::serde::Serialize;

use crate::Value;

/// Converts any `T: Serialize` to a [`Value`] (as `serde_json::to_value`).
///
/// An `i128`/`u128` past 64 bits and a map key that is not a string, a number, a bool or a
/// char are errors; everything else converts.
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([(1u32, "one"), (2, "two")]);
/// let v = structio_value::to_value(&m)?;
/// assert_eq!(v, structio_value::value!({"1": "one", "2": "two"}));
/// # Ok::<(), structio_value::serde::Error>(())
/// ```
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    value.serialize(Serializer)
}

/// Converts a [`Value`] to any `T: DeserializeOwned` (as `serde_json::from_value`). To borrow
/// strings from the tree instead, call `T::deserialize(&value)`.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
/// let p: Point = structio_value::from_value(structio_value::value!({"x": 1, "y": -2}))?;
/// assert_eq!(p, Point { x: 1, y: -2 });
/// # Ok::<(), structio_value::serde::Error>(())
/// ```
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
    T::deserialize(&value)
}
