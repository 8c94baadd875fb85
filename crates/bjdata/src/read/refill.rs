//! Refilling a `String` with a short text: a compare and a copy with no call to `memcpy`.

use alloc::string::String;

/// Replaces the contents of `dst` with `s`: no allocation when its capacity holds `s`, else
/// one `reserve` of the exact shortfall (out of line, so the common case is a compare and a
/// copy with no call for strings of up to 32 bytes).
#[inline(always)]
pub(crate) fn refill(dst: &mut String, s: &str) {
    let n = s.len();
    if dst.capacity() < n {
        dst.clear();
        grow(dst, n);
    }
    // SAFETY: the capacity is at least `n` (checked, or made so by `grow`), `s` cannot overlap
    // the string's own buffer (`dst` is borrowed mutably), and the `n` bytes copied are the
    // UTF-8 of `s`, so `set_len(n)` exposes exactly a copy of `s`.
    unsafe {
        let v = dst.as_mut_vec();
        copy_short(s.as_ptr(), v.as_mut_ptr(), n);
        v.set_len(n);
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping): up to 32 bytes by one masked load
/// and store where AVX-512BW and VL are, which touch only the `n` bytes (one path for every
/// length, where fixed widths need a branch on the size class that a mix of lengths
/// mispredicts); longer runs through `copy_nonoverlapping`.
///
/// # Safety
/// `src` is readable and `dst` writable for `n` bytes, and the two ranges do not overlap.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
))]
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    use core::arch::x86_64::{_mm256_mask_storeu_epi8, _mm256_maskz_loadu_epi8};
    if n > 32 {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let keep = ((1u64 << n) - 1) as u32;
    // SAFETY: the masked load reads and the masked store writes only the lanes in `keep`, the
    // first `n` bytes of `src` and of `dst` (a masked-off lane neither faults nor is written).
    unsafe {
        let x = _mm256_maskz_loadu_epi8(keep, src.cast());
        _mm256_mask_storeu_epi8(dst.cast(), keep, x);
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping): up to 32 bytes as pairs of
/// overlapping loads and stores of 16, 8, 4, 2 and 1 bytes (the first and the last `W` bytes),
/// every pair made whatever the length: a pair wider than `n` loads from a constant block and
/// stores to a scratch one instead, chosen by a select rather than a branch, so a mix of
/// lengths has nothing to mispredict (and no call to `memcpy`, whose dispatch costs more than
/// a short string's bytes). Every store in range writes the bytes of `src` at their own
/// offsets, so the overlaps agree; the scratch block is only written, so no load waits on a
/// store to it. Longer runs through `copy_nonoverlapping`.
///
/// # Safety
/// `src` is readable and `dst` writable for `n` bytes, and the two ranges do not overlap.
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
)))]
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    /// What a pair wider than the string loads.
    static NOTHING: [u8; 16] = [0; 16];
    if n > 32 {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let mut scratch = core::mem::MaybeUninit::<[u8; 16]>::uninit();
    let sink = scratch.as_mut_ptr().cast::<u8>();
    /// The pair of width `W`: from `src` to `dst` when `n >= W`, else `NOTHING` to `sink`.
    #[inline(always)]
    unsafe fn pair<const W: usize>(src: *const u8, dst: *mut u8, n: usize, sink: *mut u8) {
        let fits = n >= W;
        // `n - W` only when it fits; otherwise 0 (a wrapped offset is never formed).
        let last = if fits { n - W } else { 0 };
        let (s, d) = if fits {
            (src, dst)
        } else {
            (NOTHING.as_ptr(), sink)
        };
        // SAFETY: with `fits`, both loads read within the `n` bytes of `src` and both stores
        // write within the `n` bytes of `dst` (`last + W == n`); otherwise they read the first
        // `W` bytes of `NOTHING` and write the first `W` of the 16-byte scratch block
        // (`last == 0`, `W <= 16`). Unaligned.
        unsafe {
            let a = s.cast::<[u8; W]>().read_unaligned();
            let b = s.add(last).cast::<[u8; W]>().read_unaligned();
            d.cast::<[u8; W]>().write_unaligned(a);
            d.add(last).cast::<[u8; W]>().write_unaligned(b);
        }
    }
    // SAFETY: `n <= 32`, the caller's ranges, and `sink` is 16 writable bytes of this frame.
    unsafe {
        pair::<1>(src, dst, n, sink);
        pair::<2>(src, dst, n, sink);
        pair::<4>(src, dst, n, sink);
        pair::<8>(src, dst, n, sink);
        pair::<16>(src, dst, n, sink);
    }
}

/// `reserve` for `n` bytes in an empty string (the shortfall, as the length is 0).
#[cold]
#[inline(never)]
fn grow(dst: &mut String, n: usize) {
    dst.reserve(n);
}
