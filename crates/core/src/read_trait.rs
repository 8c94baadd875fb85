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
            /// Reads a value of `Self`.
            fn $read(r: &mut Reader<'de>) -> Result<Self>;

            /// Reads into an existing value, reusing what it owns (strings and vectors
            /// refilled).
            ///
            /// After an error, `self` must still be a valid value (safe to use, drop and read
            /// into again) but its contents are unspecified: a mix of the old and the new that
            /// callers must not take as a result.
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                *self = Self::$read(r)?;
                Ok(())
            }

            /// The value a struct field of this type takes when its key is absent: `Some(None)`
            /// for `Option<T>`, `None` (the key is required) for everything else.
            fn missing_field() -> Option<Self> {
                None
            }

            /// Replaces the contents of `seq` with a sequence of `Self` read from `r`.
            fn $seq<S: Seq<Self>>($s: &mut S, $sr: &mut Reader<'de>) -> Result<()> $seq_body

            /// Reads exactly `dst.len()` elements into `dst`, reusing what they own.
            fn $exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
                $crate::__read_items_exact!(dst, r, $into)
            }

            /// Reads a fixed array of exactly `N` elements.
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
            if !$seq.seq_reserve($crate::cautious_reserve::<$elem>(n)) {
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
