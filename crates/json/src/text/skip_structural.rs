//! The structural skip: steps over an array or object by its brackets and quotes alone, 64
//! bytes at a time, without holding what is inside to the grammar. A [`Reader`](crate::Reader)
//! whose options say [`validate_skipped(false)`](crate::ReadOptions::validate_skipped) skips
//! unneeded values with it, as Glaze does with `validate_skipped = false` and simdjson
//! On-Demand with the values it steps over.
//!
//! Each block is turned into four bit masks (quotes, backslashes, opening and closing
//! brackets). Backslashes mark the bytes they escape; the quotes left open and close strings,
//! and a prefix XOR of them masks every byte inside a string; the brackets outside strings are
//! counted, and only in a block where the count can come back to zero are they walked one by
//! one. What it still finds: a container with no end before the input does (an unclosed
//! bracket or string). What it does not: mismatched bracket kinds, missing or extra commas and
//! colons, bad numbers, literals, escapes or UTF-8 inside the container, and nesting past the
//! depth limit (a counter holds the depth, so no input grows the stack or the memory). A string
//! skipped on its own is held to everything but UTF-8.

use super::scan::{scan_string, EscapeRate};
use crate::{Error, ErrorKind, Result};

/// Steps over the value at `pos` (whitespace first) and returns the position right after it:
/// a container by its structure alone; a string to its closing quote, its escapes and control
/// characters checked but not its UTF-8; any other value as [`skip_value`](super::skip_value)
/// does (held to the grammar; a number or literal is short).
#[inline]
pub(crate) fn skip_value_structural(input: &[u8], pos: usize, depth_left: u32) -> Result<usize> {
    let p = super::scan::skip_ws(input, pos);
    match input.get(p) {
        Some(b'{' | b'[') if depth_left > 0 => skip_container(input, p + 1),
        Some(b'"') => scan_string(input, p + 1, &mut EscapeRate::default()).map(|(end, _)| end),
        // The validating skip's own entry, not its inlined body, so that a build with both
        // skips keeps one copy of it (flash on firmware targets).
        _ => super::skip_value(input, p, depth_left),
    }
}

/// The rest of the array or object that `pos` is inside, between its members or elements (not
/// inside a string): the position after the bracket that closes it, by its structure alone.
#[inline]
pub(crate) fn skip_rest_structural(input: &[u8], pos: usize) -> Result<usize> {
    skip_container(input, pos)
}

/// One 64-byte block's quotes, backslashes, and opening and closing brackets, a bit per byte
/// (bit `i` is byte `i`).
struct Masks {
    quote: u64,
    backslash: u64,
    open: u64,
    close: u64,
}

/// The container whose opening bracket is just before `from`: the position after the bracket
/// that closes it.
fn skip_container(input: &[u8], from: usize) -> Result<usize> {
    let mut depth: u64 = 1;
    // All ones when the block starts inside a string.
    let mut in_string: u64 = 0;
    // 1 when the block's first byte is escaped by a backslash ending the block before.
    let mut escaped_carry: u64 = 0;
    let mut at = from;
    loop {
        let rest = input.get(at..).unwrap_or_default();
        let (block, full) = match rest.first_chunk::<64>() {
            Some(bytes) => (*bytes, true),
            None => {
                // The last, short block, padded with spaces (nothing structural).
                let mut block = [b' '; 64];
                for (b, &x) in block.iter_mut().zip(rest) {
                    *b = x;
                }
                (block, false)
            }
        };
        let m = classify(&block);
        let escaped = escaped_bytes(m.backslash, &mut escaped_carry);
        let strings = prefix_xor(m.quote & !escaped) ^ in_string;
        in_string = ((strings as i64) >> 63) as u64;
        let open = m.open & !strings;
        let close = m.close & !strings;
        if u64::from(close.count_ones()) < depth {
            // Even with every close first, the depth stays above zero in this block.
            depth = depth + u64::from(open.count_ones()) - u64::from(close.count_ones());
        } else {
            let mut brackets = open | close;
            while brackets != 0 {
                let i = brackets.trailing_zeros();
                if open >> i & 1 == 1 {
                    depth += 1;
                } else {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(at + i as usize + 1);
                    }
                }
                brackets &= brackets - 1;
            }
        }
        if !full {
            return Err(Error::new(ErrorKind::UnexpectedEnd, input.len()));
        }
        at += 64;
    }
}

/// The bytes escaped by a backslash: each backslash not itself escaped escapes the byte after
/// it. `carry` comes in as whether the block's first byte is escaped and goes out as whether the
/// next block's is.
#[inline(always)]
fn escaped_bytes(backslash: u64, carry: &mut u64) -> u64 {
    let mut escaped = *carry;
    let mut escapes = backslash & !*carry;
    *carry = 0;
    // Backslashes are rare outside escape-heavy text; one step per escaping backslash.
    while escapes != 0 {
        let i = escapes.trailing_zeros();
        if i == 63 {
            *carry = 1;
            break;
        }
        let next = 2u64 << i;
        escaped |= next;
        escapes &= !((1u64 << i) | next);
    }
    escaped
}

/// Bit `i` of the result is the XOR of bits `0..=i` of `x`: set from an opening quote up to,
/// not including, its closing quote.
#[inline(always)]
fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

