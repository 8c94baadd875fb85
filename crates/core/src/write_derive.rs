//! The writing half of every binary format's derive protocol (docs/derive-contract.md),
//! written once.
//!
//! The generated code calls `structio_<format>::__derive::open_object`, `member`, and the rest
//! on the format's own `Writer`, so the functions must live in each format crate. They have
//! the same signatures and, but for how an object opens and closes, how an array closes and
//! how a run-time key is written, the same bodies; the format's `derive_protocol/writer.rs`
//! expands [`__derive_write_protocol`] with those parts and the bytes its doc examples expect.

/// Expands, in a format's `derive_protocol` writer module, to `NEEDS_COUNT` (always `true`:
/// every binary format writes the count) and the functions `open_object`, `member`,
/// `close_object`, `open_array`, `element`, `close_array` and `member_str`.
///
/// The module must have the format's `Result`, `Sink` and `Writer` in scope, and its parent
/// the `encode_key` and `key_len` of the protocol. Arguments: the crate's name (for the doc
/// examples); why the count is needed; for each function that differs, a doc line, the bytes
/// its example writes (where it writes any) and its body as a closure over the names its
/// parameters take; `close_empty`, the `empty` argument the close examples pass.
///
/// ```text
/// structio_core::__derive_write_protocol! {
///     krate: structio_cbor,
///     needs_count: "CBOR writes it in the map's head.",
///     open_object: "A map of `members` entries (definite length).", [0xa0],
///         |w, members| w.begin_map(members),
///     member: "(CBOR has no separator, so `first` does not matter).", [0x61, b'a'],
///     close_object: "The end of a map: nothing (the count said where it ends).",
///         |_w, _empty| Ok(()),
///     open_array: "An array of `len` items (definite length).", [0x81, 0xf6],
///     close_array: "The end of an array: nothing.", |_w, _empty| Ok(()),
///     member_str: |w, key| w.write_str(key),
///     close_empty: true,
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_write_protocol {
    (
        krate: $krate:ident,
        needs_count: $needs_count_doc:literal,
        open_object: $open_object_doc:literal, $open_object_out:expr,
            |$oo_w:ident, $oo_members:ident| $open_object:expr,
        member: $member_doc:literal, $member_out:expr,
        close_object: $close_object_doc:literal,
            |$co_w:ident, $co_empty:ident| $close_object:expr,
        open_array: $open_array_doc:literal, $open_array_out:expr,
        close_array: $close_array_doc:literal,
            |$ca_w:ident, $ca_empty:ident| $close_array:expr,
        member_str: |$ms_w:ident, $ms_key:ident| $member_str:expr,
        close_empty: $close_empty:literal $(,)?
    ) => {
        #[doc = concat!("Whether [`open_object`] uses its member count: ", $needs_count_doc)]
        ///
        /// ```
        #[doc = concat!("assert!(", stringify!($krate), "::__derive::NEEDS_COUNT);")]
        /// ```
        pub const NEEDS_COUNT: bool = true;

        #[doc = $open_object_doc]
        ///
        /// ```
        #[doc = concat!("use ", stringify!($krate), "::__derive as p;")]
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        /// p::open_object(&mut w, 0).unwrap();
        /// p::close_object(&mut w, true).unwrap();
        #[doc = concat!("assert_eq!(w.into_inner(), ", stringify!($open_object_out), ");")]
        /// ```
        #[inline(always)]
        pub fn open_object<S: Sink>($oo_w: &mut Writer<S>, $oo_members: usize) -> Result<()> {
            $open_object
        }

        #[doc = concat!(
                    "A member's key, as [`encode_key`](super::encode_key) made it ",
                    $member_doc
                )]
        ///
        /// ```
        #[doc = concat!("use ", stringify!($krate), "::__derive as p;")]
        /// const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        /// p::member(&mut w, false, &K).unwrap();
        #[doc = concat!("assert_eq!(w.into_inner(), ", stringify!($member_out), ");")]
        /// ```
        #[inline(always)]
        pub fn member<S: Sink>(w: &mut Writer<S>, _first: bool, key: &'static [u8]) -> Result<()> {
            w.raw(key)
        }

        #[doc = $close_object_doc]
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        #[doc = concat!(
                    stringify!($krate), "::__derive::close_object(&mut w, ",
                    stringify!($close_empty), ").unwrap();"
                )]
        /// assert!(w.into_inner().is_empty());
        /// ```
        #[inline(always)]
        pub fn close_object<S: Sink>($co_w: &mut Writer<S>, $co_empty: bool) -> Result<()> {
            $close_object
        }

        #[doc = $open_array_doc]
        ///
        /// ```
        #[doc = concat!("use ", stringify!($krate), "::__derive as p;")]
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        /// p::open_array(&mut w, 1).unwrap();
        /// p::element(&mut w, true).unwrap();
        /// w.write_null().unwrap();
        /// p::close_array(&mut w, false).unwrap();
        #[doc = concat!("assert_eq!(w.into_inner(), ", stringify!($open_array_out), ");")]
        /// ```
        #[inline(always)]
        pub fn open_array<S: Sink>(w: &mut Writer<S>, len: usize) -> Result<()> {
            w.begin_array(len)
        }

        /// Before an element: nothing.
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        #[doc = concat!(stringify!($krate), "::__derive::element(&mut w, false).unwrap();")]
        /// assert!(w.into_inner().is_empty());
        /// ```
        #[inline(always)]
        pub fn element<S: Sink>(_w: &mut Writer<S>, _first: bool) -> Result<()> {
            Ok(())
        }

        #[doc = $close_array_doc]
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        #[doc = concat!(
                    stringify!($krate), "::__derive::close_array(&mut w, ",
                    stringify!($close_empty), ").unwrap();"
                )]
        /// assert!(w.into_inner().is_empty());
        /// ```
        #[inline(always)]
        pub fn close_array<S: Sink>($ca_w: &mut Writer<S>, $ca_empty: bool) -> Result<()> {
            $close_array
        }

        /// A member's key known only at run time (a map flattened into a struct), after a
        /// separator unless `first`: what [`member`] writes for a key encoded at compile time.
        ///
        /// ```
        #[doc = concat!("use ", stringify!($krate), "::__derive as p;")]
        /// const K: [u8; p::key_len(b"id")] = p::encode_key(b"id");
        #[doc = concat!(
                    "let (mut a, mut b) = (", stringify!($krate), "::Writer::new(Vec::new()), ",
                    stringify!($krate), "::Writer::new(Vec::new()));"
                )]
        /// p::member(&mut a, false, &K)?;
        /// p::member_str(&mut b, false, "id")?;
        /// assert_eq!(a.into_inner(), b.into_inner());
        #[doc = concat!("# Ok::<(), ", stringify!($krate), "::Error>(())")]
        /// ```
        #[inline]
        pub fn member_str<S: Sink>(
            $ms_w: &mut Writer<S>,
            _first: bool,
            $ms_key: &str,
        ) -> Result<()> {
            $member_str
        }
    };
}
