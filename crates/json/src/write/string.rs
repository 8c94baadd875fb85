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
    while let Some(chunk) = s.get(i..).and_then(|t| t.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*chunk);
        // SAFETY: `n - i >= 8`, so the invariant gives 8 bytes of room at `dst + o`.
        unsafe { dst.add(o).cast::<[u8; 8]>().write_unaligned(*chunk) };
        let m = special_mask(w);
        if m == 0 {
            i += 8;
            o += 8;
            continue;
        }
        let k = m.trailing_zeros() as usize / 8;
        i += k;
        o += k;
        match escape_at(sink, o, s, i)? {
            Some(next) => (dst, o) = next,
            None => return Ok(()),
        }
        i += 1;
    }
    while let Some(&b) = s.get(i) {
        if ESCAPE[usize::from(b)] != 0 {
            match escape_at(sink, o, s, i)? {
                Some(next) => (dst, o) = next,
                None => return Ok(()),
            }
        } else {
            // SAFETY: `n - i >= 1`, so the invariant gives room.
            unsafe { dst.add(o).write(b) };
            o += 1;
        }
        i += 1;
    }
    // SAFETY: `i == n`, so the invariant leaves 9 bytes of room.
    unsafe { dst.add(o).write(b'"') };
    // SAFETY: `o + 1` bytes from the start of the last reserved slice were written above.
    unsafe { sink.advance(o + 1) };
    Ok(())
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
