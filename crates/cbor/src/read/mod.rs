//! Reading: the [`CborRead`] trait, the [`Seq`] containers it fills, and the generic fallbacks
//! that numbers override with their typed-array forms.

mod bools;
mod error_path;
mod fixed_width;
mod floats;
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

use crate::error::Result;

structio_core::__read_trait! {
    krate: structio_cbor,
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
    pub trait CborRead {
        read: read_cbor,
        into: read_cbor_into,
        seq: read_cbor_seq(|seq, r| {
            read_generic_seq(seq, r)
        }),
        exact: read_cbor_exact,
        array: read_cbor_array,
    }
}

// A leaf whose bytes are in hand (a numeric array converted) reserves its count under this
// cap alone; sequences read element by element go through the reader's budget
// (`Reader::reserve_budget`).
pub(crate) use structio_core::cautious_reserve as cautious;

/// An array (definite or indefinite length) into `seq`, element by element, reusing the
/// elements it has.
pub(crate) fn read_generic_seq<'de, T: CborRead<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
) -> Result<()> {
    let mut items = r.begin_array()?;
    structio_core::__read_generic_seq!(seq, r, items, T, read_cbor_into, read_cbor)
}
