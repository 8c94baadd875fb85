//! structio: fast JSON and BEVE serialization in the spirit of Glaze, for firmware and services
//! alike. This facade re-exports the format crates behind features.
#![no_std]

pub use structio_num as num;

#[cfg(feature = "json")]
pub use structio_json as json;

#[cfg(feature = "beve")]
pub use structio_beve as beve;

#[cfg(feature = "value")]
pub use structio_value as value;

#[cfg(feature = "derive")]
pub use structio_derive::*;
