//! Compact integer arrays read a 64-byte block at a time.
//!
//! Element by element, where the next number starts depends on how many digits this one has:
//! each step waits for a load and a digit count, a dozen cycles a number. Here the masks of a
//! block (commas, digits, `-`, `0`) check every element in it at once against the grammar of
//! a compact integer: a comma, an optional `-`, one to sixteen digits without a leading zero,
//! and the next comma. The blocks start [`STRIDE`] bytes apart whatever they hold, so where
//! the next one starts never waits on this one's bytes; each comma a block answers for vouches
//! for the bytes up to the next comma, so while every element is good the array is, byte for
//! byte, a run of them. The values are then folded from the digits each comma's position
//! gives, apart from that chain.
//!
//! The first element that is not good (whitespace, the array's last element, a fraction, a
//! seventeenth digit, a value out of the type's range, an error) ends the run at its comma,
//! and the caller reads on element by element from there, so results and errors are the
//! element reader's.

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use structio_num::Integer;

use super::block_masks::{digit_mask, eq_masks, BLOCK};

/// The most digits an element of a run has: one [`structio_num::digits_value`].
const MAX_DIGITS: usize = 16;

/// How far apart blocks start. A comma at byte 45 is the last whose longest element (a sign,
/// sixteen digits) ends within the block, at byte 63.
const STRIDE: usize = BLOCK - 2 - MAX_DIGITS;

/// The bits of a block's masks it answers for.
const ANSWERS: u64 = (1 << STRIDE) - 1;

/// The most elements one block can answer for: elements are at least two bytes (a comma and a
/// digit), so at most 23 start in 46 bytes.
const MAX_RUN: usize = STRIDE / 2;

/// Slots reserved at a time: room for the runs of eight blocks.
const ROOM: usize = 8 * MAX_RUN;

/// Appends to `v` the compact elements from `pos`, the comma before the first of them;
/// returns the position of the comma after the last of them, which is `pos` itself when no
/// good element starts there. Stops within a block of the input's end.
#[inline(always)]
pub(crate) fn push_runs<T: Integer>(input: &[u8], pos: usize, v: &mut Vec<T>) -> usize {
    if input.get(pos) != Some(&b',') {
        return pos;
    }
    let Some(first) = input.get(pos..).and_then(<[u8]>::first_chunk) else {
        return pos;
    };
    let mut block = elements(first);
    // Where the blocks start.
    let mut at = pos;
    // The spare-capacity loop is `bool_blocks`'s too. One helper for both, taking each
    // reader's step as a closure, was measured slower on Zen 5 (`Vec<i64>` 0.53 -> 0.84 µs,
    // the glaze bools document 3.55 -> 4.1 µs), so each reader keeps its own.
    loop {
        // Room for several blocks at a time, so that the cursor and the count stay in
        // registers between them.
        v.reserve(ROOM);
        let spare = v.spare_capacity_mut();
        let mut written = 0;
        let end = loop {
            let Some(slots) = spare.get_mut(written..written + MAX_RUN) else {
                break None;
            };
            // The next block's masks before this block's values: the loop over the values
            // ends in a mispredicted branch, and what was issued before it survives the
            // flush, so the masks' latency is not paid after it.
            let next = input
                .get(at + STRIDE..)
                .and_then(<[u8]>::first_chunk)
                .map(elements);
            let (taken, out_of_range) = block.values(slots);
            written += taken;
            if let Some(c) = out_of_range {
                break Some(at + c);
            }
            if block.run_end < STRIDE {
                break Some(at + block.run_end);
            }
            // Near the input's end, the run ends where the last element answered for does:
            // at a comma past the bytes answered for.
            let resume = at + (block.comma & !ANSWERS).trailing_zeros() as usize;
            at += STRIDE;
            match next {
                Some(next) => block = next,
                None => break Some(resume),
            }
        };
        // SAFETY: the first `written` slots of spare capacity were written above: each block
        // wrote slots `written..written + taken` and then counted `taken` of them.
        unsafe { v.set_len(v.len() + written) };
        if let Some(end) = end {
            return end;
        }
    }
}

