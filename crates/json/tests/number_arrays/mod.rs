//! The checks the number-array tests share: arrays the compact writer writes a run of
//! elements at a time must come out as `want` every way a user can write them.

use structio_json::{to_slice, to_string, to_string_pretty, ErrorKind, JsonWrite};

/// `items` written as a slice and as a `Vec`, into fixed buffers around its length, and laid
/// out (which takes the element-by-element path) with the whitespace taken out.
pub fn writes_as<T: JsonWrite + Clone>(items: &[T], want: &str) {
    assert_eq!(to_string(items).unwrap(), want);
    assert_eq!(to_string(&items.to_vec()).unwrap(), want);
    let n = want.len();
    fits_exactly_or_is_full(
        items,
        want,
        [0, 1, n / 2, n.saturating_sub(1), n, n + 1, n + 40],
    );
    let pretty = to_string_pretty(items).unwrap();
    let compact: String = pretty.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(compact, want);
}

/// A fixed buffer of each size in `rooms`: exact when the text fits, else `BufferFull`, never
/// a truncated success.
pub fn fits_exactly_or_is_full<T: JsonWrite>(
    items: &[T],
    want: &str,
    rooms: impl IntoIterator<Item = usize>,
) {
    for room in rooms {
        let mut buf = vec![0u8; room];
        match to_slice(items, &mut buf) {
            Ok(n) => assert_eq!(&buf[..n], want.as_bytes(), "room {room}"),
            Err(e) => {
                assert!(
                    room < want.len(),
                    "room {room} for {} bytes: {e}",
                    want.len()
                );
                assert_eq!(e.kind(), ErrorKind::BufferFull);
            }
        }
    }
}
