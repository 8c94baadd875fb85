//! [`BjdataRead`] for the core types: numbers, `bool`, `char`, `&str`, `&[T]`, `()`, `Option`,
//! fixed arrays and tuples.

use super::typed::{borrow_slice, read_exact, read_seq};
use super::{BjdataRead, Reader, Seq};
use crate::error::{ErrorKind, Result};

macro_rules! int_read {
    ($($t:ty),*) => {$(
        impl<'de> BjdataRead<'de> for $t {
            #[inline(always)]
            fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
                r.read_int::<$t>()
            }
        }
    )*};
}

int_read!(u128, i128);

macro_rules! number_read {
    ($($t:ty, $read:ident;)*) => {$(
        impl<'de> BjdataRead<'de> for $t {
            #[inline(always)]
            fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
                r.$read()
            }
            #[inline]
            fn read_bjdata_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
                read_seq::<$t, S>(seq, r)
            }
            #[inline]
            fn read_bjdata_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
                read_exact(dst, r)
            }
            #[inline]
            fn read_bjdata_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
                let mut out = [<$t as crate::Number>::ZERO; N];
                read_exact(&mut out, r)?;
                Ok(out)
            }
        }

        impl<'de: 'a, 'a> BjdataRead<'de> for &'a [$t] {
            /// Borrows the elements of a packed container of exactly this type (`[$T#n`) from
            /// the input; [`ErrorKind::Misaligned`] if the payload's address is not aligned
            /// for the element type (read a `Cow<[T]>` to copy then).
            #[inline]
            fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
                match borrow_slice::<$t>(r)? {
                    Ok(s) => Ok(s),
                    Err(bytes) => {
                        let at = r.offset() - bytes.len();
                        let kind = if cfg!(target_endian = "big") {
                            ErrorKind::ByteOrder
                        } else {
                            ErrorKind::Misaligned
                        };
                        Err(r.error_at(at, kind))
                    }
                }
            }
        }
    )*};
}

number_read! {
    u8, read_int; u16, read_int; u32, read_int; u64, read_int; usize, read_int;
    i8, read_int; i16, read_int; i32, read_int; i64, read_int; isize, read_int;
    f32, read_f32; f64, read_f64;
}

impl<'de> BjdataRead<'de> for bool {
    #[inline(always)]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }
    #[inline]
    fn read_bjdata_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        let items = r.begin_array()?;
        r.read_bool_seq(seq, items)
    }
}

impl<'de: 'a, 'a> BjdataRead<'de> for &'a str {
    /// Borrowed from the input.
    #[inline(always)]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl<'de> BjdataRead<'de> for char {
    /// A `C` character, or a string of exactly one character.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.offset();
        let s = r.read_str()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(r.error_at(at, ErrorKind::ExpectedChar)),
        }
    }
}

impl<'de> BjdataRead<'de> for () {
    /// `null` (`Z`).
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()
    }
}

impl<'de, T: BjdataRead<'de>> BjdataRead<'de> for Option<T> {
    /// `null` (`Z`) is `None`.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek_null()? {
            r.read_null()?;
            return Ok(None);
        }
        T::read_bjdata(r).map(Some)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.peek_null()? {
            r.read_null()?;
            *self = None;
            return Ok(());
        }
        match self {
            Some(x) => x.read_bjdata_into(r),
            None => {
                *self = Some(T::read_bjdata(r)?);
                Ok(())
            }
        }
    }
    #[inline]
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}

impl<'de, T: BjdataRead<'de>, const N: usize> BjdataRead<'de> for [T; N] {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        T::read_bjdata_array(r)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_bjdata_exact(self, r)
    }
}

macro_rules! tuple_read {
    ($($len:expr => ($($name:ident)+))+) => {$(
        impl<'de, $($name: BjdataRead<'de>),+> BjdataRead<'de> for ($($name,)+) {
            /// An array of exactly this many children.
            #[inline]
            fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
                let mut items = r.begin_array()?;
                let value = ($({
                    if !r.next(&mut items)? {
                        return Err(r.error_at(items.offset(), ErrorKind::TooFewElements));
                    }
                    $name::read_bjdata(r)?
                },)+);
                r.end(&mut items)?;
                Ok(value)
            }

            #[inline]
            #[allow(non_snake_case)]
            fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                let mut items = r.begin_array()?;
                let ($($name,)+) = self;
                $(
                    if !r.next(&mut items)? {
                        return Err(r.error_at(items.offset(), ErrorKind::TooFewElements));
                    }
                    $name.read_bjdata_into(r)?;
                )+
                r.end(&mut items)
            }
        }
    )+};
}

tuple_read! {
    1 => (A)
    2 => (A B)
    3 => (A B C)
    4 => (A B C D)
    5 => (A B C D E)
    6 => (A B C D E F)
    7 => (A B C D E F G)
    8 => (A B C D E F G H)
    9 => (A B C D E F G H I)
    10 => (A B C D E F G H I J)
    11 => (A B C D E F G H I J K)
    12 => (A B C D E F G H I J K L)
}
