//! The cursor methods every binary format's `Reader` spells the same (BEVE, BJData, CBOR),
//! written once: options, position, errors at a position, the depth level, the unknown-field
//! and duplicate-key policies.
//!
//! A shared cursor type would put every read behind one more field access; a macro expanded in
//! the format's own `impl Reader` keeps the struct and the code each read compiles to exactly
//! as they were, with the same inlining attributes.

/// Expands to a binary format's `Reader` struct (the cursor state every binary reader has,
/// plus the extra fields given, with their docs) and its `Checkpoint` (position, depth and
/// the extra fields named). Arguments: the crate (for the doc examples), the doc of
/// `Reader`, a document of one `true` (for the example of `Checkpoint`), the reader's extra
/// fields and the ones a checkpoint saves.
///
/// ```text
/// structio_core::__binary_reader_types! {
///     krate: structio_cbor,
///     reader: {
///         /// A cursor over a CBOR document in memory.
///     },
///     one_true: &[0xf5],
///     fields: [],
///     checkpoint: [],
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __binary_reader_types {
    (
        krate: $krate:ident,
        reader: { $(#[$reader_attr:meta])* },
        one_true: $one_true:expr,
        fields: [$($(#[$field_attr:meta])* $field:ident: $field_ty:ty),* $(,)?],
        checkpoint: [$($extra:ident: $extra_ty:ty),* $(,)?] $(,)?
    ) => {
        $(#[$reader_attr])*
        #[derive(Clone, Debug)]
        pub struct Reader<'de> {
            input: &'de [u8],
            pos: usize,
            depth: $crate::Depth,
            deny_unknown: bool,
            deny_duplicates: bool,
            /// Elements the document's sequences may still reserve before their elements
            /// arrive (see `reserve_budget`).
            reserve_left: usize,
            $($(#[$field_attr])* $field: $field_ty,)*
        }

        #[doc = concat!(
            "A saved position of a [`Reader`], to go back to (tagged and untagged enums).\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($one_true), ");\n",
            "let c = r.checkpoint();\n",
            "assert!(r.read_bool().unwrap());\n",
            "r.restore(c);\n",
            "assert_eq!(r.offset(), 0);\n",
            "```"
        )]
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub struct Checkpoint {
            pos: usize,
            depth: $crate::Depth,
            $($extra: $extra_ty,)*
        }
    };
}

/// Expands, inside a format's `impl<'de> Reader<'de>`, to its constructor `new` (a reader at
/// the start of the input with the default depth limit, plus the extra fields given), `advance`,
/// its option setters
/// (`with_depth_limit`, `deny_unknown_fields`, `deny_duplicate_keys`, `denies_duplicate_keys`),
/// the key policies (`duplicate_key`, `unknown_field`), the position (`input`, `offset`,
/// `remaining`, `take`, `checkpoint`, `restore`), errors at a position (`error`, `error_at`,
/// `missing_field`, `wrong_type`), the depth level (`enter`, `leave`) and the document's
/// reservation budget (`reserve_budget`).
///
/// The reader must have the fields `input: &'de [u8]`, `pos: usize`, `depth: Depth`,
/// `deny_unknown: bool`, `deny_duplicates: bool` and `reserve_left: usize` (all of them
/// declared by `__binary_reader_types!`) and a `skip_value` method; the module must
/// have the format's `Error`, `ErrorKind` and `Result` in scope, and the crate a
/// `DUPLICATE_KEY` kind, and its `Checkpoint` the fields `pos`, `depth` and the extra ones
/// named. Arguments: the crate (for the doc examples), what counts as a level (doc), a
/// document nested two levels deep and a document of one null (expressions, for the
/// examples), the reader fields a checkpoint saves besides position and depth, and the
/// attribute of `duplicate_key` (`cold` or `inline`), the doc of `new` and the extra fields it
/// sets, the attributes of `advance`, and, for a format whose document ends at its last byte,
/// a document of two nulls (for the example of `finish`) and the name and doc of the method
/// that peeks at the next byte (these also bring `take_array`).
///
/// ```text
/// impl<'de> Reader<'de> {
///     structio_core::__binary_reader_common! {
///         krate: structio_cbor,
///         levels: "each array, map and tag",
///         nested: &[0x81, 0x81, 0x00],
///         null: &[0xf6],
///         checkpoint: [],
///         duplicate_key: cold,
///         new: {
///             /// A reader at the start of `input`.
///         },
///         advance: [],
///         no_trailing: &[0xf6, 0xf6],
///         peek: {
///             /// The next byte, not consumed.
///             fn peek
///         },
///     }
/// }
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __binary_reader_common {
    (
        krate: $krate:ident,
        levels: $levels:literal,
        nested: $nested:expr,
        null: $null:expr,
        checkpoint: [$($extra:ident),* $(,)?],
        duplicate_key: $dup_attr:ident,
        new: { $(#[$new_attr:meta])* $($field:ident: $init:expr),* $(,)? },
        advance: [$(#[$advance_attr:meta])*]
        $(,
            no_trailing: $two_nulls:expr,
            peek: { $(#[$peek_attr:meta])* fn $peek:ident }
        )?
        $(,)?
    ) => {
        $(#[$new_attr])*
        #[inline]
        pub const fn new(input: &'de [u8]) -> Self {
            Reader {
                input,
                pos: 0,
                depth: Depth::new($crate::DEFAULT_DEPTH_LIMIT),
                deny_unknown: false,
                deny_duplicates: false,
                reserve_left: input.len(),
                $($field: $init,)*
            }
        }

        /// How many of a sequence's `n` counted elements of `T` to reserve before they are
        /// read one by one: [`cautious_reserve`]'s cap, and at most what the document has
        /// left of a budget of one element per input byte, taken from it (nothing is taken
        /// for a zero-sized `T`, which allocates nothing). Without the budget, a count at
        /// each level of a nested type could reserve up to the cap at every level down to
        /// the depth limit. In a valid document such elements have a byte of their own (a
        /// header, at least), so the budget holds none back, except after retries from a
        /// [`restore`](Self::restore), which does not give back what was taken, and for
        /// UBJSON's children of zero-length types; those sequences then grow as their
        /// elements arrive.
        ///
        /// [`cautious_reserve`]: $crate::cautious_reserve
        #[inline(always)]
        pub(crate) fn reserve_budget<T>(&mut self, n: usize) -> usize {
            if core::mem::size_of::<T>() == 0 {
                return n;
            }
            let k = $crate::cautious_reserve::<T>(n).min(self.reserve_left);
            self.reserve_left -= k;
            k
        }

        /// Moves the cursor forward by `n` bytes the caller has already checked are there.
        $(#[$advance_attr])*
        #[inline(always)]
        pub(crate) fn advance(&mut self, n: usize) {
            self.pos += n;
        }

        /// Steps over `lit` if the input continues with exactly those bytes; `false`
        /// (nothing consumed) otherwise.
        #[inline(always)]
        pub(crate) fn skip_literal(&mut self, lit: &[u8]) -> bool {
            match $crate::literal_end(self.input, self.pos, lit) {
                Some(end) => {
                    self.pos = end;
                    true
                }
                None => false,
            }
        }

        $(
            #[doc = concat!(
                "Succeeds if the whole input was read, else [`ErrorKind::TrailingBytes`].\n\n",
                "```\n",
                "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
                "let mut r = Reader::new(", stringify!($two_nulls), ");\n",
                "r.read_null().unwrap();\n",
                "assert_eq!(r.finish().unwrap_err().kind(), ErrorKind::TrailingBytes);\n",
                "```"
            )]
            #[inline]
            pub fn finish(&self) -> Result<()> {
                if self.pos == self.input.len() {
                    Ok(())
                } else {
                    Err(self.error(ErrorKind::TrailingBytes))
                }
            }

            $(#[$peek_attr])*
            #[inline(always)]
            pub fn $peek(&self) -> Result<u8> {
                match self.input.get(self.pos) {
                    Some(&b) => Ok(b),
                    None => Err(self.error(ErrorKind::UnexpectedEnd)),
                }
            }

            /// The next `N` bytes as an array, consumed.
            #[inline(always)]
            fn take_array<const N: usize>(&mut self) -> Result<[u8; N]> {
                match self
                    .input
                    .get(self.pos..self.pos + N)
                    .and_then(|b| <[u8; N]>::try_from(b).ok())
                {
                    Some(a) => {
                        self.pos += N;
                        Ok(a)
                    }
                    None => Err(self.error(ErrorKind::UnexpectedEnd)),
                }
            }
        )?

        #[doc = concat!(
            "The same reader with another nesting limit (", $levels, " is a level).\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "let mut r = Reader::new(", stringify!($nested), ").with_depth_limit(1);\n",
            "assert_eq!(r.skip_value().unwrap_err().kind(), ErrorKind::DepthLimit);\n",
            "```"
        )]
        #[inline]
        pub const fn with_depth_limit(mut self, limit: u32) -> Self {
            self.depth = Depth::new(limit);
            self
        }

        #[doc = concat!(
            "The same reader, failing with [`ErrorKind::UnknownField`] on a struct key it does ",
            "not know instead of skipping the value.\n\n",
            "```\n",
            "let r = ", stringify!($krate), "::Reader::new(&[]).deny_unknown_fields(true);\n",
            "# let _ = r;\n",
            "```"
        )]
        #[inline]
        pub const fn deny_unknown_fields(mut self, deny: bool) -> Self {
            self.deny_unknown = deny;
            self
        }

        #[doc = concat!(
            "The same reader, failing with [`DUPLICATE_KEY`](crate::DUPLICATE_KEY) at the ",
            "second key of an object (a derived struct, a map) that repeats one, instead of ",
            "keeping the last value.\n\n",
            "```\n",
            "let r = ", stringify!($krate), "::Reader::new(&[]).deny_duplicate_keys(true);\n",
            "assert!(r.denies_duplicate_keys());\n",
            "```"
        )]
        #[inline]
        pub const fn deny_duplicate_keys(mut self, deny: bool) -> Self {
            self.deny_duplicates = deny;
            self
        }

        #[doc = concat!(
            "Whether this reader denies repeated keys.\n\n",
            "```\n",
            "assert!(!", stringify!($krate), "::Reader::new(&[]).denies_duplicate_keys());\n",
            "```"
        )]
        #[inline(always)]
        pub const fn denies_duplicate_keys(&self) -> bool {
            self.deny_duplicates
        }

        #[doc = concat!(
            "The policy for a key seen before in the same object: nothing by default (the last ",
            "value wins), [`DUPLICATE_KEY`](crate::DUPLICATE_KEY) at `key_offset` when repeats ",
            "are denied. Called only on a repeat.\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(&[]).deny_duplicate_keys(true);\n",
            "assert_eq!(r.duplicate_key(2).unwrap_err().offset(), 2);\n",
            "```"
        )]
        #[$dup_attr]
        pub fn duplicate_key(&mut self, key_offset: usize) -> Result<()> {
            if self.deny_duplicates {
                return Err(self.error_at(key_offset, crate::DUPLICATE_KEY));
            }
            Ok(())
        }

        #[doc = concat!(
            "The policy for a struct key the destination does not have: skip its value, or, if ",
            "the reader denies unknown fields, fail with [`ErrorKind::UnknownField`] at ",
            "`key_offset`.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "let mut r = Reader::new(&[]).deny_unknown_fields(true);\n",
            "let e = r.unknown_field(3).unwrap_err();\n",
            "assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 3));\n",
            "```"
        )]
        #[inline]
        pub fn unknown_field(&mut self, key_offset: usize) -> Result<()> {
            if self.deny_unknown {
                Err(self.error_at(key_offset, ErrorKind::UnknownField))
            } else {
                self.skip_value()
            }
        }

        #[doc = concat!(
            "The whole input.\n\n",
            "```\n",
            "assert_eq!(", stringify!($krate), "::Reader::new(&[1, 2]).input(), &[1, 2]);\n",
            "```"
        )]
        #[inline(always)]
        pub fn input(&self) -> &'de [u8] {
            self.input
        }

        #[doc = concat!(
            "The current byte offset.\n\n",
            "```\n",
            "assert_eq!(", stringify!($krate), "::Reader::new(&[0, 0]).offset(), 0);\n",
            "```"
        )]
        #[inline(always)]
        pub fn offset(&self) -> usize {
            self.pos
        }

        #[doc = concat!(
            "How many bytes are left.\n\n",
            "```\n",
            "assert_eq!(", stringify!($krate), "::Reader::new(&[0, 0]).remaining(), 2);\n",
            "```"
        )]
        #[inline(always)]
        pub fn remaining(&self) -> usize {
            self.input.len() - self.pos
        }

        #[doc = concat!(
            "An error of `kind` at the current offset.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "assert_eq!(Reader::new(&[]).error(ErrorKind::UnknownVariant).offset(), 0);\n",
            "```"
        )]
        #[cold]
        pub fn error(&self, kind: ErrorKind) -> Error {
            Error::new(kind, self.pos)
        }

        #[doc = concat!(
            "An error of `kind` at `offset`.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "assert_eq!(Reader::new(&[]).error_at(5, ErrorKind::UnknownField).offset(), 5);\n",
            "```"
        )]
        #[cold]
        pub fn error_at(&self, offset: usize, kind: ErrorKind) -> Error {
            Error::new(kind, offset)
        }

        #[doc = concat!(
            "[`ErrorKind::MissingField`] at the current offset.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "let e = Reader::new(&[]).missing_field(\"id\");\n",
            "assert_eq!(e.kind(), ErrorKind::MissingField(\"id\"));\n",
            "```"
        )]
        #[cold]
        pub fn missing_field(&self, name: &'static str) -> Error {
            Error::new(ErrorKind::MissingField(name), self.pos)
        }

        #[doc = concat!(
            "[`ErrorKind::WrongType`] at the current offset: `expected` is the byte the ",
            "destination is written with, `found` the byte in the input.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{ErrorKind, Reader};\n",
            "let e = Reader::new(&[]).wrong_type(0x60, 0xf5);\n",
            "assert_eq!(e.kind(), ErrorKind::WrongType { expected: 0x60, found: 0xf5 });\n",
            "```"
        )]
        #[cold]
        pub fn wrong_type(&self, expected: u8, found: u8) -> Error {
            Error::new(ErrorKind::WrongType { expected, found }, self.pos)
        }

        #[doc = concat!(
            "The next `n` bytes, consumed ([`ErrorKind::UnexpectedEnd`] if fewer are left).\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(&[1, 2, 3]);\n",
            "assert_eq!(r.take(2).unwrap(), &[1, 2]);\n",
            "```"
        )]
        #[inline(always)]
        pub fn take(&mut self, n: usize) -> Result<&'de [u8]> {
            if n <= self.remaining() {
                let start = self.pos;
                self.pos += n;
                Ok(&self.input[start..self.pos])
            } else {
                Err(self.error(ErrorKind::UnexpectedEnd))
            }
        }

        #[doc = concat!(
            "The current position, to [`restore`](Self::restore) later.\n\n",
            "```\n",
            "let r = ", stringify!($krate), "::Reader::new(", stringify!($null), ");\n",
            "let _c = r.checkpoint();\n",
            "```"
        )]
        #[inline(always)]
        pub fn checkpoint(&self) -> Checkpoint {
            Checkpoint {
                pos: self.pos,
                depth: self.depth,
                $($extra: self.$extra,)*
            }
        }

        #[doc = concat!(
            "Goes back to a position saved by [`checkpoint`](Self::checkpoint) of this ",
            "reader (the reservation budget spent since is not given back, so that retries ",
            "cannot reserve the same counts again and again).\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($null), ");\n",
            "let c = r.checkpoint();\n",
            "r.read_null().unwrap();\n",
            "r.restore(c);\n",
            "assert_eq!(r.offset(), 0);\n",
            "```"
        )]
        #[inline(always)]
        pub fn restore(&mut self, checkpoint: Checkpoint) {
            // A checkpoint from another, shorter input must not put the cursor past the end.
            self.pos = checkpoint.pos.min(self.input.len());
            self.depth = checkpoint.depth;
            $(self.$extra = checkpoint.$extra;)*
        }

        #[doc = concat!(
            "Enters one nesting level ([`ErrorKind::DepthLimit`] past the limit), for a type ",
            "that reads nested values through its own recursion.\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(&[]).with_depth_limit(1);\n",
            "r.enter().unwrap();\n",
            "assert!(r.enter().is_err());\n",
            "```"
        )]
        #[inline(always)]
        pub fn enter(&mut self) -> Result<()> {
            self.depth.enter(self.pos)
        }

        #[doc = concat!(
            "Leaves a level entered by [`enter`](Self::enter).\n\n",
            "```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(&[]).with_depth_limit(1);\n",
            "r.enter().unwrap();\n",
            "r.leave();\n",
            "r.enter().unwrap();\n",
            "```"
        )]
        #[inline(always)]
        pub fn leave(&mut self) {
            self.depth.leave();
        }
    };
}

