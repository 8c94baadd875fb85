//! Writing integers as decimal text.

use crate::Integer;

/// Writes the decimal text of `value` into `out[0..n]` and returns `n`. 40 bytes hold any
/// `i128`; a `-` precedes negative values, nothing precedes positive ones.
///
/// ```
/// let mut out = [0u8; 40];
/// let n = structio_num::write_int(-1234i32, &mut out);
/// assert_eq!(&out[..n], b"-1234");
/// ```
#[inline(always)]
pub fn write_int<T: Integer>(value: T, out: &mut [u8; 40]) -> usize {
    value.write_to(out)
}

pub(crate) fn write_u128(mut v: u128, out: &mut [u8; 40]) -> usize {
    let mut tmp = [0u8; 40];
    let mut i = 40;
    loop {
        i -= 1;
        tmp[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let n = 40 - i;
    out[..n].copy_from_slice(&tmp[i..]);
    n
}

#[inline(always)]
pub(crate) fn write_u64(v: u64, out: &mut [u8; 40]) -> usize {
    write_u128(v as u128, out)
}

pub(crate) fn write_i128(mag: u128, neg: bool, out: &mut [u8; 40]) -> usize {
    out[0] = b'-';
    let mut tmp = [0u8; 40];
    let n = write_u128(mag, &mut tmp);
    let s = neg as usize;
    out[s..s + n].copy_from_slice(&tmp[..n]);
    s + n
}

#[inline(always)]
pub(crate) fn write_i64(mag: u64, neg: bool, out: &mut [u8; 40]) -> usize {
    write_i128(mag as u128, neg, out)
}
