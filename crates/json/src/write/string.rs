//! Writing JSON strings, escaped as Glaze escapes them: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`,
//! `\t`, any other byte below 0x20 as `\u00XX` (uppercase hex, Glaze's
//! `escape_control_characters` spelling; without that option Glaze writes such bytes as two NULs,
//! which is not JSON), and everything else, DEL and non-ASCII included, as it is.

// With `structio_plain_scan` or the `size` feature every string takes the byte loop, and the
// chunked path is unused (outside the tests that compare the two).
#![cfg_attr(
    any(structio_plain_scan, feature = "size"),
    allow(dead_code, unused_imports)
)]

use super::sink::Sink;
use crate::Result;

// A string's last bytes (fewer than a chunk): by masked loads and stores where AVX-512BW and VL
// are compiled in, else by 16-byte chunks and pairs of overlapping words.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
))]
mod tail_masked;
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
))]
use tail_masked::write_tail;
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
)))]
mod tail_words;
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx512bw",
    target_feature = "avx512vl"
)))]
use tail_words::write_tail;

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

/// [`ESCAPE`]'s entry for `b`.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn escape_char(b: u8) -> u8 {
    ESCAPE[usize::from(b)]
}

/// [`ESCAPE`]'s entry for `b` by compares, for the size configuration: no 256-byte table.
#[cfg(feature = "size")]
#[inline(always)]
fn escape_char(b: u8) -> u8 {
    match b {
        b'"' | b'\\' => b,
        0x08 => b'b',
        0x09 => b't',
        0x0a => b'n',
        0x0c => b'f',
        0x0d => b'r',
        0..=0x1f => b'u',
        _ => 0,
    }
}

/// The escape for `b` (which needs one) in the first bytes of the block, and its length.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn escape(b: u8) -> ([u8; 8], usize) {
    let w = ESCAPE_WORD[usize::from(b)];
    (w.to_le_bytes(), (w >> 56) as usize)
}

/// [`escape`] spelled out from [`ESCAPE`] and the hex digits, for the size configuration:
/// without the 2 KB table of whole escapes.
#[cfg(feature = "size")]
#[inline(always)]
fn escape(b: u8) -> ([u8; 8], usize) {
    match escape_char(b) {
        b'u' => {
            let hi = HEX[usize::from(b >> 4) & 15];
            let lo = HEX[usize::from(b & 15)];
            ([b'\\', b'u', b'0', b'0', hi, lo, 0, 0], 6)
        }
        e => ([b'\\', e, 0, 0, 0, 0, 0, 0], 2),
    }
}

/// For each byte that needs an escape, the escape's bytes from the low byte up and its length
/// in the top byte (whose lane a later store overwrites or the sink never counts); 0 for the
/// others. One load gives an escape written by one 8-byte store.
#[cfg(not(feature = "size"))]
static ESCAPE_WORD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let e = ESCAPE[i];
        t[i] = if e == b'u' {
            let hi = HEX[i >> 4] as u64;
            let lo = HEX[i & 15] as u64;
            u64::from_le_bytes([b'\\', b'u', b'0', b'0', 0, 0, 0, 6]) | hi << 32 | lo << 40
        } else if e != 0 {
            u64::from_le_bytes([b'\\', 0, 0, 0, 0, 0, 0, 2]) | (e as u64) << 8
        } else {
            0
        };
        i += 1;
    }
    t
};

/// Writes `s` as a quoted, escaped JSON string.
///
/// The escape-free text is moved a chunk at a time: each chunk is stored into the sink's spare
/// room before its test says how much of it counts.
#[inline]
pub(crate) fn write_str<S: Sink>(sink: &mut S, s: &[u8]) -> Result<()> {
    // The plain alternative of the chunked moves (the `structio_plain_scan` switch, which
    // measures what they are worth): a byte at a time, each escape-free run copied.
    #[cfg(feature = "size")]
    return write_compact(sink, s);
    #[cfg(all(structio_plain_scan, not(feature = "size")))]
    return write_bytewise(sink, s, true);
    #[cfg(not(any(structio_plain_scan, feature = "size")))]
    write_chunked(sink, s)
}

