//! Writing integers as decimal text, stored as whole words into the fixed buffer, then the
//! length kept: below 10^8 a digit pair at a time from a 200-byte table after one branch on the
//! magnitude; above, eight digits per word (three multiplies, no loop over digits).

use crate::float_write::bcd8;
#[cfg(not(feature = "size"))]
use crate::float_write::{bcd16, dec_len};
use crate::Integer;
use core::mem::MaybeUninit;

/// The forty bytes an integer is written into. Uninitialized is allowed: a writer stores only
/// initialized bytes, and `out[..n]` is initialized when it returns `n`.
pub(crate) type Out = [MaybeUninit<u8>; 40];

/// Writes the decimal text of `value` into `out[0..n]` and returns `n`. 40 bytes hold any
/// `i128`; a `-` precedes negative values, nothing precedes positive ones. Bytes of `out` past
/// `n` may be overwritten with scratch digits.
///
/// ```
/// let mut out = [0u8; 40];
/// let n = structio_num::write_int(-1234i32, &mut out);
/// assert_eq!(&out[..n], b"-1234");
/// ```
#[inline(always)]
pub fn write_int<T: Integer>(value: T, out: &mut [u8; 40]) -> usize {
    // SAFETY: `MaybeUninit<u8>` has the size and alignment of `u8`, and the writer stores only
    // initialized bytes through the view, so `out` stays initialized.
    let view = unsafe { &mut *(out as *mut [u8; 40]).cast::<Out>() };
    value.write_to(view)
}

/// [`write_int`] into memory that need not be initialized, such as a sink's spare capacity:
/// a writer then skips zeroing the window first. `out[0..n]` is initialized when it returns
/// `n`; bytes past `n` may be scratch digits or left as they were.
///
/// ```
/// use core::mem::MaybeUninit;
/// let mut out = [MaybeUninit::<u8>::uninit(); 40];
/// let n = structio_num::write_int_uninit(907u16, &mut out);
/// let text: Vec<u8> = out[..n].iter().map(|b| unsafe { b.assume_init() }).collect();
/// assert_eq!(text, b"907");
/// ```
#[inline(always)]
pub fn write_int_uninit<T: Integer>(value: T, out: &mut [MaybeUninit<u8>; 40]) -> usize {
    value.write_to(out)
}

const ASCII0: u64 = u64::from_le_bytes([b'0'; 8]);

/// The eight ASCII digits of `x < 10^8`, leading zeros included, first digit in the lowest byte.
#[inline(always)]
fn ascii8(x: u64) -> [u8; 8] {
    (bcd8(x as u32) | ASCII0).to_le_bytes()
}

/// `x < 10^8` without leading zeros, as a word whose first `len` bytes count: the digits a
/// pair at a time from a 200-byte table, after one branch on the magnitude (two, four, six or
/// eight digits' worth of pairs). A short number takes one table load where the three
/// multiplies of [`bcd8`] and a digit count cost the same for every length.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn ascii_short(x: u64) -> ([u8; 8], usize) {
    let v = x as u32;
    // `lead` is the first pair's value: below ten, its tens digit is a zero to shift out.
    let (word, len, lead) = if v < 100 {
        (pair(v), 2, v)
    } else if v < 10_000 {
        let aa = (v * 5243) >> 19; // v / 100
        (pair(aa) | pair(v - aa * 100) << 16, 4, aa)
    } else if v < 1_000_000 {
        let aa = ((u64::from(v) * 429_497) >> 32) as u32; // v / 10^4
        let bbcc = v - aa * 10_000;
        let bb = (bbcc * 5243) >> 19;
        (
            pair(aa) | pair(bb) << 16 | pair(bbcc - bb * 100) << 32,
            6,
            aa,
        )
    } else {
        let aabb = ((u64::from(v) * 109_951_163) >> 40) as u32; // v / 10^4
        let ccdd = v - aabb * 10_000;
        let aa = (aabb * 5243) >> 19;
        let cc = (ccdd * 5243) >> 19;
        (
            pair(aa) | pair(aabb - aa * 100) << 16 | pair(cc) << 32 | pair(ccdd - cc * 100) << 48,
            8,
            aa,
        )
    };
    // From the value, not the table's byte: the length (and so where the next number goes)
    // then waits on one compare instead of the table load.
    let lz = usize::from(lead < 10);
    ((word >> (8 * lz)).to_le_bytes(), len - lz)
}

/// The two ASCII digits of `x < 100`, the tens digit in the low byte.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn pair(x: u32) -> u64 {
    // The mask proves the index in range to the optimiser (one `and` instead of a compare and
    // a conditional move per pair); every caller's `x` is below 100, so it changes nothing.
    u64::from(PAIRS[(x & 127) as usize])
}

/// `"00"` to `"99"` as little-endian 16-bit words, padded to 128 entries so that an index
/// masked to seven bits is in range.
#[cfg(not(feature = "size"))]
static PAIRS: [u16; 128] = {
    let mut table = [0x3030u16; 128];
    let mut i = 0;
    while i < 100 {
        table[i] = (b'0' + (i / 10) as u8) as u16 | (((b'0' + (i % 10) as u8) as u16) << 8);
        i += 1;
    }
    table
};

