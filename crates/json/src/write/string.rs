//! Writing JSON strings, escaped as Glaze escapes them: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
//! `\t`, any other byte below 0x20 as `\u00XX` (uppercase hex, Glaze's
//! `escape_control_characters` spelling; without that option Glaze writes such bytes as two NULs,
//! which is not JSON), and everything else, DEL and non-ASCII included, as it is.

use super::sink::Sink;
use crate::read::string::special_mask;
use crate::Result;

/// For each byte, the character after the backslash of its escape, `u` for `\u00XX`, or 0.
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The escape for `b` (which needs one) in the first bytes of the block, and its length.
#[inline(always)]
fn escape(b: u8) -> ([u8; 8], usize) {
    let e = ESCAPE[usize::from(b)];
    if e == b'u' {
        let hi = HEX[usize::from(b >> 4)];
        let lo = HEX[usize::from(b & 15)];
        ([b'\\', b'u', b'0', b'0', hi, lo, 0, 0], 6)
    } else {
        ([b'\\', e, 0, 0, 0, 0, 0, 0], 2)
    }
}

/// Writes `s` as a quoted, escaped JSON string.
///
/// The escape-free text is moved a word at a time: each 8-byte word is stored into the sink's
/// spare room before its mask says how much of it counts.
#[inline]
pub(crate) fn write_str<S: Sink>(sink: &mut S, s: &[u8]) -> Result<()> {
    let n = s.len();
    // Room for the quotes, the text, and one word of slop past it.
    let Ok(spare) = sink.reserve(n + 10) else {
        return write_exact(sink, s, true);
    };
    let mut dst: *mut u8 = spare.as_mut_ptr().cast();
    // Invariant: the spare room from `dst + o` holds at least `(n - i) + 9` bytes.
    let mut o = 0usize;
    let mut i = 0usize;
    // SAFETY: the invariant gives at least n + 9 >= 1 bytes.
    unsafe { dst.write(b'"') };
    o += 1;
    while let Some(chunk) = s.get(i..).and_then(|t| t.first_chunk::<16>()) {
        // SAFETY: `n - i >= 16`, so the invariant gives 16 bytes of room at `dst + o`.
        unsafe { dst.add(o).cast::<[u8; 16]>().write_unaligned(*chunk) };
        let (a, b) = chunk.split_at(8);
        let m0 = special_mask(u64::from_le_bytes(a.try_into().unwrap_or_default()));
        let m1 = special_mask(u64::from_le_bytes(b.try_into().unwrap_or_default()));
        if m0 | m1 == 0 {
            i += 16;
            o += 16;
            continue;
        }
        // The first flagged byte of the two words as one 128-bit mask: no branch on which word.
        let k = (u128::from(m0) | (u128::from(m1) << 64)).trailing_zeros() as usize / 8;
        i += k;
        o += k;
        match escape_at(sink, o, s, i)? {
            Some(next) => (dst, o) = next,
            None => return Ok(()),
        }
        i += 1;
    }
    // Fewer than 16 bytes left: copied by two overlapping loads of the largest width that
    // fits, rather than a byte loop whose exit lands somewhere different for every string.
    while i < n {
        // SAFETY: `i < n`, and the invariant gives `n - i + 9` bytes of room at `dst + o`.
        let k = unsafe { copy_tail(s.get(i..).unwrap_or_default(), dst.add(o)) };
        if i + k == n {
            o += k;
            break;
        }
        i += k;
        o += k;
        match escape_at(sink, o, s, i)? {
            Some(next) => (dst, o) = next,
            None => return Ok(()),
        }
        i += 1;
    }
    // SAFETY: `i == n`, so the invariant leaves 9 bytes of room.
    unsafe { dst.add(o).write(b'"') };
    // SAFETY: `o + 1` bytes from the start of the last reserved slice were written above.
    unsafe { sink.advance(o + 1) };
    Ok(())
}

