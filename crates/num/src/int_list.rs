//! Writing a run of integers, each after a separator, as a JSON array's elements are written.
//!
//! One integer at a time, the writer branches on the value's magnitude: fast where a predictor
//! has learned the values (a benchmark that writes the same document again and again), slow
//! where it has not (values of random length written once, about four times the time). With
//! AVX2, four integers below 2^26 are converted together with no branch on their values: their
//! digits by the multiplies of [`bcd8`](crate::float_write), their lengths by seven compares,
//! the leading zeros shifted out per lane. Larger values, other targets and the `size`
//! configuration write one at a time.

use crate::Integer;
use core::mem::MaybeUninit;

/// The room an item may need: its separator and the 40 bytes
/// [`write_int_uninit`](crate::write_int_uninit) may touch.
const ITEM_ROOM: usize = 41;

/// Writes each of `items` as decimal text after one `sep` byte into `out`, while 41 bytes of
/// room remain for the next, and returns how many items it wrote and how many bytes. The
/// bytes `out[..n]` are initialized when it returns `(_, n)`; bytes after them may hold
/// scratch digits.
///
/// ```
/// use core::mem::MaybeUninit;
/// let mut out = [MaybeUninit::<u8>::uninit(); 4 * 41];
/// let (items, n) = structio_num::write_int_list(&[7i64, -1234, 0, 99_999_999], b',', &mut out);
/// let text: Vec<u8> = out[..n].iter().map(|b| unsafe { b.assume_init() }).collect();
/// assert_eq!((items, text.as_slice()), (4, &b",7,-1234,0,99999999"[..]));
/// ```
#[inline(always)]
pub fn write_int_list<T: Integer>(
    items: &[T],
    sep: u8,
    out: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2", not(feature = "size")))]
    let (mut done, mut at) = avx2::write_quads(items, sep, out);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2", not(feature = "size"))))]
    let (mut done, mut at) = (0, 0);
    for &v in items.get(done..).unwrap_or_default() {
        let Some(n) = write_one(v, sep, out.get_mut(at..).unwrap_or_default()) else {
            break;
        };
        at += n;
        done += 1;
    }
    (done, at)
}

