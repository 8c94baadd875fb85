//! `RawValue`: the text of one validated JSON value inside a document, and lazy iterators over
//! an object's members and an array's elements.

use super::scan::{err_at, skip_ws};
use super::skip::{skip_key_at, skip_value};
use super::skip_value_structural;
use crate::{Error, ErrorKind, Result};
use structio_core::DEFAULT_DEPTH_LIMIT;

/// The raw text of one JSON value, a slice of the document it came from, with its offset there.
///
/// A `RawValue` is only made after its whole text was validated (see [`skip_value`]), so its
/// text is one well-formed JSON value and iterating it cannot fail. Nor is it validated again:
/// [`entries`](Self::entries), [`elements`](Self::elements) and [`pointer`](Self::pointer)
/// find the ends of the values inside by their brackets and quotes alone (the structural skip
/// of [`ReadOptions::validate_skipped`](crate::ReadOptions::validate_skipped), 64 bytes at a
/// time), so a walk down nested containers reads each level's text once, not once per check.
///
/// ```
/// let doc = br#"{"a": [1, 2], "b": "x"}"#;
/// let a = structio_json::pointer(doc, "/a").unwrap().unwrap();
/// assert_eq!(a.as_str(), "[1, 2]");
/// assert_eq!(a.offset(), 6);
/// assert_eq!(a.kind(), structio_json::RawKind::Array);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawValue<'de> {
    text: &'de str,
    offset: usize,
}

/// What kind of JSON value a [`RawValue`] holds, from its first byte.
///
/// ```
/// let v = structio_json::RawValue::from_slice(b" true ").unwrap();
/// assert_eq!(v.kind(), structio_json::RawKind::Bool);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RawKind {
    /// `{...}`
    Object,
    /// `[...]`
    Array,
    /// `"..."`
    String,
    /// A number.
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`.
    Null,
}

impl<'de> RawValue<'de> {
    /// Validates `doc` as one JSON document (whitespace around it allowed) and returns its value.
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(b" [1, 2] ").unwrap();
    /// assert_eq!((v.as_str(), v.offset()), ("[1, 2]", 1));
    /// assert!(structio_json::RawValue::from_slice(b"[1, 2] 3").is_err());
    /// ```
    pub fn from_slice(doc: &'de [u8]) -> Result<Self> {
        let start = skip_ws(doc, 0);
        let end = skip_value(doc, start, DEFAULT_DEPTH_LIMIT).map_err(|e| e.with_input(doc))?;
        let after = skip_ws(doc, end);
        if after < doc.len() {
            return Err(Error::new(ErrorKind::TrailingCharacters, after).with_input(doc));
        }
        Ok(Self::validated(doc, start, end, 0))
    }

    /// The value at `doc[start..end]`, which [`skip_value`] has just accepted, or which the
    /// structural skip found inside a `RawValue`'s text; `base` is the offset of `doc` in the
    /// outermost document.
    pub(crate) fn validated(doc: &'de [u8], start: usize, end: usize, base: usize) -> Self {
        let bytes = &doc[start..end];
        // SAFETY: either `skip_value` accepted exactly these bytes as one JSON value (its
        // strings were checked to be UTF-8 and everything outside them is ASCII), or `doc` is
        // a `RawValue`'s text, UTF-8, and `start` and `end` are a value's first byte and the
        // byte after its last, both ASCII (a bracket, quote, digit, sign or literal letter
        // starts a value; a closing bracket or quote, a digit or a letter ends it) or the end
        // of `doc`, so the slice starts and ends on character boundaries. Either way it is
        // UTF-8.
        let text = unsafe { core::str::from_utf8_unchecked(bytes) };
        debug_assert!(core::str::from_utf8(bytes).is_ok());
        RawValue {
            text,
            offset: base + start,
        }
    }

    /// The value's text, as it is in the document.
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(br#""a\nb""#).unwrap();
    /// assert_eq!(v.as_str(), r#""a\nb""#);
    /// ```
    pub fn as_str(&self) -> &'de str {
        self.text
    }

    /// The value's text as bytes.
    ///
    /// ```
    /// assert_eq!(structio_json::RawValue::from_slice(b"12").unwrap().as_bytes(), b"12");
    /// ```
    pub fn as_bytes(&self) -> &'de [u8] {
        self.text.as_bytes()
    }

    /// Where the value starts in the document it was found in.
    ///
    /// ```
    /// assert_eq!(structio_json::RawValue::from_slice(b"  12").unwrap().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The kind of value, from its first byte.
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(b"-1.5").unwrap();
    /// assert_eq!(v.kind(), structio_json::RawKind::Number);
    /// ```
    pub fn kind(&self) -> RawKind {
        match self.text.as_bytes().first() {
            Some(b'{') => RawKind::Object,
            Some(b'[') => RawKind::Array,
            Some(b'"') => RawKind::String,
            Some(b't' | b'f') => RawKind::Bool,
            Some(b'n') => RawKind::Null,
            _ => RawKind::Number,
        }
    }

    /// The value inside this one at the JSON pointer `path` (see [`pointer`](crate::pointer)).
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(br#"{"a": {"b": [5, 6]}}"#).unwrap();
    /// let a = v.pointer("/a").unwrap().unwrap();
    /// assert_eq!(a.pointer("/b/1").unwrap().unwrap().as_str(), "6");
    /// ```
    pub fn pointer(&self, path: &str) -> Result<Option<RawValue<'de>>> {
        super::pointer::check_pointer(path)?;
        super::pointer::pointer_in_validated(self.as_bytes(), path, self.offset)
    }

    /// [`pointer`](Self::pointer) with options (see [`pointer_with`](crate::pointer_with)).
    ///
    /// ```
    /// use structio_json::{RawValue, ReadOptions, DUPLICATE_KEY};
    /// let v = RawValue::from_slice(br#"{"a": 1, "a": 2}"#).unwrap();
    /// assert_eq!(v.pointer("/a").unwrap().unwrap().as_str(), "2");
    /// let opts = ReadOptions::new().deny_duplicate_keys(true);
    /// assert_eq!(v.pointer_with("/a", opts).unwrap_err().kind(), DUPLICATE_KEY);
    /// ```
    pub fn pointer_with(
        &self,
        path: &str,
        opts: crate::ReadOptions,
    ) -> Result<Option<RawValue<'de>>> {
        super::pointer::check_pointer(path)?;
        super::pointer::pointer_in_with(self.as_bytes(), path, self.offset, opts)
    }

    /// The members of this object as (key, value); empty when it is not an object. The key is
    /// its text between the quotes, escapes as written.
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(br#"{"a": 1, "b": [2]}"#).unwrap();
    /// let keys: Vec<&str> = v.entries().map(|m| m.unwrap().0).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn entries(&self) -> Entries<'de> {
        let done = self.kind() != RawKind::Object;
        Entries {
            doc: self.as_bytes(),
            pos: 0,
            first: true,
            done,
            base: self.offset,
            validated: true,
        }
    }

    /// The elements of this array; empty when it is not an array.
    ///
    /// ```
    /// let v = structio_json::RawValue::from_slice(b"[1, [2], 3]").unwrap();
    /// let all: Vec<&str> = v.elements().map(|e| e.unwrap().as_str()).collect();
    /// assert_eq!(all, ["1", "[2]", "3"]);
    /// ```
    pub fn elements(&self) -> Elements<'de> {
        let done = self.kind() != RawKind::Array;
        Elements {
            doc: self.as_bytes(),
            pos: 0,
            first: true,
            done,
            base: self.offset,
            validated: true,
        }
    }
}

