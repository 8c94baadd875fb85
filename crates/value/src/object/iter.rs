//! Iteration over an [`Object`]'s members and the standard traits it implements.

use core::marker::PhantomData;
use core::{fmt, slice, str};

use super::{Entry, Object};
use crate::Value;

/// Iterator over `(&str, &Value)` in insertion order, from [`Object::iter`].
///
/// ```
/// let o: structio_value::Object = [("a", 1u64)].into_iter().collect();
/// let it: structio_value::object::Iter<'_> = o.iter();
/// assert_eq!(it.count(), 1);
/// ```
pub struct Iter<'a> {
    pub(super) obj: &'a Object,
    pub(super) inner: slice::Iter<'a, Entry>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a Value);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let e = self.inner.next()?;
        Some((self.obj.key_of(e), &e.value))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// Iterator over `(&str, &mut Value)` in insertion order, from [`Object::iter_mut`].
///
/// ```
/// let mut o: structio_value::Object = [("a", 1u64)].into_iter().collect();
/// let it: structio_value::object::IterMut<'_> = o.iter_mut();
/// assert_eq!(it.count(), 1);
/// ```
pub struct IterMut<'a> {
    pub(super) keys: *const u8,
    pub(super) inner: slice::IterMut<'a, Entry>,
    pub(super) _obj: PhantomData<&'a mut Object>,
}

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a str, &'a mut Value);
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let e = self.inner.next()?;
        // SAFETY: the key range lies inside the key bytes, which the iterator's borrow of the
        // object keeps alive and unmodified; the text came from a `&str`.
        let k = unsafe {
            str::from_utf8_unchecked(slice::from_raw_parts(
                self.keys.add(e.koff as usize),
                e.klen as usize,
            ))
        };
        Some((k, &mut e.value))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<'a> IntoIterator for &'a Object {
    type Item = (&'a str, &'a Value);
    type IntoIter = Iter<'a>;
    #[inline]
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Object {
    type Item = (&'a str, &'a mut Value);
    type IntoIter = IterMut<'a>;
    #[inline]
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl Default for Object {
    fn default() -> Self {
        Object::new()
    }
}

impl Clone for Object {
    fn clone(&self) -> Self {
        let kbytes = self.entries().iter().map(|e| e.klen as usize).sum();
        let mut o = Object::with_capacity(self.len(), kbytes);
        for (k, v) in self.iter() {
            o.append(k, v.clone());
        }
        o
    }
}

/// Objects are equal when they have the same members, in any order (as for `serde_json::Map`).
impl PartialEq for Object {
    fn eq(&self, other: &Self) -> bool {
        if self.len() != other.len() {
            return false;
        }
        // The common case, same order, needs no lookups.
        if self.iter().zip(other.iter()).all(|(a, b)| a == b) {
            return true;
        }
        self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: AsRef<str>, V: Into<Value>> FromIterator<(K, V)> for Object {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut o = Object::new();
        o.extend(iter);
        o
    }
}

impl<K: AsRef<str>, V: Into<Value>> Extend<(K, V)> for Object {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k.as_ref(), v);
        }
    }
}
