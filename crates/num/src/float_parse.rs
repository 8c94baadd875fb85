//! Reading JSON numbers into floats, correctly rounded: the digits are scanned sixteen bytes at
//! a time inline, the value comes from Clinger's exact fast path or Eisel-Lemire, and anything
//! else goes out of line to [`slow`]. Under the `size` feature the public readers are
//! `compact`'s instead: the same results from far less code.

#[cfg(any(feature = "size", test))]
mod compact;
pub(crate) mod decimal;
mod lemire;
mod number;
// x86-64 only: elsewhere the masks are word folds, which inlined into every float reader cost
// thumbv7em firmware 7 KB of flash (examples/firmware/size-budget.txt) for a gain not measured.
#[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
mod short;
mod slow;

pub use number::{parse_number, Number};

use crate::int_parse::{digits16, fold8, value16};
use crate::NumError;

/// Exact powers of ten as `f64` (10^22 is the last one exact in 53 bits).
const F64_POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
/// Exact powers of ten as `f32` (10^10 is the last one exact in 24 bits).
const F32_POW10: [f32; 11] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];
const U64_POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// Bytes from a number's first byte that [`decimal`] may look at: a number it accepts spans at
/// most 1 + 19 + 1 + 1 + 1 + 4 bytes (nineteen digits in all), and its loads end by byte 53
/// (sixteen bytes from byte 37 at most, where a fraction of sixteen digits continues).
pub(crate) const WINDOW: usize = 64;

#[inline(always)]
fn load16(win: &[u8; WINDOW], i: usize) -> u128 {
    // Every caller's `i` is at most 37; the clamp lets the compiler drop the bounds check.
    let i = i.min(WINDOW - 16);
    // `get` and `first_chunk`, not a range index: folded away as the index's check was, and
    // where not (opt-level "z"), a zero word rather than a panic path
    // (examples/firmware/no-panic.sh).
    let a = win.get(i..).and_then(|s| s.first_chunk::<16>());
    u128::from_le_bytes(a.copied().unwrap_or_default())
}

/// The value of the `n` (at most sixteen) digits of `win` from `i`.
#[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
#[inline(always)]
fn value16_at(win: &[u8; WINDOW], i: usize, n: usize) -> u64 {
    value16(load16(win, i), n)
}

#[inline(always)]
fn load8(win: &[u8; WINDOW], i: usize) -> u64 {
    let i = i.min(WINDOW - 8);
    let a = win.get(i..).and_then(|s| s.first_chunk::<8>());
    u64::from_le_bytes(a.copied().unwrap_or_default())
}

/// The number of leading digits of `w` (0..=8, little-endian bytes) and their value.
#[inline(always)]
fn digits8(w: u64) -> (usize, u64) {
    #[cfg(structio_plain_swar)]
    return crate::int_parse::digits16_plain(u128::from(w));
    #[cfg(not(structio_plain_swar))]
    digits8_swar(w)
}

/// [`digits8`] a word at a time.
#[inline(always)]
#[cfg_attr(structio_plain_swar, allow(dead_code))]
fn digits8_swar(w: u64) -> (usize, u64) {
    const L30: u64 = u64::from_le_bytes([0x30; 8]);
    let t = w ^ L30;
    // High bit of each lane that is not a digit (exact for the lowest such lane).
    let nd = (t.wrapping_add(u64::from_le_bytes([0x76; 8])) | t) & u64::from_le_bytes([0x80; 8]);
    let n = (nd.trailing_zeros() / 8) as usize;
    // Digits to the top lanes, zeros below; none shifts everything out.
    let d = t.checked_shl(64 - 8 * n as u32).unwrap_or(0);
    (n, fold8(d))
}

