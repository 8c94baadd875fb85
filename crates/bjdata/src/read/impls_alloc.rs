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

impl<'de, T: BjdataRead<'de>> BjdataRead<'de> for Box<T> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        T::read_bjdata(r).map(Box::new)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        (**self).read_bjdata_into(r)
    }
}

impl<'de> BjdataRead<'de> for Box<str> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        String::read_bjdata(r).map(String::into_boxed_str)
    }
}

impl<'de, T: BjdataRead<'de>> BjdataRead<'de> for Vec<T> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        T::read_bjdata_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_bjdata_seq(self, r)
    }
}

impl<'de, T: BjdataRead<'de>> BjdataRead<'de> for Box<[T]> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        Vec::<T>::read_bjdata(r).map(Vec::into_boxed_slice)
    }
}

impl<'de: 'a, 'a, T: Number + BjdataRead<'de>> BjdataRead<'de> for Cow<'a, [T]> {
    /// Borrowed from the input when it holds a packed container of `T` (`[$T#n`) at an
    /// address aligned for `T`; otherwise copied (or converted) into an owned vector.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
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

impl<'de, K: BjdataRead<'de> + Ord, V: BjdataRead<'de>> BjdataRead<'de> for BTreeMap<K, V> {
    /// Keys of any type that reads from a string; a repeated key keeps its last value, or is
    /// an error with [`Reader::deny_duplicate_keys`].
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
}

#[cfg(feature = "std")]
impl<'de, K, V, H> BjdataRead<'de> for std::collections::HashMap<K, V, H>
where
    K: BjdataRead<'de> + Eq + core::hash::Hash,
    V: BjdataRead<'de>,
    H: core::hash::BuildHasher + Default,
{
    /// As for `BTreeMap`.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = std::collections::HashMap::with_hasher(H::default());
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}
