//! The frame of a binary format's `describe_error`: walk the input to the error's offset,
//! let the format name what stands there, and build the described error. The walk and the
//! naming are the format's; the order of the steps and the defaults are the same for all.

use crate::{Error, ErrorKind, ErrorPath, Found, FoundText};

/// The error `e` described: `walk` goes from the start of the input to `e`'s offset (told
/// whether the error closes an object, as a missing field does) and returns the path and
/// what it stopped at; `name` turns that into the reported kind, what was found and its
/// text, starting from `e`'s kind, [`Found::Unknown`] and no text.
///
/// ```
/// use structio_core::{describe_walked, Error, ErrorKind, ErrorPath, Found};
/// let e = Error::new(ErrorKind::NumberOutOfRange, 2);
/// let d = describe_walked(
///     e,
///     |_target, _close| (ErrorPath::default(), ()),
///     |(), _kind, found, _text| *found = Found::Integer,
/// );
/// assert_eq!((d.kind(), d.offset()), (ErrorKind::NumberOutOfRange, 2));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn describe_walked<S>(
    e: Error,
    walk: impl FnOnce(usize, bool) -> (ErrorPath, S),
    name: impl FnOnce(S, &mut ErrorKind, &mut Found, &mut FoundText),
) -> Error {
    let target = e.offset();
    let close = matches!(e.kind(), ErrorKind::MissingField(_));
    let (path, spot) = walk(target, close);
    let mut kind = e.kind();
    let mut found = Found::Unknown;
    let mut text = FoundText::new();
    name(spot, &mut kind, &mut found, &mut text);
    text.describe(&e, kind, found, path)
}

/// Declares a binary format's public `describe_error(<args>, e: Error) -> Error` (cold, never
/// inlined), with the shared part of its doc: `what` names what the path leads to ("value",
/// "item"), `extra` is doc placed inside the first paragraph, `example` the doc example. The
/// body is [`describe_walked`] with the walk and the naming closures given. `Error` and
/// `ErrorKind` must be in scope.
///
/// ```text
/// structio_core::__describe_error! {
///     fn describe_error(input: &[u8]),
///     what: "item",
///     extra: {},
///     example: {
///         /// ```
///         /// ...
///         /// ```
///     },
///     walk: |target, close| walk(input, target, close),
///     name: |spot, kind, found, text| match spot { ... },
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __describe_error {
    (
        fn describe_error($($arg:ident: $arg_ty:ty),* $(,)?),
        what: $what:literal,
        extra: { $(#[$extra:meta])* },
        example: { $(#[$example:meta])* },
        walk: |$target:ident, $close:ident| $walk:expr,
        name: |$spot:ident, $kind:ident, $found:ident, $text:ident| $name:expr $(,)?
    ) => {
        #[doc = concat!(
            "The error `e` from reading `input`, with the path to the ", $what, " at its offset ",
            "and what was\nfound there; a [`ErrorKind::WrongType`] becomes ",
            "[`ErrorKind::InvalidType`] naming the type\nthe destination expected."
        )]
        $(#[$extra])*
        /// Every entry point that reads a whole document calls it on its error branch; call it
        /// after driving a [`Reader`] yourself to get the same messages.
        ///
        $(#[$example])*
        #[cold]
        #[inline(never)]
        pub fn describe_error($($arg: $arg_ty,)* e: Error) -> Error {
            $crate::describe_walked(e, |$target, $close| $walk, |$spot, $kind, $found, $text| {
                $name
            })
        }
    };
}
