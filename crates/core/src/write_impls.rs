//! The write-trait impls that the formats spell the same but for the trait's name, written
//! once: the ones that only forward (references, boxes, slices, `Option`, maps to the format's
//! `write_map`) or open an array, and the std types every format writes alike.
//!
//! Each format's write trait (`BeveWrite`, `BjdataWrite`, `CborWrite`, `JsonWrite`) must be
//! implemented in its own crate, so its `write/impls*.rs` expands these macros with the trait's
//! name and methods: [`__write_impls_common`] and [`__write_impls_maps`] in every binary format,
//! [`__write_impls_by_ref`], [`__write_impls_wide_numbers`] and [`__write_map_fn`] where no impl
//! of the format's own overlaps them, [`__write_impls_more`] and [`__write_impls_nonzero`] in
//! BEVE and JSON. Paths in a `macro_rules!` body resolve where it is expanded, so `Result`,
//! `Sink` and `Writer` are the format's; `#[cfg(feature = ...)]` is the format's feature.

/// Expands, in a format's `write/impls.rs`, to its write trait for `str`, `&mut T`, `()`,
/// `Option<T>` (`None` as null), `[T]` and `[T; N]` (through the slice method), tuples of 1 to
/// 12 elements (an array of that length), and with the `alloc` feature `Box<T>` and `Vec<T>`,
/// with the `heapless` feature `heapless::Vec<T, N>`.
///
/// The module must have the format's `Result`, `Sink` and `Writer` in scope; the writer needs
/// `write_str`, `write_null` and `begin_array(len)`. Arguments: the trait with its write and
/// slice-write methods, and what ends a tuple's array, as a closure over the writer's name.
///
/// ```text
/// structio_core::__write_impls_common! {
///     trait: CborWrite { write_cbor, write_cbor_slice },
///     tuple_end: |w| Ok(()),
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_common {
    (
        trait: $Write:ident { $write:ident, $write_slice:ident },
        tuple_end: |$w:ident| $tuple_end:expr $(,)?
    ) => {
        impl $Write for str {
            #[inline(always)]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                $w.write_str(self)
            }
        }

        impl<T: $Write + ?Sized> $Write for &mut T {
            #[inline(always)]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                (**self).$write($w)
            }
        }

        impl $Write for () {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                $w.write_null()
            }
        }

        impl<T: $Write> $Write for Option<T> {
            /// `None` is `null`.
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                match self {
                    Some(x) => x.$write($w),
                    None => $w.write_null(),
                }
            }
        }

        impl<T: $Write> $Write for [T] {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                T::$write_slice(self, $w)
            }
        }

        impl<T: $Write, const N: usize> $Write for [T; N] {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                T::$write_slice(self, $w)
            }
        }

        $crate::__write_impls_common! {
            @tuples $Write $write |$w| $tuple_end;
            1 => (A 0)
            2 => (A 0 B 1)
            3 => (A 0 B 1 C 2)
            4 => (A 0 B 1 C 2 D 3)
            5 => (A 0 B 1 C 2 D 3 E 4)
            6 => (A 0 B 1 C 2 D 3 E 4 F 5)
            7 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6)
            8 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7)
            9 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8)
            10 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9)
            11 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10)
            12 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11)
        }

        #[cfg(feature = "alloc")]
        impl<T: $Write + ?Sized> $Write for ::alloc::boxed::Box<T> {
            #[inline(always)]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                (**self).$write($w)
            }
        }

        #[cfg(feature = "alloc")]
        impl<T: $Write> $Write for ::alloc::vec::Vec<T> {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                T::$write_slice(self, $w)
            }
        }

        #[cfg(feature = "heapless")]
        impl<T: $Write, const N: usize> $Write for ::heapless::Vec<T, N> {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                T::$write_slice(self, $w)
            }
        }
    };
    (
        @tuples $Write:ident $write:ident |$w:ident| $tuple_end:expr;
        $($len:literal => ($($name:ident $idx:tt)+))+
    ) => {$(
        impl<$($name: $Write),+> $Write for ($($name,)+) {
            #[inline]
            fn $write<S: Sink>(&self, $w: &mut Writer<S>) -> Result<()> {
                $w.begin_array($len)?;
                $(self.$idx.$write($w)?;)+
                $tuple_end
            }
        }
    )+};
}

