//! `JsonRead` for alloc types: owned strings, vectors, boxes and maps.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::string::{self, StrOut};
use super::{JsonKey, JsonRead, Reader};
use crate::{ErrorKind, Result};

/// Appends decoded string bytes to a `String`.
struct StringOut<'a>(&'a mut String);

impl StrOut for StringOut<'_> {
    #[inline(always)]
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        // SAFETY: `StrOut` callers pass only valid UTF-8, so the string stays UTF-8.
        unsafe { self.0.as_mut_vec() }.extend_from_slice(bytes);
        true
    }

    #[inline(always)]
    fn push_run(&mut self, input: &[u8], start: usize, end: usize) -> bool {
        // SAFETY: `StrOut` callers pass a validated run, so the string stays UTF-8.
        string::push_run_to_vec(unsafe { self.0.as_mut_vec() }, input, start, end);
        true
    }
    const FULL: ErrorKind = ErrorKind::StringTooLong;
}

impl<'de> JsonRead<'de> for String {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut s = String::new();
        s.read_json_into(r)?;
        Ok(s)
    }

    /// Refills the string, keeping its capacity.
    #[inline(always)]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        r.read_string_with(&mut StringOut(self))
    }
}

/// Borrowed from the input when the string has no escapes (for any lifetime the input
/// outlives), owned otherwise.
impl<'de: 'a, 'a> JsonRead<'de> for Cow<'a, str> {
    /// Borrowed when the string has no escapes, owned otherwise.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.skip_ws();
        if r.byte() != Some(b'"') {
            return Err(r.error(if r.byte().is_none() {
                ErrorKind::UnexpectedEnd
            } else {
                ErrorKind::ExpectedString
            }));
        }
        let input = r.input();
        let start = r.offset() + 1;
        match string::read_borrowed_or_escape(input, start)? {
            (Ok(s), end) => {
                r.set_offset(end);
                Ok(Cow::Borrowed(s))
            }
            (Err(backslash), _) => {
                let prefix = input.get(start..backslash).unwrap_or_default();
                let mut owned = String::with_capacity(prefix.len() + 16);
                // SAFETY: `read_borrowed_or_escape` validated the run before the backslash.
                unsafe { owned.as_mut_vec() }.extend_from_slice(prefix);
                let end = string::read_into(input, backslash, &mut StringOut(&mut owned))?;
                r.set_offset(end);
                Ok(Cow::Owned(owned))
            }
        }
    }
}

impl<'de, T: JsonRead<'de>> JsonRead<'de> for Vec<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Vec::new();
        v.read_json_into(r)?;
        Ok(v)
    }

    /// Refills the vector: elements it already holds are read into (keeping what they own),
    /// new ones pushed, extra ones dropped.
    #[inline]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        // The loop runs on a copy of the reader, whose address nothing else sees, so the
        // cursor can live in a register instead of being stored through `r` per element.
        let mut local = r.clone();
        let result = T::read_json_vec(self, &mut local);
        *r = local;
        result
    }
}

/// An array into `v` element by element: the elements it holds are read into, new ones
/// pushed, extra ones dropped.
#[inline(always)]
pub(super) fn read_vec<'de, T: JsonRead<'de>>(v: &mut Vec<T>, r: &mut Reader<'de>) -> Result<()> {
    if r.begin_array()? {
        v.clear();
        return Ok(());
    }
    let mut i = 0;
    loop {
        match v.get_mut(i) {
            Some(slot) => slot.read_json_into(r)?,
            None => {
                let e = T::read_json(r)?;
                v.push(e);
            }
        }
        i += 1;
        if !r.array_next()? {
            break;
        }
    }
    v.truncate(i);
    Ok(())
}

impl<'de, T: JsonRead<'de>> JsonRead<'de> for Box<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(Box::new(T::read_json(r)?))
    }

    #[inline]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        (**self).read_json_into(r)
    }
}

/// Reads an object's members into `insert`, which says whether the key was there before: a
/// repeated key is inserted again (last wins) unless the reader denies repeats.
#[inline]
fn read_map<'de, K: JsonKey<'de>, V: JsonRead<'de>>(
    r: &mut Reader<'de>,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    if r.begin_object()? {
        return Ok(());
    }
    loop {
        let key_at = r.offset();
        let k = K::read_key(r)?;
        r.colon()?;
        let v = V::read_json(r)?;
        if insert(k, v) {
            r.duplicate_key(key_at)?;
        }
        if !r.object_next()? {
            return Ok(());
        }
    }
}

impl<'de, K: JsonKey<'de> + Ord, V: JsonRead<'de>> JsonRead<'de> for BTreeMap<K, V> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = BTreeMap::new();
        read_map(r, |k, v| m.insert(k, v).is_some())?;
        Ok(m)
    }

    /// Clears the map and refills it.
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}

#[cfg(feature = "std")]
impl<'de, K, V, H> JsonRead<'de> for std::collections::HashMap<K, V, H>
where
    K: JsonKey<'de> + Eq + core::hash::Hash,
    V: JsonRead<'de>,
    H: core::hash::BuildHasher + Default,
{
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = Self::default();
        read_map(r, |k, v| m.insert(k, v).is_some())?;
        Ok(m)
    }

    /// Clears the map (keeping its table) and refills it.
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        read_map(r, |k, v| self.insert(k, v).is_some())
    }
}
