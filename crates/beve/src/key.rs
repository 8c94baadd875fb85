//! Map keys: strings (objects with header `0x03`) and integers (objects whose header names the
//! key's class and width; keys are stored as fixed-width words with no header).

use crate::error::Result;
use crate::header;
use crate::number::Number;
use crate::read::Reader;
use crate::write::{Sink, Writer};

/// A type a map key is read as (a unit-only enum that derives BEVE reads from a string key, by
/// its variant names).
///
/// ```
/// use structio_beve::{KeyRead, Reader};
/// let mut r = Reader::new(&[0x2a, 0, 0, 0]);
/// assert_eq!(u32::read_key(&mut r).unwrap(), 42);
/// ```
pub trait KeyRead<'de>: Sized {
    /// The header of an object with keys of this type.
    ///
    /// ```
    /// use structio_beve::{header, KeyRead};
    /// assert_eq!(<&str as KeyRead>::OBJECT_HEADER, header::OBJECT);
    /// assert_eq!(<u32 as KeyRead>::OBJECT_HEADER, 0x53);
    /// ```
    const OBJECT_HEADER: u8;
    /// The fewest bytes one key takes (to check a member count against the input).
    ///
    /// ```
    /// use structio_beve::KeyRead;
    /// assert_eq!(<u64 as KeyRead>::MIN_KEY_BYTES, 8);
    /// assert_eq!(<&str as KeyRead>::MIN_KEY_BYTES, 1); // the SIZE of an empty key
    /// ```
    const MIN_KEY_BYTES: usize;
    /// Reads one key (no header).
    ///
    /// ```
    /// use structio_beve::{KeyRead, Reader};
    /// let mut r = Reader::new(&[0x08, b'i', b'd']);
    /// assert_eq!(<&str as KeyRead>::read_key(&mut r).unwrap(), "id");
    /// ```
    fn read_key(r: &mut Reader<'de>) -> Result<Self>;
}

/// A type a map key is written from.
///
/// ```
/// use structio_beve::{KeyWrite, Writer};
/// let mut w = Writer::new(Vec::new());
/// "id".write_key(&mut w).unwrap();
/// assert_eq!(w.into_inner(), [0x08, b'i', b'd']);
/// ```
pub trait KeyWrite {
    /// The header of an object with keys of this type.
    ///
    /// ```
    /// use structio_beve::KeyWrite;
    /// let m = std::collections::BTreeMap::from([(1u16, true)]);
    /// assert_eq!(structio_beve::to_vec(&m).unwrap()[0], <u16 as KeyWrite>::OBJECT_HEADER);
    /// ```
    const OBJECT_HEADER: u8;
    /// Writes one key (no header).
    ///
    /// ```
    /// use structio_beve::{KeyWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// 7u16.write_key(&mut w).unwrap();
    /// assert_eq!(w.into_inner(), [7, 0]);
    /// ```
    fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;
}

macro_rules! int_keys {
    ($($t:ty),*) => {$(
        impl<'de> KeyRead<'de> for $t {
            const OBJECT_HEADER: u8 = <$t as Number>::KEY_OBJECT_HEADER;
            const MIN_KEY_BYTES: usize = core::mem::size_of::<$t>();
            #[inline(always)]
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                let bytes = r.take(core::mem::size_of::<$t>())?;
                Ok(bytemuck::pod_read_unaligned::<$t>(bytes).swap_le())
            }
        }
        impl KeyWrite for $t {
            const OBJECT_HEADER: u8 = <$t as Number>::KEY_OBJECT_HEADER;
            #[inline(always)]
            fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.raw(bytemuck::bytes_of(&self.swap_le()))
            }
        }
    )*};
}

int_keys!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl<'de: 'a, 'a> KeyRead<'de> for &'a str {
    const OBJECT_HEADER: u8 = header::OBJECT;
    const MIN_KEY_BYTES: usize = 1;
    #[inline(always)]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str_body()
    }
}

impl KeyWrite for str {
    const OBJECT_HEADER: u8 = header::OBJECT;
    #[inline(always)]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.key(self.as_bytes())
    }
}

impl<T: KeyWrite + ?Sized> KeyWrite for &T {
    const OBJECT_HEADER: u8 = T::OBJECT_HEADER;
    #[inline(always)]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_key(w)
    }
}

#[cfg(feature = "alloc")]
mod alloc_keys {
    use super::*;
    use alloc::borrow::{Cow, ToOwned};
    use alloc::string::String;

    impl<'de> KeyRead<'de> for String {
        const OBJECT_HEADER: u8 = header::OBJECT;
        const MIN_KEY_BYTES: usize = 1;
        #[inline]
        fn read_key(r: &mut Reader<'de>) -> Result<Self> {
            r.read_str_body().map(ToOwned::to_owned)
        }
    }

    impl KeyWrite for String {
        const OBJECT_HEADER: u8 = header::OBJECT;
        #[inline(always)]
        fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.key(self.as_bytes())
        }
    }

    impl<'de: 'a, 'a> KeyRead<'de> for Cow<'a, str> {
        const OBJECT_HEADER: u8 = header::OBJECT;
        const MIN_KEY_BYTES: usize = 1;
        #[inline]
        fn read_key(r: &mut Reader<'de>) -> Result<Self> {
            r.read_str_body().map(Cow::Borrowed)
        }
    }

    impl KeyWrite for Cow<'_, str> {
        const OBJECT_HEADER: u8 = header::OBJECT;
        #[inline(always)]
        fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.key(self.as_bytes())
        }
    }
}

#[cfg(feature = "heapless")]
mod heapless_keys {
    use super::*;
    use crate::error::ErrorKind;

    impl<'de, const N: usize> KeyRead<'de> for heapless::String<N> {
        const OBJECT_HEADER: u8 = header::OBJECT;
        const MIN_KEY_BYTES: usize = 1;
        #[inline]
        fn read_key(r: &mut Reader<'de>) -> Result<Self> {
            let at = r.offset();
            let s = r.read_str_body()?;
            let mut out = heapless::String::new();
            out.push_str(s)
                .map_err(|_| r.error_at(at, ErrorKind::StringTooLong))?;
            Ok(out)
        }
    }

    impl<const N: usize> KeyWrite for heapless::String<N> {
        const OBJECT_HEADER: u8 = header::OBJECT;
        #[inline(always)]
        fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.key(self.as_bytes())
        }
    }
}
