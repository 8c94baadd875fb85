//! The read trait of a counted-items format (BJData, CBOR) and its generic sequence reader,
//! written once. Each format keeps its own trait, with its own name, method names and doc
//! example; the macros here write the methods and their defaults.

/// Declares a format's `DUPLICATE_KEY` error kind and its read trait: `read` (required), `into`, `missing_field`, `seq` (with
/// the default body given), `exact` and `array` (element by element through
/// [`__read_items_exact`](crate::__read_items_exact) and
/// [`__read_items_array`](crate::__read_items_array)). `Reader`, `Result` and `Seq` must be
/// in scope.
///
/// ```text
/// structio_core::__read_trait! {
///     krate: structio_cbor,
///     /// A type that can be read from a CBOR item.
///     pub trait CborRead {
///         read: read_cbor,
///         into: read_cbor_into,
///         seq: read_cbor_seq(|seq, r| { read_generic_seq(seq, r) }),
///         exact: read_cbor_exact,
///         array: read_cbor_array,
///     }
/// }
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __read_trait {
    (
        krate: $krate:ident,
        $(#[$attr:meta])*
        pub trait $trait_name:ident {
            read: $read:ident,
            into: $into:ident,
            seq: $seq:ident(|$s:ident, $sr:ident| $seq_body:block),
            exact: $exact:ident,
            array: $array:ident $(,)?
        }
    ) => {
        #[doc = concat!(
            "The kind of the error a reader that denies repeated keys\n",
            "([`Reader::deny_duplicate_keys`]) reports at the second key; the same kind as\n",
            "structio-json's and structio-beve's `DUPLICATE_KEY`.\n\n",
            "```\n",
            "assert_eq!(", stringify!($krate), "::DUPLICATE_KEY.to_string(), \"duplicate key\");\n",
            "```"
        )]
        pub const DUPLICATE_KEY: crate::ErrorKind = crate::ErrorKind::Custom("duplicate key");

        $(#[$attr])*
        pub trait $trait_name<'de>: Sized {
            #[doc = concat!(
                "Reads a value of `Self`.\n\n",
                "```\n",
                "# #[cfg(feature = \"alloc\")] {\n",
                "use ", stringify!($krate), "::{", stringify!($trait_name), ", Reader};\n",
                "let bytes = ", stringify!($krate), "::to_vec(&300u16)?;\n",
                "assert_eq!(u16::", stringify!($read), "(&mut Reader::new(&bytes))?, 300);\n",
                "# }\n",
                "# Ok::<(), ", stringify!($krate), "::Error>(())\n",
                "```"
            )]
            fn $read(r: &mut Reader<'de>) -> Result<Self>;

            #[doc = concat!(
                "Reads into an existing value, reusing what it owns (strings and vectors\n",
                "refilled).\n\n",
                "After an error, `self` must still be a valid value (safe to use, drop and read\n",
                "into again) but its contents are unspecified: a mix of the old and the new that\n",
                "callers must not take as a result.\n\n",
                "```\n",
                "# #[cfg(feature = \"alloc\")] {\n",
                "use ", stringify!($krate), "::{", stringify!($trait_name), ", Reader};\n",
                "let bytes = ", stringify!($krate), "::to_vec(\"new\")?;\n",
                "let mut s = String::with_capacity(64);\n",
                "s.", stringify!($into), "(&mut Reader::new(&bytes))?;\n",
                "assert_eq!((s.as_str(), s.capacity()), (\"new\", 64));\n",
                "# }\n",
                "# Ok::<(), ", stringify!($krate), "::Error>(())\n",
                "```"
            )]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                *self = Self::$read(r)?;
                Ok(())
            }

            #[doc = concat!(
                "The value a struct field of this type takes when its key is absent: `Some(None)`\n",
                "for `Option<T>`, `None` (the key is required) for everything else.\n\n",
                "```\n",
                "use ", stringify!($krate), "::", stringify!($trait_name), ";\n",
                "assert_eq!(Option::<u8>::missing_field(), Some(None));\n",
                "assert_eq!(u8::missing_field(), None);\n",
                "```"
            )]
            fn missing_field() -> Option<Self> {
                None
            }

            #[doc = concat!(
                "Replaces the contents of `seq` with a sequence of `Self` read from `r`.\n\n",
                "```\n",
                "# #[cfg(feature = \"alloc\")] {\n",
                "use ", stringify!($krate), "::{", stringify!($trait_name), ", Reader};\n",
                "let bytes = ", stringify!($krate), "::to_vec(&[1u32, 2, 3])?;\n",
                "let mut v = vec![7u32; 5];\n",
                "u32::", stringify!($seq), "(&mut v, &mut Reader::new(&bytes))?;\n",
                "assert_eq!(v, [1, 2, 3]);\n",
                "# }\n",
                "# Ok::<(), ", stringify!($krate), "::Error>(())\n",
                "```"
            )]
            fn $seq<S: Seq<Self>>($s: &mut S, $sr: &mut Reader<'de>) -> Result<()> $seq_body

            #[doc = concat!(
                "Reads exactly `dst.len()` elements into `dst`, reusing what they own.\n\n",
                "```\n",
                "# #[cfg(feature = \"alloc\")] {\n",
                "use ", stringify!($krate), "::{", stringify!($trait_name), ", ErrorKind, Reader};\n",
                "let bytes = ", stringify!($krate), "::to_vec(&[true, false])?;\n",
                "let mut dst = [false; 2];\n",
                "bool::", stringify!($exact), "(&mut dst, &mut Reader::new(&bytes))?;\n",
                "assert_eq!(dst, [true, false]);\n",
                "let e = bool::", stringify!($exact), "(&mut [false; 3], &mut Reader::new(&bytes));\n",
                "assert_eq!(e.unwrap_err().kind(), ErrorKind::TooFewElements);\n",
                "# }\n",
                "# Ok::<(), ", stringify!($krate), "::Error>(())\n",
                "```"
            )]
            fn $exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
                $crate::__read_items_exact!(dst, r, $into)
            }

            #[doc = concat!(
                "Reads a fixed array of exactly `N` elements.\n\n",
                "```\n",
                "# #[cfg(feature = \"alloc\")] {\n",
                "use ", stringify!($krate), "::{", stringify!($trait_name), ", Reader};\n",
                "let bytes = ", stringify!($krate), "::to_vec(&[-1i16, 2, 3])?;\n",
                "let a = i16::", stringify!($array), "::<3>(&mut Reader::new(&bytes))?;\n",
                "assert_eq!(a, [-1, 2, 3]);\n",
                "# }\n",
                "# Ok::<(), ", stringify!($krate), "::Error>(())\n",
                "```"
            )]
            fn $array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
                $crate::__read_items_array!(r, $read)
            }
        }
    };
}

