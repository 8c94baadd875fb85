//! Header bytes of BEVE Version 2 (spec §2, §14) and the arithmetic that composes them.
//!
//! ```
//! use structio_beve::header;
//! assert_eq!(header::number(header::CLASS_SIGNED, 2), 0x49); // i32
//! assert_eq!(header::typed_array(header::CLASS_FLOAT, 3), 0x64); // [f64]
//! ```

/// `null`.
///
/// ```
/// assert_eq!(structio_beve::to_vec(&None::<u8>).unwrap(), [structio_beve::header::NULL]);
/// ```
pub const NULL: u8 = 0x00;
/// `false`.
///
/// ```
/// assert_eq!(structio_beve::to_vec(&false).unwrap(), [structio_beve::header::FALSE]);
/// ```
pub const FALSE: u8 = 0x08;
/// `true`.
///
/// ```
/// assert_eq!(structio_beve::to_vec(&true).unwrap(), [structio_beve::header::TRUE]);
/// ```
pub const TRUE: u8 = 0x18;
/// A string value: `0x02 | SIZE | bytes`.
///
/// ```
/// use structio_beve::header::STRING;
/// assert_eq!(structio_beve::to_vec("hi").unwrap(), [STRING, 0x08, b'h', b'i']);
/// ```
pub const STRING: u8 = 0x02;
/// An object with string keys.
///
/// ```
/// let m = std::collections::BTreeMap::from([("a", 1u8)]);
/// assert_eq!(structio_beve::to_vec(&m).unwrap()[0], structio_beve::header::OBJECT);
/// ```
pub const OBJECT: u8 = 0x03;
/// A generic array: every element with its own header.
///
/// ```
/// let doc = structio_beve::to_vec(&(1u8, "x")).unwrap();
/// assert_eq!(doc[0], structio_beve::header::GENERIC_ARRAY);
/// ```
pub const GENERIC_ARRAY: u8 = 0x05;
/// A bit-packed boolean array.
///
/// ```
/// let doc = structio_beve::to_vec(&vec![true, false, true]).unwrap();
/// assert_eq!(doc, [structio_beve::header::BOOL_ARRAY, 0x0c, 0b101]);
/// ```
pub const BOOL_ARRAY: u8 = 0x1c;
/// A string array: `SIZE | bytes` per element, no headers.
///
/// ```
/// use structio_beve::header::STRING_ARRAY;
/// assert_eq!(structio_beve::to_vec(&["a", "b"]).unwrap(), [STRING_ARRAY, 0x08, 0x04, b'a', 0x04, b'b']);
/// ```
pub const STRING_ARRAY: u8 = 0x3c;
/// An aligned numeric array (Version 2): `0x5c | typed header | SIZE | PAD_LEN | pad | data`.
///
/// ```
/// let doc = structio_beve::to_beve_aligned(&vec![1.0f64]).unwrap();
/// assert_eq!(doc[..2], [structio_beve::header::ALIGNED_ARRAY, 0x64]);
/// ```
pub const ALIGNED_ARRAY: u8 = 0x5c;
/// The data delimiter between root values of a stream.
///
/// ```
/// use structio_beve::header::{DELIMITER, FALSE, TRUE};
/// let docs = structio_beve::documents::<bool>(&[TRUE, DELIMITER, FALSE]);
/// assert_eq!(docs.collect::<Result<Vec<_>, _>>().unwrap(), [true, false]);
/// ```
pub const DELIMITER: u8 = 0x06;
/// The Version 1 type tag (deprecated in Version 2; read, never written).
///
/// ```
/// use structio_beve::header::{NULL, TYPE_TAG};
/// let mut r = structio_beve::Reader::new(&[TYPE_TAG, 0x04, NULL]);
/// assert_eq!(r.type_tag().unwrap(), Some(1));
/// ```
pub const TYPE_TAG: u8 = 0x0e;
/// The matrix extension.
///
/// ```
/// use structio_beve::{header, Layout, Matrix};
/// let m = Matrix { layout: Layout::RowMajor, extents: vec![1], data: vec![1u8] };
/// assert_eq!(structio_beve::to_vec(&m).unwrap()[0], header::MATRIX);
/// ```
pub const MATRIX: u8 = 0x16;
/// The complex-number extension.
///
/// ```
/// let doc = structio_beve::to_vec(&structio_beve::Complex { re: 1.0f64, im: 0.0 }).unwrap();
/// assert_eq!(doc[0], structio_beve::header::COMPLEX);
/// ```
pub const COMPLEX: u8 = 0x1e;

/// Numeric class: IEEE float (or bfloat16).
///
/// ```
/// use structio_beve::header::{number, CLASS_FLOAT};
/// assert_eq!(structio_beve::to_vec(&1.0f32).unwrap()[0], number(CLASS_FLOAT, 2));
/// ```
pub const CLASS_FLOAT: u8 = 0;
/// Numeric class: signed integer.
///
/// ```
/// use structio_beve::header::{number, CLASS_SIGNED};
/// assert_eq!(structio_beve::to_vec(&-1i8).unwrap(), [number(CLASS_SIGNED, 0), 0xff]);
/// ```
pub const CLASS_SIGNED: u8 = 1;
/// Numeric class: unsigned integer.
///
/// ```
/// use structio_beve::header::{number, CLASS_UNSIGNED};
/// assert_eq!(structio_beve::to_vec(&7u16).unwrap(), [number(CLASS_UNSIGNED, 1), 7, 0]);
/// ```
pub const CLASS_UNSIGNED: u8 = 2;

/// The header of a single number of `class` whose width is `2^code` bytes (bfloat16: float, 0).
///
/// ```
/// assert_eq!(structio_beve::header::number(2, 0), 0x11); // u8
/// ```
pub const fn number(class: u8, code: u8) -> u8 {
    1 | class << 3 | code << 5
}

/// The header of a typed numeric array of `class` and width code `code`.
///
/// ```
/// assert_eq!(structio_beve::header::typed_array(1, 1), 0x2c); // [i16]
/// ```
pub const fn typed_array(class: u8, code: u8) -> u8 {
    4 | class << 3 | code << 5
}

/// The header of an object whose keys are integers of `class` and width code `code`.
///
/// ```
/// assert_eq!(structio_beve::header::int_key_object(2, 2), 0x53); // u32 keys
/// ```
pub const fn int_key_object(class: u8, code: u8) -> u8 {
    3 | class << 3 | code << 5
}

/// The wire width in bytes of a number, typed-array element or integer key with this header's
/// class and width bits, or `None` if the combination is not defined (class 3, a float wider
/// than 16 bytes, an integer wider than 16 bytes).
///
/// ```
/// use structio_beve::header::width;
/// assert_eq!(width(0x61), Some(8));
/// assert_eq!(width(0x01), Some(2)); // bfloat16
/// assert_eq!(width(0xa1), None);
/// ```
pub const fn width(header: u8) -> Option<usize> {
    let class = (header >> 3) & 3;
    let code = header >> 5;
    if class == 3 || code > 4 {
        None
    } else if class == CLASS_FLOAT && code == 0 {
        Some(2)
    } else {
        Some(1 << code)
    }
}
