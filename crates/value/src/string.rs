//! String storage for [`Value`](crate::Value): up to [`SHORT_MAX`] bytes inline in the node,
//! longer ones in an exact-size allocation of their own (immutable: a new string replaces it).

use alloc::alloc::{alloc, dealloc, handle_alloc_error};
use core::alloc::Layout;
use core::ptr::{self, NonNull};
use core::{slice, str};

use crate::value::Repr;

/// The longest string kept inside the 16-byte node (tag byte, length byte, 14 bytes of text).
pub const SHORT_MAX: usize = 14;

/// `repr(C)`: the length first, then the bytes (the JSON reader builds one in place).
#[derive(Copy, Clone)]
#[repr(C)]
pub(crate) struct ShortStr {
    len: u8,
    buf: [u8; SHORT_MAX],
}

impl ShortStr {
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // SAFETY: `len <= SHORT_MAX` and the first `len` bytes were copied from a `&str`.
        unsafe { str::from_utf8_unchecked(self.buf.get_unchecked(..self.len as usize)) }
    }
}

/// An owned string in one exact-size allocation. `packed(4)` lets it sit after the node's tag
/// byte, so `Value` stays 16 bytes (tag at 0, length at 4, pointer at 8).
#[repr(C, packed(4))]
pub(crate) struct HeapStr {
    len: u32,
    ptr: NonNull<u8>,
}

// SAFETY: a `HeapStr` owns its bytes exclusively and never mutates them.
unsafe impl Send for HeapStr {}
// SAFETY: as above.
unsafe impl Sync for HeapStr {}

impl HeapStr {
    /// # Panics
    /// Only if `s` is longer than `u32::MAX` bytes (a string built by the program, never one
    /// read: the readers reject such input first).
    fn new(s: &str) -> HeapStr {
        let len = u32::try_from(s.len()).unwrap_or_else(|_| crate::array::capacity_overflow());
        // `s` is longer than SHORT_MAX, so the layout is never zero-sized.
        let layout =
            Layout::array::<u8>(s.len()).unwrap_or_else(|_| crate::array::capacity_overflow());
        // SAFETY: non-zero size, as above.
        let raw = unsafe { alloc(layout) };
        let Some(ptr) = NonNull::new(raw) else {
            handle_alloc_error(layout)
        };
        // SAFETY: the block holds `s.len()` bytes and does not overlap `s`.
        unsafe { ptr::copy_nonoverlapping(s.as_ptr(), ptr.as_ptr(), s.len()) };
        HeapStr { len, ptr }
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        let (p, len) = (self.ptr, self.len);
        // SAFETY: the block holds `len` bytes copied from a `&str` and lives as long as `self`.
        unsafe { str::from_utf8_unchecked(slice::from_raw_parts(p.as_ptr(), len as usize)) }
    }
}

impl Clone for HeapStr {
    fn clone(&self) -> Self {
        HeapStr::new(self.as_str())
    }
}

impl Drop for HeapStr {
    fn drop(&mut self) {
        let (p, len) = (self.ptr, self.len);
        // SAFETY: allocated in `new` with exactly this layout.
        unsafe {
            dealloc(
                p.as_ptr(),
                Layout::from_size_align_unchecked(len as usize, 1),
            )
        };
    }
}

/// The node for string `s`: inline when it fits.
#[inline]
pub(crate) fn repr_of(s: &str) -> Repr {
    if s.len() <= SHORT_MAX {
        let mut buf = [0u8; SHORT_MAX];
        buf[..s.len()].copy_from_slice(s.as_bytes());
        Repr::Short(ShortStr {
            len: s.len() as u8,
            buf,
        })
    } else {
        Repr::Str(HeapStr::new(s))
    }
}

/// The inline node for the first `len <= SHORT_MAX` bytes of `block` (exactly `SHORT_MAX` bytes,
/// valid UTF-8 up to `len`): one fixed-size copy, the bytes past `len` ignored.
#[inline(always)]
pub(crate) fn short_from_block(block: &[u8], len: usize) -> Repr {
    let mut buf = [0u8; SHORT_MAX];
    buf.copy_from_slice(block);
    Repr::Short(ShortStr {
        len: len as u8,
        buf,
    })
}