/// A number in the strict grammar with at most nineteen digits and a short exponent, with
/// [`WINDOW`] readable bytes from `pos`: `(negative, digits, power of ten, integer, end)`,
/// `integer` when there is neither a fraction nor an exponent. `None` for anything else, the
/// caller then taking the out-of-line path, which also finds any error (and reads the last
/// bytes of the input again through [`tail_decimal`]).
///
/// `COUNTED` picks how the integer part's length is found (see [`integer_digits`]): by a loop
/// whose branches the CPU predicts (the dynamic tree's reader, `parse_number`), or by one vector
/// compare (the typed readers).
#[inline(always)]
fn decimal<const COUNTED: bool>(input: &[u8], pos: usize) -> Option<(bool, u64, i32, bool, usize)> {
    // One bounds check for every load below.
    let win: &[u8; WINDOW] = input.get(pos..)?.get(..WINDOW)?.try_into().ok()?;
    let (neg, m, e10, integer, len) = decimal_in::<COUNTED>(win)?;
    Some((neg, m, e10, integer, pos + len))
}

/// The number of leading digits of `win[i..]`, at most sixteen, and their value.
///
/// With `COUNTED` the digits are counted one by one in a loop. That is more instructions than
/// the vector compare, and a mispredicted loop exit when lengths vary at random, but real
/// documents repeat their number shapes (identifiers of one length, coordinates with a two-digit
/// integer part), so the exit is predicted and the end of the number is known as soon as the
/// branches are, instead of after a load, a compare and a bit scan. The next token's load waits
/// on that end, so in a tree reader the count is on the critical path. Integers of random
/// length are the case where the loop loses (every peer's loop loses there the same way); the
/// typed readers, whose benchmark documents hold such numbers, keep the vector count. Numbers:
/// `docs/perf/value.md` and `docs/perf/num.md`.
#[inline(always)]
fn integer_digits<const COUNTED: bool>(win: &[u8; WINDOW], i: usize, w: u128) -> (usize, u64) {
    if COUNTED {
        let mut n = 0;
        while n < 16 && win[(i + n).min(WINDOW - 1)].is_ascii_digit() {
            n += 1;
        }
        (n, value16(w, n))
    } else {
        digits16(w)
    }
}

/// [`decimal`] from the last bytes of the input (fewer than [`WINDOW`] from `pos`), read from a
/// zero-padded copy: a zero byte ends a number as the end of the input does.
#[cold]
#[inline(never)]
pub(crate) fn tail_decimal(input: &[u8], pos: usize) -> Option<(bool, u64, i32, bool, usize)> {
    let tail = input.get(pos..)?;
    if tail.len() >= WINDOW {
        return None;
    }
    let mut buf = [0u8; WINDOW];
    copy_front(&mut buf, tail);
    let (neg, m, e10, integer, len) = decimal_in::<false>(&buf)?;
    // The zeros stop the number at or before the end of the input.
    Some((neg, m, e10, integer, pos + len.min(tail.len())))
}

/// Copies `src` (shorter than [`WINDOW`]) to the front of `buf` as at most two moves of one
/// width. A `memcpy` call of unknown length costs more than the number it pads, and the tree
/// reader meets a number near the end of nearly every small document (`"score":12.5` near the
/// end of a short message), where this copy was most of the out-of-line path's instructions.
#[inline(always)]
fn copy_front(buf: &mut [u8; WINDOW], src: &[u8]) {
    /// The first and the last `W` bytes of `src` (`W <= src.len() <= 2 * W`).
    #[inline(always)]
    fn ends<const W: usize>(buf: &mut [u8; WINDOW], src: &[u8]) {
        // Chunks rather than range indexes: the same moves, and no panic path for a build
        // whose optimiser does not carry `W <= n <= WINDOW` here (examples/firmware/no-panic.sh).
        let n = src.len();
        if let (Some(dst), Some(s)) = (buf.first_chunk_mut::<W>(), src.first_chunk::<W>()) {
            *dst = *s;
        }
        let dst = buf.get_mut(..n).and_then(|b| b.last_chunk_mut::<W>());
        if let (Some(dst), Some(s)) = (dst, src.last_chunk::<W>()) {
            *dst = *s;
        }
    }
    match src.len() {
        n if n >= 32 => ends::<32>(buf, src),
        n if n >= 16 => ends::<16>(buf, src),
        n if n >= 8 => ends::<8>(buf, src),
        n if n >= 4 => ends::<4>(buf, src),
        // At most three bytes; a zip has no length to check.
        _ => {
            for (dst, &b) in buf.iter_mut().zip(src) {
                *dst = b;
            }
        }
    }
}