/// The block's masks, 16 bytes per SSE2 compare (every x86-64 has SSE2).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn classify(block: &[u8; 64]) -> Masks {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut m = Masks {
        quote: 0,
        backslash: 0,
        open: 0,
        close: 0,
    };
    for (k, chunk) in block.chunks_exact(16).enumerate() {
        // SAFETY: `chunk` is 16 readable bytes (`chunks_exact(16)`), the size of the unaligned
        // load; SSE2 is part of the x86-64 baseline, so the intrinsics are always available.
        let (quote, backslash, open, close) = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
            let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
            (
                _mm_movemask_epi8(eq(b'"')),
                _mm_movemask_epi8(eq(b'\\')),
                // `[` and `{` differ in one bit (0x5b, 0x7b), as do `]` and `}`: OR-ing 0x20
                // into the byte would need another op per vector; two compares are as cheap.
                _mm_movemask_epi8(_mm_or_si128(eq(b'['), eq(b'{'))),
                _mm_movemask_epi8(_mm_or_si128(eq(b']'), eq(b'}'))),
            )
        };
        let shift = 16 * k as u32;
        m.quote |= u64::from(quote as u16) << shift;
        m.backslash |= u64::from(backslash as u16) << shift;
        m.open |= u64::from(open as u16) << shift;
        m.close |= u64::from(close as u16) << shift;
    }
    m
}

/// The block's masks, a byte at a time (targets without a vector unit we compile for).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn classify(block: &[u8; 64]) -> Masks {
    classify_bytes(block)
}

/// The block's masks from each byte in turn: the portable path and the tests' reference.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn classify_bytes(block: &[u8; 64]) -> Masks {
    let mut m = Masks {
        quote: 0,
        backslash: 0,
        open: 0,
        close: 0,
    };
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        match b {
            b'"' => m.quote |= bit,
            b'\\' => m.backslash |= bit,
            b'[' | b'{' => m.open |= bit,
            b']' | b'}' => m.close |= bit,
            _ => {}
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// A byte-at-a-time reference: the position after the bracket closing the container that
    /// opens at `p`, or `None` if the input ends first.
    fn reference(input: &[u8], p: usize) -> Option<usize> {
        let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
        for (i, &b) in input.iter().enumerate().skip(p) {
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
                continue;
            }
            match b {
                b'"' => in_string = true,
                b'[' | b'{' => depth += 1,
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn check(input: &[u8]) {
        let want = reference(input, 0);
        let got = skip_value_structural(input, 0, 128);
        match want {
            Some(end) => assert_eq!(got.ok(), Some(end), "{:?}", core::str::from_utf8(input)),
            None => assert_eq!(
                got.map_err(|e| (e.kind(), e.offset())),
                Err((ErrorKind::UnexpectedEnd, input.len())),
                "{:?}",
                core::str::from_utf8(input)
            ),
        }
    }

    #[test]
    fn the_vector_masks_match_the_bytewise_ones() {
        let mut block = [0u8; 64];
        let alphabet = b"\"\\[]{}a ,:0";
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..if cfg!(miri) { 100 } else { 2000 } {
            for b in block.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *b = alphabet[(seed % alphabet.len() as u64) as usize];
            }
            let (v, s) = (classify(&block), classify_bytes(&block));
            assert_eq!(
                (v.quote, v.backslash, v.open, v.close),
                (s.quote, s.backslash, s.open, s.close)
            );
        }
    }

    /// Backslash runs of every length ending at every position around a block's end, before a
    /// quote: odd runs escape it, even runs do not.
    #[test]
    fn backslash_runs_across_block_ends_escape_what_they_should() {
        for run in 0..6 {
            for pad in 50..80 {
                let mut doc = Vec::from(&b"[\""[..]);
                doc.extend(core::iter::repeat_n(b'a', pad));
                doc.extend(core::iter::repeat_n(b'\\', run));
                doc.extend_from_slice(b"\"]\"]");
                check(&doc);
            }
        }
    }

    #[test]
    fn brackets_in_strings_and_nesting_across_blocks() {
        let docs: [&[u8]; 8] = [
            b"[]",
            b"{}",
            br#"{"a":[1,{"b":"]}"}],"c":"\\"}"#,
            br#"[[[[[[[[[[]]]]]]]]]]"#,
            br#"["[[[[", "}}}}", "\"]"]"#,
            b"[",
            br#"["unclosed]"#,
            br#"{"a":[1,2}"#,
        ];
        for doc in docs {
            check(doc);
        }
        // Every length of a nested document, so that the closing bracket and the strings meet
        // every position of a block and the end of the input.
        let doc = br#"{"k":[1,"x\"]",{"y":"\\"},[[]],"z"],"w":{"v":["]","["]}} trailing"#;
        let mut long = Vec::new();
        long.push(b'[');
        for i in 0..if cfg!(miri) { 3 } else { 40 } {
            long.extend_from_slice(doc);
            long.extend(core::iter::repeat_n(b' ', i % 7));
            long.push(b',');
        }
        long.extend_from_slice(b"0]");
        for end in 1..=long.len() {
            check(&long[..end]);
        }
    }

    #[test]
    fn scalars_and_the_depth_limit_go_to_the_validating_skip() {
        assert_eq!(skip_value_structural(b" 12,", 0, 1).unwrap(), 3);
        assert_eq!(skip_value_structural(br#""a\"b""#, 0, 1).unwrap(), 6);
        // A string's UTF-8 is not checked; its escapes are.
        assert_eq!(skip_value_structural(b"\"\xff\xfe\",", 0, 1).unwrap(), 4);
        let err = skip_value_structural(br#""\q""#, 0, 1).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidEscape);
        let err = skip_value_structural(b"tru", 0, 1).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::UnexpectedEnd);
        let err = skip_value_structural(b"[1]", 0, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::DepthLimit);
    }
}
