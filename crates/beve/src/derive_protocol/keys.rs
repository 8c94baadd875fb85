//! Keys as the BEVE writer emits them, encoded at compile time: the key's SIZE (the compressed
//! unsigned integer of spec/BEVE.md) and its bytes.

/// How many bytes the SIZE of `n` takes.
const fn size_len(n: usize) -> usize {
    let n = n as u64;
    if n < 1 << 6 {
        1
    } else if n < 1 << 14 {
        2
    } else if n < 1 << 30 {
        4
    } else {
        8
    }
}

/// The length of `name` as a written key: its SIZE and bytes.
///
/// ```
/// assert_eq!(structio_beve::__derive::key_len(b"id"), 3);
/// assert_eq!(structio_beve::__derive::key_len(&[b'x'; 64]), 66);
/// ```
pub const fn key_len(name: &[u8]) -> usize {
    size_len(name.len()) + name.len()
}

/// `name` as the writer's [`member`](super::member) takes it: SIZE then bytes. `N` is
/// [`key_len`]`(name)` (a compile-time error otherwise, when evaluated in a constant).
///
/// ```
/// use structio_beve::__derive::{encode_key, key_len};
/// const K: [u8; key_len(b"id")] = encode_key(b"id");
/// assert_eq!(K, [0x08, b'i', b'd']);
/// ```
pub const fn encode_key<const N: usize>(name: &[u8]) -> [u8; N] {
    structio_core::prefixed_key(head(name.len()), name)
}

/// The SIZE of `n`: little-endian with its width code (0..=3) in the two low bits.
const fn head(n: usize) -> ([u8; structio_core::KEY_HEAD_MAX], usize) {
    let len = size_len(n);
    let code: u64 = match len {
        1 => 0,
        2 => 1,
        4 => 2,
        _ => 3,
    };
    let size = ((n as u64) << 2) | code;
    let mut out = [0u8; structio_core::KEY_HEAD_MAX];
    let mut i = 0;
    while i < len {
        out[i] = (size >> (8 * i)) as u8;
        i += 1;
    }
    (out, len)
}