/// [`decimal`] on the window from the number's first byte; the end is relative to it.
#[inline(always)]
fn decimal_in<const COUNTED: bool>(win: &[u8; WINDOW]) -> Option<(bool, u64, i32, bool, usize)> {
    let neg = win[0] == b'-';
    let mut i = neg as usize;
    let w = load16(win, i);
    let (mut n, mut m) = integer_digits::<COUNTED>(win, i, w);
    let lead_zero = (w as u8 == b'0') & (n > 1);
    let mut term = (w >> (8 * (n as u32 & 15))) as u8;
    if (n == 0) | (n > 15) | lead_zero {
        if (n != 16) | lead_zero {
            return None;
        }
        // Integers of seventeen to nineteen digits (identifiers, nanosecond times): one more
        // word, without the sixteen-lane machinery.
        let w = load8(win, i + 16);
        let (n2, v2) = digits8(w);
        if n2 > 3 {
            return None;
        }
        // Sixteen digits times a thousand plus three stays below 10^19.
        m = m * U64_POW10[n2] + v2;
        n += n2;
        term = (w >> (8 * n2 as u32)) as u8;
    }
    i += n;
    let mut e10 = 0i32;
    let mut integer = true;
    if term == b'.' {
        integer = false;
        let w = load16(win, i + 1);
        let (mut nf, mut f) = digits16(w);
        term = (w >> (8 * (nf as u32 & 15))) as u8;
        if nf == 16 {
            // Seventeen-digit doubles have up to nineteen fraction digits ("0.0123...").
            let w = load16(win, i + 17);
            let (n3, f3) = digits16(w);
            if n3 > 3 {
                return None;
            }
            f = f * U64_POW10[n3] + f3;
            nf += n3;
            term = (w >> (8 * n3 as u32)) as u8;
        }
        // At most nineteen digits keep the mantissa exact in a `u64`. An integer part of `0`
        // adds nothing to it, so a fraction of nineteen digits still fits: `0.00105622...`
        // (nineteen places, seventeen significant) is a common shape of random doubles,
        // which otherwise went out of line (5% of the glaze `doubles` document). Only on
        // 64-bit targets: on thumbv7em the test grew the firmware example's reader by 256
        // bytes of flash ("z"), and there such a number goes out of line, to the same value.
        let zero_whole = cfg!(target_pointer_width = "64") & (m == 0);
        let whole = n - usize::from(zero_whole);
        if (nf == 0) | (whole + nf > 19) {
            return None;
        }
        m = m * U64_POW10[nf.min(19)] + f;
        e10 = -(nf as i32);
        i += 1 + nf;
    }
    if term | 0x20 == b'e' {
        integer = false;
        // Exponents are short: one 8-byte word covers a sign and the digits, without the
        // sixteen-lane machinery.
        let w = load8(win, i + 1);
        let s = w as u8;
        let eneg = s == b'-';
        let skip = ((s == b'-') | (s == b'+')) as usize;
        let (ne, ve) = digits8(w >> (8 * skip as u32));
        // Up to four exponent digits here, ending inside the word; longer ones (zeros, or a
        // value that is surely zero or infinite) are read out of line.
        if (ne == 0) | (ne > 4) {
            return None;
        }
        let ve = ve as i32;
        // The sign through a mask rather than a branch.
        let mask = -(eneg as i32);
        e10 += (ve ^ mask) - mask;
        i += 1 + skip + ne;
    }
    Some((neg, m, e10, integer, i))
}

/// `m * 10^e10` (`m` of at most nineteen digits) correctly rounded, or `None` if undecided.
#[inline(always)]
pub(crate) fn to_f64(neg: bool, m: u64, e10: i32) -> Option<f64> {
    let sign = (neg as u64) << 63;
    // Clinger: both operands exact, so one correctly rounded operation is the answer.
    if m <= 1 << 53 && (-22..=22).contains(&e10) {
        let v = m as f64;
        let p = F64_POW10[e10.unsigned_abs() as usize % 23];
        let v = if e10 < 0 { v / p } else { v * p };
        return Some(f64::from_bits(v.to_bits() | sign));
    }
    // Zero falls into lemire's out-of-line branch.
    let bits = lemire::compute(e10, m, &lemire::F64)?;
    Some(f64::from_bits(bits | sign))
}

