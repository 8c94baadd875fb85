//! [`BeveWrite`] for the rest of the std and core types (see `read/impls_more.rs` and the
//! crate docs for the representations).

use core::time::Duration;

use super::{BeveWrite, Sink, Writer};
use crate::error::{ErrorKind, Result};

// Each `NonZero*` as the number, in its type's width.
structio_core::__write_impls_nonzero! { trait: BeveWrite { write_beve }, via: write_number }

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
}

#[cfg(feature = "std")]
mod std_impls {
    use std::collections::HashSet;

    use super::alloc_impls::write_iter;
    use crate::error::Result;
    use crate::write::{BeveWrite, Sink, Writer};

    impl<T: BeveWrite, H> BeveWrite for HashSet<T, H> {
        /// The array a `Vec` of the elements in iteration order gets (not deterministic across
        /// runs with std's default hasher).
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.len(), self.iter())
        }
    }
}

structio_core::__write_impls_more! {
    trait: BeveWrite { write_beve },
    addr: "A string of its `Display` text.",
    path: "A string; a path that is not UTF-8 is [`ErrorKind::Unrepresentable`].",
}