/// Stores eight bytes at `out[at..]`. `get_mut` and `first_chunk_mut`, not a range index:
/// every caller's `at` is masked or clamped so that the optimiser folds both checks away where
/// it inlines the store, and where it does not (opt-level "z" shares code between call sites)
/// a failed check skips the store instead of linking a panic path
/// (examples/firmware/no-panic.sh).
#[inline(always)]
fn put8(out: &mut Out, at: usize, bytes: [u8; 8]) {
    if let Some(dst) = out.get_mut(at..).and_then(|s| s.first_chunk_mut::<8>()) {
        *dst = bytes.map(MaybeUninit::new);
    }
}

/// Writes `v` at `out[w..]` (`w` is 0 or 1, room for a sign) and returns the end.
#[cfg(not(feature = "size"))]
#[inline(always)]
fn write_u64_at(v: u64, out: &mut Out, w: usize) -> usize {
    let w = w & 1;
    if v < 100_000_000 {
        let (b, len) = ascii_short(v);
        put8(out, w, b);
        w + len
    } else if v < 10_000_000_000_000_000 {
        // Both halves converted at once; the high one's leading zeros shifted out.
        let hi = v / 100_000_000;
        let (bh, bl) = bcd16(hi as u32, (v % 100_000_000) as u32);
        let len = dec_len(hi);
        let bh = (bh | ASCII0) >> ((8 * (8 - len as u32)) & 63);
        put8(out, w, bh.to_le_bytes());
        let p = (w + len) & 15;
        put8(out, p, (bl | ASCII0).to_le_bytes());
        p + 8
    } else {
        write_u64_wide(v, out, w)
    }
}

/// [`write_u64_at`] for the size configuration: a digit at a time, from the last, in one
/// out-of-line function that every integer width up to 64 bits, signed or not, shares. The
/// same text in a sixth of the code.
#[cfg(feature = "size")]
#[inline(never)]
fn write_u64_at(v: u64, out: &mut Out, w: usize) -> usize {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut push = |d: u32| {
        i = i.wrapping_sub(1);
        // Twenty digits hold any `u64`, so `i` stays in range; `get_mut` keeps a panic path
        // out of the image where the optimiser does not see that.
        if let Some(slot) = digits.get_mut(i) {
            *slot = b'0' + d as u8;
        }
    };
    // Above 32 bits a division is a library call; below, one instruction.
    let mut x = v;
    while x > u64::from(u32::MAX) {
        push((x % 10) as u32);
        x /= 10;
    }
    let mut y = x as u32;
    loop {
        push(y % 10);
        y /= 10;
        if y == 0 {
            break;
        }
    }
    let text = digits.get(i..).unwrap_or_default();
    let w = w & 1;
    for (dst, &d) in out.iter_mut().skip(w).zip(text) {
        *dst = MaybeUninit::new(d);
    }
    w + text.len()
}

/// Seventeen to twenty digits.
#[cfg(not(feature = "size"))]
#[inline(never)]
fn write_u64_wide(v: u64, out: &mut Out, w: usize) -> usize {
    let w = w & 1;
    let (b, len) = ascii_short(v / 10_000_000_000_000_000);
    let rest = v % 10_000_000_000_000_000;
    put8(out, w, b);
    let p = (w + len) & 15;
    let (b1, b2) = bcd16((rest / 100_000_000) as u32, (rest % 100_000_000) as u32);
    put8(out, p, (b1 | ASCII0).to_le_bytes());
    put8(out, p + 8, (b2 | ASCII0).to_le_bytes());
    p + 16
}

#[inline(always)]
pub(crate) fn write_u64(v: u64, out: &mut Out) -> usize {
    write_u64_at(v, out, 0)
}

/// A magnitude and a sign: the `-` is always stored and the digits start after it only when
/// negative, so the sign costs no branch.
#[inline(always)]
pub(crate) fn write_i64(mag: u64, neg: bool, out: &mut Out) -> usize {
    out[0] = MaybeUninit::new(b'-');
    write_u64_at(mag, out, neg as usize)
}

#[inline(always)]
pub(crate) fn write_u128(v: u128, out: &mut Out) -> usize {
    write_i128(v, false, out)
}

#[inline(always)]
pub(crate) fn write_i128(mag: u128, neg: bool, out: &mut Out) -> usize {
    out[0] = MaybeUninit::new(b'-');
    match u64::try_from(mag) {
        Ok(v) => write_u64_at(v, out, neg as usize),
        Err(_) => write_u128_wide(mag, out, neg as usize),
    }
}

/// Above `u64::MAX`: up to 39 digits, in three groups of at most sixteen.
#[cold]
#[inline(never)]
fn write_u128_wide(v: u128, out: &mut Out, w: usize) -> usize {
    const E16: u128 = 10_000_000_000_000_000;
    let top = (v / (E16 * E16)) as u64;
    let mid = (v / E16 % E16) as u64;
    let low = (v % E16) as u64;
    let mut p = w & 1;
    if top != 0 {
        // top < 2^128 / 10^32 has at most seven digits, so p <= 8.
        p = write_u64_at(top, out, p).min(8);
        put8(out, p, ascii8(mid / 100_000_000));
        put8(out, p + 8, ascii8(mid % 100_000_000));
        p += 16;
    } else {
        p = write_u64_at(mid, out, p).min(24);
    }
    put8(out, p, ascii8(low / 100_000_000));
    put8(out, p + 8, ascii8(low % 100_000_000));
    p + 16
}
