//! Copies of the few bytes of a key or a string without a call to `memcpy`.
//!
//! A reader copies every long string and every key into its block. Most are 4-64 bytes, and
//! for those a call to `memcpy` (the call, its size dispatch, the registers it clobbers) costs
//! more than the copy: two loads and two stores of one width, overlapping in the middle, cover
//! any length from that width to twice it.

use core::ptr;

/// Copies `n` bytes from `src` to `dst`: at most two loads and two stores when `n <= 64`, else
/// `memcpy`.
///
/// It pays most on minified text, where string copies are a larger share of the build. Object
/// keys use it up to 16 bytes only (see `Object::from_members_in`).
///
/// # Safety
/// As for `ptr::copy_nonoverlapping(src, dst, n)`.
#[inline(always)]
pub(crate) unsafe fn copy_small(src: *const u8, dst: *mut u8, n: usize) {
    /// Copies the first and the last `W` bytes of `n` (`W <= n <= 2 * W`).
    #[inline(always)]
    unsafe fn ends<const W: usize>(src: *const u8, dst: *mut u8, n: usize) {
        // SAFETY: `W <= n`, so both moves lie inside `src[..n]` and `dst[..n]`.
        unsafe {
            let (a, b) = (
                src.cast::<[u8; W]>().read_unaligned(),
                src.add(n - W).cast::<[u8; W]>().read_unaligned(),
            );
            dst.cast::<[u8; W]>().write_unaligned(a);
            dst.add(n - W).cast::<[u8; W]>().write_unaligned(b);
        }
    }
    // SAFETY: every access is inside `src[..n]` or `dst[..n]` (the caller's promise): each
    // branch meets its width's bounds. Comparisons, not a `match` on ranges, which compiles to
    // a jump table whose indirect branch mispredicts on strings of varying length.
    unsafe {
        if n >= 8 {
            if n <= 16 {
                ends::<8>(src, dst, n);
            } else if n <= 32 {
                ends::<16>(src, dst, n);
            } else if n <= 64 {
                ends::<32>(src, dst, n);
            } else {
                ptr::copy_nonoverlapping(src, dst, n);
            }
        } else if n >= 4 {
            ends::<4>(src, dst, n);
        } else if n > 0 {
            *dst = *src;
            *dst.add(n / 2) = *src.add(n / 2);
            *dst.add(n - 1) = *src.add(n - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::copy_small;

    /// Every length up to past the last fixed width, at every offset in a 16-byte window.
    #[test]
    fn copies_exactly_n_bytes() {
        let src: alloc::vec::Vec<u8> = (0..200u8).collect();
        for n in 0..=130 {
            for off in 0..16 {
                let mut dst = [0xeeu8; 200];
                // SAFETY: `off + n <= 146` bytes of both buffers.
                unsafe { copy_small(src.as_ptr().add(off), dst.as_mut_ptr().add(off), n) };
                assert_eq!(&dst[off..off + n], &src[off..off + n], "n {n} off {off}");
                assert!(dst[..off].iter().all(|&b| b == 0xee), "before, n {n}");
                assert!(dst[off + n..].iter().all(|&b| b == 0xee), "after, n {n}");
            }
        }
    }
}
