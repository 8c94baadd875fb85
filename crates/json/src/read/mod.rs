//! Reading JSON text into typed values: the [`JsonRead`] trait, the [`Reader`] cursor and the
//! entry points.

#[cfg(all(target_arch = "x86_64", feature = "alloc", not(feature = "size")))]
mod block_masks;
#[cfg(all(target_arch = "x86_64", feature = "alloc", not(feature = "size")))]
mod bool_blocks;
#[cfg(feature = "alloc")]
mod impls_alloc;
mod impls_core;
#[cfg(feature = "heapless")]
mod impls_heapless;
mod impls_more;
#[cfg(all(target_arch = "x86_64", feature = "alloc", not(feature = "size")))]
mod int_blocks;
mod key;
mod reader;
mod scalar;
pub(crate) mod string;

pub use key::JsonKey;
pub use reader::{Checkpoint, ReadOptions, Reader};
pub use string::KeyBuf;

use crate::{Padded, Result};

/// A type that can be read from JSON text.
///
/// `read_json` makes a new value; `read_json_into` refills an existing one, reusing what it
/// owns, so that reading records of one shape in a loop settles into no allocation. On an
/// error the destination holds a valid but unspecified value.
///
/// ```
/// use structio_json::{JsonRead, Reader, Result};
///
/// struct Celsius(f64);
///
/// impl<'de> JsonRead<'de> for Celsius {
///     fn read_json(r: &mut Reader<'de>) -> Result<Self> {
///         Ok(Celsius(r.read_f64()?))
///     }
/// }
///
/// let t: Celsius = structio_json::from_str("21.5")?;
/// assert_eq!(t.0, 21.5);
/// # Ok::<(), structio_json::Error>(())
/// ```
pub trait JsonRead<'de>: Sized {
    /// Reads a new value.
    ///
    /// ```
    /// use structio_json::{JsonRead, Reader};
    /// let mut r = Reader::new(b"[1, 2]");
    /// assert_eq!(Vec::<u8>::read_json(&mut r)?, [1, 2]);
    /// r.finish()?;
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    fn read_json(r: &mut Reader<'de>) -> Result<Self>;

    /// Reads into an existing value, reusing what it owns (strings and vectors refilled).
    ///
    /// After an error, `self` must still be a valid value (safe to use, drop and read into
    /// again) but its contents are unspecified: a mix of the old and the new that callers must
    /// not take as a result. Implementations need not restore the old value.
    ///
    /// ```
    /// use structio_json::{JsonRead, Reader};
    /// let mut v = String::from("old");
    /// v.read_json_into(&mut Reader::new(br#""new""#))?;
    /// assert_eq!(v, "new");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        *self = Self::read_json(r)?;
        Ok(())
    }

    /// Refills `v` with the array at the cursor. The default reads element by element
    /// (reusing the elements `v` holds); a type with a faster way through a run of itself
    /// overrides it, as `bool` does.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn read_json_vec(v: &mut alloc::vec::Vec<Self>, r: &mut Reader<'de>) -> Result<()> {
        impls_alloc::read_vec(v, r)
    }

    /// The value a struct field of this type takes when its key is absent: `Some(None)` for
    /// `Option<T>`, `None` (the key is required) for everything else.
    ///
    /// ```
    /// use structio_json::JsonRead;
    /// assert_eq!(<Option<u8> as JsonRead>::missing_field(), Some(None));
    /// assert_eq!(<u8 as JsonRead>::missing_field(), None);
    /// ```
    #[inline(always)]
    fn missing_field() -> Option<Self> {
        None
    }
}

/// Reads a `T` from JSON bytes: the whole input must be one value, with only whitespace
/// around it. Errors carry the byte offset, line, column and an excerpt.
///
/// ```
/// let v: Vec<u16> = structio_json::from_slice(b"[1, 2, 3]")?;
/// assert_eq!(v, [1, 2, 3]);
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn from_slice<'de, T: JsonRead<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, ReadOptions::new())
}

/// [`from_slice`] over a `&str`.
///
/// ```
/// let s: &str = structio_json::from_str(r#""hi""#)?;
/// assert_eq!(s, "hi");
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn from_str<'de, T: JsonRead<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// [`from_slice`] with options (nesting limit, unknown keys denied).
///
/// ```
/// use structio_json::{ErrorKind, ReadOptions};
/// let err = structio_json::from_slice_with::<Vec<Vec<u8>>>(b"[[]]", ReadOptions::new().max_depth(1))
///     .unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::DepthLimit, 1));
/// ```
#[inline]
pub fn from_slice_with<'de, T: JsonRead<'de>>(input: &'de [u8], opts: ReadOptions) -> Result<T> {
    let mut r = Reader::with_options(input, opts);
    let read = T::read_json(&mut r).and_then(|v| r.finish().map(|()| v));
    read.map_err(|e| e.with_typed_input(input))
}

/// [`from_slice_with`] for one document of a stream, whose errors keep the grammar's wording:
/// a stream's framing (which depends on how the input arrives) reports some of them first, and
/// a document must fail the same way however it was cut.
#[cfg(feature = "std")]
pub(crate) fn read_document<'de, T: JsonRead<'de>>(
    input: &'de [u8],
    opts: ReadOptions,
) -> Result<T> {
    let mut r = Reader::with_options(input, opts);
    let read = T::read_json(&mut r).and_then(|v| r.finish().map(|()| v));
    read.map_err(|e| e.with_input(input))
}

