//! The markers of BJData Draft 4 (and UBJSON Draft 12, which has a subset of them).
//!
//! Every item starts with one ASCII marker byte; numbers are little-endian in BJData and
//! big-endian in UBJSON.
//!
//! ```
//! use structio_bjdata::header;
//! assert_eq!(header::FLOAT64, b'D');
//! assert_eq!(header::payload_size(header::UINT32), Some(4));
//! assert_eq!(header::payload_size(header::STRING), None);
//! ```

/// `Z`: null.
pub const NULL: u8 = b'Z';
/// `N`: no-op, skipped wherever a value may appear.
pub const NOOP: u8 = b'N';
/// `T`: true.
pub const TRUE: u8 = b'T';
/// `F`: false.
pub const FALSE: u8 = b'F';
/// `i`: int8.
pub const INT8: u8 = b'i';
/// `U`: uint8.
pub const UINT8: u8 = b'U';
/// `I`: int16.
pub const INT16: u8 = b'I';
/// `u`: uint16 (BJData only).
pub const UINT16: u8 = b'u';
/// `l`: int32.
pub const INT32: u8 = b'l';
/// `m`: uint32 (BJData only).
pub const UINT32: u8 = b'm';
/// `L`: int64.
pub const INT64: u8 = b'L';
/// `M`: uint64 (BJData only).
pub const UINT64: u8 = b'M';
/// `h`: float16 (BJData only).
pub const FLOAT16: u8 = b'h';
/// `d`: float32.
pub const FLOAT32: u8 = b'd';
/// `D`: float64.
pub const FLOAT64: u8 = b'D';
/// `H`: high-precision number (a length, then JSON number text).
pub const HIGH_PRECISION: u8 = b'H';
/// `C`: a character, 0 to 127.
pub const CHAR: u8 = b'C';
/// `B`: a byte (BJData Draft 3).
pub const BYTE: u8 = b'B';
/// `S`: a string (a length, then UTF-8).
pub const STRING: u8 = b'S';
/// `E`: an extension (BJData Draft 4): type id, length, bytes.
pub const EXTENSION: u8 = b'E';
/// `[`: array start.
pub const ARRAY_START: u8 = b'[';
/// `]`: array end.
pub const ARRAY_END: u8 = b']';
/// `{`: object start.
pub const OBJECT_START: u8 = b'{';
/// `}`: object end.
pub const OBJECT_END: u8 = b'}';
/// `$`: the element type of an optimized container.
pub const TYPE: u8 = b'$';
/// `#`: the count of an optimized container.
pub const COUNT: u8 = b'#';

/// The payload size of a fixed-length marker (`i U I u l m L M h d D C B`, and `Z T F` with
/// none), `None` for the others.
///
/// ```
/// assert_eq!(structio_bjdata::header::payload_size(b'h'), Some(2));
/// assert_eq!(structio_bjdata::header::payload_size(b'['), None);
/// ```
#[inline(always)]
pub const fn payload_size(marker: u8) -> Option<usize> {
    match marker {
        NULL | TRUE | FALSE => Some(0),
        INT8 | UINT8 | CHAR | BYTE => Some(1),
        INT16 | UINT16 | FLOAT16 => Some(2),
        INT32 | UINT32 | FLOAT32 => Some(4),
        INT64 | UINT64 | FLOAT64 => Some(8),
        _ => None,
    }
}

/// Whether `marker` may follow `$` in BJData Draft 2 and later: the fixed-length numeric
/// types, `C` and `B`.
///
/// ```
/// assert!(structio_bjdata::header::is_packable(b'D'));
/// assert!(!structio_bjdata::header::is_packable(b'S'));
/// assert!(!structio_bjdata::header::is_packable(b'T'));
/// ```
#[inline(always)]
pub const fn is_packable(marker: u8) -> bool {
    matches!(
        marker,
        INT8 | UINT8
            | INT16
            | UINT16
            | INT32
            | UINT32
            | INT64
            | UINT64
            | FLOAT16
            | FLOAT32
            | FLOAT64
            | CHAR
            | BYTE
    )
}

/// Whether `marker` is one UBJSON Draft 12 lacks (`u m M h B E`).
///
/// ```
/// assert!(structio_bjdata::header::bjdata_only(b'M'));
/// assert!(!structio_bjdata::header::bjdata_only(b'L'));
/// ```
#[inline(always)]
pub const fn bjdata_only(marker: u8) -> bool {
    matches!(
        marker,
        UINT16 | UINT32 | UINT64 | FLOAT16 | BYTE | EXTENSION
    )
}
