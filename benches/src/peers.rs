//! The Rust peers, each used the way its documentation recommends for the fastest typed path:
//! through serde into the same structs, reading into an existing value where the library allows
//! it (`deserialize_in_place`, which refills the vectors and strings the value already owns) and
//! writing into a reused buffer.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::ser::PrettyFormatter;

pub use crate::harness::PeerResult;

/// Reads `input` into `place` with serde_json.
pub fn serde_json_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
    let mut de = serde_json::Deserializer::from_slice(input);
    T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())
}

/// Reads `input` into `place` with sonic-rs.
pub fn sonic_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
    let mut de = sonic_rs::Deserializer::from_slice(input);
    T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())
}

/// simd-json's reusable state: the mutable copy of the input it parses in place, and its buffers.
#[derive(Default)]
pub struct SimdState {
    buf: Vec<u8>,
    buffers: simd_json::Buffers,
}

/// Reads `input` into `place` with simd-json. The time includes copying the input into the
/// mutable buffer simd-json needs, since a caller holding `&[u8]` has to pay for it.
pub fn simd_read<T: DeserializeOwned>(
    input: &[u8],
    state: &mut SimdState,
    place: &mut T,
) -> PeerResult {
    state.buf.clear();
    state.buf.extend_from_slice(input);
    let mut de =
        simd_json::Deserializer::from_slice_with_buffers(&mut state.buf, &mut state.buffers)
            .map_err(|e| e.to_string())?;
    T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())
}

/// Writes `value` as compact JSON with serde_json.
pub fn serde_json_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    serde_json::to_writer(out, value).map_err(|e| e.to_string())
}

/// Writes `value` as compact JSON with sonic-rs.
pub fn sonic_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    sonic_rs::to_writer(out, value).map_err(|e| e.to_string())
}

/// Writes `value` as compact JSON with simd-json.
pub fn simd_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    simd_json::to_writer(out, value).map_err(|e| e.to_string())
}

/// Glaze's indent, so every prettifier does the same amount of output.
const INDENT: &[u8] = b"   ";

/// Prettifies JSON text with serde_json through `serde_transcode` (no typed detour).
pub fn serde_json_prettify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
    let mut de = serde_json::Deserializer::from_slice(input);
    let mut ser = serde_json::Serializer::with_formatter(out, PrettyFormatter::with_indent(INDENT));
    serde_transcode::transcode(&mut de, &mut ser).map_err(|e| e.to_string())
}

/// Minifies JSON text with serde_json through `serde_transcode`.
pub fn serde_json_minify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
    let mut de = serde_json::Deserializer::from_slice(input);
    let mut ser = serde_json::Serializer::new(out);
    serde_transcode::transcode(&mut de, &mut ser).map_err(|e| e.to_string())
}

/// Prettifies JSON text with sonic-rs's parser feeding serde_json's pretty serializer (sonic-rs
/// has no text-to-text prettifier of its own).
pub fn sonic_prettify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
    let mut de = sonic_rs::Deserializer::from_slice(input);
    let mut ser = serde_json::Serializer::with_formatter(out, PrettyFormatter::with_indent(INDENT));
    serde_transcode::transcode(&mut de, &mut ser).map_err(|e| e.to_string())
}

/// Minifies JSON text with sonic-rs's parser feeding serde_json's compact serializer.
pub fn sonic_minify(input: &[u8], out: &mut Vec<u8>) -> PeerResult {
    let mut de = sonic_rs::Deserializer::from_slice(input);
    let mut ser = serde_json::Serializer::new(out);
    serde_transcode::transcode(&mut de, &mut ser).map_err(|e| e.to_string())
}

/// Encodes `value` with bincode 1 (a binary peer for the BEVE table, not the same format).
pub fn bincode_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    use bincode::Options;
    bincode_options()
        .serialize_into(out, value)
        .map_err(|e| e.to_string())
}

/// bincode 1's classic configuration (fixed-width integers), the one `bincode::serialize` uses.
fn bincode_options() -> impl bincode::Options {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
}

/// Decodes bincode into `place`, reusing its buffers.
pub fn bincode_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
    let mut de = bincode::Deserializer::from_slice(input, bincode_options());
    T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())
}

/// Encodes `value` with postcard (varint integers; another binary peer).
pub fn postcard_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    let bytes = postcard::to_extend(value, std::mem::take(out)).map_err(|e| e.to_string())?;
    *out = bytes;
    Ok(())
}

/// Decodes postcard into `place`, reusing its buffers.
pub fn postcard_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
    let mut de = postcard::Deserializer::from_bytes(input);
    T::deserialize_in_place(&mut de, place).map_err(|e| e.to_string())
}

/// Reads `input` through serde_json into a fresh `T`: the referee for the peers' outputs.
pub fn referee<'a, T: Deserialize<'a>>(input: &'a [u8]) -> PeerResult<T> {
    serde_json::from_slice(input).map_err(|e| e.to_string())
}

/// Encodes `value` as CBOR with ciborium (through serde, the same structs as the JSON peers).
pub fn ciborium_write<T: Serialize>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    ciborium::into_writer(value, out).map_err(|e| e.to_string())
}

/// Decodes CBOR with ciborium. ciborium has no in-place read, so this builds a new value and
/// moves it into `place`, as its users do.
pub fn ciborium_read<T: DeserializeOwned>(input: &[u8], place: &mut T) -> PeerResult {
    *place = ciborium::from_reader(input).map_err(|e| e.to_string())?;
    Ok(())
}

/// Encodes `value` as CBOR with minicbor's own derive (`#[n(i)]`: a struct is an array by index).
pub fn minicbor_write<T: minicbor::Encode<()>>(value: &T, out: &mut Vec<u8>) -> PeerResult {
    minicbor::encode(value, out).map_err(|e| e.to_string())
}

/// Decodes CBOR with minicbor's derive, which builds a new value (it has no in-place read).
pub fn minicbor_read<T: for<'b> minicbor::Decode<'b, ()>>(
    input: &[u8],
    place: &mut T,
) -> PeerResult {
    *place = minicbor::decode(input).map_err(|e| e.to_string())?;
    Ok(())
}
