//! structio as a serde data format (feature `serde`): any `#[derive(serde::Serialize,
//! serde::Deserialize)]` type read and written through structio's reader and writer.
//!
//! A serde_json program switches by its paths: `serde_json::from_str` becomes
//! [`structio_json::serde::from_str`](from_str), `serde_json::to_string` becomes
//! [`to_string`], and so on. structio's own `#[derive(Json)]` stays the fast path (keys found by
//! a compile-time perfect hash, reads into existing values); this module is for the types that
//! only implement serde's traits: chrono, uuid, url and the rest of the ecosystem.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! #[serde(tag = "type", rename_all = "snake_case")]
//! enum Event<'a> {
//!     Login { user: &'a str, at: u64 },
//!     Logout { user: &'a str },
//! }
//!
//! let text = r#"{"type":"login","user":"ada","at":1700000000}"#;
//! let event: Event = structio_json::serde::from_str(text)?;
//! assert_eq!(event, Event::Login { user: "ada", at: 1_700_000_000 });
//! assert_eq!(structio_json::serde::to_string(&event)?, text);
//! # Ok::<(), structio_json::serde::Error>(())
//! ```
//!
//! What it reads and writes, written down:
//! - **The bytes are structio's.** Strings are scanned and decoded by the reader's string code,
//!   numbers converted by structio-num, output written by [`Writer`](crate::Writer): a value
//!   writes the same bytes here as through `structio_json::to_vec` (Glaze's number layout:
//!   `1` for `1.0`, `1E16`; NaN and the infinities as `null`).
//! - **The layout is serde_json's**: externally tagged enums as `"Unit"` and `{"Name": content}`,
//!   bytes as arrays of numbers, map keys that are integers, floats, bools or chars written in
//!   quotes (`{"7": ...}`) and read back from them. A struct also reads from an array of its
//!   fields in order, as serde_json allows.
//! - **Borrowing** as serde_json: a string without escapes is handed to the visitor borrowed
//!   from the input, so `&'de str` fields borrow, and `#[serde(borrow)] Cow<'de, str>` borrows
//!   when it can. A string with escapes is decoded into a buffer the deserializer reuses; with
//!   no allocator that buffer holds 256 bytes, and a longer decoded string is
//!   [`ErrorKind::StringTooLong`].
//! - **Numbers**: `deserialize_any` (untagged enums, `serde_json::Value`) gives an integer as
//!   `u64`, or `i64` when negative, and `-0`, larger integers and every other number as `f64`,
//!   as serde_json does; typed fields (`u8` ... `u128`, `i128`, `f32`) read their own type, and a
//!   number outside it is [`ErrorKind::NumberOutOfRange`],
//!   never wrapped or saturated (an `f32` past its range too, where serde_json would give an
//!   infinity).
//! - **Skipping** (`serde::de::IgnoredAny`, unknown fields) validates what it steps over,
//!   strings included, without building anything.
//! - **Nesting** is limited as the typed reader limits it (128 levels by default,
//!   [`from_slice_with`] to change it); skipped values are walked without recursion.
//! - **Map keys** that are integers are read from the key's decoded text (`"\u0037"` is `7`).
//! - **Errors** ([`Error`]) keep structio's kind, byte offset, line and column, and the message
//!   of a serde type's own error when there is an allocator to keep it in.
//! - **serde_json's own types** that reach into serde_json's deserializer (`RawValue`, the
//!   `arbitrary_precision` number) are not read; `serde_json::Value` is.
//!
//! Without `std` and `alloc`, [`from_slice`], [`from_str`] and [`to_slice`] work with no
//! allocator; [`to_vec`] and [`to_string`] need `alloc`, [`to_writer`] needs `std`.
//!
//! One serde type inside a struct that derives structio's own traits goes through this module
//! alone: mark the field `#[structio(serde)]`, and the rest of the struct keeps the native path.
//!
//! ```
//! use structio_derive::Json;
//!
//! #[derive(Json, Debug, PartialEq)]
//! struct Event {
//!     id: u64,
//!     #[structio(serde)]
//!     at: chrono::DateTime<chrono::Utc>,
//! }
//!
//! let text = r#"{"id":7,"at":"2026-12-01T21:00:00Z"}"#;
//! let event: Event = structio_json::from_str(text)?;
//! assert_eq!(event.at.timestamp(), 1_796_158_800);
//! assert_eq!(structio_json::to_string(&event)?, text);
//! # Ok::<(), structio_json::Error>(())
//! ```

mod access;
mod de;
mod error;
#[cfg(feature = "std")]
mod io;
mod key;
mod scratch;
mod ser;
mod ser_key;

pub use de::Deserializer;
pub use error::{Error, Result};
pub use ser::{Compound, Serializer};

use ::serde::{Deserialize, Serialize};

use crate::{ErrorKind, ReadOptions, SliceSink};

/// Reads a `T` from JSON bytes: the whole input must be one value, with only whitespace
/// around it.
///
/// ```
/// #[derive(serde::Deserialize)]
/// struct Config<'a> { name: &'a str, rate_hz: u32 }
/// let c: Config = structio_json::serde::from_slice(br#"{"name": "pump", "rate_hz": 100}"#)?;
/// assert_eq!((c.name, c.rate_hz), ("pump", 100));
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, ReadOptions::new())
}