/// What a block says about the elements in it.
struct Elements<'a> {
    /// The block.
    bytes: &'a [u8; BLOCK],
    /// Bit `k` for a comma at byte `k`.
    comma: u64,
    /// Bit `k` for a `-` at byte `k`.
    minus: u64,
    /// The first comma whose element is not good, or the block's last comma when all are.
    run_end: usize,
}

/// The elements of `block`, whose first comma starts an element (bytes before it belong to
/// one the block before answered for).
#[inline(always)]
fn elements(block: &[u8; BLOCK]) -> Elements<'_> {
    let [comma, minus, zero] = eq_masks(block, [b',', b'-', b'0']);
    let digit = digit_mask(block);
    // Bit k where bytes k..k+17 are digits: a seventeenth digit.
    let d2 = digit & (digit >> 1);
    let d4 = d2 & (d2 >> 2);
    let d8 = d4 & (d4 >> 4);
    let too_long = d8 & (d8 >> 8) & (digit >> 16);
    let first_digit = digit & !(digit << 1);
    // Each bad byte lies in the element it spoils (an empty element's, at its comma).
    let bad = !(comma | digit | minus)
        | (comma & (comma >> 1))
        | (minus & !(comma << 1))
        | (minus & !(digit >> 1))
        | (zero & first_digit & (digit >> 1))
        | too_long;
    // Bytes before the first comma were answered for by the block before, and the tests above
    // cannot see what came before byte 0.
    let bad = bad & (comma | comma.wrapping_neg());
    // The last comma at or before the first bad byte: every comma when nothing is bad.
    let upto_bad = bad ^ bad.wrapping_sub(1);
    let run_end = 63usize.saturating_sub((comma & upto_bad).leading_zeros() as usize);
    Elements {
        bytes: block,
        comma,
        minus,
        run_end,
    }
}

