//! UTF-8 validation, shared by every reader of text (JSON strings, BEVE and CBOR strings, the
//! tree's string values).
//!
//! On x86-64 the check runs the lookup algorithm of Keiser and Lemire ("Validating UTF-8 in less
//! than one instruction per byte", 2021; the one in simdjson and the `simdutf8` crate) on
//! 32-byte blocks when the build enables AVX2 (`-C target-cpu=x86-64-v3` or `native`; whole
//! inputs on 64-byte blocks when it also enables AVX-512BW, `x86-64-v4`) and on 16-byte blocks
//! when it enables SSSE3; without either (plain x86-64, the firmware targets)
//! `core::str::from_utf8` does it. Only the verdict comes from the vector code: on invalid
//! input `core::str::from_utf8` finds the offset of the first bad byte, so the error is exactly
//! the one it would give.
//!
//! The `simdutf8` crate is not used: without its `std` feature it picks AVX2 or SSE4.2 at
//! compile time, as this does, but hands inputs under 64 bytes to `core::str::from_utf8`, and
//! most non-ASCII runs in real text are shorter than that; the validator below pads the last
//! block instead.
//!
//! ```
//! use structio_core::utf8;
//! assert!(utf8::is_valid("café €".as_bytes()));
//! assert_eq!(utf8::validate(b"ab\xffcd"), Err(2));
//! ```

/// Whether all of `bytes` is UTF-8 (a sequence cut short at the end is invalid).
///
/// ```
/// assert!(structio_core::utf8::is_valid(b"plain"));
/// assert!(!structio_core::utf8::is_valid(&[0xe2, 0x82]));
/// ```
#[inline(always)]
pub fn is_valid(bytes: &[u8]) -> bool {
    // The plain alternative of the vector checks (the `structio_plain_scan` switch, which
    // measures what they are worth).
    if cfg!(structio_plain_scan) {
        return core::str::from_utf8(bytes).is_ok();
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
    {
        utf8_avx512::valid(bytes)
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "avx2",
        not(target_feature = "avx512bw")
    ))]
    {
        utf8_avx2::valid(bytes)
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(target_feature = "avx2")
    ))]
    {
        utf8_ssse3::valid(bytes)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        core::str::from_utf8(bytes).is_ok()
    }
}

/// `bytes` as `&str`, or the offset of the first byte that is not UTF-8 (where
/// `core::str::from_utf8` would say the valid prefix ends).
///
/// ```
/// assert_eq!(structio_core::utf8::validate(b"ok"), Ok("ok"));
/// assert_eq!(structio_core::utf8::validate(&[b'a', 0xc3]), Err(1));
/// ```
#[inline(always)]
pub fn validate(bytes: &[u8]) -> Result<&str, usize> {
    if is_valid(bytes) {
        // SAFETY: `is_valid` accepted every sequence of `bytes`.
        Ok(unsafe { core::str::from_utf8_unchecked(bytes) })
    } else {
        Err(first_invalid(bytes))
    }
}

/// The first `n` bytes of `block` as `&str` (`n` at most 32; a larger `n` counts as 32), or the
/// offset of the first byte that is not UTF-8 as [`validate`] gives it. The bytes of `block` past
/// `n` are not part of the text and may hold anything.
///
/// This is for short strings inside a larger buffer (a string and what follows it in a
/// document): one fixed-size block, so the check has no loop, no copy into a padded block and
/// no branch on the text (on a build with AVX2 or SSSE3; elsewhere, an ASCII test of the block
/// and `core::str::from_utf8` for the rest).
///
/// ```
/// let mut block = [b'!'; 32];
/// block[..5].copy_from_slice("caf\u{e9}".as_bytes());
/// assert_eq!(structio_core::utf8::validate_prefix(&block, 5), Ok("caf\u{e9}"));
/// assert_eq!(structio_core::utf8::validate_prefix(&block, 4), Err(3)); // cut inside the é
/// ```
#[inline(always)]
pub fn validate_prefix(block: &[u8; 32], n: usize) -> Result<&str, usize> {
    let n = n.min(32);
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    let valid = utf8_avx2::valid_prefix(block, n);
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(target_feature = "avx2")
    ))]
    let valid = utf8_ssse3::valid_prefix(block, n);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    let valid = ascii_prefix(block, n) || core::str::from_utf8(&block[..n]).is_ok();
    let text = &block[..n];
    if valid {
        // SAFETY: the check above accepted every sequence of `text`.
        Ok(unsafe { core::str::from_utf8_unchecked(text) })
    } else {
        Err(first_invalid(text))
    }
}

