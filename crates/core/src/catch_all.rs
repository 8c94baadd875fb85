//! The catch-all impls every format's derive protocol gives `BTreeMap<String, V>` and
//! `HashMap<String, V, H>` (`#[structio(flatten)] extra: BTreeMap<String, V>`), written once.
//!
//! The impls must live in each format crate (the traits are the format's, the maps are std's),
//! and their code is the same in every format, whose protocol modules use the same names
//! (docs/derive-contract.md). So the format's `derive_protocol::catch_all` module expands this
//! macro. Paths in a `macro_rules!` body resolve where it is expanded: `crate::` and `super::`
//! are the format's.

/// Expands to the catch-all map impls in a format's `derive_protocol::catch_all` module. The
/// module's parent must be the format's protocol module (`member_str`, `read`, `write`,
/// `duplicate_key`, `Fields`, `Read`, `Write`, `WriteFields`) and its crate must export
/// `ErrorKind`, `Reader`, `Result`, `Sink` and `Writer` at its root, have an `alloc` extern
/// crate and a `std` feature.
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __catch_all_impls {
    () => {
        use alloc::borrow::ToOwned;
        use alloc::collections::BTreeMap;
        use alloc::string::String;

        use super::{member_str, read, write, Fields, Read, Write, WriteFields};
        use crate::{ErrorKind, Reader, Result, Sink, Writer};

        /// A key read by a derived struct, as a map's `String`.
        #[inline]
        fn owned_key(key: &[u8], key_offset: usize, r: &Reader<'_>) -> Result<String> {
            match core::str::from_utf8(key) {
                Ok(k) => Ok(k.to_owned()),
                Err(_) => Err(r.error_at(key_offset, ErrorKind::InvalidUtf8)),
            }
        }

        impl<'de, V: Read<'de>> Fields<'de> for BTreeMap<String, V> {
            type Builder = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn builder() -> Self {
                BTreeMap::new()
            }

            /// Takes every member; a key it has already taken goes to the reader's duplicate-key
            /// policy.
            #[inline]
            fn accept(
                b: &mut Self,
                key: &[u8],
                key_offset: usize,
                r: &mut Reader<'de>,
            ) -> Result<bool> {
                let k = owned_key(key, key_offset, r)?;
                let v = read::<V>(r)?;
                if b.insert(k, v).is_some() {
                    super::duplicate_key(r, key_offset)?;
                }
                Ok(true)
            }

            #[inline]
            fn finish(b: Self, _r: &Reader<'de>) -> Result<Self> {
                Ok(b)
            }
        }

        impl<V: Write> WriteFields for BTreeMap<String, V> {
            #[inline]
            fn field_count(&self) -> usize {
                self.len()
            }

            #[inline]
            fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool> {
                let mut first = first;
                for (k, v) in self {
                    member_str(w, first, k)?;
                    write(v, w)?;
                    first = false;
                }
                Ok(first)
            }
        }

        #[cfg(feature = "std")]
        impl<'de, V: Read<'de>, H: core::hash::BuildHasher + Default> Fields<'de>
            for std::collections::HashMap<String, V, H>
        {
            type Builder = Self;
            const CATCH_ALL: bool = true;

            #[inline]
            fn builder() -> Self {
                Self::default()
            }

            /// As for `BTreeMap`.
            #[inline]
            fn accept(
                b: &mut Self,
                key: &[u8],
                key_offset: usize,
                r: &mut Reader<'de>,
            ) -> Result<bool> {
                let k = owned_key(key, key_offset, r)?;
                let v = read::<V>(r)?;
                if b.insert(k, v).is_some() {
                    super::duplicate_key(r, key_offset)?;
                }
                Ok(true)
            }

            #[inline]
            fn finish(b: Self, _r: &Reader<'de>) -> Result<Self> {
                Ok(b)
            }
        }

        #[cfg(feature = "std")]
        impl<V: Write, H> WriteFields for std::collections::HashMap<String, V, H> {
            #[inline]
            fn field_count(&self) -> usize {
                self.len()
            }

            /// Members in the map's iteration order.
            #[inline]
            fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool> {
                let mut first = first;
                for (k, v) in self {
                    member_str(w, first, k)?;
                    write(v, w)?;
                    first = false;
                }
                Ok(first)
            }
        }
    };
}