/// Copies `rest` (fewer than 16 bytes) to `dst` and returns the index in it of the first byte
/// that needs escaping, or its length when none does.
///
/// # Safety
///
/// `dst` has room for `rest.len()` bytes.
#[inline(always)]
unsafe fn copy_tail(rest: &[u8], dst: *mut u8) -> usize {
    let rem = rest.len();
    // Each case loads the first and the last word of `rest`, which overlap when `rem` is not
    // twice the width. If the first word is clean, the overlapping bytes of the last are too,
    // so the last word's first flagged byte is the run's first.
    if let (Some(a), Some(b)) = (rest.first_chunk::<8>(), rest.last_chunk::<8>()) {
        // SAFETY: `rem >= 8`; both stores end within `dst + rem`.
        unsafe {
            dst.cast::<[u8; 8]>().write_unaligned(*a);
            dst.add(rem - 8).cast::<[u8; 8]>().write_unaligned(*b);
        }
        let (ma, mb) = (
            special_mask(u64::from_le_bytes(*a)),
            special_mask(u64::from_le_bytes(*b)),
        );
        return first_flagged(ma, mb, rem - 8, rem);
    }
    if let (Some(a), Some(b)) = (rest.first_chunk::<4>(), rest.last_chunk::<4>()) {
        // SAFETY: `rem >= 4`; both stores end within `dst + rem`.
        unsafe {
            dst.cast::<[u8; 4]>().write_unaligned(*a);
            dst.add(rem - 4).cast::<[u8; 4]>().write_unaligned(*b);
        }
        // Only the low four lanes hold bytes of the string.
        let low = 0x8080_8080;
        let ma = special_mask(u64::from(u32::from_le_bytes(*a))) & low;
        let mb = special_mask(u64::from(u32::from_le_bytes(*b))) & low;
        return first_flagged(ma, mb, rem - 4, rem);
    }
    for (j, &b) in rest.iter().enumerate() {
        // SAFETY: `j < rem`.
        unsafe { dst.add(j).write(b) };
        if ESCAPE[usize::from(b)] != 0 {
            return j;
        }
    }
    rem
}

/// The first flagged byte of two masks over words at offsets 0 and `second`, or `none`.
#[inline(always)]
fn first_flagged(ma: u64, mb: u64, second: usize, none: usize) -> usize {
    if ma != 0 {
        ma.trailing_zeros() as usize / 8
    } else if mb != 0 {
        second + mb.trailing_zeros() as usize / 8
    } else {
        none
    }
}

/// Commits the `o` bytes written so far, writes the escape of `s[i]` into fresh room, and
/// returns the new write position, restoring the invariant of [`write_str`] for `i + 1`.
/// `None` when a fixed sink had no room for the fast path and the string was finished
/// through exact writes instead.
#[inline(never)]
fn escape_at<S: Sink>(
    sink: &mut S,
    o: usize,
    s: &[u8],
    i: usize,
) -> Result<Option<(*mut u8, usize)>> {
    // SAFETY: the caller wrote `o` bytes from the start of the last reserved slice.
    unsafe { sink.advance(o) };
    let rest = s.get(i..).unwrap_or_default();
    let (block, len) = escape(rest.first().copied().unwrap_or_default());
    let Ok(spare) = sink.reserve(rest.len() + 16) else {
        return write_exact(sink, rest, false).map(|()| None);
    };
    let dst: *mut u8 = spare.as_mut_ptr().cast();
    // SAFETY: the slice has `rest.len() + 16 >= 8` bytes.
    unsafe { dst.cast::<[u8; 8]>().write_unaligned(block) };
    // `rest.len() + 16 - len >= (rest.len() - 1) + 9`: the invariant holds for `i + 1`.
    Ok(Some((dst, len)))
}

/// The same output through exact-size writes, for a fixed sink nearly full: it fails only if
/// the string itself does not fit. `open`: whether the opening quote is still to write.
#[cold]
#[inline(never)]
fn write_exact<S: Sink>(sink: &mut S, s: &[u8], open: bool) -> Result<()> {
    if open {
        sink.write_bytes(b"\"")?;
    }
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if ESCAPE[usize::from(b)] != 0 {
            sink.write_bytes(s.get(start..i).unwrap_or_default())?;
            let (block, len) = escape(b);
            sink.write_bytes(block.get(..len).unwrap_or_default())?;
            start = i + 1;
        }
    }
    sink.write_bytes(s.get(start..).unwrap_or_default())?;
    sink.write_bytes(b"\"")
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// Every length up to 40 and every position of one byte that needs escaping, against a
    /// byte-at-a-time reference.
    #[test]
    fn escapes_match_a_bytewise_reference_at_every_length_and_position() {
        fn reference(s: &[u8]) -> alloc::vec::Vec<u8> {
            let mut out = alloc::vec![b'"'];
            for &b in s {
                if ESCAPE[usize::from(b)] != 0 {
                    let (block, len) = escape(b);
                    out.extend_from_slice(&block[..len]);
                } else {
                    out.push(b);
                }
            }
            out.push(b'"');
            out
        }
        for len in 0..40usize {
            for special in [None, Some(b'"'), Some(b'\\'), Some(b'\n'), Some(0x01)] {
                for pos in 0..len.max(1) {
                    let mut s: alloc::vec::Vec<u8> =
                        (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                    if let (Some(c), Some(slot)) = (special, s.get_mut(pos)) {
                        *slot = c;
                    }
                    let mut out = alloc::vec::Vec::new();
                    write_str(&mut out, &s).unwrap();
                    assert_eq!(out, reference(&s), "len {len} pos {pos} {special:?}");
                }
            }
        }
    }
}
