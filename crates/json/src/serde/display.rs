//! `collect_str`: a `Display` value's text, formatted on the stack when it is short (dates,
//! UUIDs, addresses), in a `String` when it is longer and there is an allocator.

use core::fmt::{self, Write};

use super::Result;

/// Text this long or shorter is formatted without allocating.
const STACK: usize = 128;

/// A fixed buffer that `write!` fills until it runs out of room.
struct Buf {
    bytes: [u8; STACK],
    len: usize,
    /// The text did not fit (rather than the `Display` impl failing).
    full: bool,
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let Some(dst) = self.bytes.get_mut(self.len..self.len + s.len()) else {
            self.full = true;
            return Err(fmt::Error);
        };
        dst.copy_from_slice(s.as_bytes());
        self.len += s.len();
        Ok(())
    }
}

/// Calls `f` with `value`'s text. Longer than [`STACK`] bytes without an allocator:
/// [`ErrorKind::StringTooLong`](crate::ErrorKind::StringTooLong). A `Display` impl that fails is a custom error.
pub(super) fn with_str<T: fmt::Display + ?Sized>(
    value: &T,
    f: impl FnOnce(&str) -> Result<()>,
) -> Result<()> {
    let mut buf = Buf {
        bytes: [0; STACK],
        len: 0,
        full: false,
    };
    match write!(buf, "{value}") {
        Ok(()) => {
            let text = buf.bytes.get(..buf.len).unwrap_or_default();
            // Only whole `&str`s were copied in.
            f(core::str::from_utf8(text).unwrap_or_default())
        }
        Err(_) if buf.full => long(value, f),
        Err(_) => Err(display_failed()),
    }
}

#[cold]
fn display_failed() -> super::Error {
    ::serde::ser::Error::custom("a Display implementation returned an error")
}

#[cfg(feature = "alloc")]
#[cold]
fn long<T: fmt::Display + ?Sized>(value: &T, f: impl FnOnce(&str) -> Result<()>) -> Result<()> {
    let mut s = alloc::string::String::new();
    if write!(s, "{value}").is_err() {
        return Err(display_failed());
    }
    f(&s)
}

#[cfg(not(feature = "alloc"))]
#[cold]
fn long<T: fmt::Display + ?Sized>(_value: &T, _f: impl FnOnce(&str) -> Result<()>) -> Result<()> {
    Err(super::Error::unplaced(crate::ErrorKind::StringTooLong))
}
