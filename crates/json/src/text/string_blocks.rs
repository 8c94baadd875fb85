//! A checked string's end found a block at a time, its escapes read from the block's masks.
//!
//! The run-by-run scan ([`super::scan::scan_string`]) stops at every backslash, steps over the
//! escape and scans again, and which stop comes first (the closing quote or a backslash) is a
//! branch that text holding many escapes cannot predict. Here one block of 32 bytes gives the
//! masks of quotes, backslashes and control bytes; the escaped bytes follow from the
//! backslashes with simdjson's carry trick (odd runs of backslashes escape the byte after
//! them), the closing quote is the first quote not escaped, and everything before it is
//! checked at once: no control byte, and every escaped byte one of `" \ / b f n r t`.
//!
//! Most strings hold no backslash, and for them the first stop is the closing quote: one
//! branch, predicted, and none of the escape work. Where escapes are common (a third of the
//! strings or more) that branch is a mispredict each time an escape comes, and the walk goes
//! straight to the masks instead; [`EscapeRate`] learns which kind of text it is in.
//!
//! A string with anything else before its end (a `\u` escape, an error) or too near the
//! input's end for a whole block is answered `None`, and the caller walks it run by run from
//! its start, which finds the exact error or reads the `\u`.

/// How common escapes have been in the strings a walk has seen: up two for a string with an
/// escape, down one for a string without, between 0 and 16. At 8 and above the walk stops
/// testing first for a plain string (see the module's notes); a rate of escapes above a third
/// keeps it there.
#[derive(Clone, Copy, Default)]
pub(crate) struct EscapeRate(u8);

impl EscapeRate {
    /// A rate at which the walk goes straight to the escapes, for tests of that path.
    #[cfg(test)]
    pub(crate) const ESCAPES_COMMON: EscapeRate = EscapeRate(16);

    /// Whether strings with escapes are common enough to skip the plain string's test.
    #[inline(always)]
    fn common(self) -> bool {
        self.0 >= 8
    }

    /// Counts one more string, with or without an escape.
    #[inline(always)]
    fn record(&mut self, escape: bool) {
        // Arithmetic, not a branch: the branch would be as unpredictable as the escapes.
        self.0 = (self.0 + 3 * u8::from(escape)).saturating_sub(1).min(16);
    }
}

/// The end of the string whose opening quote is at `i - 1` (the position after its closing
/// quote) and whether it holds a byte past ASCII, when every escape in it is a one-letter one
/// and nothing in it is an error; `None` sends the caller to the run-by-run scan from `i`.
#[inline(always)]
pub(crate) fn string_end(input: &[u8], i: usize, rate: &mut EscapeRate) -> Option<(usize, bool)> {
    let mut p = i;
    // Whether the block's first byte is escaped by a backslash that ended the block before.
    let mut carry = 0u64;
    let mut high = 0u64;
    let mut escape = false;
    loop {
        let block = input.get(p..)?.first_chunk::<BLOCK>()?;
        let m = masks(block);
        let stops = m.quote | m.backslash | m.control;
        if carry == 0 {
            if !rate.common() {
                let first = stops & stops.wrapping_neg();
                if first & m.quote != 0 {
                    rate.record(escape);
                    high |= m.high & (first - 1);
                    return Some((p + first.trailing_zeros() as usize + 1, high != 0));
                }
            }
            // A long run of plain bytes: on to the next block.
            if stops == 0 {
                high |= m.high;
                p += BLOCK;
                continue;
            }
        }
        let (escaped, next_carry) = escaped_by(m.backslash, carry);
        carry = next_carry;
        let quotes = m.quote & !escaped;
        // Every byte up to and including the closing quote; all of the block without one.
        let upto = quotes ^ quotes.wrapping_sub(1);
        if (m.control | (escaped & !escape_letters(block))) & upto != 0 {
            return None;
        }
        high |= m.high & upto;
        escape |= m.backslash & upto != 0;
        if quotes != 0 {
            rate.record(escape);
            return Some((p + quotes.trailing_zeros() as usize + 1, high != 0));
        }
        p += BLOCK;
    }
}

/// The first quote of the blocks from `i` (its position), for a walk that checks nothing in a
/// string ([`super::scan::find_string_end`]): one compare a block, no backslash mask and no
/// carry, since an escaped quote is rare and told by the byte before it. `None` when fewer
/// than a block of bytes are left before a quote.
///
/// Glaze's `minify_json` finds a string's end the same way (eight bytes a step); the escape
/// masks of [`string_end`] had cost `minify_trusted` a fifth on `strings.pretty.json`, 43%
/// of whose strings hold an escape.
#[inline(always)]
pub(crate) fn first_quote(input: &[u8], i: usize) -> Option<usize> {
    let mut p = i;
    loop {
        let block = input.get(p..)?.first_chunk::<BLOCK>()?;
        let q = quotes(block);
        if q != 0 {
            return Some(p + q.trailing_zeros() as usize);
        }
        p += BLOCK;
    }
}

