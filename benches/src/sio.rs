//! structio's side of every table, one capability per Cargo feature of this crate (`sio-json`,
//! `sio-text`, `sio-beve`, `sio-cbor`,
//! `sio-bjdata`, `sio-value`, `sio-num`). A capability whose feature is off still gives
//! a cell, saying which issue it waits for, so the tables print on any day of the project.

/// The cell text for a capability that has not landed.
pub fn not_yet(issue: &str) -> String {
    format!("structio: not yet available (issue open: {issue})")
}

/// The issue that owns structio-json's typed reader and writer and `#[derive(Json)]`.
pub const ISSUE_JSON: &str = "structio-json typed read/write + derive";
/// The issue that owns structio-json's text module (prettify, minify, pointer).
pub const ISSUE_TEXT: &str = "structio-json text: prettify/minify/pointer";
/// The issue that owns structio-beve and `#[derive(Beve)]`.
pub const ISSUE_BEVE: &str = "structio-beve read/write + derive";
/// The issue that owns structio-cbor's `#[derive(Structio)]` support.
pub const ISSUE_CBOR: &str = "structio-cbor derive (`format = \"structio_cbor\"`)";
/// The issue that owns structio-bjdata's `#[derive(Structio)]` support.
pub const ISSUE_BJDATA: &str = "structio-bjdata derive (`format = \"structio_bjdata\"`)";
/// The issue that owns structio-value's `Value`.
pub const ISSUE_VALUE: &str = "structio-value Value";

/// Whether each capability is compiled in, for the report's header.
pub fn capabilities() -> [(&'static str, bool); 8] {
    [
        ("json", cfg!(feature = "sio-json")),
        ("text", cfg!(feature = "sio-text")),
        ("pointer", cfg!(feature = "sio-pointer")),
        ("beve", cfg!(feature = "sio-beve")),
        ("cbor", cfg!(feature = "sio-cbor")),
        ("bjdata", cfg!(feature = "sio-bjdata")),
        ("value", cfg!(feature = "sio-value")),
        ("num", cfg!(feature = "sio-num")),
    ]
}

/// structio-json typed reading and writing, when built.
#[cfg(feature = "sio-json")]
pub mod json {
    use crate::harness::PeerResult;

    /// What a document type needs for structio's JSON rows.
    pub trait Doc: for<'de> structio_json::JsonRead<'de> + structio_json::JsonWrite {}
    impl<T: for<'de> structio_json::JsonRead<'de> + structio_json::JsonWrite> Doc for T {}

    /// Reads `input` into `place`, reusing what it owns.
    #[inline]
    pub fn read<T: Doc>(input: &[u8], place: &mut T) -> PeerResult {
        structio_json::read_into(place, input).map_err(|e| e.to_string())
    }

    /// Reads a padded document into `place`, reusing what it owns.
    #[inline]
    pub fn read_padded<T: Doc>(input: &structio_json::PaddedBytes, place: &mut T) -> PeerResult {
        structio_json::read_into_padded(place, input).map_err(|e| e.to_string())
    }

    /// Writes `value` into `out` (cleared first), reusing its allocation.
    #[inline]
    pub fn write<T: Doc>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        out.clear();
        structio_json::write_into(value, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Placeholder bounds while structio-json's typed API is not built.
#[cfg(not(feature = "sio-json"))]
pub mod json {
    /// Every type qualifies until the capability lands.
    pub trait Doc {}
    impl<T> Doc for T {}
}

/// structio-beve reading and writing, when built.
#[cfg(feature = "sio-beve")]
pub mod beve {
    use crate::harness::PeerResult;

    /// What a document type needs for structio's BEVE rows.
    pub trait Doc: for<'de> structio_beve::BeveRead<'de> + structio_beve::BeveWrite {}
    impl<T: for<'de> structio_beve::BeveRead<'de> + structio_beve::BeveWrite> Doc for T {}

    /// Reads BEVE `input` into `place`, reusing what it owns.
    #[inline]
    pub fn read<T: Doc>(input: &[u8], place: &mut T) -> PeerResult {
        structio_beve::read_into(place, input).map_err(|e| e.to_string())
    }

    /// Writes `value` as BEVE into `out` (cleared first).
    #[inline]
    pub fn write<T: Doc>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        out.clear();
        structio_beve::write_into(value, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Placeholder bounds while structio-beve is not built.
#[cfg(not(feature = "sio-beve"))]
pub mod beve {
    /// Every type qualifies until the capability lands.
    pub trait Doc {}
    impl<T> Doc for T {}
}

/// structio-cbor reading and writing, when built.
#[cfg(feature = "sio-cbor")]
pub mod cbor {
    use crate::harness::PeerResult;

    /// What a document type needs for structio's CBOR rows.
    pub trait Doc: for<'de> structio_cbor::CborRead<'de> + structio_cbor::CborWrite {}
    impl<T: for<'de> structio_cbor::CborRead<'de> + structio_cbor::CborWrite> Doc for T {}

    /// Reads CBOR `input` into `place`, reusing what it owns.
    #[inline]
    pub fn read<T: Doc>(input: &[u8], place: &mut T) -> PeerResult {
        structio_cbor::read_into(place, input).map_err(|e| e.to_string())
    }

    /// Writes `value` as CBOR into `out` (cleared first).
    #[inline]
    pub fn write<T: Doc>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        structio_cbor::write_into(value, out).map_err(|e| e.to_string())
    }
}

/// Placeholder bounds while structio-cbor's derive is not built.
#[cfg(not(feature = "sio-cbor"))]
pub mod cbor {
    /// Every type qualifies until the capability lands.
    pub trait Doc {}
    impl<T> Doc for T {}
}

/// structio-bjdata reading and writing, when built.
#[cfg(feature = "sio-bjdata")]
pub mod bjdata {
    use crate::harness::PeerResult;
    use structio_bjdata::{BjdataWrite, Mode, Writer};

    /// What a document type needs for structio's BJData rows.
    pub trait Doc: for<'de> structio_bjdata::BjdataRead<'de> + BjdataWrite {}
    impl<T: for<'de> structio_bjdata::BjdataRead<'de> + BjdataWrite> Doc for T {}

    /// Reads BJData `input` into `place`, reusing what it owns.
    #[inline]
    pub fn read<T: Doc>(input: &[u8], place: &mut T) -> PeerResult {
        structio_bjdata::read_into(place, input).map_err(|e| e.to_string())
    }

    /// Writes `value` as BJData in speed mode into `out` (cleared first).
    #[inline]
    pub fn write<T: Doc>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        structio_bjdata::write_into(value, out).map_err(|e| e.to_string())
    }

    /// Writes `value` as BJData in size mode into `out` (cleared first).
    #[inline]
    pub fn write_size<T: Doc>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        out.clear();
        value
            .write_bjdata(&mut Writer::with_mode(&mut *out, Mode::Size))
            .map_err(|e| e.to_string())
    }
}

/// Placeholder bounds while structio-bjdata's derive is not built.
#[cfg(not(feature = "sio-bjdata"))]
pub mod bjdata {
    /// Every type qualifies until the capability lands.
    pub trait Doc {}
    impl<T> Doc for T {}
}

/// structio as a serde data format (`structio_json::serde`, `structio_beve::serde`): the same
/// `#[derive(Serialize, Deserialize)]` structs the serde peers read and write, driven the way
/// they are driven (`deserialize_in_place` into one value, a serializer over a reused `Vec`).
pub mod via_serde {
    use serde::de::DeserializeOwned;
    use serde::Serialize;

    use crate::harness::PeerResult;

    /// Reads JSON `input` into `place` through `structio_json::serde::Deserializer`.
    #[inline]
    pub fn json_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
        let mut de = structio_json::serde::Deserializer::from_slice(input);
        T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())?;
        de.end().map_err(|e| e.to_string())
    }

    /// Writes `value` as compact JSON through `structio_json::serde::Serializer` into `out`.
    #[inline]
    pub fn json_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        let mut ser = structio_json::serde::Serializer::new(&mut *out);
        value.serialize(&mut ser).map_err(|e| e.to_string())
    }

    /// Reads BEVE `input` into `place` through `structio_beve::serde::Deserializer`.
    #[inline]
    pub fn beve_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
        let mut de = structio_beve::serde::Deserializer::from_slice(input);
        T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())?;
        de.end().map_err(|e| e.to_string())
    }

    /// Writes `value` as BEVE through `structio_beve::serde::Serializer` into `out`.
    #[inline]
    pub fn beve_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
        let mut ser = structio_beve::serde::Serializer::new(&mut *out);
        value.serialize(&mut ser).map_err(|e| e.to_string())
    }
}

