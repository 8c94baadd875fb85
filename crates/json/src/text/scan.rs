//! The validating scanners every text tool shares: whitespace, strings, numbers and literals.
//!
//! Each takes the input and a position by value and returns the position after what it stepped
//! over, so the caller's cursor never leaves a register. Everything here is `#[inline(always)]`
//! except the error paths, which are `#[cold]` so the hot loops stay small.

use crate::{Error, ErrorKind, Result};

/// One byte of the four JSON whitespace characters is `1`, everything else `0`: looked up by
/// value, one load per byte instead of four compares (a `matches!` compiles to a shift and a
/// range guard). The text tools' whitespace table.
pub(crate) static WS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b' ' as usize] = 1;
    t[b'\t' as usize] = 1;
    t[b'\n' as usize] = 1;
    t[b'\r' as usize] = 1;
    t
};

/// `0x01` and `0x80` in every byte of a word: the constants of the word-at-a-time masks.
const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Sixteen spaces as one 128-bit word.
#[cfg(all(not(structio_plain_ws), feature = "size"))]
const SPACES16: u128 = u128::MAX / 0xFF * 0x20;

/// The deepest nesting any text tool can follow, whatever limit a caller asks for: the open
/// brackets live in a bit stack of this many bits on the caller's stack (128 bytes), so no
/// input can make the stack grow. The default limit is the shared
/// [`DEFAULT_DEPTH_LIMIT`](structio_core::DEFAULT_DEPTH_LIMIT), as in every reader.
pub(crate) const MAX_DEPTH: u32 = 1024;

/// Which containers are open: one bit per level, `1` for an object.
pub(crate) struct BitStack {
    words: [u64; (MAX_DEPTH / 64) as usize],
}

impl BitStack {
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        BitStack {
            words: [0; (MAX_DEPTH / 64) as usize],
        }
    }

    /// Records level `depth` (0-based, below [`MAX_DEPTH`]) as an object or an array.
    #[inline(always)]
    pub(crate) fn set(&mut self, depth: u32, object: bool) {
        // The mask keeps the index in range whatever `depth` is, so no bounds check survives.
        let w = &mut self.words[(depth as usize >> 6) & 15];
        let bit = 1u64 << (depth & 63);
        *w = (*w & !bit) | (u64::from(object) << (depth & 63));
    }

    /// Whether level `depth` is an object.
    #[inline(always)]
    pub(crate) fn is_object(&self, depth: u32) -> bool {
        (self.words[(depth as usize >> 6) & 15] >> (depth & 63)) & 1 != 0
    }
}

/// Eight bytes at `i`; the caller has checked `i + 8 <= input.len()`.
#[inline(always)]
pub(crate) fn load8(input: &[u8], i: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&input[i..i + 8]);
    u64::from_le_bytes(a)
}

/// High bit set in every byte of `w` equal to `b`; exact up to and including the lowest hit
/// (a borrow can only mark bytes above a real hit, and only the lowest one is ever used).
#[inline(always)]
pub(crate) const fn eq_mask(w: u64, b: u8) -> u64 {
    let t = w ^ (ONES * b as u64);
    t.wrapping_sub(ONES) & !t & HIGH
}

/// High bit set in every byte of `w` below 0x20, exact up to the lowest hit.
#[inline(always)]
const fn ctrl_mask(w: u64) -> u64 {
    w.wrapping_sub(ONES * 0x20) & !w & HIGH
}

/// High bit set in every byte of `w` that is not an ASCII digit; exact in every byte, since no
/// step carries or borrows across a byte.
#[inline(always)]
const fn non_digit_mask(w: u64) -> u64 {
    let lo = w & !HIGH;
    let above = lo.wrapping_add(ONES * 0x46) & HIGH;
    let below = !((lo | HIGH).wrapping_sub(ONES * 0x30)) & HIGH;
    above | below | (w & HIGH)
}

/// Steps over whitespace. The speed configuration's is the shared scan of the typed reader and
/// the tree builder ([`crate::string_scan::skip_ws`]: one compare for compact text, one more
/// for a single space, a word at a time for indentation). The size configuration's costs one
/// table lookup for compact input, and steps over a line break and up to sixteen spaces of
/// indentation after it at once, with no loop over their length.
#[inline(always)]
pub(crate) fn skip_ws(input: &[u8], mut i: usize) -> usize {
    // The plain alternative of the table and the sixteen-space step (the `structio_plain_ws`
    // switch, which measures what they are worth): a byte at a time, four compares each.
    #[cfg(structio_plain_ws)]
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = input.get(i) {
        i += 1;
    }
    #[cfg(not(any(structio_plain_ws, feature = "size")))]
    {
        i = crate::string_scan::skip_ws(input, i);
    }
    #[cfg(all(not(structio_plain_ws), feature = "size"))]
    while let Some(&b) = input.get(i) {
        if WS[b as usize] == 0 {
            return i;
        }
        // A newline, return or tab is stepped over alone; the spaces after it are the zero
        // bytes at the low end of the next sixteen XOR spaces.
        let other = usize::from(b != b' ');
        let j = i + other;
        match input.get(j..).and_then(|s| s.first_chunk::<16>()) {
            Some(block) => {
                let t = u128::from_le_bytes(*block) ^ SPACES16;
                i = j + (t.trailing_zeros() >> 3) as usize;
            }
            None => i += 1,
        }
    }
    i
}

/// The whitespace run seen last at a line break: its bytes (up to sixteen) and the mask that
/// selects them, so the next run is checked against it with one load and one compare.
#[derive(Copy, Clone)]
pub(crate) struct WsRun {
    bytes: u128,
    mask: u128,
    len: usize,
}

