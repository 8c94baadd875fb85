//! [`Mode::Size`](crate::Mode::Size) numeric sequences: the narrowest packed form against the
//! plain array of smallest-marker values, whichever is smaller.

use super::writer::{f64_to_f32_exact, Writer};
use super::Sink;
use crate::error::Result;
use crate::header;
use crate::number::{Number, Wide};

/// Bytes of the smallest unsigned length marker and payload for `n`.
#[inline]
fn length_bytes(n: u64) -> usize {
    1 + if n <= 0xff {
        1
    } else if n <= 0xffff {
        2
    } else if n <= 0xffff_ffff {
        4
    } else {
        8
    }
}

/// The smallest marker for the integer `v` (from `i64::MIN` to `u64::MAX`, as every
/// [`Number`] integer is), its payload width and the payload's bits: found from the count of
/// significant bytes by table, with no branch on the size class (which random values
/// mispredict).
#[inline(always)]
fn smallest(v: i128) -> (u8, usize, u64) {
    // Indexed by the bytes the value needs (1 to 8; 0 is not reached).
    const WIDTH: [u8; 9] = [1, 1, 2, 4, 4, 8, 8, 8, 8];
    const UNSIGNED: [u8; 9] = [
        header::UINT8,
        header::UINT8,
        header::UINT16,
        header::UINT32,
        header::UINT32,
        header::UINT64,
        header::UINT64,
        header::UINT64,
        header::UINT64,
    ];
    const SIGNED: [u8; 9] = [
        header::INT8,
        header::INT8,
        header::INT16,
        header::INT32,
        header::INT32,
        header::INT64,
        header::INT64,
        header::INT64,
        header::INT64,
    ];
    let bits = v as u64;
    let negative = v < 0;
    // Significant bits: the magnitude's for an unsigned marker, one more (the sign) for a
    // signed one.
    let significant = if negative {
        65 - (!bits).leading_zeros()
    } else {
        64 - (bits | 1).leading_zeros()
    };
    let bytes = significant.div_ceil(8) as usize;
    let table = if negative { &SIGNED } else { &UNSIGNED };
    let i = bytes.min(8);
    (table[i], usize::from(WIDTH[i]), bits)
}

/// Bytes of the smallest payload for the integer `v` (as the writer's `write_smallest`).
#[inline(always)]
fn int_width(v: i128) -> usize {
    smallest(v).1
}

/// Each integer of `items` in its smallest marker, into blocks of bytes written at once.
#[inline]
fn write_smallest_run<T: Number, S: Sink>(w: &mut Writer<S>, items: &[T]) -> Result<()> {
    const BLOCK: usize = 64;
    for chunk in items.chunks(BLOCK) {
        // Each value is stored as a marker and all eight payload bytes, the next value
        // overwriting the bytes past its width.
        let mut buf = [0u8; BLOCK * 9];
        let mut len = 0;
        for x in chunk {
            let Wide::Int(v) = x.to_wide() else {
                continue;
            };
            let (m, width, bits) = smallest(v);
            if let Some(dst) = buf.get_mut(len..len + 9) {
                dst[0] = m;
                dst[1..].copy_from_slice(&bits.to_le_bytes());
            }
            len += 1 + width;
        }
        w.raw(buf.get(..len).unwrap_or(&buf))?;
    }
    Ok(())
}

/// The narrowest packed marker holding every integer in `min..=max`.
fn int_marker(min: i128, max: i128) -> (u8, usize) {
    if min >= 0 {
        match max {
            0..=0xff => (header::UINT8, 1),
            0x100..=0xffff => (header::UINT16, 2),
            0x1_0000..=0xffff_ffff => (header::UINT32, 4),
            _ => (header::UINT64, 8),
        }
    } else if min >= -0x80 && max <= 0x7f {
        (header::INT8, 1)
    } else if min >= -0x8000 && max <= 0x7fff {
        (header::INT16, 2)
    } else if min >= -0x8000_0000 && max <= 0x7fff_ffff {
        (header::INT32, 4)
    } else {
        (header::INT64, 8)
    }
}

pub(crate) fn write_numbers<T: Number, S: Sink>(w: &mut Writer<S>, items: &[T]) -> Result<()> {
    let n = items.len();
    let head = 4 + length_bytes(n as u64);
    let (marker, width, plain) = if T::FLOAT {
        let all_single = items.iter().all(|x| match x.to_wide() {
            Wide::Float(v) => f64_to_f32_exact(v).is_some(),
            Wide::Int(_) => true,
        });
        let width = if all_single { 4 } else { 8 };
        let mut plain = 2usize;
        for x in items {
            if let Wide::Float(v) = x.to_wide() {
                plain += if f64_to_f32_exact(v).is_some() { 5 } else { 9 };
            }
        }
        let m = if all_single {
            header::FLOAT32
        } else {
            header::FLOAT64
        };
        (m, width, plain)
    } else {
        let (mut min, mut max, mut plain) = (0i128, 0i128, 2usize);
        for x in items {
            if let Wide::Int(v) = x.to_wide() {
                min = min.min(v);
                max = max.max(v);
                plain += 1 + int_width(v);
            }
        }
        let (m, width) = int_marker(min, max);
        (m, width, plain)
    };
    if n == 0 || head + n * width >= plain {
        w.begin_array(n)?;
        if T::FLOAT {
            for x in items {
                if let Wide::Float(v) = x.to_wide() {
                    w.write_f64(v)?;
                }
            }
        } else {
            write_smallest_run(w, items)?;
        }
        return w.end_array();
    }
    w.begin_packed(marker, n)?;
    if marker == T::MARKER {
        return w.packed_payload(items);
    }
    for x in items {
        let bits = match x.to_wide() {
            Wide::Float(v) if width == 4 => u64::from((v as f32).to_bits()),
            Wide::Float(v) => v.to_bits(),
            Wide::Int(v) => v as u64,
        };
        w.raw(&bits.to_le_bytes()[..width])?;
    }
    Ok(())
}
