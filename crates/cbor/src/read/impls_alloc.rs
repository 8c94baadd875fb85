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
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        match r.str_body_text()? {
            // One copy into the reused buffer, as BEVE's strings are read.
            Some(s) => {
                structio_core::refill_string(self, s);
                Ok(())
            }
            None => {
                self.clear();
                r.chunks(header::TEXT, |r, chunk| {
                    self.push_str(r.utf8(chunk)?);
                    Ok(())
                })
            }
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
