//! `JsonWrite` for the rest of the std and core types serde_json users reach for, written as
//! serde_json writes them (see `read/impls_more.rs` for the representations).

use core::marker::PhantomData;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use core::time::Duration;

use super::{JsonWrite, Sink, Writer};
use crate::{ErrorKind, Result};

macro_rules! nonzero {
    ($($nz:ty),*) => {$(
        impl JsonWrite for $nz {
            #[inline]
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_int(self.get())
            }
        }
    )*};
}
nonzero!(
    NonZeroU8,
    NonZeroU16,
    NonZeroU32,
    NonZeroU64,
    NonZeroU128,
    NonZeroUsize,
    NonZeroI8,
    NonZeroI16,
    NonZeroI32,
    NonZeroI64,
    NonZeroI128,
    NonZeroIsize
);

impl<T: ?Sized> JsonWrite for PhantomData<T> {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_null()
    }
}

impl JsonWrite for Duration {
    /// `{"secs":1,"nanos":500000000}`, as serde_json writes it.
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object()?;
        w.field(true, b"\"secs\":")?;
        w.write_int(self.as_secs())?;
        w.field(false, b"\"nanos\":")?;
        w.write_int(self.subsec_nanos())?;
        w.end_object(false)
    }
}

/// A stack buffer for `Display` text of bounded length (the longest socket address is 58
/// bytes); longer text fails the write rather than being cut.
struct TextBuf {
    bytes: [u8; 64],
    len: usize,
}

impl core::fmt::Write for TextBuf {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let end = self.len + s.len();
        let dst = self.bytes.get_mut(self.len..end).ok_or(core::fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Writes `v`'s `Display` text as a JSON string.
fn write_display<S: Sink>(w: &mut Writer<S>, v: &impl core::fmt::Display) -> Result<()> {
    use core::fmt::Write;
    let mut buf = TextBuf {
        bytes: [0; 64],
        len: 0,
    };
    if write!(buf, "{v}").is_err() {
        return Err(w.error(ErrorKind::Unrepresentable));
    }
    // `fmt::Write` only ever receives `&str`, so the bytes are UTF-8.
    let text = core::str::from_utf8(buf.bytes.get(..buf.len).unwrap_or_default());
    w.write_str(text.unwrap_or_default())
}

macro_rules! display {
    ($($t:ty),*) => {$(
        impl JsonWrite for $t {
            /// Its `Display` text as a string, as serde_json writes it.
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                write_display(w, self)
            }
        }
    )*};
}
display!(
    IpAddr,
    Ipv4Addr,
    Ipv6Addr,
    SocketAddr,
    SocketAddrV4,
    SocketAddrV6
);

macro_rules! tuples {
    ($(($($t:ident $i:tt),+);)*) => {$(
        impl<$($t: JsonWrite),+> JsonWrite for ($($t,)+) {
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.begin_array()?;
                let mut first = true;
                $(
                    w.element(first)?;
                    first = false;
                    self.$i.write_json(w)?;
                )+
                let _ = first;
                w.end_array(false)
            }
        }
    )*};
}
tuples! {
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);
}

/// Writes the items of an iterator as an array.
#[cfg(feature = "alloc")]
fn write_iter<'a, T: JsonWrite + 'a, S: Sink>(
    w: &mut Writer<S>,
    items: impl Iterator<Item = &'a T>,
) -> Result<()> {
    w.begin_array()?;
    let mut first = true;
    for v in items {
        v.write_json_element(w, first)?;
        first = false;
    }
    w.end_array(first)
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use alloc::borrow::Cow;
    use alloc::collections::{BTreeSet, VecDeque};
    use alloc::rc::Rc;
    use alloc::sync::Arc;

    use super::write_iter;
    use crate::write::{JsonWrite, Sink, Writer};
    use crate::Result;

    impl<T: JsonWrite> JsonWrite for BTreeSet<T> {
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.iter())
        }
    }

    impl<T: JsonWrite> JsonWrite for VecDeque<T> {
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.iter())
        }
    }

    impl<T: JsonWrite + Clone> JsonWrite for Cow<'_, [T]> {
        #[inline]
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_json(w)
        }
    }

    impl<T: JsonWrite + ?Sized> JsonWrite for Arc<T> {
        #[inline]
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_json(w)
        }
    }

    impl<T: JsonWrite + ?Sized> JsonWrite for Rc<T> {
        #[inline]
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_json(w)
        }
    }
}

#[cfg(feature = "std")]
mod std_impls {
    use std::collections::HashSet;
    use std::path::{Path, PathBuf};

    use super::write_iter;
    use crate::write::{JsonWrite, Sink, Writer};
    use crate::{ErrorKind, Result};

    impl<T: JsonWrite, H> JsonWrite for HashSet<T, H> {
        /// In the set's iteration order (not deterministic across runs with std's default
        /// hasher; use a `BTreeSet` for stable output).
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.iter())
        }
    }

    impl JsonWrite for Path {
        /// A string; a path that is not UTF-8 is [`ErrorKind::Unrepresentable`] (serde_json
        /// refuses it too).
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            match self.to_str() {
                Some(s) => w.write_str(s),
                None => Err(w.error(ErrorKind::Unrepresentable)),
            }
        }
    }

    impl JsonWrite for PathBuf {
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            self.as_path().write_json(w)
        }
    }
}
