//! A global allocator that counts, per thread, the allocations made and the bytes asked for and
//! still held, for tests that assert a loop allocates nothing or a hostile count reserves little.
//!
//! The counters are thread-locals because the test harness runs other tests, and itself
//! allocates, on other threads at the same time: a process-wide counter sees their allocations
//! too, and a test that asserts zero fails now and then.
//!
//! ```
//! use structio_testkit::alloc_count::{counted, CountingAllocator};
//!
//! #[global_allocator]
//! static GLOBAL: CountingAllocator = CountingAllocator;
//!
//! let (counts, v) = counted(|| vec![0u8; 100]);
//! assert_eq!((counts.allocs, counts.bytes), (1, 100));
//! let (counts, _) = counted(|| v.len());
//! assert_eq!(counts.allocs, 0);
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

std::thread_local! {
    /// Calls to `alloc` and `realloc` on this thread.
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
    /// Bytes asked for by those calls (a `realloc` counts its new size).
    static BYTES: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated on this thread less bytes freed on it.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// Adds `n` to a counter. `try_with`: the slot is gone while a thread shuts down, and the
/// allocator must not panic then.
fn bump<T: Copy + core::ops::Add<Output = T>>(key: &'static std::thread::LocalKey<Cell<T>>, n: T) {
    let _ = key.try_with(|c| c.set(c.get() + n));
}

/// The system allocator, counting each thread's allocations. Install it with
/// `#[global_allocator]` in the test file that counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

// SAFETY: every call is forwarded to `System` with the caller's arguments unchanged; the counting
// touches only this thread's `Cell`s and never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump(&ALLOCS, 1);
        bump(&BYTES, layout.size());
        bump(&LIVE, layout.size() as isize);
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        bump(&LIVE, -(layout.size() as isize));
        // SAFETY: the caller's contract for `dealloc` is passed on as it is.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump(&ALLOCS, 1);
        bump(&BYTES, new_size);
        bump(&LIVE, new_size as isize - layout.size() as isize);
        // SAFETY: the caller's contract for `realloc` is passed on as it is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// What a closure allocated on the calling thread, from [`counted`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Calls to `alloc` and `realloc`.
    pub allocs: usize,
    /// Bytes those calls asked for (a `realloc` counts its new size).
    pub bytes: usize,
}

/// Runs `f` and returns what it allocated on this thread, with its result. Counts only while
/// [`CountingAllocator`] is the global allocator; otherwise they stay zero.
///
/// ```
/// let (counts, s) = structio_testkit::alloc_count::counted(|| 1 + 1);
/// assert_eq!((counts.allocs, s), (0, 2));
/// ```
pub fn counted<T>(f: impl FnOnce() -> T) -> (Counts, T) {
    let (a, b) = (ALLOCS.with(Cell::get), BYTES.with(Cell::get));
    let out = f();
    let counts = Counts {
        allocs: ALLOCS.with(Cell::get) - a,
        bytes: BYTES.with(Cell::get) - b,
    };
    (counts, out)
}

/// Bytes allocated on this thread and not yet freed, since it started: a test compares two
/// readings to see what a value keeps.
///
/// ```
/// let before = structio_testkit::alloc_count::live_bytes();
/// assert_eq!(structio_testkit::alloc_count::live_bytes() - before, 0);
/// ```
pub fn live_bytes() -> isize {
    LIVE.with(Cell::get)
}
