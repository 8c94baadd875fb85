//! `JsonWrite` for the rest of the std and core types serde_json users reach for, written as
//! serde_json writes them (see `read/impls_more.rs` for the representations).

use core::time::Duration;

use super::{JsonWrite, Sink, Writer};
use crate::{ErrorKind, Result};

structio_core::__write_impls_nonzero! { trait: JsonWrite { write_json }, via: write_int }

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
}

#[cfg(feature = "std")]
mod std_impls {
    use std::collections::HashSet;

    use super::write_iter;
    use crate::write::{JsonWrite, Sink, Writer};
    use crate::Result;

    impl<T: JsonWrite, H> JsonWrite for HashSet<T, H> {
        /// In the set's iteration order (not deterministic across runs with std's default
        /// hasher; use a `BTreeSet` for stable output).
        fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_iter(w, self.iter())
        }
    }
}

structio_core::__write_impls_more! {
    trait: JsonWrite { write_json },
    addr: "Its `Display` text as a string, as serde_json writes it.",
    path: "A string; a path that is not UTF-8 is [`ErrorKind::Unrepresentable`] (serde_json \
        refuses it too).",
}
