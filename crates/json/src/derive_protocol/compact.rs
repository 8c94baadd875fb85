//! The compact shape of a derived struct's reader (the `size` feature, without which this
//! module is not compiled): one out-of-line member walk, shared by every derived type, that
//! reads each key, finds its field in the type's key table, applies the duplicate and
//! unknown-key policies, and hands back only the field's index; the derived code is left with
//! one jump table of value reads. The inline shape (the default) does the same per type, each
//! step inlined.
//!
//! ```
//! use structio_json::__derive as p;
//!
//! const KEYS: p::FieldKeys = p::FieldKeys::new(&["a", "b"], &[("bee", 1)], false);
//! let mut r = structio_json::Reader::new(br#"{"bee":2,"x":null,"a":1}"#);
//! let (mut a, mut b) = (0u8, 0u8);
//! let mut walk = p::FieldWalk::begin(&mut r)?;
//! loop {
//!     match walk.field(&mut r, &KEYS)? {
//!         0 => a = p::read(&mut r)?,
//!         1 => b = p::read(&mut r)?,
//!         _ => break,
//!     }
//! }
//! assert_eq!((a, b), (1, 2));
//! # Ok::<(), structio_json::Error>(())
//! ```

use crate::{ErrorKind, KeyBuf, Reader, Result};

/// The most fields a [`FieldWalk`] tracks (one bit each); the derive reads a struct with more
/// in the inline shape.
pub const MAX_FIELDS: usize = 64;

/// The keys of a derived struct as [`FieldWalk::field`] matches them: the fields' wire names in
/// member order (also the names an unknown-key error lists), the aliases with the member each
/// stands for, and whether an unknown key is an error (`deny_unknown_fields`).
///
/// ```
/// const KEYS: structio_json::__derive::FieldKeys =
///     structio_json::__derive::FieldKeys::new(&["id"], &[("ident", 0)], true);
/// assert_eq!(KEYS.index(b"ident", 0), 0);
/// assert_eq!(KEYS.index(b"other", 0), 1);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FieldKeys {
    names: &'static [&'static str],
    aliases: &'static [(&'static str, usize)],
    deny_unknown: bool,
}

impl FieldKeys {
    /// The table of `names` (at most [`MAX_FIELDS`]), `aliases` (name, member index) and the
    /// unknown-key policy.
    ///
    /// ```
    /// let keys = structio_json::__derive::FieldKeys::new(&["a"], &[], false);
    /// assert_eq!(keys.index(b"a", 5), 0);
    /// ```
    pub const fn new(
        names: &'static [&'static str],
        aliases: &'static [(&'static str, usize)],
        deny_unknown: bool,
    ) -> Self {
        FieldKeys {
            names,
            aliases,
            deny_unknown,
        }
    }

    /// The member index of `key` (the number of names when it is none of them), trying the
    /// member `next` first: keys that arrive in declaration order match at the first compare.
    ///
    /// ```
    /// let keys = structio_json::__derive::FieldKeys::new(&["a", "b"], &[], false);
    /// assert_eq!(keys.index(b"b", 1), 1);
    /// assert_eq!(keys.index(b"b", 0), 1);
    /// assert_eq!(keys.index(b"c", 0), 2);
    /// ```
    pub fn index(&self, key: &[u8], next: usize) -> usize {
        if self.names.get(next).is_some_and(|n| n.as_bytes() == key) {
            return next;
        }
        if let Some(i) = self.names.iter().position(|n| n.as_bytes() == key) {
            return i;
        }
        match self.aliases.iter().find(|(a, _)| a.as_bytes() == key) {
            Some(&(_, i)) => i,
            None => self.names.len(),
        }
    }
}

/// Where a [`FieldWalk`] stands in its object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// A key is next (just after `{`).
    Key,
    /// A field's value has been read: a `,` or the `}` is next.
    AfterValue,
    /// The object has ended and been left.
    Done,
}

