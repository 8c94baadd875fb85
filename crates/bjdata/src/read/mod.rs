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

#[cfg(feature = "alloc")]
pub(crate) use error_path::is_integer_marker;
pub(crate) use numbers::is_json_number;
#[cfg(feature = "alloc")]
pub(crate) use reader::FREE_VALUES;

pub use error_path::describe_error;
pub use reader::{Checkpoint, Items, Reader, Shape, DEFAULT_DEPTH_LIMIT};
pub use structio_core::Seq;

use crate::error::Result;

structio_core::__read_trait! {
    krate: structio_bjdata,
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
    pub trait BjdataRead {
        read: read_bjdata,
        into: read_bjdata_into,
        seq: read_bjdata_seq(|seq, r| {
            let items = r.begin_array()?;
            read_generic_seq(seq, r, items)
        }),
        exact: read_bjdata_exact,
        array: read_bjdata_array,
    }
}

// A leaf whose bytes are in hand (a numeric array converted, a run of booleans) reserves
// its count under this cap alone; sequences read element by element go through the
// reader's budget (`Reader::reserve_budget`).
pub(crate) use structio_core::cautious_reserve as cautious;

/// The children of an array already begun into `seq`, element by element, reusing the
/// elements it has.
pub(crate) fn read_generic_seq<'de, T: BjdataRead<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
    mut items: Items,
) -> Result<()> {
    structio_core::__read_generic_seq!(seq, r, items, T, read_bjdata_into, read_bjdata)
}
