//! [`CborRead`] for the `alloc` types: `String`, `Cow`, `Box`, `Vec` and the maps.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::typed::{borrow_slice, read_seq};
use super::{CborRead, Reader, Seq};
use crate::error::Result;
use crate::header;
use crate::number::Number;

impl<'de> CborRead<'de> for String {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut s = String::new();
        s.read_cbor_into(r)?;
        Ok(s)
    }
    /// Refills the string: no allocation when its capacity holds the new text.
    #[inline(always)]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        // A short string inline, so that a loop over strings keeps the reader's position in a
        // register rather than storing and reloading it around a call per string; anything
        // else out of line.
        if let Some(short) = r.short_text() {
            structio_core::refill_string(self, short?);
            return Ok(());
        }
        refill_any(self, r)
    }
}

/// [`String::read_cbor_into`] for any text string: definite or chunked, of any length.
#[inline(never)]
fn refill_any(s: &mut String, r: &mut Reader<'_>) -> Result<()> {
    match r.str_body_text()? {
        // One copy into the reused buffer, as BEVE's strings are read.
        Some(text) => {
            structio_core::refill_string(s, text);
            Ok(())
        }
        None => {
            s.clear();
            r.chunks(header::TEXT, |r, chunk| {
                s.push_str(r.utf8(chunk)?);
                Ok(())
            })
        }
    }
}

impl<'de: 'a, 'a> CborRead<'de> for Cow<'a, str> {
    /// Borrowed from the input, unless the string is chunked (indefinite length).
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        match r.str_body_text()? {
            Some(s) => Ok(Cow::Borrowed(s)),
            None => {
                let mut s = String::new();
                r.chunks(header::TEXT, |r, chunk| {
                    s.push_str(r.utf8(chunk)?);
                    Ok(())
                })?;
                Ok(Cow::Owned(s))
            }
        }
    }
}

structio_core::__read_impls_counted_alloc! {
    trait: CborRead { read_cbor, read_cbor_into, read_cbor_seq },
    cow_slice_doc: {
        /// Borrowed from the input when it holds a little-endian typed array of `T` (a byte string
        /// for `u8`) at an address aligned for `T`; otherwise copied (or converted) into an owned
        /// vector.
    },
    btree_doc: {
        /// Any key type; a repeated key keeps its last value, or is an error with
        /// [`Reader::deny_duplicate_keys`].
    },
}

/// Reads a map (definite or indefinite length), handing each entry to `insert`.
#[inline]
pub(crate) fn read_map<'de, K: CborRead<'de>, V: CborRead<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    let mut entries = r.begin_map()?;
    while r.next(&mut entries)? {
        let key_at = r.offset();
        let k = K::read_cbor(r)?;
        let v = V::read_cbor(r)?;
        if insert(k, v) {
            r.duplicate_key(key_at)?;
        }
    }
    Ok(())
}