impl Elements<'_> {
    /// Writes the values of the elements the block answers for, up to its run's end, into
    /// `slots`; returns how many, and the comma of an element whose value is out of `T`'s
    /// range, which ends the run there.
    #[inline(always)]
    fn values<T: Integer>(&self, slots: &mut [MaybeUninit<T>]) -> (usize, Option<usize>) {
        let limit = self.run_end.min(STRIDE);
        let mut rest = self.comma & ((1u64 << limit) - 1);
        let mut taken = 0;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            let next = (self.comma & (u64::MAX << (c + 1))).trailing_zeros() as usize;
            let neg = (self.minus >> (c + 1)) & 1 != 0;
            let start = c + 1 + usize::from(neg);
            // `start` is at most 47 and the element at most 16 digits long, so the sixteen
            // bytes are in the block, and there are slots for every element a block answers
            // for; the `else` arm is never taken.
            let (Some(digits), Some(slot)) = (
                self.bytes.get(start..).and_then(<[u8]>::first_chunk),
                slots.get_mut(taken),
            ) else {
                return (taken, Some(c));
            };
            let magnitude = structio_num::digits_value(digits, next - start);
            let Some(value) = T::from_magnitude(magnitude, neg) else {
                return (taken, Some(c));
            };
            slot.write(value);
            taken += 1;
            rest &= rest - 1;
        }
        (taken, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec;

    /// The run one element at a time from `pos`: the values and the position of each
    /// element's comma, then the comma after the last good one (or `pos`).
    fn walk<T: Integer + TryFrom<i128>>(input: &[u8], pos: usize) -> (Vec<T>, Vec<usize>) {
        let (mut values, mut commas, mut at) = (Vec::new(), Vec::new(), pos);
        loop {
            commas.push(at);
            if input.get(at) != Some(&b',') {
                return (values, commas);
            }
            let rest = &input[at + 1..];
            let len = rest.iter().position(|&b| b == b',');
            let Some(len) = len else {
                return (values, commas);
            };
            let text = core::str::from_utf8(&rest[..len]).unwrap_or("x");
            let digits = text.strip_prefix('-').unwrap_or(text);
            let grammar = !digits.is_empty()
                && digits.len() <= MAX_DIGITS
                && digits.bytes().all(|b| b.is_ascii_digit())
                && !(digits.len() > 1 && digits.starts_with('0'));
            let value = text.parse::<i128>().ok().and_then(|v| T::try_from(v).ok());
            // `-0` is 0, but not for unsigned types (as `parse_int` reads it).
            let unsigned_minus = text.starts_with('-') && T::from_magnitude(0, true).is_none();
            match value {
                Some(v) if grammar && !unsigned_minus => values.push(v),
                _ => return (values, commas),
            }
            at += 1 + len;
        }
    }

    /// `push_runs` takes a prefix of the walk's run, ending at one of its commas, and all of
    /// it unless the run's end is within a block of the input's end.
    fn agrees<T: Integer + TryFrom<i128> + PartialEq + core::fmt::Debug>(input: &[u8], pos: usize) {
        let mut v: Vec<T> = vec![];
        let end = push_runs(input, pos, &mut v);
        let (values, commas) = walk::<T>(input, pos);
        let text = String::from_utf8_lossy(input);
        let taken = commas.iter().position(|&c| c == end);
        let taken = taken.unwrap_or_else(|| panic!("{end} is not a comma of the run: {text:?}"));
        assert_eq!(v, &values[..taken], "{text:?} from {pos}");
        let run_end = *commas.last().unwrap();
        if end != run_end {
            assert!(
                run_end + BLOCK > input.len() && end + BLOCK > input.len(),
                "{text:?} from {pos}: stopped early at {end}, not {run_end}"
            );
        }
    }

    /// Compact numbers of every length a few blocks long, from a comma (or not), with up to
    /// two bytes changed, so a run ends anywhere against the blocks and for every reason; read
    /// as a wide and a narrow type of each sign.
    #[test]
    fn runs_agree_with_a_walk_by_element() {
        let mut rng = structio_testkit::Rng::new(0x1b10c);
        let noise = *b",-0123456789 ]x.e";
        for _ in 0..if cfg!(miri) { 30 } else { 50_000 } {
            let mut text = Vec::new();
            let len = rng.below(5 * BLOCK as u64) as usize;
            let widest = if rng.below(8) == 0 { 19 } else { 5 };
            let longest = 1 + rng.below(widest);
            while text.len() < len {
                text.push(b',');
                if rng.below(4) == 0 {
                    text.push(b'-');
                }
                let digits = 1 + rng.below(longest);
                for k in 0..digits {
                    let first = u8::from(k == 0 && digits > 1);
                    let digit = rng.below(10 - u64::from(first)) as u8;
                    text.push(b'0' + first + digit);
                }
            }
            text.push(b']');
            for _ in 0..rng.below(3) {
                let at = rng.below(text.len() as u64) as usize;
                text[at] = *rng.pick(&noise);
            }
            let pos = rng.below(7) as usize % text.len();
            for p in [
                Some(pos),
                text[pos..].iter().position(|&b| b == b',').map(|c| pos + c),
            ]
            .into_iter()
            .flatten()
            {
                agrees::<i64>(&text, p);
                agrees::<u64>(&text, p);
                agrees::<i8>(&text, p);
                agrees::<u16>(&text, p);
            }
        }
    }

    /// The densest blocks (`,1` repeated) and the longest elements (sixteen digits and a
    /// sign), with the seventeenth digit that ends a run.
    #[test]
    fn densest_and_longest_elements() {
        let dense = [b",1".repeat(80).as_slice(), b"]"].concat();
        agrees::<u8>(&dense, 0);
        let long = [b",-1234567890123456".repeat(12).as_slice(), b"]"].concat();
        agrees::<i64>(&long, 0);
        let mut v: Vec<i64> = Vec::new();
        let end = push_runs(&long, 0, &mut v);
        assert!(end + BLOCK > long.len() && v.len() == end / 18, "{end}");
        let seventeen = [
            b",1234567890123456".repeat(6).as_slice(),
            b",12345678901234567",
            b",1".repeat(40).as_slice(),
            b"]",
        ]
        .concat();
        let mut v: Vec<u64> = Vec::new();
        assert_eq!(push_runs(&seventeen, 0, &mut v), 6 * 17);
        assert_eq!(v, [1234567890123456; 6]);
    }
}