/// Writes `sep` and `v` at the start of `out` and returns the bytes written, or `None` when
/// `out` has less than [`ITEM_ROOM`] bytes.
#[inline(always)]
fn write_one<T: Integer>(v: T, sep: u8, out: &mut [MaybeUninit<u8>]) -> Option<usize> {
    let (head, window) = out.get_mut(..ITEM_ROOM)?.split_first_mut()?;
    *head = MaybeUninit::new(sep);
    let window = <&mut [MaybeUninit<u8>; 40]>::try_from(window).ok()?;
    Some(1 + Ord::min(v.write_to(window), 40))
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2", not(feature = "size")))]
mod avx2 {
    use super::ITEM_ROOM;
    use crate::Integer;
    use core::arch::x86_64::*;
    use core::mem::MaybeUninit;

    /// Values below this are written four at a time: every bit above 2^26 clear is one test
    /// of the four lanes, and 2^26 is below the 10^8 that eight digits hold.
    const LANE_LIMIT: i64 = 1 << 26;

    /// Writes whole quads of `items` from the first while the room for four remains, a quad
    /// with a value of 2^26 or more one item at a time; returns the items and bytes written,
    /// where the caller goes on one at a time.
    #[inline(always)]
    pub(super) fn write_quads<T: Integer>(
        items: &[T],
        sep: u8,
        out: &mut [MaybeUninit<u8>],
    ) -> (usize, usize) {
        let mut done = 0;
        let mut at = 0;
        let quads = items.chunks_exact(4);
        for quad in quads {
            // Four items write at most 4 * 10 bytes (separator, sign, eight digits each);
            // the test asks for the room of four items written one at a time.
            if out.len() - at < 4 * ITEM_ROOM {
                break;
            }
            let lanes = [
                quad[0].lane(),
                quad[1].lane(),
                quad[2].lane(),
                quad[3].lane(),
            ];
            let Some(text) = quad_text::<T>(lanes) else {
                // One at a time, in the room tested for four: no test per item (the tests of
                // `write_one` cost 13-digit arrays a fifth more instructions).
                let base = out.as_mut_ptr().cast::<u8>();
                for &v in quad {
                    // SAFETY: each item advances `at` by at most ITEM_ROOM (its separator and
                    // a length clamped to 40), so `out[at..at + ITEM_ROOM]` lies within the
                    // `4 * ITEM_ROOM` bytes tested above: the separator goes at `at`, the
                    // 40-byte window after it. `MaybeUninit` bytes need no initializing to be
                    // referenced; no other reference to them is alive.
                    let window = unsafe {
                        let slot = base.add(at);
                        slot.write(sep);
                        &mut *slot.add(1).cast::<[MaybeUninit<u8>; 40]>()
                    };
                    at += 1 + Ord::min(v.write_to(window), 40);
                }
                done += 4;
                continue;
            };
            // SAFETY: `at + 4 * ITEM_ROOM <= out.len()` (tested above), and each of the four
            // items below writes at most ten bytes from its start (the separator, the sign, an
            // eight-byte word) and advances by at most that: all writes land in `out[at..at +
            // 40]`. The bytes are `MaybeUninit<u8>`, which any byte may initialize.
            unsafe {
                let base = out.as_mut_ptr().add(at).cast::<u8>();
                let mut p = 0usize;
                for k in 0..4 {
                    base.add(p).write(sep);
                    base.add(p + 1).write(b'-');
                    let digits = base.add(p + 1 + text.neg[k] as usize);
                    digits
                        .cast::<[u8; 8]>()
                        .write_unaligned(text.words[k].to_le_bytes());
                    p += 1 + text.advance[k] as usize;
                }
                at += p;
            }
            done += 4;
        }
        (done, at)
    }

    /// Four integers' text: each lane's digits as ASCII in a word (first digit in the lowest
    /// byte), how far the next item starts after the separator, and whether a `-` precedes.
    struct QuadText {
        words: [u64; 4],
        advance: [u64; 4],
        neg: [u64; 4],
    }

    /// The text of four lanes ([`Integer::lane`]: the value as an `i64`, or a magnitude of
    /// 2^63 and more for one that does not fit), or `None` when any magnitude is 2^26 or more.
    #[inline(always)]
    fn quad_text<T: Integer>(lanes: [i64; 4]) -> Option<QuadText> {
        // SAFETY: the intrinsics need AVX2, which this module is compiled only with (the cfg
        // on `mod avx2`); the load reads the 32 bytes of `lanes`, the three stores write the
        // three 32-byte arrays of `text` (neither need be aligned for the `u` forms), the
        // rest work on registers.
        unsafe {
            let x = _mm256_loadu_si256(lanes.as_ptr().cast());
            let sign = if T::SIGNED {
                _mm256_cmpgt_epi64(_mm256_setzero_si256(), x)
            } else {
                _mm256_setzero_si256()
            };
            // |x|: i64::MIN stays negative, whose top bit fails the test below.
            let mag = _mm256_sub_epi64(_mm256_xor_si256(x, sign), sign);
            if _mm256_testz_si256(mag, _mm256_set1_epi64x(!(LANE_LIMIT - 1))) == 0 {
                return None;
            }
            let digits = bcd8x4(mag);
            // Leading zeros of the eight digits: how many of 10, 100, .. 10^7 exceed the value.
            let mut zeros = _mm256_setzero_si256();
            let mut limit = 10i64;
            while limit <= 10_000_000 {
                let below = _mm256_cmpgt_epi64(_mm256_set1_epi64x(limit), mag);
                zeros = _mm256_sub_epi64(zeros, below);
                limit *= 10;
            }
            let ascii = _mm256_or_si256(digits, _mm256_set1_epi8(b'0' as i8));
            let words = _mm256_srlv_epi64(ascii, _mm256_slli_epi64::<3>(zeros));
            // After the separator: the sign when negative (`sign` is -1 there), the digits.
            let advance = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_set1_epi64x(8), zeros), sign);
            let mut text = QuadText {
                words: [0; 4],
                advance: [0; 4],
                neg: [0; 4],
            };
            _mm256_storeu_si256(text.words.as_mut_ptr().cast(), words);
            _mm256_storeu_si256(text.advance.as_mut_ptr().cast(), advance);
            _mm256_storeu_si256(text.neg.as_mut_ptr().cast(), _mm256_srli_epi64::<63>(sign));
            Some(text)
        }
    }

    /// [`bcd8`](crate::float_write) of each 64-bit lane (every lane below 10^8): the digits'
    /// values in the lane's bytes, first digit in the lowest. The steps of the float writer's
    /// `bcd16` (two lanes of SSE2) on four lanes of AVX2.
    #[inline(always)]
    fn bcd8x4(x: __m256i) -> __m256i {
        // SAFETY: AVX2 is enabled (the cfg on `mod avx2`); register operations only.
        unsafe {
            // Split by 10^4 into 32-bit lanes, quotient first: 109951163 / 2^40 is 1/10^4
            // exactly enough below 10^8.
            let q = _mm256_srli_epi64::<40>(_mm256_mul_epu32(x, _mm256_set1_epi64x(109_951_163)));
            let r = _mm256_sub_epi64(x, _mm256_mul_epu32(q, _mm256_set1_epi64x(10_000)));
            let v = _mm256_or_si256(q, _mm256_slli_epi64::<32>(r));
            // Each 32-bit lane (< 10^4) split by 100 into 16-bit lanes: 5243 / 2^19 is 1/100
            // exactly enough below 10^4.
            let h = _mm256_srli_epi16::<3>(_mm256_mulhi_epu16(v, _mm256_set1_epi32(5243)));
            let r = _mm256_sub_epi16(v, _mm256_mullo_epi16(h, _mm256_set1_epi32(100)));
            let v = _mm256_or_si256(h, _mm256_slli_epi32::<16>(r));
            // Each 16-bit lane (< 100) split by 10 into bytes: 6554 / 2^16 is 1/10 exactly
            // enough below 100.
            let h = _mm256_mulhi_epu16(v, _mm256_set1_epi16(6554));
            let r = _mm256_sub_epi16(v, _mm256_mullo_epi16(h, _mm256_set1_epi16(10)));
            _mm256_or_si256(h, _mm256_slli_epi16::<8>(r))
        }
    }
}

