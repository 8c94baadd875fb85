//! `JsonRead` for core types: scalars, borrowed strings, options, arrays and tuples.

use core::mem::MaybeUninit;

use super::{JsonRead, KeyBuf, Reader};
use crate::{Error, ErrorKind, Result};

impl<'de> JsonRead<'de> for bool {
    #[inline(always)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }

    #[cfg(all(feature = "alloc", not(feature = "size")))]
    #[inline]
    fn read_json_vec(v: &mut alloc::vec::Vec<Self>, r: &mut Reader<'de>) -> Result<()> {
        r.read_bool_vec(v)
    }
}

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl<'de> JsonRead<'de> for $t {
            #[inline(always)]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                r.read_int()
            }

            #[cfg(all(feature = "alloc", not(feature = "size")))]
            #[inline]
            fn read_json_vec(v: &mut alloc::vec::Vec<Self>, r: &mut Reader<'de>) -> Result<()> {
                r.read_int_vec(v)
            }
        }
    )*};
}
ints!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

impl<'de> JsonRead<'de> for f64 {
    #[inline(always)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_f64()
    }
}

impl<'de> JsonRead<'de> for f32 {
    #[inline(always)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_f32()
    }
}

impl<'de> JsonRead<'de> for char {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.skip_ws();
        let at = r.offset();
        let mut buf = KeyBuf::new();
        let bytes = match r.read_str_raw(&mut buf) {
            Err(e) if e.kind() == ErrorKind::KeyTooLong => {
                return Err(Error::new(ErrorKind::ExpectedChar, at))
            }
            other => other?,
        };
        let mut chars = core::str::from_utf8(bytes).unwrap_or_default().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(Error::new(ErrorKind::ExpectedChar, at)),
        }
    }
}

/// Borrowed from the input, for any lifetime the input outlives (so a type holding `&'a str`
/// reads from a longer-lived `&'de` input). A string with an escape is
/// [`ErrorKind::EscapeInBorrowedStr`](crate::ErrorKind::EscapeInBorrowedStr).
impl<'de: 'a, 'a> JsonRead<'de> for &'a str {
    #[inline(always)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl<'de> JsonRead<'de> for () {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()
    }
}

impl<'de, T: JsonRead<'de>> JsonRead<'de> for Option<T> {
    #[inline(always)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek()? == b'n' {
            r.read_null()?;
            return Ok(None);
        }
        Ok(Some(T::read_json(r)?))
    }

    #[inline(always)]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.peek()? == b'n' {
            r.read_null()?;
            *self = None;
            return Ok(());
        }
        match self {
            Some(v) => v.read_json_into(r),
            None => {
                *self = Some(T::read_json(r)?);
                Ok(())
            }
        }
    }

    #[inline(always)]
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}

impl Reader<'_> {
    /// Between the elements of a fixed-size array: a `,` must follow, else `TooFewElements`
    /// at the `]`.
    #[inline(always)]
    pub(crate) fn fixed_next(&mut self) -> Result<()> {
        if self.array_next()? {
            Ok(())
        } else {
            Err(Error::new(ErrorKind::TooFewElements, self.offset() - 1))
        }
    }

    /// After the last element of a fixed-size array: the `]` must follow, else
    /// `TooManyElements` at the extra element.
    #[inline(always)]
    pub(crate) fn fixed_end(&mut self) -> Result<()> {
        if self.array_next()? {
            Err(self.error(ErrorKind::TooManyElements))
        } else {
            Ok(())
        }
    }

    /// Opens a fixed-size array of `n` elements: `true` when it is empty and so complete
    /// (`n == 0`); an empty array for `n > 0` is `TooFewElements` at its `]`.
    #[inline(always)]
    pub(crate) fn fixed_begin(&mut self, n: usize) -> Result<bool> {
        let empty = self.begin_array()?;
        match (empty, n == 0) {
            (true, true) => Ok(true),
            (true, false) => Err(Error::new(ErrorKind::TooFewElements, self.offset() - 1)),
            (false, true) => Err(self.error(ErrorKind::TooManyElements)),
            (false, false) => Ok(false),
        }
    }
}

/// The part of an array under construction that is initialized, dropped if reading fails.
struct PartialArray<T, const N: usize> {
    slots: [MaybeUninit<T>; N],
    init: usize,
}

impl<T, const N: usize> Drop for PartialArray<T, N> {
    fn drop(&mut self) {
        for slot in self.slots.iter_mut().take(self.init) {
            // SAFETY: the first `init` slots were written and not moved out.
            unsafe { slot.assume_init_drop() };
        }
    }
}

impl<'de, T: JsonRead<'de>, const N: usize> JsonRead<'de> for [T; N] {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut part = PartialArray::<T, N> {
            slots: [const { MaybeUninit::uninit() }; N],
            init: 0,
        };
        if !r.fixed_begin(N)? {
            for i in 0..N {
                if i > 0 {
                    r.fixed_next()?;
                }
                part.slots[i].write(T::read_json(r)?);
                part.init = i + 1;
            }
            r.fixed_end()?;
        }
        part.init = 0;
        // SAFETY: all N slots were written (the loop ran to N, or N == 0), and `init` is
        // now 0 so the guard drops none of them; `[MaybeUninit<T>; N]` and `[T; N]` have the
        // same layout.
        Ok(unsafe {
            (&part.slots as *const [MaybeUninit<T>; N])
                .cast::<[T; N]>()
                .read()
        })
    }

    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.fixed_begin(N)? {
            return Ok(());
        }
        for (i, slot) in self.iter_mut().enumerate() {
            if i > 0 {
                r.fixed_next()?;
            }
            slot.read_json_into(r)?;
        }
        r.fixed_end()
    }
}

/// Read impls for tuples: each an array of exactly its length. The attributes in brackets go
/// on both methods (the short tuples here are inlined, the long ones in `impls_more` not).
macro_rules! tuples {
    (@one [$(#[$attr:meta])*] $n:literal => ($($t:ident $v:ident $i:tt),+)) => {
        impl<'de, $($t: JsonRead<'de>),+> JsonRead<'de> for ($($t,)+) {
            $(#[$attr])*
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                r.fixed_begin($n)?;
                let mut first = true;
                $(
                    if !first {
                        r.fixed_next()?;
                    }
                    first = false;
                    let $v = $t::read_json(r)?;
                )+
                let _ = first;
                r.fixed_end()?;
                Ok(($($v,)+))
            }

            $(#[$attr])*
            fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                r.fixed_begin($n)?;
                let mut first = true;
                $(
                    if !first {
                        r.fixed_next()?;
                    }
                    first = false;
                    self.$i.read_json_into(r)?;
                )+
                let _ = first;
                r.fixed_end()
            }
        }
    };
    ($attrs:tt $($n:literal => ($($t:ident $v:ident $i:tt),+);)*) => {$(
        tuples!(@one $attrs $n => ($($t $v $i),+));
    )*};
}
pub(super) use tuples;

tuples! {
    [#[inline]]
    1 => (A a 0);
    2 => (A a 0, B b 1);
    3 => (A a 0, B b 1, C c 2);
    4 => (A a 0, B b 1, C c 2, D d 3);
    5 => (A a 0, B b 1, C c 2, D d 3, E e 4);
    6 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5);
    7 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6);
    8 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7);
}
