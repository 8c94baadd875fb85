//! Keys as the BJData writer emits them, encoded at compile time: the key's length in the
//! smallest unsigned marker (`U u m M`), then its bytes.

/// How many bytes the length of `n` takes, marker included.
const fn length_len(n: usize) -> usize {
    let n = n as u64;
    if n <= 0xff {
        2
    } else if n <= 0xffff {
        3
    } else if n <= 0xffff_ffff {
        5
    } else {
        9
    }
}

/// The length of `name` as a written key: its length value and bytes.
///
/// ```
/// assert_eq!(structio_bjdata::__derive::key_len(b"id"), 4);
/// assert_eq!(structio_bjdata::__derive::key_len(&[b'x'; 256]), 259);
/// ```
pub const fn key_len(name: &[u8]) -> usize {
    length_len(name.len()) + name.len()
}

/// `name` as the writer's [`member`](super::member) takes it: length then bytes. `N` is
/// [`key_len`]`(name)` (a compile-time error otherwise, when evaluated in a constant).
///
/// ```
/// use structio_bjdata::__derive::{encode_key, key_len};
/// const K: [u8; key_len(b"id")] = encode_key(b"id");
/// assert_eq!(&K, b"U\x02id");
/// ```
pub const fn encode_key<const N: usize>(name: &[u8]) -> [u8; N] {
    structio_core::prefixed_key(head(name.len()), name)
}

/// The length of `n` in its smallest unsigned marker: the marker, then little-endian bytes.
const fn head(n: usize) -> ([u8; structio_core::KEY_HEAD_MAX], usize) {
    let len = length_len(n);
    let mut out = [0u8; structio_core::KEY_HEAD_MAX];
    out[0] = match len {
        2 => b'U',
        3 => b'u',
        5 => b'm',
        _ => b'M',
    };
    let n = n as u64;
    let mut i = 1;
    while i < len {
        out[i] = (n >> (8 * (i - 1))) as u8;
        i += 1;
    }
    (out, len)
}
