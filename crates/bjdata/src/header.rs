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
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::NULL, b'Z');
/// assert_eq!(structio_bjdata::to_vec(&()).unwrap(), [header::NULL]);
/// ```
pub const NULL: u8 = b'Z';
/// `N`: no-op, skipped wherever a value may appear.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::NOOP, b'N');
/// let v: Vec<bool> = structio_bjdata::from_slice(b"[NTN]").unwrap();
/// assert_eq!(v, [true]);
/// ```
pub const NOOP: u8 = b'N';
/// `T`: true.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::TRUE, b'T');
/// assert_eq!(structio_bjdata::to_vec(&true).unwrap(), [header::TRUE]);
/// ```
pub const TRUE: u8 = b'T';
/// `F`: false.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::FALSE, b'F');
/// assert_eq!(structio_bjdata::to_vec(&false).unwrap(), [header::FALSE]);
/// ```
pub const FALSE: u8 = b'F';
/// `i`: int8.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::INT8, b'i');
/// assert_eq!(structio_bjdata::to_vec(&-2i8).unwrap(), [header::INT8, 0xfe]);
/// ```
pub const INT8: u8 = b'i';
/// `U`: uint8.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::UINT8, b'U');
/// assert_eq!(structio_bjdata::to_vec(&200u8).unwrap(), [header::UINT8, 200]);
/// ```
pub const UINT8: u8 = b'U';
/// `I`: int16.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::INT16, b'I');
/// assert_eq!(structio_bjdata::to_vec(&-2i16).unwrap(), [header::INT16, 0xfe, 0xff]);
/// ```
pub const INT16: u8 = b'I';
/// `u`: uint16 (BJData only).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::UINT16, b'u');
/// assert_eq!(structio_bjdata::to_vec(&258u16).unwrap(), [header::UINT16, 2, 1]);
/// assert!(header::bjdata_only(header::UINT16));
/// ```
pub const UINT16: u8 = b'u';
/// `l`: int32.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::INT32, b'l');
/// assert_eq!(structio_bjdata::to_vec(&1i32).unwrap(), [header::INT32, 1, 0, 0, 0]);
/// ```
pub const INT32: u8 = b'l';
/// `m`: uint32 (BJData only).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::UINT32, b'm');
/// assert_eq!(structio_bjdata::to_vec(&1u32).unwrap(), [header::UINT32, 1, 0, 0, 0]);
/// assert!(header::bjdata_only(header::UINT32));
/// ```
pub const UINT32: u8 = b'm';
/// `L`: int64.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::INT64, b'L');
/// assert_eq!(structio_bjdata::to_vec(&1i64).unwrap(), [header::INT64, 1, 0, 0, 0, 0, 0, 0, 0]);
/// ```
pub const INT64: u8 = b'L';
/// `M`: uint64 (BJData only).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::UINT64, b'M');
/// assert_eq!(structio_bjdata::to_vec(&u64::MAX).unwrap()[0], header::UINT64);
/// assert!(header::bjdata_only(header::UINT64));
/// ```
pub const UINT64: u8 = b'M';
/// `h`: float16 (BJData only).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::FLOAT16, b'h');
/// let x: f32 = structio_bjdata::from_slice(&[header::FLOAT16, 0x00, 0x3c]).unwrap();
/// assert_eq!(x, 1.0);
/// ```
pub const FLOAT16: u8 = b'h';
/// `d`: float32.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::FLOAT32, b'd');
/// assert_eq!(structio_bjdata::to_vec(&1.5f32).unwrap(), [header::FLOAT32, 0, 0, 0xc0, 0x3f]);
/// ```
pub const FLOAT32: u8 = b'd';
/// `D`: float64.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::FLOAT64, b'D');
/// assert_eq!(structio_bjdata::to_vec(&1.5f64).unwrap()[0], header::FLOAT64);
/// ```
pub const FLOAT64: u8 = b'D';
/// `H`: high-precision number (a length, then JSON number text).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::HIGH_PRECISION, b'H');
/// assert_eq!(structio_bjdata::to_vec(&u128::MAX).unwrap()[0], header::HIGH_PRECISION);
/// ```
pub const HIGH_PRECISION: u8 = b'H';
/// `C`: a character, 0 to 127.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::CHAR, b'C');
/// assert_eq!(structio_bjdata::to_vec(&'a').unwrap(), [header::CHAR, b'a']);
/// ```
pub const CHAR: u8 = b'C';
/// `B`: a byte (BJData Draft 3).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::BYTE, b'B');
/// assert_eq!(structio_bjdata::from_slice::<u8>(&[header::BYTE, 7]).unwrap(), 7);
/// ```
pub const BYTE: u8 = b'B';
/// `S`: a string (a length, then UTF-8).
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::STRING, b'S');
/// assert_eq!(structio_bjdata::to_vec("hi").unwrap(), b"SU\x02hi");
/// ```
pub const STRING: u8 = b'S';
/// `E`: an extension (BJData Draft 4): type id, length, bytes.
///
/// ```
/// use structio_bjdata::{header, Extension};
/// assert_eq!(header::EXTENSION, b'E');
/// let e = Extension { id: 1, bytes: &[1, 0, 0, 0] };
/// assert_eq!(structio_bjdata::to_vec(&e).unwrap()[0], header::EXTENSION);
/// ```
pub const EXTENSION: u8 = b'E';
/// `[`: array start.
///
/// ```
/// use structio_bjdata::{header, to_vec_with, Mode};
/// assert_eq!(header::ARRAY_START, b'[');
/// assert_eq!(to_vec_with(&[true], Mode::Size).unwrap(), b"[T]");
/// ```
pub const ARRAY_START: u8 = b'[';
/// `]`: array end.
///
/// ```
/// use structio_bjdata::{header, to_vec_with, Mode};
/// assert_eq!(header::ARRAY_END, b']');
/// assert_eq!(to_vec_with(&[true], Mode::Size).unwrap().last(), Some(&header::ARRAY_END));
/// ```
pub const ARRAY_END: u8 = b']';
/// `{`: object start.
///
/// ```
/// use structio_bjdata::{header, to_vec_with, Mode};
/// use std::collections::BTreeMap;
/// assert_eq!(header::OBJECT_START, b'{');
/// let m = BTreeMap::from([("a", true)]);
/// assert_eq!(to_vec_with(&m, Mode::Size).unwrap(), b"{U\x01aT}");
/// ```
pub const OBJECT_START: u8 = b'{';
/// `}`: object end.
///
/// ```
/// use structio_bjdata::{header, to_vec_with, Mode};
/// use std::collections::BTreeMap;
/// assert_eq!(header::OBJECT_END, b'}');
/// let m = BTreeMap::from([("a", true)]);
/// assert_eq!(to_vec_with(&m, Mode::Size).unwrap().last(), Some(&header::OBJECT_END));
/// ```
pub const OBJECT_END: u8 = b'}';
/// `$`: the element type of an optimized container.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::TYPE, b'$');
/// // `[`, `$` and the element type, `#` and the count, then the elements.
/// assert_eq!(structio_bjdata::to_vec(&[1u8, 2]).unwrap(), b"[$U#U\x02\x01\x02");
/// ```
pub const TYPE: u8 = b'$';
/// `#`: the count of an optimized container.
///
/// ```
/// use structio_bjdata::header;
/// assert_eq!(header::COUNT, b'#');
/// let v: Vec<u8> = structio_bjdata::from_slice(b"[#U\x02U\x01U\x02").unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
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
