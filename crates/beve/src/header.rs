//! Header bytes of BEVE Version 2 (spec §2, §14) and the arithmetic that composes them.
//!
//! ```
//! use structio_beve::header;
//! assert_eq!(header::number(header::CLASS_SIGNED, 2), 0x49); // i32
//! assert_eq!(header::typed_array(header::CLASS_FLOAT, 3), 0x64); // [f64]
//! ```

/// `null`.
pub const NULL: u8 = 0x00;
/// `false`.
pub const FALSE: u8 = 0x08;
/// `true`.
pub const TRUE: u8 = 0x18;
/// A string value: `0x02 | SIZE | bytes`.
pub const STRING: u8 = 0x02;
/// An object with string keys.
pub const OBJECT: u8 = 0x03;
/// A generic array: every element with its own header.
pub const GENERIC_ARRAY: u8 = 0x05;
/// A bit-packed boolean array.
pub const BOOL_ARRAY: u8 = 0x1c;
/// A string array: `SIZE | bytes` per element, no headers.
pub const STRING_ARRAY: u8 = 0x3c;
/// An aligned numeric array (Version 2): `0x5c | typed header | SIZE | PAD_LEN | pad | data`.
pub const ALIGNED_ARRAY: u8 = 0x5c;
/// The data delimiter between root values of a stream.
pub const DELIMITER: u8 = 0x06;
/// The Version 1 type tag (deprecated in Version 2; read, never written).
pub const TYPE_TAG: u8 = 0x0e;
/// The matrix extension.
pub const MATRIX: u8 = 0x16;
/// The complex-number extension.
pub const COMPLEX: u8 = 0x1e;

/// Numeric class: IEEE float (or bfloat16).
pub const CLASS_FLOAT: u8 = 0;
/// Numeric class: signed integer.
pub const CLASS_SIGNED: u8 = 1;
/// Numeric class: unsigned integer.
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
