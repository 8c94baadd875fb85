//! The copy of a packed number array's payload into its container, at the same speed whatever
//! the two addresses.
//!
//! Why not `memcpy` alone: glibc copies 2,112 bytes and more with `rep movsb` (up to its
//! `rep_movsb_stop_threshold`, 1 MiB on AMD), and on AMD Zen 4 that instruction's speed
//! depends on where the destination lies against the source: measured on 16,000-byte copies,
//! 39 µs for 100 of them at most offsets, 47 µs when the destination is 40-56 bytes past the
//! source modulo 64, and 458 µs (11x) when it is 8 bytes past. A loop of vector moves with the
//! stores aligned runs 39-40 µs at every offset. A typed array's payload lies wherever the
//! document put it, so without this a reader's speed would hang on the layout of its input.
//! Below 2,048 bytes and from 1 MiB on, and off x86-64, `core::ptr::copy_nonoverlapping`
//! (glibc's vector loops there) is kept.

use core::mem::MaybeUninit;

/// Copies of this many bytes or more take the vector loop on x86-64.
#[cfg(target_arch = "x86_64")]
const VECTOR_MIN: usize = 2048;
/// Copies of this many bytes or more go back to `memcpy` (its non-temporal paths for copies
/// larger than the caches).
#[cfg(target_arch = "x86_64")]
const VECTOR_END: usize = 1 << 20;

/// Copies `src` into the start of `dst` (`min(dst.len(), src.len())` bytes: the callers pass
/// equal lengths).
///
/// ```
/// let mut dst = [0u8; 3000];
/// let src: Vec<u8> = (0..3000).map(|i| i as u8).collect();
/// structio_core::copy_bytes(&mut dst, &src);
/// assert_eq!(dst[..], src[..]);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn copy_bytes(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    // SAFETY: both slices hold at least `n` bytes, and a `&mut` slice cannot overlap a `&`
    // one.
    unsafe { copy_raw(dst.as_mut_ptr(), src.as_ptr(), n) }
}

/// Copies `src` into the start of `dst`, spare capacity not yet initialised (`min` of the two
/// lengths, as [`copy_bytes`]); the bytes copied are initialised afterwards.
///
/// ```
/// let mut v: Vec<u8> = Vec::with_capacity(4096);
/// let src = [7u8; 4096];
/// structio_core::copy_to_uninit(v.spare_capacity_mut(), &src);
/// // SAFETY: the first 4096 bytes were just written.
/// unsafe { v.set_len(4096) };
/// assert!(v.iter().all(|&b| b == 7));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn copy_to_uninit(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
    let n = dst.len().min(src.len());
    // SAFETY: as in `copy_bytes`; writing initialised bytes into `MaybeUninit<u8>` is always
    // allowed.
    unsafe { copy_raw(dst.as_mut_ptr().cast::<u8>(), src.as_ptr(), n) }
}

