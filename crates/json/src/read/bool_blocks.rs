//! Compact `bool` arrays read a 64-byte block at a time.
//!
//! Element by element, where the next `,true` or `,false` starts depends on the one before:
//! each step waits for a load and a compare of the last, about eight cycles a bool however
//! the literals are matched. Here the masks of `,` and of the letters of `true` and `false`
//! in a block say, for every comma in it at once, whether `true,` or `false,` follows it (the
//! letters and the next comma in place).
//!
//! The blocks start [`STRIDE`] bytes apart whatever they hold, so where the next one starts
//! never waits on this one's bytes. A block answers for the commas in its first `STRIDE`
//! bytes; each of those that is good vouches for the bytes up to the next comma, which may lie
//! in the block after, so while every comma is good the array is, byte for byte, a run of
//! `,true` and `,false`. The first comma that is not good ends the run there (whitespace, the
//! array's last element, an error), and the caller reads on element by element from it, so
//! results and errors are the element reader's.

use alloc::vec::Vec;

use super::block_masks::{eq_masks, BLOCK};

/// How far apart blocks start. A comma at byte 57 is the last whose `false,` (six bytes
/// after it) is still in the block.
const STRIDE: usize = BLOCK - 6;

/// The bits of a block's masks it answers for.
const ANSWERS: u64 = (1 << STRIDE) - 1;

/// The most elements one block can answer for: good commas are at least five bytes apart (a
/// comma and four letters), so at most 12 fit in 58 bytes.
const MAX_RUN: usize = STRIDE.div_ceil(5);

/// Appends to `v` the compact elements from `pos`, the comma before the first of them;
/// returns the position of the comma after the last of them, which is `pos` itself when no
/// whole `,true,` or `,false,` starts there. Stops within a block of the input's end.
#[inline(always)]
pub(crate) fn push_runs(input: &[u8], pos: usize, v: &mut Vec<bool>) -> usize {
    if input.get(pos) != Some(&b',') {
        return pos;
    }
    // Where the blocks start, and the comma after the last good one so far.
    let (mut at, mut resume) = (pos, pos);
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
            let Some(block) = input.get(at..).and_then(<[u8]>::first_chunk) else {
                break Some(resume);
            };
            let (comma, good, trues) = good_commas(block);
            let bad = comma & !good & ANSWERS;
            // The commas this block adds: all it answers for, or those before the bad one.
            let starts = good & (bad ^ bad.wrapping_sub(1)) & ANSWERS;
            // Every slot is written, the run's and past it, so the loop has no exit to
            // mispredict; the next block writes over the ones past this one's run.
            let mut rest = starts;
            for slot in slots {
                slot.write(trues & rest & rest.wrapping_neg() != 0);
                rest &= rest.wrapping_sub(1);
            }
            // At most `MAX_RUN` (the `min` keeps it so even if the bound's argument were
            // wrong), so the slots counted were written.
            written += (starts.count_ones() as usize).min(MAX_RUN);
            if bad != 0 {
                break Some(at + bad.trailing_zeros() as usize);
            }
            // The last good comma's literal ends at a comma past the bytes answered for.
            resume = at + (comma & !ANSWERS).trailing_zeros() as usize;
            at += STRIDE;
        };
        // SAFETY: the first `written` slots of spare capacity were written above: each block
        // wrote `MAX_RUN` slots from `written` and counted at most `MAX_RUN` of them.
        unsafe { v.set_len(v.len() + written) };
        if let Some(end) = end {
            return end;
        }
    }
}

/// Slots reserved at a time: room for the runs of eight blocks.
const ROOM: usize = 8 * MAX_RUN;

/// The commas of `block` (bit `k` for byte `k`), those of them followed by `true,` or
/// `false,`, and those followed by `true,`.
#[inline(always)]
fn good_commas(block: &[u8; BLOCK]) -> (u64, u64, u64) {
    let [comma, t, r, u, e, f, a, l, s] = eq_masks(
        block,
        [b',', b't', b'r', b'u', b'e', b'f', b'a', b'l', b's'],
    );
    let true_at = comma & (t >> 1) & (r >> 2) & (u >> 3) & (e >> 4) & (comma >> 5);
    let false_at = comma & (f >> 1) & (a >> 2) & (l >> 3) & (s >> 4) & (e >> 5) & (comma >> 6);
    (comma, true_at | false_at, true_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec;

    /// The run one element at a time from `pos`: the values and the position of each
    /// element's comma, then the comma after the last (or `pos`).
    fn walk(input: &[u8], pos: usize) -> (Vec<bool>, Vec<usize>) {
        let (mut values, mut commas, mut at) = (Vec::new(), Vec::new(), pos);
        loop {
            commas.push(at);
            let rest = &input[at..];
            if rest.starts_with(b",true,") {
                values.push(true);
                at += 5;
            } else if rest.starts_with(b",false,") {
                values.push(false);
                at += 6;
            } else {
                return (values, commas);
            }
        }
    }

    /// `push_runs` takes a prefix of the walk's run, ending at one of its commas, and all of
    /// it unless the run's end is within a block of the input's end.
    fn agrees(input: &[u8], pos: usize) {
        let mut v = vec![true, false];
        let end = push_runs(input, pos, &mut v);
        let (values, commas) = walk(input, pos);
        let text = String::from_utf8_lossy(input);
        let taken = commas.iter().position(|&c| c == end);
        let taken = taken.unwrap_or_else(|| panic!("{end} is not a comma of the run: {text:?}"));
        assert_eq!(&v[2..], &values[..taken], "{text:?} from {pos}");
        let run_end = *commas.last().unwrap();
        if end != run_end {
            assert!(
                run_end + BLOCK > input.len(),
                "{text:?} from {pos}: stopped early"
            );
            assert!(
                end + BLOCK > input.len(),
                "{text:?} from {pos}: stopped early"
            );
        }
    }

    /// Compact runs a few blocks long from a comma (or not), with up to two bytes changed, so
    /// a run ends anywhere against the blocks and for every reason.
    #[test]
    fn runs_agree_with_a_walk_by_element() {
        let mut rng = structio_testkit::Rng::new(0xb001);
        let noise: [u8; 10] = [b',', b't', b'r', b'u', b'e', b'f', b' ', b']', b'1', b'l'];
        for _ in 0..if cfg!(miri) { 80 } else { 100_000 } {
            let mut text = Vec::new();
            let len = rng.below(5 * BLOCK as u64) as usize;
            while text.len() < len {
                text.extend_from_slice(if rng.below(2) == 0 {
                    b",true"
                } else {
                    b",false"
                });
            }
            text.push(b']');
            for _ in 0..rng.below(3) {
                let at = rng.below(text.len() as u64) as usize;
                text[at] = *rng.pick(&noise);
            }
            let pos = rng.below(7) as usize % text.len();
            agrees(&text, pos);
            if let Some(comma) = text[pos..].iter().position(|&b| b == b',') {
                agrees(&text, pos + comma);
            }
        }
    }

    /// The densest blocks: twelve good commas in the 58 bytes each answers for.
    #[test]
    fn the_most_elements_a_block_holds() {
        let text = [b",true".repeat(40).as_slice(), b"]"].concat();
        let mut v = Vec::new();
        let end = push_runs(&text, 0, &mut v);
        assert!(end + BLOCK > text.len() && end.is_multiple_of(5), "{end}");
        assert_eq!(v.len(), end / 5);
        assert!(v.iter().all(|&b| b));
        agrees(&text, 0);
    }
}
