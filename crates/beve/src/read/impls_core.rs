//! [`BeveRead`] for the core types: `bool`, `char`, `&str`, `()`, `Option`, fixed arrays and
//! tuples (numbers are in `numbers.rs`).

use super::{check_exact, read_generic_seq, BeveRead, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::header;

impl<'de> BeveRead<'de> for bool {
    #[inline(always)]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }

    #[inline]
    fn read_beve_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        if r.peek_header()? != header::BOOL_ARRAY {
            return read_generic_seq(seq, r);
        }
        r.advance(1);
        let (n, bytes) = r.read_bool_bits()?;
        if !seq.seq_reserve(n) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
        seq.seq_truncate(0);
        // Unpacked a block of bytes at a time into a buffer on the stack, which the sequence
        // takes in one copy: appending each byte's eight (or fewer) booleans on its own cost a
        // copy of a length known only at run time for every eight.
        if let [byte] = *bytes {
            return match seq.seq_extend_from_slice(&unpack8(byte)[..n.min(8)]) {
                true => Ok(()),
                false => Err(r.error_at(at, ErrorKind::TooManyElements)),
            };
        }
        let mut buf = [false; 8 * UNPACK_BLOCK];
        for (k, block) in bytes.chunks(UNPACK_BLOCK).enumerate() {
            for (lanes, &byte) in buf.chunks_exact_mut(8).zip(block) {
                lanes.copy_from_slice(&unpack8(byte));
            }
            let take = n.saturating_sub(8 * UNPACK_BLOCK * k).min(8 * block.len());
            if !seq.seq_extend_from_slice(&buf[..take]) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
        }
        Ok(())
    }

    #[inline]
    fn read_beve_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        if r.peek_header()? != header::BOOL_ARRAY {
            let n = r.begin_array()?;
            check_exact(r, at, n, dst.len())?;
            for x in dst.iter_mut() {
                *x = r.read_bool()?;
            }
            r.end_array();
            return Ok(());
        }
        r.advance(1);
        let (n, bytes) = r.read_bool_bits()?;
        check_exact(r, at, n, dst.len())?;
        // `n` is `dst.len()` and `bytes` holds `ceil(n / 8)` bytes: one per eight lanes.
        for (lanes, &byte) in dst.chunks_mut(8).zip(bytes) {
            for (x, b) in lanes.iter_mut().zip(unpack8(byte)) {
                *x = b;
            }
        }
        Ok(())
    }

    #[inline]
    fn read_beve_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
        let mut out = [false; N];
        Self::read_beve_exact(&mut out, r)?;
        Ok(out)
    }
}

/// Packed bytes unpacked into the stack buffer per copy into the sequence.
const UNPACK_BLOCK: usize = 32;

/// The eight booleans of one byte of a bit-packed array, bit 0 first: the byte is copied into
/// every lane of a word, each lane keeps its own bit, and adding 0x7f carries a set bit to the
/// lane's top (no lane overflows into the next).
#[inline(always)]
fn unpack8(byte: u8) -> [bool; 8] {
    let lanes = (u64::from(byte) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    let ones = ((lanes + 0x7f7f_7f7f_7f7f_7f7f) >> 7) & 0x0101_0101_0101_0101;
    ones.to_le_bytes().map(|b| b != 0)
}

/// A string-like element: read from a string's UTF-8, in place where it owns a buffer.
pub(crate) trait StrElem<'de>: BeveRead<'de> {
    /// A new element from the string `s` (the reader is for the error offset).
    fn from_str_at(s: &'de str, r: &Reader<'de>) -> Result<Self>;
    /// Replaces this element's contents with `s`, reusing its buffer if it has one.
    fn assign(&mut self, s: &'de str, r: &Reader<'de>) -> Result<()> {
        *self = Self::from_str_at(s, r)?;
        Ok(())
    }
}

/// A sequence of strings: the string array (`0x3c`), or a generic array of strings.
pub(crate) fn read_str_seq<'de, T: StrElem<'de>, S: Seq<T>>(
    seq: &mut S,
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    if r.peek_header()? != header::STRING_ARRAY {
        return read_generic_seq(seq, r);
    }
    r.advance(1);
    let n = r.read_count(1)?;
    // A leaf (strings hold no values that nest, and each takes its bytes as it is read), so
    // capped like a numeric array, out of no budget: a string element is larger than the
    // byte it was counted at.
    if !seq.seq_reserve(structio_core::cautious_reserve::<T>(n)) {
        return Err(r.error_at(at, ErrorKind::TooManyElements));
    }
    let reuse = n.min(seq.seq_len());
    seq.seq_truncate(reuse);
    for x in seq.seq_as_mut_slice() {
        let s = r.read_str_body()?;
        x.assign(s, r)?;
    }
    for _ in reuse..n {
        let s = r.read_str_body()?;
        let v = T::from_str_at(s, r)?;
        if !seq.seq_push(v) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
    }
    Ok(())
}

/// Exactly `dst.len()` strings: the string array, or a generic array of strings.
pub(crate) fn read_str_exact<'de, T: StrElem<'de>>(
    dst: &mut [T],
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    if r.peek_header()? != header::STRING_ARRAY {
        let n = r.begin_array()?;
        check_exact(r, at, n, dst.len())?;
        for x in dst.iter_mut() {
            x.read_beve_into(r)?;
        }
        r.end_array();
        return Ok(());
    }
    r.advance(1);
    let n = r.read_count(1)?;
    check_exact(r, at, n, dst.len())?;
    for x in dst.iter_mut() {
        let s = r.read_str_body()?;
        x.assign(s, r)?;
    }
    Ok(())
}

/// A fixed array of exactly `N` strings.
pub(crate) fn read_str_array<'de, T: StrElem<'de>, const N: usize>(
    r: &mut Reader<'de>,
) -> Result<[T; N]> {
    let at = r.offset();
    let string_array = r.peek_header()? == header::STRING_ARRAY;
    let n = if string_array {
        r.advance(1);
        r.read_count(1)?
    } else {
        r.begin_array()?
    };
    check_exact(r, at, n, N)?;
    let mut err = None;
    let items: [Option<T>; N] = core::array::from_fn(|_| {
        if err.is_some() {
            return None;
        }
        let v = if string_array {
            r.read_str_body().and_then(|s| T::from_str_at(s, r))
        } else {
            T::read_beve(r)
        };
        v.map_err(|e| err = Some(e)).ok()
    });
    if let Some(e) = err {
        return Err(e);
    }
    if !string_array {
        r.end_array();
    }
    Ok(items.map(|x| x.unwrap_or_else(|| unreachable!("every element was read"))))
}

/// Implements the sequence methods of a [`StrElem`] type through the string-array readers.
macro_rules! str_seq_methods {
    () => {
        #[inline]
        fn read_beve_seq<S: $crate::read::Seq<Self>>(
            seq: &mut S,
            r: &mut $crate::read::Reader<'de>,
        ) -> $crate::Result<()> {
            $crate::read::impls_core::read_str_seq(seq, r)
        }
        #[inline]
        fn read_beve_exact(
            dst: &mut [Self],
            r: &mut $crate::read::Reader<'de>,
        ) -> $crate::Result<()> {
            $crate::read::impls_core::read_str_exact(dst, r)
        }
        #[inline]
        fn read_beve_array<const LEN: usize>(
            r: &mut $crate::read::Reader<'de>,
        ) -> $crate::Result<[Self; LEN]> {
            $crate::read::impls_core::read_str_array(r)
        }
    };
}
#[cfg(any(feature = "alloc", feature = "heapless"))]
pub(crate) use str_seq_methods;

impl<'de: 'a, 'a> StrElem<'de> for &'a str {
    #[inline(always)]
    fn from_str_at(s: &'de str, _: &Reader<'de>) -> Result<Self> {
        Ok(s)
    }
}

