//! [`BeveWrite`] for the rest of the std and core types (see `read/impls_more.rs` and the
//! crate docs for the representations).

use core::marker::PhantomData;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use core::time::Duration;

use super::{BeveWrite, Sink, Writer};
use crate::error::{ErrorKind, Result};

macro_rules! nonzero {
    ($($nz:ty),*) => {$(
        /// The number, in its type's width.
        impl BeveWrite for $nz {
            #[inline]
            fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_number(self.get())
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

impl<T: ?Sized> BeveWrite for PhantomData<T> {
    #[inline]
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_null()
    }
}

impl BeveWrite for Duration {
    /// An object `{"secs": u64, "nanos": u32}`, the fields serde gives a `Duration`.
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object(2)?;
        w.key(b"secs")?;
        w.write_number(self.as_secs())?;
        w.key(b"nanos")?;
        w.write_number(self.subsec_nanos())
    }
}

/// A stack buffer for `Display` text of bounded length (the longest socket address is 58
/// bytes).
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

macro_rules! display {
    ($($t:ty),*) => {$(
        impl BeveWrite for $t {
            /// A string of its `Display` text.
            fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                use core::fmt::Write;
                let mut buf = TextBuf { bytes: [0; 64], len: 0 };
                if write!(buf, "{self}").is_err() {
                    return Err(w.error(ErrorKind::Unrepresentable));
                }
                // `fmt::Write` only ever receives `&str`, so the bytes are UTF-8.
                let text = core::str::from_utf8(buf.bytes.get(..buf.len).unwrap_or_default());
                w.write_str(text.unwrap_or_default())
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

macro_rules! tuple_write {
    ($($len:expr => ($($name:ident $idx:tt)+))+) => {$(
        impl<$($name: BeveWrite),+> BeveWrite for ($($name,)+) {
            fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.begin_array($len)?;
                $(self.$idx.write_beve(w)?;)+
                Ok(())
            }
        }
    )+};
}

tuple_write! {
    13 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11 M 12)
    14 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11 M 12 N 13)
    15 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11 M 12 N 13 O 14)
    16 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11 M 12 N 13 O 14 P 15)
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use alloc::collections::{BTreeSet, VecDeque};
    use alloc::rc::Rc;
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    use crate::error::Result;
    use crate::header;
    use crate::write::{BeveWrite, Sink, Writer};

    /// Writes a sequence that is not one slice (a set, a deque) with the array header a `Vec` of
    /// the same elements gets (typed for numbers, bit-packed for `bool`, string array for
    /// strings, generic otherwise), as Glaze writes a `std::set` or `std::deque`.
    ///
    /// The element type chooses its array form in [`BeveWrite::write_beve_slice`], which needs a
    /// slice; so each element is written as a one-element array into a scratch buffer and its
    /// payload (what follows the header and the count) is kept. Every array form but the
    /// bit-packed one is the concatenation of its elements' payloads; booleans are packed here.
    pub(crate) fn write_iter<'a, T, S>(
        w: &mut Writer<S>,
        len: usize,
        items: impl Iterator<Item = &'a T> + Clone,
    ) -> Result<()>
    where
        T: BeveWrite + 'a,
        S: Sink,
    {
        let mut empty = Writer::new(Vec::new());
        T::write_beve_slice(&[], &mut empty)?;
        let empty = empty.into_inner();
        // The array header is what comes before the count, a zero (one byte).
        let head = match empty.split_last() {
            Some((0, head)) if !head.is_empty() => head,
            _ => return generic(w, len, items),
        };
        if head == [header::GENERIC_ARRAY] {
            return generic(w, len, items);
        }
        let mut body = Vec::new();
        let mut bools = Vec::new();
        let mut scratch = Vec::new();
        for x in items.clone() {
            scratch.clear();
            let mut one = Writer::new(core::mem::take(&mut scratch));
            T::write_beve_slice(core::slice::from_ref(x), &mut one)?;
            scratch = one.into_inner();
            // A count of one is the byte 0x04.
            match scratch
                .strip_prefix(head)
                .and_then(|t| t.strip_prefix(&[0x04]))
            {
                Some(&[bits]) if head == [header::BOOL_ARRAY] => bools.push(bits & 1 != 0),
                Some(payload) if head != [header::BOOL_ARRAY] => body.extend_from_slice(payload),
                // An element type whose array form is not element payloads in a row.
                _ => return generic(w, len, items),
            }
        }
        if head == [header::BOOL_ARRAY] {
            return w.bool_array(&bools);
        }
        w.raw(head)?;
        w.write_size(len)?;
        w.raw(&body)
    }

    /// A generic array (`0x05`): each element with its own header.
    fn generic<'a, T: BeveWrite + 'a, S: Sink>(
        w: &mut Writer<S>,
        len: usize,
        items: impl Iterator<Item = &'a T>,
    ) -> Result<()> {
        w.begin_array(len)?;
        for x in items {
            x.write_beve(w)?;
        }
        Ok(())
    }

    impl<T: BeveWrite> BeveWrite for BTreeSet<T> {
        /// The array a `Vec` of the elements in ascending order gets.
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.len(), self.iter())
        }
    }

    impl<T: BeveWrite> BeveWrite for VecDeque<T> {
        /// The array a `Vec` of the same elements gets; one contiguous run is written as that
        /// slice (a typed array of numbers is then one copy).
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            match self.as_slices() {
                (front, []) => T::write_beve_slice(front, w),
                _ => write_iter(w, self.len(), self.iter()),
            }
        }
    }

    impl<T: BeveWrite + ?Sized> BeveWrite for Arc<T> {
        #[inline]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_beve(w)
        }
    }

    impl<T: BeveWrite + ?Sized> BeveWrite for Rc<T> {
        #[inline]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_beve(w)
        }
    }
}

#[cfg(feature = "std")]
mod std_impls {
    use std::collections::HashSet;
    use std::path::{Path, PathBuf};

    use super::alloc_impls::write_iter;
    use crate::error::{ErrorKind, Result};
    use crate::write::{BeveWrite, Sink, Writer};

    impl<T: BeveWrite, H> BeveWrite for HashSet<T, H> {
        /// The array a `Vec` of the elements in iteration order gets (not deterministic across
        /// runs with std's default hasher).
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.len(), self.iter())
        }
    }

    impl BeveWrite for Path {
        /// A string; a path that is not UTF-8 is [`ErrorKind::Unrepresentable`].
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            match self.to_str() {
                Some(s) => w.write_str(s),
                None => Err(w.error(ErrorKind::Unrepresentable)),
            }
        }
    }

    impl BeveWrite for PathBuf {
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            self.as_path().write_beve(w)
        }
    }
}
