//! The vector scans of JSON text, shared by the typed reader, the text tools and
//! structio-value's tree reader: whitespace, and the plain runs of string bytes (up to a quote,
//! a backslash or a control byte), with UTF-8 checked only where a run meets a byte past ASCII.
//!
//! On x86-64 the scans look at 16 bytes at a time with SSE2 (part of the baseline, so no runtime
//! check) and, when the build enables AVX2 (`-C target-cpu=x86-64-v3` or `native`), at 32 at a
//! time; the last fewer-than-16 bytes of the input are read as the input's last 16, overlapping
//! what was already seen, so no load ever reaches past the input. Other targets use eight-byte
//! words (SWAR). Whitespace is skipped one byte at a time for the common single space, then 16 at
//! a time (indentation).
//!
//! A run with bytes past ASCII is checked, from its first such byte, by the shared validator
//! ([`structio_core::utf8`]: the Keiser-Lemire lookup algorithm where the build enables SSSE3
//! or AVX2, `core::str::from_utf8` elsewhere). Only the verdict comes from the vector code: on
//! an invalid run `core::str::from_utf8` finds the offset of the first bad byte, so the error is
//! exactly the one it would give.

use crate::{Error, ErrorKind};

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

/// Is `b` one of the four JSON whitespace bytes?
#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Does the string scan stop at `b`?
#[inline(always)]
const fn is_stop<const HIGH: bool>(b: u8) -> bool {
    b == b'"' || b == b'\\' || b < 0x20 || (HIGH && b >= 0x80)
}

/// The position of the first byte at or after `pos` that is not JSON whitespace, or the input's
/// end (`pos` itself when it is at or past the end).
#[inline(always)]
pub fn skip_ws(input: &[u8], pos: usize) -> usize {
    // The byte found there is not wanted; its load on the indentation's path is dropped.
    skip_ws_peek(input, pos).0
}

/// [`skip_ws`] with the byte found there (`None` at the input's end).
///
/// The caller's dispatch reads the byte the skip's test has just loaded: with `skip_ws`
/// followed by `input.get(pos)`, the common path would check the bound and load the byte twice
/// (the indentation's path joins it with another position), after every value and separator.
#[inline(always)]
pub fn skip_ws_peek(input: &[u8], pos: usize) -> (usize, Option<u8>) {
    match input.get(pos) {
        Some(&b) if b > b' ' => (pos, Some(b)),
        Some(&b) if is_ws(b) => match input.get(pos + 1) {
            // One space (after a colon or comma) is the most common run of all.
            Some(&c) if c > b' ' => (pos + 1, Some(c)),
            _ => {
                let end = indent_run(input, pos + 1);
                (end, input.get(end).copied())
            }
        },
        other => (pos, other.copied()),
    }
}

/// A run of spaces from `pos` ended by a byte past the space (a newline's indentation), found
/// eight bytes per word load with a bit scan in the last word, else [`ws_run`].
///
/// The vector skip's end waits on a load, four compares, a mask and a bit scan, and the next
/// token waits on it; a word's spaces are counted with an xor and a bit scan, and the word loop
/// is predicted (indentation repeats). Out of line: inlined, it costs the parse loop registers
/// and slows minified text, where it never runs.
///
/// The loop's one bound is the last word's start, so an iteration is a load, a compare, a
/// branch and an add; a loop bounded by each word's `get` keeps both the position and the
/// bytes left, which costs deep indents (citm_catalog.json's) several instructions a word.
#[inline(never)]
fn indent_run(input: &[u8], mut pos: usize) -> usize {
    if let Some(last) = input.len().checked_sub(8) {
        while pos <= last {
            let Some(w) = input.get(pos..pos + 8).and_then(|w| w.first_chunk::<8>()) else {
                break;
            };
            let x = u64::from_le_bytes(*w) ^ 0x2020_2020_2020_2020;
            if x != 0 {
                let end = pos + (x.trailing_zeros() / 8) as usize;
                if matches!(input.get(end), Some(&b) if b > b' ') {
                    return end;
                }
                break;
            }
            pos += 8;
        }
    }
    ws_run(input, pos)
}

/// The position of the first `"`, `\` or control byte at or after `pos` (and, with `HIGH`, of
/// the first byte past ASCII), or the input's end (`pos` itself when it is at or past the end).
#[inline(always)]
pub fn scan<const HIGH: bool>(input: &[u8], mut pos: usize) -> usize {
    // The plain alternative of the vector and word scans (the `structio_plain_scan` switch,
    // which measures what they are worth): a byte at a time.
    if cfg!(structio_plain_scan) {
        while let Some(&b) = input.get(pos) {
            if is_stop::<HIGH>(b) {
                break;
            }
            pos += 1;
        }
        return pos;
    }
    #[cfg(target_arch = "x86_64")]
    {
        x86::scan::<HIGH>(input, pos)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        swar::scan::<HIGH>(input, pos)
    }
}