impl WsRun {
    pub(crate) const NONE: WsRun = WsRun {
        bytes: 0,
        mask: 0,
        len: 0,
    };
}

/// [`skip_ws`] for the whitespace after a comma or an opening bracket, where a laid-out document
/// repeats the indentation of the line before: when the bytes at `i` equal the previous run
/// (one sixteen-byte compare), the next token is at `i + len` with no data-dependent step, so
/// the position does not wait on scanning the run. Otherwise the run is scanned and remembered.
#[inline(always)]
pub(crate) fn skip_ws_like(input: &[u8], i: usize, prev: WsRun) -> (usize, WsRun) {
    let now = input.get(i..).and_then(|s| s.first_chunk::<16>());
    if let Some(now) = now {
        let after = input.get(i + prev.len).map_or(0, |&b| WS[b as usize]);
        if prev.len != 0 && u128::from_le_bytes(*now) & prev.mask == prev.bytes && after == 0 {
            return (i + prev.len, prev);
        }
    }
    remember_run(input, i, now)
}

/// Scans the run at `i` and remembers it when it fits sixteen bytes.
#[inline(always)]
fn remember_run(input: &[u8], i: usize, now: Option<&[u8; 16]>) -> (usize, WsRun) {
    let j = skip_ws(input, i);
    let len = j - i;
    match now {
        Some(now) if len.wrapping_sub(1) < 16 => {
            let mask = u128::MAX >> (128 - 8 * len);
            (
                j,
                WsRun {
                    bytes: u128::from_le_bytes(*now) & mask,
                    mask,
                    len,
                },
            )
        }
        _ => (j, WsRun::NONE),
    }
}

/// What kind of value starts with a byte, the walks' dispatch.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// No value starts so (or the input ended): the walk's error.
    None,
    /// `{` or `[`.
    Open,
    /// `"`.
    String,
    /// `-` or a digit.
    Number,
    /// `t` or `f`.
    Bool,
    /// `n`.
    Null,
}

/// [`Start`] by byte.
#[cfg(target_pointer_width = "64")]
static STARTS: [Start; 256] = {
    let mut t = [Start::None; 256];
    t[b'{' as usize] = Start::Open;
    t[b'[' as usize] = Start::Open;
    t[b'"' as usize] = Start::String;
    t[b'-' as usize] = Start::Number;
    let mut d = b'0';
    while d <= b'9' {
        t[d as usize] = Start::Number;
        d += 1;
    }
    t[b't' as usize] = Start::Bool;
    t[b'f' as usize] = Start::Bool;
    t[b'n' as usize] = Start::Null;
    t
};

/// The kind of value at `i` and its first byte, by one table load: the walks branch on the
/// kind, so `-` and a digit, or `t` and `f`, take one arm with no branch between them. A
/// `match` on the byte tests them apart, and signed numbers or booleans take that branch at
/// random (`minify` of an array of integers of either sign 39.5 -> 33.1 µs).
///
/// On 32-bit targets (the firmware's) the kind is matched from the byte instead: the table's
/// 256 bytes had taken the firmware example's reader over its flash budget.
#[inline(always)]
pub(crate) fn value_start(input: &[u8], i: usize) -> (Start, u8) {
    match input.get(i) {
        #[cfg(target_pointer_width = "64")]
        Some(&b) => (STARTS[usize::from(b)], b),
        #[cfg(not(target_pointer_width = "64"))]
        Some(&b) => (
            match b {
                b'{' | b'[' => Start::Open,
                b'"' => Start::String,
                b'-' | b'0'..=b'9' => Start::Number,
                b't' | b'f' => Start::Bool,
                b'n' => Start::Null,
                _ => Start::None,
            },
            b,
        ),
        None => (Start::None, 0),
    }
}

/// Steps over a run of ASCII digits starting at `i`, eight at a time.
#[inline(always)]
pub(crate) fn skip_digits(input: &[u8], mut i: usize) -> usize {
    while i + 8 <= input.len() {
        let m = non_digit_mask(load8(input, i));
        if m != 0 {
            return i + (m.trailing_zeros() >> 3) as usize;
        }
        i += 8;
    }
    while let Some(b) = input.get(i) {
        if !b.is_ascii_digit() {
            break;
        }
        i += 1;
    }
    i
}

/// An error at `i`: [`ErrorKind::UnexpectedEnd`] when `i` is the end of the input, else `kind`.
#[cold]
#[inline(never)]
pub(crate) fn err_at(input: &[u8], i: usize, kind: ErrorKind) -> Error {
    if i >= input.len() {
        Error::new(ErrorKind::UnexpectedEnd, input.len())
    } else {
        Error::new(kind, i)
    }
}

/// Steps over a number that starts at `i` (a `-` or a digit), holding it to the JSON grammar.
/// Returns the position after it; an error names the byte that broke the grammar.
///
/// The speed configuration first tries [`short_number`] (a short number without an exponent,
/// from masks of sixteen bytes), inlined into the walks; anything else, every error included,
/// goes to [`number_walk`] out of line. The size configuration has the walk alone.
#[cfg(not(feature = "size"))]
#[inline(always)]
pub(crate) fn skip_number(input: &[u8], i: usize) -> Result<usize> {
    match short_number(input, i) {
        Some(end) => Ok(end),
        None => number_walk(input, i),
    }
}

#[cfg(feature = "size")]
#[inline]
pub(crate) fn skip_number(input: &[u8], i: usize) -> Result<usize> {
    number_walk(input, i)
}

