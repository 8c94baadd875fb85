//! Keys as the JSON writer emits them, encoded at compile time: `"name":`, escaped.

/// The escaped form of one key byte, as `(bytes, len)`: `\"`, `\\`, `\u00XX` for a control
/// character, the byte itself otherwise.
const fn escaped(c: u8) -> ([u8; 6], usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match c {
        b'"' => ([b'\\', b'"', 0, 0, 0, 0], 2),
        b'\\' => ([b'\\', b'\\', 0, 0, 0, 0], 2),
        0..=0x1f => (
            [
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(c >> 4) as usize],
                HEX[(c & 15) as usize],
            ],
            6,
        ),
        _ => ([c, 0, 0, 0, 0, 0], 1),
    }
}

/// The length of `name` as a written key: quoted, escaped, with its colon.
///
/// ```
/// assert_eq!(structio_json::__derive::key_len(b"id"), 5);
/// assert_eq!(structio_json::__derive::key_len(b"a\"b"), 7);
/// ```
pub const fn key_len(name: &[u8]) -> usize {
    let mut n = 3;
    let mut i = 0;
    while i < name.len() {
        n += escaped(name[i]).1;
        i += 1;
    }
    n
}

/// `name` as the writer's [`member`](super::member) takes it: `"name":`, escaped like a JSON
/// string. `N` is [`key_len`]`(name)` (a compile-time error otherwise, when evaluated in a
/// constant).
///
/// ```
/// use structio_json::__derive::{encode_key, key_len};
/// const K: [u8; key_len(b"a\nb")] = encode_key(b"a\nb");
/// assert_eq!(&K, br#""a\u000ab":"#);
/// ```
pub const fn encode_key<const N: usize>(name: &[u8]) -> [u8; N] {
    assert!(N == key_len(name), "encode_key: N must be key_len(name)");
    let mut out = [0u8; N];
    out[0] = b'"';
    let mut at = 1;
    let mut i = 0;
    while i < name.len() {
        let (e, len) = escaped(name[i]);
        let mut j = 0;
        while j < len {
            out[at] = e[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    out[at] = b'"';
    out[at + 1] = b':';
    out
}
