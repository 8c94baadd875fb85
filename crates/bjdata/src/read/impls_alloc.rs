//! [`BjdataRead`] for the `alloc` types: `String`, `Cow`, `Box`, `Vec` and the maps.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::typed::{borrow_slice, read_seq};
use super::{BjdataRead, Reader, Seq};
use crate::error::Result;
use crate::number::Number;

impl<'de> BjdataRead<'de> for String {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(String::from)
    }
    /// Refills the string: no allocation when its capacity holds the new text.
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let s = r.read_str()?;
        structio_core::refill_string(self, s);
        Ok(())
    }
}

impl<'de: 'a, 'a> BjdataRead<'de> for Cow<'a, str> {
    /// Always borrowed from the input.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(Cow::Borrowed)
    }
}

structio_core::__read_impls_counted_alloc! {
    trait: BjdataRead { read_bjdata, read_bjdata_into, read_bjdata_seq },
    cow_slice_doc: {
        /// Borrowed from the input when it holds a packed container of `T` (`[$T#n`) at an
        /// address aligned for `T`; otherwise copied (or converted) into an owned vector.
    },
    btree_doc: {
        /// Keys of any type that reads from a string; a repeated key keeps its last value, or is
        /// an error with [`Reader::deny_duplicate_keys`].
    },
}

/// Reads an object (counted, typed or ended by `}`), handing each entry to `insert`; keys
/// are read as strings.
#[inline]
pub(crate) fn read_map<'de, K: BjdataRead<'de>, V: BjdataRead<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    let mut entries = r.begin_object()?;
    while r.next(&mut entries)? {
        let key_at = r.offset();
        let k = r.read_map_key::<K>()?;
        let v = V::read_bjdata(r)?;
        if insert(k, v) {
            r.duplicate_key(key_at)?;
        }
    }
    Ok(())
}