/// Steps over a number that starts at `i` for the tools that trust their input (it is known to
/// be valid JSON): the number's end is the first byte outside `-` to `9`, from one mask of
/// sixteen bytes and a trailing-zero count, with no check of its shape; a longer number or one
/// with an exponent from the masks of 32 bytes, the exponent's letter and `+` stepped over. A
/// number of 32 bytes or more and the input's last bytes go to [`skip_number`], which checks.
///
/// The checked short path spends most of its instructions on the shape (a sign, no leading
/// zero, at most one `.` between digits); Glaze's `minify_json` and `prettify_json` check none
/// of it, and `minify_trusted` of `ints.pretty.json` had run a fifth more instructions a number
/// than Glaze's.
#[inline(always)]
pub(crate) fn trusted_number_end(input: &[u8], i: usize) -> Result<usize> {
    #[cfg(not(feature = "size"))]
    if let Some(block) = input.get(i..).and_then(|rest| rest.first_chunk::<16>()) {
        let number = structio_num::number_masks(block).number;
        let end = (!number).trailing_zeros() as usize;
        if let Some(&next) = block.get(end)
            && next | 0x20 != b'e'
            && next != b'+'
        {
            return Ok(i + end);
        }
        if let Some(end) = trusted_long_number_end(input, i) {
            return Ok(end);
        }
    }
    skip_number(input, i)
}

/// [`trusted_number_end`] for a number of sixteen bytes or more, or with an exponent, within 32
/// bytes; `None` past them or too near the input's end.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn trusted_long_number_end(input: &[u8], i: usize) -> Option<usize> {
    let block = input.get(i..)?.first_chunk::<32>()?;
    let (lo, hi) = block.split_at(16);
    let (lo, hi) = (lo.first_chunk::<16>()?, hi.first_chunk::<16>()?);
    let number = u64::from(structio_num::number_masks(lo).number)
        | u64::from(structio_num::number_masks(hi).number) << 16;
    // Bits 32 and up are clear, so every count below is at most 32 (and the shift below 64).
    let mut end = (!number).trailing_zeros() as usize;
    if block.get(end).is_some_and(|&b| b | 0x20 == b'e') {
        end += 1 + usize::from(block.get(end + 1) == Some(&b'+'));
        end += ((!number) >> end).trailing_zeros() as usize;
    }
    (end < 32).then_some(i + end)
}

/// [`skip_number`] by the grammar, byte by byte.
///
/// One walk: the grammar finds the end, and a byte of the number's alphabet (`0-9 . e E + -`)
/// right after it means the grammar stopped inside the number (`1.2.3`, `1-2`), an error there.
/// (A mask scan of the alphabet beside the grammar, so that the next position would not wait on
/// the grammar's branches, ran a quarter more instructions on number-heavy text and was slower;
/// [`short_number`] instead replaces the walk for the common shape.) Out of line in the speed
/// configuration, behind the inlined short path; `#[inline]`, not forced, in the size
/// configuration: inlined into every walk, it moved the code of the literals' arm and slowed
/// validating and minifying text of bools by 15%.
///
/// A number whose value is past the range of `f64` (`1e400`) is
/// [`ErrorKind::NumberOutOfRange`] at its first byte, as in every reader (the crate docs give
/// the policy); only numbers with a three-digit exponent or over 200 integer digits are parsed
/// to find out.
#[cfg_attr(not(feature = "size"), inline(never))]
#[cfg_attr(feature = "size", inline)]
fn number_walk(input: &[u8], i: usize) -> Result<usize> {
    #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
    if let Some(end) = long_number(input, i) {
        return Ok(end);
    }
    let (end, large) = skip_number_grammar(input, i)?;
    if matches!(
        input.get(end),
        Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
    ) {
        return Err(Error::new(ErrorKind::InvalidNumber, end));
    }
    if large {
        check_f64_range(input, i, end)?;
    }
    Ok(end)
}

/// The common short number, `-?[1-9][0-9]*(\.[0-9]+)?` within sixteen bytes and followed by a
/// byte that cannot continue a number, stepped over without a branch on its shape: `None` for
/// anything else (a leading zero, an exponent, a longer number, an error, the last sixteen
/// bytes of the input), which the grammar walk then takes.
///
/// The walk's position waits on the number's end, so that end is one range test over sixteen
/// bytes (`-` to `9`) and one trailing-zero count; the grammar walk took two dependent loads and
/// a branch on the `.` to get there. Whether the bytes before that end are such a number is
/// checked beside it, off that path, and decides the one branch. (A version for 32 bytes with
/// exponents, for doubles, checked so much more that short numbers lost a tenth.)
#[cfg(not(feature = "size"))]
#[inline(always)]
fn short_number(input: &[u8], i: usize) -> Option<usize> {
    let block = input.get(i..)?.first_chunk::<16>()?;
    let structio_num::NumberMasks { number, digits, .. } = structio_num::number_masks(block);
    let end = (!number).trailing_zeros() as usize;
    // A number as long as the block (most doubles) goes to the grammar walk before the
    // shape's work: a predictable branch on such text, and no instructions spent for nothing.
    let next = *block.get(end)?;
    // An optional `-`, a digit other than `0`, then digits with at most one `.` between two of
    // them (bit 0 is a digit, or the `-` left out of `others`).
    let sign = usize::from(block[0] == b'-');
    let first = block[sign];
    let within = (1u32 << end) - 1;
    let others = within & !digits & !(sign as u32);
    let ends = (first.wrapping_sub(b'1') < 9) & (next | 0x20 != b'e') & (next != b'+');
    if others == 0 {
        return ends.then_some(i + end);
    }
    let dot = block[others.trailing_zeros() as usize & 15] == b'.';
    // `&`, not `&&`: one branch on the verdict, none on its parts.
    let ok =
        ends & (others & others.wrapping_sub(1) == 0) & dot & (others & (within >> 1) == others);
    ok.then_some(i + end)
}