/// Whether the first `n` (at most 32) bytes of `block` are ASCII: the high bits of the block's
/// bytes as a mask (SSE2, which every x86-64 has), those past `n` cleared, with no branch on `n`.
#[cfg(all(target_arch = "x86_64", not(target_feature = "ssse3")))]
#[inline(always)]
fn ascii_prefix(block: &[u8; 32], n: usize) -> bool {
    use core::arch::x86_64::{_mm_loadu_si128, _mm_movemask_epi8};
    // SAFETY: the two loads read the 32 bytes of `block`, unaligned; SSE2 is part of x86-64.
    let high = unsafe {
        let lo = _mm_movemask_epi8(_mm_loadu_si128(block.as_ptr().cast())) as u32;
        let hi = _mm_movemask_epi8(_mm_loadu_si128(block.as_ptr().add(16).cast())) as u32;
        u64::from(lo | hi << 16)
    };
    high & ((1u64 << n) - 1) == 0
}

/// Whether the first `n` (at most 32) bytes of `block` are ASCII: the high bits of four words,
/// those of bytes past `n` masked off, with no branch on `n`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn ascii_prefix(block: &[u8; 32], n: usize) -> bool {
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut high = 0;
    for (i, word) in block.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        // The bytes of this word before `n`: a shift of 64 (none of them) leaves nothing.
        let keep = n.saturating_sub(8 * i).min(8) as u32;
        let mask = u64::MAX.checked_shr(64 - 8 * keep).unwrap_or(0);
        high |= w & mask & HI;
    }
    high == 0
}