/// Expands, in a format's `write/impls.rs`, to its write trait for `&T`, and with the `alloc`
/// feature `String` and `Cow<'_, T>`, with the `heapless` feature `heapless::String<N>`: the
/// impls a format without its own impls for `&str` or string sequences writes by forwarding.
///
/// Same requirements and trait argument as [`__write_impls_common`].
///
/// ```text
/// structio_core::__write_impls_by_ref! { trait: CborWrite { write_cbor } }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_by_ref {
    (trait: $Write:ident { $write:ident } $(,)?) => {
        impl<T: $Write + ?Sized> $Write for &T {
            #[inline(always)]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                (**self).$write(w)
            }
        }

        #[cfg(feature = "alloc")]
        impl $Write for ::alloc::string::String {
            #[inline(always)]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_str(self)
            }
        }

        #[cfg(feature = "alloc")]
        impl<T: $Write + ?Sized + ::alloc::borrow::ToOwned> $Write for ::alloc::borrow::Cow<'_, T> {
            #[inline(always)]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                (**self).$write(w)
            }
        }

        #[cfg(feature = "heapless")]
        impl<const N: usize> $Write for ::heapless::String<N> {
            #[inline(always)]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_str(self)
            }
        }
    };
}

/// Expands, in a format's `write/impls.rs`, to its write trait for `BTreeMap<K, V>` (with the
/// `alloc` feature) and `HashMap<K, V, H>` (with `std`), both through the format's own
/// `write_map(w, len, entries)`, which must be in scope.
///
/// Arguments: the trait with its write method, the bound on keys, and a doc line for each
/// impl (the order its entries are written in).
///
/// ```text
/// structio_core::__write_impls_maps! {
///     trait: BjdataWrite { write_bjdata },
///     key: BjdataWriteKey,
///     btree: "An object, in key order.",
///     hash: "An object, in the map's iteration order (not deterministic for `HashMap`).",
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_maps {
    (
        trait: $Write:ident { $write:ident },
        key: $Key:ident,
        btree: $btree_doc:literal,
        hash: $hash_doc:literal $(,)?
    ) => {
        #[cfg(feature = "alloc")]
        impl<K: $Key, V: $Write> $Write for ::alloc::collections::BTreeMap<K, V> {
            #[doc = $btree_doc]
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                write_map(w, self.len(), self.iter())
            }
        }

        #[cfg(feature = "std")]
        impl<K: $Key, V: $Write, H> $Write for ::std::collections::HashMap<K, V, H> {
            #[doc = $hash_doc]
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                write_map(w, self.len(), self.iter())
            }
        }
    };
}

/// Expands, in the `write/impls.rs` of a format whose writer has `write_u128`, `write_i128`,
/// `write_f32` and `write_f64` (each choosing its own encoding) and `typed_array`, to its write
/// trait for `u128`, `i128`, `f32` and `f64` through those methods, and sequences of floats as
/// typed arrays.
///
/// ```text
/// structio_core::__write_impls_wide_numbers! { trait: CborWrite { write_cbor, write_cbor_slice } }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_wide_numbers {
    (trait: $Write:ident { $write:ident, $write_slice:ident } $(,)?) => {
        $crate::__write_impls_wide_numbers! {
            @one $Write $write $write_slice;
            u128 => write_u128;
            i128 => write_i128;
        }
        $crate::__write_impls_wide_numbers! {
            @one $Write $write $write_slice;
            f32 => write_f32, typed_array;
            f64 => write_f64, typed_array;
        }
    };
    (
        @one $Write:ident $write:ident $write_slice:ident;
        $($t:ty => $method:ident $(, $slice_method:ident)?;)+
    ) => {$(
        impl $Write for $t {
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.$method(*self)
            }
            $(
                #[inline]
                fn $write_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                    w.$slice_method(items)
                }
            )?
        }
    )+};
}

