//! The writing half of the derive protocol, over the BJData [`Writer`]'s own methods.

use crate::{Result, Sink, Writer};

structio_core::__derive_write_protocol! {
    krate: structio_bjdata,
    needs_count: "[`Mode::Speed`](crate::Mode::Speed) writes it (`{#n`).",
    open_object: "An object of `members` members (`{#n` in speed mode, `{` in size mode or \
        when empty).",
        b"{}",
        |w, members| w.begin_object(members),
    member: "(BJData has no separator).", b"U\x01a",
    close_object: "The end of an object (`}` in size mode or when empty, nothing when \
        counted).",
        |w, _empty| w.end_object(),
    open_array: "An array of `len` elements (`[#n` in speed mode, `[` in size mode).",
        b"[#U\x01Z",
    close_array: "The end of an array (`]` in size mode, nothing when counted).",
        |w, _empty| w.end_array(),
    member_str: |w, key| w.write_key(key),
    close_empty: false,
}
