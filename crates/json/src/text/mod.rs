//! JSON text without a type: prettify, minify, validate and on-demand access.
