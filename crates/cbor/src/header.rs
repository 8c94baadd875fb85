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
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::UNSIGNED, 0x00);
/// assert_eq!(structio_cbor::to_vec(&10u8).unwrap(), [header::UNSIGNED | 10]);
/// ```
pub const UNSIGNED: u8 = 0x00;
/// Major type 1: a negative integer, `-1 - argument`.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::NEGATIVE, 0x20);
/// // -5 is -1 - 4.
/// assert_eq!(structio_cbor::to_vec(&-5i8).unwrap(), [header::NEGATIVE | 4]);
/// ```
pub const NEGATIVE: u8 = 0x20;
/// Major type 2: a byte string.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::BYTES, 0x40);
/// assert_eq!(structio_cbor::to_vec(&vec![7u8, 8]).unwrap(), [header::BYTES | 2, 7, 8]);
/// ```
pub const BYTES: u8 = 0x40;
/// Major type 3: a text string (UTF-8).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TEXT, 0x60);
/// assert_eq!(structio_cbor::to_vec("hi").unwrap(), [header::TEXT | 2, b'h', b'i']);
/// ```
pub const TEXT: u8 = 0x60;
/// Major type 4: an array.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::ARRAY, 0x80);
/// assert_eq!(structio_cbor::to_vec(&(true, ())).unwrap(), [header::ARRAY | 2, 0xf5, 0xf6]);
/// ```
pub const ARRAY: u8 = 0x80;
/// Major type 5: a map.
///
/// ```
/// use structio_cbor::header;
/// use std::collections::BTreeMap;
/// assert_eq!(header::MAP, 0xa0);
/// let m = BTreeMap::from([("a", 1u8)]);
/// assert_eq!(structio_cbor::to_vec(&m).unwrap(), [header::MAP | 1, 0x61, b'a', 1]);
/// ```
pub const MAP: u8 = 0xa0;
/// Major type 6: a tag, followed by the tagged item.
///
/// ```
/// use structio_cbor::{header, Tagged};
/// assert_eq!(header::TAG, 0xc0);
/// let t = Tagged { tag: 1, value: 0u8 };
/// assert_eq!(structio_cbor::to_vec(&t).unwrap(), [header::TAG | 1, 0]);
/// ```
pub const TAG: u8 = 0xc0;
/// Major type 7: simple values and floats.
///
/// ```
/// use structio_cbor::{header, Simple};
/// assert_eq!(header::SIMPLE, 0xe0);
/// assert_eq!(structio_cbor::to_vec(&Simple(16)).unwrap(), [header::SIMPLE | 16]);
/// ```
pub const SIMPLE: u8 = 0xe0;

