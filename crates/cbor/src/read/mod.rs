//! Reading: the [`CborRead`] trait, the [`Seq`] containers it fills, and the generic fallbacks
//! that numbers override with their typed-array forms.

mod error_path;
#[cfg(feature = "alloc")]
mod impls_alloc;
mod impls_core;
#[cfg(feature = "heapless")]
mod impls_heapless;
mod numbers;
mod reader;
mod skip;
mod typed;

pub use error_path::describe_error;
pub use reader::{Checkpoint, Items, Reader, DEFAULT_DEPTH_LIMIT};
pub use structio_core::Seq;

/// The kind of the error a reader that denies repeated keys
/// ([`Reader::deny_duplicate_keys`]) reports at the second key; the same kind as
/// structio-json's and structio-beve's `DUPLICATE_KEY`.
///
/// ```
/// assert_eq!(structio_cbor::DUPLICATE_KEY.to_string(), "duplicate key");
/// ```
pub const DUPLICATE_KEY: crate::ErrorKind = crate::ErrorKind::Custom("duplicate key");

use crate::error::{ErrorKind, Result};

/// A type that can be read from a CBOR item.
///
/// The last three methods are how `Vec<T>`, `[T; N]` and `heapless::Vec<T, N>` ask their
/// element type to read a whole sequence: the defaults read an array (definite or indefinite
/// length) element by element; numbers override them to take an RFC 8746 typed array (a byte
/// string under tags 64 to 87) in one bulk copy, and `u8` a plain byte string. Hand-written
/// and derived types need only the first method.
///
/// ```
/// use structio_cbor::{CborRead, Reader};
/// let doc = [0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]; // 86(h'000000000000f83f')
/// let v = <[f64; 1]>::read_cbor(&mut Reader::new(&doc)).unwrap();
/// assert_eq!(v, [1.5]);
/// ```
pub trait CborRead<'de>: Sized {
    /// Reads a value of `Self`.
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self>;

    /// Reads into an existing value, reusing what it owns (strings and vectors refilled).
    ///
    /// After an error, `self` must still be a valid value (safe to use, drop and read into
    /// again) but its contents are unspecified: a mix of the old and the new that callers must
    /// not take as a result.
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        *self = Self::read_cbor(r)?;
        Ok(())
    }

    /// The value a struct field of this type takes when its key is absent: `Some(None)` for
    /// `Option<T>`, `None` (the key is required) for everything else.
    fn missing_field() -> Option<Self> {
        None
    }

    /// Replaces the contents of `seq` with a sequence of `Self` read from `r`.
    fn read_cbor_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        read_generic_seq(seq, r)
    }

    /// Reads exactly `dst.len()` elements into `dst`, reusing what they own.
    fn read_cbor_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
        structio_core::__read_items_exact!(dst, r, read_cbor_into)
    }

    /// Reads a fixed array of exactly `N` elements.
    fn read_cbor_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
        structio_core::__read_items_array!(r, read_cbor)
    }
}

pub(crate) use structio_core::cautious_reserve as cautious;

/// An array (definite or indefinite length) into `seq`, element by element, reusing the
/// elements it has.
pub(crate) fn read_generic_seq<'de, T: CborRead<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
) -> Result<()> {
    let mut items = r.begin_array()?;
    let at = items.offset();
    if let Some(n) = items.len() {
        if !seq.seq_reserve(cautious::<T>(n)) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
    }
    let mut i = 0;
    let held = seq.seq_len();
    while r.next(&mut items)? {
        if i < held {
            if let Some(x) = seq.seq_as_mut_slice().get_mut(i) {
                x.read_cbor_into(r)?;
            }
        } else {
            let v = T::read_cbor(r)?;
            if !seq.seq_push(v) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
        }
        i += 1;
    }
    seq.seq_truncate(i);
    Ok(())
}
