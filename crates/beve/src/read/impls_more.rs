//! [`BeveRead`] for the rest of the std and core types: non-zero integers, `Duration`,
//! addresses, `PhantomData`, tuples of 13 to 16 elements and, with `alloc`, sets, deques and
//! shared pointers. The representations are listed in the crate docs.

use core::marker::PhantomData;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use core::time::Duration;

use super::impls_core::tuple_read;
use super::{check_exact, BeveRead, Reader};
use crate::error::{ErrorKind, Result};

macro_rules! nonzero {
    ($($nz:ty => $t:ty),*) => {$(
        /// A number (any numeric header whose value fits); `0` is an error at its header.
        impl<'de> BeveRead<'de> for $nz {
            #[inline]
            fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                let at = r.offset();
                let v = r.read_number::<$t>()?;
                <$nz>::new(v)
                    .ok_or_else(|| r.error_at(at, ErrorKind::Custom("expected a nonzero integer")))
            }
        }
    )*};
}
nonzero!(NonZeroU8 => u8, NonZeroU16 => u16, NonZeroU32 => u32, NonZeroU64 => u64,
    NonZeroU128 => u128, NonZeroUsize => usize, NonZeroI8 => i8, NonZeroI16 => i16,
    NonZeroI32 => i32, NonZeroI64 => i64, NonZeroI128 => i128, NonZeroIsize => isize);

/// Null.
impl<'de, T: ?Sized> BeveRead<'de> for PhantomData<T> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()?;
        Ok(PhantomData)
    }
}

/// An object with string keys `secs` (any unsigned number that fits `u64`) and `nanos` (fits
/// `u32`), both required, in any order; other keys follow the reader's unknown-field policy.
/// Nanoseconds past a second carry into the seconds.
impl<'de> BeveRead<'de> for Duration {
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.offset();
        let n = r.begin_object()?;
        let (mut secs, mut nanos) = (None, None);
        for _ in 0..n {
            let key_at = r.offset();
            match r.object_key()? {
                b"secs" => secs = Some(r.read_number::<u64>()?),
                b"nanos" => nanos = Some(r.read_number::<u32>()?),
                _ => r.unknown_field(key_at)?,
            }
        }
        r.end_object();
        let (secs, nanos) = match (secs, nanos) {
            (Some(s), Some(n)) => (s, n),
            (None, _) => return Err(r.missing_field("secs")),
            (_, None) => return Err(r.missing_field("nanos")),
        };
        match secs.checked_add(u64::from(nanos / 1_000_000_000)) {
            Some(s) => Ok(Duration::new(s, nanos % 1_000_000_000)),
            None => Err(r.error_at(at, ErrorKind::NumberOutOfRange)),
        }
    }
}

macro_rules! from_string {
    ($($t:ty => $what:literal),*) => {$(
        /// A string of its `Display` text, parsed with `FromStr`.
        impl<'de> BeveRead<'de> for $t {
            fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                let at = r.offset();
                let s = r.read_str()?;
                s.parse().map_err(|_| r.error_at(at, ErrorKind::Custom($what)))
            }
        }
    )*};
}
structio_core::__with_address_types!(from_string);

tuple_read! {
    []
    13 => (A B C D E F G H I J K L M)
    14 => (A B C D E F G H I J K L M N)
    15 => (A B C D E F G H I J K L M N O)
    16 => (A B C D E F G H I J K L M N O P)
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use alloc::collections::{BTreeSet, VecDeque};
    use alloc::rc::Rc;
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    use super::super::{BeveRead, Reader};
    use crate::error::Result;

    /// Any array `Vec<T>` reads (typed, bit-packed, string or generic); a repeated element is
    /// kept once.
    impl<'de, T: BeveRead<'de> + Ord> BeveRead<'de> for BTreeSet<T> {
        fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_beve(r).map(BTreeSet::from_iter)
        }
    }

    /// Any array `Vec<T>` reads.
    impl<'de, T: BeveRead<'de>> BeveRead<'de> for VecDeque<T> {
        fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_beve(r).map(VecDeque::from)
        }
    }

    macro_rules! shared {
        ($($p:ident),*) => {$(
            /// The contents, in a new allocation.
            impl<'de, T: BeveRead<'de>> BeveRead<'de> for $p<T> {
                fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                    T::read_beve(r).map($p::new)
                }
            }

            impl<'de> BeveRead<'de> for $p<str> {
                fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                    r.read_str().map($p::from)
                }
            }

            impl<'de, T: BeveRead<'de>> BeveRead<'de> for $p<[T]> {
                fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                    Vec::<T>::read_beve(r).map($p::from)
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
    use std::vec::Vec;

    use super::super::{BeveRead, Reader};
    use crate::error::Result;

    /// Any array `Vec<T>` reads; a repeated element is kept once.
    impl<'de, T, H> BeveRead<'de> for HashSet<T, H>
    where
        T: BeveRead<'de> + Eq + core::hash::Hash,
        H: core::hash::BuildHasher + Default,
    {
        fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
            Vec::<T>::read_beve(r).map(HashSet::from_iter)
        }
    }

    /// A string.
    impl<'de> BeveRead<'de> for PathBuf {
        fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
            r.read_str().map(PathBuf::from)
        }
    }
}
