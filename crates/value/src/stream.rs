//! Reading a [`Value`] from an `std::io::Read` (feature `std`).

use std::io::Read;

use structio_json::RawDocuments;

use crate::{Error, ErrorKind, Reader, Value};

/// Reads one [`Value`] from `reader`: one JSON value with only whitespace around it, read to
/// the end of the stream (as [`from_slice`](crate::from_slice) over the whole stream).
///
/// The value's text is gathered in [`RawDocuments`]' bounded buffer, which grows to hold it
/// whole, then read by this crate's reader: peak memory is the text plus the tree. Errors carry
/// their offset in the stream; a failed read is [`structio_json::IO_ERROR`]. For a stream of
/// many values, use `structio_json::Documents<_, Value>`.
///
/// ```
/// let v = structio_value::from_reader(&br#" {"a": [1, 2.5, "x"]} "#[..])?;
/// assert_eq!(v, structio_value::value!({"a": [1, 2.5, "x"]}));
/// let e = structio_value::from_reader(&b"[1, 2] 3"[..]).unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (structio_value::ErrorKind::TrailingCharacters, 7));
/// # Ok::<(), structio_value::Error>(())
/// ```
pub fn from_reader<R: Read>(reader: R) -> Result<Value, Error> {
    let mut docs = RawDocuments::new(reader);
    let value = match docs.next_raw() {
        Some(Ok((offset, text))) => Reader::new()
            .read(text)
            .map_err(|e| Error::new(e.kind(), offset + e.offset()))?,
        Some(Err(e)) => return Err(e),
        None => return Err(Error::new(ErrorKind::UnexpectedEnd, docs.byte_offset())),
    };
    docs.end()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::from_reader;
    use crate::ErrorKind;

    #[test]
    fn errors_and_edges() {
        let e = from_reader(&b" \n "[..]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::UnexpectedEnd, 3));
        let e = from_reader(&b"\n[1, }"[..]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingComma, 5));
        let e = from_reader(&b"truex"[..]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingCharacters, 4));
        let big = alloc::format!("[{}0]", "1,".repeat(100_000));
        let v = from_reader(big.as_bytes()).unwrap();
        assert_eq!(v.as_array().unwrap().as_slice().len(), 100_001);
    }
}
