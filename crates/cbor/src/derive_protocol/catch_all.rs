//! Flattening a map into a struct as its catch-all (`#[structio(flatten)] extra:
//! BTreeMap<String, V>`): on read the map takes the members the struct does not name, on write
//! its entries are members of the struct's object, as serde does.
//!
//! ```
//! use std::collections::BTreeMap;
//! use structio_cbor::__derive as p;
//!
//! // Members written one by one, the map's after a field of the struct's own.
//! let extra = BTreeMap::from([("b".to_string(), 2u8), ("c".to_string(), 3)]);
//! const A: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_cbor::Writer::new(Vec::new());
//! p::open_object(&mut w, if p::NEEDS_COUNT { 1 + p::WriteFields::field_count(&extra) } else { 0 })?;
//! p::member(&mut w, true, &A)?;
//! p::write(&1u8, &mut w)?;
//! let first = p::WriteFields::write_fields(&extra, &mut w, false)?;
//! p::close_object(&mut w, first)?;
//! let bytes = w.into_inner();
//! let all: BTreeMap<String, u8> = structio_cbor::from_slice(&bytes)?;
//! assert_eq!(all.len(), 3);
//! # Ok::<(), structio_cbor::Error>(())
//! ```

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
    fn accept(b: &mut Self, key: &[u8], key_offset: usize, r: &mut Reader<'de>) -> Result<bool> {
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
    fn accept(b: &mut Self, key: &[u8], key_offset: usize, r: &mut Reader<'de>) -> Result<bool> {
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
