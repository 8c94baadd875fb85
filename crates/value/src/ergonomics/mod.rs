//! The parts of `serde_json::Value`'s API that code moving from serde_json reaches for:
//! [`FromStr`](core::str::FromStr), comparisons with plain values from either side, the
//! [`Entry`] API, [`Object::retain`](crate::Object::retain) and
//! [`Object::sort_keys`](crate::Object::sort_keys), more `From` conversions, and a borrowed
//! enum view ([`ValueRef`]) for `match`.
//!
//! `Value` is `PartialEq` but not `Eq` or `Hash`: it holds any `f64`, NaN included, and NaN is
//! not equal to itself, so `Eq`'s reflexivity would be a lie and a `HashMap<Value, _>` could
//! lose keys. (serde_json can offer `Eq` because its `Number` never holds NaN.) Hash a value's
//! text (`to_string`) when you need it as a key.

mod entry;
mod eq;
mod from;
mod object_ops;
mod view;

pub use entry::{Entry, OccupiedEntry, VacantEntry};
pub use view::ValueRef;
