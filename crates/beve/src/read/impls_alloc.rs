//! [`BeveRead`] for the `alloc` types: `String`, `Cow`, `Box`, `Vec` and the maps.

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::impls_core::{str_seq_methods, StrElem};
use super::numbers::{borrow_slice, fix_order, read_seq};
use super::{BeveRead, Reader, Seq};
use crate::error::Result;
use crate::header;
use crate::key::KeyRead;
use crate::number::Number;
use structio_core::refill_string as refill;

impl<'de> StrElem<'de> for String {
    #[inline]
    fn from_str_at(s: &'de str, _: &Reader<'de>) -> Result<Self> {
        Ok(s.to_owned())
    }
    #[inline]
    fn assign(&mut self, s: &'de str, _: &Reader<'de>) -> Result<()> {
        refill(self, s);
        Ok(())
    }
}

impl<'de> BeveRead<'de> for String {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(ToOwned::to_owned)
    }
    /// Refills the string: no allocation when its capacity holds the new text, else one.
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let s = r.read_str()?;
        refill(self, s);
        Ok(())
    }
    str_seq_methods!();
}

impl<'de: 'a, 'a> StrElem<'de> for Cow<'a, str> {
    #[inline]
    fn from_str_at(s: &'de str, _: &Reader<'de>) -> Result<Self> {
        Ok(Cow::Borrowed(s))
    }
}

impl<'de: 'a, 'a> BeveRead<'de> for Cow<'a, str> {
    /// Always borrowed: BEVE strings have no escapes, so the input holds the text as it is.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(Cow::Borrowed)
    }
    str_seq_methods!();
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Box<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        T::read_beve(r).map(Box::new)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        (**self).read_beve_into(r)
    }
}

impl<'de> BeveRead<'de> for Box<str> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str().map(Box::from)
    }
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Vec<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        T::read_beve_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_beve_seq(self, r)
    }
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Box<[T]> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        Vec::<T>::read_beve(r).map(Vec::into_boxed_slice)
    }
}

impl<'de: 'a, 'a, T: Number + BeveRead<'de>> BeveRead<'de> for Cow<'a, [T]> {
    /// Borrowed from the input when it holds the elements as `T` at an address aligned for `T`
    /// (an aligned array in an aligned buffer, see [`to_beve_aligned`](crate::to_beve_aligned));
    /// otherwise copied (or converted) into an owned vector.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let h = r.peek_header()?;
        let exact = h == T::TYPED_HEADER
            || (h == header::ALIGNED_ARRAY
                && r.input().get(r.offset() + 1) == Some(&T::TYPED_HEADER));
        if !exact {
            let mut v = Vec::new();
            read_seq::<T, _>(&mut v, r)?;
            return Ok(Cow::Owned(v));
        }
        match borrow_slice::<T>(r)? {
            Ok(s) => Ok(Cow::Borrowed(s)),
            Err(bytes) => {
                let mut v = Vec::new();
                v.seq_fill_raw(bytes);
                fix_order(&mut v);
                Ok(Cow::Owned(v))
            }
        }
    }
}

/// Reads an object whose keys are `K`, handing each member to `insert`, which says whether the
/// key was there before (then the reader's duplicate-key policy applies).
#[inline]
pub(crate) fn read_map<'de, K: KeyRead<'de>, V: BeveRead<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    let at = r.offset();
    r.expect_header(K::OBJECT_HEADER)?;
    let n = r.read_count(K::MIN_KEY_BYTES + 1)?;
    r.enter_at(at)?;
    for _ in 0..n {
        let key_at = r.offset();
        let k = K::read_key(r)?;
        let v = V::read_beve(r)?;
        if insert(k, v) {
            r.duplicate_key(key_at)?;
        }
    }
    r.leave();
    Ok(())
}

impl<'de, K: KeyRead<'de> + Ord, V: BeveRead<'de>> BeveRead<'de> for BTreeMap<K, V> {
    /// Keys of the object's kind (string keys for string types, the integer width for
    /// integers); a repeated key keeps its last value.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = BTreeMap::new();
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
}

#[cfg(feature = "std")]
impl<'de, K, V, H> BeveRead<'de> for std::collections::HashMap<K, V, H>
where
    K: KeyRead<'de> + Eq + core::hash::Hash,
    V: BeveRead<'de>,
    H: core::hash::BuildHasher + Default,
{
    /// As for `BTreeMap`.
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut map = std::collections::HashMap::with_hasher(H::default());
        read_map(r, |k, v| map.insert(k, v).is_some())?;
        Ok(map)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}