/// [`write_str`] a chunk at a time.
#[inline(always)]
fn write_chunked<S: Sink>(sink: &mut S, s: &[u8]) -> Result<()> {
    // Room for the quotes, the text, and one word of slop past it.
    let Ok(spare) = sink.reserve(s.len() + 10) else {
        return write_exact(sink, s, true);
    };
    let mut out = Room {
        dst: spare.as_mut_ptr().cast(),
        o: 0,
        room: spare.len(),
    };
    // What is left to write, always the end of `s`. Invariant: the spare room from
    // `out.dst + out.o` (`out.room - out.o` bytes) holds at least `rest.len() + 9` bytes.
    let rest = s;
    // SAFETY: the invariant gives at least 9 bytes.
    unsafe { out.dst.write(b'"') };
    out.o += 1;
    // Escape-free text moves a chunk at a time: 32 bytes where AVX2 is compiled in, then 16.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    let Some(rest) = move_chunks(sink, rest, &mut out, first_special_32)?
    else {
        return Ok(());
    };
    // What is left is shorter than a chunk.
    if !write_tail(sink, rest, &mut out)? {
        return Ok(());
    }
    // SAFETY: nothing is left, so the invariant leaves 9 bytes of room.
    unsafe { out.dst.add(out.o).write(b'"') };
    // SAFETY: `o + 1` bytes from the start of the last reserved slice were written above.
    unsafe { sink.advance(out.o + 1) };
    Ok(())
}

/// Writes `rest` by `copy` (which copies a run and returns the index in it of the first byte
/// that needs escaping, or its length), writing each escape met and copying what follows it.
/// `false` as [`move_chunks`]'s `None`.
///
/// # Safety
///
/// `copy` may be called with any non-empty end of `rest` and a destination with room for it.
#[inline(always)]
unsafe fn copy_runs<S: Sink>(
    sink: &mut S,
    mut rest: &[u8],
    out: &mut Room,
    copy: unsafe fn(&[u8], *mut u8) -> usize,
) -> Result<bool> {
    while !rest.is_empty() {
        // SAFETY: the invariant of `write_str` gives `rest.len() + 9` bytes of room at
        // `dst + o`, and `rest` is an end of the caller's; the caller vouches for `copy`.
        let k = unsafe { copy(rest, out.dst.add(out.o)) };
        if k == rest.len() {
            out.o += k;
            break;
        }
        let Some(left) = escape_after(sink, rest, k, out)? else {
            return Ok(false);
        };
        rest = left;
    }
    Ok(true)
}

/// Where [`write_str`] writes: the spare room the sink gave it last (from `dst`, `room` bytes)
/// and how many bytes of it are written (`o`).
#[derive(Clone, Copy)]
struct Room {
    dst: *mut u8,
    o: usize,
    room: usize,
}

/// Moves `rest` a chunk of `N` bytes at a time while `N` bytes are left (`first`: the index of
/// a chunk's first byte that needs an escape), writing each escape met on the way, and returns
/// what is left. `None` when a fixed sink finished the string through exact writes.
///
/// The loop's state is the slice left, so that its one test is that slice's length, and the
/// escape path reads the byte to escape from the same pointer.
#[inline(always)]
fn move_chunks<'s, S: Sink, const N: usize>(
    sink: &mut S,
    mut rest: &'s [u8],
    out: &mut Room,
    first: impl Fn(&[u8; N]) -> Option<usize>,
) -> Result<Option<&'s [u8]>> {
    while let Some((chunk, tail)) = rest.split_first_chunk::<N>() {
        // A copy in a register: tested after the store, a reference would be read again from
        // memory (the store could alias it, as far as the compiler knows).
        let chunk = *chunk;
        // SAFETY: `rest.len() >= N`, so the invariant of `write_str` gives N bytes of room at
        // `dst + o`.
        unsafe { out.dst.add(out.o).cast::<[u8; N]>().write_unaligned(chunk) };
        let Some(k) = first(&chunk) else {
            out.o += N;
            rest = tail;
            continue;
        };
        let Some(left) = escape_after(sink, rest, k, out)? else {
            return Ok(None);
        };
        rest = left;
    }
    Ok(Some(rest))
}

