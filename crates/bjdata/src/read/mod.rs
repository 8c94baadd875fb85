//! Reading: the [`BjdataRead`] trait, the [`Seq`] containers it fills, and the generic
//! fallbacks that numbers override with their packed forms.

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

pub(crate) use numbers::is_json_number;

pub use error_path::describe_error;
pub use reader::{Checkpoint, Items, Reader, Shape, DEFAULT_DEPTH_LIMIT};
pub use structio_core::Seq;

/// The kind of the error a reader that denies repeated keys
/// ([`Reader::deny_duplicate_keys`]) reports at the second key; the same kind as
/// structio-json's and structio-beve's `DUPLICATE_KEY`.
///
/// ```
/// assert_eq!(structio_bjdata::DUPLICATE_KEY.to_string(), "duplicate key");
/// ```
pub const DUPLICATE_KEY: crate::ErrorKind = crate::ErrorKind::Custom("duplicate key");

use crate::error::{ErrorKind, Result};

/// A type that can be read from a BJData value.
///
/// The last three methods are how `Vec<T>`, `[T; N]` and `heapless::Vec<T, N>` ask their
/// element type to read a whole sequence: the defaults read an array (counted, typed or
/// ended by `]`) element by element; numbers override them to take a packed `[$T#n` in one
/// bulk copy. Hand-written and derived types need only the first method.
///
/// ```
/// use structio_bjdata::{BjdataRead, Reader};
/// let doc = b"[$d#U\x01\x00\x00\xc0\x3f";
/// let v = <[f32; 1]>::read_bjdata(&mut Reader::new(doc)).unwrap();
/// assert_eq!(v, [1.5]);
/// ```
pub trait BjdataRead<'de>: Sized {
    /// Reads a value of `Self`.
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self>;

    /// Reads into an existing value, reusing what it owns (strings and vectors refilled).
    ///
    /// After an error, `self` must still be a valid value (safe to use, drop and read into
    /// again) but its contents are unspecified: a mix of the old and the new that callers must
    /// not take as a result.
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        *self = Self::read_bjdata(r)?;
        Ok(())
    }

    /// The value a struct field of this type takes when its key is absent: `Some(None)` for
    /// `Option<T>`, `None` (the key is required) for everything else.
    fn missing_field() -> Option<Self> {
        None
    }

    /// Replaces the contents of `seq` with a sequence of `Self` read from `r`.
    fn read_bjdata_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        let items = r.begin_array()?;
        read_generic_seq(seq, r, items)
    }

    /// Reads exactly `dst.len()` elements into `dst`, reusing what they own.
    fn read_bjdata_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
        structio_core::__read_items_exact!(dst, r, read_bjdata_into)
    }

    /// Reads a fixed array of exactly `N` elements.
    fn read_bjdata_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
        structio_core::__read_items_array!(r, read_bjdata)
    }
}

pub(crate) use structio_core::cautious_reserve as cautious;

/// The children of an array already begun into `seq`, element by element, reusing the
/// elements it has.
pub(crate) fn read_generic_seq<'de, T: BjdataRead<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
    mut items: Items,
) -> Result<()> {
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
                x.read_bjdata_into(r)?;
            }
        } else {
            let v = T::read_bjdata(r)?;
            if !seq.seq_push(v) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
        }
        i += 1;
    }
    seq.seq_truncate(i);
    Ok(())
}