#[inline(always)]
pub(crate) fn to_f32(neg: bool, m: u64, e10: i32) -> Option<f32> {
    let sign = (neg as u32) << 31;
    if m <= 1 << 24 && (-10..=10).contains(&e10) {
        let v = m as f32;
        let p = F32_POW10[e10.unsigned_abs() as usize % 11];
        let v = if e10 < 0 { v / p } else { v * p };
        return Some(f32::from_bits(v.to_bits() | sign));
    }
    // Zero falls into lemire's out-of-line branch.
    let bits = lemire::compute(e10, m, &lemire::F32)? as u32;
    Some(f32::from_bits(bits | sign))
}

/// Reads a JSON number (strict RFC 8259 grammar) at `input[pos..]` into the correctly rounded
/// `f64`; returns it with the position after the number.
///
/// Rejects `01`, `1.`, `.5`, `+1`, `-` and `1e` with
/// [`Invalid`](crate::NumErrorKind::Invalid) at the first byte that breaks the grammar. Reading
/// stops at the first byte that cannot continue the number. A magnitude too large for `f64`
/// gives an infinity and one too small gives a zero of the number's sign, as `str::parse` does:
/// the caller decides whether an infinity is acceptable.
///
/// ```
/// assert_eq!(structio_num::parse_f64(b"[-1.5e3,", 1), Ok((-1500.0, 7)));
/// assert!(structio_num::parse_f64(b"01", 0).is_err());
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn parse_f64(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    #[cfg(feature = "size")]
    {
        compact::parse_f64(input, pos)
    }
    #[cfg(not(feature = "size"))]
    {
        parse_f64_fast(input, pos)
    }
}

/// [`parse_f64`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn parse_f64_fast(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    // The common short decimal inline, its end found without steps that wait on each other
    // (see `short`); everything else out of line, so that the code inlined into every typed
    // reader stays small.
    #[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
    if let Some(block) = input.get(pos..).and_then(|s| s.first_chunk::<16>()) {
        if let Some((neg, m, frac, end)) = short::short_decimal(block) {
            // At most fifteen digits over at most 10^15: both exact, so one correctly rounded
            // division is the answer (Clinger).
            let v = m as f64 / F64_POW10[frac % 23];
            return Ok((f64::from_bits(v.to_bits() | (neg as u64) << 63), pos + end));
        }
        return parse_f64_long(input, pos);
    }
    parse_f64_long(input, pos)
}

/// [`parse_f64_fast`] for everything but the short decimals: out of line on x86-64, where
/// [`long_pair`] returns the answer in two registers and it is unpacked here.
#[inline(always)]
fn parse_f64_long(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    #[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
    {
        let (v, end) = long_pair(input, pos);
        if end & PAIR_ERROR == 0 {
            return Ok((v, end));
        }
        Err(pair_error(v, end))
    }
    #[cfg(not(all(not(feature = "size"), target_arch = "x86_64")))]
    {
        long_body(input, pos)
    }
}

/// The bit of [`long_pair`]'s second word that marks an error (an offset never has it: slices
/// are at most `isize::MAX` bytes).
#[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
const PAIR_ERROR: usize = 1 << (usize::BITS - 1);

/// [`long_body`] out of line, its `Result` packed into two registers: the value and its end,
/// or the error's kind (as the value's bits, 0 for [`NumErrorKind::Invalid`]) and its offset
/// with [`PAIR_ERROR`] set. A `Result` of three words comes back through memory, and a typed
/// reader's next number, whose position is the end, then waited on that store and its reload.
#[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
#[inline(never)]
fn long_pair(input: &[u8], pos: usize) -> (f64, usize) {
    match long_body(input, pos) {
        Ok(answer) => answer,
        Err(e) => {
            let kind = u64::from(e.kind == crate::NumErrorKind::Overflow);
            (f64::from_bits(kind), e.offset | PAIR_ERROR)
        }
    }
}