/// The body of a counted-items format's generic sequence reader: the children of the begun
/// array `items` into `seq`, element by element, reusing the elements it has
/// ([`ErrorKind::TooManyElements`](crate::ErrorKind::TooManyElements) at the array's offset
/// if a fixed capacity is too small). The reader needs `next(&mut items)` and `error_at`, the
/// items `offset` and `len`.
///
/// ```text
/// fn read_generic_seq<'de, T: CborRead<'de>, S: Seq<T>>(seq: &mut S, r: &mut Reader<'de>)
///     -> Result<()>
/// {
///     let mut items = r.begin_array()?;
///     structio_core::__read_generic_seq!(seq, r, items, T, read_cbor_into, read_cbor)
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __read_generic_seq {
    ($seq:ident, $r:ident, $items:ident, $elem:ty, $into:ident, $read:ident) => {{
        let at = $items.offset();
        if let Some(n) = $items.len() {
            if !$seq.seq_expect(n, $r.reserve_budget::<$elem>(n)) {
                return Err($r.error_at(at, $crate::ErrorKind::TooManyElements));
            }
        }
        let mut i = 0;
        let held = $seq.seq_len();
        while $r.next(&mut $items)? {
            if i < held {
                if let Some(x) = $seq.seq_as_mut_slice().get_mut(i) {
                    x.$into($r)?;
                }
            } else {
                let v = <$elem>::$read($r)?;
                if !$seq.seq_push(v) {
                    return Err($r.error_at(at, $crate::ErrorKind::TooManyElements));
                }
            }
            i += 1;
        }
        $seq.seq_truncate(i);
        Ok(())
    }};
}
