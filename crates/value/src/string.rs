//! String storage for [`Value`](crate::Value): up to [`SHORT_MAX`] bytes inline in the node,
//! longer ones in a block of their own (immutable: a new string replaces it).

use alloc::alloc::{alloc, handle_alloc_error};
use core::alloc::Layout;
use core::ptr::{self, NonNull};
use core::{slice, str};

use crate::chunk::{Arena, Chunk, Releaser, ALIGN};
use crate::value::Repr;

/// The longest string kept inside the 16-byte node (tag byte, length byte, 14 bytes of text).
///
/// ```
/// assert_eq!(structio_value::SHORT_MAX, 14);
/// assert_eq!(std::mem::size_of::<structio_value::Value>(), 2 + structio_value::SHORT_MAX);
/// ```
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

/// An owned string in one block: the chunk the block was carved from (null for a block of its
/// own, see [`crate::chunk`]), then the bytes. `packed(4)` lets it sit after the node's tag byte,
/// so `Value` stays 16 bytes (tag at 0, length at 4, pointer at 8).
#[repr(C, packed(4))]
pub(crate) struct HeapStr {
    len: u32,
    ptr: NonNull<u8>,
}

// SAFETY: a `HeapStr` owns its block exclusively and never mutates it; the chunk it may name is
// counted atomically.
unsafe impl Send for HeapStr {}
// SAFETY: as above.
unsafe impl Sync for HeapStr {}

/// The longest string the JSON reader copies as one fixed-width move (`Value::push_string_wide`).
#[cfg(target_pointer_width = "64")]
pub(crate) const WIDE: usize = 64;

/// Bytes before the text: the owner word.
pub(crate) const OWNER: usize = core::mem::size_of::<*const Chunk>();

/// The layout of the block for a string of `len` bytes (rounded up to the chunk alignment, so a
/// carved block and a block of its own have the same size).
pub(crate) fn block_layout(len: usize) -> Layout {
    len.checked_add(OWNER + ALIGN - 1)
        .and_then(|n| Layout::from_size_align(n & !(ALIGN - 1), ALIGN).ok())
        .unwrap_or_else(|| crate::array::capacity_overflow())
}

impl HeapStr {
    /// A block of its own.
    ///
    /// # Panics
    /// Only if `s` is longer than `u32::MAX` bytes (a string built by the program, never one
    /// read: the readers reject such input first).
    fn new(s: &str) -> HeapStr {
        let layout = block_layout(s.len());
        // SAFETY: non-zero size (it holds the owner word).
        let raw = unsafe { alloc(layout) };
        let Some(block) = NonNull::new(raw) else {
            handle_alloc_error(layout)
        };
        // SAFETY: a fresh block of `layout`, with no owner.
        unsafe { HeapStr::fill(block, ptr::null(), s) }
    }

    /// A block from `arena` (`hint`: input bytes left).
    #[inline]
    pub(crate) fn new_in(s: &str, arena: &mut Arena, hint: usize) -> HeapStr {
        let (block, owner) = arena.alloc(block_layout(s.len()).size(), hint);
        // SAFETY: a fresh block of `block_layout(s.len())` from `owner`.
        unsafe { HeapStr::fill(block, owner, s) }
    }

    /// # Safety
    /// `block` is a fresh block of `block_layout(s.len())` that came from `owner`.
    #[inline(always)]
    unsafe fn fill(block: NonNull<u8>, owner: *const Chunk, s: &str) -> HeapStr {
        if u32::try_from(s.len()).is_err() {
            crate::array::capacity_overflow();
        }
        // SAFETY: the block holds the owner word and `s.len()` bytes, and does not overlap `s`;
        // after the copy it holds `s`, valid UTF-8, past the owner word.
        unsafe {
            crate::copy::copy_small(s.as_ptr(), block.as_ptr().add(OWNER), s.len());
            HeapStr::written(block, owner, s.len())
        }
    }

    /// The string whose `len` bytes of valid UTF-8 were already written into `block` past its
    /// owner word; writes the owner word.
    ///
    /// # Safety
    /// `block` is a fresh block of `block_layout(len)` that came from `owner` (null: the global
    /// allocator), holding valid UTF-8 at `OWNER..OWNER + len`; `len <= u32::MAX`.
    #[inline(always)]
    pub(crate) unsafe fn written(block: NonNull<u8>, owner: *const Chunk, len: usize) -> HeapStr {
        // SAFETY: the block holds the owner word (the caller's promise).
        unsafe { block.as_ptr().cast::<*const Chunk>().write(owner) };
        HeapStr {
            len: len as u32,
            ptr: block,
        }
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        let (p, len) = (self.ptr, self.len);
        // SAFETY: the block holds `len` bytes copied from a `&str` after the owner word, and lives
        // as long as `self`.
        unsafe {
            str::from_utf8_unchecked(slice::from_raw_parts(p.as_ptr().add(OWNER), len as usize))
        }
    }
}

impl HeapStr {
    /// The length and the block, which the caller now owns (see `crate::push`).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn into_raw(self) -> (u32, NonNull<u8>) {
        let this = core::mem::ManuallyDrop::new(self);
        (this.len, this.ptr)
    }

    /// Gives back the block through `rel`.
    ///
    /// # Safety
    /// The string is not used or dropped afterwards.
    #[inline]
    pub(crate) unsafe fn release(&mut self, rel: &mut Releaser) {
        let (p, len) = (self.ptr, self.len);
        // SAFETY: the block was made by `fill` with this layout and the owner in its first word.
        unsafe {
            let owner = p.as_ptr().cast::<*const Chunk>().read();
            rel.free(p.as_ptr(), block_layout(len as usize), owner);
        }
    }
}

impl Clone for HeapStr {
    fn clone(&self) -> Self {
        HeapStr::new(self.as_str())
    }
}

impl Drop for HeapStr {
    fn drop(&mut self) {
        let mut rel = Releaser::default();
        // SAFETY: dropped now, never used again.
        unsafe { self.release(&mut rel) };
    }
}

/// The node for string `s`, inline when it fits, else in a block from `arena`.
#[inline]
pub(crate) fn repr_in(s: &str, arena: &mut Arena, hint: usize) -> Repr {
    if s.len() <= SHORT_MAX {
        repr_of(s)
    } else {
        Repr::Str(HeapStr::new_in(s, arena, hint))
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