/// The end of the run of string bytes that needs no decoding from `pos` (the first `"`, `\`
/// or control byte, or the input's end), and whether the run holds a byte past ASCII, which
/// is not checked here. The scan first stops at a byte past ASCII too, so a run of ASCII
/// (nearly every key and most values) is one scan with no high bits to gather; a run that
/// meets such a byte goes on from it to the real stop.
#[inline(always)]
pub fn plain_end(input: &[u8], pos: usize) -> (usize, bool) {
    let end = scan::<true>(input, pos);
    match input.get(end) {
        Some(&b) if b >= 0x80 => (scan::<false>(input, end), true),
        _ => (end, false),
    }
}

/// Bit `i` set when byte `i` of `block` stops a string: `"`, `\`, a control byte or a byte
/// past ASCII.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn stops_block32(block: &[u8; 32]) -> u32 {
    x86::stops_block32(block)
}

/// The end of the plain run of string bytes starting at `pos`: the first `"`, `\` or control
/// byte, with any bytes past ASCII on the way checked as UTF-8.
#[inline(always)]
pub fn plain_run(input: &[u8], pos: usize) -> Result<usize, Error> {
    run_from(input, pos, scan::<true>(input, pos))
}

/// The end of the plain run from `pos` whose scan stopped at `end` (the first stop byte, bytes
/// past ASCII included): `end` itself, or, when it stopped at a byte past ASCII, the rest of
/// the run with its UTF-8 checked.
#[inline(always)]
fn run_from(input: &[u8], pos: usize, end: usize) -> Result<usize, Error> {
    match input.get(end) {
        Some(&b) if b >= 0x80 => non_ascii_run(input, pos, end),
        _ => Ok(end),
    }
}

/// The string-stop bytes (`"`, `\\`, control bytes, bytes past ASCII) of the 64 bytes of input
/// from the start of the last string value that missed it, kept for the strings after it.
///
/// A string's end found by a vector compare at its start waits on the load, the compares, the
/// mask and the bit scan, and every later token waits on that end. A string that starts within
/// the kept 64 bytes finds its end with one shift and one bit scan instead. A string value
/// that misses loads the 64 bytes from its own start (two 32-byte compares where the plain scan
/// makes one, for a short string), which then serve the keys and values that follow it in dense
/// text, which is where it pays (minified documents, arrays of short strings). Keys only read
/// it (`key_run`): a key that reloaded it on a miss would help minified text but slow indented
/// text, where a key starts each line and the predicted byte loop finds its end sooner.
///
/// Only on x86-64 (16- or 32-byte compares); elsewhere nothing is kept and every string is
/// scanned from its start.
pub struct StopBlock {
    /// Where the kept bytes start, or `usize::MAX` when none are kept.
    base: usize,
    /// Bit `i` set when byte `base + i` stops a string.
    bits: u64,
}

impl Default for StopBlock {
    fn default() -> Self {
        StopBlock::new()
    }
}

impl StopBlock {
    /// Nothing kept (for a new input).
    pub const fn new() -> Self {
        StopBlock {
            base: usize::MAX,
            bits: 0,
        }
    }

