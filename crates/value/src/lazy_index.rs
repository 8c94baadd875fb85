//! The sorted index of a large object's keys, built by the first lookup that needs it.
//!
//! Reading a document builds no index: most large objects are never searched by key, and sorting
//! every one of them cost a fifth of the build time of twitter. A lookup through `&self` builds
//! the index and installs it with one compare-and-swap (a racing thread that loses frees its
//! copy), so `Object` stays `Sync` without a lock. Mutation goes through `&mut`, which keeps the
//! index in step or drops it.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

/// Positions of an object's entries, sorted by key (stable: equal keys in insertion order).
pub(crate) struct LazyIndex(AtomicPtr<Vec<u32>>);

impl LazyIndex {
    pub(crate) const fn new() -> Self {
        LazyIndex(AtomicPtr::new(ptr::null_mut()))
    }

    /// The index, built with `build` if there is none yet.
    #[inline]
    pub(crate) fn get_or_build(&self, build: impl FnOnce() -> Vec<u32>) -> &[u32] {
        let p = self.0.load(Ordering::Acquire);
        if !p.is_null() {
            // SAFETY: an installed index is freed only through `&mut self`, so it outlives `&self`.
            return unsafe { &*p };
        }
        let new = Box::into_raw(Box::new(build()));
        match self
            .0
            .compare_exchange(ptr::null_mut(), new, Ordering::AcqRel, Ordering::Acquire)
        {
            // SAFETY: installed just now; freed only through `&mut self`.
            Ok(_) => unsafe { &*new },
            Err(winner) => {
                // SAFETY: `new` came from `Box::into_raw` and was never shared.
                drop(unsafe { Box::from_raw(new) });
                // SAFETY: as for an installed index above.
                unsafe { &*winner }
            }
        }
    }

    /// The index, if one was built.
    #[inline]
    pub(crate) fn get_mut(&mut self) -> Option<&mut Vec<u32>> {
        let p = *self.0.get_mut();
        // SAFETY: a non-null pointer is an installed index, exclusively ours through `&mut self`.
        (!p.is_null()).then(|| unsafe { &mut *p })
    }

    /// Drops the index; the next lookup that needs one builds it again.
    #[inline]
    pub(crate) fn clear(&mut self) {
        let p = core::mem::replace(self.0.get_mut(), ptr::null_mut());
        if !p.is_null() {
            // SAFETY: an installed index came from `Box::into_raw` and nothing borrows it.
            drop(unsafe { Box::from_raw(p) });
        }
    }
}

impl Drop for LazyIndex {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::LazyIndex;
    use alloc::vec;

    #[test]
    fn the_first_index_built_is_kept() {
        let index = LazyIndex::new();
        assert_eq!(index.get_or_build(|| vec![2, 0, 1]), [2, 0, 1]);
        // Built already: `build` is not called again.
        assert_eq!(index.get_or_build(|| unreachable!()), [2, 0, 1]);
    }

    #[test]
    fn a_build_that_loses_the_race_is_freed_and_the_winner_answers() {
        // Another thread's index installed while this one was building: the inner call stands
        // for that thread, deterministically (threads would reach this branch only by chance).
        // Under Miri, a copy not freed is a leak and a freed one read is an error.
        let index = LazyIndex::new();
        let got = index.get_or_build(|| {
            assert_eq!(index.get_or_build(|| vec![1, 0]), [1, 0]);
            vec![9, 9, 9]
        });
        assert_eq!(got, [1, 0]);
        assert_eq!(index.get_or_build(|| unreachable!()), [1, 0]);
    }

    #[test]
    fn cleared_and_rebuilt_through_mut() {
        let mut index = LazyIndex::new();
        assert!(index.get_mut().is_none());
        index.get_or_build(|| vec![0]);
        index.get_mut().unwrap().push(1);
        assert_eq!(index.get_or_build(|| unreachable!()), [0, 1]);
        index.clear();
        assert!(index.get_mut().is_none());
        assert_eq!(index.get_or_build(|| vec![3]), [3]);
    }
}