/// What [`short_number`] leaves to the walk in most number-heavy text, stepped over from masks
/// of 32 bytes: a number of up to 31 bytes with a leading `0.`, an integer part of any digits,
/// or an exponent of one or two digits (`-0.0012345678901234567`, `1.2345678901234567E-20`,
/// the arbitrary doubles a writer prints). `None` for anything else (a three-digit exponent,
/// whose value may be out of range; a longer number; any error; the last 32 bytes of the
/// input), which the grammar walk then takes.
///
/// Out of line with the walk, so the inlined short path keeps its size; the digit loops of the
/// walk branch on every digit count, which on such numbers is a coin toss. On 64-bit targets
/// only: on 32-bit ones the masks' word version is twice the code, and those are the firmware
/// targets whose flash the speed configuration's budget holds.
#[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
#[inline(always)]
fn long_number(input: &[u8], i: usize) -> Option<usize> {
    let block = input.get(i..)?.first_chunk::<32>()?;
    let (lo, hi) = block.split_at(16);
    let (lo, hi) = (lo.first_chunk::<16>()?, hi.first_chunk::<16>()?);
    let (lo, hi) = (
        structio_num::number_masks(lo),
        structio_num::number_masks(hi),
    );
    let number = lo.number | hi.number << 16;
    let digits = lo.digits | hi.digits << 16;
    // The mantissa: `-0`..`9` bytes, as in `short_number`, but a `0` may lead when no digit
    // follows it (`0.5`, `-0`).
    let end = (!number).trailing_zeros() as usize;
    let sign = usize::from(block[0] == b'-');
    let first = block[sign];
    let within = (1u32 << (end & 31)) - 1;
    let others = within & !digits & !(sign as u32);
    let dot = block[others.trailing_zeros() as usize & 31] == b'.';
    let lead_ok =
        (first.wrapping_sub(b'1') < 9) | ((first == b'0') & (digits >> (sign + 1) & 1 == 0));
    let ok = (end < 32)
        & lead_ok
        & (others & others.wrapping_sub(1) == 0)
        & ((others == 0) | dot)
        & (others & (within >> 1) == others);
    if !ok {
        return None;
    }
    let next = *block.get(end)?;
    if next | 0x20 != b'e' {
        // Not `+` either: after a mantissa only an exponent may continue a number.
        return (next != b'+').then_some(i + end);
    }
    // `e`, an optional sign, then one or two digits and a byte that cannot continue a number.
    let at = end + 1 + usize::from(matches!(block.get(end + 1), Some(b'+' | b'-')));
    let count = (!(digits >> (at & 31))).trailing_zeros() as usize;
    let stop = *block.get(at + count)?;
    let continues = stop.is_ascii_digit() | matches!(stop, b'.' | b'e' | b'E' | b'+' | b'-');
    ((1..=2).contains(&count) & !continues).then_some(i + at + count)
}

/// Whether the number at `i..end` (grammar already checked) rounds to an `f64`, not to an
/// infinity.
#[cold]
#[inline(never)]
pub(crate) fn check_f64_range(input: &[u8], i: usize, end: usize) -> Result<()> {
    // `end` is within the input (the grammar walk found it there); `get` keeps that from being a
    // panic path in firmware images, which must link without one.
    match input
        .get(..end)
        .map(|text| structio_num::parse_f64(text, i))
    {
        Some(Ok((v, _))) if !v.is_infinite() => Ok(()),
        _ => Err(Error::new(ErrorKind::NumberOutOfRange, i)),
    }
}

/// The JSON number grammar step by step: the end, and whether the number may be past the
/// range of `f64` (over 200 integer digits, or an exponent of three digits or more: anything
/// smaller is below 1e299).
#[inline(always)]
fn skip_number_grammar(input: &[u8], i: usize) -> Result<(usize, bool)> {
    let mut p = i + usize::from(input.get(i) == Some(&b'-'));
    let large;
    match input.get(p) {
        Some(b'0') => {
            p += 1;
            if matches!(input.get(p), Some(b) if b.is_ascii_digit()) {
                return Err(Error::new(ErrorKind::InvalidNumber, p));
            }
            large = false;
        }
        Some(b'1'..=b'9') => {
            let start = p;
            p = skip_digits(input, p + 1);
            large = p - start > 200;
        }
        _ => return Err(err_at(input, p, ErrorKind::InvalidNumber)),
    }
    if input.get(p) == Some(&b'.') {
        p += 1;
        if !matches!(input.get(p), Some(b) if b.is_ascii_digit()) {
            return Err(err_at(input, p, ErrorKind::InvalidNumber));
        }
        p = skip_digits(input, p + 1);
    }
    if matches!(input.get(p), Some(b'e' | b'E')) {
        p += 1;
        p += usize::from(matches!(input.get(p), Some(b'+' | b'-')));
        if !matches!(input.get(p), Some(b) if b.is_ascii_digit()) {
            return Err(err_at(input, p, ErrorKind::InvalidNumber));
        }
        let start = p;
        p = skip_digits(input, p + 1);
        return Ok((p, large || p - start > 2));
    }
    Ok((p, large))
}

