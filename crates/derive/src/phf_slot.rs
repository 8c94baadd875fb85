// The slot functions of the compile-time perfect hash, one per scheme. This file is compiled
// twice: `phf.rs` `include!`s it to search for and test tables, and the macro pastes the one
// section its table uses into the generated code (`include_str!`, split at the `@scheme`
// markers), so the function the tests exercise is the one users run. The arguments are
// constants at every emitted call site. All four take the same arguments so that one call
// shape serves them.
// @scheme 0: one byte at index `a`.
#[inline(always)]
#[allow(clippy::all, clippy::pedantic, unused)]
fn __structio_slot0(key: &[u8], a: usize, b: usize, seed: u64, mult: u64, shift: u32, disp: &[u16]) -> usize {
    // A key shorter than the index reads as 0: it can still only match after the whole-key
    // compare, so any fixed value is sound.
    let raw = match key.get(a) {
        Some(&c) => c as u64,
        None => 0,
    };
    (raw.wrapping_mul(mult) >> shift) as usize
}
// @scheme 1: the length and one byte at index `a`.
#[inline(always)]
#[allow(clippy::all, clippy::pedantic, unused)]
fn __structio_slot1(key: &[u8], a: usize, b: usize, seed: u64, mult: u64, shift: u32, disp: &[u16]) -> usize {
    let raw = match key.get(a) {
        Some(&c) => c as u64,
        None => 0,
    } | ((key.len() as u64) << 8);
    (raw.wrapping_mul(mult) >> shift) as usize
}
// @scheme 2: the bytes at indexes `a` and `b`.
#[inline(always)]
#[allow(clippy::all, clippy::pedantic, unused)]
fn __structio_slot2(key: &[u8], a: usize, b: usize, seed: u64, mult: u64, shift: u32, disp: &[u16]) -> usize {
    let raw = match key.get(a) {
        Some(&c) => c as u64,
        None => 0,
    } | match key.get(b) {
        Some(&c) => (c as u64) << 8,
        None => 0,
    };
    (raw.wrapping_mul(mult) >> shift) as usize
}
// @scheme 3: a seeded hash of the whole key, a word at a time; with `disp` non-empty, hash and
// displace (the top bits pick a bucket whose displacement, chosen at compile time, moves all
// of its keys into free slots).
#[inline(always)]
#[allow(clippy::all, clippy::pedantic, unused)]
fn __structio_slot3(key: &[u8], a: usize, b: usize, seed: u64, mult: u64, shift: u32, disp: &[u16]) -> usize {
    let mut h = seed ^ (key.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut chunks = key.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
    }
    let rest = chunks.remainder();
    let mut w = [0u8; 8];
    let mut i = 0;
    while i < rest.len() && i < 8 {
        w[i] = rest[i];
        i += 1;
    }
    h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 29;
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 32;
    if !disp.is_empty() {
        let bucket = (h >> 48) as usize & (disp.len() - 1);
        h ^= match disp.get(bucket) {
            Some(&d) => d as u64,
            None => 0,
        };
    }
    (h.wrapping_mul(mult) >> shift) as usize
}