    /// The first stop byte at or after `pos` if the kept bytes have one.
    #[inline(always)]
    pub fn kept_end(&self, pos: usize) -> Option<usize> {
        let off = pos.wrapping_sub(self.base);
        if off < 64 {
            let m = self.bits >> off;
            if m != 0 {
                return Some(pos + m.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The first stop byte at or after `pos`, or the input's end (`scan::<true>`'s answer);
    /// on a miss the 64 bytes from `pos` become the kept ones.
    #[inline(always)]
    pub fn run_end(&mut self, input: &[u8], pos: usize) -> usize {
        // With `structio_plain_scan` nothing is kept: every string is scanned from its start.
        if cfg!(structio_plain_scan) {
            return scan::<true>(input, pos);
        }
        match self.kept_end(pos) {
            Some(end) => end,
            None => self.load_at(input, pos),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load_at(&mut self, input: &[u8], pos: usize) -> usize {
        let Some(block) = input.get(pos..).and_then(|r| r.first_chunk::<64>()) else {
            // Fewer than 64 bytes left: the plain scan.
            return scan::<true>(input, pos);
        };
        self.base = pos;
        self.bits = x86::stops64(block);
        if self.bits != 0 {
            pos + self.bits.trailing_zeros() as usize
        } else {
            scan::<true>(input, pos + 64)
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn load_at(&mut self, input: &[u8], pos: usize) -> usize {
        scan::<true>(input, pos)
    }
}

/// [`plain_run`] with the stops of the block it starts in kept in `stops`.
#[inline(always)]
pub fn plain_run_in(stops: &mut StopBlock, input: &[u8], pos: usize) -> Result<usize, Error> {
    run_from(input, pos, stops.run_end(input, pos))
}

/// [`plain_run`] for an object key: the same answer, found in the bytes `stops` keeps when
/// they hold it, else by a branch per byte for the first `KEY_LOOP` (32) bytes, then by
/// [`plain_run`]. With the end comes whether the byte there is known to be the closing quote
/// (the loop saw it), so the caller does not load and compare it again.
///
/// The branches are more instructions than a bit scan, but keys come back in the same order
/// and lengths object after object, so the loop's exit is predicted and the key's end is known
/// as soon as the branches are. From a bit scan the end waits on a load, a compare and the
/// scan, and every later token waits on the end. String values vary in length far more (texts,
/// names, URLs), so their exits would mispredict: they keep the scan.
#[inline(always)]
pub fn key_run(stops: &StopBlock, input: &[u8], pos: usize) -> Result<(usize, bool), Error> {
    key_run_by(stops, input, pos, KEY_MASKED)
}

/// Whether [`key_run`]'s branches test the bits of one 32-byte compare's mask rather than a
/// table load per byte: on x86-64 (but for the `structio_plain_scan` switch). The mask takes
/// the loads out of the loop (the table's two a byte, with the input's base reloaded from the
/// stack in the parse loop), and is faster although it runs more instructions on short keys
/// (the compare is a fixed ten): `docs/perf/value.md`.
const KEY_MASKED: bool = cfg!(all(target_arch = "x86_64", not(structio_plain_scan)));

/// [`key_run`], its loop testing a mask (`masked`) or a table.
#[inline(always)]
fn key_run_by(
    stops: &StopBlock,
    input: &[u8],
    pos: usize,
    masked: bool,
) -> Result<(usize, bool), Error> {
    if let Some(end) = stops.kept_end(pos) {
        return run_from(input, pos, end).map(|end| (end, false));
    }
    if let Some(head) = input.get(pos..).and_then(|r| r.first_chunk::<KEY_LOOP>()) {
        let mask = if masked { key_stop_mask(head) } else { 0 };
        let mut i = 0;
        while i < KEY_LOOP {
            let stop = if masked {
                mask & (1 << i) != 0
            } else {
                KEY_STOP[usize::from(head[i])]
            };
            if stop {
                if head[i] == b'"' {
                    return Ok((pos + i, true));
                }
                // A backslash, a control byte or a byte past ASCII: the general path from here
                // (the bytes before are ASCII, so its UTF-8 check and error offsets are the same).
                break;
            }
            i += 1;
        }
        return plain_run(input, pos + i).map(|end| (end, false));
    }
    plain_run(input, pos).map(|end| (end, false))
}

/// How many bytes of a key [`key_run`] looks at one at a time (nearly every key is shorter).
const KEY_LOOP: usize = 32;

/// Bit `i` set when byte `i` of `head` stops a string (`"`, `\`, a control byte or a byte
/// past ASCII): one 32-byte compare.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn key_stop_mask(head: &[u8; KEY_LOOP]) -> u32 {
    x86::stops_block32(head)
}

/// Bit `i` set when byte `i` of `head` stops a string: for the tests that compare the two
/// loops, the reader's being the table's here ([`KEY_MASKED`] is false).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn key_stop_mask(head: &[u8; KEY_LOOP]) -> u32 {
    let mut mask = 0;
    for (i, &b) in head.iter().enumerate() {
        mask |= u32::from(is_stop::<true>(b)) << i;
    }
    mask
}

/// The bytes that end [`key_run`]'s table loop: `"`, `\`, control bytes and bytes past ASCII.
/// A table load per byte is fewer instructions and branches than three compares per byte.
static KEY_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = is_stop::<true>(b as u8);
        b += 1;
    }
    t
};

/// The rest of a plain run that met a byte past ASCII at `at` (the run started at `start`).
#[inline(never)]
fn non_ascii_run(input: &[u8], start: usize, at: usize) -> Result<usize, Error> {
    let end = scan::<false>(input, at);
    // The bytes before `at` are ASCII, so the run is valid exactly when its part from `at` is.
    if utf8_valid(&input[at..end]) {
        return Ok(end);
    }
    invalid_run(input, start, end)
}

/// The error of an invalid run: `core::str::from_utf8` gives the offset of its first bad byte.
#[cold]
#[inline(never)]
fn invalid_run(input: &[u8], start: usize, end: usize) -> Result<usize, Error> {
    match core::str::from_utf8(&input[start..end]) {
        Ok(_) => Ok(end),
        Err(e) => Err(err(ErrorKind::InvalidUtf8, start + e.valid_up_to())),
    }
}

/// Is `bytes` valid UTF-8 (all of it)? The shared validator, vector code where the build
/// allows it; also the BEVE reader's check of strings with bytes past ASCII.
pub use structio_core::utf8::is_valid as utf8_valid;

/// A run of whitespace from `pos` (at most the input's length): where it ends.
#[cfg(target_arch = "x86_64")]
#[inline]
fn ws_run(input: &[u8], pos: usize) -> usize {
    x86::ws_run(input, pos)
}

/// A run of whitespace from `pos` (at most the input's length): where it ends.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn ws_run(input: &[u8], pos: usize) -> usize {
    swar::ws_run(input, pos)
}

/// The SSE2 and AVX2 scans.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{is_stop, is_ws};
    use core::arch::x86_64::*;

    /// Bit `i` set when byte `i` of `chunk` stops the string scan.
    #[inline(always)]
    fn stops16<const HIGH: bool>(chunk: &[u8; 16]) -> u32 {
        // SAFETY: the load reads the 16 bytes of `chunk` (an unaligned load, so any address
        // will do); the other intrinsics need only SSE2, which every x86-64 has, and work on
        // registers.
        unsafe {
            let x = _mm_loadu_si128(chunk.as_ptr().cast());
            let quote = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8));
            let slash = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8));
            // Signed, bytes below 0x20 are the control bytes and those past ASCII (negative);
            // unsigned, `max(x, 0x1f) == 0x1f` is the control bytes alone.
            let low = if HIGH {
                _mm_cmplt_epi8(x, _mm_set1_epi8(0x20))
            } else {
                _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f))
            };
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), low)) as u32
        }
    }

    /// Bit `i` set when byte `i` of `chunk` stops the string scan.
    #[cfg(target_feature = "avx2")]
    #[inline(always)]
    fn stops32<const HIGH: bool>(chunk: &[u8; 32]) -> u32 {
        // SAFETY: the load reads the 32 bytes of `chunk` (unaligned); the other intrinsics need
        // AVX2, which this function is compiled only with (the cfg above), and work on registers.
        unsafe {
            let x = _mm256_loadu_si256(chunk.as_ptr().cast());
            let quote = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'"' as i8));
            let slash = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'\\' as i8));
            let low = if HIGH {
                _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), x)
            } else {
                _mm256_cmpeq_epi8(
                    _mm256_max_epu8(x, _mm256_set1_epi8(0x1f)),
                    _mm256_set1_epi8(0x1f),
                )
            };
            _mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(quote, slash), low)) as u32
        }
    }

    /// Bit `i` set when byte `i` of `block` stops the string scan (bytes past ASCII included).
    ///
    /// With AVX-512BW one compare of all 64 bytes into mask registers, instead of two 32-byte
    /// compares, two mask moves, a shift and an or: fewer instructions on the path every
    /// string end waits on.
    #[cfg(all(target_feature = "avx512bw", target_feature = "avx512vl"))]
    #[inline(always)]
    pub(super) fn stops64(block: &[u8; 64]) -> u64 {
        // SAFETY: the load reads the 64 bytes of `block` (unaligned); the other intrinsics need
        // AVX-512BW, which this function is compiled only with (the cfg above).
        unsafe {
            let x = _mm512_loadu_si512(block.as_ptr().cast());
            let quote = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(b'"' as i8));
            let slash = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(b'\\' as i8));
            // Signed: control bytes and bytes past ASCII are below 0x20.
            let low = _mm512_cmplt_epi8_mask(x, _mm512_set1_epi8(0x20));
            quote | slash | low
        }
    }

    /// Bit `i` set when byte `i` of `block` stops the string scan (bytes past ASCII included):
    /// one 32-byte compare with AVX2, two 16-byte ones without.
    #[inline(always)]
    pub(super) fn stops_block32(block: &[u8; 32]) -> u32 {
        #[cfg(target_feature = "avx2")]
        {
            stops32::<true>(block)
        }
        #[cfg(not(target_feature = "avx2"))]
        {
            let (lo, hi) = block.split_at(16);
            match (lo.first_chunk::<16>(), hi.first_chunk::<16>()) {
                (Some(lo), Some(hi)) => stops16::<true>(lo) | stops16::<true>(hi) << 16,
                // Both halves are 16 bytes; this arm is never taken.
                _ => u32::MAX,
            }
        }
    }

    /// Bit `i` set when byte `i` of `block` stops the string scan (bytes past ASCII included).
    #[cfg(not(all(target_feature = "avx512bw", target_feature = "avx512vl")))]
    #[inline(always)]
    pub(super) fn stops64(block: &[u8; 64]) -> u64 {
        let mut bits = 0u64;
        #[cfg(target_feature = "avx2")]
        for (i, c) in block.chunks_exact(32).enumerate() {
            if let Some(c) = c.first_chunk::<32>() {
                bits |= u64::from(stops32::<true>(c)) << (32 * i);
            }
        }
        #[cfg(not(target_feature = "avx2"))]
        for (i, c) in block.chunks_exact(16).enumerate() {
            if let Some(c) = c.first_chunk::<16>() {
                bits |= u64::from(stops16::<true>(c)) << (16 * i);
            }
        }
        bits
    }

    /// Bit `i` set when byte `i` of `chunk` is not whitespace.
    #[inline(always)]
    fn non_ws16(chunk: &[u8; 16]) -> u32 {
        // SAFETY: as in `stops16`: a load of the 16 bytes of `chunk`, then SSE2 on registers.
        unsafe {
            let x = _mm_loadu_si128(chunk.as_ptr().cast());
            let sp = _mm_cmpeq_epi8(x, _mm_set1_epi8(b' ' as i8));
            let nl = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\n' as i8));
            let cr = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\r' as i8));
            let tab = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\t' as i8));
            let ws = _mm_or_si128(_mm_or_si128(sp, nl), _mm_or_si128(cr, tab));
            !(_mm_movemask_epi8(ws) as u32) & 0xffff
        }
    }

    /// The first position at or after `pos` (which is below the input's length) where `mask`
    /// (16 bytes at a time) or `hit` (one byte) finds something, or the input's end; for the
    /// fewer than 16 bytes at the end.
    #[inline(always)]
    fn tail(
        input: &[u8],
        pos: usize,
        mask: impl Fn(&[u8; 16]) -> u32,
        hit: impl Fn(u8) -> bool,
    ) -> usize {
        match input.last_chunk::<16>() {
            Some(last) => {
                // The input's last 16 bytes, of which the first `skip` were already looked at.
                let skip = pos - (input.len() - 16);
                let m = mask(last) >> skip;
                if m != 0 {
                    pos + m.trailing_zeros() as usize
                } else {
                    input.len()
                }
            }
            None => {
                let mut pos = pos;
                while let Some(&b) = input.get(pos) {
                    if hit(b) {
                        return pos;
                    }
                    pos += 1;
                }
                pos
            }
        }
    }

    #[inline(always)]
    pub(super) fn scan<const HIGH: bool>(input: &[u8], mut pos: usize) -> usize {
        if pos >= input.len() {
            return pos;
        }
        #[cfg(target_feature = "avx2")]
        while let Some(chunk) = input[pos..].first_chunk::<32>() {
            let m = stops32::<HIGH>(chunk);
            if m != 0 {
                return pos + m.trailing_zeros() as usize;
            }
            pos += 32;
        }
        while let Some(chunk) = input[pos..].first_chunk::<16>() {
            let m = stops16::<HIGH>(chunk);
            if m != 0 {
                return pos + m.trailing_zeros() as usize;
            }
            pos += 16;
        }
        if pos == input.len() {
            return pos;
        }
        tail(input, pos, stops16::<HIGH>, is_stop::<HIGH>)
    }

    #[inline]
    pub(super) fn ws_run(input: &[u8], mut pos: usize) -> usize {
        while let Some(chunk) = input.get(pos..).and_then(|r| r.first_chunk::<16>()) {
            let m = non_ws16(chunk);
            if m != 0 {
                return pos + m.trailing_zeros() as usize;
            }
            pos += 16;
        }
        if pos >= input.len() {
            return pos;
        }
        tail(input, pos, non_ws16, |b| !is_ws(b))
    }
}