/// Checks the literal `word` (`true`, `false` or `null`) at `i`, whose first byte the caller
/// has already matched; a misspelling is `kind` at the first byte that differs.
#[inline(always)]
pub(crate) fn skip_literal(input: &[u8], i: usize, word: &[u8], kind: ErrorKind) -> Result<usize> {
    let end = i + word.len();
    if input.get(i..end) == Some(word) {
        return Ok(end);
    }
    Err(literal_error(input, i, word, kind))
}

/// Steps over `true` or `false` at `i` (the caller has seen a `t` or an `f`) without a branch
/// on which: the expected word and its length are selected, and one masked eight-byte compare
/// checks the spelling, so a random run of bools costs no mispredicted jump here.
#[inline(always)]
pub(crate) fn skip_bool(input: &[u8], i: usize) -> Result<usize> {
    let f = input.get(i) == Some(&b'f');
    if let Some(block) = input.get(i..).and_then(|s| s.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*block);
        const TRUE: u64 = u32::from_le_bytes(*b"true") as u64;
        const FALSE: u64 = u64::from_le_bytes(*b"false\0\0\0");
        let (want, mask) = if f {
            (FALSE, 0xFF_FFFF_FFFF)
        } else {
            (TRUE, 0xFFFF_FFFF)
        };
        if w & mask == want {
            return Ok(i + 4 + usize::from(f));
        }
    }
    bool_slow(input, i, f)
}

/// A bool within eight bytes of the end of the input, or misspelled.
#[cold]
#[inline(never)]
fn bool_slow(input: &[u8], i: usize, f: bool) -> Result<usize> {
    let word: &[u8] = if f { b"false" } else { b"true" };
    skip_literal(input, i, word, ErrorKind::ExpectedBool)
}

#[cold]
#[inline(never)]
pub(crate) fn literal_error(input: &[u8], i: usize, word: &[u8], kind: ErrorKind) -> Error {
    let mut p = i;
    for &w in word {
        match input.get(p) {
            None => return Error::new(ErrorKind::UnexpectedEnd, input.len()),
            Some(&b) if b != w => return Error::new(kind, p),
            Some(_) => p += 1,
        }
    }
    Error::new(kind, p)
}

/// Steps over a string whose opening quote is at `i - 1`, validating it: escapes (with
/// surrogate pairs), no raw control characters, UTF-8. Returns the position after the closing
/// quote.
#[inline(always)]
pub(crate) fn skip_string(input: &[u8], i: usize, rate: &mut EscapeRate) -> Result<usize> {
    let (end, high) = scan_string(input, i, rate).map_err(|e| utf8_first(input, i, e))?;
    // `get`: the span is in bounds (`scan_string` found its closing quote there), but only a
    // checked form keeps a panic path out of the image where the optimiser cannot see that.
    let invalid = |s: &[u8]| !structio_core::utf8::is_valid(s);
    if high & HIGH != 0 && input.get(i..end - 1).is_some_and(invalid) {
        return Err(utf8_first(
            input,
            i,
            Error::new(ErrorKind::InvalidUtf8, end),
        ));
    }
    Ok(end)
}

/// [`skip_string`] without the UTF-8 check: returns the position after the closing quote and a
/// word whose high bits are set when the string holds a byte above 0x7F, so a caller walking a
/// whole value can check the UTF-8 of all its strings in one pass at the end. An error here is
/// not yet ordered against bad UTF-8 before it: see [`utf8_first`].
///
/// The runs between escapes are found by the vector scan
/// ([`crate::string_scan::plain_end`]); the size configuration keeps the word loop.
#[inline(always)]
#[cfg_attr(
    not(all(target_arch = "x86_64", not(feature = "size"))),
    allow(unused_variables)
)]
pub(crate) fn scan_string(input: &[u8], i: usize, rate: &mut EscapeRate) -> Result<(usize, u64)> {
    if cfg!(feature = "size") {
        return scan_string_words(input, i);
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "size")))]
    if let Some((end, high)) = super::string_blocks::string_end(input, i, rate) {
        return Ok((end, if high { HIGH } else { 0 }));
    }
    vector_string::<true>(input, i)
}

/// A string's end by the vector scan: the runs between escapes found 16 or 32 bytes a step,
/// escapes and control characters checked. With `GATHER`, the returned word says whether a run
/// held a byte past ASCII ([`crate::string_scan::plain_end`]); without, it is 0 and each run
/// is one scan ([`crate::string_scan::scan`]), for a walk that checks UTF-8 on its own.
#[inline(always)]
fn vector_string<const GATHER: bool>(input: &[u8], i: usize) -> Result<(usize, u64)> {
    let mut p = i;
    let mut high = 0u64;
    loop {
        let end = if GATHER {
            let (end, saw_high) = crate::string_scan::plain_end(input, p);
            if saw_high {
                high = HIGH;
            }
            end
        } else {
            crate::string_scan::scan::<false>(input, p)
        };
        match input.get(end) {
            Some(b'"') => return Ok((end + 1, high)),
            Some(b'\\') => p = skip_escape(input, end)?,
            Some(_) => return Err(Error::new(ErrorKind::ControlCharacterInString, end)),
            None => return Err(Error::new(ErrorKind::UnexpectedEnd, input.len())),
        }
    }
}

