//! Items with no Rust type of their own: simple values, tags kept with their item, and
//! embedded CBOR (tag 24).

use crate::error::Result;
use crate::read::{CborRead, Reader};
use crate::write::{CborWrite, Sink, Writer};

/// A CBOR simple value (major type 7): 0 to 23 and 32 to 255 (20 to 23 are `false`, `true`,
/// `null` and `undefined`, which the `bool`, `Option` and `()` impls read too).
///
/// ```
/// use structio_cbor::Simple;
/// assert_eq!(structio_cbor::from_slice::<Simple>(&[0xf0]).unwrap(), Simple(16));
/// assert_eq!(structio_cbor::to_vec(&Simple(255)).unwrap(), [0xf8, 0xff]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Simple(
    /// The simple value's number.
    ///
    /// ```
    /// let s: structio_cbor::Simple = structio_cbor::from_slice(&[0xf8, 0x20]).unwrap();
    /// assert_eq!(s.0, 32);
    /// ```
    pub u8,
);

impl<'de> CborRead<'de> for Simple {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        r.read_simple().map(Simple)
    }
}

impl CborWrite for Simple {
    /// 24 to 31 have no valid encoding: [`ErrorKind::InvalidHeader`](crate::ErrorKind::InvalidHeader).
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_simple(self.0)
    }
}

/// An item with its tag kept: reading takes the outermost tag (a further tag inside is for
/// `T` to read or pass through); writing puts the tag before the item.
///
/// ```
/// use structio_cbor::Tagged;
/// let doc = [0xc1, 0x1a, 0x51, 0x4b, 0x67, 0xb0]; // 1(1363896240), an epoch time
/// let t: Tagged<u32> = structio_cbor::from_slice(&doc).unwrap();
/// assert_eq!(t, Tagged { tag: 1, value: 1363896240 });
/// assert_eq!(structio_cbor::to_vec(&t).unwrap(), doc);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tagged<T> {
    /// The tag number.
    pub tag: u64,
    /// The tagged item.
    pub value: T,
}

impl<'de, T: CborRead<'de>> CborRead<'de> for Tagged<T> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let tag = r.read_tag()?;
        // The tag is a level of nesting, as it is when skipped.
        r.enter_at(r.offset())?;
        let value = T::read_cbor(r)?;
        r.leave();
        Ok(Tagged { tag, value })
    }
}

impl<T: CborWrite> CborWrite for Tagged<T> {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.tag(self.tag)?;
        self.value.write_cbor(w)
    }
}

/// An item embedded as encoded CBOR (tag 24 around a byte string, RFC 8949 §3.4.5.1): the byte
/// string's contents are read as a whole `T` (nothing may follow it inside), and `T` is written
/// into a byte string (which needs the `alloc` feature).
///
/// ```
/// use structio_cbor::Embedded;
/// let doc = structio_cbor::to_vec(&Embedded(42u8)).unwrap();
/// assert_eq!(doc, [0xd8, 0x18, 0x42, 0x18, 0x2a]);
/// assert_eq!(structio_cbor::from_slice::<Embedded<u8>>(&doc).unwrap(), Embedded(42));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Embedded<T>(
    /// The embedded item.
    ///
    /// ```
    /// let doc = [0xd8, 0x18, 0x42, 0x18, 0x2a]; // 24(h'182a'), 42 embedded
    /// let e: structio_cbor::Embedded<u8> = structio_cbor::from_slice(&doc).unwrap();
    /// assert_eq!(e.0, 42);
    /// ```
    pub T,
);

impl<'de, T: CborRead<'de>> CborRead<'de> for Embedded<T> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut inner = r.read_embedded()?;
        let value = T::read_cbor(&mut inner)?;
        inner.finish()?;
        Ok(Embedded(value))
    }
}

#[cfg(feature = "alloc")]
impl<T: CborWrite> CborWrite for Embedded<T> {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        let mut inner = w.with_sink(alloc::vec::Vec::new());
        self.0.write_cbor(&mut inner)?;
        w.tag(crate::header::TAG_EMBEDDED)?;
        w.write_bytes(&inner.into_inner())
    }
}