/// [`from_slice`] over a document followed by zero bytes ([`PaddedBytes`](crate::PaddedBytes),
/// or a caller's buffer checked by [`Padded::new`](crate::Padded::new)): the same value, or the
/// same error at the same offset, as [`from_slice`] on the document alone, and on a small
/// document faster, since numbers and strings near its end are read by the same loads as
/// anywhere else instead of by the paths that keep those loads inside a bounded input.
///
/// A `JsonRead` impl that looks at [`Reader::input`] sees the zero bytes after the document.
///
/// ```
/// use structio_json::PaddedBytes;
/// let doc = PaddedBytes::from(r#"{"id": 7, "rank": 2}"#);
/// let m: std::collections::BTreeMap<&str, u32> = structio_json::from_padded(&doc)?;
/// assert_eq!((m["id"], m["rank"]), (7, 2));
/// let err = structio_json::from_padded::<Vec<u8>>(&PaddedBytes::from("[1, 2")).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (structio_json::ErrorKind::UnexpectedEnd, 5));
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn from_padded<'de, T: JsonRead<'de>>(input: impl Into<Padded<'de>>) -> Result<T> {
    from_padded_with(input, ReadOptions::new())
}

/// [`from_padded`] with options, as [`from_slice_with`].
///
/// ```
/// use structio_json::{ErrorKind, Padded, ReadOptions};
/// let mut buf = [0u8; 4 + structio_json::PADDING];
/// buf[..4].copy_from_slice(b"[[]]");
/// let doc = Padded::new(&buf, 4).unwrap();
/// let err = structio_json::from_padded_with::<Vec<Vec<u8>>>(doc, ReadOptions::new().max_depth(1))
///     .unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::DepthLimit, 1));
/// ```
pub fn from_padded_with<'de, T: JsonRead<'de>>(
    input: impl Into<Padded<'de>>,
    opts: ReadOptions,
) -> Result<T> {
    let input = input.into();
    match read_padded_only(input, opts) {
        Ok(v) => Ok(v),
        // The padding stands in for the end of the input wherever a reader stops, but the
        // error a reader reports there is worded for the byte it met (a zero is not a value,
        // not a digit, not allowed in a string), not for the end. Failing is the cold path:
        // the bounded read on the document alone gives the exact error and offset.
        Err(_) => from_slice_with(input.document(), opts),
    }
}

/// [`read_into`] over a padded document, as [`from_padded`] is [`from_slice`] over one: the
/// strings and vectors `value` owns reused, the same result and errors as [`read_into`] on the
/// document alone. After an error the value is valid but its contents are unspecified.
///
/// ```
/// let mut v: Vec<String> = Vec::new();
/// structio_json::read_into_padded(&mut v, &structio_json::PaddedBytes::from(r#"["a","b"]"#))?;
/// assert_eq!(v, ["a", "b"]);
/// # Ok::<(), structio_json::Error>(())
/// ```
pub fn read_into_padded<'de, T: JsonRead<'de>>(
    value: &mut T,
    input: impl Into<Padded<'de>>,
) -> Result<()> {
    let input = input.into();
    let mut r = Reader::new(input.with_padding());
    match value
        .read_json_into(&mut r)
        .and_then(|()| r.finish_at(input.len()))
    {
        Ok(()) => Ok(()),
        // As in `from_padded_with`: the bounded read words the error.
        Err(_) => read_into(value, input.document()),
    }
}

/// [`from_padded_with`]'s read over the padded bytes, without the bounded read that words its
/// errors: public for the tests and the fuzz target that check it succeeds exactly where
/// [`from_slice_with`] does, with the same value. Not part of the API.
#[doc(hidden)]
#[inline]
pub fn read_padded_only<'de, T: JsonRead<'de>>(input: Padded<'de>, opts: ReadOptions) -> Result<T> {
    let mut r = Reader::with_options(input.with_padding(), opts);
    T::read_json(&mut r).and_then(|v| r.finish_at(input.len()).map(|()| v))
}

/// Reads JSON bytes into an existing value, reusing the strings and vectors it owns.
///
/// **After an error** the value is still a valid `T`: safe to use, write, drop, or read into
/// again (the next successful read replaces it whole). Its contents are unspecified: a mix of
/// what it held before and what was read up to the error (a vector may be shorter, longer or
/// partly refilled; a map may hold some new entries). Do not take it as a result; read again
/// or discard it.
///
/// ```
/// let mut v: Vec<String> = vec!["old".into(); 3];
/// assert!(structio_json::read_into(&mut v, br#"["a", 2, "c"]"#).is_err());
/// // `v` is some mix of old and new strings: valid, but not an answer.
/// structio_json::read_into(&mut v, br#"["x"]"#)?;
/// assert_eq!(v, ["x"]);
/// # Ok::<(), structio_json::Error>(())
/// ```
///
/// ```
/// let mut names: Vec<String> = Vec::new();
/// structio_json::read_into(&mut names, br#"["a","b"]"#)?;
/// structio_json::read_into(&mut names, br#"["c"]"#)?;
/// assert_eq!(names, ["c"]);
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn read_into<'de, T: JsonRead<'de>>(value: &mut T, input: &'de [u8]) -> Result<()> {
    read_into_with(value, input, ReadOptions::new())
}

/// [`read_into`] with options. After an error the value is valid but its contents are
/// unspecified, as [`read_into`] describes.
///
/// ```
/// let mut v = [0u8; 2];
/// structio_json::read_into_with(&mut v, b"[1,2]", structio_json::ReadOptions::new())?;
/// assert_eq!(v, [1, 2]);
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn read_into_with<'de, T: JsonRead<'de>>(
    value: &mut T,
    input: &'de [u8],
    opts: ReadOptions,
) -> Result<()> {
    let mut r = Reader::with_options(input, opts);
    let read = value.read_json_into(&mut r).and_then(|()| r.finish());
    read.map_err(|e| e.with_typed_input(input))
}