/// The eight-bytes-a-word scans, for targets without the SSE2 ones (and tested everywhere).
#[cfg(any(test, not(target_arch = "x86_64")))]
mod swar {
    use super::is_stop;

    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;

    pub(super) fn scan<const HIGH: bool>(input: &[u8], mut pos: usize) -> usize {
        while let Some(w) = input.get(pos..).and_then(|r| r.first_chunk::<8>()) {
            let x = u64::from_le_bytes(*w);
            let quote = x ^ (ONES * b'"' as u64);
            let slash = x ^ (ONES * b'\\' as u64);
            // A byte is flagged when it is zero (the quote or backslash) or below 0x20; borrows
            // can only flag bytes above the first true hit, so the lowest flag is exact.
            let mut hits = (quote.wrapping_sub(ONES) & !quote)
                | (slash.wrapping_sub(ONES) & !slash)
                | (x.wrapping_sub(ONES * 0x20) & !x);
            if HIGH {
                hits |= x;
            }
            let hits = hits & HIGHS;
            if hits != 0 {
                return pos + (hits.trailing_zeros() / 8) as usize;
            }
            pos += 8;
        }
        while let Some(&b) = input.get(pos) {
            if is_stop::<HIGH>(b) {
                return pos;
            }
            pos += 1;
        }
        pos
    }