/// [`scan_string`] eight bytes a step, gathering the bytes past ASCII as it goes: the size
/// configuration's (no vector code in a firmware image) and the tests' reference.
#[inline(always)]
fn scan_string_words(input: &[u8], i: usize) -> Result<(usize, u64)> {
    let mut p = i;
    let mut high = 0u64;
    loop {
        let stop;
        loop {
            if p + 8 <= input.len() {
                // `load8`'s range index, with its checks (the overflow of `p + 8` is the one
                // the optimiser keeps) failing into an error instead of a panic path: the
                // same compares and branches, nothing for a firmware image to link
                // (examples/firmware/no-panic.sh).
                let Some(w) = input.get(p..p + 8).and_then(|c| c.first_chunk::<8>()) else {
                    return Err(Error::new(ErrorKind::UnexpectedEnd, input.len()));
                };
                let w = u64::from_le_bytes(*w);
                let m = eq_mask(w, b'"') | eq_mask(w, b'\\') | ctrl_mask(w);
                if m == 0 {
                    high |= w;
                    p += 8;
                    continue;
                }
                let tz = m.trailing_zeros();
                // Only the bytes before the stop belong to the string so far.
                high |= w & ((1u64 << (tz & !7)) - 1);
                p += (tz >> 3) as usize;
                // The stop byte from the word already loaded, rather than `input[p]`: no
                // second load, and no bounds check the optimiser must prove.
                stop = (w >> (tz & !7)) as u8;
                break;
            }
            match input.get(p) {
                None => return Err(Error::new(ErrorKind::UnexpectedEnd, input.len())),
                Some(&b) if b == b'"' || b == b'\\' || b < 0x20 => {
                    stop = b;
                    break;
                }
                Some(&b) => {
                    high |= u64::from(b);
                    p += 1;
                }
            }
        }
        if stop == b'"' {
            return Ok((p + 1, high));
        }
        if stop == b'\\' {
            p = skip_escape(input, p)?;
        } else {
            return Err(Error::new(ErrorKind::ControlCharacterInString, p));
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(feature = "size")))]
pub(crate) use super::string_blocks::EscapeRate;

/// How common escapes have been in a walk's strings, where the block scan learns it (x86-64,
/// the speed configuration); nothing elsewhere.
#[cfg(not(all(target_arch = "x86_64", not(feature = "size"))))]
#[derive(Clone, Copy, Default)]
pub(crate) struct EscapeRate(());

#[cfg(all(test, not(all(target_arch = "x86_64", not(feature = "size")))))]
impl EscapeRate {
    pub(crate) const ESCAPES_COMMON: EscapeRate = EscapeRate(());
}

/// Whether `high` (accumulated by [`scan_string`]) saw a byte above 0x7F.
#[inline(always)]
pub(crate) const fn saw_non_ascii(high: u64) -> bool {
    high & HIGH != 0
}

/// `err`, unless `input[start..]` before its offset is not UTF-8: that comes first in the input
/// and so is the error to report. For walks that check UTF-8 once at the end.
#[cold]
#[inline(never)]
pub(crate) fn utf8_first(input: &[u8], start: usize, err: Error) -> Error {
    let end = err.offset().min(input.len()).max(start);
    match input.get(start..end).map(core::str::from_utf8) {
        Some(Err(e)) => Error::new(ErrorKind::InvalidUtf8, start + e.valid_up_to()),
        _ => err,
    }
}

/// Steps over a string whose opening quote is at `i - 1` for a walk that copies it: with
/// `CHECK`, its escapes and control characters are checked ([`scan_string`]; the walk checks
/// UTF-8 at its end, [`utf8_after_walk`]); without, only its closing quote is found
/// ([`find_string_end`]), for input known to be valid.
#[inline(always)]
pub(crate) fn copy_string_end<const CHECK: bool>(
    input: &[u8],
    i: usize,
    rate: &mut EscapeRate,
) -> Result<usize> {
    if !CHECK {
        find_string_end(input, i)
    } else if cfg!(feature = "size") {
        Ok(scan_string(input, i, rate)?.0)
    } else {
        vector_string_end(input, i, rate)
    }
}

/// [`scan_string`]'s end, for a walk that checks UTF-8 on its own.
#[inline(always)]
#[cfg_attr(
    not(all(target_arch = "x86_64", not(feature = "size"))),
    allow(unused_variables)
)]
fn vector_string_end(input: &[u8], i: usize, rate: &mut EscapeRate) -> Result<usize> {
    #[cfg(all(target_arch = "x86_64", not(feature = "size")))]
    if let Some((end, _)) = super::string_blocks::string_end(input, i, rate) {
        return Ok(end);
    }
    vector_string::<false>(input, i).map(|(end, _)| end)
}

/// The end of a walk over a whole document that stepped over strings with [`scan_string`]
/// (escapes and control characters checked, UTF-8 not): the UTF-8 of the whole input checked
/// at once, by the shared validator. Everything outside strings is ASCII once the walk
/// succeeded, so this is the strings' check; an error of the walk is reported unless bad
/// UTF-8 comes before it.
#[inline]
pub(crate) fn utf8_after_walk<T>(input: &[u8], walked: Result<T>) -> Result<T> {
    match walked {
        Ok(v) => match structio_core::utf8::validate(input) {
            Ok(_) => Ok(v),
            Err(at) => Err(Error::new(ErrorKind::InvalidUtf8, at)),
        },
        Err(e) => Err(utf8_first(input, 0, e)),
    }
}

/// Steps over the escape whose backslash is at `i`.
#[inline(always)]
pub(crate) fn skip_escape(input: &[u8], i: usize) -> Result<usize> {
    match input.get(i + 1) {
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(i + 2),
        Some(b'u') => skip_unicode_escape(input, i),
        _ => Err(err_at(input, i + 1, ErrorKind::InvalidEscape)),
    }
}