/// # Safety
/// `dst` is valid for `n` bytes of writes, `src` for `n` bytes of reads, and the two ranges do
/// not overlap.
#[inline(always)]
unsafe fn copy_raw(dst: *mut u8, src: *const u8, n: usize) {
    #[cfg(target_arch = "x86_64")]
    if (VECTOR_MIN..VECTOR_END).contains(&n) {
        // SAFETY: the caller's contract, and `n >= VECTOR_MIN >= 64`.
        unsafe { x86::copy_blocks(dst, src, n) };
        return;
    }
    // SAFETY: the caller's contract.
    unsafe { core::ptr::copy_nonoverlapping(src, dst, n) }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    #[cfg(not(target_feature = "avx2"))]
    use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_storeu_si128};
    #[cfg(target_feature = "avx2")]
    use core::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_storeu_si256};

    /// Copies 64 bytes from `src` to `dst`. The stores are unaligned instructions: on an
    /// aligned address they run as the aligned ones do, and the loops below align them.
    ///
    /// # Safety
    /// `src` readable and `dst` writable for 64 bytes.
    #[inline(always)]
    unsafe fn block(dst: *mut u8, src: *const u8) {
        // Every load of the block is issued before its first store (and two or four stores per
        // iteration keep LLVM from turning the loop back into a `memcpy` call).
        #[cfg(target_feature = "avx2")]
        // SAFETY: the caller's contract; AVX2 is enabled at compile time.
        unsafe {
            let a = _mm256_loadu_si256(src.cast::<__m256i>());
            let b = _mm256_loadu_si256(src.add(32).cast::<__m256i>());
            _mm256_storeu_si256(dst.cast::<__m256i>(), a);
            _mm256_storeu_si256(dst.add(32).cast::<__m256i>(), b);
        }
        #[cfg(not(target_feature = "avx2"))]
        // SAFETY: the caller's contract; SSE2 is part of x86-64.
        unsafe {
            let a = _mm_loadu_si128(src.cast::<__m128i>());
            let b = _mm_loadu_si128(src.add(16).cast::<__m128i>());
            let c = _mm_loadu_si128(src.add(32).cast::<__m128i>());
            let d = _mm_loadu_si128(src.add(48).cast::<__m128i>());
            _mm_storeu_si128(dst.cast::<__m128i>(), a);
            _mm_storeu_si128(dst.add(16).cast::<__m128i>(), b);
            _mm_storeu_si128(dst.add(32).cast::<__m128i>(), c);
            _mm_storeu_si128(dst.add(48).cast::<__m128i>(), d);
        }
    }

    /// Copies `n` bytes: the first and last 64 unaligned, the rest in 64-byte blocks whose
    /// stores are aligned (the loads are not: source and destination rarely agree).
    ///
    /// When the destination lies less than 256 bytes past the source modulo 4 KiB, the blocks
    /// go from the end down: going up, each block's loads would match the last block's stores
    /// in their low 12 address bits, and the core holds a load back until the store it may
    /// alias has its full address (glibc's vector loops take the same turn).
    ///
    /// # Safety
    /// `n >= 64`; `src` readable and `dst` writable for `n` bytes; the ranges do not overlap.
    #[inline(never)]
    pub(super) unsafe fn copy_blocks(dst: *mut u8, src: *const u8, n: usize) {
        let ahead = (dst as usize).wrapping_sub(src as usize);
        // SAFETY: every block below lies within the first `n` bytes of both ranges: the head at
        // 0, the tail at `n - 64` (`n >= 64`), the loops' at `i` with `i + 64 <= n`. Going up,
        // `i` starts at 1..=64 bytes, so `dst + i` is a multiple of 64 and the head covers the
        // bytes before it; the loop ends with `i > n - 64`, so the tail covers the bytes after
        // the last block. Going down, `i` starts within 64 bytes of `n` with `dst + i` a
        // multiple of 64 (the tail covers the bytes after it) and steps down while a whole
        // block fits above 0; the last one starts below 64, where the head begins.
        // Blocks that overlap write the same bytes twice.
        unsafe {
            if ahead & (4096 - 256) != 0 {
                block(dst, src);
                let mut i = 64 - (dst as usize % 64);
                while i + 64 <= n {
                    block(dst.add(i), src.add(i));
                    i += 64;
                }
                block(dst.add(n - 64), src.add(n - 64));
            } else {
                block(dst.add(n - 64), src.add(n - 64));
                let mut i = n - (dst as usize).wrapping_add(n) % 64;
                while i >= 64 {
                    i -= 64;
                    block(dst.add(i), src.add(i));
                }
                block(dst, src);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length around the vector loop's limits, at offsets of both ranges that send the
    /// blocks up (destination 4 KiB minus a few bytes past the source) and down (0-255 bytes
    /// past it), against the source; the bytes around the destination stay untouched.
    #[test]
    fn copies_every_length_at_every_offset() {
        // The two halves start 8 KiB apart, so the destination lies `d - s` bytes past the
        // source modulo 4 KiB.
        let mut buf = [0u8; 2 * 8192];
        let (src, dst) = buf.split_at_mut(8192);
        for (i, b) in src.iter_mut().enumerate() {
            *b = (i * 7 + 3) as u8;
        }
        // Under Miri (where a byte costs thousands of times more) the lengths at the vector
        // loop's limits and one past a 64-byte multiple, each way.
        let (lengths, offsets): (&[usize], &[usize]) = if cfg!(miri) {
            (&[0, 65, 2047, 2048, 2113], &[0, 9, 255])
        } else {
            (
                &[
                    0, 1, 63, 64, 65, 2047, 2048, 2049, 2111, 2112, 2113, 4000, 4096,
                ],
                &[0, 1, 7, 8, 15, 16, 31, 63, 100, 255, 256, 300],
            )
        };
        for &n in lengths {
            for &s in offsets {
                for &d in offsets {
                    // The bytes up to 64 past the destination are the ones a block could reach.
                    let around = &mut dst[..d + n + 64];
                    around.fill(0xAA);
                    copy_bytes(&mut around[d..d + n], &src[s..s + n]);
                    assert_eq!(around[d..d + n], src[s..s + n], "n {n} src +{s} dst +{d}");
                    assert!(around[..d]
                        .iter()
                        .chain(&around[d + n..])
                        .all(|&b| b == 0xAA));
                }
            }
        }
    }

    /// The callers: a vector refilled from a payload at every offset within a word, and a
    /// payload written into a fixed sink with room to spare, exactly enough and one byte short
    /// (then the sink reports `BufferFull` at its length and holds what it held).
    #[test]
    fn callers_copy_whole_payloads() {
        let payload: [u8; 4104] = core::array::from_fn(|i| (i * 13 + 5) as u8);
        for s in 0..8 {
            let bytes = &payload[s..s + 4096];
            #[cfg(feature = "alloc")]
            {
                let mut v = alloc::vec![9u64; 3];
                assert!(crate::Seq::<u64>::seq_fill_raw(&mut v, bytes));
                assert_eq!(bytemuck::cast_slice::<u64, u8>(&v), bytes);
            }
            #[cfg(feature = "heapless")]
            {
                let mut v = heapless::Vec::<u32, 1024>::new();
                assert!(crate::Seq::<u32>::seq_fill_raw(&mut v, bytes));
                assert_eq!(bytemuck::cast_slice::<u32, u8>(&v), bytes);
            }
            let mut out = [0u8; 4098];
            for room in [4098, 4097, 4096, 4095] {
                let mut sink = crate::SliceSink::new(&mut out[..room]);
                crate::Sink::write_bytes(&mut sink, &[1]).unwrap();
                match crate::write_bulk(&mut sink, bytes) {
                    Ok(()) => {
                        assert!(room >= 4097);
                        assert_eq!(sink.written()[1..], *bytes);
                    }
                    Err(e) => {
                        assert_eq!(
                            (room, e.kind(), e.offset()),
                            (room, crate::ErrorKind::BufferFull, 1)
                        );
                        assert!(room < 4097);
                        assert_eq!(sink.written(), [1]);
                    }
                }
            }
        }
    }

    #[test]
    fn copies_the_shorter_length() {
        let mut dst = [0u8; 3];
        copy_bytes(&mut dst, &[1, 2]);
        assert_eq!(dst, [1, 2, 0]);
        let mut spare = [MaybeUninit::<u8>::uninit(); 2];
        copy_to_uninit(&mut spare, &[5, 6, 7]);
        // SAFETY: both bytes were written.
        let got = unsafe { [spare[0].assume_init(), spare[1].assume_init()] };
        assert_eq!(got, [5, 6]);
    }
}