/// Walks one object's members for a derived struct in the compact shape: [`field`](Self::field)
/// returns the index of the next member that is one of the struct's fields, for the caller to
/// read its value, having dealt with everything else (the key, `:`, `,`, `}`, unknown keys,
/// repeats) out of line.
///
/// ```
/// use structio_json::__derive as p;
///
/// const KEYS: p::FieldKeys = p::FieldKeys::new(&["a"], &[], false);
/// let mut r = structio_json::Reader::new(b"{}");
/// let mut walk = p::FieldWalk::begin(&mut r)?;
/// assert_eq!(walk.field(&mut r, &KEYS)?, usize::MAX);
/// # Ok::<(), structio_json::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct FieldWalk {
    at: At,
    /// The member expected next (after the previous one), tried first.
    next: usize,
    /// Bit `i`: member `i` has been read.
    seen: u64,
}

impl FieldWalk {
    /// Enters the object ([`ErrorKind::ExpectedObject`] if none starts here).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"[]");
    /// assert!(structio_json::__derive::FieldWalk::begin(&mut r).is_err());
    /// ```
    #[inline]
    pub fn begin(r: &mut Reader<'_>) -> Result<FieldWalk> {
        let at = if r.begin_object()? { At::Done } else { At::Key };
        Ok(FieldWalk {
            at,
            next: 0,
            seen: 0,
        })
    }

    /// Whether member `i` has been read.
    ///
    /// ```
    /// use structio_json::__derive as p;
    ///
    /// const KEYS: p::FieldKeys = p::FieldKeys::new(&["a", "b"], &[], false);
    /// let mut r = structio_json::Reader::new(br#"{"b":1}"#);
    /// let mut walk = p::FieldWalk::begin(&mut r)?;
    /// assert_eq!(walk.field(&mut r, &KEYS)?, 1);
    /// assert!(walk.seen(1) && !walk.seen(0));
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn seen(&self, i: usize) -> bool {
        self.seen & 1u64.checked_shl(i as u32).unwrap_or(0) != 0
    }

    /// The index in `keys` of the next member that names a field, at its value; `usize::MAX`
    /// once the object has ended. A repeated field goes to the reader's policy
    /// ([`Reader::duplicate_key`]); an unknown key is `UnknownField` at the key if `keys` deny
    /// them, else the reader's policy ([`Reader::unknown_field`]), either error listing the
    /// names.
    ///
    /// ```
    /// use structio_json::{__derive as p, ErrorKind};
    ///
    /// const KEYS: p::FieldKeys = p::FieldKeys::new(&["a"], &[], true);
    /// let mut r = structio_json::Reader::new(br#"{"b":1}"#);
    /// let mut walk = p::FieldWalk::begin(&mut r)?;
    /// let e = walk.field(&mut r, &KEYS).unwrap_err();
    /// assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 1));
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(never)]
    pub fn field(&mut self, r: &mut Reader<'_>, keys: &FieldKeys) -> Result<usize> {
        loop {
            match self.at {
                At::Done => return Ok(usize::MAX),
                At::AfterValue if !r.object_next()? => {
                    self.at = At::Done;
                    return Ok(usize::MAX);
                }
                At::AfterValue | At::Key => {}
            }
            // Whatever happens below, a value follows the key before the next `,` or `}`.
            self.at = At::AfterValue;
            let off = r.offset();
            let mut scratch = KeyBuf::new();
            let key = r.object_key(&mut scratch)?;
            let i = keys.index(key, self.next);
            self.next = i.wrapping_add(1);
            if i < keys.names.len() {
                // `i < MAX_FIELDS` (the derive's limit): the shift cannot overflow, and if it
                // did, `checked_shl` would only lose the repeat check.
                let bit = 1u64.checked_shl(i as u32).unwrap_or(0);
                if self.seen & bit != 0 {
                    r.duplicate_key(off)?;
                }
                self.seen |= bit;
                return Ok(i);
            }
            if keys.deny_unknown {
                return Err(r.error_at(off, ErrorKind::UnknownField).one_of(keys.names));
            }
            if let Err(e) = r.unknown_field(off) {
                return Err(if e.kind() == ErrorKind::UnknownField {
                    e.one_of(keys.names)
                } else {
                    e
                });
            }
        }
    }
}