/// A `\uXXXX` escape at `i`, with its low half when it is a high surrogate.
#[cold]
#[inline(never)]
fn skip_unicode_escape(input: &[u8], i: usize) -> Result<usize> {
    let unit = hex4(input, i + 2)?;
    match unit {
        0xD800..=0xDBFF => {
            let j = i + 6;
            if input.get(j..j + 2) != Some(b"\\u") {
                return Err(err_at(input, j, ErrorKind::LoneSurrogate));
            }
            let low = hex4(input, j + 2)?;
            if !(0xDC00..=0xDFFF).contains(&low) {
                return Err(Error::new(ErrorKind::LoneSurrogate, j));
            }
            Ok(j + 6)
        }
        0xDC00..=0xDFFF => Err(Error::new(ErrorKind::LoneSurrogate, i)),
        _ => Ok(i + 6),
    }
}

/// Four hex digits at `i` as a UTF-16 code unit.
fn hex4(input: &[u8], i: usize) -> Result<u32> {
    let mut v = 0u32;
    for p in i..i + 4 {
        let d = match input.get(p) {
            Some(&b) => (b as char).to_digit(16),
            None => return Err(Error::new(ErrorKind::UnexpectedEnd, input.len())),
        };
        match d {
            Some(d) => v = (v << 4) | d,
            None => return Err(Error::new(ErrorKind::InvalidUnicodeEscape, p)),
        }
    }
    Ok(v)
}

/// Steps over a string whose opening quote is at `i - 1` looking for the closing quote alone:
/// escapes are stepped over by counting the backslashes before a quote, and nothing else is
/// checked. For the tools that copy a string through as it came.
#[inline(always)]
pub(crate) fn find_string_end(input: &[u8], i: usize) -> Result<usize> {
    let mut p = i;
    // Whole blocks while there are; the word loop below goes on from where they stopped (every
    // quote before `p` was escaped).
    #[cfg(all(target_arch = "x86_64", not(feature = "size")))]
    while let Some(q) = super::string_blocks::first_quote(input, p) {
        // `q >= i >= 1`: the byte before is in the input (the opening quote at least).
        if input.get(q.wrapping_sub(1)) == Some(&b'\\') && escaped_quote(input, i, q) {
            p = q + 1;
            continue;
        }
        return Ok(q + 1);
    }
    loop {
        // Sixteen bytes a step, as two independent words: most strings end in the first step.
        while let Some(block) = input.get(p..).and_then(|s| s.first_chunk::<16>()) {
            let (lo, hi) = block.split_at(8);
            let mut a = [0u8; 8];
            a.copy_from_slice(lo);
            let lo = eq_mask(u64::from_le_bytes(a), b'"');
            a.copy_from_slice(hi);
            let hi = eq_mask(u64::from_le_bytes(a), b'"');
            let m = (u128::from(hi) << 64) | u128::from(lo);
            if m != 0 {
                p += (m.trailing_zeros() >> 3) as usize;
                break;
            }
            p += 16;
        }
        if p + 16 > input.len() {
            while input.get(p).is_some_and(|&b| b != b'"') {
                p += 1;
            }
            if p >= input.len() {
                return Err(Error::new(ErrorKind::UnexpectedEnd, input.len()));
            }
        }
        // `p` is a quote: it closes the string unless an odd run of backslashes escapes it.
        if input[p - 1] == b'\\' && escaped_quote(input, i, p) {
            p += 1;
            continue;
        }
        return Ok(p + 1);
    }
}

