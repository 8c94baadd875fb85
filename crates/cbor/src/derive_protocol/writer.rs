//! The writing half of the derive protocol, over the CBOR [`Writer`]'s own methods.

use crate::{Result, Sink, Writer};

structio_core::__derive_write_protocol! {
    krate: structio_cbor,
    needs_count: "CBOR writes it in the map's head (a definite length, as preferred \
        serialization wants).",
    open_object: "A map of `members` entries (definite length).", [0xa0],
        |w, members| w.begin_map(members),
    member: "(CBOR has no separator, so `first` does not matter).", [0x61, b'a'],
    close_object: "The end of a map: nothing (the count said where it ends).",
        |_w, _empty| Ok(()),
    open_array: "An array of `len` items (definite length).", [0x81, 0xf6],
    close_array: "The end of an array: nothing.", |_w, _empty| Ok(()),
    member_str: |w, key| w.write_str(key),
    close_empty: true,
}