/// [`from_slice`] over a `&str`.
///
/// ```
/// let v: Vec<i128> = structio_json::serde::from_str("[-170141183460469231731687303715884105728]")?;
/// assert_eq!(v, [i128::MIN]);
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub fn from_str<'de, T: Deserialize<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// [`from_slice`] with options; only the nesting limit applies (unknown fields are the serde
/// type's business: `#[serde(deny_unknown_fields)]`).
///
/// ```
/// use structio_json::{ErrorKind, ReadOptions};
/// let err = structio_json::serde::from_slice_with::<Vec<Vec<u8>>>(b"[[]]", ReadOptions::new().max_depth(1))
///     .unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::DepthLimit, 1));
/// ```
pub fn from_slice_with<'de, T: Deserialize<'de>>(input: &'de [u8], opts: ReadOptions) -> Result<T> {
    let mut de = Deserializer::with_options(input, opts);
    let read = T::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    read.map_err(|e| e.with_input(input))
}

/// Writes `value` into `buf` with no allocator and returns the length written. A value that
/// does not fit is [`ErrorKind::BufferFull`] (never a truncated success); `buf` then holds a
/// prefix of the output, to be treated as garbage.
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = structio_json::serde::to_slice(&(1u8, "x"), &mut buf)?;
/// assert_eq!(&buf[..n], br#"[1,"x"]"#);
/// let err = structio_json::serde::to_slice(&"much too long for it", &mut buf).unwrap_err();
/// assert_eq!(err.kind(), structio_json::ErrorKind::BufferFull);
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub fn to_slice<T: Serialize + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    let mut ser = Serializer::new(SliceSink::new(buf));
    match value.serialize(&mut ser) {
        Ok(()) => Ok(ser.written()),
        Err(e) => Err(e.place(ser.written())),
    }
}

#[cfg(feature = "alloc")]
mod alloc_entry {
    use alloc::string::String;
    use alloc::vec::Vec;

    use ::serde::Serialize;

    use super::{Result, Serializer};
    use crate::{ErrorKind, DEFAULT_INDENT};

    /// Writes `value` as compact JSON.
    ///
    /// ```
    /// assert_eq!(structio_json::serde::to_vec(&[1.5f64, 2.0])?, b"[1.5,2]");
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>> {
        write(Serializer::new(Vec::with_capacity(128)), value)
    }

    /// Writes `value` as compact JSON text.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let m = BTreeMap::from([(7u32, Some("é")), (8, None)]);
    /// assert_eq!(structio_json::serde::to_string(&m)?, r#"{"7":"é","8":null}"#);
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String> {
        into_string(to_vec(value)?)
    }

    /// Writes `value` laid out as Glaze's prettify does, three spaces to a level.
    ///
    /// ```
    /// assert_eq!(structio_json::serde::to_vec_pretty(&[1u8, 2])?, b"[\n   1,\n   2\n]");
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn to_vec_pretty<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>> {
        write(
            Serializer::pretty(Vec::with_capacity(128), DEFAULT_INDENT),
            value,
        )
    }

    /// [`to_vec_pretty`] as a `String`.
    ///
    /// ```
    /// assert_eq!(structio_json::serde::to_string_pretty(&("a",))?, "[\n   \"a\"\n]");
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> Result<String> {
        into_string(to_vec_pretty(value)?)
    }

    fn write<T: Serialize + ?Sized>(mut ser: Serializer<Vec<u8>>, value: &T) -> Result<Vec<u8>> {
        match value.serialize(&mut ser) {
            Ok(()) => Ok(ser.into_inner()),
            Err(e) => Err(e.place(ser.written())),
        }
    }

    /// The serializer writes only `&str`s and ASCII, but checking costs little next to the
    /// writing and keeps this free of `unsafe`.
    fn into_string(bytes: Vec<u8>) -> Result<String> {
        String::from_utf8(bytes).map_err(|e| {
            crate::Error::new(ErrorKind::InvalidUtf8, e.utf8_error().valid_up_to()).into()
        })
    }
}
#[cfg(feature = "alloc")]
pub use alloc_entry::*;

/// Writes `value` as compact JSON into an `std::io::Write`, handing it the output 8 KiB at a
/// time (wrap a slow writer in a `BufWriter` all the same: nothing here flushes it). An I/O
/// error is an [`Error`] of kind `Custom("I/O error")` with the I/O error's message, at the
/// count of bytes serialized when it happened.
///
/// ```
/// let mut out = Vec::new();
/// structio_json::serde::to_writer(&mut out, &("a", 1u8))?;
/// assert_eq!(out, br#"["a",1]"#);
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: Serialize + ?Sized>(writer: W, value: &T) -> Result<()> {
    let mut ser = Serializer::new(io::IoSink::new(writer));
    let result = value.serialize(&mut ser);
    let written = ser.written();
    let mut sink = ser.into_inner();
    let result = result.and_then(|()| sink.flush().map_err(|e| Error::from(crate::Error::from(e))));
    result.map_err(|e| match sink.error.take() {
        Some(io) if e.kind() == error::IO => Error::io(&io, written),
        _ => e.place(written),
    })
}

/// A number error from structio-num as the reader reports it: `UnexpectedEnd` for a number cut
/// off by the end of the input.
#[cold]
fn num_error(input: &[u8], e: structio_num::NumError) -> crate::Error {
    let kind = match e.kind {
        structio_num::NumErrorKind::Overflow => ErrorKind::NumberOutOfRange,
        _ if e.offset >= input.len() => ErrorKind::UnexpectedEnd,
        _ => ErrorKind::InvalidNumber,
    };
    crate::Error::new(kind, e.offset)
}
