//! Initial bytes and tag numbers of CBOR (RFC 8949 §3, RFC 8746 §2).
//!
//! An initial byte is a major type in its top three bits and an additional information (AI) in
//! its low five: below 24 the argument itself, 24 to 27 an argument of 1, 2, 4 or 8 bytes
//! following, 28 to 30 reserved, 31 an indefinite length (or, in major type 7, the break).
//!
//! ```
//! use structio_cbor::header;
//! assert_eq!(header::ARRAY | 3, 0x83);
//! assert_eq!(header::major(0xa1), header::MAP);
//! assert_eq!(header::additional(0x19), 25);
//! ```

/// Major type 0: an unsigned integer.
pub const UNSIGNED: u8 = 0x00;
/// Major type 1: a negative integer, `-1 - argument`.
pub const NEGATIVE: u8 = 0x20;
/// Major type 2: a byte string.
pub const BYTES: u8 = 0x40;
/// Major type 3: a text string (UTF-8).
pub const TEXT: u8 = 0x60;
/// Major type 4: an array.
pub const ARRAY: u8 = 0x80;
/// Major type 5: a map.
pub const MAP: u8 = 0xa0;
/// Major type 6: a tag, followed by the tagged item.
pub const TAG: u8 = 0xc0;
/// Major type 7: simple values and floats.
pub const SIMPLE: u8 = 0xe0;

/// `false` (simple value 20).
pub const FALSE: u8 = 0xf4;
/// `true` (simple value 21).
pub const TRUE: u8 = 0xf5;
/// `null` (simple value 22).
pub const NULL: u8 = 0xf6;
/// `undefined` (simple value 23).
pub const UNDEFINED: u8 = 0xf7;
/// A simple value of 32 to 255 in the following byte.
pub const SIMPLE_BYTE: u8 = 0xf8;
/// A half-precision float in the following two bytes.
pub const F16: u8 = 0xf9;
/// A single-precision float in the following four bytes.
pub const F32: u8 = 0xfa;
/// A double-precision float in the following eight bytes.
pub const F64: u8 = 0xfb;
/// The break that ends an indefinite-length item.
pub const BREAK: u8 = 0xff;

/// The additional information of an indefinite length.
pub const INDEFINITE: u8 = 31;

/// Tag 2: an unsigned bignum (a byte string, big-endian magnitude).
pub const TAG_POS_BIGNUM: u64 = 2;
/// Tag 3: a negative bignum, `-1 - magnitude`.
pub const TAG_NEG_BIGNUM: u64 = 3;
/// Tag 24: embedded CBOR (a byte string holding one encoded item).
pub const TAG_EMBEDDED: u64 = 24;
/// The first RFC 8746 typed-array tag (64, `uint8`).
pub const TAG_TYPED_FIRST: u64 = 64;
/// The last RFC 8746 typed-array tag (87, little-endian `float128`).
pub const TAG_TYPED_LAST: u64 = 87;

/// The major type bits of an initial byte.
///
/// ```
/// assert_eq!(structio_cbor::header::major(0x7f), structio_cbor::header::TEXT);
/// ```
#[inline(always)]
pub const fn major(initial: u8) -> u8 {
    initial & 0xe0
}

/// The additional information of an initial byte.
///
/// ```
/// assert_eq!(structio_cbor::header::additional(0x9f), 31);
/// ```
#[inline(always)]
pub const fn additional(initial: u8) -> u8 {
    initial & 0x1f
}

/// The element of an RFC 8746 typed array: its width in bytes, whether it is a float, signed,
/// little-endian. `None` for tags outside 64..=87 and for the reserved tag 76.
///
/// ```
/// use structio_cbor::header::{typed_element, TypedElement};
/// assert_eq!(
///     typed_element(86),
///     Some(TypedElement { width: 8, float: true, signed: true, little_endian: true })
/// );
/// assert_eq!(typed_element(76), None);
/// ```
pub const fn typed_element(tag: u64) -> Option<TypedElement> {
    if tag < TAG_TYPED_FIRST || tag > TAG_TYPED_LAST || tag == 76 {
        return None;
    }
    let t = tag as u8;
    let float = t & 0x10 != 0;
    let little_endian = t & 0x04 != 0;
    let ll = t & 3;
    if float {
        Some(TypedElement {
            width: 2 << ll,
            float: true,
            signed: true,
            little_endian,
        })
    } else {
        Some(TypedElement {
            width: 1 << ll,
            float: false,
            signed: t & 0x08 != 0,
            // One-byte elements have no byte order; tag 68 is `uint8` clamped.
            little_endian: little_endian || ll == 0,
        })
    }
}

/// What an RFC 8746 typed-array tag says about its elements.
///
/// ```
/// let e = structio_cbor::header::typed_element(70).unwrap(); // uint32, little-endian
/// assert_eq!((e.width, e.float, e.signed), (4, false, false));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TypedElement {
    /// Bytes per element.
    pub width: usize,
    /// IEEE float (else integer).
    pub float: bool,
    /// Signed integer (always `true` for floats).
    pub signed: bool,
    /// Little-endian (one-byte elements count as both).
    pub little_endian: bool,
}