/// Whether the quote at `q` is escaped: the backslashes right before it (not before `start`)
/// are odd in number.
#[cold]
#[inline(never)]
fn escaped_quote(input: &[u8], start: usize, q: usize) -> bool {
    let mut n = 0;
    let mut p = q;
    while p > start && input[p - 1] == b'\\' {
        n += 1;
        p -= 1;
    }
    n & 1 == 1
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use structio_testkit::Rng;

    /// The vector scans of a string and the word loop agree on every input and on the input
    /// followed by a block of plain bytes (so that the block scan, which needs a whole block,
    /// answers strings that end early): the same end and the same verdict on bytes past ASCII,
    /// or the same error kind at the same offset.
    fn agree(input: &[u8]) {
        agree_on(input);
        let mut padded = input.to_vec();
        padded.extend_from_slice(&[b'x'; 64]);
        agree_on(&padded);
    }

    fn agree_on(input: &[u8]) {
        let by_word = scan_string_words(input, 0)
            .map(|(end, high)| (end, saw_non_ascii(high)))
            .map_err(|e| (e.kind(), e.offset()));
        // Both ways the block scan looks for a string's end: the plain string tested first,
        // and straight to the escapes (after a run of strings with escapes).
        for rate in [EscapeRate::default(), EscapeRate::ESCAPES_COMMON] {
            let by_vector = scan_string(input, 0, &mut rate.clone())
                .map(|(end, high)| (end, saw_non_ascii(high)))
                .map_err(|e| (e.kind(), e.offset()));
            assert_eq!(by_vector, by_word, "input {input:?}");
            let end_only =
                vector_string_end(input, 0, &mut rate.clone()).map_err(|e| (e.kind(), e.offset()));
            assert_eq!(end_only, by_word.map(|(end, _)| end), "input {input:?}");
            // The trusting tools' end agrees wherever the string is valid.
            // (Its callers are past an opening quote, which it may look back at.)
            if let Ok((end, _)) = by_word {
                let quoted = [b"\"", input].concat();
                let found = find_string_end(&quoted, 1).ok();
                assert_eq!(found, Some(end + 1), "input {input:?}");
            }
        }
    }

    /// The grammar walk alone, as `number_walk` ran before the mask paths.
    #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
    fn walk_only(input: &[u8], i: usize) -> Option<usize> {
        let (end, large) = skip_number_grammar(input, i).ok()?;
        let next = input.get(end).copied().unwrap_or(b' ');
        let continues = next.is_ascii_digit() | matches!(next, b'.' | b'e' | b'E' | b'+' | b'-');
        (!continues && !large).then_some(end)
    }

    #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
    fn three_digit_exponent(number: &[u8]) -> bool {
        match number.iter().position(|&b| b == b'E') {
            Some(at) => {
                number[at + 1..]
                    .iter()
                    .filter(|b| b.is_ascii_digit())
                    .count()
                    > 2
            }
            None => false,
        }
    }

    /// `long_number` finds the end the grammar walk finds wherever it answers, and answers for
    /// every double a writer prints; the numbers and the bytes after them are generated.
    #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
    #[test]
    fn long_number_agrees_with_the_walk() {
        use alloc::string::String;
        let rounds = if cfg!(miri) { 200 } else { 300_000 };
        let mut rng = Rng::new(0x10_6e75);
        let alphabet: &[u8] = b"0123456789.-+eE/,:] \x80";
        let mut answered = 0;
        for round in 0..rounds {
            let mut text = Vec::new();
            if round % 2 == 0 {
                // A printed double: all of these must be answered.
                let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                let scale = 10f64.powi(rng.below(60) as i32 - 30);
                let v = (1.0 + unit) * scale * if rng.below(2) == 0 { -1.0 } else { 1.0 };
                let mut out = [0u8; 32];
                let n = structio_num::write_f64(v, &mut out);
                text.extend_from_slice(&out[..n]);
            } else {
                for _ in 0..rng.below(30) {
                    text.push(*rng.pick(b"0123456789"));
                }
                for b in text.iter_mut() {
                    if rng.below(6) == 0 {
                        *b = *rng.pick(alphabet);
                    }
                }
            }
            let len = text.len();
            // After a printed double, a byte that ends it; otherwise any.
            let ends: &[u8] = if round % 2 == 0 { b",]} \n" } else { alphabet };
            text.push(*rng.pick(ends));
            while text.len() < 40 {
                text.push(*rng.pick(alphabet));
            }
            let got = long_number(&text, 0);
            if let Some(end) = got {
                answered += 1;
                assert_eq!(
                    Some(end),
                    walk_only(&text, 0),
                    "{:?}",
                    String::from_utf8_lossy(&text)
                );
            } else if round % 2 == 0 && len < 32 && !three_digit_exponent(&text[..len]) {
                panic!(
                    "a printed double not answered: {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
        }
        assert!(answered > rounds / 2, "{answered} of {rounds}");
    }

    #[test]
    fn vector_string_end_agrees_with_the_word_loop() {
        // Every stop byte, and one past ASCII, at every offset of strings around the 16- and
        // 32-byte steps, with and without a closing quote after it.
        let stops: &[&[u8]] = &[
            b"\"",
            b"\\n",
            b"\\u00e9",
            b"\\ud83d\\ude00",
            b"\\ud83d",
            b"\\x",
            b"\x01",
            b"\x1f",
            b"\xc3\xa9",
            b"\x7f",
        ];
        // Under Miri, which checks the vector loads, a sample of the lengths and offsets.
        let step = if cfg!(miri) { 23 } else { 1 };
        for len in (0..70).step_by(step) {
            for at in (0..=len).step_by(step) {
                for stop in stops {
                    let mut s: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                    s.splice(at..at, stop.iter().copied());
                    agree(&s);
                    s.push(b'"');
                    agree(&s);
                }
            }
        }
        // Valid strings of up to four blocks, heavy in one-letter escapes and runs of
        // backslashes (which cross the blocks' edges), mostly answered by the block scan.
        #[cfg(all(target_arch = "x86_64", not(feature = "size")))]
        {
            let pieces: &[&[u8]] = &[
                b"a",
                b"bc",
                b"\\\"",
                b"\\\\",
                b"\\n",
                b"\\/",
                b"\\t",
                b"\xc3\xa9",
                b" ",
            ];
            let mut rng = Rng::new(0xb10c);
            let mut by_blocks = 0;
            let rounds = if cfg!(miri) { 50 } else { 50_000 };
            for _ in 0..rounds {
                let mut s = Vec::new();
                let len = rng.below(200) as usize;
                while s.len() < len {
                    let piece: &&[u8] = rng.pick(pieces);
                    s.extend_from_slice(piece);
                }
                s.push(b'"');
                s.extend_from_slice(&[b'x'; 64]);
                agree_on(&s);
                by_blocks += usize::from(
                    super::super::string_blocks::string_end(&s, 0, &mut EscapeRate::default())
                        .is_some(),
                );
            }
            assert!(by_blocks > rounds * 3 / 4, "{by_blocks} of {rounds}");
        }
        // Random strings from a small alphabet heavy in stops.
        let alphabet: &[u8] = b"ab \"\\nu0d8Ae\x01\x80\xff";
        let mut rng = Rng::new(0x5ca1);
        for _ in 0..if cfg!(miri) { 100 } else { 20_000 } {
            let len = rng.below(100) as usize;
            let s: Vec<u8> = (0..len).map(|_| *rng.pick(alphabet)).collect();
            agree(&s);
        }
    }
}