/// [`escaped_bytes`], by a shift when no two backslashes are side by side and the block's first
/// byte is not a backslash escaped by the block before: then each backslash escapes the byte
/// after it. The string's end waits on the escaped bytes, and the carry trick is a chain of
/// seven dependent steps; text whose escapes are common but rarely `\\` (43% of the
/// strings of `strings.pretty.json`) takes the shift (`minify` 51.4 -> 49.0 µs).
#[inline(always)]
fn escaped_by(backslash: u64, carry: u64) -> (u64, u64) {
    let after = (backslash << 1) | carry;
    if backslash & after == 0 {
        (after & LIVE, (backslash >> (BLOCK - 1)) & 1)
    } else {
        escaped_bytes(backslash, carry)
    }
}

/// The bytes escaped by a backslash: a byte after an odd run of backslashes. `carry` is 1 when
/// the block's first byte is escaped by the block before; returns the escaped bytes and the
/// next block's carry. simdjson's `json_escape_scanner`: a subtraction finds where each run of
/// backslashes ends, and the parity of its length comes from the odd bit positions.
#[inline(always)]
fn escaped_bytes(backslash: u64, carry: u64) -> (u64, u64) {
    const ODD_BITS: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    // A backslash escaped by the block before escapes nothing.
    let potential = backslash & !carry;
    let escape_and_code = ((potential << 1) | ODD_BITS).wrapping_sub(potential) ^ ODD_BITS;
    let escaped = (escape_and_code ^ (backslash | carry)) & LIVE;
    let escape = escape_and_code & backslash;
    (escaped, (escape >> (BLOCK - 1)) & 1)
}

/// The masks of one block, bit `k` for byte `k`.
struct Masks {
    quote: u64,
    backslash: u64,
    /// Bytes below 0x20.
    control: u64,
    /// Bytes past ASCII.
    high: u64,
}

/// Bytes per block. (64-byte blocks with AVX-512BW were measured slower: the loads cross
/// cache lines, and a string is rarely longer than 32 bytes.)
const BLOCK: usize = 32;

/// The bits of a mask that stand for bytes of the block.
const LIVE: u64 = (1 << BLOCK) - 1;

/// The escape letters: the bytes that may follow a backslash in a one-letter escape.
const LETTERS: [u8; 8] = [b'"', b'\\', b'/', b'b', b'f', b'n', b'r', b't'];

#[cfg(target_feature = "avx2")]
use avx2::{escape_letters, masks, quotes};
#[cfg(not(target_feature = "avx2"))]
use sse2::{escape_letters, masks, quotes};

/// One 32-byte compare per class.
#[cfg(target_feature = "avx2")]
mod avx2 {
    use super::{Masks, LETTERS};
    use core::arch::x86_64::*;

    #[inline(always)]
    fn load(block: &[u8; 32]) -> __m256i {
        // SAFETY: reads the 32 bytes of `block` (an unaligned load); AVX, which this module is
        // compiled only with (the cfg above).
        unsafe { _mm256_loadu_si256(block.as_ptr().cast()) }
    }

    #[inline(always)]
    fn eq(x: __m256i, b: u8) -> u64 {
        // SAFETY: AVX2 on registers, which this module is compiled only with.
        unsafe {
            u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(b as i8))) as u32)
        }
    }

    #[inline(always)]
    pub(super) fn masks(block: &[u8; 32]) -> Masks {
        let x = load(block);
        // SAFETY: AVX2 on registers, which this module is compiled only with.
        let (control, high) = unsafe {
            // Unsigned `max(x, 0x1f) == 0x1f`: the bytes below 0x20.
            let low = _mm256_cmpeq_epi8(
                _mm256_max_epu8(x, _mm256_set1_epi8(0x1f)),
                _mm256_set1_epi8(0x1f),
            );
            (
                _mm256_movemask_epi8(low) as u32,
                _mm256_movemask_epi8(x) as u32,
            )
        };
        Masks {
            quote: eq(x, b'"'),
            backslash: eq(x, b'\\'),
            control: u64::from(control),
            high: u64::from(high),
        }
    }

    /// The quote mask alone.
    #[inline(always)]
    pub(super) fn quotes(block: &[u8; 32]) -> u64 {
        eq(load(block), b'"')
    }

    #[inline(always)]
    pub(super) fn escape_letters(block: &[u8; 32]) -> u64 {
        let x = load(block);
        LETTERS.iter().fold(0, |m, &b| m | eq(x, b))
    }
}