/// The body of a counted-items format's `read_<format>_exact` default method: reads exactly
/// `dst.len()` elements of the array at the reader into `dst` with `$read_into`, reusing what
/// they own ([`ErrorKind::TooFewElements`](crate::ErrorKind::TooFewElements) at the array's
/// start if it has fewer). The reader needs `begin_array`, `next(&mut items)`, `end(&mut
/// items)` and `error_at`, the items an `offset`, as BJData's and CBOR's have.
///
/// ```text
/// fn read_cbor_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
///     structio_core::__read_items_exact!(dst, r, read_cbor_into)
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __read_items_exact {
    ($dst:ident, $r:ident, $read_into:ident) => {{
        let mut items = $r.begin_array()?;
        for x in $dst.iter_mut() {
            if !$r.next(&mut items)? {
                return Err($r.error_at(items.offset(), $crate::ErrorKind::TooFewElements));
            }
            x.$read_into($r)?;
        }
        $r.end(&mut items)
    }};
}

/// Reads exactly `dst.len()` elements of the already begun array `items` into `dst` with
/// `$read`, then its end ([`ErrorKind::TooFewElements`](crate::ErrorKind::TooFewElements) at
/// `at` if it has fewer): the generic fallback of a packed-number reader. The reader needs
/// `next(&mut items)`, `end(&mut items)` and `error_at`.
///
/// ```text
/// NumArray::Generic(mut items) => {
///     structio_core::__read_begun_items_exact!(dst, r, items, at, T::read_bjdata)
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __read_begun_items_exact {
    ($dst:ident, $r:ident, $items:ident, $at:ident, $read:path) => {{
        for x in $dst.iter_mut() {
            if !$r.next(&mut $items)? {
                return Err($r.error_at($at, $crate::ErrorKind::TooFewElements));
            }
            *x = $read($r)?;
        }
        $r.end(&mut $items)
    }};
}