/// `false` (simple value 20).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::FALSE, header::SIMPLE | 20);
/// assert_eq!(structio_cbor::to_vec(&false).unwrap(), [header::FALSE]);
/// ```
pub const FALSE: u8 = 0xf4;
/// `true` (simple value 21).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TRUE, header::SIMPLE | 21);
/// assert_eq!(structio_cbor::to_vec(&true).unwrap(), [header::TRUE]);
/// ```
pub const TRUE: u8 = 0xf5;
/// `null` (simple value 22).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::NULL, header::SIMPLE | 22);
/// assert_eq!(structio_cbor::to_vec(&None::<u8>).unwrap(), [header::NULL]);
/// ```
pub const NULL: u8 = 0xf6;
/// `undefined` (simple value 23).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::UNDEFINED, header::SIMPLE | 23);
/// // Read as `null`.
/// let v: Option<u8> = structio_cbor::from_slice(&[header::UNDEFINED]).unwrap();
/// assert_eq!(v, None);
/// ```
pub const UNDEFINED: u8 = 0xf7;
/// A simple value of 32 to 255 in the following byte.
///
/// ```
/// use structio_cbor::{header, Simple};
/// assert_eq!(header::SIMPLE_BYTE, header::SIMPLE | 24);
/// assert_eq!(structio_cbor::to_vec(&Simple(32)).unwrap(), [header::SIMPLE_BYTE, 32]);
/// ```
pub const SIMPLE_BYTE: u8 = 0xf8;
/// A half-precision float in the following two bytes.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::F16, header::SIMPLE | 25);
/// // 1.5 fits a half exactly, so it is written as one (preferred serialization).
/// assert_eq!(structio_cbor::to_vec(&1.5f64).unwrap(), [header::F16, 0x3e, 0x00]);
/// ```
pub const F16: u8 = 0xf9;
/// A single-precision float in the following four bytes.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::F32, header::SIMPLE | 26);
/// let doc = structio_cbor::to_vec(&0.1f32).unwrap();
/// assert_eq!(doc, [header::F32, 0x3d, 0xcc, 0xcc, 0xcd]);
/// ```
pub const F32: u8 = 0xfa;
/// A double-precision float in the following eight bytes.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::F64, header::SIMPLE | 27);
/// let doc = structio_cbor::to_vec(&0.1f64).unwrap();
/// assert_eq!((doc[0], doc.len()), (header::F64, 9));
/// ```
pub const F64: u8 = 0xfb;
/// The break that ends an indefinite-length item.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::BREAK, header::SIMPLE | 31);
/// let doc = [header::ARRAY | header::INDEFINITE, 1, 2, header::BREAK];
/// assert_eq!(structio_cbor::from_slice::<Vec<u32>>(&doc).unwrap(), [1, 2]);
/// ```
pub const BREAK: u8 = 0xff;

/// The additional information of an indefinite length.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::INDEFINITE, 31);
/// // A text string in two chunks, then the break.
/// let doc = [header::TEXT | header::INDEFINITE, 0x61, b'a', 0x61, b'b', header::BREAK];
/// assert_eq!(structio_cbor::from_slice::<String>(&doc).unwrap(), "ab");
/// ```
pub const INDEFINITE: u8 = 31;

/// Tag 2: an unsigned bignum (a byte string, big-endian magnitude).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TAG_POS_BIGNUM, 2);
/// // 2^64 needs more than 64 bits: tag 2 around its nine-byte magnitude.
/// let doc = structio_cbor::to_vec(&(1u128 << 64)).unwrap();
/// assert_eq!(doc, [header::TAG | 2, header::BYTES | 9, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
/// ```
pub const TAG_POS_BIGNUM: u64 = 2;
/// Tag 3: a negative bignum, `-1 - magnitude`.
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TAG_NEG_BIGNUM, 3);
/// // 3(h'01'): -1 - 1.
/// let doc = [header::TAG | 3, header::BYTES | 1, 1];
/// assert_eq!(structio_cbor::from_slice::<i64>(&doc).unwrap(), -2);
/// ```
pub const TAG_NEG_BIGNUM: u64 = 3;
/// Tag 24: embedded CBOR (a byte string holding one encoded item).
///
/// ```
/// use structio_cbor::{header, Embedded};
/// assert_eq!(header::TAG_EMBEDDED, 24);
/// let doc = structio_cbor::to_vec(&Embedded(true)).unwrap();
/// assert_eq!(doc, [header::TAG | 24, 24, header::BYTES | 1, header::TRUE]);
/// ```
pub const TAG_EMBEDDED: u64 = 24;
/// The first RFC 8746 typed-array tag (64, `uint8`).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TAG_TYPED_FIRST, 64);
/// let doc = [header::TAG | 24, 64, header::BYTES | 2, 1, 2]; // 64(h'0102')
/// assert_eq!(structio_cbor::from_slice::<Vec<u8>>(&doc).unwrap(), [1, 2]);
/// ```
pub const TAG_TYPED_FIRST: u64 = 64;
/// The last RFC 8746 typed-array tag (87, little-endian `float128`).
///
/// ```
/// use structio_cbor::header;
/// assert_eq!(header::TAG_TYPED_LAST, 87);
/// assert_eq!(header::typed_element(header::TAG_TYPED_LAST).unwrap().width, 16);
/// assert_eq!(header::typed_element(header::TAG_TYPED_LAST + 1), None);
/// ```
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
