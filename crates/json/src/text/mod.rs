//! JSON text without a type: prettify, minify, validate and on-demand access.
//!
//! | tool | does | checks |
//! |---|---|---|
//! | [`prettify`] | lays a document out, Glaze's layout by default | everything, strings included |
//! | [`minify`] | takes every insignificant whitespace out | everything, strings included |
//! | [`prettify_trusted`], [`minify_trusted`] | the same, for input known to be valid | the grammar's structure; strings only for their closing quote, numbers only for their end |
//! | [`validate`] | writes nothing | everything, strings included |
//! | [`pointer()`], [`pointer_as`] | finds one value by RFC 6901 pointer, builds nothing | everything it steps over, nothing after the answer's container |
//! | [`object_entries`], [`array_elements`], [`RawValue`] | lazy iteration over raw members and elements | each member or element as it is reached |
//! | [`skip_value`] | steps over one value (the typed reader's unknown fields) | everything in that value |
//! | [`Reader::skip_value`](crate::Reader::skip_value) with [`validate_skipped(false)`](crate::ReadOptions::validate_skipped) | steps over an array or object by its brackets and quotes, 64 bytes at a time | that it ends: an unclosed bracket or string |
//!
//! "The grammar" is RFC 8259's structure: brackets matched, a key and a colon before every
//! member's value, commas between members and never before a closing bracket, `true`, `false`
//! and `null` spelled right, numbers by the JSON number grammar, nothing but whitespace after
//! the document. Every failure is an [`Error`](crate::Error) naming the byte that stopped the
//! walk (Glaze's prettifier and minifier are flat token scanners that report none of these).
//! "Everything" adds the strings: escapes, `\u` surrogate pairs, no raw control characters,
//! UTF-8.
//!
//! Every tool walks the document in one iterative loop with the open brackets in a bit stack
//! of 1024 levels on the caller's stack (128 bytes), so no input can grow the call stack;
//! nesting deeper than 1024 is [`ErrorKind::DepthLimit`](crate::ErrorKind::DepthLimit).
//!
//! Choices, written down:
//! - **Numbers are held to the grammar** in every tool but the `_trusted` ones, not stepped
//!   over by their alphabet as Glaze does. The grammar walk finds a number's end; a byte of its
//!   alphabet (`0-9 . e E + -`) right after that end (`1.2.3`) is
//!   [`ErrorKind::InvalidNumber`](crate::ErrorKind::InvalidNumber) where the grammar stopped.
//!   The `_trusted` tools, like Glaze's, step over a number by its bytes.
//! - **Strings are copied through as they came** by the tools that write: their escapes go out
//!   unchanged (checked first, except by the `_trusted` tools, which look only for the closing
//!   quote).
//! - [`prettify`] drops the input's whitespace first, so its layout never depends on the
//!   input's; on compact input the output is byte-identical to `glz::prettify_json`. An empty
//!   object or array stays `{}` or `[]`.
//! - Outputs are a caller's `&mut [u8]` (a full buffer is
//!   [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull), never a truncated success) or a
//!   `Vec<u8>` (with `alloc`), cleared and refilled so its allocation is reused.
//! - [`pointer()`] answers `Ok(None)` for a path the document does not have, and an error only for
//!   a malformed document or pointer.
//!
//! ```
//! use structio_json::{minify, pointer, prettify, validate, PrettyOptions};
//! let doc = br#"{"name":"pump","gains":[1.5,0.25]}"#;
//! let mut pretty = [0u8; 128];
//! let n = prettify(doc, &mut pretty, &PrettyOptions::default())?;
//! let mut back = [0u8; 64];
//! let m = minify(&pretty[..n], &mut back)?;
//! assert_eq!(&back[..m], doc);
//! validate(&pretty[..n])?;
//! assert_eq!(pointer(doc, "/gains/1")?.map(|v| v.as_str()), Some("0.25"));
//! # Ok::<(), structio_json::Error>(())
//! ```

mod minify;
mod output;
mod pointer;
mod prettify;
mod raw;
mod scan;
mod skip;
#[cfg(any(feature = "size", test))]
mod skip_bytes;
#[cfg(not(feature = "size"))]
mod skip_structural;
#[cfg(all(target_arch = "x86_64", not(feature = "size")))]
mod string_blocks;
mod validate;

pub use minify::{minify, minify_trusted};
pub use output::TextOut;
pub use pointer::{pointer, pointer_as, pointer_with};
pub use prettify::{prettify, prettify_trusted, PrettyOptions};
pub use raw::{array_elements, object_entries, Elements, Entries, RawKind, RawValue};
pub use skip::skip_value;
#[cfg(not(feature = "size"))]
pub(crate) use skip_structural::{skip_rest_structural, skip_value_structural};
// The size configuration keeps the one byte-at-a-time validating skip: the structural skip's
// code would cost flash (about 10 KB of `read_config` on thumbv7em "z") for a speed that
// configuration does not ask for.
#[cfg(feature = "size")]
pub(crate) use skip::skip_value as skip_value_structural;
pub use validate::validate;