/// Two 16-byte compares per class, with SSE2 (every x86-64).
#[cfg(not(target_feature = "avx2"))]
mod sse2 {
    use super::{Masks, LETTERS};
    use core::arch::x86_64::*;

    /// The two halves of `block`.
    #[inline(always)]
    fn halves(block: &[u8; 32]) -> [__m128i; 2] {
        // SAFETY: each load reads 16 bytes of `block` (unaligned loads, the second from byte
        // 16 of 32); SSE2, which every x86-64 has.
        unsafe {
            [
                _mm_loadu_si128(block.as_ptr().cast()),
                _mm_loadu_si128(block.as_ptr().add(16).cast()),
            ]
        }
    }

    /// The bits of `f` on both halves, as one mask.
    #[inline(always)]
    fn bits(block: &[u8; 32], f: impl Fn(__m128i) -> __m128i) -> u64 {
        let [lo, hi] = halves(block);
        // SAFETY: SSE2 on registers.
        let (lo, hi) = unsafe { (_mm_movemask_epi8(f(lo)), _mm_movemask_epi8(f(hi))) };
        u64::from(lo as u32 & 0xffff) | u64::from(hi as u32 & 0xffff) << 16
    }

    #[inline(always)]
    fn eq(b: u8) -> impl Fn(__m128i) -> __m128i {
        // SAFETY: SSE2 on registers.
        move |x| unsafe { _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8)) }
    }

    #[inline(always)]
    pub(super) fn masks(block: &[u8; 32]) -> Masks {
        Masks {
            quote: bits(block, eq(b'"')),
            backslash: bits(block, eq(b'\\')),
            // Unsigned `max(x, 0x1f) == 0x1f`: the bytes below 0x20.
            // SAFETY: SSE2 on registers.
            control: bits(block, |x| unsafe {
                _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f))
            }),
            high: bits(block, |x| x),
        }
    }

    /// The quote mask alone.
    #[inline(always)]
    pub(super) fn quotes(block: &[u8; 32]) -> u64 {
        bits(block, eq(b'"'))
    }

    #[inline(always)]
    pub(super) fn escape_letters(block: &[u8; 32]) -> u64 {
        bits(block, |x| {
            let [first, rest @ ..] = LETTERS;
            rest.iter().fold(eq(first)(x), |m, &b| {
                // SAFETY: SSE2 on registers.
                unsafe { _mm_or_si128(m, eq(b)(x)) }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escaped bytes one at a time: after a backslash that is not itself escaped.
    fn escaped_reference(bytes: &[u8]) -> u128 {
        let mut escaped = 0u128;
        let mut next_escaped = false;
        for (k, &b) in bytes.iter().enumerate() {
            if next_escaped {
                escaped |= 1 << k;
                next_escaped = false;
            } else if b == b'\\' {
                next_escaped = true;
            }
        }
        escaped
    }

    /// Bit `k` for each backslash of `block`.
    fn backslashes(block: &[u8]) -> u64 {
        block
            .iter()
            .enumerate()
            .fold(0u64, |m, (k, &b)| m | u64::from(b == b'\\') << k)
    }

    #[test]
    fn escaped_bytes_agree_with_a_byte_walk_across_blocks() {
        let mut rng = structio_testkit::Rng::new(0xe5c);
        // Runs of backslashes (two in three bytes), and sparse ones (one in eight), which
        // `escaped_by` mostly answers by its shift.
        for (one_in, rare, common) in [(3, b'a', b'\\'), (8, b'\\', b'a')] {
            for _ in 0..if cfg!(miri) { 100 } else { 200_000 } {
                let bytes: [u8; 2 * BLOCK] =
                    core::array::from_fn(|_| if rng.below(one_in) == 0 { rare } else { common });
                let whole = escaped_reference(&bytes);
                for by in [escaped_bytes, escaped_by] {
                    let (first, carry) = by(backslashes(&bytes[..BLOCK]), 0);
                    let (second, _) = by(backslashes(&bytes[BLOCK..]), carry);
                    assert_eq!(u128::from(first), whole & u128::from(LIVE), "{bytes:?}");
                    assert_eq!(u128::from(second), whole >> BLOCK, "{bytes:?}");
                }
            }
        }
    }
}
