//! [`Value`] to and from types that implement structio's own JSON traits (`#[derive(Json)]`),
//! through JSON text.

use alloc::vec::Vec;

use structio_json::{JsonRead, JsonWrite};

use crate::{Error, Value};

/// Converts a `T` that structio writes as JSON (`#[derive(Json)]` and every type structio-json
/// supports) to a [`Value`], by writing its JSON and reading that back. For serde types,
/// `to_value` (feature `serde`) goes without text. The text is structio-json's, which writes a
/// whole float without a fraction (`2.0` as `2`, Glaze's layout), so such a float comes back
/// as an integer.
///
/// ```
/// #[derive(structio_derive::Json)]
/// struct Point { x: i32, y: i32 }
/// let v = structio_value::to_value_json(&Point { x: 1, y: -2 })?;
/// assert_eq!(v, structio_value::value!({"x": 1, "y": -2}));
/// # Ok::<(), structio_value::Error>(())
/// ```
pub fn to_value_json<T: JsonWrite + ?Sized>(value: &T) -> Result<Value, Error> {
    let text: Vec<u8> = structio_json::to_vec(value)?;
    crate::from_slice(&text)
}

/// Converts a [`Value`] to a `T` that structio reads from JSON (`#[derive(Json)]`), by
/// writing the value's JSON and reading `T` from it. `T` owns its data (the text is dropped
/// before this returns); errors carry offsets in that text (`Value`'s compact JSON).
///
/// ```
/// #[derive(structio_derive::Json, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
/// let p: Point = structio_value::from_value_json(&structio_value::value!({"x": 1, "y": -2}))?;
/// assert_eq!(p, Point { x: 1, y: -2 });
/// # Ok::<(), structio_value::Error>(())
/// ```
pub fn from_value_json<T: for<'de> JsonRead<'de>>(value: &Value) -> Result<T, Error> {
    let text = crate::to_vec(value);
    structio_json::from_slice(&text)
}
