//! The read impls for std types that the counted-items formats (BJData, CBOR) spell the same
//! but for the names of their trait and methods: numbers and their borrowed slices, fixed
//! arrays, tuples, and the `alloc` containers. Each format expands these macros in its own
//! `read` module, so the impls, their inline attributes and the code they compile to are as
//! if written there.

/// Expands, in a counted-items format's `read` module, to its read impls of the numbers
/// (`u8` to `u128`, `i8` to `i128`, `f32`, `f64`; the sequence methods through the format's
/// `read_seq` and `read_exact`), of `&[T]` for each number but the 128-bit ones (through
/// `borrow_slice`; [`ErrorKind::Misaligned`](crate::ErrorKind::Misaligned), or
/// [`ErrorKind::ByteOrder`](crate::ErrorKind::ByteOrder) on a big-endian target, at the
/// payload when it cannot be viewed in place), of `[T; N]` and of the tuples of 1 to 12
/// elements (arrays of exactly that many). Arguments: the trait and its method names, the doc
/// of the slice impls' read and of the tuple impls' read. The module must have `Reader`,
/// `Result`, `ErrorKind`, `Seq`, `read_seq`, `read_exact` and `borrow_slice` in scope, and the
/// crate a `Number` trait with a `ZERO`.
///
/// ```text
/// structio_core::__read_impls_counted! {
///     trait: CborRead { read_cbor, read_cbor_into, read_cbor_seq, read_cbor_exact, read_cbor_array },
///     slice_doc: { /// Borrows the elements of a little-endian typed array ... },
///     tuple_doc: { /// An array of exactly this many items. },
/// }
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __read_impls_counted {
    (
        trait: $tr:ident { $read:ident, $into:ident, $seq:ident, $exact:ident, $array:ident $(,)? },
        slice_doc: $slice_doc:tt,
        tuple_doc: $tuple_doc:tt $(,)?
    ) => {
        $crate::__read_impls_counted!(@int [$tr, $read] u128);
        $crate::__read_impls_counted!(@int [$tr, $read] i128);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc u8, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc u16, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc u32, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc u64, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc usize, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc i8, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc i16, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc i32, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc i64, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc isize, read_int);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc f32, read_f32);
        $crate::__read_impls_counted!(@num [$tr, $read, $seq, $exact, $array] $slice_doc f64, read_f64);

        impl<'de, T: $tr<'de>, const N: usize> $tr<'de> for [T; N] {
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                T::$array(r)
            }
            #[inline]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                T::$exact(self, r)
            }
        }

        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G H);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G H I);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G H I J);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G H I J K);
        $crate::__read_impls_counted!(@tuple [$tr, $read, $into] $tuple_doc A B C D E F G H I J K L);
    };
    (@int [$tr:ident, $read:ident] $t:ty) => {
        impl<'de> $tr<'de> for $t {
            #[inline(always)]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                r.read_int::<$t>()
            }
        }
    };
    (
        @num [$tr:ident, $read:ident, $seq:ident, $exact:ident, $array:ident]
        { $(#[$slice_doc:meta])* } $t:ty, $read_one:ident
    ) => {
        impl<'de> $tr<'de> for $t {
            #[inline(always)]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                r.$read_one()
            }
            #[inline]
            fn $seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
                read_seq::<$t, S>(seq, r)
            }
            #[inline]
            fn $exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
                read_exact(dst, r)
            }
            #[inline]
            fn $array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
                let mut out = [<$t as crate::Number>::ZERO; N];
                read_exact(&mut out, r)?;
                Ok(out)
            }
        }

        impl<'de: 'a, 'a> $tr<'de> for &'a [$t] {
            $(#[$slice_doc])*
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                match borrow_slice::<$t>(r)? {
                    Ok(s) => Ok(s),
                    Err(bytes) => {
                        let at = r.offset() - bytes.len();
                        let kind = if cfg!(target_endian = "big") {
                            ErrorKind::ByteOrder
                        } else {
                            ErrorKind::Misaligned
                        };
                        Err(r.error_at(at, kind))
                    }
                }
            }
        }
    };
    (@tuple [$tr:ident, $read:ident, $into:ident] { $(#[$tuple_doc:meta])* } $($name:ident)+) => {
        impl<'de, $($name: $tr<'de>),+> $tr<'de> for ($($name,)+) {
            $(#[$tuple_doc])*
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                let mut items = r.begin_array()?;
                let value = ($({
                    if !r.next(&mut items)? {
                        return Err(r.error_at(items.offset(), ErrorKind::TooFewElements));
                    }
                    $name::$read(r)?
                },)+);
                r.end(&mut items)?;
                Ok(value)
            }

            #[inline]
            #[allow(non_snake_case)]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                let mut items = r.begin_array()?;
                let ($($name,)+) = self;
                $(
                    if !r.next(&mut items)? {
                        return Err(r.error_at(items.offset(), ErrorKind::TooFewElements));
                    }
                    $name.$into(r)?;
                )+
                r.end(&mut items)
            }
        }
    };
}