/// The error [`long_pair`] packed.
#[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
#[cold]
fn pair_error(kind: f64, end: usize) -> NumError {
    NumError {
        kind: if kind.to_bits() == 0 {
            crate::NumErrorKind::Invalid
        } else {
            crate::NumErrorKind::Overflow
        },
        offset: end & !PAIR_ERROR,
    }
}

/// The reading of every number but the short decimals.
#[inline(always)]
fn long_body(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    #[cfg(all(not(feature = "size"), target_arch = "x86_64"))]
    if let Some(win) = input.get(pos..).and_then(|s| s.first_chunk::<WINDOW>()) {
        if let Some((neg, m, e10, end)) = short::long_decimal(win) {
            if let Some(v) = to_f64(neg, m, e10) {
                return Ok((v, pos + end));
            }
        } else if let Some((neg, m, e10, end)) = short::wide_decimal(win)
            && let Some(v) = to_f64(neg, m, e10)
        {
            return Ok((v, pos + end));
        }
    }
    if let Some((neg, m, e10, _, end)) = decimal::<false>(input, pos)
        && let Some(v) = to_f64(neg, m, e10)
    {
        return Ok((v, end));
    }
    slow::f64_strict(input, pos)
}

/// Reads a JSON number (strict grammar, as [`parse_f64`]) into the correctly rounded `f32`
/// (rounded once, from the decimal text, never through an `f64`).
///
/// ```
/// assert_eq!(structio_num::parse_f32(b"0.1", 0), Ok((0.1f32, 3)));
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn parse_f32(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    #[cfg(feature = "size")]
    {
        compact::parse_f32(input, pos)
    }
    #[cfg(not(feature = "size"))]
    {
        parse_f32_fast(input, pos)
    }
}

/// [`parse_f32`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn parse_f32_fast(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    if let Some((neg, m, e10, _, end)) = decimal::<false>(input, pos)
        && let Some(v) = to_f32(neg, m, e10)
    {
        return Ok((v, end));
    }
    slow::f32_strict(input, pos)
}

/// Reads a number with a lenient grammar into the correctly rounded `f64`: a leading `+`,
/// leading zeros, and a missing integer or fraction part (`.5`, `1.`) are accepted, so long as
/// there is at least one digit before any exponent. An exponent still needs a digit.
///
/// ```
/// assert_eq!(structio_num::parse_f64_lenient(b"+.5", 0), Ok((0.5, 3)));
/// assert_eq!(structio_num::parse_f64_lenient(b"007.", 0), Ok((7.0, 4)));
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn parse_f64_lenient(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    #[cfg(feature = "size")]
    {
        compact::parse_f64_lenient(input, pos)
    }
    #[cfg(not(feature = "size"))]
    {
        parse_f64_lenient_fast(input, pos)
    }
}

/// [`parse_f64_lenient`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn parse_f64_lenient_fast(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    // Where the strict reading succeeds the lenient one reads the same bytes.
    if let Some((neg, m, e10, _, end)) = decimal::<false>(input, pos)
        && let Some(v) = to_f64(neg, m, e10)
    {
        return Ok((v, end));
    }
    slow::f64_lenient(input, pos)
}

/// [`parse_f64_lenient`]'s grammar into the correctly rounded `f32`.
///
/// ```
/// assert_eq!(structio_num::parse_f32_lenient(b"+1.", 0), Ok((1.0f32, 3)));
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn parse_f32_lenient(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    #[cfg(feature = "size")]
    {
        compact::parse_f32_lenient(input, pos)
    }
    #[cfg(not(feature = "size"))]
    {
        parse_f32_lenient_fast(input, pos)
    }
}

/// [`parse_f32_lenient`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn parse_f32_lenient_fast(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    if let Some((neg, m, e10, _, end)) = decimal::<false>(input, pos)
        && let Some(v) = to_f32(neg, m, e10)
    {
        return Ok((v, end));
    }
    slow::f32_lenient(input, pos)
}
