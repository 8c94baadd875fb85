//! JSON text without a type: prettify, minify, validate and on-demand access.
//!
//! Every tool walks the document with the real grammar in one iterative loop, the open brackets
//! kept in a bit stack of 1024 levels, so no input can grow the call stack; every failure is an
//! [`Error`](crate::Error) naming the byte that stopped the walk.

mod minify;
mod output;
mod pointer;
mod prettify;
mod raw;
mod scan;
mod skip;
mod validate;

pub use minify::minify;
pub use output::TextOut;
pub use pointer::{pointer, pointer_as};
pub use prettify::{prettify, PrettyOptions};
pub use raw::{array_elements, object_entries, Elements, Entries, RawKind, RawValue};
pub use skip::skip_value;
pub use validate::validate;