/// A lazy iterator over the members of the object at the start of `doc` (whitespace allowed
/// before it), each validated as it is reached; see [`RawValue::entries`].
///
/// Nothing past the member just returned is read: a malformed member is an error when the
/// iteration reaches it, and text after the object's closing brace is never looked at.
///
/// ```
/// let doc = br#"{"id": 7, "tags": ["a", "b"]}"#;
/// let mut it = structio_json::object_entries(doc).unwrap();
/// let (k, v) = it.next().unwrap().unwrap();
/// assert_eq!((k, v.as_str()), ("id", "7"));
///
/// let err = structio_json::object_entries(b"[1]").unwrap_err();
/// assert_eq!(err.kind(), structio_json::ErrorKind::ExpectedObject);
/// ```
pub fn object_entries(doc: &[u8]) -> Result<Entries<'_>> {
    let pos = skip_ws(doc, 0);
    if doc.get(pos) != Some(&b'{') {
        return Err(err_at(doc, pos, ErrorKind::ExpectedObject).with_input(doc));
    }
    Ok(Entries {
        doc,
        pos,
        first: true,
        done: false,
        base: 0,
        validated: false,
    })
}

/// A lazy iterator over the elements of the array at the start of `doc` (whitespace allowed
/// before it), each validated as it is reached; see [`RawValue::elements`].
///
/// ```
/// let mut it = structio_json::array_elements(b"[10, {}, x]").unwrap();
/// assert_eq!(it.next().unwrap().unwrap().as_str(), "10");
/// assert_eq!(it.next().unwrap().unwrap().as_str(), "{}");
/// let err = it.next().unwrap().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (structio_json::ErrorKind::ExpectedValue, 9));
/// assert!(it.next().is_none());
/// ```
pub fn array_elements(doc: &[u8]) -> Result<Elements<'_>> {
    let pos = skip_ws(doc, 0);
    if doc.get(pos) != Some(&b'[') {
        return Err(err_at(doc, pos, ErrorKind::ExpectedArray).with_input(doc));
    }
    Ok(Elements {
        doc,
        pos,
        first: true,
        done: false,
        base: 0,
        validated: false,
    })
}

