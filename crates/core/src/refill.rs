//! Copying a short string into a `String` the reader reuses: the step every format's
//! `read_into` for `String` ends with, kept here so that each format calls one copy.

use alloc::string::String;

/// Replaces the contents of `dst` with `s`: no allocation when its capacity holds `s`, else
/// one `reserve` of the exact shortfall (out of line, so the common case is a compare and a
/// copy with no call for strings of up to 32 bytes).
///
/// ```
/// let mut s = String::with_capacity(8);
/// structio_core::refill_string(&mut s, "héllo");
/// assert_eq!(s, "héllo");
/// structio_core::refill_string(&mut s, "a longer text than the capacity");
/// assert_eq!(s, "a longer text than the capacity");
/// ```
#[inline(always)]
pub fn refill_string(dst: &mut String, s: &str) {
    let n = s.len();
    if dst.capacity() < n {
        dst.clear();
        grow(dst, n);
    }
    // SAFETY: the capacity is at least `n` (checked, or made so by `grow`), `s` cannot overlap
    // the string's own buffer (`dst` is borrowed mutably), and the `n` bytes copied are the
    // UTF-8 of `s`, so `set_len(n)` exposes exactly a copy of `s`.
    unsafe {
        let v = dst.as_mut_vec();
        copy_short(s.as_ptr(), v.as_mut_ptr(), n);
        v.set_len(n);
    }
}

/// Copies `n` bytes from `src` to `dst` (not overlapping): up to 32 bytes as pairs of
/// overlapping loads and stores of 16, 8, 4, 2 and 1 bytes (the first and the last `W` bytes),
/// every pair made whatever the length: a pair wider than `n` loads from a constant block and
/// stores to a scratch one instead, chosen by a select rather than a branch, so a mix of
/// lengths has nothing to mispredict (and no call to `memcpy`, whose dispatch costs more than
/// a short string's bytes). Every store in range writes the bytes of `src` at their own
/// offsets, so the overlaps agree; the scratch block is only written, so no load waits on a
/// store to it. Longer runs through `copy_nonoverlapping`.
///
/// One AVX-512 masked load and store of the first `n` lanes does the same in two
/// instructions, and was this copy where AVX-512BW/VL were compiled in, but on Zen 5 the
/// masked store is the slower: reading the glaze `strings` document (6,530 strings of 1-41
/// bytes) into reused `String`s took 37.1 µs in BEVE and 41.2 in CBOR with it, 26.8-27.4 and
/// 36.9-37.0 with these pairs (native builds alternating).
///
/// # Safety
/// `src` is readable and `dst` writable for `n` bytes, and the two ranges do not overlap.
#[inline(always)]
unsafe fn copy_short(src: *const u8, dst: *mut u8, n: usize) {
    /// What a pair wider than the string loads.
    static NOTHING: [u8; 16] = [0; 16];
    if n > 32 {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy_nonoverlapping(src, dst, n) };
        return;
    }
    let mut scratch = core::mem::MaybeUninit::<[u8; 16]>::uninit();
    let sink = scratch.as_mut_ptr().cast::<u8>();
    /// The pair of width `W`: from `src` to `dst` when `n >= W`, else `NOTHING` to `sink`.
    ///
    /// # Safety
    /// `src[..n]` is readable and `dst[..n]` writable (as for `copy_short`), and `sink` is
    /// writable for 16 bytes, with `W <= 16`.
    #[inline(always)]
    unsafe fn pair<const W: usize>(src: *const u8, dst: *mut u8, n: usize, sink: *mut u8) {
        let fits = n >= W;
        // `n - W` only when it fits; otherwise 0 (a wrapped offset is never formed).
        let last = if fits { n - W } else { 0 };
        let (s, d) = if fits {
            (src, dst)
        } else {
            (NOTHING.as_ptr(), sink)
        };
        // SAFETY: with `fits`, both loads read within the `n` bytes of `src` and both stores
        // write within the `n` bytes of `dst` (`last + W == n`); otherwise they read the first
        // `W` bytes of `NOTHING` and write the first `W` of the 16-byte scratch block
        // (`last == 0`, `W <= 16`). Unaligned.
        unsafe {
            let a = s.cast::<[u8; W]>().read_unaligned();
            let b = s.add(last).cast::<[u8; W]>().read_unaligned();
            d.cast::<[u8; W]>().write_unaligned(a);
            d.add(last).cast::<[u8; W]>().write_unaligned(b);
        }
    }
    // SAFETY: `n <= 32`, the caller's ranges, and `sink` is 16 writable bytes of this frame.
    unsafe {
        pair::<1>(src, dst, n, sink);
        pair::<2>(src, dst, n, sink);
        pair::<4>(src, dst, n, sink);
        pair::<8>(src, dst, n, sink);
        pair::<16>(src, dst, n, sink);
    }
}

/// `reserve` for `n` bytes in an empty string (the shortfall, as the length is 0).
#[cold]
#[inline(never)]
fn grow(dst: &mut String, n: usize) {
    dst.reserve(n);
}

#[cfg(test)]
mod tests {
    use super::refill_string;
    use alloc::string::String;

    /// Every length up to past the short path, into every kind of capacity, against `push_str`.
    #[test]
    fn copies_every_length_into_every_capacity() {
        let text: String = (0..80).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
        for n in 0..=text.len() {
            let want = &text[..n];
            for cap in [0, n / 2, n, n + 7] {
                let mut s = String::with_capacity(cap);
                s.push_str(&text[..cap.min(3)]);
                refill_string(&mut s, want);
                assert_eq!(s, want, "length {n}, capacity {cap}");
            }
        }
        let mut s = String::from("ünïcode");
        refill_string(&mut s, "é");
        assert_eq!(s, "é");
    }
}