    pub(super) fn ws_run(input: &[u8], mut pos: usize) -> usize {
        loop {
            // Indentation comes in runs: step over eight spaces at a time.
            while let Some(w) = input.get(pos..).and_then(|r| r.first_chunk::<8>()) {
                if w != b"        " {
                    break;
                }
                pos += 8;
            }
            match input.get(pos) {
                Some(b' ' | b'\n' | b'\r' | b'\t') => pos += 1,
                _ => return pos,
            }
        }
    }
}

/// The Keiser-Lemire lookup checks of one block of bytes against the block before it, written
/// once for both vector widths: `$v` the vector type, `$n` its width in bytes, then the
/// intrinsics by role.
#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    // The references: one byte at a time, obviously right.

    fn ref_skip_ws(input: &[u8], mut pos: usize) -> usize {
        while pos < input.len() && is_ws(input[pos]) {
            pos += 1;
        }
        pos
    }

    fn ref_scan<const HIGH: bool>(input: &[u8], mut pos: usize) -> usize {
        while pos < input.len() && !is_stop::<HIGH>(input[pos]) {
            pos += 1;
        }
        pos
    }

    fn ref_plain_run(input: &[u8], pos: usize) -> Result<usize, (ErrorKind, usize)> {
        let end = ref_scan::<false>(input, pos);
        if pos >= end {
            return Ok(end);
        }
        match core::str::from_utf8(&input[pos..end]) {
            Ok(_) => Ok(end),
            Err(e) => Err((ErrorKind::InvalidUtf8, pos + e.valid_up_to())),
        }
    }

    /// Every function against its reference, from `pos`.
    fn check_at(input: &[u8], pos: usize) {
        let ctx = |what: &str| alloc::format!("{what} at {pos} of {input:?}");
        assert_eq!(
            skip_ws(input, pos),
            ref_skip_ws(input, pos),
            "{}",
            ctx("skip_ws")
        );
        let end = ref_skip_ws(input, pos);
        assert_eq!(
            skip_ws_peek(input, pos),
            (end, input.get(end).copied()),
            "{}",
            ctx("skip_ws_peek")
        );
        assert_eq!(
            scan::<true>(input, pos),
            ref_scan::<true>(input, pos),
            "{}",
            ctx("scan<true>")
        );
        assert_eq!(
            scan::<false>(input, pos),
            ref_scan::<false>(input, pos),
            "{}",
            ctx("scan<false>")
        );
        assert_eq!(
            swar::scan::<true>(input, pos),
            ref_scan::<true>(input, pos),
            "{}",
            ctx("swar scan<true>")
        );
        assert_eq!(
            swar::scan::<false>(input, pos),
            ref_scan::<false>(input, pos),
            "{}",
            ctx("swar scan<false>")
        );
        if pos <= input.len() {
            assert_eq!(
                ws_run(input, pos),
                ref_skip_ws(input, pos),
                "{}",
                ctx("ws_run")
            );
            assert_eq!(
                swar::ws_run(input, pos),
                ref_skip_ws(input, pos),
                "{}",
                ctx("swar ws_run")
            );
        }
        let got = plain_run(input, pos).map_err(|e| (e.kind(), e.offset()));
        assert_eq!(got, ref_plain_run(input, pos), "{}", ctx("plain_run"));
        // A key's end flagged as a quote must be one.
        let quote_known = |r: Result<(usize, bool), Error>| {
            r.map(|(end, quote)| {
                assert!(
                    !quote || input.get(end) == Some(&b'"'),
                    "{}",
                    ctx("key_run's flag")
                );
                end
            })
            .map_err(|e| (e.kind(), e.offset()))
        };
        let got = quote_known(key_run(&StopBlock::new(), input, pos));
        assert_eq!(got, ref_plain_run(input, pos), "{}", ctx("key_run"));
        // Both loops, whichever the target takes.
        for masked in [false, true] {
            let got = quote_known(key_run_by(&StopBlock::new(), input, pos, masked));
            assert_eq!(got, ref_plain_run(input, pos), "{}", ctx("key_run_by"));
        }
        // With the stop bytes kept from a string a little before `pos`.
        let mut kept = StopBlock::new();
        kept.run_end(input, pos.saturating_sub(7).min(input.len()));
        let got = quote_known(key_run(&kept, input, pos));
        assert_eq!(got, ref_plain_run(input, pos), "{}", ctx("key_run, kept"));
        let got = plain_run_in(&mut kept, input, pos).map_err(|e| (e.kind(), e.offset()));
        assert_eq!(
            got,
            ref_plain_run(input, pos),
            "{}",
            ctx("plain_run_in, kept")
        );
    }

    /// Every start position, and one and two past the end.
    fn check_all(input: &[u8]) {
        for pos in 0..=input.len() + 2 {
            check_at(input, pos);
        }
        // The validator alone, on the whole input and on every suffix's first bytes.
        assert_eq!(
            utf8_valid(input),
            core::str::from_utf8(input).is_ok(),
            "utf8 of {input:?}"
        );
    }

    #[test]
    fn small_inputs() {
        for input in [
            &b""[..],
            b" ",
            b"\"",
            b"a",
            b"\xc3\xa9",
            b"\xe6\x97\xa5\"",
            b"  \n\t\r x",
            b"abc\\def\"",
            b"                                          ",
            b"\n                                                 }",
            b"\"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xf0\x9f\x98\x80\"",
        ] {
            check_all(input);
        }
    }

    /// Fillers for the stop-byte tests: ASCII, whitespace, two-, three- and four-byte UTF-8.
    const FILLERS: [&[u8]; 5] = [
        b"a",
        b" \n\t\r",
        b"\xc3\xa9",
        b"\xe6\x97\xa5",
        b"\xf0\x9f\x98\x80",
    ];

    fn filled(filler: &[u8], n: usize, out: &mut Vec<u8>) {
        for i in 0..n {
            out.push(filler[i % filler.len()]);
        }
    }

    #[test]
    fn every_stop_byte_at_every_offset() {
        let mut input = Vec::new();
        for filler in FILLERS {
            for offset in 0..70 {
                for v in 0..=255u8 {
                    for after in [0, 1, 5, 16, 40] {
                        input.clear();
                        filled(filler, offset, &mut input);
                        input.push(v);
                        filled(filler, after, &mut input);
                        check_at(&input, 0);
                        check_at(&input, offset.min(3));
                        if offset > 0 {
                            check_at(&input, offset - 1);
                        }
                        check_at(&input, offset);
                    }
                }
            }
        }
    }

    /// Every one- and two-byte sequence, every three-byte one from a lead byte past 0xdf with a
    /// sample of third bytes, and four-byte ones from every lead past 0xef, each at every offset
    /// of a 70-byte ASCII run so that it meets every block boundary.
    #[test]
    fn utf8_sequences_at_every_offset() {
        let mut seqs: Vec<Vec<u8>> = Vec::new();
        structio_testkit::utf8_probes(|seq| seqs.push(seq.to_vec()));
        let mut input = Vec::new();
        for (i, seq) in seqs.iter().enumerate() {
            // All offsets for a sample, a rotating few for the rest (still each block position).
            let offsets: Vec<usize> = if i % 97 == 0 {
                (0..70).collect()
            } else {
                alloc::vec![
                    i % 70,
                    (i * 7 + 13) % 70,
                    31 - seq.len().min(31),
                    32 - seq.len()
                ]
            };
            for offset in offsets {
                for after in [0usize, 1, 3, 40] {
                    input.clear();
                    filled(b"x", offset, &mut input);
                    input.extend_from_slice(seq);
                    filled(b"y", after, &mut input);
                    let want = core::str::from_utf8(&input).is_ok();
                    assert_eq!(utf8_valid(&input), want, "{input:?}");
                    check_at(&input, 0);
                    check_at(&input, offset);
                }
            }
        }
    }

    /// The shared fixed-seed generator, for inputs the cases above do not think of.
    use structio_testkit::Rng;

    /// One random piece: mostly plausible string and document bytes, sometimes broken UTF-8.
    fn piece(rng: &mut Rng, out: &mut Vec<u8>) {
        const VALID: [&[u8]; 8] = [
            b"\xc3\xa9",
            b"\xdf\xbf",
            b"\xe6\x97\xa5",
            b"\xef\xbf\xbf",
            b"\xed\x9f\xbf",
            b"\xee\x80\x80",
            b"\xf0\x9f\x98\x80",
            b"\xf4\x8f\xbf\xbf",
        ];
        const INVALID: [&[u8]; 12] = [
            b"\xc0\xaf",         // overlong two-byte
            b"\xc1\xbf",         // overlong two-byte
            b"\xe0\x80\xaf",     // overlong three-byte
            b"\xf0\x80\x80\xaf", // overlong four-byte
            b"\xed\xa0\x80",     // surrogate D800
            b"\xed\xbf\xbf",     // surrogate DFFF
            b"\xf4\x90\x80\x80", // past U+10FFFF
            b"\xf5\x80\x80\x80", // past U+10FFFF
            b"\xff",
            b"\x80",     // stray continuation
            b"\xe6\x97", // cut short
            b"\xf0\x9f\x98",
        ];
        match rng.below(20) {
            0..=5 => {
                for _ in 0..rng.below(12) {
                    out.push(b'a' + rng.below(26) as u8);
                }
            }
            6..=8 => {
                for _ in 0..rng.below(20) {
                    out.push(b" \n\t\r"[rng.below(4) as usize]);
                }
            }
            9 => out.push(b'"'),
            10 => out.push(b'\\'),
            11 => out.push(rng.below(0x20) as u8),
            12..=16 => {
                for _ in 0..rng.below(8) {
                    out.extend_from_slice(VALID[rng.below(VALID.len() as u64) as usize]);
                }
            }
            17 | 18 => out.extend_from_slice(INVALID[rng.below(INVALID.len() as u64) as usize]),
            _ => out.push(rng.below(256) as u8),
        }
    }

    /// `out` made afresh of random pieces: up to 12, or up to 60 every tenth round.
    fn random_input(rng: &mut Rng, round: u32, out: &mut Vec<u8>) {
        out.clear();
        for _ in 0..rng.below(if round.is_multiple_of(10) { 60 } else { 12 }) {
            piece(rng, out);
        }
    }

    #[test]
    fn random_inputs() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut input = Vec::new();
        for round in 0..20_000 {
            random_input(&mut rng, round, &mut input);
            if round % 4 == 0 {
                check_all(&input);
            } else {
                check_at(&input, 0);
                check_at(&input, rng.below(input.len() as u64 + 1) as usize);
            }
            // Runs without a stop byte, mostly UTF-8 with some errors: the validator's own test.
            input.retain(|&b| !is_stop::<false>(b));
            assert_eq!(
                utf8_valid(&input),
                core::str::from_utf8(&input).is_ok(),
                "{input:?}"
            );
            check_at(&input, 0);
        }
    }

    /// A kept block answers as the plain scan does, whatever position was asked before: runs
    /// in order (a parse), positions at random (kept bytes behind or ahead), and every key
    /// asked of the kept bytes alone.
    #[test]
    fn kept_stop_bytes_answer_as_the_scan() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let mut input = Vec::new();
        for round in 0..5_000 {
            random_input(&mut rng, round, &mut input);
            let mut stops = StopBlock::new();
            let mut pos = 0;
            while pos <= input.len() {
                let want = ref_scan::<true>(&input, pos);
                if let Some(end) = stops.kept_end(pos) {
                    assert_eq!(end, want, "kept_end at {pos} of {input:?}");
                }
                assert_eq!(
                    stops.run_end(&input, pos),
                    want,
                    "run_end at {pos} of {input:?}"
                );
                pos = if rng.below(4) == 0 {
                    rng.below(input.len() as u64 + 1) as usize
                } else {
                    want + 1 + rng.below(3) as usize
                };
            }
        }
    }

    /// Indentation of every width up to past four words, ended by a token, another kind of
    /// whitespace, a control byte or the input's end, at every start.
    #[test]
    fn indentation_runs() {
        for width in 0..40 {
            for end in [&b"x"[..], b"\t\"", b"\n  y", b"\x01", b""] {
                let mut input = alloc::vec![b','];
                input.push(b'\n');
                input.extend(core::iter::repeat_n(b' ', width));
                input.extend_from_slice(end);
                for pos in 0..=input.len() {
                    assert_eq!(
                        skip_ws(&input, pos),
                        ref_skip_ws(&input, pos),
                        "{input:?} at {pos}"
                    );
                }
            }
        }
    }

    #[test]
    fn invalid_utf8_offsets() {
        // The error offset is that of the first bad byte, counted from the whole input.
        let mut input = Vec::new();
        input.extend_from_slice(b"{\"k\":\"");
        filled(b"\xe6\x97\xa5", 90, &mut input);
        input.extend_from_slice(b"\xed\xa0\x80 tail\"");
        let e = plain_run(&input, 6).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 96));
    }
}