impl<'de: 'a, 'a> BeveRead<'de> for &'a str {
    #[inline(always)]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
    str_seq_methods!();
}

impl<'de> BeveRead<'de> for char {
    /// A string of exactly one character; an integer code point is accepted too (Glaze writes
    /// its `char` as an 8-bit integer).
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.offset();
        if r.peek_header()? == header::STRING {
            let s = r.read_str()?;
            let mut chars = s.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(c),
                _ => Err(r.error_at(at, ErrorKind::ExpectedChar)),
            };
        }
        let code = r.read_number::<u32>().map_err(|e| match e.kind() {
            ErrorKind::WrongType { found, .. } => r.error_at(
                at,
                ErrorKind::WrongType {
                    expected: header::STRING,
                    found,
                },
            ),
            _ => e,
        })?;
        char::from_u32(code).ok_or_else(|| r.error_at(at, ErrorKind::ExpectedChar))
    }
}

impl<'de> BeveRead<'de> for () {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()
    }
}

impl<'de, T: BeveRead<'de>> BeveRead<'de> for Option<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek_header()? == header::NULL {
            r.advance(1);
            Ok(None)
        } else {
            T::read_beve(r).map(Some)
        }
    }

    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.peek_header()? == header::NULL {
            r.advance(1);
            *self = None;
            return Ok(());
        }
        match self {
            Some(x) => x.read_beve_into(r),
            None => {
                *self = Some(T::read_beve(r)?);
                Ok(())
            }
        }
    }

    #[inline]
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}

impl<'de, T: BeveRead<'de>, const N: usize> BeveRead<'de> for [T; N] {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        T::read_beve_array::<N>(r)
    }

    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_beve_exact(self, r)
    }
}

/// Read impls for tuples: each an array of exactly its length. The attributes in brackets go
/// on both methods (the short tuples here are inlined, the long ones in `impls_more` not).
macro_rules! tuple_read {
    (@one [$(#[$attr:meta])*] $len:expr => ($($name:ident)+)) => {
        impl<'de, $($name: BeveRead<'de>),+> BeveRead<'de> for ($($name,)+) {
            $(#[$attr])*
            fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                let at = r.offset();
                let n = r.begin_array()?;
                check_exact(r, at, n, $len)?;
                let value = ($($name::read_beve(r)?,)+);
                r.end_array();
                Ok(value)
            }

            $(#[$attr])*
            #[allow(non_snake_case)]
            fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                let at = r.offset();
                let n = r.begin_array()?;
                check_exact(r, at, n, $len)?;
                let ($($name,)+) = self;
                $($name.read_beve_into(r)?;)+
                r.end_array();
                Ok(())
            }
        }
    };
    ($attrs:tt $($len:expr => ($($name:ident)+))+) => {$(
        tuple_read!(@one $attrs $len => ($($name)+));
    )+};
}
pub(super) use tuple_read;

tuple_read! {
    [#[inline]]
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
