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

impl<'de, T: CborRead<'de>> CborRead<'de> for Box<T> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        T::read_cbor(r).map(Box::new)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        (**self).read_cbor_into(r)
    }
}

impl<'de> CborRead<'de> for Box<str> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        String::read_cbor(r).map(String::into_boxed_str)
    }
}

impl<'de, T: CborRead<'de>> CborRead<'de> for Vec<T> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        T::read_cbor_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_cbor_seq(self, r)
    }
}

impl<'de, T: CborRead<'de>> CborRead<'de> for Box<[T]> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        Vec::<T>::read_cbor(r).map(Vec::into_boxed_slice)
    }
}

impl<'de: 'a, 'a, T: Number + CborRead<'de>> CborRead<'de> for Cow<'a, [T]> {
    /// Borrowed from the input when it holds a little-endian typed array of `T` (a byte string
    /// for `u8`) at an address aligned for `T`; otherwise copied (or converted) into an owned
    /// vector.
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let start = r.checkpoint();
        match borrow_slice::<T>(r) {
            Ok(Ok(s)) => Ok(Cow::Borrowed(s)),
            Ok(Err(bytes)) => {
                let mut v = Vec::new();
                v.seq_fill_raw(bytes);
                structio_core::fix_le(&mut v);
                Ok(Cow::Owned(v))
            }
            Err(_) => {
                // Not the exact typed array: read it whichever way it is written.
                r.restore(start);
                let mut v = Vec::new();
                read_seq::<T, _>(&mut v, r)?;
                Ok(Cow::Owned(v))
            }
        }
    }
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

impl<'de, K: CborRead<'de> + Ord, V: CborRead<'de>> CborRead<'de> for BTreeMap<K, V> {
    /// Any key type; a repeated key keeps its last value, or is an error with
    /// [`Reader::deny_duplicate_keys`].
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
}

#[cfg(feature = "std")]
impl<'de, K, V, H> CborRead<'de> for std::collections::HashMap<K, V, H>
where
    K: CborRead<'de> + Eq + core::hash::Hash,
    V: CborRead<'de>,
    H: core::hash::BuildHasher + Default,
{
    /// As for `BTreeMap`.
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = std::collections::HashMap::with_hasher(H::default());
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}