/// Where the valid prefix of invalid `bytes` ends.
#[cold]
#[inline(never)]
fn first_invalid(bytes: &[u8]) -> usize {
    match core::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
macro_rules! utf8_lookup {
    (
        $v:ty, $n:literal,
        load: $load:ident, splat: $splat:ident, zero: $zero:ident,
        and: $and:ident, or: $or:ident, xor: $xor:ident,
        subs: $subs:ident, gt: $gt:ident, srli16: $srli16:ident, shuffle: $shuffle:ident,
        movemask: $movemask:ident, testz: $testz:ident,
        prev: $prev:ident, tail: $tail:ident $(, prefix: $prefix:tt)?
    ) => {
        use core::arch::x86_64::*;

        const TOO_SHORT: u8 = 1 << 0;
        const TOO_LONG: u8 = 1 << 1;
        const OVERLONG_3: u8 = 1 << 2;
        const TOO_LARGE: u8 = 1 << 3;
        const SURROGATE: u8 = 1 << 4;
        const OVERLONG_2: u8 = 1 << 5;
        const TOO_LARGE_1000: u8 = 1 << 6;
        const OVERLONG_4: u8 = 1 << 6;
        const TWO_CONTS: u8 = 1 << 7;
        const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

        /// The tables of 16, repeated to fill a vector (the shuffle looks up within 16 bytes).
        const fn table(t: [u8; 16]) -> [u8; $n] {
            let mut out = [0; $n];
            let mut i = 0;
            while i < $n {
                out[i] = t[i % 16];
                i += 1;
            }
            out
        }

        /// The errors a lead or other first byte allows, by its high nibble.
        static BYTE_1_HIGH: [u8; $n] = table([
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TOO_LONG,
            TWO_CONTS,
            TWO_CONTS,
            TWO_CONTS,
            TWO_CONTS,
            TOO_SHORT | OVERLONG_2,
            TOO_SHORT,
            TOO_SHORT | OVERLONG_3 | SURROGATE,
            TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
        ]);
        /// ... by its low nibble.
        static BYTE_1_LOW: [u8; $n] = table([
            CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
            CARRY | OVERLONG_2,
            CARRY,
            CARRY,
            CARRY | TOO_LARGE,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
            CARRY | TOO_LARGE | TOO_LARGE_1000,
        ]);
        /// The errors the byte after it allows, by that byte's high nibble.
        static BYTE_2_HIGH: [u8; $n] = table([
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
            TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
            TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
            TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
        ]);
        /// A block is incomplete when one of its last three bytes starts a sequence longer
        /// than the bytes left: byte `n-3` at least 0xf0, `n-2` at least 0xe0, `n-1` at least
        /// 0xc0 (a saturating subtraction of these leaves something).
        static INCOMPLETE_MAX: [u8; $n] = {
            let mut t = [0xff; $n];
            t[$n - 3] = 0xf0 - 1;
            t[$n - 2] = 0xe0 - 1;
            t[$n - 1] = 0xc0 - 1;
            t
        };

        struct Checker {
            prev: $v,
            error: $v,
            incomplete: $v,
        }

        impl Checker {
            #[inline(always)]
            fn block(&mut self, chunk: &[u8; $n]) {
                // SAFETY: the load reads the `$n` bytes of `chunk` (unaligned), with the target
                // feature this module is compiled only with (its cfg).
                self.vector(unsafe { $load(chunk.as_ptr().cast()) });
            }

            /// The block `x`: the ASCII test, then the lookup if it fails.
            #[inline(always)]
            fn vector(&mut self, x: $v) {
                // SAFETY: the intrinsics need the target feature this module is compiled only
                // with (its cfg) and work on registers.
                unsafe {
                    if $movemask(x) == 0 {
                        // ASCII: only a sequence cut off by it is wrong.
                        self.error = $or(self.error, self.incomplete);
                        self.incomplete = $zero();
                        self.prev = x;
                    } else {
                        self.lookup(x);
                    }
                }
            }

            /// The checks of the block `x` (any bytes), after the block in `self.prev`.
            #[inline(always)]
            fn lookup(&mut self, x: $v) {
                // SAFETY: the loads read the `$n`-byte tables (unaligned loads); the other
                // intrinsics need the target feature this module is compiled only with (its cfg)
                // and work on registers.
                unsafe {
                    let low = $splat(0x0f);
                    let prev1 = $prev!(x, self.prev, 1);
                    let b1h = $shuffle(
                        $load(BYTE_1_HIGH.as_ptr().cast()),
                        $and($srli16::<4>(prev1), low),
                    );
                    let b1l = $shuffle($load(BYTE_1_LOW.as_ptr().cast()), $and(prev1, low));
                    let b2h = $shuffle(
                        $load(BYTE_2_HIGH.as_ptr().cast()),
                        $and($srli16::<4>(x), low),
                    );
                    let special = $and($and(b1h, b1l), b2h);
                    // Third and fourth bytes of three- and four-byte sequences must be
                    // continuations; the tables above flagged the second.
                    let third = $subs($prev!(x, self.prev, 2), $splat((0xe0u8 - 1) as i8));
                    let fourth = $subs($prev!(x, self.prev, 3), $splat((0xf0u8 - 1) as i8));
                    let must23 = $gt($or(third, fourth), $zero());
                    let must23_80 = $and(must23, $splat(0x80u8 as i8));
                    self.error = $or(self.error, $xor(must23_80, special));
                    self.incomplete = $subs(x, $load(INCOMPLETE_MAX.as_ptr().cast()));
                    self.prev = x;
                }
            }
        }

        /// The last bytes of an input (fewer than `$n`) as a block, zeros after them, by a copy
        /// into a zeroed buffer.
        #[inline(always)]
        #[allow(dead_code)]
        fn copied_tail(rest: &[u8]) -> $v {
            let mut last = [0u8; $n];
            let n = rest.len().min($n);
            last[..n].copy_from_slice(&rest[..n]);
            // SAFETY: the load reads the `$n` bytes of `last` (unaligned), with the target
            // feature of the module's cfg.
            unsafe { $load(last.as_ptr().cast()) }
        }

        /// Is all of `bytes` valid UTF-8?
        pub(super) fn valid(bytes: &[u8]) -> bool {
            // SAFETY: register operations only, with the target feature of the module's cfg.
            let zero = unsafe { $zero() };
            let mut c = Checker {
                prev: zero,
                error: zero,
                incomplete: zero,
            };
            let mut rest = bytes;
            while let Some((chunk, more)) = rest.split_first_chunk::<$n>() {
                c.block(chunk);
                rest = more;
            }
            if !rest.is_empty() {
                // The last bytes padded with zeros (ASCII, which ends any sequence).
                c.vector($tail(rest));
            }
            // SAFETY: register operations only, as above.
            unsafe { $testz($or(c.error, c.incomplete), $or(c.error, c.incomplete)) != 0 }
        }

        // `prefix: yes` adds `valid_prefix`, for blocks of at most 32 bytes.
        $(utf8_prefix!(
            $prefix, $n,
            load: $load, splat: $splat, zero: $zero, and: $and, or: $or, gt: $gt, testz: $testz
        );)?
    };
}

/// [`validate_prefix`]'s check, which [`utf8_lookup`] adds (`prefix: yes`) for the modules
/// whose blocks are at most 32 bytes (a block of the prefix is one vector or two).
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
macro_rules! utf8_prefix {
    (
        yes, $n:literal,
        load: $load:ident, splat: $splat:ident, zero: $zero:ident,
        and: $and:ident, or: $or:ident, gt: $gt:ident, testz: $testz:ident
    ) => {
        /// `0, 1, 2, ...`: a byte's index in its block, to mask off the bytes past a length.
        static IOTA: [u8; $n] = {
            let mut t = [0; $n];
            let mut i = 0;
            while i < $n {
                t[i] = i as u8;
                i += 1;
            }
            t
        };

        /// Are the first `n` (at most 32) bytes of `block` valid UTF-8? The bytes past `n` are
        /// zeroed in the register (ASCII, which ends any sequence, so one cut off at `n` is
        /// found as at the end of any input), and every block goes through the full lookup:
        /// no branch on whether the text is ASCII, which short strings in a mix of both would
        /// mispredict.
        #[inline(always)]
        pub(super) fn valid_prefix(block: &[u8; 32], n: usize) -> bool {
            // SAFETY: each load reads `$n` bytes of `block` (at offsets up to `32 - $n`) or of
            // `IOTA`, unaligned; the rest are register operations with the target feature of
            // the module's cfg.
            unsafe {
                let zero = $zero();
                let mut c = Checker {
                    prev: zero,
                    error: zero,
                    incomplete: zero,
                };
                let iota = $load(IOTA.as_ptr().cast());
                let mut at = 0;
                while at < 32 {
                    // Bytes of this block before `n`: index < n - at (n - at saturates at 0
                    // and is at most 32, so it fits a positive `i8`).
                    let left = n.saturating_sub(at) as i8;
                    let keep = $gt($splat(left), iota);
                    c.lookup($and($load(block.as_ptr().add(at).cast()), keep));
                    at += $n;
                }
                $testz($or(c.error, c.incomplete), $or(c.error, c.incomplete)) != 0
            }
        }
    };
}

/// The UTF-8 check of whole inputs on 64-byte blocks, where the target has AVX-512BW (the
/// prefix check of short strings stays on 32-byte blocks, in [`utf8_avx2`]).
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
mod utf8_avx512 {
    /// The vector of bytes ending `N` bytes before the start of `$x`: per 128-bit lane, the
    /// last `N` bytes of the lane before (`$p`'s top lane for the first) then the lane's first
    /// `16 - N`. `valignq` by six quadwords lines each lane up with the lane before it.
    macro_rules! prev {
        ($x:expr, $p:expr, $k:literal) => {
            _mm512_alignr_epi8::<{ 16 - $k }>($x, _mm512_alignr_epi64::<6>($x, $p))
        };
    }
    /// Lanes greater than `b`'s as all-ones lanes (the AVX2 form the lookup is written in).
    ///
    /// # Safety
    /// The CPU has AVX-512BW (this module is compiled only when the build enables it).
    #[inline(always)]
    unsafe fn gt(a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: AVX-512BW register operations (the caller's unsafe block is for the same
        // reason).
        unsafe { _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a, b)) }
    }
    /// The high bits of the lanes.
    ///
    /// # Safety
    /// As for `gt`.
    #[inline(always)]
    unsafe fn movemask(a: __m512i) -> u64 {
        // SAFETY: as above.
        unsafe { _mm512_movepi8_mask(a) }
    }
    /// Whether `a & b` is all zeros.
    ///
    /// # Safety
    /// As for `gt`.
    #[inline(always)]
    unsafe fn testz(a: __m512i, b: __m512i) -> i32 {
        // SAFETY: as above.
        unsafe { (_mm512_test_epi8_mask(a, b) == 0) as i32 }
    }
    /// The last bytes of an input (fewer than 64) as a block, zeros after them, by one masked
    /// load: no copy through a buffer, which for a string of under 64 bytes (the tail is all
    /// of it) cost a `memcpy` call of unknown length.
    #[inline(always)]
    fn masked_tail(rest: &[u8]) -> __m512i {
        // One bit per byte of `rest` (fewer than 64, the caller's tail; none if it is empty).
        let keep = (1u64 << rest.len().min(63)) - 1;
        // SAFETY: the masked load reads only the bytes whose mask bit is set, at most the
        // first `rest.len()` bytes from `rest`'s start, all inside `rest`; masked-off bytes
        // are neither read nor can they fault (AVX-512BW, which this module is compiled only
        // with).
        unsafe { _mm512_maskz_loadu_epi8(keep, rest.as_ptr().cast()) }
    }
    utf8_lookup!(
        __m512i, 64,
        load: _mm512_loadu_si512, splat: _mm512_set1_epi8, zero: _mm512_setzero_si512,
        and: _mm512_and_si512, or: _mm512_or_si512, xor: _mm512_xor_si512,
        subs: _mm512_subs_epu8, gt: gt, srli16: _mm512_srli_epi16,
        shuffle: _mm512_shuffle_epi8, movemask: movemask, testz: testz,
        prev: prev, tail: masked_tail
    );
}

