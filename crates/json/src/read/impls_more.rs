//! `JsonRead` for the rest of the std and core types serde_json users reach for, in the
//! representation serde_json gives them: non-zero integers as numbers, `Duration` as
//! `{"secs":..,"nanos":..}`, addresses and paths as strings, sets and deques as arrays, shared
//! pointers as their contents, and tuples up to 16 elements.

use core::marker::PhantomData;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use core::time::Duration;

use super::impls_core::tuples;
use super::{JsonRead, KeyBuf, Reader};
use crate::{Error, ErrorKind, Result};

macro_rules! nonzero {
    ($($nz:ty => $t:ty),*) => {$(
        /// A non-zero integer; `0` is an error at the number (as serde_json refuses it).
        impl<'de> JsonRead<'de> for $nz {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                r.skip_ws();
                let at = r.offset();
                let v: $t = r.read_int()?;
                <$nz>::new(v).ok_or(Error::new(ErrorKind::Custom("expected a nonzero integer"), at))
            }
        }
    )*};
}
nonzero!(NonZeroU8 => u8, NonZeroU16 => u16, NonZeroU32 => u32, NonZeroU64 => u64,
    NonZeroU128 => u128, NonZeroUsize => usize, NonZeroI8 => i8, NonZeroI16 => i16,
    NonZeroI32 => i32, NonZeroI64 => i64, NonZeroI128 => i128, NonZeroIsize => isize);

/// `null`, as serde writes a `PhantomData`.
impl<'de, T: ?Sized> JsonRead<'de> for PhantomData<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()?;
        Ok(PhantomData)
    }
}

/// serde's form, `{"secs": u64, "nanos": u32}` with both members required (in any order), or
/// the two-element array `[secs, nanos]` serde also accepts. Nanoseconds past a second carry
/// into the seconds; a total past `u64::MAX` seconds is [`ErrorKind::NumberOutOfRange`].
impl<'de> JsonRead<'de> for Duration {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.peek()?;
        let start = r.offset();
        let (secs, nanos) = if at == b'[' {
            <(u64, u32)>::read_json(r)?
        } else {
            read_duration_object(r)?
        };
        let carry = u64::from(nanos / 1_000_000_000);
        match secs.checked_add(carry) {
            Some(s) => Ok(Duration::new(s, nanos % 1_000_000_000)),
            None => Err(Error::new(ErrorKind::NumberOutOfRange, start)),
        }
    }
}

/// The members of a `Duration` object, each once; other keys follow the reader's
/// unknown-field policy, as for a derived struct.
fn read_duration_object(r: &mut Reader<'_>) -> Result<(u64, u32)> {
    let (mut secs, mut nanos) = (None, None);
    if !r.begin_object()? {
        loop {
            let key_at = r.offset();
            let mut buf = KeyBuf::new();
            match r.object_key(&mut buf)? {
                b"secs" => secs = Some(r.read_int::<u64>()?),
                b"nanos" => nanos = Some(r.read_int::<u32>()?),
                _ => r.unknown_field(key_at)?,
            }
            if !r.object_next()? {
                break;
            }
        }
    }
    match (secs, nanos) {
        (Some(s), Some(n)) => Ok((s, n)),
        (None, _) => Err(r.missing_field("secs")),
        (_, None) => Err(r.missing_field("nanos")),
    }
}

/// Reads a JSON string (escapes decoded, up to 256 bytes) and parses it with `FromStr`; a
/// string that does not parse is `Custom(what)` at its opening quote.
fn parse_string<T: core::str::FromStr>(r: &mut Reader<'_>, what: &'static str) -> Result<T> {
    r.skip_ws();
    let at = r.offset();
    let mut buf = KeyBuf::new();
    let bytes = r.read_str_raw(&mut buf).map_err(|e| match e.kind() {
        ErrorKind::KeyTooLong => Error::new(ErrorKind::Custom(what), at),
        _ => e,
    })?;
    core::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or(Error::new(ErrorKind::Custom(what), at))
}

macro_rules! from_string {
    ($($t:ty => $what:literal),*) => {$(
        /// The string serde_json writes (`Display`'s text), parsed with `FromStr`.
        impl<'de> JsonRead<'de> for $t {
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                parse_string(r, $what)
            }
        }
    )*};
}
structio_core::__with_address_types!(from_string);