/// Expands, in a counted-items format's `read` module (with `alloc`), to its read impls of
/// `Box<T>`, `Box<str>` (through `String`), `Vec<T>` (through the element's sequence read),
/// `Box<[T]>`, `Cow<[T]>` of a number (borrowed through `borrow_slice` when the input holds
/// exactly `T`, else copied or converted), `BTreeMap` and, with `std`, `HashMap` (through the
/// module's `read_map`; a repeated key is `duplicate_key`'s call). Arguments: the trait and its
/// method names, the doc of the `Cow<[T]>` read and of the `BTreeMap` read. The module must
/// have `Box`, `BTreeMap`, `Cow`, `String`, `Vec`, `Reader`, `Result`, `Seq`, `Number`,
/// `borrow_slice`, `read_seq` and `read_map` in scope.
///
/// ```text
/// structio_core::__read_impls_counted_alloc! {
///     trait: CborRead { read_cbor, read_cbor_into, read_cbor_seq },
///     cow_slice_doc: { /// Borrowed from the input when ... },
///     btree_doc: { /// Any key type; ... },
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __read_impls_counted_alloc {
    (
        trait: $tr:ident { $read:ident, $into:ident, $seq:ident },
        cow_slice_doc: { $(#[$cow_slice_doc:meta])* },
        btree_doc: { $(#[$btree_doc:meta])* } $(,)?
    ) => {
        impl<'de, T: $tr<'de>> $tr<'de> for Box<T> {
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                T::$read(r).map(Box::new)
            }
            #[inline]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                (**self).$into(r)
            }
        }

        impl<'de> $tr<'de> for Box<str> {
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                String::$read(r).map(String::into_boxed_str)
            }
        }

        impl<'de, T: $tr<'de>> $tr<'de> for Vec<T> {
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                let mut v = Vec::new();
                T::$seq(&mut v, r)?;
                Ok(v)
            }
            #[inline]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                T::$seq(self, r)
            }
        }

        impl<'de, T: $tr<'de>> $tr<'de> for Box<[T]> {
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                Vec::<T>::$read(r).map(Vec::into_boxed_slice)
            }
        }

        impl<'de: 'a, 'a, T: Number + $tr<'de>> $tr<'de> for Cow<'a, [T]> {
            $(#[$cow_slice_doc])*
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                let start = r.checkpoint();
                match borrow_slice::<T>(r) {
                    Ok(Ok(s)) => Ok(Cow::Borrowed(s)),
                    Ok(Err(bytes)) => {
                        let mut v = Vec::new();
                        v.seq_fill_raw(bytes);
                        $crate::fix_le(&mut v);
                        Ok(Cow::Owned(v))
                    }
                    Err(_) => {
                        // Not the exact typed array: read it whichever way it is written.
                        r.restore(start);
                        let mut v = Vec::new();
                        read_seq::<T, _>(&mut v, r)?;
                        Ok(Cow::Owned(v))
                    }
                }
            }
        }

        impl<'de, K: $tr<'de> + Ord, V: $tr<'de>> $tr<'de> for BTreeMap<K, V> {
            $(#[$btree_doc])*
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                let mut map = BTreeMap::new();
                read_map(r, |k, v| map.insert(k, v).is_some())?;
                Ok(map)
            }
        }

        #[cfg(feature = "std")]
        impl<'de, K, V, H> $tr<'de> for std::collections::HashMap<K, V, H>
        where
            K: $tr<'de> + Eq + core::hash::Hash,
            V: $tr<'de>,
            H: core::hash::BuildHasher + Default,
        {
            /// As for `BTreeMap`.
            #[inline]
            fn $read(r: &mut Reader<'de>) -> Result<Self> {
                let mut map = std::collections::HashMap::with_hasher(H::default());
                read_map(r, |k, v| map.insert(k, v).is_some())?;
                Ok(map)
            }
            #[inline]
            fn $into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                self.clear();
                read_map(r, |k, v| self.insert(k, v).is_some())
            }
        }
    };
}

/// Invokes the macro `$mac` (a `macro_rules!` in the caller's scope) with the network address
/// types every format reads from their text form, each with the message of the error for a
/// text that does not parse: `$mac!(IpAddr => "invalid IP address", ...)`. The caller must
/// have the six `core::net` types in scope.
///
/// ```text
/// structio_core::__with_address_types!(from_string);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __with_address_types {
    ($mac:ident) => {
        $mac!(
            IpAddr => "invalid IP address",
            Ipv4Addr => "invalid IPv4 address",
            Ipv6Addr => "invalid IPv6 address",
            SocketAddr => "invalid socket address",
            SocketAddrV4 => "invalid IPv4 socket address",
            SocketAddrV6 => "invalid IPv6 socket address"
        );
    };
}
