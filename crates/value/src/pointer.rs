//! JSON Pointer (RFC 6901) access: `/a/0/b`, with `~1` for `/` and `~0` for `~` inside a token.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::Value;

/// One reference token, unescaped (borrowed when it has no `~`); `None` for a bad escape.
fn unescape(token: &str) -> Option<Cow<'_, str>> {
    if !token.contains('~') {
        return Some(Cow::Borrowed(token));
    }
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(Cow::Owned(out))
}

/// An array index as RFC 6901 spells it: `0`, or digits without a leading zero.
fn array_index(token: &str) -> Option<usize> {
    let b = token.as_bytes();
    if b.is_empty() || (b.len() > 1 && b[0] == b'0') || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    token.parse().ok()
}

impl Value {
    /// The value a JSON Pointer names, or `None` if there is none (or the pointer is not one:
    /// a non-empty pointer starts with `/`). The empty pointer names the whole value.
    ///
    /// ```
    /// let v = structio_value::value!({"a/b": [0, {"~c": true}]});
    /// assert_eq!(v.pointer("/a~1b/1/~0c"), Some(&true.into()));
    /// assert_eq!(v.pointer(""), Some(&v));
    /// assert_eq!(v.pointer("/a~1b/01"), None);
    /// assert_eq!(v.pointer("a"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        let mut cur = self;
        for token in rest.split('/') {
            let token = unescape(token)?;
            cur = match cur.as_array() {
                Some(a) => a.get(array_index(&token)?)?,
                None => cur.as_object()?.get(&token)?,
            };
        }
        Some(cur)
    }

    /// The value a JSON Pointer names, mutably.
    ///
    /// ```
    /// let mut v = structio_value::value!({"a": [1, 2]});
    /// *v.pointer_mut("/a/1").unwrap() = 3.into();
    /// assert_eq!(v, structio_value::value!({"a": [1, 3]}));
    /// assert!(v.pointer_mut("/b").is_none());
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        let mut cur = self;
        for token in rest.split('/') {
            let token = unescape(token)?;
            cur = if cur.is_array() {
                cur.as_array_mut()?.get_mut(array_index(&token)?)?
            } else {
                cur.as_object_mut()?.get_mut(&token)?
            };
        }
        Some(cur)
    }
}