/// The UTF-8 check on 32-byte blocks (with AVX-512BW, only the prefix check: whole inputs go
/// to [`utf8_avx512`]).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[cfg_attr(target_feature = "avx512bw", allow(dead_code))]
mod utf8_avx2 {
    /// The vector of bytes ending `N` bytes before the start of `$x`: the last `N` of `$p`
    /// then the first `32 - N` of `$x`.
    macro_rules! prev {
        ($x:expr, $p:expr, $k:literal) => {
            _mm256_alignr_epi8::<{ 16 - $k }>($x, _mm256_permute2x128_si256::<0x21>($p, $x))
        };
    }
    utf8_lookup!(
        __m256i, 32,
        load: _mm256_loadu_si256, splat: _mm256_set1_epi8, zero: _mm256_setzero_si256,
        and: _mm256_and_si256, or: _mm256_or_si256, xor: _mm256_xor_si256,
        subs: _mm256_subs_epu8, gt: _mm256_cmpgt_epi8, srli16: _mm256_srli_epi16,
        shuffle: _mm256_shuffle_epi8, movemask: _mm256_movemask_epi8, testz: _mm256_testz_si256,
        prev: prev, tail: copied_tail, prefix: yes
    );
}

/// The UTF-8 check on 16-byte blocks.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(target_feature = "avx2")
))]
mod utf8_ssse3 {
    /// The vector of bytes ending `N` bytes before the start of `$x`.
    macro_rules! prev {
        ($x:expr, $p:expr, $k:literal) => {
            _mm_alignr_epi8::<{ 16 - $k }>($x, $p)
        };
    }
    /// `_mm_testz_si128` is SSE4.1: an SSE2 stand-in (true when `a & b` is all zeros).
    ///
    /// # Safety
    /// None beyond SSE2, which every x86-64 has; `unsafe` as the lookup macro's other
    /// operations are.
    #[inline(always)]
    unsafe fn testz(a: __m128i, b: __m128i) -> i32 {
        // SAFETY: SSE2 register operations (the caller's unsafe block is for the same reason).
        unsafe {
            (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(a, b), _mm_setzero_si128())) == 0xffff)
                as i32
        }
    }
    utf8_lookup!(
        __m128i, 16,
        load: _mm_loadu_si128, splat: _mm_set1_epi8, zero: _mm_setzero_si128,
        and: _mm_and_si128, or: _mm_or_si128, xor: _mm_xor_si128,
        subs: _mm_subs_epu8, gt: _mm_cmpgt_epi8, srli16: _mm_srli_epi16,
        shuffle: _mm_shuffle_epi8, movemask: _mm_movemask_epi8, testz: testz,
        prev: prev, tail: copied_tail, prefix: yes
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate alloc;
    use alloc::vec::Vec;

    fn check(input: &[u8]) {
        let want = core::str::from_utf8(input);
        assert_eq!(is_valid(input), want.is_ok(), "{input:?}");
        assert_eq!(
            validate(input),
            want.map_err(|e| e.valid_up_to()),
            "{input:?}"
        );
        if input.len() <= 32 {
            check_prefix(input);
        }
    }

    /// `validate_prefix` on `input` at the start of a block, whatever follows it: ASCII, a
    /// stray continuation, a lead byte that would complete a cut sequence, or 0xff.
    fn check_prefix(input: &[u8]) {
        let want = core::str::from_utf8(input).map_err(|e| e.valid_up_to());
        for fill in [b'x', 0x80, 0xbf, 0xe2, 0xf0, 0xff] {
            let mut block = [fill; 32];
            block[..input.len()].copy_from_slice(input);
            assert_eq!(
                validate_prefix(&block, input.len()),
                want,
                "{input:?} then {fill:#x}"
            );
        }
    }

    #[test]
    fn prefix_length_past_the_block_counts_as_the_block() {
        let block = [b'a'; 32];
        assert_eq!(validate_prefix(&block, 40).map(str::len), Ok(32));
        let mut block = [b'a'; 32];
        block[31] = 0xc3;
        assert_eq!(validate_prefix(&block, 33), Err(31));
        assert_eq!(validate_prefix(&block, 31).map(str::len), Ok(31));
        assert_eq!(validate_prefix(&block, 0), Ok(""));
    }

    /// Every one- and two-byte sequence, every three-byte one from a lead byte past 0xdf with a
    /// sample of third bytes, and four-byte ones from every lead past 0xef, at offsets that
    /// meet every block and lane boundary, with runs of ASCII before and after.
    #[test]
    fn sequences_at_every_block_position() {
        let mut seqs: Vec<Vec<u8>> = Vec::new();
        structio_testkit::utf8_probes(|seq| seqs.push(seq.to_vec()));
        let step = if cfg!(miri) { 997 } else { 1 };
        let mut input = Vec::new();
        for (i, seq) in seqs.iter().enumerate().step_by(step) {
            // Block boundaries at 16 and 32 bytes (SSSE3, AVX2) and at 64 (AVX-512, whose
            // 16-byte lanes meet at 16, 32 and 48 inside a block).
            for offset in [
                i % 70,
                (i * 7 + 13) % 70,
                (i * 11 + 5) % 130,
                31 - seq.len().min(31),
                32 - seq.len(),
                64 - seq.len(),
            ] {
                for after in [0usize, 1, 3, 40] {
                    input.clear();
                    input.resize(offset, b'x');
                    input.extend_from_slice(seq);
                    input.resize(input.len() + after, b'y');
                    check(&input);
                }
            }
        }
    }

    /// Random mixes of ASCII, valid multi-byte characters and stray bytes, up to 200 bytes.
    #[test]
    fn random_text_agrees_with_core() {
        let pieces: [&[u8]; 10] = [
            b"a",
            b"hello world ",
            "é".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            &[0x80],
            &[0xc3],
            &[0xed, 0xa0, 0x80],
            &[0xf4, 0x90, 0x80, 0x80],
            &[0xe2, 0x82],
        ];
        let mut rng = structio_testkit::Rng::new(0x5eed);
        let mut input = Vec::new();
        for _ in 0..if cfg!(miri) { 200 } else { 50_000 } {
            input.clear();
            let n = rng.below(40);
            for _ in 0..n {
                let piece = rng.pick(&pieces);
                // Mostly valid pieces: a stray byte in one input of four.
                if piece.len() == 1 || rng.below(4) == 0 || core::str::from_utf8(piece).is_ok() {
                    input.extend_from_slice(piece);
                }
            }
            check(&input);
        }
    }
}
