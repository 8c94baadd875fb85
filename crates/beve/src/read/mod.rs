//! Reading: the [`BeveRead`] trait, the [`Seq`] containers it fills, and the generic fallbacks
//! that numbers, booleans and strings override with their typed-array forms.

mod arrays;
mod error_path;
#[cfg(feature = "alloc")]
mod impls_alloc;
mod impls_core;
#[cfg(feature = "heapless")]
mod impls_heapless;
mod impls_more;
pub(crate) mod numbers;
mod reader;
mod skip;

pub use error_path::describe_error;
pub use reader::{Checkpoint, Reader, DEFAULT_DEPTH_LIMIT};
pub use structio_core::Seq;

use crate::error::{ErrorKind, Result};

/// A type that can be read from a BEVE value.
///
/// The last three methods are how `Vec<T>`, `[T; N]` and `heapless::Vec<T, N>` ask their
/// element type to read a whole sequence: the defaults read a generic array (`0x05`) element by
/// element; numbers override them with one bulk copy of a typed array, `bool` with the
/// bit-packed array and strings with the string array. Derived types need only the first two.
///
/// ```
/// use structio_beve::{BeveRead, Reader};
/// let mut r = Reader::new(&[0x64, 0x04, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]);
/// let v = <[f64; 1]>::read_beve(&mut r).unwrap();
/// assert_eq!(v, [1.5]);
/// ```
pub trait BeveRead<'de>: Sized {
    /// Reads a value of `Self`.
    ///
    /// ```
    /// use structio_beve::{BeveRead, Reader};
    /// let doc = structio_beve::to_vec(&(1u8, true)).unwrap();
    /// assert_eq!(<(u8, bool)>::read_beve(&mut Reader::new(&doc)).unwrap(), (1, true));
    /// ```
    fn read_beve(r: &mut Reader<'de>) -> Result<Self>;

    /// Reads into an existing value, reusing what it owns (strings and vectors refilled).
    ///
    /// After an error, `self` must still be a valid value (safe to use, drop and read into
    /// again) but its contents are unspecified: a mix of the old and the new that callers must
    /// not take as a result. Implementations need not restore the old value.
    ///
    /// ```
    /// use structio_beve::{BeveRead, Reader};
    /// let mut s = String::from("old");
    /// s.read_beve_into(&mut Reader::new(&[0x02, 0x0c, b'n', b'e', b'w'])).unwrap();
    /// assert_eq!(s, "new");
    /// ```
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        *self = Self::read_beve(r)?;
        Ok(())
    }

    /// The value a struct field of this type takes when its key is absent: `Some(None)` for
    /// `Option<T>`, `None` (the key is required) for everything else.
    ///
    /// ```
    /// use structio_beve::BeveRead;
    /// assert_eq!(<Option<u8> as BeveRead>::missing_field(), Some(None));
    /// assert_eq!(<u8 as BeveRead>::missing_field(), None);
    /// ```
    fn missing_field() -> Option<Self> {
        None
    }

    /// Replaces the contents of `seq` with a sequence of `Self` read from `r`.
    ///
    /// ```
    /// use structio_beve::{BeveRead, Reader};
    /// let doc = structio_beve::to_vec(&[1u16, 2]).unwrap();
    /// let mut v = vec![9u16; 5];
    /// u16::read_beve_seq(&mut v, &mut Reader::new(&doc)).unwrap();
    /// assert_eq!(v, [1, 2]);
    /// ```
    fn read_beve_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        read_generic_seq(seq, r)
    }

    /// Reads exactly `dst.len()` elements into `dst`, reusing what they own.
    ///
    /// ```
    /// use structio_beve::{BeveRead, ErrorKind, Reader};
    /// let doc = structio_beve::to_vec(&["a", "b"]).unwrap();
    /// let mut dst = [String::new(), String::new()];
    /// String::read_beve_exact(&mut dst, &mut Reader::new(&doc)).unwrap();
    /// assert_eq!(dst, ["a", "b"]);
    /// let err = String::read_beve_exact(&mut [String::new()], &mut Reader::new(&doc)).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::TooManyElements);
    /// ```
    fn read_beve_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        let n = r.begin_array()?;
        check_exact(r, at, n, dst.len())?;
        for x in dst.iter_mut() {
            x.read_beve_into(r)?;
        }
        r.end_array();
        Ok(())
    }

    /// Reads a fixed array of exactly `N` elements.
    ///
    /// ```
    /// use structio_beve::{BeveRead, Reader};
    /// let doc = structio_beve::to_vec(&[1.5f32, 2.5]).unwrap();
    /// let a: [f32; 2] = f32::read_beve_array(&mut Reader::new(&doc)).unwrap();
    /// assert_eq!(a, [1.5, 2.5]);
    /// ```
    fn read_beve_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
        let at = r.offset();
        let n = r.begin_array()?;
        check_exact(r, at, n, N)?;
        let mut err = None;
        let items: [Option<Self>; N] = core::array::from_fn(|_| {
            if err.is_some() {
                return None;
            }
            Self::read_beve(r).map_err(|e| err = Some(e)).ok()
        });
        if let Some(e) = err {
            return Err(e);
        }
        r.end_array();
        let mut missing = false;
        let out = items.map(|x| {
            missing |= x.is_none();
            x
        });
        if missing {
            return Err(r.error_at(at, ErrorKind::TooFewElements));
        }
        Ok(out.map(|x| x.unwrap_or_else(|| unreachable!("every element was read"))))
    }
}

/// [`ErrorKind::TooManyElements`] or [`ErrorKind::TooFewElements`] at `at` unless `n == want`.
#[inline]
pub(crate) fn check_exact(r: &Reader<'_>, at: usize, n: usize, want: usize) -> Result<()> {
    if n == want {
        Ok(())
    } else if n > want {
        Err(r.error_at(at, ErrorKind::TooManyElements))
    } else {
        Err(r.error_at(at, ErrorKind::TooFewElements))
    }
}

/// A generic array (`0x05`) into `seq`, element by element, reusing the elements it has.
pub(crate) fn read_generic_seq<'de, T: BeveRead<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    let n = r.begin_array()?;
    // The count was checked at a byte an element; a large element type, or a count at every
    // level of a nested one, could still make that a large allocation, so the reservation is
    // capped and budgeted (the sequence grows past it as elements arrive).
    if !seq.seq_expect(n, r.reserve_budget::<T>(n)) {
        return Err(r.error_at(at, ErrorKind::TooManyElements));
    }
    let reuse = n.min(seq.seq_len());
    seq.seq_truncate(reuse);
    for x in seq.seq_as_mut_slice() {
        x.read_beve_into(r)?;
    }
    for _ in reuse..n {
        let v = T::read_beve(r)?;
        if !seq.seq_push(v) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
    }
    r.end_array();
    Ok(())
}
