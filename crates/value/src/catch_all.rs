//! [`Object`] as a derived struct's catch-all (`#[structio(flatten)] extra: Object`): the
//! members the struct does not name, in the order read, written back as the struct's members,
//! in every format the crate reads and writes.
//!
//! ```
//! use structio_derive::Json;
//! use structio_value::Object;
//!
//! #[derive(Json)]
//! struct Config {
//!     name: String,
//!     #[structio(flatten)]
//!     extra: Object,
//! }
//!
//! let c: Config = structio_json::from_str(r#"{"name":"n","rate":[1,2],"on":true}"#).unwrap();
//! assert_eq!(c.extra.keys().collect::<Vec<_>>(), ["rate", "on"]);
//! assert_eq!(
//!     structio_json::to_string(&c).unwrap(),
//!     r#"{"name":"n","rate":[1,2],"on":true}"#
//! );
//! ```

use crate::{Object, Value};

/// A key a derived struct read, as text.
#[inline]
fn key(k: &[u8]) -> Option<&str> {
    core::str::from_utf8(k).ok()
}

/// The catch-all impls of [`Object`] for one format crate: the derive protocol's `Fields`
/// (every member the struct does not name is taken, a repeat goes to the reader's duplicate-key
/// policy) and `WriteFields` (the members written back as the struct's). Every format spells
/// them alike; only the crate differs.
macro_rules! object_catch_all {
    ($(#[$attr:meta])* $module:ident, $krate:ident) => {
        $(#[$attr])*
        mod $module {
            use super::{key, Object, Value};
            use $krate::__derive::{self as p, Fields, WriteFields};
            use $krate::{Reader, Result, Sink, Writer};

            impl<'de> Fields<'de> for Object {
                type Builder = Self;
                const CATCH_ALL: bool = true;

                #[inline]
                fn builder() -> Self {
                    Object::new()
                }

                #[inline]
                fn accept(b: &mut Self, k: &[u8], at: usize, r: &mut Reader<'de>) -> Result<bool> {
                    let Some(k) = key(k) else {
                        return Err(r.error_at(at, $krate::ErrorKind::InvalidUtf8));
                    };
                    let v: Value = p::read(r)?;
                    if b.insert(k, v).is_some() {
                        p::duplicate_key(r, at)?;
                    }
                    Ok(true)
                }

                #[inline]
                fn finish(b: Self, _r: &Reader<'de>) -> Result<Self> {
                    Ok(b)
                }
            }

            impl WriteFields for Object {
                #[inline]
                fn field_count(&self) -> usize {
                    self.len()
                }

                #[inline]
                fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool> {
                    let mut first = first;
                    for (k, v) in self.iter() {
                        p::member_str(w, first, k)?;
                        p::write(v, w)?;
                        first = false;
                    }
                    Ok(first)
                }
            }
        }
    };
}

object_catch_all!(
    /// `structio-json`: the catch-all impls.
    json,
    structio_json
);
object_catch_all!(
    /// `structio-beve`: the catch-all impls.
    beve,
    structio_beve
);
object_catch_all!(
    /// `structio-bjdata`: the catch-all impls.
    #[cfg(feature = "bjdata")]
    bjdata,
    structio_bjdata
);
object_catch_all!(
    /// `structio-cbor`: the catch-all impls.
    #[cfg(feature = "cbor")]
    cbor,
    structio_cbor
);
