//! JSON text without a type: prettify, minify, validate and on-demand access.
//!
//! Everything here walks the document with the real grammar, in one iterative loop per tool
//! with the open brackets kept in a bit stack, so no input can grow the call stack.

mod scan;
mod skip;

pub use skip::skip_value;
