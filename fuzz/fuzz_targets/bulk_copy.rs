//! The copy of packed number arrays (structio-core's `bulk_copy`): any length, the destination
//! 0-1023 bytes past the source modulo 4 KiB (so both directions of its block loop run),
//! against the source bytes; then the same bytes as a `u64` array through BEVE, written and
//! read back from a document shifted by 0-63 bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&[s, d_lo, d_hi], bytes)) = data.split_first_chunk::<3>() else {
        return;
    };
    let s = usize::from(s % 64);
    let d = usize::from(u16::from_le_bytes([d_lo, d_hi]) % 1024);
    // Two halves 16 KiB apart: the destination lies `d - s` bytes past the source modulo 4 KiB.
    const HALF: usize = 16384;
    let n = bytes.len().min(HALF - 1024);
    let mut buf = vec![0xAAu8; 2 * HALF];
    let (src, dst) = buf.split_at_mut(HALF);
    src[s..s + n].copy_from_slice(&bytes[..n]);
    structio_core::copy_bytes(&mut dst[d..d + n], &src[s..s + n]);
    assert_eq!(dst[d..d + n], bytes[..n]);
    assert!(dst[..d].iter().chain(&dst[d + n..]).all(|&b| b == 0xAA), "wrote outside");

    let words: Vec<u64> = bytes[..n]
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let doc = structio_beve::to_vec(&words).unwrap();
    let mut shifted = vec![0u8; s];
    shifted.extend_from_slice(&doc);
    let back: Vec<u64> = structio_beve::from_slice(&shifted[s..]).unwrap();
    assert_eq!(back, words);
    let mut refill = vec![7u64; 3];
    structio_beve::read_into(&mut refill, &shifted[s..]).unwrap();
    assert_eq!(refill, words);
});