tuples! {
    []
    9 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8);
    10 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9);
    11 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10);
    12 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10,
        L l 11);
    13 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10,
        L l 11, M m 12);
    14 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10,
        L l 11, M m 12, N n 13);
    15 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10,
        L l 11, M m 12, N n 13, O o 14);
    16 => (A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10,
        L l 11, M m 12, N n 13, O o 14, P p 15);
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use alloc::borrow::Cow;
    use alloc::boxed::Box;
    use alloc::collections::{BTreeSet, VecDeque};
    use alloc::rc::Rc;
    use alloc::string::String;
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    use super::super::{JsonRead, Reader};
    use crate::Result;

    /// Reads an array's elements into `insert`.
    #[inline]
    fn read_elements<'de, T: JsonRead<'de>>(
        r: &mut Reader<'de>,
        mut insert: impl FnMut(T),
    ) -> Result<()> {
        if r.begin_array()? {
            return Ok(());
        }
        loop {
            insert(T::read_json(r)?);
            if !r.array_next()? {
                return Ok(());
            }
        }
    }

    /// An array; a repeated element is kept once, as inserting it again does.
    impl<'de, T: JsonRead<'de> + Ord> JsonRead<'de> for BTreeSet<T> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            let mut s = BTreeSet::new();
            read_elements(r, |v| {
                s.insert(v);
            })?;
            Ok(s)
        }

        /// Clears the set and refills it.
        fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
            self.clear();
            read_elements(r, |v| {
                self.insert(v);
            })
        }
    }

    /// An array.
    impl<'de, T: JsonRead<'de>> JsonRead<'de> for VecDeque<T> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_json(r).map(VecDeque::from)
        }

        /// Clears the deque (keeping its buffer) and refills it.
        fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
            self.clear();
            read_elements(r, |v| self.push_back(v))
        }
    }

    impl<'de> JsonRead<'de> for Box<str> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            String::read_json(r).map(String::into_boxed_str)
        }
    }

    impl<'de, T: JsonRead<'de>> JsonRead<'de> for Box<[T]> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_json(r).map(Vec::into_boxed_slice)
        }
    }

    /// Always owned: JSON text holds numbers as digits, never as the elements' bytes. The
    /// impl exists so that one struct with a `Cow<'de, [f64]>` field derives both JSON and
    /// BEVE (where the slice can borrow).
    impl<'de: 'a, 'a, T: JsonRead<'de> + Clone> JsonRead<'de> for Cow<'a, [T]> {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_json(r).map(Cow::Owned)
        }
    }

    macro_rules! shared {
        ($($p:ident),*) => {$(
            /// The contents, in a new allocation (as serde does, without sharing).
            impl<'de, T: JsonRead<'de>> JsonRead<'de> for $p<T> {
                fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                    T::read_json(r).map($p::new)
                }
            }

            impl<'de> JsonRead<'de> for $p<str> {
                fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                    String::read_json(r).map($p::from)
                }
            }

            impl<'de, T: JsonRead<'de>> JsonRead<'de> for $p<[T]> {
                fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                    Vec::<T>::read_json(r).map($p::from)
                }
            }
        )*};
    }
    shared!(Arc, Rc);
}

#[cfg(feature = "std")]
mod std_impls {
    use std::collections::HashSet;
    use std::path::PathBuf;
    use std::string::String;

    use super::super::{JsonRead, Reader};
    use crate::Result;

    /// An array; a repeated element is kept once.
    impl<'de, T, H> JsonRead<'de> for HashSet<T, H>
    where
        T: JsonRead<'de> + Eq + core::hash::Hash,
        H: core::hash::BuildHasher + Default,
    {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            let mut s = HashSet::default();
            s.read_json_into(r)?;
            Ok(s)
        }

        /// Clears the set (keeping its table) and refills it.
        fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
            self.clear();
            if r.begin_array()? {
                return Ok(());
            }
            loop {
                self.insert(T::read_json(r)?);
                if !r.array_next()? {
                    return Ok(());
                }
            }
        }
    }

    /// A string (serde_json refuses a path that is not UTF-8 when writing, so every path it
    /// writes is one).
    impl<'de> JsonRead<'de> for PathBuf {
        fn read_json(r: &mut Reader<'de>) -> Result<Self> {
            String::read_json(r).map(PathBuf::from)
        }
    }
}