/// The lanes against `core::fmt` on a sample small enough for Miri (which CI runs with AVX2
/// enabled); `tests/int_list.rs` checks millions.
#[cfg(test)]
mod tests {
    use super::write_int_list;
    use core::fmt::Write;
    use core::mem::MaybeUninit;

    /// A fixed-size `core::fmt::Write` target (no allocator in this crate's tests).
    struct Text {
        bytes: [u8; 8 * 41],
        len: usize,
    }

    impl Write for Text {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.len + s.len();
            self.bytes
                .get_mut(self.len..end)
                .ok_or(core::fmt::Error)?
                .copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }

    #[test]
    fn lanes_match_fmt() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..64u32 {
            let mut items = [0i64; 8];
            for item in &mut items {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // One to nine digits, so that some quads hold a value past the lanes' limit.
                let v = (x >> 8) as i64 % 10i64.pow((x % 9) as u32 + 1);
                *item = if x >> 63 == 1 { -v } else { v };
            }
            if round == 0 {
                items[5] = i64::MIN;
            }
            let mut out = [MaybeUninit::<u8>::uninit(); 8 * 41];
            let (count, len) = write_int_list(&items, b',', &mut out);
            let mut want = Text {
                bytes: [0; 8 * 41],
                len: 0,
            };
            for v in items {
                write!(want, ",{v}").unwrap();
            }
            assert_eq!(count, 8);
            assert_eq!(len, want.len);
            for (got, want) in out[..len].iter().zip(&want.bytes[..len]) {
                // SAFETY: `write_int_list` initialized `out[..len]`.
                assert_eq!(unsafe { got.assume_init() }, *want);
            }
        }
    }
}
