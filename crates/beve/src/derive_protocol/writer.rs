//! The writing half of the derive protocol, over the BEVE [`Writer`]'s own methods.

use crate::{Result, Sink, Writer};

structio_core::__derive_write_protocol! {
    krate: structio_beve,
    needs_count: "BEVE writes it in the object's header.",
    open_object: "An object with string keys (`0x03`) of `members` members.", [0x03, 0x00],
        |w, members| w.begin_object(members),
    member: "(BEVE has no separator, so `first` does not matter).", [0x04, b'a'],
    close_object: "The end of an object: nothing (the count said where it ends).",
        |_w, _empty| Ok(()),
    open_array: "A generic array (`0x05`) of `len` elements.", [0x05, 0x04, 0x00],
    close_array: "The end of an array: nothing.", |_w, _empty| Ok(()),
    member_str: |w, key| w.key(key.as_bytes()),
    close_empty: true,
}