/// The members of an object, as (key text between the quotes, value); see [`object_entries`].
///
/// ```
/// let v = structio_json::RawValue::from_slice(br#"{"k": null}"#).unwrap();
/// assert_eq!(v.entries().count(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Entries<'de> {
    doc: &'de [u8],
    pos: usize,
    first: bool,
    done: bool,
    base: usize,
    /// Whether `doc` is a [`RawValue`]'s text, validated already: its values' ends are then
    /// found by the structural skip.
    validated: bool,
}

impl<'de> Iterator for Entries<'de> {
    type Item = Result<(&'de str, RawValue<'de>)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.step() {
            Ok(item) => item.map(Ok),
            Err(e) => {
                self.done = true;
                Some(Err(e.with_input(self.doc)))
            }
        }
    }
}

impl<'de> Entries<'de> {
    /// Reads the next member, or the closing brace (`None`).
    fn step(&mut self) -> Result<Option<(&'de str, RawValue<'de>)>> {
        let doc = self.doc;
        let Some(i) = next_item(
            doc,
            self.pos,
            &mut self.first,
            &mut self.done,
            b'}',
            ErrorKind::ExpectedCommaOrObjectEnd,
        )?
        else {
            return Ok(None);
        };
        let (key_end, value_start) = skip_key_at(doc, i)?;
        // SAFETY: `skip_key_at` validated the key as a JSON string, so its bytes between the
        // quotes are UTF-8.
        let key = unsafe { core::str::from_utf8_unchecked(&doc[i + 1..key_end - 1]) };
        let end = value_end(doc, value_start, self.validated)?;
        self.pos = end;
        Ok(Some((
            key,
            RawValue::validated(doc, value_start, end, self.base),
        )))
    }
}

/// The elements of an array; see [`array_elements`].
///
/// ```
/// let v = structio_json::RawValue::from_slice(b"[[], []]").unwrap();
/// assert_eq!(v.elements().count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Elements<'de> {
    doc: &'de [u8],
    pos: usize,
    first: bool,
    done: bool,
    base: usize,
    /// Whether `doc` is a [`RawValue`]'s text, validated already: its values' ends are then
    /// found by the structural skip.
    validated: bool,
}

impl<'de> Iterator for Elements<'de> {
    type Item = Result<RawValue<'de>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.step() {
            Ok(item) => item.map(Ok),
            Err(e) => {
                self.done = true;
                Some(Err(e.with_input(self.doc)))
            }
        }
    }
}

impl<'de> Elements<'de> {
    /// Reads the next element, or the closing bracket (`None`).
    fn step(&mut self) -> Result<Option<RawValue<'de>>> {
        let doc = self.doc;
        let Some(i) = next_item(
            doc,
            self.pos,
            &mut self.first,
            &mut self.done,
            b']',
            ErrorKind::ExpectedCommaOrArrayEnd,
        )?
        else {
            return Ok(None);
        };
        let end = value_end(doc, i, self.validated)?;
        self.pos = end;
        Ok(Some(RawValue::validated(doc, i, end, self.base)))
    }
}

/// The end of the member or element value at `p`: validated as it is stepped over, unless
/// `doc` was validated already (a [`RawValue`]'s text), where its brackets and quotes suffice.
#[inline(always)]
fn value_end(doc: &[u8], p: usize, validated: bool) -> Result<usize> {
    if validated {
        skip_value_structural(doc, p, DEFAULT_DEPTH_LIMIT - 1)
    } else {
        skip_value(doc, p, DEFAULT_DEPTH_LIMIT - 1)
    }
}

/// Steps over the separator before a container's next member or element, shared by [`Entries`]
/// and [`Elements`]. `pos` is just past the opening bracket (`first`) or the previous item;
/// returns the offset of the next item, or `None` at `close` (the container ends, `done` is set).
fn next_item(
    doc: &[u8],
    pos: usize,
    first: &mut bool,
    done: &mut bool,
    close: u8,
    missing: ErrorKind,
) -> Result<Option<usize>> {
    let mut i = skip_ws(doc, pos + usize::from(*first));
    if *first {
        *first = false;
    } else {
        match doc.get(i) {
            Some(b',') => {
                i = skip_ws(doc, i + 1);
                if doc.get(i) == Some(&close) {
                    return Err(Error::new(ErrorKind::TrailingComma, i));
                }
                return Ok(Some(i));
            }
            Some(&b) if b == close => {}
            _ => return Err(err_at(doc, i, missing)),
        }
    }
    if doc.get(i) == Some(&close) {
        *done = true;
        return Ok(None);
    }
    Ok(Some(i))
}