/// Expands, in a format's `write/impls_more.rs`, to its write trait for `PhantomData<T>` (as
/// null), the IP and socket addresses (a string of their `Display` text, through
/// [`DisplayBuf`](crate::DisplayBuf)), `Arc<T>` and `Rc<T>` (with the `alloc` feature, as the
/// value they point to) and `Path` and `PathBuf` (with `std`, as a string; a path that is not
/// UTF-8 is `ErrorKind::Unrepresentable`).
///
/// The module must have the format's `ErrorKind`, `Result`, `Sink` and `Writer` in scope; the
/// writer needs `write_null`, `write_str` and `error`. Arguments: the trait with its write
/// method, and the doc lines of the address impls and of the `Path` impl.
///
/// ```text
/// structio_core::__write_impls_more! {
///     trait: BeveWrite { write_beve },
///     addr: "A string of its `Display` text.",
///     path: "A string; a path that is not UTF-8 is [`ErrorKind::Unrepresentable`].",
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_more {
    (
        trait: $Write:ident { $write:ident },
        addr: $addr_doc:literal,
        path: $path_doc:literal $(,)?
    ) => {
        impl<T: ?Sized> $Write for ::core::marker::PhantomData<T> {
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_null()
            }
        }

        $crate::__write_impls_more! {
            @display $Write $write $addr_doc;
            ::core::net::IpAddr,
            ::core::net::Ipv4Addr,
            ::core::net::Ipv6Addr,
            ::core::net::SocketAddr,
            ::core::net::SocketAddrV4,
            ::core::net::SocketAddrV6
        }

        #[cfg(feature = "alloc")]
        impl<T: $Write + ?Sized> $Write for ::alloc::sync::Arc<T> {
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                (**self).$write(w)
            }
        }

        #[cfg(feature = "alloc")]
        impl<T: $Write + ?Sized> $Write for ::alloc::rc::Rc<T> {
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                (**self).$write(w)
            }
        }

        #[cfg(feature = "std")]
        impl $Write for ::std::path::Path {
            #[doc = $path_doc]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                match self.to_str() {
                    Some(s) => w.write_str(s),
                    None => Err(w.error(ErrorKind::Unrepresentable)),
                }
            }
        }

        #[cfg(feature = "std")]
        impl $Write for ::std::path::PathBuf {
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                self.as_path().$write(w)
            }
        }
    };
    (@display $Write:ident $write:ident $doc:literal; $($t:ty),+) => {$(
        impl $Write for $t {
            #[doc = $doc]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                match $crate::DisplayBuf::new().format(self) {
                    Some(text) => w.write_str(text),
                    None => Err(w.error(ErrorKind::Unrepresentable)),
                }
            }
        }
    )+};
}

/// Expands, in a format's `write/impls_more.rs`, to its write trait for the twelve
/// `core::num::NonZero*` integer types, each written as its number through the writer method
/// `$via` (which takes the plain integer).
///
/// ```text
/// structio_core::__write_impls_nonzero! { trait: JsonWrite { write_json }, via: write_int }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_impls_nonzero {
    (trait: $Write:ident { $write:ident }, via: $via:ident $(,)?) => {
        $crate::__write_impls_nonzero! {
            @each $Write $write $via;
            ::core::num::NonZeroU8,
            ::core::num::NonZeroU16,
            ::core::num::NonZeroU32,
            ::core::num::NonZeroU64,
            ::core::num::NonZeroU128,
            ::core::num::NonZeroUsize,
            ::core::num::NonZeroI8,
            ::core::num::NonZeroI16,
            ::core::num::NonZeroI32,
            ::core::num::NonZeroI64,
            ::core::num::NonZeroI128,
            ::core::num::NonZeroIsize
        }
    };
    (@each $Write:ident $write:ident $via:ident; $($nz:ty),+) => {$(
        impl $Write for $nz {
            #[inline]
            fn $write<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.$via(self.get())
            }
        }
    )+};
}

/// Expands to a format's public `write_map(w, len, entries)`: a map of `len` entries from an
/// iterator of key and value references, with the given attributes (its doc comment with an
/// example, its `cfg`) and body, the parameters named as the closure names them.
///
/// ```text
/// structio_core::__write_map_fn! {
///     /// Writes an object of `len` members ...
///     #[cfg(feature = "alloc")]
///     key: BjdataWriteKey, value: BjdataWrite,
///     |w, len, entries| {
///         w.begin_object(len)?;
///         ...
///     }
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __write_map_fn {
    (
        $(#[$attr:meta])*
        key: $Key:ident, value: $Value:ident,
        |$w:ident, $len:ident, $entries:ident| $body:block
    ) => {
        $(#[$attr])*
        pub fn write_map<'a, K, V, S>(
            $w: &mut Writer<S>,
            $len: usize,
            $entries: impl Iterator<Item = (&'a K, &'a V)>,
        ) -> Result<()>
        where
            K: $Key + ?Sized + 'a,
            V: $Value + ?Sized + 'a,
            S: Sink,
        $body
    };
}
