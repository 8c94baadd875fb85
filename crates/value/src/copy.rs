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
/// keys use [`copy_key`] up to 32 bytes instead (see `Object::from_members_in`).
///
/// # Safety
/// As for `ptr::copy_nonoverlapping(src, dst, n)`.
#[inline(always)]
pub(crate) unsafe fn copy_small(src: *const u8, dst: *mut u8, n: usize) {
    /// Copies the first and the last `W` bytes of `n` (`W <= n <= 2 * W`).
    ///
    /// # Safety
    /// `W <= n`, `src[..n]` is readable and `dst[..n]` writable, and the two do not overlap.
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

/// Copies a key of `n <= 32` bytes from `src` to `dst` as [`copy_small`] does, and returns
/// words it read: the first and the last eight bytes (four for a key of 4-7 bytes; the first,
/// middle and last byte in the first word for a shorter one), zero-extended. They depend on the
/// key's bytes and length alone, so the object builder makes its repeat check's tag of them
/// (`Object::from_members_in`) with no load of its own.
///
/// # Safety
/// As for `ptr::copy_nonoverlapping(src, dst, n)`, and `n <= 32`.
#[inline(always)]
pub(crate) unsafe fn copy_key(src: *const u8, dst: *mut u8, n: usize) -> [u64; 2] {
    // SAFETY: every access is inside `src[..n]` or `dst[..n]` (the caller's promise): 16 < n
    // <= 32 for the sixteen-byte ends (and the words inside them), 8 <= n <= 16 for the
    // eight-byte ends, 4 <= n < 8 for the four-byte ones, 0 < n < 4 for the bytes.
    unsafe {
        if n > 16 {
            let a = src.cast::<[u8; 16]>().read_unaligned();
            let b = src.add(n - 16).cast::<[u8; 16]>().read_unaligned();
            dst.cast::<[u8; 16]>().write_unaligned(a);
            dst.add(n - 16).cast::<[u8; 16]>().write_unaligned(b);
            [
                src.cast::<u64>().read_unaligned(),
                src.add(n - 8).cast::<u64>().read_unaligned(),
            ]
        } else if n >= 8 {
            let a = src.cast::<u64>().read_unaligned();
            let b = src.add(n - 8).cast::<u64>().read_unaligned();
            dst.cast::<u64>().write_unaligned(a);
            dst.add(n - 8).cast::<u64>().write_unaligned(b);
            [a, b]
        } else if n >= 4 {
            let a = src.cast::<u32>().read_unaligned();
            let b = src.add(n - 4).cast::<u32>().read_unaligned();
            dst.cast::<u32>().write_unaligned(a);
            dst.add(n - 4).cast::<u32>().write_unaligned(b);
            [u64::from(a), u64::from(b)]
        } else if n > 0 {
            let (first, middle, last) = (*src, *src.add(n / 2), *src.add(n - 1));
            *dst = first;
            *dst.add(n / 2) = middle;
            *dst.add(n - 1) = last;
            [
                u64::from(first) | u64::from(middle) << 8 | u64::from(last) << 16,
                0,
            ]
        } else {
            [0, 0]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{copy_key, copy_small};

    /// Every key length, at every offset in a 16-byte window: the bytes copied, nothing else
    /// written, and the words read the same for the same bytes wherever they lie.
    #[test]
    fn keys_are_copied_and_their_words_follow_their_bytes() {
        let src: alloc::vec::Vec<u8> = (0..64u8).map(|b| b % 7).collect();
        for n in 0..=32 {
            let mut seen = alloc::vec::Vec::new();
            for off in 0..16 {
                let mut dst = [0xeeu8; 64];
                // SAFETY: `off + n <= 48` bytes of both 64-byte buffers, `n <= 32`.
                let words =
                    unsafe { copy_key(src.as_ptr().add(off), dst.as_mut_ptr().add(off), n) };
                assert_eq!(&dst[off..off + n], &src[off..off + n], "n {n} off {off}");
                assert!(dst[..off].iter().all(|&b| b == 0xee), "before, n {n}");
                assert!(dst[off + n..].iter().all(|&b| b == 0xee), "after, n {n}");
                seen.push((src[off..off + n].to_vec(), words));
            }
            for (a, wa) in &seen {
                for (b, wb) in &seen {
                    if a == b {
                        assert_eq!(wa, wb, "n {n}: equal keys, other words");
                    }
                }
            }
        }
    }

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
