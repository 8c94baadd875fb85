// The slot function of the compile-time perfect hash. This file is compiled twice: `phf.rs`
// `include!`s it to search for and test tables, and the macro pastes its text into every
// generated impl (`include_str!`), so the function the tests exercise is the one users run.
// Its arguments are constants at every emitted call site, so after inlining only the chosen
// scheme's arm is left: one or two byte loads (or one word-wise hash), a multiply and a shift.
#[inline(always)]
#[allow(clippy::all, clippy::pedantic, unused)]
fn __structio_slot(
    key: &[u8],
    scheme: u8,
    a: usize,
    b: usize,
    seed: u64,
    mult: u64,
    shift: u32,
    disp: &[u16],
) -> usize {
    // A key shorter than the byte index reads as 0; it can still only match after the
    // whole-key compare, so any fixed value is sound.
    let byte_a = match key.get(a) {
        Some(&c) => c as u64,
        None => 0,
    };
    let raw: u64 = match scheme {
        0 => byte_a,
        1 => byte_a | ((key.len() as u64) << 8),
        2 => {
            let byte_b = match key.get(b) {
                Some(&c) => c as u64,
                None => 0,
            };
            byte_a | (byte_b << 8)
        }
        _ => {
            let mut h = seed ^ (key.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut chunks = key.chunks_exact(8);
            for c in &mut chunks {
                let mut w = [0u8; 8];
                w.copy_from_slice(c);
                h = (h ^ u64::from_le_bytes(w))
                    .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
                    .rotate_left(29);
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
            if disp.is_empty() {
                h
            } else {
                // Hash and displace: the top bits pick a bucket whose displacement was
                // chosen at compile time to move all of its keys into free slots.
                let bucket = (h >> 48) as usize & (disp.len() - 1);
                let d = match disp.get(bucket) {
                    Some(&d) => d as u64,
                    None => 0,
                };
                h ^ d
            }
        }
    };
    (raw.wrapping_mul(mult) >> shift) as usize
}