/// The body of a counted-items format's `read_<format>_array` default method: a fixed array
/// of exactly `N` elements read with `Self::$read`, with the reader needs of
/// [`__read_items_exact`].
///
/// ```text
/// fn read_cbor_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
///     structio_core::__read_items_array!(r, read_cbor)
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __read_items_array {
    ($r:ident, $read:ident) => {{
        let mut items = $r.begin_array()?;
        let mut err = None;
        let out: [Option<Self>; N] = core::array::from_fn(|_| {
            if err.is_some() {
                return None;
            }
            match $r.next(&mut items) {
                Ok(true) => Self::$read($r).map_err(|e| err = Some(e)).ok(),
                Ok(false) => {
                    err = Some($r.error_at(items.offset(), $crate::ErrorKind::TooFewElements));
                    None
                }
                Err(e) => {
                    err = Some(e);
                    None
                }
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        $r.end(&mut items)?;
        let mut missing = false;
        let out = out.map(|x| {
            missing |= x.is_none();
            x
        });
        if missing {
            return Err($r.error_at(items.offset(), $crate::ErrorKind::TooFewElements));
        }
        Ok(out.map(|x| x.unwrap_or_else(|| unreachable!("every element was read"))))
    }};
}

/// How many elements to reserve up front for a count of `n` already checked against the bytes
/// left: also capped at 1 MiB of elements, so that a large element type cannot turn a short
/// document into a large allocation (the container grows as elements actually arrive past
/// that).
///
/// ```
/// assert_eq!(structio_core::cautious_reserve::<u8>(10), 10);
/// assert_eq!(structio_core::cautious_reserve::<[u8; 1024]>(1 << 20), 1024);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn cautious_reserve<T>(n: usize) -> usize {
    const CAP_BYTES: usize = 1 << 20;
    n.min(CAP_BYTES / core::mem::size_of::<T>().max(1))
}

/// The position after `lit` if `input` continues with exactly those bytes at `pos`: the test
/// each reader's `skip_literal` makes (a derived reader's guess at the next key).
///
/// ```
/// assert_eq!(structio_core::literal_end(b"{\"id\":1}", 1, b"\"id\":"), Some(6));
/// assert_eq!(structio_core::literal_end(b"{\"i", 1, b"\"id\":"), None);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn literal_end(input: &[u8], pos: usize, lit: &[u8]) -> Option<usize> {
    // A wrapped `end` is below `pos`, which `get` refuses like any range past the input.
    let end = pos.wrapping_add(lit.len());
    if input.get(pos..end) == Some(lit) {
        Some(end)
    } else {
        None
    }
}
