//! A string's last bytes, fewer than a 32-byte chunk, by masked loads and stores: compiled where
//! AVX-512BW and VL are (`-C target-cpu=native` on this project's machine, x86-64-v4).

use super::{copy_runs, Room, Sink};
use crate::Result;

/// Writes `rest` (shorter than 32 bytes) by masked loads and stores, which touch only its
/// bytes: one path for every length, where copies of fixed widths need a branch on the width
/// that a mix of string lengths mispredicts. `false` as [`move_chunks`]'s `None`.
#[inline(always)]
pub(super) fn write_tail<S: Sink>(sink: &mut S, rest: &[u8], out: &mut Room) -> Result<bool> {
    // AVX-512BW implies AVX2 (rustc turns it on with it), so the 32-byte loop ran before.
    debug_assert!(rest.len() < 32);
    // SAFETY: `copy_tail_masked` needs fewer than 32 bytes, and the runs it is given are the
    // ends of `rest`, which is shorter.
    unsafe { copy_runs(sink, rest, out, copy_tail_masked) }
}

/// Copies `rest` (fewer than 32 bytes) to `dst` by one masked load and store, which touch
/// only the bytes of `rest`, and returns the index in it of the first byte that needs
/// escaping, or its length when none does.
///
/// # Safety
///
/// `dst` has room for `rest.len()` bytes, and `rest.len() < 32`.
#[inline(always)]
unsafe fn copy_tail_masked(rest: &[u8], dst: *mut u8) -> usize {
    use core::arch::x86_64::*;
    let rem = rest.len();
    let keep = ((1u64 << rem) - 1) as u32;
    // SAFETY: the masked load reads and the masked store writes only the lanes in `keep`:
    // the `rem` bytes of `rest`, and `rem` bytes of room at `dst`.
    let m = unsafe {
        let x = _mm256_maskz_loadu_epi8(keep, rest.as_ptr().cast());
        _mm256_mask_storeu_epi8(dst.cast(), keep, x);
        let quote = _mm256_cmpeq_epi8_mask(x, _mm256_set1_epi8(b'"' as i8));
        let slash = _mm256_cmpeq_epi8_mask(x, _mm256_set1_epi8(b'\\' as i8));
        let ctrl = _mm256_cmplt_epu8_mask(x, _mm256_set1_epi8(0x20));
        (quote | slash | ctrl) & keep
    };
    (u64::from(m) | 1u64 << rem).trailing_zeros() as usize
}
