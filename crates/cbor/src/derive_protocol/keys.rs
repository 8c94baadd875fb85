//! Keys as the CBOR writer emits them, encoded at compile time: a text string head (major type
//! 3, the length in its shortest form) and the name's bytes.

/// How many bytes the head of a text string of `n` bytes takes (preferred serialization).
const fn head_len(n: usize) -> usize {
    let n = n as u64;
    if n < 24 {
        1
    } else if n <= 0xff {
        2
    } else if n <= 0xffff {
        3
    } else if n <= 0xffff_ffff {
        5
    } else {
        9
    }
}

/// The length of `name` as a written key: its text string head and bytes.
///
/// ```
/// assert_eq!(structio_cbor::__derive::key_len(b"id"), 3);
/// assert_eq!(structio_cbor::__derive::key_len(&[b'x'; 24]), 26);
/// ```
pub const fn key_len(name: &[u8]) -> usize {
    head_len(name.len()) + name.len()
}

/// `name` as the writer's [`member`](super::member) takes it: a text string head then the
/// bytes. `N` is [`key_len`]`(name)` (a compile-time error otherwise, when evaluated in a
/// constant).
///
/// ```
/// use structio_cbor::__derive::{encode_key, key_len};
/// const K: [u8; key_len(b"id")] = encode_key(b"id");
/// assert_eq!(K, [0x62, b'i', b'd']);
/// ```
pub const fn encode_key<const N: usize>(name: &[u8]) -> [u8; N] {
    structio_core::prefixed_key(head(name.len()), name)
}

/// The head of a text string of `n` bytes, in its shortest form.
const fn head(n: usize) -> ([u8; structio_core::KEY_HEAD_MAX], usize) {
    let len = head_len(n);
    let n = n as u64;
    let mut out = [0u8; structio_core::KEY_HEAD_MAX];
    if len == 1 {
        out[0] = crate::header::TEXT | n as u8;
    } else {
        // AI 24 to 27 say the argument follows in 1, 2, 4 or 8 big-endian bytes.
        let ai: u8 = match len {
            2 => 24,
            3 => 25,
            5 => 26,
            _ => 27,
        };
        out[0] = crate::header::TEXT | ai;
        let mut i = 1;
        while i < len {
            out[i] = (n >> (8 * (len - 1 - i))) as u8;
            i += 1;
        }
    }
    (out, len)
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;

    #[test]
    fn every_head_width() {
        for n in [0usize, 23, 24, 255, 256, 65535, 65536] {
            let name = alloc::vec![b'k'; n];
            let mut w = crate::Writer::new(alloc::vec::Vec::new());
            w.write_str(core::str::from_utf8(&name).unwrap()).unwrap();
            let want = w.into_inner();
            assert_eq!(key_len(&name), want.len(), "n = {n}");
            // The const fn at run time, over a buffer of the right size.
            let got: alloc::vec::Vec<u8> = match key_len(&name) {
                1 => encode_key::<1>(&name).to_vec(),
                24 => encode_key::<24>(&name).to_vec(),
                26 => encode_key::<26>(&name).to_vec(),
                257 => encode_key::<257>(&name).to_vec(),
                259 => encode_key::<259>(&name).to_vec(),
                65538 => encode_key::<65538>(&name).to_vec(),
                65541 => encode_key::<65541>(&name).to_vec(),
                other => panic!("unexpected length {other}"),
            };
            assert_eq!(got, want, "n = {n}");
        }
    }
}