/// Counts the first `k` bytes of `rest` (escape-free, already stored) as written, writes the
/// escape of the byte after them, and returns what is left after it. `None` when a fixed sink
/// finished the string through exact writes instead.
#[inline(always)]
fn escape_after<'s, S: Sink>(
    sink: &mut S,
    rest: &'s [u8],
    k: usize,
    out: &mut Room,
) -> Result<Option<&'s [u8]>> {
    out.o += k;
    let from = rest.get(k..).unwrap_or_default();
    match escape_one(sink, *out, from)? {
        Some(next) => *out = next,
        None => return Ok(None),
    }
    Ok(Some(from.get(1..).unwrap_or_default()))
}

/// Writes the escape of `from[0]` at `dst + o` and returns where writing goes on, restoring the
/// invariant of [`write_str`] for `from[1..]`: in place when the room left holds it (a sink's
/// spare room is usually far more than the string asked for, so strings with escapes make no
/// call), else through [`escape_at`], which commits what was written and reserves again.
/// `None` as [`escape_at`]'s.
#[inline(always)]
fn escape_one<S: Sink>(sink: &mut S, out: Room, from: &[u8]) -> Result<Option<Room>> {
    // An escape is at most 6 bytes for one byte of text, written as an 8-byte store: room for
    // it and for the invariant after it (`(from.len() - 1) + 9`) is `from.len() + 14`.
    if out.room - out.o >= from.len() + 14 {
        let (block, len) = escape(from.first().copied().unwrap_or_default());
        // SAFETY: `room - o >= 14` bytes of spare room from `dst + o`.
        unsafe { out.dst.add(out.o).cast::<[u8; 8]>().write_unaligned(block) };
        return Ok(Some(Room {
            o: out.o + len,
            ..out
        }));
    }
    escape_at(sink, out.o, from)
}

/// The index of the first byte of `chunk` that needs an escape (`"`, `\\`, below 0x20), by
/// three AVX2 compares and a mask.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn first_special_32(chunk: &[u8; 32]) -> Option<usize> {
    use core::arch::x86_64::*;
    // SAFETY: an unaligned load of the 32 bytes of `chunk`; the rest is AVX2, which this
    // function is compiled only with (its cfg), on registers.
    let m = unsafe {
        let x = _mm256_loadu_si256(chunk.as_ptr().cast());
        let quote = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'"' as i8));
        let slash = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'\\' as i8));
        let ctrl = _mm256_cmpeq_epi8(
            _mm256_max_epu8(x, _mm256_set1_epi8(0x1f)),
            _mm256_set1_epi8(0x1f),
        );
        _mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(quote, slash), ctrl)) as u32
    };
    (m != 0).then(|| m.trailing_zeros() as usize)
}

/// Commits the `o` bytes written so far, writes the escape of `rest[0]` into fresh room, and
/// returns the new write position and spare room, restoring the invariant of [`write_str`] for
/// `rest[1..]`.
/// `None` when a fixed sink had no room for the fast path and the string was finished
/// through exact writes instead.
#[inline(never)]
fn escape_at<S: Sink>(sink: &mut S, o: usize, rest: &[u8]) -> Result<Option<Room>> {
    // SAFETY: the caller wrote `o` bytes from the start of the last reserved slice.
    unsafe { sink.advance(o) };
    let (block, len) = escape(rest.first().copied().unwrap_or_default());
    let Ok(spare) = sink.reserve(rest.len() + 16) else {
        return write_exact(sink, rest, false).map(|()| None);
    };
    let room = spare.len();
    let dst: *mut u8 = spare.as_mut_ptr().cast();
    // SAFETY: the slice has `rest.len() + 16 >= 8` bytes.
    unsafe { dst.cast::<[u8; 8]>().write_unaligned(block) };
    // `rest.len() + 16 - len >= (rest.len() - 1) + 9`: the invariant holds for `rest[1..]`.
    Ok(Some(Room { dst, o: len, room }))
}