/// structio-json's text functions, when built.
#[cfg(feature = "sio-text")]
pub mod text {
    use crate::harness::PeerResult;

    /// Prettifies `input` into `out` with Glaze's three-space layout.
    #[inline]
    pub fn prettify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
        structio_json::prettify(input, out, &structio_json::PrettyOptions::GLAZE)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Prettifies `input` into `out` in Glaze's layout, copying strings without checking them,
    /// as Glaze's `prettify_json` does.
    #[inline]
    pub fn prettify_trusted(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
        structio_json::prettify_trusted(input, out, &structio_json::PrettyOptions::GLAZE)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Minifies `input` into `out`, checking every string's UTF-8 and escapes.
    #[inline]
    pub fn minify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
        structio_json::minify(input, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Minifies `input` into `out`, copying strings without checking them, as Glaze's
    /// `minify_json` does.
    #[inline]
    pub fn minify_trusted(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
        structio_json::minify_trusted(input, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// Compares structio-num's float writer with the generator's own Glaze layout on `values`,
/// returning the first disagreement (`None` when they all agree or the capability is off).
pub fn check_write_f64(values: &[f64]) -> Option<String> {
    #[cfg(feature = "sio-num")]
    for &v in values {
        let mut buf = [0u8; 32];
        let n = structio_num::write_f64(v, &mut buf);
        let mut want = Vec::new();
        crate::layout::write_f64_glaze(&mut want, v);
        if buf[..n] != want[..] {
            return Some(format!(
                "structio_num::write_f64({v:?}) wrote {:?}, Glaze's layout is {:?}",
                String::from_utf8_lossy(&buf[..n]),
                String::from_utf8_lossy(&want)
            ));
        }
    }
    let _ = values;
    None
}