/// The same output through exact-size writes, for a fixed sink nearly full: it fails only if
/// the string itself does not fit. `open`: whether the opening quote is still to write.
#[cold]
#[inline(never)]
fn write_exact<S: Sink>(sink: &mut S, s: &[u8], open: bool) -> Result<()> {
    write_bytewise(sink, s, open)
}

/// [`write_exact`]'s loop: each byte looked up, the runs between escapes written whole.
#[inline(always)]
fn write_bytewise<S: Sink>(sink: &mut S, s: &[u8], open: bool) -> Result<()> {
    if open {
        sink.write_bytes(b"\"")?;
    }
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if escape_char(b) != 0 {
            sink.write_bytes(s.get(start..i).unwrap_or_default())?;
            let (block, len) = escape(b);
            sink.write_bytes(block.get(..len).unwrap_or_default())?;
            start = i + 1;
        }
    }
    sink.write_bytes(s.get(start..).unwrap_or_default())?;
    Ok(sink.write_bytes(b"\"")?)
}

/// [`write_bytewise`] for the size configuration, in less code: the closing quote is written
/// as the escape of the end of the string, so the loop has one place that writes a run and
/// one that writes what follows it.
#[cfg(any(feature = "size", test))]
#[inline(always)]
fn write_compact<S: Sink>(sink: &mut S, s: &[u8]) -> Result<()> {
    sink.write_bytes(b"\"")?;
    let mut start = 0;
    for i in 0..=s.len() {
        let (block, len) = match s.get(i) {
            None => ([b'"', 0, 0, 0, 0, 0, 0, 0], 1),
            Some(&b) if escape_char(b) != 0 => escape(b),
            Some(_) => continue,
        };
        sink.write_bytes(s.get(start..i).unwrap_or_default())?;
        sink.write_bytes(block.get(..len).unwrap_or_default())?;
        start = i + 1;
    }
    Ok(())
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    /// The quoted string, one byte at a time, each escape spelled out from the table of
    /// escape characters (not from `ESCAPE_WORD`).
    fn reference(s: &[u8]) -> alloc::vec::Vec<u8> {
        let mut out = alloc::vec![b'"'];
        for &b in s {
            match ESCAPE[usize::from(b)] {
                0 => out.push(b),
                b'u' => out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]),
                e => out.extend_from_slice(&[b'\\', e]),
            }
        }
        out.push(b'"');
        out
    }

    /// Every byte value alone, and strings dense with escapes (random mixes of plain bytes,
    /// quotes, backslashes, short and `\u00XX` escapes, bytes past ASCII) written into a fixed
    /// buffer of every size: the reference bytes when they fit, else `BufferFull`. The sizes
    /// walk the in-place escapes, the reserve-again path and the exact writes.
    #[test]
    fn dense_escapes_into_every_buffer_size() {
        use crate::write::sink::SliceSink;
        // Miri runs a sample: every byte value still, and a tenth of the mixes.
        let rounds = if cfg!(miri) { 40 } else { 400 };
        let mut cases: alloc::vec::Vec<alloc::vec::Vec<u8>> =
            (0..=255u8).map(|b| alloc::vec![b]).collect();
        let mut rng = structio_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        for round in 0..rounds {
            let s = (0..(round * 97 / 43) % 90)
                .map(|_| {
                    *rng.pick(&[
                        b'a', b'z', b'"', b'\\', b'\n', b'\t', 0x01, 0x1f, 0x7f, 0xc3,
                    ])
                })
                .collect();
            cases.push(s);
        }
        for s in &cases {
            let want = reference(s);
            for size in 0..want.len() + 24 {
                let mut buf = alloc::vec![0u8; size];
                let mut sink = SliceSink::new(&mut buf);
                let r = write_str(&mut sink, s);
                if size >= want.len() {
                    assert!(r.is_ok(), "{s:?} into {size}");
                    assert_eq!(sink.written(), &want[..], "{s:?} into {size}");
                } else {
                    let e = r.expect_err("the string does not fit");
                    assert_eq!(e.kind(), crate::ErrorKind::BufferFull, "{s:?} into {size}");
                }
            }
            let mut out = alloc::vec::Vec::new();
            write_str(&mut out, s).unwrap();
            assert_eq!(out, want);
        }
    }

    /// The byte loops (the size configuration's writer, and the exact writes of a nearly full
    /// fixed sink) and the chunked writer (the speed configuration's) give the same bytes for
    /// random strings of every byte value, into a growing sink and into fixed ones too small,
    /// just large enough and larger.
    #[test]
    fn byte_loop_writes_what_the_chunked_writer_writes() {
        use crate::write::sink::SliceSink;
        let mut rng = structio_testkit::Rng::new(0x0E5C_A9E5);
        let rounds = if cfg!(miri) { 200 } else { 5_000 };
        for _ in 0..rounds {
            let len = rng.below(80) as usize;
            let s: alloc::vec::Vec<u8> = (0..len)
                .map(|_| match rng.below(3) {
                    0 => rng.below(256) as u8,
                    _ => b' ' + rng.below(95) as u8,
                })
                .collect();
            let mut chunked = alloc::vec::Vec::new();
            write_chunked(&mut chunked, &s).unwrap();
            let mut bytewise = alloc::vec::Vec::new();
            write_bytewise(&mut bytewise, &s, true).unwrap();
            assert_eq!(bytewise, chunked, "{s:x?}");
            let mut compact = alloc::vec::Vec::new();
            write_compact(&mut compact, &s).unwrap();
            assert_eq!(compact, chunked, "{s:x?}");
            let n = chunked.len();
            for size in [n / 2, n - 1, n, n + 7, n + 40] {
                let mut a = alloc::vec![0u8; size];
                let mut sa = SliceSink::new(&mut a);
                let ra = write_chunked(&mut sa, &s).map_err(|e| e.kind());
                let mut b = alloc::vec![0u8; size];
                let mut sb = SliceSink::new(&mut b);
                let rb = write_bytewise(&mut sb, &s, true).map_err(|e| e.kind());
                let mut c = alloc::vec![0u8; size];
                let mut sc = SliceSink::new(&mut c);
                let rc = write_compact(&mut sc, &s).map_err(|e| e.kind());
                assert_eq!(rb, ra, "{s:x?} into {size}");
                assert_eq!(rc, ra, "{s:x?} into {size}");
                if ra.is_ok() {
                    assert_eq!(sb.written(), sa.written(), "{s:x?} into {size}");
                    assert_eq!(sc.written(), sa.written(), "{s:x?} into {size}");
                }
            }
        }
    }

    /// Every length up to 40 and every position of one byte that needs escaping, against a
    /// byte-at-a-time reference.
    #[test]
    fn escapes_match_a_bytewise_reference_at_every_length_and_position() {
        // Under Miri (which interprets this for aarch64, the word-wise path) every fifth
        // position, which still meets each byte of an 8-byte word, and one control byte.
        let (specials, step): (&[Option<u8>], usize) = if cfg!(miri) {
            (&[None, Some(b'"'), Some(b'\\'), Some(0x01)], 5)
        } else {
            (&[None, Some(b'"'), Some(b'\\'), Some(b'\n'), Some(0x01)], 1)
        };
        for len in 0..40usize {
            for &special in specials {
                for pos in (0..len.max(1)).step_by(step) {
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
